"""Questions asked in chat: mentions, DMs, Q&A channels and threads the bot started."""

from __future__ import annotations

import logging
import re
from dataclasses import replace

import discord
from discord.ext import commands

from bot.answering import ask
from bot.client import Papercord
from bot.embeds import NO_MENTIONS
from bot.errors import APOLOGY, DELIVERY_ERRORS, apology, user_message
from bot.followup import follow_up, question_id
from bot.forum import forum_post
from bot.network import network_problem
from bot.views import reply
from retrieval.errors import QueryError
from retrieval.models import Answer, Filters
from retrieval.search.searcher import check_question
from retrieval.userinput import without_mentions

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

    async def wants(self, message: discord.Message) -> bool:
        """Return True when a message is a question for the bot."""
        me = self.bot.user
        if me is None or message.author.bot:
            return False  # ignore every bot, including itself
        if message.guild is None:
            return True  # a DM
        if await forum_post(self.bot, message.channel) is not None:
            return False  # forum posts are answered by the Forum cog
        if me in message.mentions or self.replied_question(message) is not None:
            return True  # a mention, or a reply to one of the bot's answers
        channel = message.channel
        server = await self.bot.server_settings(message.guild.id)
        if isinstance(channel, discord.Thread) and channel.owner_id == me.id:
            return not server.require_mention  # a follow-up in a thread the bot opened
        return channel.id in server.qa_channels

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Answer a question, or say briefly why not."""
        if not await self.wants(message):
            return
        me = self.bot.user
        assert me is not None
        text = without_mentions(
            re.sub(rf"<@!?{me.id}>", " ", message.content), keep=self.bot.engine.asks_about
        )
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
        wait = await self.bot.retry_after(message.author.id)
        if wait:
            await message.reply(
                f"Slow down a little: you can ask again in {wait:.0f} s.",
                allowed_mentions=NO_MENTIONS,
                mention_author=False,
                delete_after=NOTICE_SECONDS,
            )
            return
        await self.answer(message, text)

    def replied_question(self, message: discord.Message) -> int | None:
        """Return the question id of the bot's answer this message replies to, if any."""
        me = self.bot.user
        earlier = message.reference.resolved if message.reference else None
        if me is None or not isinstance(earlier, discord.Message) or earlier.author.id != me.id:
            return None
        ids = [
            child.custom_id
            for row in earlier.components
            if isinstance(row, discord.ActionRow)
            for child in row.children
            if isinstance(child, discord.Button) and child.custom_id
        ]
        return question_id(ids)

    async def answer(self, message: discord.Message, text: str) -> None:
        """Answer in the channel, or in a new thread when thread mode is on."""
        target: discord.abc.Messageable = message.channel
        try:
            if await self.thread_mode(message):
                target = await message.create_thread(name=text[:90] or "question")
            async with target.typing():
                answer, stored_id = await self.ask_in_context(message, text)
            embed, view = reply(self.bot, answer, stored_id)
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

    async def ask_in_context(self, message: discord.Message, text: str) -> tuple[Answer, int]:
        """Answer a question; a reply to an earlier answer is asked in its context."""
        guild_id = message.guild.id if message.guild else None
        earlier_id = self.replied_question(message)
        earlier = await self.bot.storage.question(earlier_id) if earlier_id is not None else None
        if earlier is None:
            return await ask(
                self.bot,
                text,
                guild_id=guild_id,
                channel_id=message.channel.id,
                user_id=message.author.id,
            )
        context = follow_up(earlier.question, Filters(**earlier.filters), earlier.paper_ids, text)
        answer, stored_id = await ask(
            self.bot, context.question, filters=context.filters, within=context.within,
            narrows=context.narrows, guild_id=guild_id, channel_id=message.channel.id,
            user_id=message.author.id,
        )  # fmt: skip
        return replace(answer, question=f"{earlier.question} → {text}"), stored_id

    async def thread_mode(self, message: discord.Message) -> bool:
        """Return True when this question should get its own thread."""
        if message.guild is None or isinstance(message.channel, discord.Thread):
            return False
        return (await self.bot.server_settings(message.guild.id)).thread_mode


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Questions(bot))
