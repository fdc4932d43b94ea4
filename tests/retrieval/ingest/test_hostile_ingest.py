"""Hostile corpora and questions (issue 11): each ends in a clear error or a normal answer.

Every test feeds the exact input that used to end in a traceback, a hang or silent
damage, and checks what a user would notice: the ingest succeeds or fails with one clear
``PapercordError``, the stored data is what the file said, and a failed ingest leaves the
serving index as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.errors import CorpusError, IndexUnavailable, PapercordError, QueryError
from retrieval.index.embedding import Embedder
from retrieval.index.taxonomy import subject
from retrieval.index.vector_store import Records, VectorStore
from retrieval.ingest.corpus import load_corpus
from retrieval.models import Filters
from tests.conftest import ROOT

QUESTION = "Bernoulli numbers on punched cards"


def row(title: str, **fields: object) -> str:
    """Return one JSON Lines paper; fields override the defaults."""
    paper: dict[str, object] = {
        "title": title,
        "abstract": f"An abstract about {title.lower()}.",
        "year": 2022,
        "subjects": ["cs.LG"],
        "authors": ["Ada Lovelace"],
    }
    return json.dumps({**paper, **fields})


def write_jsonl(folder: Path, name: str, *rows: str) -> Path:
    path = folder / name
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def fresh(embedder: Embedder, tmp_path: Path) -> Callable[[], Engine]:
    """Return a factory of engines over one empty index folder in tmp_path."""

    def make() -> Engine:
        return Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), embedder)

    return make


def serving(engine: Engine) -> tuple[str, list[str]]:
    """Return what a user would see: the active generation and the answer's titles."""
    active = engine.store.active()
    assert active is not None
    answer = engine.ask(QUESTION)
    return active[0], [r.paper.title for r in answer.results]


