"""A question that asks for papers about two things at once: "papers on both FPGAs and
graph neural networks", "anything covering both sparsity as well as quantization?",
"work at the intersection of HPC and weather".

The search ranks by the words of both together, so a paper about either one alone may
lead the answer. Each part is searched on its own, by the relevance the search uses, and
the answer keeps the papers about both. When none is, the answer says so and is not a
sure match: the papers shown are about one of them.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import NamedTuple

from retrieval.answers.listing import Listings, Request
from retrieval.models import UNSURE, Answer
from retrieval.query.asking import content_words
from retrieval.query.asking_part import sentence_that_asks
from retrieval.query.meeting import MEETING
from retrieval.query.title_asks import QUOTES
from retrieval.search.searcher import Searcher

# "about both A and B", "covering both A as well as B", to the end of the clause: both
# things are what the papers are about. Not "a scheduler that cuts both latency and
# power", "safe when both its host and its driver lie": "both" tells of one paper.
BOTH = re.compile(
    r"\b(?P<verb>about|on|regarding|concerning|cover(?:s|ing)?|combin(?:e|es|ing)"
    r"|address(?:es|ing)?|handl(?:e|es|ing)|tackl(?:e|es|ing)|stud(?:y|ies|ying)"
    r"|deal(?:s|ing)?\s+with|touch(?:es|ing)?\s+on|discuss(?:es|ing)?|treat(?:s|ing)?"
    r"|mention(?:s|ing)?|nam(?:e|es|ing)|cit(?:e|es|ing))"
    r"\s+both\s+(?:of\s+)?(?P<first>[^,;:?!.()]+?)\s+(?:and|&|as\s+well\s+as)\s+"
    r"(?P<second>[^,;:?!.()]+?)\s*(?=[,;:?!.()]|$)",
    re.I,
)
# "mention both A and B", "name both": asks what the papers write, not what they are about
WRITTEN = re.compile(r"mention|nam|cit", re.I)
NEITHER = "No listed paper was found to be about both “{}” and “{}”; these are about one."
NEITHER_WRITTEN = "No listed paper mentions both “{}” and “{}”; these mention one."
NONE_WRITES = "No listed paper mentions “{}”."


class Both(NamedTuple):
    """The two things a question asks for at once, and whether it asks that papers write
    both ("mention both A and B") rather than be about both."""

    first: str
    second: str
    written: bool = False


def both_parts(text: str) -> Both | None:
    """Return the two things the sentence that asks wants papers about at once ("about
    both FPGAs and graph neural networks"), each with content words, or None."""
    if BOTH.search(text) is None and MEETING.search(text) is None:  # most questions
        return None  # no sentence split needed
    ask = sentence_that_asks(text)
    asked = ask.text if ask else text
    found = BOTH.search(asked) or MEETING.search(asked)
    if found is None:
        return None
    first, second = (
        found[part].split(" - ")[0].strip(f" {QUOTES}") for part in ("first", "second")
    )  # a spaced hyphen ends a clause, as a dash does
    if not content_words(first) or not content_words(second):
        return None  # "both of them and ...", "both and"
    written = found.re is BOTH and WRITTEN.match(found["verb"]) is not None
    return Both(first, second, written)


def about_both(searcher: Searcher, listings: Listings, answer: Answer, request: Request) -> Answer:
    """Return the answer's papers that are about both parts (in its own order), or, when
    each part alone finds papers but none it carries is about both, the answer as not a
    sure match with a note saying so. A part the search cannot answer alone ("int")
    leaves the answer as it is. Asked to mention both, what the papers write decides
    (``_written_both``)."""
    parts = both_parts(request.text)
    if parts is None or answer.abstained or not answer.results:
        return answer
    if all(searcher.titles.named_in(part) for part in (parts.first, parts.second)):
        return answer  # "tell me about both GPTQ and Slapo": two listed papers, each
    if parts.written and (written := _written_both(searcher, listings, answer, request, parts)):
        return written
    first = searcher.papers_about(parts.first, request.mode)  # "LLMs" as its long form too
    second = searcher.papers_about(parts.second, request.mode) if first is not None else None
    if first is None or second is None:
        return answer
    both = first & second
    if not both & {r.paper.id for r in answer.results + answer.more}:
        return _unsure(answer, NEITHER.format(parts.first, parts.second))
    return _kept(listings, answer, request, both)


def _written_both(
    searcher: Searcher, listings: Listings, answer: Answer, request: Request, parts: Both
) -> Answer | None:
    """Return the answer to "mention both A and B": as it is where the search kept the
    names' writers (``Phrases.mentioning``), else its papers writing both parts; with a
    note where no paper writes both, or none writes one ("No listed paper mentions
    “CLIP”."). None when the texts cannot say: the parts are searched for as topics."""
    knows_name = searcher.vocabulary.knows_name
    writing = searcher.phrases.mentioning(request.text, answer.filters, knows_name)
    if writing is None:  # a part no name the search reads: "Gurobi", "sparse tensors"
        asked = (parts.first, parts.second)
        first, second = (searcher.phrases.writing_phrase(part, answer.filters) for part in asked)
        if first is None or second is None:
            return None  # too many papers hold a part's words to read them
        unwritten = [part for part, found in zip(asked, (first, second), strict=True) if not found]
        if unwritten:
            return _unsure(answer, NONE_WRITES.format(unwritten[0]))
        writing = sorted(first & second)
        if writing and not {r.paper.id for r in answer.results + answer.more} & set(writing):
            return None  # its writers are not among the papers found
        if writing:
            return _kept(listings, answer, request, set(writing))
    if not writing:
        return _unsure(answer, NEITHER_WRITTEN.format(parts.first, parts.second))
    return answer


def _unsure(answer: Answer, note: str) -> Answer:
    """Return the answer with a note, as not a sure match."""
    unsure = () if UNSURE in answer.notes else (UNSURE,)
    return replace(answer, notes=(*answer.notes, note, *unsure))


def _kept(listings: Listings, answer: Answer, request: Request, both: AbstractSet[str]) -> Answer:
    """Return the answer with only its papers in ``both``, in its own order."""
    carried = answer.results + answer.more
    quote = request.k if request.quote is None else request.quote
    kept = listings.quote_shown([r for r in carried if r.paper.id in both], quote)
    return replace(
        answer, results=tuple(kept[: request.k]), more=tuple(kept[request.k :]),
        matched=len(kept),
    )  # fmt: skip
