"""Render cards as plain text for the terminal (``papercord chat`` and the CLI)."""

from __future__ import annotations

import re

from bot.render import Card

LINK = re.compile(r"\[((?:\\.|[^\]\\])*)\]\((\S+?)\)")
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
    return "\n".join(lines).rstrip() + "\n"


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())
