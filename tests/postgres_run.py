"""Run a private Postgres from the Debian package on a free loopback port (tests, benches).

The cluster lives in a fresh folder under the system temporary directory and is removed
afterwards. The server refuses to run as root, so as root the folder is given to the
``postgres`` user and initdb and the server run as that user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

USER = "papercord"  # the cluster's superuser; trust authentication on 127.0.0.1 only


def postgres_bin() -> Path | None:
    """Return the folder of the newest installed Postgres server's programs, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=_version)
    if found:
        return Path(found[-1]).parent
    server = shutil.which("postgres")
    return Path(server).parent if server else None


def _version(path: str) -> float:
    try:
        return float(Path(path).parent.parent.name)
    except ValueError:
        return 0.0


def _as_server_user() -> tuple[Callable[[], None] | None, int | None, int | None]:
    """Return (preexec function, uid, gid) that drop root to the postgres user."""
    if os.geteuid() != 0:
        return None, None, None
    entry = pwd.getpwnam("postgres")

    def drop() -> None:
        os.setgid(entry.pw_gid)
        os.setuid(entry.pw_uid)

    return drop, entry.pw_uid, entry.pw_gid


@contextlib.contextmanager
def postgres_run(timeout: float = 60.0) -> Iterator[str]:
    """Start a throwaway Postgres on 127.0.0.1; yield the URL of its ``postgres`` database."""
    bindir = postgres_bin()
    if bindir is None:
        raise RuntimeError("the Postgres server is not installed (apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="papercord-pg-"))
    drop, uid, gid = _as_server_user()
    if uid is not None and gid is not None:
        os.chown(folder, uid, gid)
    data = folder / "data"
    subprocess.run(
        [bindir / "initdb", "-D", data, "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=drop,
    )  # fmt: skip
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    # Durability is not under test: fsync off makes CREATE DATABASE per test cheap.
    server = subprocess.Popen(
        [bindir / "postgres", "-D", data, "-h", "127.0.0.1", "-p", str(port), "-k", folder,
         "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
         "-c", "max_connections=200"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=drop,
    )  # fmt: skip
    try:
        _wait_ready(bindir, port, server, timeout)
        yield f"postgresql://{USER}@127.0.0.1:{port}/postgres"
    finally:
        server.send_signal(signal.SIGINT)  # "fast shutdown": ends sessions, then stops
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)


def _wait_ready(bindir: Path, port: int, server: subprocess.Popen[bytes], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        ready = subprocess.run(
            [bindir / "pg_isready", "-h", "127.0.0.1", "-p", str(port), "-U", USER],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        if ready.returncode == 0:
            return
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the Postgres server did not start")
        time.sleep(0.1)


def database_url(server_url: str, name: str) -> str:
    """Return the URL of another database on the same server."""
    return server_url.rsplit("/", 1)[0] + "/" + name
