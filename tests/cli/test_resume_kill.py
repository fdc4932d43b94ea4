"""kill -9 in the middle of `papercord ingest`: the next run goes on from what was written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from bench.synthetic import made_up
from retrieval.config import ROOT
from retrieval.index import cache as index_cache
from retrieval.ingest.corpus import load_corpus
from tests.conftest import CORPUS


def test_ingest_killed_half_way_resumes_without_embedding_again(
    model_dir: Path, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    records = made_up(list(load_corpus([CORPUS]).papers), 96, seed=5)
    (corpus / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    env = {
        **os.environ,
        "PAPERCORD_PATHS__CORPUS": str(corpus),
        "PAPERCORD_PATHS__STATE": str(tmp_path / "state"),
        "PAPERCORD_CHROMA__PATH": str(tmp_path / "index"),
        "PAPERCORD_RETRIEVAL__INGEST_BATCH": "8",
        "PAPERCORD_RETRIEVAL__SENTENCE_VECTORS_UP_TO": "0",  # chunks only: a shorter run
    }
    command = [sys.executable, "-m", "cli", "ingest"]
    first = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    assert first.stderr is not None
    progress = ""
    for line in first.stderr:  # the first progress line comes after the first batch
        if line.startswith("indexing: "):
            progress = line
            break
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=60)
    assert progress.startswith("indexing: 8/96 papers") and "left" in progress
    cache = tmp_path / "index-cache"
    torn = list(cache.glob(".*.tmp"))  # the cache folder it was writing as it went
    assert len(torn) == 1 and (torn[0] / "chunk_vectors.npy").stat().st_size > 0

    done = subprocess.run(
        [*command, "--json"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["papers"] == 96 and not report["unchanged"]
    assert report["reused"] > 0  # at least the first batch's chunks were kept
    assert report["embedded"] + report["reused"] == report["chunks"]
    # The killed run's half-written folder is gone; the whole one holds every chunk.
    assert [p.name for p in cache.iterdir()] == [report["generation"]]
    tables = index_cache.read(cache, report["generation"])
    assert tables is not None and len(tables.chunk_vectors) == report["chunks"]

    asked = subprocess.run(
        [sys.executable, "-m", "cli", "ask", "--json", "4-bit quantization of GPT models"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )  # fmt: skip
    assert asked.returncode == 0, asked.stderr
    assert "GPTQ" in json.loads(asked.stdout)["results"][0]["title"]
