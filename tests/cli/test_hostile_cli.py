"""The papercord command under hostile input (issue 11), as a user runs it: a process.

Part one feeds each input of the issue's table that reaches the command line and checks
what the user sees: one clear line on stderr and the documented exit code (or a normal
answer), no traceback, and the serving index unchanged. Part two runs every subcommand
with hostile arguments, stdin and environment and checks the promise of the README: no
``Traceback`` on stderr, exit codes 0, 1 or 2, never a hang.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.conftest import CORPUS, ROOT, TEST_DATA

CONTROL = ("\x1b", "\x07", "\x08")  # ESC (ANSI sequences), BEL, backspace
TIMEOUT = 120  # seconds; a hang fails the test instead of blocking the suite


def papercord(
    args: Sequence[str | bytes],
    env: dict[str, str],
    stdin: bytes = b"",
    extra: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run `python -m cli ARGS` to completion; bytes in and out, so nothing is decoded for it."""
    # surrogatepass: a lone surrogate becomes the invalid UTF-8 a hostile shell would send.
    argv = [a if isinstance(a, bytes) else a.encode("utf-8", "surrogatepass") for a in args]
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"cli", *argv],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**env, **(extra or {})},
        timeout=TIMEOUT,
    )


def text(stream: bytes) -> str:
    return stream.decode("utf-8", "replace")


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment of a papercord with its own corpus copy, index and state, indexed once."""
    base = tmp_path_factory.mktemp("hostile-cli")
    corpus = base / "corpus"
    shutil.copytree(CORPUS, corpus)
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("PAPERCORD_") and key != "DISCORD_TOKEN"
    }
    environment.update(
        PAPERCORD_CHROMA__PATH=str(base / "index"),
        PAPERCORD_PATHS__CORPUS=str(corpus),
        PAPERCORD_PATHS__STATE=str(base / "state"),
        PYTHONPATH=str(ROOT),
    )
    done = papercord(["ingest"], environment)
    assert done.returncode == 0, text(done.stderr)
    return environment


def generation(env: dict[str, str]) -> str:
    """Return the serving generation, as `ingest --json --if-stale` cannot: via ask --json."""
    done = papercord(["ingest", "--if-stale", "--json"], env)
    if done.returncode == 0 and done.stdout.startswith(b"{"):
        return str(json.loads(done.stdout)["generation"])
    from retrieval.config import ChromaSettings
    from retrieval.index.vector_store import VectorStore

    active = VectorStore(ChromaSettings(path=Path(env["PAPERCORD_CHROMA__PATH"]))).active()
    assert active is not None
    return active[0]


def one_line(done: subprocess.CompletedProcess[bytes]) -> str:
    """Return stderr's only line; fail if there is a traceback or more than one line."""
    err = text(done.stderr)
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# Part one: the rows of the table.


def test_closed_pipe_ends_quietly(env: dict[str, str]) -> None:
    # `papercord ask GPTQ --json | head -c 10` printed a BrokenPipeError traceback.
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "ask", "GPTQ", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the answer is printed
    err = process.stderr.read()
    assert process.wait(TIMEOUT) == 0
    assert err == b""


def test_shell_pipeline_into_head(env: dict[str, str]) -> None:
    questions = b"".join(b"GPTQ quantization %d\n" % n for n in range(40))  # > a pipe buffer
    done = subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m cli ask - | head -c 10"],
        input=questions, capture_output=True, cwd=ROOT, env=env, timeout=TIMEOUT,
    )  # fmt: skip
    assert done.stdout == b'{"question' and done.stderr == b""


def test_argument_that_is_not_utf8_gets_an_answer(env: dict[str, str]) -> None:
    done = papercord([b"ask", b"GPTQ \xe9\xff quantization", b"--json"], env)
    assert done.returncode == 0 and done.stderr == b""
    answer = json.loads(done.stdout)
    assert answer["question"] == "GPTQ \ufffd\ufffd quantization"
    assert answer["results"][0]["title"].startswith("GPTQ")


