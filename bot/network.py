"""Which errors mean "the network failed", for the error reporter and the client's on_error."""

from __future__ import annotations

import aiohttp
from discord import app_commands

# aiohttp raises ClientError subclasses (refused, reset, server disconnected); asyncio and
# aiohttp timeouts are TimeoutError; a socket reset outside aiohttp is a ConnectionError.
NETWORK_ERRORS = (aiohttp.ClientError, TimeoutError, ConnectionError)


def unwrapped(error: BaseException) -> BaseException:
    """Return the error a command raised, without discord.py's CommandInvokeError wrapper."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


def network_problem(error: BaseException | None) -> str | None:
    """Return a one-line description of a network error or timeout, else None."""
    if error is None:
        return None
    error = unwrapped(error)
    if not isinstance(error, NETWORK_ERRORS):
        return None
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
