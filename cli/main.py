"""The ``papercord`` command: parse the arguments, load settings, run one subcommand.

Errors papercord expects (``PapercordError``) become one line on stderr and exit code 1
(2 for a question or usage the user can fix); nothing prints a traceback. Undecodable
input bytes become U+FFFD, and a reader that stops early (``| head``) ends the command
quietly with exit code 0.
"""

from __future__ import annotations

import argparse
import difflib
import io
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from pydantic import ValidationError

from bot.settings import DiscordSettings, Settings, load_settings
from cli import subcommands
from cli.text import terminal
from retrieval.config import DATA, MODES
from retrieval.errors import ConfigError, NotFoundError, PapercordError, QueryError

EXIT_ERROR, EXIT_USAGE = 1, 2
FIRST_YEAR, LAST_YEAR = 1000, 9999  # --year: "-5", "0" and "99999999" are no years
# Keep these commands' stderr free of INFO lines (a chat would be interrupted mid-answer).
QUIET_COMMANDS = {"ask", "paper", "author", "cite", "eval", "chat", "prepare-model", "add"}
QUIET_COMMANDS |= {"ingest"}  # its progress, warnings and report are its own lines


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
    if any(year is not None and not FIRST_YEAR <= year <= LAST_YEAR for year in (start, end)):
        raise argparse.ArgumentTypeError(f"{text!r}: a year is four digits, e.g. 2023")
    if start is not None and end is not None and start > end:
        raise argparse.ArgumentTypeError(f"{text!r}: the first year is after the second")
    return start, end


def papers(text: str) -> int:
    """Parse -k: a number of papers from 1 to 25 (more would not fit one answer)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 1 <= value <= subcommands.MAX_RESULTS:
        raise argparse.ArgumentTypeError(f"{text}: ask for 1 to {subcommands.MAX_RESULTS} papers")
    return value


def shard_ids(text: str) -> list[int]:
    """Parse --shard-ids: "0", "0,1" or "2, 3" (each shard once)."""
    try:
        ids = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of shard ids like 0,1") from None
    if any(i < 0 for i in ids) or len(set(ids)) != len(ids):
        raise argparse.ArgumentTypeError(f"{text!r}: each shard id once, from 0 up")
    return ids


def shard_count(text: str) -> int:
    """Parse --shard-count: the number of shards across every process, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: a bot has 1 shard or more")
    return value


