"""Load: concurrent questions and button clicks through the real discord.py client.

    python -m bench.load [--questions 100] [--clicks 20] [--soak 600]

The bot is wired as ``python -m bot`` wires it (``Papercord``, the ONNX model, a
read-only engine, ``discord.workers`` retrieval threads) and connects to the fake Discord
of the tests (``tests/bot/fake_discord.py``) on 127.0.0.1. The fake runs on its own
thread and event loop, so the bot's loop carries only the bot's work, and it sends a
heartbeat interval of 0.25 s (Discord's is 41 s) so the gateway's ack delay is sampled often.

Burst: ``--questions`` /ask interactions from as many users and ``--clicks`` button
clicks (More results, Abstract, More like this, feedback) are dispatched at once.
Printed: how many got an answer; per interaction the time to Discord's first response
(which real Discord needs within 3 s, or it drops the interaction) and to the final
answer; the bot's event-loop lag (a 50 ms ticker's overshoot); and the heartbeat ack
delay (from the keep-alive thread's beat to the ack being handled on the loop).

Soak: one question a second for ``--soak`` seconds, with ``--reindexes`` runs of
``/papercord reindex`` on a changed corpus (one, half-way, by default); RSS is sampled
every 5 s. Figures only: nothing asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import discord.gateway

from bench.ask_latency import percentiles, rss_mb
from bot.__main__ import connect_storage, prepare
from bot.client import Papercord
from bot.settings import Settings, build_engine
from retrieval.config import DATA, ROOT
from retrieval.index.memory import limit_malloc_arenas
from tests.bot import fake_discord
from tests.bot.discord_helpers import command, subcommand
from tests.bot.fake_discord import APP_ID, BOT_ID, CHANNEL_ID, OWNER_ID, Call, FakeDiscord, user

T = TypeVar("T")
DISCORD_WINDOW = 3.0  # seconds Discord waits for an interaction's first response
FINAL = {4, 7}  # callback types that answer: a message, or an update of the clicked one


class Timed(list[Call]):
    """The fake's list of REST calls, remembering when each arrived, by interaction token."""

    def __init__(self) -> None:
        super().__init__()
        self.by_token: dict[str, list[tuple[Call, float]]] = {}

    def append(self, call: Call) -> None:
        parts = call.path.strip("/").split("/")  # interactions/<id>/<token>/callback,
        if parts[0] in {"interactions", "webhooks"} and len(parts) > 2:  # webhooks/<app>/<token>
            self.by_token.setdefault(parts[2], []).append((call, time.perf_counter()))
        super().append(call)

    def clear(self) -> None:
        self.by_token.clear()
        super().clear()


class Heartbeats:
    """Heartbeat ack delays: from the keep-alive thread's beat to the ack on the loop."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self.sent: float | None = None
        handler = discord.gateway.KeepAliveHandler
        payload, ack = handler.get_payload, handler.ack

        def get_payload(keep: Any) -> dict[str, Any]:
            self.sent = time.perf_counter()
            return payload(keep)

        def on_ack(keep: Any) -> None:
            ack(keep)
            if self.sent is not None:
                self.delays.append((time.perf_counter() - self.sent) * 1000)
                self.sent = None

        handler.get_payload, handler.ack = get_payload, on_ack  # type: ignore[method-assign]


class Bench:
    """The fake on its own thread; the bot on this thread's loop."""

    def __init__(self, folder: Path) -> None:
        fake_discord.HEARTBEAT_MS = 250
        self.fake = FakeDiscord()
        self.fake.calls = Timed()
        self.fake_loop = asyncio.new_event_loop()
        threading.Thread(target=self.fake_loop.run_forever, daemon=True).start()
        self.on_fake(self.fake.start())
        self.folder = folder
        self.lags: list[float] = []
        self.heartbeats = Heartbeats()

    def on_fake(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.fake_loop).result(60)

    async def dispatch(self, payload: dict[str, Any]) -> float:
        sent = time.perf_counter()
        await asyncio.wrap_future(
            asyncio.run_coroutine_threadsafe(
                self.fake.dispatch("INTERACTION_CREATE", payload), self.fake_loop
            )
        )
        return sent

    def settings(self) -> Settings:
        corpus = self.folder / "corpus"
        shutil.copytree(DATA / "pages", corpus)
        return Settings(
            discord_token="fake-token",  # type: ignore[arg-type]
            paths={"state": self.folder / "state", "corpus": corpus},  # type: ignore[arg-type]
            chroma={"path": self.folder / "index"},  # type: ignore[arg-type]
            discord={"api_base": f"{self.fake.base}/api/v10", "owner_ids": [OWNER_ID]},  # type: ignore[arg-type]
        )

    async def ticker(self) -> None:
        """Record how late a 50 ms sleep wakes up: the loop's lag."""
        while True:
            started = time.perf_counter()
            await asyncio.sleep(0.05)
            self.lags.append((time.perf_counter() - started - 0.05) * 1000)

    def answered(self, payload: dict[str, Any], sent: float) -> tuple[float, float] | None:
        """Return (first response, final answer) seconds for an interaction, or None."""
        calls: Timed = self.fake.calls  # type: ignore[assignment]
        mine = list(calls.by_token.get(payload["token"], ()))
        callbacks = [(c, t) for c, t in mine if c.path.endswith("/callback")]
        final = [t for c, t in callbacks if c.body.get("type") in FINAL]
        final += [t for c, t in mine if c.path.startswith(f"/webhooks/{APP_ID}/")]
        if not callbacks or not final:
            return None
        return callbacks[0][1] - sent, min(final) - sent


