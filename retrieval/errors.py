"""The exceptions papercord raises, each with a message a user can act on.

PapercordError
├── ConfigError        a setting is missing or has a value that is not allowed
├── CorpusError        a listing page or JSON Lines file cannot be read or parsed
├── ModelError         the embedding model or tokenizer files are missing or wrong
├── IndexError_        the index is missing, stale or the store failed
├── QueryError         a question or filter the user typed cannot be answered as given
└── NotFoundError      no paper or author matches; carries the closest suggestions

Errors from chromadb, tiktoken, onnxruntime and file parsing are translated into these
at the module that calls them (``raise ... from exc``).
"""


class PapercordError(Exception):
    """Base class: the message is safe to show to a user as one line."""


class ConfigError(PapercordError):
    """A setting is missing or invalid."""


class CorpusError(PapercordError):
    """A corpus file is empty, unreadable, not UTF-8 or malformed."""


class ModelError(PapercordError):
    """Model or tokenizer files are missing or do not match their expected hash."""


class IndexError_(PapercordError):
    """The index is missing or the vector store failed."""


class QueryError(PapercordError):
    """A question or a filter cannot be answered as typed."""


class NotFoundError(PapercordError):
    """Nothing matches; ``suggestions`` lists the closest known names, best first."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.suggestions = suggestions
