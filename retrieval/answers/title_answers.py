"""Answers by what a question names: words of titles ("which titles begin with
'Towards'", read by ``title_asks``) and listed papers set side by side ("QFX vs
FLIQS", "how do GARNET and SAGMAN differ").
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import replace

import numpy as np

from retrieval.answers.asked_paper import paper_named
from retrieval.answers.filters_alone import ASIDE, ASIDE_SHOWN, brings_in, is_aside
from retrieval.answers.listing import Listings, Request
from retrieval.answers.lookup import Lookup
from retrieval.index.filtering import matches
from retrieval.index.vocabulary import entities
from retrieval.models import Answer, Filters
from retrieval.query.asking import COMPARES
from retrieval.query.intent import Intent
from retrieval.query.title_asks import TitleAsk
from retrieval.search.searcher import Searcher
from retrieval.text import WORDS, fold

# What separates the papers a comparison names: "the weather code paper, Slapo, and the
# sparse format / compiler paper on ...".
# A part that points at a paper by describing it: "the spatial computer paper", "the
# I/O-efficient sparse inference one"; not a topic ("post-training quantization").
PAPER_WORD = re.compile(r"\b(?:paper|one|work|article|preprint)s?\b", re.I)
COMPARANDS = re.compile(r"[,;/()]|\b(?:and|vs\.?|versus|with|to|in\s+terms\s+of)\b", re.I)


MIN_NAME_PART = 3  # letters of a word looked for inside closed-up title words
UNLISTED_TOPIC = "Nothing listed is about “{}”; the titles with {} are the closest."


class TitleAnswers:
    """Answers questions about title words, and comparisons of named papers."""

    def __init__(self, searcher: Searcher, listings: Listings, lookup: Lookup) -> None:
        self.searcher = searcher
        self.listings = listings
        self.lookup = lookup

    def titled(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        """Answer a question about the words of titles: every paper within the filters
        (and on the topic, when it names one) whose title has them, with a note naming
        the words; newest first without a topic, by relevance with one. A topic no
        paper with such a title holds a word of is an aside ("Sorting rule: every card with
        'Graph' in the title goes in tray B. Which go there?"): they are listed, and a
        note says so. So is a topic the search answers nothing for, unless the question
        brings it in as one: its words only wrap the ask ("Which papers, asked in parallel
        with three chores, have Spatial in the title?"). "quantum papers with Learning in
        the title" has quantum papers, none titled so; "blockchain papers with Graph in
        the title" has none on blockchain, and the titles with Graph are the closest."""
        asked = intent.title_ask
        assert asked is not None
        aside = ""
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
            alone = self._titled_alone(request, asked, filters)  # the scene may narrow it
            # a topic the search answers nothing for, brought in as the papers' own
            # ("blockchain papers with ..."), is one the list lacks; otherwise an aside
            unlisted = found.abstained and brings_in(intent.topic, intent.question)
            widened = alone.matched and len(kept) < alone.matched
            beside = found.abstained and not unlisted
            if widened and (beside or self._aside(alone, intent, asked)):
                answer, aside = alone, intent.typed_topic()
            elif found.abstained and alone.matched:  # a topic the list lacks
                note = UNLISTED_TOPIC.format(intent.typed_topic(), asked.text())
                return self.listings.not_answered(alone, note)
        else:
            answer = self._titled_alone(request, asked, filters)
            if answer.notes:  # the filters leave no paper: the note says why
                return answer
        where = _where(asked)
        if not answer.matched:
            scope = "" if filters == Filters() and not intent.topic else " among these papers"
            return replace(answer, notes=(f"No listed title {where} {asked.text()}{scope}.",))
        said = f"Papers whose title {where} {asked.text()}."
        if aside:
            shown = textwrap.shorten(aside, ASIDE_SHOWN, placeholder="…")
            return replace(answer, notes=(ASIDE.format(shown), said))
        return replace(answer, notes=(said,))

    def _titled_alone(self, request: Request, asked: TitleAsk, filters: Filters) -> Answer:
        """Return every paper within the filters whose title has the words asked for."""
        if asked.at_start or asked.at_end or asked.marks or asked.negated:  # each title
            return self.listings.listing(request, filters, keep=lambda p: asked.matches(p.title))
        # Only papers whose title or abstract has the words' stems are read: at 100k
        # papers, splitting every title for a common word took 1.6 s. A word may be
        # part of a closed-up name, which is no stem ("mesh" in "HammingMesh").
        holding = {
            pid for words in asked.phrases for pid in self.searcher.phrases.papers_holding(words)
        }
        holding |= {
            pid
            for words in asked.phrases
            if len(words.split()) == 1 and len(words) >= MIN_NAME_PART
            for pid in self.lookup.titles_holding(words)
        }
        return self.listings.listing(
            request, filters, keep=lambda p: p.id in holding and asked.matches(p.title)
        )

    def _aside(self, listed: Answer, intent: Intent, asked: TitleAsk) -> bool:
        """Return True when the question's topic is an aside to the papers listed for
        their titles (``retrieval.answers.filters_alone.is_aside``); the words asked of
        the titles are theirs, said again in the scene or not ("Graph theory was my
        favourite course! Any titles with Graph in them?")."""
        index = self.searcher.index
        within = np.zeros(len(index.paper_ids), dtype=np.bool_)
        within[[index.paper_rows[r.paper.id] for r in listed.results + listed.more]] = True
        titled = {fold(word) for phrase in asked.phrases for word in WORDS.findall(phrase)}
        topic = " ".join(w for w in WORDS.findall(intent.topic) if fold(w) not in titled)
        return is_aside(topic, intent.question, within, self.searcher, rare_is_topic=False)

    def named(self, text: str, filters: Filters) -> set[str]:
        """Return the papers a comparison names within the filters: by a title's name
        ("Allo"), a name an abstract gives it ("QFX"), or a title's words before "paper"
        ("the temporal vectorization paper")."""
        papers = self.searcher.index.papers
        named = set(self.searcher.titles.named_in(text))
        named |= {pid for name in entities(text) if (pid := paper_named(self.searcher, name))}
        parts = COMPARANDS.split(COMPARES.sub(" ", text))  # "the temporal vectorization paper"
        pointed = (part for part in parts if PAPER_WORD.search(part))  # "the ... paper"
        named |= {pid for part in pointed if (pid := self.lookup.one_titled(part))}
        return {pid for pid in named if matches(papers[pid], filters)}

    def compared(self, answer: Answer, text: str, filters: Filters) -> Answer:
        """Return a comparison's answer as the papers it names ("QFX vs FLIQS", "the
        temporal vectorization paper and Allo"), when it names two or more within the
        filters: a paper it does not name is no part of the comparison."""
        papers = self.searcher.index.papers
        named = self.named(text, filters)
        if len(named) < 2 or len(named) > self.searcher.settings.listed:
            return answer
        order = [pid for pid in answer.ranking if pid in named]
        order += sorted(named - set(order))
        carried = {r.paper.id: r for r in answer.results + answer.more + answer.closest}
        kept = [carried.get(pid) or self.listings.listed(papers[pid], True) for pid in order]
        return replace(answer, abstained=False, results=tuple(kept), more=(), closest=(),
                       matched=len(kept))  # fmt: skip


def _where(asked: TitleAsk) -> str:
    """Return where a title ask wants the words, as a note says it: "has", "starts
    with", "lacks", "does not end with"."""
    if asked.at_start or asked.at_end:
        edge = "start" if asked.at_start else "end"
        return f"does not {edge} with" if asked.negated else f"{edge}s with"
    return "lacks" if asked.negated else "has"
