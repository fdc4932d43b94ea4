"""A fake Discord: gateway websocket + the REST routes papercord uses, on 127.0.0.1.

The real, unmodified discord.py client connects to it through papercord's configurable
API and gateway URLs. Tests push gateway events (MESSAGE_CREATE, INTERACTION_CREATE)
and read back what the bot sent over REST.

Sharding works as Discord's: an IDENTIFY naming ``[shard_id, shard_count]`` gets only
the guilds with ``(guild_id >> 22) % shard_count == shard_id``, a guild's events go to
its shard's connection, and events without a guild (DMs) to shard 0. Several bot
processes, each running some of the shards, can connect to one fake.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from tests.bot import discord_limits as limits

BOT_ID = 900000000000000001
APP_ID = 900000000000000002
GUILD_ID = 900000000000000010
CHANNEL_ID = 900000000000000020
QA_CHANNEL_ID = 900000000000000021
USER_ID = 900000000000000030
OTHER_BOT_ID = 900000000000000031
OWNER_ID = 900000000000000032
# A second server: on shard 0 of 2, where GUILD_ID is on shard 1 ((id >> 22) % 2).
SECOND_GUILD_ID = GUILD_ID + (1 << 22)
THREAD_ID = 900000000000000040  # a thread the bot opened earlier, in #general  # the server's owner; the test user is an ordinary member
FORUM_ID = 900000000000000060  # a forum channel (type 15)
OTHER_FORUM_ID = 900000000000000061  # a forum nobody configured
DM_ID = 900000000000000050  # a DM between the test user and someone else, without the bot
HEARTBEAT_MS = 41250


@dataclass
class Call:
    """One REST request the bot made."""

    method: str
    path: str
    body: Any
    query: dict[str, str] = field(default_factory=dict)
    response: Any = None  # what the fake answered (the created message, for example)
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)  # files[n]: name, bytes
    via: str = ""  # "p0" for a bot whose api_base is BASE/p0/api/v10: which process sent it


def user(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    """Return a user object."""
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


def now() -> str:
    """Return an ISO timestamp, as Discord sends them."""
    return datetime.now(UTC).isoformat()


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Return the shard Discord sends a guild's events on; DMs (no guild) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def guild_channels(guild_id: int) -> tuple[int, int]:
    """Return a server's #general and #papers (Q&A) channel ids."""
    if guild_id == GUILD_ID:
        return CHANNEL_ID, QA_CHANNEL_ID
    return guild_id + 10, guild_id + 11


