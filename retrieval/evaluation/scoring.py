"""Measure answers against a labelled question set (the dev-set format).

Each line of the file is a JSON object with ``type`` and, optionally, ``style``:

* ``paper``: one gold title. Reported: R@1, whether the answer lists it first (an
  abstention scores 0); R@5, MRR and nDCG@10 over the full ranking; how often the
  answer wrongly abstained (listed no paper as an answer: an abstention, or a reply
  such as an author's card saying none of theirs is from the year asked); and
  ``unsure``, how often it listed the paper first but said it is not a sure match.
* ``multi``: several gold titles (an exhaustive list). Reported: precision, recall and F1
  of every paper the answer returned (``results`` and ``more``), and P@1, whether the
  paper listed first is one of them.
* ``none``: nothing in the list answers. Reported: how often the answer abstained
  (listed no paper as an answer, as above), and how often it was ``flagged``:
  abstained, or said it is not a sure match (``sure`` is the rest: papers shown as if
  they answered).
* ``author``: an ``author`` and an ``expect`` block. Reported: ``handled``, the answer is
  that author's card or a non-empty list of only that author's papers; and ``exact``, the
  card's count, first and last year, counts by year and by subject are all right.

``Report.summary`` averages over all questions; ``Report.breakdown`` per type and style.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Any

from retrieval.errors import CorpusError, QueryError
from retrieval.files import read_text
from retrieval.ingest.corpus import title_key
from retrieval.models import UNSURE, Answer, AuthorSummary

Ask = Callable[[str], Answer]
TYPES = ("paper", "multi", "none", "author")
HEADLINE = {  # the metric that matters most per type, shown in the per-style table
    "paper": ("R@1", "false_abstain"),
    "multi": ("F1", "P", "R", "P@1"),
    "none": ("abstain", "flagged"),
    "author": ("handled", "exact"),
}


@dataclass(frozen=True)
class Outcome:
    """One question's scores (the keys depend on its type) and why it failed, if it did."""

    id: str
    type: str
    style: str
    values: dict[str, float]
    failure: str | None = None


@dataclass
class Report:
    """The outcomes of one mode over a question set."""

    mode: str
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def failures(self) -> list[str]:
        """Return one line per question that was not answered perfectly."""
        return [o.failure for o in self.outcomes if o.failure]

    def metric(self, kind: str, name: str, style: str | None = None) -> float:
        """Return the mean of one metric over a type's questions (optionally one style)."""
        values = [
            o.values[name]
            for o in self.outcomes
            if o.type == kind and (style is None or o.style == style)
        ]
        return round(mean(values), 4) if values else float("nan")

    def count(self, kind: str, style: str | None = None) -> int:
        """Return how many questions of a type (and style) were scored."""
        return sum(o.type == kind and (style is None or o.style == style) for o in self.outcomes)

    def summary(self) -> dict[str, float | int | str]:
        """Return the averaged metrics."""
        return {
            "mode": self.mode,
            "paper_n": self.count("paper"),
            "R@1": self.metric("paper", "R@1"),
            "R@5": self.metric("paper", "R@5"),
            "MRR": self.metric("paper", "MRR"),
            "nDCG@10": self.metric("paper", "nDCG@10"),
            "paper_wrongly_abstained": self.metric("paper", "false_abstain"),
            "paper_right_but_unsure": self.metric("paper", "unsure"),
            "multi_n": self.count("multi"),
            "multi_P": self.metric("multi", "P"),
            "multi_R": self.metric("multi", "R"),
            "multi_F1": self.metric("multi", "F1"),
            "multi_P@1": self.metric("multi", "P@1"),
            "none_n": self.count("none"),
            "none_abstain_rate": self.metric("none", "abstain"),
            "none_flagged_rate": self.metric("none", "flagged"),
            "author_n": self.count("author"),
            "author_handled": self.metric("author", "handled"),
            "author_exact": self.metric("author", "exact"),
        }

    def breakdown(self) -> list[dict[str, Any]]:
        """Return one row per (type, style): its count and its type's headline metrics."""
        rows = []
        for kind in TYPES:
            styles = sorted({o.style for o in self.outcomes if o.type == kind})
            for style in [*styles, None] if len(styles) > 1 else styles:
                row: dict[str, Any] = {"type": kind, "style": style or "all"}
                row["n"] = self.count(kind, style)
                row.update({m: self.metric(kind, m, style) for m in HEADLINE[kind]})
                rows.append(row)
        return rows


def breakdown_table(report: Report) -> str:
    """Return ``report.breakdown()`` as a Markdown table: type, style, n, metrics."""
    lines = ["| type | style | n | metrics |", "|---|---|---:|---|"]
    for row in report.breakdown():
        metrics = ", ".join(
            f"{k} {cell(v)}" for k, v in row.items() if k not in {"type", "style", "n"}
        )
        lines.append(f"| {row['type']} | {row['style']} | {row['n']} | {metrics} |")
    return "\n".join(lines)


NO_VALUE = "—"  # a metric over no question: shown as a dash, never as "nan"


def cell(value: float | int | str) -> str:
    """Return a metric for a table: three decimals, a dash when no question had it."""
    if isinstance(value, float):
        return NO_VALUE if math.isnan(value) else f"{value:.3f}"
    return str(value)


