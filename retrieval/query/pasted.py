"""What a message pastes rather than asks: lines it quotes, and web addresses.

- **Lines quoted from the list.** A reply on Discord quotes what it answers with
  Markdown's "> ": "> **GPTQ: Accurate Post-Training Quantization ...** (2023)\\nok, but
  which one proposes a new number format?". Lines that quote the bot's reply, a listed
  title or an abstract's sentence (``LISTED_WORDS`` words or more, as a title or an
  abstract writes them, Markdown marks and a year in brackets aside), are not what is
  asked: searched, they made the quoted paper the answer, and "(2023)" a year filter
  that left the right paper out. They are left out when the message's own lines say
  something of their own (``OWN_WORDS`` content words, or one that does not point back
  with "this", "it" or "similar"). Other quoted lines are the asker's context ("> JPEG
  is at the floor\\nwhich paper argues otherwise?") and stay.
- **Web addresses.** "https://github.com/spcl/dace which papers build on this?" spelled
  "https", "github" and "com", which abstracts write in their code links, so papers with
  a link answered. An address is read as the words of its path that the corpus writes,
  framing words aside: "dace" there, "a100" in a vendor's page; the host and "/en/latest/"
  are no topic.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.query.asking import FRAMING_TEXT, content_words
from retrieval.text import WORDS, stopwords

QUOTE_LINE = re.compile(r"^[ \t]*>(?:[ \t]|$)")  # "> quoted"
YEAR_IN_BRACKETS = re.compile(r"\((?:19|20)\d\d\)")
LISTED_WORDS = 4  # words of a quoted line a title or abstract must write as they stand
ADDRESS = re.compile(r"\b(?:https?://|www\.)[^\s<>\"'()\[\]]+", re.I)
HOST = re.compile(r"^(?:https?://)?[^/]*", re.I)
PATH_WORD = re.compile(r"[^\W_]+")
OWN_WORDS = 3  # content words that say something whatever else the lines do
POINTS_BACK = re.compile(r"\b(?:this|these|those|it|them|above|same|similar)\b", re.I)


def own_lines(text: str, listed: Callable[[str], bool]) -> str:
    """Return a message without the lines it quotes from the list, when its own lines say
    something (see the module docstring); ``listed`` holds for words, lower case and
    space-separated, that a listed title or abstract writes as they stand."""
    lines = text.splitlines()
    quoted = [n for n, line in enumerate(lines) if QUOTE_LINE.match(line)]
    if not quoted:
        return text
    own = " ".join(line for n, line in enumerate(lines) if n not in quoted)
    words = [w for w in content_words(own) if not w.isdigit()]
    if len(words) < OWN_WORDS and (not words or POINTS_BACK.search(own)):
        return text
    dropped = {n for n in quoted if _from_the_list(lines[n], listed)}
    return "\n".join(line for n, line in enumerate(lines) if n not in dropped)


def _from_the_list(line: str, listed: Callable[[str], bool]) -> bool:
    words = WORDS.findall(YEAR_IN_BRACKETS.sub(" ", QUOTE_LINE.sub("", line)).lower())
    return len(words) >= LISTED_WORDS and listed(" ".join(words))


class Addresses:
    """Reads the web addresses of a message against what one corpus writes."""

    def __init__(self, writes: Callable[[str], bool]) -> None:
        self.writes = writes  # a lower-case word the listed papers write
        self.framing = stopwords() | set(FRAMING_TEXT.split())

    def read(self, text: str) -> str:
        """Return a message with each address written as its path's words that the
        corpus writes (see the module docstring)."""
        return ADDRESS.sub(lambda m: self._words(m.group()), text)

    def _words(self, address: str) -> str:
        path = HOST.sub("", address, count=1)
        words = [w for w in PATH_WORD.findall(path) if not w.isdigit()]
        kept = [w for w in words if w.lower() not in self.framing and self.writes(w.lower())]
        return " ".join(kept)
