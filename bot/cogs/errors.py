"""The one error handler for slash commands and buttons (order: see ``bot.errors``)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Papercord
from bot.errors import report


class Errors(commands.Cog):
    """Routes application-command errors to ``bot.errors.report``."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot
        bot.tree.error(self.on_app_command_error)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Papercord], error: app_commands.AppCommandError
    ) -> None:
        """Reply to a failed slash command."""
        await report(interaction, error)


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Errors(bot))
