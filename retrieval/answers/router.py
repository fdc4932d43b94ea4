"""Route a question by what it asks: the first route in ``ROUTES`` that applies answers.

A question is read once (``retrieval.query.intent``): its author, years, subjects and
topic, the filters it writes merged with the options (``applied_filters``), and the one
paper it asks for by name, if any. The routes (``retrieval.answers.routes``) are tried
in order; the answer then goes through ``POST_PASSES`` (papers left out, counts, "not a
sure match"). Every answer carries the filters it applied, so a misreading is visible,
and a filter that matches nothing says why.
"""

from __future__ import annotations

import logging
import re
import textwrap
import time
from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property, partial

from retrieval.answers.applied_filters import AppliedFilters
from retrieval.answers.asked_paper import (
    asked_name,
    before_paper,
    in_background,
    mentioned_in_passing,
    name_spelling,
    quoted,
    spelled,
    title_spellings,
)
from retrieval.answers.author_answers import AuthorAnswers
from retrieval.answers.filters_alone import (
    ASIDE,
    ASIDE_SHOWN,
    around,
    aside_beside_filters,
    said_in_ask,
)
from retrieval.answers.leave_out import LeaveOut
from retrieval.answers.listing import Listings, Request
from retrieval.answers.lookup import Lookup
from retrieval.answers.post_passes import POST_PASSES
from retrieval.answers.routes import ROUTES, Parts, Reading, Route
from retrieval.answers.title_answers import TitleAnswers
from retrieval.index.taxonomy import name_words
from retrieval.index.titles import short_name
from retrieval.models import UNSURE, Answer, Paper
from retrieval.query.asking import compares, content_words
from retrieval.query.asking_part import ask_clause, ask_from_word, asks
from retrieval.query.baby_talk import BabyTalk
from retrieval.query.corrections import Corrections
from retrieval.query.dropped_letters import DroppedLetters
from retrieval.query.framing_slips import FramingSlips
from retrieval.query.handles import without_handles
from retrieval.query.intent import Intent, IntentReader
from retrieval.query.known_papers import (
    INCLUDED,
    KEEPING,
    RELATES,
    kept,
    set_aside,
    without_kept,
    without_known,
)
from retrieval.query.language import OTHER, cannot_read, latin_words, other_script, partly_read
from retrieval.query.leetspeak import Leetspeak
from retrieval.query.letter_names import letter_names
from retrieval.query.logic_goals import read_goals
from retrieval.query.named_things import phrase_known
from retrieval.query.pasted import Addresses, bibtex_entries, folded, own_lines
from retrieval.query.pig_latin import PigLatin
from retrieval.query.scanned import ScannedWords
from retrieval.query.spoken_marks import spoken_marks
from retrieval.query.textfilters import within_year
from retrieval.query.timings import without_timings
from retrieval.search.searcher import Searcher
from retrieval.text import WORDS, fold, sentences

log = logging.getLogger(__name__)
SET_ASIDE = "“{}” is listed; it is left out here, as the question asks beyond it."
SPELLED_OUT = "Read “{}” as “{}”, from a listed title."
YEAR_ONLY = "The list gives years only: “{}” is read as {}."
SPELLED_LEET = "Read as “{}”."  # a message in leetspeak, spelled out
UNLISTED = frozenset({"unlisted-name", "unlisted-paper"})  # routes that say a name is missing
QUOTED = re.compile(r"“([^”]+)”")
# A paper a list question keeps by name is an example of its topic when the topic alone
# ranks it among this many: "all the quantization papers, GPTQ included" ranks GPTQ
# first, "I keep notes on number formats; the full reading list on low-precision
# arithmetic, FLIQS included" FLIQS second; "papers that build on GPTQ as well" ranks
# GPTQ 20th of 36, "papers that extend Allo too" Allo 19th. Past it (in a large list),
# the name stays in the searched words, as before.
EXAMPLE_RANK = 10


@dataclass(frozen=True)
class Plan:
    """How a question will be answered: the route taken and the question as read."""

    route: Route
    reading: Reading
    spelled: str | None = None  # a message in leetspeak, as spelled out


