"""Questions asked in chat: mentions, DMs, Q&A channels and threads the bot started."""

from __future__ import annotations

import logging
import re

import discord
from discord.ext import commands

from bot.answering import ask, clean_question
from bot.client import Papercord
from bot.embeds import NO_MENTIONS
from bot.errors import APOLOGY, DELIVERY_ERRORS, apology, user_message
from bot.network import network_problem
from bot.views import reply
from retrieval.errors import QueryError
from retrieval.search import check_question

log = logging.getLogger(__name__)

USAGE = (
    "Ask me about the listed papers, e.g. `@papercord which papers quantize LLMs to 4 bits?` "
    "— or use `/paper`, `/author` and `/help`."
)
NOTICE_SECONDS = 15  # cooldown and length notices delete themselves


class Questions(commands.Cog):
    """Answers questions typed in channels, DMs and threads."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    def wants(self, message: discord.Message) -> bool:
        """Return True when a message is a question for the bot."""
        me = self.bot.user
        if me is None or message.author.bot:
            return False  # ignore every bot, including itself
        if message.guild is None:
            return True  # a DM
        if me in message.mentions:
            return True
        channel = message.channel
        server = self.bot.server_settings(message.guild.id)
        if isinstance(channel, discord.Thread) and channel.owner_id == me.id:
            return not server.require_mention  # a follow-up in a thread the bot opened
        return channel.id in server.qa_channels

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Answer a question, or say briefly why not."""
        if not self.wants(message):
            return
        me = self.bot.user
        assert me is not None
        text = clean_question(re.sub(rf"<@!?{me.id}>", " ", message.content))
        if not text:
            await message.reply(USAGE, allowed_mentions=NO_MENTIONS, mention_author=False)
            return
        try:
            check_question(text, self.bot.settings.retrieval.max_question_chars)
        except QueryError as exc:  # refused before the cooldown counts it
            await message.reply(
                user_message(exc) or APOLOGY,
                allowed_mentions=NO_MENTIONS,
                mention_author=False,
                delete_after=NOTICE_SECONDS,
            )
            return
        wait = self.bot.retry_after(message.author.id)
        if wait:
            await message.reply(
                f"Slow down a little: you can ask again in {wait:.0f} s.",
                allowed_mentions=NO_MENTIONS,
                mention_author=False,
                delete_after=NOTICE_SECONDS,
            )
            return
        await self.answer(message, text)

    async def answer(self, message: discord.Message, text: str) -> None:
        """Answer in the channel, or in a new thread when thread mode is on."""
        target: discord.abc.Messageable = message.channel
        try:
            if self.thread_mode(message):
                target = await message.create_thread(name=text[:90] or "question")
            async with target.typing():
                answer, question_id = await ask(
                    self.bot,
                    text,
                    guild_id=message.guild.id if message.guild else None,
                    channel_id=message.channel.id,
                    user_id=message.author.id,
                )
            embed, view = reply(self.bot, answer, question_id)
            if target is message.channel:
                await message.reply(
                    embed=embed, view=view, mention_author=False, allowed_mentions=NO_MENTIONS
                )
            else:
                await target.send(embed=embed, view=view, allowed_mentions=NO_MENTIONS)
        except Exception as exc:
            reason = user_message(exc) or apology(exc, f"answering message {message.id}")
            try:
                await target.send(reason, allowed_mentions=NO_MENTIONS)
            except DELIVERY_ERRORS as failed:
                log.warning("could not deliver an apology for message %s: %s", message.id,
                            network_problem(failed) or type(failed).__name__)  # fmt: skip

    def thread_mode(self, message: discord.Message) -> bool:
        """Return True when this question should get its own thread."""
        if message.guild is None or isinstance(message.channel, discord.Thread):
            return False
        return self.bot.server_settings(message.guild.id).thread_mode


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Questions(bot))
