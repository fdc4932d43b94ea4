"""Words written for punctuation: "papers on graphs STOP from 2023 STOP all of them STOP".

A telegram ends each clause with "STOP". Read as a word, it joins the clauses into one
and joins the topic ("graphs stop 2023 stop"). A word is read as a full stop when it:

- is written in capitals, three letters or longer, in a message mostly in lower case
  (a message in capitals is left as it is, for ``named_things.unshouted``);
- ends the message, and is written so at least ``MIN_MARKS`` times: a mark closes every
  clause, the last too; a word stressed ("EXCEPT those by Zhang? EXCEPT Zhang!", "on
  MEMORY, MEMORY bandwidth", "use ADAM optimizer, ADAM") is said once or twice, and
  seldom last;
- is no stop word, an everyday English word (``MARK_ZIPF``: "GPU" or "FPGA" said twice
  are names), no word of the list's titles and abstracts (``knows``: "BREAK", "DATA" or
  "MEMORY" may be what is asked about), and never quoted ("titles with 'STOP'").

The words come from the message, a word-frequency list and the corpus; none is written
here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.index.vocabulary import zipf
from retrieval.text import spaced, stopwords

MIN_MARKS = 3  # times a word is written in capitals to be read as a mark
MIN_LETTERS = 3
CAPITALS = re.compile(rf"\b[A-Z]{{{MIN_LETTERS},}}\b")
LAST_WORD = re.compile(r"([^\W\d_]+)[\s.!]*$")
LOWER_SHARE = 0.5  # of the message's letters, outside the marks, in lower case
MARK_ZIPF = 4.5  # "stop" 5.6; "gpu" 3.3, "fpga" 2.0
QUOTES = "'\"‘’“”`"


def spoken_marks(text: str, knows: Callable[[str], bool]) -> str:
    """Return a message with the word it writes for a full stop as full stops;
    ``knows`` holds for a (lower-case) word the listed papers use."""
    last = LAST_WORD.search(text)
    word = last[1] if last else ""
    if sum(m.group() == word for m in CAPITALS.finditer(text)) < MIN_MARKS:
        return text
    folded = word.lower()
    if folded in stopwords() or zipf(folded) < MARK_ZIPF or knows(folded):
        return text
    if re.search(rf"[{QUOTES}]{word}\b|\b{word}[{QUOTES}]", text):
        return text
    pattern = re.compile(rf"\s*\b{word}\b")
    letters = [c for c in pattern.sub(" ", text) if c.isalpha()]
    if not letters or sum(c.islower() for c in letters) < LOWER_SHARE * len(letters):
        return text
    return spaced(pattern.sub(".", text))
