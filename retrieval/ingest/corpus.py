"""Load listing pages and JSON Lines files into one corpus of merged papers."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from retrieval.errors import CorpusError
from retrieval.files import read_bytes
from retrieval.ingest.arxiv_snapshot import SnapshotFilter, is_snapshot, parse_files
from retrieval.ingest.bibtex import parse_bibtex_file
from retrieval.ingest.latex import readable
from retrieval.ingest.parsing import ParsedFile, ParseWarning, RawRecord, parse_file
from retrieval.models import ListingPage, Paper, Source

CORPUS_SUFFIXES = (".txt", ".jsonl", ".json", ".bib")  # .json: the arXiv snapshot


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
    """Return a title reduced to lowercase letters and digits, for matching duplicates.

    A title with neither ("???", "🚀") keeps its casefolded text, so two such titles do
    not merge into one paper.
    """
    return re.sub(r"[\W_]+", "", title.casefold()) or title.casefold().strip()


def paper_id(title: str) -> str:
    """Return a stable id for a paper, derived from its normalized title."""
    return "p" + hashlib.sha1(title_key(title).encode()).hexdigest()[:12]


def corpus_files(paths: Iterable[Path]) -> list[Path]:
    """Expand directories into their listing pages and JSON Lines files, sorted.

    Inside a folder only regular files (or links to them) count: a FIFO or a folder
    named ``x.txt`` is not a listing page. A path named explicitly is read as given and
    refused if it is not a regular file.
    """
    files, _ = _corpus_files(paths)
    return files


def _corpus_files(paths: Iterable[Path]) -> tuple[list[Path], list[ParseWarning]]:
    files: list[Path] = []
    skipped: list[ParseWarning] = []
    for path in paths:
        if path.is_dir():
            for entry in sorted(p for p in path.iterdir() if p.suffix in CORPUS_SUFFIXES):
                if entry.is_file():
                    files.append(entry)
                else:
                    skipped.append(ParseWarning(str(entry), 0, "skipped: not a regular file"))
        elif path.is_file():
            files.append(path)
        elif path.exists():  # named explicitly, but a FIFO would block the first read
            raise CorpusError(f"{path}: not a regular file (a folder, FIFO or device)")
        else:
            raise CorpusError(f"{path}: no such file or directory")
    if not files:
        raise CorpusError(
            "no listing pages (.txt), JSON Lines (.jsonl) or BibTeX (.bib) files found"
        )
    return files, skipped


@dataclass(frozen=True)
class Added:
    """What ``add_to_corpus`` copied, and the records of those files an ingest will skip."""

    files: tuple[Path, ...]
    refused: tuple[ParseWarning, ...]


def add_to_corpus(paths: Sequence[Path], folder: Path) -> Added:
    """Copy listing pages, JSON Lines and BibTeX files into a corpus folder; return what
    it copied.

    Each file is parsed first, so a file the ingest would refuse never enters the folder,
    and neither does one whose every record is refused: then nothing is copied. A file
    already there with the same name and bytes is left alone; the same name with other
    bytes is refused, never overwritten. Each copy is written beside its target and moved
    into place, so an ingest running meanwhile never reads half a file.
    """
    files, _ = _corpus_files(paths)
    planned: dict[Path, bytes] = {}
    refused: list[ParseWarning] = []
    for source in files:
        if source.suffix not in CORPUS_SUFFIXES:
            raise CorpusError(
                f"{source}: not a listing page (.txt), JSON Lines (.jsonl) or BibTeX (.bib) file"
            )
        if is_snapshot(source):  # a later plain ingest would read all of it, unfiltered
            raise CorpusError(
                f"{source} is an arXiv snapshot: index it with `ingest --replace` and its "
                "filters, or add single papers with `papercord add ID`"
            )
        parsed = parse_bibtex_file(source) if source.suffix == ".bib" else parse_file(source)
        if not parsed.records:
            first = parsed.warnings[0] if parsed.warnings else None
            said = first.message.removeprefix("skipped: ") if first else ""
            why = f" (line {first.line}: {said})" if first else ""
            raise CorpusError(f"{source}: no record of it can be indexed{why}; nothing was copied")
        data = read_bytes(source)
        target = folder / source.name
        if target in planned and planned[target] != data:
            raise CorpusError(f"two different files are named {source.name}; rename one")
        if target.exists() or target.is_symlink():
            if read_bytes(target) != data:
                raise CorpusError(
                    f"{target} already exists with other content; rename {source} "
                    "or index it alone with --replace"
                )
            continue
        planned[target] = data
        refused += parsed.warnings  # a file already there was counted when it was added
    folder.mkdir(parents=True, exist_ok=True)
    for target, data in planned.items():
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, target)
    return Added(tuple(planned), tuple(refused))


def load_corpus(
    paths: Sequence[Path], *, strict: bool = False, snapshot: SnapshotFilter | None = None
) -> Corpus:
    """Parse every file and merge papers listed on several pages into one.

    ``snapshot`` filters the papers of arXiv snapshot files (listing pages are kept whole).
    Problems that do not stop the ingest (a malformed record, a paper listed with two
    years, a FIFO in the folder) are returned in ``Corpus.warnings``, not logged: the
    caller shows them once, as suits it (the CLI prints them, the bot logs them).
    """
    files, skipped = _corpus_files(paths)
    parsed = list(_parse_in_order(files, strict, snapshot))
    papers, conflicts = merge_records(r for p in parsed for r in p.records)
    if not papers:
        raise CorpusError("the corpus files hold no valid records")
    warnings = (*skipped, *(w for p in parsed for w in p.warnings), *conflicts)
    if strict and warnings:
        raise CorpusError(f"{warnings[0]} (strict mode; {len(warnings)} problem(s))")
    return Corpus(
        papers=papers,
        pages=tuple(_listing_page(p) for p in parsed if p.author is not None),
        warnings=warnings,
    )


def _parse_in_order(
    files: list[Path], strict: bool, snapshot: SnapshotFilter | None
) -> Iterator[ParsedFile]:
    """Parse each file in the order given: BibTeX here, the rest by ``parse_files`` (which
    counts a snapshot limit over all its files and yields one result per file)."""
    others = parse_files([f for f in files if f.suffix != ".bib"], strict=strict, snapshot=snapshot)
    for path in files:
        yield parse_bibtex_file(path, strict=strict) if path.suffix == ".bib" else next(others)


def _listing_page(parsed: ParsedFile) -> ListingPage:
    assert parsed.author is not None
    return ListingPage(
        path=parsed.path,
        author=parsed.author,
        page=parsed.page,
        records_total=parsed.records_total,
        papers=len(parsed.records),
    )


def merge_records(
    records: Iterable[RawRecord],
) -> tuple[tuple[Paper, ...], tuple[ParseWarning, ...]]:
    """Merge records with the same arXiv id, DOI or normalized title; keep first-seen order.

    A listing page, the snapshot and a .bib file may all name one paper: the arXiv id
    and DOI merge them when both sides have one, the title otherwise (a .bib title's
    LaTeX is decoded first, so "{GPTQ}: ..." is GPTQ). Two records with the same title
    but different arXiv ids stay two papers. When two
    records of one paper give different years, the earliest is kept (an arXiv listing
    year is when a version appeared; the first version is the paper's year) and a
    warning names both places, so the choice never depends silently on file order.
    """
    merged: dict[str, Paper] = {}
    by_arxiv: dict[str, str] = {}  # arXiv id -> key in ``merged``
    by_doi: dict[str, str] = {}  # DOI -> key in ``merged``
    warnings: list[ParseWarning] = []
    for record in records:
        key = by_arxiv.get(record.arxiv_id) if record.arxiv_id else None
        if key is None and record.doi in by_doi:
            known_id = merged[by_doi[record.doi]].arxiv_id
            if not (known_id and record.arxiv_id and known_id != record.arxiv_id):
                key = by_doi[record.doi]  # a DOI never joins two arXiv ids, as a title does not
        if key is None:
            key = title_key(record.title)
            known = merged.get(key)
            if known and known.arxiv_id and record.arxiv_id and known.arxiv_id != record.arxiv_id:
                key = f"{key}#{record.arxiv_id}"
        if record.arxiv_id:
            by_arxiv[record.arxiv_id] = key
        if record.doi:
            by_doi[record.doi] = key
        source = Source(record.path, record.line, record.authors[0], record.position)
        found = merged.get(key)
        if found is None:
            merged[key] = Paper(
                id=paper_id(record.title if "#" not in key else key),
                title=record.title,
                abstract=readable(record.abstract),  # "$13$" as arXiv shows it: "13"
                year=record.year,
                subjects=record.subjects,
                authors=record.authors,
                sources=(source,),
                arxiv_id=record.arxiv_id,
                doi=record.doi,
            )
            continue
        if record.year != found.year:
            first = found.sources[0]
            warnings.append(
                ParseWarning(
                    record.path,
                    record.line,
                    f"'{found.title}' is listed here as {record.year} but as {found.year} "
                    f"at {first.path}:{first.line}; keeping {min(record.year, found.year)}",
                )
            )
        merged[key] = Paper(
            id=found.id,
            title=found.title,
            abstract=max(found.abstract, readable(record.abstract), key=len),
            year=min(found.year, record.year),
            subjects=tuple(dict.fromkeys(found.subjects + record.subjects)),
            authors=tuple(dict.fromkeys(found.authors + record.authors)),
            sources=(*found.sources, source),
            arxiv_id=found.arxiv_id or record.arxiv_id,
            doi=found.doi or record.doi,
        )
    return tuple(merged.values()), tuple(warnings)
