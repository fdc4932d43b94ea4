"""The signals the calibrated models read: per question, and per candidate paper.

Everything here is computed from the question and the corpus alone; no paper, title word
or author is named. Per candidate paper (``PAPER_FEATURES``):

* ``relevance``: ``w * calibrated cosine + (1 - w) * coverage`` (see ``retrieval.search.searcher``);
* ``coverage`` / ``cosine``: its two parts; ``title``: coverage of the title alone;
* ``ratio``, ``zscore`` and ``below_gap``: relevance against the best candidate, against
  the spread of all candidates, and whether it lies below the largest drop among the best
  ten, so the cutoff follows the score distribution; ``cover_gap``: the same elbow in
  coverage (a paper past the drop in explicit term matches);
* ``phrase``: the weighted share of the question's adjacent term pairs ("graph mining",
  "vision transformers") that the paper also has adjacent;
* ``alternative``: the best coverage of one alternative of an "X or Y" question;
* ``key``: 1 when the paper contains the question's most distinctive term that the corpus
  holds at all, the explicit match a reader would count as evidence;
* ``code``: 1 when the question asks for code and the abstract says where its code is;
* ``sentence``: the best single abstract sentence's cosine to the question;
* ``sentence_behind``, ``cosine_behind`` and ``coverage_behind``: how far its sentence
  cosine, chunk cosine and coverage fall short of the best candidate's, so a paper far
  from the closest in meaning or in words counts less as one more member;
* ``named``: 1 when the question names the paper by its title ("compare SAGMAN and ...").

Per question (``QUESTION_FEATURES``): the best candidate's relevance, coverage, cosine,
phrase and sentence cosine; the gaps between the best two (relevance, sentence, chunk
cosine); ``agreement`` of BM25, cosine, sentence and coverage on the best paper; the
question's length and named papers; and what the corpus lacks: ``missing`` (weighted
share of the question's terms no abstract uses), ``entity`` (1 when a name, "GraphCast",
"H100", "Switch Transformer", is in no abstract), ``specific`` (the same for a name of
four letters or more: "QLoRA" names a system, "IR" or "ML" is a generic abbreviation the
abstracts may spell out) and ``rare`` (rare English words no abstract uses,
"oversmoothing"). Not whether it asks for one paper or several: that says what kind of
answer is wanted, not whether the list has one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from retrieval.index.acronyms import Acronym, held
from retrieval.index.paper_terms import PaperTerms, Values
from retrieval.index.vocabulary import Vocabulary, entities, zipf
from retrieval.query.asking_part import ALTERNATIVES
from retrieval.query.intent import Framing
from retrieval.query.named_things import makers, mentioned
from retrieval.text import WORDS, fold, question_terms

PAPER_FEATURES = (
    "relevance", "coverage", "cosine", "title", "ratio", "zscore", "phrase",
    "alternative", "key", "code", "sentence", "named", "below_gap", "cover_gap",
    "sentence_behind", "cosine_behind", "coverage_behind",
)  # fmt: skip
QUESTION_FEATURES = (
    "top_relevance", "top_coverage", "top_cosine", "top_phrase", "gap", "missing", "entity",
    "top_sentence", "sentence_gap", "cosine_gap", "rare", "length", "agreement", "named",
    "specific",
)  # fmt: skip
P = {name: n for n, name in enumerate(PAPER_FEATURES)}  # column of each paper feature
SPECIFIC = 4  # letters of a specific name; "IR", "ML", "DSL" are generic abbreviations

LONG = 20  # content words; longer questions weigh as this long
GAP_SPAN = 10  # candidates whose score gaps locate the elbow
RARE_ZIPF = 2.5  # an absent word this rare in English is a specific term ("oversmoothing")
Row = npt.NDArray[np.float64]
PLAIN = Framing()  # a question asked with no framing: not for code, not for a list


@dataclass(frozen=True)
class Query:
    """A question's weighted terms and what the corpus lacks of them."""

    weights: dict[str, float]
    pairs: dict[tuple[str, str], float]
    alternatives: tuple[dict[str, float], ...]
    key: str | None  # the heaviest stem that at least one abstract uses
    missing: float
    entity: float  # 1 when a name-like word or phrase is in no abstract
    specific: float  # 1 when such a name has SPECIFIC letters or more ("QLoRA", not "IR")
    rare: int  # rare English words that no abstract uses (names excluded)
    length: int  # content words in the question
    framing: Framing
    acronyms: tuple[Acronym, ...] = ()  # defined acronyms it has, by either form
    named: frozenset[str] = frozenset()  # papers the question names by their title
    one_asked: bool = False  # it writes one word for a paper at most ("paper", "one")


def read_query(
    text: str, weights: dict[str, float], known: Mapping[str, float], words: Vocabulary,
    framing: Framing = PLAIN,
    named: frozenset[str] = frozenset(),
) -> Query:  # fmt: skip
    """Return a question's features that do not depend on any paper.

    ``known`` maps the corpus's stems to their idf; ``words`` is its folded vocabulary.
    """
    owners = makers(text, words)  # "Meta's OPT": OPT is the topic, not Meta
    # a maker the corpus lacks weighs nothing: "meta's OPT models" is no topic "meta"
    unwritten = {t.stem for o in owners for t in question_terms(o, known) if t.stem not in known}
    if unwritten:
        weights = {s: 0.0 if s in unwritten else w for s, w in weights.items()}
    found = question_terms(text, known)  # "quantisation" is read as "quantization"
    stems = [t.stem for t in found]
    pairs = {(a, b): weights[a] + weights[b] for a, b in pairwise(stems)}
    parts = [p for p in ALTERNATIVES.split(text) if p.strip()]
    alternatives = tuple(
        {s: weights[s] for s in {t.stem for t in question_terms(p, known)} if s in weights}
        for p in parts
    )
    total = sum(weights.values())
    absent = sum(w for s, w in weights.items() if s not in known)
    present = {s: w for s, w in weights.items() if s in known}
    names = entities(text)
    unknown = [w for w in names if not mentioned(w, words) and w not in owners]
    rare = {
        t.word
        for t in found
        if t.stem not in known
        and not words.knows(t.word)
        and not any(c.isdigit() for c in t.word)
        and zipf(t.word) < RARE_ZIPF
    } - {fold(w) for w in names}
    return Query(
        weights=weights,
        pairs=pairs,
        alternatives=tuple(a for a in alternatives if a) if len(parts) > 1 else (),
        key=max(present, key=lambda s: (present[s], s)) if present else None,
        missing=absent / total if total > 0 else 0.0,
        entity=float(bool(unknown)),
        specific=float(any(max(map(len, WORDS.findall(n))) >= SPECIFIC for n in unknown)),
        rare=len(rare),
        length=len(stems),
        framing=framing,
        named=named,
    )


