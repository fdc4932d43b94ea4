"""Read questions that are not in English, with what the English-only model can use.

Four measurable steps, no translation model:

1. **Detect** the language from its function words (``data/framing.json``, "markers")
   and its technical terms English lacks ("Quantisierung"), or, for Chinese, Japanese
   and Korean, from the script.
2. **Map framing** ("artículos" -> "papers", "depuis" -> "since", "论文" -> "papers")
   with the same small per-language dictionary, so intent and year filters work.
3. **Read technical words from a term list** (``data/terms.json``: about 7,400 terms and
   phrases in the six languages, "computación cuántica" -> "quantum computing",
   "Wettervorhersage" -> "weather forecasting", "图神经网络" -> "graph neural networks"),
   the longest phrase first. Cognates alone missed them: over the eval sets' 151
   non-English questions (the list was written without them), first paper right
   0.825 -> 1.000, list F1 0.559 -> 0.855.
4. **Match the other technical words to the corpus as cognates**: a word the corpus
   already uses ("RDMA", "Transformers") is kept; otherwise Romance/German endings are
   rewritten to English ones ("computación" -> "computation", "simbólicas" ->
   "simbolic") and the closest corpus word is taken when it is similar enough (rapidfuzz
   ratio >= 82: "hiperdimensional" -> "hyperdimensional" scores 94, "pesos" -> "peso"
   never reaches it).

A question in another script (Cyrillic, Greek, Arabic, Devanagari, ...: ``other_script``)
is read as English, as before; when that finds nothing, the router searches the words it
writes in Latin letters alone (``latin_words``: "RDMA" in "Есть ли статьи про RDMA?"),
as the list has no terms in those languages.

``Reading.understood`` is the share of content words that survived as English; when it
is low, papercord says in English that it could not read the question.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rapidfuzz import fuzz, process

from retrieval.config import DATA
from retrieval.index.vocabulary import zipf
from retrieval.text import CJK, WORDS, fold, spaced, stem, stopwords, tokenize

FRAMING_FILE = DATA / "framing.json"
TERMS_FILE = DATA / "terms.json"
COGNATE_MIN = 82  # rapidfuzz ratio for a cognate: "texte"/"text" 89, "pesos"/"peso" 89 too
# A word of a non-English question that no abstract has is kept as an English term when it
# is common in English (Zipf >= ENGLISH_ZIPF) and more common there than in the question's
# language by MORE_ENGLISH: "Dragonfly" (3.0 in English, 2.0 in French), "Federated" (2.9,
# German 1.6), "vídeo" (5.4 as "video", Spanish 4.9); not "problem" in German (5.4, 5.4),
# nor French "pain" and "sale" (0.4 more common in English).
# Kept, it counts as a term the list lacks, as it would in English.
ENGLISH_ZIPF = 2.5
MORE_ENGLISH = 0.5
MIN_READ_TERMS = 2  # words read from a question read only in part, to answer on
MIN_MARKERS = 2  # function words needed to call a question non-English
FOREIGN_ZIPF = 1.0  # a term of a language this rare in English is that language's
OWN_WORD_ZIPF = 4.0  # a word typed without a term's accents this common is another word
# Subject codes are no language's words: "cs.ET" is not French "et".
SUBJECT_CODE = re.compile(r"\b[a-z]{2,9}(?:-[a-z]{2})?\.[a-z]{2}\b", re.I)
# Letters and marks that point at one language; each one seen adds a vote (at most 2).
LETTERS = {"es": "¿¡ñ", "fr": "çèêàùœ", "de": "äöüß", "pt": "ãõ"}
# Romance and German endings and spellings, rewritten to their usual English form.
REWRITES = (
    ("ções", "tions"),
    ("ção", "tion"),
    ("zioni", "tions"),
    ("zione", "tion"),
    ("ciones", "tions"),
    ("ción", "tion"),
    ("cion", "tion"),
    ("siones", "sions"),
    ("sión", "sion"),
    ("idades", "ities"),
    ("idad", "ity"),
    ("ité", "ity"),
    ("ite", "ity"),
    ("icas", "ic"),
    ("icos", "ic"),
    ("ica", "ic"),
    ("ico", "ic"),
    ("iques", "ic"),
    ("ique", "ic"),
    ("izados", "ized"),
    ("izadas", "ized"),
    ("izado", "ized"),
    ("izada", "ized"),
    ("isés", "ized"),
    ("isé", "ized"),
    ("ados", "ed"),
    ("adas", "ed"),
    ("ées", "ed"),
    ("ée", "ed"),
    ("mente", "ly"),
    ("ales", "als"),
    ("ismo", "ism"),
    ("ierung", "ation"),
    ("isch", "ic"),
    ("ieren", "ize"),
    ("ien", "ies"),
    ("tät", "ty"),
    ("eur", "er"),
    ("ar", "e"),
    ("er", "e"),
    ("es", "s"),
    ("os", "s"),
    ("as", "s"),
)
PREFIXES = (("hiper", "hyper"), ("cua", "qua"), ("ph", "f"), ("k", "c"), ("z", "s"))


@dataclass(frozen=True)
class Reading:
    """A question as papercord reads it: its language and an English working text."""

    language: str  # "en", "fr", "es", "de", "it", "pt", "zh", "ja", "ko"
    english: str
    understood: float  # share of content words kept or mapped (1.0 for English)
    unread: tuple[str, ...] = ()


# A passage quoted in an English question, in any of the quotes languages use.
FOREIGN_QUOTE = re.compile(r"[«„“\"‘'‚‹](?P<text>[^«»„“”\"‘’'‚‹›\n]{12,})[»“”\"’'‘›]")
FOREIGN_QUOTE_MARKS = re.compile(r"[«„“\"‘'‚‹]")
QUOTED_WORDS = 4  # words a quoted passage needs to be read as its own language
UNSPACED = frozenset({"zh", "ja", "ko"})  # languages written without spaces between words
OTHER = "other"  # the name of a script papercord does not read: Cyrillic, Greek, Arabic
READ_SCRIPTS = frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA", "HANGUL"})
MIN_OTHER_WORDS = 2
# Chinese puts "since", "after" and "before" behind the year: 2023年以来 is "since 2023".
YEAR_WORDS = {"以来": "since", "之后": "after", "以后": "after", "之前": "before", "以前": "before"}
YEAR_AFTER_WORD = re.compile(rf"((?:19|20)\d\d)\s*年?\s*({'|'.join(YEAR_WORDS)})")
LANGUAGES = {"fr": "French", "es": "Spanish", "de": "German", "it": "Italian",
             "pt": "Portuguese", "zh": "Chinese", "ja": "Japanese", "ko": "Korean",
             "hi": "Hindi", OTHER: "a language I do not read"}  # fmt: skip
# Languages typed in Latin letters that wordfreq lists only in their own script: Hindi
# as typed in chat ("Hoefler ke weather wale papers kaun se hain?"). Their marker and
# framing words count as this common in them, so a marker is the language's own word
# where English uses it less ("ke", "hain"; not "to" or "me", which are no markers).
ROMANIZED = frozenset({"hi"})
ROMANIZED_ZIPF = 5.0


def cannot_read(language: str, author: str | None = None) -> str:
    """Return the note, in English, for a question papercord could not read (all of it
    but an author's name, when ``author`` is given: the card is shown)."""
    name = LANGUAGES.get(language, "another language")
    what = f"what you asked about {author}" if author else "this question"
    shown = f"; here is {author}'s summary" if author else ""
    return (
        f"I could not understand {what}: it reads as {name}, and I understand "
        f"English (and technical terms in other languages){shown}. Please ask in English."
    )


def partly_read(language: str) -> str:
    """Return the note, in English, over an answer found with the few words of a
    question papercord could read."""
    name = LANGUAGES.get(language, "another language")
    return (
        f"I could understand only part of this question: it reads as {name}, and I "
        "understand English (and technical terms in other languages). These papers match "
        "the words I could read."
    )


def read_enough(english: str, question: str) -> bool:
    """Return True when a question read only in part left enough to answer on: two
    words read, or one the question typed as is ("PIM"), not one guessed as a cognate
    ("transacciones" is no "translation")."""
    read = tokenize(english)
    kept = {fold(w) for w in WORDS.findall(english)} - stopwords()
    typed = {fold(w) for w in WORDS.findall(question)}  # "Modell" is no "model" typed
    return len(read) >= MIN_READ_TERMS or bool(kept & typed)


@cache
def framing(path: Path = FRAMING_FILE) -> dict[str, tuple[frozenset[str], dict[str, str]]]:
    """Return, per language, its marker words and its framing map (read once)."""
    table = json.loads(path.read_text(encoding="utf-8"))
    key = {lang: _unspaced if lang in UNSPACED else fold for lang in table}
    return {
        lang: (frozenset(key[lang](w) for w in entry["markers"].split()),
               {key[lang](k): v for k, v in entry["map"].items()})
        for lang, entry in table.items()
        if not lang.startswith("_")
    }  # fmt: skip


@cache
def _phrases(language: str) -> tuple[tuple[str, str], ...]:
    """Return a language's framing phrases of several words and their English, the
    longest first ("pero no solo" before "pero no")."""
    _, mapping = framing().get(language, (frozenset(), {}))
    keys = sorted((k for k in mapping if " " in k or "-" in k), key=len, reverse=True)
    return tuple((key, mapping[key]) for key in keys)


@cache
def _framed(language: str) -> frozenset[str]:
    """Return the English words a language's framing phrases become ("but", "not"): read
    as framing, not counted as content the question was understood by."""
    return frozenset(word for _, english in _phrases(language) for word in english.split())


@cache
def _term_table(path: Path = TERMS_FILE) -> dict[str, dict[str, str]]:
    """Return ``data/terms.json`` per language, as written (read once)."""
    table = json.loads(path.read_text(encoding="utf-8"))
    return {lang: entry for lang, entry in table.items() if not lang.startswith("_")}


@cache
def terms() -> dict[str, dict[str, str]]:
    """Return, per language, its technical terms and phrases in English, as the reader
    meets them (``_words``)."""
    return {
        lang: {_words(k, lang): v for k, v in entry.items()}
        for lang, entry in _term_table().items()
    }


def _words(key: str, language: str) -> str:
    """Return a term as the reader meets it: folded, words apart ("d'images" -> "d
    images"); a term of a language written without spaces stays a substring."""
    return _unspaced(key) if language in UNSPACED else " ".join(WORDS.findall(fold(key)))


def _unspaced(key: str) -> str:
    """Return a word of a language written without spaces as questions have it (NFKC):
    folding would split a Hangul syllable into its letters and drop the voicing marks of
    kana ("グラフ" -> "クラフ"), and no question would match it then."""
    return unicodedata.normalize("NFKC", key.casefold())


@cache
def accented() -> dict[str, dict[str, str]]:
    """Return, per language, the one-word terms that have accents, by their folded form
    ("approche" -> "approché")."""
    return {
        lang: {fold(k): k.casefold() for k in entry if " " not in k and fold(k) != k.casefold()}
        for lang, entry in _term_table().items()
    }


def _term(lexicon: dict[str, str], typed: list[str], language: str) -> tuple[str | None, int]:
    """Return the English of the longest term the words start with ("redes neuronales
    de grafos"), and how many words it takes; (None, 0) when they start none.

    ``typed`` are the words as typed, in lower case. A word typed without a term's
    accents is that term unless it is a common word of its own: French "approche"
    (approach) is no "approché" (approximate), Portuguese "no" (in the) no "nó" (node).
    """
    words = [fold(w) for w in typed]
    for length in range(len(words), 0, -1):
        english = lexicon.get(" ".join(words[:length]))
        if english is None:
            continue
        spelled = accented().get(language, {}).get(words[0]) if length == 1 else None
        if spelled and typed[0] != spelled and _common(typed[0], language) >= OWN_WORD_ZIPF:
            continue
        return english, length
    return None, 0


def detect(question: str) -> str:
    """Return the language a question is written in (ISO 639-1 code)."""
    if re.search(r"[\uac00-\ud7af]", question):
        return "ko"
    if re.search(r"[\u3040-\u30ff]", question):
        return "ja"
    if re.search(rf"[{CJK}]", question):
        return "zh"
    typed = [w.casefold() for w in WORDS.findall(SUBJECT_CODE.sub(" ", question))]
    words = [fold(w) for w in typed]
    english = sum(w in stopwords() for w in words)
    scores = {
        lang: sum(
            (w in markers or w in mapping) and own_word(t, lang)
            for w, t in zip(words, typed, strict=True)
        )
        + min(2, sum(question.count(ch) for ch in LETTERS.get(lang, "")))
        + _own_terms(words, lang)
        for lang, (markers, mapping) in framing().items()
    }
    best = max(scores.values(), default=0)
    if best < MIN_MARKERS or best <= english:
        return "en"
    tied = [lang for lang, score in scores.items() if score == best]
    # A tie goes to the language the whole question reads most like: "previsión
    # meteorológica de conjunto de datos" has two French function words ("de"), and
    # every word of it is Spanish.
    return max(tied, key=lambda lang: sum(_common(t, lang) for t in typed))


def _own_terms(words: list[str], language: str) -> int:
    """Return how many of a question's folded words are technical terms of a language
    that English does not have ("Quantisierung", "cuantización"): a question of terms and
    one function word ("Quantisierung, aber nicht LLMs") is written in that language. A
    term English writes alike ("autotuning" for "auto-tuning") is none."""
    own = terms().get(language, {})
    return sum(
        w in own and zipf(w) < FOREIGN_ZIPF and w != "".join(WORDS.findall(fold(own[w])))
        for w in words
    )


def other_script(question: str) -> bool:
    """Return True when a question is written in letters neither Latin nor Chinese,
    Japanese or Korean ("Есть ли статьи про RDMA?", "Υπάρχουν άρθρα για RDMA;"): more of
    its words than ``MIN_OTHER_WORDS`` and than its English function words. A letter or
    two of another script in English ("λ-calculus", "the α parameter"), or a Latin word
    typed with a look-alike letter of another ("Slapo" with a Cyrillic "a"), is none."""
    if question.isascii():
        return False
    words = [w for w in WORDS.findall(question) if any(c.isalpha() for c in w)]
    other = sum(not _scripts(w) & READ_SCRIPTS for w in words)
    english = sum(fold(w) in stopwords() for w in words)
    return other >= MIN_OTHER_WORDS and other > english


def _scripts(word: str) -> set[str]:
    """Return the scripts of a word's letters, from their Unicode names ("CYRILLIC SMALL
    LETTER A")."""
    return {unicodedata.name(c, "").split(" ", 1)[0] for c in word if c.isalpha()}


def reads_as_english(word: str, language: str) -> bool:
    """Return True when a word of a question in ``language`` is an English word, not one
    of that language: "photonic" in a Chinese or Spanish question, not "trata" in a
    Spanish one nor "forscht" in a German one."""
    return zipf(word) > 0 and not own_word(word, language)


def own_word(word: str, language: str) -> bool:
    """Return True when a word is more common in a language than in English: "usa", "ha"
    in Spanish, not a term or a name ("Optane", "blockchain"). So a function word counts
    for a language only when it is: "on", "publications", "recent" and "compare" are
    French words too, and made "Recent publications on robots" read as French."""
    return _common(word, language) > zipf(word)


def _common(word: str, language: str) -> float:
    """Return a word's Zipf frequency in a language from wordfreq's small lists, which
    hold its words from Zipf 3 up: enough to tell common words apart, at 3 MB a language
    where the full lists take 40 MB each (RSS 236 -> 425 MB with them)."""
    if language in UNSPACED:
        return 0.0  # wordfreq cuts Chinese into words with jieba, not installed
    if language in ROMANIZED:
        markers, mapping = framing()[language]
        return ROMANIZED_ZIPF if fold(word) in markers or fold(word) in mapping else 0.0
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, language, wordlist="small"))


