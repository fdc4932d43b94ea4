"""A heartbeat file that says whether the bot is connected, for container health checks."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

FILE_NAME = "health.json"  # in the state folder (settings.paths.state)
STALE_AFTER = 90.0  # seconds; the bot rewrites the file every 30 s while connected


def write(path: Path, connected: bool) -> None:
    """Record the connection state atomically (temporary file, then os.replace)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".health-")
    with os.fdopen(handle, "w") as out:
        json.dump({"connected": connected, "at": time.time()}, out)
    os.replace(temporary, path)


def healthy(path: Path, now: float | None = None) -> tuple[bool, str]:
    """Return whether the bot reported itself connected recently, and why not."""
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError):
        return False, f"no heartbeat file at {path}: the bot has not connected yet"
    age = (now or time.time()) - float(state.get("at", 0))
    if not state.get("connected"):
        return False, "the bot is disconnected from Discord"
    if age > STALE_AFTER:
        return False, f"the last heartbeat is {age:.0f} s old"
    return True, f"connected (heartbeat {age:.0f} s ago)"