class FakeDiscord:
    """Serve the gateway and REST API; record every request."""

    def __init__(self, guilds: tuple[int, ...] = (GUILD_ID,)) -> None:
        self.calls: list[Call] = []
        self.ids = itertools.count(950000000000000000)
        self.guilds = guilds
        self.sequence = 0
        self.session_id = "fake-session"
        self.sockets: list[web.WebSocketResponse] = []
        self.shard_count = 1  # from the last IDENTIFY; every process of a bot sends the same
        self.shard_sockets: dict[int, web.WebSocketResponse] = {}  # shard -> its connection
        self.shard_ready: dict[int, asyncio.Event] = {}
        self.identified: list[tuple[int, int]] = []  # (shard id, shard count) per IDENTIFY
        self.identifies = 0
        self.resumes = 0
        self.killed_with: int | None = None  # the fatal close code of the current session
        self.ready = asyncio.Event()
        self.reject_token = False  # answer /users/@me with 401, as Discord does for a bad token
        self.reject_sync: str | None = None  # answer a command sync with 400 and this message
        self.disconnect: Callable[[Call], bool] = lambda call: False  # drop these requests
        self.rejected: list[tuple[Call, list[str]]] = []  # bodies Discord would refuse
        # Discord accepts one initial response per interaction, within 3 s of sending it.
        self.response_deadline = limits.RESPONSE_SECONDS
        self.sent_interactions: dict[str, float] = {}  # interaction id -> when it was sent
        self.acknowledged: set[str] = set()
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}  # (channel, id) -> message
        self.changed = asyncio.Condition()
        self.base = ""
        self._runner: web.AppRunner | None = None
        # aiohttp refuses bodies over 1 MiB itself; Discord takes up to 10 files of 10 MiB.
        app = web.Application(client_max_size=11 * limits.ATTACHMENT_BYTES)
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self.rest)
        app.router.add_get("/attachments/{id}/{filename}", self.attachment)
        self.uploads: dict[str, bytes] = {}  # attachment id -> bytes a test "uploaded"
        # The same API under /<name>/api/v10: several bot processes, told apart in calls.
        app.router.add_route("*", "/{via}/api/v10/{path:.*}", self.rest)
        self.app = app

    async def start(self) -> str:
        """Start listening on a free loopback port; return the API base URL."""
        self._runner = web.AppRunner(self.app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}"
        return f"{self.base}/api/v10"

    async def stop(self) -> None:
        """Close sockets and stop the server."""
        for socket in self.sockets:
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def gateway_url(self) -> str:
        return self.base.replace("http://", "ws://") + "/gateway"

    # ---- gateway -----------------------------------------------------------------

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.sockets.append(socket)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}})
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            payload = json.loads(message.data)
            await self._gateway_op(socket, payload)
        for shard_id, connection in list(self.shard_sockets.items()):
            if connection is socket:  # the shard is down until it connects again
                self._shard_event(shard_id).clear()
        return socket

    async def _gateway_op(self, socket: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        op = payload["op"]
        if op == 1:
            await socket.send_json({"op": 11})
        elif op == 2:
            self.identifies += 1
            self.killed_with = None  # a new session
            shard = payload["d"].get("shard")  # [shard_id, shard_count] when the bot shards
            shard_id, self.shard_count = shard if shard is not None else (0, 1)
            self.identified.append((shard_id, self.shard_count))
            self.shard_sockets[shard_id] = socket
            await self.send(socket, "READY", self._ready_payload(shard))
            for guild_id in self.guilds_of(shard_id):
                await self.send(socket, "GUILD_CREATE", self.guild_payload(guild_id))
            self._shard_event(shard_id).set()
            self.ready.set()
        elif op == 6 and self.killed_with is not None:
            # Discord refuses to resume a session it ended with a fatal code: the client may
            # have missed the close frame (it then sees 1006 and tries to resume).
            await socket.close(code=self.killed_with, message=b"fake kill")
        elif op == 6:
            self.resumes += 1
            shard_id = int(str(payload["d"].get("session_id", "")).rpartition("-")[2] or 0)
            self.shard_sockets[shard_id] = socket
            await self.send(socket, "RESUMED", {})
            self._shard_event(shard_id).set()
            self.ready.set()
        async with self.changed:
            self.changed.notify_all()

    async def send(self, socket: web.WebSocketResponse, event: str, data: Any) -> None:
        self.sequence += 1
        await socket.send_json({"op": 0, "t": event, "s": self.sequence, "d": data})

    def _shard_event(self, shard_id: int) -> asyncio.Event:
        return self.shard_ready.setdefault(shard_id, asyncio.Event())

    def guilds_of(self, shard_id: int) -> list[int]:
        """Return the guilds a shard receives, by Discord's formula."""
        return [g for g in self.guilds if shard_of(g, self.shard_count) == shard_id]

    async def dispatch(self, event: str, data: Any) -> None:
        """Send an event over the connection of the shard its guild is on (DMs: shard 0).

        A shard nobody runs gets nothing: the event waits until one connects, as Discord
        holds a guild's events for a shard that is down.
        """
        guild = data.get("guild_id") if isinstance(data, dict) else None
        shard_id = shard_of(int(guild) if guild is not None else None, self.shard_count)
        await self.ready.wait()
        await self._shard_event(shard_id).wait()
        if event == "INTERACTION_CREATE" and isinstance(data, dict) and "id" in data:
            self.sent_interactions[data["id"]] = time.monotonic()
        await self.send(self.shard_sockets[shard_id], event, data)

    async def kill(self, code: int = 4010) -> None:
        """Close the gateway with a code discord.py does not resume (4010: invalid shard).

        The client then stops and ``Client.start`` raises, as when a connection dies for good.
        """
        self.ready.clear()
        self.killed_with = code
        await self.sockets[-1].close(code=code, message=b"fake kill")

    async def drop(self) -> None:
        """Close the gateway connection the way a network failure or restart would."""
        self.ready.clear()
        await self.sockets[-1].close(code=4000, message=b"fake drop")

    def _ready_payload(self, shard: list[int] | None = None) -> dict[str, Any]:
        shard_id = shard[0] if shard is not None else 0
        return {
            **({"shard": shard} if shard is not None else {}),  # Discord echoes the shard
            "v": 10,
            "user": {**user(BOT_ID, "papercord", bot=True), "verified": True, "flags": 0},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds_of(shard_id)],
            "session_id": f"{self.session_id}-{shard_id}",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }

    def guild_payload(self, guild_id: int = GUILD_ID) -> dict[str, Any]:
        """Return the GUILD_CREATE data: a server with two text channels (and, for the
        first server, two forums and a thread)."""
        if guild_id != GUILD_ID:
            return self._other_guild_payload(guild_id)

        def channel(channel_id: int, name: str, position: int, kind: int = 0) -> dict[str, Any]:
            return {
                "id": str(channel_id),
                "type": kind,
                "name": name,
                "position": position,
                "guild_id": str(GUILD_ID),
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            }

        return {
            "id": str(GUILD_ID),
            "name": "Research group",
            "owner_id": str(OWNER_ID),
            "unavailable": False,
            "member_count": 2,
            "large": False,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(GUILD_ID),
                    "name": "@everyone",
                    "permissions": "0",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "channels": [
                channel(CHANNEL_ID, "general", 0),
                channel(QA_CHANNEL_ID, "papers", 1),
                channel(FORUM_ID, "paper-questions", 2, kind=15),
                channel(OTHER_FORUM_ID, "off-topic", 3, kind=15),
            ],
            "threads": [
                {
                    "id": str(THREAD_ID),
                    "type": 11,
                    "guild_id": str(GUILD_ID),
                    "parent_id": str(CHANNEL_ID),
                    "owner_id": str(BOT_ID),
                    "name": "stencil computations",
                    "thread_metadata": {
                        "archived": False,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": now(),
                        "locked": False,
                    },
                    "message_count": 1,
                    "member_count": 2,
                    "rate_limit_per_user": 0,
                    "flags": 0,
                }
            ],
            "members": [],
            "voice_states": [],
            "presences": [],
            "joined_at": now(),
            "preferred_locale": "en-US",
            "premium_tier": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "system_channel_flags": 0,
        }

    def _other_guild_payload(self, guild_id: int) -> dict[str, Any]:
        payload = self.guild_payload(GUILD_ID)
        general, papers = guild_channels(guild_id)
        channels = [c for c in payload["channels"] if c["type"] == 0]
        for channel, new_id in zip(channels, (general, papers), strict=True):
            channel.update(id=str(new_id), guild_id=str(guild_id))
        payload["roles"][0]["id"] = str(guild_id)
        return {**payload, "id": str(guild_id), "name": f"Server {guild_id}",
                "channels": channels, "threads": []}  # fmt: skip

    # ---- events a test sends ------------------------------------------------------

    def message(
        self,
        content: str,
        *,
        channel_id: int = CHANNEL_ID,
        author_id: int = USER_ID,
        author_bot: bool = False,
        mentions: list[int] | None = None,
        guild: bool = True,
        null_guild: bool = False,
        role_objects: bool = False,
        guild_id: int = GUILD_ID,
    ) -> dict[str, Any]:
        """Return a MESSAGE_CREATE payload.

        Two forms Discord-compatible servers send: ``null_guild`` gives a DM
        ``"guild_id": null`` (Discord leaves the key out), and ``role_objects`` gives a
        server message's ``member.roles`` as role objects (Discord sends ids).
        """
        payload = self.message_payload(
            content, channel_id=channel_id, author=user(author_id, "alice", bot=author_bot)
        )
        payload["mentions"] = [user(m, "papercord", bot=m == BOT_ID) for m in mentions or []]
        payload["mention_everyone"] = "@everyone" in content
        if guild:
            payload["guild_id"] = str(guild_id)
            payload["member"] = {
                "roles": [],
                "joined_at": now(),
                "deaf": False,
                "mute": False,
                "flags": 0,
            }
            if role_objects:
                payload["member"]["roles"] = [
                    {"id": str(GUILD_ID), "name": "@everyone", "position": 0, "permissions": "0"}
                ]
        elif null_guild:
            payload["guild_id"] = None
        return payload

    def message_payload(
        self, content: str, *, channel_id: int, author: dict[str, Any], **extra: Any
    ) -> dict[str, Any]:
        """Return a full message object."""
        return {
            "id": str(next(self.ids)),
            "channel_id": str(channel_id),
            "author": author,
            "content": content,
            "timestamp": now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
            **extra,
        }

    def interaction(
        self,
        kind: int,
        data: dict[str, Any],
        *,
        permissions: str = "0",
        message: dict[str, Any] | None = None,
        user_id: int = USER_ID,
        guild_id: int = GUILD_ID,
    ) -> dict[str, Any]:
        """Return an INTERACTION_CREATE payload (2: command, 3: button, 4: autocomplete)."""
        channel_id = guild_channels(guild_id)[0]
        payload: dict[str, Any] = {
            "id": str(next(self.ids)),
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "guild_id": str(guild_id),
            "channel_id": str(channel_id),
            "channel": {"id": str(channel_id), "type": 0, "guild_id": str(guild_id)},
            "member": {
                "user": user(user_id, "alice"),
                "roles": [],
                "joined_at": now(),
                "deaf": False,
                "mute": False,
                "permissions": permissions,
                "flags": 0,
            },
            "token": f"token-{next(self.ids)}",
            "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": "2147483647",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild_id)},
            "context": 0,
        }
        if message is not None:
            payload["message"] = message
        return payload

    def forum_post(
        self, title: str, content: str, *, forum_id: int = FORUM_ID
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Return a new forum post: its THREAD_CREATE data and its first message.

        The first message has the thread's id, as in Discord; it is stored so the bot
        can fetch it over REST (Discord may deliver it before or after the thread).
        """
        thread_id = next(self.ids)
        thread = {
            "id": str(thread_id),
            "type": 11,
            "guild_id": str(GUILD_ID),
            "parent_id": str(forum_id),
            "owner_id": str(USER_ID),
            "name": title,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 4320,
                "archive_timestamp": now(),
                "locked": False,
            },
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "applied_tags": [],
            "newly_created": True,
        }
        starter = self.message(content, channel_id=thread_id)
        starter["id"] = str(thread_id)
        self.messages[(thread_id, thread_id)] = starter
        return thread, starter

    def reaction(
        self, message_id: str, channel_id: int, emoji: str, *, user_id: int = USER_ID
    ) -> dict[str, Any]:
        """Return a MESSAGE_REACTION_ADD payload: a user reacted with a unicode emoji."""
        return {
            "user_id": str(user_id),
            "channel_id": str(channel_id),
            "message_id": message_id,
            "guild_id": str(GUILD_ID),
            "member": {
                "user": user(user_id, "alice"),
                "roles": [],
                "joined_at": now(),
                "deaf": False,
                "mute": False,
                "flags": 0,
            },
            "emoji": {"id": None, "name": emoji},
            "burst": False,
            "type": 0,
        }

    def user_install_interaction(
        self,
        kind: int,
        data: dict[str, Any],
        *,
        channel_id: int = DM_ID,
        context: int = 2,
        message: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Return an INTERACTION_CREATE from a user who added papercord to their account.

        Context 1 is the user's DM with the bot; 2 a DM or group DM between other users,
        where the bot is no member: no guild, a ``user`` instead of a ``member``, and the
        user (integration type 1) as the authorizing owner.
        """
        payload = self.interaction(kind, data, message=message)
        for key in ("guild_id", "member", "guild_locale"):
            del payload[key]
        alice, bob = user(USER_ID, "alice"), user(USER_ID + 1, "bob")
        payload.update(
            user=alice,
            channel={"id": str(channel_id), "type": 1, "recipients": [bob]},
            channel_id=str(channel_id),
            context=context,
            authorizing_integration_owners={"1": str(USER_ID)},
            app_permissions="0",
        )
        return payload

    # ---- REST ---------------------------------------------------------------------

    def attached(self, filename: str, data: bytes, content_type: str) -> dict[str, Any]:
        """Return an attachment object for a file a user uploads with a command; its url
        serves the bytes, as Discord's CDN does."""
        attachment_id = str(next(self.ids))
        self.uploads[attachment_id] = data
        return {
            "id": attachment_id,
            "filename": filename,
            "size": len(data),
            "content_type": content_type,
            "url": f"{self.base}/attachments/{attachment_id}/{filename}",
            "proxy_url": f"{self.base}/attachments/{attachment_id}/{filename}",
        }

    async def attachment(self, request: web.Request) -> web.Response:
        data = self.uploads.get(request.match_info["id"])
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, content_type="application/octet-stream")

    async def rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        try:
            body, files = await _read_body(request)
        except ValueError as exc:  # what Discord answers a malformed or oversized upload
            status, code = (413, 40005) if "too large" in str(exc) else (400, 50035)
            self.rejected.append((Call(request.method, path, None), [str(exc)]))
            return _error(status, str(exc), code)
        call = Call(request.method, path, body, dict(request.query), files=files)
        call.via = request.match_info.get("via", "")
        self.calls.append(call)
        async with self.changed:
            self.changed.notify_all()
        if self.reject_token and call.path == "/users/@me":
            return web.Response(status=401, body=b'{"message": "401: Unauthorized", "code": 0}',
                                headers={"Content-Type": "application/json"})  # fmt: skip
        if self.disconnect(call):  # the connection breaks before any answer, as on a bad network
            assert request.transport is not None
            request.transport.close()
            return web.Response(status=204)
        if (
            self.reject_sync is not None
            and call.method == "PUT"
            and call.path.endswith("/commands")
        ):
            return _error(400, self.reject_sync, 50035)
        if call.method == "PUT" and call.path.endswith("/commands"):
            problems = limits.command_violations(call.body)
            if problems:
                self.rejected.append((call, problems))
                return _error(400, "Invalid Form Body: " + "; ".join(problems), 50035)
        refused = self._late_or_repeated(call)
        if refused is not None:
            return refused
        problems = limits.violations(_message_body(call))
        if problems:
            self.rejected.append((call, problems))
            return _error(400, "Invalid Form Body: " + "; ".join(problems), 50035)
        stored = self._stored_message(call)
        if stored is not None:
            return stored
        response = call.response = self._respond(call)
        if response is None:
            return web.Response(status=204)
        # discord.py parses JSON only when the Content-Type is exactly application/json.
        return web.Response(
            body=json.dumps(response).encode(), headers={"Content-Type": "application/json"}
        )

    def _stored_message(self, call: Call) -> web.Response | None:
        """Answer GET /channels/{channel}/messages/{id}: a message a test posted, else 404."""
        parts = call.path.strip("/").split("/")
        if not (
            call.method == "GET" and len(parts) == 4 and parts[::2] == ["channels", "messages"]
        ):
            return None
        message = self.messages.get((int(parts[1]), int(parts[3])))
        if message is None:
            return _error(404, "Unknown Message", 10008)
        return web.Response(
            body=json.dumps(message).encode(), headers={"Content-Type": "application/json"}
        )

    def _late_or_repeated(self, call: Call) -> web.Response | None:
        """Refuse a second response to an interaction, or one after the 3-second window."""
        parts = call.path.strip("/").split("/")
        if not (parts[0] == "interactions" and parts[-1] == "callback"):
            return None
        interaction_id = parts[1]
        if interaction_id in self.acknowledged:
            self.rejected.append((call, ["already acknowledged"]))
            return _error(400, "Interaction has already been acknowledged.", 40060)
        sent = self.sent_interactions.get(interaction_id)
        if sent is not None and time.monotonic() - sent > self.response_deadline:
            self.rejected.append((call, ["response after the 3-second window"]))
            return _error(404, "Unknown interaction", 10062)
        self.acknowledged.add(interaction_id)
        return None

    def _respond(self, call: Call) -> Any:
        parts = call.path.strip("/").split("/")
        bot_user = user(BOT_ID, "papercord", bot=True)
        if call.path == "/users/@me":
            return {**bot_user, "verified": True, "flags": 0}
        if call.path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "papercord",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user(USER_ID, "alice"),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
            }
        if call.path in {"/gateway", "/gateway/bot"}:
            limits = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            return {"url": self.gateway_url, "shards": 1, "session_start_limit": limits}
        if parts[0] == "channels" and parts[-1] == "typing":
            return None
        if parts[0] == "channels" and parts[-1] == "threads":
            return {
                "id": str(next(self.ids)),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": parts[1],
                "owner_id": str(BOT_ID),
                "name": call.body.get("name", "thread"),
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": now(),
                    "locked": False,
                },
                "message_count": 0,
                "member_count": 1,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        if parts[0] == "channels" and parts[-1] == "messages" and call.method == "POST":
            return self._sent_message(int(parts[1]), call.body, call.files)
        if parts[0] == "interactions":
            return self._interaction_callback(int(parts[1]), call.body, call.files)
        if parts[0] == "webhooks":
            return self._sent_message(CHANNEL_ID, call.body, call.files)
        if parts[0] == "applications" and parts[-1] == "commands":
            # Discord answers with every command, a context menu's empty description included.
            return [{"description": "", **c, "id": str(next(self.ids)),
                     "application_id": str(APP_ID), "version": "1"} for c in call.body]  # fmt: skip
        return {}

    def _sent_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: dict[str, tuple[str, bytes]] | None = None,
    ) -> dict[str, Any]:
        attachments = [
            self.attached(name, data, "image/png" if name.endswith(".png") else "")
            for name, data in (files or {}).values()
        ]
        return self.message_payload(
            body.get("content") or "",
            channel_id=channel_id,
            author=user(BOT_ID, "papercord", bot=True),
            embeds=body.get("embeds") or [],
            components=body.get("components") or [],
            attachments=attachments,
        )

    def _interaction_callback(
        self, interaction_id: int, body: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> dict[str, Any]:
        data = body.get("data") or {}
        ephemeral = bool(data.get("flags", 0) & 64)
        message = self._sent_message(CHANNEL_ID, data, files)
        return {
            "interaction": {
                "id": str(interaction_id),
                "type": 2,
                "response_message_id": message["id"],
                "response_message_loading": body["type"] == 5,
                "response_message_ephemeral": ephemeral,
            },
            "resource": {"type": body["type"], "message": message}
            if body["type"] in {4, 7}
            else {"type": body["type"]},
        }

    # ---- waiting ------------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[Call], bool], timeout: float = 20.0, count: int = 1
    ) -> list[Call]:
        """Return the first ``count`` calls matching a predicate, waiting for them."""

        def found() -> list[Call]:
            return [c for c in self.calls if predicate(c)]

        async with asyncio.timeout(timeout):
            async with self.changed:
                await self.changed.wait_for(lambda: len(found()) >= count)
        return found()[:count]

    async def wait_until(self, condition: Callable[[], bool], timeout: float = 20.0) -> None:
        """Wait until a condition on the fake's state holds."""
        async with asyncio.timeout(timeout):
            async with self.changed:
                await self.changed.wait_for(condition)


