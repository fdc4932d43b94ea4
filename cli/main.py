"""The ``papercord`` command: parse the arguments, load settings, run one subcommand.

Errors papercord expects (``PapercordError``) become one line on stderr and exit code 1
(2 for a question or usage the user can fix); nothing prints a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from bot.settings import load_settings
from cli import subcommands
from retrieval.config import DATA, MODES
from retrieval.errors import NotFoundError, PapercordError, QueryError

EXIT_ERROR, EXIT_USAGE = 1, 2
QUIET_COMMANDS = {"ask", "paper", "author", "cite", "eval"}  # keep their stderr free of INFO lines


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
    snapshot = ingest.add_argument_group("arXiv snapshot files (.json) only")
    snapshot.add_argument(
        "--category", action="append", default=[], help="e.g. cs.DC or cs.* (repeatable)"
    )
    snapshot.add_argument("--since", type=int, default=None, help="first-version year, from")
    snapshot.add_argument("--until", type=int, default=None, help="first-version year, to")
    snapshot.add_argument("--author", default=None, help="part of an author's name")
    snapshot.add_argument("--limit", type=int, default=None, help="at most N snapshot papers")

    add = sub.add_parser("add", help="fetch papers from the arXiv API by id and index them")
    add.add_argument("ids", nargs="+", metavar="ID_OR_URL", help="e.g. 2210.17323 or an abs URL")
    add.add_argument("--json", action="store_true", help="print the report as JSON")

    ask = sub.add_parser("ask", help="ask a question ('-' reads one per line from stdin)")
    ask.add_argument("question")
    ask.add_argument("-k", type=int, default=None, help="number of papers (default: config)")
    ask.add_argument("--mode", choices=MODES, default=None)
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

    cite = sub.add_parser("cite", help="print a paper's BibTeX entry or plain-text reference")
    cite.add_argument("title", help="part of the paper's title; typos are fine")
    cite.add_argument("--format", choices=("bibtex", "text"), default="bibtex")

    evaluate = sub.add_parser("eval", help="measure answers on a labelled question file")
    evaluate.add_argument("file", nargs="?", type=Path, default=DATA / "eval" / "dev.jsonl")
    evaluate.add_argument("--mode", choices=[*MODES, "all"], default="all")
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
        quiet = args.command in QUIET_COMMANDS and not args.verbose
        settings.logging.configure(quiet=quiet)
        return COMMANDS[args.command](args, settings)
    except NotFoundError as exc:
        hint = exc.did_you_mean()
        print(f"papercord: {exc}." + (f" {hint}?" if hint else ""), file=sys.stderr)
        return EXIT_ERROR
    except PapercordError as exc:
        print(f"papercord: {exc}", file=sys.stderr)
        return EXIT_USAGE if isinstance(exc, QueryError) else EXIT_ERROR
    except KeyboardInterrupt:
        return 130


COMMANDS: dict[str, subcommands.Subcommand] = {
    "prepare-model": subcommands.prepare_model,
    "ingest": subcommands.ingest,
    "add": subcommands.add,
    "ask": subcommands.ask,
    "paper": subcommands.paper,
    "author": subcommands.author,
    "cite": subcommands.cite,
    "eval": subcommands.evaluate,
    "chat": subcommands.chat,
    "run": subcommands.run,
    "start": subcommands.start,
    "sync-commands": subcommands.sync_commands,
    "health": subcommands.check_health,
}


if __name__ == "__main__":
    sys.exit(main())
