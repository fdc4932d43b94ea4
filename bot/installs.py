"""Where papercord's commands may be used: server installs, user installs, DMs.

A user can add papercord to their own account (a *user install*) and then use the
question commands in DMs, group DMs and servers the bot is not in: Discord delivers
those interactions to the bot although it is in no shared channel, and the answer goes
back as the interaction's response. Commands that change a server stay server-only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from discord import app_commands

T = TypeVar("T")


def installs() -> app_commands.AppInstallationType:
    """Return both install types: added to a server, and added to a user's account."""
    return app_commands.AppInstallationType(guild=True, user=True)


def contexts() -> app_commands.AppCommandContext:
    """Return every place: servers, the DM with the bot, and other DMs and group DMs."""
    return app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)


def everywhere(command: T) -> T:
    """Declare a command for server and user installs, in servers and every kind of DM."""
    allow_installs: Callable[[T], T] = app_commands.allowed_installs(guilds=True, users=True)
    allow_contexts: Callable[[T], T] = app_commands.allowed_contexts(
        guilds=True, dms=True, private_channels=True
    )
    return allow_contexts(allow_installs(command))
