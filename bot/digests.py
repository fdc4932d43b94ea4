"""Digests: after a reindex, post the new papers that answer each saved question.

A subscription is a topic (a question) and a channel. When the index gains papers, each
topic is asked again and the new papers among its results are posted to its channel as
the usual answer card, at most once per paper per subscription (``digest_posts``).
Papers that were already indexed are never posted, so subscribing does not flood a
channel with the existing list.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import discord

from bot.client import Papercord
from bot.embeds import NO_MENTIONS, to_embed
from bot.errors import DELIVERY_ERRORS
from bot.network import network_problem
from bot.render import TITLE_LIMIT, answer_card, clip, escape
from bot.storage import Subscription
from retrieval.errors import PapercordError

log = logging.getLogger(__name__)

DIGEST_K = 50  # papers asked per topic; new ones ranked lower are not posted
CARD_PAPERS = 10  # papers per digest message


async def post_new_papers(bot: Papercord, new: set[str]) -> int:
    """Post each subscription's new matching papers; return how many messages were sent."""
    if not new:
        return 0
    sent = 0
    for subscription in await bot.storage.subscriptions():
        sent += await _post_one(bot, subscription, new)
    return sent


async def _post_one(bot: Papercord, subscription: Subscription, new: set[str]) -> int:
    try:
        answer = await bot.run_retrieval(bot.engine.ask, subscription.topic, k=DIGEST_K)
    except PapercordError as exc:
        log.warning("digest %d: %s", subscription.id, exc)
        return 0
    if answer.abstained or answer.author is not None:
        return 0
    matches = [r for r in answer.results + answer.more if r.paper.id in new]
    fresh = [r for r in matches if await bot.storage.claim_digest_post(subscription.id, r.paper.id)]
    if not fresh:
        return 0
    card = answer_card(replace(answer, results=tuple(fresh), more=()), shown=CARD_PAPERS)
    title = clip(f"New papers for “{subscription.topic}”", TITLE_LIMIT - 2)
    embed = to_embed(replace(card, title=escape(title), footer="papercord digest"))
    channel = bot.get_channel(subscription.channel_id)
    try:
        if channel is None:
            channel = await bot.fetch_channel(subscription.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return 0
        await channel.send(embed=embed, allowed_mentions=NO_MENTIONS)
    except DELIVERY_ERRORS as exc:
        log.warning("digest %d: could not post to channel %d: %s", subscription.id,
                    subscription.channel_id, network_problem(exc) or exc)  # fmt: skip
        return 0
    return 1
