"""Route a question by its intent: author card, filtered listing, or topic search.

* names a listed author and nothing else  -> the author's card (and their papers, newest
  first, to page through);
* names an author and a constraint        -> that author's papers meeting it, as a list;
  a topic that none of them matches gets a note and the card, never an abstention;
  several authors ("Hoefler or Zhang")    -> the papers of any of them, the same way;
* asks for papers like a listed one       -> the papers nearest to it in content;
* only filters ("2023 papers", "what's in cs.ET?", "the oldest papers") -> every paper
  that matches them, newest (or oldest) first;
* asks for "the X paper", a name no listed paper has -> not in the list, the closest;
* a question papercord cannot read        -> says so, in English;
* anything else                           -> a topic search, within the filters.

Every answer carries the filters it applied, so a misreading is visible, and a filter
that matches nothing says why.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace

from retrieval.answers.applied_filters import AppliedFilters
from retrieval.answers.asked_paper import (
    asked_name,
    before_paper,
    name_spelling,
    no_paper_named,
    quoted,
    quoted_title,
    spelled,
    title_not_listed,
    title_spellings,
)
from retrieval.answers.author_answers import AuthorAnswers
from retrieval.answers.leave_out import LeaveOut
from retrieval.answers.listing import Listings, Request, empty, narrowing, outside
from retrieval.answers.lookup import Lookup
from retrieval.answers.overview import overview
from retrieval.answers.title_answers import TitleAnswers
from retrieval.index.filtering import matches
from retrieval.models import UNSURE, Answer, Filters
from retrieval.query.asking import ABOUT_THE_LIST, FACET_ASKED, LIST_FACETS, compares, content_words
from retrieval.query.intent import MIN_UNDERSTOOD, Intent, IntentReader
from retrieval.query.language import cannot_read, partly_read, read_enough
from retrieval.search.searcher import Searcher
from retrieval.text import tokenize

WELCOME = "You're welcome! Ask about the papers any time."
# A message that asks nothing papercord can search for ("hello?", "can you help me?").
NOT_COUNTED = ("similar", "overview")  # routes whose reply counts its papers otherwise
HOW_TO_ASK = (
    "Ask about a topic (“which papers quantize LLMs?”), a paper by its title, an author "
    "(“what does Hoefler work on?”), or years and subjects (“cs.LG papers from 2023”)."
)
DETAILED_TOPIC = 4  # content words of a topic the question's own years may describe
SIMILAR_WORDS = frozenset(tokenize("like similar related resembling akin along lines"))


class Router:
    """Answers questions against one searcher and lookup (one index)."""

    def __init__(self, searcher: Searcher, lookup: Lookup) -> None:
        self.searcher = searcher
        self.lookup = lookup
        papers = searcher.index.papers.values()
        self.subjects = Counter(code for p in papers for code in p.subjects)
        self.intents = IntentReader(lookup.authors, self.subjects, searcher.vocabulary.words)
        self.listings = Listings(searcher)
        self.applied = AppliedFilters(searcher, lookup, self.subjects)
        self.authors = AuthorAnswers(searcher, lookup, self.listings)
        self.leave_out = LeaveOut(searcher, self.listings)
        self.titles = TitleAnswers(searcher, self.listings, lookup)

    def answer(self, request: Request) -> Answer:
        """Return the answer to a question, routed by what it asks."""
        started = time.perf_counter()
        route, intent, filters, notes = self.plan(request)
        if intent.count:  # "top 10 papers on graphs": the first reply lists ten
            request = replace(request, k=max(1, min(intent.count, self.searcher.settings.listed)))
        answer = self._route(route, request, intent, filters)
        answer = _judged_best(
            self.leave_out.answer(answer, request, intent, self.applied.left_subjects(intent))
        )
        counts_itself = route in NOT_COUNTED or answer.author is not None
        listed = answer.results + answer.more
        if intent.breakdown and listed and not counts_itself:  # "graph papers per year"
            notes.append(overview([self.searcher.index.papers[r.paper.id] for r in listed]))
        elif intent.how_many and (answer.matched or route == "search") and not counts_itself:
            notes.append(_matches(answer.matched))  # "how many papers use FPGAs?": 0 too
        unsure = route == "search" and not intent.how_many and self._unsure(answer)
        return replace(
            answer,
            question=request.text,
            mode=request.mode,
            filters=answer.filters,  # the filters' own, or fewer: see ``_elsewhere``
            notes=(*notes, *answer.notes, *([UNSURE] if unsure else [])),
            language=intent.language,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )

    def plan(self, request: Request) -> tuple[str, Intent, Filters, list[str]]:
        """Return how a question will be answered, with its intent, filters and notes.

        The route is one of "thanks", "unknown-subject", "no-year-left", "titles", "similar",
        "code", "author", "unlisted-paper", "unlisted-title", "unknown-author", "unreadable",
        "overview", "listing", "search".
        """
        intent, name = self._spell_titles(self.intents.read(request.text))
        filters, notes = self.applied.merged(request.filters, intent)
        unknown = intent.unknown_subjects or (request.filters.subject and notes)
        if intent.thanks:
            route = "thanks"
        elif unknown and filters.subject is None:
            route = "unknown-subject"
        elif self.applied.every_year_left(request.filters, intent):
            route = "no-year-left"  # the note says which years the papers are from
        elif intent.title_ask and not (intent.unlisted_author and not filters.author):
            route = "titles"  # "which titles start with 'Understanding'"
        elif self._like(intent):
            route = "similar"
        elif (title := quoted_title(request.text)) and title_not_listed(
            self.searcher, self.lookup, title
        ):
            route = "unlisted-title"  # "is 'Attention Is All You Need' in the list?"
            notes.append(f"No listed paper is titled “{title}”.")
        elif intent.wants_code and not intent.topic:
            route = "code"  # "papers with code", "which Zhang papers released their code?"
        elif filters.author:
            route = "author"
        elif name and no_paper_named(self.searcher, self.lookup, name):
            route = "unlisted-paper"  # "the original BERT paper"
            notes.append(f"No listed paper is the “{name}” paper.")
        elif intent.unlisted_author and not intent.topic and not filters.author:
            route = "unknown-author"  # "papers by Wei Zhang": the note says why, no list
        elif intent.understood < MIN_UNDERSTOOD:
            route = "unreadable"
        elif self._about_the_list(request.text, intent, filters):
            route = "overview"  # "which subjects are there?", "how many papers per year?"
        elif not intent.topic and (
            filters != Filters() or intent.plural or intent.by_date or intent.how_many
            or intent.excluded or intent.left_out
        ):  # fmt: skip
            route = "listing"
        else:
            route = "search"
        return route, intent, filters, notes

    def _route(self, route: str, request: Request, intent: Intent, filters: Filters) -> Answer:
        if route in ("unknown-subject", "unknown-author", "no-year-left"):
            return empty(request, filters)  # the note says which, and suggests
        if route == "thanks":
            return replace(empty(request, filters), notes=(WELCOME,))
        if route == "titles":
            return self.titles.titled(request, intent, filters)
        if route == "author":
            return self.authors.answer(request, intent, filters)
        if route == "similar":
            return self._similar(request, intent, filters)
        if route == "code":
            return self.listings.with_code(request, filters)
        if route == "overview":
            return self._overview(request, filters)
        if route == "listing" or self._none_left(filters):  # a listing says why the filters
            # leave no paper ("no listed paper is from 2025")
            dated = self._dated_topic(request, intent, filters) if route == "search" else None
            return dated or self.listings.listing(
                request, filters, oldest=intent.by_date == "oldest"
            )
        answer = self.searcher.ask(
            intent.search_text or request.text, request.k, request.mode, filters,
            intent.framing(), request.quote,
        )  # fmt: skip
        if route == "search" and not intent.topic and not filters.author:  # "hello?", "what's
            return replace(empty(request, filters), notes=(HOW_TO_ASK,))  # the best paper?"
        if route == "search" and compares(request.text):  # "QFX vs FLIQS"
            answer = self.titles.compared(answer, intent.search_text or request.text, filters)
        if route == "search" and answer.abstained and narrowing(filters)[0]:
            return self._elsewhere(request, intent, filters) or answer
        if route == "unreadable" and (
            answer.abstained or not read_enough(intent.search_text, request.text)
        ):
            return self.listings.not_answered(answer, cannot_read(intent.language))
        if route == "unreadable":  # some words read, and they find papers: say so over them
            return replace(answer, notes=(partly_read(intent.language), *answer.notes))
        if route in ("unlisted-paper", "unlisted-title"):  # the plan's note says which
            return self.listings.not_answered(answer)
        return answer

    @staticmethod
    def _about_the_list(text: str, intent: Intent, filters: Filters) -> bool:
        """Return True when a question asks about the list itself, with no topic besides
        the words that ask it ("what years does the list span?": "span" is no topic)."""
        topic = content_words(ABOUT_THE_LIST.sub(" ", intent.topic))
        if topic or intent.excluded or intent.left_out:
            return False
        facets = filters == Filters() and (intent.how_many or LIST_FACETS.search(text))
        return bool(ABOUT_THE_LIST.search(text) or FACET_ASKED.search(text) or facets)

    def _overview(self, request: Request, filters: Filters) -> Answer:
        """Return every paper within the filters under a line counting them by year,
        subject and listed author (``retrieval.answers.overview``)."""
        answer = self.listings.listing(request, filters)
        if not answer.matched:  # the filters leave none, and the listing says why
            return answer
        papers = [self.searcher.index.papers[pid] for pid in answer.ranking]
        return replace(answer, notes=(overview(papers), *answer.notes))

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
        return asked_name(intent.search_text, lambda word: name_spelling(self.searcher, word))

    def _dated_topic(self, request: Request, intent: Intent, filters: Filters) -> Answer | None:
        """Return the answer without the years only the question wrote, when no listed
        paper is from them and the topic is described in detail, or None.

        Such years may be the topic's: "data covering 1998 to 2017 with 11 pressure levels
        at 0.5-degree resolution" asks for ENS-10 (2022). A short topic asks for those
        years ("quantization papers from 2019"): the listing says none is from them.
        """
        written = request.filters
        undated = replace(
            filters, year_from=written.year_from, year_to=written.year_to, years=written.years
        )
        if len(intent.topic.split()) < DETAILED_TOPIC or undated == filters:
            return None
        if self._none_left(undated):
            return None
        answer = self.searcher.ask(
            intent.search_text, request.k, request.mode, undated, intent.framing(), request.quote
        )
        if answer.abstained:
            return None
        years = filters.years_text()
        note = f"No listed paper is from {years}; these, from other years, are the closest:"
        return replace(answer, filters=undated, notes=(note,))

    def _none_left(self, filters: Filters) -> bool:
        return filters != Filters() and not self.searcher.filtering.papers(filters).any()

    def _elsewhere(self, request: Request, intent: Intent, filters: Filters) -> Answer | None:
        """Return the answer without the years and subjects that left none, with a note
        ("quantization papers from 2022": GPTQ is from 2023), or None when it has none."""
        wider = filters.by_authors()
        answer = self.searcher.ask(
            intent.search_text or request.text, request.k, request.mode, wider,
            intent.framing(), request.quote,
        )  # fmt: skip
        if answer.abstained:
            return None
        return replace(
            answer, filters=wider, notes=(outside(filters, intent.typed_topic() or request.text),)
        )

    def _like(self, intent: Intent) -> str | None:
        """Return the paper a question wants others like ("papers like GPTQ"), when it asks
        nothing else: "anything like GPTQ for FPGAs?" is a topic search."""
        named = self.searcher.titles.named_in(intent.like) if intent.like else frozenset()
        if len(named) != 1:
            return None
        (pid,) = named
        title = set(tokenize(self.searcher.index.papers[pid].title))
        return None if set(tokenize(intent.topic)) - title - SIMILAR_WORDS else pid

    def _similar(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        """Answer "papers like GPTQ": the papers nearest in content to the one named."""
        named = self._like(intent)
        assert named is not None
        papers = self.searcher.index.papers
        pool = self.lookup.related(named, n=self.searcher.settings.listed)
        nearest = [papers[pid] for pid in pool if matches(papers[pid], filters)][: request.k]
        if intent.by_date:
            nearest.sort(key=lambda p: p.year, reverse=intent.by_date == "newest")
        notes = [f"The papers closest in content to “{papers[named].title}”."]
        if not nearest and not self.searcher.filtering.papers(filters).any():
            notes.append(self.listings.why_empty(filters))
        elif not nearest:
            notes.append(f"None of the {len(pool)} closest papers passes the filters.")
        return Answer(
            question=request.text, mode=request.mode, abstained=not nearest,
            results=tuple(self.listings.listed(p, True) for p in nearest), filters=filters,
            ranking=tuple(p.id for p in nearest), matched=len(nearest), notes=tuple(notes),
        )  # fmt: skip

    def _unsure(self, answer: Answer) -> bool:
        """Return True when the topic search answered with papers at a low answer-model P."""
        if answer.confidence is None or answer.abstained or not answer.results:
            return False
        return answer.confidence < self.searcher.settings.unsure_below


def _judged_best(answer: Answer) -> Answer:
    """Return the answer without its answer-model P when the paper the P is about (the
    best candidate) is not the first shown: left out ("quantization papers except GPTQ")
    or cut from a list."""
    shown = answer.results[0].paper.id if answer.results else None
    best = answer.ranking[0] if answer.ranking else None
    return answer if shown is None or shown == best else replace(answer, confidence=None)


def _matches(n: int) -> str:
    if n == 0:
        return "No listed paper matches."
    return "1 listed paper matches." if n == 1 else f"{n} listed papers match."
