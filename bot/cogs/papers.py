"""``/paper``: one paper, found by (part of) its title, with related papers."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import in_time, respond
from bot.autocomplete import title_choices
from bot.client import Papercord
from bot.embeds import to_embed
from bot.installs import everywhere
from bot.render import paper_card
from bot.views import cite_view


class Papers(commands.Cog):
    """The /paper command."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    @app_commands.command(
        name="paper", description="Show one listed paper: abstract, links, related"
    )
    @app_commands.describe(title="Part of the paper's title; typos are fine")
    @app_commands.autocomplete(title=title_choices)
    @everywhere  # user installs too: DMs and servers without the bot
    async def paper(
        self, interaction: discord.Interaction[Papercord], title: app_commands.Range[str, 1, 300]
    ) -> None:
        """Show a paper."""
        detail = await in_time(interaction, self.bot.run_retrieval(self.bot.engine.paper, title))
        await respond(interaction, to_embed(paper_card(detail)), cite_view(detail.paper.id))


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Papers(bot))
