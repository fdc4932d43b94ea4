"""The ingest lock on a real Chroma server (``chroma run`` on loopback): one ingest at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.config import ChromaSettings
from retrieval.errors import IndexUnavailable
from retrieval.index import locking
from retrieval.index.vector_store import VectorStore

pytestmark = pytest.mark.slow


@pytest.fixture
def server(chroma_server: int, tmp_path: Path) -> ChromaSettings:
    """Settings that reach the shared ``chroma run``, under a prefix of these tests' own
    (and a local folder of their own, not the project's var/)."""
    return ChromaSettings(
        mode="http", host="127.0.0.1", port=chroma_server, prefix="locktest",
        path=tmp_path / "index",
    )  # fmt: skip


def test_second_ingest_on_a_server_waits_then_gives_up_clearly(server: ChromaSettings) -> None:
    first, second = VectorStore(server), VectorStore(server)
    said: list[str] = []
    with (
        first.ingest_lock(),
        pytest.raises(
            IndexUnavailable, match=r"another ingest \(pid \d+ on .*\) has held the index"
        ),
        second.ingest_lock(say=said.append, timeout=1.0),
    ):
        pass
    assert len(said) == 1 and "waiting for it" in said[0]
    with second.ingest_lock(timeout=1.0):  # released by the first
        pass


def test_lock_of_a_crashed_holder_is_taken_over(
    server: ChromaSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A holder killed with -9 never deletes its lock collection and never beats again.
    store = VectorStore(server)
    store._client.create_collection(
        "locktest-ingest-lock",
        metadata={"owner": "pid 1 on gone", "token": "dead", "beat": 0},
        embedding_function=None,
    )
    monkeypatch.setattr(locking, "STALE", 1.0)
    said: list[str] = []
    with store.ingest_lock(say=said.append, timeout=30):
        metadata = store._client.get_collection("locktest-ingest-lock").metadata
        assert metadata["token"] != "dead"
    assert any("has not been renewed" in line and "pid 1 on gone" in line for line in said)
    names = {c.name for c in store._client.list_collections()}
    assert "locktest-ingest-lock" not in names  # released on exit
