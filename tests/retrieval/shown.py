"""What an answer shows and which words a made-up list writes, for the reading tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from retrieval.models import Answer


def shown(answer: Answer) -> list[str]:
    """Return the titles an answer shows, its results and the rest, in order."""
    return [r.paper.title for r in (*answer.results, *answer.more)]


def writes(words: Iterable[str]) -> Callable[[str], bool]:
    """Return a test of whether a made-up list writes a word, in any case."""
    listed = frozenset(words)
    return lambda word: word.casefold() in listed
