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
from retrieval.answers.filters_alone import (
    BESIDE_RARITY,
    CONTEXT,
    TOPIC_RARITY,
    around,
    brought_in,
)
from retrieval.answers.listing import by_topic, empty, narrowing, no_paper_by, outside
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import Answer, Filters, Result
from retrieval.query.asking import THANKING, compares, content_words
from retrieval.query.asking_part import (
    ASKED_FOR,
    MIN_NAMED_WORDS,
    NAMES_ITS_TOPIC,
    asked_span,
    asked_topics,
    asking_item,
    asking_part,
    asking_sentence,
    asks,
    own_clause,
    points_back,
)
from retrieval.text import (
    LIST_ITEM,
    WORDS,
    Sentence,
    fold,
    question_terms,
    rarity,
    sentences,
    without_spans,
)

HOW_TO_ASK = (
    "Ask about a topic (“which papers quantize LLMs?”), a paper by its title, an author "
    "(“what does Hoefler work on?”), or years and subjects (“cs.LG papers from 2023”)."
)
DETAILED_TOPIC = 4  # content words of a topic the question's own years may describe
# A sentence that names what the asker works on or asks about sets no scene: its topic is
# the question's ("The topic is genomics.", "My area is astronomy.", "We're looking at
# speech recognition.", "Our focus: protein design.").
SUBJECT_MATTER = re.compile(
    r"\b(?:topics?|areas?|focus|fields?|domains?|subjects?|themes?|interests?|projects?"
    r"|thesis|specialty)\s*(?:is|are|was|were|:)"
    r"|\b(?:looking|working|focus(?:ing|ed)?)\s+(?:at|on|into)\b|\binterested\s+in\b",
    re.I,
)


# Words that narrow what was asked, in a sentence after the ask: "Specifically for speech
# recognition.", "Mainly protein design.", "Only the vision ones, ideally.", "Nothing on
# robots though." A sign-off says none of them ("Please advise.", "Thanks in advance.").
# A sentence or item that opens with a preposition goes on with the ask: "For object
# detection.", "in Europe", "- on FPGAs", "- by Zhang", "with code, ideally".
GOES_ON = re.compile(
    r"^\W*(?:for|in|on|at|with|within|without|from|by|about|under|over|using|via|into"
    r"|across|between|beyond|against|like|as)\b",
    re.I,
)
NARROWS = re.compile(
    r"\b(?:specifically|only|just|mainly|mostly|primarily|chiefly|especially|particularly"
    r"|in\s+particular|ideally|preferably|not|no|nothing|except|without|but)\b",
    re.I,
)
# The words a sign-off is made of: each sentence after an ask answered alone has one
# ("Please advise.", "Thanks in advance!", "Much appreciated, cheers"); "Use your
# detective eyes!" or "My boss needs them by Friday." may still say what is asked.
SIGN_OFF = THANKING | frozenset(
    {"please", "pls", "plz", "advise", "appreciate", "appreciated", "regards", "cheers",
     "tia", "kindly", "grateful", "sincerely", "best"}
)  # fmt: skip
BESIDE_NAMED = 1  # content words besides the papers a question names: "compare"


class Search(SearchedRoute):
    name = "search"

    def applies(self, reading: Reading) -> bool:
        return True

    def answer(self, reading: Reading) -> Answer:
        answer = super().answer(reading)
        intent = reading.intent
        unsure = bool(intent.search_text) and self._unsure(answer)
        if unsure and (
            ask := self._past_lead_in(reading)
            or self._before_afterword(reading)
            or self._item_alone(reading)
        ):
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

    def _before_afterword(self, reading: Reading) -> Answer | None:
        """Return the answer to a question up to the end of the sentence that asks,
        searched alone, when the whole question found nothing surely and that part finds
        papers surely: the sentences after it sign off (``SIGN_OFF``: "... Please advise.",
        "... Thanks in advance, appreciated!"). A note quotes them. None when
        ``_signs_off`` does not hold of them."""
        text = reading.intent.search_text
        if _leaves_out(reading):
            return None  # what it leaves out was said around the ask: "... Nothing from 2022."
        found = sentences(text)
        index = asking_sentence(found)
        if len(found) < 2 or index in (-1, len(found) - 1) or not asks(found[index].text):
            return None
        if len(content_words(found[index].text)) < MIN_NAMED_WORDS:
            return None  # "which are cs.LG. every one. done": the filters ask
        after = found[index + 1 :]
        if not all(SIGN_OFF & {fold(w) for w in WORDS.findall(s.text)} for s in after):
            return None  # each sentence after it signs off
        if not self._signs_off(after, text[found[index].end :]):
            return None
        part, written = text[: found[index].end], reading.request.text
        return self._sure_alone(reading, part, around(written if part in written else text, part))

    def _item_alone(self, reading: Reading) -> Answer | None:
        """Return the answer to the one item of a list that asks for papers
        (``asking_item``), searched alone, when the whole question found nothing surely
        and the item finds papers surely: the rest of the message is a heading and
        errands ("need to pick up:\n- the weather papers\n- milk"), which must
        ``_sign_off`` but for a heading's form of an ask ("shopping list:"). A note
        quotes the rest."""
        text = reading.intent.search_text
        item = asking_item(text)
        if (
            item is None
            or _leaves_out(reading)
            or not self._signs_off([], text[: item.start] + text[item.end :])
        ):
            return None
        part = LIST_ITEM.sub("", item.text.strip(), count=1)
        return self._sure_alone(reading, part, around(text, item.text))

    def _sure_alone(self, reading: Reading, part: str, said: str) -> Answer | None:
        """Return the answer to a part of a question searched alone, with a note quoting
        what the rest ``said`` as context; None when that answer is not sure either."""
        alone = self.parts.search(replace(reading, intent=reading.intent.about(part)))
        if self._unsure(alone):
            return None
        return replace(alone, notes=(CONTEXT.format(said), *alone.notes))

    def _signs_off(self, found: list[Sentence], afterword: str) -> bool:
        """Return True when the sentences after an ask neither ask, narrow it
        (``NARROWS``), bring in a topic, name the asker's subject matter, nor use a word
        rare in English (``_topical``): a topic, which the list may lack ("Which papers
        use attention? Protein folding.")."""
        if any(asks(sentence.text) for sentence in found) or NARROWS.search(afterword):
            return False
        if any(
            GOES_ON.match(LIST_ITEM.sub("", s.text.strip(), count=1)) for s in sentences(afterword)
        ):
            return False
        if brought_in(afterword) or SUBJECT_MATTER.search(afterword):
            return False
        return not self._topical(afterword)

    def _topical(self, text: str) -> bool:
        """Return True when a text uses a word rare in English that a listed title or
        abstract holds (rarer than ``BESIDE_RARITY``: a topic of the list) or that none
        holds (rarer than ``TOPIC_RARITY``: a topic the list lacks); a sign-off's words
        are common, or held by no paper ("advise" 0.76, "appreciated" 0.74)."""
        stems = self.parts.searcher.index.stems
        for term in question_terms(text, stems.ids):
            rare = 0.0 if term.word.isdigit() else rarity(term.word)
            if rare > (BESIDE_RARITY if stems.count(term.stem) else TOPIC_RARITY):
                return True
        return False

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


def _leaves_out(reading: Reading) -> bool:
    """Return True when the question leaves something out (years, subjects, authors,
    topics or papers), read from anywhere in it: around an ask it narrows the ask."""
    left = reading.intent.exclusions
    return bool(left.years or left.subjects or left.authors or left.topics or left.papers)
