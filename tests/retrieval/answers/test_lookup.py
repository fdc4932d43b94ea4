"""Paper lookup by title (typos, fragments), autocomplete, and author summaries (fake model)."""

from __future__ import annotations

import pytest

from bench.paper_typos import UNLISTED
from retrieval.engine import Engine
from retrieval.errors import NotFoundError, QueryError


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("sagman", "SAGMAN: Stability Analysis of Graph Neural Networks on the Manifolds"),
        ("gptq acurate post-trainig quantisation", "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"),
        ("spatial mixture of expert", "Spatial Mixture-of-Experts"),
        ("NEURAL GRAPH DATABASES", "Neural Graph Databases"),
        ("t-distributions", "Learning from Students: Applying t-Distributions to Explore Accurate and Efficient Formats for LLMs"),
        # The last word as it is being typed, at any length.
        ("GPTQ: Ac", "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"),
        ("gpt", "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"),
        ("Binarized Neu", "Binarized Neural Machine Translation"),
        # Several titles have the word: the one that starts with it.
        ("Performance", "Performance Embeddings: A Similarity-based Approach to Automatic Performance Optimization"),
        ("efficient", "Efficient RDMA Communication Protocols"),
        # a name typed apart, its digits apart, accents and full-width letters: not found
        ("hamming mesh", "HammingMesh: A Network Topology for Large-Scale Deep Learning"),
        ("ENS10", "ENS-10: A Dataset For Post-Processing Ensemble Weather Forecasts"),
        ("Pólynormér", "Polynormer: Polynomial-Expressive Graph Transformer in Linear Time"),
        ("ＧＰＴＱ", "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"),
    ],
)  # fmt: skip
def test_paper_is_found_by_fragment_or_with_typos(
    fake_engine: Engine, query: str, title: str
) -> None:
    detail = fake_engine.paper(query)
    assert detail.paper.title == title
    assert detail.abstract and len(detail.related) == 3
    assert detail.paper.id not in {r.id for r in detail.related}
    assert detail.paper.url.startswith("https://arxiv.org/search/?query=")
    assert all(s.url == f"https://arxiv.org/list/{s.code}/recent" for s in detail.paper.subjects)


def test_unknown_title_suggests_nothing_wrong(fake_engine: Engine) -> None:
    with pytest.raises(NotFoundError, match="no paper title matches"):
        fake_engine.paper("zzqx unrelated words")
    with pytest.raises(NotFoundError) as error:  # a long query is not repeated in full
        fake_engine.paper("zzqx " * 2000)
    assert len(str(error.value)) < 200 and "…" in str(error.value)
    with pytest.raises(QueryError, match="three characters"):
        fake_engine.paper("a")


def _typed(title: str, n: int) -> str:
    """A way of typing a title: some of its words, one cut short, one misspelled."""
    words = title.replace(":", " ").split()
    kept = words[n % 3 :][: 2 + n % 4]
    if n % 2 and kept and len(kept[-1]) > 5:
        kept[-1] = kept[-1][:4]  # a prefix, as autocomplete sees it
    if n % 5 == 0 and kept and len(kept[0]) > 4:
        kept[0] = kept[0][0] + kept[0][2:]  # a letter dropped
    return " ".join(kept)


def test_scoring_only_titles_with_a_typed_word_finds_what_scoring_all_finds(
    fake_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    lookup = fake_engine.lookup
    titles = list(lookup._titles.values())
    queries = [_typed(t, n) for n, t in enumerate(titles * 4) if _typed(t, n)]
    queries += [max(t.split(), key=len)[:5] for t in titles]  # one word, being typed
    queries += ["attention is all you need", "deep residual learning", "zzqx", "graph", "the of"]

    def found(query: str) -> object:
        try:
            detail = lookup.paper(query)
        except (NotFoundError, QueryError) as error:
            return type(error).__name__
        return detail.paper.id, detail.match_score, detail.alternatives

    fast = [found(q) for q in queries]
    monkeypatch.setattr(type(lookup), "_candidates", lambda self, words, least: self._title_ids)
    assert fast == [found(q) for q in queries]
    assert sum(isinstance(f, tuple) for f in fast) > len(queries) / 2  # most are found


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("alo programming model", "Allo: A Programming Model for Composable Accelerator Design"),
        ("efficient rdme communication protocols", "Efficient RDMA Communication Protocols"),
        ("python fpgb programming", "Python FPGA Programming with Data-Centric Multi-Level Design"),
    ],
)
def test_a_title_with_a_typo_the_strict_rule_refuses_is_found_when_it_wins_clearly(
    fake_engine: Engine, typed: str, title: str
) -> None:
    assert fake_engine.paper(typed).paper.title == title