def add_shard_options(parser: argparse.ArgumentParser) -> None:
    """Add --shard-ids and --shard-count (they override [discord] shard_ids/shard_count)."""
    parser.add_argument(
        "--shard-ids", type=shard_ids, default=None, help="shards this process runs, e.g. 0,1"
    )
    parser.add_argument(
        "--shard-count", type=shard_count, default=None, help="shards across all processes"
    )


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, pointing at --help."""

    def error(self, message: str) -> NoReturn:
        """Print one line and exit with status 2; a mistyped choice gets the nearest one."""
        hint = nearest(message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}{hint} (see {self.prog} --help)\n")


INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")


def nearest(message: str) -> str:
    """Return "; did you mean ask?" for argparse's invalid choice "aks", else ""."""
    found = INVALID_CHOICE.search(message)
    if found is None:
        return ""
    choices = re.findall(r"'([^']*)'", found[2])
    near = difflib.get_close_matches(found[1].lower(), choices, n=1, cutoff=0.6)
    return f"; did you mean {near[0]}?" if near else ""


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser for every subcommand."""
    parser = OneLineParser(
        prog="papercord", description="Answer questions about a list of research papers."
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log at INFO level")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    prep = sub.add_parser("prepare-model", help="export and verify the embedding model (once)")
    prep.add_argument("--force", action="store_true", help="prepare again even if present")

    ingest = sub.add_parser(
        "ingest",
        help="rebuild the index from the corpus folders",
        description="Rebuild the index from the corpus folder (paths.corpus, the shipped "
        "data/pages) and the files added with --add (the state folder's corpus/, "
        "var/corpus/ by default). --add PATH copies listing pages or JSON Lines files "
        "there first; --replace PATH indexes PATH alone until the next plain ingest.",
    )
    given = ingest.add_mutually_exclusive_group()
    given.add_argument(
        "--add", nargs="+", type=Path, metavar="PATH", help="copy into var/corpus/, then ingest"
    )
    given.add_argument("--replace", nargs="+", type=Path, metavar="PATH", help="index PATH alone")
    ingest.add_argument("paths", nargs="*", type=Path, help=argparse.SUPPRESS)
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
    ask.add_argument("-k", type=papers, default=None, help="number of papers (default: config)")
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
    author.add_argument(
        "--plot", type=Path, default=None, metavar="FILE.png", help="also write a chart of years"
    )

    cite = sub.add_parser("cite", help="print a paper's BibTeX entry or plain-text reference")
    cite.add_argument("title", help="part of the paper's title; typos are fine")
    cite.add_argument(
        "--format",
        choices=("bibtex", "text", "both"),
        default="bibtex",
        help="the BibTeX entry (default), the one-line reference, or both",
    )

    evaluate = sub.add_parser(
        "eval",
        help="measure answers on a labelled question file",
        description="Ask every question of a labelled JSON Lines file and score the answers. "
        "Without arguments: the development set (data/eval/dev.jsonl) in all three modes "
        "(bm25, vector, hybrid). The file format is in docs/eval-format.md.",
    )
    evaluate.add_argument(
        "file",
        nargs="?",
        type=Path,
        default=DATA / "eval" / "dev.jsonl",
        help="a question file (default: data/eval/dev.jsonl, the development set)",
    )
    evaluate.add_argument(
        "--mode",
        choices=[*MODES, "all"],
        default="all",
        help="one search mode, or all three (the default)",
    )
    evaluate.add_argument("--json", action="store_true", help="print the report as JSON")
    evaluate.add_argument(
        "--failures", action="store_true", help="list the questions not answered perfectly"
    )

    sub.add_parser("chat", help="try the bot in the terminal: questions, /paper, /author")
    run = sub.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    add_shard_options(run)
    sub.add_parser("start", help="start the bot if DISCORD_TOKEN is set, else the console")
    health = sub.add_parser(
        "health", help="exit 0 if the running bot's shards are connected (for HEALTHCHECK)"
    )
    add_shard_options(health)
    sub.add_parser("migrate", help="apply the storage's schema migrations ([storage] url)")
    copy = sub.add_parser(
        "migrate-state",
        help="copy every table of the bot's state into another, empty database",
        description="Copy every table from one storage URL to another, e.g. from "
        "sqlite:///var/papercord.sqlite3 to postgresql://user:pass@host:5432/papercord. "
        "The copy is one transaction with its counts checked: it is complete or absent.",
    )
    copy.add_argument("--from", dest="source", required=True, metavar="URL")
    copy.add_argument("--to", dest="target", required=True, metavar="URL")
    sync = sub.add_parser("sync-commands", help="register the slash commands with Discord")
    sync.add_argument("--guild", type=int, default=None, help="a server id: instant, local")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one papercord command; return its exit code."""
    tolerant_streams()
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command == "ingest" and args.paths:  # it used to replace the whole corpus
            parser.error(
                "ingest rebuilds from the corpus folder (paths.corpus); use `ingest --add "
                "PATH` to add PATH to it, or `ingest --replace PATH` to index PATH alone"
            )
        settings = with_shards(load_settings(), args)
        console = args.command == "start" and settings.token() is None  # start -> chat
        quiet = (args.command in QUIET_COMMANDS or console) and not args.verbose
        settings.logging.configure(quiet=quiet)
        code = COMMANDS[args.command](args, settings)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except NotFoundError as exc:
        hint = exc.did_you_mean()
        say(f"papercord: {exc}." + (f" {hint}?" if hint else ""))
        return EXIT_ERROR
    except PapercordError as exc:
        say(f"papercord: {exc}")
        return EXIT_USAGE if isinstance(exc, QueryError) else EXIT_ERROR
    except BrokenPipeError:
        discard_stdout()  # the reader stopped early (`| head`): not an error
        return 0
    except SystemExit:  # argparse after --help or a usage error
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            discard_stdout()
        raise
    except KeyboardInterrupt:
        return 130


def with_shards(settings: Settings, args: argparse.Namespace) -> Settings:
    """Return settings with --shard-ids/--shard-count applied (checked like the config)."""
    ids, count = getattr(args, "shard_ids", None), getattr(args, "shard_count", None)
    if ids is None and count is None:
        return settings
    chosen = settings.discord.model_dump()
    if ids is not None:
        chosen["shard_ids"] = ids
    if count is not None:
        chosen["shard_count"] = count
    try:
        discord = DiscordSettings.model_validate(chosen)
    except ValidationError as exc:
        message = str(exc.errors(include_input=False)[0]["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"--shard-ids/--shard-count: {message}") from None
    return settings.model_copy(update={"discord": discord})


def discard_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # stdout replaced by a test's capture
        pass
    finally:
        os.close(devnull)


def say(line: str) -> None:
    """Print one line on stderr, with any terminal control characters removed."""
    print(terminal(line), file=sys.stderr)


def tolerant_streams() -> None:
    """Decode stdin with U+FFFD for bad bytes; never fail to print a character.

    Without this, a line of `ask -` or `chat` that is not UTF-8 raised UnicodeDecodeError
    and ended the batch, and an ASCII-only stdout (PYTHONIOENCODING=ascii) failed on the
    first accented title.
    """
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
    if isinstance(sys.stderr, io.TextIOWrapper):
        sys.stderr.reconfigure(errors="backslashreplace")


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
    "migrate": subcommands.migrate,
    "migrate-state": subcommands.migrate_state,
}


if __name__ == "__main__":
    sys.exit(main())
