"""The CLI against a real Chroma server (``chroma run`` on loopback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from retrieval.config import ROOT

pytestmark = pytest.mark.slow


def test_ingest_and_ask_over_http_answer_without_a_log_line_per_request(
    chroma_server: int, model_dir: Path, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "PAPERCORD_CHROMA__MODE": "http",
        "PAPERCORD_CHROMA__PORT": str(chroma_server),
        "PAPERCORD_CHROMA__PREFIX": "clihttp",
        "PAPERCORD_CHROMA__PATH": str(tmp_path / "index"),  # its BM25 cache lives beside
        "PAPERCORD_PATHS__STATE": str(tmp_path / "state"),
    }
    run = [sys.executable, "-m", "cli"]
    ingest = subprocess.run(
        [*run, "ingest"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600
    )
    assert ingest.returncode == 0, ingest.stderr
    assert "indexed 36 papers" in ingest.stdout
    assert "HTTP Request" not in ingest.stderr  # httpx logs each request at INFO
    asked = subprocess.run(
        [*run, "ask", "--json", "4-bit quantization of GPT models"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )  # fmt: skip
    assert asked.returncode == 0 and asked.stderr == ""
    assert "GPTQ" in json.loads(asked.stdout)["results"][0]["title"]
