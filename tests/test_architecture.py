"""The package layering holds: no import cycles, retrieval knows no bot, the bot no CLI,
and retrieval's stages import one way: answers -> search -> query -> index <- ingest.

Every import counts, wherever it stands: at the top, inside a function, or under
``if TYPE_CHECKING``, so a cycle cannot hide behind a function-level import.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from retrieval.config import ROOT

PACKAGES = ("bot", "cli", "retrieval")
FORBIDDEN = {
    "retrieval": ("bot", "cli", "discord"),  # retrieval returns plain data to any front end
    "bot": ("cli",),  # the CLI drives the bot, never the other way round
}


# What each part of retrieval may import. The basics are the top-level modules other
# than the engine (models, errors, config, text, files, userinput); the engine, at the
# top, wires every stage together and is imported by none of them.
STAGES = {
    "basics": {"basics"},
    "index": {"basics", "index"},
    "ingest": {"basics", "index", "ingest"},
    "query": {"basics", "index", "query"},
    "search": {"basics", "index", "query", "search"},
    "answers": {"basics", "index", "query", "search", "answers"},
    "evaluation": {"basics", "index", "ingest", "evaluation"},
    "engine": {"basics", "index", "ingest", "query", "search", "answers", "engine"},
}
TOP_LEVEL = {"engine", "models", "errors", "config", "text", "files", "userinput"}


def stage(module: str) -> str | None:
    """Return the stage of a retrieval module ("retrieval.search.fusion" -> "search")."""
    parts = module.split(".")
    if parts[0] != "retrieval" or len(parts) == 1:
        return None
    if len(parts) == 2:
        return "engine" if parts[1] == "engine" else "basics" if parts[1] in TOP_LEVEL else parts[1]
    return parts[1]


def stage_violations(root: Path) -> list[str]:
    """Return every import of a retrieval module that runs against the stage order."""
    edges = graph(root, ("retrieval",))
    return [
        f"{name} imports {target}"
        for name, targets in sorted(edges.items())
        for target in sorted(targets)
        if (source := stage(name)) is not None
        and (goal := stage(target)) is not None
        and goal not in STAGES[source]
    ]


def modules(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Return every module of the packages by dotted name."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imported(path: Path, name: str) -> Iterator[str]:
    """Yield every module name an import statement of the file names, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: "from . import x", "from .y import z"
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)  # "from bot import health"


def graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Return, per first-party module, the first-party modules it imports."""
    known = modules(root, packages)
    return {
        name: {target for target in imported(path, name) if target in known and target != name}
        for name, path in known.items()
    }


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """Return one import cycle as a path of module names, or None when there is none."""
    state: dict[str, str] = {}  # "open" while on the current path, "done" afterwards
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for target in sorted(edges.get(module, ())):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[module] = "done"
        return None

    for module in sorted(edges):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_no_module_takes_part_in_an_import_cycle() -> None:
    assert cycle(graph(ROOT)) is None


@pytest.mark.parametrize(("layer", "banned"), FORBIDDEN.items())
def test_lower_layers_do_not_import_higher_ones(layer: str, banned: tuple[str, ...]) -> None:
    offending = [
        f"{name} imports {target}"
        for name, path in modules(ROOT, (layer,)).items()
        for target in imported(path, name)
        if target.split(".")[0] in banned
    ]
    assert offending == []


def test_the_check_finds_a_cycle_hidden_in_a_function(tmp_path: Path) -> None:
    package = tmp_path / "bot"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "cli.py").write_text("from bot.commands import run\n")
    (package / "commands.py").write_text("def run():\n    from bot import cli\n")
    assert cycle(graph(tmp_path, ("bot",))) == ["bot.cli", "bot.commands", "bot.cli"]
    (package / "commands.py").write_text("def run():\n    pass\n")
    assert cycle(graph(tmp_path, ("bot",))) is None


def test_retrieval_has_only_its_basics_and_the_engine_at_the_top() -> None:
    top = {p.stem for p in (ROOT / "retrieval").glob("*.py")} - {"__init__"}
    assert top == TOP_LEVEL
    packages = {p.name for p in (ROOT / "retrieval").iterdir() if (p / "__init__.py").exists()}
    assert packages == set(STAGES) - {"basics", "engine"}


def test_retrieval_stages_import_one_way() -> None:
    assert stage_violations(ROOT) == []


def test_the_stage_check_finds_a_planted_upward_import(tmp_path: Path) -> None:
    for stage_name in ("index", "search"):
        (tmp_path / "retrieval" / stage_name).mkdir(parents=True)
        (tmp_path / "retrieval" / stage_name / "__init__.py").write_text("")
    (tmp_path / "retrieval" / "__init__.py").write_text("")
    (tmp_path / "retrieval" / "search" / "fusion.py").write_text("X = 1\n")
    (tmp_path / "retrieval" / "index" / "bm25.py").write_text(
        "def f():\n    from retrieval.search.fusion import X\n"
    )
    assert stage_violations(tmp_path) == ["retrieval.index.bm25 imports retrieval.search.fusion"]
    (tmp_path / "retrieval" / "index" / "bm25.py").write_text("X = 2\n")
    assert stage_violations(tmp_path) == []
