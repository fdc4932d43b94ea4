"""Forum mode: every new post in a configured forum is a question, answered in its thread.

A post's title and first message are the question. Later messages in the post are
follow-ups, asked with the post's previous question as context (as replies are, see
``bot.followup``). 👍/👎 reactions on an answer there are stored as feedback, like the
buttons. Posts are found by ``THREAD_CREATE``; the first message is read from the cache
or fetched, since Discord may deliver it before or after the thread.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import discord
from discord.ext import commands

from bot.answering import as_question, ask
from bot.client import Papercord
from bot.embeds import NO_MENTIONS
from bot.errors import DELIVERY_ERRORS, apology, user_message
from bot.followup import follow_up
from bot.forum import forum_post
from bot.network import network_problem
from bot.views import reply
from retrieval.models import Answer, Filters

log = logging.getLogger(__name__)

VOTES = {"👍": "up", "👎": "down"}
STARTER_RETRY_SECONDS = 1.0  # the first message may be created just after the thread


class Forum(commands.Cog):
    """Answers forum posts and their follow-ups; stores reactions on its answers."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_thread_create(self, thread: discord.Thread) -> None:
        """Answer a new post in a configured forum."""
        if await forum_post(self.bot, thread) is None:
            return
        starter = await self.starter(thread)
        if starter is not None and starter.author.bot:
            return  # a post made by a bot (this one included) is not a question
        content = starter.content if starter is not None else ""
        limit = self.bot.settings.retrieval.max_question_chars
        text = as_question(self.bot, f"{thread.name}\n{content}".strip(), limit)
        if text:
            await self.answer(thread, text, None, starter.author.id if starter else None)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Answer a follow-up in a post, with the post's previous question as context."""
        thread = await forum_post(self.bot, message.channel)
        if thread is None or message.author.bot or message.id == thread.id:
            return  # not a post, a bot, or the first message (answered with the post)
        me = self.bot.user
        assert me is not None
        content = message.content.replace(f"<@{me.id}>", " ").replace(f"<@!{me.id}>", " ")
        text = as_question(self.bot, content, self.bot.settings.retrieval.max_question_chars)
        if not text:
            return  # nothing to read (without the Message Content intent, follow-ups are empty)
        if await self.bot.retry_after(message.author.id):
            return  # a busy thread is not flooded with "slow down" notices
        await self.answer(thread, text, await self.bot.storage.last_question_in(thread.id),
                          message.author.id)  # fmt: skip

    @commands.Cog.listener()
    async def on_raw_reaction_add(self, event: discord.RawReactionActionEvent) -> None:
        """Store 👍/👎 on one of the bot's forum answers as feedback."""
        vote = VOTES.get(str(event.emoji))
        me = self.bot.user
        if vote is None or me is None or event.user_id == me.id:
            return
        if event.member is not None and event.member.bot:
            return
        question_id = await self.bot.storage.answered_by(event.message_id)
        if question_id is not None:
            await self.bot.storage.record_feedback(question_id, event.user_id, vote)

    async def starter(self, thread: discord.Thread) -> discord.Message | None:
        """Return the post's first message (its id is the thread's), or None if unreadable."""
        if thread.starter_message is not None:
            return thread.starter_message
        for attempt in range(2):
            try:
                return await thread.fetch_message(thread.id)
            except discord.NotFound:
                if attempt == 0:
                    await asyncio.sleep(STARTER_RETRY_SECONDS)
            except DELIVERY_ERRORS as exc:
                log.warning("could not read the first message of post %s: %s", thread.id,
                            network_problem(exc) or type(exc).__name__)  # fmt: skip
                return None
        return None

    async def answer(
        self, thread: discord.Thread, text: str, earlier_id: int | None, user_id: int | None
    ) -> None:
        """Answer in the post's thread; remember the message for reactions."""
        try:
            async with thread.typing():
                answer, question_id = await self.ask(thread, text, earlier_id, user_id)
            embed, view = reply(self.bot, answer, question_id)
            sent = await thread.send(embed=embed, view=view, allowed_mentions=NO_MENTIONS)
            await self.bot.storage.record_answer_message(sent.id, question_id)
        except Exception as exc:
            reason = user_message(exc) or apology(exc, f"answering forum post {thread.id}")
            try:
                await thread.send(reason, allowed_mentions=NO_MENTIONS)
            except DELIVERY_ERRORS as failed:
                log.warning("could not deliver an apology in post %s: %s", thread.id,
                            network_problem(failed) or type(failed).__name__)  # fmt: skip

    async def ask(
        self, thread: discord.Thread, text: str, earlier_id: int | None, user_id: int | None
    ) -> tuple[Answer, int]:
        """Ask a question, in the context of the post's previous one when there is one."""
        earlier = await self.bot.storage.question(earlier_id) if earlier_id is not None else None
        if earlier is None:
            return await ask(
                self.bot, text, guild_id=thread.guild.id, channel_id=thread.id, user_id=user_id
            )
        context = follow_up(earlier.question, Filters(**earlier.filters), earlier.paper_ids, text)
        answer, question_id = await ask(
            self.bot, context.question, filters=context.filters, within=context.within,
            narrows=context.narrows, guild_id=thread.guild.id, channel_id=thread.id,
            user_id=user_id,
        )  # fmt: skip
        return replace(answer, question=f"{earlier.question} → {text}"), question_id


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Forum(bot))
