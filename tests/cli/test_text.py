"""Cards as terminal text: the same rendering model as the Discord embeds, shown plain."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace

import pytest

from bot.render import Card, Field, answer_card, escape, paper_card
from cli import subcommands
from cli.main import main
from cli.text import ANSI_BOLD, ANSI_NORMAL, Style, card_text, plain, short_link
from retrieval.engine import Engine
from retrieval.models import Answer, PaperDetail, PaperRef, Subject
from tests.bot.test_render import paper, result

LONG_TITLE = "Understanding the Potential of FPGA-Based Spatial Acceleration for Large Language Model Inference"
SEARCH = (
    "https://arxiv.org/search/?query=Understanding+the+Potential+of+FPGA-Based+Spatial+"
    "Acceleration+for+Large+Language+Model+Inference&searchtype=title"
)


def listed(title: str, url: str) -> PaperRef:
    subject = Subject("cs.LG", "Machine Learning", "https://arxiv.org/list/cs.LG/recent")
    return PaperRef("p000000000001", title, 2024, ("Zhiru Zhang",), (subject,), url)


def test_paper_card_and_console_share_one_model() -> None:
    detail = PaperDetail(paper("GPTQ"), "An abstract about 4-bit GPT.", 100.0, (paper("Other"),))
    text = card_text(paper_card(detail))
    assert text.startswith("GPTQ\n====\nhttps://arxiv.org/x\n")
    assert "An abstract about 4-bit GPT." in text and "  • Other (2024)\n" in text
    assert "Subjects:\n  cs.LG cs.LG cs.LG\n" in text  # the code says it; no listing link


def test_plain_drops_markdown_and_puts_links_on_their_own_line() -> None:
    markdown = "see [GPTQ \\[4-bit\\]](https://arxiv.org/x) and \\*stars\\* for @\u200beveryone"
    assert plain(markdown) == "see GPTQ [4-bit] and *stars* for @everyone\nhttps://arxiv.org/x"
    assert plain("**1. [T](https://arxiv.org/abs/2301.1)** (2023) *matched: both*") == (
        "1. T (2023) matched: both\nhttps://arxiv.org/abs/2301.1"
    )


def test_card_text_lays_out_title_fields_and_footer() -> None:
    card = Card("Title", "Body.", None, (Field("Year", "2024"),), "footer")
    assert card_text(card) == "Title\n=====\nBody.\n\nYear:\n  2024\n\n-- footer\n"


def test_an_answer_in_the_terminal_has_no_markdown_and_short_links() -> None:
    # The console printed "**1. Title <https://arxiv.org/search/?query=...>** (2023)" and
    # "**bold**" inside quotes; the 150-character links wrapped one paper over 4-6 lines.
    snippet = "We quantize weights to 4 bits with a quantizer that is simple."
    papers = (listed(LONG_TITLE, SEARCH), listed("GPTQ", "https://arxiv.org/abs/2210.17323"))
    found = tuple(replace(result(p.title, snippet), paper=p) for p in papers)
    answer = Answer("which papers quantize?", "hybrid", False, found)
    text = card_text(answer_card(answer, shown=2))
    assert "**" not in text and "\\" not in text and "](" not in text
    assert "1. Understanding the Potential" in text and "   > We quantize weights" in text
    links = [line.strip() for line in text.splitlines() if "https://" in line]
    assert links == [short_link(SEARCH), "https://arxiv.org/abs/2210.17323"]
    assert all(line.strip() in links for line in text.splitlines() if "arxiv.org" in line)
    assert len(short_link(SEARCH)) <= 80 and "Understanding" in short_link(SEARCH)
    assert all(len(line) <= 80 for line in text.splitlines() if "://" not in line)


def test_long_lines_wrap_to_the_terminal_width_under_their_indent() -> None:
    words = " ".join(f"word{n}" for n in range(60))
    text = plain(f"> {words}", Style(width=40), indent="   ")
    lines = text.splitlines()
    assert len(lines) > 5 and all(len(line) <= 40 for line in lines)
    assert all(line.startswith("   > ") for line in lines)
    assert " ".join(line[5:] for line in lines) == words  # nothing lost or cut


def test_bold_is_the_terminals_own_and_only_on_a_terminal() -> None:
    markdown = "> we **quantize** to 4 **bits**"
    assert plain(markdown, Style(bold=True)) == (
        f"> we {ANSI_BOLD}quantize{ANSI_NORMAL} to 4 {ANSI_BOLD}bits{ANSI_NORMAL}"
    )
    assert plain(markdown, Style(bold=False)) == "> we quantize to 4 bits"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_style_follows_the_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Style.of(Terminal()) == Style(bold=True, width=100)
    assert Style.of(io.StringIO()) == Style(bold=False, width=100)  # piped: no escapes
    monkeypatch.setenv("NO_COLOR", "1")
    assert Style.of(Terminal()).bold is False


def test_corpus_escapes_never_reach_the_terminal_even_with_bold() -> None:
    text = plain("**title \x1b[31mred\x07**", Style(bold=True))
    assert text.startswith(f"{ANSI_BOLD}title red") and text.endswith(ANSI_NORMAL)
    assert "\x1b[31m" not in text and "\x07" not in text
    escaped = escape("Blinking \x1b[5mTerminals\x1b[0m")  # as a card holds a title
    assert plain(escaped) == "Blinking Terminals"  # not "Blinking [5mTerminals[0m"


def test_ask_prints_plain_text_but_json_is_unchanged(
    fake_engine: Engine,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr(subcommands, "build_engine", lambda settings, **_: fake_engine)
    assert main(["ask", "graph neural networks"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^1\. \S", text, re.M) and "**" not in text and "<https" not in text
    assert main(["ask", "graph neural networks", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert "**" in payload["results"][0]["snippet_marked"]  # JSON keeps its markers
    assert payload["results"][0]["url"].startswith("https://arxiv.org/search/?query=")
