"""Text pasted from a scan or a printout is read as the words it was printed with."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.scanned import ScannedWords
from tests.retrieval.shown import shown

CORPUS = frozenset(
    {"quantization", "networks", "compression", "spatial", "accelerators", "formats"}
)
SCANNED = ScannedWords(CORPUS.__contains__, CORPUS.__contains__, frozenset({"hoefler"}))


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("papers on quanti-\nzation", "papers on quantization"),  # broken at a line end
        ("image compres-\n  sion at low rates", "image compression at low rates"),
        ("graph netvvorks, all of thern", "graph networks, all of them"),  # "vv", "rn"
        ("Whlch papers use spatia1 acce|erators?", "Which papers use spatial accelerators?"),
        ("LlST ALL PAPERS ON QUANTlZATlON", "LIST ALL PAPERS ON QUANTIZATION"),  # capitals
        ("sparse tensor forrnats, a11 of them", "sparse tensor formats, all of them"),
        ("P|ease find the 1arge ones", "Please find the large ones"),
        ("a pre-\ntrained model, co-\ndesign", "a pre-trained model, co-design"),  # compounds
    ],
)
def test_a_scanned_text_is_read_as_the_words_it_was_printed_with(typed: str, read: str) -> None:
    assert SCANNED.read(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "papers by Dally and Hoefler on SlimNet",  # names, with a capital or listed
        "hiii, ERA5 and top5 on an A100 with bf16 and x86",  # stretched; versions, indices
        "modern clean burn corn",  # English words with look-alikes in them
        # acronyms in capitals, rare words, names anywhere ("BIAS", "damping", "Daily")
        "BLAS, PLM, VLA, RNG, HCL and CLOS networks",
        "gradient clamping, clots and alms in gradle builds",
        "Dr. Dally and Prof. Polson. Marla asked. Kirn here.",
        "is p4p3r a word?",  # leetspeak, read only in a message of such words
        "ResNet-101 on 100 GPUs, 1010 runs",  # numbers: "101" had been read as "lol"
    ],
)
def test_words_and_names_are_left_as_typed(typed: str) -> None:
    assert SCANNED.read(typed) == typed


def test_a_scanned_question_gets_the_answer_of_its_printed_words(engine: Engine) -> None:
    # Read as typed, "quanti-" and "zation" are no words: the question abstained; a
    # misread word made an answer abstain, or say "No listed paper mentions “B1NARY”".
    for typed, plain in [
        ("Which work studies quanti-\nzation in deep nets?",
         "Which work studies quantization in deep nets?"),
        ("What papers study rnixture of experts rnodels?",
         "What papers study mixture of experts models?"),
        ("LIST ALL PAPERS ON B1NARY NEURAL NETWORKS", "LIST ALL PAPERS ON BINARY NEURAL NETWORKS"),
    ]:  # fmt: skip
        answer, asked = engine.ask(typed), engine.ask(plain)
        assert not answer.abstained and shown(answer) == shown(asked)
        assert answer.notes == (f"Read as “{plain}”.", *asked.notes)  # how it was read
