"""Acronyms dictated letter by letter: "eff pee gee ays for ell ell ems", "gee pee you".

Speech-to-text writes the names of an acronym's letters ("eff pee gee ays" for "FPGAs"),
and none of them is a word the papers write, so the question abstained. A run of two or
more letter names (``NAMES``; single letters too, "g p u"), the last one perhaps plural
("ays", "ems"), is read as its letters when the corpus writes the acronym they spell:
"see you" spells "CU", which no abstract writes, and stays as typed. The names are the
English alphabet's; the acronyms are the corpus's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

NAMES = {
    "a": "a", "ay": "a", "b": "b", "bee": "b", "be": "b", "c": "c", "cee": "c", "see": "c",
    "sea": "c", "d": "d", "dee": "d", "e": "e", "ee": "e", "f": "f", "ef": "f", "eff": "f",
    "g": "g", "gee": "g", "jee": "g", "h": "h", "aitch": "h", "haitch": "h", "i": "i",
    "eye": "i", "j": "j", "jay": "j", "k": "k", "kay": "k", "l": "l", "el": "l", "ell": "l",
    "m": "m", "em": "m", "n": "n", "en": "n", "o": "o", "oh": "o", "p": "p", "pee": "p",
    "q": "q", "cue": "q", "queue": "q", "r": "r", "ar": "r", "are": "r", "s": "s",
    "ess": "s", "es": "s", "t": "t", "tee": "t", "tea": "t", "u": "u", "you": "u",
    "yu": "u", "v": "v", "vee": "v", "w": "w", "x": "x", "ex": "x", "y": "y", "why": "y",
    "wye": "y", "z": "z", "zee": "z", "zed": "z",
}  # fmt: skip
WORD = re.compile(r"(?<!\w)[^\W\d_]+(?:['’]s)?(?!\w)")  # letters alone, accents too
MIN_LETTERS = 2


def letter_names(text: str, knows: Callable[[str], bool]) -> str:
    """Return a message with each run of letter names that spells an acronym the corpus
    writes ("knows", lower case) written as the acronym (see the module docstring)."""
    words = list(WORD.finditer(text))
    pieces, cursor, at = [], 0, 0
    while at < len(words):
        run = _run(text, words, at)
        spelled = _spelled(words[at : at + run], knows) if run >= MIN_LETTERS else None
        if spelled is None:
            at += 1
            continue
        pieces.append(f"{text[cursor : words[at].start()]}{spelled}")
        cursor, at = words[at + run - 1].end(), at + run
    return "".join(pieces) + text[cursor:] if pieces else text


def _run(text: str, words: list[re.Match[str]], at: int) -> int:
    """Return how many words from ``at`` on are letter names, only spaces between."""
    length = 0
    while at + length < len(words):
        word = words[at + length]
        if _letter(word.group()) is None:
            break
        if length and text[words[at + length - 1].end() : word.start()].strip():
            break  # "em, en": a comma ends the run
        length += 1
        if _plural(word.group()):
            break  # "ays" ends it
    return length


def _spelled(run: list[re.Match[str]], knows: Callable[[str], bool]) -> str | None:
    """Return the acronym a run of letter names spells, when the corpus writes it; else
    the longest such run from its start, or None."""
    for end in range(len(run), MIN_LETTERS - 1, -1):
        letters = "".join(_letter(w.group()) or "" for w in run[:end])
        plural = _plural(run[end - 1].group())
        if knows(letters) or (plural and knows(letters + "s")):
            if len(letters) > MIN_LETTERS and letters.endswith("s") and knows(letters[:-1]):
                return letters[:-1].upper() + "s"  # "jee pee you s": "GPUs"
            return letters.upper() + ("s" if plural else "")
    return None


def _letter(word: str) -> str | None:
    folded = word.lower().replace("’", "'").removesuffix("'s")
    if folded in NAMES:
        return NAMES[folded]
    return NAMES.get(folded[:-1]) if folded.endswith("s") and len(folded) > 2 else None


def _plural(word: str) -> bool:
    folded = word.lower().replace("’", "'")
    return folded not in NAMES and (folded.endswith("s") or folded.endswith("'s"))
