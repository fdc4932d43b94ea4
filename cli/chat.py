"""``papercord chat``: the bot in a terminal, with the same cards as in Discord.

A line that reads as a follow-up ("and which of those are from 2023?", "what about
2024?", "and graph databases?") is asked in the context of the answer before it, as a
reply to an answer is in Discord (``bot.followup``); any other line is a new question.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field, replace
from typing import TextIO

from bot.context import has_more
from bot.followup import follow_up, narrowed
from bot.render import answer_card, author_card, paper_card
from bot.settings import Settings
from cli.text import card_text, terminal
from retrieval.engine import Engine
from retrieval.errors import NotFoundError, PapercordError
from retrieval.models import Answer, Filters
from retrieval.userinput import clean

HELP = """Ask a question about the listed papers, or use:
  /paper <title>    one paper, found by (part of) its title
  /author <name>    a summary of an author's listed papers
  /more             the next results of the last question
  /help             this text
  /quit             leave (or Ctrl-D)
A line that starts with "and" or "what about", or says "those", asks about the last
answer: "and which of those are from 2023?", "what about 2024?"."""
MORE_COMMAND = "/more for the next"
# What makes a line a follow-up here. In Discord a reply says so; in a terminal "which of
# these papers quantize LLMs?" is as often about the whole list, so "these" does not.
FOLLOWS = re.compile(r"^\s*(?:and|what\s+about|how\s+about)\b|\b(?:those|of\s+which)\b", re.I)


@dataclass
class Conversation:
    """The last answer, how far into it the user has read, and how it was asked."""

    answer: Answer | None = None
    offset: int = 0
    question: str = ""  # as the engine was asked: a follow-up's earlier question
    filters: Filters = field(default_factory=Filters)
    within: tuple[str, ...] | None = None  # a follow-up keeps only these earlier papers


def respond(engine: Engine, line: str, state: Conversation, shown: int) -> str:
    """Return the text reply to one console line."""
    line = clean(line)  # "\x1b[31m/paper GPTQ" is the command, not a question
    command, _, rest = line.strip().partition(" ")
    if command.startswith("/"):  # "/paper<TAB>GPTQ": any white space ends the command
        command, rest = [*line.split(maxsplit=1), ""][:2]
    try:
        if command == "/help":
            return HELP
        if command == "/paper":
            state.answer = None  # "which of those ..." after it is a new question
            return card_text(paper_card(engine.paper(rest)))
        if command == "/author":
            summary = engine.author(rest)
            _remember(engine, state, f"papers by {summary.name}")  # "and which of those ..."
            return card_text(author_card(summary))
        if command == "/more":
            return _more(engine, state, shown)
        if command.startswith("/"):
            return f"Unknown command {command}. Type /help."
        return _question(engine, line.strip(), state, shown)
    except NotFoundError as exc:
        hint = exc.did_you_mean()
        return f"{exc}." + (f"\n{hint}" if hint else "")
    except PapercordError as exc:
        return str(exc)


def _question(engine: Engine, text: str, state: Conversation, shown: int) -> str:
    """Answer a question, in the context of the last answer when it reads as a follow-up."""
    earlier = state.answer if FOLLOWS.search(text) else None
    asked, filters, within = text, Filters(), None
    if earlier is not None:
        papers = earlier.closest if earlier.abstained else earlier.results + earlier.more
        ids = [r.paper.id for r in papers]
        context = follow_up(state.question, earlier.filters, ids, text)
        asked, filters, within = context.question, context.filters, context.within
    state.answer, state.offset = None, 0  # a question refused leaves nothing to page
    state.question, state.filters, state.within = asked, filters, within
    answer = _ask(engine, state, quote=None)
    if earlier is None:  # a new question, as in Discord; unchanged without [llm]
        answer = engine.summarize(answer, shown)
    if earlier is not None:  # as Discord shows a reply: "quantization → what about 2024?"
        answer = replace(answer, question=f"{earlier.question} → {text}")
    state.answer = answer
    return card_text(answer_card(answer, shown, 0, MORE_COMMAND))


def _remember(engine: Engine, state: Conversation, question: str) -> None:
    """Make a question's answer the one a follow-up or /more continues from."""
    state.question, state.filters, state.within, state.offset = question, Filters(), None, 0
    state.answer = _ask(engine, state, quote=None)


def _more(engine: Engine, state: Conversation, shown: int) -> str:
    """Return the next page of the last answer, or say there is none."""
    answer = state.answer
    if answer is None:
        return "Ask a question first."
    if not has_more(answer, shown, state.offset):
        carried = len(answer.results + answer.more)
        if answer.abstained or answer.matched <= carried:
            return "No more results."
        return (
            f"No more results: the first {carried} of the {answer.matched} that matched can "
            "be shown. Narrow the question (years, a subject, an author) to see the others."
        )
    state.offset += shown
    # Asked again to quote the papers of this page (an answer quotes its results).
    again = _ask(engine, state, quote=state.offset + shown)
    state.answer = replace(again, question=answer.question)
    return card_text(answer_card(state.answer, shown, state.offset, MORE_COMMAND))


def _ask(engine: Engine, state: Conversation, quote: int | None) -> Answer:
    """Ask the engine as the conversation says: a follow-up keeps its earlier papers."""
    if state.within is None:
        return engine.ask(state.question, filters=state.filters, quote=quote)
    every = engine.settings.listed  # which of them still match: quote them all
    return narrowed(engine.ask(state.question, filters=state.filters, quote=every), state.within)


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
        if not line or line.split()[:1] in (["/quit"], ["/exit"]):  # "/quit now" too
            return 0
        if line.strip():
            reply = respond(engine, line, state, settings.discord.results_shown)
            print(terminal(reply), file=stdout)
