"""Citations parse as BibTeX (bibtexparser), keep titles exact, and keys never change."""

from __future__ import annotations

import json
import shutil
import string
from dataclasses import replace
from pathlib import Path

import bibtexparser
from hypothesis import given
from hypothesis import strategies as st
from pylatexenc.latex2text import LatexNodes2Text

from retrieval.answers.citation import citation_key, cite
from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.models import Paper, Source
from tests.conftest import TEST_DATA, FakeEmbedder

GPTQ = Paper(
    id="p0123456789ab",
    title="GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers",
    abstract="",
    year=2023,
    subjects=("cs.LG", "cs.AI"),
    authors=("Elias Frantar", "Saleh Ashkboos", "Torsten Hoefler", "Dan Alistarh"),
)
# Characters a title may hold, LaTeX's ten specials included (no quotes or "--", which
# LaTeX itself turns into typographic ones).
TITLE_CHARACTERS = string.ascii_letters + string.digits + " .,:;()!?+=/*<>|@" + "\\{}&%$#_~^"


def parsed(entry: str) -> dict[str, str]:
    library = bibtexparser.parse_string(entry)
    assert not library.failed_blocks and len(library.entries) == 1, entry
    (found,) = library.entries
    return {
        "ENTRYTYPE": found.entry_type,
        "ID": found.key,
        **{f.key: f.value for f in found.fields},
    }


def as_text(latex: str) -> str:
    # pylatexenc renders \textasciicircum{} as the modifier letter; LaTeX prints "^".
    return LatexNodes2Text().latex_to_text(latex).replace("ˆ", "^")


def test_with_an_arxiv_id_the_entry_is_an_arxiv_article() -> None:
    citation = cite(GPTQ, arxiv_id="2210.17323")
    fields = parsed(citation.bibtex)
    assert fields["ENTRYTYPE"] == "article" and fields["ID"] == "frantar2023gptq"
    assert fields["title"].startswith("{GPTQ}: Accurate")  # braced: styles keep the case
    assert (
        fields["author"] == "Elias Frantar and Saleh Ashkboos and Torsten Hoefler and Dan Alistarh"
    )
    assert fields["eprint"] == "2210.17323" and fields["archivePrefix"] == "arXiv"
    assert fields["primaryClass"] == "cs.LG" and fields["year"] == "2023"
    assert fields["url"] == "https://arxiv.org/abs/2210.17323"
    assert citation.text == (
        "Elias Frantar, Saleh Ashkboos, Torsten Hoefler et al. (2023). GPTQ: Accurate "
        "Post-Training Quantization for Generative Pre-trained Transformers. "
        "arXiv:2210.17323 [cs.LG]. https://arxiv.org/abs/2210.17323"
    )


def test_without_an_id_it_is_a_misc_saying_what_is_unknown() -> None:
    listed = replace(GPTQ, authors=("Torsten Hoefler",))
    fields = parsed(cite(listed).bibtex)
    assert fields["ENTRYTYPE"] == "misc" and fields["ID"] == "hoefler2023gptq"
    assert fields["author"] == "Torsten Hoefler and others"
    assert "arXiv identifier unknown" in fields["note"] and "cs.LG" in fields["note"]
    assert "eprint" not in fields and fields["url"].startswith("https://arxiv.org/search/")
    assert cite(listed).text.startswith("Torsten Hoefler et al. (2023). GPTQ: Accurate")


def test_every_corpus_paper_parses_with_a_distinct_stable_key(fake_engine: Engine) -> None:
    papers = list(fake_engine.searcher.index.papers.values())
    keys = [parsed(cite(p).bibtex)["ID"] for p in papers]
    assert len(set(keys)) == len(papers) == 36
    assert keys == [citation_key(p) for p in papers]  # from the paper alone: stable
    assert fake_engine.cite("gptq post-training quantisation").key == "hoefler2023gptq"


@given(st.text(alphabet=TITLE_CHARACTERS, min_size=1, max_size=120).filter(str.strip))
def test_any_title_survives_escaping_exactly(title: str) -> None:
    paper = replace(GPTQ, title=title)
    fields = parsed(cite(paper, arxiv_id="2101.00001").bibtex)
    assert " ".join(as_text(fields["title"]).split()) == " ".join(title.split())


def test_a_record_that_lists_every_author_is_cited_as_complete() -> None:
    # A JSON Lines paper still got "and others" and "co-authors may be missing".
    from_jsonl = replace(GPTQ, sources=(Source("more/papers.jsonl", 3, "Elias Frantar", 1),))
    fields = parsed(cite(from_jsonl).bibtex)
    assert fields["author"] == (
        "Elias Frantar and Saleh Ashkboos and Torsten Hoefler and Dan Alistarh"
    )
    assert fields["note"] == "Listed on arXiv under cs.LG; arXiv identifier unknown"
    two = replace(from_jsonl, authors=("Elias Frantar", "Dan Alistarh"))
    assert cite(two).text.startswith("Elias Frantar, Dan Alistarh (2023). GPTQ")
    # A paper read only from listing pages still says what it cannot know.
    paged = replace(GPTQ, sources=(Source("data/pages/hoefler.txt", 9, "Torsten Hoefler", 2),))
    assert parsed(cite(paged).bibtex)["author"].endswith(" and others")


def test_jsonl_and_snapshot_papers_get_their_full_author_lists(
    fake_embedder: FakeEmbedder, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    row = {"title": "Sparse Widgets at Scale", "abstract": "We study sparse widgets.",
           "year": 2024, "subjects": ["cs.DC"], "authors": ["Ada Lovelace", "Alan Turing"]}  # fmt: skip
    (corpus / "mine.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    shutil.copy(TEST_DATA / "arxiv" / "snapshot.json", corpus / "snapshot.json")
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    engine.ingest([corpus])
    for title in ("Sparse Widgets at Scale", "Gossip Protocols for Straggler-Tolerant"):
        citation = engine.cite(title)
        assert "and others" not in citation.bibtex and "may be missing" not in citation.bibtex
        assert " et al." not in citation.text or citation.text.count(",") >= 3
    assert "author = {Ada Lovelace and Alan Turing}" in engine.cite("sparse widgets").bibtex
