"""Load listing pages and JSON Lines files into one corpus of merged papers."""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from retrieval.arxiv_snapshot import SnapshotFilter, parse_files
from retrieval.errors import CorpusError
from retrieval.models import ListingPage, Paper, Source
from retrieval.parsing import ParsedFile, ParseWarning, RawRecord

log = logging.getLogger(__name__)

CORPUS_SUFFIXES = (".txt", ".jsonl", ".json")  # .json: the arXiv snapshot


@dataclass(frozen=True)
class Corpus:
    """Every paper once, with the listing pages they came from."""

    papers: tuple[Paper, ...]
    pages: tuple[ListingPage, ...]
    warnings: tuple[ParseWarning, ...] = ()

    def by_id(self) -> dict[str, Paper]:
        """Return papers keyed by id."""
        return {p.id: p for p in self.papers}

    def authors(self) -> tuple[str, ...]:
        """Return every attributed author, in first-seen order."""
        return tuple(dict.fromkeys(a for p in self.papers for a in p.authors))


def title_key(title: str) -> str:
    """Return a title reduced to lowercase letters and digits, for matching duplicates."""
    return re.sub(r"[\W_]+", "", title.casefold())


def paper_id(title: str) -> str:
    """Return a stable id for a paper, derived from its normalized title."""
    return "p" + hashlib.sha1(title_key(title).encode()).hexdigest()[:12]


def corpus_files(paths: Iterable[Path]) -> list[Path]:
    """Expand directories into their listing pages and JSON Lines files, sorted."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix in CORPUS_SUFFIXES))
        elif path.exists():
            files.append(path)
        else:
            raise CorpusError(f"{path}: no such file or directory")
    if not files:
        raise CorpusError("no listing pages (.txt) or JSON Lines files (.jsonl) found")
    return files


def load_corpus(
    paths: Sequence[Path], *, strict: bool = False, snapshot: SnapshotFilter | None = None
) -> Corpus:
    """Parse every file and merge papers listed on several pages into one.

    ``snapshot`` filters the papers of arXiv snapshot files (listing pages are kept whole).
    """
    parsed = list(parse_files(corpus_files(paths), strict=strict, snapshot=snapshot))
    for warning in (w for p in parsed for w in p.warnings):
        log.warning("skipped a malformed record: %s", warning)
    papers = merge_records(r for p in parsed for r in p.records)
    if not papers:
        raise CorpusError("the corpus files hold no valid records")
    return Corpus(
        papers=papers,
        pages=tuple(_listing_page(p) for p in parsed if p.author is not None),
        warnings=tuple(w for p in parsed for w in p.warnings),
    )


def _listing_page(parsed: ParsedFile) -> ListingPage:
    assert parsed.author is not None
    return ListingPage(
        path=parsed.path,
        author=parsed.author,
        page=parsed.page,
        records_total=parsed.records_total,
        papers=len(parsed.records),
    )


def merge_records(records: Iterable[RawRecord]) -> tuple[Paper, ...]:
    """Merge records with the same arXiv id or normalized title; keep first-seen order.

    Two records with the same title but different arXiv ids stay two papers.
    """
    merged: dict[str, Paper] = {}
    by_arxiv: dict[str, str] = {}  # arXiv id -> key in ``merged``
    for record in records:
        key = by_arxiv.get(record.arxiv_id) if record.arxiv_id else None
        if key is None:
            key = title_key(record.title)
            known = merged.get(key)
            if known and known.arxiv_id and record.arxiv_id and known.arxiv_id != record.arxiv_id:
                key = f"{key}#{record.arxiv_id}"
        if record.arxiv_id:
            by_arxiv[record.arxiv_id] = key
        source = Source(record.path, record.line, record.authors[0], record.position)
        found = merged.get(key)
        if found is None:
            merged[key] = Paper(
                id=paper_id(record.title if "#" not in key else key),
                title=record.title,
                abstract=record.abstract,
                year=record.year,
                subjects=record.subjects,
                authors=record.authors,
                sources=(source,),
                arxiv_id=record.arxiv_id,
            )
            continue
        merged[key] = Paper(
            id=found.id,
            title=found.title,
            abstract=max(found.abstract, record.abstract, key=len),
            year=found.year,
            subjects=tuple(dict.fromkeys(found.subjects + record.subjects)),
            authors=tuple(dict.fromkeys(found.authors + record.authors)),
            sources=(*found.sources, source),
            arxiv_id=found.arxiv_id or record.arxiv_id,
        )
    return tuple(merged.values())
