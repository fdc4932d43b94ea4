"""SQLite state in the data directory: answered questions, feedback, per-server settings.

``answer_messages`` maps the bot's answers in forum posts to their question, so a 👍/👎
reaction there is stored as feedback like a button click.

Every statement is a single small read or write on a local file (about 0.2 ms, as
commits do not wait for an fsync; see ``Storage``), so it runs on the event loop behind a
lock rather than in the executor.
Feedback rows keep the question and the papers shown, so they can become evaluation data.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.settings import DiscordSettings
from retrieval.config import Mode

SCHEMA = """
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER,
    user_id INTEGER,
    question TEXT NOT NULL,
    mode TEXT NOT NULL,
    filters TEXT NOT NULL,
    paper_ids TEXT NOT NULL,
    abstained INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    question_id INTEGER NOT NULL REFERENCES questions(id),
    user_id INTEGER,
    vote TEXT NOT NULL CHECK (vote IN ('up', 'down')),
    question TEXT NOT NULL,
    paper_ids TEXT NOT NULL,
    UNIQUE (question_id, user_id)
);
CREATE TABLE IF NOT EXISTS guild_config (
    guild_id INTEGER PRIMARY KEY,
    qa_channels TEXT NOT NULL DEFAULT '[]',
    require_mention INTEGER,
    thread_mode INTEGER
);
CREATE TABLE IF NOT EXISTS subscriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    user_id INTEGER,
    topic TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS digest_posts (
    subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
    paper_id TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (subscription_id, paper_id)
);
CREATE TABLE IF NOT EXISTS answer_messages (
    message_id INTEGER PRIMARY KEY,
    question_id INTEGER NOT NULL REFERENCES questions(id)
);
"""
# Columns added after the first release: (table, column, definition), added when missing.
ADDED_COLUMNS = (
    ("guild_config", "forum_channels", "TEXT NOT NULL DEFAULT '[]'"),
    # 1: a follow-up ("which of those ...") kept only its paper_ids of the earlier answer
    ("questions", "narrowed", "INTEGER NOT NULL DEFAULT 0"),
)


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


class Storage:
    """The bot's SQLite file."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # Statements run on the event loop. With the default synchronous=FULL every insert
        # waits for an fsync: 5-12 ms each, 1.4 s of a 120-interaction burst spent blocking
        # the loop (bench/load.py). In WAL mode NORMAL stays consistent after a crash; a
        # power cut can lose the last few questions or votes, never corrupt the file.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        for table, column, definition in ADDED_COLUMNS:
            present = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in present:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")
        self._lock = threading.Lock()

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        with self._lock:
            return self._db.execute(sql, params)

    def record_question(
        self,
        question: str,
        mode: str,
        filters: dict[str, Any],
        paper_ids: list[str],
        abstained: bool,
        *,
        guild_id: int | None,
        channel_id: int | None,
        user_id: int | None,
        narrowed: bool = False,
    ) -> int:
        """Store an answered question and return its id (used in button custom ids)."""
        cursor = self._run(
            "INSERT INTO questions (created, guild_id, channel_id, user_id, question, mode,"
            " filters, paper_ids, abstained, narrowed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                time.time(),
                guild_id,
                channel_id,
                user_id,
                question,
                mode,
                json.dumps(filters),
                json.dumps(paper_ids),
                int(abstained),
                int(narrowed),
            ),
        )
        return int(cursor.lastrowid or 0)

    def question(self, question_id: int) -> StoredQuestion | None:
        """Return a stored question, or None if it is unknown."""
        row = self._run(
            "SELECT id, question, mode, filters, paper_ids, abstained, narrowed FROM questions"
            " WHERE id = ?",
            (question_id,),
        ).fetchone()
        if row is None:
            return None
        return StoredQuestion(
            row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), bool(row[5]),
            bool(row[6]),
        )  # fmt: skip

    def record_feedback(self, question_id: int, user_id: int, vote: str) -> bool:
        """Store a vote (one per user and question; a new click replaces it)."""
        stored = self.question(question_id)
        if stored is None:
            return False
        self._run(
            "INSERT INTO feedback (created, question_id, user_id, vote, question, paper_ids)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (question_id, user_id)"
            " DO UPDATE SET vote = excluded.vote, created = excluded.created",
            (
                time.time(),
                question_id,
                user_id,
                vote,
                stored.question,
                json.dumps(stored.paper_ids),
            ),
        )
        return True

    def counts(self) -> dict[str, int]:
        """Return how many questions were answered and how many votes of each kind."""
        questions = self._run("SELECT COUNT(*) FROM questions").fetchone()[0]
        votes = dict(self._run("SELECT vote, COUNT(*) FROM feedback GROUP BY vote").fetchall())
        return {"questions": questions, "up": votes.get("up", 0), "down": votes.get("down", 0)}

    def coverage(self, guild_id: int, since: float) -> Coverage:
        """Return a server's unanswered questions, votes and top papers since a time."""
        abstained = [
            row[0]
            for row in self._run(
                "SELECT question FROM questions WHERE guild_id = ? AND created >= ?"
                " AND abstained = 1 ORDER BY id",
                (guild_id, since),
            ).fetchall()
        ]
        votes = dict(
            self._run(
                "SELECT f.vote, COUNT(*) FROM feedback f JOIN questions q ON q.id = f.question_id"
                " WHERE q.guild_id = ? AND f.created >= ? GROUP BY f.vote",
                (guild_id, since),
            ).fetchall()
        )
        top: dict[str, int] = {}
        for (paper_ids,) in self._run(
            "SELECT paper_ids FROM questions WHERE guild_id = ? AND created >= ? AND abstained = 0",
            (guild_id, since),
        ).fetchall():
            shown = json.loads(paper_ids)
            if shown:  # the paper an answer put first is the one it was about
                top[shown[0]] = top.get(shown[0], 0) + 1
        papers = sorted(top.items(), key=lambda item: (-item[1], item[0]))
        return Coverage(abstained, votes.get("up", 0), votes.get("down", 0), papers)

    def guild_config(self, guild_id: int) -> GuildConfig:
        """Return a server's settings (defaults when it has none)."""
        row = self._run(
            "SELECT qa_channels, require_mention, thread_mode, forum_channels FROM guild_config"
            " WHERE guild_id = ?",
            (guild_id,),
        ).fetchone()
        if row is None:
            return GuildConfig(guild_id)
        return GuildConfig(
            guild_id,
            json.loads(row[0]),
            None if row[1] is None else bool(row[1]),
            None if row[2] is None else bool(row[2]),
            json.loads(row[3]),
        )

    def save_guild_config(self, config: GuildConfig) -> None:
        """Store a server's settings."""
        self._run(
            "INSERT INTO guild_config (guild_id, qa_channels, require_mention, thread_mode,"
            " forum_channels) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
            " qa_channels = excluded.qa_channels, require_mention = excluded.require_mention,"
            " thread_mode = excluded.thread_mode, forum_channels = excluded.forum_channels",
            (
                config.guild_id,
                json.dumps(config.qa_channels),
                None if config.require_mention is None else int(config.require_mention),
                None if config.thread_mode is None else int(config.thread_mode),
                json.dumps(config.forum_channels),
            ),
        )

    def record_answer_message(self, message_id: int, question_id: int) -> None:
        """Remember which question a message of the bot answers (for reactions on it)."""
        self._run(
            "INSERT OR REPLACE INTO answer_messages (message_id, question_id) VALUES (?, ?)",
            (message_id, question_id),
        )

    def answered_by(self, message_id: int) -> int | None:
        """Return the question id a message of the bot answers, or None."""
        row = self._run(
            "SELECT question_id FROM answer_messages WHERE message_id = ?", (message_id,)
        ).fetchone()
        return None if row is None else int(row[0])

    def last_question_in(self, channel_id: int) -> int | None:
        """Return the id of the latest question answered in a channel or thread, or None."""
        row = self._run(
            "SELECT MAX(id) FROM questions WHERE channel_id = ?", (channel_id,)
        ).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def subscribe(self, guild_id: int, channel_id: int, topic: str, user_id: int) -> int:
        """Store a digest subscription; return its id."""
        cursor = self._run(
            "INSERT INTO subscriptions (created, guild_id, channel_id, user_id, topic)"
            " VALUES (?, ?, ?, ?, ?)",
            (time.time(), guild_id, channel_id, user_id, topic),
        )
        return int(cursor.lastrowid or 0)

    def subscriptions(self, guild_id: int | None = None) -> list[Subscription]:
        """Return the subscriptions of one server (or of every server), oldest first."""
        where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        rows = self._run(
            f"SELECT id, guild_id, channel_id, topic FROM subscriptions {where} ORDER BY id",
            params,
        ).fetchall()
        return [Subscription(*row) for row in rows]

    def unsubscribe(self, guild_id: int, subscription_id: int) -> bool:
        """Remove a server's subscription and its record of posted papers."""
        self._run("DELETE FROM digest_posts WHERE subscription_id = ?", (subscription_id,))
        cursor = self._run(
            "DELETE FROM subscriptions WHERE id = ? AND guild_id = ?", (subscription_id, guild_id)
        )
        return cursor.rowcount == 1

    def claim_digest_post(self, subscription_id: int, paper_id: str) -> bool:
        """Record that a paper is posted for a subscription; False if it already was."""
        cursor = self._run(
            "INSERT OR IGNORE INTO digest_posts (subscription_id, paper_id, created)"
            " VALUES (?, ?, ?)",
            (subscription_id, paper_id, time.time()),
        )
        return cursor.rowcount == 1
