"""``papercord chat``: the bot in a terminal, with the same cards as in Discord."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from bot.console import card_text
from bot.render import answer_card, author_card, paper_card
from bot.settings import Settings
from retrieval.errors import NotFoundError, PapercordError

if TYPE_CHECKING:
    from retrieval.engine import Engine

HELP = """Ask a question about the listed papers, or use:
  /paper <title>    one paper, found by (part of) its title
  /author <name>    a summary of an author's listed papers
  /more             the next results of the last question
  /help             this text
  /quit             leave (or Ctrl-D)"""


def respond(engine: Engine, line: str, state: dict[str, object], shown: int) -> str:
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
            last = state.get("answer")
            if last is None:
                return "Ask a question first."
            state["offset"] = int(str(state.get("offset", 0))) + shown
            return card_text(answer_card(last, shown, int(str(state["offset"]))))  # type: ignore[arg-type]
        if command.startswith("/"):
            return f"Unknown command {command}. Type /help."
        answer = engine.ask(line)
        state.update(answer=answer, offset=0)
        return card_text(answer_card(answer, shown))
    except NotFoundError as exc:
        hint = f"\nDid you mean: {'; '.join(exc.suggestions[:5])}" if exc.suggestions else ""
        return f"{exc}.{hint}"
    except PapercordError as exc:
        return str(exc)


def run_console(
    engine: Engine, settings: Settings, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout
) -> int:
    """Read lines until /quit or end of input, answering each."""
    interactive = stdin.isatty()
    if interactive:
        print("papercord console. " + HELP, file=stdout)
    state: dict[str, object] = {}
    while True:
        if interactive:
            print("\n> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line or line.strip() in {"/quit", "/exit"}:
            return 0
        if line.strip():
            print(respond(engine, line, state, settings.discord.results_shown), file=stdout)
