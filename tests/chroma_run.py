"""Run `chroma run` from the chromadb package on a free loopback port (tests and benches)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def chroma_run(
    folder: Path, timeout: float = 60.0
) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """Serve ``folder`` with `chroma run` on 127.0.0.1; yield the process and its port.

    Raises RuntimeError when the command is missing or the server does not answer its
    heartbeat within ``timeout`` seconds.
    """
    chroma = shutil.which("chroma", path=str(Path(sys.executable).parent))
    if chroma is None:
        raise RuntimeError("the chroma command from the chromadb package is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    command = [chroma, "run", "--host", "127.0.0.1", "--port", str(port), "--path", str(folder)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=2):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the Chroma server did not start") from None
                time.sleep(0.2)
        yield server, port
    finally:
        server.terminate()
        server.wait(timeout=60)
