"""A word written for a full stop ("... STOP ... STOP") is read as one."""

from __future__ import annotations

import pytest

from retrieval.query.spoken_marks import spoken_marks


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("graph papers STOP from 2023 STOP all of them STOP",
         "graph papers. from 2023. all of them."),
        ("cs.DC papers BREAK by Hoefler BREAK the lot", "cs.DC papers. by Hoefler. the lot"),
        # names said twice in capitals are names: no everyday word
        ("which GPU papers compare GPU kernels?", "which GPU papers compare GPU kernels?"),
        ("FPGA papers, FPGA only", "FPGA papers, FPGA only"),
        ("a paper on graphs STOP", "a paper on graphs STOP"),  # once is a word
        ("WHICH PAPERS STOP HERE STOP", "WHICH PAPERS STOP HERE STOP"),  # all in capitals
    ],
)  # fmt: skip
def test_an_everyday_word_in_capitals_between_clauses_is_a_full_stop(text: str, read: str) -> None:
    assert spoken_marks(text) == read