class Reader:
    """Reads questions against one corpus vocabulary (the words its abstracts use)."""

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self.vocabulary = frozenset(fold(w) for w in vocabulary)
        self._stems = {stem(w): w for w in sorted(self.vocabulary)}
        self._by_letter: dict[str, list[str]] = {}
        for word in sorted(self.vocabulary):  # ties go the same way in every process
            if len(word) >= 4:
                self._by_letter.setdefault(word[0], []).append(word)

    def read(self, question: str) -> Reading:
        """Return the question's language and the English text to search with."""
        language = detect(question)
        if language == "en":  # another language's "not in" left in it still leaves out
            return Reading("en", _replaced(self._quoted_read(question), _leaving_out()), 1.0)
        markers, mapping = framing().get(language, (frozenset(), {}))
        if language in UNSPACED:
            return self._read_cjk(question, language)
        text = _replace_phrases(question, language)
        lexicon = terms().get(language, {})
        words = list(WORDS.finditer(text))
        pieces: list[str] = []
        cursor, content, kept, at = 0, 0, 0, 0
        unread: list[str] = []
        while at < len(words):
            match = words[at]
            word, folded = match.group(), fold(match.group())
            pieces.append(text[cursor : match.start()])
            cursor, at = match.end(), at + 1
            if folded in markers:
                continue
            if folded in mapping:
                pieces.append(mapping[folded])
                continue
            if folded in _framed(language):  # a phrase's English: "pero no" -> "but not"
                pieces.append(word)
                continue
            content += 1
            near = [w.group().casefold() for w in words[at - 1 : at + 3]]
            term, length = _term(lexicon, near, language)
            if term is not None:
                cursor, at = words[at + length - 2].end(), at + length - 1
                kept += 1
                pieces.append(term)
                continue
            english = self._english(word, folded) or _english_term(word, folded, language)
            if english is None:
                unread.append(word)
                continue
            kept += 1
            if language == "de" and english[1:].islower():  # German capitalizes every noun:
                english = english.lower()  # "Routing" is no name ("Mixture-of-Experts" is)
            pieces.append(english)
        pieces.append(text[cursor:])
        english_text = spaced("".join(pieces))
        return Reading(language, english_text, kept / content if content else 1.0, tuple(unread))

    def _quoted_read(self, question: str) -> str:
        """Return an English question with each quoted passage in another language read
        as that language ("which paper is „Komprimierung von Bildern mit Text“?", "the
        slide says «compresión de imágenes con texto»"): the frame says nothing of the
        language of what it quotes."""
        if not FOREIGN_QUOTE_MARKS.search(question):
            return question
        for quoted in reversed(list(FOREIGN_QUOTE.finditer(question))):
            passage = quoted.group("text")
            if len(WORDS.findall(passage)) < QUOTED_WORDS or detect(passage) in ("en", *UNSPACED):
                continue
            english = self.read(passage).english
            question = (
                f"{question[: quoted.start('text')]}{english}{question[quoted.end('text') :]}"
            )
        return question

    def _english(self, word: str, folded: str) -> str | None:
        """Return the word as the corpus would spell it, or None when it has no cognate."""
        if folded in self.vocabulary or folded.isdigit():
            return word
        if len(folded) < 4 or any(c.isdigit() or c.isupper() for c in word[1:]):
            return word  # acronyms, names and short tokens ("HPC", "GPT-4V", "AlphaFold")
        return self.cognate(folded)

    def cognate(self, folded: str) -> str | None:
        """Return the corpus word a foreign word most likely corresponds to, or None."""
        forms = _forms(folded)
        for form in forms:
            if form in self.vocabulary:
                return form
        for form in forms:  # "compresser" and "compression" share the stem "compress"
            if stem(form) in self._stems and len(stem(form)) >= 5:
                return self._stems[stem(form)]
        best: tuple[str, float] | None = None
        for form in forms:
            found = process.extractOne(
                form, self._by_letter.get(form[0], []), scorer=fuzz.ratio,
                score_cutoff=COGNATE_MIN,
            )  # fmt: skip
            if found and (best is None or found[1] > best[1]):
                best = (str(found[0]), float(found[1]))
        return best[0] if best else None

    def _read_cjk(self, question: str, language: str) -> Reading:
        words = _unspaced_words(language)
        text = YEAR_AFTER_WORD.sub(lambda m: f" {YEAR_WORDS[m[2]]} {m[1]} ", question)
        text = _except_last(text, language)
        text = re.sub(rf"[{CJK}]+", lambda run: _segmented(run.group(), words), text)
        unread = tuple(re.findall(rf"[{CJK}]+", text))
        latin = [w for w in WORDS.findall(text) if not re.match(rf"[{CJK}]", w)]
        content = [w for w in latin if fold(w) not in stopwords()]
        read_chars = sum(len(w) for w in content)
        total = read_chars + sum(len(u) * 2 for u in unread)  # a CJK word ~ 2 letters' worth
        english = " ".join(re.sub(rf"[{CJK}]+", " ", text).split())
        return Reading(language, english, read_chars / total if total else 1.0, unread)


