"""The line that answers questions about the list itself (``retrieval.answers.overview``)."""

from __future__ import annotations

from retrieval.answers.overview import overview
from retrieval.models import Paper


def paper(n: int, year: int, subject: str, author: str) -> Paper:
    return Paper(f"p{n}", f"Title {n}", "An abstract.", year, (subject,), (author,))


def test_it_counts_by_year_subject_and_author_largest_first() -> None:
    papers = [
        paper(1, 2023, "cs.LG", "A"),
        paper(2, 2023, "cs.LG", "B"),
        paper(3, 2022, "cs.DC", "B"),
    ]
    assert overview(papers) == (
        "3 papers, 2022–2023 (2022: 1 · 2023: 2); 2 subjects: cs.LG 2 · cs.DC 1; "
        "2 listed authors: B 2 · A 1."
    )


def test_a_large_corpus_shows_its_largest_counts_and_the_span_of_years() -> None:
    # A whole arXiv category: hundreds of authors, dozens of subjects, decades of years.
    papers = [paper(n, 1990 + n % 30, f"cs.S{n % 40}", f"Author {n}") for n in range(300)]
    line = overview(papers)
    # how many there are, though a few are named ("how many distinct subjects?")
    assert line.startswith("300 papers, 1990–2019; 40 subjects: ")
    assert "and 28 more; 300 listed authors: " in line and line.endswith("and 288 more.")
    assert overview([]) == "No listed paper matches."
    one = "1 paper, 1990; 1 subject: cs.S0 1; 1 listed author: Author 0 1."
    assert overview(papers[:1]) == one
