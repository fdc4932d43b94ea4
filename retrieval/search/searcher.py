"""Answer a question: BM25 and vector candidates, fused into one paper ranking.

Per paper, three signals are computed from its chunks:

* ``bm25``: the best chunk's rank-bm25 Okapi score (unbounded; ranks papers lexically);
* ``cosine``: the best chunk's cosine similarity to the question;
* ``coverage``: the idf-weighted share of the question's terms found in the paper;
* ``sentence``: the best single abstract sentence's cosine to the question, when ingest
  embedded every sentence (corpora up to ``sentence_vectors_up_to`` papers). A larger
  corpus would need them all embedded at ingest (~7.8 of a paper's ~10 texts) and held
  in memory (1.2 GB of float32 at 100k papers), so there the best chunk's cosine stands
  in; on the dev set that keeps every top answer but one and lists fewer papers in 13
  of 92 answers (docs/scale.md). For their snippets, its sentences borrow the vector of
  the chunk holding them (``retrieval.search.quoting``).

Candidates are the papers either retriever finds, plus every paper that contains the
question's most distinctive term (an explicit match is evidence even when neither
retriever ranks it high). Every candidate gets both scores, each from its own chunks:
one retriever's miss is not a score of 0. ``retrieval.search.decision`` orders them and decides
which answer: in hybrid mode with the calibrated models, in the single modes with the
thresholds in settings.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from retrieval.config import Mode, RetrievalSettings
from retrieval.errors import QueryError
from retrieval.index.acronyms import Acronym, credited, defined, scattered
from retrieval.index.embedding import Embedder, Vectors
from retrieval.index.filtering import FilterIndex
from retrieval.index.loaded import LoadedIndex
from retrieval.index.refs import ref
from retrieval.index.titles import TitleNames
from retrieval.index.vector_store import VectorStore
from retrieval.index.vocabulary import Vocabulary
from retrieval.models import Answer, Filters, Paper, Result, Snippet
from retrieval.query.asking import (
    ABOUT_VERB,
    ABSTRACT_WORDS,
    PAPER_NAMES,
    PAPER_NOUN,
    PAPER_ONE,
    content_words,
)
from retrieval.query.asking_part import asking_part
from retrieval.query.intent import Framing
from retrieval.query.meeting import meeting_words
from retrieval.query.plain_words import Glossary
from retrieval.search import fusion
from retrieval.search.calibration import Calibration
from retrieval.search.calibration import load as load_calibration
from retrieval.search.decision import Ranking, Signals, decide, rank
from retrieval.search.explain import explained
from retrieval.search.features import SHARED, Query, read_query, shared
from retrieval.search.named_lists import only_holders, with_holders
from retrieval.search.phrases import Phrases
from retrieval.search.quoting import Quoter
from retrieval.search.retrievers import Retrievers
from retrieval.search.snippets import best_snippet
from retrieval.text import Term, fold, question_terms, rarity, tokenize
from retrieval.userinput import tidy_lines

WORD = re.compile(r"[^\W_]+")
EMBEDDED = 16  # texts whose vectors ``_embed`` keeps
HOLDER_COVER = 0.5  # a paper writing a named name covers this share of the best's coverage

UNQUOTED = Snippet("", "", ())  # a paper carried for a later page, not quoted yet

__all__ = ["Ranking", "Searcher", "Signals", "check_question", "query_weights"]


def check_question(question: str, limit: int) -> str:
    """Return the question stripped, or raise QueryError when it is empty, has no word or
    number to search for ("?!", "🤖"), or is too long."""
    text = tidy_lines(question)
    if not text:
        raise QueryError("ask a question, e.g. 'which papers quantize LLMs to 4 bits?'")
    if not any(ch.isalnum() for ch in text):
        raise QueryError(
            "that has no words to search for; ask e.g. 'which papers quantize LLMs to 4 bits?'"
        )
    if len(text) > limit:
        raise QueryError(
            f"the question is {len(text):,} characters long; please keep it under {limit}"
        )
    return text


# Verbs of writing papers: what a question asks someone wrote says no topic, when no
# abstract uses the word ("what did Hoefler write about weather?", "what has she
# published on FPGAs?", "anything written on graphs?").
AUTHORING = frozenset(
    ["write", "writes", "wrote", "written", "publish", "publishes", "published", "authored"]
)
# ... nor do the nouns for papers (``PAPER_NAMES``: "preprints on weather"): rarer in
# English than "papers", they had weighed as a topic no abstract holds.
# Determiners of a whole weigh nothing however rare the abstracts make them: "every
# paper about networking" weighed "every" (idf high, rarity at its floor) as much as
# "networking", and listed one paper that says "every". They stay counted among the
# question's words (the answer model reads its length).
WHOLE = frozenset(["every", "everything"])
# The word after another: "abstract(s)" weighs as a topic only where the corpus writes it
# with the next word as a phrase ("abstract machine"), not as the papers' text ("which
# abstracts mention ImageNet?", ``ABSTRACT_WORDS``).
NEXT_WORD = re.compile(r"[\s'’]*([^\W\d_]+)")


def query_weights(index: LoadedIndex, question: str) -> dict[str, float]:
    """Return the question's distinct stems, each weighted by idf times English rarity.

    The corpus idf alone cannot tell a word the corpus lacks because it is off-topic
    ("earthquake") from one it lacks because it only frames the question ("whose",
    "report"); how common the word is in English can (see ``retrieval.text.rarity``).
    A stem the corpus lacks gets the highest idf in the corpus.
    """
    idf = index.bm25.idf
    ceiling = index.bm25.max_idf
    weights: dict[str, float] = {}
    place = meeting_words(question) or (0, 0)  # "the intersection of": no topic
    for term in question_terms(question, idf):
        weight = max(float(idf.get(term.stem, ceiling)), 0.0) * rarity(term.word)
        if (term.word in AUTHORING or term.word in PAPER_NAMES) and term.stem not in idf:
            weight = 0.0  # "what did she write about X?": asks for papers, names no topic
        if term.word in WHOLE or place[0] <= term.start < place[1]:
            weight = 0.0
        if term.word in ABSTRACT_WORDS and not _phrase_on(index, question, term):
            weight = 0.0
        if term.stem not in idf and question[term.start - 1 : term.start] == "@":
            weight = 0.0  # "@LabBot is it listed?": a handle someone is addressed by
        weights[term.stem] = max(weights.get(term.stem, 0.0), weight)
    return weights


def _phrase_on(index: LoadedIndex, question: str, term: Term) -> bool:
    """Return True when some paper writes a question's word and the word after it as a
    phrase ("abstract machine"; not "abstracts on", a stop word)."""
    after = NEXT_WORD.match(question, term.end)
    phrase = f"{term.word} {after.group(1)}" if after else ""
    return len(tokenize(phrase)) == 2 and index.phrase_holders(phrase) > 0


class Searcher:
    """Ranks papers for questions against one loaded index."""

    def __init__(
        self,
        index: LoadedIndex,
        store: VectorStore,
        embedder: Embedder | None,
        settings: RetrievalSettings,
        calibration: Calibration | None = None,
    ) -> None:
        self.index = index
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.calibration = calibration or load_calibration()
        self.phrases = Phrases(index)
        self.vocabulary = Vocabulary(index.terms.vocabulary, self.phrases.texts_holding)
        in_rows = [index.papers[pid] for pid in index.paper_ids]
        self.filtering = FilterIndex(in_rows, index.chunk_rows.paper_of)
        self.retrievers = Retrievers(index, store, settings)
        self.quoter = Quoter(index)
        self.glossary = Glossary(lambda word: self.vocabulary.knows(fold(word)), embedder)
        self._vectors: dict[str, Vectors] = {}  # the last texts embedded (``_embed``)
        self.titles = TitleNames({pid: p.title for pid, p in index.papers.items()})

    def warm_up(self) -> None:
        """Run one throwaway query so the first user does not pay for lazy loading."""
        self.ask("warm up the model")
        self.glossary.warm_up()

    def query(
        self,
        text: str,
        framing: Framing | None = None,
        filters: Filters | None = None,
        meaning: bool = True,
    ) -> Query:
        """Return a question's weighted terms and what the corpus lacks of them.

        With filters, a term that no allowed paper holds counts as missing too: among the
        papers from 2022, "quantization" is as absent as a word no abstract uses.
        """
        return self._query(self.searched(text, meaning), framing, filters)

    def _query(
        self,
        text: str,
        framing: Framing | None,
        filters: Filters | None,
        leave_out: frozenset[str] = frozenset(),
    ) -> Query:
        """Return ``query`` for a question already as searched (``searched``); a paper it
        names that ``leave_out`` holds counts as not named."""
        text = ABOUT_VERB.sub(r"\1\2 on", text)  # "anything involving X": "anything on X"
        text = PAPER_ONE.sub(r"\1paper\2", text)  # "the dataset one": "the dataset paper"
        known, named = self.index.bm25.idf, self.titles.named_in(text) - leave_out
        weights = query_weights(self.index, text)
        query = read_query(text, weights, known, self.vocabulary, framing or Framing(), named)
        query = replace(
            query,
            acronyms=defined(text, self.phrases.definition, self.vocabulary.words),
            one_asked=len(PAPER_NOUN.findall(text)) <= 1,
        )
        # An everyday word the glossary gave a term for is not what the list lacks
        # ("chatbots (large language model)": "chatbot" is in no abstract).
        explained = {s for s in self.glossary.explained(text) if s not in known}
        counted = {s: w for s, w in query.weights.items() if s not in explained}
        total = sum(counted.values())
        if total <= 0:
            return query
        if filters is None or filters == Filters():
            return replace(
                query, missing=sum(w for s, w in counted.items() if s not in known) / total
            )
        allowed = self.filtering.papers(filters)
        stems = self.index.stems
        absent = sum(w for s, w in counted.items() if not allowed[stems.rows([s])].any())
        return replace(query, missing=absent / total)

    def searched(self, text: str, meaning: bool = True) -> str:
        """Return a question as it is searched and embedded: compounds as the corpus
        writes them ("multipumping" -> "multi-pumping"), everyday words with their
        technical term ("graphics card (GPU)"), and with ``meaning`` (not in BM25 mode,
        which embeds nothing) the term of an entry the question says in other words."""
        text = self.glossary.gloss(self.vocabulary.respell(text))
        if not meaning or self.embedder is None:
            return text
        return self.glossary.by_meaning(text, self._embed(text))

    def papers_about(self, topic: str, mode: Mode | None = None) -> frozenset[str] | None:
        """Return the papers a search for a topic alone answers with, by the relevance
        the search uses, or None when it abstains: what "not about X" leaves out and
        what "about both X and Y" keeps. An acronym alone is searched as its long form
        (``spelled_out``); beside other words ("stability of GNNs") as typed."""
        alone = len(content_words(topic)) == 1
        looked_up = self.spelled_out(topic) if alone else topic
        about = self.ask(looked_up, self.settings.listed, mode, quote=0)
        return (
            None if about.abstained else frozenset(r.paper.id for r in about.results + about.more)
        )

    def spelled_out(self, text: str) -> str:
        """Return a text with each acronym it writes short, and the abstracts define,
        written as the long form they give it ("LLMs" -> "large language models"): a
        paper about large language models that never writes "LLM" is about LLMs too.
        One word typed in lower case is read in capitals too ("llms" as "LLMs")."""
        if text.islower() and text.isalpha():
            capitals = text[:-1].upper() + "s" if text.endswith("s") else text.upper()
            if (spelled := self.spelled_out(capitals)) != capitals:
                return spelled
        for acronym in defined(text, self.phrases.definition, self.vocabulary.words):
            if acronym.spelled and acronym.spelled not in fold(text):
                short = re.compile(rf"\b{re.escape(acronym.short)}s?\b", re.I)
                text = short.sub(acronym.spelled, text)
        return text

    def doubts(self, answer: Answer) -> bool:
        """Return True when the answer model's P for an answer is below ``unsure_below``:
        the answer is shown as not a sure match."""
        return answer.confidence is not None and answer.confidence < self.settings.unsure_below

    def ask(
        self,
        question: str,
        k: int | None = None,
        mode: Mode | None = None,
        filters: Filters | None = None,
        framing: Framing | None = None,
        quote: int | None = None,
        leave_out: frozenset[str] = frozenset(),
        hedged: bool = False,
    ) -> Answer:
        """Return the papers that best answer a question, or an abstention; the papers
        ``leave_out`` holds are not candidates. ``hedged``: a list found unsurely is
        shown rather than abstained on (``decision.decide``).

        The first ``quote`` papers (default ``k``: the results) get their quoted snippet;
        the rest of ``more`` carry an empty one until a page shows them (ask again with a
        larger ``quote``): choosing a snippet costs ~1 ms a paper not read before, and
        an answer carries up to ``listed`` (50) papers of which a reply shows 3-5.
        """
        started = time.perf_counter()
        text = " ".join(question.split())  # Engine.ask has checked it (check_question)
        mode = mode or self.settings.mode
        filters = filters or Filters()
        k = k or self.settings.results
        quote = k if quote is None else quote
        searched = self.searched(text, meaning=mode != "bm25")
        query = self._query(searched, framing, filters, leave_out)
        vector = self._embed(searched) if mode != "bm25" else None
        signals = self.signals(query.weights, vector, mode, filters, query.key, query.acronyms)
        if leave_out:
            signals = {pid: found for pid, found in signals.items() if pid not in leave_out}
        ranking = self.decide(signals, query, mode, hedged)
        reads_names = mode == "hybrid" and not query.framing.compares
        listing = reads_names and query.framing.plural
        knows_name = self.vocabulary.knows_name
        if reads_names and (mentioning := self.phrases.mentioning(text, filters, knows_name)):
            # "do any mention an H100?", "does any paper mention X?", "which paper mentions
            # X?": those that write it, only, and surely: whether a paper writes a name is
            # read, not guessed, however unsure the models are of the words around it
            # ("Request: every abstract naming X")
            holders = [p for p in mentioning if p not in leave_out]
            if holders:
                ranking = replace(only_holders(ranking, holders), abstained=False, confidence=1.0)
        elif (
            listing
            and (written := self.phrases.mentioning(text, filters, knows_name, True)) is not None
        ):
            # "which papers don't mention ImageNet?": the others within the filters, surely
            # (all of them where none writes it)
            unwanted = {*written, *leave_out}
            within = self.filtering.papers(filters).tolist()
            others = [
                pid for pid, kept in zip(self.filtering.ids, within, strict=True)
                if kept and pid not in unwanted
            ]  # fmt: skip
            ranking = replace(only_holders(ranking, others), abstained=not others, confidence=1.0)
        elif listing and not ranking.abstained:  # "which papers evaluate on MNIST?"
            holders = self.phrases.writing_names(text, filters, knows_name)
            holders = [pid for pid in holders if pid not in leave_out]
            if holders:  # and that cover half as much of the question as the best chosen
                rows = self._rows(holders)  # of the whole question, or one "X or Y" part
                parts = [query.weights, *query.alternatives]
                cover = np.max([self._coverage(rows, w, query.acronyms) for w in parts], axis=0)
                chosen = [signals[p].coverage for p in ranking.relevant if p in signals]
                least = HOLDER_COVER * max(chosen, default=0.0)
                holders = [p for p, c in zip(holders, cover, strict=True) if c >= least]
            ranking = self._with_writers(ranking, holders, text, filters, query)
        order, abstained = ranking.order, ranking.abstained

        def result(pid: str, semantic: bool, quoted: bool = True) -> Result:
            paper = self.index.papers[pid]
            relevance = round(ranking.relevance[pid], 4)
            found = (
                self._result(paper, relevance, query, vector, semantic)
                if quoted
                else Result(paper=ref(paper), score=relevance, snippet=UNQUOTED)
            )
            return explained(found, signals.get(pid))

        shown = [] if abstained else ranking.relevant[: self.settings.listed]
        if framing is not None and framing.by_date:  # "latest papers on X": by year, then rank
            sign = 1 if framing.by_date == "oldest" else -1
            shown = sorted(shown, key=lambda pid: sign * self.index.papers[pid].year)
        closest = order[: self.settings.closest] if abstained else []
        return Answer(
            question=text,
            mode=mode,
            abstained=abstained,
            results=tuple(result(pid, True) for pid in shown[:k]),
            closest=tuple(result(pid, True) for pid in closest),
            more=tuple(
                result(pid, True, quoted=n < quote) for n, pid in enumerate(shown[k:], start=k)
            ),
            elapsed_ms=(time.perf_counter() - started) * 1000,
            filters=filters,
            ranking=tuple(order),
            matched=0 if abstained else len(ranking.relevant),
            confidence=round(ranking.confidence, 4) if mode == "hybrid" else None,
        )

    def _with_writers(
        self, ranking: Ranking, holders: list[str], text: str, filters: Filters, query: Query
    ) -> Ranking:
        """Return a list's ranking with the papers that write a name it names added; when
        the models doubt their list and its ask names a specific thing ("which papers
        contain ImageNet experiments?"), only the papers writing that: the explicit
        evidence, where the models' other picks are guesses. Not a generic abbreviation
        ("ML", "AI") nor an acronym the abstracts define ("LLMs": GPTQ is about them and
        writes neither), a name the background before the ask says (a quoted tweet's),
        nor one of a question's alternatives ("ImageNet or image compression")."""
        doubted = ranking.confidence < self.settings.unsure_below
        if not holders or not doubted or query.alternatives:
            return with_holders(ranking, holders)
        knows_name = self.vocabulary.knows_name
        ask = asking_part(text, background=1, own_words=1) or text  # not the background's names
        named = set(self.phrases.writing_names(ask, filters, knows_name, specific=True))
        writers = [pid for pid in holders if pid in named]
        return only_holders(ranking, writers) if writers else with_holders(ranking, holders)

    def decide(
        self, signals: dict[str, Signals], query: Query, mode: Mode, hedged: bool = False
    ) -> Ranking:
        """Return the ranking and the answer decision for a question's candidates."""
        if mode != "hybrid":
            return rank(signals, mode, self.settings)
        shared = self.shared(query, signals)
        return decide(signals, query, shared, self.settings, self.calibration, hedged)

    def shared(self, query: Query, signals: Mapping[str, Signals]) -> dict[str, dict[str, float]]:
        """Return what each candidate shares with the question's terms (``features.shared``)."""
        ids = list(signals)
        cover = np.fromiter((signals[pid].coverage for pid in ids), np.float64, len(ids))
        found = shared(query, self.index.terms, self._rows(ids), cover)
        return {pid: {name: float(found[name][n]) for name in SHARED} for n, pid in enumerate(ids)}

    def _rows(self, papers: list[str]) -> npt.NDArray[np.int64]:
        rows = self.index.paper_rows
        return np.fromiter((rows[pid] for pid in papers), np.int64, len(papers))

    def _embed(self, text: str) -> Vectors:
        """Embed a text, or return its vector from the last few (a question is embedded
        to be matched by meaning, then searched with the same text)."""
        if self.embedder is None:
            raise QueryError("vector search is unavailable: the embedding model is not loaded")
        found = self._vectors.get(text)
        if found is None:
            if len(self._vectors) >= EMBEDDED:
                self._vectors.clear()
            found = self._vectors[text] = self.embedder.embed_one(text)
        return found

    def signals(
        self,
        weights: dict[str, float],
        vector: Vectors | None,
        mode: Mode,
        filters: Filters,
        key: str | None = None,
        acronyms: tuple[Acronym, ...] = (),
    ) -> dict[str, Signals]:
        """Return the raw signals of every candidate paper for the question.

        Candidates are what either retriever found, plus (with ``key``) every allowed
        paper containing that term, and the papers that write the acronym of a long form
        the term is part of (``retrieval.index.acronyms``); their cosine is read from the
        in-memory chunk vectors.
        """
        retrievers = self.retrievers
        permitted = (
            retrievers.everything if filters == Filters() else self.filtering.allowed(filters)
        )
        allowed = permitted.papers
        chunk_bm25 = retrievers.chunk_bm25(list(weights), permitted) if mode != "vector" else None
        lexical = retrievers.bm25(chunk_bm25) if chunk_bm25 is not None else {}
        cosine = retrievers.nearest(vector, permitted) if vector is not None else {}
        # Papers that say the key term are candidates too, if few enough to be evidence.
        stems, extra = self.index.stems, set()
        if key and mode == "hybrid" and stems.count(key) <= self.settings.candidates:
            extra = {self.index.paper_ids[row] for row in stems.rows([key])} & allowed
            for short in (a.short for a in acronyms if key in a.long):  # "HLS" for "synthesis"
                if stems.count(short) <= self.settings.candidates:
                    extra |= {self.index.paper_ids[row] for row in stems.rows([short])} & allowed
        found = set(lexical) | set(cosine) | extra
        # A candidate one retriever missed gets its own score from the other side too:
        # a paper found by BM25 alone is not "cosine 0", its best chunk is in memory.
        if vector is not None:
            cosine |= {pid: retrievers.cosine(pid, vector) for pid in found - set(cosine)}
        if chunk_bm25 is not None:
            lexical |= {
                pid: score
                for pid in found - set(lexical)
                if (score := retrievers.paper_bm25(pid, chunk_bm25)) > 0
            }
        lex_rank = {pid: n for n, pid in enumerate(fusion.ranking(lexical), start=1)}
        vec_rank = {pid: n for n, pid in enumerate(fusion.ranking(cosine), start=1)}
        order = list(found)
        covered = self._coverage(self._rows(order), weights, acronyms).tolist()
        sentence = (
            retrievers.sentences(vector, found)
            if vector is not None and retrievers.sentence_vectors
            else cosine  # the stand-in: see the module docstring
        )
        return {
            pid: Signals(
                bm25=lexical.get(pid, 0.0),
                cosine=cosine.get(pid, 0.0),
                coverage=cover,
                bm25_rank=lex_rank.get(pid),
                vector_rank=vec_rank.get(pid),
                sentence=sentence.get(pid, 0.0),
            )
            for pid, cover in zip(order, covered, strict=True)
        }

    def _coverage(
        self, rows: npt.NDArray[np.int64], weights: dict[str, float], acronyms: tuple[Acronym, ...]
    ) -> npt.NDArray[np.float64]:
        """Return each paper row's coverage of the question's terms, a defined acronym's
        other form counting as the form asked (``retrieval.index.acronyms.credited``), and
        its long form's words apart counting less (``scattered``)."""
        terms = self.index.terms
        covered = terms.coverage(rows, weights)
        total = sum(weights.values())
        if not acronyms or total <= 0:
            return covered
        gained = credited(terms, rows, weights, acronyms)
        if gained is not None:
            covered = np.minimum(covered + gained / total, 1.0)
        lost = scattered(terms, rows, weights, acronyms)
        return covered if lost is None else np.maximum(covered - lost / total, 0.0)

    def _result(
        self, paper: Paper, relevance: float, query: Query, vector: Vectors | None, semantic: bool
    ) -> Result:
        snippet = best_snippet(
            paper.abstract,
            self.index.sentences.get(paper.id, []),
            query.weights,
            vector if semantic else None,
            query.framing.wants_code,
            self.quoter.prepared(paper.id),
        )
        return Result(paper=ref(paper), score=relevance, snippet=snippet)
