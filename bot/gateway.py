"""Outlive one bad gateway event: papercord's boundary around discord.py's event parsers.

discord.py turns every gateway DISPATCH into a call ``client._connection.parsers[event](data)``
inside the websocket loop. A payload it does not expect (a DM ``MESSAGE_CREATE`` with
``"guild_id": null``, ``"thread": null``, roles sent as objects, a missing ``author``)
raises there, the exception ends the shard's worker and ``Client.start`` re-raises it: one
odd event would stop the bot. Real Discord adds fields and nullables over time, so the bot
must skip such an event instead. ``guard_parsers`` wraps each parser of one client (the
dict is per client, built in ``ConnectionState.__init__``; discord.py's source is untouched)
so a failure is logged once, with the event type and never the payload (which carries
interaction tokens), and the event is skipped.

What can be repaired is repaired first (``normalized``), so the event is answered rather
than skipped: a message whose ``guild_id`` is null (a DM, as a Discord-compatible
server sends it; discord.py reads a present key as a server id) loses the key, as real
Discord's DMs have none; roles in ``member.roles`` sent as role objects become the ids
discord.py expects. Anything else that fails is skipped as before.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import discord

log = logging.getLogger(__name__)

Parser = Callable[[Any], None]
MAX_REASON = 200  # characters of the exception message kept in the log line
MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE"}  # payloads that carry guild_id, member


def normalized(event: str, data: Any) -> Any:
    """Return a message event's payload in the form discord.py parses: no null
    ``guild_id``, and ``member.roles`` as role ids (objects reduced to their ``id``)."""
    if event not in MESSAGE_EVENTS or not isinstance(data, dict):
        return data
    if "guild_id" in data and data["guild_id"] is None:
        data = {key: value for key, value in data.items() if key != "guild_id"}
        if data.get("member") is None:
            data.pop("member", None)  # a DM has no member: a null one is no member either
    member = data.get("member")
    if isinstance(member, dict) and isinstance(member.get("roles"), list):
        roles = [_role_id(role) for role in member["roles"]]
        data = {**data, "member": {**member, "roles": [r for r in roles if r is not None]}}
    return data


def _role_id(role: Any) -> str | None:
    """Return a role's id as discord.py reads it, from an id or a role object."""
    if isinstance(role, dict):
        role = role.get("id")
    return str(role) if isinstance(role, str | int) and not isinstance(role, bool) else None


def guard_parsers(client: discord.Client) -> None:
    """Wrap every gateway event parser of ``client`` so a failing event is skipped."""
    parsers: dict[str, Parser] = client._connection.parsers
    for event, parser in list(parsers.items()):
        if not getattr(parser, "__papercord_guarded__", False):
            parsers[event] = _guarded(client, event, parser)


def _guarded(client: discord.Client, event: str, parser: Parser) -> Parser:
    @functools.wraps(parser)
    def parse(data: Any) -> None:
        try:
            parser(normalized(event, data))
        except Exception as exc:  # any parsing failure: skip this one event
            log.warning(
                "skipped a %s gateway event discord.py could not parse: %s",
                event,
                describe(exc, secrets=_secrets(client, data)),
            )
            log.debug("the %s event failed here", event, exc_info=exc)

    parse.__papercord_guarded__ = True  # type: ignore[attr-defined]
    return parse


def describe(exc: BaseException, *, secrets: list[str]) -> str:
    """Return ``Type: message`` for a log line, with any secret text removed."""
    reason = f"{type(exc).__name__}: {exc}"
    for secret in secrets:
        reason = reason.replace(secret, "[redacted]")
    return reason[:MAX_REASON]


def _secrets(client: discord.Client, data: Any) -> list[str]:
    found = [client.http.token] if client.http.token else []
    if isinstance(data, dict) and isinstance(data.get("token"), str) and data["token"]:
        found.append(data["token"])  # an interaction's token answers on the bot's behalf
    return found
