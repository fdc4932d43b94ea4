"""``/help``: what the bot can do."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Papercord
from bot.embeds import to_embed
from bot.installs import everywhere
from bot.render import Card, Field

HELP = Card(
    title="papercord",
    description=(
        "I answer questions about a list of research papers, quoting the abstract "
        "sentence that answers and linking the paper's arXiv subject."
    ),
    fields=(
        Field("Ask", "Mention me with a question, DM me, or use `/ask`."),
        Field("/paper", "One paper by (part of) its title: abstract, links, related papers."),
        Field("/author", "An author's listed papers: years, subjects, themes, coverage."),
        Field("/cite", "A paper's BibTeX entry and plain-text reference."),
        Field("Ask papercord", "Right-click a message → Apps: its text as a question, for you."),
        Field(
            "Buttons",
            "More results · Abstract · More like this · Cite · 👍/👎 (stored to improve answers)",
        ),
        Field(
            "Admins",
            "`/papercord stats`, `/papercord reindex`, `/papercord config` (Q&A channels, "
            "forum channels whose posts I answer, thread mode).",
        ),
    ),
)


class Help(commands.Cog):
    """The /help command."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What papercord can do")
    @everywhere  # user installs too: DMs and servers without the bot
    async def help(self, interaction: discord.Interaction[Papercord]) -> None:
        """Show help, only to the user who asked."""
        await interaction.response.send_message(embed=to_embed(HELP), ephemeral=True)


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Help(bot))
