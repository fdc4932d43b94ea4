"""No evaluation question is quoted in the code: a rule illustrated with an eval question
fits that question. Comments and docstrings use examples written for the purpose.

Every question of 30 characters or more in the eval sets (``data/eval/`` and, when it
is beside the checkout, ``../shared/eval/``) is cut into 30-character windows, case and
spacing folded; no window may appear in ``retrieval/``, ``bot/`` or ``cli/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from retrieval.config import DATA, ROOT

WINDOW = 30
PACKAGES = ("retrieval", "bot", "cli")


def _folded(text: str) -> str:
    return re.sub(r"\s+", " ", text.casefold())


def eval_windows(files: list[Path]) -> dict[str, str]:
    """Return every 30-character window of every long eval question, with where the
    question is ("blind-x.jsonl:x-017"): a failure must not print an unread question."""
    windows = {}
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            question, where = _folded(row["question"]), f"{path.name}:{row.get('id', number)}"
            for start in range(len(question) - WINDOW + 1):
                windows.setdefault(question[start : start + WINDOW], where)
    return windows


def quoted(root: Path, windows: dict[str, str]) -> list[str]:
    """Return "file: the code's words (the question's place)" for every eval question a
    source file quotes."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            text = _folded(re.sub(r"\n\s*#\s*|\n\s*", " ", path.read_text(encoding="utf-8")))
            for start in range(len(text) - WINDOW + 1):
                window = text[start : start + WINDOW]
                if where := windows.get(window):
                    found.append(f"{path.relative_to(root)}: {window!r} ({where})")
                    break
    return found


def eval_files() -> list[Path]:
    shared = ROOT.parent / "shared" / "eval"
    return sorted((DATA / "eval").glob("*.jsonl")) + sorted(shared.glob("*.jsonl"))


def test_no_eval_question_is_quoted_in_the_code() -> None:
    assert quoted(ROOT, eval_windows(eval_files())) == []


def test_the_scan_finds_a_planted_quote(tmp_path: Path) -> None:
    questions = tmp_path / "set.jsonl"
    asked = "which papers teach a robot arm to fold laundry quickly?"
    questions.write_text(json.dumps({"question": asked}) + "\n")
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "x.py").write_text(
        '# as in "which papers teach a robot\n#   arm to fold laundry"\nX = 1\n'
    )
    found = quoted(tmp_path, eval_windows([questions]))
    assert found == ["cli/x.py: 'which papers teach a robot arm' (set.jsonl:1)"]
