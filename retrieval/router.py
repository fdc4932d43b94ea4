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

import re
import time
from collections import Counter
from dataclasses import replace
from itertools import islice

import numpy as np

from retrieval.asked_paper import asked_name, name_spelling, names_no_paper, paper_named
from retrieval.author_answers import AuthorAnswers
from retrieval.intent import MIN_UNDERSTOOD, Intent, IntentReader
from retrieval.language import cannot_read
from retrieval.listing import Listings, Request, empty, narrowing, outside
from retrieval.lookup import Lookup
from retrieval.models import Answer, Filters
from retrieval.search import Searcher, matches, matches_year
from retrieval.taxonomy import names as subject_names
from retrieval.taxonomy import spellings
from retrieval.text import tokenize
from retrieval.textfilters import read_subject_names, suggest_subjects
from retrieval.vocabulary import entities

WELCOME = "You're welcome! Ask about the papers any time."
SIMILAR_WORDS = frozenset(tokenize("like similar related resembling akin along lines"))
AGAINST = re.compile(r"\bagainst\b", re.I)
# A question that sets papers side by side: "QFX vs FLIQS", "how do HOGA and Polynormer
# differ", "compare ENS-10 and ...", "how does HammingMesh relate to ...".
COMPARES = re.compile(
    r"\b(?:vs\.?|versus|compar(?:e|es|ed|ing|ison|isons)|differ(?:s|ed|ence|ences|ent|ently)?"
    r"|contrast(?:s|ed|ing)?|relates?\s+to)(?![\w-])",
    re.I,
)


