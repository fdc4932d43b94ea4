"""The CLI subcommands; each takes parsed arguments and settings, returns an exit code."""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

import bot.__main__ as discord_bot  # the bot is wired there; `run` and `sync-commands` call it
from bot import health
from bot.render import answer_card, author_card, paper_card
from bot.settings import Settings, build_engine
from bot.storage.copying import CopyError, CopyReport, copy_state
from bot.storage.database import StorageError, connect, database_errors, redacted
from bot.storage.migrations import migrate as apply_migrations
from cli import payloads
from cli.chat import run_console
from cli.text import Style, card_text, terminal
from retrieval.config import MODES, ROOT, Mode
from retrieval.engine import Engine
from retrieval.errors import PapercordError
from retrieval.evaluation.scoring import breakdown_table, cell, load_questions
from retrieval.evaluation.scoring import evaluate as run_eval
from retrieval.ingest.arxiv_api import ArxivClient
from retrieval.ingest.arxiv_snapshot import SnapshotFilter
from retrieval.ingest.building import Progress
from retrieval.ingest.corpus import add_to_corpus
from retrieval.models import Filters, Paper

MAX_RESULTS = 25  # -k: RetrievalSettings.results allows up to this many as the default

Subcommand = Callable[[argparse.Namespace, Settings], int]

CONNECT_HINT = (
    "No DISCORD_TOKEN set: running the console instead. To connect to Discord, put "
    "DISCORD_TOKEN=<bot token> in .env (see README, 'Connect to Discord') and run `make run`."
)


def emit(value: Any) -> None:
    """Print one JSON document on a line (a metric over no question, NaN, as null)."""
    print(json.dumps(_finite(value), ensure_ascii=False, allow_nan=False))


