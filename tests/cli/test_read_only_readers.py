"""Commands that only read (ask, paper, author, cite, eval) never write the index folder.

Chroma rewrites ``chroma.sqlite3`` as it opens an index and a collection's HNSW files on
its first read, so a reader that opens the folder in place writes 5 of its files. The
CLI serves a private copy, as the bot does (``retrieval/index/snapshot.py``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from retrieval.config import ROOT
from retrieval.engine import Engine
from tests.bot.test_read_only_index import state_of

READERS = [
    ["ask", "which papers quantize LLMs to 4 bits?"],
    ["ask", "-"],
    ["paper", "gptq"],
    ["author", "hoefler"],
    ["cite", "gptq", "--format", "both"],
]


@pytest.mark.parametrize("argv", READERS, ids=lambda a: " ".join(a[:2]))
def test_a_reader_leaves_every_file_of_the_index_as_it_was(
    argv: list[str], engine: Engine, process_env: dict[str, str], tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    shutil.copytree(engine.chroma.path, folder)
    before = state_of(folder)
    done = subprocess.run(
        [sys.executable, "-m", "cli", *argv],
        input="graph neural networks\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**process_env, "PAPERCORD_CHROMA__PATH": str(folder)},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()  # it did answer
    assert state_of(folder) == before  # not a byte, not a modification time


def test_eval_reads_without_writing(
    engine: Engine, process_env: dict[str, str], tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    shutil.copytree(engine.chroma.path, folder)
    before = state_of(folder)
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        json.dumps({"id": "q1", "type": "none", "question": "protein folding with diffusion"})
    )
    done = subprocess.run(
        [sys.executable, "-m", "cli", "eval", str(questions), "--mode", "bm25"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**process_env, "PAPERCORD_CHROMA__PATH": str(folder)},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert state_of(folder) == before
