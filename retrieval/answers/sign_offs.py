"""What a question says after the sentence that asks, or beside the one item of a list
that asks: a sign-off or errands, which the ask is answered without.

"Which papers use attention or transformers? Please advise." was searched with "advise"
and came back "Not a sure match"; "need to pick up:\n- all the weather papers\n- milk"
was searched with "milk" and abstained. When the whole question finds nothing surely,
the route searches the part these functions return alone (``routes.search``), and a
note quotes the rest. The rest must say nothing the ask could be about: no word that
narrows it ("only", "not"), no sentence going on with it after a preposition ("For
object detection."), no topic brought in, no subject matter, no word rare in English
(``topical``); after an ask, each sentence holds a word of a sign-off (``SIGN_OFF``).
"""

from __future__ import annotations

import re

from retrieval.answers.filters_alone import BESIDE_RARITY, TOPIC_RARITY, brought_in
from retrieval.index.stems import StemIndex
from retrieval.query.asking import THANKING, content_words
from retrieval.query.asking_part import (
    MIN_NAMED_WORDS,
    SUBJECT_KINDS,
    asking_item,
    asking_sentence,
    asks,
)
from retrieval.text import LIST_ITEM, WORDS, fold, question_terms, rarity, sentences

# A sentence that names what the asker works on or asks about sets no scene: its topic is
# the question's ("The topic is genomics.", "My area is astronomy.", "We're looking at
# speech recognition.", "Our focus: protein design.").
SUBJECT_MATTER = re.compile(
    rf"\b(?:{SUBJECT_KINDS}|projects?|thesis)\s*(?:is|are|was|were|:)"
    r"|\b(?:looking|working|focus(?:ing|ed)?)\s+(?:at|on|into)\b|\binterested\s+in\b",
    re.I,
)
# Words that narrow what was asked: "Specifically for speech recognition.", "Mainly
# protein design.", "Only the vision ones, ideally.", "Nothing on robots though."
NARROWS = re.compile(
    r"\b(?:specifically|only|just|mainly|mostly|primarily|chiefly|especially|particularly"
    r"|in\s+particular|ideally|preferably|not|no|nothing|except|without|but)\b",
    re.I,
)
# A sentence or item that opens with a preposition goes on with the ask: "For object
# detection.", "in Europe", "- on FPGAs", "- by Zhang", "with code, ideally".
GOES_ON = re.compile(
    r"^\W*(?:for|in|on|at|with|within|without|from|by|about|under|over|using|via|into"
    r"|across|between|beyond|against|like|as)\b",
    re.I,
)
# The words a sign-off is made of: each sentence after an ask answered alone has one
# ("Please advise.", "Thanks in advance!", "Much appreciated, cheers"); "Use your
# detective eyes!" or "My boss needs them by Friday." may still say what is asked.
SIGN_OFF = THANKING | frozenset(
    {"please", "pls", "plz", "advise", "appreciate", "appreciated", "regards", "cheers",
     "tia", "kindly", "grateful", "sincerely", "best"}
)  # fmt: skip


def before_sign_off(text: str, stems: StemIndex) -> str | None:
    """Return a question up to the end of the sentence that asks, when sentences that
    only sign off follow it ("... Please advise.", "... Thanks in advance, cheers!");
    None otherwise, or when the ask has too few words of its own ("which are cs.LG.
    every one. thanks": the filters ask)."""
    found = sentences(text)
    index = asking_sentence(found)
    if len(found) < 2 or index in (-1, len(found) - 1) or not asks(found[index].text):
        return None
    if len(content_words(found[index].text)) < MIN_NAMED_WORDS:
        return None
    after = found[index + 1 :]
    if any(asks(s.text) or not SIGN_OFF & {fold(w) for w in WORDS.findall(s.text)} for s in after):
        return None
    return text[: found[index].end] if says_nothing_asked(text[found[index].end :], stems) else None


def item_among_errands(text: str, stems: StemIndex) -> tuple[str, str] | None:
    """Return the one item of a list that asks for papers (``asking_item``), without its
    bullet, and the item as written, when the rest of the message (a heading, which may
    have an ask's form: "shopping list:", and errands) says nothing asked; else None."""
    item = asking_item(text)
    if item is None or not says_nothing_asked(text[: item.start] + text[item.end :], stems):
        return None
    return LIST_ITEM.sub("", item.text.strip(), count=1), item.text


def says_nothing_asked(rest: str, stems: StemIndex) -> bool:
    """Return True when the rest of a question neither narrows the ask (``NARROWS``),
    goes on with it (``GOES_ON``), brings in a topic, names the asker's subject matter
    (``SUBJECT_MATTER``), nor is ``topical``."""
    if NARROWS.search(rest) or brought_in(rest) or SUBJECT_MATTER.search(rest):
        return False
    if any(GOES_ON.match(LIST_ITEM.sub("", s.text.strip(), count=1)) for s in sentences(rest)):
        return False
    return not topical(rest, stems)


def topical(text: str, stems: StemIndex) -> bool:
    """Return True when a text uses a word rare in English that a listed title or
    abstract holds (rarer than ``BESIDE_RARITY``: a topic of the list) or that none
    holds (rarer than ``TOPIC_RARITY``: a topic the list lacks, "Protein folding."); a
    sign-off's words are common, or held by no paper ("advise" 0.76)."""
    for term in question_terms(text, stems.ids):
        rare = 0.0 if term.word.isdigit() else rarity(term.word)
        if rare > (BESIDE_RARITY if stems.count(term.stem) else TOPIC_RARITY):
            return True
    return False
