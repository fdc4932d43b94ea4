"""One ingest at a time per index: a lock file for a local index, a lock collection on a server.

Part of the Chroma adapter (only ``vector_store`` uses it). Two ingests of one index at
once would drop and rewrite each other's collections half-way (chromadb then raises
``NotFoundError``), so each ingest holds the lock from reading the active generation to
switching to its own. A second ingest waits for the first, saying so once, and gives up
with a clear ``IndexUnavailable`` after ``timeout`` seconds.

* Embedded: ``flock`` on ``<index folder>/ingest.lock``. The kernel releases it when its
  process ends, however it ends, so a killed ingest never leaves a stale lock.
* Server: a collection ``<prefix>-ingest-lock``; Chroma refuses to create a name twice,
  which makes creating it atomic across machines. Its holder rewrites a heartbeat in the
  metadata every ``BEAT`` seconds; a waiter that sees the heartbeat stand still for
  ``STALE`` seconds (by its own clock, so hosts' clocks need not agree) removes the lock
  of a crashed holder and takes it.

``opening`` serializes only the opening of a local index folder (see its docstring).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from retrieval.errors import IndexUnavailable

log = logging.getLogger(__name__)

POLL = 0.2  # seconds between attempts while waiting
BEAT = 5.0  # server lock: heartbeat interval of the holder
STALE = 60.0  # server lock: a heartbeat unchanged this long means the holder is gone
Say = Callable[[str], None]


def owner() -> str:
    """Return who holds a lock, for the message another ingest shows."""
    return f"pid {os.getpid()} on {socket.gethostname()}"


@contextlib.contextmanager
def file_lock(path: Path, timeout: float, say: Say) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` for the block, waiting up to ``timeout``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise IndexUnavailable(f"cannot create the ingest lock {path}: {exc.strerror}") from exc
    try:
        deadline = time.monotonic() + timeout
        waiting = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                holder = _read(fd)
                if not waiting:
                    say(f"another ingest ({holder}) is writing this index; waiting for it")
                    waiting = True
                if time.monotonic() > deadline:
                    raise IndexUnavailable(
                        f"another ingest ({holder}) has held {path} for over {timeout:.0f} s; "
                        "try again when it has finished"
                    ) from None
                time.sleep(POLL)
        os.ftruncate(fd, 0)
        os.pwrite(fd, owner().encode(), 0)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the flock


@contextlib.contextmanager
def opening(folder: Path) -> Iterator[None]:
    """Hold ``<folder>/open.lock`` while Chroma opens an index folder.

    Opening a new folder runs Chroma's schema migrations; two processes doing it at once
    (two first ingests, or a bot starting beside its first ingest) both created the
    tables, and one failed with "table collections already exists".
    """
    try:
        fd = os.open(folder / "open.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:  # a read-only folder: no tables to create, so nothing to race
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # held for the open only: well under a second
        yield
    finally:
        os.close(fd)


def _read(fd: int) -> str:
    try:
        return os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "unknown process"
    except OSError:
        return "unknown process"


@contextlib.contextmanager
def collection_lock(client: Any, name: str, timeout: float, say: Say) -> Iterator[None]:
    """Hold a lock collection on a Chroma server for the block (see the module docstring)."""
    token = uuid.uuid4().hex
    deadline = time.monotonic() + timeout
    waiting = False
    seen: tuple[str, float] | None = None  # (heartbeat seen, when we first saw it)
    while True:
        try:
            collection = client.create_collection(
                name,
                metadata={"owner": owner(), "token": token, "beat": 0},
                embedding_function=None,
            )
            break
        except Exception as exc:  # exists (Chroma's type varies by version) or unreachable
            metadata = _metadata(client, name)
            if metadata is None:
                if _exists(client, name):
                    raise IndexUnavailable(f"cannot take the ingest lock {name}: {exc}") from exc
                continue  # released between our attempt and our look: try again
            holder = str(metadata.get("owner", "unknown process"))
            beat = f"{metadata.get('token')}:{metadata.get('beat')}"
            now = time.monotonic()
            if seen is None or seen[0] != beat:
                seen = (beat, now)
            elif now - seen[1] > STALE:
                say(f"the ingest lock of {holder} has not been renewed for {STALE:.0f} s; "
                    "taking it over")  # fmt: skip
                with contextlib.suppress(Exception):
                    client.delete_collection(name)
                seen = None
                continue
            if not waiting:
                say(f"another ingest ({holder}) is writing this index; waiting for it")
                waiting = True
            if now > deadline:
                raise IndexUnavailable(
                    f"another ingest ({holder}) has held the index for over {timeout:.0f} s; "
                    "try again when it has finished"
                ) from None
            time.sleep(POLL)
    stop = threading.Event()
    beater = threading.Thread(
        target=_beat, args=(collection, token, stop), name="ingest-lock", daemon=True
    )
    beater.start()
    try:
        yield
    finally:
        stop.set()
        beater.join()
        if (_metadata(client, name) or {}).get("token") == token:
            with contextlib.suppress(Exception):
                client.delete_collection(name)


def _beat(collection: Any, token: str, stop: threading.Event) -> None:
    beat = 0
    while not stop.wait(BEAT):
        beat += 1
        try:
            collection.modify(metadata={"owner": owner(), "token": token, "beat": beat})
        except Exception:  # the server is briefly away: the next beat tries again
            log.debug("could not renew the ingest lock", exc_info=True)


def _metadata(client: Any, name: str) -> dict[str, Any] | None:
    try:
        return dict(client.get_collection(name, embedding_function=None).metadata or {})
    except Exception:
        return None


def _exists(client: Any, name: str) -> bool:
    try:
        return name in {getattr(c, "name", c) for c in client.list_collections()}
    except Exception:
        return True  # cannot tell: let the caller report the original error
