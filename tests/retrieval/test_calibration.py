"""The calibrated models: fitting, the shipped file, and the signals they read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from retrieval.calibration import Calibration, fit, from_json, load, save, to_json
from retrieval.errors import ConfigError
from retrieval.features import PAPER_FEATURES, QUESTION_FEATURES
from retrieval.vocabulary import Vocabulary, entities


def test_fit_separates_what_is_separable() -> None:
    rng = np.random.default_rng(7)
    x = np.vstack([rng.normal(0, 1, (40, 2)), rng.normal(3, 1, (40, 2))])
    y = np.array([0.0] * 40 + [1.0] * 40)
    model = fit(x, y, ("a", "b"), l2=1.0)
    p = model.probabilities(x)
    assert ((p >= 0.5) == (y == 1)).mean() > 0.9
    assert model.probability(np.array([5.0, 5.0])) > 0.95 > 0.05 > model.probability(np.zeros(2))


def test_a_model_reads_its_own_features_from_a_wider_row() -> None:
    model = fit(np.array([[0.0], [1.0], [0.0], [1.0]]), np.array([0.0, 1.0, 0.0, 1.0]), ("b",))
    wide = np.array([[9.0, 1.0], [9.0, 0.0]])
    p = model.probabilities(wide, ("a", "b"))
    assert p[0] > 0.5 > p[1]


def test_the_shipped_calibration_round_trips(tmp_path: Path) -> None:
    shipped = load()
    assert set(shipped.answer.features) <= set(QUESTION_FEATURES)
    assert set(shipped.member.features) <= set(PAPER_FEATURES)
    path = tmp_path / "calibration.json"
    save(shipped, path)
    assert from_json(json.loads(path.read_text())) == shipped


def test_a_malformed_calibration_is_refused() -> None:
    data = to_json(load())
    data["answer"]["coef"] = data["answer"]["coef"][:-1]
    with pytest.raises(ConfigError, match="malformed"):
        from_json(data)
    with pytest.raises(ConfigError, match="malformed"):
        from_json({"answer": {}})
    assert isinstance(load(), Calibration)


def test_names_in_a_question_are_found_as_words_and_phrases() -> None:
    assert entities("the GraphCast paper from DeepMind") == ["GraphCast", "DeepMind"]
    assert entities("Switch Transformer — scaling sparse experts") == ["Switch Transformer"]
    assert entities("side-channel attacks against Intel SGX enclaves") == ["Intel SGX"]
    assert entities("how long does OPT-175B take?") == ["OPT"]  # "175B" is an amount
    assert entities("Which papers use graphs?") == []  # a sentence starts with a capital


def test_the_vocabulary_knows_plurals_prefixes_and_phrases() -> None:
    words = Vocabulary(["Results on MobileNetV2 and DSP blocks, run on Piz Daint."])
    assert words.knows("dsps") and words.knows("mobilenet") and not words.knows("resnet")
    assert words.knows_name("Piz Daint") and not words.knows_name("Switch Transformer")
    assert words.knows_name("MobileNet") and not words.knows_name("Intel SGX")
