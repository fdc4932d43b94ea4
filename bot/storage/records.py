"""What the bot stores, as the rest of the bot sees it: frozen records, no SQL."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.settings import DiscordSettings
from retrieval.config import Mode


@dataclass(frozen=True)
class StoredQuestion:
    """A question the bot answered, as the buttons under its reply need it."""

    id: int
    question: str
    mode: Mode
    filters: dict[str, Any]
    paper_ids: list[str]
    abstained: bool
    narrowed: bool = False  # a follow-up: its answers are only these paper_ids


@dataclass(frozen=True)
class GuildConfig:
    """Per-server settings; None means "use the global default"."""

    guild_id: int
    qa_channels: list[int] = field(default_factory=list)
    require_mention: bool | None = None
    thread_mode: bool | None = None
    forum_channels: list[int] = field(default_factory=list)  # every new post is a question

    def effective(self, defaults: DiscordSettings) -> ServerSettings:
        """Return this server's settings with the global defaults filled in."""
        return ServerSettings(
            qa_channels=frozenset(defaults.qa_channels) | frozenset(self.qa_channels),
            require_mention=(
                defaults.require_mention if self.require_mention is None else self.require_mention
            ),
            thread_mode=defaults.thread_mode if self.thread_mode is None else self.thread_mode,
            forum_channels=frozenset(self.forum_channels),
        )


@dataclass(frozen=True)
class ServerSettings:
    """What applies in one server: its own settings, else the global ones."""

    qa_channels: frozenset[int]  # the global Q&A channels and the server's own
    require_mention: bool
    thread_mode: bool
    forum_channels: frozenset[int] = frozenset()  # forums whose new posts are answered


@dataclass(frozen=True)
class Coverage:
    """What a server asked lately: unanswered questions, votes, papers answers led with."""

    abstained: list[str]
    up: int
    down: int
    top_papers: list[tuple[str, int]]  # (paper id, answers that put it first), most first


@dataclass(frozen=True)
class Subscription:
    """A saved question whose new matching papers are posted to a channel."""

    id: int
    guild_id: int
    channel_id: int
    topic: str
