"""Read a BibTeX library (``.bib``, as Zotero and JabRef export it) into raw paper records.

Parsing is bibtexparser 2's; its LaTeX decoding (pylatexenc) turns ``M{\\"u}ller`` into
"Müller" and ``{GPU}`` into "GPU" in every field. Read per entry:

- ``title``, ``author`` ("Last, First and ..." -> "First Last"), ``year`` (or the year
  of a biblatex ``date``), ``abstract``;
- the arXiv id, from ``eprint`` (with ``archivePrefix = {arXiv}`` or an id-shaped
  value), an arxiv.org ``url``, or an arXiv DOI (10.48550/arXiv.<id>);
- the subject, from ``primaryClass`` when it is an arXiv code;
- ``doi``, without its ``https://doi.org/`` prefix.

An entry BibTeX cannot parse, or without a title, an author or a year, is one warning
and is skipped; the other entries are kept. Entries without an abstract are indexed by
their title and counted in one warning for the file.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from bibtexparser import middlewares
from bibtexparser.entrypoint import parse_string
from bibtexparser.model import Entry

from retrieval.errors import CorpusError
from retrieval.files import read_text
from retrieval.ingest.arxiv_snapshot import normalize_id
from retrieval.ingest.parsing import (
    MAX_YEAR,
    MIN_YEAR,
    VALID_SUBJECT,
    ParsedFile,
    ParseWarning,
    RawRecord,
)
from retrieval.userinput import scalars

DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)
YEAR = re.compile(r"\b(\d{4})\b")


def parse_bibtex_file(path: Path, *, strict: bool = False) -> ParsedFile:
    """Parse a ``.bib`` file; with ``strict``, any skipped entry is an error."""
    parsed = parse_bibtex(read_text(path), str(path))
    skipped = [w for w in parsed.warnings if w.line]  # line 0: the count of missing abstracts
    if strict and skipped:
        raise CorpusError(f"{skipped[0]} (strict mode; {len(skipped)} problem(s))")
    return parsed


def parse_bibtex(text: str, path: str) -> ParsedFile:
    """Parse a BibTeX library into records, one warning per entry that cannot be used."""
    # bibtexparser logs each failed block itself; the ParseWarning below says the same
    # with the file's name, once, where the caller shows its warnings.
    logging.getLogger("bibtexparser").setLevel(logging.ERROR)
    library = parse_string(
        text,
        append_middleware=[
            middlewares.NormalizeFieldKeys(),  # "archivePrefix" and "ARCHIVEPREFIX" alike
            middlewares.LatexDecodingMiddleware(),
            middlewares.SeparateCoAuthors(),
            middlewares.SplitNameParts(),
            middlewares.MergeNameParts(style="first"),
        ],
    )
    warnings = [
        ParseWarning(path, (b.start_line or 0) + 1, f"skipped: not valid BibTeX ({_first(b)})")
        for b in library.failed_blocks
    ]
    records: list[RawRecord] = []
    for position, entry in enumerate(library.entries, start=1):
        try:
            records.append(_record(entry, path, position))
        except ValueError as exc:
            line = (entry.start_line or 0) + 1
            warnings.append(ParseWarning(path, line, f"skipped @{entry.key}: {exc}"))
    untitled = sum(1 for r in records if not r.abstract)
    if untitled:
        noun = "entry has" if untitled == 1 else "entries have"
        warnings.append(ParseWarning(path, 0, f"{untitled} {noun} no abstract; indexed by title"))
    if not records and not library.failed_blocks:
        raise CorpusError(f"{path}: no BibTeX entries found")
    return ParsedFile(path, None, None, None, tuple(records), tuple(warnings))


def _first(block: object) -> str:
    """Return why bibtexparser gave up on a block, in its words, on one line."""
    error = getattr(block, "error", None)
    reason = getattr(error, "abort_reason", None) or str(error or "")
    return " ".join(reason.split())[:200] or "unreadable block"


def _record(entry: Entry, path: str, position: int) -> RawRecord:
    fields = {key: _text(field.value) for key, field in entry.fields_dict.items()}
    title = fields.get("title", "")
    if not title:
        raise ValueError("no title")
    authors = _authors(entry)
    if not authors:
        raise ValueError("no author")
    year = _year(fields)
    doi = DOI_PREFIX.sub("", fields.get("doi", "")).strip()
    arxiv_id = _arxiv_id(fields, doi)
    primary = fields.get("primaryclass", "").split()
    subjects = tuple(code for code in primary[:1] if VALID_SUBJECT.match(code))
    return RawRecord(
        title=title,
        abstract=fields.get("abstract", ""),
        year=year,
        subjects=subjects,
        authors=authors,
        path=path,
        line=(entry.start_line or 0) + 1,
        position=position,
        arxiv_id=arxiv_id,
        doi=doi.lower(),  # DOIs are case-insensitive; one spelling merges duplicates
    )


def _text(value: object) -> str:
    """Return a decoded field value as one line of text (BibTeX wraps long values)."""
    if isinstance(value, list):
        value = " ".join(map(str, value))
    text = str(value) if value is not None else ""
    return scalars(" ".join(text.replace("{", "").replace("}", "").split()))


def _authors(entry: Entry) -> tuple[str, ...]:
    field = entry.fields_dict.get("author") or entry.fields_dict.get("editor")
    if field is None:
        return ()
    names = field.value if isinstance(field.value, list) else [field.value]
    cleaned = (_text(name) for name in names)
    return tuple(name for name in cleaned if name and name.casefold() != "others")


def _year(fields: dict[str, str]) -> int:
    match = YEAR.search(fields.get("year") or fields.get("date") or "")
    if match is None:
        raise ValueError("no year")
    year = int(match.group(1))
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise ValueError(f"year {year} is not between {MIN_YEAR} and {MAX_YEAR}")
    return year


def _arxiv_id(fields: dict[str, str], doi: str) -> str:
    """Return the entry's arXiv id from eprint, an arXiv DOI or an arxiv.org URL, or ""."""
    prefix = fields.get("archiveprefix", "").casefold()
    eprint = fields.get("eprint", "")
    candidates = [eprint if prefix in {"", "arxiv"} else ""]
    arxiv_doi = ARXIV_DOI.match(doi)
    candidates += [arxiv_doi.group(1) if arxiv_doi else "", fields.get("url", "")]
    for candidate in candidates:
        found = normalize_id(candidate) if candidate else None
        if found:
            return found
    return ""