def questions(n: int) -> list[str]:
    rows = [json.loads(line)["question"] for line in (DATA / "eval" / "dev.jsonl").open()]
    return [rows[i % len(rows)] for i in range(n)]


def ask_payload(bench: Bench, question: str, user_id: int) -> dict[str, Any]:
    return bench.fake.interaction(2, command("ask", question=question), user_id=user_id)


def clicks(bench: Bench, answer: dict[str, Any], n: int) -> list[dict[str, Any]]:
    """Return n button interactions on a posted answer, cycling through its buttons."""
    components = answer["components"]
    ids = [c["custom_id"] for row in components for c in row["components"]]
    message = bench.fake.message_payload(
        "", channel_id=CHANNEL_ID, author=user(BOT_ID, "papercord", bot=True),
        components=components,
    )  # fmt: skip
    return [
        bench.fake.interaction(
            3,
            {"custom_id": ids[i % len(ids)], "component_type": 2},
            message=message,
            user_id=800000000000000000 + i,
        )
        for i in range(n)
    ]


async def burst(bench: Bench, bot: Papercord, n_questions: int, n_clicks: int) -> None:
    warm = ask_payload(bench, "which papers quantize LLMs to 4 bits?", 700000000000000000)
    sent = await bench.dispatch(warm)
    while bench.answered(warm, sent) is None:
        await asyncio.sleep(0.05)
    answer = next(
        c.body["data"]
        for c, _ in bench.fake.calls.by_token[warm["token"]]  # type: ignore[attr-defined]
        if c.body.get("data")
    )
    payloads = [
        ask_payload(bench, q, 710000000000000000 + i) for i, q in enumerate(questions(n_questions))
    ]
    payloads += clicks(bench, answer, n_clicks)
    bench.lags.clear()
    bench.heartbeats.delays.clear()
    sent_at = await asyncio.gather(*(bench.dispatch(p) for p in payloads))
    deadline = time.perf_counter() + 120
    while time.perf_counter() < deadline:
        done = [bench.answered(p, s) for p, s in zip(payloads, sent_at, strict=True)]
        if all(d is not None for d in done):
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(3)  # let a few more heartbeats through after the burst
    asks = [d for d in done[:n_questions] if d is not None]
    presses = [d for d in done[n_questions:] if d is not None]
    late = sum(first > DISCORD_WINDOW for first, _ in asks + presses)
    print(f"answered: {len(asks)}/{n_questions} questions, {len(presses)}/{n_clicks} clicks")
    print(f"first response later than Discord's 3 s window: {late}")
    print(f"refused by Discord's limits: {len(bench.fake.rejected)}")
    for name, rows in (("question", asks), ("button click", presses)):
        if rows:
            print(f"{name:12} first response  {percentiles([f * 1000 for f, _ in rows])}")
            print(f"{name:12} final answer    {percentiles([a * 1000 for _, a in rows])}")
    print(f"event-loop lag (50 ms ticker)  {percentiles(bench.lags)}")
    if bench.heartbeats.delays:
        print(f"heartbeat ack delay            {percentiles(bench.heartbeats.delays)}")


