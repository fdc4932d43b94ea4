"""``/papercord stats`` tells admins what went unanswered in their server this week."""

from __future__ import annotations

import time

from tests.bot.discord_helpers import interact, subcommand
from tests.bot.fake_discord import GUILD_ID, USER_ID, FakeDiscord

MANAGE_GUILD = str(1 << 5)
WEEK = "last 7 days"


async def asked(
    bot, question: str, *, abstained: bool, papers: list[str], guild: int = GUILD_ID
) -> int:
    return await bot.storage.record_question(
        question, "hybrid", {}, papers, abstained, guild_id=guild, channel_id=1, user_id=USER_ID
    )


async def test_stats_group_unanswered_questions_and_count_votes_and_papers(
    bot, fake: FakeDiscord
) -> None:
    gptq = next(pid for pid, title in bot.engine.titles().items() if title.startswith("GPTQ"))
    for question in ("which papers predict earthquakes?", "earthquake prediction",
                     "earthquake prediction with satellites", "protein folding?"):  # fmt: skip
        await asked(bot, question, abstained=True, papers=[])
    old = await asked(bot, "ancient protein folding question", abstained=True, papers=[])
    await bot.storage.db.execute(
        "UPDATE questions SET created = $1 WHERE id = $2", time.time() - 8 * 86400, old
    )
    await asked(bot, "protein folding elsewhere", abstained=True, papers=[], guild=GUILD_ID + 1)
    answered = [await asked(bot, "4-bit LLMs", abstained=False, papers=[gptq, "p000000000000"])
                for _ in range(3)]  # fmt: skip
    await bot.storage.record_feedback(answered[0], USER_ID, "down")
    await bot.storage.record_feedback(answered[1], USER_ID, "up")
    await bot.storage.record_feedback(answered[2], USER_ID, "up")

    body = await interact(fake, 2, subcommand("papercord", "stats"), permissions=MANAGE_GUILD)
    fields = {f["name"]: f["value"] for f in body["data"]["embeds"][0]["fields"]}
    unanswered = fields[f"Unanswered, {WEEK} (by shared terms)"].splitlines()
    assert unanswered[0].startswith("• 3× **predict, earthquakes**")
    assert unanswered[1].startswith("• 1× **protein, folding**")  # not the old or other-server one
    assert len(unanswered) == 2
    assert fields[f"👎 rate, {WEEK}"] == "33% (1 of 3 votes)"
    assert (
        fields[f"Most asked about, {WEEK}"]
        == "• 3× GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"
    )


async def test_stats_of_a_quiet_server(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, subcommand("papercord", "stats"), permissions=MANAGE_GUILD)
    fields = {f["name"]: f["value"] for f in body["data"]["embeds"][0]["fields"]}
    assert fields[f"Unanswered, {WEEK} (by shared terms)"] == "none"
    assert fields[f"👎 rate, {WEEK}"] == "no votes"
