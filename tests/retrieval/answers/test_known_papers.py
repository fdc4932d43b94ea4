"""A listed paper the question names only to set it aside.

Every question here was written for these tests.
"""

from __future__ import annotations

import pytest

from retrieval.answers.router import SET_ASIDE
from retrieval.engine import Engine
from tests.retrieval.shown import shown


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("I'm aware Polynormer is in the list. Is there another graph transformer paper here?",
         "Polynormer"),
        ("Besides HammingMesh, which paper studies network performance variability in clouds?",
         "HammingMesh"),
        ("Apart from Radial Networks, any other paper on making LLM inference faster?",
         "Radial Networks"),
        ("I've already read GPTQ. Is there also a paper that prunes LLM weights to 50% sparsity?",
         "GPTQ"),
        ("Polynormer aside, any other graph transformers?", "Polynormer"),
        ("I have read GPTQ. Which quantization papers should I read next?", "GPTQ"),
        ("I finished GPTQ. Which quantization papers should we study afterwards?", "GPTQ"),
        ("I just finished GPTQ. Which papers should we read about quantization?", "GPTQ"),
        ("What else has Hoefler written besides GPTQ?", "GPTQ"),
        ("Papers by Zhang on graphs, but skip GARNET.", "GARNET"),
        ("quantization papers, drop GPTQ", "GPTQ"),
        ("graph transformers, ignoring Polynormer", "Polynormer"),
        ("any other graph transformer, skipping Polynormer?", "Polynormer"),
        # the paper asked for is defined by what it is to the named one
        ("Which paper is the predecessor of Allo?", "Allo"),
        ("Is there a follow-up to GPTQ in the list?", "GPTQ"),
        ("What did the same authors as HammingMesh publish on cloud network noise?",
         "HammingMesh"),
    ],
)  # fmt: skip
def test_a_paper_named_as_known_is_not_the_answer(engine: Engine, question: str, name: str) -> None:
    answer = engine.ask(question)
    assert not any(title.startswith(name) for title in shown(answer))
    assert SET_ASIDE.format(name) in answer.notes


def test_the_rest_of_the_question_is_answered(engine: Engine) -> None:
    clouds = engine.ask("Besides HammingMesh, which paper studies network performance in clouds?")
    assert shown(clouds)[0].startswith("Noise in the Clouds")
    faster = engine.ask(
        "Apart from Radial Networks, any other paper on making LLM inference faster?"
    )
    assert not faster.abstained  # once, the whole clause was read as what to leave out
    same = engine.ask("What did the same authors as HammingMesh publish on cloud network noise?")
    assert shown(same)[0].startswith("Noise in the Clouds")
    hoefler = engine.ask("What else has Hoefler written besides GPTQ?")
    everything = engine.ask("What has Hoefler written?")
    assert len(shown(hoefler)) == len(shown(everything)) - 1


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("I know GPTQ is listed. Is there another quantization paper?",
         "Any other quantization paper besides GPTQ?"),
        ("I've read GPTQ already. Which other papers quantize models?",
         "Which papers quantize models, other than GPTQ?"),
    ],
)  # fmt: skip
def test_a_statement_naming_the_known_paper_is_no_part_of_the_ask(
    engine: Engine, question: str, plain: str
) -> None:
    # "I know is listed" was searched with the ask, and the first abstained.
    answer = engine.ask(question)
    assert shown(answer) and shown(answer) == shown(engine.ask(plain))
    assert not any(title.startswith("GPTQ") for title in shown(answer))


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Give me every quantization paper, GPTQ included.", "GPTQ"),  # kept
        ("Which paper proposes GPTQ and also evaluates on OPT?", "GPTQ"),  # one clause
        # "second" as in "second-order" asks for no second paper
        ("which paper does quantization with second-order information? the GPTQ thing", "GPTQ"),
    ],
)
def test_a_named_paper_the_question_keeps_is_answered(
    engine: Engine, question: str, first: str
) -> None:
    answer = engine.ask(question)
    assert shown(answer)[0].startswith(first)
    assert not any(note.endswith("asks beyond it.") for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "name", "topic"),
    [
        ("Give me all the quantization papers, GPTQ included.", "GPTQ",
         "Which listed papers quantize models?"),
        ("List every quantization paper, including GPTQ.", "GPTQ",
         "Which listed papers quantize models?"),
        ("Show me all the weather papers, ENS-10 included.", "ENS-10",
         "Which papers are about weather?"),
        # a name said to be included asks for a list, however the rest is worded
        ("Number formats are my thing. Whatever is on low-precision arithmetic, FLIQS"
         " included.", "FLIQS", "Which papers are about low-precision arithmetic?"),
        # the name, then the others beside it
        ("Give me GPTQ plus all the other quantization papers.", "GPTQ",
         "Which listed papers quantize models?"),
        ("Show ENS-10 and the other weather papers.", "ENS-10",
         "Which papers are about weather?"),
    ],
)  # fmt: skip
def test_a_list_that_names_an_example_shows_it_with_the_rest_of_its_topic(
    engine: Engine, question: str, name: str, topic: str
) -> None:
    # searched with the name, the named paper's own words left it alone in the list
    answer, plain = shown(engine.ask(question)), shown(engine.ask(topic))
    assert any(title.startswith(name) for title in answer)
    others = [title for title in plain if not title.startswith(name)]
    assert len(others) >= 2 and set(others) <= set(answer)


