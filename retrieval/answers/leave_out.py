"""Papers a question leaves out: about a topic ("Hoefler's papers not about quantum"), in
a subject ("everything but cs.LG"), by a listed author ("graph papers not by Zhang").

They are taken out of the answer the question would get without them, and a note says
how many. When the answer's ranking is every paper it matched (a listing), the count is
exact and papers further down move up into the ones the answer carries; after a search,
the count is of the papers the answer carried, and when the paper it was surest of is
left out, the rest is only as sure as a search over the rest finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import islice

from retrieval.answers.listing import Listings, Request
from retrieval.index.filtering import matches
from retrieval.models import Answer, Filters
from retrieval.query.asking import content_words
from retrieval.query.asking_part import asking_part
from retrieval.query.intent import Intent
from retrieval.search.searcher import Searcher
from retrieval.text import fold, question_terms


class LeaveOut:
    """Takes the papers a question leaves out from its answer."""

    def __init__(self, searcher: Searcher, listings: Listings) -> None:
        self.searcher = searcher
        self.listings = listings

    def answer(
        self,
        answer: Answer,
        request: Request,
        intent: Intent,
        subjects: list[str],
        set_aside: frozenset[str] = frozenset(),
        searched: bool = False,
    ) -> Answer:
        """Return the answer without the papers the question leaves out: about a topic
        ("Hoefler's papers not about quantum"), in a subject ("everything but cs.LG"), by
        a listed author ("graph papers not by Zhang"); a note says how many each.
        ``subjects``: the codes of the subjects it leaves out; ``set_aside``: the papers
        it names only to set aside, which the router's note has named already.
        ``searched``: the answer is the topic search's (``_rest``)."""
        papers, listed = self.searcher.index.papers, self.searcher.settings.listed
        given = answer
        if set_aside:
            answer = self._without(answer, request, set(set_aside), "")
        excluded: set[str] = set()  # every paper left out by topic
        asked = _asked_topic(intent) if intent.exclusions.topics else intent.topic
        # "fixed-point, not floating point": the papers about what is asked instead stay
        instead = intent.exclusions.instead
        asked_instead = (
            set(self.searcher.papers_about(instead, request.mode) or ()) if instead else set()
        )
        for topic in filter(None, intent.exclusions.topics.split(" | ")):
            if answer.abstained:
                break
            # "not about LLMs" leaves out a paper on large language models that never
            # writes "LLM" (``papers_about`` reads an acronym alone as its long form)
            found = set(self.searcher.papers_about(topic, request.mode) or ())
            found = self._narrowed(found, topic, asked)
            kept = self._kept_beside(found & asked_instead, topic, instead) if instead else set()
            found -= kept
            if found and found <= excluded:  # "no GNNs, no graph transformers": gone already
                continue
            excluded |= found
            shown = set(_known(answer))
            note = (_kept(kept & shown, topic, instead),) if kept & shown else ()
            if note and not found & shown:  # why none was left out
                answer = replace(answer, notes=(*answer.notes, *note))
                continue
            answer = self._without(answer, request, found, f"about “{topic}”")
            if not answer.abstained:
                answer = replace(answer, notes=(*answer.notes, *note))
        if searched and excluded and answer.abstained and not given.abstained:
            answer = self._beyond(given, answer, request, intent, excluded | set_aside)
        for described in intent.exclusions.papers:  # "not the HLS one": its best match
            known = set(_known(answer))  # among the papers answered: none there, no note
            about = self.searcher.ask(described, listed, request.mode, quote=0)
            ranked = [] if about.abstained else [r.paper.id for r in about.results + about.more]
            if best := next((pid for pid in ranked if pid in known), None):
                answer = self._without(answer, request, {best}, f"matching “{described}”")
        for code in subjects:
            unwanted = Filters(subject=code)
            found = {pid for pid in _considered(answer) if matches(papers[pid], unwanted)}
            answer = self._without(answer, request, found, f"in {code}")
        for name in intent.exclusions.authors:
            found = {pid for pid in _considered(answer) if name in papers[pid].authors}
            answer = self._without(answer, request, found, f"by {name}")
        if searched and given.ranking and not answer.abstained:
            return self._rest(given, answer, request, intent)
        return answer

    def _beyond(
        self, given: Answer, left: Answer, request: Request, intent: Intent, gone: set[str]
    ) -> Answer:
        """Return the search over the papers not left out, as sure as it and the whole
        question's search are, when the topics left out took every paper it had chosen
        and the topic asked has words of its own: "GNN papers, none on stability or
        robustness" chose the two on robustness and stability, and abstained once they
        went, though three other GNN papers remain ("quantization papers not about
        quantization" has nothing left to ask). The notes of what was left out stay;
        when that search finds nothing, ``left``."""
        words = {fold(w) for w in content_words(intent.exclusions.topics)}
        if not {fold(w) for w in content_words(intent.topic)} - words:
            return left
        rest = self.searcher.ask(
            intent.search_text or request.text, request.k, request.mode, left.filters,
            intent.framing(), None, frozenset(gone), hedged=True,
        )  # fmt: skip
        if rest.abstained or not rest.results:
            return left
        if given.confidence is None or rest.confidence is None:
            return replace(rest, notes=left.notes)
        return replace(rest, notes=left.notes, confidence=min(given.confidence, rest.confidence))

    def _rest(self, given: Answer, left: Answer, request: Request, intent: Intent) -> Answer:
        """Return the answer without the papers left out as sure as a search over the rest
        is, when the paper the search was surest of is left out: the answer model's P was
        about that paper, and the papers kept were judged beside it, not on their own.
        "any quantum computing papers not by Hoefler?" kept the third paper of a list whose
        two quantum papers are his, as if it were a sure answer. When the search over the rest finds
        nothing, nothing answers (the closest are shown); its P is taken when lower, and
        the papers kept stay as they were chosen."""
        gone = frozenset(_carried(given)) - {r.paper.id for r in left.results + left.more}
        if given.ranking[0] not in gone or given.confidence is None:
            return left
        rest = self.searcher.ask(
            intent.search_text or request.text, request.k, request.mode, left.filters,
            intent.framing(), 0, gone, hedged=True,
        )  # fmt: skip
        if rest.abstained:
            return replace(self.listings.not_answered(rest), notes=left.notes)
        sure = given.confidence if rest.confidence is None else rest.confidence
        sure = min(given.confidence, sure)
        ranking = tuple(pid for pid in left.ranking if pid not in gone)
        return replace(left, confidence=sure, ranking=ranking)

    def _narrowed(self, found: set[str], left: str, asked: str) -> set[str]:
        """Return the papers found for a topic left out that hold the words by which it
        narrows the topic asked, when it narrows it: "compression, but not image
        compression" leaves out the papers that say "image", not every paper on
        compression the search for "image compression" also finds. A topic of its own
        ("transformers but not language models") is left out by meaning, as found."""
        own = self._stems(left)
        shared = own & self._stems(asked)
        narrowing = own - shared
        if not shared or not narrowing:
            return found
        holding = set(self.searcher.index.stems.rows(narrowing).tolist())
        rows = self.searcher.index.paper_rows
        return {pid for pid in found if rows[pid] in holding}

    def _kept_beside(self, both: set[str], left: str, asked: str) -> set[str]:
        """Return the papers, of ``both`` found for a topic left out and for what a
        contrast asks instead, that it keeps: "graph transformers, not GNNs" keeps the
        graph transformer that compares itself with GNNs. None when the topic left out,
        spelled out, has every word of the one asked ("graph papers, not GNNs" asks for
        the graph papers that are not graph neural networks); nor a paper whose title has
        every word of the topic left out, as typed or spelled out, which is about it, not
        only set beside it ("weather papers, not datasets": the weather dataset goes)."""
        typed, spelled = self._stems(left), self._stems(self.searcher.spelled_out(left))
        wanted = self._stems(asked)
        if wanted and wanted <= spelled:
            return set()
        papers = self.searcher.index.papers
        titles = {pid: self._stems(papers[pid].title) for pid in both}
        return {
            pid for pid in both
            if not any(words and words <= titles[pid] for words in (typed, spelled))
        }  # fmt: skip

    def _stems(self, text: str) -> set[str]:
        """Return the corpus stems of a text's words."""
        return {term.stem for term in question_terms(text, self.searcher.index.stems.ids)}

    def _without(self, answer: Answer, request: Request, unwanted: set[str], what: str) -> Answer:
        """Return the answer without the ``unwanted`` papers, with a note saying how many
        papers ``what`` ("about “quantum”", "in cs.LG") it left out. When the answer's
        ranking is every paper it matched (a listing), the count is exact and papers
        further down move up into the ones carried."""
        if answer.abstained:
            return answer
        carried = answer.results + answer.more
        whole = answer.matched == len(answer.ranking)
        left = sum(pid in unwanted for pid in _known(answer))
        kept = [r for r in carried if r.paper.id not in unwanted]
        if whole:  # top up from the papers the answer did not carry
            papers, held = self.searcher.index.papers, {r.paper.id for r in carried}
            below = (p for p in answer.ranking if p not in held and p not in unwanted)
            wanted = max(0, self.searcher.settings.listed - len(kept))
            kept += [self.listings.listed(papers[pid], False) for pid in islice(below, wanted)]
        quote = request.k if request.quote is None else request.quote
        kept = self.listings.quote_shown(kept, quote)
        searched = what.startswith("about")  # by meaning, as the search found them
        note = (
            f"Left out {left} paper{'s' if left != 1 else ''} {what}."
            if left
            else f"No paper here was found to be {what}, so none was left out."
            if searched
            else f"None of these papers is {what}, so none was left out."
        )
        said = (note,) if what else ()  # set aside by name: the router said so
        if not kept:  # every paper was left out: nothing answers; the closest of the rest
            rest = replace(
                answer, results=(), more=(),
                closest=tuple(r for r in answer.closest if r.paper.id not in unwanted),
                ranking=tuple(pid for pid in answer.ranking if pid not in unwanted),
            )  # fmt: skip
            return replace(
                self.listings.not_answered(rest, note if what else None),
                notes=(*answer.notes, *said),
            )
        ranking = tuple(pid for pid in answer.ranking if pid not in unwanted) if whole else None
        return replace(answer, results=tuple(kept[: request.k]), more=tuple(kept[request.k :]),
                       matched=max(answer.matched - left, len(kept)),
                       ranking=answer.ranking if ranking is None else ranking,
                       notes=(*answer.notes, *said))  # fmt: skip


