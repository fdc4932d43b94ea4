"""The names papers give themselves in their titles, indexed to find the ones a question
names ("compare SAGMAN and GARNET", "the Allo paper").

A paper's *name* is read from its own title: the part before a colon when it is short
("GPTQ", "ENS-10", "Noise in the Clouds"), or the whole title when that is short
("Spatial Mixture-of-Experts"). A question names a paper when it contains that name as
whole words, case-insensitively - except a one-word name that is also an ordinary
English word ("Sage"), which must be written with the title's capitals.
"""

from __future__ import annotations

import re
import zipfile
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process, utils
from rapidfuzz.distance import Levenshtein

from retrieval.index.grouping import grouped
from retrieval.text import fold

MAX_NAME_WORDS = 4  # "Noise in the Clouds" is a name; a whole sentence-long title is not
COMMON_ZIPF = 3.0  # one-word names at least this common in English must match in case


def squashed(text: str) -> str:
    """Return text folded, without spaces, hyphens or other gaps between its words."""
    return "".join(re.findall(r"[^\W_]+", fold(text)))


def short_name(title: str) -> str | None:
    """Return the name a title gives its paper, or None when it has none."""
    head, colon, _ = title.partition(":")
    name = head.strip() if colon else title.strip()
    return name if 0 < len(name.split()) <= MAX_NAME_WORDS else None


@cache
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


class TitleNames:
    """The names of a corpus's papers, to find the ones a question mentions."""

    def __init__(self, titles: Mapping[str, str]) -> None:
        # Indexed by the name's first word, so a question only tries names it could hold.
        self._by_first: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
        self._squashed: set[str] = set()  # the names without gaps: "hammingmesh", "ens10"
        self._beside: dict[str, tuple[str, re.Pattern[str]]] = {}  # names of common words
        for pid, title in titles.items():
            name = short_name(title)
            words = re.findall(r"[^\W_]+", name) if name else []
            if not words:
                continue
            self._squashed.add(squashed(" ".join(words)))
            single_common = len(words) == 1 and _zipf(fold(words[0])) >= COMMON_ZIPF
            flags = 0 if single_common else re.IGNORECASE
            gap = r"[\s\-_/]*"
            pattern = r"(?<![^\W_])" + gap.join(re.escape(w) for w in words) + r"(?![^\W_])"
            entry = (pid, re.compile(pattern, flags))
            self._by_first.setdefault(fold(words[0]), []).append(entry)
            if single_common:  # "garnet", typed in lower case beside another name
                self._beside[fold(words[0])] = (pid, re.compile(pattern, re.IGNORECASE))

    def spelled_otherwise(self, name: str) -> bool:
        """Return True when a name is a paper's name with other gaps: "Hamming Mesh",
        "ENS10", "GPT-Q"."""
        return squashed(name) in self._squashed

    def named_in(self, question: str) -> frozenset[str]:
        """Return the ids of the papers the question names."""
        return frozenset(pid for pid, _, _ in self.spans(question))

    def spans(self, question: str) -> list[tuple[str, int, int]]:
        """Return each place the question names a paper: its id, start and end. A name
        that is a common word counts in lower case too when it is joined to another name
        the question writes ("compare garnet and sagman", "allo vs garnet"): a side of a
        comparison or a list of names is a name."""
        words = {fold(w) for w in re.findall(r"[^\W_]+", question)}
        found = [
            (pid, at.start(), at.end())
            for word in words
            for pid, pattern in self._by_first.get(word, ())
            for at in pattern.finditer(question)
        ]
        waiting = [self._beside[w] for w in words & self._beside.keys()]
        while waiting:  # one joined to a name found, maybe found itself so: "a, b and C"
            named = {pid for pid, _, _ in found}
            joined = [
                (pid, at.start(), at.end())
                for pid, pattern in waiting
                if pid not in named
                for at in pattern.finditer(question)
                if any(_joined(question, at.span(), (a, b)) for _, a, b in found)
            ]
            if not joined:
                break
            found += joined
            done = {pid for pid, _, _ in joined}
            waiting = [(pid, p) for pid, p in waiting if pid not in done]
        return found


# What joins two names as sides of one ask: "A and B", "A, B", "A vs B", "A or B", "A
# to B", "A from B", and "and" or "or" in the languages the term list covers (y, e, et,
# und, o, ou, oder).
JOINS = re.compile(
    r"\s*(?:,|&|/|\b(?:and|or|vs|versus|against|to|with|from|than|y|e|et|und|o|ou|oder)\b\.?)\s*",
    re.I,
)


def _joined(text: str, one: tuple[int, int], other: tuple[int, int]) -> bool:
    """Return True when only a joining word stands between two spans of a text."""
    first, second = sorted([one, other])
    return JOINS.fullmatch(text[first[1] : second[0]]) is not None


