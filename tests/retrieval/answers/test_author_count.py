"""Papers by how many authors they have."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.models import Answer
from retrieval.query.asking import by_author_count
from tests.conftest import FakeEmbedder, engine_over

TEAMS = {  # title: how many authors
    "Sparse Kernels for Graph Accelerators": 5,
    "Graph Partitioning on Many Machines": 3,
    "Quantized Graph Transformers": 3,
    "A Solo Note on Weather Stencils": 1,
}


@pytest.fixture(scope="module")
def teams(fake_embedder: FakeEmbedder, tmp_path_factory: pytest.TempPathFactory) -> Engine:
    """An engine over four papers with 5, 3, 3 and 1 authors."""
    rows = [
        {"title": title, "abstract": f"We study {title.lower()} in depth.", "year": 2023,
         "subjects": ["cs.DC"], "authors": [f"Author {title[:4]} {n}" for n in range(count)]}
        for title, count in TEAMS.items()
    ]  # fmt: skip
    return engine_over(rows, tmp_path_factory.mktemp("teams"), fake_embedder)


def titles(answer: Answer) -> list[str]:
    return [r.paper.title for r in answer.results + answer.more]


def test_the_paper_with_the_most_or_fewest_authors_is_named(teams: Engine) -> None:
    most = teams.ask("which paper has the most authors?")
    assert titles(most) == ["Sparse Kernels for Graph Accelerators"]
    assert most.notes == ("By number of authors, most first: 5 on “Sparse Kernels for Graph "
                          "Accelerators”.",)  # fmt: skip
    fewest = teams.ask("the paper with the fewest co-authors")
    assert titles(fewest) == ["A Solo Note on Weather Stencils"]


def test_papers_asked_for_by_their_authors_count_are_ordered_by_it(teams: Engine) -> None:
    ordered = teams.ask("list the papers with the longest author lists")
    assert [TEAMS[t] for t in titles(ordered)] == [5, 3, 3, 1]
    # on a topic: only the graph papers, the most authors first
    graphs = teams.ask("graph papers with the fewest authors, all of them")
    assert [TEAMS[t] for t in titles(graphs)] == [3, 3, 5]


def test_a_list_naming_one_author_a_paper_says_it_cannot_tell(engine: Engine) -> None:
    # An author's listing page names only its owner: 36 papers of one author each.
    answer = engine.ask("which paper has the most authors?")
    assert answer.abstained and not titles(answer)
    assert answer.notes[0].startswith("Every paper here lists 1 author")


@pytest.mark.parametrize(
    ("question", "order"),
    [("which one has the most co-authors?", "most"),
     ("papers with the largest number of authors", "most"),
     ("the shortest author list", "fewest"),
     ("most authors here work on graphs", None),  # "most" counts the authors
     ("papers by the most cited authors", None)],
)  # fmt: skip
def test_asking_by_the_number_of_authors_is_read(question: str, order: str | None) -> None:
    assert by_author_count(question) == order
