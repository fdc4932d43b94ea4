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

A list question that asks which papers *mention* a name ("do any of them mention an
H100?", "any that name-drop PyTorch?", "papers referring to MNIST") asks for the papers
that write it, and only those (``MENTIONS``, ``mentioned``): the ones the models chose
for the rest of the question without writing the name are dropped. Only when the verb's
sentence asks nothing else before it ("which graph papers mention PyTorch?" asks for
graph papers too), and only the names after the verb, in its sentence, count; of a name
of several words, its rarest word that is a name itself ("NVIDIA A100": "(A100)"
mentions it). One common word alone ("which mention weather?") is read the same way, in
any of its forms, when one to ``MAX_HOLDERS`` papers write it (``Phrases.mentioning``).

Only lists (plural questions the models answered), and not comparisons, which answer
with the papers they name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from retrieval.index.vocabulary import entities
from retrieval.query.asking import ABSTRACT_WORDS, content_words
from retrieval.search.decision import Ranking
from retrieval.text import fold, stopwords

MIN_CAPITALS = 2
# capitals this few are a generic abbreviation (``is_generic``): "AI", "ML". Not
# ``named_things.GENERIC_LETTERS`` (3), whose name check also sets aside "OPT" and "HPC"
GENERIC_CAPITALS = 2
SENTENCE_END = re.compile(r"[.?!;](?=\s|$)|\s[-–—]\s")  # a spaced dash ends a clause
LEAD_END = re.compile(r"[.?!;:](?=\s|$)|\s[-–—]\s")  # and a label's colon: "Request: ..."
# Verbs that ask whether a text writes a name, not what it is about; in the present:
# "I mentioned GPUs earlier" asks nothing of the papers.
# What an abstract writes, it names, says or cites: "papers whose abstract names PyTorch".
MENTIONS = re.compile(
    r"\b(?:mention(?:s|ing)?|name[- ]?drop(?:s|ping)?|refer(?:s|ring)?\s+to)\b"
    r"|(?:(?<=\babstract\s)|(?<=\babstracts\s))(?:names?|says?|writes?|cites?)\b",
    re.I,
)
NOT_SAYING = re.compile(r"(?:\b(?:do|does|did)(?:\s+not|n['’]?t)|\bnever)\s+$", re.I)
NEGATED = re.compile(r"(?:\bnot|n['’]t|\bnever|\bno)\s+(?:\w+\s+)?$", re.I)  # "not to mention"
# An owner's mark before a name: "NVIDIA's A100" names the A100, as "NVIDIA A100" does.
OWNER_MARK = re.compile(r"(?<=[^\W_])['’]s(?=\s+[^\W_]*[A-Z\d])")
ALL_OF = re.compile(r"\b(?:and|both|as\s+well\s+as)\b", re.I)  # "mention X and Y": each
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
        if is_name(name) and knows_name(name):
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


def mentioned(text: str, negated: bool = False) -> str | None:
    """Return what a question asks papers to mention: from the verb to the end of its
    sentence ("do any mention an H100? We run those" -> " an H100"; an owner's mark left
    out: "NVIDIA's A100" -> "NVIDIA A100"), or None when it asks for none, or for a topic
    too before the verb. ``negated``: what it asks papers not to mention ("which papers
    don't mention ImageNet?", "the ones that never name PyTorch")."""
    verb = MENTIONS.search(text)
    if verb is None:
        return None
    ends = [m.end() for m in LEAD_END.finditer(text, 0, verb.start())]
    before = text[ends[-1] if ends else 0 : verb.start()]
    if negated:
        if (unsaid := NOT_SAYING.search(before)) is None:
            return None
        before = before[: unsaid.start()]
    topic = {word for word in content_words(before) if not word.isdigit()}  # "2024 papers"
    if topic - ABSTRACT_WORDS or NEGATED.search(before):
        return None  # "which graph papers mention X", "don't mention X", "not to mention"
    end = SENTENCE_END.search(text, verb.end())
    return OWNER_MARK.sub("", text[verb.end() : end.start() if end else len(text)])


def forms(name: str) -> list[str]:
    """Return a name as typed and in its other number ("GPUs": "GPU"; "FPGA": "FPGAs")."""
    other = name[:-1] if name.endswith("s") and is_name(name[:-1]) else f"{name}s"
    return [name, other]


def is_generic(name: str) -> bool:
    """Return True for a name of short capitals alone, a generic abbreviation more often
    than a thing's name ("ML", "AI"; not "OPT", "GPUs" or "A100")."""
    words = name.split()
    return all(w.isupper() and w.isalpha() and len(w) <= GENERIC_CAPITALS for w in words)


def is_name(word: str) -> bool:
    """Return True for a word written as a name: two capitals or more, or a digit."""
    return sum(c.isupper() for c in word) >= MIN_CAPITALS or any(c.isdigit() for c in word)


def only_holders(ranking: Ranking, holders: list[str]) -> Ranking:
    """Return the ranking with its answer the papers that write a name the question asks
    to be mentioned, in ranking order (those the search did not rank last): the holders
    added to an answer of none."""
    return with_holders(replace(ranking, relevant=[]), holders)
