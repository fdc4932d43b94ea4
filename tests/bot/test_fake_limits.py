"""The fake refuses what Discord refuses: bad command registrations, late or repeated responses."""

from __future__ import annotations

import time

import aiohttp

from tests.bot import discord_limits as limits
from tests.bot.fake_discord import FakeDiscord


def test_command_registration_rules() -> None:
    menu = {"name": "Ask papercord", "type": 3, "description": "", "contexts": [0, 1, 2]}
    slash = {"name": "ask", "type": 1, "description": "Ask", "integration_types": [0, 1]}
    assert limits.command_violations([menu, slash]) == []
    assert limits.command_violations([{**menu, "description": "Ask about it"}])
    assert limits.command_violations([{**slash, "name": "Ask"}])  # slash names are lowercase
    assert limits.command_violations([{**slash, "contexts": [3]}])
    assert limits.command_violations([{**menu, "name": f"m{n}"} for n in range(6)])


async def test_one_response_per_interaction_within_three_seconds(fake: FakeDiscord) -> None:
    on_time, late = fake.interaction(2, {}), fake.interaction(2, {})
    # As ``dispatch`` records them (no bot is connected here): one now, one 4 s ago.
    fake.sent_interactions[on_time["id"]] = time.monotonic()
    fake.sent_interactions[late["id"]] = time.monotonic() - limits.RESPONSE_SECONDS - 1
    body = {"type": 4, "data": {"content": "hi"}}
    async with aiohttp.ClientSession() as http:

        async def respond(payload: dict[str, str]) -> int:
            url = f"{fake.base}/api/v10/interactions/{payload['id']}/{payload['token']}/callback"
            async with http.post(url, json=body) as response:
                return response.status

        assert await respond(on_time) == 200
        assert await respond(on_time) == 400  # 40060: already acknowledged
        assert await respond(late) == 404  # 10062: unknown interaction
