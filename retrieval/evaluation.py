"""Measure answers against a labelled question set (the dev-set format).

Each line of the file is a JSON object with ``type``:

* ``paper``: one gold title. Reported: R@1, R@5, MRR and nDCG@10 over the full ranking,
  and how often the answer wrongly abstained.
* ``multi``: several gold titles. Reported: precision, recall and F1 of the returned set.
* ``none``: nothing in the list answers. Reported: how often the answer abstained.
* ``author``: an ``author`` and an ``expect`` block. Reported: whether the summary's
  count, year range, per-year counts and subject counts are exact.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Any

from retrieval.corpus import title_key
from retrieval.errors import CorpusError
from retrieval.models import Answer, AuthorSummary

Ask = Callable[[str], Answer]


@dataclass
class Report:
    """Metrics for one mode; each list holds one value per question of its type."""

    mode: str
    reciprocal_ranks: list[float] = field(default_factory=list)
    hits_at_1: list[float] = field(default_factory=list)
    hits_at_5: list[float] = field(default_factory=list)
    ndcg_at_10: list[float] = field(default_factory=list)
    wrongly_abstained: list[float] = field(default_factory=list)
    precision: list[float] = field(default_factory=list)
    recall: list[float] = field(default_factory=list)
    f1: list[float] = field(default_factory=list)
    abstained_on_none: list[float] = field(default_factory=list)
    author_exact: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, float | int | str]:
        """Return the averaged metrics."""

        def avg(values: list[float]) -> float:
            return round(mean(values), 4) if values else float("nan")

        return {
            "mode": self.mode,
            "paper_n": len(self.reciprocal_ranks),
            "R@1": avg(self.hits_at_1),
            "R@5": avg(self.hits_at_5),
            "MRR": avg(self.reciprocal_ranks),
            "nDCG@10": avg(self.ndcg_at_10),
            "paper_wrongly_abstained": avg(self.wrongly_abstained),
            "multi_n": len(self.f1),
            "multi_P": avg(self.precision),
            "multi_R": avg(self.recall),
            "multi_F1": avg(self.f1),
            "none_n": len(self.abstained_on_none),
            "none_abstain_rate": avg(self.abstained_on_none),
            "author_n": len(self.author_exact),
            "author_exact": avg(self.author_exact),
        }


def load_questions(path: Path) -> list[dict[str, Any]]:
    """Return the labelled questions of a JSON Lines file."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read the evaluation file ({exc})") from exc
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CorpusError(f"{path}:{number}: not JSON ({exc.msg})") from exc
        if row.get("type") not in {"paper", "multi", "none", "author"}:
            raise CorpusError(f"{path}:{number}: type must be paper, multi, none or author")
        rows.append(row)
    return rows


def evaluate(
    questions: Iterable[dict[str, Any]], ask: Ask, mode: str, titles: dict[str, str]
) -> Report:
    """Ask every question and score the answers; ``titles`` maps paper id to title."""
    report = Report(mode)
    for row in questions:
        answer = ask(row["question"])
        score(
            report,
            row,
            ranked=[titles[pid] for pid in answer.ranking],
            returned=[r.paper.title for r in answer.results],
            abstained=answer.abstained,
            author=answer.author,
        )
    return report


def score(
    report: Report,
    row: dict[str, Any],
    ranked: list[str],
    returned: list[str],
    abstained: bool,
    author: AuthorSummary | None = None,
) -> None:
    """Add one question's outcome to a report (titles are compared normalized)."""
    ranked_keys = [title_key(t) for t in ranked]
    returned_keys = {title_key(t) for t in returned}
    gold = [title_key(t) for t in row.get("gold", [])]
    kind = row["type"]
    if kind == "paper":
        rank = ranked_keys.index(gold[0]) + 1 if gold[0] in ranked_keys else None
        report.reciprocal_ranks.append(1.0 / rank if rank else 0.0)
        report.hits_at_1.append(float(rank == 1))
        report.hits_at_5.append(float(rank is not None and rank <= 5))
        report.ndcg_at_10.append(1.0 / math.log2(rank + 1) if rank and rank <= 10 else 0.0)
        report.wrongly_abstained.append(float(abstained))
        if rank != 1 or abstained:
            state = " (abstained)" if abstained else ""
            report.failures.append(
                f"{row.get('id')}: gold at rank {rank}{state}: {row['question']}"
            )
    elif kind == "multi":
        hits = len(returned_keys & set(gold))
        precision = hits / len(returned_keys) if returned_keys else 0.0
        recall = hits / len(gold)
        report.precision.append(precision)
        report.recall.append(recall)
        report.f1.append(2 * precision * recall / (precision + recall) if hits else 0.0)
        if precision < 1 or recall < 1:
            report.failures.append(
                f"{row.get('id')}: multi P={precision:.2f} R={recall:.2f}: {row['question']}"
            )
    elif kind == "none":
        report.abstained_on_none.append(float(abstained))
        if not abstained:
            report.failures.append(f"{row.get('id')}: answered a none question: {row['question']}")
    else:
        exact = author is not None and author_matches(author, row["expect"])
        report.author_exact.append(float(exact))


def author_matches(summary: AuthorSummary, expect: dict[str, Any]) -> bool:
    """Return True when count, year range, per-year counts and subjects are all exact."""
    return bool(
        summary.count == expect["count"]
        and summary.year_min == expect["year_min"]
        and summary.year_max == expect["year_max"]
        and {str(y): n for y, n in summary.year_counts.items()} == expect["year_counts"]
        and {s.subject.code: s.count for s in summary.subjects} == expect["subjects"]
    )
