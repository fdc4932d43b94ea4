"""LaTeX in abstracts, decoded as arXiv's pages show it, and only where it is LaTeX."""

from __future__ import annotations

import pytest

from retrieval.ingest.corpus import load_corpus
from retrieval.ingest.latex import readable
from tests.conftest import TEST_DATA


@pytest.mark.parametrize(
    ("written", "shown"),
    [("evaluated on $13$ graphs", "evaluated on 13 graphs"),
     ("up to 45$\\times$ faster", "up to 45× faster"),
     ("at ($\\mu$bpp) rates", "at (μbpp) rates"),
     ("runs in $O(n \\log n)$ time", "runs in O(n log n) time"),
     ("we call it the \\textit{constrained Gumbel Trick}", "we call it the constrained Gumbel Trick"),
     ("50\\% sparsity", "50% sparsity")],
)  # fmt: skip
def test_latex_in_an_abstract_reads_as_arxiv_shows_it(written: str, shown: str) -> None:
    # quotes showed "$13$" and "\textit{...}" as typed in the source
    assert readable(written) == shown


@pytest.mark.parametrize(
    "text",
    ["costs $5 or $10 a month", "100% of users & more", "a_b and x^2 in C:\\path",
     "no LaTeX here at all"],
)  # fmt: skip
def test_text_that_is_not_latex_is_kept_as_written(text: str) -> None:
    # a whole abstract given to the decoder loses "% of users" as a comment
    assert readable(text) == text


def test_a_corpus_keeps_its_abstracts_as_arxiv_shows_them() -> None:
    paper = load_corpus([TEST_DATA / "lovelace_page3.txt"]).papers[0]
    assert paper.abstract.startswith("We compute the magnetization M(μ) of spin glasses")
    assert "$" not in paper.abstract
