"""``papercord run`` and ``sync-commands`` as processes (bot/__main__.py), against a fake Discord."""

from __future__ import annotations

import asyncio
import signal
import sys

from retrieval.config import ROOT
from tests.bot.fake_discord import APP_ID, GUILD_ID, FakeDiscord


async def papercord(env: dict[str, str], module: str, *args: str) -> tuple[int, str, str]:
    """Run ``python -m <module> <args>``; return its exit code, stdout and stderr."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", module, *args, env=env, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), 120)
    return process.returncode or 0, out.decode(), err.decode()


async def test_rejected_token_is_one_line_and_exit_code_2(
    fake: FakeDiscord, process_env: dict[str, str]
) -> None:
    fake.reject_token = True
    env = {**process_env, "DISCORD_TOKEN": "not-a-real-token",
           "PAPERCORD_DISCORD__API_BASE": f"{fake.base}/api/v10"}  # fmt: skip
    code, _, err = await papercord(env, "bot")  # as the Docker image starts it
    assert code == 2 and "Discord rejected DISCORD_TOKEN" in err
    assert "Traceback" not in err and "not-a-real-token" not in err


async def test_sync_commands_registers_for_one_server(
    fake: FakeDiscord, process_env: dict[str, str]
) -> None:
    env = {**process_env, "DISCORD_TOKEN": "fake-token",
           "PAPERCORD_DISCORD__API_BASE": f"{fake.base}/api/v10"}  # fmt: skip
    code, out, err = await papercord(env, "cli", "sync-commands", "--guild", str(GUILD_ID))
    assert code == 0, err
    assert "registered Ask papercord, ask, author, cite, help, paper, papercord" in out
    (call,) = [c for c in fake.calls if c.method == "PUT"]
    assert call.path == f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"


async def test_sync_commands_refused_by_the_server_is_one_line_and_exit_1(
    fake: FakeDiscord, process_env: dict[str, str]
) -> None:
    fake.reject_sync = "Invalid Form Body: options.0.description is too long"
    env = {**process_env, "DISCORD_TOKEN": "fake-token",
           "PAPERCORD_DISCORD__API_BASE": f"{fake.base}/api/v10"}  # fmt: skip
    code, _, err = await papercord(env, "cli", "sync-commands", "--guild", str(GUILD_ID))
    assert code == 1 and "Traceback" not in err
    (line,) = [line for line in err.splitlines() if line.startswith("papercord:")]
    assert "400" in line and "options.0.description is too long" in line


async def test_run_survives_a_dead_connection_and_exits_0_on_sigterm(
    fake: FakeDiscord, process_env: dict[str, str]
) -> None:
    env = {**process_env, "DISCORD_TOKEN": "fake-token",
           "PAPERCORD_DISCORD__API_BASE": f"{fake.base}/api/v10"}  # fmt: skip
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cli", "run", env=env, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        await fake.wait_until(lambda: fake.ready.is_set(), timeout=120)
        await fake.kill(4010)  # the client dies for good; the process must not
        await fake.wait_until(lambda: fake.identifies == 2 and fake.ready.is_set(), timeout=120)
        assert process.returncode is None
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), 30)
    finally:
        if process.returncode is None:
            process.kill()
    assert process.returncode == 0, err.decode()
    assert "reconnecting in" in err.decode() and "fake-token" not in err.decode()
