"""Anything else: a topic search within the filters.

Whether a long question is answered is judged on its asking part
(``retrieval.query.asking_part``): the background before it says where the asker comes
from. When the ask alone finds nothing, the answer abstains if the ask names a topic
after "on" or "about" ("... Is there anything on protein folding?"); otherwise, and when
its closest paper is the one the whole question found, the whole question's papers are
shown as not a sure match ("... Flip the puzzle card over."). A question with
no topic and no author ("hello?", "can you help me?") gets a tip on how to ask; one that
compares papers by name ("QFX vs FLIQS") gets exactly those; and a topic the filters
leave no paper on is shown from outside them, with a note. A list of topics that
finds nothing as a whole shows what its topics find alone ("networking or photonic
interconnects?"), saying which found nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from retrieval.answers.asked_paper import quoted
from retrieval.answers.filters_alone import CONTEXT, around, brought_in
from retrieval.answers.listing import by_topic, empty, narrowing, no_paper_by, outside
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.answers.sign_offs import SUBJECT_MATTER, before_sign_off, item_among_errands
from retrieval.models import Answer, Filters, Result
from retrieval.query.asking import compares, content_words
from retrieval.query.asking_part import (
    ASKED_FOR,
    MIN_NAMED_WORDS,
    NAMES_ITS_TOPIC,
    asked_span,
    asked_topics,
    asking_part,
    asking_sentence,
    asks,
    own_clause,
    points_back,
)
from retrieval.text import (
    WORDS,
    fold,
    question_terms,
    sentences,
    without_spans,
)

HOW_TO_ASK = (
    "Ask about a topic (“which papers quantize LLMs?”), a paper by its title, an author "
    "(“what does Hoefler work on?”), or years and subjects (“cs.LG papers from 2023”)."
)
DETAILED_TOPIC = 4  # content words of a topic the question's own years may describe
BESIDE_NAMED = 1  # content words besides the papers a question names: "compare"


class Search(SearchedRoute):
    name = "search"

    def applies(self, reading: Reading) -> bool:
        return True

    def answer(self, reading: Reading) -> Answer:
        answer = super().answer(reading)
        intent = reading.intent
        unsure = bool(intent.search_text) and self._unsure(answer)
        if unsure and (ask := self._past_lead_in(reading) or self._asked_alone(reading)):
            return ask
        if answer.abstained and intent.plural and (each := self._each_topic(reading, answer)):
            return each
        helped = asking_part(intent.search_text, background=1) if intent.search_text else None
        if helped is not None and self._asks_for_help(helped):
            return self._before_help(reading, helped, answer)
        part = asking_part(intent.search_text) if intent.search_text else None
        if part is None or answer.abstained:
            return answer
        # "We do A. We tried B. Is there anything on C?": only C can answer it
        alone = self.parts.search(replace(reading, intent=intent.about(part)))
        if alone.abstained and answer.ranking and alone.ranking[:1] == answer.ranking[:1]:
            return replace(answer, confidence=alone.confidence)  # shown as not a sure match
        if alone.abstained and NAMES_ITS_TOPIC.search(part):
            not_answered = self.parts.listings.not_answered(answer)  # "... on protein folding?"
            return replace(not_answered, confidence=alone.confidence)  # the ask decided
        if alone.confidence is not None and alone.confidence < (answer.confidence or 1.0):
            return replace(answer, confidence=alone.confidence)  # as sure as the ask alone
        return answer

    def _asks_for_help(self, part: str) -> bool:
        """Return True when the sentences that ask only ask for help, naming no papers,
        no topic and no word the abstracts use: "Priya needs the papers on RDMA. Can the
        bot help Priya?", "... Could someone help us out?". What to find is said before."""
        if ASKED_FOR.search(part) or NAMES_ITS_TOPIC.search(part):
            return False
        known = self.parts.searcher.index.stems.ids
        return not any(term.stem in known for term in question_terms(part, known))

    def _before_help(self, reading: Reading, part: str, whole: Answer) -> Answer:
        """Return the answer to what is said before a request for help, when the whole
        question was unsure of its answer and that part alone is sure: the request's
        words ("bot", a name) are no topic."""
        text = reading.intent.search_text
        before = text[: text.rindex(part)]
        if not self._unsure(whole) or not content_words(before):
            return whole
        asked = reading.intent.about(before)
        alone = self.parts.search(replace(reading, intent=asked))
        return whole if self._unsure(alone) else alone

    def _each_topic(self, reading: Reading, whole: Answer) -> Answer | None:
        """Return the papers of the topics of a list question of several ("papers on
        networking or on photonic interconnects", "seismology, weather or climate"),
        each searched alone, when the ``whole`` question found none: words no abstract
        uses in one topic made all of it unanswerable. Only the topics of the ask count
        ("I use PyTorch, JAX - any papers on X?" has one), each when it answers surely
        alone: a topic found unsurely is most often a word's other sense ("differential
        privacy": a differentiable scheduler). Shown as not a sure match (the whole's
        P), with a note naming the topics that found nothing; None when no topic finds
        papers."""
        topics = asked_topics(reading.intent.search_text)
        if len(topics) < 2:
            return None
        found: dict[str, Result] = {}
        unanswered = []
        for topic in topics:
            intent = reading.intent.about(topic)
            alone = self.parts.search(replace(reading, intent=intent))
            sure = alone.results and not self._unsure(alone)
            if not sure:
                unanswered.append(intent.topic)
            for result in alone.results + alone.more if sure else ():
                found.setdefault(result.paper.id, result)
        return by_topic(whole, found, unanswered, reading.request.k) if found else None

    def _unsure(self, answer: Answer) -> bool:
        return answer.abstained or self.parts.searcher.doubts(answer)

    def _past_lead_in(self, reading: Reading) -> Answer | None:
        """Return the answer to the sentences that ask, searched alone, when the whole
        question found nothing surely and they find papers surely: the sentences before
        them only set the scene ("The ghosts are resting tonight. Which papers do
        learning on graphs?", "My cat knocked the monitor over again. Which papers
        quantize large language models?"). A list ask that points back at the one term
        quoted before it is searched with that term ("My advisor keeps saying
        'data-centric' at group meeting. Which papers use it?"). A note quotes the scene.
        None when the scene asks, brings in a topic or names the asker's subject matter
        ("I need papers on drug discovery. Which papers use GNNs?", "My area is
        astronomy. Which papers use neural networks?"); an ask the list cannot answer
        stays unanswered."""
        text = reading.intent.search_text
        paper = reading.context  # "I just read the Acme paper; which ...?": the ask after it
        part = asked = (
            (text[slice(*asked_span(text))].strip() if paper else None)
            or asking_part(text, background=1, own_words=MIN_NAMED_WORDS)
            or own_clause(text)
        )
        if part is None and reading.intent.plural:  # a term papers use, not one paper
            term, asked = _quoted_pointed_at(text) or (None, None)
            part = f"{term} {asked}" if term else None
        if part is None or asked is None:
            return None
        scene = text[: text.rindex(asked)]
        named = {fold(word) for word in WORDS.findall(paper)} if paper else set()
        if brought_in(scene) - named or SUBJECT_MATTER.search(scene):
            return None
        if not paper and any(asks(found.text) for found in sentences(scene)):
            return None
        # quoted as written: the searched text has lost the years it read ("Back in
        # 2015 my uncle ran a weather service.")
        written = reading.request.text
        return self._sure_alone(reading, part, around(written if asked in written else text, asked))

    def _asked_alone(self, reading: Reading) -> Answer | None:
        """Return the answer to the ask before a sign-off, or to the one item of a list
        that asks among errands (``retrieval.answers.sign_offs``), searched alone, when
        the whole question found nothing surely and that part finds papers surely; a
        note quotes the rest. None when the question leaves something out: said around
        the ask, it narrows the ask ("... Nothing from 2022.")."""
        left = reading.intent.exclusions
        if left.any_filter or left.topics or left.papers:
            return None
        text, written = reading.intent.search_text, reading.request.text
        stems = self.parts.searcher.index.stems
        if (part := before_sign_off(text, stems)) is not None:
            said = around(written if part in written else text, part)
            if (alone := self._sure_alone(reading, part, said)) is not None:
                return alone
        if (item := item_among_errands(text, stems)) is not None:
            return self._sure_alone(reading, item[0], around(text, item[1]))
        return None

    def _sure_alone(self, reading: Reading, part: str, said: str) -> Answer | None:
        """Return the answer to a part of a question searched alone, with a note quoting
        what the rest ``said`` as context; None when that answer is not sure either."""
        alone = self.parts.search(replace(reading, intent=reading.intent.about(part)))
        if self._unsure(alone):
            return None
        return replace(alone, notes=(CONTEXT.format(said), *alone.notes))

    def none_left(self, reading: Reading) -> Answer:
        return self._dated_topic(reading) or self.parts.listing(reading)

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        request, intent, filters = reading.request, reading.intent, reading.filters
        if not intent.topic and not filters.author:
            return replace(empty(request, filters), notes=(HOW_TO_ASK,))
        if compares(request.text):
            answer = self.parts.titles.compared(answer, intent.search_text or request.text, filters)
        if narrowing(filters)[0] and self._unsure(answer):
            wider = self._elsewhere(reading)
            if wider is not None and (answer.abstained or self._named_outside(wider, reading)):
                return wider
        return answer

    def _named_outside(self, wider: Answer, reading: Reading) -> bool:
        """Return True when the sure best paper beyond the years and subjects asked for
        is one the question names, lies outside them, and is what it asks about: at most
        one word besides the names ("2022 papers comparing GPTQ and FLIQS": both are
        from 2023); not a paper to measure others by ("2024 papers as fast as GPTQ at
        quantizing", "2024 FPGA papers similar to Slapo")."""
        searcher, text = self.parts.searcher, reading.intent.search_text
        if searcher.doubts(wider) or not wider.results:
            return False
        spans = searcher.titles.spans(text)
        named_apart = without_spans(text, [(start, end) for _, start, end in spans])
        if len(content_words(named_apart)) > BESIDE_NAMED:
            return False
        best = wider.results[0].paper.id
        named = {pid for pid, _, _ in spans}
        return best in named and best not in searcher.filtering.allowed(reading.filters).papers

    def _dated_topic(self, reading: Reading) -> Answer | None:
        """Return the answer without the years only the question wrote, when no listed
        paper is from them and the topic is described in detail, or None.

        Such years may be the topic's: a dataset described as "covering 1990 to 2010 at
        hourly resolution over twelve pressure levels" is asked for by its years. A short
        topic asks for those years ("quantization papers from 2019"): the listing says
        none is from them.
        """
        request, intent, filters = reading.request, reading.intent, reading.filters
        written = request.filters
        undated = replace(
            filters, year_from=written.year_from, year_to=written.year_to, years=written.years
        )
        if len(intent.topic.split()) < DETAILED_TOPIC or undated == filters:
            return None
        if self.parts.none_left(undated):
            return None
        answer = self.parts.search(replace(reading, filters=undated))
        if answer.abstained:
            return None
        best = self.parts.searcher.phrases.text_of(answer.results[0].paper.id)
        if _writes_years(best, filters):  # the dataset "spanning 20 years (1998-2017)"
            return replace(answer, filters=undated)
        subject = f" filed under {undated.subject}" if undated.subject else ""
        papers = f"{no_paper_by(undated)}{subject}"  # "No listed paper filed under cs.CR"
        note = f"{papers} is from {filters.years_text()}; these, from other years, are the closest:"
        return replace(answer, filters=undated, notes=(note,))

    def _elsewhere(self, reading: Reading) -> Answer | None:
        """Return the answer without the years and subjects that left none, with a note
        ("quantization papers from 2022": the quantization papers are from 2023), or None
        when it has none."""
        request, intent, filters = reading.request, reading.intent, reading.filters
        wider = filters.by_authors()
        answer = self.parts.search(replace(reading, filters=wider))
        if answer.abstained:
            return None
        topic = intent.typed_topic() or request.text
        return replace(answer, filters=wider, notes=(outside(filters, topic),))


def _quoted_pointed_at(text: str) -> tuple[str, str] | None:
    """Return the one term quoted before the ask, and the ask, when the ask points back
    at one thing; None otherwise."""
    found = sentences(text)
    at = asking_sentence(found)
    if at < 1:
        return None
    ask = text[found[at].start :]
    terms = quoted(text[: found[at].start])
    if len(terms) != 1 or not points_back(ask, pronouns_only=True):
        return None
    return terms[0], ask


def _writes_years(text: str, filters: Filters) -> bool:
    """Return True when a paper's "title. abstract" writes the years a question gave,
    each of a range's ends or each year: they describe what it is about (a dataset
    "spanning 20 years (1998-2017)"), not when it came out."""
    ends = filters.years or tuple(y for y in (filters.year_from, filters.year_to) if y)
    return bool(ends) and all(re.search(rf"(?<!\d){year}(?!\d)", text) for year in ends)