def load_questions(path: Path) -> list[dict[str, Any]]:
    """Return the labelled questions of a JSON Lines file."""
    lines = read_text(path).splitlines()  # a FIFO, folder or non-UTF-8 file: CorpusError
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise CorpusError(f"{path}:{number}: not JSON ({exc})") from exc
        problem = _row_problem(row)
        if problem:
            raise CorpusError(f"{path}:{number}: {problem}")
        rows.append(row)
    return rows


def _row_problem(row: object) -> str | None:
    """Return what is wrong with a question row (scoring would crash on it), or None."""
    if not isinstance(row, dict) or row.get("type") not in TYPES:
        return "each line must be an object whose type is paper, multi, none or author"
    if not isinstance(row.get("question"), str) or not row["question"].strip():
        return "'question' must be a non-empty string"
    gold = row.get("gold")
    if row["type"] in {"paper", "multi"} and not (
        isinstance(gold, list) and gold and all(isinstance(t, str) for t in gold)
    ):
        return "'gold' must list at least one paper title"
    if not isinstance(row.get("style", ""), str):
        return "'style' must be a string (e.g. \"chatty\")"
    expect = row.get("expect")
    if row["type"] == "author" and not isinstance(row.get("author"), str):
        return "'author' must name the listed author the question is about"
    if row["type"] == "author" and not (isinstance(expect, dict) and set(expect) >= EXPECT_KEYS):
        return f"'expect' must be an object with {', '.join(sorted(EXPECT_KEYS))}"
    return None


def evaluate(
    questions: Iterable[dict[str, Any]], ask: Ask, mode: str, titles: dict[str, str]
) -> Report:
    """Ask every question and score the answers; ``titles`` maps paper id to title.

    A question papercord refuses (too long, nothing readable) is scored as the
    abstention a user would get, not the end of the run.
    """
    report = Report(mode)
    for row in questions:
        try:
            answer = ask(row["question"])
        except QueryError:
            answer = Answer(row["question"], mode, True, ())
        score(report, row, answer, titles)
    return report


def score(report: Report, row: dict[str, Any], answer: Answer, titles: dict[str, str]) -> None:
    """Add one question's outcome to a report (titles are compared normalized)."""
    kind = row["type"]
    returned = [] if answer.abstained else list(answer.results + answer.more)
    ranked = [title_key(titles[pid]) for pid in answer.ranking if pid in titles]
    gold = [title_key(t) for t in row.get("gold", [])]
    first = title_key(returned[0].paper.title) if returned else None  # the one listed first
    first_title = returned[0].paper.title if returned else None  # as a reader knows it
    values: dict[str, float]
    failure = None
    label = f"{row.get('id') or '(no id)'} [{kind}/{row.get('style') or '-'}]"
    if kind == "paper":
        rank = ranked.index(gold[0]) + 1 if gold[0] in ranked else None
        values = {
            "R@1": float(first == gold[0]),
            "R@5": float(rank is not None and rank <= 5),
            "MRR": 1.0 / rank if rank else 0.0,
            "nDCG@10": 1.0 / math.log2(rank + 1) if rank and rank <= 10 else 0.0,
            "false_abstain": float(not returned),
            "unsure": float(first == gold[0] and UNSURE in answer.notes),
        }
        if first != gold[0]:
            state = f", listed first: {first_title}" if returned else " (abstained)"
            where = f"gold at rank {rank}" if rank else "gold not in the ranking"
            failure = f"{label}: {where}{state}: {row['question']}"
    elif kind == "multi":
        keys = {title_key(r.paper.title) for r in returned}
        hits = len(keys & set(gold))
        precision = hits / len(keys) if keys else 0.0
        recall = hits / len(gold)
        f1 = 2 * precision * recall / (precision + recall) if hits else 0.0
        values = {"P": precision, "R": recall, "F1": f1, "P@1": float(first in gold)}
        if f1 < 1:
            listed = f", listed first: {first_title}" if first_title else " (abstained)"
            failure = f"{label}: P={precision:.2f} R={recall:.2f}{listed}: {row['question']}"
    elif kind == "none":
        flagged = not returned or UNSURE in answer.notes
        values = {"abstain": float(not returned), "flagged": float(flagged)}
        if returned:
            failure = f"{label}: answered: {row['question']}"
    else:
        handled = author_handled(answer, row["author"])
        exact = answer.author is not None and author_matches(answer.author, row["expect"])
        values = {"handled": float(handled), "exact": float(exact)}
        if not handled:
            failure = f"{label}: not handled as {row['author']}: {row['question']}"
    report.outcomes.append(
        Outcome(str(row.get("id")), kind, row.get("style") or "-", values, failure)
    )


def author_handled(answer: Answer, author: str) -> bool:
    """Return True when an answer is the author's card or a list of only their papers."""
    if answer.author is not None:
        return answer.author.name == author
    returned = answer.results + answer.more
    return (
        not answer.abstained and bool(returned) and all(author in r.paper.authors for r in returned)
    )


EXPECT_KEYS = {"count", "year_min", "year_max", "year_counts", "subjects"}


def author_matches(summary: AuthorSummary, expect: dict[str, Any]) -> bool:
    """Return True when the count, first and last year, counts by year and subjects are exact."""
    return bool(
        summary.count == expect["count"]
        and summary.year_min == expect["year_min"]
        and summary.year_max == expect["year_max"]
        and {str(y): n for y, n in summary.year_counts.items()} == expect["year_counts"]
        and {s.subject.code: s.count for s in summary.subjects} == expect["subjects"]
    )
