"""Record every answer to every eval question, or check that answers have not changed.

    python -m bench.answers record FILE [--modes hybrid bm25 vector] [EVAL ...]
    python -m bench.answers check FILE

``record`` asks each question of the eval files (default: every file in data/eval/) in
each mode and writes one JSON line per question and mode: the answer exactly as
``papercord ask --json`` prints it, less the time it took. ``check`` asks the same
questions again and lists every line that differs; it exits 1 when one does. A change
meant to move no answer (a refactor, a speed-up) is checked with it before and after.
Both run with PYTHONHASHSEED=0: a few answers still depend on the order of a set.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from bot.settings import build_engine, load_settings
from cli.payloads import answer_json
from retrieval.config import DATA
from retrieval.engine import Engine
from retrieval.errors import QueryError
from retrieval.evaluation.scoring import load_questions

MODES = ("hybrid", "bm25", "vector")


def answers(engine: Engine, files: list[Path], modes: tuple[str, ...]) -> list[dict[str, Any]]:
    """Return one row per question and mode: its file, id, mode and answer."""
    rows = []
    for path in files:
        for question in load_questions(path):
            for mode in modes:
                try:
                    answer: dict[str, Any] = answer_json(
                        engine.ask(question["question"], mode=mode)  # type: ignore[arg-type]
                    )
                    answer.pop("elapsed_ms")
                except QueryError as exc:
                    answer = {"refused": str(exc)}
                rows.append(
                    {"file": path.name, "id": question.get("id"), "mode": mode, "answer": answer}
                )
    return rows


def main(argv: list[str] | None = None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":  # set order must not differ between runs
        os.execve(sys.executable, [sys.executable, "-m", "bench.answers", *sys.argv[1:]],
                  {**os.environ, "PYTHONHASHSEED": "0"})  # fmt: skip
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("record", "check"))
    parser.add_argument("file", type=Path, help="the recorded answers (JSON Lines)")
    parser.add_argument("evals", nargs="*", type=Path, help="eval files (default: data/eval/)")
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=MODES)
    args = parser.parse_args(argv)
    engine = build_engine(load_settings())
    if args.action == "record":
        files = args.evals or sorted((DATA / "eval").glob("*.jsonl"))
        rows = answers(engine, files, tuple(args.modes))
        args.file.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        print(f"recorded {len(rows)} answers from {len(files)} files to {args.file}")
        return 0
    recorded = [json.loads(line) for line in args.file.read_text().splitlines()]
    files = sorted({r["file"] for r in recorded})
    modes = tuple(dict.fromkeys(r["mode"] for r in recorded))
    now = answers(engine, [DATA / "eval" / f for f in files], modes)
    changed = [(a, b) for a, b in zip(recorded, now, strict=True) if a != b]
    for before, after in changed:
        print(f"changed: {before['file']} {before['id']} {before['mode']}")
        print(f"  before: {json.dumps(before['answer'], ensure_ascii=False)[:300]}")
        print(f"  after:  {json.dumps(after['answer'], ensure_ascii=False)[:300]}")
    print(f"{len(recorded) - len(changed)} of {len(recorded)} answers identical")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
