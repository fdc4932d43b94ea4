"""Text handling shared by BM25, chunking and snippets: terms and sentences.

Terms are lowercased word pieces with stop words removed and Snowball-stemmed by
PyStemmer, so "quantizing", "quantized" and "quantization" all match "quantiz".
Sentences keep their character offsets so that snippets are verbatim substrings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from typing import NamedTuple

import Stemmer
from segtok.segmenter import split_single

from retrieval.config import DATA

STOPWORDS_FILE = DATA / "stopwords_en.txt"
WORD = re.compile(r"[^\W_]+")
# Latin (and other alphabetic) runs, or CJK runs: "请概括Torsten" is two words, not one.
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
WORDS = re.compile(rf"[{CJK}]+|[^\W_{CJK}]+")
URL = re.compile(r"https?://|www\.|github\.com", re.I)
OPEN_SOURCE = re.compile(r"\bopen[- ]?sourc", re.I)
RELEASE = re.compile(r"\b(?:will|plan|release[sd]?|made available|sourced|publicly)\b", re.I)
CODE_AVAILABLE = re.compile(
    r"\b(?:code|implementation|library|artifacts?)\b.*\b(?:available|hosted|released)\b", re.I
)


class Term(NamedTuple):
    """A stemmed term and where its word stands in the source text.

    A named tuple, not a frozen dataclass: an abstract has ~150 terms and a frozen
    dataclass takes ~4x longer to build each (0.32 -> 0.2 ms an abstract).
    """

    stem: str
    start: int
    end: int
    word: str  # the lowercased word the stem came from


@dataclass(frozen=True)
class Sentence:
    """A sentence and its character offsets in the source text."""

    text: str
    start: int
    end: int


@cache
def stopwords() -> frozenset[str]:
    """Return the stop-word list shipped in ``data/``."""
    words = (
        word
        for line in STOPWORDS_FILE.read_text(encoding="utf-8").splitlines()
        if not line.startswith("#")
        for word in line.split()
    )
    return frozenset(words)


@cache
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


def stem(word: str) -> str:
    """Return the Snowball stem of one lowercased word."""
    return str(_stemmer().stemWord(word))


def terms(text: str, offset: int = 0) -> list[Term]:
    """Return the stemmed, stop-word-free terms of a text with their offsets (plus ``offset``).

    ``offset`` places the terms of a sentence in the abstract it was cut from.
    """
    found: list[Term] = []
    for match in WORD.finditer(text):
        known = _term(match.group())
        if known is not None:
            found.append(Term(known[0], match.start() + offset, match.end() + offset, known[1]))
    return found


@lru_cache(maxsize=200_000)
def _term(typed: str) -> tuple[str, str] | None:
    """Return a word's (stem, lowercased word), or None for a stop word.

    Cached: an abstract repeats its words and a corpus' vocabulary is small (terms of a
    synthetic abstract: 0.40 -> 0.32 ms); 200k words of ~10 characters stay under ~40 MB.
    """
    word = typed.casefold()
    if word in stopwords():
        return None
    base = _singular(typed, word) if word != typed and word[-1] == "s" else word
    return str(_stemmer().stemWord(base)), word


def _singular(typed: str, word: str) -> str:
    """Return an acronym's plural as its singular: "FPGAs" -> "fpga", "LLMs" -> "llm".

    The stemmer leaves "fpgas" alone, so without this "papers on FPGAs" would miss every
    abstract that says "FPGA".
    """
    if len(typed) > 2 and typed.endswith("s") and sum(c.isupper() for c in typed[:-1]) >= 2:
        return word[:-1]
    return word


# A model's name with its version glued on ("llama2", "gpt4", "resnet50"), and how many
# versions are tried for a name without one.
VERSIONED = re.compile(r"([a-z]+)(\d{1,3})")
MIN_VERSIONED, VERSIONS = 3, 100

# British and American endings, each read both ways: a question may spell a word
# otherwise than the abstracts do ("quantisation", "behaviour", "modelled").
SPELLINGS = (
    ("isation", "ization"), ("ise", "ize"), ("ised", "ized"), ("ising", "izing"),
    ("iser", "izer"), ("yse", "yze"), ("ysed", "yzed"), ("ysing", "yzing"), ("our", "or"),
    ("tre", "ter"), ("lled", "led"), ("lling", "ling"), ("ogue", "og"), ("ence", "ense"),
)  # fmt: skip


def question_terms(text: str, known: Container[str]) -> list[Term]:
    """Return a question's terms, each with the stem the corpus knows when the question
    spells its word otherwise: British or American ("quantisation" -> "quantiz"), or an
    acronym's plural in lower case, a word rare in English ("fpgas" -> "fpga"). Other
    terms keep their stem."""
    return [t if t.stem in known else t._replace(stem=_known(t, known)) for t in terms(text)]


def _known(term: Term, known: Container[str]) -> str:
    word = term.word
    bases = [word, word[:-1]] if len(word) > 3 and word.endswith("s") else [word]
    # An acronym's plural is rare in English ("gpus" is "GPUs"); "news" is not "new".
    variants = bases[1:] if len(bases) > 1 and rarity(word) >= 1.0 else []
    variants += [
        base[: -len(old)] + new
        for base in bases
        for a, b in SPELLINGS
        for old, new in ((a, b), (b, a))
        if base.endswith(old) and len(base) > len(old) + 2
    ]
    for variant in variants:
        found = _term(variant)
        if found is not None and found[0] in known:
            return found[0]
    return _versioned(word, known) or term.stem


def _versioned(word: str, known: Container[str]) -> str | None:
    """Return the stem the corpus writes a model's name with when the question writes
    it without or with its version glued on: "llama2" for a question's "llama" where an
    abstract says "LLaMA2" (``VERSIONS`` numbers tried), and "gpt" for a question's
    "gpt4" where the abstracts say "GPT"; None when neither is known."""
    glued = VERSIONED.fullmatch(word)
    name = glued[1] if glued else word
    if len(name) < MIN_VERSIONED or not name.isalpha():
        return None
    if glued:
        found = _term(name)
        return found[0] if found is not None and found[0] in known else None
    # a word ending in digits is its own stem
    return next((name + str(n) for n in range(VERSIONS) if name + str(n) in known), None)


def stem_forms(text: str) -> list[frozenset[str]]:
    """Return, per word of a lowercased text (stop words left out), the stems the word has
    in a text that wrote it in any case: "gdbs" is "gdbs", or "gdb" where it was "GDBs"
    (``_singular``)."""
    groups: list[frozenset[str]] = []
    for typed in WORD.findall(text):
        known = _term(typed)
        if known is None:
            continue
        singular = _term(typed[:-1]) if len(typed) > 2 and typed.endswith("s") else None
        groups.append(frozenset([known[0], *(singular[:1] if singular else ())]))
    return groups


def tokenize(text: str) -> list[str]:
    """Return the BM25 tokens of a text: stemmed terms, stop words removed.

    The stems of ``terms``, without building their offsets (a third of the time).
    """
    found: list[str] = []
    for typed in WORD.findall(text):
        known = _term(typed)
        if known is not None:
            found.append(known[0])
    return found


# An item of a list: a line opening with a bullet, a number or a checkbox ("- renew the
# permit", "2) which paper ...?", "[ ] ask the bot ..."). Items are apart, like sentences.
LIST_ITEM = re.compile(r"(?:[-*•◦▪‣–]|\(?\d{1,3}[.)]|\[[ xX✓]?\])\s")


def without_spans(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """Return a text with each span (start, end) cut out and a space in its place, the
    spans taken from the last, so that the offsets of the others hold."""
    for start, end in sorted(spans, key=lambda span: span[0], reverse=True):
        text = f"{text[:start]} {text[end:]}"
    return text


def spaced(text: str) -> str:
    """Return a text with its whitespace as single spaces, but for the line breaks
    around an item of a list (``LIST_ITEM``): items are apart ("Monday:\n- renew the
    permit\n- which paper ...?\n- call the plumber"); other lines run on as one text.
    Each item is bulleted alike: "1. papers on X\n2. from 2023" asks nothing of 1 or 2,
    and a checkbox ("[ ] find ...") is no bracket to tidy away."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    lines = [LIST_ITEM.sub("- ", line, count=1) if LIST_ITEM.match(line) else line
             for line in lines if line]  # fmt: skip
    joined = lines[0] if lines else ""
    for before, line in pairwise(lines):
        items = LIST_ITEM.match(before) or LIST_ITEM.match(line)
        joined += ("\n" if items else " ") + line
    return joined


