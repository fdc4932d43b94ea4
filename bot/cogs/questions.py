"""Questions asked in chat: mentions, DMs, Q&A channels and threads the bot started."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.answering import ask, clean_question, reply
from bot.embeds import NO_MENTIONS
from bot.errors import APOLOGY, user_message

if TYPE_CHECKING:
    from bot.client import Papercord

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
        config = self.bot.storage.guild_config(message.guild.id)
        if isinstance(channel, discord.Thread) and channel.owner_id == me.id:
            required = config.require_mention
            if required is None:
                required = self.bot.settings.discord.require_mention
            return not required  # a follow-up in a thread the bot opened
        qa_channels = set(self.bot.settings.discord.qa_channels) | set(config.qa_channels)
        return channel.id in qa_channels

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
        limit = self.bot.settings.retrieval.max_question_chars
        if len(text) > limit:
            await message.reply(
                f"That question is {len(text):,} characters long; please keep it under {limit}.",
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
        if self.thread_mode(message):
            target = await message.create_thread(name=text[:90] or "question")
        try:
            async with target.typing():
                answer, question_id = await ask(
                    self.bot,
                    text,
                    guild_id=message.guild.id if message.guild else None,
                    channel_id=message.channel.id,
                    user_id=message.author.id,
                )
            embed, view = reply(self.bot, answer, question_id)
        except Exception as exc:
            reason = user_message(exc)
            if reason is None:
                log.exception("unexpected error answering message %s", message.id)
            await target.send(reason or APOLOGY, allowed_mentions=NO_MENTIONS)
            return
        if target is message.channel:
            await message.reply(
                embed=embed, view=view, mention_author=False, allowed_mentions=NO_MENTIONS
            )
        else:
            await target.send(embed=embed, view=view, allowed_mentions=NO_MENTIONS)

    def thread_mode(self, message: discord.Message) -> bool:
        """Return True when this question should get its own thread."""
        if message.guild is None or isinstance(message.channel, discord.Thread):
            return False
        config = self.bot.storage.guild_config(message.guild.id)
        enabled = config.thread_mode
        return self.bot.settings.discord.thread_mode if enabled is None else enabled


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Questions(bot))
