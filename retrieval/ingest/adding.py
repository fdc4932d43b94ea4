"""Add papers by arXiv id: fetch their metadata, keep it in the corpus, index incrementally.

Fetched papers are appended, as snapshot-format rows, to ``arxiv-added.jsonl`` in the
corpus folder, so every later ``papercord ingest`` of that folder keeps them. The
ingest that follows embeds only the new papers' chunks and sentences: the others'
vectors are reused by their content-derived ids.

Nothing changes unless everything works: ids are checked before any request, every id
is fetched before the file is touched, and the file is restored if the ingest fails.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from retrieval.errors import ConfigError, CorpusError
from retrieval.ingest.arxiv_api import ArxivClient, parse_ids
from retrieval.ingest.arxiv_snapshot import snapshot_record
from retrieval.ingest.building import IngestReport

ADDED_FILE = "arxiv-added.jsonl"


@dataclass(frozen=True)
class AddReport:
    """What ``add`` did: the ids it added, those already indexed, and the ingest."""

    added: tuple[str, ...]
    known: tuple[str, ...]
    titles: tuple[str, ...]  # of the added papers, in the order given
    ingest: IngestReport | None  # None when every paper was already indexed


Ingest = Callable[[list[Path]], IngestReport]  # indexes a corpus folder (Engine.ingest)


def add_papers(
    indexed: Collection[str],
    ingest: Ingest,
    client: ArxivClient,
    corpus: Path,
    ids: Sequence[str],
) -> AddReport:
    """Fetch the papers with these arXiv ids or URLs and index them with ``ingest``;
    ``indexed`` holds the arXiv ids the index already serves."""
    if not corpus.is_dir():
        raise ConfigError(
            f"papercord add keeps fetched papers in the corpus folder, but {corpus} "
            "is not a folder; set paths.corpus to one"
        )
    wanted = parse_ids(ids)
    known = tuple(i for i in wanted if i in indexed)
    new = [i for i in wanted if i not in indexed]
    if not new:
        return AddReport((), known, (), None)
    rows = client.fetch(new)
    for arxiv_id, row in zip(new, rows, strict=True):
        try:  # the check every later ingest makes: a row it would skip is refused here
            snapshot_record(row, ADDED_FILE, 0)
        except ValueError as exc:
            raise CorpusError(
                f"arXiv's entry for {arxiv_id} cannot be indexed ({exc}); nothing was changed"
            ) from None
    target = corpus / ADDED_FILE
    before = target.read_bytes() if target.exists() else None
    lines = b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in rows)
    _write_atomically(target, (before or b"") + lines)
    try:
        report = ingest([corpus])
    except BaseException:
        if before is None:
            target.unlink(missing_ok=True)
        else:
            _write_atomically(target, before)
        raise
    return AddReport(tuple(new), known, tuple(str(r["title"]) for r in rows), report)


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)
