"""``/author``: a summary of an author's listed papers."""

from __future__ import annotations

import io
import sys

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import in_time, respond
from bot.autocomplete import author_choices
from bot.client import Papercord
from bot.embeds import to_embed
from bot.installs import everywhere
from bot.render import author_card
from retrieval.answers.author_chart import render_chart
from retrieval.models import AuthorSummary

CHART_FILE = "papers-per-year.png"


class Authors(commands.Cog):
    """The /author command."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Draw one chart at start-up, in the retrieval threads: the first import of
        matplotlib and its font cache take ~1 s, which pushed the first /author past the
        1.5 s defer."""
        if "matplotlib.backends.backend_agg" not in sys.modules:  # once per process
            await self.bot.run_retrieval(render_chart, "warm-up", [], "0 listed papers")

    @app_commands.command(name="author", description="Summarize an author's listed papers")
    @app_commands.describe(name="The author's name; case and typos are forgiven")
    @app_commands.autocomplete(name=author_choices)
    @everywhere  # user installs too: DMs and servers without the bot
    async def author(
        self, interaction: discord.Interaction[Papercord], name: app_commands.Range[str, 1, 100]
    ) -> None:
        """Show an author summary with a chart of their papers per year."""
        summary, chart = await in_time(interaction, self.summary_and_chart(name))
        embed = to_embed(author_card(summary)).set_image(url=f"attachment://{CHART_FILE}")
        await respond(interaction, embed, file=discord.File(io.BytesIO(chart), CHART_FILE))

    async def summary_and_chart(self, name: str) -> tuple[AuthorSummary, bytes]:
        """Return the summary and the PNG, both made in the retrieval threads: drawing
        takes ~100 ms of CPU, which would stall the gateway on the event loop."""
        summary = await self.bot.run_retrieval(self.bot.engine.author, name)
        chart = await self.bot.run_retrieval(self.bot.engine.author_chart, summary.name)
        return summary, chart


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Authors(bot))
