"""A question asking for one paper by a name no listed paper has: "the original BERT
paper", "the DeepSpeed paper", "the GPT-3 paper".

The search would answer with a paper that mentions the name in passing (the FPGA paper
that benchmarks BERT, Slapo, which compares against DeepSpeed), as if it were the paper
asked for. A paper's names are read from the corpus only: its title, and what its
abstract says it introduces ("This work presents QFX", "we introduce a spectral
framework known as SAGMAN"). A name that two or more papers use is a topic of the list
("the FPGA paper", "the GNN paper") and is searched as usual.
"""

from __future__ import annotations

import re
from itertools import islice

from retrieval.names import WORDS, fold
from retrieval.search import Searcher
from retrieval.titles import squashed
from retrieval.vocabulary import entities, joined_words

MIN_LETTERS = 4  # a name of fewer letters, and no digit, is read as an abbreviation
# The name right before "paper": "the BERT paper", "the GPT-3 paper", "Megatron-LM paper".
# Not "the NeurIPS paper on quantization", "a Google paper about graphs": there the name
# says where the paper is from, and the topic follows.
PAPER = re.compile(
    r"^((?:-[^\W_]+)*)\s+(?:paper|article|preprint)\b(?!\s+(?:on|about|regarding|for)\b)",
    re.I,
)
# What an abstract says it introduces, in the sentence that says so.
INTRODUCES = (
    r"\b(?:we|this\s+(?:paper|work|article))\s+(?:\w+\s+){{0,2}}?"
    r"(?:propose|present|introduce|develop|describe|design|build|derive)[sd]?\b"
    r"[^.]{{0,120}}?{name}"
    r"|\b(?:called|named|dubbed|coined)\s+{name}"
)


def asked_name(text: str) -> str | None:
    """Return the name of the one paper a question asks for ("GPT-3" in "the GPT-3
    paper"), when it names one: a word written as a name, right before "paper". Short
    capitals ("the HPC paper", "the BNN paper", "the MoE paper") are a field's
    abbreviations more often than a paper's name, and are searched as topics."""
    cursor = 0
    for name in entities(text):
        at = text.find(name, cursor)
        if at < 0:
            continue
        cursor = at + len(name)
        following = PAPER.match(text[cursor:])
        if following:
            asked = name + following[1]
            letters = sum(c.isalpha() for c in asked)
            return asked if letters >= MIN_LETTERS or any(c.isdigit() for c in asked) else None
    return None


def names_no_paper(searcher: Searcher, name: str) -> bool:
    """Return True when no listed paper has the name and at most one mentions it: not
    in its title, not as something it introduces, not as a term it defines ("(DNNs)")."""
    titles = searcher.titles
    if titles.named_in(name) or titles.spelled_otherwise(name):
        return False
    words = WORDS.findall(fold(name))
    holding = list(islice((t for t in searcher.texts_holding(name) if _says(t, words)), 2))
    if not holding and squashed(name) in searcher.vocabulary:  # "Uni-Sparse", "GPT-Q"
        return False
    if len(holding) > 1:
        return False
    spelled = r"[\s\-_/]*".join(map(re.escape, words))
    named = rf"(?<![^\W_]){spelled}(?![^\W_])"
    introduced = re.compile(INTRODUCES.format(name=named), re.I)
    # "(DNNs)", or the name with its abbreviation: "Student Float (SF4)"
    defined = re.compile(rf"\({named}s?\)|{named}\s*\([A-Z][\w-]*\)", re.I)
    return not any(
        _says(text.partition(". ")[0], words) or introduced.search(text) or defined.search(text)
        for text in holding
    )


def _says(text: str, words: list[str]) -> bool:
    """Return True when a text has the words in a row, the last one maybe plural."""
    folded = f" {joined_words(text)} "
    said = " ".join(words)
    return f" {said} " in folded or f" {said}s " in folded
