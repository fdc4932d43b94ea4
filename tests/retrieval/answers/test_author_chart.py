"""The author chart: a PNG of papers per year, stacked by primary subject."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from retrieval.answers.author_chart import OTHER, render_chart, year_counts
from retrieval.engine import Engine
from retrieval.models import Paper


def paper(n: int, year: int, subject: str) -> Paper:
    return Paper(f"p{n}", f"Title {n}", "", year, (subject,), ("A. Author",))


def pixels(png: bytes) -> np.ndarray:
    """Decode a PNG into an RGB array (Pillow, as matplotlib brings it)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return np.asarray(image.convert("RGB"))


def coloured(array: np.ndarray) -> int:
    """Return how many pixels are neither white, grey nor black: the bars."""
    spread = array.max(axis=2).astype(int) - array.min(axis=2).astype(int)
    return int((spread > 60).sum())


def test_author_chart_of_a_real_author_is_a_readable_png(fake_engine: Engine) -> None:
    png = fake_engine.author_chart("hoefler")
    array = pixels(png)
    assert array.shape == (450, 800, 3)  # Discord shows it at about half this size
    assert len(png) < 200_000  # far below Discord's 10 MiB per file
    assert coloured(array) > 20_000  # 18 papers in two years: two tall stacked bars


def test_one_paper_draws_one_bar_and_none_says_no_papers() -> None:
    one = pixels(render_chart("Ada Lovelace", [paper(1, 2021, "cs.LG")], "1 listed paper"))
    none = pixels(render_chart("Nobody", [], "0 listed papers"))
    assert coloured(one) > 5_000  # one bar of one colour
    spread = one.max(axis=2).astype(int) - one.min(axis=2).astype(int)
    assert (spread > 60).any(axis=0).sum() < 200  # a bar ~110 px wide and its legend key
    assert coloured(none) == 0 and (none < 128).any()  # no bars, but the words are drawn


def test_years_without_papers_count_zero_and_rare_subjects_become_other() -> None:
    papers = [paper(n, 2019 + 3 * (n % 2), f"cs.{c}") for n, c in enumerate("ABCDEFGA")]
    years, stacks = year_counts(papers)
    assert years == [2019, 2020, 2021, 2022]
    assert list(stacks) == ["cs.A", "cs.B", "cs.C", "cs.D", "cs.E", OTHER]
    assert stacks["cs.A"] == [1, 0, 0, 1] and sum(map(sum, stacks.values())) == len(papers)


def test_many_papers_draw_in_one_small_png() -> None:
    papers = [paper(n, 1991 + n % 35, f"cs.X{n % 40}") for n in range(20_000)]
    png = render_chart("Prolific", papers, "20000 listed papers")
    assert pixels(png).shape == (450, 800, 3) and len(png) < 200_000
