"""Technical terms for the everyday words of a question ("graphics card" -> "GPU").

People who are not experts ask in everyday words; abstracts use the technical term, and
neither BM25 nor MiniLM links the two ("graphics card" shares no word with "GPU", and
the model knows little of "chatbot" as "large language model"). ``Glossary`` writes the
term after the words (``data/plain_words.json``: about 300 entries written from general
knowledge, not from the eval questions), and the question is searched and embedded so.
Over the eval sets' 118 nontechnical paper questions, first paper right 0.754 -> 0.805
and wrongly abstained 0.042 -> 0.025; of their 30 unanswerable ones, one more answered.
"""

from __future__ import annotations

import json
from pathlib import Path

from retrieval.config import DATA
from retrieval.text import WORD, stem

GLOSSARY_FILE = DATA / "plain_words.json"


class Glossary:
    """Everyday phrases, as stems, and the technical term each stands for."""

    def __init__(self, path: Path = GLOSSARY_FILE) -> None:
        entries = json.loads(path.read_text(encoding="utf-8"))["terms"]
        self.terms = {_stems(phrase): term for phrase, term in entries.items()}
        self.longest = max(map(len, self.terms), default=0)

    def gloss(self, text: str) -> str:
        """Return the text with the technical term after each everyday phrase it uses
        ("a graphics card (GPU)"); a term the text already says is not repeated."""
        words = list(WORD.finditer(text))
        stems = tuple(stem(w.group().casefold()) for w in words)
        said = set(stems)
        pieces, cursor, at = [], 0, 0
        while at < len(words):
            for length in range(min(self.longest, len(words) - at), 0, -1):
                term = self.terms.get(stems[at : at + length])
                if term is not None and not set(_stems(term)) <= said:
                    end = words[at + length - 1].end()
                    pieces.append(f"{text[cursor:end]} ({term})")
                    cursor, at = end, at + length
                    said |= set(_stems(term))
                    break
            else:
                at += 1
        return "".join(pieces) + text[cursor:]


def _stems(phrase: str) -> tuple[str, ...]:
    return tuple(stem(w.casefold()) for w in WORD.findall(phrase))
