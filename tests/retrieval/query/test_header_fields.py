"""The header of a memo, an e-mail or a fax around a question is no part of what it asks."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.models import UNSURE
from retrieval.query.header_fields import without_header_fields
from tests.retrieval.shown import shown, writes

listed = writes({"fpga", "fpgas", "graph", "quantization", "python"})  # words a list writes


@pytest.mark.parametrize(
    ("typed", "read"),
    [("To: reading group\nFrom: Priya, Systems IT\nCC: admins\nwhich papers use Python?",
      "which papers use Python?"),
     ("Date: 3 May 2024\nSent by: Ana\nany graph papers?", "any graph papers?"),
     ("MEMO\nTO: all staff\nRE: FPGAs\nlist the FPGA papers", "RE: FPGAs\nlist the FPGA papers"),
     ("*** FAX TRANSMITTAL ***\nPAGES: 1\nany graph papers?", "any graph papers?"),
     # a line of boxes for the form's handling, none of whose labels the list writes
     ("*** FAX ***\nFrom: desk 4\n[ ] Urgent [x] For Review\nany graph papers?",
      "any graph papers?")],
)  # fmt: skip
def test_the_routing_of_a_document_is_left_out(typed: str, read: str) -> None:
    assert without_header_fields(typed, listed) == read


@pytest.mark.parametrize(
    "typed",
    ["Date: 2023\nTopic: graphs\nwhich papers?",  # a year alone may filter the papers
     "QUANTIZATION\nany from 2023?",  # a heading of the list's words is the topic
     "BLOOM FILTERS\nany papers?",  # over an ask of nothing else, too
     "Speculative decoding\nany papers on it?",  # in plain letters, a heading
     "[x] FPGA [ ] GPU\nlist the papers",  # boxes offering the list's words may be the ask
     "From: 2022 on, which graph papers?"],  # nothing else left: read as typed
)  # fmt: skip
def test_topics_filters_and_tasks_stay(typed: str) -> None:
    assert without_header_fields(typed, listed) == typed


@pytest.mark.parametrize(
    ("memo", "plain"),
    [("To: reading group\nFrom: Priya Natarajan, Systems & Networking IT\nDate: 3 May\n"
      "CC: lab-admins\nWhich papers use Python?", "Which papers use Python?"),
     ("MEMO\nTO: all staff\nFROM: Facilities Office\nPAGES: 2\nRE: FPGAs\n"
      "MESSAGE: list every paper on FPGAs please.", "list every paper on FPGAs please."),
     ("*** FAX ***\nTO: the bot\nFROM: J. Roe, Building Services\n"
      "[ ] Urgent  [x] For Review  [ ] Please Reply\nMESSAGE: list every paper on FPGAs.",
      "list every paper on FPGAs.")],
)  # fmt: skip
def test_a_question_under_a_header_gets_the_answer_of_the_question(
    engine: Engine, memo: str, plain: str
) -> None:
    # both abstained: the senders, the readers and the banner were searched as topics
    answer, asked = engine.ask(memo), engine.ask(plain)
    assert shown(answer) == shown(asked) != [] and UNSURE not in answer.notes
