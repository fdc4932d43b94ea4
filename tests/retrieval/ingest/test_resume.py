"""An ingest stopped half-way resumes from the batches it wrote (fake embedder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index import loaded as index_module
from retrieval.index.embedding import Embedder
from retrieval.index.vector_store import Records, VectorStore


def test_an_interrupted_ingest_embeds_only_the_papers_it_had_not_written(
    fake_embedder: Embedder, tmp_path: Path, corpus_files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = RetrievalSettings(ingest_batch=1)
    clean = Engine(settings, ChromaSettings(path=tmp_path / "clean"), fake_embedder).ingest(
        [corpus_files]
    )
    assert clean.papers == 3 and clean.reused == 0

    written: list[str] = []
    real_append = VectorStore.append

    def stop_at_third_paper(
        self: VectorStore, generation: str, kind: str, records: Records
    ) -> None:
        if kind == "chunks" and len(written) == 2:
            raise RuntimeError("killed while writing the third paper")
        real_append(self, generation, kind, records)
        if kind == "papers":
            written.extend(records.ids)

    monkeypatch.setattr(VectorStore, "append", stop_at_third_paper)
    with pytest.raises(RuntimeError, match="killed"):
        Engine(settings, ChromaSettings(path=tmp_path / "index"), fake_embedder).ingest(
            [corpus_files]
        )
    monkeypatch.undo()

    engine = Engine(settings, ChromaSettings(path=tmp_path / "index"), fake_embedder)
    resumed = engine.ingest([corpus_files])
    assert resumed.generation == clean.generation and not resumed.unchanged
    # The first two papers' texts are found stored; only the third paper's are embedded.
    assert 0 < resumed.embedded < clean.embedded
    assert resumed.embedded + resumed.reused == clean.embedded
    loaded = index_module.load(engine.store)
    reference = index_module.load(VectorStore(ChromaSettings(path=tmp_path / "clean")))
    assert list(loaded.papers) == list(reference.papers)  # same papers, in corpus order
    assert sorted(c.id for c in loaded.chunks) == sorted(c.id for c in reference.chunks)
