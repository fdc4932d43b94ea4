"""Answers that list papers rather than rank them: every paper that passes the filters,
a page of listed papers with their quotes, and why filters leave no paper."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import numpy as np

from retrieval.config import Mode
from retrieval.index.filtering import matches
from retrieval.index.refs import ref
from retrieval.index.taxonomy import names as subject_names
from retrieval.models import Answer, Filters, Paper, Result
from retrieval.search.searcher import UNQUOTED, Searcher
from retrieval.search.snippets import best_snippet

# The note of a list whose topics, searched one by one, found nothing for some.
UNANSWERED_TOPICS = "No listed paper answers {}; these answer the rest of the question:"
QUOTED_TOPIC = 6  # a topic of more words is "this" in a note, not quoted word by word
# A listing longer than an answer carries (``listed``) says so, and how to see the rest.
CUT = "These are the {}{} of {} papers; ask for a year, a subject or an author to see others."


@dataclass(frozen=True)
class Request:
    """One question with the options the user set."""

    text: str
    k: int
    mode: Mode
    filters: Filters
    quote: int | None = None  # papers that get a snippet (results, then more); None: k
    k_set: bool = False  # k is an option the user set: it wins over "top 10" in the text


# Asking for a link to the code, not only where it is: "a GitHub link", "the repo URL".
ASKS_FOR_LINK = re.compile(r"\b(?:link(?:s|ed)?|urls?|github|gitlab|hyperlinks?)\b", re.I)
URL = re.compile(r"https?://|\bwww\.|\bgithub\.com\b|\bgitlab\.com\b", re.I)


class Listings:
    """Lists papers of one searcher's index."""

    def __init__(self, searcher: Searcher) -> None:
        self.searcher = searcher

    def listing(
        self,
        request: Request,
        filters: Filters,
        oldest: bool = False,
        keep: Callable[[Paper], bool] | None = None,
        wants_code: bool = False,
        first: Callable[[Paper], int] | None = None,
    ) -> Answer:
        """Return every paper that passes the filters (and ``keep``), newest (or oldest)
        first, or by ``first`` and then by date; with ``wants_code`` each quotes where its
        code is."""
        papers = sorted(
            self.papers(filters, keep),
            key=lambda p: (
                first(p) if first else 0,
                p.year if oldest else -p.year,
                p.title.casefold(),
            ),
        )
        if not papers:  # the filters leave none (they say why), or ``keep`` does
            none = not self.searcher.filtering.papers(filters).any()
            why = (self.why_empty(filters),) if none else ()
            return replace(empty(request, filters), notes=why)
        results, more = self.page(papers, request, wants_code=wants_code)
        carried = len(results) + len(more)
        order = "" if first is not None else " oldest" if oldest else " newest"
        return Answer(
            question=request.text,
            mode=request.mode,
            abstained=False,
            results=results,
            more=more,
            filters=filters,
            ranking=tuple(p.id for p in papers),
            matched=len(papers),
            notes=(CUT.format(carried, order, len(papers)),) if carried < len(papers) else (),
        )

    def papers(self, filters: Filters, keep: Callable[[Paper], bool] | None = None) -> list[Paper]:
        """Return the papers that pass the filters (and ``keep``), in no order."""
        index, filtering = self.searcher.index, self.searcher.filtering
        passing = np.flatnonzero(filtering.papers(filters))  # 100k papers: ~1 ms, not ~60
        found = (index.papers[filtering.ids[row]] for row in passing)
        return [p for p in found if keep is None or keep(p)]

    def with_code(self, request: Request, filters: Filters) -> Answer:
        """List the papers within the filters whose abstract says where their code is
        ("papers with code"), each quoting where; asked for a link ("which papers link
        to their code?", "code on GitHub?"), only those whose abstract gives one, not a
        promise ("will be made available as open source")."""
        rows, code = self.searcher.index.paper_rows, self.searcher.index.terms.code
        linked = bool(ASKS_FOR_LINK.search(request.text))

        def says_where(paper: Paper) -> bool:
            return bool(code[rows[paper.id]]) and (not linked or bool(URL.search(paper.abstract)))

        answer = self.listing(request, filters, keep=says_where, wants_code=True)
        if answer.notes:  # the filters leave no paper, and say why
            return answer
        if not answer.matched:
            narrowed = " ".join(filter(None, (_by(filters), narrowing(filters)[0])))
            where = "links to its code" if linked else "says where its code is"
            return replace(answer, notes=(f"No listed paper {narrowed} {where}.",))
        where = "links to their code" if linked else "says where their code is"
        return replace(answer, notes=(f"Papers whose abstract {where}.",))

    def not_answered(self, answer: Answer, note: str | None = None) -> Answer:
        """Return a search's answer as an abstention, its best papers as the closest,
        with ``note`` (or none: the route's own note is already said)."""
        wanted = self.searcher.settings.closest
        closest = list(answer.closest or answer.results + answer.more)[:wanted]
        quoted = {r.paper.id for r in closest}
        papers = self.searcher.index.papers
        closest += [  # the search answered with fewer: the next in its order
            self.listed(papers[pid], True)
            for pid in answer.ranking[: wanted + len(quoted)]
            if pid not in quoted
        ][: wanted - len(closest)]
        return replace(answer, abstained=True, results=(), more=(), matched=0,
                       closest=tuple(closest), notes=(note,) if note else ())  # fmt: skip

    def page(
        self,
        papers: list[Paper],
        request: Request,
        weights: Mapping[str, float] | None = None,
        wants_code: bool = False,
    ) -> tuple[tuple[Result, ...], tuple[Result, ...]]:
        """Return the first ``listed`` papers as the reply's results and its "more", the
        first ``request.quote`` of them quoted (all of the results by default)."""
        quote = request.k if request.quote is None else request.quote
        shown = papers[: self.searcher.settings.listed]
        results = [self.listed(p, n < quote, weights, wants_code) for n, p in enumerate(shown)]
        return tuple(results[: request.k]), tuple(results[request.k :])

    def quote_shown(
        self, results: list[Result], quote: int, weights: Mapping[str, float] | None = None
    ) -> list[Result]:
        """Return the results with a quote for each of the first ``quote`` that has none
        (a paper that moved up into the shown ones)."""
        papers = self.searcher.index.papers
        return [
            replace(r, snippet=self.listed(papers[r.paper.id], True, weights).snippet)
            if n < quote and r.snippet == UNQUOTED
            else r
            for n, r in enumerate(results)
        ]

    def listed(
        self,
        paper: Paper,
        quoted: bool,
        weights: Mapping[str, float] | None = None,
        wants_code: bool = False,
    ) -> Result:
        if not quoted:
            return Result(paper=ref(paper), score=1.0, snippet=UNQUOTED)
        rows = self.searcher.index.sentences.get(paper.id, [])
        prepared = self.searcher.quoter.prepared(paper.id)
        snippet = best_snippet(
            paper.abstract, rows, weights or {}, None, wants_code, prepared=prepared
        )
        return Result(paper=ref(paper), score=1.0, snippet=snippet)

    def why_empty(self, filters: Filters) -> str:
        """Say which filter leaves nothing: an unused subject, or years with no paper."""
        papers = list(self.searcher.index.papers.values())
        if filters.author:
            papers = [p for p in papers if matches(p, filters.by_authors())]
        if filters.subject:
            wanted = [s.strip() for s in filters.subject.split(",")]
            if not any(matches(p, Filters(subject=filters.subject)) for p in papers):
                named = ", ".join(f"{w} ({subject_names().get(w, w)})" for w in wanted)
                return f"{no_paper_by(filters)} is filed under {named}."
            papers = [p for p in papers if matches(p, Filters(subject=filters.subject))]
        years = sorted({p.year for p in papers})
        span = f"{years[0]}–{years[-1]}" if len(years) > 1 else str(years[0]) if years else "—"
        asked = filters.years_text() or "those years"
        return f"{no_paper_by(filters)} is from {asked}; those papers are from {span}."


