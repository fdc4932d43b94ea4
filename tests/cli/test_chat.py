"""``papercord chat``: each console line gets the reply the bot would give."""

from __future__ import annotations

import io
import re

from bot.settings import load_settings
from cli.chat import HELP, Conversation, respond, run_console
from retrieval.engine import Engine


def test_more_pages_through_the_last_answer(fake_engine: Engine) -> None:
    state = Conversation()
    assert respond(fake_engine, "/more", state, 2) == "Ask a question first."
    first = respond(fake_engine, "cs.LG papers", state, 2)
    assert "\n1. " in first and "\n3. " not in first
    second = respond(fake_engine, "/more", state, 2)
    assert "\n3. " in second and "\n1. " not in second and state.offset == 2
    third = respond(fake_engine, "more", state, 2)  # papers 5-6: the 6th is past the results
    assert "\n6. " in third
    papers = [block for block in third.split("\n\n") if re.match(r"\d+\. ", block)]
    assert papers and all(re.search(r"\n   > \S", block) for block in papers)  # each quoted


def test_commands_and_mistakes_get_one_clear_reply(fake_engine: Engine) -> None:
    state = Conversation()
    assert respond(fake_engine, "/help", state, 3) == HELP
    assert (
        respond(fake_engine, "/frobnicate x", state, 3)
        == "Unknown command /frobnicate. Type /help."
    )
    assert respond(fake_engine, "/author Yann LeCun", state, 3) == (
        "no listed author matches 'Yann LeCun'.\nDid you mean: Torsten Hoefler; Zhiru Zhang"
    )
    assert respond(fake_engine, "/paper a", state, 3) == (
        "type at least three characters of the paper's title"
    )


def test_console_answers_until_quit(fake_engine: Engine) -> None:
    out = io.StringIO()
    stdin = io.StringIO("/paper sagman\n\n/quit\nnever read\n")
    assert run_console(fake_engine, load_settings(), stdin, out) == 0
    assert out.getvalue().startswith("SAGMAN") and "never read" not in out.getvalue()


def test_a_follow_up_asks_about_the_last_answer(fake_engine: Engine) -> None:
    # Follow-ups were new questions: "and which of those are from 2023?" listed every
    # 2023 paper, "what about 2024?" every 2024 paper.
    state = Conversation()
    respond(fake_engine, "graph neural networks", state, 3)
    earlier = {r.paper.id for r in state.answer.results + state.answer.more}
    narrowed = respond(fake_engine, "and which of those are from 2023?", state, 3)
    assert narrowed.startswith("“graph neural networks → and which of those are from 2023?”")
    kept = state.answer.results + state.answer.more
    assert kept and {r.paper.id for r in kept} <= earlier and {r.paper.year for r in kept} == {2023}
    assert f"{len(kept)} of {len(kept)}" in narrowed  # not "1 of 4 (the first 1 can be shown)"
    respond(fake_engine, "quantization", state, 3)
    again = respond(fake_engine, "what about 2024?", state, 3)
    assert again.startswith("“quantization → what about 2024?”") and "\nFilters: 2024\n" in again
    assert all(r.paper.year == 2024 for r in state.answer.results + state.answer.more)
    # "which of these papers ..." is about the whole list, as a first question is
    respond(fake_engine, "which of these papers use FPGAs?", state, 3)
    assert "→" not in state.answer.question


def test_more_says_when_nothing_is_left(engine: Engine) -> None:
    state = Conversation()
    carried, engine.settings.listed = engine.settings.listed, 25
    try:
        respond(engine, "papers", state, 10)  # 36 match; an answer carries 25
        pages = [respond(engine, "/more", state, 10) for _ in range(3)]
    finally:
        engine.settings.listed = carried
    assert "21–25 of 36 (the first 25 can be shown)" in pages[1]
    assert pages[2].startswith("No more results: the first 25 of the 36 that matched")
    respond(engine, "protein folding", state, 3)  # an abstention: its card once, not again
    assert state.answer.abstained and respond(engine, "/more", state, 3) == "No more results."
    respond(engine, "x" * 1100, state, 3)  # refused: /more paged the question before it
    assert respond(engine, "/more", state, 3) == "Ask a question first."


