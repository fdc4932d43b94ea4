"""Render cards as plain text for the terminal (``papercord chat`` and the CLI)."""

from __future__ import annotations

import re

from bot.render import Card
from retrieval.userinput import clean

LINK = re.compile(r"(?<!\\)\[((?:\\.|[^\]\\])*)\]\((\S+?)\)")  # not at an escaped "\["
ESCAPED = re.compile(r"\\([\\*_~`|>\[\]#])")


def plain(markdown: str) -> str:
    """Return Discord markdown as terminal text: links as "label <url>", escapes removed.

    Bold markers stay, so the matched terms of a quote remain visible as **term**.
    """
    text = LINK.sub(lambda m: f"{m.group(1)} <{m.group(2)}>", markdown)
    return ESCAPED.sub(r"\1", text).replace("@\u200b", "@")


def card_text(card: Card) -> str:
    """Return a card as text: title, description, fields and footer."""
    lines = [plain(card.title) + (f" <{card.url}>" if card.url else "")]
    lines.append("=" * min(len(lines[0]), 78))
    if card.description:
        lines += [plain(card.description), ""]
    for field in card.fields:
        lines += [f"{plain(field.name)}:", _indent(plain(field.value)), ""]
    if card.footer:
        lines.append(f"-- {plain(card.footer)}")
    return terminal("\n".join(lines).rstrip() + "\n")


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


def terminal(text: str) -> str:
    """Return text safe to print on a terminal: no escape sequences or control characters.

    Questions are cleaned before retrieval, but corpus text (a title, an abstract, a file
    name in a warning) reaches the terminal as stored; an ANSI escape or BEL in it would
    act on the user's terminal. Newlines and tabs stay.
    """
    return clean(text)
