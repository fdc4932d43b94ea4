"""What a question asks, read from the whole question: author, filters, topic, plurality.

``IntentReader.read`` runs, in order:

1. a listed author named anywhere, with typos (``retrieval.query.names``);
2. the question's language, mapped to English framing and corpus cognates
   (``retrieval.query.language``);
3. years, year ranges and subject codes (``retrieval.query.textfilters``); a subject *name*
   ("machine learning") becomes a filter only when nothing but framing is left
   without it, so "machine learning for weather" stays a topic;
4. the topic: what is left once framing is removed. Framing here is the English
   vocabulary of asking *about* papers and authors (how many, which years, summarize,
   recent ...; ``retrieval.query.asking`` holds it and the other patterns of asking); an
   empty topic means the question is about the listing itself.

Besides, it notes what shapes the answer rather than the search: more listed authors
("Hoefler or Zhang") or one to leave out ("not by Hoefler"), a person who is no listed
author ("papers by Yann LeCun"), an order by date ("latest", "oldest"), and a listed
paper the question wants others like ("papers like GPTQ").

Whether a topic search then finds anything is decided by the calibrated models in
``retrieval.search.decision``, never by this word list: an author question with a leftover
word that matches none of the author's papers still gets the author's card.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from retrieval.index.taxonomy import names as subject_names
from retrieval.index.taxonomy import spellings
from retrieval.index.vocabulary import zipf
from retrieval.models import Filters
from retrieval.query.asking import (
    BREAKDOWN,
    COUNT_WORDS,
    COUNTED,
    EXCLUDED_PARTS,
    FACET_ASKED,
    FACET_OF,
    HOW_MANY,
    JOINTLY,
    LEANING,
    NOT_ABOUT,
    OPENER,
    PAPER_LEANS,
    SIMILAR,
    WANTS_CODE,
    asks_several,
    by_date,
    compares,
    content_words,
    only_thanks,
    without_date_order,
)
from retrieval.query.language import Reader
from retrieval.query.names import AuthorNames
from retrieval.query.people import PeopleReader
from retrieval.query.textfilters import (
    Years,
    number,
    read_excluded_names,
    read_exclusions,
    read_subject_codes,
    read_subject_names,
    read_years,
    spell_years,
)
from retrieval.query.title_asks import TitleAsk, read_title_ask
from retrieval.text import RARE_ZIPF, fold

MIN_UNDERSTOOD = 0.34  # below this share of readable content words, say so


@dataclass(frozen=True)
class Framing:
    """How a question is asked, read from the question: for code, for a list."""

    wants_code: bool = False
    plural: bool = False
    by_date: str | None = None  # "newest" or "oldest": list the answer in that order
    compares: bool = False  # sets named papers side by side ("QFX vs FLIQS")


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
    unwanted: str = ""  # topics to leave out, " | " between ("not about quantum or FPGAs")
    left_out: tuple[str, ...] = ()  # listed authors to leave out ("not by Hoefler")
    also_by: tuple[str, ...] = ()  # more authors named with ``author`` ("Hoefler or Zhang")
    by_date: str | None = None  # "newest" or "oldest" when the question asks for that order
    unlisted_author: str | None = None  # a person named as author who is not listed
    also_unlisted: tuple[str, ...] = ()  # more of them ("Alistarh, Frantar and Hoefler")
    like: str = ""  # what follows "like", "similar to": papers like a listed one are wanted
    jointly: bool = False  # several authors asked for together ("coauthored by A and B")
    how_many: bool = False  # the question asks for a count
    count: int | None = None  # how many papers it asks to see ("top 10 papers on graphs")
    leaning: bool = False  # weighs two areas of an author's work ("more X or Y?")
    thanks: bool = False  # only thanks, asks nothing
    title_ask: TitleAsk | None = None  # words asked of titles ("titles with 'graph'")
    breakdown: bool = False  # counts asked over a topic's papers ("graph papers per year")

    def framing(self) -> Framing:
        """Return how the question is asked, for the search."""
        return Framing(
            wants_code=self.wants_code, plural=self.plural, by_date=self.by_date,
            compares=compares(self.question),
        )  # fmt: skip

    def filters(self) -> Filters:
        """Return the years and subjects the question wrote out, as /ask options would."""
        return Filters(
            year_from=self.years.start if self.years else None,
            year_to=self.years.end if self.years else None,
            subject=",".join(self.subjects) or None,
            years=self.years.only if self.years else (),
        )

    def typed_topic(self) -> str:
        """Return the topic's words as the question typed them ("FPGAs", not "fpgas")."""
        return _typed_content(self.search_text)  # the topic is its content

    @property
    def has_filters(self) -> bool:
        """Return True when the question itself restricts years or subjects."""
        return self.years is not None or bool(self.subjects)


