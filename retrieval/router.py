"""Route a question by its intent: author card, filtered listing, or topic search.

* names a listed author and nothing else  -> the author's card (and their papers, newest
  first, to page through);
* names an author and a constraint        -> that author's papers meeting it, as a list;
  a topic that none of them matches gets a note and the card, never an abstention;
  several authors ("Hoefler or Zhang")    -> the papers of any of them, the same way;
* asks for papers like a listed one       -> the papers nearest to it in content;
* only filters ("2023 papers", "what's in cs.ET?", "the oldest papers") -> every paper
  that matches them, newest (or oldest) first;
* a question papercord cannot read        -> says so, in English;
* anything else                           -> a topic search, within the filters.

Every answer carries the filters it applied, so a misreading is visible, and a filter
that matches nothing says why.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np

from retrieval.config import Mode
from retrieval.intent import Intent, IntentReader
from retrieval.lookup import Lookup
from retrieval.models import Answer, Filters, Paper, Result
from retrieval.refs import ref
from retrieval.search import UNQUOTED, Searcher, matches, matches_year
from retrieval.snippets import best_snippet
from retrieval.taxonomy import names as subject_names
from retrieval.taxonomy import spellings
from retrieval.text import RARITY_FLOOR, question_terms, rarity, tokenize
from retrieval.textfilters import read_subject_names, suggest_subjects

SIMILAR_WORDS = frozenset(tokenize("like similar related resembling akin along lines"))
MIN_UNDERSTOOD = 0.34  # below this share of readable content words, say so
LANGUAGES = {"fr": "French", "es": "Spanish", "de": "German", "it": "Italian",
             "pt": "Portuguese", "zh": "Chinese", "ja": "Japanese", "ko": "Korean"}  # fmt: skip


@dataclass(frozen=True)
class Request:
    """One question with the options the user set."""

    text: str
    k: int
    mode: Mode
    filters: Filters
    quote: int | None = None  # papers that get a snippet (results, then more); None: k


class Router:
    """Answers questions against one searcher and lookup (one index)."""

    def __init__(self, searcher: Searcher, lookup: Lookup) -> None:
        self.searcher = searcher
        self.lookup = lookup
        papers = searcher.index.papers.values()
        self.subjects = Counter(code for p in papers for code in p.subjects)
        self.years = sorted({p.year for p in papers})
        self.intents = IntentReader(lookup.authors, self.subjects, searcher.vocabulary.words)

    def answer(self, request: Request) -> Answer:
        """Return the answer to a question, routed by what it asks."""
        started = time.perf_counter()
        route, intent, filters, notes = self.plan(request)
        if intent.count:  # "top 10 papers on graphs": the first reply lists ten
            request = replace(request, k=max(1, min(intent.count, self.searcher.settings.listed)))
        answer = self._route(route, request, intent, filters)
        if intent.how_many and answer.matched and not answer.author and route != "similar":
            notes.append(_matches(answer.matched))  # "how many papers use FPGAs?"
        return replace(
            answer,
            question=request.text,
            mode=request.mode,
            filters=answer.filters if answer.author else filters,
            notes=tuple(notes) + answer.notes,
            language=intent.language,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )

    def plan(self, request: Request) -> tuple[str, Intent, Filters, list[str]]:
        """Return how a question will be answered, with its intent, filters and notes.

        The route is one of "unknown-subject", "author", "similar", "unreadable", "listing",
        "search".
        """
        intent = self.intents.read(request.text)
        filters, notes = self._filters(request.filters, intent)
        unknown = intent.unknown_subjects or (request.filters.subject and notes)
        if unknown and filters.subject is None:
            route = "unknown-subject"
        elif self._like(intent):
            route = "similar"
        elif filters.author:
            route = "author"
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
        if route == "unknown-subject":
            return _empty(request, filters)  # the note says which subject, and suggests
        if route == "author":
            return self._author(request, intent, filters)
        if route == "similar":
            return self._similar(request, intent, filters)
        if route == "listing" or (
            filters != Filters() and not self.searcher.filtering.papers(filters).any()
        ):  # a listing says why the filters leave no paper ("no listed paper is from 2025")
            return self.listing(request, filters, oldest=intent.by_date == "oldest")
        answer = self.searcher.ask(
            intent.search_text or request.text, request.k, request.mode, filters,
            intent.framing(), request.quote,
        )  # fmt: skip
        if route != "unreadable":
            return answer
        note = self._unreadable(intent)
        closest = answer.closest or (answer.results + answer.more)[: self.searcher.settings.closest]
        return replace(answer, abstained=True, results=(), more=(), matched=0,
                       closest=closest, notes=(note,))  # fmt: skip

    def _unreadable(self, intent: Intent) -> str:
        language = LANGUAGES.get(intent.language, "another language")
        return (
            f"I could not understand this question: it reads as {language}, and I understand "
            "English (and technical terms in other languages). Please ask in English."
        )

    def _author(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        """Answer a question about authors' work: one author's card, or their papers as a
        list (the papers of several authors named together: "Hoefler or Zhang")."""
        assert filters.author is not None
        summary = None if filters.also_by else self.lookup.author(filters.author)
        listing = self.listing(request, filters, oldest=intent.by_date == "oldest")
        if not listing.matched:  # the years or subjects leave none of theirs: say why
            return replace(listing, abstained=False, author=summary)
        if not intent.topic or (intent.leaning and summary):  # "more into theory or systems?"
            alone = filters == Filters(author=filters.author) or intent.leaning
            return replace(listing, author=summary) if summary and alone else listing
        answer = self._theirs(request, intent, filters)
        if not answer.abstained and answer.results:
            return answer
        required = self._required(intent.topic)
        saying = self._saying(required, filters, answer.ranking) if required else []
        if required and saying:  # the search doubts; their own words are evidence enough
            results, more = self._page(saying, request, dict.fromkeys(required, 1.0))
            return replace(answer, abstained=False, closest=(), matched=len(saying),
                           results=results, more=more)  # fmt: skip
        if intent.understood < MIN_UNDERSTOOD:  # a topic in words papercord cannot read
            note = self._unreadable(intent)
            return replace(answer, abstained=summary is None, results=(), more=(), closest=(),
                           matched=0, author=summary, notes=(note,))  # fmt: skip
        if summary is None:
            note = f"None of the papers by {filters.authors_text()} is about “{intent.topic}”."
            return replace(answer, notes=(note,))
        note = f"None of {summary.name}'s papers is about “{intent.topic}”; here is the summary."
        return replace(answer, abstained=False, results=(), more=(), closest=(), matched=0,
                       author=summary, notes=(note,))  # fmt: skip

    def _theirs(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        """Return the authors' papers that answer the topic among every author's papers.

        The answer models were fitted on searches of the whole list; within one author's
        18 papers they answer too readily: "Hoefler on semantic image compression" got
        GPTQ. So the search runs over every author's papers, and the answer keeps those by
        the authors asked for. When more papers answer than an answer lists (a large
        corpus), the search runs within the authors' papers: theirs may lie past the cut."""
        wide = replace(filters, author=None, also_by=())
        everyone = self.searcher.ask(
            intent.search_text, request.k, request.mode, wide, intent.framing(),
            self.searcher.settings.listed,
        )  # fmt: skip
        listed = everyone.results + everyone.more
        if everyone.matched > len(listed):
            return self.searcher.ask(
                intent.search_text, request.k, request.mode, filters, intent.framing(),
                request.quote,
            )  # fmt: skip
        papers = self.searcher.index.papers
        theirs = [r for r in listed if matches(papers[r.paper.id], filters)]
        ranking = tuple(pid for pid in everyone.ranking if matches(papers[pid], filters))
        nearest = ranking[: self.searcher.settings.closest] if not theirs else ()
        closest = tuple(self._listed(papers[pid], True) for pid in nearest)
        return replace(everyone, abstained=everyone.abstained or not theirs, closest=closest,
                       results=tuple(theirs[: request.k]), more=tuple(theirs[request.k :]),
                       matched=len(theirs), ranking=ranking, filters=filters)  # fmt: skip

    def _saying(
        self, required: list[str], filters: Filters, ranking: tuple[str, ...]
    ) -> list[Paper]:
        """Return the papers within the filters whose title or abstract holds every one of
        the stems, in the search's order: "what has Hoefler worked on in networks?" lists
        his papers that say "network" even when the search abstains."""
        index = self.searcher.index
        rows = index.stems.rows(required)
        rows = rows[self.searcher.filtering.papers(filters)[rows]]  # one author's: few
        held = {index.paper_ids[row] for row in rows.tolist()}
        order = {pid: n for n, pid in enumerate(ranking)}
        found = sorted(held, key=lambda pid: (order.get(pid, len(order)), -index.papers[pid].year))
        return [index.papers[pid] for pid in found]

    def _required(self, topic: str) -> list[str] | None:
        """Return the topic's stems that papers must hold, or None when no paper can.

        A word no paper holds rules every paper out when it is rare in English ("QLoRA")
        and is framing when it is common ("found"); no word left, no paper."""
        stems = self.searcher.index.stems
        required = []
        for term in question_terms(topic, stems.ids):  # "fpgas" holds as "FPGAs"
            if stems.count(term.stem):
                required.append(term.stem)
            elif rarity(term.word) > RARITY_FLOOR:
                return None
        return required or None

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
            notes.append(self._why_empty(filters))
        elif not nearest:
            notes.append(f"None of the {len(pool)} closest papers passes the filters.")
        return Answer(
            question=request.text, mode=request.mode, abstained=not nearest,
            results=tuple(self._listed(p, True) for p in nearest), filters=filters,
            ranking=tuple(p.id for p in nearest), matched=len(nearest), notes=tuple(notes),
        )  # fmt: skip

    def listing(self, request: Request, filters: Filters, oldest: bool = False) -> Answer:
        """Return every paper that passes the filters, newest (or oldest) first."""
        index, filtering = self.searcher.index, self.searcher.filtering
        passing = np.flatnonzero(filtering.papers(filters))  # 100k papers: ~1 ms, not ~60
        papers = sorted(
            (index.papers[filtering.ids[row]] for row in passing),
            key=lambda p: (p.year if oldest else -p.year, p.title.casefold()),
        )
        if not papers:
            return replace(_empty(request, filters), notes=(self._why_empty(filters),))
        results, more = self._page(papers, request)
        return Answer(
            question=request.text,
            mode=request.mode,
            abstained=False,
            results=results,
            more=more,
            filters=filters,
            ranking=tuple(p.id for p in papers),
            matched=len(papers),
        )

    def _page(
        self, papers: list[Paper], request: Request, weights: Mapping[str, float] | None = None
    ) -> tuple[tuple[Result, ...], tuple[Result, ...]]:
        """Return the first ``listed`` papers as the reply's results and its "more", the
        first ``request.quote`` of them quoted (all of the results by default)."""
        quote = request.k if request.quote is None else request.quote
        shown = papers[: self.searcher.settings.listed]
        results = [self._listed(p, n < quote, weights) for n, p in enumerate(shown)]
        return tuple(results[: request.k]), tuple(results[request.k :])

    def _listed(
        self, paper: Paper, quoted: bool, weights: Mapping[str, float] | None = None
    ) -> Result:
        if not quoted:
            return Result(paper=ref(paper), score=1.0, snippet=UNQUOTED)
        rows = self.searcher.index.sentences.get(paper.id, [])
        prepared = self.searcher.prepared(paper.id)
        snippet = best_snippet(paper.abstract, rows, weights or {}, None, prepared=prepared)
        return Result(paper=ref(paper), score=1.0, snippet=snippet)

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
        notes += [
            f"papercord cannot leave {left} out of an answer; these papers may include it"
            for left in intent.excluded
            if not left.isdigit() or matches_year(int(left), years)  # not left out already
        ]
        notes += [
            f"papercord cannot leave out {name}'s papers; this answer may include some"
            for name in intent.left_out
        ]
        if intent.jointly and not given.author:
            notes.append(self._joint(intent))
        if intent.unlisted_author and not given.author:
            notes.append(f"No listed author is named “{intent.unlisted_author}”.")
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

    def _why_empty(self, filters: Filters) -> str:
        """Say which filter leaves nothing: an unused subject, or years with no paper."""
        papers = list(self.searcher.index.papers.values())
        if filters.author:
            by = Filters(author=filters.author, also_by=filters.also_by)
            papers = [p for p in papers if matches(p, by)]
        if filters.subject:
            wanted = [s.strip() for s in filters.subject.split(",")]
            if not any(matches(p, Filters(subject=filters.subject)) for p in papers):
                named = ", ".join(f"{w} ({subject_names().get(w, w)})" for w in wanted)
                who = f"by {filters.authors_text()} " if filters.author else ""
                return f"No listed paper {who}is filed under {named}."
            papers = [p for p in papers if matches(p, Filters(subject=filters.subject))]
        years = sorted({p.year for p in papers})
        span = f"{years[0]}–{years[-1]}" if len(years) > 1 else str(years[0]) if years else "—"
        asked = filters.years_text() or "those years"
        who = f" by {filters.authors_text()}" if filters.author else ""
        return f"No listed paper{who} is from {asked}; those papers are from {span}."


def _matches(n: int) -> str:
    return "1 listed paper matches." if n == 1 else f"{n} listed papers match."


def _empty(request: Request, filters: Filters) -> Answer:
    return Answer(question=request.text, mode=request.mode, abstained=True, results=(),
                  filters=filters)  # fmt: skip
