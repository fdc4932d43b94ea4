"""The papercord command as a user runs it: JSON shapes, exit codes, no tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

RESULT_KEYS = {"title", "year", "subjects", "subject_urls", "authors", "url", "score", "snippet"}


@pytest.fixture(scope="module")
def cli_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment for a CLI whose index lives in a temporary folder."""
    env = {**os.environ, "PAPERCORD_CHROMA__PATH": str(tmp_path_factory.mktemp("cli-index"))}
    env.pop("DISCORD_TOKEN", None)
    run(["ingest"], env)
    return env


def run(args: list[str], env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


def test_ask_json_has_the_documented_shape(cli_env: dict[str, str]) -> None:
    done = run(["ask", "which papers quantize LLMs to 4 bits?", "--json", "-k", "2"], cli_env)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert {"question", "abstained", "results", "closest"} <= set(answer)
    assert 1 <= len(answer["results"]) <= 2
    assert set(answer["results"][0]) >= RESULT_KEYS
    top = answer["results"][0]
    assert top["title"].startswith("GPTQ") and top["subject_urls"] == [
        "https://arxiv.org/list/cs.LG/recent"
    ]


def test_ask_stdin_answers_one_json_line_per_question(cli_env: dict[str, str]) -> None:
    done = run(["ask", "-"], cli_env, stdin="stencil computations\n\n" + "x" * 600 + "\nFPGA\n")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and len(lines) == 3
    assert lines[0]["results"] and "error" in lines[1] and lines[2]["question"] == "FPGA"


def test_ask_filters_from_the_command_line(cli_env: dict[str, str]) -> None:
    args = ["ask", "quantization", "--json", "--year", "2024", "--subject", "cs.LG"]
    answer = json.loads(run(args, cli_env).stdout)
    assert answer["results"]
    assert all(r["year"] == 2024 and "cs.LG" in r["subjects"] for r in answer["results"])
    answer = json.loads(
        run(["ask", "quantization", "--json", "--author", "hoefler"], cli_env).stdout
    )
    assert answer["filters"]["author"] == "Torsten Hoefler"
    assert answer["results"][0]["title"].startswith("GPTQ")
    assert all(r["authors"] == ["Torsten Hoefler"] for r in answer["results"] + answer["more"])


def test_paper_and_author_json(cli_env: dict[str, str]) -> None:
    paper = json.loads(run(["paper", "sagman", "--json"], cli_env).stdout)
    assert paper["title"].startswith("SAGMAN") and len(paper["related"]) == 3 and paper["abstract"]
    author = json.loads(run(["author", "zhang", "--json"], cli_env).stdout)
    assert author["count"] == 18 and author["year_counts"] == {"2023": 6, "2024": 12}
    assert author["coverage"] == "18 papers, from page 2 of a listing of at least 37 records"


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["ask", ""], 2, "ask a question"),
        (["paper", "zzqx unrelated"], 1, "no paper title matches"),
        (["author", "Yann LeCun"], 1, "Did you mean: "),
        (["ask", "x", "--year", "2024..2020"], 2, "first year is after"),
        (["ingest", "/nonexistent"], 1, "no such file"),
    ],
)
def test_errors_exit_nonzero_with_one_line_and_no_traceback(
    cli_env: dict[str, str], args: list[str], code: int, message: str
) -> None:
    done = run(args, cli_env)
    assert done.returncode == code
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_run_without_token_says_what_to_set(cli_env: dict[str, str]) -> None:
    done = run(["run"], {**cli_env, "PAPERCORD_CONFIG": str(ROOT / "config/papercord.toml")})
    assert done.returncode == 2 and "DISCORD_TOKEN is not set" in done.stderr
    assert "Traceback" not in done.stderr


def test_start_without_token_opens_the_console(cli_env: dict[str, str]) -> None:
    done = run(
        ["start"], cli_env, stdin="stencil computations\n/author hoefler\n/paper gptq\n/quit\n"
    )
    assert done.returncode == 0
    assert "DISCORD_TOKEN" in done.stderr and "Performance Embeddings" in done.stdout
    assert "18 papers, from page 10" in done.stdout and "GPTQ" in done.stdout


def test_eval_reports_every_mode(cli_env: dict[str, str], tmp_path: Path) -> None:
    rows = [
        {"id": "t1", "type": "paper", "question": "ternary GPT weights",
         "gold": ["GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"]},
        {"id": "t2", "type": "none", "question": "earthquake detection from seismic waveforms"},
    ]  # fmt: skip
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(r) for r in rows))
    report = json.loads(run(["eval", str(questions), "--json"], cli_env).stdout)
    modes = {m["mode"]: m for m in report["modes"]}
    assert set(modes) == {"bm25", "vector", "hybrid"}
    assert modes["hybrid"]["MRR"] == 1.0 and modes["hybrid"]["none_abstain_rate"] == 1.0
