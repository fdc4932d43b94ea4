"""What only a real process shows: the entry point, exit codes, and Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from retrieval.config import ROOT


def start(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "cli", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, cwd=ROOT, env=env, preexec_fn=_ctrl_c_as_in_a_terminal,
    )  # fmt: skip


def _ctrl_c_as_in_a_terminal() -> None:
    """Let Ctrl-C reach the child as it does from a terminal: a run started in the
    background by a non-interactive shell ignores SIGINT, and children inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_bad_setting_exits_1_with_one_line_and_no_traceback() -> None:
    env = {**os.environ, "PAPERCORD_RETRIEVAL__FUSION": "max"}
    process = start(env, "ask", "stencils")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1 and not out
    assert err.strip() == (
        "papercord: invalid setting retrieval.fusion: Input should be 'rrf' or 'convex'"
    )


def test_ctrl_c_exits_130_without_a_traceback(process_env: dict[str, str]) -> None:
    process = start(process_env, "ask", "-")
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("stencil computations\n")
    process.stdin.flush()
    assert '"question": "stencil computations"' in process.stdout.readline()  # answering
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)  # stdin still open, as a user's terminal keeps it
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err