class Router:
    """Answers questions against one searcher and lookup (one index)."""

    def __init__(self, searcher: Searcher, lookup: Lookup) -> None:
        self.searcher = searcher
        self.lookup = lookup
        papers = searcher.index.papers.values()
        self.subjects = Counter(code for p in papers for code in p.subjects)
        self.years = sorted({p.year for p in papers})
        self.intents = IntentReader(lookup.authors, self.subjects, searcher.vocabulary.words)
        self.listings = Listings(searcher)
        self.authors = AuthorAnswers(searcher, lookup, self.listings)

    def answer(self, request: Request) -> Answer:
        """Return the answer to a question, routed by what it asks."""
        started = time.perf_counter()
        route, intent, filters, notes = self.plan(request)
        if intent.count:  # "top 10 papers on graphs": the first reply lists ten
            request = replace(request, k=max(1, min(intent.count, self.searcher.settings.listed)))
        answer = self._route(route, request, intent, filters)
        answer = self._leave_out(answer, request, intent)
        if intent.how_many and answer.matched and not answer.author and route != "similar":
            notes.append(_matches(answer.matched))  # "how many papers use FPGAs?"
        return replace(
            answer,
            question=request.text,
            mode=request.mode,
            filters=answer.filters,  # the filters' own, or fewer: see ``_elsewhere``
            notes=tuple(notes) + answer.notes,
            language=intent.language,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )

    def plan(self, request: Request) -> tuple[str, Intent, Filters, list[str]]:
        """Return how a question will be answered, with its intent, filters and notes.

        The route is one of "thanks", "unknown-subject", "titles", "author", "similar",
        "unlisted-paper",
        "unknown-author", "unreadable", "listing", "search".
        """
        intent = self.intents.read(request.text)
        filters, notes = self._filters(request.filters, intent)
        unknown = intent.unknown_subjects or (request.filters.subject and notes)
        if intent.thanks:
            route = "thanks"
        elif unknown and filters.subject is None:
            route = "unknown-subject"
        elif intent.title_ask and not (intent.unlisted_author and not filters.author):
            route = "titles"  # "which titles start with 'Understanding'"
        elif self._like(intent):
            route = "similar"
        elif filters.author:
            route = "author"
        elif (name := self._asked_name(intent)) and names_no_paper(self.searcher, name):
            route = "unlisted-paper"  # "the original BERT paper"
        elif intent.unlisted_author and not intent.topic and not filters.author:
            route = "unknown-author"  # "papers by Wei Zhang": the note says why, no list
        elif intent.understood < MIN_UNDERSTOOD:
            route = "unreadable"
        elif not intent.topic and (
            filters != Filters() or intent.plural or intent.by_date or intent.how_many
            or intent.excluded or intent.left_out
        ):  # fmt: skip
            route = "listing"
        else:
            route = "search"
        return route, intent, filters, notes

    def _route(self, route: str, request: Request, intent: Intent, filters: Filters) -> Answer:
        if route in ("unknown-subject", "unknown-author"):
            return empty(request, filters)  # the note says which, and suggests
        if route == "thanks":
            return replace(empty(request, filters), notes=(WELCOME,))
        if route == "titles":
            return self._titled(request, intent, filters)
        if route == "author":
            return self.authors.answer(request, intent, filters)
        if route == "similar":
            return self._similar(request, intent, filters)
        if route == "listing" or (
            filters != Filters() and not self.searcher.filtering.papers(filters).any()
        ):  # a listing says why the filters leave no paper ("no listed paper is from 2025")
            return self.listings.listing(request, filters, oldest=intent.by_date == "oldest")
        answer = self.searcher.ask(
            intent.search_text or request.text, request.k, request.mode, filters,
            intent.framing(), request.quote,
        )  # fmt: skip
        # not "papers that compare their method against GPTQ and FLIQS": baselines, a list
        compares = COMPARES.search(request.text) and not AGAINST.search(request.text)
        if route == "search" and compares:
            answer = self._compared(answer, intent.search_text or request.text, filters)
        if route == "search" and answer.abstained and narrowing(filters)[0]:
            return self._elsewhere(request, intent, filters) or answer
        if route == "unreadable":
            return self._not_answered(answer, cannot_read(intent.language))
        if route == "unlisted-paper":
            named = self._asked_name(intent)
            return self._not_answered(answer, f"No listed paper is the “{named}” paper.")
        return answer

    def _titled(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        """Answer a question about the words of titles: every paper within the filters
        (and on the topic, when it names one) whose title has them, with a note naming
        the words; newest first without a topic, by relevance with one."""
        asked = intent.title_ask
        assert asked is not None
        if intent.topic:  # "papers about graphs that have neural in the title"
            found = self.searcher.ask(
                intent.search_text, self.searcher.settings.listed, request.mode, filters,
                intent.framing(), quote=0,
            )  # fmt: skip
            carried = [] if found.abstained else list(found.results + found.more)
            kept = [r for r in carried if asked.matches(r.paper.title)]
            kept = self.listings.quote_shown(kept, request.k)
            answer = replace(
                found, abstained=not kept, results=tuple(kept[: request.k]),
                more=tuple(kept[request.k :]), closest=(), matched=len(kept),
            )  # fmt: skip
        else:
            # Only papers whose title or abstract has the words' stems are read: at 100k
            # papers, splitting every title for a common word took 1.6 s.
            holding = {
                pid for words in asked.phrases for pid in self.searcher.papers_holding(words)
            }
            answer = self.listings.listing(
                request, filters, keep=lambda p: p.id in holding and asked.matches(p.title)
            )
            if answer.notes:  # the filters leave no paper: the note says why
                return answer
        where = "starts with" if asked.at_start else "has"
        if not answer.matched:
            scope = "" if filters == Filters() and not intent.topic else " among these papers"
            return replace(answer, notes=(f"No listed title {where} {asked.text()}{scope}.",))
        which = "title starts with" if asked.at_start else "title has"
        return replace(answer, notes=(f"Papers whose {which} {asked.text()}.",))

    def _compared(self, answer: Answer, text: str, filters: Filters) -> Answer:
        """Return a comparison's answer as the papers it names ("QFX vs FLIQS"), when it
        names two or more within the filters: a paper it does not name is no part of the
        comparison."""
        papers = self.searcher.index.papers
        named = set(self.searcher.titles.named_in(text))
        named |= {pid for name in entities(text) if (pid := paper_named(self.searcher, name))}
        named = {pid for pid in named if matches(papers[pid], filters)}
        if len(named) < 2 or len(named) > self.searcher.settings.listed:
            return answer
        order = [pid for pid in answer.ranking if pid in named]
        order += sorted(named - set(order))
        carried = {r.paper.id: r for r in answer.results + answer.more + answer.closest}
        kept = [carried.get(pid) or self.listings.listed(papers[pid], True) for pid in order]
        return replace(answer, abstained=False, results=tuple(kept), more=(), closest=(),
                       matched=len(kept))  # fmt: skip

    def _asked_name(self, intent: Intent) -> str | None:
        return asked_name(intent.search_text, lambda word: name_spelling(self.searcher, word))

    def _leave_out(self, answer: Answer, request: Request, intent: Intent) -> Answer:
        """Return the answer without the papers the question leaves out: about a topic
        ("Hoefler's papers not about quantum"), in a subject ("everything but cs.LG"), by
        a listed author ("graph papers not by Zhang"); a note says how many each."""
        papers = self.searcher.index.papers
        if intent.unwanted and not answer.abstained:
            listed = self.searcher.settings.listed
            about = self.searcher.ask(intent.unwanted, listed, request.mode, quote=0)
            found = set() if about.abstained else {r.paper.id for r in about.results + about.more}
            answer = self._without(answer, request, found, f"about “{intent.unwanted}”")
        for code in self._left_subjects(intent):
            unwanted = Filters(subject=code)
            found = {pid for pid in _considered(answer) if matches(papers[pid], unwanted)}
            answer = self._without(answer, request, found, f"in {code}")
        for name in intent.left_out:
            found = {pid for pid in _considered(answer) if name in papers[pid].authors}
            answer = self._without(answer, request, found, f"by {name}")
        return answer

    def _without(self, answer: Answer, request: Request, unwanted: set[str], what: str) -> Answer:
        """Return the answer without the ``unwanted`` papers, with a note saying how many
        papers ``what`` ("about “quantum”", "in cs.LG") it left out. When the answer's
        ranking is every paper it matched (a listing), the count is exact and papers
        further down move up into the ones carried."""
        if answer.abstained:
            return answer
        carried = answer.results + answer.more
        whole = answer.matched == len(answer.ranking)
        known = answer.ranking if whole else _carried(answer)
        left = sum(pid in unwanted for pid in known)
        kept = [r for r in carried if r.paper.id not in unwanted]
        if whole:  # top up from the papers the answer did not carry
            papers, held = self.searcher.index.papers, {r.paper.id for r in carried}
            below = (p for p in answer.ranking if p not in held and p not in unwanted)
            wanted = max(0, self.searcher.settings.listed - len(kept))
            kept += [self.listings.listed(papers[pid], False) for pid in islice(below, wanted)]
        quote = request.k if request.quote is None else request.quote
        kept = self.listings.quote_shown(kept, quote)
        note = (
            f"Left out {left} paper{'s' if left != 1 else ''} {what}."
            if left
            else f"None of these papers is {what}, so none was left out."
        )
        if not kept:  # every paper was left out: nothing answers, those are the closest
            return self._not_answered(answer, note)
        ranking = tuple(pid for pid in answer.ranking if pid not in unwanted) if whole else None
        return replace(answer, results=tuple(kept[: request.k]), more=tuple(kept[request.k :]),
                       matched=max(answer.matched - left, len(kept)),
                       ranking=answer.ranking if ranking is None else ranking,
                       notes=(*answer.notes, note))  # fmt: skip

    def _left_subjects(self, intent: Intent) -> list[str]:
        """Return the known subject codes a question leaves out ("not cs.LG")."""
        typed = [left for left in intent.excluded if not left.isdigit()]
        return [code for left in typed if (code := self._subject_codes(left)[0]) is not None]

    def _unknown_left_out(self, intent: Intent) -> list[str]:
        """Return a note for each code a question leaves out that names no subject."""
        typed = [left for left in intent.excluded if not left.isdigit()]
        return [self._unknown_subject(u) for left in typed for u in self._subject_codes(left)[1]]

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

    def _not_answered(self, answer: Answer, note: str) -> Answer:
        """Return a search's answer as an abstention, its best papers as the closest."""
        wanted = self.searcher.settings.closest
        closest = list(answer.closest or answer.results + answer.more)[:wanted]
        quoted = {r.paper.id for r in closest}
        papers = self.searcher.index.papers
        closest += [  # the search answered with fewer: the next in its order
            self.listings.listed(papers[pid], True)
            for pid in answer.ranking[: wanted + len(quoted)]
            if pid not in quoted
        ][: wanted - len(closest)]
        return replace(answer, abstained=True, results=(), more=(), matched=0,
                       closest=tuple(closest), notes=(note,))  # fmt: skip

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

    def _filters(self, given: Filters, intent: Intent) -> tuple[Filters, list[str]]:
        """Merge the options the user set with the filters the question wrote out.

        Options win; the question fills what they leave open. Subjects typed by name
        ("machine learning") become codes; unknown ones become a note with suggestions.
        """
        written = intent.filters()
        notes: list[str] = []
        subject = given.subject or written.subject
        if given.subject:
            subject, unknown = self._subject_codes(given.subject)
            notes += [self._unknown_subject(u) for u in unknown]
        notes += [self._unknown_subject(u) for u in intent.unknown_subjects]
        given_years = given.year_from is not None or given.year_to is not None
        years = given if given_years else written
        left_years = {int(left) for left in intent.excluded if left.isdigit()}
        if left_years and not given_years:  # "anything but 2024": the other years
            years = self._other_years(written, left_years)
        notes += self._unknown_left_out(intent)  # "everything but cs.XY"
        notes += [  # a year inside a range it keeps ("2022-2024 but not 2023" leaves gaps)
            f"papercord cannot leave {left} out of an answer; these papers may include it"
            for left in intent.excluded
            if left.isdigit() and matches_year(int(left), years)
        ]
        if intent.jointly and not given.author:
            notes.append(self._joint(intent))
        if intent.unlisted_author and not given.author:
            named = " or ".join(f"“{n}”" for n in (intent.unlisted_author, *intent.also_unlisted))
            notes.append(f"No listed author is named {named}.")
        author = self.lookup.resolve_author(given.author) if given.author else intent.author
        asked = written.years_text()
        if given_years and asked and not self._within(given, written):
            notes.append(f"The years set ({given.years_text()}) replace the question's {asked}.")
        if given.author and intent.author and intent.author != author:
            notes.append(f"The author option ({author}) replaces {intent.author}, in the question.")
        also_by = given.also_by if given.author else intent.also_by
        filters = Filters(
            year_from=years.year_from,
            year_to=years.year_to,
            subject=subject,
            author=author,
            years=years.years,
            also_by=also_by if author else (),
        )
        return filters, notes

    def _within(self, narrow: Filters, wide: Filters) -> bool:
        """Return True when every listed year ``narrow`` allows, ``wide`` allows too: the
        stored filters of "More results" narrow their question's, they do not replace it."""
        return all(matches_year(y, wide) for y in self.years if matches_year(y, narrow))

    def _other_years(self, written: Filters, left: set[int]) -> Filters:
        """Return the years of the listed papers that the question allows once ``left``
        is taken out ("2023 papers except 2023" leaves none: then ``written`` stands)."""
        kept = [y for y in self.years if y not in left and matches_year(y, written)]
        if not kept:
            return written
        gaps = kept[-1] - kept[0] + 1 > len(kept)
        return Filters(year_from=kept[0], year_to=kept[-1], years=tuple(kept) if gaps else ())

    def _subject_codes(self, typed: str) -> tuple[str | None, list[str]]:
        known = {code.casefold(): code for code in subject_names()}
        codes, unknown = [], []
        for part in (p.strip() for p in typed.split(",") if p.strip()):
            if part.casefold() in known:
                codes.append(known[part.casefold()])
                continue
            by_name, rest = read_subject_names(part, spellings(self.subjects))
            if by_name and not rest:
                codes.extend(by_name)
            else:
                unknown.append(part)
        return ",".join(codes) or None, unknown

    def _joint(self, intent: Intent) -> str:
        """Say how many papers the authors asked for together wrote together."""
        names = [str(intent.author), *intent.also_by]
        by = [self.searcher.filtering.papers(Filters(author=name)) for name in names]
        joint = int(np.logical_and.reduce(by).sum())
        together = " and ".join(names)
        if not joint:
            return f"No listed paper is by both {together}; these are by either."
        are = "1 listed paper is" if joint == 1 else f"{joint} listed papers are"
        return f"{are} by both {together}; these are by either."

    def _unknown_subject(self, typed: str) -> str:
        listed = {code: subject_names().get(code, code) for code in self.subjects}
        guesses = suggest_subjects(typed, listed) or suggest_subjects(typed, subject_names())
        hint = ", ".join(f"{g} ({subject_names().get(g, g)})" for g in guesses)
        return f"“{typed}” is not a subject of any listed paper. Did you mean {hint}?"


def _carried(answer: Answer) -> list[str]:
    return [r.paper.id for r in answer.results + answer.more]


def _considered(answer: Answer) -> set[str]:
    """Return the papers an answer carries and those its ranking holds."""
    return {*_carried(answer), *answer.ranking}


def _matches(n: int) -> str:
    return "1 listed paper matches." if n == 1 else f"{n} listed papers match."
