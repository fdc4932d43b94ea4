"""The message limits real Discord enforces, so the fake refuses what Discord would refuse.

From Discord's developer documentation (Message, Embed and Component resources): content
up to 2,000 characters; up to 10 embeds whose title, description, field, footer and author
texts stay within 256/4,096/256+1,024/2,048/256 characters, at most 25 fields, and 6,000
characters in all; up to 5 action rows of up to 5 buttons, each custom_id up to 100
characters and label up to 80.
"""

from __future__ import annotations

from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
TITLE, DESCRIPTION, FOOTER, AUTHOR = 256, 4096, 2048, 256
FIELDS, FIELD_NAME, FIELD_VALUE = 25, 256, 1024
ROWS, PER_ROW, CUSTOM_ID, LABEL = 5, 5, 100, 80


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
