"""Shared fixtures: a fixed-output fake embedder, engines over the bundled corpus.

Two engines index the bundled 36-paper corpus once per session:

* ``fake_engine`` embeds with ``FakeEmbedder``: no model files, about a second to build.
  Ranking, index, lookup and rendering tests use it.
* ``engine`` embeds with the prepared ONNX model. Every test that depends on the
  ``model_dir`` fixture (directly or through ``embedder``/``engine``) is marked ``model``
  automatically, so ``pytest -m "not model"`` never loads it; CI runs both sets.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retrieval import engine as engine_module
from retrieval.config import DATA, DEFAULT_PRECISION, ROOT, ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index.embedding import DIMENSIONS, Embedder, Vectors
from retrieval.text import tokenize
from tests.chroma_run import chroma_run
from tests.postgres_run import postgres_bin, postgres_run

MODEL_DIR = ROOT / "var" / "model" / "all-MiniLM-L6-v2"
CORPUS = DATA / "pages"
TEST_DATA = Path(__file__).parent / "data"


# Test modules whose every test starts papercord (or another program) as a process.
SPAWNING = (
    "cli/test_hostile_cli.py", "cli/test_process.py", "cli/test_resume_kill.py",
    "cli/test_http_mode.py", "cli/test_read_only_readers.py", "bot/test_main.py",
    "bot/test_fleet.py",
)  # fmt: skip
# Markers under which a test may run a program (``subprocess``); any other test that
# does fails, so ``make unit-fast`` stays free of them (``processes_are_marked``).
RUNS_PROGRAMS = ("process", "slow", "postgres")
# What libraries run on their own to probe the system (ctypes.util.find_library runs
# "ldconfig -p"; matplotlib runs "fc-list" once, when it has no font cache yet): quick,
# and no test chose them.
PROBES = frozenset({"ldconfig", "uname", "fc-list"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs the prepared model as ``model``, and every test that
    starts processes as ``process`` (``make unit-fast`` leaves both out)."""
    for item in items:
        if "model_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.model)
        if item.path.as_posix().endswith(SPAWNING):
            item.add_marker(pytest.mark.process)


