"""A name typed one slip off the one a listed paper uses is read as that name."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.models import Answer
from retrieval.query.misspelled import NameSpelling
from retrieval.query.named_things import unshouted

CORPUS = ["polynormer", "gptq", "slapo", "allo", "hammingmesh", "probgraph", "fliqs",
          "openai", "gpus", "gpu", "ffnn", "network", "networks", "sparse", "the", "gnns"]  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("what does the Polynormr paper propose?", "what does the Polynormer paper propose?"),
        ("is Slapoo on the list", "is Slapo on the list"),  # a letter doubled
        ("GPQT vs Allo", "GPTQ vs Allo"),  # neighbours swapped, in capitals
        ("the FLIQ paper", "the FLIQS paper"),  # an acronym cut short
        ("the HamminMesh topology", "the HammingMesh topology"),
        ("ProbGrahp and Sparse", "ProbGraph and Sparse"),  # two slips in eight letters
    ],
)
def test_a_name_one_slip_off_a_listed_one_is_read_as_it(typed: str, meant: str) -> None:
    read = NameSpelling(CORPUS).correct(typed)  # the corpus's words are folded: its case is
    assert read.casefold() == meant.casefold() and read[0] == meant[0]  # the typed one's


@pytest.mark.parametrize(
    "typed",
    [
        "papers on TPUs",  # an acronym with a letter replaced is another acronym
        "FINN dataflow accelerators",
        "which papers mention GANs?",  # in the plural too: "GANs" is no "GNNs"
        "OpenMP offloading",  # two letters off in six: another name
        "the GPT-4 paper",  # a number makes another name
        "the SlimNet paper",  # nothing listed is near it
        "Network papers",  # a word the corpus uses
        "Kolynormer",  # another first letter
    ],
)
def test_other_names_are_left_as_typed(typed: str) -> None:
    assert NameSpelling(CORPUS).correct(typed) == typed


def test_a_name_two_listed_names_are_as_near_is_left_as_typed() -> None:
    assert NameSpelling(["slapo", "slaps"]).correct("the Slapp paper") == "the Slapp paper"


def _shown(answer: Answer) -> list[str]:
    return [r.paper.title for r in (answer.closest if answer.abstained else answer.results)]


def test_a_mistyped_paper_name_finds_the_paper_not_an_unlisted_one(engine: Engine) -> None:
    answer = engine.ask("what does the Polynormr paper propose?")
    assert not answer.abstained and not answer.notes
    assert _shown(answer)[0].startswith("Polynormer")
    unlisted = engine.ask("what does the SlimNet paper propose?")
    assert unlisted.abstained and "SlimNet" in unlisted.notes[0]


@pytest.mark.parametrize(
    ("shouted", "read"),
    [
        ("IS THERE A PAPER ON FAST FPGAS", "is there a paper on fast FPGAS"),
        ("WHERE IS THE SLIMNET PAPER??", "where is the SLIMNET paper??"),
        ("Is there a paper on GPTQ?", "Is there a paper on GPTQ?"),  # not shouted
        ("GNN ON FPGA", "GNN ON FPGA"),  # too short to tell
    ],
)
def test_a_question_in_capitals_keeps_capitals_for_names_only(shouted: str, read: str) -> None:
    assert unshouted(shouted) == read


def test_a_question_in_capitals_is_answered_as_if_written_plainly(engine: Engine) -> None:
    shouted = engine.ask("IS THERE ANYTHING ON MAKING SPARSE ATTENTION FASTER ON FPGAS")
    plain = engine.ask("is there anything on making sparse attention faster on FPGAs")
    assert not shouted.abstained and _shown(shouted) == _shown(plain)
    unlisted = engine.ask("SUMMARIZE THE ROBOSCHED PAPER PLEASE")
    assert unlisted.abstained and "ROBOSCHED" in unlisted.notes[0]


def test_an_acronym_a_letter_off_a_listed_one_is_said_to_be_unlisted(engine: Engine) -> None:
    # "GANs" had been read as "GNNs" with no word of it, and the GNN papers listed surely
    answer = engine.ask("which papers mention GANs?")
    assert "No listed paper mentions “GANs”." in answer.notes
    assert not answer.results
