"""Numbered labels of a structured message are no topic and no name asked about."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.models import UNSURE
from retrieval.query.item_labels import without_item_labels
from tests.retrieval.shown import shown, writes

listed = writes({"ens", "gpt", "graph", "task"})  # words a list writes


@pytest.mark.parametrize(
    ("typed", "read"),
    [("Item 4 — quantization papers", " quantization papers"),
     ("Task 2: list the graph papers.", " list the graph papers."),  # a word the list writes
     ("Q3: any weather papers?", " any weather papers?"),
     ("Ticket PC-112: which papers quantize LLMs?", " which papers quantize LLMs?"),
     # a key of the asker's code: "key" had narrowed the count to one of seven
     ("key ui.papers.2023.title: how many graph papers?", " how many graph papers?"),
     # said again where the message points back to it
     ("Lot 2 — graph networks. List the papers for Lot 2.", " graph networks. List the papers for  ."),
     ("Step 1: read. Step 2: list graph papers", " read.  list graph papers")],
)  # fmt: skip
def test_a_numbered_label_of_the_askers_document_is_left_out(typed: str, read: str) -> None:
    assert without_item_labels(typed, listed) == read


@pytest.mark.parametrize(
    "typed",
    ["Llama 2: which papers use it?",  # a word English writes seldom: a name
     "ENS-10: what is it about?", "GPT-4: any papers?",  # the list's names
     "2023: which graph papers?", "3: graph papers",  # a year, a number alone
     "cs.LG: which papers?",  # a subject code
     "notes.graph.md: which papers are listed there?",  # a key alone: a file asked about
     "Papers from 2022 - 2024?", "which papers use GPT-4 - the big one?"],  # not opening
)  # fmt: skip
def test_names_years_and_numbers_that_open_a_message_stay(typed: str) -> None:
    assert without_item_labels(typed, listed) == typed


@pytest.mark.parametrize("run", ["a_", "a.", "a-", "a_b.c-"])
def test_a_long_run_of_joined_words_is_read_in_one_pass(run: str) -> None:
    # a key read two ways at every underscore had backtracked without end ("key a_a_a...")
    typed = f"key {run * 60}!"
    assert without_item_labels(typed, listed) == typed


@pytest.mark.parametrize(
    ("labelled", "plain"),
    [("Task 2: list the graph learning papers.", "list the graph learning papers."),
     ("Item 4 — quantization papers. Which ones?", "quantization papers. Which ones?"),
     ("Q3: which papers are about weather forecasting?",
      "which papers are about weather forecasting?"),
     ("Step 3 - find the papers on FPGAs.", "find the papers on FPGAs.")],
)  # fmt: skip
def test_a_labelled_ask_gets_the_answer_of_its_plain_words(
    engine: Engine, labelled: str, plain: str
) -> None:
    # the label had been a topic or a name the list lacks: one of eight graph papers,
    # or "Not a sure match"
    answer, asked = engine.ask(labelled), engine.ask(plain)
    assert shown(answer) == shown(asked) != [] and UNSURE not in answer.notes
