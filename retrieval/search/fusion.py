"""Score normalization and fusion: small pure functions, chosen by name from config.

All functions map paper id -> score and return the same; higher is better.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

Scores = Mapping[str, float]


def ranking(scores: Scores) -> list[str]:
    """Return ids ordered best first (ties broken by id, so results are stable)."""
    return sorted(scores, key=lambda i: (-scores[i], i))


def rrf(rankings: Sequence[Sequence[str]], k: int = 60) -> dict[str, float]:
    """Reciprocal-rank fusion (Cormack et al., 2009): score = sum_r 1 / (k + rank_r).

    Ranks start at 1. With k=60, a paper ranked 1st and 3rd scores 1/61 + 1/63 = 0.0323.
    """
    fused: dict[str, float] = {}
    for order in rankings:
        for rank, id_ in enumerate(order, start=1):
            fused[id_] = fused.get(id_, 0.0) + 1.0 / (k + rank)
    return fused


def normalize_max(scores: Scores, floor: float = 0.0) -> dict[str, float]:
    """Theoretical-min / observed-max scaling (Bruch et al., 2023): (s - floor) / (max - floor).

    BM25 has theoretical minimum 0, so the best paper maps to 1 and a paper with no
    matching term to 0; scores are comparable across queries in shape, not in size.
    """
    if not scores:
        return {}
    top = max(scores.values())
    span = top - floor
    if span <= 0:
        return {i: 0.0 for i in scores}
    return {i: max(0.0, (s - floor) / span) for i, s in scores.items()}


def convex(lexical: Scores, vector: Scores, weight: float) -> dict[str, float]:
    """Convex combination: weight * vector + (1 - weight) * lexical; missing scores are 0.

    Both inputs should already be normalized to [0, 1].
    """
    ids = set(lexical) | set(vector)
    return {i: weight * vector.get(i, 0.0) + (1.0 - weight) * lexical.get(i, 0.0) for i in ids}


Fuser = Callable[[Scores, Scores], dict[str, float]]


def fuser(method: str, weight: float, rrf_k: int) -> Fuser:
    """Return the fusion function named in config: ``rrf`` or ``convex``."""
    if method == "rrf":
        return lambda lexical, vector: rrf([ranking(lexical), ranking(vector)], rrf_k)
    if method == "convex":
        return lambda lexical, vector: convex(lexical, vector, weight)
    raise ValueError(f"unknown fusion method {method!r}; use 'rrf' or 'convex'")
