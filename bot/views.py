"""Buttons under answers, as persistent dynamic items: they work after a restart.

Every button's state lives in its ``custom_id`` (a question id from SQLite, a paper id,
an offset), so the bot needs no in-memory view to handle a click.

Row 0: More results · 👍 · 👎      Rows 1-3: Abstract #n · More like this #n · Cite #n
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.answering import in_time, respond
from bot.citations import citation_content
from bot.client import Papercord
from bot.context import has_more, page_bounds
from bot.embeds import NO_MENTIONS, to_embed
from bot.errors import report
from bot.followup import narrowed
from bot.render import Card, answer_card, escape, link, paper_card
from retrieval.models import Answer, Filters

PAPER_ID = r"p[0-9a-f]{12}"
MAX_PAPER_ROWS = 3  # Discord allows 5 rows; row 0 holds More and feedback

Interaction = discord.Interaction[Papercord]


class PapercordButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A persistent button of this bot; subclasses implement ``clicked``.

    The template matches nothing: only the subclasses below are registered.
    """

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run ``clicked``; route its errors to the one error handler (``bot.errors``)."""
        # discord.py declares callbacks for any client; in this bot it is always Papercord.
        try:
            await self.clicked(interaction)
        except Exception as exc:  # reported to the user and logged; the bot keeps running
            await report(interaction, exc)

    async def clicked(self, interaction: Interaction) -> None:
        """Answer a click on this button."""
        raise NotImplementedError


class MoreResults(PapercordButton, template=r"pc:more:(?P<qid>\d+):(?P<offset>\d+)"):
    """Show the next papers of an answer, to the user who clicked."""

    def __init__(self, question_id: int, offset: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="More results",
                style=discord.ButtonStyle.primary,
                custom_id=f"pc:more:{question_id}:{offset}",
            )
        )
        self.question_id, self.offset = question_id, offset

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoreResults:
        return cls(int(match["qid"]), int(match["offset"]))

    async def clicked(self, interaction: Interaction) -> None:
        bot = interaction.client
        stored = await bot.storage.question(self.question_id)
        if stored is None:
            await interaction.response.send_message(
                "That question is no longer stored; please ask again.", ephemeral=True
            )
            return
        filters = Filters(**stored.filters)
        quote = self.offset + bot.settings.discord.results_shown  # through the page shown
        if stored.narrowed:  # a follow-up pages through the earlier papers it kept
            quote = bot.engine.settings.listed
        work = bot.run_retrieval(
            bot.engine.ask, stored.question, mode=stored.mode, filters=filters, quote=quote
        )
        answer = await in_time(interaction, work, ephemeral=True)
        if stored.narrowed:
            answer = narrowed(answer, tuple(stored.paper_ids))
        embed, view = reply(bot, answer, self.question_id, self.offset)
        await respond(interaction, embed, view, ephemeral=True)


class Abstract(PapercordButton, template=rf"pc:abs:(?P<pid>{PAPER_ID})"):
    """Show a paper's full abstract, only to the user who clicked."""

    def __init__(self, paper_id: str, number: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Abstract #{number}" if number else "Abstract",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pc:abs:{paper_id}",
            )
        )
        self.paper_id = paper_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Abstract:
        return cls(match["pid"])

    async def clicked(self, interaction: Interaction) -> None:
        bot = interaction.client
        work = bot.run_retrieval(bot.engine.paper_by_id, self.paper_id)
        detail = await in_time(interaction, work, ephemeral=True)
        await respond(interaction, to_embed(paper_card(detail)), ephemeral=True)


class MoreLikeThis(PapercordButton, template=rf"pc:like:(?P<pid>{PAPER_ID})"):
    """List the papers nearest to one paper, only to the user who clicked."""

    def __init__(self, paper_id: str, number: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"More like #{number}" if number else "More like this",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pc:like:{paper_id}",
            )
        )
        self.paper_id = paper_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoreLikeThis:
        return cls(match["pid"])

    async def clicked(self, interaction: Interaction) -> None:
        bot = interaction.client
        work = bot.run_retrieval(bot.engine.paper_by_id, self.paper_id)
        detail = await in_time(interaction, work, ephemeral=True)
        lines = [f"• {link(p.title, p.url)} ({p.year})" for p in detail.related]
        card = Card(
            title=escape(f"Papers like “{detail.paper.title}”")[:250],
            description="\n".join(lines) or "No related papers.",
        )
        await respond(interaction, to_embed(card), ephemeral=True)


