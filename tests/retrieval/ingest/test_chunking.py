"""Token windows of abstracts: tiktoken loaded offline, verbatim bounded windows, ids."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from retrieval.errors import ModelError
from retrieval.ingest.chunking import chunk_paper, count_tokens, encoding
from retrieval.ingest.corpus import load_corpus
from tests.conftest import CORPUS, TEST_DATA


def test_tiktoken_encoding_is_loaded_offline_and_hash_checked(tmp_path: Path) -> None:
    assert encoding().name == "cl100k_base"
    assert count_tokens("quantize GPT models to 4 bits") == len(
        encoding().encode("quantize GPT models to 4 bits")
    )
    broken = tmp_path / "cl100k_base.tiktoken"
    broken.write_bytes(b"not the encoding")
    with pytest.raises(ModelError, match=r"Restore data/cl100k_base\.tiktoken"):
        encoding.__wrapped__(broken)


@pytest.mark.parametrize(("size", "overlap"), [(32, 8), (64, 16), (128, 32), (256, 0)])
def test_chunks_are_verbatim_bounded_windows_with_overlap(size: int, overlap: int) -> None:
    for paper in load_corpus([CORPUS]).papers:
        chunks = chunk_paper(paper, size, overlap)
        assert chunks and all(c.tokens <= size for c in chunks)
        assert all(paper.abstract[c.start : c.end] == c.text for c in chunks)
        assert chunks[0].start == 0 and chunks[-1].end == len(paper.abstract)
        for before, after in itertools.pairwise(chunks):
            # Windows overlap or meet at a sentence boundary: no text falls between them.
            assert paper.abstract[before.end : after.start].strip() == ""
        assert all(c.embedding_text(paper.title).startswith(paper.title) for c in chunks)


def test_chunk_ids_depend_only_on_content() -> None:
    paper = load_corpus([CORPUS]).papers[0]
    first = [c.id for c in chunk_paper(paper, 128, 32)]
    assert first == [c.id for c in chunk_paper(paper, 128, 32)]
    assert len(set(first)) == len(first)
    assert first != [c.id for c in chunk_paper(paper, 128, 32, salt="another model")]


def test_paper_without_abstract_gets_a_title_chunk() -> None:
    paper = next(p for p in load_corpus([TEST_DATA]).papers if not p.abstract)
    (chunk,) = chunk_paper(paper, 128, 32)
    assert chunk.text == "" and chunk.embedding_text(paper.title) == paper.title
