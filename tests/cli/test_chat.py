"""``papercord chat``: each console line gets the reply the bot would give."""

from __future__ import annotations

import io
import re

from bot.settings import load_settings
from cli.chat import HELP, Conversation, respond, run_console
from retrieval.engine import Engine


def test_more_pages_through_the_last_answer(fake_engine: Engine) -> None:
    state = Conversation()
    assert respond(fake_engine, "/more", state, 2) == "Ask a question first."
    first = respond(fake_engine, "graph neural networks", state, 2)
    assert "**1. " in first and "**3. " not in first
    second = respond(fake_engine, "/more", state, 2)
    assert "**3. " in second and "**1. " not in second and state.offset == 2
    third = respond(fake_engine, "/more", state, 2)  # papers 5-6: the 6th is past the results
    assert "**6. " in third
    papers = [block for block in third.split("\n\n") if block.startswith("**")]
    assert papers and all(re.search(r"\n> \S", block) for block in papers)  # each one quoted


def test_commands_and_mistakes_get_one_clear_reply(fake_engine: Engine) -> None:
    state = Conversation()
    assert respond(fake_engine, "/help", state, 3) == HELP
    assert (
        respond(fake_engine, "/frobnicate x", state, 3)
        == "Unknown command /frobnicate. Type /help."
    )
    assert respond(fake_engine, "/author Yann LeCun", state, 3) == (
        "no listed author matches 'Yann LeCun'.\nDid you mean: Torsten Hoefler; Zhiru Zhang"
    )
    assert respond(fake_engine, "/paper a", state, 3) == (
        "type at least three characters of the paper's title"
    )


def test_console_answers_until_quit(fake_engine: Engine) -> None:
    out = io.StringIO()
    stdin = io.StringIO("/paper sagman\n\n/quit\nnever read\n")
    assert run_console(fake_engine, load_settings(), stdin, out) == 0
    assert out.getvalue().startswith("SAGMAN") and "never read" not in out.getvalue()