async def _read_body(request: web.Request) -> tuple[Any, dict[str, tuple[str, bytes]]]:
    """Return a request's JSON body and its uploaded files, as Discord reads them.

    A message with files is multipart/form-data: a ``payload_json`` part and one
    ``files[n]`` part per file, each listed in the payload's ``attachments`` by id ``n``.
    A file over ``ATTACHMENT_BYTES`` is refused whole (413), and so is a part Discord does
    not know or a file the payload does not list (400).
    """
    if not request.can_read_body:
        return None, {}
    if not request.content_type.startswith("multipart/"):
        return await request.json(), {}
    body: Any = None
    files: dict[str, tuple[str, bytes]] = {}
    reader = await request.multipart()
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            raise ValueError("nested multipart is not accepted")
        data = await part.read(decode=True)
        if part.name == "payload_json":
            body = json.loads(data)
        elif part.name and part.name.startswith("files[") and part.filename:
            if len(data) > limits.ATTACHMENT_BYTES:
                raise ValueError(
                    f"Request entity too large: {part.filename} is {len(data)} bytes, "
                    f"over {limits.ATTACHMENT_BYTES}"
                )
            files[part.name[6:-1]] = (part.filename, bytes(data))
        else:
            raise ValueError(f"unknown form part {part.name!r}")
    listed = {str(a.get("id")) for a in (_attachments_of(body) or [])}
    if set(files) - listed:
        raise ValueError(f"files {sorted(set(files) - listed)} are not in payload_json.attachments")
    return body, files


def _attachments_of(body: Any) -> list[dict[str, Any]] | None:
    """Return the attachments a JSON body lists (an interaction response nests them)."""
    if not isinstance(body, dict):
        return None
    data = body.get("data")
    if "type" in body and isinstance(data, dict):
        return list(data.get("attachments") or [])
    return list(body.get("attachments") or [])


def _error(status: int, message: str, code: int) -> web.Response:
    body = json.dumps({"message": message, "code": code}).encode()
    return web.Response(status=status, body=body, headers={"Content-Type": "application/json"})


def _message_body(call: Call) -> dict[str, Any] | None:
    """Return the message a request would post or edit, or None for other requests."""
    if not isinstance(call.body, dict):
        return None
    parts = call.path.strip("/").split("/")
    if parts[0] == "interactions" and parts[-1] == "callback":
        data = call.body.get("data")
        return data if call.body.get("type") in {4, 7} and isinstance(data, dict) else None
    if parts[0] == "webhooks" or (parts[0] == "channels" and "messages" in parts):
        return call.body
    return None
