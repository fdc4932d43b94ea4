"""Render cards as plain text for the terminal (``papercord chat`` and the CLI).

A card holds Discord markdown (``bot.render``); a terminal shows it as plain text:

* ``**bold**`` becomes the terminal's own bold when the output is a terminal, and plain
  text when it is piped or when ``NO_COLOR`` is set; ``*italics*`` lose their markers;
* a link keeps its label in the line, and its address goes on a line of its own under
  it, short: the arXiv abstract page when the paper's id is known, else a title search
  for the title's first words (the full search link of a long title is ~150 characters
  and wrapped a paper over 4-6 lines); links to a subject's listing keep only the code;
* every line is wrapped to the terminal's width, its continuation indented like it;
* text from the corpus or a user is stripped of control characters before any escape
  of papercord's own is added.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from typing import TextIO
from urllib.parse import parse_qs, quote_plus, urlsplit

from bot.render import Card
from retrieval.userinput import clean

# Markdown as bot.render writes it: an escape, a bold or italic marker, or a link.
TOKEN = re.compile(r"\\([\\*_~`|>\[\]#])|\*\*|\*|\[((?:\\.|[^\]\\])*)\]\((\S+?)\)")
ESCAPED_SEQUENCE = re.compile(r"\x1b\\(?=[\[\]])")  # ESC, then a markdown-escaped [ or ]
BOLD_ON, BOLD_OFF = "\x01", "\x02"  # stand-ins while wrapping; control characters, never text
ANSI_BOLD, ANSI_NORMAL = "\x1b[1m", "\x1b[22m"
SEARCH = "https://arxiv.org/search/"
LISTING = "https://arxiv.org/list/"
SHORT_LINK = 80  # characters: a search link for the title's first words fits one line
# Words a search needs not: arXiv matches the others anywhere in a title or abstract.
MINOR = frozenset(
    "a an and as at by for from in into of on or the to via with".split()  # noqa: SIM905
)
MIN_WIDTH = 40  # a narrower terminal would wrap every word; wrap as if it were this wide
RESULT = re.compile(r"^(\d+)\. ")  # the first line of a paper in an answer: "2. Title"


@dataclass(frozen=True)
class Style:
    """How the console shows text: terminal bold or none, and the width to wrap to."""

    bold: bool = False
    width: int = 80

    @classmethod
    def of(cls, stream: TextIO) -> Style:
        """Return the style for a stream: bold only on a terminal, its width (or $COLUMNS)."""
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):  # a closed or replaced stream
            tty = False
        bold = tty and os.environ.get("TERM") != "dumb" and "NO_COLOR" not in os.environ
        width = shutil.get_terminal_size((80, 24)).columns
        return cls(bold=bold, width=max(width, MIN_WIDTH))


PLAIN = Style()


def short_link(url: str) -> str:
    """Return a link a terminal shows on one line: a long title search becomes a search
    for the title's first words that say something ("GPTQ Accurate Post-Training
    Quantization Generative"), which finds the paper first."""
    if not url.startswith(SEARCH) or len(url) <= SHORT_LINK:
        return url
    query = parse_qs(urlsplit(url).query).get("query", [""])[0]
    words = [w.strip(":,.;!?()[]") for w in query.split() if w.lower() not in MINOR]
    kept: list[str] = []
    for word in (w for w in words if w):
        candidate = _search([*kept, word])
        if kept and len(candidate) > SHORT_LINK:
            break
        kept.append(word)
    return _search(kept)


def _search(words: list[str]) -> str:
    return f"{SEARCH}?query={quote_plus(' '.join(words))}"