class IntentReader:
    """Reads questions against one corpus: its authors, subjects and vocabulary."""

    def __init__(
        self, authors: list[str], subjects: Iterable[str], vocabulary: Iterable[str]
    ) -> None:
        words = frozenset(fold(w) for w in vocabulary)
        self.words = words
        self.names = AuthorNames(authors, words)
        self.people = PeopleReader(self.names, words)
        self.corpus_subjects = spellings(sorted(set(subjects)))
        # Subject abbreviations no abstract spells ("ML", "NLP"): with a topic they only
        # say the field ("ML for weather"); searched, they would be missing words and
        # abstain. Not "SE(3)", "CV-based", nor "per se" (``_field_label``).
        labels = [
            name for _, name in self.corpus_subjects if name.isupper() and fold(name) not in words
        ]
        self.field_labels = (
            re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, labels))})(?![\w(-])", re.I)
            if labels
            else None
        )
        name_words = (w for a in authors for w in re.findall(r"[^\W_]+", a))
        self.reader = Reader([*words, *name_words])

    def read(self, question: str) -> Intent:
        """Return what a question asks."""
        opened = OPENER.sub("", unicodedata.normalize("NFKC", question))
        authors, left_out, text, others = self.people.authors(opened)
        person = None if authors or left_out or others else self.people.unlisted_person(text)
        unlisted = person[0] if person else others[0] if others else None
        if person and content_words(without := f"{text[: person[1]]} {text[person[2] :]}"):
            text = without  # no abstract names its authors: "the GPTQ paper by Frantar"
        reading = self.reader.read(text)
        title_ask, text = read_title_ask(reading.english)  # "titles that start with ..."
        excluded, text = read_exclusions(spell_years(text))
        by_name, text = read_excluded_names(text, self.corpus_subjects)  # "all but ML"
        excluded += by_name
        unwanted = NOT_ABOUT.search(text)
        if unwanted and content_words(unwanted[1]):
            text = f"{text[: unwanted.start()]} {text[unwanted.end() :]}"
        years, text = read_years(text)
        counted = COUNTED.search(text)
        how_many = bool(HOW_MANY.search(reading.english))
        text = COUNTED.sub(" ", text)
        text = COUNT_WORDS.sub(" ", text) if how_many else text  # "many" matched abstracts
        text = without_date_order(text)  # "latest" matched no abstract: an abstention
        found, text = read_subject_codes(text, subject_names())
        subjects = found.codes
        if content_words(text):  # "machine learning papers" -> cs.LG; "ML for weather" -> topic
            by_name, rest = read_subject_names(text, self.corpus_subjects)
            if by_name and not content_words(rest):
                subjects, text = subjects + by_name, rest
            elif by_name and self.field_labels:
                text = self.field_labels.sub(_field_label, text)
        counted_by = BREAKDOWN.sub(" ", text)
        if FACET_ASKED.search(counted_by):
            counted_by = FACET_OF.sub(" ", FACET_ASKED.sub(" ", counted_by))
        breakdown = counted_by != text and not authors and bool(content_words(counted_by))
        text = counted_by if breakdown else text  # "graph papers per year": "graph papers"
        topic = " ".join(content_words(text))
        return Intent(
            question=question,
            search_text=text,
            topic=topic,
            author=authors[0] if authors else None,
            years=years,
            subjects=subjects,
            unknown_subjects=found.unknown,
            language=reading.language,
            understood=reading.understood,
            plural=breakdown or asks_several(reading.english, topic),
            wants_code=bool(WANTS_CODE.search(reading.english)),
            excluded=excluded,
            left_out=left_out,
            also_by=tuple(authors[1:]),
            by_date=by_date(reading.english),
            unlisted_author=unlisted,
            also_unlisted=tuple(dict.fromkeys(o for o in others if o != unlisted)),
            like=like[1] if (like := SIMILAR.search(reading.english)) else "",
            jointly=len(authors) > 1 and bool(JOINTLY.search(reading.english)),
            how_many=how_many,
            count=(number(counted[1]) if counted[1] else 1) if counted else None,
            leaning=bool(LEANING.search(reading.english))
            and not PAPER_LEANS.search(reading.english),
            thanks=only_thanks(question),
            title_ask=title_ask,
            breakdown=breakdown,
            unwanted=" | ".join(
                part for part in map(_typed_content, EXCLUDED_PARTS.split(unwanted[1])) if part
            )
            if unwanted
            else "",
        )


def _field_label(match: re.Match[str]) -> str:
    """Drop a field's abbreviation typed in capitals ("ML") or rare in English ("nlp"),
    keep a word that may mean something else in lower case ("per se", "cv")."""
    typed = match.group()
    return " " if typed.isupper() or zipf(typed.casefold()) < RARE_ZIPF else typed


def _typed_content(text: str) -> str:
    """Return the content words of a text as typed ("FPGAs", not "fpgas")."""
    content = set(content_words(text))
    return " ".join(w for w in re.findall(r"[^\W_]+", text) if w.casefold() in content)
