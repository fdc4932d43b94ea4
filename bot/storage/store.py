"""Every table the bot writes, and every read its commands make, on SQLite or Postgres.

``answer_messages`` maps the bot's answers in forum posts to their question, so a 👍/👎
reaction there is stored as feedback like a button click. Feedback rows keep the
question and the papers shown, so they can become evaluation data. Each method is one
statement (two for a vote): the same SQL runs on both databases (``database.py``).
"""

from __future__ import annotations

import json
import time
from typing import Any

from bot.storage.database import Database
from bot.storage.records import Coverage, GuildConfig, StoredQuestion, Subscription


class Storage:
    """The bot's state in one database, shared by every process that opens the same URL."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @property
    def shared(self) -> bool:
        """Return True when other processes can share this database (Postgres)."""
        return self.db.dialect == "postgres"

    async def close(self) -> None:
        """Close the database."""
        await self.db.close()

    async def record_question(
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
        row = await self.db.fetchrow(
            "INSERT INTO questions (created, guild_id, channel_id, user_id, question, mode,"
            " filters, paper_ids, abstained, narrowed)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
            time.time(), guild_id, channel_id, user_id, question, mode, json.dumps(filters),
            json.dumps(paper_ids), int(abstained), int(narrowed),
        )  # fmt: skip
        assert row is not None
        return int(row[0])

    async def question(self, question_id: int) -> StoredQuestion | None:
        """Return a stored question, or None if it is unknown."""
        row = await self.db.fetchrow(
            "SELECT id, question, mode, filters, paper_ids, abstained, narrowed FROM questions"
            " WHERE id = $1",
            question_id,
        )
        if row is None:
            return None
        return StoredQuestion(
            int(row[0]), row[1], row[2], json.loads(row[3]), json.loads(row[4]), bool(row[5]),
            bool(row[6]),
        )  # fmt: skip

    async def record_feedback(self, question_id: int, user_id: int, vote: str) -> bool:
        """Store a vote (one per user and question; a new click replaces it)."""
        stored = await self.question(question_id)
        if stored is None:
            return False
        await self.db.execute(
            "INSERT INTO feedback (created, question_id, user_id, vote, question, paper_ids)"
            " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (question_id, user_id)"
            " DO UPDATE SET vote = excluded.vote, created = excluded.created",
            time.time(), question_id, user_id, vote, stored.question,
            json.dumps(stored.paper_ids),
        )  # fmt: skip
        return True

    async def counts(self) -> dict[str, int]:
        """Return how many questions were answered and how many votes of each kind."""
        questions = await self.db.fetchrow("SELECT COUNT(*) FROM questions")
        votes = {
            row[0]: int(row[1])
            for row in await self.db.fetch("SELECT vote, COUNT(*) FROM feedback GROUP BY vote")
        }
        total = int(questions[0]) if questions else 0
        return {"questions": total, "up": votes.get("up", 0), "down": votes.get("down", 0)}

    async def coverage(self, guild_id: int, since: float) -> Coverage:
        """Return a server's unanswered questions, votes and top papers since a time."""
        abstained = [
            row[0]
            for row in await self.db.fetch(
                "SELECT question FROM questions WHERE guild_id = $1 AND created >= $2"
                " AND abstained = 1 ORDER BY id",
                guild_id,
                since,
            )
        ]
        votes = {
            row[0]: int(row[1])
            for row in await self.db.fetch(
                "SELECT f.vote, COUNT(*) FROM feedback f JOIN questions q ON q.id = f.question_id"
                " WHERE q.guild_id = $1 AND f.created >= $2 GROUP BY f.vote",
                guild_id,
                since,
            )
        }
        top: dict[str, int] = {}
        for row in await self.db.fetch(
            "SELECT paper_ids FROM questions WHERE guild_id = $1 AND created >= $2"
            " AND abstained = 0",
            guild_id, since,
        ):  # fmt: skip
            shown = json.loads(row[0])
            if shown:  # the paper an answer put first is the one it was about
                top[shown[0]] = top.get(shown[0], 0) + 1
        papers = sorted(top.items(), key=lambda item: (-item[1], item[0]))
        return Coverage(abstained, votes.get("up", 0), votes.get("down", 0), papers)

    async def guild_config(self, guild_id: int) -> GuildConfig:
        """Return a server's settings (defaults when it has none)."""
        row = await self.db.fetchrow(
            "SELECT qa_channels, require_mention, thread_mode, forum_channels FROM guild_config"
            " WHERE guild_id = $1",
            guild_id,
        )
        if row is None:
            return GuildConfig(guild_id)
        return GuildConfig(
            guild_id,
            json.loads(row[0]),
            None if row[1] is None else bool(row[1]),
            None if row[2] is None else bool(row[2]),
            json.loads(row[3]),
        )

    async def save_guild_config(self, config: GuildConfig) -> None:
        """Store a server's settings."""
        await self.db.execute(
            "INSERT INTO guild_config (guild_id, qa_channels, require_mention, thread_mode,"
            " forum_channels) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id) DO UPDATE SET"
            " qa_channels = excluded.qa_channels, require_mention = excluded.require_mention,"
            " thread_mode = excluded.thread_mode, forum_channels = excluded.forum_channels",
            config.guild_id,
            json.dumps(config.qa_channels),
            None if config.require_mention is None else int(config.require_mention),
            None if config.thread_mode is None else int(config.thread_mode),
            json.dumps(config.forum_channels),
        )

    async def record_answer_message(self, message_id: int, question_id: int) -> None:
        """Remember which question a message of the bot answers (for reactions on it)."""
        await self.db.execute(
            "INSERT INTO answer_messages (message_id, question_id) VALUES ($1, $2)"
            " ON CONFLICT (message_id) DO UPDATE SET question_id = excluded.question_id",
            message_id, question_id,
        )  # fmt: skip

    async def answered_by(self, message_id: int) -> int | None:
        """Return the question id a message of the bot answers, or None."""
        row = await self.db.fetchrow(
            "SELECT question_id FROM answer_messages WHERE message_id = $1", message_id
        )
        return None if row is None else int(row[0])

    async def last_question_in(self, channel_id: int) -> int | None:
        """Return the id of the latest question answered in a channel or thread, or None."""
        row = await self.db.fetchrow(
            "SELECT MAX(id) FROM questions WHERE channel_id = $1", channel_id
        )
        return None if row is None or row[0] is None else int(row[0])

    async def subscribe(self, guild_id: int, channel_id: int, topic: str, user_id: int) -> int:
        """Store a digest subscription; return its id."""
        row = await self.db.fetchrow(
            "INSERT INTO subscriptions (created, guild_id, channel_id, user_id, topic)"
            " VALUES ($1, $2, $3, $4, $5) RETURNING id",
            time.time(), guild_id, channel_id, user_id, topic,
        )  # fmt: skip
        assert row is not None
        return int(row[0])

    async def subscriptions(self, guild_id: int | None = None) -> list[Subscription]:
        """Return the subscriptions of one server (or of every server), oldest first."""
        columns = "SELECT id, guild_id, channel_id, topic FROM subscriptions"
        if guild_id is None:
            rows = await self.db.fetch(f"{columns} ORDER BY id")
        else:
            rows = await self.db.fetch(f"{columns} WHERE guild_id = $1 ORDER BY id", guild_id)
        return [Subscription(int(r[0]), int(r[1]), int(r[2]), r[3]) for r in rows]

    async def unsubscribe(self, guild_id: int, subscription_id: int) -> bool:
        """Remove a server's subscription and its record of posted papers."""
        async with self.db.transaction() as tx:
            owned = await tx.fetchrow(
                "SELECT id FROM subscriptions WHERE id = $1 AND guild_id = $2",
                subscription_id, guild_id,
            )  # fmt: skip
            if owned is None:
                return False
            await tx.execute("DELETE FROM digest_posts WHERE subscription_id = $1", subscription_id)
            await tx.execute("DELETE FROM subscriptions WHERE id = $1", subscription_id)
        return True

    async def claim_digest_post(self, subscription_id: int, paper_id: str) -> bool:
        """Record that a paper is posted for a subscription; False if it already was.

        One statement: when two processes claim the same paper, exactly one gets True.
        """
        changed = await self.db.execute(
            "INSERT INTO digest_posts (subscription_id, paper_id, created) VALUES ($1, $2, $3)"
            " ON CONFLICT DO NOTHING",
            subscription_id, paper_id, time.time(),
        )  # fmt: skip
        return changed == 1
