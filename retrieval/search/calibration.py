"""Two small logistic models that turn signals into decisions, fitted on labelled questions.

* ``answer``: P(the best candidate answers the question), over ``QUESTION_FEATURES``.
  Below its threshold (``list_threshold`` for a question that asks for several papers)
  papercord says the list has nothing and shows the closest papers.
* ``member``: P(a candidate paper belongs in the answer), over ``PAPER_FEATURES``.
  With ``cutoff = "expected_f1"`` (the default) the most probable candidates are
  returned, as many as maximize the expected F1 (``retrieval.search.decision``), so a list
  question gets every paper that fits and the cutoff follows the probabilities rather
  than a fixed ratio; with ``"threshold"``, every candidate at or above its threshold.

Both are ordinary L2-regularized logistic regressions on standardized features, fitted by
Newton's method (``fit``); ``bench.tune`` fits them with cross-validation and writes the
model fitted on all questions to ``data/calibration.json``, which this module reads.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

import numpy as np
import numpy.typing as npt

from retrieval.config import DATA
from retrieval.errors import ConfigError

CALIBRATION_FILE = DATA / "calibration.json"
Matrix = npt.NDArray[np.float64]
Cutoff = Literal["threshold", "expected_f1"]


@dataclass(frozen=True)
class Logistic:
    """P(y = 1 | x) = sigmoid(coef . (x - mean) / scale + bias)."""

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    bias: float
    threshold: float = 0.5

    def probabilities(
        self, rows: Matrix, names: tuple[str, ...] | None = None
    ) -> npt.NDArray[np.float64]:
        """Return P(y = 1) for each row of features.

        Rows hold ``features`` in order, or, with ``names``, every feature those name;
        then the model reads just its own (a model may use a subset).
        """
        if names is not None and names != self.features:
            rows = rows[:, [names.index(f) for f in self.features]]
        z = ((rows - np.array(self.mean)) / np.array(self.scale)) @ np.array(self.coef)
        probabilities: npt.NDArray[np.float64] = 1.0 / (1.0 + np.exp(-(z + self.bias)))
        return probabilities

    def probability(self, row: Matrix, names: tuple[str, ...] | None = None) -> float:
        """Return P(y = 1) for one row of features (see ``probabilities``)."""
        return float(self.probabilities(row.reshape(1, -1), names)[0])


@dataclass(frozen=True)
class Calibration:
    """The two decisions papercord makes from signals, and what they were fitted on."""

    answer: Logistic
    member: Logistic
    fitted_on: str = ""
    cutoff: Cutoff = "expected_f1"  # how the member model's probabilities become a list
    # The answer model's threshold for a question that asks for several papers: a list
    # found unsurely is shown hedged, where one paper asked for would be an abstention.
    list_threshold: float = 0.5


def fit(
    rows: Matrix,
    labels: npt.NDArray[np.float64],
    features: tuple[str, ...],
    l2: float = 1.0,
    balanced: bool = True,
    iterations: int = 50,
    positive_weight: float = 1.0,
    signs: Mapping[str, int] | None = None,
) -> Logistic:
    """Fit an L2-regularized logistic regression by Newton's method.

    With ``balanced`` each class weighs as much in total as the other, so a rare class
    (unanswerable questions) is not simply outvoted; ``positive_weight`` then multiplies
    the weight of the positive class, which moves the decision at P = 0.5 the way a
    cost ratio would. ``signs`` gives the direction a feature may push (+1 or -1): a
    feature fitted the other way, the most contrary first, is held at 0 and the rest
    refitted, until every coefficient agrees with its sign.
    """
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale == 0] = 1.0
    x = np.hstack([(rows - mean) / scale, np.ones((len(rows), 1))])
    y = labels.astype(np.float64)
    positives = max(float(y.sum()), 1.0)
    negatives = max(float(len(y) - y.sum()), 1.0)
    weight = np.where(y > 0, len(y) / (2 * positives), len(y) / (2 * negatives))
    if not balanced:
        weight = np.ones_like(y)
    weight = np.where(y > 0, weight * positive_weight, weight)
    wanted = np.array([(signs or {}).get(f, 0) for f in features] + [0])
    free = np.ones(x.shape[1], dtype=bool)
    while True:
        beta = np.zeros(x.shape[1])
        beta[free] = _newton(x[:, free], y, weight, l2, iterations)
        contrary = np.where(wanted * beta < 0, wanted * beta, 0.0)
        if not contrary.any():
            break
        free[int(np.argmin(contrary))] = False
    return Logistic(
        features=features,
        mean=tuple(float(v) for v in mean),
        scale=tuple(float(v) for v in scale),
        coef=tuple(float(v) for v in beta[:-1]),
        bias=float(beta[-1]),
    )


def _newton(
    x: Matrix, y: npt.NDArray[np.float64], weight: Matrix, l2: float, iterations: int
) -> Matrix:
    """Return the coefficients of the weighted logistic regression on ``x`` (its last
    column the intercept, which is not shrunk)."""
    penalty = np.full(x.shape[1], l2)
    penalty[-1] = 0.0
    beta = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        gradient = x.T @ (weight * (p - y)) + penalty * beta
        hessian = (x * (weight * p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return beta


def to_json(calibration: Calibration) -> dict[str, Any]:
    """Return the calibration as a JSON-ready dict."""
    return {key: value for key, value in asdict(calibration).items()}


def from_json(data: dict[str, Any]) -> Calibration:
    """Return a calibration from its JSON form; raise ConfigError when it is malformed."""
    try:
        models = {name: _logistic(data[name]) for name in ("answer", "member")}
        cutoff = data.get("cutoff", "threshold")  # files before the expected-F1 cut
        if cutoff not in get_args(Cutoff):
            raise ValueError(f"unknown cutoff {cutoff!r}")
        listing = float(data.get("list_threshold", 0.5))  # files before it: one threshold
        if not 0.0 <= listing <= 1.0:
            raise ValueError(f"list_threshold {listing} is not a probability")
        calibration = Calibration(
            fitted_on=str(data.get("fitted_on", "")),
            cutoff=cutoff,
            list_threshold=listing,
            **models,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"the calibration file is malformed ({exc})") from exc
    for model in (calibration.answer, calibration.member):
        sizes = {len(model.features), len(model.mean), len(model.scale), len(model.coef)}
        if len(sizes) != 1 or not math.isfinite(model.bias):
            raise ConfigError("the calibration file is malformed (feature counts differ)")
    return calibration


def _logistic(data: dict[str, Any]) -> Logistic:
    return Logistic(
        features=tuple(str(f) for f in data["features"]),
        mean=tuple(float(v) for v in data["mean"]),
        scale=tuple(float(v) for v in data["scale"]),
        coef=tuple(float(v) for v in data["coef"]),
        bias=float(data["bias"]),
        threshold=float(data.get("threshold", 0.5)),
    )


@cache
def load(path: Path = CALIBRATION_FILE) -> Calibration:
    """Return the shipped calibration (read once)."""
    try:
        return from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the calibration ({exc})") from exc


def save(calibration: Calibration, path: Path = CALIBRATION_FILE) -> None:
    """Write a calibration atomically."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(to_json(calibration), indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
