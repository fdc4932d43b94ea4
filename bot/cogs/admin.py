"""``/papercord stats|reindex|add|config|subscribe|subscriptions``: Manage Server, or owners."""

from __future__ import annotations

import logging
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Papercord
from bot.digests import post_new_papers
from bot.embeds import NO_MENTIONS, to_embed
from bot.render import Card, Field, clip, clip_markdown_list, escape
from retrieval.errors import PapercordError
from retrieval.evaluation.coverage import group_questions
from retrieval.ingest.arxiv_api import ArxivClient

COVERAGE_DAYS = 7
MAX_LIBRARY_BYTES = 5 * 1024 * 1024  # a Zotero export of ~5,000 entries with abstracts

log = logging.getLogger(__name__)


async def allowed(interaction: discord.Interaction[Papercord]) -> bool:
    """Allow configured owners everywhere, and members with Manage Server in their server."""
    if interaction.user.id in interaction.client.settings.discord.owner_ids:
        return True
    if interaction.guild_id is not None and interaction.permissions.manage_guild:
        return True
    raise app_commands.MissingPermissions(["manage_guild"])


def library_problem(library: discord.Attachment) -> str | None:
    """Return why an attachment cannot be read as a BibTeX library, or None."""
    if not library.filename.lower().endswith(".bib"):
        return f"{escape(library.filename)} is not a BibTeX file: attach a .bib export."
    if library.size > MAX_LIBRARY_BYTES:
        return f"{escape(library.filename)} is over {MAX_LIBRARY_BYTES // 2**20} MiB; split it."
    return None


def safe_file_name(name: str) -> str:
    """Return an uploaded file's name reduced to letters, digits, dots, dashes and _."""
    stem = re.sub(r"[^\w.-]+", "_", Path(name).stem, flags=re.ASCII).strip("._") or "library"
    return f"{stem[:80]}.bib"


