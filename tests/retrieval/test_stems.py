"""Compact stem sets answer exactly as frozensets of the same stems would."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from retrieval.snippets import coverage
from retrieval.stems import StemIndex

STEMS = st.sampled_from(["graph", "fpga", "quantiz", "spars", "llm", "stencil", "mesh", "x"])
TEXTS = st.lists(st.lists(STEMS, max_size=12), min_size=1, max_size=8)
WEIGHTS = st.dictionaries(st.one_of(STEMS, st.just("absent")), st.floats(0, 5), max_size=5)


@given(TEXTS, WEIGHTS)
def test_stem_sets_match_frozensets(texts: list[list[str]], weights: dict[str, float]) -> None:
    index = StemIndex()
    compact = [index.add_paper(text) for text in texts]
    for text, stems in zip(texts, compact, strict=True):
        plain = frozenset(text)
        assert set(stems) == plain and len(stems) == len(plain)
        assert all((s in stems) == (s in plain) for s in [*weights, "absent"])
        assert abs(coverage(stems, weights) - coverage(plain, weights)) < 1e-9
    for asked in [list(weights), list(weights)[:1], []]:
        expected = [row for row, text in enumerate(texts) if asked and set(asked) <= set(text)]
        assert index.rows(asked).tolist() == expected
        if asked:
            holding = [row for row, text in enumerate(texts) if asked[0] in text]
            assert index.count(asked[0]) == len(holding)


def test_a_title_set_is_not_counted_as_a_paper() -> None:
    index = StemIndex()
    index.add_paper(["graph", "mesh"])
    title = index.stem_set(["graph", "title"])
    assert "title" in title and index.rows(["graph"]).tolist() == [0]
    assert index.count("title") == 0
