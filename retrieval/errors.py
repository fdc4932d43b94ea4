"""The exceptions papercord raises, each with a message a user can act on.

PapercordError
├── ConfigError        a setting is missing or has a value that is not allowed
├── CorpusError        a listing page or JSON Lines file cannot be read or parsed
├── ModelError         the embedding model or tokenizer files are missing or wrong
├── IndexUnavailable   the index is missing, stale or the store failed
├── QueryError         a question or filter the user typed cannot be answered as given
└── NotFoundError      no paper or author matches; carries the closest suggestions

Errors from chromadb, tiktoken, onnxruntime and file parsing are translated into these
at the module that calls them (``raise ... from exc``).
"""

from __future__ import annotations

from collections.abc import Callable

SUGGESTIONS_SHOWN = 5  # "Did you mean" lists at most this many names


class PapercordError(Exception):
    """Base class: the message is safe to show to a user as one line."""


class ConfigError(PapercordError):
    """A setting is missing or invalid."""


class CorpusError(PapercordError):
    """A corpus file is empty, unreadable, not UTF-8 or malformed."""


class ModelError(PapercordError):
    """Model or tokenizer files are missing or do not match their expected hash."""


class IndexUnavailable(PapercordError):
    """The index is missing or the vector store failed."""


class QueryError(PapercordError):
    """A question or a filter cannot be answered as typed."""


class NotFoundError(PapercordError):
    """Nothing matches; ``suggestions`` lists the closest known names, best first."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.suggestions = suggestions

    def did_you_mean(self, show: Callable[[str], str] = str) -> str:
        """Return "Did you mean: a; b" for the closest suggestions, or "" when there are none."""
        if not self.suggestions:
            return ""
        return "Did you mean: " + "; ".join(show(s) for s in self.suggestions[:SUGGESTIONS_SHOWN])
