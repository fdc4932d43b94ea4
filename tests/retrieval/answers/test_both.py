"""Papers asked for about two things at once ("both A and B").

Every question here was written for these tests.
"""

from __future__ import annotations

import re

import pytest

from retrieval.answers.both import Both, both_parts
from retrieval.engine import Engine
from retrieval.models import UNSURE


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("which papers are about both sparsity and compilers?", ("sparsity", "compilers")),
        ("anything covering both GPUs as well as weather models", ("GPUs", "weather models")),
        # where two fields meet, in quotes or not, up to a spaced dash
        ("work at the intersection of HPC and weather?", ("HPC", "weather")),
        ("the overlap between 'graphs' and 'FPGAs' - any?", ("graphs", "FPGAs")),
        ("Background first. Any work on both FPGAs & HLS tools?", ("FPGAs", "HLS tools")),
        ("list papers that handle both graph mining and databases, please",
         ("graph mining", "databases")),
        # what the papers write, both names in one abstract
        ("any abstract that names both GPT-2 and A100?", ("GPT-2", "A100", True)),
        ("which ones mention both PyTorch as well as Xilinx", ("PyTorch", "Xilinx", True)),
    ],
)  # fmt: skip
def test_the_two_things_asked_for_at_once_are_read(question: str, parts: tuple) -> None:
    assert both_parts(question) == Both(*parts)


@pytest.mark.parametrize(
    "question",
    [
        "which papers by both authors are about FPGAs?",  # "both" of people, no "and"
        "Zhang and Hoefler both wrote on graphs: which ones?",
        "We use both of them and like it. Which paper quantizes GPT models?",
        # "both" tells of one paper's details, not of two things asked for
        "a scheduler that cuts both latency and power for servers",
        "checking a GPU ran the right code when both its host and its driver may lie",
    ],
)
def test_both_without_two_things_asked_for_is_no_conjunction(question: str) -> None:
    assert both_parts(question) is None


@pytest.mark.parametrize(
    "question",
    [
        "papers on both quantization and FPGAs",
        # what they write: the models' list had held FPGA papers that never quantize
        "which papers mention both quantization and FPGAs?",
    ],
)
def test_a_list_about_both_keeps_only_the_papers_about_both(engine: Engine, question: str) -> None:
    # The FPGA programming paper alone had been listed with the quantized FPGA one.
    answer = engine.ask(question)
    shown = {r.paper.title for r in answer.results + answer.more}
    assert shown and not answer.abstained
    assert shown <= _writing(engine, r"quantiz\w*") & _writing(engine, "FPGA")
    alone = engine.ask("papers on quantization and FPGAs")  # either: more papers
    assert len(alone.results + alone.more) > len(shown)


def test_no_paper_about_both_is_said_and_not_sure(engine: Engine) -> None:
    answer = engine.ask("which papers are about both weather forecasting and binary neural nets?")
    assert any(
        note.startswith("No listed paper was found to be about both") for note in answer.notes
    )
    assert UNSURE in answer.notes


def test_an_acronym_part_is_searched_as_the_long_form_the_abstracts_give(engine: Engine) -> None:
    # "LLMs" alone found nothing about both: GPTQ writes "generative pre-trained
    # transformers" and "large language models", never "LLM"
    answer = engine.ask("any papers about both LLMs and quantization?")
    assert not any(note.startswith("No listed paper was found") for note in answer.notes)
    assert answer.results and answer.results[0].paper.title.startswith("GPTQ")


def test_the_word_for_where_two_topics_meet_is_no_topic(engine: Engine) -> None:
    # "overlap", in no abstract, had outweighed both topics, and the question abstained
    answer = engine.ask("the intersection of LLMs and quantization")
    shown = [r.paper.title for r in answer.results + answer.more]
    assert not answer.abstained and shown[0].startswith("GPTQ")


def test_an_authors_papers_about_both_keep_only_those(engine: Engine) -> None:
    answer = engine.ask("Zhang's papers about both FPGAs and quantization")
    shown = answer.results + answer.more
    assert shown and all("Zhiru Zhang" in r.paper.authors for r in shown)
    for result in shown:
        abstract = engine.paper_by_id(result.paper.id).abstract
        assert "fpga" in f"{result.paper.title} {abstract}".casefold()


def test_not_a_sure_match_is_said_once(engine: Engine) -> None:
    answer = engine.ask("anything about both RDMA and GPUs?")
    assert answer.notes.count(UNSURE) == 1


def test_no_paper_writing_both_names_is_said_in_those_words(engine: Engine) -> None:
    # each name is in some abstract, never both in one: the answer had been an unsure list
    # with no word on why
    answer = engine.ask("which abstracts mention both BERT and ImageNet?")
    assert "No listed paper mentions both “BERT” and “ImageNet”; these mention one." in answer.notes
    assert UNSURE in answer.notes


def test_both_listed_papers_named_are_shown_as_asked(engine: Engine) -> None:
    # two papers named by their names are no two topics a paper must be about at once
    answer = engine.ask("Tell me about both GPTQ and Slapo")
    titles = {r.paper.title.split(":")[0] for r in answer.results}
    assert titles == {"GPTQ", "Slapo"}
    assert not any(note.startswith("No listed paper") for note in answer.notes)


def _writing(engine: Engine, word: str, year: int | None = None) -> set[str]:
    return {
        p.title
        for p in engine.searcher.index.papers.values()
        if re.search(rf"(?<!\w){word}s?(?!\w)", f"{p.title}. {p.abstract}", re.I)
        and year in (None, p.year)
    }


def test_a_plain_name_written_but_never_beside_the_other_is_said_so(engine: Engine) -> None:
    # "Gurobi" (one capital) is no name the search reads: the note had said "about both"
    mlir, gurobi = _writing(engine, "MLIR"), _writing(engine, "Gurobi")
    assert mlir and gurobi and not mlir & gurobi
    answer = engine.ask("which papers mention both MLIR and Gurobi?")
    assert "No listed paper mentions both “MLIR” and “Gurobi”; these mention one." in answer.notes


def test_a_name_no_paper_writes_beside_one_some_do_is_said_unlisted(engine: Engine) -> None:
    answer = engine.ask("which papers mention both CLIP and GPT?")
    assert "No listed paper mentions “CLIP”." in answer.notes and UNSURE in answer.notes


def test_the_years_before_a_mention_of_both_keep_the_papers_writing_both(engine: Engine) -> None:
    # "2024" had been read as a topic before the verb, and the models kept one of two
    answer = engine.ask("2024 papers that mention both GPU and FPGA")
    writing = _writing(engine, "GPU", 2024) & _writing(engine, "FPGA", 2024)
    assert writing and {r.paper.title for r in answer.results + answer.more} == writing
