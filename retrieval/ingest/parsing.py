"""Parse arXiv author listing pages and JSON Lines files into raw paper records.

A listing page is a header (page title, the author's name, "attributed to <name>.",
"At least N records · Page K"), then records separated by blank lines::

    arXiv2023
    <title>
    <abstract, one or more lines; may be missing>
    cs.LG↗ [more codes↗]

A malformed record is reported as a ``ParseWarning`` naming file and line and skipped;
with ``strict=True`` it raises ``CorpusError`` instead.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from retrieval.errors import CorpusError
from retrieval.files import read_text
from retrieval.userinput import scalars

YEAR_LINE = re.compile(r"^arXiv\s*(\d{4})$")
SUBJECT_CODE = r"[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]+(?:-[a-z]+)?)?"
SUBJECT_LINE = re.compile(rf"^(?:{SUBJECT_CODE})↗(?:[\s,;]*{SUBJECT_CODE}↗)*$")
VALID_SUBJECT = re.compile(rf"^{SUBJECT_CODE}$")
ATTRIBUTED = re.compile(r"attributed to (.+?)\.?$")
RECORDS_PAGE = re.compile(r"At least (\d+) records?\s*·\s*Page (\d+)")
MIN_YEAR, MAX_YEAR = 1991, 2100  # arXiv opened in 1991
# Only CR/LF end a line: str.splitlines() would also split on form feeds, \u2028 and
# friends inside an abstract, and the text must stay verbatim.
LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class RawRecord:
    """One record as read from a file, before papers are merged across pages."""

    title: str
    abstract: str
    year: int
    subjects: tuple[str, ...]
    authors: tuple[str, ...]
    path: str
    line: int
    position: int
    arxiv_id: str = ""  # set by the arXiv snapshot reader (retrieval/ingest/arxiv_snapshot.py)
    doi: str = ""  # lowercase, without https://doi.org/ (retrieval/ingest/bibtex.py)


@dataclass(frozen=True)
class ParseWarning:
    """A record that was skipped, with where it was and why."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path  # line 0: whole file
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class ParsedFile:
    """What one file yielded: its header (listing pages only), records and warnings."""

    path: str
    author: str | None
    page: int | None
    records_total: int | None
    records: tuple[RawRecord, ...]
    warnings: tuple[ParseWarning, ...]


def parse_file(path: Path, *, strict: bool = False) -> ParsedFile:
    """Parse a listing page (``.txt``) or a JSON Lines file (``.jsonl``) by its suffix."""
    text = read_text(path)
    parsed = (
        parse_jsonl(text, str(path)) if path.suffix == ".jsonl" else parse_page(text, str(path))
    )
    if strict and parsed.warnings:
        raise CorpusError(f"{parsed.warnings[0]} (strict mode; {len(parsed.warnings)} problem(s))")
    return parsed