def _asked_topic(intent: Intent) -> str:
    """Return the topic of the sentences that ask, when background comes before them: a
    topic left out narrows what they ask, not the background's words ("We count a
    compression codec as a tool. Show me compression papers, minus the codec ones."
    narrows "compression" by "codec", though the background says "codec" too)."""
    text = intent.search_text
    part = asking_part(text, background=1, own_words=1) if text else None
    return " ".join(content_words(part)) if part else intent.topic


def _kept(both: set[str], left_out: str, instead: str) -> str:
    """Return the note for the papers a contrast keeps though they are about what it
    leaves out: they are about what it asks for too ("graph transformers, not GNNs"
    keeps the graph transformer that compares itself with GNNs)."""
    many = len(both) != 1
    return (
        f"Kept {len(both)} paper{'s' if many else ''} about “{left_out}” that "
        f"{'are' if many else 'is'} about “{instead}” too."
    )


def _known(answer: Answer) -> Sequence[str]:
    """Return the papers a left-out count is of: the whole ranking when the answer
    carries every paper it matched (a listing), else the papers it carries."""
    return answer.ranking if answer.matched == len(answer.ranking) else _carried(answer)


def _carried(answer: Answer) -> list[str]:
    return [r.paper.id for r in answer.results + answer.more]


def _considered(answer: Answer) -> set[str]:
    """Return the papers an answer carries and those its ranking holds."""
    return {*_carried(answer), *answer.ranking}
