"""Cards and embeds at Discord's limits: long titles and abstracts, many authors, Unicode."""

from __future__ import annotations

import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.embeds import to_embed
from bot.render import (
    DESCRIPTION_LIMIT,
    EMBED_TOTAL_LIMIT,
    FIELD_VALUE_LIMIT,
    TITLE_LIMIT,
    answer_card,
    author_card,
    clip,
    escape,
    quote,
)
from retrieval.models import (
    Answer,
    AuthorSummary,
    PaperRef,
    Result,
    Subject,
    SubjectCount,
)
from retrieval.search.snippets import mark

LINK = re.compile(r"\[(?:\\.|[^\]\\])*\]\(https://[^)\s]+\)")


def paper(title: str = "A Title", authors: int = 1) -> PaperRef:
    subject = Subject("cs.LG", "Machine Learning", "https://arxiv.org/list/cs.LG/recent")
    names = tuple(f"Author Number {n} With A Long Name" for n in range(authors))
    return PaperRef("p000000000000", title, 2024, names, (subject,) * 3, "https://arxiv.org/x")


def result(title: str, snippet: str, authors: int = 1) -> Result:
    return Result(paper(title, authors), 0.5, mark(snippet, {"quantiz": 1.0, "bit": 1.0}))


def balanced(markdown: str) -> bool:
    """Bold markers pair up and every link is whole."""
    without_links = LINK.sub("", markdown)
    unescaped = re.sub(r"\\.", "", without_links)
    return unescaped.count("**") % 2 == 0 and "](" not in unescaped


def test_long_titles_abstracts_and_many_authors_fit_every_limit() -> None:
    title = "Quantization " * 60
    snippet = "We quantize weights to 4 bits. " * 200
    answer = Answer(
        question="why " * 200,
        mode="hybrid",
        abstained=False,
        results=tuple(result(title, snippet, authors=300) for _ in range(10)),
    )
    card = answer_card(answer, shown=10)
    embed = to_embed(card)
    assert len(embed.title or "") <= TITLE_LIMIT
    assert len(embed.description or "") <= DESCRIPTION_LIMIT and len(embed) <= EMBED_TOTAL_LIMIT
    assert balanced(card.description)
    for block in card.description.split("\n\n"):
        assert block.startswith("**") and "…" in block  # each paper whole, long text clipped


def test_quote_is_cut_at_a_word_never_inside_bold_or_link() -> None:
    text = "Short words then a very " + "quantized " * 80 + "end."
    snippet = mark(text, {"quantiz": 1.0})
    rendered = quote(snippet, limit=120)
    assert rendered.startswith("> ") and rendered.endswith("…")
    assert len(rendered) < 120 * 3 and balanced(rendered)
    assert not rendered[:-1].endswith(" ")


def test_unicode_and_latex_survive_and_markdown_is_escaped() -> None:
    text = "Spin glasses at $\\mu$-Kelvin use *stars* and _under_ ~tilde~ — 温度 4 bits."
    rendered = quote(mark(text, {"bit": 1.0}))
    assert "温度" in rendered and "\\*stars\\*" in rendered and "**bits**" in rendered
    assert "$\\\\mu$" in rendered  # the backslash itself is escaped, so LaTeX shows verbatim


def test_mentions_are_defused_when_echoed() -> None:
    assert "@everyone" not in escape("ping @everyone and @here")
    card = answer_card(Answer("hello @everyone", "hybrid", True, ()), 3)
    assert "@everyone" not in card.title


def test_author_card_with_many_subjects_fits() -> None:
    subjects = tuple(
        SubjectCount(Subject(f"cs.X{n}", "Name " * 10, f"https://arxiv.org/list/cs.X{n}/recent"), 1)
        for n in range(200)
    )
    summary = AuthorSummary(
        "Ada Lovelace", 200, 2020, 2024, {2020: 200}, subjects, ("engines",) * 5,
        (paper(),) * 3, paper(), "200 papers, from page 1 of a listing of at least 900 records",
    )  # fmt: skip
    embed = to_embed(author_card(summary))
    assert len(embed) <= EMBED_TOTAL_LIMIT
    value = next(f.value for f in embed.fields if f.name == "Subjects")
    assert value and len(value) <= FIELD_VALUE_LIMIT and value.endswith("more")
    assert all(LINK.fullmatch(line.split(" ", 1)[0]) for line in value.splitlines()[:-1])


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=3000), st.integers(min_value=10, max_value=2000))
def test_clip_never_exceeds_its_limit(text: str, limit: int) -> None:
    clipped = clip(text, limit)
    assert len(clipped) <= limit
    assert clipped == text or clipped.endswith("…")


def test_each_result_says_why_it_matched_and_which_words() -> None:
    tagged = replace(result("GPTQ", "We quantize weights to 4 bits."), why="both")
    tagged = replace(tagged, terms=("quantize", "bits"))
    card = answer_card(Answer("q", "hybrid", False, (tagged,)))
    assert "*matched: both* · quantize, bits" in card.description
    untagged = answer_card(Answer("q", "hybrid", False, (result("GPTQ", "No tag."),)))
    assert "matched:" not in untagged.description


def test_a_question_of_several_lines_is_a_one_line_title() -> None:
    answer = Answer("quick one\nwhich papers are from 2022\nthanks", "hybrid", False, ())
    assert answer_card(answer).title == "“quick one which papers are from 2022 thanks”"