def latin_words(question: str) -> str:
    """Return the words of a question in another script that are written in Latin
    letters ("RDMA", "GPTQ", "2023"): what it names, its years and its English terms."""
    return " ".join(w for w in WORDS.findall(question) if _scripts(w) <= READ_SCRIPTS)


# Japanese and Korean write "except" after what it leaves out ("FPGA以外の論文", "FPGA를
# 제외한 논문"): read word by word, the English would leave out the papers asked for.
POSTPOSED_EXCEPT = {
    "ja": re.compile(
        r"([A-Za-z0-9][\w.\-]*|[\u30a0-\u30ff\u4e00-\u9fff]+)\s*[をは]?\s*"
        r"(?:以外|を?除(?:く|いた|いて|き)|除外)(?:の|で|に|は)?"
    ),
    "ko": re.compile(r"(?<!\S)(\S+?)(?:을|를|은|는)?\s*(?:제외(?:한|하고)?|빼고|말고)"),
}


def _except_last(text: str, language: str) -> str:
    """Return a Japanese or Korean text with what it leaves out said last, after
    "except", as English says it ("FPGA以外の量子化の論文" -> "量子化の論文, except FPGA")."""
    pattern = POSTPOSED_EXCEPT.get(language)
    if pattern is None or not (left := [m.group(1) for m in pattern.finditer(text)]):
        return text
    return f"{pattern.sub(' ', text).rstrip(' 。.?？!！')}, except {' and '.join(left)}"


