"""Small helpers for reading what the bot sent to the fake Discord."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.bot.fake_discord import BOT_ID, Call, FakeDiscord

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


def _options(options: dict[str, Any]) -> list[dict[str, Any]]:
    # Option types: 3 string, 4 integer, 5 boolean (bool is checked first: it is an int).
    def kind(value: Any) -> int:
        return 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3

    return [{"name": k, "type": kind(v), "value": v} for k, v in options.items()]


def command(name: str, /, **options: Any) -> dict[str, Any]:
    """Return the data of a slash command interaction with string/int/bool options."""
    return {"id": "1", "name": name, "type": 1, "options": _options(options)}


def subcommand(group: str, name: str, /, **options: Any) -> dict[str, Any]:
    """Return the data of a subcommand of a command group."""
    inner = {"name": name, "type": 1, "options": _options(options)}
    return {"id": "1", "name": group, "type": 1, "options": [inner]}


def message_command(name: str, target: dict[str, Any]) -> dict[str, Any]:
    """Return the data of a message context-menu command run on ``target``."""
    return {
        "id": "1",
        "name": name,
        "type": 3,
        "target_id": target["id"],
        "resolved": {"messages": {target["id"]: target}},
    }


async def interact(fake: FakeDiscord, kind: int, data: dict[str, Any], **extra: Any) -> Any:
    """Send an interaction and return the body of the bot's response to it."""
    payload = fake.interaction(kind, data, **extra)
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    return call.body


def click(custom_id: str) -> dict[str, Any]:
    """Return the data of a button click."""
    return {"custom_id": custom_id, "component_type": 2}
