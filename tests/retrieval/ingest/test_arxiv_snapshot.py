"""The arXiv snapshot reader: fields, filters, streaming, and merging with listing pages.

``tests/data/arxiv/snapshot.json`` is in the snapshot's format: the GPTQ record as the
snapshot holds it (wrapped title, leading spaces), three made-up papers and one broken
line (no year anywhere).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli import subcommands
from cli.main import main
from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index.refs import ref
from retrieval.ingest.arxiv_snapshot import (
    SnapshotFilter,
    category_matches,
    is_snapshot,
    normalize_id,
    read_snapshot,
)
from retrieval.ingest.corpus import load_corpus
from tests.conftest import CORPUS, TEST_DATA, FakeEmbedder

SNAPSHOT = TEST_DATA / "arxiv" / "snapshot.json"
GPTQ = "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"


def titles(wanted: SnapshotFilter) -> list[str]:
    return [r.title for r in read_snapshot(SNAPSHOT, wanted, wanted.limit).records]


def test_reads_id_year_authors_subjects_and_unwrapped_text() -> None:
    parsed = read_snapshot(SNAPSHOT, SnapshotFilter())
    gptq = parsed.records[0]
    assert gptq.arxiv_id == "2210.17323"
    assert gptq.title == GPTQ  # the snapshot's line wrap is gone
    assert gptq.year == 2022  # first version's year, not the update's (2023)
    assert gptq.authors == ("Elias Frantar", "Saleh Ashkboos", "Torsten Hoefler", "Dan Alistarh")
    assert gptq.abstract.startswith("Generative Pre-trained Transformer models, known as GPT")
    assert "\n" not in gptq.abstract
    gossip = parsed.records[1]
    assert gossip.subjects == ("cs.DC", "cs.LG")
    assert parsed.records[-1].arxiv_id == "math/0309136"  # old-style ids too
    assert [str(w) for w in parsed.warnings] == [
        f"{SNAPSHOT}:4: skipped: no year in 'versions' or 'update_date'"
    ]


def test_filters_by_category_years_author_and_limit() -> None:
    assert titles(SnapshotFilter(categories=("cs.DC",))) == [
        "Gossip Protocols for Straggler-Tolerant Parameter Servers",
        "Checkpointing Deep Learning Jobs on Preemptible Clusters",
    ]
    assert len(titles(SnapshotFilter(categories=("cs.*",)))) == 3
    assert titles(SnapshotFilter(categories=("math.*", "cs.LG"), since=2003, until=2003)) == [
        "Bernoulli Numbers and Congruences of Kummer Type"
    ]
    assert titles(SnapshotFilter(since=2020)) == [GPTQ, titles(SnapshotFilter(limit=2))[1]]
    assert titles(SnapshotFilter(author="ada QUILL")) == titles(
        SnapshotFilter(categories=("cs.DC",))
    )
    assert titles(SnapshotFilter(author="hoefler", limit=5)) == [GPTQ]
    assert titles(SnapshotFilter(limit=1)) == [GPTQ]


def test_streams_without_reading_past_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "snapshot.json"
    good = SNAPSHOT.read_text(encoding="utf-8").splitlines()[1]
    big.write_text(good + "\n" + "{not json\n" * 1000, encoding="utf-8")
    parsed = read_snapshot(big, SnapshotFilter(limit=1), 1)
    assert len(parsed.records) == 1 and parsed.warnings == ()  # stopped before the junk


def test_a_paper_on_a_listing_page_and_in_the_snapshot_is_one_paper_with_its_id() -> None:
    pages = load_corpus([CORPUS])
    both = load_corpus([CORPUS, SNAPSHOT])
    assert len(both.papers) == len(pages.papers) + 3  # GPTQ merged; the others are new
    gptq = next(p for p in both.papers if p.title == GPTQ)
    assert gptq.arxiv_id == "2210.17323"
    assert gptq.id == next(p.id for p in pages.papers if p.title == GPTQ)  # ids stay stable
    assert len(gptq.sources) == 2
    shown = ref(gptq)
    assert shown.url == "https://arxiv.org/abs/2210.17323"
    assert shown.pdf_url == "https://arxiv.org/pdf/2210.17323"
    page_only = ref(next(p for p in both.papers if not p.arxiv_id))
    assert page_only.url.startswith("https://arxiv.org/search/?query=")
    assert page_only.pdf_url == ""


def test_same_id_merges_even_when_the_title_changed(tmp_path: Path) -> None:
    first = json.loads(SNAPSHOT.read_text(encoding="utf-8").splitlines()[1])
    renamed = {**first, "title": "Gossip Protocols for Parameter Servers (v2)"}
    other_id = {**first, "id": "2104.09999"}  # same title, another paper
    path = tmp_path / "three.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (first, renamed, other_id)), "utf-8")
    assert is_snapshot(path)  # .jsonl with id and versions is the snapshot format
    papers = load_corpus([path]).papers
    assert [p.arxiv_id for p in papers] == ["2104.05158", "2104.09999"]
    assert len({p.id for p in papers}) == 2


def test_a_plain_jsonl_file_is_not_mistaken_for_the_snapshot() -> None:
    assert not is_snapshot(TEST_DATA / "extra.jsonl")
    assert is_snapshot(SNAPSHOT)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2210.17323", "2210.17323"),
        ("arXiv:2210.17323v2", "2210.17323"),
        ("https://arxiv.org/abs/2210.17323", "2210.17323"),
        ("https://arxiv.org/pdf/2210.17323v1.pdf", "2210.17323"),
        ("hep-th/9901001", "hep-th/9901001"),
        ("math.GT/0309136v1", "math.GT/0309136"),
        ("GPTQ", None),
        ("https://example.com/abs/2210.17323", None),
        ("2210.17323; rm -rf /", None),
    ],
)
def test_normalize_id(text: str, expected: str | None) -> None:
    assert normalize_id(text) == expected


@given(st.text(max_size=40))
def test_normalize_id_never_raises_and_is_idempotent(text: str) -> None:
    found = normalize_id(text)
    assert found is None or normalize_id(found) == found


def test_category_prefix() -> None:
    assert category_matches("cs.*", "cs.DC") and category_matches("CS.dc", "cs.DC")
    assert not category_matches("cs.*", "physics.comp-ph")
    assert not category_matches("cs.D", "cs.DC")


def test_ingest_from_the_command_line_with_filters(
    tmp_path: Path, fake_embedder: FakeEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    monkeypatch.setattr(subcommands, "build_engine", lambda settings, **_: engine)
    argv = [
        "ingest",
        "--replace",
        str(CORPUS),
        str(SNAPSHOT),
        "--category",
        "cs.DC",
        "--since",
        "2020",
    ]
    assert main(argv) == 0
    pages = len(load_corpus([CORPUS]).papers)
    assert engine.stats().papers == pages + 1  # only the 2021 cs.DC paper joined
    answer = engine.ask("gossip protocols with stragglers on parameter servers", mode="bm25")
    assert answer.results[0].paper.url == "https://arxiv.org/abs/2104.05158"
    assert main([*argv, "--if-stale"]) == 0  # the same filters: nothing to do
    assert main(["ingest", "--replace", str(CORPUS), str(SNAPSHOT), "--limit", "1"]) == 0
    engine.reload()  # as the next command starts: the ingest command does not load it
    gptq = engine.paper("GPTQ accurate post-training quantization")
    assert gptq.paper.url == "https://arxiv.org/abs/2210.17323"
    assert engine.stats().papers == pages  # --limit 1 kept GPTQ only, merged with its page
    citation = engine.cite("GPTQ accurate post-training quantization")
    assert "eprint = {2210.17323}" in citation.bibtex and "arXiv:2210.17323" in citation.text