def _finite(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def reader(settings: Settings) -> Engine:
    """Return an engine for a command that only reads: it serves a private copy of the
    index, as the bot does, so a read never rewrites the index folder (Chroma rewrites
    its files when it opens them; see ``retrieval.index.snapshot``)."""
    return build_engine(settings, read_only=True)


def filters_from(args: argparse.Namespace) -> Filters:
    """Return the filters given on the command line."""
    start, end = args.year or (None, None)
    return Filters(year_from=start, year_to=end, subject=args.subject, author=args.author)


def prepare_model(args: argparse.Namespace, settings: Settings) -> int:
    """Export and verify the embedding model, once."""
    from retrieval.ingest.model_prep import prepare

    manifest = prepare(settings.paths.model, force=args.force)
    print(
        f"model ready: {manifest['model']} (cosine to reference {manifest['min_cosine']:.6f}; "
        f"int8 {manifest.get('int8_min_cosine', 0.0):.4f})"
    )
    return 0


@contextmanager
def progress_reporter(enabled: bool) -> Iterator[Progress]:
    """Yield a progress callback: a tqdm bar on a terminal, else a line every 10 s.

    Both show papers written, the rate and the time left; a resumed ingest starts from
    the papers an interrupted one wrote, which pass quickly.
    """
    if enabled and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(desc="indexing", unit="paper", file=sys.stderr)

        def update(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        yield update
        bar.close()
    else:
        yield ProgressLines(enabled, sys.stderr)


class ProgressLines:
    """Progress as plain lines (a log file, a pipe): papers, rate and ETA.

    A line after the first batch, then one every ``every`` seconds, and one at the end.
    The rate is the one since the line before: a resumed ingest passes the batches
    already written at ~450 papers/s, then embeds at ~30 (100k synthetic papers), and a
    rate since the start promised "3 minutes left" for an hour of work.
    """

    def __init__(self, enabled: bool, out: TextIO, every: float = 10.0) -> None:
        self.enabled, self.out, self.every = enabled, out, every
        self.started = time.monotonic()
        self.last, self.last_done = self.started - every, 0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.enabled or (now - self.last < self.every and done < total):
            return
        since = self.started if self.last_done == 0 else self.last
        rate = (done - self.last_done) / max(now - since, 1e-9)
        self.last, self.last_done = now, done
        left = (total - done) / rate if rate > 0 else 0.0
        print(
            f"indexing: {done}/{total} papers, {rate:.1f} papers/s, "
            f"{_duration(now - self.started)} elapsed, {_duration(left)} left",
            file=self.out,
            flush=True,
        )


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{secs:02d}"


def snapshot_filter(args: argparse.Namespace) -> SnapshotFilter:
    """Return the arXiv snapshot filters given to ``ingest``."""
    return SnapshotFilter(
        categories=tuple(args.category),
        since=args.since,
        until=args.until,
        author=args.author,
        limit=args.limit,
    )


def ingest(args: argparse.Namespace, settings: Settings) -> int:
    """Rebuild the index from the corpus folders, after --add; or from --replace PATHs alone."""
    engine = build_engine(settings)
    added = add_to_corpus(args.add, settings.paths.added) if args.add else None
    paths = args.replace or settings.paths.corpora()
    snapshot = snapshot_filter(args)
    if args.if_stale and engine.is_current(paths, snapshot):
        print("index is up to date")
        return 0
    before = _contents(engine) if added is not None else {}  # only --add counts what changed
    with progress_reporter(not args.json) as progress:
        report = engine.ingest(
            paths, strict=args.strict, progress=progress, snapshot=snapshot, serve=added is not None
        )
    if args.json:
        emit(payloads.ingest_json(report))
        return 0
    for warning in report.warnings:
        print(terminal(f"warning: {warning}"), file=sys.stderr)
    state = (
        "unchanged" if report.unchanged else f"embedded {report.embedded}, reused {report.reused}"
    )
    sentences = f"{report.sentences} sentences" if report.sentences else "no sentence vectors"
    if added is not None:
        after = _contents(engine)
        new = sum(key not in before for key in after)
        updated = sum(key in before and before[key] != value for key, value in after.items())
        refused = len(added.refused)
        where = f" to {settings.paths.added}" if added.files else ""
        print(
            f"added {new}, updated {updated}, refused {refused}"
            + (" (see warnings)" if refused else "")
            + f"; copied {len(added.files)} file(s){where}"
        )
    print(
        f"indexed {report.papers} papers as {report.chunks} chunks and {sentences} "
        f"(generation {report.generation}; {state}) in {report.seconds:.1f} s"
    )
    return 0


def _contents(engine: Engine) -> dict[str, tuple[object, ...]]:
    """Return what the index serves per paper id, to count the papers an ingest added or
    changed (an empty index serves none)."""
    if engine.store.active() is None:
        return {}
    papers: dict[str, Paper] = engine.lookup.index.papers
    return {
        key: (p.title, p.abstract, p.year, p.subjects, p.authors, p.arxiv_id)
        for key, p in papers.items()
    }


def add(args: argparse.Namespace, settings: Settings) -> int:
    """Fetch papers from the arXiv API by id and index them incrementally."""
    engine = build_engine(settings)
    client = ArxivClient(settings.arxiv)
    with progress_reporter(not args.json) as progress:
        report = engine.add_papers(
            client, settings.paths.corpus, args.ids, progress, also=[settings.paths.added]
        )
    if args.json:
        emit(payloads.add_json(report))
        return 0
    for arxiv_id in report.known:
        print(f"already indexed: {arxiv_id}")
    for arxiv_id, title in zip(report.added, report.titles, strict=True):
        print(f"added {arxiv_id}: {title}")
    if report.ingest is not None:
        print(
            f"indexed {report.ingest.papers} papers (generation {report.ingest.generation}; "
            f"embedded {report.ingest.embedded}, reused {report.ingest.reused})"
        )
    return 0


def ask(args: argparse.Namespace, settings: Settings) -> int:
    """Answer one question, or one per stdin line with ``-``."""
    engine = reader(settings)
    filters = filters_from(args)
    if args.question == "-":
        if filters.author:  # an option every line would fail on: one error, not one a line
            engine.lookup.resolve_author(filters.author)
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                answer = engine.ask(line, k=args.k, mode=args.mode, filters=filters)
                answer = engine.summarize(answer, args.k or len(answer.results))
                emit(payloads.answer_json(answer, with_summary=engine.llm is not None))
            except PapercordError as exc:
                emit({"question": line.strip(), "error": str(exc)})
            sys.stdout.flush()
        return 0
    try:
        answer = engine.ask(args.question, k=args.k, mode=args.mode, filters=filters)
    except PapercordError as exc:
        if args.json:  # a reader of JSON gets JSON, as a line of ``ask -`` does
            emit({"question": args.question, "error": str(exc)})
        raise  # and the one line on stderr, with its exit code
    shown = args.k or len(answer.results) or settings.retrieval.results  # "one paper on X"
    answer = engine.summarize(answer, shown)  # unchanged without [llm]
    if args.json:
        emit(payloads.answer_json(answer, with_summary=engine.llm is not None))
    else:
        rest = max(answer.matched, len(answer.results + answer.more))
        hint = f"-k {rest} shows them all" if rest > shown else ""
        if rest > MAX_RESULTS:  # -k stops there
            hint = f"-k {MAX_RESULTS} shows the first {MAX_RESULTS}"
        card = answer_card(answer, shown=shown, more_hint=hint)
        print(card_text(card, Style.of(sys.stdout)))
    return 0


def paper(args: argparse.Namespace, settings: Settings) -> int:
    """Show one paper."""
    detail = reader(settings).paper(args.query)
    if args.json:
        emit(payloads.paper_detail_json(detail))
    else:
        print(card_text(paper_card(detail), Style.of(sys.stdout)))
    return 0


def author(args: argparse.Namespace, settings: Settings) -> int:
    """Summarize an author; with --plot, also write a PNG of their papers per year."""
    engine = reader(settings)
    summary = engine.author(args.name)
    if args.plot is not None:
        write_file(args.plot, engine.author_chart(args.name))
        print(terminal(f"wrote {args.plot}"), file=sys.stderr)
    if args.json:
        emit(payloads.author_json(summary))
    else:
        print(card_text(author_card(summary), Style.of(sys.stdout)))
    return 0


def write_file(path: Path, data: bytes) -> None:
    """Write a file atomically: beside its target, then moved into place."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a chart is for sharing
        os.replace(temporary, path)
    except OSError as exc:
        raise PapercordError(f"cannot write {path} ({exc.strerror or exc})") from exc


def cite(args: argparse.Namespace, settings: Settings) -> int:
    """Print a paper's citation: a BibTeX entry, a plain-text reference, or both."""
    citation = reader(settings).cite(args.title)
    parts = {"bibtex": [citation.bibtex], "text": [citation.text]}
    print("\n\n".join(parts.get(args.format, [citation.bibtex, citation.text])))
    return 0


def evaluate(args: argparse.Namespace, settings: Settings) -> int:
    """Report retrieval quality per mode on a labelled question file."""
    engine = reader(settings)
    questions = load_questions(args.file)
    titles = engine.titles()
    modes: tuple[Mode, ...] = MODES if args.mode == "all" else (args.mode,)
    reports = [
        run_eval(questions, functools.partial(engine.ask, mode=mode), mode, titles)
        for mode in modes
    ]
    summaries = [{**r.summary(), "breakdown": r.breakdown()} for r in reports]
    if args.json:
        emit({"file": str(args.file), "modes": summaries})
    else:
        print(format_table([r.summary() for r in reports]))
        for report in reports:
            print(f"\nPer type and style ({report.mode}):\n\n{breakdown_table(report)}")
    if args.failures:
        for report in reports:
            for failure in report.failures:
                print(terminal(f"[{report.mode}] {failure}"), file=sys.stderr)
    return 0


def format_table(summaries: list[dict[str, float | int | str]]) -> str:
    """Return metrics as a Markdown table, one column per mode."""
    keys = [k for k in summaries[0] if k != "mode"]
    head = "| metric | " + " | ".join(str(s["mode"]) for s in summaries) + " |"
    rule = "|---|" + "---:|" * len(summaries)
    rows = [f"| {k} | " + " | ".join(cell(s[k]) for s in summaries) + " |" for k in keys]
    return "\n".join([head, rule, *rows])


def chat(args: argparse.Namespace, settings: Settings) -> int:
    """Open the interactive console."""
    return run_console(reader(settings), settings)


def run(args: argparse.Namespace, settings: Settings) -> int:
    """Start the Discord bot."""
    return discord_bot.run(settings)


def start(args: argparse.Namespace, settings: Settings) -> int:
    """Start the bot when a token is configured; otherwise say how and open the console."""
    if settings.token() is not None:
        return run(args, settings)
    print(CONNECT_HINT, file=sys.stderr)
    return chat(args, settings)


def check_health(args: argparse.Namespace, settings: Settings) -> int:
    """Exit 0 when the bot's shards reported themselves connected within the last 90 s."""
    name = health.file_name(settings.discord.shard_ids)
    ok, lines = health.report(settings.paths.state / name)
    print("\n".join(lines), file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


def migrate(args: argparse.Namespace, settings: Settings) -> int:
    """Apply the storage's schema migrations and say which ran."""

    async def run() -> list[str]:
        db = await connect(settings.storage_url(), ROOT)
        try:
            return [f"{m.version:04d} {m.name}" for m in await apply_migrations(db)]
        finally:
            await db.close()

    try:
        done = asyncio.run(run())
    except database_errors() as exc:
        raise StorageError(f"the migration was not applied: {exc}") from None
    where = redacted(settings.storage_url())
    print(f"applied {', '.join(done)} to {where}" if done else f"{where} is up to date")
    return 0


def migrate_state(args: argparse.Namespace, settings: Settings) -> int:
    """Copy every table of the bot's state into an empty database; all or nothing."""

    async def run() -> CopyReport:
        source = await connect(args.source, ROOT)
        try:
            target = await connect(args.target, ROOT)
            try:
                return await copy_state(source, target)
            finally:
                await target.close()
        finally:
            await source.close()

    refused: tuple[type[Exception], ...] = (CopyError, *database_errors())
    try:
        report = asyncio.run(run())
    except refused as exc:
        raise StorageError(f"nothing was copied: {exc}") from None
    rows = ", ".join(f"{table} {count}" for table, count in report.counts.items())
    print(f"copied {sum(report.counts.values())} rows to {redacted(args.target)} ({rows})")
    return 0


def sync_commands(args: argparse.Namespace, settings: Settings) -> int:
    """Register the slash commands globally or for one server."""
    return discord_bot.sync_commands(settings, args.guild)
