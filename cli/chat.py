"""``papercord chat``: the bot in a terminal, with the same cards as in Discord.

A line that refers back to the answer before it ("and which of those are from 2023?",
"what about 2024?", "and graph databases?"; the rule is ``bot.followup.continues``) is
asked in its context, as a reply to an answer is in Discord; any other line, one that
names its own topic, paper or author, is a new question.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass, field, replace
from typing import TextIO

from bot.context import has_more
from bot.followup import continues, follow_up, narrowed
from bot.render import answer_card, author_card, paper_card
from bot.settings import Settings
from cli.text import PLAIN, Style, card_text, terminal
from retrieval.engine import Engine
from retrieval.errors import NotFoundError, PapercordError
from retrieval.models import Answer, Filters
from retrieval.userinput import clean

HELP = """Ask a question about the listed papers, or use:
  /paper <title>    one paper, found by (part of) its title
  /author <name>    a summary of an author's listed papers
  /cite <title>     a paper's BibTeX entry and plain-text reference
  /more (or more)   the next results of the last question
  /help             this text
  /quit             leave (or Ctrl-D)
A line that says "those" or "of these", starts with "and", or asks "what about ..."
after a list, asks about the last answer: "and which of those are from 2023?", "what
about 2024?". A line that names its own topic, paper or author starts anew."""
MORE_COMMAND = "more for the next"
COMMANDS = ("/paper", "/author", "/cite", "/more", "/help", "/quit")
# A line that only asks for the next page, as the button does in Discord: "more", "next".
MORE = re.compile(r"^\s*(?:more|next|more results|next page|show more)\s*[.!]*\s*$", re.I)


@dataclass
class Conversation:
    """The last answer, how far into it the user has read, and how it was asked."""

    answer: Answer | None = None
    offset: int = 0
    question: str = ""  # as the engine was asked: a follow-up's earlier question
    filters: Filters = field(default_factory=Filters)
    within: tuple[str, ...] | None = None  # a follow-up keeps only these earlier papers
    narrows: str = ""  # how the follow-up narrows them ("from 2023")
    earlier: Answer | None = None  # the answer a follow-up continues


def respond(
    engine: Engine, line: str, state: Conversation, shown: int, style: Style = PLAIN
) -> str:
    """Return the text reply to one console line, ready to print."""
    line = clean(line)  # "\x1b[31m/paper GPTQ" is the command, not a question
    command, _, rest = line.strip().partition(" ")
    if command.startswith("/"):  # "/paper<TAB>GPTQ": any white space ends the command
        command, rest = [*line.split(maxsplit=1), ""][:2]
    try:
        if command == "/help":
            return HELP
        if command == "/paper":
            state.answer = None  # "which of those ..." after it is a new question
            return card_text(paper_card(engine.paper(rest)), style)
        if command == "/author":
            summary = engine.author(rest)
            _remember(engine, state, f"papers by {summary.name}")  # "and which of those ..."
            return card_text(author_card(summary), style)
        if command == "/cite":
            citation = engine.cite(rest)  # both forms, as Discord's /cite gives by default
            return terminal(f"{citation.bibtex}\n\n{citation.text}")
        if command == "/more" or MORE.match(line):
            return _more(engine, state, shown, style)
        if command.startswith("/"):
            return unknown_command(command)
        return _question(engine, line.strip(), state, shown, style)
    except NotFoundError as exc:
        hint = exc.did_you_mean()
        return terminal(f"{exc}." + (f"\n{hint}" if hint else ""))
    except PapercordError as exc:
        return terminal(str(exc))


def unknown_command(command: str) -> str:
    """Return the reply to a command that does not exist, with the nearest one if any."""
    near = difflib.get_close_matches(command.lower(), COMMANDS, n=1, cutoff=0.6)
    hint = f" Did you mean {near[0]}?" if near else ""
    return terminal(f"Unknown command {command}.{hint} Type /help.")


def _question(engine: Engine, text: str, state: Conversation, shown: int, style: Style) -> str:
    """Answer a question, in the context of the last answer when it reads as a follow-up."""
    earlier = state.answer if continues(text, state.answer) else None
    asked, filters, within, narrows = text, Filters(), None, ""
    if earlier is not None:
        papers = earlier.closest if earlier.abstained else earlier.results + earlier.more
        ids = [r.paper.id for r in papers]
        context = follow_up(state.question, earlier.filters, ids, text)
        asked, filters, within, narrows = (
            context.question, context.filters, context.within, context.narrows
        )  # fmt: skip
    state.answer, state.offset, state.earlier = None, 0, earlier  # a refusal leaves nothing
    state.question, state.filters, state.within, state.narrows = asked, filters, within, narrows
    answer = _ask(engine, state, quote=None)
    if earlier is None:  # a new question, as in Discord; unchanged without [llm]
        answer = engine.summarize(answer, shown)
    if earlier is not None:  # as Discord shows a reply: "quantization → what about 2024?"
        answer = replace(answer, question=f"{earlier.question} → {text}")
    state.answer = answer
    return card_text(answer_card(answer, shown, 0, MORE_COMMAND), style)


def _remember(engine: Engine, state: Conversation, question: str) -> None:
    """Make a question's answer the one a follow-up or /more continues from."""
    state.question, state.filters, state.within, state.offset = question, Filters(), None, 0
    state.narrows, state.earlier = "", None
    state.answer = _ask(engine, state, quote=None)


def _more(engine: Engine, state: Conversation, shown: int, style: Style) -> str:
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
    return card_text(answer_card(state.answer, shown, state.offset, MORE_COMMAND), style)


def _ask(engine: Engine, state: Conversation, quote: int | None) -> Answer:
    """Ask the engine as the conversation says: a follow-up keeps its earlier papers."""
    if state.within is None:
        return engine.ask(state.question, filters=state.filters, quote=quote)
    every = engine.settings.listed  # which of them still match: quote them all
    answer = engine.ask(state.question, filters=state.filters, quote=every)
    earlier = state.earlier
    those = () if earlier is None else earlier.closest + earlier.results + earlier.more
    before = None if earlier is None else earlier.filters
    return narrowed(answer, state.within, state.narrows, those, before, state.filters)


def run_console(
    engine: Engine, settings: Settings, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Read lines until /quit or end of input (default: standard input), answering each."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    interactive = stdin.isatty()
    style = Style.of(stdout)
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
            reply = respond(engine, line, state, settings.discord.results_shown, style)
            print(reply, file=stdout)  # cleaned of control characters where it was made