TITLE_WORDS_FILE = "title_words.npz"
WORD_MATCH = 85  # rapidfuzz ratio for a typed word to count as a title word ("trainig")
PREFIX_LETTERS = 4  # or the typed word starts a title word: "quant" -> "quantization"
# "paper": "the graph mining paper" names the title before it.
STOP = frozenset(
    ["a", "an", "and", "at", "by", "for", "from", "in", "is", "of", "on", "or", "the", "to", "with",
     "paper", "papers"]
)  # fmt: skip


def folded_title(title: str) -> str:
    """Return a title as lookups compare it: lower case, punctuation as spaces."""
    return str(utils.default_process(title))


def title_words(folded: str) -> list[str]:
    """Return the words of a folded title or query, without the shortest stop words."""
    return [w for w in re.findall(r"[^\W_]+", folded) if w not in STOP]


def word_coverage(query: list[str], title: list[str]) -> float:
    """Return the share of the query's words that a title has (typos, prefixes allowed).

    "attention is all you need" against "Hop-Wise Graph Attention ..." is 0.5: the title
    has "attention" but nothing like "need" - so it is not the paper that was meant. The
    last word may be cut short at any length, as it is while being typed ("GPTQ: Ac").
    """
    if not query:
        return 0.0
    last = len(query) - 1
    found = sum(any(like(word, t, n == last) for t in title) for n, word in enumerate(query))
    return found / len(query)


def like(word: str, title_word: str, typing: bool = False) -> bool:
    """Return whether a typed word stands for a title word: the same, its start (of
    ``PREFIX_LETTERS`` or more, or any length while ``typing``), or a close misspelling."""
    return (
        word == title_word
        or ((typing or len(word) >= PREFIX_LETTERS) and title_word.startswith(word))
        or (len(word) >= 4 and fuzz.ratio(word, title_word) >= WORD_MATCH)
    )