class Router:
    """Answers questions against one searcher and lookup (one index)."""

    def __init__(self, searcher: Searcher, lookup: Lookup) -> None:
        self.searcher = searcher
        self.lookup = lookup
        papers = searcher.index.papers.values()
        self.subjects = Counter(code for p in papers for code in p.subjects)
        index, words = searcher.index, searcher.vocabulary.words
        listed: partial[list[Paper]] = partial(list, papers)  # read at an unknown acronym
        self.intents = IntentReader(
            lookup.authors, self.subjects, words, listed, index.phrase_holders
        )
        names = frozenset(part.lower() for name in lookup.authors for part in name.split())
        self.leetspeak = Leetspeak(searcher.vocabulary.knows, names)
        self.pig_latin = PigLatin(searcher.vocabulary.knows, names)
        vocabulary = searcher.vocabulary
        self.scanned = ScannedWords(vocabulary.knows, vocabulary.__contains__, names)
        self.baby_talk = BabyTalk(vocabulary.knows, vocabulary.__contains__, names)
        self.dropped = DroppedLetters(vocabulary.__contains__, names)
        self.slips = FramingSlips(vocabulary.__contains__, names, vocabulary.typo_of)
        self.addresses = Addresses(vocabulary.knows)
        self.corrections = Corrections(vocabulary.knows, names)
        listings = Listings(searcher)
        self.applied = AppliedFilters(searcher, lookup, self.subjects)
        self.parts = Parts(
            searcher=searcher,
            lookup=lookup,
            listings=listings,
            applied=self.applied,
            authors=AuthorAnswers(searcher, lookup, listings),
            leave_out=LeaveOut(searcher, listings),
            titles=TitleAnswers(searcher, listings, lookup),
        )
        self.routes = tuple(route(self.parts) for route in ROUTES)

    def answer(self, request: Request) -> Answer:
        """Return the answer to a question, routed by what it asks."""
        started = time.perf_counter()
        asked = request.text
        plan = self.plan(request)
        reading, route = plan.reading, plan.route
        request = replace(request, text=reading.request.text)  # as read: "... STOP ..."
        answer = route.answer(reading)
        said_why = bool(answer.notes or reading.notes)  # no such author, subject or name
        if answer.abstained and not said_why and (listed := self._listed_alone(request)):
            reading, route = listed.reading, listed.route
            answer = route.answer(reading)
            aside = around(request.text, listed.reading.request.text)
            answer = replace(answer, notes=(ASIDE.format(aside), *answer.notes))
        # An author's card counts their papers: "how many did X write in 2022, and in all?"
        counted = answer.author is not None and reading.intent.counting.how_many
        if not (reading.notes or counted) and (
            self._unsure(answer, reading)
            or not answer.results
            or self._found_beside(answer, reading)
        ):
            answer, reading, route = self._filters_alone(answer, reading, route)
        latin = answer.abstained and not said_why and other_script(request.text)
        if latin and (found := self._latin_words(request)) is not None:
            answer, reading, route = found
        for post_pass in POST_PASSES:
            answer = post_pass(answer, reading, route)
        if latin:
            answer = _read_in_part(answer)
        if route.name not in UNLISTED and (missing := self._missing_apart(request)):
            answer = replace(answer, notes=(*missing, *answer.notes))
        return replace(
            answer,
            question=asked,
            mode=request.mode,
            notes=_leading_last(
                (*_spelled(plan), *_read_as(reading), *reading.notes, *answer.notes)
            ),
            language=reading.intent.language,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )

    def plan(self, request: Request) -> Plan:
        """Return the route a question takes, with the question as read: handles it
        addresses left out (``retrieval.query.handles``), subtitle cues' numbers and
        times (``retrieval.query.timings``), lines quoted from the list, BibTeX entries
        and web addresses as ``retrieval.query.pasted`` reads them, the corrections it
        makes in place of what they correct, its words typed in leetspeak or Pig Latin,
        misread by a scan or slipped spelled out, the words it writes for full stops as
        full stops."""
        vocabulary = self.searcher.vocabulary
        asked = without_handles(without_timings(request.text), self.names_asked)  # subtitles
        pasted = bibtex_entries(asked, self.names_author)  # its listed authors alone
        spelled = own_lines(pasted, vocabulary.knows, self._is_title)
        spelled = self.addresses.read(self.corrections.read(spelled))
        spelled = letter_names(spelled, vocabulary.knows)  # "eff pee gee ays"
        spelled = self.pig_latin.read(spelled)  # "ichwhay aperspay"
        spelled = self.leetspeak.read(self.dropped.read(read_goals(spelled)))
        spelled = self.slips.read(self.baby_talk.read(self.scanned.read(spelled)))
        request = replace(request, text=spoken_marks(spelled, vocabulary.knows))
        intent, name = self._spell_titles(self.intents.read(request.text))
        # "I just read the Acme paper; which of ours ...?": where the asker comes from
        context = name if name and in_background(intent.search_text, name) else None
        name = None if context else name
        known, intent = self._known(intent)
        examples, intent = self._examples(intent)
        filters, notes = self.applied.merged(request.filters, intent)
        shown = intent.counting.shown  # "top 10 papers on graphs": the first reply lists ten
        if shown and not request.k_set:  # unless the user set how many
            request = replace(request, k=max(1, min(shown, self.searcher.settings.listed)))
        papers = self.searcher.index.papers
        for pid in sorted(known):
            notes.append(SET_ASIDE.format(short_name(papers[pid].title) or papers[pid].title))
        reading = Reading(request, intent, filters, notes, name, known, examples, context)
        route = next(route for route in self.routes if route.applies(reading))
        if note := route.note(reading):
            reading.notes.append(note)
        log.debug(
            "route %s: topic %r, filters %s, author %s",
            route.name, intent.topic, filters, filters.author,
        )  # fmt: skip
        return Plan(route, reading, spelled if spelled != asked else None)

    def names_author(self, name: str) -> bool:
        """Return True when a word is a listed author's whole name ("Hoefler",
        "TorstenHoefler")."""
        found = self.intents.names.find(name)
        return any(not m.other and m.start == 0 and m.end == len(name) for m in found)

    def names_asked(self, name: str) -> bool:
        """Return True when a handle's name ("@GPTQ", "@ENS-10", "@zhiru_zhang") is what a
        question asks about: a name the papers write, or a listed author's whole name."""
        whole = name.replace("_", "").replace(".", "")
        return self.searcher.vocabulary.knows_name(name) or self.names_author(whole)

    def _is_title(self, words: str) -> bool:
        """Return True for a listed title, as ``pasted.folded`` folds it."""
        return words in self._folded_titles

    @cached_property
    def _folded_titles(self) -> frozenset[str]:
        """Return the listed titles folded (at the first quoted line: ~0.3 s at 100k)."""
        return frozenset(folded(paper.title) for paper in self.searcher.index.papers.values())

    def _known(self, intent: Intent) -> tuple[frozenset[str], Intent]:
        """Return the listed papers a question names only to set aside ("besides GPTQ,
        which ...", "I know Allo is listed. Is there another ...?"), and the intent
        without their names: what is left is searched (all of it, when nothing is
        left). A paper left out by its name alone ("apart from HammingMesh, ...") is
        set aside too, not searched for."""
        titles, text = self.searcher.titles, intent.search_text
        spans = titles.spans(text)
        known = set(set_aside(text, spans))
        exclusions = intent.exclusions
        topics = [t for t in exclusions.topics.split(" | ") if t]
        named = {t: titles.spans(t) for t in topics}
        by_name = [t for t in topics if named[t] and not content_words(without_known(t, named[t]))]
        known |= {pid for t in by_name for pid, _, _ in named[t]}
        if not known:
            return frozenset(), intent
        left = " | ".join(t for t in topics if t not in by_name)
        intent = replace(intent, exclusions=replace(exclusions, topics=left))
        asked = without_known(text, [s for s in spans if s[0] in known])
        if not (content_words(asked) or intent.people.author or intent.has_filters):
            # asked only as more than the named paper ("I've read Allo. What should I
            # study next?", "Besides GPTQ, what else?"): the papers nearest it in content
            # (the similar route), the list having nothing else to go by. By what it is
            # to the named one ("the predecessor of Allo?"), or with several named:
            # searched as it is, without them
            if len(known) == 1 and not RELATES.search(text):
                (pid,) = known
                like = replace(intent.ordering, like=self.searcher.index.papers[pid].title)
                return frozenset(known), replace(intent, ordering=like, topic="")
            return frozenset(known), intent
        return frozenset(known), intent.about(asked)

    def _examples(self, intent: Intent) -> tuple[frozenset[str], Intent]:
        """Return the listed papers a list question keeps by name as examples of what it
        asks for ("all the quantization papers, GPTQ included", "every weather paper,
        including ENS-10"), and the intent searched without their names: the topic is
        searched alone, and the named papers join its answer (``post_passes.examples``).
        Searched with its name, a named paper's own words outweigh the topic's, and the
        other papers fall out of the list. A name said to be included makes the question
        ask for a list ("The reading list on number formats, please, FLIQS included."),
        and a named paper outside the years or subjects asked for is shown all the same
        ("2024 FPGA papers, Allo included": the topic is ranked over every paper).
        None when nothing is left to search but the names, when the question compares the
        papers it names, when the topic alone finds nothing (the named paper would be
        lost with it), or when it ranks none of them near the top: they are then what the
        papers asked for relate to, not examples of them ("papers that build on GPTQ as
        well")."""
        text = intent.search_text
        if not text or not KEEPING.search(text) or compares(text):
            return frozenset(), intent
        spans = self.searcher.titles.spans(text)
        named = kept(text, spans) if intent.plural else kept(text, spans, after=INCLUDED)
        if not named:
            return frozenset(), intent
        asked = without_kept(text, [span for span in spans if span[0] in named])
        if not content_words(asked):
            return frozenset(), intent
        searched = replace(intent.about(asked), plural=True)
        found = self.searcher.ask(asked, framing=searched.framing(), hedged=True)
        if found.abstained or not set(found.ranking[:EXAMPLE_RANK]) & named:
            return frozenset(), intent  # "papers that build on GPTQ as well"
        return named, searched

    def _filters_alone(
        self, answer: Answer, reading: Reading, route: Route
    ) -> tuple[Answer, Reading, Route]:
        """Return the listing of the question's years, subjects or author, with a note
        quoting the words beside them as an aside, when no paper within them holds those
        words (``retrieval.answers.filters_alone``); else the answer as it was. An answer
        found within the filters, if unsurely, keeps any word of the question a paper
        within them holds as its topic, said in the ask or not ("My GNN breaks under
        small edits. Which 2024 papers help?")."""
        within = answer.results and answer.filters == reading.filters
        intent = aside_beside_filters(
            reading.intent, reading.filters, reading.request.text, self.searcher,
            asked_only=not within,
        )  # fmt: skip
        if intent is None:
            return answer, reading, route
        alone = replace(reading, intent=intent)
        listing = next(r for r in self.routes if r.applies(alone))
        listed = listing.answer(alone)
        if listed.abstained or not (listed.results or listed.more):
            return answer, reading, route
        subject = reading.filters.subject  # "vision" beside cs.CV is no aside
        restated = name_words([subject] if subject else [])
        typed = " ".join(w for w in reading.intent.typed_topic().split() if fold(w) not in restated)
        if not typed or intent.topic:  # a query's string literal: the rest is its syntax
            return listed, alone, listing
        aside = textwrap.shorten(typed, ASIDE_SHOWN, placeholder="…")
        return replace(listed, notes=(ASIDE.format(aside), *listed.notes)), alone, listing

    def _latin_words(self, request: Request) -> tuple[Answer, Reading, Route] | None:
        """Return the answer to a question in another script that found nothing read as
        English, searched by its words in Latin letters alone ("RDMA" in "Есть ли статьи
        про RDMA?"), or None when they find nothing either."""
        latin = latin_words(request.text)
        if not content_words(latin):
            return None
        plan = self.plan(replace(request, text=latin))
        answer = plan.route.answer(plan.reading)
        return None if answer.abstained else (answer, plan.reading, plan.route)

    def _unsure(self, answer: Answer, reading: Reading) -> bool:
        """Return True when the answer, within the question's filters or beyond them, is
        not sure ("Part B (6 marks): 2022 cs.DC papers" found "marks" nowhere; "kai:
        which entries sit under cs.CV\nlea: both people" found a cs.CV paper unsurely):
        words a search answers surely are a topic ("quantization papers from 2022":
        those from other years)."""
        return self.searcher.doubts(answer)

    @staticmethod
    def _found_beside(answer: Answer, reading: Reading) -> bool:
        """Return True when the answer's papers come from beyond the question's filters,
        found by words it says only around its ask: "Point estimate needed: number of
        Hoefler papers from 2023" found his 2022 paper on estimation; the words may be a
        label, and ``aside_beside_filters`` decides."""
        if not answer.results or answer.filters == reading.filters:
            return False
        return not said_in_ask(reading.intent.topic, reading.request.text)

    def _listed_alone(self, request: Request) -> Plan | None:
        """Return the plan of a question's asking clause (after a dash or colon, or from
        its asking word: "bot, list the cs.ET papers"), or else of one of its sentences,
        when it asks for the papers of some years or subjects alone: the whole
        question found nothing, and did not say why, so the rest was an aside ("hello
        from the train — which papers are from 2023?", "quick one\nwhich ones sit
        under cs.DC\nno rush"); not an author or subject the list lacks ("by LeCun: any
        from 2022?")."""
        parts = [ask_clause(request.text), ask_from_word(request.text)]
        if len(found := sentences(request.text)) > 1:
            parts += [sentence.text for sentence in found]
        for part in dict.fromkeys(filter(None, parts)):  # the clause may be a sentence
            plan = self.plan(replace(request, text=part))
            intent = plan.reading.intent
            if plan.route.name == "listing" and bool(intent.years or intent.subjects):
                return plan
        return None

    def _missing_apart(self, request: Request) -> list[str]:
        """Return what a sentence that asks on its own says is missing, when the question
        names a listed paper elsewhere: "Is Chinchilla in the list? And how does
        HammingMesh route traffic?" answers HammingMesh, and says no listed paper mentions
        Chinchilla (a name beside a listed paper's is otherwise a detail of it)."""
        titles = self.searcher.titles
        found = sentences(request.text)
        if len(found) < 2 or not titles.named_in(request.text):
            return []
        missing = []
        for sentence in found:
            if not asks(sentence.text) or titles.named_in(sentence.text):
                continue
            plan = self.plan(replace(request, text=sentence.text))
            unlisted = plan.route.name in UNLISTED
            note = (plan.route.note(plan.reading) or "") if unlisted else ""
            named = QUOTED.findall(note)
            said = fold(" ".join(named)).split()  # more than the name: not "WTFAQ?" alone
            if named and any(w not in said for w in map(fold, WORDS.findall(sentence.text))):
                missing.append(f"{note.split(';')[0].rstrip('.:')}.")
        return list(dict.fromkeys(missing))

    def _spell_titles(self, intent: Intent) -> tuple[Intent, str | None]:
        """Return the intent with quoted names and names before "paper" that stand for a
        listed title written as that title ("tell me about 'Polynomer'"), and the name
        of the one paper it then asks for ("the BERT paper"), or None."""
        name = self._asked_name(intent)
        if not intent.search_text:
            return intent, name
        text, words = intent.search_text, self.searcher.vocabulary.words
        named = [*quoted(text), *before_paper(text), *filter(None, [name])]
        spellings = title_spellings(named, self.lookup, words)
        if not spellings:
            return intent, name
        intent = replace(
            intent, search_text=spelled(text, spellings), topic=spelled(intent.topic, spellings)
        )
        return intent, self._asked_name(intent)

    def _asked_name(self, intent: Intent) -> str | None:
        return asked_name(
            intent.search_text,
            lambda word: name_spelling(self.searcher, word),
            lambda name: mentioned_in_passing(self.searcher, name),
            lambda phrase: phrase_known(phrase, self.searcher.vocabulary),
        )


