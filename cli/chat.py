"""``papercord chat``: the bot in a terminal, with the same cards as in Discord."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

from bot.render import answer_card, author_card, paper_card
from bot.settings import Settings
from cli.text import card_text, terminal
from retrieval.engine import Engine
from retrieval.errors import NotFoundError, PapercordError
from retrieval.models import Answer

HELP = """Ask a question about the listed papers, or use:
  /paper <title>    one paper, found by (part of) its title
  /author <name>    a summary of an author's listed papers
  /more             the next results of the last question
  /help             this text
  /quit             leave (or Ctrl-D)"""
MORE_COMMAND = "/more for the next"


@dataclass
class Conversation:
    """What /more needs: the last answer and how far into it the user has read."""

    answer: Answer | None = None
    offset: int = 0


def respond(engine: Engine, line: str, state: Conversation, shown: int) -> str:
    """Return the text reply to one console line."""
    command, _, rest = line.strip().partition(" ")
    try:
        if command == "/help":
            return HELP
        if command == "/paper":
            return card_text(paper_card(engine.paper(rest)))
        if command == "/author":
            return card_text(author_card(engine.author(rest)))
        if command == "/more":
            if state.answer is None:
                return "Ask a question first."
            state.offset += shown
            # Asked again to quote the papers of this page (an answer quotes its results).
            question = state.answer.question
            state.answer = engine.ask(question, quote=state.offset + shown)
            return card_text(answer_card(state.answer, shown, state.offset, MORE_COMMAND))
        if command.startswith("/"):
            return f"Unknown command {command}. Type /help."
        state.answer, state.offset = engine.ask(line), 0
        return card_text(answer_card(state.answer, shown, 0, MORE_COMMAND))
    except NotFoundError as exc:
        hint = exc.did_you_mean()
        return f"{exc}." + (f"\n{hint}" if hint else "")
    except PapercordError as exc:
        return str(exc)


def run_console(
    engine: Engine, settings: Settings, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Read lines until /quit or end of input (default: standard input), answering each."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    interactive = stdin.isatty()
    if interactive:
        print("papercord console. " + HELP, file=stdout)
    state = Conversation()
    while True:
        if interactive:
            print("\n> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line or line.strip() in {"/quit", "/exit"}:
            return 0
        if line.strip():
            reply = respond(engine, line, state, settings.discord.results_shown)
            print(terminal(reply), file=stdout)
