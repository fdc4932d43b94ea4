"""The figures a question recalls of a paper's results, and whether a paper writes them."""

from __future__ import annotations

import pytest

from retrieval.query.figures import NEAR, ROUGH, recalled, says_any


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        ("the paper with a 3.1x speedup over cuBLAS", [(3.1, 3.1, NEAR)]),
        ("it cut the error by like 20-25%", [(20.0, 25.0, ROUGH)]),
        ("images made 10,000 times smaller", [(10000.0, 10000.0, ROUGH)]),  # a round number
        ("a 3-fold gain, ~12 % fewer errors", [(3.0, 3.0, NEAR), (12.0, 12.0, ROUGH)]),
        ("a search space 10^4x smaller", [(10000.0, 10000.0, ROUGH)]),
        # bounds of what is asked, and zeros, are no recollection
        ("which papers claim more than 2x speedups?", []),
        ("anything under 5% overhead or at least 10x faster?", []),
        ("quantized with 0% accuracy loss", []),
        # how sure the asker is, counts of machines, how often: no figure of a result
        ("I'm 90% sure it was Zhang's, 100 percent an FPGA paper", []),
        # ... however it is said: the right paper was flagged "Not a sure match"
        ("70% confidence it's from 2023, 60% likely on FPGAs", []),
        ("I'm ~80% it's from 2024, 50% it mentions E2M1", []),
        ("a 2x speedup, that was the one", [(2.0, 2.0, NEAR)]),
        ("evaluated on an 8x A100 box with 4x GPUs", []),
        ("I asked this 3 times already", []),
        # a power no float holds is no figure (it had raised OverflowError)
        ("a 9^999999999x gain", []),
        # numbers without a unit of a result
        ("the 2023 paper on 4-bit weights with 175 billion parameters", []),
    ],
)
def test_a_question_recalls_the_figures_written_with_a_unit_of_a_result(
    question: str, figures: list[tuple[float, float, float]]
) -> None:
    assert recalled(question) == figures


def test_a_paper_says_a_figure_it_writes_rounded_or_within_a_range() -> None:
    abstract = "It runs 1.67x faster, cuts error by 21.38%, and needs 10^4 fewer samples."
    assert says_any(recalled("1.7x faster"), abstract)  # rounded
    assert says_any(recalled("error down 20-25%"), abstract)  # within the range recalled
    assert says_any(recalled("10,000x fewer samples"), abstract)  # written as a power
    assert not says_any(recalled("2.5x faster"), abstract)
    assert not says_any(recalled("a 62% cut"), abstract)
    # said roughly, or as a round number, a figure may be further off
    assert says_any(recalled("about 23% less error"), abstract)
    assert not says_any(recalled("23% less error"), abstract)
    assert says_any(recalled("10,000x"), "a search four orders of magnitude smaller")
    assert not says_any(recalled("10,000x"), "a 10^999999 gain")  # no float holds it
