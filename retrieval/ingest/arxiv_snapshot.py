"""Read the arXiv metadata snapshot (JSON Lines), streamed, with ingest-time filters.

The snapshot (Kaggle's ``arxiv-metadata-oai-snapshot.json``, several GB) holds one paper
per line::

    {"id": "2301.00001", "title": "...", "abstract": "  ...", "categories": "cs.DC cs.LG",
     "authors": "A. Author and B. Author", "authors_parsed": [["Author", "A.", ""], ...],
     "versions": [{"version": "v1", "created": "Mon, 2 Jan 2023 10:00:00 GMT"}, ...],
     "update_date": "2023-01-05", "doi": null, "journal-ref": null}

A file is read as the snapshot when it ends in ``.json``, or ends in ``.jsonl`` and its
first record has ``id`` and ``versions``; other ``.jsonl`` files and listing pages go to
``retrieval.ingest.parsing``. Lines are read one at a time and only the papers that pass the
filters are kept, so a 4 GB snapshot costs the memory of what it yields.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from retrieval.errors import CorpusError
from retrieval.ingest.parsing import (
    LINE_BREAK,
    MAX_YEAR,
    MIN_YEAR,
    VALID_SUBJECT,
    ParsedFile,
    ParseWarning,
    RawRecord,
    parse_file,
)
from retrieval.userinput import scalars

# New-style ids (2301.00001, 0704.0001) and old-style ones (hep-th/9901001, math.GT/0309136).
ID_PATTERN = r"(?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z][A-Z])?/\d{7})"
ARXIV_ID = re.compile(
    rf"^(?:arxiv:|https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/)?({ID_PATTERN})"
    r"(?:v\d+)?(?:\.pdf)?/?$",
    re.IGNORECASE | re.ASCII,  # "２２１０.１７３２３": \d takes any script's digits otherwise
)
YEAR = re.compile(r"\b(\d{4})\b")


def normalize_id(text: str) -> str | None:
    """Return the bare arXiv id of an id, ``arXiv:`` id or abs/pdf URL, version dropped."""
    match = ARXIV_ID.match(text.strip())
    if match is None:
        return None
    return match.group(1)


@dataclass(frozen=True)
class SnapshotFilter:
    """Which snapshot papers an ingest keeps; unset fields keep everything."""

    categories: tuple[str, ...] = ()  # "cs.DC" exactly, or "cs.*" for every cs.<class>
    since: int | None = None  # first-version year, inclusive
    until: int | None = None
    author: str | None = None  # a part of any author's name, case-insensitive
    limit: int | None = None  # at most this many papers over all snapshot files
    _author_folded: str = field(init=False, repr=False, compare=False, default="")

    def __post_init__(self) -> None:
        object.__setattr__(self, "_author_folded", " ".join((self.author or "").casefold().split()))

    def accepts(self, record: RawRecord) -> bool:
        """Return True when a record passes every filter that is set."""
        if self.since is not None and record.year < self.since:
            return False
        if self.until is not None and record.year > self.until:
            return False
        if self.categories and not any(
            category_matches(pattern, code)
            for pattern in self.categories
            for code in record.subjects
        ):
            return False
        if self._author_folded:
            return any(
                self._author_folded in " ".join(a.casefold().split()) for a in record.authors
            )
        return True


def category_matches(pattern: str, code: str) -> bool:
    """Return True when a subject code matches ``cs.DC`` exactly or ``cs.*`` by archive."""
    pattern, code = pattern.casefold(), code.casefold()
    if pattern.endswith(".*"):
        return code.startswith(pattern[:-1]) or code == pattern[:-2]
    return code == pattern


def is_snapshot(path: Path) -> bool:
    """Return True for a file in the arXiv snapshot format (see the module docstring)."""
    if path.suffix == ".json":
        return True
    if path.suffix != ".jsonl" or not path.is_file():
        return False  # a FIFO would block the peek below; the corpus reader skips it
    try:
        with path.open(encoding="utf-8-sig", errors="replace") as lines:
            first = next((line for line in lines if line.strip()), "")
        row = json.loads(first)
    except (OSError, ValueError, RecursionError):  # RecursionError: "[[[[..." too deep
        return False  # parse_file reports unreadable and malformed files clearly
    return isinstance(row, dict) and "id" in row and "versions" in row


def parse_files(
    paths: Iterable[Path], *, strict: bool = False, snapshot: SnapshotFilter | None = None
) -> Iterator[ParsedFile]:
    """Parse each file: snapshot files filtered (``limit`` counts over all of them)."""
    wanted = snapshot or SnapshotFilter()
    remaining = wanted.limit
    for path in paths:
        if not is_snapshot(path):
            yield parse_file(path, strict=strict)
            continue
        parsed = read_snapshot(path, wanted, remaining, strict=strict)
        if remaining is not None:
            remaining -= len(parsed.records)
        yield parsed


def read_snapshot(
    path: Path, wanted: SnapshotFilter, limit: int | None = None, *, strict: bool = False
) -> ParsedFile:
    """Stream one snapshot file line by line, keeping the records the filter accepts."""
    records: list[RawRecord] = []
    warnings: list[ParseWarning] = []
    try:
        with path.open(encoding="utf-8-sig", newline="") as lines:
            for number, line in enumerate(_lines(lines), start=1):
                if limit is not None and len(records) >= limit:
                    break
                if not line.strip():
                    continue
                try:
                    record = snapshot_record(json.loads(line), str(path), number)
                except (ValueError, TypeError, RecursionError) as exc:  # JSON errors too
                    warnings.append(ParseWarning(str(path), number, f"skipped: {exc}"))
                    if strict:
                        raise CorpusError(f"{warnings[0]} (strict mode)") from None
                    continue
                if wanted.accepts(record):
                    records.append(record)
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: not UTF-8 text; save it as UTF-8") from exc
    positioned = tuple(replace(r, position=n) for n, r in enumerate(records, start=1))
    return ParsedFile(str(path), None, None, None, positioned, tuple(warnings))


def _lines(handle: Iterable[str]) -> Iterator[str]:
    """Yield lines split on CR/LF only (a form feed inside an abstract stays inside it)."""
    for raw in handle:
        yield from (part for part in LINE_BREAK.split(raw) if part) if "\r" in raw else (raw,)


def snapshot_record(row: object, path: str, line: int, position: int = 0) -> RawRecord:
    """Return the record of one snapshot row, or raise ValueError saying what is wrong."""
    if not isinstance(row, dict):
        raise ValueError("each line must be a JSON object")
    arxiv_id = normalize_id(str(row.get("id") or ""))
    if arxiv_id is None:
        raise ValueError(f"'id' {row.get('id')!r} is not an arXiv id")
    title = _clean(row.get("title"))
    if not title:
        raise ValueError("'title' must be a non-empty string")
    abstract = row.get("abstract") or ""
    if not isinstance(abstract, str):
        raise ValueError("'abstract' must be a string")
    categories = row.get("categories") or ""
    if not isinstance(categories, str):
        raise ValueError("'categories' must be a space-separated string")
    for code in categories.split():
        if not VALID_SUBJECT.match(code):
            raise ValueError(f"{code!r} is not an arXiv subject code such as 'cs.LG'")
    authors = snapshot_authors(row)
    if not authors:
        raise ValueError("'authors' must name at least one author")
    return RawRecord(
        title=scalars(title),
        # The snapshot wraps abstracts at ~80 columns; the wrapping is not the text.
        abstract=scalars(" ".join(abstract.split())),
        year=snapshot_year(row),
        subjects=tuple(dict.fromkeys(categories.split())),
        authors=tuple(scalars(a) for a in authors),
        path=path,
        line=line,
        position=position,
        arxiv_id=arxiv_id,
        # the journal version's DOI: the same paper in a .bib file merges by it
        doi=_clean(row.get("doi")).lower(),
    )


def _clean(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def snapshot_year(row: dict[str, object]) -> int:
    """Return the year of the first version, else of ``update_date``."""
    candidates: list[object] = []
    versions = row.get("versions")
    if isinstance(versions, list) and versions and isinstance(versions[0], dict):
        candidates.append(versions[0].get("created"))
    candidates.append(row.get("update_date"))
    for value in candidates:
        match = YEAR.search(value) if isinstance(value, str) else None
        if match and MIN_YEAR <= int(match.group(1)) <= MAX_YEAR:
            return int(match.group(1))
    raise ValueError("no year in 'versions' or 'update_date'")


def snapshot_authors(row: dict[str, object]) -> tuple[str, ...]:
    """Return "Given Family Suffix" names from ``authors_parsed``, else split ``authors``."""
    parsed = row.get("authors_parsed")
    names: list[str] = []
    if isinstance(parsed, list):
        for parts in parsed:
            if isinstance(parts, list) and parts and all(isinstance(p, str) for p in parts):
                family, given, suffix = (*parts, "", "")[:3]
                names.append(" ".join(f"{given} {family} {suffix}".split()))
    elif isinstance(row.get("authors"), str):
        text = str(row["authors"]).replace("\n", " ")
        names = [n.strip() for n in re.split(r",|\band\b", text)]
    return tuple(dict.fromkeys(n for n in names if n))