def _blocks(text: str) -> list[tuple[int, list[str]]]:
    """Split text into blocks of non-blank lines, each with its first line number."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, raw in enumerate(LINE_BREAK.split(text), start=1):
        line = raw.rstrip()
        if line.strip():
            if not current:
                start = number
            current.append(line)
        elif current:
            blocks.append((start, current))
            current = []
    if current:
        blocks.append((start, current))
    return blocks


def parse_page(text: str, path: str) -> ParsedFile:
    """Parse one arXiv author listing page."""
    lines = [(start + i, line) for start, block in _blocks(text) for i, line in enumerate(block)]
    first_record = next((i for i, (_, line) in enumerate(lines) if YEAR_LINE.match(line)), None)
    header = [line for _, line in lines[: first_record if first_record is not None else len(lines)]]
    author = _header_author(header)
    if author is None:
        raise CorpusError(
            f"{path}: no listing header found (expected the author's name and "
            "'Publications and source records attributed to <name>.')"
        )
    if first_record is None:
        raise CorpusError(
            f"{path}: no records found (a record starts with a line like 'arXiv2023')"
        )
    records_total, page = _header_counts(header)
    records, warnings = _records(lines[first_record:], path, author)
    return ParsedFile(path, author, page, records_total, tuple(records), tuple(warnings))


def _header_author(header: list[str]) -> str | None:
    for line in header:
        match = ATTRIBUTED.search(line.strip())
        if match:
            return match.group(1).strip()
    # Without the "attributed to" sentence, the name is the line after the page title.
    if len(header) >= 2 and header[0].strip().lower() == "arxiv subjects":
        return header[1].strip() or None
    return None


def _header_counts(header: list[str]) -> tuple[int | None, int | None]:
    for line in header:
        match = RECORDS_PAGE.search(line)
        if match:
            return int(match.group(1)), int(match.group(2))
    return None, None


def _records(
    lines: list[tuple[int, str]], path: str, author: str
) -> tuple[list[RawRecord], list[ParseWarning]]:
    """Group numbered lines into records, each starting at a year line."""
    starts = [i for i, (_, line) in enumerate(lines) if YEAR_LINE.match(line.strip())]
    records: list[RawRecord] = []
    warnings: list[ParseWarning] = []
    ends = [*starts[1:], len(lines)]
    for position, (begin, end) in enumerate(zip(starts, ends, strict=True), start=1):
        record = lines[begin:end]
        try:
            records.append(_record(record, path, author, position))
        except ValueError as exc:
            warnings.append(ParseWarning(path, record[0][0], str(exc)))
    return records, warnings


def _record(record: list[tuple[int, str]], path: str, author: str, position: int) -> RawRecord:
    line_no, year_line = record[0]
    year = int(YEAR_LINE.match(year_line.strip()).group(1))  # type: ignore[union-attr]
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise ValueError(f"year {year} is out of range")
    body = [line.strip() for _, line in record[1:]]
    if not body:
        raise ValueError("record has no title")
    if not SUBJECT_LINE.match(body[-1]):
        raise ValueError("record does not end with subject codes such as 'cs.LG↗'")
    subjects = tuple(dict.fromkeys(re.findall(rf"({SUBJECT_CODE})↗", body[-1])))
    if len(body) < 2:
        raise ValueError("record has no title")
    title, abstract_lines = body[0], body[1:-1]
    if SUBJECT_LINE.match(title):
        raise ValueError("record has no title")
    return RawRecord(
        title=title,
        abstract="\n".join(abstract_lines),
        year=year,
        subjects=subjects,
        authors=(author,),
        path=path,
        line=line_no,
        position=position,
    )


def parse_jsonl(text: str, path: str) -> ParsedFile:
    """Parse JSON Lines: one paper per line with title, abstract, year, subjects, authors."""
    records: list[RawRecord] = []
    warnings: list[ParseWarning] = []
    for number, line in enumerate(LINE_BREAK.split(text), start=1):
        if not line.strip():
            continue
        try:
            records.append(_json_record(json.loads(line), path, number, len(records) + 1))
        except (ValueError, TypeError) as exc:  # JSONDecodeError is a ValueError
            warnings.append(ParseWarning(path, number, f"skipped: {exc}"))
        except RecursionError:  # "[[[[..." nested deeper than the interpreter's stack
            warnings.append(ParseWarning(path, number, "skipped: JSON nested too deeply"))
    if not records and not warnings:
        raise CorpusError(f"{path}: no records found")
    return ParsedFile(path, None, None, None, tuple(records), tuple(warnings))


def _json_record(row: object, path: str, line: int, position: int) -> RawRecord:
    if not isinstance(row, dict):
        raise ValueError("each line must be a JSON object")
    title = row.get("title")
    if not isinstance(title, str) or not title.strip():
        raise ValueError("'title' must be a non-empty string")
    year = row.get("year")
    if isinstance(year, str) and year.isdigit():
        year = int(year)
    if not isinstance(year, int) or not MIN_YEAR <= year <= MAX_YEAR:
        raise ValueError(f"'year' must be a year between {MIN_YEAR} and {MAX_YEAR}")
    abstract = row.get("abstract") or ""
    subjects = _string_list(row.get("subjects", []), "subjects")
    authors = _string_list(row.get("authors", []), "authors")
    if not isinstance(abstract, str):
        raise ValueError("'abstract' must be a string")
    if not authors:
        raise ValueError("'authors' must list at least one name")
    for code in subjects:
        if not VALID_SUBJECT.match(code):
            raise ValueError(f"{code!r} is not an arXiv subject code such as 'cs.LG'")
    return RawRecord(
        scalars(title.strip()),
        scalars(abstract.strip()),
        year,
        subjects,
        tuple(scalars(a) for a in authors),
        path,
        line,
        position,
    )


def _string_list(value: object, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"'{key}' must be a list of strings")
    return tuple(v.strip() for v in value if v.strip())
