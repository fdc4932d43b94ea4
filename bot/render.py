"""The rendering model shared by Discord embeds and the text console.

Answers become ``Card`` objects holding Discord-flavoured markdown that already fits
Discord's limits: text is cut at a word boundary with "…" *before* markdown is added,
so a cut never falls inside a marker or a link. ``bot.embeds`` turns a card into a
``discord.Embed``; ``cli.text`` turns the same card into plain text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.context import MORE_BUTTON, count_text, filters_text, page_bounds
from retrieval.models import Answer, AuthorSummary, PaperDetail, PaperRef, Result, Snippet, Summary

# Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_LIMIT = 25
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
SNIPPET_CHARS = 500  # a quoted snippet is cut to this many characters
ELLIPSIS = "…"

NOTHING_MATCHES = "Nothing in the list answers that."
MARKDOWN = re.compile(r"([\\*_~`|>\[\]#])")  # ( ) are safe: [ ] are escaped, so no link forms


@dataclass(frozen=True)
class Field:
    """A named block of a card (an embed field)."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Card:
    """A rendered reply: what an embed shows, in Discord markdown."""

    title: str
    description: str
    url: str | None = None
    fields: tuple[Field, ...] = ()
    footer: str = ""


def clip(text: str, limit: int) -> str:
    """Cut plain text to at most ``limit`` characters at a word boundary, adding "…"."""
    if len(text) <= limit:
        return text
    cut = text[: max(limit - 1, 0)]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + ELLIPSIS


def escape(text: str) -> str:
    """Escape markdown and defuse mentions in text that came from users or the corpus."""
    text = MARKDOWN.sub(r"\\\1", text)
    return text.replace("@", "@\u200b")  # "@everyone" can neither ping nor look like a ping


def link(label: str, url: str, limit: int = 200) -> str:
    """Return a markdown link with an escaped, clipped label."""
    return f"[{escape(clip(label, limit))}]({url})"


def quote(snippet: Snippet, limit: int = SNIPPET_CHARS) -> str:
    """Return a snippet as a "> " quote with matched terms in bold, cut before marking.

    An empty snippet (a paper carried for a later page, not quoted yet) is no line.
    """
    if not snippet.text:
        return ""
    text = clip(snippet.text, limit)
    kept = len(text) - (1 if text.endswith(ELLIPSIS) and text != snippet.text else 0)
    pieces, cursor = [], 0
    for start, end in snippet.highlights:
        if end > kept:
            break
        pieces.append(escape(text[cursor:start]) + "**" + escape(text[start:end]) + "**")
        cursor = end
    pieces.append(escape(text[cursor:]))
    return "> " + "".join(pieces).replace("\n", " ")


def subjects_line(paper: PaperRef) -> str:
    """Return the paper's subject codes as links to their arXiv listings."""
    return " ".join(link(s.code, s.url) for s in paper.subjects)


def authors_line(paper: PaperRef, limit: int = 120) -> str:
    """Return the attributed authors, clipped."""
    return escape(clip(", ".join(paper.authors), limit))


def result_block(number: int, result: Result) -> str:
    """Return one paper of an answer: linked title, year, subjects, authors and quote."""
    paper = result.paper
    head = f"**{number}. {link(paper.title, paper.url)}** ({paper.year})"
    meta = f"{subjects_line(paper)} · {authors_line(paper)}"
    return "\n".join(part for part in (head, meta, quote(result.snippet), why(result)) if part)


def why(result: Result) -> str:
    """Return the "matched: keyword · meaning · both" line, with the words that matched."""
    if not result.why:
        return ""
    words = ", ".join(escape(clip(term, 40)) for term in result.terms[:5])
    return f"*matched: {result.why}*" + (f" · {words}" if words else "")


def answer_card(
    answer: Answer, shown: int = 3, offset: int = 0, more_hint: str = MORE_BUTTON
) -> Card:
    """Return the card for an answer: papers ``offset`` .. ``offset + shown``.

    The description starts with the answer's notes and the filters it applied; the
    footer says how many papers matched and how to see more (``more_hint``). An author
    answer shows the author's card first and the author's papers on later pages.
    """
    header = [f"ℹ️ {escape(note)}" for note in answer.notes]
    count = count_text(answer, shown, offset, more_hint)
    if answer.author is not None and offset == 0:
        card = author_card(answer.author)
        applied = filters_text(answer.filters, with_author=False)
        lines = [*header, *([escape(applied)] if applied else []), card.description]
        return Card(card.title, "\n".join(lines), card.url, card.fields, footer(answer, count))
    applied = filters_text(answer.filters)
    header += [f"*{escape(applied)}*"] if applied else []
    title = clip(f"“{' '.join(answer.question.split())}”", TITLE_LIMIT - 2)  # one line
    if answer.abstained:
        closing = " Closest, but not a match:" if answer.closest else ""
        blocks = [*header] if answer.notes and not answer.closest else [
            *header, f"**{NOTHING_MATCHES}**{closing}"
        ]  # fmt: skip
        blocks += [result_block(n, r) for n, r in enumerate(answer.closest, start=1)]
    else:
        start, end = page_bounds(answer, shown, offset)
        page = (answer.results + answer.more)[start:end]
        if answer.summary is not None and offset == 0:
            header.append(summary_block(answer.summary))
        blocks = [*header, *(result_block(n, r) for n, r in enumerate(page, start=start + 1))]
        if not page:
            blocks.append("No more results.")
    return Card(title=escape(title), description=join_blocks(blocks), footer=footer(answer, count))


