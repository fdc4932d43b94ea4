"""Turn rendering-model cards into Discord embeds, within Discord's limits."""

from __future__ import annotations

import discord

from bot.render import (
    DESCRIPTION_LIMIT,
    EMBED_TOTAL_LIMIT,
    FIELD_NAME_LIMIT,
    FIELD_VALUE_LIMIT,
    FIELDS_LIMIT,
    FOOTER_LIMIT,
    TITLE_LIMIT,
    Card,
    clip,
)

COLOUR = discord.Colour(0xB31B1B)  # arXiv red
NO_MENTIONS = discord.AllowedMentions.none()


def to_embed(card: Card) -> discord.Embed:
    """Return an embed for a card; fields that would pass 6,000 characters are dropped."""
    embed = discord.Embed(
        title=clip(card.title, TITLE_LIMIT),
        description=card.description[:DESCRIPTION_LIMIT],
        url=card.url,
        colour=COLOUR,
    )
    if card.footer:
        embed.set_footer(text=clip(card.footer, FOOTER_LIMIT))
    for field in card.fields[:FIELDS_LIMIT]:
        name = clip(field.name, FIELD_NAME_LIMIT)
        value = field.value[:FIELD_VALUE_LIMIT]
        if len(embed) + len(name) + len(value) > EMBED_TOTAL_LIMIT:
            break
        embed.add_field(name=name, value=value, inline=field.inline)
    return embed
