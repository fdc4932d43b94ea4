"""The words and names a corpus uses, to check a question's names and rare words against.

``entities`` finds the words and phrases of a question that look like names
("GraphCast", "H100", "Switch Transformer"); ``Vocabulary`` says whether the corpus
uses a word or a name at all. Both read the corpus only; nothing here names a paper.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property, lru_cache
from itertools import islice, pairwise, product

from rapidfuzz import process
from rapidfuzz.distance import OSA

from retrieval.text import WORDS, fold, rarity, stem_forms, stopwords, tokenize

RESPELLED = 256  # questions whose respelling is kept (one dict, cleared when full)
ENTITY_TEXTS = 1024  # texts whose names are kept (``entities``)
TEXTS_READ = 64  # texts read for a phrase whose stop word has no stem (``_together``)
MIN_PART = 3  # the shortest word a closed-up compound is split into ("one" of "oneshot")
MIN_ACRONYM, MAX_ACRONYM = 2, 6  # letters of an acronym a question defines ("IR", "PIM")
TYPO_LETTERS = 5  # shorter words are read as typed: one edit makes another word too often
TYPO_ZIPF = 2.0  # a word this common in English is meant ("vision" is not "version")
CLIPPED_ZIPF = 4.0  # ... and is no word cut short ("read" 5.5, "deal" 5.3; "nets" 3.8)
EMPHASIS_ZIPF = 5.0  # a word in capitals this common in English is emphasis, not a name
# ... and one this common opening a message, line or clause is its label ("URGENT: which
# papers ...", "UPDATE - any on HLS?", "SEEKING papers on X"); a name in capitals that
# is also a word is rarer ("GLUE" 3.8, "SAGE" 3.8, "OPT" 3.9).
LABEL_ZIPF = 4.0
# A count with its magnitude's letter ("175B", "66B", "1.5M") or word ("175 billion").
MAGNITUDES = {"K": "thousand", "M": "million", "B": "billion", "T": "trillion"}
LETTERS = {word: letter for letter, word in MAGNITUDES.items()}
SHORT_COUNT = re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?)([{''.join(MAGNITUDES)}])(?![\w.])")
LONG_COUNT = re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?)\s+({'|'.join(LETTERS)})\b", re.I)
NUMBER_AND_WORD = re.compile(r"(\d+)([a-z]{2,})")  # a number closed up with its unit: "4bit"
# Abbreviations of chat and of the trade, written in capitals and naming nothing: "FYI,
# which paper ...", "need it ASAP", "TBH", "my PI wants ...", "the SOTA results".
CHAT_ABBREVIATIONS = frozenset((
    "fyi", "asap", "tbh", "imo", "imho", "afaik", "fwiw", "btw", "lol", "lmao", "omg", "idk",
    "iirc", "ymmv", "tia", "nvm", "ngl", "smh", "pls", "plz", "thx", "eta", "wip", "sota",
    "pi", "tldr", "aka", "nb", "ps", "rsvp", "ooo", "eod", "eow",
))  # fmt: skip
# The number of a name's version or size, after a hyphen: "GPT-5", "ENS-20", "OPT-66B".
VERSION = re.compile(r"\d+[A-Za-z]{0,2}")
SIZE = re.compile(rf"\d+(?:\.\d+)?[{''.join(MAGNITUDES)}]")  # "13B", "1.5M": a model's size
VERSIONED = re.compile(r"[^\W\d_]-\d")  # a name with such a number: "GPT-5"
# A clause mark and a conjunction after it, before a word ("...; and WHEREAS ...").
JOINED_CLAUSE = re.compile(r"[.!?:;]\s*(?:and|or|but)$", re.I)
LINE_MARKS = ">*•-"  # a quote or bullet mark opening a line


NAME_THEN_NUMBER = re.compile(r"([^\W\d_]{2,})(\d\w*)")  # "gpt4v": "gpt", "4v"
HYPHENS_RESPELLED = 3  # more hyphens than this are closed up or opened all at once


def _hyphen_spellings(name: str) -> list[str]:
    """Return a hyphenated name with each hyphen closed up or opened: "llama-2-7b" is
    written "llama2 7b" ("LLaMA2-7B", which the corpus's words hold as "llama2" and
    "7b"), "llama27b", "llama 2 7b"; "gpt-2" is "gpt2" or "gpt 2"."""
    parts = name.split("-")
    if len(parts) > HYPHENS_RESPELLED + 1:
        return [name.replace("-", ""), name.replace("-", " ")]
    spellings = []
    for marks in product(("", " "), repeat=len(parts) - 1):
        spellings.append(parts[0] + "".join(m + p for m, p in zip(marks, parts[1:], strict=True)))
    return spellings


class Vocabulary:
    """The folded words a corpus uses, to ask whether it names something at all."""

    def __init__(self, words: Iterable[str], holding: Callable[[str], Iterable[str]]) -> None:
        """``words``: the folded words of the corpus (``folded_words``); ``holding``: the
        texts that may hold a phrase (those with all its words), to look for it in."""
        self.words = frozenset(words)
        self._sorted = sorted(self.words)
        self._holding = holding
        self._respelled: dict[str, str] = {}  # question -> respelled (``respell``)

    @classmethod
    def of(cls, texts: Iterable[str]) -> Vocabulary:
        """Return the vocabulary of a few texts, each searched for phrases."""
        kept = list(texts)
        stemmed = [f" {' '.join(tokenize(t))} " for t in kept]  # tokenized once, not per ask

        def holding(phrase: str) -> list[str]:  # texts with the phrase's stems side by side
            groups = stem_forms(phrase)  # none for "of the": any text may hold it
            runs = [f" {' '.join(run)} " for run in product(*groups)]
            return [
                t
                for t, stems in zip(kept, stemmed, strict=True)
                if not groups or any(r in stems for r in runs)
            ]

        return cls(folded_words(kept), holding)

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def knows_name(self, name: str) -> bool:
        """Return True when the corpus uses a name: each of its words, and for a phrase of
        plain capitalized words ("Switch Transformer", "Piz Daint") the whole phrase."""
        if VERSIONED.search(name):  # "GPT-2": written "GPT2" or "GPT 2", not "GPT" anywhere
            return any(self.knows(f) for f in _hyphen_spellings(fold(name)))
        words = name.split()
        if not all(self.knows(fold(w)) for w in words):
            return False
        plain = all(not any(c.isupper() or c.isdigit() for c in w[1:]) for w in words)
        return len(words) == 1 or not plain or self.knows(fold(name))

    def respell(self, text: str) -> str:
        """Return the text with compounds and counts written as the corpus writes them.

        A word the corpus lacks that joins two of its words is split: "multipumping" ->
        "multi-pumping", "oneshot" -> "one-shot", a number and its unit "4bit" ->
        "4-bit" (the two must stand together in some title or abstract, with a hyphen or
        a space), and counts are written as the corpus writes them (``_counts``). Two
        words the corpus never writes together, whose join it uses, are joined:
        "hyper-dimensional" -> "hyperdimensional", "Poly-normer" -> "Polynormer", and a
        name and its number: "FV 3" -> "FV3". A question is searched and embedded with
        it: the last ``RESPELLED`` are kept rather than read twice."""
        found = self._respelled.get(text)
        if found is None:
            if len(self._respelled) >= RESPELLED:
                self._respelled.clear()
            split = WORDS.sub(lambda m: self._split(m.group()), self._counts(text))
            joined = self._join_pairs(self._drop_defined(split))
            found = self._respelled[text] = self._unclipped(joined)
        return found

    def _counts(self, text: str) -> str:
        """Return the text with counts written the way the corpus writes them: "175B" as
        "175 billion" when no abstract writes "175B" and some writes "175" and "billion",
        and "66 billion" as "66B" the other way round. Model sizes are written both ways
        ("a 175B model", "175 billion parameters"), and the two share no word."""

        def in_words(found: re.Match[str]) -> str:  # "175B" -> "175 billion"
            number, word = found[1], MAGNITUDES[found[2]]
            if self.knows(fold(found[0])) or not (number in self.words and word in self.words):
                return found[0]
            return f"{number} {word}"

        def lettered(found: re.Match[str]) -> str:  # "66 billion" -> "66B"
            number, word = found[1], found[2].lower()
            letter = LETTERS[word]
            if fold(f"{number}{letter}") not in self.words or self._together(number, word):
                return found[0]
            return f"{number}{letter}"

        return LONG_COUNT.sub(lettered, SHORT_COUNT.sub(in_words, text))

    def _drop_defined(self, text: str) -> str:
        """Return the text without the acronyms it defines itself that the corpus never
        uses, when the corpus says their long form: "intermediate representation (IR)".
        The long form says what it means; as a word no abstract has, the acronym would
        only count against every paper. "message passing interface (MPI)" keeps it: no
        abstract says that either, and the acronym is then what the list lacks."""
        found = list(WORDS.finditer(text))
        for at in reversed(range(len(found))):
            acronym = acronym_typed(found[at].group())
            if acronym is None or self.knows(fold(acronym)):
                continue
            n = len(acronym)
            beside = (found[max(0, at - n) : at], found[at + 1 : at + 1 + n])
            long = next((ws for ws in beside if initials(ws) == acronym), None)
            if long and self.knows(" ".join(fold(m.group()) for m in long)):
                start, end = found[at].start(), found[at].end()
                if text[start - 1 : start] == "(" and text[end : end + 1] == ")":
                    start, end = start - 1, end + 1
                text = text[:start] + text[end:]
        return " ".join(text.split())

    def closes_up(self, first: str, second: str) -> bool:
        """Return True when the corpus writes two typed words as one word: "LPG2 vec"
        ("LPG2vec"), "FP 16" ("FP16"), "Hamming Mesh" ("HammingMesh")."""
        return _joinable(first, second) and fold(first + second) in self.words

    def _join_pairs(self, text: str) -> str:
        found = list(WORDS.finditer(text))
        for first, second in reversed(list(pairwise(found))):  # later ones first: offsets hold
            gap = text[first.end() : second.start()]
            a, b = first.group(), second.group()
            if gap not in (" ", "-") or not _joinable(a, b):
                continue
            # "data types" stays where "data type" is said: stems side by side; a plural
            # joins as its singular does ("data centers": "datacenter"), unless the
            # singular is written apart too ("trade-offs": some abstract says "trade-off")
            left, right, joined = fold(a), fold(b), fold(a + b)
            plural = joined not in self.words and joined[:-1] in self.words and b[-1:] == "s"
            if joined not in self.words and not plural:
                continue
            apart = self._together(left, right) or (plural and self._together(left, right[:-1]))
            if not apart:
                text = text[: first.start()] + a + b + text[second.end() :]
        return text

    def _unclipped(self, text: str) -> str:
        """Return the text with a word cut short that the corpus lacks written whole, when
        a word beside it and the whole word stand together in some title or abstract:
        "neural nets" -> "neural networks", "on-prem clusters" -> "on-premise clusters"
        (a plural clip stays plural). A clipped word with no such neighbour is left, and
        so is a common English word ("read" is no clip of "readily")."""
        found = list(WORDS.finditer(text))
        for n in reversed(range(len(found))):  # later ones first: offsets hold
            word = found[n]
            joined = [  # its neighbours, written beside it with a space or a hyphen
                (fold(found[m].group()), m < n)
                for m in (n - 1, n + 1)
                if 0 <= m < len(found)
                and text[min(word.end(), found[m].end()) : max(word.start(), found[m].start())]
                in (" ", "-")
            ]
            whole = next(
                (
                    w
                    for beside, after in joined
                    if (w := self._whole(fold(word.group()), beside, after))
                ),
                None,
            )
            if whole:
                text = text[: word.start()] + whole + text[word.end() :]
        return text

    def _whole(self, clipped: str, beside: str, after: bool) -> str | None:
        """Return the one corpus word a word the corpus lacks was cut from (its letters
        start it; a plural's, less the "s", with the plural kept) that some title or
        abstract writes ``after`` the word ``beside`` it, or before it."""
        if len(clipped) < MIN_PART or not clipped.isalpha() or self.knows(clipped):
            return None  # ``knows``: a corpus word, its plural, or a long one's start
        if zipf(clipped) >= CLIPPED_ZIPF:
            return None
        plural = clipped.endswith("s")
        stem = clipped[:-1] if plural else clipped
        wholes = [
            c for c in self.completions(stem)
            if c != stem
            and c.endswith("s") == plural
            and (self._together(beside, c) if after else self._together(c, beside))
        ]  # fmt: skip
        return wholes[0] if len(wholes) == 1 else None

    def _split(self, typed: str) -> str:
        word = fold(typed)
        if len(word) != len(typed) or self.knows(word):
            return typed
        if (count := NUMBER_AND_WORD.fullmatch(word)) and self._together(*count.groups()):
            return f"{typed[: count.end(1)]}-{typed[count.end(1) :]}"  # "4bit": "4-bit"
        # a name closed up with its number ("GPT4V", "OPT66B"): the corpus's "GPT-4V"
        if numbered := NAME_THEN_NUMBER.fullmatch(word):
            name, number = numbered.groups()
            if name in self.words and number in self.words and self._together(name, number):
                return f"{typed[: len(name)]}-{typed[len(name) :]}"
        # an English word ("nowhere") is not a closed-up compound
        if len(word) >= 2 * MIN_PART + 1 and rarity(word) >= 1.0:
            for at in range(MIN_PART, len(word) - MIN_PART + 1):
                left, right = word[:at], word[at:]
                if left in self.words and right in self.words and self._together(left, right):
                    return f"{typed[:at]}-{typed[at:]}"
        return self.typo_of(word) or typed

    def typo_of(self, word: str) -> str | None:
        """Return the one corpus word a word no English speaker writes ("quantizaton",
        "grpah") is a typo of: one edit away (a transposition is one), same first letter."""
        if len(word) < TYPO_LETTERS or zipf(word) >= TYPO_ZIPF:
            return None
        near = process.extract(
            word, self._by_letter.get(word[0], ()), scorer=OSA.distance, score_cutoff=1,
            limit=2,
        )  # fmt: skip
        return str(near[0][0]) if len(near) == 1 else None

    @cached_property
    def _by_letter(self) -> dict[str, list[str]]:
        """Return the corpus words by their first letter (built at the first typo)."""
        letters: dict[str, list[str]] = {}
        for known in self._sorted:
            letters.setdefault(known[0], []).append(known)
        return letters

    def _together(self, first: str, second: str) -> bool:
        """Return True when some title or abstract has the two words side by side.

        With a stem for each, the texts ``holding`` gives already have the stems side by
        side, so the first one answers (10k papers: a full read of every text holding
        "data" and "sets" took ~50 ms a pair). A stop word ("one" of "one shot") has no
        stem: then the first ``TEXTS_READ`` texts holding the other are read."""
        phrase = f"{first} {second}"
        if len(stem_forms(phrase)) == 2:
            return next(iter(self._holding(phrase)), None) is not None
        wanted = f" {phrase} "
        return any(
            wanted in f" {joined_words(t)} " for t in islice(self._holding(phrase), TEXTS_READ)
        )

    def knows(self, word: str) -> bool:
        """Return True for a word the corpus uses, its singular ("DSPs"), or a longer
        name it starts ("MobileNet" for "MobileNetV2"); prefixes of 5 letters or more.
        A name of several words must occur as a phrase."""
        if " " in word:
            phrase = f" {' '.join(WORDS.findall(word))} "
            return any(phrase in f" {joined_words(text)} " for text in self._holding(word))
        if word in self.words or (word.endswith("s") and word[:-1] in self.words):
            return True
        return len(word) >= 5 and self.starts_a_word(word)

    def completions(self, prefix: str, most: int = 16) -> list[str]:
        """Return up to ``most`` corpus words that start with a folded prefix."""
        at = bisect.bisect_left(self._sorted, prefix)
        found = []
        for word in self._sorted[at : at + most]:
            if not word.startswith(prefix):
                break
            found.append(word)
        return found

    def starts_a_word(self, prefix: str) -> bool:
        """Return True when some corpus word starts with a folded prefix (a bisection)."""
        return bool(self.completions(prefix, most=1))


def acronym_typed(typed: str) -> str | None:
    """Return a word typed as an acronym ("IR", "DNNs" -> "DNN"), else None: capitals
    only, ``MIN_ACRONYM`` to ``MAX_ACRONYM`` of them, a plural "s" dropped."""
    acronym = typed[:-1] if typed.endswith("s") and typed[:-1].isupper() else typed
    fits = MIN_ACRONYM <= len(acronym) <= MAX_ACRONYM
    return acronym if fits and acronym.isupper() and acronym.isalpha() else None


def initials(words: Sequence[re.Match[str]]) -> str:
    """Return the capitalized first letters of words ("high level synthesis" -> "HLS")."""
    return "".join(m.group()[0] for m in words).upper()


def folded_words(texts: Iterable[str]) -> set[str]:
    """Return the folded words of texts, as ``Vocabulary`` compares them."""
    return {w for t in texts for w in joined_words(t).split()}


def joined_words(text: str) -> str:
    """Return a text's folded words joined by single spaces, as phrases are compared."""
    return " ".join(WORDS.findall(fold(text)))


@lru_cache(maxsize=65536)  # words users type: bounded
def zipf(word: str, language: str = "en") -> float:
    """Return a word's Zipf frequency in a language, English by default (wordfreq;
    imported on first use)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, language))


def entities(text: str) -> list[str]:
    """Return the words and phrases of a text that look like names (``_entities``, read
    once per text: an ask reads its question's names three or four times)."""
    return list(_entities(text))


@lru_cache(maxsize=ENTITY_TEXTS)
def _entities(text: str) -> tuple[str, ...]:
    """Return the words and phrases that look like names: "GraphCast", "ZeRO", "H100",
    "Mirhoseini", "Switch Transformer", "Intel SGX".

    A name has a capital after its first letter, or letters then digits, or is
    capitalized in mid-sentence; capitalized words in a row form one name, even at the
    start of a sentence, and so do capitalized words joined by "of" ("Tree of Thoughts",
    "Internet of Things"). Words that start with a digit are amounts ("175B"), and a very
    common English word in capitals is emphasis ("EVERY paper", "ONLY the 2023 ones").
    """
    found: list[str] = []
    run: list[str] = []
    last_end = -1
    matches = list(WORDS.finditer(text))
    for n, match in enumerate(matches):
        word = match.group()
        if word == "of" and _joins(text, run, last_end, match, matches[n + 1 : n + 2]):
            run.append(word)
            last_end = match.end()
            continue
        between = text[last_end : match.start()]
        if _numbers(run, between, word) or _double_barrelled(run, between, word):
            run[-1 if run[-1] else -2] = f"{run[-1] or run[-2]}{between}{word}"
            if word.isupper() and run[-1] == "":  # "Megatron-LM paper": a name, wherever
                run.pop()
            last_end = match.end()
            continue
        if word[0].isdigit() or len(word) < 2:
            run, last_end = _close(run, found), -1
            continue
        before = text[: match.start()].rstrip()
        new_line = "\n" in text[len(before) : match.start()]  # a line starts a sentence
        mid_sentence = bool(before) and before[-1] not in ".!?:;¿¡" and not new_line
        inner = any(c.isupper() or c.isdigit() for c in word[1:])
        opening = word.isupper() and _opens_clause(text[: match.start()])
        capital = (word[0].isupper() or inner) and not _emphasis(word, opening)
        if capital and run and text[last_end : match.start()] == " " and not _opener(run):
            run.append(word)
        else:
            run = _close(run, found)
            if capital:
                run = [word]
                if not (inner or mid_sentence):
                    run.append("")  # a sentence-initial capital counts only in a phrase
        last_end = match.end()
    _close(run, found)
    return tuple(found)


def _opener(run: list[str]) -> bool:
    """Return True for a run that is only a function word opening a sentence ("Which",
    "The"): it names nothing with the capital after it ("Which Google paper ...")."""
    return len(run) == 2 and run[1] == "" and run[0].casefold() in stopwords()


def _numbers(run: list[str], between: str, word: str) -> bool:
    """Return True when a number belongs to the name before it: its version or size
    after a hyphen ("GPT-5", "ENS-20", "Llama-70B") or a size after a space ("Llama-2
    13B", "OPT 66B"), which makes it another thing than the name alone. Not after a
    capital that only opens a sentence ("Top-5")."""
    if not run or "" in run:
        return False
    if between == "-":
        return VERSION.fullmatch(word) is not None
    return between == " " and SIZE.fullmatch(word) is not None


def _double_barrelled(run: list[str], between: str, word: str) -> bool:
    """Return True for the second half of a hyphenated name after a word in title case
    ("Ben-Nun", "Jean-Luc", "Vision-Language", "Megatron-LM", "Transformer-XL"): one
    name, not two. Capitals on both sides ("CPU-GPU") stay two names, each of which the
    corpus may write alone."""
    last = next((w for w in reversed(run) if w), "")
    named = _titled(word) or (len(word) > 1 and word.isupper())
    return between == "-" and _titled(last) and named


def _titled(word: str) -> bool:
    return len(word) > 1 and word[0].isupper() and word[1:].islower()


def _joins(
    text: str, run: list[str], last_end: int, match: re.Match[str], after: list[re.Match[str]]
) -> bool:
    """Return True when "of" joins a capitalized word before it to a capitalized word
    after it ("Thoughts"; not an acronym: "Survey of LLM methods" is a topic)."""
    if not run or text[last_end : match.start()] != " " or not after:
        return False
    following = after[0].group()
    return (
        text[match.end() : after[0].start()] == " "
        and following[1:].islower()
        and following[0].isupper()
    )


def _opens_clause(before: str) -> bool:
    """Return True when a word after this text opens the text, a line (after a quote or
    bullet mark: "> LOOK", "- NOTE") or a clause."""
    before = before.rstrip(" \t")
    marked = before.rstrip(LINE_MARKS + " \t")
    if marked != before and (not marked or marked[-1] == "\n"):
        return True
    return not before or before[-1] in "\n.!?:;¿¡" or bool(JOINED_CLAUSE.search(before[-12:]))


def _emphasis(word: str, opening: bool = False) -> bool:
    """Return True for a very common English word written in capitals ("EVERY", "ONLY",
    "NOT"), a common one opening a clause ("URGENT:", "REMINDER -"), or an abbreviation of
    chat ("FYI", "ASAP"); names in capitals are rarer words ("SAGE", "GLUE", "SQuAD")."""
    if not word.isupper():
        return False
    if word.casefold() in CHAT_ABBREVIATIONS:  # "FYI", "ASAP", "SOTA": no name
        return True
    return zipf(word.casefold()) >= (LABEL_ZIPF if opening else EMPHASIS_ZIPF)


def _close(run: list[str], found: list[str]) -> list[str]:
    words = [w for w in run if w]
    while len(words) > 1 and words[-1].casefold() in stopwords():  # "V100s Which paper?"
        words.pop()
    if len(words) > 1 or (words and "" not in run):
        found.append(" ".join(words))
    return []


def _joinable(first: str, second: str) -> bool:
    """Return True when two words may be one word written apart: two words of two
    letters or more ("Hamming Mesh"), or a name and the number it carries ("FV 3",
    "GPT 2", "LPG2 vec", "FP 16"). A number beside a number is two counts."""
    joined = first + second
    if joined.isalpha():
        return min(len(first), len(second)) >= 2
    lettered = [w for w in (first, second) if not w.isdigit()]
    return bool(lettered) and all(len(w) >= 2 for w in lettered)
