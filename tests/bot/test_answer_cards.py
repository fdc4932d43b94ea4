"""Replies show the filters they applied, notes, and how many papers matched; /more and
"More results" page on; /paper offers the other matching titles."""

from __future__ import annotations

from typing import Any

from bot.render import answer_card, paper_card
from cli.chat import Conversation, respond
from cli.text import card_text
from retrieval.engine import Engine
from tests.bot.discord_helpers import callback_for, command, custom_ids, mention, posted_to
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord


def test_a_filtered_list_shows_its_filters_and_its_count(engine: Engine) -> None:
    answer = engine.ask("zhang's papers from 2024")
    card = answer_card(answer, shown=3)
    assert card.description.startswith("*Filters: 2024 · by Zhiru Zhang*")
    assert card.footer.startswith("3 of 12 · More results · hybrid search")
    second = answer_card(answer, shown=3, offset=3)
    assert "**4. [" in second.description and second.footer.startswith("4–6 of 12 · More")
    last = answer_card(answer, shown=3, offset=9)
    assert last.footer.startswith("10–12 of 12 · hybrid")  # nothing left to page to


def test_a_year_or_a_subject_shows_either_in_its_filters(engine: Engine) -> None:
    card = answer_card(engine.ask("Hoefler's papers from 2023 or filed in cs.ET"), shown=3)
    assert card.description.startswith("*Filters: 2023 or cs.ET · by Torsten Hoefler*")


def test_an_empty_filter_says_why_and_never_shows_an_empty_closest_list(engine: Engine) -> None:
    card = answer_card(engine.ask("cs.XY papers"))
    assert "Did you mean" in card.description and "Closest" not in card.description
    card = answer_card(engine.ask("2019 papers"))
    assert "No listed paper is from 2019" in card.description
    assert "Closest" not in card.description


def test_an_author_card_pages_on_to_the_authors_papers(engine: Engine) -> None:
    answer = engine.ask("gimme the full hoefler paper list")
    first = answer_card(answer, shown=3)
    assert first.title == "Torsten Hoefler" and first.footer.startswith("18 papers · More results")
    papers = answer_card(answer, shown=3, offset=3)
    assert "**1. [" in papers.description and papers.footer.startswith("3 of 18 · More results")


def test_the_console_pages_with_more(engine: Engine) -> None:
    state = Conversation()
    first = respond(engine, "zhang's papers from 2024", state, 3)
    assert "Filters: 2024 · by Zhiru Zhang" in first and "3 of 12 · more for the next" in first
    assert "More results" not in first
    second = respond(engine, "/more", state, 3)
    assert "\n4. " in second and "**" not in second
    assert "4–6 of 12" in second


def test_a_question_it_cannot_read_says_so_in_english(engine: Engine) -> None:
    text = card_text(answer_card(engine.ask("有没有我朋友上周提到的那篇有趣的论文？")))
    assert "I could not understand this question: it reads as Chinese" in text


def test_paper_card_offers_the_other_matching_titles(engine: Engine) -> None:
    card = paper_card(engine.paper("graph"))
    (others,) = [f for f in card.fields if f.name == "Other titles that match"]
    assert others.value.count("• [") >= 4


async def test_chat_reply_shows_filters_count_and_more_button(bot, fake: FakeDiscord) -> None:
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(mention("zhang's papers from 2024"), mentions=[BOT_ID])
    )
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    embed = reply.body["embeds"][0]
    assert embed["description"].startswith("*Filters: 2024 · by Zhiru Zhang*")
    assert embed["footer"]["text"].startswith("3 of 12 · More results")
    assert any(i.startswith("pc:more:") for i in custom_ids(reply.body))


async def test_paper_command_with_several_matches_lists_them(bot, fake: FakeDiscord) -> None:
    payload = fake.interaction(2, command("paper", title="graph"))
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    fields: list[dict[str, Any]] = call.body["data"]["embeds"][0]["fields"]
    assert fields[0]["name"] == "Other titles that match" and "Graph" in fields[0]["value"]


async def test_paper_command_says_when_a_title_is_not_listed(bot, fake: FakeDiscord) -> None:
    payload = fake.interaction(2, command("paper", title="attention is all you need"))
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    content = call.body["data"]["content"]
    assert "attention is all you need" in content and "not in the list" in content
    assert "Did you mean" in content
