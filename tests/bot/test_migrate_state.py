"""``papercord migrate-state``: every table copied, counts equal, or nothing at all."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Storage, open_storage
from bot.storage import copying as copying_module
from bot.storage.copying import TABLES, CopyError, copy_state
from bot.storage.database import connect
from cli.main import main
from retrieval.config import ROOT
from tests.bot.conftest import fresh_database

pytestmark = pytest.mark.postgres


async def filled_sqlite(path: Path) -> str:
    """Return the URL of a SQLite file with rows in every table."""
    url = f"sqlite:///{path}"
    storage = await open_storage(url, ROOT)
    asked = []
    for n in range(30):
        asked.append(await storage.record_question(
            f"question {n}", "hybrid", {"year_from": 2020}, [f"p{n}"], n % 3 == 0,
            guild_id=900000000000000010, channel_id=900000000000000020 + n % 2, user_id=7,
        ))  # fmt: skip
    for n, question_id in enumerate(asked[:10]):
        await storage.record_feedback(question_id, 7 + n, "up" if n % 2 else "down")
        await storage.record_answer_message(950000000000000000 + n, question_id)
    await storage.save_guild_config(storage_config())
    subscription = await storage.subscribe(900000000000000010, 900000000000000020, "gnns", 7)
    await storage.claim_digest_post(subscription, "p1")
    await storage.db.execute(
        "INSERT INTO cooldowns (user_id, window_start, used) VALUES (7, 1.5, 2)"
    )
    await storage.close()
    return url


def storage_config() -> Any:
    from bot.storage import GuildConfig

    return GuildConfig(900000000000000010, [1, 2], True, None, [3])


async def counts(url: str) -> dict[str, int]:
    db = await connect(url, ROOT)
    try:
        return {t: int((await db.fetch(f"SELECT COUNT(*) FROM {t}"))[0][0]) for t in TABLES}
    finally:
        await db.close()


async def test_a_copy_to_postgres_has_equal_counts_and_working_ids(
    tmp_path: Path, postgres_server: str
) -> None:
    source = await filled_sqlite(tmp_path / "state.sqlite3")
    target = await fresh_database(postgres_server)
    before = await counts(source)
    assert all(before.values())  # rows in every table
    source_db, target_db = await connect(source, ROOT), await connect(target, ROOT)
    report = await copy_state(source_db, target_db)
    await source_db.close()
    await target_db.close()
    assert report.counts == before == await counts(target)
    storage: Storage = await open_storage(target, ROOT)
    stored = await storage.question(5)
    assert stored is not None and stored.question == "question 4"  # ids kept for old buttons
    assert await storage.guild_config(900000000000000010) == storage_config()
    assert (
        await storage.record_question(
            "after the move", "hybrid", {}, [], False, guild_id=None, channel_id=None, user_id=1
        )
        == 31
    )  # new ids continue after the copied ones
    await storage.close()


async def test_an_interrupted_copy_leaves_the_target_empty(
    tmp_path: Path, postgres_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = await filled_sqlite(tmp_path / "state.sqlite3")
    target = await fresh_database(postgres_server)
    real, copied = copying_module.copy_table, []

    async def interrupted(*args: Any) -> int:
        if len(copied) == 3:  # three tables written, then Ctrl-C
            raise KeyboardInterrupt
        copied.append(args[2])
        return await real(*args)

    monkeypatch.setattr(copying_module, "copy_table", interrupted)
    source_db, target_db = await connect(source, ROOT), await connect(target, ROOT)
    with pytest.raises(KeyboardInterrupt):
        await copy_state(source_db, target_db)
    assert copied == ["questions", "feedback", "guild_config"]
    assert set((await counts(target)).values()) == {0}
    monkeypatch.setattr(copying_module, "copy_table", real)
    await copy_state(source_db, target_db)  # the next run starts from the empty target
    assert await counts(target) == await counts(source)
    with pytest.raises(CopyError, match="already holds rows"):  # never copied twice
        await copy_state(source_db, target_db)
    await source_db.close()
    await target_db.close()


async def test_the_command_copies_back_to_sqlite_and_refuses_a_full_target(
    tmp_path: Path, postgres_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first = await filled_sqlite(tmp_path / "first.sqlite3")
    middle = await fresh_database(postgres_server)
    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    assert await asyncio.to_thread(main, ["migrate-state", "--from", first, "--to", middle]) == 0
    assert await asyncio.to_thread(main, ["migrate-state", "--from", middle, "--to", back]) == 0
    out = capsys.readouterr().out
    assert "copied 54 rows" in out and "questions 30" in out
    assert await counts(back) == await counts(first)
    assert await asyncio.to_thread(main, ["migrate-state", "--from", first, "--to", back]) == 1
    assert "nothing was copied" in capsys.readouterr().err
    assert await counts(back) == await counts(first)