class TitleWords:
    """Which titles have a word like a typed word: the only titles a lookup can match.

    ``word_coverage`` accepts a title only when it has most of the typed words (typos and
    prefixes allowed), so a title with none of them is never the match, and scoring
    every title with WRatio (~0.8 s at 100k titles) is not needed. The typed word's
    like words are found once in the vocabulary of the titles, by the same three tests.
    """

    def __init__(
        self,
        titles: int,
        vocabulary: list[str],
        indptr: npt.NDArray[np.int64],
        rows: npt.NDArray[np.int32],
    ) -> None:
        """Index ``titles`` titles by their words: ``vocabulary`` sorted, and the rows of
        the titles with word ``n`` as ``rows[indptr[n]:indptr[n + 1]]`` (``of``)."""
        self.titles = titles
        self.vocabulary = vocabulary  # sorted, for prefixes
        self._position = {word: n for n, word in enumerate(vocabulary)}
        self._indptr = indptr
        self._titles = rows
        # The vocabulary by length, all of it and without numbers, so a typed word is
        # compared only with words of a length it can be like ("12345" shares no letter
        # with a typed word without digits): 100k titles hold ~100k words.
        lengths = np.fromiter(map(len, vocabulary), np.int64, len(vocabulary))
        by_length = np.argsort(lengths, kind="stable")
        lettered = by_length[[not vocabulary[n].isdigit() for n in by_length]]
        self._by_length = {
            digits: (order, lengths[order], [vocabulary[n] for n in order])
            for digits, order in ((True, by_length), (False, lettered))
        }

    @classmethod
    def of(cls, titles: Sequence[str]) -> TitleWords:
        """Index titles by their words (folded as lookups fold them), in their order."""
        first_seen: dict[str, int] = {}  # word -> its number in order of first use
        owners, rows = [], []
        for row, title in enumerate(titles):
            for word in set(title_words(folded_title(title))):
                owners.append(first_seen.setdefault(word, len(first_seen)))
                rows.append(row)
        seen = list(first_seen)
        order = sorted(range(len(seen)), key=seen.__getitem__)
        renumber = np.empty(len(seen), np.int64)
        renumber[order] = np.arange(len(seen))
        by_word, indptr = grouped(renumber[np.asarray(owners, np.int64)], len(seen))
        held = np.asarray(rows, np.int32)[by_word]
        return cls(len(titles), [seen[n] for n in order], indptr.astype(np.int64), held)

    def save(self, folder: Path, name: str = TITLE_WORDS_FILE) -> None:
        """Write the index to ``folder`` (a generation's): the words as one UTF-8 text,
        a line each (a title word holds no line break), and the two arrays."""
        text = "\n".join(self.vocabulary).encode("utf-8")
        np.savez(
            folder / name,
            titles=np.asarray(self.titles, np.int64),
            vocabulary=np.frombuffer(text, np.uint8),
            indptr=self._indptr,
            rows=self._titles,
        )

    @classmethod
    def load(cls, folder: Path, titles: int) -> TitleWords | None:
        """Return the index kept in ``folder``, or None when missing, torn or not for
        ``titles`` titles."""
        try:
            with np.load(folder / TITLE_WORDS_FILE, allow_pickle=False) as kept:
                count, text = int(kept["titles"]), kept["vocabulary"].tobytes().decode("utf-8")
                indptr, rows = kept["indptr"].astype(np.int64), kept["rows"].astype(np.int32)
        except (OSError, ValueError, KeyError, UnicodeDecodeError, zipfile.BadZipFile):
            return None  # missing, or torn: an archive cut short is no zip
        vocabulary = text.split("\n") if text else []
        if count != titles or len(indptr) != len(vocabulary) + 1:
            return None
        if len(rows) != (indptr[-1] if len(indptr) else 0) or (len(rows) and rows.max() >= titles):
            return None
        return cls(count, vocabulary, indptr, rows)

    def rows(self, typed: list[str], least: int = 1) -> npt.NDArray[np.int32]:
        """Return the rows of the titles with words like at least ``least`` of the typed
        words (each typed word counted as often as it is typed), ascending."""
        counts = np.zeros(self.titles, np.int32)
        for n, word in enumerate(typed):
            found = sorted(self._like(word, typing=n == len(typed) - 1))
            if found:
                parts = [self._titles[self._indptr[w] : self._indptr[w + 1]] for w in found]
                counts[np.unique(np.concatenate(parts))] += 1
        return np.flatnonzero(counts >= least).astype(np.int32)

    def near_rows(self, typed: list[str], least: int) -> npt.NDArray[np.int32]:
        """Return the rows of the titles with words like, or within ``typo_budget`` edits
        of, at least ``least`` of the typed words, ascending."""
        counts = np.zeros(self.titles, np.int32)
        for n, word in enumerate(typed):
            found = self._like(word, typing=n == len(typed) - 1)
            budget = typo_budget(word)
            if budget:
                positions, words = self._of_length(word, len(word) - budget, len(word) + budget)
                edits = process.cdist(
                    [word], words, scorer=Levenshtein.distance, score_cutoff=budget
                )
                found.update(positions[np.flatnonzero(edits[0] <= budget)].tolist())
            if found:
                parts = [self._titles[self._indptr[w] : self._indptr[w + 1]] for w in found]
                counts[np.unique(np.concatenate(parts))] += 1
        return np.flatnonzero(counts >= least).astype(np.int32)

    def _like(self, word: str, typing: bool) -> set[int]:
        """Return the vocabulary positions of the title words ``like`` accepts."""
        alike = {self._position[word]} if word in self._position else set()
        if typing or len(word) >= PREFIX_LETTERS:
            start = bisect_left(self.vocabulary, word)
            end = bisect_left(self.vocabulary, word + "\U0010ffff")
            alike.update(range(start, end))
        if len(word) >= 4:
            # ratio = 200 * matches / (both lengths): 85 needs 0.74 to 1.35 times the length
            low = next(n for n in range(len(word) + 1) if 200 * n >= WORD_MATCH * (len(word) + n))
            high = (200 - WORD_MATCH) * len(word) // WORD_MATCH
            positions, words = self._of_length(word, low, high)
            close = process.cdist([word], words, scorer=fuzz.ratio, score_cutoff=WORD_MATCH)
            alike.update(positions[np.flatnonzero(close[0] >= WORD_MATCH)].tolist())
        return alike

    def _of_length(self, word: str, low: int, high: int) -> tuple[npt.NDArray[np.int64], list[str]]:
        """Return the vocabulary positions and words of ``low`` to ``high`` letters that
        may be like ``word`` (numbers only when it has a digit)."""
        order, lengths, words = self._by_length[any(c.isdigit() for c in word)]
        start = int(np.searchsorted(lengths, low, "left"))
        end = int(np.searchsorted(lengths, high, "right"))
        return order[start:end], words[start:end]


def typo_budget(word: str) -> int:
    """Return the edits a typed word may be away from the title word it stands for."""
    return 0 if len(word) < 3 else 1 if len(word) < 6 else 2  # "alo" 1, "quantisation" 2


def acronyms(words: list[str]) -> list[str]:
    """Return the initials of each run of 2 to 5 words of a title ("gnn" for "graph
    neural networks"), so a typed acronym stands for the words it abbreviates."""
    return [
        "".join(w[0] for w in words[start:end])
        for start in range(len(words))
        for end in range(start + 2, min(start + 5, len(words)) + 1)
    ]


def typo_cost(typed: list[str], title: list[str]) -> int | None:
    """Return the edits that turn the typed words into words (or acronyms) of a title,
    or None when one word is further than its ``typo_budget`` from every one of them;
    a word ``like`` a title word costs nothing."""
    tokens = title + acronyms(title)
    last, cost = len(typed) - 1, 0
    for n, word in enumerate(typed):
        if any(like(word, token, n == last) for token in tokens):
            continue
        budget = typo_budget(word)
        best = min(
            (Levenshtein.distance(word, t, score_cutoff=budget) for t in tokens), default=budget + 1
        )
        if best > budget:
            return None
        cost += best
    return cost
