"""Decide, from candidates' signals, the ranking, which papers answer, and whether any do.

``rank`` orders candidates by fused BM25 and vector scores and gives each an absolute
``relevance = w * calibrated cosine + (1 - w) * coverage``. In ``bm25`` and ``vector``
mode the relevance thresholds in settings then decide (the tuned defaults of those
modes). In ``hybrid`` mode, ``decide`` asks the calibrated models of
``retrieval.search.calibration`` instead: one says whether the best candidate answers the
question at all, the other how likely each candidate belongs in the answer; the list
is then cut where its expected F1 is highest (``expected_f1_cut``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from retrieval.config import Mode, RetrievalSettings
from retrieval.search import fusion
from retrieval.search.calibration import Calibration
from retrieval.search.features import (
    PAPER_FEATURES,
    QUESTION_FEATURES,
    Query,
    Row,
    paper_row,
    question_row,
    table,
)


@dataclass(frozen=True)
class Signals:
    """One candidate paper's raw scores for a question; a rank is among the candidates."""

    bm25: float
    cosine: float
    coverage: float
    bm25_rank: int | None
    vector_rank: int | None
    sentence: float = 0.0  # the best single abstract sentence's cosine to the question


@dataclass(frozen=True)
class Ranking:
    """Candidates in fused order, their relevance, and which of them answer."""

    order: list[str]
    relevance: dict[str, float]
    relevant: list[str]
    abstained: bool
    confidence: float = 0.0  # P(answerable) in hybrid mode; 0 otherwise
    membership: dict[str, float] = field(default_factory=dict)


def calibrate(cosine: float, settings: RetrievalSettings) -> float:
    """Map a cosine onto 0..1 between the model's "unrelated" floor and "same topic" ceiling.

    all-MiniLM-L6-v2 gives unrelated abstracts a cosine near 0.1-0.2 and strongly
    matching ones 0.6 and up, so the raw value uses little of its range; stretching it
    lets the vector side weigh as much as term coverage in the relevance sum.
    """
    span = settings.cosine_ceiling - settings.cosine_floor
    return min(1.0, max(0.0, (cosine - settings.cosine_floor) / span))


def lexical_trust(weight: float, top_coverage: float) -> float:
    """Return the vector weight for fusing one question: more when its words are not found.

    BM25 is only as good as the question's words; a question phrased in other words
    than the abstracts ("send a photo as a text description") matches few of them, so
    the vector side should lead: w' = w + (1 - w)(1 - c)^2 for the best paper's
    coverage c. c = 1 keeps w (0.3); c = 0.2 gives 0.3 + 0.7 * 0.64 = 0.75.
    """
    return weight + (1 - weight) * (1 - top_coverage) ** 2


def rank(signals: Mapping[str, Signals], mode: Mode, settings: RetrievalSettings) -> Ranking:
    """Fuse, order and cut candidates by the settings' thresholds (a pure function)."""
    ids = list(signals)
    lexical = {pid: signals[pid].bm25 for pid in ids if signals[pid].bm25_rank is not None}
    vector = {pid: signals[pid].cosine for pid in ids if signals[pid].vector_rank is not None}
    cosine = {pid: calibrate(signals[pid].cosine, settings) for pid in ids}
    cover = {pid: signals[pid].coverage for pid in ids}
    w = settings.vector_weight
    if mode == "bm25":
        fused, relevance = lexical, cover
    elif mode == "vector":
        fused, relevance = vector, cosine
    else:
        fuse = fusion.fuser(
            settings.fusion, lexical_trust(w, max(cover.values(), default=0.0)), settings.rrf_k
        )
        # A cosine at or below 0 counts as unrelated. With cosine's theoretical floor, -1,
        # MiniLM's cosines (0.1-0.6) all mapped to 0.7-1.0 and the vector side barely
        # moved the order: held out, the first paper of a list was right 0.850 -> 0.900.
        fused = fuse(fusion.normalize_max(lexical), fusion.normalize_max(vector, floor=0.0))
        relevance = {pid: w * cosine[pid] + (1 - w) * cover[pid] for pid in ids}
    # Candidates found only as explicit term matches (no retriever score) come last.
    unscored = [pid for pid in ids if signals[pid].bm25_rank is None and pid not in vector]
    fused = {**{pid: -1.0 for pid in unscored}, **fused}
    order = sorted(fused, key=lambda pid: (-fused[pid], pid))
    top = max((relevance[pid] for pid in order), default=0.0)
    if settings.cutoff == "fused":
        best = max(fused.values(), default=0.0)
        relevant = [
            pid
            for pid in order
            if relevance[pid] >= settings.min_relevance
            and fused[pid] >= settings.relevance_ratio * best
        ]
    else:
        cutoff = max(settings.min_relevance, settings.relevance_ratio * top)
        relevant = [pid for pid in order if relevance[pid] >= cutoff]
    abstained = top < settings.abstain_below or not relevant
    return Ranking(order, relevance, relevant, abstained)


