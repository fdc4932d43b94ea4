"""Words typed in leetspeak are read as the words they spell."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.leetspeak import Leetspeak
from tests.retrieval.shown import shown

CORPUS = frozenset({"quantization", "sparse", "a100", "fp16", "mobilenet", "transformer"})
LEET = Leetspeak(lambda word: word in CORPUS, frozenset({"hoefler", "torsten"}))


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("wh1ch p4p3rs d0 sp4rs3 m4th?", "which papers do sparse math?"),
        ("4ny qu4nt1z4t10n w0rk 0n tr4nsf0rm3rs?", "any quantization work on transformers?"),
        ("SH0W M3 3V3RY P4P3R", "SHOW ME EVERY PAPER"),  # capitals kept, "M3" a stop word
        ("l1st T0rst3n H03fl3r's p4p3rs", "list Torsten Hoefler's papers"),  # a listed name
        ("wh4t's 0n arX1v fr0m h1m?", "what's on arXiv from him?"),  # rarer, in leetspeak
        ("4ll p4p3rs 4nd n0t3s 0n 4-b1t m0d3ls", "all papers and notes on 4-bit models"),
        ("7h3 5p4714l c0mpu73r", "the spatial computer"),  # few letters, long words
    ],
)
def test_a_message_in_leetspeak_is_read_as_the_words_it_spells(typed: str, read: str) -> None:
    assert LEET.read(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "which papers run on an A100 in fp16?",  # names the corpus writes
        "4bit quantization of int4 and fp8 weights on H100s, the 1st and 4th result",
        "k8s clusters and B2B markets",  # one made-up spelling each, no message of them
        "papers on 3D point clouds and 1D signals, not 5G",
        "is p4p3r a word?",  # one word in leetspeak: a name, maybe
        # units, indices and short names that spell words ("sms", "bus", "tops", "laos")
        "serving on L40S and p4d nodes with 5ms SLOs and 8us RPCs at 5am",
        "top5 error after block5 and pool5, with SE3 symmetry",
    ],
)
def test_names_with_digits_are_left_as_typed(typed: str) -> None:
    assert LEET.read(typed) == typed


def test_a_question_in_leetspeak_gets_the_answer_of_its_plain_words(engine: Engine) -> None:
    # Read as typed, no word was known: the question abstained.
    for typed, plain in [
        ("wh1ch p4p3rs qu4nt1z3 l4ngu4g3 m0d3ls?", "which papers quantize language models?"),
        ("sh0w m3 th3 p4p3rs 0n gr4ph tr4nsf0rm3rs", "show me the papers on graph transformers"),
    ]:
        answer, asked = engine.ask(typed), engine.ask(plain)
        assert not answer.abstained and shown(answer) == shown(asked)
        assert answer.notes[0] == f"Read as “{plain}”." and not asked.notes  # how it was read
    card = engine.ask("h0w m4ny p4p3rs d1d T0rst3n H03fl3r wr1t3, 4nd wh3n?")
    assert card.author is not None and card.author.name == "Torsten Hoefler"
