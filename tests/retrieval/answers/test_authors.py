"""Author summaries say honestly how much of a listing the corpus holds."""

from __future__ import annotations

from retrieval.answers.authors import coverage_line
from retrieval.models import ListingPage


def test_coverage_line_is_honest_about_pages() -> None:
    pages = [ListingPage("a.txt", "X", 2, 37, 18), ListingPage("b.txt", "X", 3, 37, 18)]
    assert (
        coverage_line(36, pages)
        == "36 papers, from pages 2 and 3 of a listing of at least 37 records"
    )
    assert coverage_line(1, []) == "1 paper, from files without listing pages"
