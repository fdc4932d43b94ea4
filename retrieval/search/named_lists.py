"""In a list question, a paper that writes a name the question names belongs in the list.

"Which papers evaluate on MNIST or SVHN?", "BERT / T5 model
experiments", "which papers build on PyTorch?", "papers involving HLS": an abstract that
writes the name is the explicit evidence a reader counts, whatever the membership model
makes of its other words. The names are those the question writes with two capitals or
more, or a digit ("HLS", "PyTorch", "A100", "CIFAR"), that the corpus uses; a plainly
capitalized word ("Transformers", "Gurobi") may be a sentence's first word or a common
noun, and is left to the models. A name that more than ``MAX_HOLDERS`` papers write is a
topic of the list, not evidence: it adds nothing (the others still do). A paper that
writes a name must also cover half as much of the question as the best paper chosen
(``retrieval.search.searcher.HOLDER_COVER``): "which papers quantize LLMs to 4 bits?" does not
list every paper that says "LLMs".

Only lists (plural questions the models answered), and not comparisons, which answer
with the papers they name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from retrieval.index.vocabulary import entities
from retrieval.search.decision import Ranking
from retrieval.text import fold, stopwords

MIN_CAPITALS = 2
MAX_HOLDERS = 12  # papers writing one name; half of the 25 an answer lists


def listed_names(text: str, knows_name: Callable[[str], bool]) -> list[str]:
    """Return the names a question writes (see the module docstring) that the corpus
    uses, a question word before one left out ("Which Transformers" is "Transformers")."""
    found = []
    for name in entities(text):
        words = name.split()
        while words and fold(words[0]) in stopwords():
            words.pop(0)
        name = " ".join(words)
        capitals = sum(c.isupper() for c in name)
        if (capitals >= MIN_CAPITALS or any(c.isdigit() for c in name)) and knows_name(name):
            found.append(name)
    return list(dict.fromkeys(found))


def writing(name: str, candidates: Iterable[str], text_of: Callable[[str], str]) -> list[str]:
    """Return the candidates whose text writes the name as a word of its own ("GPT" in
    "GPT-2", not in "GPTQ"), as typed: "GPUs" is not "GPU" (held out, reading them
    alike listed every paper that mentions a GPU for "runs on thousands of GPUs"), at
    most ``MAX_HOLDERS`` + 1 of them."""
    pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    found: list[str] = []
    for pid in candidates:
        if pattern.search(text_of(pid)):
            found.append(pid)
            if len(found) > MAX_HOLDERS:
                break
    return found


def with_holders(ranking: Ranking, holders: list[str]) -> Ranking:
    """Return the ranking with the papers that write a named name added to its answer,
    after the ones the models chose, in ranking order (those the search did not rank
    last)."""
    chosen = set(ranking.relevant)
    ranked = [pid for pid in ranking.order if pid in holders and pid not in chosen]
    unranked = [pid for pid in dict.fromkeys(holders) if pid not in ranking.relevance]
    if not ranked and not unranked:
        return ranking
    return replace(
        ranking,
        order=[*ranking.order, *unranked],
        relevant=[*ranking.relevant, *ranked, *unranked],
        relevance={**dict.fromkeys(unranked, 0.0), **ranking.relevance},
    )