@dataclass(frozen=True)
class UnspacedWords:
    """A language's words for cutting text written without spaces: each word's English
    ("" for a function word), the longest word's length, and the words reversed (to cut
    from the right)."""

    english: dict[str, str]
    longest: int
    reversed: frozenset[str]


@cache
def _unspaced_words(language: str) -> UnspacedWords:
    """Return the words of a language written without spaces (built once): function
    words, then technical terms, then framing words, a later one winning."""
    markers, mapping = framing().get(language, (frozenset(), {}))
    english = {**dict.fromkeys(markers, ""), **terms().get(language, {}), **mapping}
    longest = max(map(len, english), default=1)
    return UnspacedWords(english, longest, frozenset(word[::-1] for word in english))


def _segmented(run: str, words: UnspacedWords) -> str:
    """Return a run of Chinese (or Japanese) characters as the English of its words.

    The text has no spaces: it is cut into the language's words by maximum matching from
    the left and from the right, and the cut leaving fewer characters unread (then fewer
    words) is taken, the right-to-left one on a tie. 能量化 ("can quantize") is 能量
    ("energy") + 化 from the left, 能 + 量化 ("quantize") from the right. Characters no
    word covers stay, to be counted unread.
    """
    table = words.english
    left = _longest_first(run, table.keys(), words.longest)
    backwards = _longest_first(run[::-1], words.reversed, words.longest)
    right = [piece[::-1] for piece in reversed(backwards)]

    def cost(cut: list[str]) -> tuple[int, int]:
        return sum(len(p) for p in cut if p not in table), len(cut)

    best = right if cost(right) <= cost(left) else left
    return "".join(f" {table[p]} " if p in table else p for p in best)