def _leading_last(notes: tuple[str, ...]) -> tuple[str, ...]:
    """Return the notes with those that lead into the papers shown ("... these ones,
    from other years, are:") last, right above them."""
    leading = tuple(note for note in notes if note.endswith(":"))
    return (*(note for note in notes if not note.endswith(":")), *leading)


def _read_in_part(answer: Answer) -> Answer:
    """Return an answer to a question in another script saying what it rests on: the
    words in Latin letters alone, with the rest unread, so never a sure match (the rest
    may ask for the opposite: "не про GPU", not about GPUs); or, found by none, that the
    question could not be read."""
    if answer.abstained:
        return answer if answer.notes else replace(answer, notes=(cannot_read(OTHER),))
    unsure = (UNSURE,) if answer.results and UNSURE not in answer.notes else ()
    return replace(answer, notes=(partly_read(OTHER), *answer.notes, *unsure))


def _spelled(plan: Plan) -> list[str]:
    """Return a note quoting a message in leetspeak as it was read, or none."""
    if plan.spelled is None:
        return []
    return [SPELLED_LEET.format(textwrap.shorten(plan.spelled, ASIDE_SHOWN, placeholder="…"))]


def _read_as(reading: Reading) -> list[str]:
    """Return a note for each acronym read as a listed title's words ("MoE"), and for a
    month read as its year ("March 2023": the list gives years only)."""
    intent = reading.intent
    notes = [SPELLED_OUT.format(typed, words) for typed, words in intent.spelled_out]
    if intent.years is not None:
        notes += [YEAR_ONLY.format(dated, read) for dated, read in within_year(intent.question)]
    return notes
