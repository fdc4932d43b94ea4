"""Fuzz the corpus readers: listing pages and JSON Lines rows of any shape and type.

Each example is parsed, merged and chunked as an ingest would; only ``CorpusError`` may
escape, and what comes out must be storable: valid years and subject codes, non-empty
titles and authors, no lone surrogates, chunk ids unique per paper, chunks verbatim.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given

from retrieval.ingest.arxiv_snapshot import SnapshotFilter, read_snapshot
from retrieval.ingest.chunking import chunk_paper
from retrieval.ingest.corpus import merge_records
from retrieval.ingest.parsing import (
    MAX_YEAR,
    MIN_YEAR,
    VALID_SUBJECT,
    RawRecord,
    parse_jsonl,
    parse_page,
)
from tests.fuzzing import budget, file_text, hostile, json_value, only_ours, seeds

pytestmark = pytest.mark.fuzz

HEADER = (
    "arXiv subjects\n\nAda Lovelace\n\nPublications and source records attributed to "
    "Ada Lovelace.\n\nAt least 12 records · Page 3"
)
YEARS = ["arXiv2023", "arXiv1850", "arXiv 2021", "arXiv99999", "arXiv2100", "arXiv", "arXiv2023 "]
SUBJECTS = ["cs.LG↗", "cs.LG↗ math.NT↗", "quant-ph↗", "not a code!!↗", "cs.LG", "↗", "cs.LG↗,"]
BREAKS = ["\n", "\r\n", "\r", "\n\n", "\n\n\n", "\n \n"]
# Repeated text: with 32-token chunks its windows are identical (the DuplicateIDError case).
REPEATED = "Quantization makes models small. " * 24


def listing_page(rng: random.Random) -> str:
    """A page: usually a valid header, then records of year, title, abstract, subjects."""
    parts = [rng.choice([HEADER, HEADER.replace("attributed to", "by"), "", hostile(rng)])]
    for _ in range(rng.randint(0, 8)):
        record = [rng.choice(YEARS)]
        record += [hostile(rng) for _ in range(rng.randint(0, 3))]
        if rng.random() < 0.05:
            record.append(REPEATED)
        if rng.random() < 0.8:
            record.append(rng.choice(SUBJECTS))
        parts.append(rng.choice(BREAKS).join(record))
    return file_text(rng.choice(BREAKS[3:]).join(parts) + rng.choice(BREAKS))


def check_records(records: tuple[RawRecord, ...]) -> None:
    """Assert what an ingest needs of parsed records, then merge and chunk them."""
    for record in records:
        assert record.title.strip() and record.authors and all(a for a in record.authors)
        assert MIN_YEAR <= record.year <= MAX_YEAR
        assert all(VALID_SUBJECT.match(code) for code in record.subjects)
        for text in (record.title, record.abstract, *record.authors):
            text.encode("utf-8")  # no lone surrogate: storable in SQLite and Chroma
    papers, _ = merge_records(records)
    for paper in papers:
        chunks = chunk_paper(paper, 32, 8, "fuzz")
        assert len({c.id for c in chunks}) == len(chunks)  # Chroma refuses duplicate ids
        assert all(paper.abstract[c.start : c.end] == c.text for c in chunks)


@budget("listing pages", 1500)
@given(seed=seeds)
def test_listing_pages(seed: int) -> None:
    page = listing_page(random.Random(seed))
    parsed = only_ours(lambda: parse_page(page, "fuzz.txt"))
    if parsed is not None:
        check_records(parsed.records)


def jsonl_file(rng: random.Random) -> str:
    """Lines of JSON: objects with the expected keys holding values of any type, or not."""
    lines = []
    for _ in range(rng.randint(1, 6)):
        kind = rng.randint(0, 5)
        if kind == 0:  # not JSON, or JSON of another shape
            lines.append(file_text(rng.choice([hostile(rng), "[" * 5000, "{", "null", "[1]"])))
            continue
        row: dict[str, Any] = {
            "title": rng.choice([hostile(rng), json_value(rng), "A Title"]),
            "year": rng.choice([rng.randint(1980, 2110), json_value(rng)]),
            "authors": rng.choice([[hostile(rng) for _ in range(rng.randint(0, 3))], json_value(rng)]),
        }  # fmt: skip
        if kind > 1:
            row["abstract"] = rng.choice([hostile(rng), json_value(rng), hostile(rng, 30)])
            row["subjects"] = rng.choice(
                [["cs.LG"], ["quant-ph", "bad code"], [""], json_value(rng)]
            )
        if kind > 3:
            row[rng.choice(["title", "year", "authors", "extra"])] = json_value(rng)
        value: object = json_value(rng) if kind == 5 else row
        # json.dumps escapes non-ASCII: a lone surrogate is written "\ud800", as JSON allows.
        lines.append(json.dumps(value))
    return rng.choice(BREAKS).join(lines)


@budget("JSON Lines rows", 1500)
@given(seed=seeds)
@example(seed=0)
def test_jsonl_rows_of_random_types(seed: int) -> None:
    text = jsonl_file(random.Random(seed))
    parsed = only_ours(lambda: parse_jsonl(text, "fuzz.jsonl"))
    if parsed is not None:
        assert len(parsed.records) + len(parsed.warnings) >= 1
        check_records(parsed.records)


def snapshot_row(rng: random.Random) -> object:
    """An arXiv snapshot row: the real keys holding values of any type, or not."""
    row: dict[str, Any] = {
        "id": rng.choice(["2210.17323", "hep-th/9901001", "arXiv:2305.14314v2", hostile(rng, 2), json_value(rng)]),
        "title": rng.choice([hostile(rng), "A Title", json_value(rng)]),
        "abstract": rng.choice([hostile(rng, 30), REPEATED, json_value(rng)]),
        "categories": rng.choice(["cs.LG stat.ML", "physics.atom-ph q-bio.NC", "not a code!!", hostile(rng, 2), json_value(rng)]),
        "authors": rng.choice(["A. Author and B. Writer", hostile(rng), json_value(rng)]),
        "authors_parsed": rng.choice([[["Family", "Given", ""]], json_value(rng), [[hostile(rng, 2)]]]),
        "versions": rng.choice([[{"created": "Mon, 2 Apr 2007 19:18:42 GMT"}], json_value(rng)]),
        "update_date": rng.choice(["2023-01-01", hostile(rng, 2), json_value(rng)]),
    }  # fmt: skip
    for key in rng.sample(sorted(row), rng.randint(0, 3)):
        del row[key]
    return row if rng.random() < 0.9 else json_value(rng)


@budget("arXiv snapshot rows", 1000)
@given(seed=seeds)
def test_snapshot_rows_of_random_types(seed: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    rng = random.Random(seed)
    lines = [json.dumps(snapshot_row(rng)) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.1:
        lines.insert(rng.randint(0, len(lines)), rng.choice(["[" * 5000, "{", "not json"]))
    path = tmp_path_factory.getbasetemp() / "fuzz-snapshot.json"
    path.write_text(rng.choice(BREAKS[:3]).join(lines), encoding="utf-8")
    parsed = only_ours(lambda: read_snapshot(path, SnapshotFilter()))
    if parsed is not None:
        assert len(parsed.records) + len(parsed.warnings) >= 1
        check_records(parsed.records)


def test_the_issues_corpus_inputs_stay_pinned() -> None:
    """The exact corpus inputs issue 11 reported, outside the random search."""
    row = {"title": "\ud800 Lone", "abstract": REPEATED * 6, "year": 2023, "subjects": ["cs.LG"],
           "authors": ["A | B"]}  # fmt: skip
    parsed = parse_jsonl(json.dumps(row) + "\n" + "[" * 100_000, "pinned.jsonl")
    check_records(parsed.records)
    assert parsed.records[0].authors == ("A | B",) and len(parsed.warnings) == 1