def sentences(text: str) -> list[Sentence]:
    """Split text into sentences, each a verbatim slice of the text with its offsets."""
    found: list[Sentence] = []
    cursor = 0
    for piece in split_single(text):
        piece = piece.strip()
        if not piece:
            continue
        start = text.find(piece, cursor)
        if start < 0:  # segtok changed the text; fall back to one sentence for the rest
            rest = text[cursor:].strip()
            if rest:
                begin = text.index(rest, cursor)
                found.append(Sentence(rest, begin, begin + len(rest)))
            return found
        found.append(Sentence(piece, start, start + len(piece)))
        cursor = start + len(piece)
    return found


COMMON_ZIPF, RARE_ZIPF = 6.0, 3.5  # Zipf 6: "found", "keep"; 3.5: "seismic", "checkpoint"
RARITY_FLOOR = 0.1
ADVERB_MIN = 5  # a word of this many letters or fewer is none: "early", "apply", "Italy"
ADJECTIVE_ZIPF = 3.0  # the word before "ly" must be this common an English word


@cache
def rarity(word: str) -> float:
    """Return how specific an English word is: 1 for rare words, down to 0.1 for common ones.

    Uses wordfreq's Zipf frequency (log10 of uses per billion words), scaled linearly
    between ``RARE_ZIPF`` (1.0) and ``COMMON_ZIPF`` (0.1): "imagenet" (1.2) -> 1.0,
    "perception" (4.2) -> 0.73, "memory" (4.8) -> 0.48, "report" (5.3) -> 0.27.
    Words with digits count as rare.
    """
    if any(ch.isdigit() for ch in word):
        return 1.0  # "4", "175b", "e2m1": numbers in a question are precise, never framing
    from wordfreq import zipf_frequency

    if _adverb(word.casefold(), zipf_frequency):
        return RARITY_FLOOR
    zipf = zipf_frequency(word, "en")
    share = (COMMON_ZIPF - zipf) / (COMMON_ZIPF - RARE_ZIPF)
    return min(1.0, max(RARITY_FLOOR, share))