def _longest_first(run: str, words: Collection[str], longest: int) -> list[str]:
    """Cut a run into the longest words from its start, one character where none fits."""
    pieces, at = [], 0
    while at < len(run):
        size = next(
            (n for n in range(min(longest, len(run) - at), 1, -1) if run[at : at + n] in words),
            1,
        )
        pieces.append(run[at : at + size])
        at += size
    return pieces


def _english_term(word: str, folded: str, language: str) -> str | None:
    """Return a word the question borrows from English ("Dragonfly", "Federated"), else
    None: see ``ENGLISH_ZIPF``."""
    english = zipf(folded)
    if english < ENGLISH_ZIPF or english < zipf(word.casefold(), language) + MORE_ENGLISH:
        return None
    return folded


@cache
def _rewrites() -> tuple[tuple[str, str], ...]:
    """Return the ending rewrites, accents folded like the words they apply to."""
    return tuple(dict.fromkeys((fold(old), new) for old, new in REWRITES))


def _replace_phrases(text: str, language: str) -> str:
    """Replace multi-word framing ("wie viele", "y a-t-il") before splitting into words,
    the longest first (``_phrases``), with or without its accents ("mas não", "mas nao":
    the keys are folded)."""
    return _replaced(text, _phrases(language))


@cache
def _leaving_out() -> tuple[tuple[str, str], ...]:
    """Return the read languages' multi-word phrases that leave out ("nicht in": "not in",
    "pero no": "but not", "que no están en": "not in"), the longest first: inside a
    question read as English they leave out all the same ("Quantization papers nicht in
    cs.LG" had kept the cs.LG papers alone)."""
    found = {
        key: english
        for language in framing()
        if language not in UNSPACED
        for key, english in _phrases(language)
        if "not" in english.split() and english.split()[0] in ("not", "but")
    }
    return tuple(sorted(found.items(), key=lambda pair: len(pair[0]), reverse=True))