def test_a_paper_the_asked_papers_relate_to_is_no_example(engine: Engine) -> None:
    # the topic alone ("which papers build on") ranks GPTQ far down: GPTQ is what the
    # papers relate to, and the question is searched with its name
    answer = engine.ask("Which papers build on GPTQ as well?")
    assert shown(answer)[0].startswith("GPTQ")


def test_every_name_joined_to_one_set_aside_leaves_the_answer(engine: Engine) -> None:
    answer = engine.ask("Besides GPTQ and FLIQS, which papers do quantization?")
    assert shown(answer)
    assert not any(title.startswith(("GPTQ", "FLIQS")) for title in shown(answer))
    assert {SET_ASIDE.format("GPTQ"), SET_ASIDE.format("FLIQS")} <= set(answer.notes)


def test_a_named_example_is_never_lost_when_its_topic_alone_finds_nothing(
    engine: Engine,
) -> None:
    # without the name the topic abstained, and the named paper went with it
    answer = engine.ask("Papers on network performance and interconnects, along with HammingMesh.")
    assert any(title.startswith("HammingMesh") for title in shown(answer))


def test_a_named_example_outside_the_years_asked_for_is_still_shown(engine: Engine) -> None:
    # the topic within the years, and the paper the question says to include
    answer = engine.ask("2024 quantization papers, GPTQ included.")
    titles = shown(answer)
    assert any(title.startswith("GPTQ") for title in titles) and len(titles) >= 2


def test_an_ask_for_more_than_a_paper_alone_gets_the_papers_nearest_it(engine: Engine) -> None:
    # with the paper set aside nothing was left to search, and the answer abstained
    answer = engine.ask("I've read Allo. What should I study next?")
    like = engine.ask("Which papers are similar to Allo?")
    assert shown(answer) and shown(answer) == shown(like)
    assert SET_ASIDE.format("Allo") in answer.notes
    # asked by what it is to the paper, not by its content: nothing to show for it
    assert engine.ask("Which paper is the predecessor of Allo?").abstained


def test_an_authors_paper_set_aside_leaves_out_the_paper_not_the_author(
    engine: Engine,
) -> None:
    # "Hoefler's" after "apart from" had left out every paper of his, and abstained
    answer = engine.ask("Apart from Hoefler's GPTQ, which 2023 papers did he write?")
    assert shown(answer) and not any(title.startswith("GPTQ") for title in shown(answer))
    assert all("Torsten Hoefler" in r.paper.authors for r in answer.results + answer.more)
    # his papers, not a paper of his: the author is left out, as before
    unlike = engine.ask("Which graph papers are there, except Zhang's?")
    assert not any("Zhiru Zhang" in r.paper.authors for r in unlike.results + unlike.more)


def test_a_paper_the_asker_has_not_read_stays_an_answer_to_what_to_read(engine: Engine) -> None:
    answer = engine.ask("My professor recommended Polynormer. What should I read?")
    assert shown(answer) and shown(answer)[0].startswith("Polynormer")


@pytest.mark.parametrize(
    "question",
    ["I read the GPTQ blog post. What should I read to get the real details?",
     "I loved the Allo talk at the conference. What should I read?",
     "I have read the abstract of HammingMesh. Which paper should I read for the details?"],
)  # fmt: skip
def test_reading_about_a_paper_is_not_reading_it(engine: Engine, question: str) -> None:
    assert not any(SET_ASIDE.split("”")[1] in note for note in engine.ask(question).notes)
