"""The papercord command as a user runs it: JSON shapes, exit codes, one-line errors.

``main(argv)`` runs in-process with the session's engine in place of ``build_engine``;
``test_process.py`` runs the few checks that need a real process.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from cli import subcommands
from cli.main import main
from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index.embedding import Embedder
from tests.conftest import CORPUS

RESULT_KEYS = {"title", "year", "subjects", "subject_urls", "authors", "url", "score", "snippet"}
GPTQ = "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"


@dataclass(frozen=True)
class Done:
    """What one command did: its exit code and what it printed."""

    code: int
    out: str
    err: str

    def json(self) -> dict[str, object]:
        return dict(json.loads(self.out))


Papercord = Callable[..., Done]


@pytest.fixture
def papercord(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fake_engine: Engine
) -> Papercord:
    """Return a runner of ``papercord <argv>`` over an engine (default: the fake one)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)

    def run(*argv: str, stdin: str = "", engine: Engine = fake_engine) -> Done:
        monkeypatch.setattr(subcommands, "build_engine", lambda settings: engine)
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        try:
            code = main(list(argv))
        except SystemExit as exit:  # argparse refuses usage errors this way
            code = int(exit.code or 0)
        out, err = capsys.readouterr()
        return Done(code, out, err)

    return run


def test_ask_json_has_the_documented_shape(papercord: Papercord, engine: Engine) -> None:
    done = papercord(
        "ask", "which papers quantize LLMs to 4 bits?", "--json", "-k", "2", engine=engine
    )
    assert done.code == 0, done.err
    answer = done.json()
    assert {"question", "abstained", "results", "closest", "more", "filters"} <= set(answer)
    results = answer["results"]
    assert isinstance(results, list) and 1 <= len(results) <= 2
    assert set(results[0]) >= RESULT_KEYS
    assert results[0]["title"] == GPTQ
    assert results[0]["subject_urls"] == ["https://arxiv.org/list/cs.LG/recent"]
    # Why it matched: GPTQ's abstract says "quantize" and "4 bits", and it means the same.
    assert results[0]["why"] == "both"
    assert {"quantize", "4 bits"} <= set(results[0]["matched_terms"])


def test_ask_prints_the_card_as_text(papercord: Papercord) -> None:
    done = papercord("ask", "graph neural networks", "-k", "2")
    assert done.code == 0 and done.out.startswith("“graph neural networks”\n====")
    assert "**1. " in done.out and "<https://arxiv.org/search/?query=" in done.out
    footer = done.out.rstrip().splitlines()[-1]  # "-- 2 of 5 · -k 5 shows them all · hybrid …"
    assert footer.startswith("-- 2 of ") and " · hybrid search · " in footer


def test_the_footer_never_suggests_a_k_that_is_refused(papercord: Papercord) -> None:
    done = papercord("ask", "papers from 2022 or 2024")  # 36 papers match: more than -k allows
    footer = done.out.rstrip().splitlines()[-1]
    suggested = re.search(r"-k (\d+)", footer)
    assert done.code == 0 and suggested and int(suggested[1]) <= 25
    assert papercord("ask", "papers from 2022 or 2024", "-k", suggested[1]).code == 0


def test_ask_stdin_answers_one_json_line_per_question(papercord: Papercord) -> None:
    done = papercord("ask", "-", stdin="stencil computations\n\n" + "x" * 600 + "\nFPGA\n")
    lines = [json.loads(line) for line in done.out.splitlines()]
    assert done.code == 0 and len(lines) == 3
    assert lines[0]["results"] and lines[2]["question"] == "FPGA"
    assert "600 characters long" in lines[1]["error"]


def test_ask_stdin_with_an_option_no_line_can_use_fails_once(papercord: Papercord) -> None:
    # It printed the same error for every line, and exited 0.
    done = papercord("ask", "-", "--author", "Nobody Here", stdin="quantization\ngraphs\n")
    assert done.code == 1 and not done.out
    assert done.err.strip() == (
        "papercord: no listed author matches 'Nobody Here'. Did you mean: Torsten Hoefler; "
        "Zhiru Zhang?"
    )


def test_a_count_in_the_question_is_what_the_text_shows(papercord: Papercord) -> None:
    # "one paper on graphs" showed five papers as text ("5 of 6"), one in --json.
    done = papercord("ask", "one paper on graphs")
    assert done.code == 0 and "**1. " in done.out and "**2. " not in done.out


def test_ask_filters_from_the_command_line(papercord: Papercord) -> None:
    answer = papercord(
        "ask", "quantization", "--json", "--year", "2024", "--subject", "cs.LG"
    ).json()
    results = answer["results"]
    assert isinstance(results, list) and results
    assert all(r["year"] == 2024 and "cs.LG" in r["subjects"] for r in results)
    answer = papercord("ask", "quantization", "--json", "--author", "hoefler").json()
    assert answer["filters"] == {
        "year_from": None, "year_to": None, "subject": None, "author": "Torsten Hoefler",
        "years": [], "also_by": [],
    }  # fmt: skip
    shown = [*answer["results"], *answer["more"]]  # type: ignore[misc]
    assert shown and all(r["authors"] == ["Torsten Hoefler"] for r in shown)


