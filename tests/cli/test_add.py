"""``papercord add`` end to end against a fake arXiv API on 127.0.0.1.

Each test gets its own copy of the bundled pages, indexed with the fake embedder
(``indexed_copy``), and runs ``papercord add`` in-process with the API base URL pointing
at the fake (``tests/fake_arxiv.py``), which serves recorded-format Atom feeds.
"""

from __future__ import annotations

import itertools
import json
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli import subcommands
from cli.main import main
from retrieval.config import ArxivSettings, ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.errors import NotFoundError, QueryError
from retrieval.ingest.adding import ADDED_FILE
from retrieval.ingest.arxiv_api import ArxivClient, parse_feed
from tests import fake_arxiv as fake_arxiv_module
from tests.conftest import FakeEmbedder
from tests.fake_arxiv import RECORDED, FakeArxiv, fake_arxiv

QLORA = "QLoRA: Efficient Finetuning of Quantized LLMs"
GPTQ = "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"


@pytest.fixture
def arxiv() -> Iterator[FakeArxiv]:
    with fake_arxiv() as fake:
        yield fake


@pytest.fixture
def corpus(indexed_copy: Path) -> Path:
    return indexed_copy / "corpus"


@pytest.fixture
def engine(
    tmp_path: Path,
    corpus: Path,
    fake_embedder: FakeEmbedder,
    arxiv: FakeArxiv,
    monkeypatch: pytest.MonkeyPatch,
) -> Engine:
    """An indexed engine that ``papercord`` uses, with settings aimed at the fake."""
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    monkeypatch.setattr(subcommands, "build_engine", lambda settings, **_: engine)
    monkeypatch.setenv("PAPERCORD_PATHS__CORPUS", str(corpus))
    monkeypatch.setenv("PAPERCORD_ARXIV__API_BASE", arxiv.url)
    monkeypatch.setenv("PAPERCORD_ARXIV__MIN_INTERVAL", "0.05")
    return engine


def generation(engine: Engine) -> str:
    active = engine.store.active()
    assert active is not None
    return active[0]


def test_add_fetches_by_id_and_url_and_indexes_incrementally(
    engine: Engine, corpus: Path, arxiv: FakeArxiv, capsys: pytest.CaptureFixture[str]
) -> None:
    before = engine.stats().papers
    assert main(["add", "2305.14314", "https://arxiv.org/abs/2210.17323v2"]) == 0
    out = capsys.readouterr().out
    assert f"added 2305.14314: {QLORA}" in out
    assert f"added 2210.17323: {GPTQ}" in out
    assert "reused" in out
    assert len(arxiv.requests) == 1  # both ids in one request
    assert arxiv.requests[0].ids == ("2305.14314", "2210.17323")
    assert arxiv.requests[0].user_agent.startswith("papercord/")
    # GPTQ was on a listing page: it is merged by title and gains its arXiv links.
    assert engine.stats().papers == before + 1
    assert engine.paper("GPTQ accurate post-training").paper.url.endswith("/abs/2210.17323")
    answer = engine.ask("finetuning a 65B model on one GPU with 4-bit NormalFloat", mode="bm25")
    top = answer.results[0].paper
    assert (top.title, top.url) == (QLORA, "https://arxiv.org/abs/2305.14314")
    assert top.pdf_url == "https://arxiv.org/pdf/2305.14314"
    assert top.authors == ("Tim Dettmers", "Artidoro Pagnoni", "Ari Holtzman", "Luke Zettlemoyer")
    assert top.year == 2023
    # The fetched papers live in the corpus folder: a plain re-ingest keeps them.
    assert (corpus / ADDED_FILE).read_text(encoding="utf-8").count("\n") == 2
    report = engine.ingest([corpus])
    assert report.unchanged


