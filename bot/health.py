"""A heartbeat file that says whether the bot is connected, per shard, for health checks.

Each process writes its own file in the state folder: ``health.json`` when it runs every
shard, ``health-shards-0-1.json`` when it runs shards 0 and 1 of a bot split across
processes, so processes sharing a state folder do not overwrite each other's state.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

FILE_NAME = "health.json"  # in the state folder (settings.paths.state), one process
STALE_AFTER = 90.0  # seconds; the bot rewrites the file every 30 s while connected


def file_name(shard_ids: Sequence[int] | None) -> str:
    """Return the heartbeat file of the process that runs these shards (None: all)."""
    if shard_ids is None:
        return FILE_NAME
    return "health-shards-" + "-".join(str(i) for i in sorted(shard_ids)) + ".json"


def write(path: Path, connected: bool, shards: Mapping[int, bool] | None = None) -> None:
    """Record the connection state atomically (temporary file, then os.replace)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".health-")
    state = {
        "connected": connected,
        "at": time.time(),
        "shards": {str(shard): up for shard, up in sorted((shards or {}).items())},
    }
    with os.fdopen(handle, "w") as out:
        json.dump(state, out)
    os.replace(temporary, path)


def healthy(path: Path, now: float | None = None) -> tuple[bool, str]:
    """Return whether the bot reported itself connected recently, and why not."""
    ok, lines = report(path, now)
    return ok, "; ".join(lines)


def report(path: Path, now: float | None = None) -> tuple[bool, list[str]]:
    """Return whether every shard is connected, and one line for the process and each shard."""
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError):
        return False, [f"no heartbeat file at {path}: the bot has not connected yet"]
    age = (now or time.time()) - float(state.get("at", 0))
    shards = {int(k): bool(v) for k, v in dict(state.get("shards") or {}).items()}
    lines = [f"shard {s}: {'connected' if up else 'disconnected'}" for s, up in shards.items()]
    if age > STALE_AFTER:
        return False, [f"the last heartbeat is {age:.0f} s old", *lines]
    if not state.get("connected") or not all(shards.values()):
        return False, ["the bot is disconnected from Discord", *lines]
    return True, [f"connected (heartbeat {age:.0f} s ago)", *lines]
