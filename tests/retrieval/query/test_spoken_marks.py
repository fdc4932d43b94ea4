"""A word written for a full stop ("... STOP ... STOP") is read as one."""

from __future__ import annotations

import pytest

from retrieval.query.spoken_marks import spoken_marks


def corpus_word(word: str) -> bool:
    return word in {"memory", "data", "break", "learning"}


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("graph papers STOP from 2023 STOP all of them STOP",
         "graph papers. from 2023. all of them."),
        ("Hoefler papers STOP cs.DC STOP the lot STOP", "Hoefler papers. cs.DC. the lot."),
        # a word stressed, however often, that does not end the message
        ("quantization papers EXCEPT Zhang's? EXCEPT Zhang! EXCEPT him, ok?",
         "quantization papers EXCEPT Zhang's? EXCEPT Zhang! EXCEPT him, ok?"),
        ("papers that use ADAM optimizer, ADAM", "papers that use ADAM optimizer, ADAM"),
        # a word the papers use may be the topic; a name is no everyday word
        ("papers on DATA STOP DATA DATA", "papers on DATA STOP DATA DATA"),
        ("papers STOP on BREAK BREAK x BREAK", "papers STOP on BREAK BREAK x BREAK"),
        ("which GPU papers compare GPU kernels? GPU GPU", "which GPU papers compare GPU kernels? GPU GPU"),
        ("which titles contain 'STOP'? STOP STOP", "which titles contain 'STOP'? STOP STOP"),  # quoted
        ("WHICH PAPERS STOP HERE STOP STOP", "WHICH PAPERS STOP HERE STOP STOP"),  # in capitals
    ],
)  # fmt: skip
def test_an_everyday_word_in_capitals_closing_every_clause_is_a_full_stop(
    text: str, read: str
) -> None:
    assert spoken_marks(text, corpus_word) == read
