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
from retrieval.vocabulary import entities

# The name right before "paper": "the BERT paper", "the GPT-3 paper", "Megatron-LM paper".
PAPER = re.compile(r"^((?:-[^\W_]+)*)\s+(?:paper|article|preprint)\b(?!s)", re.I)
# What an abstract says it introduces, in the sentence that says so.
INTRODUCES = (
    r"\b(?:we|this\s+(?:paper|work|article))\s+(?:\w+\s+){{0,2}}?"
    r"(?:propose|present|introduce|develop|describe|design|build)[sd]?\b[^.]{{0,120}}?{name}"
    r"|\b(?:called|named|dubbed|coined)\s+{name}"
)


def asked_name(text: str) -> str | None:
    """Return the name of the one paper a question asks for ("GPT-3" in "the GPT-3
    paper"), when it names one: a word written as a name, right before "paper"."""
    cursor = 0
    for name in entities(text):
        at = text.find(name, cursor)
        if at < 0:
            continue
        cursor = at + len(name)
        following = PAPER.match(text[cursor:])
        if following:
            return name + following[1]
    return None


def names_no_paper(searcher: Searcher, name: str) -> bool:
    """Return True when no listed paper has the name and at most one mentions it."""
    if searcher.titles.named_in(name):
        return False
    words = WORDS.findall(fold(name))
    holding = list(islice((t for t in searcher.texts_holding(name) if _says(t, words)), 2))
    if len(holding) > 1:
        return False
    spelled = r"[\s\-_/]*".join(map(re.escape, words))
    introduced = re.compile(INTRODUCES.format(name=rf"(?<![^\W_]){spelled}(?![^\W_])"), re.I)
    return not any(
        _says(text.partition(". ")[0], words) or introduced.search(text) for text in holding
    )


def _says(text: str, words: list[str]) -> bool:
    return f" {' '.join(words)} " in f" {' '.join(WORDS.findall(fold(text)))} "
