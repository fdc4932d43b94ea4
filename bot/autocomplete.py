"""Autocomplete callbacks shared by the slash commands (at most 25 choices, in-memory)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.client import Papercord
from bot.render import clip

CHOICES = 25  # Discord's limit
CHOICE_CHARS = 100  # Discord's limit on a choice's name and value


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=clip(name, CHOICE_CHARS), value=name[:CHOICE_CHARS])
        for name in names[:CHOICES]
    ]


async def title_choices(
    interaction: discord.Interaction[Papercord], current: str
) -> list[app_commands.Choice[str]]:
    """Return paper titles matching what was typed so far."""
    engine = interaction.client.engine
    return _choices(engine.complete_titles(current, CHOICES))


async def author_choices(
    interaction: discord.Interaction[Papercord], current: str
) -> list[app_commands.Choice[str]]:
    """Return listed authors matching what was typed so far."""
    engine = interaction.client.engine
    return _choices(engine.complete_authors(current, CHOICES))


async def subject_choices(
    interaction: discord.Interaction[Papercord], current: str
) -> list[app_commands.Choice[str]]:
    """Return the corpus's subject codes matching what was typed so far."""
    typed = current.casefold()
    return _choices([c for c in interaction.client.engine.subjects() if typed in c.casefold()])