def empty(request: Request, filters: Filters) -> Answer:
    """Return an abstention that lists nothing (its notes say why)."""
    return Answer(question=request.text, mode=request.mode, abstained=True, results=(),
                  filters=filters)  # fmt: skip


def no_paper_by(filters: Filters) -> str:
    """Return "No listed paper", "by" its authors when the filters name any."""
    return f"No listed paper by {filters.authors_text()}" if filters.author else "No listed paper"


def _by(filters: Filters) -> str:
    return f"by {filters.authors_text()}" if filters.author else ""


def narrowing(filters: Filters) -> tuple[str, str]:
    """Return how the years and subjects narrow a list ("from 2023 or later", "filed
    under cs.LG"), or "", and what lies outside them ("other years")."""
    years, subject = filters.years_text(), filters.subject
    parts = [f"from {years}"] if years else []
    parts += [f"filed under {subject}"] if subject else []
    other = [word for word, used in (("years", years), ("subjects", subject)) if used]
    return " and ".join(parts), f"other {' or '.join(other)}"


def outside(filters: Filters, topic: str, any_within: bool = True) -> str:
    """Return the note over papers on a topic shown from outside the years and subjects
    asked for, because none within them is about it (``any_within``: there are papers
    within them at all; "none of Hoefler's papers from 2019" said he had some)."""
    narrowed, other = narrowing(filters)
    about = f"“{topic}”" if len(topic.split()) <= QUOTED_TOPIC else "this"
    if not any_within:
        return f"{no_paper_by(filters)} is {narrowed}; these ones on {about}, from {other}, are:"
    who = f"None of the papers by {filters.authors_text()}" if filters.author else "No listed paper"
    return f"{who} {narrowed} is about {about}; these ones, from {other}, are:"


def by_topic(base: Answer, found: dict[str, Result], unanswered: list[str], k: int) -> Answer:
    """Return ``base`` answered by the papers its topics found one by one (``found``, in
    the order found), ``k`` shown first, with a note naming the topics that found
    nothing (``UNANSWERED_TOPICS``)."""
    listed = list(found.values())
    said = " or ".join(f"“{words}”" for words in unanswered)
    return replace(
        base, abstained=False, results=tuple(listed[:k]), more=tuple(listed[k:]),
        closest=(), matched=len(listed), ranking=tuple(found),
        notes=(UNANSWERED_TOPICS.format(said),) if unanswered else (),
    )  # fmt: skip
