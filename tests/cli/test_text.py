"""Cards as terminal text: the same rendering model as the Discord embeds."""

from __future__ import annotations

from bot.render import Card, Field, paper_card
from cli.text import card_text, plain
from retrieval.models import PaperDetail
from tests.bot.test_render import paper


def test_paper_card_and_console_share_one_model() -> None:
    detail = PaperDetail(paper("GPTQ"), "An abstract about 4-bit GPT.", 100.0, (paper("Other"),))
    card = paper_card(detail)
    text = card_text(card)
    assert "GPTQ <https://arxiv.org/x>" in text and "An abstract about 4-bit GPT." in text
    assert "cs.LG <https://arxiv.org/list/cs.LG/recent>" in text


def test_plain_turns_links_into_urls_and_drops_escapes() -> None:
    markdown = "see [GPTQ \\[4-bit\\]](https://arxiv.org/x) and \\*stars\\* for @\u200beveryone"
    assert plain(markdown) == "see GPTQ [4-bit] <https://arxiv.org/x> and *stars* for @everyone"


def test_card_text_lays_out_title_fields_and_footer() -> None:
    card = Card("Title", "Body.", None, (Field("Year", "2024"),), "footer")
    assert card_text(card) == "Title\n=====\nBody.\n\nYear:\n  2024\n\n-- footer\n"