def _adverb(word: str, zipf: Callable[[str, str], float]) -> bool:
    """Return True for an adverb made of an English adjective ("genuinely", "mainly",
    "specifically", "easily", "probably"): it frames a question, it never names a topic,
    however rare it is ("genuinely" outweighed "quantum" in a question like "when does a
    quantum computer become genuinely useful?"). Over every eval set, list
    F1 blind-a 0.849 -> 0.876, blind-r 0.879 -> 0.897, nothing lower. "Dragonfly",
    "anomaly", "homophily" have no adjective before their "ly"."""
    if not word.endswith("ly") or len(word) <= ADVERB_MIN:
        return False
    stems = [word[:-2]]
    if word.endswith("ally"):
        stems.append(word[:-4])  # "specifically" -> "specific"
    if word.endswith("ily"):
        stems.append(word[:-3] + "y")  # "easily" -> "easy"
    if word.endswith(("ably", "ibly")):
        stems.append(word[:-1] + "e")  # "probably" -> "probable"
    return any(zipf(base, "en") >= ADJECTIVE_ZIPF for base in stems)


def fold(text: str) -> str:
    """Return text casefolded and without accents ("Höfler" -> "hofler")."""
    if text.isascii():  # nothing to decompose: most abstracts (10k: 7.8 s -> 0.1 s)
        return text.casefold()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def is_code_sentence(sentence: str) -> bool:
    """Return True for a sentence that says where code is, not what the paper found.

    "The implementation is available at https://...", "This library will be made
    available as open-source." ("open-source solvers such as CPLEX" is not one.)
    """
    if URL.search(sentence) or CODE_AVAILABLE.search(sentence):
        return True
    return bool(OPEN_SOURCE.search(sentence) and RELEASE.search(sentence))
