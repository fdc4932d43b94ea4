"""A choice between two papers answers with the one that what it is for finds first."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine


@pytest.mark.parametrize(
    ("question", "chosen", "other"),
    [
        (
            "For building a cheaper network for a deep learning cluster, should I read the "
            "paper on cloud network noise or the one with a new mesh topology?",
            "HammingMesh",
            "Noise in the Clouds",
        ),
        (
            "Which should I read to run LLMs with fewer layers per token: the t-distribution "
            "number format paper or the layer routing one?",
            "Radial Networks",
            "Learning from Students",
        ),
    ],
)
def test_the_option_that_fits_the_purpose_comes_first(
    engine: Engine, question: str, chosen: str, other: str
) -> None:
    # The option described in more of the abstract's own words came first.
    titles = [r.paper.title for r in engine.ask(question).results]
    assert titles[0].startswith(chosen) and titles[1].startswith(other)