@pytest.fixture(autouse=True)
def processes_are_marked(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail a test that runs a program without a marker that says so: unmarked, it
    would slow the editing loop (``make unit-fast``) without anyone choosing that."""
    if any(request.node.get_closest_marker(name) for name in RUNS_PROGRAMS):
        return

    real = subprocess.Popen.__init__

    def refused(self: subprocess.Popen[Any], args: Any, *rest: Any, **options: Any) -> None:
        program = args if isinstance(args, (str, bytes, os.PathLike)) else args[0]
        if Path(os.fsdecode(program)).name in PROBES:
            return real(self, args, *rest, **options)
        raise AssertionError(
            f"{request.node.nodeid} runs {args!r}: mark it "
            "@pytest.mark.process (or list its module in tests/conftest.py SPAWNING)"
        )

    monkeypatch.setattr(subprocess.Popen, "__init__", refused)


@pytest.fixture(autouse=True)
def one_collection_per_load_skipped(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Load indexes without ``freeze_loaded``'s full garbage collection.

    That collection walks everything a process holds; in a test process, which keeps
    pytest and every test module, it took ~0.2 s per load, 15 of the 54 s the fast
    selection spent in its tests. It changes no answer, only when memory is walked;
    tests marked ``gc_freeze`` keep it (``tests/retrieval/index/test_memory.py``).
    """
    if request.node.get_closest_marker("gc_freeze") is None:
        monkeypatch.setattr(engine_module, "freeze_loaded", lambda: None)


class FakeEmbedder(Embedder):
    """A fixed-output stand-in for the ONNX model: a text's vector is its hashed stems.

    Each stem adds +1 or -1 to one of 384 dimensions chosen by its BLAKE2 hash, and the
    sum is normalized, so texts sharing stems have a positive cosine and the same text
    always gets the same vector, in any process. Nothing is loaded from disk.
    """

    def __init__(self) -> None:  # the real __init__ loads the model; there is none here
        self.manifest = {"onnx_sha256": "f4e3" * 16}
        self._sha256 = self.manifest["onnx_sha256"]
        self.precision = DEFAULT_PRECISION
        self._lock = threading.Lock()
        self.calls = 0

    def _token_ids(self, texts: list[str]) -> list[list[int]]:
        return [[0] * len(text.split()) for text in texts]  # batched by word count

    def _forward(self, texts: list[str], token_ids: list[list[int]]) -> Vectors:
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        for row, text in enumerate(texts):
            for stem in tokenize(text):
                digest = hashlib.blake2b(stem.encode(), digest_size=8).digest()
                out[row, int.from_bytes(digest[:4], "big") % DIMENSIONS] += (
                    1.0 if digest[4] & 1 else -1.0
                )
            norm = float(np.linalg.norm(out[row]))
            if norm:
                out[row] /= norm
            else:  # a text with no terms still needs a unit vector
                out[row, 0] = 1.0
        return out


@pytest.fixture(scope="session")
def fake_embedder() -> FakeEmbedder:
    """The fixed-output fake embedder."""
    return FakeEmbedder()


@pytest.fixture(scope="session")
def fake_engine(fake_embedder: FakeEmbedder, tmp_path_factory: pytest.TempPathFactory) -> Engine:
    """An engine over the bundled corpus embedded by the fake, indexed once per session."""
    engine = Engine(
        RetrievalSettings(), ChromaSettings(path=tmp_path_factory.mktemp("fake")), fake_embedder
    )
    engine.ingest([CORPUS])
    return engine


def engine_over(rows: list[dict[str, Any]], root: Path, embedder: Embedder) -> Engine:
    """Return an engine over papers given as JSONL rows, written and indexed in ``root``."""
    papers = root / "papers.jsonl"
    papers.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    engine = Engine(RetrievalSettings(), ChromaSettings(path=root / "index"), embedder)
    engine.ingest([papers])
    return engine


@pytest.fixture(scope="session")
def indexed_template(fake_embedder: FakeEmbedder, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a copy of the bundled pages (``corpus``) and their index embedded by
    the fake (``index``, ``index-cache``), built once a session for ``indexed_copy``."""
    root = tmp_path_factory.mktemp("template")
    shutil.copytree(CORPUS, root / "corpus")
    engine = Engine(RetrievalSettings(), ChromaSettings(path=root / "index"), fake_embedder)
    engine.ingest([root / "corpus"])
    engine.close()
    return root


@pytest.fixture
def indexed_copy(indexed_template: Path, tmp_path: Path) -> Path:
    """This test's own copy of ``indexed_template`` in ``tmp_path``: the index is current
    for ``tmp_path / "corpus"``, as if the test had ingested it (a copy takes ~30 ms, an
    ingest ~0.6 s); a test may change both."""
    for name in ("corpus", "index", "index-cache"):
        shutil.copytree(indexed_template / name, tmp_path / name)
    return tmp_path


@pytest.fixture(scope="session")
def model_dir() -> Path:
    """The prepared embedding model; `make test` prepares it before the tests run."""
    if not (MODEL_DIR / "manifest.json").exists():
        pytest.fail(
            "the embedding model is not prepared: run `make test` (or `papercord prepare-model`)"
        )
    return MODEL_DIR


@pytest.fixture(scope="session")
def embedder(model_dir: Path) -> Embedder:
    """One embedder for the whole session, as one bot process would have."""
    return Embedder(model_dir)  # the default precision, as the bot's settings have it


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the real-model index; papercord processes in tests read it too."""
    return tmp_path_factory.mktemp("index")


@pytest.fixture(scope="session")
def engine(embedder: Embedder, index_dir: Path) -> Engine:
    """An engine over the bundled corpus with the real model, indexed once per session."""
    engine = Engine(RetrievalSettings(), ChromaSettings(path=index_dir), embedder)
    engine.ingest([CORPUS])
    return engine


@pytest.fixture
def process_env(engine: Engine, index_dir: Path, tmp_path: Path) -> dict[str, str]:
    """Environment for a papercord process reading the session's real-model index."""
    env = {
        **os.environ,
        "PAPERCORD_CHROMA__PATH": str(index_dir),
        "PAPERCORD_PATHS__STATE": str(tmp_path / "state"),
    }
    env.pop("DISCORD_TOKEN", None)
    return env


@pytest.fixture
def corpus_files(tmp_path: Path) -> Iterator[Path]:
    """A writable copy of the tiny test corpus."""
    target = tmp_path / "corpus"
    target.mkdir()
    for path in TEST_DATA.glob("*.txt"):
        (target / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    yield target


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """Start `chroma run` from the chromadb package on a free loopback port; yield the port."""
    with chroma_run(tmp_path_factory.mktemp("chroma-server")) as (_, port):
        yield port


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """Start a private Postgres on a free loopback port; yield its URL (skip if not installed)."""
    if postgres_bin() is None:
        pytest.skip("Postgres is not installed (apt-get install postgresql; .ci/run does)")
    with postgres_run() as url:
        yield url