class Feedback(PapercordButton, template=r"pc:fb:(?P<qid>\d+):(?P<vote>up|down)"):
    """Store a 👍 or 👎 for an answer, with its question and the papers shown."""

    def __init__(self, question_id: int, vote: str) -> None:
        super().__init__(
            discord.ui.Button(
                emoji="👍" if vote == "up" else "👎",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pc:fb:{question_id}:{vote}",
            )
        )
        self.question_id, self.vote = question_id, vote

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Feedback:
        return cls(int(match["qid"]), match["vote"])

    async def clicked(self, interaction: Interaction) -> None:
        bot = interaction.client
        stored = await bot.storage.record_feedback(self.question_id, interaction.user.id, self.vote)
        text = "Thanks for the feedback!" if stored else "That question is no longer stored."
        await interaction.response.send_message(text, ephemeral=True)


class Cite(PapercordButton, template=rf"pc:cite:(?P<pid>{PAPER_ID})"):
    """Show a paper's BibTeX entry and plain-text reference, only to the user who clicked."""

    def __init__(self, paper_id: str, number: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Cite #{number}" if number else "Cite",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pc:cite:{paper_id}",
            )
        )
        self.paper_id = paper_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Cite:
        return cls(match["pid"])

    async def clicked(self, interaction: Interaction) -> None:
        bot = interaction.client
        work = bot.run_retrieval(bot.engine.cite_by_id, self.paper_id)
        citation = await in_time(interaction, work, ephemeral=True)
        send = (
            interaction.followup.send
            if interaction.response.is_done()
            else interaction.response.send_message
        )
        await send(
            citation_content(citation), ephemeral=True, suppress_embeds=True,
            allowed_mentions=NO_MENTIONS,
        )  # fmt: skip


DYNAMIC_ITEMS = (MoreResults, Abstract, MoreLikeThis, Feedback, Cite)


def reply(
    bot: Papercord, answer: Answer, question_id: int, offset: int = 0
) -> tuple[discord.Embed, discord.ui.View]:
    """Return the embed and buttons for one page of an answer."""
    shown = bot.settings.discord.results_shown
    embed = to_embed(answer_card(answer, shown=shown, offset=offset))
    return embed, answer_view(answer, question_id, shown, offset)


def answer_view(answer: Answer, question_id: int, shown: int, offset: int) -> discord.ui.View:
    """Return the buttons for one page of an answer."""
    view = discord.ui.View(timeout=None)
    if has_more(answer, shown, offset):
        view.add_item(_row(MoreResults(question_id, offset + shown), 0))
    view.add_item(_row(Feedback(question_id, "up"), 0))
    view.add_item(_row(Feedback(question_id, "down"), 0))
    start, end = page_bounds(answer, shown, offset)
    page = answer.closest if answer.abstained else (answer.results + answer.more)[start:end]
    first = 0 if answer.abstained else start
    for n, result in enumerate(page[:MAX_PAPER_ROWS], start=1):
        view.add_item(_row(Abstract(result.paper.id, first + n), n))
        view.add_item(_row(MoreLikeThis(result.paper.id, first + n), n))
        view.add_item(_row(Cite(result.paper.id, first + n), n))
    return view


def cite_view(paper_id: str) -> discord.ui.View:
    """Return a view with one Cite button, for a single paper (``/paper``)."""
    view = discord.ui.View(timeout=None)
    view.add_item(Cite(paper_id))
    return view


def _row(item: discord.ui.DynamicItem[Any], row: int) -> discord.ui.DynamicItem[Any]:
    item.item.row = row
    return item
