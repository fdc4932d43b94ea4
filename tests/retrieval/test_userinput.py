"""What addresses people is taken out of a question; what is content stays."""

from __future__ import annotations

import pytest

from retrieval.userinput import without_mentions


@pytest.mark.parametrize(
    ("typed", "left"),
    [
        ("@papercord papers from 2023", "papers from 2023"),
        ("👋 **@PaperBot** papers on graphs", "** papers on graphs"),
        ("> @papers_bot, anything on graphs?", ", anything on graphs?"),
        ("<@123456789> papers on graphs", "papers on graphs"),
        ("@Hoefler. weather papers?", "Hoefler. weather papers?"),  # an author: kept
    ],
)
def test_an_opening_mention_goes(typed: str, left: str) -> None:
    assert without_mentions(typed, keep=lambda name: name == "Hoefler") == left


@pytest.mark.parametrize(
    "typed",
    ["`@torch.jit.script` vs Slapo", '"@GPTQ" who wrote it?', "- @Polynormer authors?",
     "(@2023) graph papers", "write to me at ada@example.org about FPGAs"],
)  # fmt: skip
def test_an_at_sign_in_code_quotes_or_brackets_is_content(typed: str) -> None:
    assert without_mentions(typed) == typed


def test_mentions_go_and_a_message_keeps_its_lines() -> None:
    text = "<@123> quick one\n\n  which papers   are from 2023 \n<#456> thanks"
    assert without_mentions(text) == "quick one\nwhich papers are from 2023\nthanks"
