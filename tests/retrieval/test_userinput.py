"""What addresses people is taken out of a question; what is content stays."""

from __future__ import annotations

import pytest

from retrieval.userinput import typed, without_mentions


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
     "(@2023) graph papers", "write to me at ada@example.org about FPGAs",
     "@article{key, title={Allo}} listed?", "@misc {key, title={Allo}}"],
)  # fmt: skip
def test_an_at_sign_in_code_quotes_or_brackets_is_content(typed: str) -> None:
    assert without_mentions(typed) == typed


def test_mentions_go_and_a_message_keeps_its_lines() -> None:
    text = "<@123> quick one\n\n  which papers   are from 2023 \n<#456> thanks"
    assert without_mentions(text) == "quick one\nwhich papers are from 2023\nthanks"


@pytest.mark.parametrize(
    "text",
    ["Where’s that transformer for graphs that scales linearly?", "Müller’s papers on FPGAs — any?",
     "Zürich’s «spatial» papers, and Müller’s — which are they?",
     "I’d like every paper on 4‑bit weights…"],
)  # fmt: skip
def test_mojibake_is_decoded_back(text: str) -> None:
    """Text that went through a wrong decoder on its way (a mail client, a PDF copy)."""
    for codec in ("cp1252", "latin-1"):
        garbled = text.encode("utf-8").decode(codec)
        assert garbled != text
        assert typed(garbled) == text


@pytest.mark.parametrize(
    "text",
    ["Größe der Modelle für Müller", "São Paulo", "papers â la mode", "量子化の論文",
     "그래프 신경망 논문", "x ≥ 2 and “quoted”", "naïve café résumé",
     "Matrix Â = Ã + Ä", "Â ÎN ROMÂNIA", "Vector Â · b"],
)  # fmt: skip
def test_text_without_mojibake_is_kept(text: str) -> None:
    assert typed(text) == text