def test_an_entry_no_ingest_could_index_is_refused_and_changes_nothing(
    engine: Engine,
    corpus: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # An entry without an author: every ingest skips such a row, so "added" would be a lie.
    recorded = tmp_path / "recorded"
    recorded.mkdir()
    text = (RECORDED / "2305.14314.xml").read_text(encoding="utf-8")
    authorless = re.sub(r"\s*<author>.*?</author>", "", text, flags=re.DOTALL)
    (recorded / "2305.14314.xml").write_text(authorless, encoding="utf-8")
    monkeypatch.setattr(fake_arxiv_module, "RECORDED", recorded)
    kept = generation(engine)
    assert main(["add", "2305.14314"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("papercord: arXiv's entry for 2305.14314 cannot be indexed")
    assert "nothing was changed" in err and len(err.strip().splitlines()) == 1
    assert not (corpus / ADDED_FILE).exists() and generation(engine) == kept


def test_adding_again_makes_no_request_and_changes_nothing(
    engine: Engine, arxiv: FakeArxiv, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["add", "2305.14314"]) == 0
    kept = generation(engine)
    capsys.readouterr()
    assert main(["add", "arXiv:2305.14314v1"]) == 0
    assert capsys.readouterr().out == "already indexed: 2305.14314\n"
    assert len(arxiv.requests) == 1
    assert generation(engine) == kept


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["add", "2401.99999"], 1, "papercord: arXiv has no paper 2401.99999; nothing was changed"),
        (["add", "2305.14314", "GPTQ"], 2, "papercord: 'GPTQ' is not an arXiv id or URL"),
        # digits of another script: it was sent to the API as an id
        (["add", "２２１０.１７３２３"], 2, "papercord: '２２１０.１７３２３' is not an arXiv id"),
    ],
)
def test_unknown_or_malformed_ids_change_nothing(
    engine: Engine,
    corpus: Path,
    argv: list[str],
    code: int,
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    kept = generation(engine)
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
    assert not (corpus / ADDED_FILE).exists()
    assert generation(engine) == kept


def test_offline_is_one_line_and_changes_nothing(
    engine: Engine,
    corpus: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    monkeypatch.setenv("PAPERCORD_ARXIV__API_BASE", f"http://127.0.0.1:{closed}/api/query")
    kept = generation(engine)
    assert main(["add", "2305.14314"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"papercord: cannot reach the arXiv API at http://127.0.0.1:{closed}/")
    assert err.rstrip().endswith("nothing was changed") and err.count("\n") == 1
    assert not (corpus / ADDED_FILE).exists()
    assert generation(engine) == kept


def test_throttled_answer_is_one_line_and_changes_nothing(
    engine: Engine, corpus: Path, arxiv: FakeArxiv, capsys: pytest.CaptureFixture[str]
) -> None:
    arxiv.rate_limited = True
    assert main(["add", "2305.14314"]) == 1
    assert "did not answer with a feed ('Rate exceeded.')" in capsys.readouterr().err
    assert not (corpus / ADDED_FILE).exists()


def test_requests_are_one_at_a_time_and_spaced_out(arxiv: FakeArxiv) -> None:
    arxiv.delay = 0.05
    client = ArxivClient(ArxivSettings(api_base=arxiv.url, min_interval=0.3))
    threads = [
        threading.Thread(target=client.fetch, args=([i],))
        for i in ("2305.14314", "2210.17323", "2305.14314")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(arxiv.requests) == 3
    assert arxiv.most_at_once == 1
    arrivals = sorted(r.at for r in arxiv.requests)
    # Each request starts >= min_interval after the previous one ended (ended >= arrived).
    assert all(b - a >= 0.3 for a, b in itertools.pairwise(arrivals))


def test_the_api_error_entry_is_a_clear_refusal() -> None:
    body = (RECORDED / "error.xml").read_text(encoding="utf-8").replace("{ids}", "1234")
    with pytest.raises(QueryError, match="arXiv refused the request: incorrect id format for 1234"):
        parse_feed(body.encode())


def test_a_missing_paper_among_found_ones_is_named(arxiv: FakeArxiv) -> None:
    client = ArxivClient(ArxivSettings(api_base=arxiv.url, min_interval=0))
    with pytest.raises(NotFoundError, match=r"no paper 2401\.00002;"):
        client.fetch(["2305.14314", "2401.00002"])


def test_add_json_reports_ids_titles_and_the_ingest(
    engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["add", "2305.14314", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["added"] == [{"id": "2305.14314", "title": QLORA}]
    assert report["already_indexed"] == []
    assert report["ingest"]["papers"] == engine.stats().papers
    assert main(["ask", "QLoRA 4-bit NormalFloat", "--mode", "bm25", "--json"]) == 0
    top = json.loads(capsys.readouterr().out)["results"][0]
    assert top["pdf_url"] == "https://arxiv.org/pdf/2305.14314"
