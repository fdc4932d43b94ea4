"""Small helpers for reading what the bot sent to the fake Discord."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.fake_discord import BOT_ID, Call

Predicate = Callable[[Call], bool]


def pings_nobody(body: dict[str, Any]) -> bool:
    """Return True when a message's allowed_mentions let it ping no one at all."""
    allowed = body.get("allowed_mentions")
    return (
        allowed is not None
        and allowed.get("parse") == []
        and not allowed.get("users")
        and not allowed.get("roles")
        and not allowed.get("replied_user", False)
    )


def posted_to(channel_id: int) -> Predicate:
    """Match messages the bot posted in a channel."""
    path = f"/channels/{channel_id}/messages"
    return lambda call: call.method == "POST" and call.path == path


def callback_for(payload: dict[str, Any]) -> Predicate:
    """Match the bot's response to one interaction."""
    path = f"/interactions/{payload['id']}/{payload['token']}/callback"
    return lambda call: call.method == "POST" and call.path == path


def mention(text: str) -> str:
    """Return a question that mentions the bot, as Discord's client writes it."""
    return f"<@{BOT_ID}> {text}"


def custom_ids(body: dict[str, Any]) -> list[str]:
    """Return every button custom id in a message body, row by row."""
    return [c["custom_id"] for row in body.get("components", []) for c in row["components"]]


def command(name: str, **options: Any) -> dict[str, Any]:
    """Return the data of a slash command interaction with string/int options."""
    typed = [
        {"name": key, "type": 4 if isinstance(value, int) else 3, "value": value}
        for key, value in options.items()
    ]
    return {"id": "1", "name": name, "type": 1, "options": typed}
