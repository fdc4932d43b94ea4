"""Subtitle cues and transcript times around a question are no part of what it asks."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.timings import without_timings
from tests.retrieval.shown import shown

SRT = (
    "7\n00:04:10,200 --> 00:04:13,900\nso is there anything in the list on\n\n"
    "8\n00:04:14,000 --> 00:04:18,450\nfederated learning on phones, where clients\n\n"
    "9\n00:04:18,550 --> 00:04:21,000\nkeep their raw data to themselves?\n"
)
VTT = (
    "WEBVTT\n\n00:01.000 --> 00:04.000 align:start\nwhich papers here are about\n\n"
    "00:04.100 --> 00:06.500\nquantum computers?\n"
)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (SRT, "so is there anything in the list on federated learning on phones, where "
              "clients keep their raw data to themselves?"),
        (VTT, "which papers here are about quantum computers?"),
        ("[00:12:01] which papers cover graphs?\n(1:02:15) and from 2023?",
         "which papers cover graphs?\nand from 2023?"),
        # no time range: a number alone is no cue's, a time in a sentence stays
        ("2023\nwhich papers are from that year?", "2023\nwhich papers are from that year?"),
        ("any papers I can read before 10:30 on graphs?",
         "any papers I can read before 10:30 on graphs?"),
    ],
)  # fmt: skip
def test_cues_and_line_times_are_left_out(text: str, read: str) -> None:
    assert without_timings(text) == read


def test_a_question_pasted_from_subtitles_is_answered_as_written_plainly(engine: Engine) -> None:
    # Before, the cue numbers and times were searched and the cues cut the sentence:
    # a question the list cannot answer was answered as if surely.
    plain = engine.ask(without_timings(SRT))
    timed = engine.ask(SRT)
    assert plain.abstained or "Not a sure match" in " ".join(plain.notes)
    assert (timed.abstained, shown(timed), timed.notes) == (
        plain.abstained,
        shown(plain),
        plain.notes,
    )


def test_cue_times_are_not_an_aside_of_a_count(engine: Engine) -> None:
    asked = "12\n00:05:00,000 --> 00:05:03,500\nhow many of the listed papers are in cs.CL?"
    answer = engine.ask(asked)
    cs_cl = sum("cs.CL" in p.subjects for p in engine.searcher.index.papers.values())
    assert answer.notes == (f"{cs_cl} listed papers match.",)
