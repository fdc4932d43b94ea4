"""``papercord run`` and ``sync-commands`` as processes, against the fake Discord."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from tests.conftest import ROOT
from tests.fake_discord import APP_ID, GUILD_ID, FakeDiscord


@pytest.fixture(scope="module")
def indexed_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment for a papercord process with its own index and state folders."""
    import subprocess

    env = {
        **os.environ,
        "PAPERCORD_CHROMA__PATH": str(tmp_path_factory.mktemp("index")),
        "PAPERCORD_PATHS__STATE": str(tmp_path_factory.mktemp("state")),
    }
    subprocess.run([sys.executable, "-m", "cli", "ingest"], env=env, cwd=ROOT, check=True,
                   capture_output=True)  # fmt: skip
    return env


async def papercord(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cli", *args, env=env, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), 120)
    return process.returncode or 0, out.decode(), err.decode()


async def test_rejected_token_is_one_line_and_exit_code_2(
    fake: FakeDiscord, indexed_env: dict[str, str]
) -> None:
    fake.reject_token = True
    env = {**indexed_env, "DISCORD_TOKEN": "not-a-real-token",
           "PAPERCORD_DISCORD__API_BASE": f"{fake.base}/api/v10"}  # fmt: skip
    code, _, err = await papercord(env, "run")
    assert code == 2 and "Discord rejected DISCORD_TOKEN" in err
    assert "Traceback" not in err and "not-a-real-token" not in err


async def test_sync_commands_registers_for_one_server(
    fake: FakeDiscord, indexed_env: dict[str, str]
) -> None:
    env = {**indexed_env, "DISCORD_TOKEN": "fake-token",
           "PAPERCORD_DISCORD__API_BASE": f"{fake.base}/api/v10"}  # fmt: skip
    code, out, err = await papercord(env, "sync-commands", "--guild", str(GUILD_ID))
    assert code == 0, err
    assert "registered ask, author, help, paper, papercord" in out
    (call,) = [c for c in fake.calls if c.method == "PUT"]
    assert call.path == f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"
