"""A choice between two papers described in the question, and what the choice is for.

"For a cheaper cluster network, should I read the paper on cloud noise or the one on a
new topology?", "Is the Bloom-filter work or the polynomial transformer one better for
fast graph mining?", "Attestation in software, or spectral defenses: which paper shows
a GPU ran untampered?". The two options are the words on either side of the one "or" of
the sentence that offers them: the left one from its last determiner ("the", "a"), or
from the clause's start; the right one to the end of its clause. What is left besides
them says what the choice is for (``purpose``), which decides between the two papers.
"""

from __future__ import annotations

import re

from retrieval.text import sentences

# The one "or" that joins the options; not "or so", "or not", "three or four".
OR = re.compile(
    r"\bor\b(?!\s+(?:so|not|more|less|\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b)",
    re.I,
)
# An option names a paper ("the paper on X", "the one proposing Y", "the X study"):
# options that name none are alternatives of a topic ("clouds or data centers").
NAMES_A_PAPER = re.compile(r"\b(?:paper|one|study|work|article|preprint)\b", re.I)
# The second option is a thing of its own, with its determiner ("or the one on X").
DETERMINED = re.compile(r"\s*(?:the|a|an|that|this)\b", re.I)
# Where the left option starts: its determiner, or after a word that opens the choice.
LEFT_START = re.compile(r"\b(?:the|a|an|between|either)\s+", re.I)
CLAUSE_MARK = re.compile(r"[,:;—–(]\s*|\s-\s")  # a clause starts after one
RIGHT_END = re.compile(r"[?,:;.!—–)]|\s-\s")  # and ends at one
# "Between A and B, which ...?": the options joined by "and".
BETWEEN = re.compile(r"\bbetween\s+(.+?)\s+and\s+(.+?)(?=[?,:;.!—–)]|\s-\s|$)", re.I)


Span = tuple[int, int]


def options(text: str) -> tuple[Span, Span] | None:
    """Return the spans of the two options of a choice, one of which names a paper
    (``NAMES_A_PAPER``) and the second of which has its determiner, or None when the
    text offers none."""
    found = _options(text)
    if found is None or not any(NAMES_A_PAPER.search(text[a:b]) for a, b in found):
        return None
    if not DETERMINED.match(text[found[1][0] : found[1][1]]):
        return None  # "a paper on clouds or data centers": one paper, of either topic
    return found


def alternatives(text: str) -> tuple[Span, Span] | None:
    """Return the spans of the two sides of a choice, whatever they name ("which is
    newer, Slapo or Allo?"), or None."""
    return _options(text)


def _options(text: str) -> tuple[Span, Span] | None:
    """Return the spans of the two options of the first sentence with "between A and
    B", or with exactly one "or" with words on both sides of it."""
    for sentence in sentences(text):
        if between := BETWEEN.search(sentence.text):
            start = sentence.start
            return (start + between.start(1), start + between.end(1)), (
                start + between.start(2),
                start + between.end(2),
            )
        joins = list(OR.finditer(sentence.text))
        if len(joins) != 1:
            continue
        join = joins[0]
        before, after = sentence.text[: join.start()], sentence.text[join.end() :]
        listed = before.rstrip().endswith(",")  # "skipping whole layers, or new formats"
        if listed:
            before = before.rstrip()[:-1]
        left = _left_start(before, clause_only=listed)
        end = RIGHT_END.search(after)
        right = after[: end.start()] if end else after
        if not before[left:].strip() or not right.strip():
            continue
        start = sentence.start
        return (
            (start + left, start + len(before.rstrip())),
            (start + join.end(), start + join.end() + len(right.rstrip())),
        )
    return None


def _left_start(before: str, clause_only: bool = False) -> int:
    """Return where the left option starts in the text before the "or": at its last
    determiner, or at the start of its clause, whichever comes later; with
    ``clause_only`` (a comma before the "or": the options are clauses) at the clause's."""
    marks = [m.end() for m in CLAUSE_MARK.finditer(before)]
    determiners = [] if clause_only else [m.start() for m in LEFT_START.finditer(before)]
    return max([0, *marks[-1:], *determiners[-1:]])
