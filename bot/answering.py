"""Ask the engine off the event loop, store the question, and send the reply."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from dataclasses import asdict
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.client import Papercord
from bot.embeds import NO_MENTIONS
from bot.followup import narrowed
from retrieval.models import Answer, Filters
from retrieval.userinput import without_mentions

log = logging.getLogger(__name__)

T = TypeVar("T")
DEFER_AFTER = 1.5  # seconds; Discord needs a first response within 3 s


def as_question(bot: Papercord, text: str, limit: int) -> str:
    """Return a message's text as a question: mentions removed, cut at a word to ``limit``."""
    question = without_mentions(text, keep=bot.engine.asks_about)
    if len(question) <= limit:
        return question
    cut = question[: limit + 1]
    return cut[: cut.rfind(" ")] if " " in cut else question[:limit]


async def ask(
    bot: Papercord,
    question: str,
    *,
    filters: Filters | None = None,
    within: tuple[str, ...] | None = None,
    narrows: str = "",
    guild_id: int | None = None,
    channel_id: int | None = None,
    user_id: int | None = None,
) -> tuple[Answer, int]:
    """Answer a question in the executor; store it; log one line; return it with its id."""
    started = time.perf_counter()
    # A follow-up shows whichever of the earlier papers still match: quote them all.
    quote = None if within is None else bot.engine.settings.listed
    answer = await bot.run_retrieval(bot.engine.ask, question, filters=filters, quote=quote)
    if within is not None:
        answer = narrowed(answer, within, narrows, asked=filters)
    elif bot.engine.llm is not None:  # waits on the network: the default pool, not retrieval's
        first_page = bot.settings.discord.results_shown
        answer = await asyncio.to_thread(bot.engine.summarize, answer, first_page)
    shown = answer.closest if answer.abstained else answer.results + answer.more
    question_id = await bot.storage.record_question(
        answer.question,
        answer.mode,
        asdict(answer.filters),
        [r.paper.id for r in shown],
        answer.abstained,
        guild_id=guild_id,
        channel_id=channel_id,
        user_id=user_id,
        narrowed=within is not None,
    )
    log.info(
        "answered question %d: %.0f ms, mode %s, %d results, abstained=%s",
        question_id,
        (time.perf_counter() - started) * 1000,
        answer.mode,
        len(answer.results) + len(answer.more),
        answer.abstained,
    )
    log.debug("question %d text: %r", question_id, answer.question)
    return answer, question_id


async def check_cooldown(interaction: discord.Interaction[Papercord]) -> None:
    """Raise ``CommandOnCooldown`` when the user asked too often (answered by ``bot.errors``)."""
    bot = interaction.client
    wait = await bot.retry_after(interaction.user.id)
    if wait:
        settings = bot.settings.discord
        raise app_commands.CommandOnCooldown(
            app_commands.Cooldown(settings.cooldown_questions, settings.cooldown_seconds), wait
        )


async def in_time(
    interaction: discord.Interaction[Papercord], work: Awaitable[T], *, ephemeral: bool = False
) -> T:
    """Await ``work``; defer the interaction first if it is not done within ``DEFER_AFTER``.

    Discord drops an interaction that gets no response within 3 seconds. An answer
    usually takes milliseconds, but behind a queue (100 questions at once on 2 retrieval
    workers: answers after 2 to 6 s, see bench/load.py) or during a reindex it does not;
    then the user sees "thinking…" and the answer arrives as a follow-up.
    """
    task = asyncio.ensure_future(work)
    if not interaction.client.reindexing:
        await asyncio.wait({task}, timeout=DEFER_AFTER)  # never raises: the task's own
        if task.done():  # errors (a TimeoutError too) come out of result() unchanged
            return task.result()
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    return await task


async def respond(
    interaction: discord.Interaction[Papercord],
    embed: discord.Embed,
    view: discord.ui.View | None = None,
    *,
    ephemeral: bool = False,
    file: discord.File | None = None,
) -> None:
    """Send the answer as the interaction's response, or as a follow-up after a defer."""
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if ephemeral:
        extra["ephemeral"] = True
    if file is not None:
        extra["file"] = file
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, allowed_mentions=NO_MENTIONS, **extra)
    else:
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS, **extra)
