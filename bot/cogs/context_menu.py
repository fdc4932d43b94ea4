"""Right-click a message → Apps → "Ask papercord": the message's text is the question.

The answer is ephemeral (only the asker sees it), with the usual buttons and a "Share"
button that posts the same answer publicly in the channel. Discord includes the target
message's content in the interaction even without the Message Content intent.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import as_question, ask, check_cooldown, in_time
from bot.client import Papercord
from bot.embeds import NO_MENTIONS
from bot.installs import contexts, installs
from bot.views import PapercordButton, reply

MENU_NAME = "Ask papercord"
NO_TEXT = "That message has no text to ask about. Try `/ask` with your own words."


def message_text(message: discord.Message) -> str:
    """Return the text of a message: its content, else its first embed's title and text."""
    if message.content.strip():
        return message.content
    for embed in message.embeds:
        parts = [embed.title or "", embed.description or ""]
        if any(p.strip() for p in parts):
            return "\n".join(parts)
    return ""


class Share(PapercordButton, template=r"pc:share:(?P<qid>\d+)"):
    """Post an ephemeral answer publicly: the same embed and buttons, without "Share"."""

    def __init__(self, question_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Share",
                style=discord.ButtonStyle.success,
                custom_id=f"pc:share:{question_id}",
            )
        )
        self.question_id = question_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Share:
        return cls(int(match["qid"]))

    async def clicked(self, interaction: discord.Interaction[Papercord]) -> None:
        # The ephemeral message travels with the click: share exactly what the user saw.
        shown = interaction.message
        if shown is None or not shown.embeds:
            await interaction.response.send_message(
                "That answer is gone; please ask again.", ephemeral=True
            )
            return
        view = discord.ui.View.from_message(shown, timeout=None)
        for item in list(view.children):
            if getattr(item, "custom_id", "").startswith("pc:share:"):
                view.remove_item(item)
        await interaction.response.send_message(
            f"{interaction.user.mention} shared an answer:",
            embeds=shown.embeds,
            view=view,
            allowed_mentions=NO_MENTIONS,
        )


class ContextMenu(commands.Cog):
    """The "Ask papercord" message command and its Share button."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot
        self.menu = app_commands.ContextMenu(
            name=MENU_NAME,
            callback=self.ask_about,
            allowed_installs=installs(),
            allowed_contexts=contexts(),
        )

    async def cog_load(self) -> None:
        """Add the menu command and listen for Share clicks."""
        self.bot.tree.add_command(self.menu)
        self.bot.add_dynamic_items(Share)

    async def cog_unload(self) -> None:
        """Remove the menu command and the Share button."""
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)
        self.bot.remove_dynamic_items(Share)

    async def ask_about(
        self, interaction: discord.Interaction[Papercord], message: discord.Message
    ) -> None:
        """Answer the selected message's text, only to the user who asked."""
        limit = self.bot.settings.retrieval.max_question_chars
        text = as_question(self.bot, message_text(message), limit)
        if not text:
            await interaction.response.send_message(NO_TEXT, ephemeral=True)
            return
        await check_cooldown(interaction)
        work = ask(
            self.bot,
            text,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
        )
        answer, question_id = await in_time(interaction, work, ephemeral=True)
        embed, view = reply(self.bot, answer, question_id)
        share = Share(question_id)
        share.item.row = 0  # beside More results and 👍/👎 (at most 4 of 5 in the row)
        view.add_item(share)
        send = (
            interaction.followup.send
            if interaction.response.is_done()
            else interaction.response.send_message
        )
        await send(embed=embed, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(ContextMenu(bot))
