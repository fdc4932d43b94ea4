"""Which channels are forum posts papercord answers: threads of a configured forum."""

from __future__ import annotations

import discord

from bot.client import Papercord


async def forum_post(bot: Papercord, channel: object) -> discord.Thread | None:
    """Return the channel when it is a post in a forum this server configured, else None."""
    if not isinstance(channel, discord.Thread) or channel.parent_id is None:
        return None
    forums = (await bot.server_settings(channel.guild.id)).forum_channels
    return channel if channel.parent_id in forums else None
