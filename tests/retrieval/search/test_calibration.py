"""The calibrated models: fitting, the shipped file, and the signals they read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from retrieval.errors import ConfigError
from retrieval.index.vocabulary import Vocabulary, entities
from retrieval.search.calibration import Calibration, fit, from_json, load, save, to_json
from retrieval.search.decision import expected_f1_cut
from retrieval.search.features import (
    PAPER_FEATURES,
    QUESTION_FEATURES,
    SHARED,
    Query,
    paper_row,
    read_query,
    table,
)
from retrieval.text import terms


def test_fit_separates_what_is_separable() -> None:
    rng = np.random.default_rng(7)
    x = np.vstack([rng.normal(0, 1, (40, 2)), rng.normal(3, 1, (40, 2))])
    y = np.array([0.0] * 40 + [1.0] * 40)
    model = fit(x, y, ("a", "b"), l2=1.0)
    p = model.probabilities(x)
    assert ((p >= 0.5) == (y == 1)).mean() > 0.9
    assert model.probability(np.array([5.0, 5.0])) > 0.95 > 0.05 > model.probability(np.zeros(2))


def test_a_feature_fitted_against_its_sign_is_held_at_zero() -> None:
    # "b" predicts the negative class here; said to push only up, it is left out, and
    # "a" alone still separates the classes.
    rng = np.random.default_rng(3)
    a = np.concatenate([rng.normal(0, 1, 60), rng.normal(2, 1, 60)])
    b = np.concatenate([rng.normal(2, 1, 60), rng.normal(0, 1, 60)])
    x, y = np.column_stack([a, b]), np.array([0.0] * 60 + [1.0] * 60)
    free = fit(x, y, ("a", "b"), l2=1.0)
    assert free.coef[0] > 0 > free.coef[1]
    signed = fit(x, y, ("a", "b"), l2=1.0, signs={"a": 1, "b": 1})
    assert signed.coef[0] > 0 and signed.coef[1] == 0
    assert ((signed.probabilities(x) >= 0.5) == (y == 1)).mean() > 0.8


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
    data = to_json(load())
    data["list_threshold"] = 1.5
    with pytest.raises(ConfigError, match="not a probability"):
        from_json(data)
    assert isinstance(load(), Calibration)


def test_a_calibration_from_before_list_thresholds_reads_lists_as_any_question() -> None:
    data = to_json(load())
    del data["list_threshold"]
    assert from_json(data).list_threshold == from_json(data).answer.threshold == 0.5


def test_names_in_a_question_are_found_as_words_and_phrases() -> None:
    assert entities("the GraphCast paper from DeepMind") == ["GraphCast", "DeepMind"]
    assert entities("Switch Transformer — scaling sparse experts") == ["Switch Transformer"]
    assert entities("side-channel attacks against Intel SGX enclaves") == ["Intel SGX"]
    assert entities("how long does OPT-175B take?") == ["OPT-175B"]  # its size is its name's
    assert entities("a 175B model") == []  # "175B" alone is an amount
    assert entities("results on Llama-2 13B") == ["Llama-2 13B"]  # a size after a space
    assert entities("Which papers use graphs?") == []  # a sentence starts with a capital
    # a function word opening a sentence is no part of the name after it: the unlisted
    # paper asked for was "the “Which Acme” paper"
    assert entities("Which Acme paper skips layers?") == ["Acme"]
    assert entities("The Slim Fly topology") == ["Slim Fly"]
    # capitalized words joined by "of" are one name, unless an acronym follows
    assert entities("is the Tree of Thoughts paper listed?") == ["Tree of Thoughts"]
    assert entities("Survey of LLM quantization methods") == ["LLM"]
    # a common word in capitals is emphasis; a rarer one can be a name
    assert entities("no time: EVERY paper on the GLUE tasks, ONLY the SAGE one") == [
        "GLUE",
        "SAGE",
    ]
    # an abbreviation of chat names nothing, however rare in English ("SOTA")
    assert entities("FYI my PI needs the SOTA results on GLUE ASAP") == ["GLUE"]
    # a common word in capitals opening a message, line or clause is its label
    assert entities("URGENT: which papers quantize LLMs?") == ["LLMs"]
    assert entities("notes\nREMINDER - any on HLS?") == ["HLS"]
    assert entities("it is slow; and HENCE we ask") == []
    # a message's lines joined: the asking word of the next line ends no name ("No listed
    # paper is the “V100s Which” paper")
    assert entities("then it runs 3x faster on 8 V100s Which paper?") == ["V100s"]
    assert entities("GLUE results: which papers report them?") == ["GLUE"]  # rarer: a name
    assert entities("which papers report URGENT results?") == ["URGENT"]  # not opening
    # a line starts a sentence; a quote or bullet mark opens it
    assert entities("quick one\nWhich papers use GPUs?") == ["GPUs"]
    assert entities("notes\n- URGENT: any on HLS?\n> REMINDER read it") == ["HLS"]
    # a double-barrelled name in title case is one name; capitals on both sides are two
    assert entities("papers by Tal Ben-Nun") == ["Tal Ben-Nun"]
    assert entities("what did Jean-Luc Picard write?") == ["Jean-Luc Picard"]
    assert entities("CPU-GPU systems from Meta") == ["CPU", "GPU", "Meta"]
    assert entities("Megatron-LM paper") == ["Megatron-LM"]  # capitals inside: a name anywhere


def test_the_vocabulary_knows_plurals_prefixes_and_phrases() -> None:
    words = Vocabulary.of(["Results on MobileNetV2 and DSP blocks, run on Piz Daint."])
    assert words.knows("dsps") and words.knows("mobilenet") and not words.knows("resnet")
    assert words.knows_name("Piz Daint") and not words.knows_name("Switch Transformer")
    assert words.knows_name("MobileNet") and not words.knows_name("Intel SGX")


def test_a_versioned_name_is_known_however_its_hyphens_are_written() -> None:
    # "Llama-2-7B" was "not mentioned" by an abstract that writes "LLaMA2-7B": the
    # hyphens were closed or opened all at once, never one of each.
    words = Vocabulary.of(["We quantize LLaMA2-7B and run GPT2 on one GPU."])
    assert words.knows_name("Llama-2-7B") and words.knows_name("LLaMA-2 7B")
    assert words.knows_name("GPT-2") and not words.knows_name("Llama-3-8B")


def test_a_name_closed_up_with_its_number_is_respelled_as_the_corpus_writes_it() -> None:
    # "which papers use GPT4V?" abstained: no abstract has the word "gpt4v".
    words = Vocabulary.of(["We prompt GPT-4V and prune OPT-66B, then use GPT once more."])
    assert words.respell("which papers use GPT4V on OPT66B?") == (
        "which papers use GPT-4V on OPT-66B?"
    )
    assert words.respell("papers on GPT4") == "papers on GPT4"  # never written together


def test_a_list_is_cut_where_its_expected_f1_peaks() -> None:
    # p sums to 2.25: taking 1, 2, 3 papers has expected F1 0.58, 0.87, 0.82
    assert expected_f1_cut({"a": 0.95, "b": 0.9, "c": 0.3, "d": 0.1}) == ["a", "b"]
    # probabilities that fall off slowly give a long list; one sure paper gives one
    slow = {"a": 0.9, "b": 0.85, "c": 0.8, "d": 0.75, "e": 0.05}
    assert expected_f1_cut(slow) == ["a", "b", "c", "d"]
    assert expected_f1_cut({"a": 0.9, "b": 0.1, "c": 0.05}) == ["a"]
    assert expected_f1_cut({}) == []


def test_the_shipped_calibration_cuts_lists_by_expected_f1_and_older_files_by_threshold() -> None:
    assert load().cutoff == "expected_f1"
    data = to_json(load())
    del data["cutoff"]
    assert from_json(data).cutoff == "threshold"
    data["cutoff"] = "whatever"
    with pytest.raises(ConfigError, match="malformed"):
        from_json(data)


def test_weighing_the_positive_class_moves_the_decision_towards_it() -> None:
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 0.0, 1.0, 1.0])
    plain = fit(x, y, ("a",), l2=1.0)
    weighted = fit(x, y, ("a",), l2=1.0, positive_weight=8.0)
    border = np.array([1.5])
    assert abs(plain.probability(border) - 0.5) < 0.01  # halfway between the classes
    assert weighted.probability(border) > 0.8


def test_an_unknown_name_counts_as_specific_from_four_letters() -> None:
    words = Vocabulary.of(["We quantize large language models (LLMs) to 4 bits."])

    def read(text: str) -> Query:
        weights = {t.stem: 1.0 for t in terms(text)}
        return read_query(text, weights, {"quantiz": 1.0, "llm": 1.0}, words)

    named = read("QLoRA: finetuning quantized LLMs")
    assert named.entity == 1.0 and named.specific == 1.0
    generic = read("quantized LLMs for an IR")  # a short abbreviation may be spelled out
    assert generic.entity == 1.0 and generic.specific == 0.0
    known = read("quantized LLMs")
    assert known.entity == 0.0 and known.specific == 0.0


def test_papers_past_the_drop_in_coverage_are_marked() -> None:
    nothing = dict.fromkeys(SHARED, 0.0)
    rows = {
        pid: paper_row(nothing, relevance, cover, 0.5, 0.5, False)
        for pid, relevance, cover in [("a", 0.8, 0.9), ("b", 0.7, 0.85), ("c", 0.6, 0.2)]
    }
    column = PAPER_FEATURES.index("cover_gap")
    assert [float(row[column]) for row in table(rows).values()] == [0.0, 0.0, 1.0]


def test_how_far_each_paper_falls_behind_the_closest_in_meaning_is_marked() -> None:
    nothing = dict.fromkeys(SHARED, 0.0)
    rows = {
        pid: paper_row(nothing, 0.5, cover, cosine, sentence, False)
        for pid, cover, cosine, sentence in [
            ("a", 0.9, 0.8, 0.6), ("b", 1.0, 0.5, 0.7), ("c", 0.4, 0.2, 0.1),
        ]
    }  # fmt: skip

    def behind(name: str) -> list[float]:
        column = PAPER_FEATURES.index(f"{name}_behind")
        return [round(float(row[column]), 2) for row in table(rows).values()]

    assert behind("sentence") == [0.1, 0.0, 0.6]
    assert behind("cosine") == [0.0, 0.3, 0.6]
    assert behind("coverage") == [0.1, 0.0, 0.6]
