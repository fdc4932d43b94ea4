"""The stem -> papers matrix finds exactly the papers a set per stem would."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from retrieval.stems import StemIndex

STEMS = st.sampled_from(["graph", "fpga", "quantiz", "spars", "llm", "stencil", "mesh", "x"])
TEXTS = st.lists(st.lists(STEMS, max_size=12), min_size=1, max_size=8)


@given(TEXTS, st.lists(st.one_of(STEMS, st.just("absent")), max_size=4))
def test_rows_and_counts_match_sets(texts: list[list[str]], asked: list[str]) -> None:
    index = StemIndex()
    for text in texts:
        index.add_paper(text)
    expected = [row for row, text in enumerate(texts) if asked and set(asked) <= set(text)]
    assert index.rows(asked).tolist() == expected
    for stem in [*asked, "absent"]:
        assert index.count(stem) == sum(stem in text for text in texts)
