"""What the router does to every route's answer, in the order of ``POST_PASSES``.

Each pass takes the answer and the reading and returns the answer; a pass may add a
note said before the answer's own (``reading.notes``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from retrieval.answers.asked_paper import in_background
from retrieval.answers.both import about_both
from retrieval.answers.overview import overview
from retrieval.answers.routes import Reading, Route
from retrieval.models import UNSURE, Answer, Filters
from retrieval.query.asking import (
    BREAKDOWN,
    COMPARES,
    WRITTEN_TOGETHER,
    content_words,
    written_with,
)
from retrieval.query.choices import alternatives, options
from retrieval.query.figures import recalled, says_any
from retrieval.query.named_things import Absent, names_a_source, unchecked_sources
from retrieval.text import tokenize, without_spans

PostPass = Callable[[Answer, Reading, Route], Answer]
NOT_COUNTED = ("similar", "overview")  # routes whose reply counts its papers otherwise
SEARCHED = ("search", "author")  # routes whose answer may be a topic search's, with its P
UNCHECKED = "No listed paper mentions {}; these papers match the rest of the question."
UNMENTIONED = "No listed paper mentions {}."
UNSURE_COUNT = "Not a sure count:"  # "... 2 listed papers may match.": found unsurely
PURPOSE_WORDS = 2  # content words of what a choice is for: "cheaper network", "mine graphs"


def left_out(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Remove the papers the question leaves out ("... not about quantum", "except
    GPTQ", "not in cs.LG"); the note says how many (``retrieval.answers.leave_out``).
    Papers it names only to set aside go too, in every route."""
    parts = route.parts
    subjects = parts.applied.left_subjects(reading.intent)
    return parts.leave_out.answer(
        answer, reading.request, reading.intent, subjects, reading.known, route.name == "search"
    )


