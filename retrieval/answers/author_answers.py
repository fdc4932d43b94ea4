"""Answers to questions about authors' work: one author's card, or their papers.

* an author and nothing else, or weighing two areas of their work ("is he more into
  theory or systems?") -> the card, with their papers to page through;
* an author and years or subjects -> their papers that pass them;
* an author and a topic -> their papers that the topic's search over every paper
  answers with; else their papers that say every word of the topic; else a note that
  none of their papers is about it, with the card: nothing answers the question (the
  answer abstains), and the card shows what they did write. Several authors ("Hoefler or
  Zhang") the same way, without a card;
* an author and a listed paper named by its title that is someone else's, which none of
  their papers found writes ("Zhang's HammingMesh") -> that paper, and whose it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from rapidfuzz import fuzz, process

from retrieval.answers.listing import Listings, Request, by_topic, narrowing, outside
from retrieval.answers.lookup import Lookup
from retrieval.answers.overview import overview, with_overview
from retrieval.index.filtering import matches
from retrieval.index.titles import short_name
from retrieval.models import UNSURE, Answer, AuthorSummary, Filters, Paper, Result
from retrieval.query.asking import (
    CARD_ASKS,
    CARD_WORDS,
    COMPARES,
    FACET_COUNT,
    HOW_MANY,
    PAPERS_ASKS,
    content_words,
)
from retrieval.query.asking_part import (
    asked_topics,
    asks,
    points_at_described,
    sentence_that_asks,
)
from retrieval.query.intent import MIN_UNDERSTOOD, Intent
from retrieval.query.language import cannot_read, own_word, reads_as_english
from retrieval.query.named_things import candidates, name_words
from retrieval.search.named_lists import writing
from retrieval.search.searcher import UNQUOTED, Searcher
from retrieval.text import RARITY_FLOOR, fold, question_terms, rarity, sentences

# Below this, the words of an author question besides the author are chatter, not a topic:
# the best sentence's cosine to them alone, among the papers they found. On the eval sets,
# chatter that found papers reached 0.06-0.29 and topics asked of an author 0.325 and up.
# On phrases written to check it, chatter ("quick summary before my meeting", "first week
# in the lab") reaches 0.17-0.21 among either author's papers, one 0.32 ("prepping for
# journal club tomorrow", among Hoefler's); topics reach 0.38-0.79 ("sparse tensors",
# "compilers for FPGAs"). A bare word the author's papers only touch falls below it
# ("weather" 0.10, "energy" 0.20 among Zhang's) and gets the card, which lists every paper.
TOPIC_CLOSENESS = 0.3
# A code of letters and digits, as products and datasets are named ("A100", "ENS-10").
CODE = re.compile(r"(?<![\w-])(?=[\w-]*[^\W\d_])(?=[\w-]*\d)[^\W_][\w-]*[^\W_](?![\w-])")
# A clause alone must come closer: one of a few words is less often chatter by chance
# ("out of interest, which years do ... span?" has the clause "years span").
CLAUSE_CLOSENESS = 0.35
# Words an ask uses to point back to a thing said before it ("papers on that", "if so,
# which ones?", "which of them").
POINTING_AT_A_THING = re.compile(
    r"\b(?:it|its|this|that|these|those|such|them|they|ones|so)\b", re.I
)
# Chat is common English ("busy" 0.50, "wonder" 0.43, "bet" 0.48 in ``rarity``); a topic
# the list lacks is a rarer word ("protein" 0.59, "blockchain" 0.94, "robotics" 0.99).
CHAT_RARITY = 0.5
MAX_CLAUSES = 3  # tried one by one, each a search (~20 ms at 10k papers); the topic comes early
# A name this few papers use names them ("HOGA", "Polynormer"); one more papers use is a
# topic ("FPGAs", "LLaMA"), which the search over the author's papers answers.
MAX_NAMING_PAPERS = 2
MAX_NAMED_AUTHORS = 3  # a note naming a paper's authors names this many, then "and others"
CARD_WORD_LIKE = 80  # rapidfuzz ratio of a word to an ask of the card it is a typo of
# What brings in a topic: "on blockchain", "about drones", "related to weather".
TOPIC_BROUGHT_IN = re.compile(
    r"\b(?:on|about|regarding|concerning|involving|related\s+to|in\s+the\s+(?:area|field)\s+of)"
    r"\s+([^\W_][\w-]*)",
    re.I,
)
HOW_MANY_DIFFERENT = re.compile(r"\bhow\s+many\s+different\b", re.I)  # distinct ones, no comparison
THAN = re.compile(r"\b(?:more|fewer|less|busier)\s+than\b", re.I)  # weighs one count by another
# Where a question's clauses part: chat sits in one of its own ("..., prepping a reading
# group", "...? thx"). Not a hyphen inside a word, nor a decimal point.
CLAUSES = re.compile(r"[,;:!?()\[\]—–…]+|\s-\s|\.(?=\s|$)")


# Authors weighed by how much they wrote: "who has more papers, Hoefler or Zhang?", "which
# of them published the most?", "is Zhang busier than Hoefler?".
MORE_OF = re.compile(
    r"\b(?:more|most|fewer|fewest|less|least|busier|busiest|prolific)\b"
    r"(?:\s+(?:papers?|work|titles?|publications?))?",
    re.I,
)


class AuthorAnswers:
    """Answers author questions against one searcher and lookup (one index)."""

    def __init__(self, searcher: Searcher, lookup: Lookup, listings: Listings) -> None:
        self.searcher = searcher
        self.lookup = lookup
        self.listings = listings
        self._last_wide: tuple[tuple[object, ...], Answer] | None = None  # ``_everyone``

    def answer(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        """Answer a question about authors' work: one author's card, or their papers as a
        list (the papers of several authors named together: "Hoefler or Zhang"); a topic
        several are weighed on ("who has more GNN papers, Hoefler or Zhang?") gets a note
        of how many of the papers found each wrote."""
        answer = self._answer(request, intent, filters)
        counts = FACET_COUNT.search(request.text) and not intent.exclusions.any_filter
        if answer.matched and narrowing(filters)[0] and counts:
            # "how many subjects did he publish in during 2022?": his papers then, under
            # the line that counts them by year, subject and author, as the list's has
            return with_overview(answer, self.searcher.index.papers)
        text = intent.search_text
        if not filters.also_by or answer.abstained or not answer.results:
            return answer
        if not (COMPARES.search(text) or MORE_OF.search(text)):
            return answer
        if not content_words(MORE_OF.sub(" ", COMPARES.sub(" ", text))):
            return answer  # no topic: the papers side by side say it
        carried = [self.searcher.index.papers[r.paper.id] for r in answer.results + answer.more]
        return replace(answer, notes=(*answer.notes, _tally(carried, filters.authors())))

    def _answer(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        assert filters.author is not None
        summary = None if filters.also_by else self.lookup.author(filters.author)
        listing = self.listings.listing(request, filters, oldest=intent.ordering.oldest)
        weighed = COMPARES.search(intent.search_text) or MORE_OF.search(intent.search_text)
        if filters.also_by and weighed:  # "Hoefler vs Zhang", "who has more, X or Y?"
            rest = MORE_OF.sub(" ", COMPARES.sub(" ", intent.search_text))
            if not content_words(rest):
                return self._side_by_side(filters, listing)
            intent = intent.about(rest)
        if intent.language != "en":
            intent = _english_only(intent)
        empty = replace(listing, abstained=False, author=summary)  # the note says why
        leaning = intent.people.leaning  # "more into theory or systems?"
        weighs = intent.counting.how_many and _weighs(request.text)
        if summary and weighs and narrowing(filters)[0]:
            # "how many from 2022 and how many overall?", "how many in 2022 compared to
            # 2023?": the card counts each year
            return replace(empty, results=(), more=(), closest=(), matched=0, notes=())
        if not intent.topic or (leaning and summary):
            return self._theirs_all(intent, filters, listing, summary)
        found, answer = (False, empty)
        if listing.matched:
            found, answer = self._on_topic(request, intent, filters)
        if found and self._names_anothers(intent, filters, answer):
            found = False  # "which Zhang paper introduces the spatial computer?": Hoefler's
        if found and not (summary and self._chatter(intent.topic, answer)):
            return answer
        chat = found or self._unheld(intent.topic)  # words of chat: "thx", "prepping"
        if chat and listing.matched and (part := self._clause_on_topic(request, intent, filters)):
            return part  # "what has zhang done on graphs? thx": the clause with the topic
        if not found and listing.matched and (each := self._each_topic(request, intent, filters)):
            return each  # "Zhang's papers on graph transformers or on photonic chips"
        if found:  # what is left around the author is chatter: "tl;dr pls, meeting him"
            return self._theirs_all(intent, filters, listing, summary)
        if listing.matched and self._asks_without_topic(request.text, intent):
            return self._theirs_all(intent, filters, listing, summary)  # the rest is chat
        topic = intent.typed_topic()
        narrowed = narrowing(filters)[0]
        if narrowed and intent.understood >= MIN_UNDERSTOOD:  # "Hoefler on FPGAs since 2023"
            anywhere, elsewhere = self._on_topic(request, intent, filters.by_authors())
            if anywhere:
                note = outside(filters, topic, any_within=bool(listing.matched))
                return replace(elsewhere, notes=(note,))
        if not listing.matched:  # none of theirs in those years: whose paper it may be
            others = self._by_others(request, intent, filters, None)
            return replace(others, notes=(*empty.notes, *others.notes)) if others else empty
        if intent.understood < MIN_UNDERSTOOD:  # a topic in words papercord cannot read
            note = cannot_read(intent.language)
            return replace(answer, abstained=summary is None, results=(), more=(), closest=(),
                           matched=0, author=summary, notes=(note,))  # fmt: skip
        asked = self._chat_around(request.text, intent) if summary else None
        counted = intent.counting.how_many and not weighs
        if asked == "card" and narrowed and not counted:
            # "was he busier in 2023 or 2022? the ratio", "how many in 2023 vs 2024?",
            # "how many in 2024? more than in 2023, I bet",
            # "how many from 2022 and how many overall?"; "how many of his are from 2024?
            # asking for a friend" counts those papers
            return replace(answer, abstained=False, results=(), more=(), closest=(),
                           matched=0, author=summary, notes=())  # fmt: skip
        if asked:  # the card, or within years ("what did he publish in 2023?") the list
            return self._theirs_all(intent, filters, listing, summary)
        if misremembered := self._named_elsewhere(request, intent, filters):
            return misremembered  # "Hoefler's Polynormer paper": Polynormer is someone else's
        narrowed = f" {narrowed}" if narrowed else ""
        if others := self._by_others(request, intent, filters, narrowed):
            return others  # "Zhang's paper on reversible circuits": Hoefler's is
        if summary is None:
            note = f"None of the papers by {filters.authors_text()}{narrowed} is about “{topic}”."
            return replace(answer, notes=(note,))
        note = f"None of {summary.name}'s papers{narrowed} is about “{topic}”; here is the summary."
        return replace(answer, abstained=True, results=(), more=(), closest=(), matched=0,
                       author=summary, notes=(note,))  # fmt: skip

    @staticmethod
    def _asks_without_topic(text: str, intent: Intent) -> bool:
        """Return True when the question's last ask has no word of its topic, which comes
        from the sentences before it in common words. Those sentences are chat around the
        ask, not what it asks for: "Wonder if Zhang was busy in 2024. Any of his papers
        dated 2024?", "I bet Hoefler wrote nothing in 2023, right? Which of his are
        from 2023?". An ask that points back to a thing ("Any of his papers on that?",
        "If so, which ones?") takes its topic along, and so does a rarer word (a topic
        the list lacks: "protein folding") or one brought in ("about blockchain")."""
        topic = content_words(intent.topic)
        if any(rarity(word) > CHAT_RARITY for word in topic):
            return False  # a topic the list lacks: "Did he write on blockchain? Which ones?"
        if any(fold(m[1]) in topic for m in TOPIC_BROUGHT_IN.finditer(text)):
            return False  # "My thesis is about X. Which of his papers should I cite?"
        found = sentences(text)
        asking = [n for n, s in enumerate(found) if s.text.rstrip().endswith("?")]
        last = asking[-1] if asking else len(found) - 1
        if last < 1:  # nothing said before the ask
            return False
        ask = found[last].text
        if not asks(ask):
            return False  # "- weather papers\n- by Zhang": the last words qualify, not ask
        said = set(content_words(ask)) & set(topic)
        return not said and not POINTING_AT_A_THING.search(ask)

    @staticmethod
    def _chat_around(text: str, intent: Intent) -> str | None:
        """Return "card" when a question asks what the card says (how many, years,
        subjects, themes, a summary), "papers" when it asks for the author's papers ("dump
        every title", "what did he publish in 2023"), and None otherwise, or when a word of
        what is left, which found nothing, is brought in as a topic ("on blockchain",
        "about drones"): else what is left is chat. "which subject areas do his
        papers sit in?", "how many of her papers are listed? asking for a grant form", "can
        someone summarise ..., new to the group lol" get the card; "what years did he
        publish on blockchain?" keeps its note. A question in another language that asks
        for the card leaves words papercord does not read ("Woran forscht"); one that
        leaves English words asks about them ("photonic interconnect" in Chinese). The card's
        words are read without accents: "áreas" asks what "areas" does. An ask that points
        back at a thing said before it asks for that thing, and the words before it are
        its description ("Zhang wrote up a summary of robot grasping. Which of his papers
        was it?")."""
        left = set(content_words(intent.topic))
        if any(fold(m[1]) in left for m in TOPIC_BROUGHT_IN.finditer(text)):
            return None
        misspelled = any(
            process.extractOne(w, CARD_WORDS, scorer=fuzz.ratio, score_cutoff=CARD_WORD_LIKE)
            for w in left
        )
        asking = sentence_that_asks(text)
        ask = asking.text if asking else text
        if points_at_described(ask):
            text = ask  # "... a summary of X. Which of his papers was it?"
        if CARD_ASKS.search(fold(text)) or misspelled:
            return "card"
        if intent.language != "en" and not any(reads_as_english(w, intent.language) for w in left):
            return "card"
        return "papers" if PAPERS_ASKS.search(text) else None

    def _theirs_all(
        self, intent: Intent, filters: Filters, listing: Answer, summary: AuthorSummary | None
    ) -> Answer:
        """Return the author's card over their papers (within the filters, a list)."""
        if not listing.matched:  # the years or subjects leave none of theirs
            return replace(listing, abstained=False, author=summary)  # the note says why
        alone = filters == Filters(author=filters.author) or intent.people.leaning
        answer = replace(listing, author=summary) if summary and alone else listing
        unread = intent.language != "en" and not any(c.isalpha() for c in intent.search_text)
        if unread and summary and alone:  # "Hoefler 量子计算": the card, and say so
            return replace(answer, notes=(cannot_read(intent.language, summary.name),))
        return answer

    def _side_by_side(self, filters: Filters, listing: Answer) -> Answer:
        """Return the papers of several authors under one line per author counting theirs
        by year and subject ("compare hoefler and zhang"; it listed papers saying
        "compare")."""
        papers = [self.searcher.index.papers[pid] for pid in listing.ranking]
        lines = tuple(
            f"{name}: {overview([p for p in papers if name in p.authors], by_author=False)}"
            for name in (filters.author, *filters.also_by)
        )
        return replace(listing, notes=(*lines, *listing.notes))

    def _names_anothers(self, intent: Intent, filters: Filters, found: Answer) -> bool:
        """Return True when the question names a listed paper by its title, the paper is
        not by the authors asked about, and none of their papers found for the topic writes
        that name: the topic's words matched their papers only around the name ("which
        Zhang paper introduces the spatial computer?" found his paper on spatial
        acceleration). ``_named_elsewhere`` then says whose the paper named is."""
        text = intent.search_text
        spans = self.searcher.titles.spans(text)
        papers = self.searcher.index.papers
        if not spans or any(matches(papers[pid], filters.by_authors()) for pid, _, _ in spans):
            return False
        names = [fold(text[start:end]) for _, start, end in spans]
        theirs = [papers[r.paper.id] for r in found.results + found.more]
        return not any(name in fold(f"{p.title} {p.abstract}") for p in theirs for name in names)

    def _named_elsewhere(self, request: Request, intent: Intent, filters: Filters) -> Answer | None:
        """Return the listed papers a question names when none of them is by the authors
        it asks about: the name was remembered with the wrong author ("Hoefler's
        Polynormer paper", "the GPTQ work from Zhang's group", "did Zhang write
        HammingMesh?"). A name is a paper's own (its title's) or a name only a few
        abstracts use ("the HOGA model"). Those papers answer; a note says whose they are."""
        index = self.searcher.index
        names = {
            pid: short_name(index.papers[pid].title) or index.papers[pid].title
            for pid in self.searcher.titles.named_in(intent.search_text)
        }
        for name, _, _ in candidates(intent.search_text, name_words(filters.authors())):
            stems = [t.stem for t in question_terms(name, index.stems.ids)]
            rows = index.stems.rows(stems).tolist() if stems else []
            if len(rows) <= MAX_NAMING_PAPERS:  # not "GPT" and "4" apart for "GPT-4":
                holding = (index.paper_ids[row] for row in rows)
                names.update((pid, name) for pid in holding if _writes(index.papers[pid], name))
        if not names or any(matches(index.papers[pid], filters.by_authors()) for pid in names):
            return None
        everyone = self._everyone(request, intent)
        ranked = [pid for pid in everyone.ranking if pid in names]
        ranked += sorted(pid for pid in names if pid not in ranked)
        weights = self.searcher.query(intent.search_text, intent.framing()).weights
        results, more = self.listings.page([index.papers[pid] for pid in ranked], request, weights)
        who = filters.authors_text()
        notes = tuple(
            f"No paper by {who} mentions “{names[pid]}”; this one does, "
            f"by {_people(index.papers[pid].authors)}."
            for pid in ranked
        )
        return replace(everyone, abstained=False, results=results, more=more, closest=(),
                       matched=len(ranked), ranking=tuple(ranked), notes=notes,
                       filters=Filters())  # fmt: skip

    def _by_others(
        self, request: Request, intent: Intent, filters: Filters, narrowed: str | None
    ) -> Answer | None:
        """Return the papers on the topic over the whole list, as not a sure match, when
        none of the authors asked about has one and the search finds it surely among
        others' papers: the topic was remembered with the wrong author ("Zhang's work on
        noisy quantum circuits", "the 2022 Zhang paper on ...": Hoefler's, from 2023). A
        note says whose they are (``narrowed`` None: after the note that none of theirs
        is from those years). None for a count ("how many of Zhang's are on X?": none),
        when the search doubts, or finds theirs, or when no word of the topic is brought
        in as one (``TOPIC_BROUGHT_IN``: "For my students, which of his 2022 papers
        ...?" has "students" of a title, no topic)."""
        if intent.counting.how_many:  # their count is none; another's is not theirs
            return None
        topic = set(content_words(intent.topic))
        if not any(fold(m[1]) in topic for m in TOPIC_BROUGHT_IN.finditer(request.text)):
            return None
        everyone = self._everyone(request, intent)
        if everyone.abstained or not everyone.results or self.searcher.doubts(everyone):
            return None
        papers = self.searcher.index.papers
        found = [papers[r.paper.id] for r in everyone.results]
        if any(matches(paper, filters.by_authors()) for paper in found):
            return None
        shown = self._quoted(list(everyone.results), request, intent)
        who = filters.authors_text()
        people = _people(sorted({name for paper in found for name in paper.authors}))
        these = "this one, by {}, is" if len(found) == 1 else "these, by {}, are"
        note = (
            f"On the topic, {these.format(people)}:"
            if narrowed is None
            else f"No listed paper by {who}{narrowed} is about “{intent.typed_topic()}”; "
            f"{these.format(people)}:"
        )
        return replace(everyone, results=tuple(shown), more=(), closest=(), matched=len(found),
                       notes=(UNSURE, note), filters=Filters())  # fmt: skip

    def _quoted(self, results: list[Result], request: Request, intent: Intent) -> list[Result]:
        """Return the results of the unquoted search over everyone with a quote for each
        one shown that has none."""
        quote = request.k if request.quote is None else request.quote
        if not any(r.snippet == UNQUOTED for r in results[:quote]):
            return results
        weights = self.searcher.query(intent.search_text, intent.framing()).weights
        return self.listings.quote_shown(results, quote, weights)

    def _everyone(self, request: Request, intent: Intent) -> Answer:
        """Return the search of the topic over every paper of every author, year and
        subject, unquoted. An author question may ask it up to three times (their papers
        among all, a name remembered with another author, whose the topic is): the last
        is kept."""
        index = id(self.searcher.index)  # a reloaded index is searched anew
        key = (index, intent.search_text, request.k, request.mode, intent.framing())
        last = self._last_wide
        if last is not None and last[0] == key:
            return last[1]
        everyone = self.searcher.ask(
            intent.search_text, request.k, request.mode, Filters(), intent.framing(), quote=0
        )
        self._last_wide = (key, everyone)
        return everyone

    def _clause_on_topic(self, request: Request, intent: Intent, filters: Filters) -> Answer | None:
        """Return the authors' papers on the topic of one clause of the question, when the
        whole found none or only chatter: chat sits in a clause of its own ("what has
        hoefler done on weather? need it for a talk tmrw", "zhang's papers on images,
        prepping a reading group"), and its words spoil the search of the topic's."""
        clauses = [c for c in CLAUSES.split(intent.search_text) if content_words(c)]
        for clause in clauses[:MAX_CLAUSES] if len(clauses) > 1 else ():
            part = intent.about(clause)
            found, answer = self._on_topic(request, part, filters)
            if found and not self._chatter(part.topic, answer, CLAUSE_CLOSENESS):
                return answer
        return None

    def _each_topic(self, request: Request, intent: Intent, filters: Filters) -> Answer | None:
        """Return the authors' papers on each topic a list question names as an
        alternative ("Zhang's papers on graph transformers or on photonic chips"),
        each searched alone, when the whole found none: one topic's words no abstract
        uses made all of it unanswerable. A note names the topics that found nothing; None
        when none finds papers."""
        if not intent.plural or CARD_ASKS.search(request.text):
            return None  # "how many of hers are on A or B?": the card says it
        topics = asked_topics(intent.search_text)
        found: dict[str, Result] = {}
        unanswered = []
        for topic in topics[:MAX_CLAUSES] if len(topics) > 1 else ():
            part = intent.about(topic)
            on_topic, answer = self._on_topic(request, part, filters)
            if not on_topic or self._chatter(part.topic, answer, CLAUSE_CLOSENESS):
                unanswered.append(part.topic)
                continue
            for result in answer.results + answer.more:
                found.setdefault(result.paper.id, result)
        if not found:
            return None
        return by_topic(self.listings.listing(request, filters), found, unanswered, request.k)

    def _unheld(self, topic: str) -> bool:
        """Return True when a word of the topic is in no title or abstract: a topic the
        list lacks, or chat ("thx", "prepping"), which the clauses may tell apart. A topic
        of the list's own words that found nothing is not searched again by its clauses
        (each clause is a search: docs/scale.md has what they cost at 10k papers)."""
        stems, words = self.searcher.index.stems, self.searcher.vocabulary.respell(topic)
        return any(not stems.count(t.stem) for t in question_terms(words, stems.ids))

    def _chatter(self, topic: str, found: Answer, closeness: float = TOPIC_CLOSENESS) -> bool:
        """Return True when what is left of an author question besides the author is no
        topic the papers found for it come close to: "tl;dr pls, meeting him in 20 min",
        "new to the server", "need it for a reading group". Their words found papers
        ("range", "based", "form" for "foram") where the card was asked for.

        The closeness is the best single sentence's cosine to those words alone, among
        the found papers (the authors' own, so it means the same in a list of 36 papers
        as of 10,000: over a whole 10k corpus, chatter comes closer than 0.3 to some
        sentence); see ``TOPIC_CLOSENESS`` for the measurement. Past
        ``sentence_vectors_up_to`` papers there are no sentence vectors to measure it
        with (a chunk's cosine runs lower), and nothing is taken for chatter. Nor is a
        code of letters and digits the found papers write ("Hoefler's papers on the A100":
        the embedder brings it close to no sentence)."""
        embedder, retrievers = self.searcher.embedder, self.searcher.retrievers
        if embedder is None or not retrievers.sentence_vectors:
            return False
        papers = {r.paper.id for r in found.results + found.more}
        phrases = self.searcher.phrases
        names = [w.casefold() for w in CODE.findall(topic)]
        if any(writing(w, papers, lambda p: phrases.text_of(p).casefold()) for w in names):
            return False
        words = self.searcher.vocabulary.respell(topic)  # "quatnum": "quantum", as searched
        best = retrievers.sentences(embedder.embed_one(words), papers).values()
        return max(best, default=0.0) < closeness

    def _on_topic(self, request: Request, intent: Intent, filters: Filters) -> tuple[bool, Answer]:
        """Return whether the authors have papers on the question's topic within the
        filters, and the answer that lists them (or the search's, when none)."""
        answer = self._theirs(request, intent, filters)
        if not answer.abstained and answer.results:
            return True, answer
        required = self._required(intent.topic)
        saying = self._saying(required, filters, answer.ranking) if required else []
        if not required or not saying:
            return False, answer
        # The search doubts; their own words are evidence enough.
        results, more = self.listings.page(saying, request, dict.fromkeys(required, 1.0))
        return True, replace(answer, abstained=False, closest=(), matched=len(saying),
                             results=results, more=more)  # fmt: skip

    def _theirs(self, request: Request, intent: Intent, filters: Filters) -> Answer:
        """Return the authors' papers that answer the topic among every author's papers.

        The answer models were fitted on searches of the whole list; within one author's
        18 papers they answer too readily: "Hoefler on semantic image compression" got
        GPTQ. So the search runs over every paper of every year and subject, and the answer
        keeps those by the authors asked for, within the years and subjects asked for
        ("Zhang's 2023 papers on graph transformers" is not the 2023 paper that says
        "Transformer"). When more papers answer than an answer lists (a large corpus),
        the search runs within the filters: theirs may lie past the cut."""
        everyone = self._everyone(request, intent)
        listed = everyone.results + everyone.more
        if everyone.matched > len(listed):
            return self.searcher.ask(
                intent.search_text, request.k, request.mode, filters, intent.framing(),
                request.quote,
            )  # fmt: skip
        papers = self.searcher.index.papers
        theirs = self._quoted([r for r in listed if matches(papers[r.paper.id], filters)],
                              request, intent)  # fmt: skip
        ranking = tuple(pid for pid in everyone.ranking if matches(papers[pid], filters))
        nearest = ranking[: self.searcher.settings.closest] if not theirs else ()
        closest = tuple(self.listings.listed(papers[pid], True) for pid in nearest)
        answer = replace(everyone, abstained=everyone.abstained or not theirs, closest=closest,
                         results=tuple(theirs[: request.k]), more=tuple(theirs[request.k :]),
                         matched=len(theirs), ranking=ranking, filters=filters)  # fmt: skip
        if theirs and theirs[0].paper.id != everyone.ranking[0]:
            return self._as_sure_as_theirs(answer, request, intent, filters)
        return answer

    def _as_sure_as_theirs(
        self, answer: Answer, request: Request, intent: Intent, filters: Filters
    ) -> Answer:
        """Return an answer whose best paper is someone else's with the P of a search
        over the authors' papers alone, when that is the lower: the whole list's P is that
        its best paper answers, not that theirs does. "Hoefler's papers on binary neural
        networks" found another author's benchmark of binary networks first, and kept his
        theory of sparse networks, which the search over his papers is unsure of. Below
        the answer threshold nothing of theirs answers."""
        if answer.confidence is None:  # no answer model's P to lower (BM25, vectors)
            return answer
        within = self.searcher.ask(
            intent.search_text, request.k, request.mode, filters, intent.framing(), quote=0
        )
        if within.confidence is None or within.confidence >= answer.confidence:
            return answer
        if within.abstained:  # their papers found are the closest, not an answer
            return replace(self.listings.not_answered(answer), confidence=within.confidence)
        return replace(answer, confidence=within.confidence)

    def _saying(
        self, required: list[str], filters: Filters, ranking: tuple[str, ...]
    ) -> list[Paper]:
        """Return the papers within the filters whose title or abstract says the topic:
        its stems, one after another ("quantum computing", not "time-quantum ...
        computing"), in the search's order. "what has Hoefler worked on in networks?"
        lists his papers that say "network" even when the search abstains."""
        index = self.searcher.index
        rows = index.stems.rows(required)
        rows = rows[self.searcher.filtering.papers(filters)[rows]]  # one author's: few
        for pair in pairwise(required):
            rows = rows[index.terms.pairs_weight(rows, {pair: 1.0}) > 0]
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


def _english_only(intent: Intent) -> Intent:
    """Return a question in another language with only the words of its topic that read
    as English: the others are its own language's, left untranslated ("usa" in "¿Qué
    métodos usa Hoefler?"), and are no topic the author's papers could be about."""
    foreign = [w for w in content_words(intent.topic) if own_word(w, intent.language)]
    if not foreign:
        return intent
    pattern = re.compile(rf"\b(?:{'|'.join(map(re.escape, foreign))})\b", re.I)
    text = " ".join(pattern.sub(" ", intent.search_text).split())
    return intent.about(text)


def _weighs(text: str) -> bool:
    """Return True when a count question weighs counts against each other: asks two
    ("how many from 2022 and how many overall?"), compares ("2023 vs 2024", "compared
    to 2023") or asks for more or fewer than another ("more than in 2023"). "How many
    different subjects" counts distinct ones, as "how many distinct" does."""
    text = HOW_MANY_DIFFERENT.sub("how many", text)
    return len(HOW_MANY.findall(text)) > 1 or bool(COMPARES.search(text) or THAN.search(text))


def _people(authors: Sequence[str]) -> str:
    """Return a paper's authors as a note names them: up to three, then "and others"."""
    shown = ", ".join(authors[:MAX_NAMED_AUTHORS])
    return f"{shown} and others" if len(authors) > MAX_NAMED_AUTHORS else shown


def _writes(paper: Paper, name: str) -> bool:
    """Return True when a paper's title or abstract writes a name as typed, its parts
    joined by a hyphen, a space or nothing ("GPT-4", "GPT 4", "GPT4")."""
    parts = re.split(r"[\s_-]+", fold(name))
    text = fold(f"{paper.title} {paper.abstract}")
    return any(re.search(rf"(?<!\w){re.escape(glue.join(parts))}", text) for glue in ("-", " ", ""))


def _tally(papers: list[Paper], names: tuple[str, ...]) -> str:
    """Return how many of the papers each author wrote, most first: "Of these papers,
    Zhiru Zhang wrote 4 and Torsten Hoefler 1."."""
    counts = sorted(((sum(name in p.authors for p in papers), name) for name in names),
                    key=lambda pair: -pair[0])  # fmt: skip
    if len({count for count, _ in counts}) == 1:  # "who wrote more on FPGAs?": a tie
        return f"Of these papers, {' and '.join(names)} wrote {counts[0][0]} each."
    wrote = [f"{name} {count}" for count, name in counts[1:]]
    first = f"{counts[0][1]} wrote {counts[0][0]}"
    return f"Of these papers, {first}" + (f" and {' and '.join(wrote)}." if wrote else ".")