def test_paper_and_author_json(papercord: Papercord) -> None:
    paper = papercord("paper", "sagman", "--json").json()
    assert str(paper["title"]).startswith("SAGMAN") and paper["abstract"]
    assert isinstance(paper["related"], list) and len(paper["related"]) == 3
    author = papercord("author", "zhang", "--json").json()
    assert author["count"] == 18 and author["year_counts"] == {"2023": 6, "2024": 12}
    assert author["coverage"] == "18 papers, from page 2 of a listing of at least 37 records"


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["ask", ""], 2, "papercord: ask a question"),
        (["ask", "?!?!"], 2, "papercord: that has no words to search for"),
        (["ask", "🤖"], 2, "papercord: that has no words to search for"),
        (
            ["paper", "zzqx unrelated"],
            1,
            "papercord: no paper title matches 'zzqx unrelated': it is not in the list.",
        ),
        (["author", "Yann LeCun"], 1, "Did you mean: Torsten Hoefler; Zhiru Zhang?"),
        (["ask", "x", "--year", "2024..2020"], 2, "first year is after"),
        (["ask", "x", "--year=-5"], 2, "a year is four digits"),  # "No listed paper is from -5"
        (["ask", "x", "--year", "99999999999"], 2, "a year is four digits"),
        (["ingest", "--replace", "/nonexistent"], 1, "papercord: /nonexistent: no such file"),
        (["ingest", "tests/data"], 2, "use `ingest --add PATH` to add PATH to it"),
    ],
)
def test_errors_exit_nonzero_with_one_line(
    papercord: Papercord, argv: list[str], code: int, message: str
) -> None:
    done = papercord(*argv)
    assert done.code == code and message in done.err
    assert len(done.err.strip().splitlines()) == 1 and not done.out


def test_ingest_reports_what_it_did_and_skips_an_unchanged_corpus(
    papercord: Papercord, fake_embedder: Embedder, tmp_path: Path
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path), fake_embedder)
    done = papercord("ingest", "--replace", str(CORPUS), engine=engine)
    assert done.code == 0 and done.out.startswith("indexed 36 papers as ")
    assert "embedded 378, reused 0" in done.out
    assert (
        papercord("ingest", "--replace", str(CORPUS), "--if-stale", engine=engine).out
        == "index is up to date\n"
    )
    report = papercord("ingest", "--replace", str(CORPUS), "--json", engine=engine).json()
    assert report["papers"] == 36 and report["unchanged"] is True


def test_run_without_token_says_what_to_set(papercord: Papercord) -> None:
    done = papercord("run")
    assert done.code == 2 and "DISCORD_TOKEN is not set" in done.err


def test_start_without_token_opens_the_console(papercord: Papercord, engine: Engine) -> None:
    stdin = "stencil computations\n/author hoefler\n/paper gptq\n/quit\n"
    done = papercord("start", stdin=stdin, engine=engine)
    assert done.code == 0
    assert "No DISCORD_TOKEN set: running the console instead" in done.err
    assert "Performance Embeddings" in done.out
    assert "18 papers, from page 10" in done.out and "GPTQ" in done.out


def test_eval_reports_every_mode(papercord: Papercord, engine: Engine, tmp_path: Path) -> None:
    rows = [
        {"id": "t1", "type": "paper", "question": "ternary GPT weights", "gold": [GPTQ]},
        {"id": "t2", "type": "none", "question": "earthquake detection from seismic waveforms"},
    ]
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(r) for r in rows))
    report = papercord("eval", str(questions), "--json", engine=engine).json()
    modes = {m["mode"]: m for m in report["modes"]}  # type: ignore[attr-defined]
    assert set(modes) == {"bm25", "vector", "hybrid"}
    assert modes["hybrid"]["MRR"] == 1.0 and modes["hybrid"]["none_abstain_rate"] == 1.0
    by_type = {(r["type"], r["style"]): r for r in modes["hybrid"]["breakdown"]}
    assert by_type[("paper", "-")]["R@1"] == 1.0 and by_type[("none", "-")]["n"] == 1
    # No list question: its metrics are null, and the output is JSON any parser reads.
    assert modes["hybrid"]["multi_F1"] is None
    out = papercord("eval", str(questions), "--json", "--mode", "bm25", engine=engine).out
    json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} is not JSON"))
    table = papercord("eval", str(questions), "--mode", "bm25", engine=engine).out
    assert table.splitlines()[:2] == ["| metric | bm25 |", "|---|---:|"]


def test_eval_reports_per_style_and_author_handling(
    papercord: Papercord, engine: Engine, tmp_path: Path
) -> None:
    expect = {"count": 18, "year_min": 2023, "year_max": 2024,
              "year_counts": {"2023": 6, "2024": 12}, "subjects": {}}  # fmt: skip
    rows = [
        {"id": "a1", "type": "author", "style": "typo", "question": "papers by zhiru zhangg?",
         "author": "Zhiru Zhang", "expect": expect},
        {"id": "n1", "type": "none", "style": "famous", "question": "the GraphCast paper from DeepMind"},
    ]  # fmt: skip
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(r) for r in rows))
    text = papercord("eval", str(questions), "--mode", "hybrid", engine=engine).out
    assert "| author_handled | 1.000 |" in text
    assert "| author | typo | 1 | handled 1.000" in text
    assert "| none | famous | 1 | abstain 1.000, flagged 1.000 |" in text