def shared(query: Query, corpus: PaperTerms, rows: Values, cover: Row) -> dict[str, Row]:
    """Return what each paper (by row) shares with the question's terms, one array per
    feature of ``SHARED``; ``cover`` is their coverage of the question, already known."""
    none = np.zeros(len(rows))
    pair_total = sum(query.pairs.values())
    alternatives = [corpus.coverage(rows, a) for a in query.alternatives]
    return {
        "title": corpus.coverage(rows, query.weights, part="titles"),
        "phrase": corpus.pairs_weight(rows, query.pairs) / pair_total if pair_total > 0 else none,
        "alternative": np.max(alternatives, axis=0) if alternatives else cover,
        "key": _key(query, corpus, rows) if query.key is not None else none,
        "code": corpus.code[rows].astype(np.float64) if query.framing.wants_code else none,
    }


def _key(query: Query, corpus: PaperTerms, rows: Values) -> Row:
    """Return 1 per paper row that holds the question's key term; when the key is part
    of a defined acronym, 1 for a paper with either whole form ("HLS" or "high-level
    synthesis", not "logic synthesis")."""
    assert query.key is not None
    acronym = next((a for a in query.acronyms if query.key in a.stems), None)
    if acronym is not None:
        return held(corpus, rows, acronym).astype(np.float64)
    return corpus.coverage(rows, {query.key: 1.0})


SHARED = ("title", "phrase", "alternative", "key", "code")  # the paper features ``shared`` gives


def paper_row(
    shared: Mapping[str, float], relevance: float, cover: float, cosine: float,
    sentence: float, named: bool,
) -> list[float]:  # fmt: skip
    """Return the features of one paper that do not depend on the other candidates;
    ``shared`` holds its values of ``SHARED``.

    ``table`` fills in the ones relative to the other candidates (left 0 here).
    """
    row = [0.0] * len(PAPER_FEATURES)
    values = {
        "relevance": relevance,
        "coverage": cover,
        "cosine": cosine,
        **{name: shared[name] for name in SHARED},
        "sentence": sentence,
        "named": float(named),
    }
    for name, value in values.items():
        row[P[name]] = value
    return row


def table(rows: dict[str, list[float]]) -> dict[str, Row]:
    """Fill in the features relative to all candidates: relevance as a ratio to the best
    and as a z-score, whether the paper lies below the elbow of relevance and of
    coverage, so the cutoff follows the score distribution, and how far its cosines and
    coverage fall behind the best ones."""
    if not rows:
        return {}
    matrix = np.array(list(rows.values()), dtype=np.float64)
    relevance = matrix[:, P["relevance"]]
    top = float(relevance.max())
    mean, spread = float(relevance.mean()), float(relevance.std()) or 1.0
    matrix[:, P["ratio"]] = relevance / top if top > 0 else 0.0
    matrix[:, P["zscore"]] = (relevance - mean) / spread
    matrix[:, P["below_gap"]] = below_elbow(relevance)
    matrix[:, P["cover_gap"]] = below_elbow(matrix[:, P["coverage"]])
    for column in ("sentence", "cosine", "coverage"):
        matrix[:, P[f"{column}_behind"]] = matrix[:, P[column]].max() - matrix[:, P[column]]
    return dict(zip(rows, matrix, strict=True))


def below_elbow(scores: Row) -> Row:
    """Return 1 for scores below the largest drop between neighbours among the best
    GAP_SPAN: they are on the far side of the score distribution's elbow."""
    ordered = sorted(scores, reverse=True)[:GAP_SPAN]
    drops = [a - b for a, b in pairwise(ordered)]
    elbow = ordered[int(np.argmax(drops))] if drops else 0.0
    return (scores < elbow).astype(np.float64)


def question_row(
    query: Query, papers: dict[str, Row], order: list[str], cosines: list[float],
    agreement: float,
) -> Row:  # fmt: skip
    """Return the question-level features from its candidates (``cosines`` best first)."""

    def gap(values: list[float]) -> float:
        ordered = [*sorted(values, reverse=True), 0.0, 0.0]
        return ordered[0] - ordered[1]

    def top(name: str) -> float:
        return max((float(row[P[name]]) for row in papers.values()), default=0.0)

    sentences = [float(papers[p][P["sentence"]]) for p in order]
    return np.array(
        [
            top("relevance"), top("coverage"), top("cosine"), top("phrase"),
            gap([float(papers[p][P["relevance"]]) for p in order]),
            query.missing, query.entity, top("sentence"), gap(sentences), gap(cosines),
            min(query.rare, 2), min(query.length, LONG) / LONG, agreement,
            min(len(query.named), 2), query.specific,
        ],
        dtype=np.float64,
    )  # fmt: skip
