"""The message limits real Discord enforces, so the fake refuses what Discord would refuse.

From Discord's developer documentation (Message, Embed and Component resources): content
up to 2,000 characters; up to 10 embeds whose title, description, field, footer and author
texts stay within 256/4,096/256+1,024/2,048/256 characters, at most 25 fields, and 6,000
characters in all; up to 5 action rows of up to 5 buttons, each custom_id up to 100
characters and label up to 80. An interaction gets one initial response, within 3 seconds.

Application commands (Application Commands documentation): a slash command's name is
1-32 lowercase letters, digits, ``-`` or ``_`` with a 1-100 character description; a
user or message (context menu) command's name is 1-32 characters of any case, with
spaces, and its description is empty; at most 5 message and 5 user commands; options
need a lowercase name and a description, at most 25 of them and 25 choices each;
``integration_types`` are 0 (server install) and 1 (user install), ``contexts`` are 0
(server), 1 (the bot's DM) and 2 (group DMs and DMs between other users).
"""

from __future__ import annotations

import re
from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
TITLE, DESCRIPTION, FOOTER, AUTHOR = 256, 4096, 2048, 256
FIELDS, FIELD_NAME, FIELD_VALUE = 25, 256, 1024
ROWS, PER_ROW, CUSTOM_ID, LABEL = 5, 5, 100, 80
RESPONSE_SECONDS = 3.0
# A file uploaded to a server without boosts: 10 MiB (Discord answers 413, code 40005).
ATTACHMENT_BYTES = 10 * 1024 * 1024
CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SLASH_NAME = re.compile(r"^[-_\w]{1,32}$")
MENU_COMMANDS, OPTIONS, CHOICES, DESCRIBED = 5, 25, 25, 100
INTEGRATION_TYPES, CONTEXTS = {0, 1}, {0, 1, 2}


def violations(body: dict[str, Any] | None) -> list[str]:
    """Return what in a message body Discord would refuse (empty when it is valid)."""
    if body is None:
        return []
    found: list[str] = []
    content = body.get("content") or ""
    if len(content) > CONTENT:
        found.append(f"content: {len(content)} > {CONTENT} characters")
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS:
        found.append(f"embeds: {len(embeds)} > {EMBEDS}")
    for n, embed in enumerate(embeds):
        found += [f"embeds.{n}.{p}" for p in _embed(embed)]
    rows = body.get("components") or []
    if len(rows) > ROWS:
        found.append(f"components: {len(rows)} > {ROWS} action rows")
    for n, row in enumerate(rows):
        found += [f"components.{n}.{p}" for p in _row(row)]
    return found


def _too_long(name: str, text: Any, limit: int) -> list[str]:
    size = len(text or "")
    return [f"{name}: {size} > {limit} characters"] if size > limit else []


def _embed(embed: dict[str, Any]) -> list[str]:
    fields = embed.get("fields") or []
    found = _too_long("title", embed.get("title"), TITLE)
    found += _too_long("description", embed.get("description"), DESCRIPTION)
    found += _too_long("footer.text", (embed.get("footer") or {}).get("text"), FOOTER)
    found += _too_long("author.name", (embed.get("author") or {}).get("name"), AUTHOR)
    if len(fields) > FIELDS:
        found.append(f"fields: {len(fields)} > {FIELDS}")
    for n, field in enumerate(fields):
        found += _too_long(f"fields.{n}.name", field.get("name"), FIELD_NAME)
        found += _too_long(f"fields.{n}.value", field.get("value"), FIELD_VALUE)
    total = sum(
        len(text or "")
        for text in [
            embed.get("title"),
            embed.get("description"),
            (embed.get("footer") or {}).get("text"),
            (embed.get("author") or {}).get("name"),
            *[f.get("name") for f in fields],
            *[f.get("value") for f in fields],
        ]
    )
    if total > EMBED_TOTAL:
        found.append(f"total: {total} > {EMBED_TOTAL} characters")
    return found


def _row(row: dict[str, Any]) -> list[str]:
    items = row.get("components") or []
    found = [f"components: {len(items)} > {PER_ROW}"] if len(items) > PER_ROW else []
    for n, item in enumerate(items):
        found += _too_long(f"{n}.custom_id", item.get("custom_id"), CUSTOM_ID)
        found += _too_long(f"{n}.label", item.get("label"), LABEL)
    return found


def command_violations(commands: Any) -> list[str]:
    """Return what in a bulk command registration Discord would refuse."""
    if not isinstance(commands, list):
        return ["body: not a list of commands"]
    found: list[str] = []
    kinds = [c.get("type", CHAT_INPUT) for c in commands]
    for kind, name in ((USER, "user"), (MESSAGE, "message")):
        if kinds.count(kind) > MENU_COMMANDS:
            found.append(f"{name} commands: {kinds.count(kind)} > {MENU_COMMANDS}")
    for command in commands:
        found += [f"{command.get('name')}: {p}" for p in _command(command)]
    return found


def _command(command: dict[str, Any]) -> list[str]:
    name, kind = command.get("name") or "", command.get("type", CHAT_INPUT)
    description = command.get("description") or ""
    found: list[str] = []
    if kind == CHAT_INPUT:
        if not SLASH_NAME.match(name) or name != name.lower():
            found.append("name: a slash command name is 1-32 lowercase letters, digits, - or _")
        if not 1 <= len(description) <= DESCRIBED:
            found.append(f"description: {len(description)} characters, not 1-{DESCRIBED}")
        found += _options(command.get("options") or [])
    else:
        if not 1 <= len(name) <= 32:
            found.append("name: 1-32 characters")
        if description:
            found.append("description: must be empty for a context menu command")
        if command.get("options"):
            found.append("options: a context menu command has none")
    if not set(command.get("integration_types") or [0]) <= INTEGRATION_TYPES:
        found.append(f"integration_types: {command.get('integration_types')}")
    if not set(command.get("contexts") or [0]) <= CONTEXTS:
        found.append(f"contexts: {command.get('contexts')}")
    return found


def _options(options: list[dict[str, Any]]) -> list[str]:
    found = [f"options: {len(options)} > {OPTIONS}"] if len(options) > OPTIONS else []
    for option in options:
        name, description = option.get("name") or "", option.get("description") or ""
        if not SLASH_NAME.match(name) or name != name.lower():
            found.append(f"options.{name}: name must be 1-32 lowercase characters")
        if not 1 <= len(description) <= DESCRIBED:
            found.append(f"options.{name}: description not 1-{DESCRIBED} characters")
        if len(option.get("choices") or []) > CHOICES:
            found.append(f"options.{name}: more than {CHOICES} choices")
        found += _options(option.get("options") or [])
    return found
