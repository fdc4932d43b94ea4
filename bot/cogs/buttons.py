"""The buttons under answers: registered here so clicks work even after a restart."""

from __future__ import annotations

from discord.ext import commands

from bot.client import Papercord
from bot.views import DYNAMIC_ITEMS


class Buttons(commands.Cog):
    """Registers the persistent buttons of ``bot.views`` with the bot."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Listen for clicks on every button papercord has ever sent."""
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        """Stop listening for clicks."""
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Buttons(bot))
