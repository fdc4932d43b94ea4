"""What a question asks, read from the whole question: author, filters, topic, plurality.

``IntentReader.read`` runs, in order:

1. a listed author named anywhere, with typos (``retrieval.names``);
2. the question's language, mapped to English framing and corpus cognates
   (``retrieval.language``);
3. years, year ranges and subject codes (``retrieval.textfilters``); a subject *name*
   ("machine learning") becomes a filter only when nothing but framing is left
   without it, so "machine learning for weather" stays a topic;
4. the topic: what is left once framing is removed. Framing here is the English
   vocabulary of asking *about* papers and authors (how many, which years, summarize,
   recent ...); an empty topic means the question is about the listing itself.

Whether a topic search then finds anything is decided by the calibrated models in
``retrieval.decision``, never by this word list: an author question with a leftover
word that matches none of the author's papers still gets the author's card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from retrieval.features import Framing
from retrieval.language import Reader
from retrieval.models import Filters
from retrieval.names import AuthorNames
from retrieval.taxonomy import names as subject_names
from retrieval.text import terms, tokenize
from retrieval.textfilters import (
    Years,
    read_exclusions,
    read_subject_codes,
    read_subject_names,
    read_years,
)

# The English of asking about a listing or an author rather than about a topic.
FRAMING = frozenset(
    tokenize(
        "how many number count counts year years yearly per which main research researcher "
        "theme themes topic topics area areas field fields summarize summarise summary "
        "overview rundown gist listed list lists listing subject subjects category "
        "categories codes arxiv published publish publishes publication publications wrote "
        "written write writes authored author authors recent recently latest newest new "
        "oldest first last index indexed collection here share percent percentage "
        "distribution spread full complete entire every everything titles title show "
        "give gimme tell me pls plz please quick q thing things stuff guy kind mostly "
        "mainly focus focuses interests interested working does do did have has got "
        "hey hi hello thanks thank lol ngl set across filed file tagged labeled labelled "
        "classified belong belongs appear appears show shows"
    )
)
PLURAL = re.compile(
    r"\b(?:papers|articles|works|studies|publications|ones|anything|any\s+work|"
    r"list|all|compare|comparison|both|versus|vs)\b|\bwhat\s+do\s+you\s+have\b",
    re.I,
)
WANTS_CODE = re.compile(
    r"(?<!subject )(?<!category )(?<!arxiv )"  # "subject codes" are not source code
    r"\b(?:code|github|gitlab|implementation|open[- ]?sourced?|repository|repo)\b",
    re.I,
)


@dataclass(frozen=True)
class Intent:
    """A question read as a whole."""

    question: str
    search_text: str  # the English text to search with, filters and author removed
    topic: str  # search_text without framing; "" when the question is about the listing
    author: str | None
    years: Years | None
    subjects: tuple[str, ...]
    unknown_subjects: tuple[str, ...]
    language: str
    understood: float
    plural: bool
    wants_code: bool
    excluded: tuple[str, ...] = ()  # years and subjects to leave out ("not cs.LG")

    def framing(self) -> Framing:
        """Return how the question is asked, for the search."""
        return Framing(wants_code=self.wants_code, plural=self.plural)

    def filters(self) -> Filters:
        """Return the years and subjects the question wrote out, as /ask options would."""
        return Filters(
            year_from=self.years.start if self.years else None,
            year_to=self.years.end if self.years else None,
            subject=",".join(self.subjects) or None,
            years=self.years.only if self.years else (),
        )

    @property
    def has_filters(self) -> bool:
        """Return True when the question itself restricts years or subjects."""
        return self.years is not None or bool(self.subjects)


class IntentReader:
    """Reads questions against one corpus: its authors, subjects and vocabulary."""

    def __init__(
        self, authors: list[str], subjects: Iterable[str], vocabulary: Iterable[str]
    ) -> None:
        self.names = AuthorNames(authors)
        known = subject_names()
        self.corpus_subjects = {code: known.get(code, code) for code in subjects}
        name_words = (w for a in authors for w in re.findall(r"[^\W_]+", a))
        self.reader = Reader([*vocabulary, *name_words])

    def read(self, question: str) -> Intent:
        """Return what a question asks."""
        mention = self.names.find(question)
        text = mention.remainder if mention else question
        reading = self.reader.read(text)
        excluded, text = read_exclusions(reading.english)
        years, text = read_years(text)
        found, text = read_subject_codes(text, subject_names())
        subjects = found.codes
        if _content(text):  # "machine learning papers" -> cs.LG; "ML for weather" -> topic
            by_name, rest = read_subject_names(text, self.corpus_subjects)
            if by_name and not _content(rest):
                subjects, text = subjects + by_name, rest
        return Intent(
            question=question,
            search_text=text,
            topic=" ".join(_content(text)),
            author=mention.author if mention else None,
            years=years,
            subjects=subjects,
            unknown_subjects=found.unknown,
            language=reading.language,
            understood=reading.understood,
            plural=bool(PLURAL.search(reading.english)),
            wants_code=bool(WANTS_CODE.search(reading.english)),
            excluded=excluded,
        )


def _content(text: str) -> list[str]:
    """Return the words of a text that are neither stop words nor framing."""
    return [t.word for t in terms(text) if t.stem not in FRAMING]