@pytest.mark.parametrize("size", [4_000, 100_000])
def test_abstract_of_repeated_text_is_indexed(
    fresh: Callable[[], Engine], tmp_path: Path, corpus_files: Path, size: int
) -> None:
    # Identical 128-token windows used to get identical chunk ids: DuplicateIDError.
    abstract = ("Quantization makes language models small. " * (size // 40 + 1))[:size]
    write_jsonl(corpus_files, "repeated.jsonl", row("Repeated Words", abstract=abstract))
    engine = fresh()
    calls = engine.embedder.calls
    report = engine.ingest([corpus_files])
    chunks = engine.searcher.index.chunks
    assert len({c.id for c in chunks}) == len(chunks) == report.chunks
    embedded = engine.embedder.calls - calls
    assert embedded < (report.chunks + report.sentences) / 2  # each distinct text once
    answer = engine.ask("which paper makes language models small by quantization?")
    assert answer.results[0].paper.title == "Repeated Words"


def test_more_ids_than_sqlite_binds_in_one_statement(tmp_path: Path) -> None:
    # Re-ingesting 33,000 rows asked Chroma for 33,000 ids at once: "too many SQL variables".
    store = VectorStore(ChromaSettings(path=tmp_path / "index"))
    ids = [f"c{n}" for n in range(10)]
    vectors = np.eye(10, 384, dtype=np.float32)
    store.write("g1", "chunks", Records(ids, ["text"] * 10, [{"n": n} for n in range(10)], vectors))
    wanted = [f"c{n}" for n in range(33_000)]
    found = store.vectors_for("g1", "chunks", wanted)
    assert sorted(found) == sorted(ids)
    assert np.allclose(found["c3"], vectors[3])


def test_unencodable_and_control_text_in_questions_gets_normal_answers(engine: Engine) -> None:
    # argv bytes that are not UTF-8 arrive as lone surrogates; JSON may spell "\ud800".
    with pytest.raises(QueryError, match="no words to search for"):  # nothing but U+FFFD
        engine.ask("\ud800")
    for question in [
        "caf\udce9 GPTQ quantization",
        "GPTQ \x1b[31mquantization\x1b[0m\x07",
    ]:
        answer = engine.ask(question)
        assert "\x1b" not in answer.question and "\x07" not in answer.question
        assert not any("\ud800" <= ch <= "\udfff" for ch in answer.question)
    assert engine.ask("GPTQ \x1b[31mquantization\x1b[0m").question == "GPTQ quantization"
    assert engine.ask("caf\udce9 GPTQ quantization").results[0].paper.title.startswith("GPTQ")
    assert engine.complete_titles("\ud800GPTQ")[0].startswith("GPTQ")
    assert engine.complete_authors("\udcffHoefler") == ["Torsten Hoefler"]
    assert engine.author("Hoefler\ud800").name == "Torsten Hoefler"
    assert engine.paper("GPTQ\udce9 Accurate").paper.title.startswith("GPTQ")
    assert engine.embedder.embed(["\ud800 alone"]).shape == (1, 384)


def test_lone_surrogates_in_jsonl_are_replaced_not_fatal(
    fresh: Callable[[], Engine], corpus_files: Path
) -> None:
    line = '{"title": "Broken \\ud800 Surrogates", "abstract": "Lone \\udfff halves.", "year": 2022, "subjects": ["cs.LG"], "authors": ["Ada \\ud83d"]}'
    (corpus_files / "surrogates.jsonl").write_text(line + "\n", encoding="utf-8")
    engine = fresh()
    engine.ingest([corpus_files])
    paper = engine.paper("Broken Surrogates")
    assert (
        paper.paper.title == "Broken \ufffd Surrogates" and paper.abstract == "Lone \ufffd halves."
    )
    assert paper.paper.authors == ("Ada \ufffd",)


def spawn(script: str, *args: object) -> subprocess.Popen[str]:
    """Start ``python -c script args...`` from the project root, output captured."""
    return subprocess.Popen(
        [sys.executable, "-c", script, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )


@pytest.mark.process
def test_processes_opening_one_new_index_folder_at_once_all_succeed(tmp_path: Path) -> None:
    # Each ran Chroma's schema migrations; one in five rounds of four failed with
    # "table collections already exists". Five rounds of five start on one clock tick.
    script = (
        "import sys, time; from pathlib import Path\n"
        "from retrieval.config import ChromaSettings\n"
        "from retrieval.index.vector_store import VectorStore\n"
        "time.sleep(max(0.0, float(sys.argv[2]) - time.time()))\n"
        "print(VectorStore(ChromaSettings(path=Path(sys.argv[1]))).active())\n"
    )
    for round_ in range(5):
        index, start = tmp_path / f"index-{round_}", time.time() + 4
        runs = [spawn(script, index, start) for _ in range(5)]
        results = [run.communicate(timeout=120) for run in runs]
        assert [out.strip() for out, _ in results] == ["None"] * 5, [e for _, e in results]


@pytest.mark.process
def test_two_concurrent_ingests_of_one_new_corpus_both_succeed(
    tmp_path: Path, corpus_files: Path, model_dir: Path
) -> None:
    # They used to drop and rewrite each other's collections: chromadb NotFoundError.
    script = (
        "import sys; from pathlib import Path\n"
        "from retrieval.config import ChromaSettings, RetrievalSettings\n"
        "from retrieval.index.embedding import Embedder\n"
        "from retrieval.engine import Engine\n"
        "engine = Engine(RetrievalSettings(), ChromaSettings(path=Path(sys.argv[1])), Embedder(Path(sys.argv[2])))\n"
        "report = engine.ingest([Path(sys.argv[3])])\n"
        "print(report.generation, report.unchanged)\n"
    )
    index = tmp_path / "index"
    runs = [spawn(script, index, model_dir, corpus_files) for _ in range(2)]
    results = [run.communicate(timeout=300) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], [err for _, err in results]
    assert "Traceback" not in "".join(err for _, err in results)
    generations = {out.split()[0] for out, _ in results}
    assert len(generations) == 1  # the second found the first's generation, or rebuilt it
    store = VectorStore(ChromaSettings(path=index))
    assert store.generations() == generations
    engine = Engine(RetrievalSettings(), ChromaSettings(path=index), Embedder(model_dir))
    assert len(engine.searcher.index.papers) == 3


def test_an_ingest_waiting_too_long_for_the_lock_gives_up_clearly(tmp_path: Path) -> None:
    settings = ChromaSettings(path=tmp_path / "index")
    first, second = VectorStore(settings), VectorStore(settings)
    said: list[str] = []
    held = r"another ingest \(pid \d+ .*\) has held"
    with (
        first.ingest_lock(),
        pytest.raises(IndexUnavailable, match=held),
        second.ingest_lock(say=said.append, timeout=0.5),
    ):
        pass
    assert said == [said[0]] and "waiting" in said[0]  # said once, not per attempt
    with second.ingest_lock(timeout=0.5):  # released when the first block ended
        pass


def test_fifo_in_the_corpus_folder_is_skipped_not_read(
    fresh: Callable[[], Engine], corpus_files: Path
) -> None:
    # Reading a FIFO blocks until a writer comes: ingest used to hang forever.
    os.mkfifo(corpus_files / "x.txt")
    (corpus_files / "folder.jsonl").mkdir()
    engine = fresh()
    done: list[object] = []
    worker = threading.Thread(target=lambda: done.append(engine.ingest([corpus_files])))
    worker.start()
    worker.join(120)
    assert not worker.is_alive(), "ingest hangs on a FIFO"
    (report,) = done
    assert report.papers == 3  # type: ignore[attr-defined]
    assert {str(w) for w in report.warnings} >= {  # type: ignore[attr-defined]
        f"{corpus_files / 'x.txt'}: skipped: not a regular file",
        f"{corpus_files / 'folder.jsonl'}: skipped: not a regular file",
    }
    before = serving(engine)
    with pytest.raises(CorpusError, match=r"x\.txt: not a regular file"):
        engine.ingest([corpus_files / "x.txt"])  # named explicitly: refused, not opened
    assert serving(engine) == before


def test_author_names_keep_a_vertical_bar(fresh: Callable[[], Engine], corpus_files: Path) -> None:
    # Stored as "|a|b|", "Ada | Lovelace" came back as two authors.
    write_jsonl(corpus_files, "bar.jsonl", row("Pipes In Names", authors=["Ada | Lovelace", "B|C"]))
    engine = fresh()
    engine.ingest([corpus_files])
    assert engine.paper("Pipes In Names").paper.authors == ("Ada | Lovelace", "B|C")
    assert engine.author("Ada | Lovelace").count == 1


def test_invalid_subject_codes_are_refused(fresh: Callable[[], Engine], corpus_files: Path) -> None:
    write_jsonl(
        corpus_files, "subjects.jsonl",
        row("Bad Subject", subjects=["not a code!!"]), row("Good Subject", subjects=["cs.CL"]),
    )  # fmt: skip
    corpus = load_corpus([corpus_files])
    titles = {p.title for p in corpus.papers}
    assert "Good Subject" in titles and "Bad Subject" not in titles
    assert any("'not a code!!' is not an arXiv subject code" in str(w) for w in corpus.warnings)
    with pytest.raises(CorpusError, match="not an arXiv subject code"):
        load_corpus([corpus_files / "subjects.jsonl"], strict=True)
    engine = fresh()
    engine.ingest([corpus_files])
    # As a filter, an unknown subject is answered with a note, never a traceback.
    unknown = engine.ask("anything", filters=Filters(subject="not a code!!"))
    assert unknown.abstained and "is not a subject of any listed paper" in unknown.notes[0]
    # Whatever reaches the taxonomy, its link stays one valid URL.
    assert subject("not a code!!").url == "https://arxiv.org/list/not%20a%20code%21%21/recent"


def test_same_paper_with_two_years_is_warned_and_keeps_the_earliest(corpus_files: Path) -> None:
    # "Bernoulli Numbers on Punched Cards" is 2023 on Lovelace's page.
    write_jsonl(
        corpus_files, "z_later.jsonl", row("Bernoulli numbers on punched cards!", year=2019)
    )
    corpus = load_corpus([corpus_files])
    paper = next(p for p in corpus.papers if p.title == "Bernoulli Numbers on Punched Cards")
    assert paper.year == 2019
    (warning,) = [w for w in corpus.warnings if "listed here as" in str(w)]
    assert str(warning) == (
        f"{corpus_files / 'z_later.jsonl'}:1: 'Bernoulli Numbers on Punched Cards' is listed "
        f"here as 2019 but as 2023 at {corpus_files / 'lovelace_page3.txt'}:29; keeping 2019"
    )


def test_deeply_nested_jsonl_line_is_a_warning(corpus_files: Path) -> None:
    write_jsonl(corpus_files, "deep.jsonl", "[" * 100_000, row("Fine Paper"))
    corpus = load_corpus([corpus_files])
    assert "Fine Paper" in {p.title for p in corpus.papers}
    assert any("nested too deeply" in str(w) for w in corpus.warnings)


def test_titles_without_letters_are_not_merged(corpus_files: Path) -> None:
    write_jsonl(corpus_files, "symbols.jsonl", row("???"), row("!!!"), row("🚀"))
    titles = {p.title for p in load_corpus([corpus_files]).papers}
    assert {"???", "!!!", "🚀"} <= titles


def folder_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def test_twenty_ingests_of_changing_corpora_keep_disk_within_two_generations(
    fresh: Callable[[], Engine], tmp_path: Path
) -> None:
    # Dropped generations used to leave their segment folders and SQLite pages behind:
    # 47 orphans, 449 MB in one index. An index keeps two generations (the active one and
    # the one before, for processes still reading it); everything else must go.
    corpus = tmp_path / "changing"
    corpus.mkdir()
    rows = [
        row(
            f"Paper {n} on topic {n % 7}",
            abstract=" ".join(f"Sentence {n}.{s} studies method {n * s % 13} on data {s}." for s in range(12)),
        )
        for n in range(60)
    ]  # fmt: skip
    engine = fresh()
    index = tmp_path / "index"
    sizes = []
    for step in range(20):
        write_jsonl(corpus, "papers.jsonl", *rows[step * 2 : step * 2 + 20])  # 2 new, 2 gone
        report = engine.ingest([corpus])
        assert not report.unchanged
        sizes.append(folder_bytes(index))
    one_generation = sizes[0]
    segment_folders = [d for d in index.iterdir() if d.is_dir()]
    assert len(segment_folders) <= 2 * 3 + 1  # 2 generations x 3 collections, + meta
    assert max(sizes[2:]) <= 2 * one_generation, [s / one_generation for s in sizes]
    generations = engine.store.generations()
    assert report.generation in generations and len(generations) == 2


def test_a_failed_ingest_leaves_the_serving_index(
    fresh: Callable[[], Engine], corpus_files: Path
) -> None:
    engine = fresh()
    engine.ingest([corpus_files])
    before = serving(engine)
    for bad in ["not json\n", "[" * 100_000 + "\n"]:
        (corpus_files / "only.jsonl").write_text(bad, encoding="utf-8")
        with pytest.raises(PapercordError):
            engine.ingest([corpus_files / "only.jsonl"])
        assert serving(engine) == before