def test_a_typo_two_titles_are_equally_close_to_is_refused(fake_engine: Engine) -> None:
    with pytest.raises(NotFoundError, match="not in the list"):  # two titles have "FPGA"
        fake_engine.paper("fpgb")


@pytest.mark.parametrize("title", UNLISTED)
def test_famous_titles_that_are_not_listed_are_still_refused(
    fake_engine: Engine, title: str
) -> None:
    with pytest.raises(NotFoundError, match="not in the list"):
        fake_engine.paper(title)


def test_a_title_typed_without_spaces_is_offered_as_the_closest(fake_engine: Engine) -> None:
    with pytest.raises(NotFoundError) as error:
        fake_engine.paper("EfficientRDMACommunicationProtocols")
    assert error.value.suggestions[0] == "Efficient RDMA Communication Protocols"


def test_the_word_paper_after_a_title_is_not_part_of_it(fake_engine: Engine) -> None:
    assert fake_engine.paper("the Neural Graph Databases paper").paper.title == (
        "Neural Graph Databases"
    )


def test_related_papers_are_similar_in_topic(fake_engine: Engine) -> None:
    related = [p.title for p in fake_engine.paper("GARNET").related]
    assert any("Graph" in t or "GNN" in t for t in related)


def test_autocomplete_caps_at_25_and_prefers_prefix_matches(fake_engine: Engine) -> None:
    assert len(fake_engine.complete_titles("", 25)) == 25
    found = fake_engine.complete_titles("fpga", 25)
    assert found[0] == "Python FPGA Programming with Data-Centric Multi-Level Design"
    assert len(found) <= 25 and all("FPGA" in t for t in found[:3])
    assert fake_engine.complete_titles("quant")[0].casefold().find("quant") >= 0
    assert fake_engine.complete_authors("hoe") == ["Torsten Hoefler"]


@pytest.mark.parametrize(
    "name",
    ["Torsten Hoefler", "hoefler", "HOEFLER", "Torsten Hofler", "hoeffler", "T. Hoefler",
     "Prof. Hoefler", "hoefler's", "Hoefler Torsten", "Torsen Hoefler", "Dr Torsten Hoefler"],
)  # fmt: skip
def test_author_summary(fake_engine: Engine, name: str) -> None:
    summary = fake_engine.author(name)
    assert summary.name == "Torsten Hoefler" and summary.count == 18
    assert (summary.year_min, summary.year_max) == (2022, 2023)
    assert summary.year_counts == {2022: 13, 2023: 5}
    assert {s.subject.code: s.count for s in summary.subjects} == {
        "cs.DC": 7, "cs.LG": 5, "cs.SE": 1, "cs.ET": 1, "cs.DS": 1, "cs.NI": 1, "quant-ph": 1, "cs.CR": 1,
    }  # fmt: skip
    assert summary.subjects[0].subject.name == "Distributed, Parallel, and Cluster Computing"
    assert 3 <= len(summary.themes) <= 5 and len(set(summary.themes)) == len(summary.themes)
    assert len(summary.representative) == 3
    assert summary.most_recent is not None and summary.most_recent.year == 2023
    assert summary.coverage == "18 papers, from page 10 of a listing of at least 181 records"


def test_unknown_author_lists_known_authors_closest_first(fake_engine: Engine) -> None:
    with pytest.raises(NotFoundError) as error:
        fake_engine.author("Zhiru Zhao")
    assert error.value.suggestions[0] == "Zhiru Zhang"
    assert set(error.value.suggestions) == {"Zhiru Zhang", "Torsten Hoefler"}


@pytest.mark.parametrize(
    ("name", "meant"), [("Wei Zhang", "Zhiru Zhang"), ("Michael Hoefler", "Torsten Hoefler")]
)
def test_another_given_name_is_someone_else(fake_engine: Engine, name: str, meant: str) -> None:
    # "Wei Zhang" got Zhiru Zhang's card, and `--author "Wei Zhang"` his papers, silently.
    with pytest.raises(NotFoundError) as error:
        fake_engine.author(name)
    assert str(error.value) == f"no listed author is named '{name}'"
    assert error.value.suggestions == (meant,)


def test_an_author_typed_with_an_umlaut_is_found(engine: Engine) -> None:
    # "Höfler" was "no listed author matches", where a question with it found him.
    assert engine.author("Höfler").name == "Torsten Hoefler"
    assert engine.author("TORSTEN HÖFLER").name == "Torsten Hoefler"
