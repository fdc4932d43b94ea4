"""The ``papercord`` command: everything the bot does, without Discord, with JSON output.

This is the one entry point that wires settings, logging and the retrieval engine; the
Discord bot is started from here (``papercord run``) or from ``python -m bot``.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from bot.settings import ROOT, Settings, load_settings
from retrieval.errors import NotFoundError, PapercordError, QueryError
from retrieval.models import Filters

log = logging.getLogger(__name__)

EXIT_ERROR, EXIT_USAGE = 1, 2
QUIET_COMMANDS = {"ask", "paper", "author", "eval"}  # keep their stderr free of INFO lines


def parse_years(text: str) -> tuple[int | None, int | None]:
    """Parse "2022", "2022..2023", "2022.." or "..2023" into a year range."""
    low, sep, high = text.partition("..")
    try:
        start = int(low) if low.strip() else None
        end = (int(high) if high.strip() else None) if sep else start
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a year or a range like 2022..2023"
        ) from None
    if start is not None and end is not None and start > end:
        raise argparse.ArgumentTypeError(f"{text!r}: the first year is after the second")
    return start, end


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, pointing at --help."""

    def error(self, message: str) -> NoReturn:
        """Print one line and exit with status 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser for every subcommand."""
    parser = OneLineParser(
        prog="papercord", description="Answer questions about a list of research papers."
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log at INFO level")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    prep = sub.add_parser("prepare-model", help="export and verify the embedding model (once)")
    prep.add_argument("--force", action="store_true", help="prepare again even if present")

    ingest = sub.add_parser("ingest", help="build the index from listing pages / JSON Lines")
    ingest.add_argument("paths", nargs="*", type=Path, help="files or folders (default: data)")
    ingest.add_argument("--strict", action="store_true", help="fail on any malformed record")
    ingest.add_argument("--if-stale", action="store_true", help="do nothing if up to date")
    ingest.add_argument("--json", action="store_true", help="print the report as JSON")

    ask = sub.add_parser("ask", help="ask a question ('-' reads one per line from stdin)")
    ask.add_argument("question")
    ask.add_argument("-k", type=int, default=None, help="number of papers (default: config)")
    ask.add_argument("--mode", choices=["bm25", "vector", "hybrid"], default=None)
    ask.add_argument("--year", type=parse_years, default=None, help="e.g. 2023 or 2022..2023")
    ask.add_argument("--subject", default=None, help="arXiv subject code, e.g. cs.LG")
    ask.add_argument("--author", default=None, help="only papers attributed to this author")
    ask.add_argument("--json", action="store_true")

    paper = sub.add_parser("paper", help="show one paper, found by (part of) its title")
    paper.add_argument("query")
    paper.add_argument("--json", action="store_true")

    author = sub.add_parser("author", help="summarize an author's listed papers")
    author.add_argument("name")
    author.add_argument("--json", action="store_true")

    evaluate = sub.add_parser("eval", help="measure answers on a labelled question file")
    evaluate.add_argument("file", nargs="?", type=Path, default=ROOT / "data/eval/dev.jsonl")
    evaluate.add_argument("--mode", choices=["bm25", "vector", "hybrid", "all"], default="all")
    evaluate.add_argument("--json", action="store_true")
    evaluate.add_argument("--failures", action="store_true", help="list the missed questions")

    sub.add_parser("chat", help="try the bot in the terminal: questions, /paper, /author")
    sub.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    sub.add_parser("start", help="start the bot if DISCORD_TOKEN is set, else the console")
    sub.add_parser("health", help="exit 0 if the running bot is connected (for HEALTHCHECK)")
    sync = sub.add_parser("sync-commands", help="register the slash commands with Discord")
    sync.add_argument("--guild", type=int, default=None, help="a server id: instant, local")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one papercord command; return its exit code."""
    args = build_parser().parse_args(argv)
    try:
        settings = load_settings()
        configure_logging(settings, args)
        return dispatch(args, settings)
    except NotFoundError as exc:
        hint = f" Did you mean: {'; '.join(exc.suggestions[:5])}?" if exc.suggestions else ""
        print(f"papercord: {exc}.{hint}", file=sys.stderr)
        return EXIT_ERROR
    except PapercordError as exc:
        print(f"papercord: {exc}", file=sys.stderr)
        return EXIT_USAGE if isinstance(exc, QueryError) else EXIT_ERROR
    except KeyboardInterrupt:
        return 130


def configure_logging(settings: Settings, args: argparse.Namespace) -> None:
    """Configure logging once, at the configured level (quieter for query commands)."""
    level = settings.logging.level
    if args.command in QUIET_COMMANDS and not args.verbose and level in {"DEBUG", "INFO"}:
        level = "WARNING"
    logging.basicConfig(level=level, format=settings.logging.format, stream=sys.stderr)


def dispatch(args: argparse.Namespace, settings: Settings) -> int:
    """Run the chosen subcommand."""
    from bot import commands

    handler = {
        "prepare-model": commands.prepare_model,
        "ingest": commands.ingest,
        "ask": commands.ask,
        "paper": commands.paper,
        "author": commands.author,
        "eval": commands.evaluate,
        "chat": commands.chat,
        "run": commands.run,
        "start": commands.start,
        "sync-commands": commands.sync_commands,
        "health": commands.check_health,
    }[args.command]
    return handler(args, settings)


def filters_from(args: argparse.Namespace) -> Filters:
    """Return the filters given on the command line."""
    start, end = args.year or (None, None)
    return Filters(year_from=start, year_to=end, subject=args.subject, author=args.author)


def emit(value: Any) -> None:
    """Print one JSON document on a line."""
    print(json.dumps(value, ensure_ascii=False))


if __name__ == "__main__":
    sys.exit(main())