def inline(markdown: str, style: Style = PLAIN) -> tuple[str, list[str]]:
    """Return one line of markdown as text with bold stand-ins, and the links it held."""
    # An escape sequence in corpus text reaches here with its "[" escaped ("ESC \[5m"):
    # unescaped first, it is removed whole, not as a lone ESC that leaves "[5m" behind.
    markdown = clean(ESCAPED_SEQUENCE.sub("\x1b", markdown))
    out: list[str] = []
    links: list[str] = []
    bold = False
    cursor = 0
    for match in TOKEN.finditer(markdown):
        out.append(clean(markdown[cursor : match.start()]))
        cursor = match.end()
        escaped, label, url = match.group(1), match.group(2), match.group(3)
        if escaped is not None:
            out.append(escaped)
        elif label is not None:
            text, inner = inline(label, style)
            out.append(text)
            links += inner
            if not url.startswith(LISTING):  # "cs.LG" says it; its listing adds nothing
                links.append(short_link(clean(url)))
        elif match.group(0) == "**" and style.bold:
            bold = not bold
            out.append(BOLD_ON if bold else BOLD_OFF)
    out.append(clean(markdown[cursor:]))
    if bold:
        out.append(BOLD_OFF)
    return "".join(out).replace("@\u200b", "@"), links


def plain(markdown: str, style: Style = PLAIN, indent: str = "", hang: str = "") -> str:
    """Return markdown as terminal text: each line wrapped (continuations indented by
    ``hang`` more), its links on lines of their own below it."""
    lines: list[str] = []
    for source in markdown.splitlines():
        text, links = inline(source, style)
        lead = indent + " " * (len(text) - len(text.lstrip(" ")))
        opening = text.lstrip()[:2]
        hanging = lead + {"> ": "> ", "• ": "  "}.get(opening, hang)
        lines += wrap(text.strip(), style.width, lead, hanging)
        for url in dict.fromkeys(links):
            lines.append(f"{hanging}{url}")
    return _finish("\n".join(lines), style)


def wrap(text: str, width: int, first: str, rest: str) -> list[str]:
    """Wrap words greedily to ``width`` columns; bold stand-ins take no column, and a
    word longer than a line (an address) is never cut."""
    lines: list[str] = []
    line, used, empty = first, len(first), True
    for word in text.split():
        size = len(word) - word.count(BOLD_ON) - word.count(BOLD_OFF)
        if not empty and used + 1 + size > width:
            lines.append(line)
            line, used, empty = rest, len(rest), True
        line, used = (line + word, used + size) if empty else (f"{line} {word}", used + 1 + size)
        empty = False
    lines.append(line)
    return [row.rstrip() for row in lines]


def _finish(text: str, style: Style) -> str:
    """Turn the bold stand-ins into the terminal's bold, or remove them."""
    if style.bold:
        return text.replace(BOLD_ON, ANSI_BOLD).replace(BOLD_OFF, ANSI_NORMAL)
    return text.replace(BOLD_ON, "").replace(BOLD_OFF, "")


def card_text(card: Card, style: Style = PLAIN) -> str:
    """Return a card as text: title, description, fields and footer.

    The papers of an answer are numbered, and each one's details are indented under its
    title ("1. GPTQ ... (2023)", then its subjects, quote and link).
    """
    title, _ = inline(card.title)
    lines = [_finish(title, PLAIN)]
    if card.url:
        lines.append(short_link(clean(card.url)))
    lines.insert(1, "=" * min(len(lines[0]), style.width))
    if card.description:
        lines += [_description(card.description, style), ""]
    for field in card.fields:
        name, _ = inline(field.name)
        lines += [f"{_finish(name, PLAIN)}:", plain(field.value, style, indent="  "), ""]
    if card.footer:
        lines.append(plain(f"-- {card.footer}", style))
    return "\n".join(lines).rstrip() + "\n"


def _description(markdown: str, style: Style) -> str:
    """Return a description's blocks as text; a paper's details hang under its number."""
    blocks = []
    for block in markdown.split("\n\n"):
        head, _, details = block.partition("\n")
        text, _ = inline(head)
        number = RESULT.match(_finish(text, PLAIN))
        if number is None or not details:
            blocks.append(plain(block, style))
            continue
        hang = " " * len(number.group(0))
        head_text = plain(head, style, hang=hang)
        blocks.append(head_text + "\n" + plain(details, style, indent=hang))
    return "\n\n".join(blocks)


def terminal(text: str) -> str:
    """Return text safe to print on a terminal: no escape sequences or control characters.

    Questions are cleaned before retrieval, but corpus text (a title, an abstract, a file
    name in a warning) reaches the terminal as stored; an ANSI escape or BEL in it would
    act on the user's terminal. Newlines and tabs stay.
    """
    return clean(text)
