"""``/cite``: a paper's BibTeX entry and plain-text reference, found by its title."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import in_time
from bot.autocomplete import title_choices
from bot.citations import Format, citation_content
from bot.client import Papercord
from bot.embeds import NO_MENTIONS
from bot.installs import everywhere


class Cite(commands.Cog):
    """The /cite command."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    @app_commands.command(name="cite", description="BibTeX and a plain-text reference for a paper")
    @app_commands.describe(
        title="Part of the paper's title; typos are fine",
        format="BibTeX, plain text, or both (the default)",
    )
    @app_commands.autocomplete(title=title_choices)
    @everywhere  # user installs too: DMs and servers without the bot
    async def cite(
        self,
        interaction: discord.Interaction[Papercord],
        title: app_commands.Range[str, 1, 300],
        format: Format = "both",
    ) -> None:
        """Show a paper's citation."""
        citation = await in_time(interaction, self.bot.run_retrieval(self.bot.engine.cite, title))
        content = citation_content(citation, format)
        if interaction.response.is_done():
            await interaction.followup.send(
                content, suppress_embeds=True, allowed_mentions=NO_MENTIONS
            )
        else:
            await interaction.response.send_message(
                content, suppress_embeds=True, allowed_mentions=NO_MENTIONS
            )


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Cite(bot))
