"""Make text typed by a user (a question, a title fragment, a name) safe to process and echo.

Text reaches papercord from argv (undecodable bytes arrive as lone surrogates, Python's
``surrogateescape``), from stdin, from Discord and from JSON (which may spell a lone
``"\\ud800"``). A lone surrogate cannot be encoded as UTF-8, so the tokenizer, SQLite and
Discord all refuse it; terminal escapes and other control characters in a question would
be echoed back into the user's terminal. ``clean`` maps every such text onto plain text:

* a lone surrogate becomes U+FFFD, as a UTF-8 decoder with ``errors="replace"`` would;
* ANSI escape sequences (``ESC [ 31 m``, ``ESC ] ... BEL``) are removed whole;
* other C0/C1 control characters (BEL, backspace, NUL, ...) become spaces, and so do
  bidirectional overrides (U+202A-U+202E, U+2066-U+2069), which reorder what a
  terminal shows.

Ordinary Unicode (accents, CJK, emoji with joiners, math) is kept as typed.

``typed`` is ``clean`` for what a user typed: mojibake, UTF-8 that was decoded as
Windows-1252 or Latin-1 on its way ("Whatâ€™s the spatial computer paper?", "MÃ¼ller"),
is first decoded back by ftfy's ``fix_encoding``, which changes text only where its
badness heuristic finds such a sequence. Text papercord shows is only ``clean``ed.

``without_mentions`` removes what addresses people rather than asks: ``@everyone``,
``@here``, chat mentions (``<@123>``, ``<@&123>``, ``<#123>``) and an ``@name`` that opens
the question ("@papercord papers from 2023", "👋 **@papercord** papers from 2023"). A
Markdown link keeps only its text ("[GPTQ](https://...)" is "GPTQ"): its address is no
question.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import ftfy

SURROGATE = re.compile("[\ud800-\udfff]")
# CSI (ESC [ params final), OSC (ESC ] ... BEL or ESC \), and two-byte ESC sequences.
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]?")
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# ftfy's repairs of mojibake, not of a lost no-break space ("Ã " is no "à" whose second
# byte became a space). Its repair of a message garbled in part reads a capital "Â" or
# "Ã" before a space as mojibake too ("Matrix Â = Ã + Ä" became "Matrix \xa0= à + Ä",
# "Â ÎN ROMÂNIA" lost its "Â"); where it would make such a space, only the repair of
# text garbled as a whole is made (``decoded``).
MOJIBAKE = ftfy.TextFixerConfig(restore_byte_a0=False)
WHOLLY_MOJIBAKE = ftfy.TextFixerConfig(restore_byte_a0=False, decode_inconsistent_utf8=False)
# An opening @name may follow what only decorates it: spaces, emoji, Markdown emphasis
# or a quote (``**@bot**``, ``> @bot``); never a word, code, quotes, brackets or a dash,
# which make the @name content ("`@torch.jit`", "(@2023)"). A name ends before a dot
# that ends it ("@Hoefler. weather papers?").
DECORATION = r"[^\w@`'\"()\[\]{}<\-]*"
NAME = r"[\w-]+(?:\.[\w-]+)*"
ENTRY = r"(?!\s*\{)"  # "@article{key, ...}" opens a BibTeX entry, no mention
MENTION = re.compile(rf"<@[!&]?\d+>|<#\d+>|@(?:everyone|here)\b|^{DECORATION}@(?>{NAME}){ENTRY}")
OPENING = re.compile(rf"^{DECORATION}@((?>{NAME})){ENTRY}")
LINK = re.compile(r"\[([^\[\]]*)\]\(\s*<?[a-z][\w+.-]*:[^()\s]*>?\s*\)", re.I)  # [text](url)


def scalars(text: str) -> str:
    """Return text with each lone surrogate replaced by U+FFFD (storable as UTF-8)."""
    return SURROGATE.sub("\ufffd", text)


def clean(text: str) -> str:
    """Return text without lone surrogates, terminal escapes or control characters."""
    text = scalars(text)
    if "\x1b" in text:
        text = ANSI.sub("", text)
    return CONTROL.sub(" ", text)


def typed(text: str) -> str:
    """Return what a user typed as ``clean`` text, its mojibake decoded back first
    (Latin-1's reading of "’" holds two C1 controls, which ``clean`` would blank)."""
    return clean(decoded(scalars(text)))


def decoded(text: str) -> str:
    """Return text with its mojibake decoded back (``MOJIBAKE``)."""
    fixed = ftfy.fix_encoding(text, MOJIBAKE)
    if fixed.count("\xa0") > text.count("\xa0"):
        return ftfy.fix_encoding(text, WHOLLY_MOJIBAKE)
    return fixed


def without_mentions(text: str, keep: Callable[[str], bool] = lambda _: False) -> str:
    """Return text without mentions of people, roles, channels or everyone, spaces tidied;
    an opening ``@name`` for which ``keep(name)`` holds stays as the name ("@Hoefler
    FPGAs" asks about the author Hoefler)."""
    opening = OPENING.match(text)
    if opening and keep(opening[1]):
        text = text[: opening.start(1) - 1] + text[opening.start(1) :]
    return tidy_lines(MENTION.sub(" ", LINK.sub(r"\1", text)))


def tidy_lines(text: str) -> str:
    """Return text with the spaces of each line tidied and blank lines dropped: a
    message's lines are kept, as the question reader splits sentences at them."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)