async def soak(bench: Bench, seconds: float, reindexes: int) -> None:
    """One question a second; reindexes of a changed corpus spread evenly; RSS every 5 s."""
    samples: list[tuple[float, float]] = []
    started = time.perf_counter()
    reindexed = 0
    extra = bench.folder / "corpus" / "extra.jsonl"
    n = 0
    pending: list[tuple[dict[str, Any], float]] = []
    lost = 0
    asked = questions(int(seconds) + 1)
    while (elapsed := time.perf_counter() - started) < seconds:
        payload = ask_payload(bench, asked[n % len(asked)], 720000000000000000 + n % 50)
        pending.append((payload, await bench.dispatch(payload)))
        n += 1
        if reindexed < reindexes and elapsed >= seconds * (reindexed + 1) / (reindexes + 1):
            if extra.exists():  # every reindex builds a new generation: add, remove, add ...
                extra.unlink()
            else:
                shutil.copy(ROOT / "tests" / "data" / "extra.jsonl", extra)
            owner = bench.fake.interaction(
                2, subcommand("papercord", "reindex"), user_id=OWNER_ID, permissions="32"
            )
            await bench.dispatch(owner)
            reindexed += 1
            print(f"reindex dispatched at {elapsed:.0f} s")
        if n % 5 == 0:
            samples.append((elapsed, rss_mb()))
        await asyncio.sleep(1.0)
        still = []
        for payload, sent in pending:
            if bench.answered(payload, sent) is None and time.perf_counter() - sent < 30:
                still.append((payload, sent))
            elif bench.answered(payload, sent) is None:
                lost += 1
        pending = still
        if len(pending) == 0 and n % 30 == 0:  # keep the harness's own memory flat
            bench.fake_loop.call_soon_threadsafe(bench.fake.calls.clear)
    print(f"soak: {n} questions over {seconds:.0f} s, {lost} unanswered after 30 s")
    first = [mb for t, mb in samples if t < 60]
    last = [mb for t, mb in samples if t >= seconds - 120]
    print(
        "RSS: " + " ".join(f"{t:.0f}s={mb:.0f}" for t, mb in samples[:: max(1, len(samples) // 12)])
    )
    if first and last:
        print(
            f"RSS first minute median {statistics.median(first):.1f} MB, last two minutes "
            f"median {statistics.median(last):.1f} MB, max {max(mb for _, mb in samples):.1f} MB"
        )


async def run(args: argparse.Namespace, bench: Bench) -> None:
    limit_malloc_arenas()  # as prepare() does; the writer below starts threads first
    settings = bench.settings()
    engine = build_engine(settings)
    engine.ingest([settings.paths.corpus])
    settings.paths.state.mkdir(parents=True, exist_ok=True)
    served, executor = prepare(settings)  # wired as `python -m bot` wires it
    bot = Papercord(settings, served, await connect_storage(settings), executor)
    task = asyncio.create_task(bot.start("fake-token"))
    ticker = asyncio.create_task(bench.ticker())
    while not bot.is_ready():
        if task.done():
            task.result()
        await asyncio.sleep(0.05)
    print(f"bot ready; workers={settings.discord.workers}, RSS {rss_mb():.0f} MB")
    try:
        await burst(bench, bot, args.questions, args.clicks)
        if args.soak:
            await soak(bench, args.soak, args.reindexes)
    finally:
        ticker.cancel()
        await bot.close()
        bot.executor.shutdown(wait=False, cancel_futures=True)
        await bot.storage.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--soak", type=float, default=600, help="seconds; 0 skips the soak")
    parser.add_argument("--reindexes", type=int, default=1, help="reindexes during the soak")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="papercord-load-") as folder:
        bench = Bench(Path(folder))
        asyncio.run(run(args, bench))


if __name__ == "__main__":
    main()