def features(
    signals: Mapping[str, Signals],
    ranking: Ranking,
    query: Query,
    shared: Mapping[str, Mapping[str, float]],
    settings: RetrievalSettings,
) -> tuple[dict[str, Row], Row]:
    """Return every candidate's feature row and the question's feature row; ``shared``
    holds what each candidate shares with the question's terms (``features.shared``)."""
    rows = table(
        {
            pid: paper_row(
                shared[pid],
                ranking.relevance[pid],
                signals[pid].coverage,
                calibrate(signals[pid].cosine, settings),
                signals[pid].sentence,
                pid in query.named,
            )
            for pid in ranking.order
        }
    )
    cosines = sorted((s.cosine for s in signals.values()), reverse=True)
    return rows, question_row(query, rows, ranking.order, cosines, agreement(signals))


def agreement(signals: Mapping[str, Signals]) -> float:
    """Return how far the signals agree on the best paper: 0 (none) to 1 (all four).

    The papers each signal ranks first (BM25, chunk cosine, sentence cosine, coverage)
    are compared in pairs that cross the lexical/semantic divide; a question about a
    listed paper usually has one paper on top of all four, an unanswerable one rarely.
    """
    if not signals:
        return 0.0

    def best(score: Callable[[Signals], float]) -> str:
        return max(signals, key=lambda pid: (score(signals[pid]), pid))

    bm25, cosine = best(lambda s: s.bm25), best(lambda s: s.cosine)
    sentence, cover = best(lambda s: s.sentence), best(lambda s: s.coverage)
    pairs = [(bm25, cosine), (cosine, sentence), (bm25, sentence), (cover, cosine)]
    return sum(a == b for a, b in pairs) / len(pairs)


def decide(
    signals: Mapping[str, Signals],
    query: Query,
    shared: Mapping[str, Mapping[str, float]],
    settings: RetrievalSettings,
    calibration: Calibration,
    hedged: bool = False,
) -> Ranking:
    """Return the hybrid ranking with the calibrated answer and membership decisions.

    ``hedged``: a question that asks for several papers abstains only below the
    calibration's ``list_threshold``; between it and the answer threshold its papers are
    shown as not a sure match. Searches that only check whether the list has a topic
    leave it off."""
    ranking = rank(signals, "hybrid", settings)
    if not ranking.order:
        return ranking
    rows, question = features(signals, ranking, query, shared, settings)
    confidence = calibration.answer.probability(question, QUESTION_FEATURES)
    table = np.stack([rows[pid] for pid in ranking.order])
    member = calibration.member.probabilities(table, PAPER_FEATURES)
    membership = {pid: float(p) for pid, p in zip(ranking.order, member, strict=True)}
    if calibration.cutoff == "expected_f1":
        chosen = set(expected_f1_cut(membership))
    else:
        chosen = {pid for pid, p in membership.items() if p >= calibration.member.threshold}
    relevant = [pid for pid in ranking.order if pid in chosen]
    best = ranking.order[0]
    # A question that names the best paper by its own name ("the GPTQ paper", "Allo wala
    # paper") asks about it, however many of its other words the corpus lacks.
    listing = hedged and query.framing.plural
    threshold = calibration.list_threshold if listing else calibration.answer.threshold
    abstained = confidence < threshold and best not in query.named
    # The answer model's P is that the best candidate answers: a question that asks for
    # one paper gets that paper first, even where the membership model left it out (held
    # out, a photo-compression question was shown a network paper; list answers keep
    # their cut: adding the best there cost multi F1 0.853 -> 0.849).
    if not abstained and best not in chosen and not query.framing.plural:
        relevant = [best, *relevant]
    # A question for one paper that names it by its title's own name ("a summary of the
    # Allo paper?") asks for that paper, not for the ones that share its words;
    # not one that asks for more by other words ("the X paper and the Y one").
    if not abstained and query.one_asked and not query.framing.plural and query.named == {best}:
        relevant = [best]
    if not abstained and not relevant:
        relevant = ranking.order[:1]
    return Ranking(ranking.order, ranking.relevance, relevant, abstained, confidence, membership)


def expected_f1_cut(membership: Mapping[str, float]) -> list[str]:
    """Return the most probable members, as many as maximize the expected F1.

    With P(member) p_i sorted high to low, taking the best k has expected F1 about
    2 (p_1 + ... + p_k) / (k + sum of all p): the expected hits over the expected sizes
    of the list and of the gold (the ratio-of-expectations estimate; see Nan et al. 2012,
    "Optimizing F-measures: a tale of two approaches"). A question whose probabilities
    fall off slowly gets a long list, one with a single sure paper gets that paper.
    p = (0.95, 0.9, 0.3, 0.1), sum 2.25: k = 1 -> 0.58, k = 2 -> 0.87, k = 3 -> 0.82.
    The probabilities must be calibrated (a model fitted without class balancing).
    """
    ids = sorted(membership, key=lambda pid: (-membership[pid], pid))
    p = np.array([membership[pid] for pid in ids])
    if not len(p):
        return []
    expected = 2 * np.cumsum(p) / (np.arange(1, len(p) + 1) + p.sum())
    return ids[: int(np.argmax(expected)) + 1]