def test_lines_that_are_not_utf8_do_not_stop_the_batch(env: dict[str, str]) -> None:
    # With a strict UTF-8 stdin the bad line raised UnicodeDecodeError: later lines lost.
    stdin = b"GPTQ\n\xff\xfe\xed\n\xed\xa0\x80 lone surrogate\nFPGA\n"
    done = papercord(["ask", "--json", "-"], env, stdin, {"PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0 and done.stderr == b""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["question"] for a in answers] == [
        "GPTQ",
        "\ufffd\ufffd\ufffd",
        "\ufffd\ufffd\ufffd lone surrogate",
        "FPGA",
    ]
    assert answers[-1]["results"][0]["title"].startswith("Python FPGA")


def test_chat_survives_bad_bytes_and_prints_no_log_lines(env: dict[str, str]) -> None:
    # chat died on the bad line, and 'INFO retrieval.engine: serving index' interrupted it.
    stdin = b"\xff bad bytes\n\x1b[2J\x1b[31mstencil\x07 computations\x08\n/paper gptq\n"
    done = papercord(["chat"], env, stdin, {"PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0 and done.stderr == b""
    out = text(done.stdout)
    assert "Performance Embeddings" in out and "GPTQ: Accurate" in out
    assert not any(ch in out for ch in CONTROL)


def test_ansi_in_a_question_is_not_echoed(env: dict[str, str]) -> None:
    done = papercord(["ask", "\x1b]0;pwned\x07\x1b[31mGPTQ\x1b[0m quantization\x08"], env)
    assert done.returncode == 0 and done.stderr == b""
    out = text(done.stdout)
    assert "GPTQ quantization" in out and not any(ch in out for ch in CONTROL)


def test_corpus_text_with_escapes_is_shown_without_them(
    env: dict[str, str], tmp_path: Path
) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    row = {
        "title": "Blinking \x1b[5mTerminals\x1b[0m\x07",
        "abstract": "We ring the bell\x07 and erase\x08\x08 text \x1b[2J on screen.",
        "year": 2021, "subjects": ["cs.HC"], "authors": ["Eve \x1b[31mRed"],
    }  # fmt: skip
    (pages / "evil.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    replaced = {**env, "PAPERCORD_CHROMA__PATH": str(tmp_path / "index")}
    assert papercord(["ingest", "--replace", str(pages)], replaced).returncode == 0
    for args in (["paper", "Blinking Terminals"], ["author", "Eve"], ["ask", "ring the bell"]):
        done = papercord(args, replaced)
        assert done.returncode == 0, text(done.stderr)
        assert not any(ch in text(done.stdout) for ch in CONTROL), args
    assert "Blinking [5mTerminals[0m" not in text(papercord(["paper", "Blinking"], replaced).stdout)


def test_malformed_jsonl_warnings_are_printed_once(env: dict[str, str], tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    shutil.copy(TEST_DATA / "extra.jsonl", pages / "extra.jsonl")
    replaced = {**env, "PAPERCORD_CHROMA__PATH": str(tmp_path / "index")}
    done = papercord(["ingest", "--replace", str(pages)], replaced)
    assert done.returncode == 0
    err = text(done.stderr).splitlines()
    mentions = [line for line in err if "extra.jsonl:3" in line]
    assert mentions == [
        f"warning: {pages / 'extra.jsonl'}:3: skipped: Expecting value: line 1 column 1 (char 0)"
    ]
    assert len([line for line in err if "extra.jsonl:4" in line]) == 1


def test_ingest_path_is_refused_and_add_replace_do_what_they_say(
    env: dict[str, str], tmp_path: Path
) -> None:
    before = generation(env)
    done = papercord(["ingest", str(TEST_DATA)], env)
    assert done.returncode == 2
    assert "use `ingest --add PATH`" in one_line(done) and generation(env) == before

    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    own = {
        **env,
        "PAPERCORD_PATHS__CORPUS": str(corpus),
        "PAPERCORD_CHROMA__PATH": str(tmp_path / "index"),
        "PAPERCORD_PATHS__STATE": str(tmp_path / "state"),
    }
    assert papercord(["ingest", "--add", str(TEST_DATA / "extra.jsonl")], own).returncode == 0
    added = tmp_path / "state" / "corpus" / "extra.jsonl"  # not in the corpus folder
    assert added.read_bytes() == (TEST_DATA / "extra.jsonl").read_bytes()
    assert not (corpus / "extra.jsonl").exists()
    both = json.loads(papercord(["ask", "tide tables for ports", "--json"], own).stdout)
    assert both["results"][0]["title"] == "Difference Engines for Tide Tables"
    gptq = json.loads(papercord(["ask", "GPTQ", "--json"], own).stdout)
    assert gptq["results"][0]["title"].startswith("GPTQ")  # the corpus is still there

    other = tmp_path / "extra.jsonl"
    other.write_text('{"title": "Another", "year": 2020, "authors": ["X"]}\n', encoding="utf-8")
    done = papercord(["ingest", "--add", str(other)], own)
    assert done.returncode == 1 and "already exists with other content" in one_line(done)

    assert papercord(["ingest", "--replace", str(TEST_DATA)], own).returncode == 0
    alone = json.loads(papercord(["ask", "GPTQ", "--json"], own).stdout)
    assert alone["abstained"]  # only the test pages are indexed now
    again = papercord(["ingest", "--json"], own)
    report = json.loads(again.stdout)
    assert report["papers"] == 38 and report["embedded"] == 0  # every vector reused


def refused_port() -> int:
    """Return a loopback port that was free a moment ago: connecting is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_run_with_discord_unreachable_logs_one_line_per_attempt(env: dict[str, str]) -> None:
    # It printed an 84-line aiohttp traceback. The bot now retries with a backoff; each
    # failed attempt is one log line, and SIGTERM ends it cleanly.
    base = f"http://127.0.0.1:{refused_port()}/api/v10"
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "run"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        cwd=ROOT, env={**env, "DISCORD_TOKEN": "token", "PAPERCORD_DISCORD__API_BASE": base},
    )  # fmt: skip
    assert process.stderr is not None
    lines: list[str] = []
    while not any("reconnecting" in line for line in lines):
        line = process.stderr.readline().decode("utf-8", "replace")
        assert line, f"run ended without retrying: {lines}"
        lines.append(line)
    process.send_signal(signal.SIGTERM)
    _, rest = process.communicate(timeout=TIMEOUT)
    lines += text(rest).splitlines(keepends=True)
    assert process.returncode == 0
    assert "Traceback" not in "".join(lines)
    failures = [line for line in lines if "reconnecting" in line]
    assert len(failures) >= 1 and all("Cannot connect to host 127.0.0.1" in f for f in failures)


def test_sync_commands_with_discord_unreachable_is_one_line(env: dict[str, str]) -> None:
    base = f"http://127.0.0.1:{refused_port()}/api/v10"
    extra = {"DISCORD_TOKEN": "token", "PAPERCORD_DISCORD__API_BASE": base}
    done = papercord(["sync-commands"], env, extra=extra)
    last = text(done.stderr).strip().splitlines()[-1]
    assert done.returncode == 1 and "Traceback" not in text(done.stderr)
    assert last.startswith(f"papercord: cannot reach {base}: Cannot connect to host")


def test_an_api_base_that_is_not_a_url_is_one_line(env: dict[str, str]) -> None:
    done = papercord(
        ["run"], env, extra={"DISCORD_TOKEN": "t", "PAPERCORD_DISCORD__API_BASE": "not a url"}
    )
    assert done.returncode == 1
    assert one_line(done) == (
        "papercord: invalid setting discord.api_base: not an http or https URL; "
        "e.g. https://discord.com/api/v10"
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"PAPERCORD_LOGGING__FORMAT": "%(nosuch)s"}, "papercord: invalid setting logging.format: not a logging format"),
        ({"PAPERCORD_RETRIEVAL__FUSSION": "rrf"}, "papercord: unknown setting retrieval.fussion (did you mean retrieval.fusion?)"),
        ({"PAPERCORD_FUSSION": "rrf"}, "papercord: unknown setting PAPERCORD_FUSSION"),
        ({"PAPERCORD_CONFIG": "/"}, "papercord: PAPERCORD_CONFIG points to /, which is not a file"),
    ],
)  # fmt: skip
def test_bad_configuration_is_one_line(
    env: dict[str, str], extra: dict[str, str], message: str
) -> None:
    done = papercord(["ask", "GPTQ"], env, extra=extra)
    assert done.returncode == 1 and one_line(done).startswith(message)
    assert b"Logging error" not in done.stderr


@pytest.mark.slow
def test_prepare_model_prints_one_line_and_no_library_chatter(
    env: dict[str, str], tmp_path: Path
) -> None:
    # It printed torch TracerWarnings, exporter UserWarnings and progress bars.
    model = {"PAPERCORD_PATHS__MODEL": str(tmp_path / "model")}
    done = papercord(["prepare-model", "--force"], env, extra=model)
    assert done.returncode == 0 and done.stderr == b"", text(done.stderr)
    assert done.stdout.startswith(b"model ready: all-MiniLM-L6-v2 (cosine to reference ")


# Part two: every subcommand with hostile arguments, stdin and environment.

FIFO_NAME = "fifo.jsonl"
# Questions, names and filters a hostile user types; `ask -` reads them all in one process.
HOSTILE_TEXT = ["", " ", "\ud800", "\x1b[31m\x07\x08", "@everyone <@123>", "**[x](javascript:1)**", "x" * 20_000, "-", "--", "%s%n{0}"]  # fmt: skip


def cases(tmp: Path) -> list[tuple[list[str], bytes, dict[str, str]]]:
    """Return (arguments, stdin, extra environment) for every subcommand."""
    fifo = str(tmp / FIFO_NAME)
    not_json = tmp / "not.jsonl"
    not_json.write_bytes(b"\xff\xfe[1]\n")
    odd_rows = tmp / "odd.jsonl"
    odd_rows.write_text('[1]\n"str"\n{"type": "paper", "question": 5}\n', encoding="utf-8")
    odd_style = tmp / "style.jsonl"  # scoring sorted the styles: a traceback
    odd_style.write_text(
        '{"type": "paper", "question": "gptq", "gold": ["GPTQ"], "style": ["a"]}\n'
    )
    damaged = tmp / "model"
    damaged.mkdir()
    (damaged / "manifest.json").write_text("{not json", encoding="utf-8")
    token = {"DISCORD_TOKEN": "t", "PAPERCORD_DISCORD__API_BASE": "http://127.0.0.1:9/api/v10"}
    stdin = "\n".join(HOSTILE_TEXT).encode("utf-8", "surrogatepass") + b"\n\xff\n\x00\n"
    return [
        (["ask", "-"], stdin, {}),
        (["ask", "-", "--subject", "cs.LG", "--author", "hoefler", "--year", "2023"], stdin, {}),
        (["ask", "\ud800"], b"", {}),
        (["ask", "\x1b[31m\x07\x08"], b"", {}),
        (["ask", "x" * 20_000], b"", {}),
        (["ask", "--", "-"], b"", {}),
        (["ask", "GPTQ", "--subject", "not a code!!"], b"", {}),
        (["ask", "GPTQ", "--subject", "\ud800"], b"", {}),
        (["ask", "GPTQ", "--author", "\x1b[2J"], b"", {}),
        (["ask", "GPTQ", "-k", "0"], b"", {}),
        (["ask", "GPTQ", "-k", "-5"], b"", {}),
        (["ask", "GPTQ", "-k", "99999999999999999999"], b"", {}),
        (["ask", "GPTQ", "--year", "0..99999"], b"", {}),
        (["ask", "GPTQ", "--year", "2024..2020"], b"", {}),
        (["ask", "GPTQ", "--mode", "nope"], b"", {}),
        (["paper", ""], b"", {}),
        (["paper", "\ud800\x1b[31m"], b"", {}),
        (["paper", "x" * 20_000, "--json"], b"", {}),
        (["paper", "gptq"], b"", {"PYTHONIOENCODING": "ascii"}),
        (["author", ""], b"", {}),
        (["author", "@everyone \ud800"], b"", {}),
        (["author", "%s%n{0}", "--json"], b"", {}),
        (["chat"], b"/paper\n/author\n/more\n/more\n/nope \x1b[2J\n\xff\xfe\n" + b"x" * 100_000 + b"\n/quit\n", {}),
        (["chat"], b"", {}),
        (["cite", "\ud800\x1b[31m"], b"", {}),
        (["cite", "gptq", "--format", "nope"], b"", {}),
        (["cite", "x" * 20_000], b"", {}),
        (["add", "not an arXiv id"], b"", {}),  # ids are checked before any request
        (["add", "", "--json"], b"", {}),
        (["add", "\ud800"], b"", {}),
        (["ingest", "--replace", fifo], b"", {}),
        (["ingest", "--replace", str(not_json)], b"", {}),
        (["ingest", "--replace", "/dev/null"], b"", {}),
        (["ingest", "--replace", "/proc"], b"", {}),
        (["ingest", "--add", "/nonexistent"], b"", {}),
        (["ingest", "--add", str(not_json)], b"", {}),
        (["ingest", "--add", fifo], b"", {}),
        (["ingest", "--strict", "--if-stale"], b"", {}),
        (["ingest", "nonsense"], b"", {}),
        (["eval", fifo], b"", {}),
        (["eval", str(not_json)], b"", {}),
        (["eval", str(odd_rows)], b"", {}),
        (["eval", str(odd_style), "--mode", "bm25"], b"", {}),
        (["eval", "/"], b"", {}),
        (["eval", "--mode", "nope"], b"", {}),
        (["run"], b"", {}),
        (["start"], b"GPTQ\n", {}),
        (["run"], b"", {**token, "PAPERCORD_DISCORD__GATEWAY_URL": "http://x"}),
        (["sync-commands", "--guild", "abc"], b"", token),
        (["sync-commands", "--guild", "-1"], b"", token),
        (["health"], b"", {}),
        (["health"], b"", {"PAPERCORD_PATHS__STATE": "/dev/null"}),
        (["prepare-model"], b"", {"PAPERCORD_PATHS__MODEL": fifo}),
        (["nope"], b"", {}),
        ([], b"", {}),
        (["--help"], b"", {}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_CHROMA__PATH": "/dev/null"}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_CHROMA__MODE": "http", "PAPERCORD_CHROMA__PORT": "9"}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_PATHS__MODEL": str(tmp)}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_PATHS__MODEL": str(damaged)}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_RETRIEVAL__RESULTS": "many"}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_CONFIG": fifo}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_DISCORD__QA_CHANNELS": "[not json"}),
        (["ask", "GPTQ"], b"", {"PAPERCORD_LOGGING__LEVEL": "\x1b[31m"}),
        (["ask", "GPTQ"], b"", {"LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}),
    ]  # fmt: skip


def test_every_subcommand_with_hostile_input_ends_without_a_traceback(
    env: dict[str, str], tmp_path: Path
) -> None:
    os.mkfifo(tmp_path / FIFO_NAME)
    before = generation(env)
    runs = cases(tmp_path)

    def attempt(case: tuple[list[str], bytes, dict[str, str]]) -> str | None:
        args, stdin, extra = case
        try:
            done = papercord(args, env, stdin, extra)
        except subprocess.TimeoutExpired:
            return f"{args!r}: hangs"
        err = text(done.stderr)
        if "Traceback" in err or done.returncode not in {0, 1, 2}:
            return f"{args!r} {extra}: exit {done.returncode}\n{err[-2000:]}"
        return None

    with ThreadPoolExecutor(2) as pool:  # the machine has 2 cores
        failures = [f for f in pool.map(attempt, runs) if f]
    assert not failures, "\n\n".join(failures)
    assert generation(env) == before  # none of it touched the serving index
