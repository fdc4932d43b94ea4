"""``/author``: a summary of an author's listed papers."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import in_time, respond
from bot.autocomplete import author_choices
from bot.client import Papercord
from bot.embeds import to_embed
from bot.installs import everywhere
from bot.render import author_card


class Authors(commands.Cog):
    """The /author command."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    @app_commands.command(name="author", description="Summarize an author's listed papers")
    @app_commands.describe(name="The author's name; case and typos are forgiven")
    @app_commands.autocomplete(name=author_choices)
    @everywhere  # user installs too: DMs and servers without the bot
    async def author(
        self, interaction: discord.Interaction[Papercord], name: app_commands.Range[str, 1, 100]
    ) -> None:
        """Show an author summary."""
        summary = await in_time(interaction, self.bot.run_retrieval(self.bot.engine.author, name))
        await respond(interaction, to_embed(author_card(summary)))


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Authors(bot))