def summary_block(summary: Summary) -> str:
    """Return the generated summary, marked as generated, its citations the card numbers."""
    mark = "🤖 *Generated summary; every citation and quote checked against the abstracts:*"
    return f"{mark}\n{escape(summary.text)}"


def join_blocks(blocks: list[str], limit: int = DESCRIPTION_LIMIT) -> str:
    """Join whole blocks while they fit; never cut one in the middle."""
    kept: list[str] = []
    used = 0
    for block in blocks:
        cost = len(block) + (2 if kept else 0)
        if used + cost > limit:
            break
        kept.append(block)
        used += cost
    return "\n\n".join(kept)


def footer(answer: Answer, count: str = "") -> str:
    """Return the footer: how many matched, search mode and time taken."""
    timing = f"{answer.mode} search · {answer.elapsed_ms:.0f} ms"
    return f"{count} · {timing}" if count else timing


def paper_card(detail: PaperDetail) -> Card:
    """Return the card for /paper: abstract, metadata and related papers."""
    paper = detail.paper
    related = "\n".join(f"• {link(r.title, r.url)} ({r.year})" for r in detail.related)
    fields = [
        Field("Year", str(paper.year), inline=True),
        Field("Subjects", clip_markdown_list([link(s.code, s.url) for s in paper.subjects]), True),
        Field("Authors", authors_line(paper, FIELD_VALUE_LIMIT - 10), inline=True),
    ]
    if related:
        fields.append(Field("Related papers", related[:FIELD_VALUE_LIMIT]))
    if detail.alternatives:
        others = [f"• {link(p.title, p.url)} ({p.year})" for p in detail.alternatives]
        fields.insert(0, Field("Other titles that match", clip_markdown_list(others, sep="\n")))
    abstract = escape(clip(detail.abstract, 3000)) if detail.abstract else "*No abstract listed.*"
    return Card(
        title=escape(clip(paper.title, TITLE_LIMIT - 10)),
        url=paper.url,
        description=abstract,
        fields=tuple(fields),
        footer="Search arXiv for the paper with the title link",
    )


def clip_markdown_list(items: list[str], limit: int = FIELD_VALUE_LIMIT, sep: str = " ") -> str:
    """Join whole markdown items while they fit, then say how many were left out."""
    kept: list[str] = []
    for n, item in enumerate(items):
        rest = len(items) - n
        if len(sep.join([*kept, item])) + len(f"{sep}+{rest} more") > limit:
            return sep.join([*kept, f"+{rest} more"])
        kept.append(item)
    return sep.join(kept) or "—"


def author_card(summary: AuthorSummary) -> Card:
    """Return the card for /author: counts, years, subjects, themes and papers."""
    years = " · ".join(f"{y}: {n}" for y, n in summary.year_counts.items()) or "—"
    subjects = clip_markdown_list(
        [f"{link(s.subject.code, s.subject.url)} {escape(s.subject.name)}: {s.count}"
         for s in summary.subjects],
        sep="\n",
    )  # fmt: skip
    papers = clip_markdown_list(
        [f"• {link(p.title, p.url)} ({p.year})" for p in summary.representative], sep="\n"
    )
    fields = [
        Field("Papers", str(summary.count), inline=True),
        Field("Years", years, inline=True),
        Field("Subjects", subjects),
        Field("Themes", escape(clip(", ".join(summary.themes), FIELD_VALUE_LIMIT)) or "—"),
        Field("Representative papers", papers),
    ]
    if summary.most_recent is not None:
        recent = summary.most_recent
        fields.append(Field("Most recent", f"{link(recent.title, recent.url)} ({recent.year})"))
    return Card(
        title=escape(clip(summary.name, TITLE_LIMIT)),
        description=escape(summary.coverage),
        fields=tuple(fields),
        footer="Counts cover only the listing pages papercord holds",
    )
