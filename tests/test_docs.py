"""The docs stay usable: every relative link resolves, and no document outgrows a read.

Reference documents under ``docs/`` are at most 400 lines each (``docs/history/``, the
old round-by-round logs, is exempt), and the README at most 250: past that, a document
is a log again and the present gets lost in it. Links are checked in the README, the
changelog and every document under ``docs/``. A link to a heading (``file.md#part``)
must name a heading the file has, spelled as GitHub spells its anchors.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote

import pytest

from retrieval.config import ROOT

MAX_DOC_LINES = 400
MAX_README_LINES = 250
EXEMPT = ROOT / "docs" / "history"

FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.MULTILINE)
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files(root: Path = ROOT) -> list[Path]:
    """Return the README, the changelog and every Markdown file under docs/."""
    found = [root / "README.md", root / "CHANGELOG.md", *sorted((root / "docs").rglob("*.md"))]
    return [path for path in found if path.is_file()]


def prose(text: str) -> str:
    """Return the text without fenced code blocks and code spans, where links are literal."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    """Return the target of every inline and reference link in Markdown text."""
    body = prose(text)
    return [m.group(1) for m in INLINE.finditer(body)] + REFERENCE.findall(body)


def anchors(text: str) -> set[str]:
    """Return the anchors GitHub gives the headings of Markdown text."""
    seen: Counter[str] = Counter()
    found = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
        slug = re.sub(r"[^\w\- ]", "", plain.lower()).replace(" ", "-")
        found.add(slug if not seen[slug] else f"{slug}-{seen[slug]}")
        seen[slug] += 1
    return found


def broken_links(path: Path) -> list[str]:
    """Return the relative links of a Markdown file that lead nowhere, with why."""
    text = path.read_text(encoding="utf-8")
    broken = []
    for target in links(text):
        if not target or SCHEME.match(target) or target.startswith("//"):
            continue  # absolute: a web address, mailto:, ...
        file_part, _, anchor = target.partition("#")
        goal = (path.parent / unquote(file_part)).resolve() if file_part else path
        if not goal.exists():
            broken.append(f"{target}: no such file")
        elif anchor and goal.suffix == ".md" and goal.is_file() and not _has_anchor(goal, anchor):
            broken.append(f"{target}: no heading #{anchor} in {goal.name}")
    return broken


def _has_anchor(path: Path, anchor: str) -> bool:
    return unquote(anchor).lower() in anchors(path.read_text(encoding="utf-8"))


def line_limit(path: Path, root: Path = ROOT) -> int | None:
    """Return how many lines a Markdown file may have, or None when it has no limit."""
    if path == root / "README.md":
        return MAX_README_LINES
    docs = root / "docs"
    if path.is_relative_to(docs) and not path.is_relative_to(docs / "history"):
        return MAX_DOC_LINES
    return None


def over_limit(path: Path, root: Path = ROOT) -> str | None:
    """Return why a Markdown file is too long, or None when it is within its limit."""
    limit = line_limit(path, root)
    lines = len(path.read_text(encoding="utf-8").splitlines())
    if limit is None or lines <= limit:
        return None
    return f"{path.relative_to(root)} has {lines} lines; at most {limit}"


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", markdown_files(), ids=_name)
def test_every_relative_link_resolves(path: Path) -> None:
    assert broken_links(path) == []


@pytest.mark.parametrize("path", markdown_files(), ids=_name)
def test_documents_stay_within_their_length(path: Path) -> None:
    assert over_limit(path) is None


def test_the_reference_docs_and_readme_are_checked() -> None:
    checked = {_name(path) for path in markdown_files()}
    assert {"README.md", "docs/architecture.md", "docs/retrieval.md", "docs/scale.md"} <= checked


def test_a_planted_broken_link_is_found(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "real.md").write_text("# Real\n\n## Two words\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "See [real](docs/real.md), [its part](docs/real.md#two-words), [web](https://x.org)\n"
        "and [mail](mailto:a@b.c), ![logo](docs/real.md), [top](#readme).\n"
        "Broken: [gone](docs/gone.md), [bad part](docs/real.md#three-words),\n"
        "[ref]: docs/missing.md\n"
        "`[not a link](nowhere.md)`\n\n```\n[nor this](nowhere.md)\n```\n\n# README\n",
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "docs/gone.md: no such file",
        "docs/real.md#three-words: no heading #three-words in real.md",
        "docs/missing.md: no such file",
    ]


def test_a_planted_long_doc_is_over_its_limit(tmp_path: Path) -> None:
    (tmp_path / "docs" / "history").mkdir(parents=True)
    long_doc = "line\n" * (MAX_DOC_LINES + 1)
    for name in ("docs/guide.md", "docs/history/log.md", "CHANGELOG.md"):
        (tmp_path / name).write_text(long_doc, encoding="utf-8")
    (tmp_path / "docs" / "short.md").write_text("line\n" * MAX_DOC_LINES, encoding="utf-8")
    (tmp_path / "README.md").write_text("line\n" * (MAX_README_LINES + 1), encoding="utf-8")
    assert over_limit(tmp_path / "docs" / "guide.md", tmp_path) == (
        f"docs/guide.md has {MAX_DOC_LINES + 1} lines; at most {MAX_DOC_LINES}"
    )
    assert over_limit(tmp_path / "README.md", tmp_path) == (
        f"README.md has {MAX_README_LINES + 1} lines; at most {MAX_README_LINES}"
    )
    assert over_limit(tmp_path / "docs" / "short.md", tmp_path) is None
    assert over_limit(tmp_path / "docs" / "history" / "log.md", tmp_path) is None
    assert over_limit(tmp_path / "CHANGELOG.md", tmp_path) is None


def test_heading_anchors_follow_github() -> None:
    text = "# Two commands\n## `ask --json`\n## Q&A: what, why?\n## Two commands\n"
    assert anchors(text) == {"two-commands", "ask---json", "qa-what-why", "two-commands-1"}
