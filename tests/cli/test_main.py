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
        monkeypatch.setattr(subcommands, "build_engine", lambda settings, **_: engine)
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
    assert "\n1. " in done.out and "\n   https://arxiv.org/search/?query=" in done.out
    assert "**" not in done.out and "<https" not in done.out  # plain text, short links
    footer = done.out.rstrip().splitlines()[-1]  # "-- 2 of 5 · -k 5 shows them all · hybrid …"
    assert footer.startswith("-- 2 of ") and " · hybrid search · " in footer


def test_the_footer_never_suggests_a_k_that_is_refused(papercord: Papercord) -> None:
    done = papercord("ask", "papers from 2022 or 2024")  # 36 papers match: more than -k allows
    footer = done.out.rstrip().splitlines()[-1]
    suggested = re.search(r"-k (\d+)", footer)
    assert done.code == 0 and suggested and int(suggested[1]) <= 25
    assert papercord("ask", "papers from 2022 or 2024", "-k", suggested[1]).code == 0


def test_ask_stdin_answers_one_json_line_per_question(papercord: Papercord) -> None:
    done = papercord("ask", "-", stdin="stencil computations\n\n" + "x" * 1100 + "\nFPGA\n")
    lines = [json.loads(line) for line in done.out.splitlines()]
    assert done.code == 0 and len(lines) == 3
    assert lines[0]["results"] and lines[2]["question"] == "FPGA"
    assert "1,100 characters long" in lines[1]["error"]


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
    assert done.code == 0 and "\n1. " in done.out and "\n2. " not in done.out


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
        "years": [], "also_by": [], "either": False,
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


def test_a_question_refused_with_json_asked_for_answers_in_json_too(
    papercord: Papercord,
) -> None:
    # An emoji alone printed no JSON: a reader of --json got nothing to parse
    done = papercord("ask", "🙂", "--json")
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1
    refused = done.json()
    assert refused["question"] == "🙂"
    assert str(refused["error"]).startswith("that has no words to search for")


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


def test_a_mistyped_subcommand_gets_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["aks", "what is GPTQ?"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and len(err.strip().splitlines()) == 1
    assert "invalid choice: 'aks'" in err and "did you mean ask?" in err


def test_eval_failures_name_papers_as_titles_and_no_metric_is_nan(
    papercord: Papercord, tmp_path: Path
) -> None:
    # --failures showed the first paper as a squashed key ("garnetreducedrank..."), and
    # the rows of a type the file lacks said "nan".
    rows = [
        {"id": "x-1", "type": "paper", "style": "plain", "question": "GPTQ 4-bit quantization",
         "gold": ["SAGMAN: Stability Analysis of Graph Neural Networks on the Manifolds"]},
    ]  # fmt: skip
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(r) for r in rows))
    done = papercord("eval", str(questions), "--mode", "bm25", "--failures")
    assert done.code == 0 and "nan" not in done.out
    assert "| author_handled | — |" in done.out and "| multi_F1 | — |" in done.out
    (failure,) = done.err.strip().splitlines()
    assert failure.startswith("[bm25] x-1 [paper/plain]: gold ")
    assert "listed first: GPTQ: Accurate Post-Training Quantization" in failure


def test_eval_help_says_what_runs_by_default(papercord: Papercord) -> None:
    done = papercord("eval", "--help")
    text = " ".join(done.out.split())
    assert done.code == 0 and "data/eval/dev.jsonl" in text
    assert "all three (bm25, vector, hybrid)" in text or "all three modes" in text
    assert "docs/eval-format.md" in text


def test_author_plot_writes_the_chart(papercord: Papercord, tmp_path: Path) -> None:
    target = tmp_path / "zhang.png"
    done = papercord("author", "zhang", "--plot", str(target))
    assert done.code == 0, done.err
    assert "Zhiru Zhang" in done.out and f"wrote {target}" in done.err
    from PIL import Image

    with Image.open(target) as image:
        assert image.format == "PNG" and image.size == (800, 450)
        assert len(image.convert("RGB").getcolors(maxcolors=100_000) or []) > 10  # not blank
    missing = papercord("author", "zhang", "--plot", str(tmp_path / "no" / "such.png"))
    assert missing.code == 1 and "cannot write" in missing.err


def test_ask_json_carries_a_summary_only_with_llm_settings(
    papercord: Papercord,
    fake_engine: Engine,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from retrieval.config import ChromaSettings, LlmSettings, RetrievalSettings
    from tests.conftest import FakeEmbedder
    from tests.fake_llm import fake_llm

    question = "which papers quantize language model weights to a few bits?"
    plain = papercord("ask", question, "--json").json()
    assert "summary" not in plain
    with fake_llm() as llm:
        settings = LlmSettings(base_url=llm.url, model="fake")
        chroma = ChromaSettings(path=fake_engine.chroma.path)
        engine = Engine(RetrievalSettings(), chroma, FakeEmbedder(), llm=settings)
        summarized = papercord("ask", question, "--json", "-k", "3", engine=engine).json()
        shown = papercord("ask", question, "-k", "3", engine=engine).out
        llm.mode = "500"
        failed = papercord("ask", question, "--json", "-k", "3", engine=engine).json()
        engine.close()
    summary = summarized["summary"]
    assert isinstance(summary, dict) and summary["text"].endswith("too [2].")
    assert [c["number"] for c in summary["citations"]] == [1, 2]
    assert summary["citations"][0]["title"] == summarized["results"][0]["title"]
    assert failed["summary"] is None and failed["results"] == summarized["results"]
    assert shown.index("Generated summary") < shown.index("1. ")


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["run", "--shard-ids", "0,x"], 2, "'0,x' is not a list of shard ids like 0,1"),
        (["run", "--shard-ids", "1,1", "--shard-count", "2"], 2, "each shard id once"),
        (["run", "--shard-count", "0"], 2, "a bot has 1 shard or more"),
        (["run", "--shard-ids", "3", "--shard-count", "2"], 1,
         "papercord: --shard-ids/--shard-count: shard 3 does not exist: ids run from 0 to 1"),
        (["health", "--shard-ids", "1"], 1,
         "papercord: --shard-ids/--shard-count: shard_ids needs shard_count"),
    ],
)  # fmt: skip
def test_shard_options_are_checked_with_one_line(
    argv: list[str], code: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        result = main(argv)
    except SystemExit as exc:  # argparse's usage errors
        result = int(exc.code or 0)
    assert result == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_health_reports_each_shard_of_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot import health

    monkeypatch.setenv("PAPERCORD_PATHS__STATE", str(tmp_path))
    health.write(tmp_path / "health-shards-0-1.json", True, {0: True, 1: False})
    assert main(["health", "--shard-ids", "0,1", "--shard-count", "4"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "the bot is disconnected from Discord",
        "shard 0: connected",
        "shard 1: disconnected",
    ]
    health.write(tmp_path / "health-shards-0-1.json", True, {0: True, 1: True})
    assert main(["health", "--shard-ids", "0,1", "--shard-count", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["shard 0: connected", "shard 1: connected"]
    assert main(["health", "--shard-ids", "2,3", "--shard-count", "4"]) == 1  # not this one's