def test_commands_read_any_white_space_and_quit_with_words_after(fake_engine: Engine) -> None:
    assert respond(fake_engine, "/paper\tgptq", Conversation(), 3).startswith("GPTQ")
    assert respond(fake_engine, "\x1b[31m/paper gptq", Conversation(), 3).startswith("GPTQ")
    out = io.StringIO()
    assert run_console(fake_engine, load_settings(), io.StringIO("/quit now\ngptq\n"), out) == 0
    assert out.getvalue() == ""


def test_a_follow_up_narrows_by_topic_author_card_and_keeps_an_abstention(engine: Engine) -> None:
    state = Conversation()
    respond(engine, "/author hoefler", state, 3)  # the card is a base too
    respond(engine, "and which of those are from 2023?", state, 3)
    kept = state.answer.results + state.answer.more
    assert len(kept) == 5 and all(r.paper.year == 2023 for r in kept)
    assert all(r.paper.authors == ("Torsten Hoefler",) for r in kept)
    respond(engine, "quantization", state, 3)
    respond(engine, "which of those are by zhang?", state, 3)  # the author, not ignored
    by = state.answer.results + state.answer.more
    assert by and state.answer.author is None and all("Zhiru Zhang" in r.paper.authors for r in by)
    respond(engine, "recipes for sourdough bread", state, 3)
    assert state.answer.abstained
    reply = respond(engine, "and which of those are from 2023?", state, 3)
    assert state.answer.abstained and not state.answer.results  # still "not a match"
    assert "Nothing in the list answers that." in reply


def test_a_question_naming_its_own_paper_after_an_author_card_is_new(engine: Engine) -> None:
    # After /author hoefler, "what about the BERT paper, ...?" reprinted Hoefler's card.
    state = Conversation()
    respond(engine, "/author hoefler", state, 3)
    reply = respond(engine, "what about the BERT paper, is it in the list?", state, 3)
    alone = respond(engine, "what about the BERT paper, is it in the list?", Conversation(), 3)
    assert "No listed paper is the “BERT” paper." in reply and "Torsten Hoefler\n===" not in reply
    assert reply.split("\n-- ")[0] == alone.split("\n-- ")[0]  # the same, timing aside
    respond(engine, "/author zhang", state, 3)
    other = respond(engine, "what about hoefler?", state, 3)  # a new author, not Zhang's papers
    assert other.startswith("Torsten Hoefler\n")


def test_an_empty_narrowing_says_so_and_shows_those_papers(engine: Engine) -> None:
    # "and which of those are from 2023?" said "Not a sure match", "Filters: 2023", and
    # then showed no paper.
    state = Conversation()
    respond(engine, "planning a reading group on efficient LLM inference, what to read?", state, 3)
    those = state.answer.results + state.answer.more
    absent = min({2022, 2023, 2024} - {r.paper.year for r in those})
    reply = respond(engine, f"and which of those are from {absent}?", state, 3)
    assert f"None of those is from {absent}; these ones, from other years, are:" in reply
    assert "Not a sure match" not in reply and f"Filters: {absent}" not in reply
    shown = state.answer.results
    assert shown and {r.paper.id for r in shown} <= {r.paper.id for r in those}
    assert re.search(r"^1\. \S", reply, re.M)


def test_chat_commands_mirror_discord(fake_engine: Engine) -> None:
    # "more" got the "Ask about a topic..." tip, "/cite gptq" was an unknown command and a
    # mistyped command got no suggestion.
    state = Conversation()
    respond(fake_engine, "graph neural networks", state, 2)
    assert "\n3. " in respond(fake_engine, "more", state, 2)
    assert "\n5. " in respond(fake_engine, "Next", state, 2)
    cited = respond(fake_engine, "/cite gptq", state, 3)
    assert cited.startswith("@misc{hoefler2023gptq,") and "\n\nTorsten Hoefler" in cited
    assert respond(fake_engine, "/ciet gptq", state, 3) == (
        "Unknown command /ciet. Did you mean /cite? Type /help."
    )
    assert "/cite <title>" in HELP and "more" in HELP
