"""The words a chat message uses to address its readers: "Folks, any graph papers?",
"which papers, my friend, are from 2023?", "how many are on weather, mate?".

A term of address is a closed class of English words (``ADDRESS``), not a topic. Left in
a question it was searched: "friend" kept "computer vision" from being read as the
subject cs.CV, and "mate" made a plain weather question "Not a sure match". A word of
the class is read as one only where a vocative stands: set apart by punctuation on both
sides, or by the message's start or end, with at most a word before it that addresses
too ("my friend", "dear colleagues", "you guys", "hey folks"). A word the list writes stays. Words
that also name what papers study ("people") are left out of the class: "papers that
detect cars, people, or bikes"; "team" is one only set apart ("Team, how many ...?", not
"Hoefler's team, ...": a word before it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

ADDRESS = (
    r"friends?|mates?|buddy|buddies|pals?|folks|guys|y['’]?all|everyone|everybody|peeps"
    r"|fam|bot|dudes?|bro|sir|madam|ma['’]am|boss|comrades?|colleagues|lads|mister|team"
    r"|crew|assistant|doc|ladies\s+and\s+gentlemen|gents"
)
# With the punctuation that sets it apart: "which papers, my friend, are ..." reads
# "which papers are ...", and "on weather, mate?" reads "on weather?".
VOCATIVE = re.compile(
    r"(?:^|[,;:—–(]|(?<=[.!?]))\s*(?:(?:my|dear|old|you|good|hey|hi|hiya|hello|yo|ok|okay)\s+)?"
    rf"(?P<word>{ADDRESS})\s*(?:[,;:—–)]|(?=[!?.]|$))",
    re.I,
)


def without_vocatives(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without the terms of address set apart in it (``VOCATIVE``),
    unless ``known`` holds for the word or nothing else is left."""

    def unsaid(found: re.Match[str]) -> str:
        return found[0] if known(found["word"]) else " "

    said = VOCATIVE.sub(unsaid, text)
    return said if said.strip(" ,;:!?.") else text
