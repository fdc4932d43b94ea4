"""Citations parse as BibTeX (bibtexparser), keep titles exact, and keys never change."""

from __future__ import annotations

import string
from dataclasses import replace

import bibtexparser
from hypothesis import given
from hypothesis import strategies as st
from pylatexenc.latex2text import LatexNodes2Text

from retrieval.answers.citation import citation_key, cite
from retrieval.engine import Engine
from retrieval.models import Paper

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
