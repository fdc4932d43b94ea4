"""BibTeX libraries: fields read, LaTeX decoded, bad entries skipped, duplicates merged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.errors import CorpusError
from retrieval.ingest.bibtex import parse_bibtex, parse_bibtex_file
from retrieval.ingest.corpus import add_to_corpus, load_corpus
from tests.conftest import CORPUS, TEST_DATA, FakeEmbedder

LIBRARY = TEST_DATA / "bibtex" / "library.bib"
GPTQ = "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"
EMBEDDINGS = (
    "Performance Embeddings: A Similarity-based Approach to Automatic Performance Optimization"
)


def test_entries_are_read_with_latex_decoded() -> None:
    parsed = parse_bibtex_file(LIBRARY)
    by_title = {r.title: r for r in parsed.records}
    stencil = by_title["Sparse Tensor Cores for Stencil Codes on FPGAs"]
    assert stencil.authors == ("José García", "Jörg Müller")  # "and others" is no one
    assert (stencil.arxiv_id, stencil.subjects, stencil.year) == ("2401.01234", ("cs.DC",), 2024)
    assert "A naïve mapping wastes half" in stencil.abstract
    caches = by_title["Coherent Caches for Disaggregated Memory"]
    assert caches.authors == ("Ondřej Škoda", "Zoë Østergaard")
    assert (caches.doi, caches.arxiv_id) == ("10.1145/1234567.7654321", "")
    assert by_title["Wafer-Scale Graph Partitioning"].arxiv_id == "2402.05678"  # from its URL
    assert by_title[GPTQ].arxiv_id == "2210.17323"  # "{GPTQ}" braces gone


def test_bad_entries_are_one_warning_each_and_missing_abstracts_one_line() -> None:
    parsed = parse_bibtex_file(LIBRARY)
    assert len(parsed.records) == 7
    assert [str(w) for w in parsed.warnings] == [
        f"{LIBRARY}:68: skipped: not valid BibTeX (Unexpected block start: `@misc`. "
        "Was still looking for field-value closing `}`)",
        f"{LIBRARY}:72: skipped @noyear: no year",
        f"{LIBRARY}: 3 entries have no abstract; indexed by title",
    ]
    with pytest.raises(CorpusError, match="strict mode; 2 problem"):
        parse_bibtex_file(LIBRARY, strict=True)


def test_the_same_paper_from_pages_and_bib_is_one_paper(tmp_path: Path) -> None:
    pages = load_corpus([CORPUS])
    corpus = load_corpus([CORPUS, LIBRARY])
    # 7 entries: GPTQ and Performance Embeddings are on the pages, the two caches entries
    # share a DOI.
    assert len(corpus.papers) == len(pages.papers) + 7 - 3
    papers = {p.title: p for p in corpus.papers}
    gptq = papers[GPTQ]
    assert gptq.id == {p.title: p for p in pages.papers}[GPTQ].id  # its answers keep their id
    assert gptq.arxiv_id == "2210.17323" and "Elias Frantar" in gptq.authors
    assert len(gptq.abstract) > 1000  # the longer abstract, from the listing page
    assert papers[EMBEDDINGS].doi == "10.1145/3577193.3593714"
    assert "Coherent caches for disaggregated memory (extended version)" not in papers


def test_the_snapshot_doi_merges_with_the_bib(tmp_path: Path) -> None:
    snapshot = tmp_path / "snapshot.json"
    snapshot.write_text(
        '{"id": "2205.00001", "title": "Rack Coherence, Revisited", "abstract": "Caches.", '
        '"categories": "cs.AR", "authors": "O. Skoda", "doi": "10.1145/1234567.7654321", '
        '"versions": [{"version": "v1", "created": "Mon, 2 May 2022 10:00:00 GMT"}]}\n',
        encoding="utf-8",
    )
    corpus = load_corpus([snapshot, LIBRARY])
    (merged,) = [p for p in corpus.papers if p.doi == "10.1145/1234567.7654321"]
    assert merged.arxiv_id == "2205.00001" and len(merged.sources) == 3


def test_bib_papers_are_found_and_linked(fake_embedder: FakeEmbedder, tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    shutil.copytree(CORPUS, folder)
    assert add_to_corpus([LIBRARY], folder).files == (folder / "library.bib",)
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    report = engine.ingest([folder])
    assert any("3 entries have no abstract" in str(w) for w in report.warnings)
    caches = engine.paper("coherent caches disaggregated")
    assert caches.paper.url == "https://doi.org/10.1145/1234567.7654321"
    assert caches.paper.authors == ("Ondřej Škoda", "Zoë Østergaard")
    photonic = engine.paper("photonic interconnects rack")  # no abstract: found by title
    assert photonic.paper.url == "https://arxiv.org/abs/2403.00001" and photonic.abstract == ""
    assert engine.paper("GPTQ accurate").paper.url == "https://arxiv.org/abs/2210.17323"
    assert engine.author("Jorg Muller").count == 1  # accents folded, as questions are


def test_a_file_of_nothing_but_comments_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no BibTeX entries"):
        parse_bibtex("% only a comment\n", "empty.bib")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from('@{}=,"\\ abtiyrle\n0123'), max_size=200))
def test_any_text_parses_or_is_refused_cleanly(text: str) -> None:
    try:
        parsed = parse_bibtex(text, "fuzz.bib")
    except CorpusError:
        return
    assert all(r.title and r.authors for r in parsed.records)
