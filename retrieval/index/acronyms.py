"""Acronyms the corpus defines, so that either form of a term counts as the term.

An abstract that says "high-level synthesis (HLS)" defines HLS; another abstract may
write only "HLS", a third only "high-level synthesis". A question that names the term
either way ("anything about high-level synthesis (HLS)?", "HLS papers") should find
all three: coverage, the explicit match a reader counts as evidence, credits a paper for
the question's long form when it has the acronym, and for the acronym when it has the
long form (``retrieval.search.searcher.Searcher.signals``).

Definitions are read from the abstracts that hold the acronym, as written there: the
words right before "(HLS)" whose initials spell it. Nothing is listed by hand.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice, pairwise

import numpy as np
import numpy.typing as npt

from retrieval.index.paper_terms import PaperTerms, Values
from retrieval.index.vocabulary import MAX_ACRONYM, MIN_ACRONYM, acronym_typed, initials
from retrieval.text import WORDS, fold, tokenize

MIN_LONG = 2  # stems of a long form ("processing-in-memory": "process", "memori")
TEXTS_READ = 16  # abstracts read for an acronym's definition


@dataclass(frozen=True)
class Acronym:
    """One acronym and its long form, as stems ("hls"; "high", "level", "synthesi")."""

    short: str
    long: tuple[str, ...]
    spelled: str = field(default="", compare=False)  # as abstracts most often write it

    @property
    def stems(self) -> frozenset[str]:
        return frozenset((self.short, *self.long))


def defined(
    text: str, definition: Callable[[str], Acronym | None], known: Container[str]
) -> tuple[Acronym, ...]:
    """Return the acronyms a question uses, by either form, that the corpus defines.

    An acronym typed in capitals ("HLS") is looked up as is; a long form ("high-level
    synthesis") is found by the initials of two to five words in a row when the corpus
    uses the acronym they spell and defines it as those words. ``definition`` returns
    an acronym's long form in the corpus (``definition_in``)."""
    words = list(WORDS.finditer(text))
    found: dict[str, Acronym] = {}
    for short, typed_long in _candidates(words):
        folded = fold(short)
        if short in found or (folded not in known and folded + "s" not in known):
            continue
        acronym = definition(short)
        if acronym is None:
            continue
        if typed_long is not None and tokenize(typed_long) != list(acronym.long):
            continue  # initials that happen to spell a defined acronym
        found[short] = acronym
    return tuple(found.values())


def _candidates(words: list[re.Match[str]]) -> Iterator[tuple[str, str | None]]:
    """Yield (acronym, long form typed or None): capitals as typed, then initials."""
    for match in words:
        if short := acronym_typed(match.group()):
            yield short, None
    for size in range(MIN_ACRONYM, MAX_ACRONYM):
        for start in range(len(words) - size + 1):
            run = words[start : start + size]
            if all(m.group().isalpha() and m.group().islower() for m in run):
                yield initials(run), " ".join(m.group() for m in run)


def definition_in(short: str, texts_holding: Callable[[str], Iterable[str]]) -> Acronym | None:
    """Return the long form most abstracts holding ``short`` give it, or None."""
    pattern = re.compile(rf"\(\s*{short}s?\s*\)")
    forms: Counter[tuple[str, ...]] = Counter()
    spellings: dict[tuple[str, ...], Counter[str]] = {}
    for text in islice(texts_holding(fold(short)), TEXTS_READ):
        for defining in pattern.finditer(text):
            before = list(WORDS.finditer(text[: defining.start()]))[-len(short) :]
            if initials(before) == short:
                stems = tuple(tokenize(" ".join(m.group() for m in before)))
                if len(stems) >= MIN_LONG:  # "processing-in-memory": "process", "memori"
                    forms[stems] += 1
                    written = " ".join(m.group() for m in before).casefold()
                    spellings.setdefault(stems, Counter())[written] += 1
    short_stems = tokenize(short)  # none for a stop word: "IT", "OR", "AS"
    if not forms or len(short_stems) != 1:
        return None
    long = forms.most_common(1)[0][0]
    return Acronym(short_stems[0], long, spellings[long].most_common(1)[0][0])


def held(
    terms: PaperTerms,
    rows: Values,
    acronym: Acronym,
    beside: Mapping[tuple[str, str], npt.NDArray[np.bool_]] | None = None,
) -> npt.NDArray[np.bool_]:
    """Return, per paper row, whether it has the acronym or its long form in a row
    ("graph neural networks", not "graph" in one sentence and "neural networks" in
    another); ``beside``: per pair of the form, the rows that hold it, when known."""
    short = terms.coverage(rows, {acronym.short: 1.0}) > 0
    if beside is not None:  # which papers hold each pair is read already
        together: npt.NDArray[np.bool_] = np.logical_and.reduce(
            [beside[pair] for pair in _pairs(acronym)]
        )
        return short | together
    pairs = dict.fromkeys(pairwise(acronym.long), 1.0)
    return short | (terms.pairs_weight(rows, pairs) >= len(pairs) - 1e-9)


def scattered(
    terms: PaperTerms, rows: Values, weights: dict[str, float], acronyms: tuple[Acronym, ...]
) -> npt.NDArray[np.float64] | None:
    """Return the weight each paper row loses for holding a long form's words apart (None
    when the question writes no long form): "graph neural networks" asked, a paper with
    a "graph IR" and "deep neural networks" holds the words, not the term. A word of the
    form counts where it stands beside the next or last word of the form ("neural
    networks", "language modelling" of "large language models"), and where another term
    of the question gives it ("graph" of "GNNs" beside "graph transformers")."""
    long_forms = [a for a in acronyms if sum(s in weights for s in a.long) >= MIN_LONG]
    if not long_forms:
        return None  # the question writes acronyms only, not a long form
    beside = {
        pair: terms.pairs_weight(rows, {pair: 1.0}) > 0 for a in acronyms for pair in _pairs(a)
    }
    holds = {a: held(terms, rows, a, beside) for a in acronyms}
    lost = np.zeros(len(rows))
    for acronym in long_forms:
        for stem in {s for s in acronym.long if s in weights}:
            kept = [holds[acronym]]
            kept += [beside[pair] for pair in _pairs(acronym) if stem in pair]
            kept += [holds[other] for other in acronyms if other != acronym and stem in other.stems]
            has = terms.coverage(rows, {stem: 1.0}) > 0
            lost += (has & ~np.logical_or.reduce(kept)) * weights[stem]
    return lost


def _pairs(acronym: Acronym) -> list[tuple[str, str]]:
    return list(dict.fromkeys(pairwise(acronym.long)))


def credited(
    terms: PaperTerms, rows: Values, weights: dict[str, float], acronyms: tuple[Acronym, ...]
) -> npt.NDArray[np.float64] | None:
    """Return the weight each paper row gains from holding the other form of a term the
    question has (None when there is none): a paper with the acronym or the long form
    holds every stem of both that the question asks."""
    gained: npt.NDArray[np.float64] | None = None
    for acronym in acronyms:
        asked = {s: weights[s] for s in acronym.stems if s in weights}
        if not asked:
            continue
        total = sum(asked.values())
        gain = held(terms, rows, acronym) * (total - terms.coverage(rows, asked) * total)
        gained = gain if gained is None else gained + gain
    return gained
