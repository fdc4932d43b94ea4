"""What the list does not cover: unanswered questions grouped by the terms they share.

Pure functions over question texts (no storage, no Discord). Two questions join a group
when they share at least one content term and the shared terms are at least half of
the shorter question's terms, so "earthquake prediction papers" and "papers predicting
earthquakes" group under "earthquake, prediction", while words that only frame a
question ("papers", "work", "anyone") never group anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from retrieval.text import terms

# Stems of words that frame a question rather than name a topic.
FRAMING = frozenset(
    {
        "paper", "work", "studi", "research", "articl", "publish", "anyon", "know",
        "find", "list", "show", "someth", "anyth", "question", "answer", "approach",
    }
)  # fmt: skip
TOP_GROUPS = 10


@dataclass
class _Group:
    shared: set[str]
    words: dict[str, str]
    questions: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class QuestionGroup:
    """Unanswered questions sharing terms: the shared words, how many, and one example."""

    words: tuple[str, ...]
    count: int
    example: str


def topic_terms(question: str) -> dict[str, str]:
    """Return a question's topic stems, each with the first word it came from."""
    found: dict[str, str] = {}
    for term in terms(question):
        if term.stem not in FRAMING and len(term.stem) > 1:
            found.setdefault(term.stem, term.word)
    return found


def group_questions(questions: Sequence[str], top: int = TOP_GROUPS) -> list[QuestionGroup]:
    """Return the ``top`` largest groups of questions by shared topic terms."""
    groups: list[_Group] = []
    for question in questions:
        words = topic_terms(question)
        if not words:
            continue
        best, best_shared = None, set[str]()
        for group in groups:
            shared = group.shared & words.keys()
            needed = max(1, (min(len(group.shared), len(words)) + 1) // 2)
            if len(shared) >= needed and len(shared) > len(best_shared):
                best, best_shared = group, shared
        if best is None:
            groups.append(_Group(set(words), dict(words), [question]))
        else:
            best.shared = best_shared
            best.questions.append(question)
    groups.sort(key=lambda g: -len(g.questions))  # stable: earlier groups first on ties
    return [
        QuestionGroup(
            words=tuple(g.words[s] for s in g.words if s in g.shared),
            count=len(g.questions),
            example=g.questions[0],
        )
        for g in groups[:top]
    ]
