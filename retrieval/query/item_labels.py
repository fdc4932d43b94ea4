"""Numbered labels of a structured message: "Item 4 — quantization papers. Which ones?",
"Task 2: list the graph papers.", "Ticket PC-112: which papers quantize LLMs?", "Q3: any
weather papers?", "Lot 3 — low-bit methods. List the papers eligible for Lot 3."

Such a label numbers a part of the asker's own document (a ticket, a tender, a to-do
list) and is said again where the message points back to it. Searched, its words were
a topic no paper has ("Task 2: list the graph learning papers." listed one of eight),
and its code a name the list lacks ("Q3", "PC-112": "Not a sure match", or nothing).

A label opens a line or a sentence and ends with a colon or a spaced dash. It is a
number, a code of a few letters with a number ("Q3", "C-1", "PC-112"), or a key of words
joined by dots or underscores ("key ui.papers.title", "string app.2023.heading"), after
a word English writes often (``LABEL_ZIPF``: "item", "task", "lot", "step", "key"), or
a code after none (a key alone may be a file the message is about). Not a name a
question may ask about: a word English writes seldom ("Llama 2: ...", "Polynormer 2:
..."), a code whose letters the list writes ("ENS-10: ...", "GPT-4: ..."), a year
("2023: which graph papers?"), nor a bare number.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.index.vocabulary import zipf

LABEL_ZIPF = 4.0  # "item" 4.6, "task" 4.6, "lot" 5.6, "ticket" 4.6; "llama" 3.0
ITEM_LABEL = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))[ \t>*•-]*"
    r"(?P<label>(?:(?P<word>[^\W\d_]+)[ \t]+(?:#|no\.[ \t]?)?|#)?"
    r"(?:(?P<letters>[^\W\d_]{1,3})?-?\d+(?:[.-]\d+)*"
    # a key: runs of letters and digits between dots or underscores (one way to split it)
    r"|[^\W\d_][^\W_]*(?:-[^\W_]+)*(?:[._][^\W_]+(?:-[^\W_]+)*){2,}))"
    r"[ \t]*(?::|[-–—](?=\s))",
    re.M,
)


def without_item_labels(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without its numbered labels and the places that name them again
    (see the module docstring); ``known`` holds for a word the list writes."""
    for found in reversed(list(ITEM_LABEL.finditer(text))):
        word, letters = found["word"], found["letters"]
        if word and zipf(word.casefold()) < LABEL_ZIPF:
            continue  # "Llama 2: ...": a name
        if not (word or letters):
            continue  # "2023: ...", "3: ...", "a.b.md: ...": a year, a number, a key alone
        if letters and known(letters):
            continue  # "ENS-10: ...", "GPT-4: ...": the list's name
        again = re.compile(rf"(?<![\w-]){re.escape(found['label'])}(?![\w-])", re.I)
        text = f"{text[: found.start('label')]}{again.sub(' ', text[found.end() :])}"
    return text