def uptime(seconds: float) -> str:
    """Return a duration as "2 d 3 h", "3 h 4 min" or "5 min"."""
    minutes = int(seconds // 60)
    days, hours = divmod(minutes // 60, 24)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes % 60} min"
    return f"{minutes} min"


@app_commands.default_permissions(manage_guild=True)
# It changes a server: installed with the bot only, used only in servers.
@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.guild_only()
class Admin(commands.GroupCog, group_name="papercord", group_description="Manage papercord"):
    """Statistics, re-indexing and per-server settings."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot
        # One client for the process, so its requests to arXiv stay one at a time, spaced.
        self.arxiv = ArxivClient(bot.settings.arxiv)
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every subcommand needs Manage Server (or an owner)."""
        # discord.py declares the check for any client; in this bot it is always Papercord.
        return await allowed(interaction)

    @app_commands.command(
        name="stats", description="Index, usage, and what this server asked that went unanswered"
    )
    async def stats(self, interaction: discord.Interaction[Papercord]) -> None:
        """Show usage and index statistics."""
        index = self.bot.engine.stats()
        counts = await self.bot.storage.counts()
        card = Card(
            title="papercord statistics",
            description=f"Index generation `{index.generation}`",
            fields=(
                Field("Papers", str(index.papers), inline=True),
                Field("Chunks", str(index.chunks), inline=True),
                Field("Questions answered", str(counts["questions"]), inline=True),
                Field("Feedback", f"👍 {counts['up']} · 👎 {counts['down']}", inline=True),
                Field("Uptime", uptime(time.monotonic() - self.bot.started_at), inline=True),
                *await self.coverage_fields(interaction.guild_id),
            ),
        )
        await interaction.response.send_message(
            embed=to_embed(card), ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    async def coverage_fields(self, guild_id: int | None) -> tuple[Field, ...]:
        """Return this server's last 7 days: unanswered questions, 👎 rate, top papers."""
        if guild_id is None:
            return ()
        recent = await self.bot.storage.coverage(guild_id, time.time() - COVERAGE_DAYS * 86400)
        groups = group_questions(recent.abstained)
        unanswered = clip_markdown_list(
            [f"• {g.count}× **{escape(', '.join(g.words))}**: “{escape(clip(g.example, 80))}”"
             for g in groups],
            sep="\n",
        ) if groups else "none"  # fmt: skip
        votes = recent.up + recent.down
        rate = (
            f"{recent.down / votes:.0%} ({recent.down} of {votes} votes)" if votes else "no votes"
        )
        titles = self.bot.engine.titles()
        top = [f"• {n}× {escape(clip(titles.get(p, p), 120))}" for p, n in recent.top_papers[:5]]
        papers = clip_markdown_list(top, sep="\n") if top else "none"
        return (
            Field(f"Unanswered, last {COVERAGE_DAYS} days (by shared terms)", unanswered),
            Field(f"👎 rate, last {COVERAGE_DAYS} days", rate, inline=True),
            Field(f"Most asked about, last {COVERAGE_DAYS} days", papers),
        )

    @app_commands.command(name="reindex", description="Re-read the listing pages and rebuild")
    async def reindex(self, interaction: discord.Interaction[Papercord]) -> None:
        """Rebuild the index from the data folder while the bot keeps answering."""
        if self.bot.reindexing:
            await interaction.response.send_message("A reindex is already running.", ephemeral=True)
            return
        await interaction.response.defer(thinking=True, ephemeral=True)
        self.bot.reindexing = True
        try:
            before = set(self.bot.engine.titles())
            corpora = self.bot.settings.paths.corpora()  # data/pages and `ingest --add`'s
            report = await self.bot.run_retrieval(self.bot.engine.ingest, corpora)
        finally:
            self.bot.reindexing = False
        digests = await post_new_papers(self.bot, set(self.bot.engine.titles()) - before)
        state = "nothing changed" if report.unchanged else f"embedded {report.embedded} texts"
        for warning in report.warnings:  # the library returns them; the operator reads the log
            log.warning("reindex: %s", warning)
        warnings = (
            f"; {len(report.warnings)} corpus problem(s), listed in the log"
            if report.warnings
            else ""
        )
        posted = f" Posted {digests} digest(s)." if digests else ""
        await interaction.followup.send(
            f"Reindexed {report.papers} papers ({state}{warnings}) in {report.seconds:.1f} s."
            + posted,
            ephemeral=True,
        )

    @app_commands.command(name="subscribe", description="Post new papers on a topic to a channel")
    @app_commands.describe(
        topic="A question or topic, e.g. quantization of language models",
        channel="Where new matching papers are posted after each reindex",
    )
    async def subscribe(
        self,
        interaction: discord.Interaction[Papercord],
        topic: app_commands.Range[str, 3, 200],
        channel: discord.TextChannel,
    ) -> None:
        """Save a topic; new papers that answer it are posted to the channel."""
        assert interaction.guild_id is not None
        text = " ".join(topic.split())
        number = await self.bot.storage.subscribe(
            interaction.guild_id, channel.id, text, interaction.user.id
        )
        await interaction.response.send_message(
            f"Subscription #{number}: new papers on “{escape(text)}” will be posted in "
            f"<#{channel.id}> after each reindex (each paper once).",
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @app_commands.command(name="subscriptions", description="List or remove topic digests")
    @app_commands.describe(remove="The number of a subscription to remove")
    async def subscriptions(
        self, interaction: discord.Interaction[Papercord], remove: int | None = None
    ) -> None:
        """List this server's subscriptions, or remove one."""
        assert interaction.guild_id is not None
        note = ""
        if remove is not None:
            removed = await self.bot.storage.unsubscribe(interaction.guild_id, remove)
            note = f"Removed #{remove}." if removed else f"There is no subscription #{remove}."
        listed = [
            f"#{s.id} · “{escape(clip(s.topic, 100))}” → <#{s.channel_id}>"
            for s in await self.bot.storage.subscriptions(interaction.guild_id)
        ]
        body = clip_markdown_list(listed, sep="\n") if listed else "No subscriptions."
        await interaction.response.send_message(
            f"{note}\n{body}".strip()[:2000], ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(name="add", description="Add papers by arXiv id, or a BibTeX library")
    @app_commands.describe(
        ids="arXiv ids or abs/PDF links, separated by spaces or commas",
        library="A BibTeX (.bib) file, e.g. a Zotero or JabRef export",
    )
    async def add(
        self,
        interaction: discord.Interaction[Papercord],
        ids: app_commands.Range[str, 1, 500] | None = None,
        library: discord.Attachment | None = None,
    ) -> None:
        """Fetch papers from the arXiv API by id, or read an attached .bib, and index them."""
        problem = library_problem(library) if library is not None else None
        if ids is None and library is None:
            problem = "Give arXiv ids, or attach a BibTeX (.bib) file."
        if problem is None and self.bot.reindexing:
            problem = "A reindex is already running."
        if problem is not None:
            await interaction.response.send_message(problem, ephemeral=True)
            return
        await interaction.response.defer(thinking=True, ephemeral=True)
        self.bot.reindexing = True
        before = set(self.bot.engine.titles())
        try:
            lines = await self.added_ids(ids) if ids is not None else []
            if library is not None:
                lines += await self.added_library(library)
        except PapercordError as exc:
            await interaction.followup.send(str(exc)[:2000], ephemeral=True)
            return
        finally:
            self.bot.reindexing = False
        digests = await post_new_papers(self.bot, set(self.bot.engine.titles()) - before)
        if digests:
            lines.append(f"Posted {digests} digest(s).")
        await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True)

    async def added_ids(self, ids: str) -> list[str]:
        """Fetch and index papers by arXiv id; return what to tell the admin."""
        corpus = self.bot.settings.paths.corpus
        wanted = ids.replace(",", " ").split()
        report = await self.bot.run_retrieval(
            self.bot.engine.add_papers,
            self.arxiv,
            corpus,
            wanted,
            also=[self.bot.settings.paths.added],  # keep the papers `ingest --add` added
        )
        lines = [f"Added {i}: {t}" for i, t in zip(report.added, report.titles, strict=True)]
        lines += [f"Already indexed: {i}" for i in report.known]
        if report.ingest is not None:
            lines.append(f"The index now holds {report.ingest.papers} papers.")
        return lines

    async def added_library(self, library: discord.Attachment) -> list[str]:
        """Keep an attached .bib with the added files and index it; return what to say."""
        data = await library.read()
        name = safe_file_name(library.filename)
        paths = self.bot.settings.paths
        report = await self.bot.run_retrieval(
            self.bot.engine.add_library, paths.corpora(), paths.added, name, data
        )
        mine = [w for w in report.warnings if name in w]
        for warning in mine:
            log.warning("add %s: %s", name, warning)
        lines = [f"Added {name}. The index now holds {report.papers} papers."]
        lines += [f"⚠️ {escape(w[w.index(name) :])}" for w in mine[:10]]  # no folder path
        if len(mine) > 10:
            lines.append(f"… and {len(mine) - 10} more warnings, listed in the log.")
        return lines

    @app_commands.command(name="config", description="This server's Q&A channels and modes")
    @app_commands.describe(
        channel="A channel to add to or remove from the Q&A channels",
        action="Add or remove the channel or forum",
        forum="A forum to add or remove: every new post there gets an answer in its thread",
        require_mention="Follow-ups in the bot's threads need a mention",
        thread_mode="Open a thread for every question",
    )
    @app_commands.guild_only()
    async def config(
        self,
        interaction: discord.Interaction[Papercord],
        channel: discord.TextChannel | None = None,
        action: Literal["add", "remove"] = "add",
        require_mention: bool | None = None,
        thread_mode: bool | None = None,
        forum: discord.ForumChannel | None = None,
    ) -> None:
        """Change and show this server's settings (kept across restarts)."""
        assert interaction.guild_id is not None
        config = await self.bot.storage.guild_config(interaction.guild_id)
        channels = _changed(config.qa_channels, channel, action)
        forums = _changed(config.forum_channels, forum, action)
        config = replace(
            config,
            qa_channels=channels,
            forum_channels=forums,
            require_mention=config.require_mention if require_mention is None else require_mention,
            thread_mode=config.thread_mode if thread_mode is None else thread_mode,
        )
        await self.bot.storage.save_guild_config(config)
        effective = config.effective(self.bot.settings.discord)
        listed = ", ".join(f"<#{c}>" for c in channels) or "none"
        fields = [
            Field("Q&A channels", listed),
            Field("Require mention", str(effective.require_mention)),
            Field("Thread mode", str(effective.thread_mode)),
            Field("Forum channels", ", ".join(f"<#{c}>" for c in forums) or "none"),
        ]
        if (channels or forums) and not self.bot.intents.message_content:
            fields.append(
                Field(
                    "Warning",
                    "The Message Content intent is off, so I cannot read Q&A channel messages, "
                    "and answer forum posts from their title alone. Enable it in the Developer "
                    "Portal and set discord.message_content = true.",
                )
            )
        card = Card(
            title="papercord settings for this server", description="", fields=tuple(fields)
        )
        await interaction.response.send_message(
            embed=to_embed(card), ephemeral=True, allowed_mentions=NO_MENTIONS
        )


def _changed(
    ids: list[int], channel: discord.abc.GuildChannel | None, action: Literal["add", "remove"]
) -> list[int]:
    """Return the channel ids with one channel added or removed."""
    if channel is None:
        return list(ids)
    kept = [i for i in ids if i != channel.id]
    return [*kept, channel.id] if action == "add" else kept


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Admin(bot))
