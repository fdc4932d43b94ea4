"""Papers asked for by what they build on: the other listed papers that write its name."""

from __future__ import annotations

import pytest

from retrieval.answers.routes.builds_on import MENTIONED, UNMENTIONED
from retrieval.engine import Engine
from tests.conftest import FakeEmbedder, engine_over
from tests.retrieval.shown import shown

PAPERS = {
    "Quill: A Compiler for Sparse Tensor Algebra": "We present Quill, a compiler that "
    "generates sparse tensor kernels from a declarative format language.",
    "Sparse Kernels on GPUs at Scale": "We extend Quill to GPUs and generate sparse "
    "tensor kernels for thousands of cores.",
    "A Benchmark of Sparse Tensor Compilers": "We compare five sparse tensor compilers, "
    "including Quill, on forty kernels.",
    "Dense Stencils for Weather Codes": "We tune dense stencil kernels for weather and "
    "climate models on CPUs.",
}


@pytest.fixture(scope="module")
def quill(fake_embedder: FakeEmbedder, tmp_path_factory: pytest.TempPathFactory) -> Engine:
    """An engine over four papers, two of which write the name of the first."""
    rows = [
        {"title": title, "abstract": abstract, "year": 2023, "subjects": ["cs.PL"],
         "authors": ["Ada Lovelace"]}
        for title, abstract in PAPERS.items()
    ]  # fmt: skip
    return engine_over(rows, tmp_path_factory.mktemp("quill"), fake_embedder)


@pytest.mark.parametrize(
    "question",
    ["Which papers build on Quill?", "Is there any work citing Quill?",
     "Which of these build on Quill?",
     "Which ones compare themselves against Quill?"],
)  # fmt: skip
def test_the_papers_that_write_the_name_are_the_answer(quill: Engine, question: str) -> None:
    answer = quill.ask(question)
    assert set(shown(answer)) == {"Sparse Kernels on GPUs at Scale",
                                  "A Benchmark of Sparse Tensor Compilers"}  # fmt: skip
    assert MENTIONED.format("Quill") in answer.notes


def test_none_writing_the_name_is_said_with_the_closest_as_closest(engine: Engine) -> None:
    # the named paper was its own answer, as if it built on itself
    answer = engine.ask("Which papers build on GPTQ?")
    assert answer.abstained and not shown(answer)
    closest = [r.paper.title for r in answer.closest]
    assert closest and not any(title.startswith("GPTQ") for title in closest)
    assert UNMENTIONED.format("GPTQ") in answer.notes


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # one paper described by what it has, and the asker's own use: the paper itself
        ("Which paper uses HammingMesh topology for training clusters?", "HammingMesh"),
        ("I want to use GPTQ. Which paper explains it?", "GPTQ"),
        ("Does GPTQ use second-order information?", "GPTQ"),
        # a name in words of English, or asked with more: searched as a topic
        ("Which papers use neural graph databases?", "Neural Graph Databases"),
        ("Any research applying SAGMAN to recommendation systems?", "SAGMAN"),
        ("Papers using GPTQ-style quantization?", "GPTQ"),
    ],
)  # fmt: skip
def test_a_paper_named_as_what_it_is_stays_the_answer(
    engine: Engine, question: str, first: str
) -> None:
    assert shown(engine.ask(question))[0].startswith(first)


def test_two_papers_named_as_used_are_both_shown(engine: Engine) -> None:
    # both were set aside, and "which papers use or" was searched
    assert {"GPTQ", "FLIQS"} <= {
        t.split(":")[0] for t in shown(engine.ask("Which papers use GPTQ or FLIQS?"))
    }