def both_asked(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Put the papers about both of two things asked for at once first ("papers on both
    FPGAs and GNNs"), or say none is about both (``retrieval.answers.both``)."""
    if route.name not in SEARCHED:  # a topic over all papers or an author's
        return answer
    parts = route.parts
    return about_both(parts.searcher, parts.listings, answer, reading.request)


def together(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Keep, of the papers of several authors asked for together ("papers coauthored by
    A and B", "did A co-author with B?"), those by all of them; when none is, abstain:
    the note says so (``AppliedFilters``), and papers by one of them are no answer."""
    names = answer.filters.authors()
    if not reading.intent.people.jointly or len(names) < 2 or answer.author is not None:
        return answer
    text = reading.request.text
    if not WRITTEN_TOGETHER.search(text) and not written_with(text, names):  # "both, combined"
        return answer
    carried = answer.results + answer.more
    joint = [r for r in carried if all(name in r.paper.authors for name in names)]
    if len(joint) == len(carried):
        return answer
    k = reading.request.k
    return replace(
        answer, abstained=not joint, results=tuple(joint[:k]), more=tuple(joint[k:]),
        matched=len(joint), closest=(),
    )  # fmt: skip


def examples(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Add the papers a list question names as examples of what it asks for ("all the
    weather papers, ENS-10 included") where its topic's answer, searched without their
    names (``Router._examples``), left them out: each goes before the first paper shown
    that ranks below it, or last."""
    if not reading.examples or answer.abstained:
        return answer
    shown = [r.paper.id for r in answer.results + answer.more]
    missing = [pid for pid in answer.ranking if pid in reading.examples and pid not in shown]
    missing += sorted(reading.examples - set(shown) - set(missing))
    if not missing:
        return answer
    rank = {pid: n for n, pid in enumerate(answer.ranking)}
    order = list(shown)
    for pid in missing:
        below = (
            n
            for n, other in enumerate(order)
            if rank.get(other, len(rank)) > rank.get(pid, len(rank))
        )
        order.insert(next(below, len(order)), pid)
    carried = {r.paper.id: r for r in answer.closest + answer.results + answer.more}
    papers, listings = route.parts.searcher.index.papers, route.parts.listings
    found = [carried.get(pid) or listings.listed(papers[pid], True) for pid in order]
    k = reading.request.k
    return replace(
        answer,
        results=tuple(found[:k]),
        more=tuple(found[k:]),
        matched=answer.matched + len(missing),
    )


def judged_best(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Drop the answer model's P when the paper it is about (the best candidate) is not
    the first shown: cut from a list, or left out of a route's answer other than the
    topic search's (whose rest ``left_out`` judges by a search over it). A P below
    ``unsure_below`` stays: the papers after an unsure best are no surer."""
    shown = answer.results[0].paper.id if answer.results else None
    best = answer.ranking[0] if answer.ranking else None
    if shown is None or shown == best:
        return answer
    if route.parts.searcher.doubts(answer):
        return answer
    return replace(answer, confidence=None)


def counted(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Count the answer's papers when the question asks how many ("how many papers use
    FPGAs?": 0 too) or asks them counted ("graph papers per year"), unless the reply
    counts itself (the list's overview, an author's card, similar papers)."""
    intent = reading.intent
    if route.name in NOT_COUNTED or answer.author is not None:
        return answer
    listed = answer.results + answer.more
    # an author's papers counted by a facet within subjects or years are no card: "Zhang's
    # papers in cs.LG and cs.CV, per category" (``Counting.breakdown`` leaves authors out)
    by_facet = intent.counting.breakdown or bool(BREAKDOWN.search(reading.request.text))
    if by_facet and listed:
        papers = route.parts.searcher.index.papers
        reading.notes.append(overview([papers[r.paper.id] for r in listed]))
    elif intent.counting.how_many and (answer.matched or route.name == "search"):
        doubted = route.name in SEARCHED and _doubted(answer, route)
        reading.notes.append(_unsure_count(answer.matched) if doubted else _matches(answer.matched))
    return answer


def _doubted(answer: Answer, route: Route) -> bool:
    """Return True when a searched answer's papers are shown but the answer model doubts
    them (``unsure``)."""
    searcher = route.parts.searcher
    return not answer.abstained and bool(answer.results) and searcher.doubts(answer)


def unsure(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Say a topic search's answer is not a sure match when the answer model's P is low:
    over the whole list, or over an author's papers ("Zhang's paper on X")."""
    if route.name not in SEARCHED:
        return answer
    count_doubted = any(note.startswith(UNSURE_COUNT) for note in reading.notes)
    if route.name == "author" and (answer.notes or reading.notes) and not count_doubted:
        return answer  # the note says what the list is ("1 listed paper is by both ...")
    if not _doubted(answer, route):
        return answer
    if UNSURE in answer.notes:  # said already ("about both")
        return answer
    if _weighs_named(reading.request.text, route, answer):
        return answer
    return replace(answer, notes=(*answer.notes, UNSURE))


def _weighs_named(text: str, route: Route, answer: Answer) -> bool:
    """Return True when the question weighs papers it names by their names against each
    other ("which is newer, Slapo or Allo?", "allo vs slapo?"), or names them and asks
    nothing else ("tell me about Allo, Slapo and GPTQ"), and the answer is those papers:
    they are what was asked about, whatever the answer model makes of the rest. Papers
    named for another ask are not ("I read GPTQ and FLIQS. Which papers do they
    cite?")."""
    searcher = route.parts.searcher
    spans = searcher.titles.spans(text)
    named = {pid for pid, _, _ in spans}
    if COMPARES.search(text):  # "how does FLIQS differ from QFX?": QFX is an abstract's name
        named |= route.parts.titles.named(text, answer.filters)
    if len(named) < 2 or named != {r.paper.id for r in answer.results}:
        return False
    sides = alternatives(text)
    weighed = bool(COMPARES.search(text)) or (
        sides is not None
        and all(any(lo <= start < hi for _, start, _ in spans) for lo, hi in sides)
    )
    if not weighed:
        return not tokenize(without_spans(text, [(a, b) for _, a, b in spans]))
    # What it weighs them on is theirs: the named papers write its words, but one ("which
    # is newer"); "GPTQ vs FLIQS on protein folding?" stays unsure.
    papers = searcher.index.papers
    written = {s for pid in named for s in tokenize(f"{papers[pid].title} {papers[pid].abstract}")}
    rest = COMPARES.sub(" ", without_spans(text, [(a, b) for _, a, b in spans]))
    return len([s for s in tokenize(" ".join(content_words(rest))) if s not in written]) <= 1


def unrecalled(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Say an answer for one paper is not a sure match when the question recalls figures
    of its results ("the one with a 7x speedup on an H100") and the best paper's title
    and abstract write none of them: it may be another paper, one the list lacks
    (``retrieval.query.figures``)."""
    if route.name not in SEARCHED or answer.abstained or not answer.results:
        return answer
    if reading.intent.framing().plural or UNSURE in answer.notes:
        return answer
    figures = recalled(reading.request.text)
    paper = route.parts.searcher.index.papers[answer.results[0].paper.id]
    if not figures or says_any(figures, f"{paper.title} {paper.abstract}"):
        return answer
    return replace(answer, notes=(*answer.notes, UNSURE))


def spelled_guess(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Say an answer that rests on an acronym read as a title's words ("MoE" as
    "Mixture-of-Experts") is not a sure match: the letters may stand for other words
    ("SNN": spiking, not sparse, neural networks), which the reading's note names."""
    if not reading.intent.spelled_out or answer.abstained or not answer.results:
        return answer
    if UNSURE in answer.notes or _titled_beside(reading, answer):
        return answer
    return replace(answer, notes=(*answer.notes, UNSURE))


def _titled_beside(reading: Reading, answer: Answer) -> bool:
    """Return True when the question types, besides each acronym it reads, another word
    of the title that gave the reading, and that title's paper answers first ("Spatial
    MoE", "Binarized NMT"): the title is named twice over, and the letters stand for its
    words."""
    title = answer.results[0].paper.title
    typed, title_words = set(tokenize(reading.request.text)), set(tokenize(title))
    return all(
        words.casefold() in title.casefold() and bool(typed & (title_words - set(tokenize(words))))
        for _, words in reading.intent.spelled_out
    )


def beyond_asked(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Say an answer to a question for one paper is not a sure match when its papers lie
    outside the years or subjects the question asked for; its note says from when
    ("Hoefler's 2021 survey": none of his is from 2021). A list asked for is the papers
    on its topic from other years, as its note says ("Hoefler's 2021 papers on X").
    Years no listed paper is from, asked with no author, may be the topic's own ("a
    dataset spanning 1998-2017"): those leave the answer as sure as it is. A paper
    named with the wrong author or year ("Zhang's HammingMesh", "the 2022 GPTQ paper")
    is the paper asked for, and its note says whose or when it is."""
    asked, shown = reading.filters, answer.filters
    if answer.abstained or not answer.results or shown == asked or UNSURE in answer.notes:
        return answer
    if reading.intent.framing().plural or shown.authors() != asked.authors():
        return answer
    if answer.results[0].paper.id in route.parts.searcher.titles.named_in(reading.request.text):
        return answer  # "the GPTQ paper from 2022": that paper, remembered in another year
    only_years = replace(asked, year_from=None, year_to=None, years=()) == replace(
        shown, year_from=None, year_to=None, years=()
    )
    if only_years and not asked.author and not _any_from(route, asked):
        return answer
    return replace(answer, notes=(*answer.notes, UNSURE))


def unchecked(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Say which words given as where a paper comes from no listed paper mentions ("the
    Acme paper on X": the list records no affiliations), over a topic search's papers,
    which match the rest of the question (``named_things.unchecked_sources``). A list
    question the whole of which found nothing ("Which Stanford papers are about FPGAs?",
    "papers from Google on quantization") gets the papers the rest finds, as not a sure
    match: the source's word, in no abstract, made all of it look unanswerable. Else an
    abstention says that no listed paper mentions the source ("The Stanford paper on
    FPGAs?")."""
    if route.name != "search" or not (answer.abstained or answer.results):
        return answer
    searcher, filters = route.parts.searcher, reading.filters
    people = [*filters.authors(), *reading.intent.people.unlisted]  # "papers by Rose"
    text = reading.request.text  # "I'm reading the Acme paper; which papers ...?": not theirs
    names = [
        name for name in unchecked_sources(text, searcher.vocabulary, people)
        if not in_background(text, name)
    ]  # fmt: skip
    if not names:
        return answer
    said = " or ".join(f"“{name}”" for name in names)
    if not answer.abstained:
        return replace(answer, notes=(*answer.notes, UNCHECKED.format(said)))
    text = reading.intent.search_text
    rest = _without_names(text, names)
    if reading.intent.plural and content_words(rest) and _sources(text, names):
        found = route.parts.search(replace(reading, intent=reading.intent.about(rest)))
        if not found.abstained and not searcher.doubts(found):  # as sure as one paper
            return replace(found, notes=(*found.notes, UNCHECKED.format(said), UNSURE))
    return replace(answer, notes=(*answer.notes, UNMENTIONED.format(said)))


def _sources(text: str, names: list[str]) -> bool:
    """Return True when each name says who made the papers asked for ("Stanford papers",
    "papers from Apple"), not what kind of thing they are about ("the Rust language",
    "the Ray framework": the topic, which no listed paper has), nor who wrote them."""
    for name in names:
        # after "by", an author the list does not have: "papers by Rose"
        uses = [m.span() for m in re.finditer(rf"(?<!\bby )(?<!\w){re.escape(name)}(?!\w)", text)]
        if not any(names_a_source(Absent(name, *use), text) for use in uses):
            return False
    return True


def _without_names(text: str, names: list[str]) -> str:
    """Return a text without every whole-word use of the names (and an "'s" after one)."""
    for name in names:
        text = re.sub(rf"(?<!\w){re.escape(name)}(?:['’]s)?(?!\w)", " ", text)
    return text


def chosen(answer: Answer, reading: Reading, route: Route) -> Answer:
    """Put first, of two papers a question offers as a choice, the one that what it is
    for finds first ("For a cheaper cluster network, the paper on cloud noise or the
    one on a new topology?": the topology paper). Each option (``choices.options``)
    must find one of the answer's first two papers before the other, and the other
    option the other; what is left is searched alone, and needs ``PURPOSE_WORDS``
    words of its own."""
    if route.name != "search" or answer.abstained or reading.intent.plural:
        return answer
    text = reading.intent.search_text
    spans = options(text) if text and len(answer.results) >= 2 else None
    if spans is None:
        return answer
    purpose = without_spans(text, spans)
    if len(content_words(purpose)) < PURPOSE_WORDS:
        return answer
    searcher, request = route.parts.searcher, reading.request
    pair = tuple(r.paper.id for r in answer.results[:2])

    def preferred(words: str) -> str | None:
        """The one of the two papers the words find first (None: neither)."""
        ranking = searcher.ask(words, 1, request.mode, reading.filters, quote=0).ranking
        return min((p for p in pair if p in ranking), key=ranking.index, default=None)

    if {preferred(text[start:end]) for start, end in spans} != set(pair):
        return answer  # the options are not the two papers found, one each
    if preferred(purpose) != pair[1]:
        return answer
    return replace(answer, results=(answer.results[1], answer.results[0], *answer.results[2:]))


def _any_from(route: Route, filters: Filters) -> bool:
    """Return True when some listed paper is from the filters' years."""
    years = Filters(year_from=filters.year_from, year_to=filters.year_to, years=filters.years)
    return bool(route.parts.searcher.filtering.papers(years).any())


POST_PASSES: tuple[PostPass, ...] = (
    left_out,
    together,
    both_asked,
    examples,
    judged_best,
    counted,
    unsure,
    unrecalled,
    spelled_guess,
    beyond_asked,
    unchecked,
    chosen,
)


def _unsure_count(n: int) -> str:
    return f"{UNSURE_COUNT} {n} listed paper{'' if n == 1 else 's'} may match."


def _matches(n: int) -> str:
    if n == 0:
        return "No listed paper matches."
    return "1 listed paper matches." if n == 1 else f"{n} listed papers match."