def _replaced(text: str, phrases: tuple[tuple[str, str], ...]) -> str:
    """Replace each folded phrase of ``phrases`` in a text with its English."""
    folded, origin = _folded_with_origin(text)
    for key, english in phrases:
        if key not in folded:
            continue
        found = re.finditer(rf"(?<!\w){re.escape(key)}(?!\w)", folded)
        for start, end in reversed([(origin[m.start()], origin[m.end() - 1] + 1) for m in found]):
            text = f"{text[:start]} {english} {text[end:]}"
        folded, origin = _folded_with_origin(text)
    return text


def _folded_with_origin(text: str) -> tuple[str, list[int]]:
    """Return the text folded, and for each folded character the index it comes from."""
    chars: list[str] = []
    origin: list[int] = []
    for at, char in enumerate(text):
        for piece in fold(char):
            chars.append(piece)
            origin.append(at)
    return "".join(chars), origin


def _forms(word: str) -> list[str]:
    """Return the word and its English-looking rewrites, most literal first."""
    forms = [word]
    for old, new in PREFIXES:
        if word.startswith(old):
            forms.append(new + word[len(old) :])
    if "f" in word[1:]:  # Romance f for English ph: "grafos" -> "graphs"
        forms.append(word[0] + word[1:].replace("f", "ph"))
    for base in list(forms):
        for old, new in _rewrites():
            if base.endswith(old) and len(base) - len(old) >= 3:
                forms.append(base[: -len(old)] + new)
                break
    return list(dict.fromkeys(forms))
