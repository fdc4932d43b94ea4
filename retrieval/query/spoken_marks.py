"""Words written for punctuation: "papers on graphs STOP from 2023 STOP all of them STOP".

A telegram ends each clause with "STOP"; a radio message may split its parts with
"BREAK". Read as words, they join the clauses into one and join the topic ("graphs stop
2023 stop"). A word is read as a full stop when it:

- is written in capitals, three letters or longer, in a message mostly in lower case
  (a message in capitals is left as it is, for ``named_things.unshouted``);
- is written so at least ``MIN_MARKS`` times (one "STOP" may be a word);
- is no stop word, and an everyday English word (``MARK_ZIPF``): "GPU", "LLM" or "FPGA"
  said twice in capitals are names, not marks.

The words come from the message and a word-frequency list; none is written here.
"""

from __future__ import annotations

import re
from collections import Counter

from retrieval.index.vocabulary import zipf
from retrieval.text import stopwords

MIN_MARKS = 2  # times a word is written in capitals to be read as a mark
MIN_LETTERS = 3
CAPITALS = re.compile(rf"\b[A-Z]{{{MIN_LETTERS},}}\b")
LOWER_SHARE = 0.5  # of the message's letters, outside the marks, in lower case
MARK_ZIPF = 4.5  # "stop" 5.6, "break" 5.0; "gpu" 3.3, "fpga" 2.0


def spoken_marks(text: str) -> str:
    """Return a message with the words it writes for a full stop as full stops."""
    counts = Counter(m.group() for m in CAPITALS.finditer(text))
    marks = {
        word
        for word, n in counts.items()
        if n >= MIN_MARKS and word.lower() not in stopwords() and zipf(word.lower()) >= MARK_ZIPF
    }
    if not marks:
        return text
    pattern = re.compile(rf"\s*\b(?:{'|'.join(sorted(marks))})\b")
    rest = pattern.sub(" ", text)
    letters = [c for c in rest if c.isalpha()]
    if not letters or sum(c.islower() for c in letters) < LOWER_SHARE * len(letters):
        return text
    return " ".join(pattern.sub(".", text).split())
