"""The figures a question recalls of a paper's results, and whether a paper writes them."""

from __future__ import annotations

import pytest

from retrieval.query.figures import recalled, says_any


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        ("the paper with a 3.1x speedup over cuBLAS", [(3.1, 3.1)]),
        ("it cut the error by like 20-25%", [(20.0, 25.0)]),
        ("images made 10,000 times smaller", [(10000.0, 10000.0)]),
        ("a 3-fold gain, ~12 % fewer errors", [(3.0, 3.0), (12.0, 12.0)]),
        # bounds of what is asked, and zeros, are no recollection
        ("which papers claim more than 2x speedups?", []),
        ("anything under 5% overhead or at least 10x faster?", []),
        ("quantized with 0% accuracy loss", []),
        # numbers without a unit of a result
        ("the 2023 paper on 4-bit weights with 175 billion parameters", []),
    ],
)
def test_a_question_recalls_the_figures_written_with_a_unit_of_a_result(
    question: str, figures: list[tuple[float, float]]
) -> None:
    assert recalled(question) == figures


def test_a_paper_says_a_figure_it_writes_rounded_or_within_a_range() -> None:
    abstract = "It runs 1.67x faster, cuts error by 21.38%, and needs 10^4 fewer samples."
    assert says_any([(1.7, 1.7)], abstract)  # rounded
    assert says_any([(20.0, 25.0)], abstract)  # within the range recalled
    assert says_any([(10000.0, 10000.0)], abstract)  # written as a power
    assert not says_any([(2.5, 2.5)], abstract)
    assert not says_any([(62.0, 62.0)], abstract)
