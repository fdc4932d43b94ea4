"""``/ask``: a question with optional year, subject and author filters."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import ask, check_cooldown, in_time, respond
from bot.autocomplete import author_choices, subject_choices
from bot.client import Papercord
from bot.installs import everywhere
from bot.views import reply
from retrieval.config import MAX_QUESTION_CHARS
from retrieval.models import Filters
from retrieval.userinput import without_mentions


class Ask(commands.Cog):
    """The /ask command."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    @app_commands.command(
        name="ask", description="Ask which of the listed papers answer a question"
    )
    @app_commands.describe(
        question="Your question, e.g. which papers quantize LLMs to 4 bits?",
        year_from="Only papers from this year on",
        year_to="Only papers up to this year",
        subject="Only papers with this arXiv subject code, e.g. cs.LG",
        author="Only papers attributed to this author",
    )
    @app_commands.autocomplete(subject=subject_choices, author=author_choices)
    @everywhere  # user installs too: DMs and servers without the bot
    async def ask_command(
        self,
        interaction: discord.Interaction[Papercord],
        question: app_commands.Range[str, 1, MAX_QUESTION_CHARS],
        year_from: app_commands.Range[int, 1991, 2100] | None = None,
        year_to: app_commands.Range[int, 1991, 2100] | None = None,
        subject: app_commands.Range[str, 1, 40] | None = None,
        author: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        """Answer a question in the channel, with buttons for more."""
        await check_cooldown(interaction)
        text = without_mentions(question, keep=self.bot.engine.asks_about)
        if not text:
            await interaction.response.send_message(
                "Type a question, e.g. which papers quantize LLMs to 4 bits?", ephemeral=True
            )
            return
        if year_from and year_to and year_from > year_to:
            await interaction.response.send_message(
                "year_from is after year_to; swap them?", ephemeral=True
            )
            return
        filters = Filters(year_from=year_from, year_to=year_to, subject=subject, author=author)
        answer, question_id = await in_time(
            interaction,
            ask(
                self.bot,
                text,
                filters=filters,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
            ),
        )
        embed, view = reply(self.bot, answer, question_id)
        await respond(interaction, embed, view)


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Ask(bot))
