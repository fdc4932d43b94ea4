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

Besides, it notes what shapes the answer rather than the search, in four groups:
``People`` (more listed authors, "Hoefler or Zhang"; a person who is no listed author,
"papers by Yann LeCun"), ``Counting`` ("how many", "per year", "top 10"), ``Ordering``
("latest", "oldest"; a listed paper the question wants others like, "papers like GPTQ")
and ``Exclusions`` (years, subjects, listed authors and topics to leave out, "not by
Hoefler").

Whether a topic search then finds anything is decided by the calibrated models in
``retrieval.search.decision``, never by this word list: an author question with a leftover
word that matches none of the author's papers still gets the author's card.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import reduce

from retrieval.index.taxonomy import name_words, spellings
from retrieval.index.taxonomy import names as subject_names
from retrieval.index.vocabulary import zipf
from retrieval.models import Filters
from retrieval.query.addressing import without_vocatives
from retrieval.query.analogy import read_contrast
from retrieval.query.asking import (
    A_PART,
    APART,
    BREAKDOWN,
    CODE_ASK_WORDS,
    COMMON_KIND,
    COUNT_WORDS,
    COUNTED,
    DESCRIBED,
    DESCRIBED_BUT,
    EXCLUDED_PARTS,
    FACET_ASKED,
    FACET_OF,
    HOW_MANY,
    KEPT_APART,
    LEANING,
    NONE_OF,
    NOT_ABOUT,
    NOT_ONE,
    ON_THE_PAGE,
    ONE_PAPER,
    OPENER,
    PAPER_LEANS,
    PAPER_NOUN,
    PAPERS_BEFORE,
    SIMILAR,
    WANTS_CODE,
    asks_count,
    asks_jointly,
    asks_several,
    by_author_count,
    by_date,
    compares,
    content_words,
    left_out_after,
    off_the_page,
    only_thanks,
    without_actions,
    without_askers_purpose,
    without_author_count,
    without_comment_tag,
    without_date_order,
    without_letter_form,
    without_line_tags,
    without_pair_words,
    without_reader_question,
    without_signature_block,
    without_thanks,
    without_the_list_itself,
    written_with,
)
from retrieval.query.asking_part import (
    ask_start,
    asking_part,
    without_form_labels,
    without_subject_labels,
)
from retrieval.query.header_fields import without_header_fields
from retrieval.query.initials import Titled, TitleInitials
from retrieval.query.item_labels import without_item_labels
from retrieval.query.language import Reader
from retrieval.query.misspelled import NameSpelling
from retrieval.query.named_things import unshouted, untitled
from retrieval.query.names import AuthorNames
from retrieval.query.operators import read_operators
from retrieval.query.people import PeopleReader
from retrieval.query.shorthand import Shorthand
from retrieval.query.textfilters import (
    YEAR_OR_SUBJECT,
    Years,
    number,
    read_excluded_names,
    read_exclusions,
    read_subject_codes,
    read_subject_names,
    read_years,
    spell_years,
    spoken_codes,
)
from retrieval.query.title_asks import TitleAsk, read_title_ask
from retrieval.text import RARE_ZIPF, WORDS, fold, sentences, tokenize

# Words by which an ask refers to a person named before it (English grammar, no topic).
PERSONAL = re.compile(r"\b(?:he|she|him|his|her|hers|they|them|their)\b", re.I)
MIN_UNDERSTOOD = 0.34  # below this share of readable content words, say so


@dataclass(frozen=True)
class Framing:
    """How a question is asked, read from the question: for code, for a list."""

    wants_code: bool = False
    plural: bool = False
    by_date: str | None = None  # "newest" or "oldest": list the answer in that order
    compares: bool = False  # sets named papers side by side ("QFX vs FLIQS")


@dataclass(frozen=True)
class People:
    """The people a question names as authors: listed authors to answer about, people
    who are no listed author, and how it asks about them. Listed authors it leaves out
    ("not by Hoefler") are in ``Exclusions``: they are read with what else it leaves out."""

    author: str | None = None  # the listed author asked for
    also_by: tuple[str, ...] = ()  # more listed authors named with it ("Hoefler or Zhang")
    jointly: bool = False  # several authors asked for together ("coauthored by A and B")
    unlisted_author: str | None = None  # a person named as author who is not listed
    also_unlisted: tuple[str, ...] = ()  # more of them ("Alistarh, Frantar and Hoefler")
    leaning: bool = False  # weighs two areas of the author's work ("more X or Y?")

    @property
    def unlisted(self) -> tuple[str, ...]:
        """Return every person named as author who is not listed, the first named first."""
        return (self.unlisted_author, *self.also_unlisted) if self.unlisted_author else ()


@dataclass(frozen=True)
class Counting:
    """The numbers a question asks for: a count of the papers that match, counts over a
    topic's papers, or how many papers to show."""

    how_many: bool = False  # asks for a count ("how many papers on graphs?")
    breakdown: bool = False  # counts over a topic's papers ("graph papers per year")
    shown: int | None = None  # how many papers to list first ("top 10 papers on graphs")


@dataclass(frozen=True)
class Ordering:
    """The order a question wants papers in: by date, or nearest a paper it names."""

    by_date: str | None = None  # "newest" or "oldest"
    by_authors: str | None = None  # "most" or "fewest": by how many authors a paper has
    like: str = ""  # what follows "like", "similar to": papers like a listed one are wanted

    @property
    def oldest(self) -> bool:
        """Return True when the question asks for the oldest papers first."""
        return self.by_date == "oldest"


@dataclass(frozen=True)
class Exclusions:
    """What a question leaves out of its answer: years, subjects, listed authors, topics."""

    years: tuple[str, ...] = ()  # as written, a range as its years ("excluding 2022-23")
    subjects: tuple[str, ...] = ()  # as typed or as codes ("not cs.LG", "all but ML")
    authors: tuple[str, ...] = ()  # listed authors ("not by Hoefler")
    topics: str = ""  # " | " between ("not about quantum or FPGAs")
    instead: str = ""  # what "X, not Y" asks for instead: papers about X stay
    papers: tuple[str, ...] = ()  # one paper each, named or described ("not the HLS one")

    @property
    def any_filter(self) -> bool:
        """Return True when it leaves out what a filter names (a year, a subject, a listed
        author), not only a topic."""
        return bool(self.years or self.subjects or self.authors)


@dataclass(frozen=True)
class Intent:
    """A question read as a whole: what it is about at the top, what shapes the answer
    in groups (the people it names, what it counts, the order it asks for, what it
    leaves out)."""

    question: str
    search_text: str  # the English text to search with, filters and author removed
    topic: str  # search_text without framing; "" when the question is about the listing
    years: Years | None
    subjects: tuple[str, ...]
    unknown_subjects: tuple[str, ...]
    language: str
    understood: float
    plural: bool  # asks for several papers ("which papers ...", "everything on ...")
    wants_code: bool  # asks for papers with code
    thanks: bool = False  # only thanks, asks nothing
    title_ask: TitleAsk | None = None  # words asked of titles ("titles with 'graph'")
    either: bool = False  # its years or its subjects, not both ("from 2022 or in cs.DC")
    spelled_out: tuple[tuple[str, str], ...] = ()  # acronyms read as title words ("MoE")
    people: People = People()
    counting: Counting = Counting()
    ordering: Ordering = Ordering()
    exclusions: Exclusions = Exclusions()

    def framing(self) -> Framing:
        """Return how the question is asked, for the search."""
        return Framing(
            wants_code=self.wants_code, plural=self.plural, by_date=self.ordering.by_date,
            compares=compares(self.question),
        )  # fmt: skip

    def filters(self) -> Filters:
        """Return the years and subjects the question wrote out, as /ask options would."""
        return Filters(
            year_from=self.years.start if self.years else None,
            year_to=self.years.end if self.years else None,
            subject=",".join(self.subjects) or None,
            years=self.years.only if self.years else (),
            either=self.either,
        )

    def about(self, text: str) -> Intent:
        """Return the intent searching ``text`` alone: its topic is that text's content
        words (an ask apart from its background, one topic of several, the rest without
        a name)."""
        return replace(self, search_text=text, topic=" ".join(content_words(text)))

    def typed_topic(self) -> str:
        """Return the topic's words as the question typed them ("FPGAs", not "fpgas")."""
        return _typed_content(self.search_text)  # the topic is its content

    @property
    def has_filters(self) -> bool:
        """Return True when the question itself restricts years or subjects."""
        return self.years is not None or bool(self.subjects)


def _without_subject_named_again(text: str, subjects: tuple[str, ...]) -> str:
    """Return the text without its content words when all of them name one of its
    subjects again ("cs.CL please, the natural-language stuff", "cs.CV, vision-wise"):
    they are no topic within the subject. "cs.CL papers on language models" keeps its
    words."""
    words = set(content_words(text))
    if not subjects or not words or not words <= name_words(subjects):
        return text
    return WORDS.sub(lambda m: " " if fold(m.group()) in words else m.group(), text)


class IntentReader:
    """Reads questions against one corpus: its authors, subjects and vocabulary."""

    def __init__(
        self,
        authors: list[str],
        subjects: Iterable[str],
        vocabulary: Iterable[str],
        papers: Callable[[], Sequence[Titled]] = tuple,
        holders: Callable[[str], int] = lambda phrase: 0,
    ) -> None:
        words = frozenset(fold(w) for w in vocabulary)
        self.words = words
        self.names = AuthorNames(authors, words)
        self.shorthand = Shorthand(words)
        self.spelling = NameSpelling(words)
        self.initials = TitleInitials(papers, words, holders)
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
        name_words = [w for a in authors for w in re.findall(r"[^\W_]+", a)]
        self.reader = Reader([*words, *name_words])
        self._named = words | {fold(w) for w in name_words}  # what a label may name

    def _names_a_topic(self, word: str) -> bool:
        """Return True when a word is the list's: its abstracts', authors' or fields'."""
        field = self.field_labels is not None and self.field_labels.fullmatch(word)
        return fold(word) in self._named or bool(field)

    def _lists(self, text: str) -> bool:
        """Return True when a text names a listed author or an arXiv subject code."""
        return bool(self.people.names.find(text, 1)) or bool(
            read_subject_codes(text, subject_names())[0].codes
        )

    def read(self, question: str) -> Intent:
        """Return what a question asks."""
        # a signature block is read as typed: its title-case lines are not lowered yet
        unsigned = without_signature_block(unicodedata.normalize("NFKC", question), self._lists)
        normal = spoken_codes(untitled(unshouted(unsigned)), subject_names())  # "cs dot LG"
        # a form's labels are read on its lines, before the operators join them
        tagged = without_line_tags(normal, self._names_a_topic)  # "[BUFF] faster ..."
        tagged = without_item_labels(tagged, self._names_a_topic)  # "Task 2: list ..."
        tagged = without_header_fields(tagged, self._names_a_topic)  # "To: ...\nFrom: ..."
        tagged = without_actions(tagged, self._names_a_topic)  # "*waves* which papers ..."
        tagged = without_vocatives(tagged, self._names_a_topic)  # "papers, my friend, on X"
        lettered = without_letter_form(tagged, self._names_a_topic)  # "Dear X, ... Love, Y"
        lettered = without_thanks(lettered, self._names_a_topic)  # "... Thanks in advance."
        lettered = without_reader_question(lettered, self._names_a_topic)  # "AITA? ..."
        unlabelled = without_subject_labels(without_form_labels(lettered))  # "Topic: X. ..."
        operators = read_operators(unlabelled)
        opened = ON_THE_PAGE.sub(off_the_page, OPENER.sub("", operators.text))
        opened = without_comment_tag(opened, self._names_a_topic)
        authors, left_out, text, others = self.people.authors(opened)
        minus_people = {term: self.people.authors(term)[0] for term in operators.left_out}
        left_out = tuple(dict.fromkeys([*left_out, *(a for n in minus_people.values() for a in n)]))
        minus_topics = [term for term, named in minus_people.items() if not named]
        asked = ask_start(opened) if authors else None
        ask = (
            ""
            if asked is None
            else " ".join(  # not its thanks: "... Thank you very much."
                found.text for found in sentences(opened[asked:]) if not only_thanks(found.text)
            )
        )
        own = bool(content_words(BREAKDOWN.sub(" ", ask)))
        if own and not self._names_people(opened[asked:]) and not self._heads(opened[:asked]):
            # named in the background only: "we read Zhang's X. Is there Y?"; an ask of
            # no words of its own asks about them ("Zhang's page. How many, which years?"),
            # and so does one after a sentence of a name alone ("zhiru zhang. how many?")
            authors = []
        named = authors or left_out or others
        person, scene = (None, None) if named else self.people.unlisted_person(text)
        unlisted = person[0] if person else others[0] if others else None
        person = person or scene  # "Dr. Chen told me ...": no author, left out all the same
        if person and content_words(without := f"{text[: person[1]]} {text[person[2] :]}"):
            text = without  # no abstract names its authors: "the GPTQ paper by Frantar"
        reading = self.reader.read(text)
        spelled_out: dict[str, str] = {}
        english = reading.english
        if reading.language == "en":  # "pls list pprs abt X"; "als" is German's
            english = self.shorthand.expand(english)  # and "the Polynomer paper"
            english = self.spelling.correct(english, self.names.words)
        # "MoE": "Mixture-of-Experts", in any language ("artículos sobre NMT")
        english, spelled_out = self.initials.expand(english)
        reading = replace(reading, english=english)
        title_ask, text = read_title_ask(reading.english)  # "titles that start with ..."
        if operators.years_out:  # "-2023": read as words, in English, as the reading is
            text = f"{text}, not from {' or '.join(operators.years_out)}"
        text, after = left_out_after(text)  # "weather papers, ENS-10 excluded"
        text, after = _fields_left_out(text, after)  # "cs.LG papers, the 2024 ones removed"
        if minus_topics or after:
            text = f"{text}, not about {', '.join([*minus_topics, *after])}"
        text = read_contrast(text)  # "like X, except that Y": Y is asked, not left out
        excluded, text = read_exclusions(spell_years(text))
        by_name, text = read_excluded_names(text, self.corpus_subjects)  # "all but ML"
        excluded += by_name
        unwanted = NOT_ABOUT.search(text)
        if unwanted and not content_words(unwanted[1]):
            unwanted = None  # "not about it": nothing named to leave out
        if unwanted and all(w.isdigit() for w in content_words(unwanted[1])):
            unwanted = None  # "skip anything before 2024": years, read as the filters
        if unwanted and DESCRIBED_BUT.search(text[: unwanted.start()]):
            unwanted = None  # "which paper is fast but not exact?": what it is like
        if unwanted and APART.match(unwanted[0]) and KEPT_APART.search(text[: unwanted.start()]):
            unwanted = None  # "keeps the schedule apart from the model code"
        if (
            unwanted
            and NONE_OF.match(unwanted[0])
            and not PAPERS_BEFORE.search(text[: unwanted.start()])
        ):
            unwanted = None  # "I searched arXiv, but nothing on X came up": X is asked
        instead = _contrasted(text, unwanted) if unwanted else ""
        if unwanted:
            text = f"{text[: unwanted.start()]} {text[unwanted.end() :]}"
        set_aside, text, leaving = _set_aside(text)
        leaving += (unwanted[0],) if unwanted else ()
        if unwanted and ONE_PAPER.match(unwanted[1]):  # "other than the one on X"
            set_aside, unwanted = (*set_aside, _typed_content(unwanted[1])), None
        asked_english = reduce(lambda en, span: en.replace(span, " "), leaving, reading.english)
        years, text = asked_years(text)
        counted = COUNTED.search(text)
        how_many = asks_count(reading.english)
        text = COUNTED.sub(" ", text)
        text = without_pair_words(text) if len(authors) > 1 else text  # "A and B combined"
        # "many" matched abstracts, also where it counts something else ("how many bits")
        text = COUNT_WORDS.sub(" ", text) if HOW_MANY.search(reading.english) else text
        text = without_date_order(text)  # "latest" matched no abstract: an abstention
        text = without_askers_purpose(text)  # "..., so that I can cite them"
        text = without_author_count(text)  # "the most authors": no topic
        text = without_the_list_itself(text)  # "in your database": no topic
        found, text = read_subject_codes(text, subject_names())
        subjects = found.codes
        if content_words(text):  # "machine learning papers" -> cs.LG; "ML for weather" -> topic
            by_name, rest = read_subject_names(text, self.corpus_subjects)
            if by_name and not content_words(rest):
                subjects, text = subjects + by_name, rest
            elif by_name and self.field_labels:
                text = self.field_labels.sub(_field_label, text)
        text = _without_subject_named_again(text, subjects)
        unbroken = BREAKDOWN.sub(" ", text)
        facet_asked = bool(FACET_ASKED.search(unbroken))
        counted_by = _without_facet(unbroken) if facet_asked else unbroken
        # of an author, the facet asked of a topic of his in its sentence ("which years
        # did Zhang write on FPGAs?": his FPGA papers, counted by year); a breakdown, or a
        # facet asked of all his papers, asks for his card ("Hoefler's subject breakdown",
        # "his papers, split by category?", "He seems to do only compilers. What subjects
        # are his papers in?")
        facet_of_topic = facet_asked and unbroken == text and _facet_of_topic(text)
        breakdown = counted_by != text and bool(content_words(counted_by))
        breakdown = breakdown and (not authors or facet_of_topic)
        text = counted_by if breakdown else text  # "graph papers per year": "graph papers"
        text = unbroken if authors and not breakdown else text
        topic = " ".join(content_words(text))
        wants_code = bool(WANTS_CODE.search(reading.english))
        if wants_code and set(tokenize(topic)) <= CODE_ASK_WORDS:
            topic = ""  # "which papers link to their code?": where code is, no topic
        return Intent(
            question=question,
            search_text=text,
            topic=topic,
            years=years,
            subjects=subjects,
            unknown_subjects=found.unknown,
            either=bool(YEAR_OR_SUBJECT.search(reading.english)),  # "from 2022 or in cs.DC"
            language=reading.language,
            understood=reading.understood,
            plural=breakdown or asks_several(asked_english, topic),  # "skip anything on X. Is ..."
            wants_code=wants_code,
            thanks=only_thanks(question),
            title_ask=title_ask,
            spelled_out=tuple(spelled_out.items()),
            people=People(
                author=authors[0] if authors else None,
                also_by=tuple(authors[1:]),
                # read before the authors are taken out: "co-authored by A and B"
                jointly=len(authors) > 1
                and (
                    asks_jointly(opened, reading.english, authors, how_many)
                    or written_with(opened, authors)
                ),
                unlisted_author=unlisted,
                also_unlisted=tuple(dict.fromkeys(o for o in others if o != unlisted)),
                leaning=bool(LEANING.search(reading.english))
                and not PAPER_LEANS.search(reading.english),
            ),
            counting=Counting(
                how_many=how_many,
                breakdown=breakdown,
                shown=(number(counted[1]) if counted[1] else 1) if counted else None,
            ),
            ordering=Ordering(
                by_date=by_date(reading.english),
                by_authors=by_author_count(reading.english),
                like=like[1] if (like := SIMILAR.search(reading.english)) else "",
            ),
            exclusions=Exclusions(
                years=tuple(left for left in excluded if left.isdigit()),
                subjects=tuple(left for left in excluded if not left.isdigit()),
                authors=left_out,
                topics=_topics(unwanted[1]) if unwanted else "",
                instead=instead if unwanted else "",
                papers=set_aside,
            ),
        )

    def _heads(self, background: str) -> bool:
        """Return True when a sentence of the background is a listed author's name alone,
        a heading for the ask after it ("Zhiru Zhang. How many papers, which years?")."""
        for found in sentences(background):
            authors, _, rest, _ = self.people.authors(found.text)
            if authors and not content_words(rest):
                return True
        return False

    def _names_people(self, ask: str) -> bool:
        """Return True when the ask of a question names a listed author or refers to a
        person ("how many of his papers ...", "what are they working on?")."""
        return bool(PERSONAL.search(ask) or self.people.authors(ask)[0])


def asked_years(text: str) -> tuple[Years | None, str]:
    """Return the years a question asks for, and the text without the years it says.

    Years said only in the background before an ask that stands alone date the asker's
    story, not the papers asked for: "We wrote our simulator last year. It runs on CPUs.
    Are there papers on porting stencil codes to GPUs?", "In 2021 our lab moved to
    FPGAs. ..." An ask that points back ("Which papers came out since then?") or has
    too few words of its own ("Which should I cite?") takes the background's years.
    """
    years, rest = read_years(text)
    if years is None:  # most questions: no sentences to split
        return years, rest
    part = asking_part(text)
    if part is None or read_years(part)[0] is not None:
        return years, rest
    return None, rest


def _without_facet(text: str) -> str:
    """Return a text without the facet it asks and the words that ask it ("which years",
    "the subjects of", "filed under")."""
    return FACET_OF.sub(" ", FACET_ASKED.sub(" ", text))


def _facet_of_topic(text: str) -> bool:
    """Return True when a sentence that asks for a facet (``FACET_ASKED``: "which years",
    "what subjects") names a topic of its own; asked only of a text that asks one."""
    return any(
        FACET_ASKED.search(found.text) and content_words(_without_facet(found.text))
        for found in sentences(text)
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


def _set_aside(text: str) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
    """Return the papers a question sets aside one by one ("not GPTQ, the other one", "not
    the HLS one or the FPGA one"), each as typed, the text without them, and the clauses
    that set them aside."""
    found = [m for m in NOT_ONE.finditer(text) if content_words(m[1]) and _one_paper(m)]
    for match in reversed(found):
        text = f"{text[: match.start()]} {text[match.end() :]}"
    parts = (_typed_content(part) for m in found for part in EXCLUDED_PARTS.split(m[1]))
    return tuple(dict.fromkeys(part for part in parts if part)), text, tuple(m[0] for m in found)


def _one_paper(clause: re.Match[str]) -> bool:
    """Return True when a NOT_ONE clause names or describes a paper ("not the HLS one"),
    not a part of one ("not the math, just the idea"). Corrected with "but" ("not the X
    but Y"), a description names a paper only with a noun for one ("not the HLS one but
    the FPGA one"): else it weighs one property against another ("it is not the size of
    the weights but their use that matters")."""
    opening = clause.string[clause.start() : clause.start(1)]
    described = DESCRIBED.search(opening)
    if described and COMMON_KIND.match(clause[1]):
        return bool(PAPER_NOUN.search(clause[1]))  # "(not the typical n-squared cost)": a property
    if described and CORRECTED.match(clause.string, clause.end()):
        return bool(PAPER_NOUN.search(clause[1])) and not A_PART.search(clause[1])
    return not (described and A_PART.search(clause[1]))


CORRECTED = re.compile(r"\s+but\b(?!\s+(?:not|it)\b)", re.I)  # "not X but Y"


# The clause before ", not Y": what the contrast asks for instead of Y.
CONTRASTED = re.compile(r"([^.!?;:\n]*\w),\s*$")


def _contrasted(text: str, unwanted: re.Match[str]) -> str:
    """Return the words a contrast asks for instead of what it leaves out ("pruning" of
    "pruning, not quantization"), or "": a paper about both is about what was asked
    ("fixed-point, not floating point" keeps the paper that compares the two). Only for
    "X, not Y" itself: "X, but not Y", "X, not about Y" and "X, not Y ones" leave out
    all of Y."""
    if not re.fullmatch(rf"not\s+{re.escape(unwanted[1])}", unwanted[0].strip(), re.I):
        return ""
    if PAPER_NOUN.search(unwanted[1]):  # "quantization papers, not the LLM ones": a kind
        return ""  # of the papers asked is left out, not an alternative to them
    before = CONTRASTED.search(text[: unwanted.start()])
    return _typed_content(before[1]) if before else ""


def _fields_left_out(text: str, left: list[str]) -> tuple[str, list[str]]:
    """Return a text with the years and subject codes of what it leaves out after naming
    it ("cs.LG papers, the 2024 ones removed", "with the cs.LG ones left out") written as
    leaving out ("not from 2022", "not in cs.LG"), and the rest, topics."""
    topics = []
    for part in left:
        found, rest = read_subject_codes(part, subject_names())
        words = content_words(rest)
        if found.codes and not words:
            text = f"{text}, not in {' or '.join(found.codes)}"
        elif words and all(word.isdigit() for word in words):
            text = f"{text}, not from {' or '.join(words)}"
        else:
            topics.append(part)
    return text, topics


def _topics(unwanted: str) -> str:
    """Return the topics a question leaves out, as typed, " | " between ("quantum |
    FPGAs" from "not about quantum or FPGAs")."""
    return " | ".join(part for part in map(_typed_content, EXCLUDED_PARTS.split(unwanted)) if part)
