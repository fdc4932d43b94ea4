"""Shared cooldowns on Postgres: does one atomic statement per question hold 100 questions/s?

Starts a private Postgres (tests/postgres_run.py), opens the bot's storage from two
connection pools as two bot processes would, and:

1. offers questions at a fixed rate (default 100/s for 10 s) from 1,000 users, split over
   both "processes", and prints the rate achieved and the statement's latency;
2. asks as fast as 32 concurrent askers can (closed loop) to show the headroom;
3. checks the count across processes: one user asking 20 times at once through both
   pools gets exactly ``cooldown_questions`` answers.

    python -m bench.cooldowns [--rate 100] [--seconds 10]

Figures depend on the machine and its load; this prints them, it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import time

from bench.ask_latency import percentiles
from bot.storage import Storage, open_storage
from bot.storage.cooldowns import SharedCooldowns
from retrieval.config import ROOT
from tests.postgres_run import postgres_run

RATE, PER = 5, 30.0  # the shipped [discord] cooldown_questions / cooldown_seconds


async def offered_load(pools: list[SharedCooldowns], rate: float, seconds: float) -> None:
    """Start one question every 1/rate s; report achieved rate and latency."""
    latencies: list[float] = []
    users = itertools.cycle(range(1000))
    tasks = []

    async def one(cooldowns: SharedCooldowns, user_id: int) -> None:
        started = time.perf_counter()
        await cooldowns.take(user_id)
        latencies.append((time.perf_counter() - started) * 1000)

    begin = time.perf_counter()
    for n in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, begin + n / rate - time.perf_counter()))
        tasks.append(asyncio.create_task(one(pools[n % len(pools)], next(users))))
    await asyncio.gather(*tasks)
    took = time.perf_counter() - begin
    print(
        f"offered {rate:.0f}/s for {seconds:.0f} s over {len(pools)} processes: "
        f"{len(latencies) / took:.1f} questions/s done"
    )
    print(f"statement latency: {percentiles(latencies)}")


async def closed_loop(pools: list[SharedCooldowns], askers: int, seconds: float) -> None:
    """Ask as fast as ``askers`` concurrent askers can; report the rate."""
    done = 0
    deadline = time.perf_counter() + seconds
    users = itertools.count(10_000)

    async def asker(cooldowns: SharedCooldowns) -> None:
        nonlocal done
        while time.perf_counter() < deadline:
            await cooldowns.take(next(users) % 5000)
            done += 1

    await asyncio.gather(*(asker(pools[i % len(pools)]) for i in range(askers)))
    print(f"closed loop, {askers} askers: {done / seconds:.0f} questions/s")


async def one_user_everywhere(pools: list[SharedCooldowns]) -> None:
    """One user, 20 questions at once through both processes: RATE are allowed."""
    waits = await asyncio.gather(*(pools[n % 2].take(424242) for n in range(20)))
    allowed = sum(1 for wait in waits if wait == 0)
    print(f"one user, 20 questions at once through 2 processes: {allowed} allowed "
          f"(cooldown_questions = {RATE})")  # fmt: skip


async def main(args: argparse.Namespace) -> None:
    with postgres_run() as url:
        stores: list[Storage] = [await open_storage(url, ROOT) for _ in range(2)]
        try:
            pools = [SharedCooldowns(s.db, RATE, PER) for s in stores]
            await one_user_everywhere(pools)
            await offered_load(pools, args.rate, args.seconds)
            await closed_loop(pools, 32, args.seconds)
        finally:
            for store in stores:
                await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=100.0, help="questions per second")
    parser.add_argument("--seconds", type=float, default=10.0)
    asyncio.run(main(parser.parse_args()))
