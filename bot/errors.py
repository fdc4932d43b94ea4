"""How errors reach users. The order, first match wins:

1. cooldowns: a short "slow down" notice with the wait;
2. papercord's own errors (bad question, unknown paper or author, missing index): their
   one-line message, with suggestions where there are some;
3. permission checks: which permission is needed;
4. network errors and timeouts (``aiohttp.ClientError``, ``TimeoutError``, also inside
   ``CommandInvokeError``): one log line, no traceback, and an apology;
5. anything else: ``log.exception`` and a generic apology. The bot keeps running.

When even the apology cannot be delivered (the network is down), one more log line says so.

Replies to interactions are ephemeral, so mistakes never clutter a channel.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.client import Papercord
from bot.embeds import NO_MENTIONS
from bot.network import NETWORK_ERRORS, network_problem, unwrapped
from bot.render import escape
from retrieval.errors import NotFoundError, PapercordError

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side. The error is logged; please try again."
NETWORK_APOLOGY = "Sorry, a network problem stopped my answer. Please try again in a moment."
DELIVERY_ERRORS = (discord.HTTPException, *NETWORK_ERRORS)  # sending a reply can fail so


def apology(error: BaseException, where: str) -> str:
    """Log an unexpected error (one line for a network problem) and return the apology."""
    problem = network_problem(error)
    if problem is not None:
        log.warning("network error in %s: %s", where, problem)
        return NETWORK_APOLOGY
    log.exception("unexpected error in %s", where, exc_info=error)
    return APOLOGY


def user_message(error: BaseException) -> str | None:
    """Return the short message for an expected error, or None for an unexpected one."""
    error = unwrapped(error)
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down a little: try again in {error.retry_after:.0f} s."
    if isinstance(error, NotFoundError):
        hint = error.did_you_mean(escape)
        return _capitalized(error) + "." + (f"\n{hint}" if hint else "")
    if isinstance(error, PapercordError):
        return _capitalized(error)
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the Manage Server permission for that."
    if isinstance(error, app_commands.CheckFailure):
        return "You are not allowed to use that command here."
    return None


def _capitalized(error: PapercordError) -> str:
    text = str(error)
    return escape(text[:1].upper() + text[1:])


async def report(interaction: discord.Interaction[Papercord], error: BaseException) -> None:
    """Answer an interaction that failed, following the order above."""
    message = user_message(error) or apology(error, f"interaction {interaction.id}")
    send = (
        interaction.followup.send
        if interaction.response.is_done()
        else interaction.response.send_message
    )
    try:
        await send(message[:2000], ephemeral=True, allowed_mentions=NO_MENTIONS)
    except DELIVERY_ERRORS as exc:
        log.warning(
            "could not deliver an error message for interaction %s: %s",
            interaction.id,
            network_problem(exc) or type(exc).__name__,
        )
