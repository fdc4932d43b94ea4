"""Fetch paper metadata from the arXiv API (Atom), politely, as snapshot-format rows.

The API (https://info.arxiv.org/help/api/user-manual.html) answers
``GET <api_base>?id_list=2210.17323,...&max_results=N`` with an Atom feed, one ``<entry>``
per paper: ``<id>`` (the abs URL with a version), ``<title>``, ``<summary>``,
``<published>`` (version 1), ``<updated>``, ``<author><name>``, ``<category term>``,
``<arxiv:primary_category>``, optional ``<arxiv:doi>`` and ``<arxiv:journal_ref>``.
A malformed id comes back as HTTP 200 with one entry titled "Error" whose id is under
``http://arxiv.org/api/errors``; an unknown one as a feed without that entry.

arXiv asks clients to make one request at a time, at least 3 s apart: ``ArxivClient``
holds a lock across each request and sleeps until ``min_interval`` has passed since the
previous one. Every request carries the configured User-Agent.

Entries become rows of the snapshot's JSON Lines format, so ``papercord add`` stores
them in a file ``retrieval.ingest.arxiv_snapshot`` reads like any snapshot.
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from datetime import datetime
from email.utils import format_datetime
from typing import Any

from retrieval.config import ArxivSettings
from retrieval.errors import NotFoundError, PapercordError, QueryError
from retrieval.ingest.arxiv_snapshot import normalize_id

log = logging.getLogger(__name__)

ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV = "{http://arxiv.org/schemas/atom}"
ERRORS = "arxiv.org/api/errors"
BATCH = 20  # ids per request: one request for a typical `add`, small enough for any URL


class ArxivUnavailable(PapercordError):
    """The arXiv API could not be reached or answered with something that is not a feed."""


class ArxivClient:
    """One polite client per process: requests are serialized and spaced out."""

    def __init__(
        self,
        settings: ArxivSettings,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self._clock, self._sleep = clock, sleep
        self._lock = threading.Lock()  # one request at a time, across threads
        self._last: float | None = None

    def fetch(self, ids: Sequence[str]) -> list[dict[str, Any]]:
        """Return a snapshot-format row per id, in order; raise if any is unknown."""
        wanted = parse_ids(ids)
        rows: dict[str, dict[str, Any]] = {}
        for begin in range(0, len(wanted), BATCH):
            batch = wanted[begin : begin + BATCH]
            rows.update(parse_feed(self._get(batch)))
        missing = [i for i in wanted if i not in rows]
        if missing:
            raise NotFoundError(f"arXiv has no paper {', '.join(missing)}; nothing was changed")
        return [rows[i] for i in wanted]

    def _get(self, ids: Sequence[str]) -> bytes:
        query = urllib.parse.urlencode({"id_list": ",".join(ids), "max_results": len(ids)})
        url = f"{self.settings.api_base}?{query}"
        request = urllib.request.Request(url, headers={"User-Agent": self.settings.user_agent})
        with self._lock:
            if self._last is not None:
                wait = self.settings.min_interval - (self._clock() - self._last)
                if wait > 0:
                    self._sleep(wait)
            try:
                log.info("fetching %s", url)
                with urllib.request.urlopen(request, timeout=self.settings.timeout) as response:
                    body: bytes = response.read()
            except (urllib.error.URLError, TimeoutError, OSError) as exc:
                reason = getattr(exc, "reason", None) or exc
                raise ArxivUnavailable(
                    f"cannot reach the arXiv API at {self.settings.api_base} ({reason}); "
                    "nothing was changed"
                ) from exc
            finally:
                self._last = self._clock()
        return body


def parse_ids(texts: Sequence[str]) -> list[str]:
    """Return bare arXiv ids for ids or abs/pdf URLs, once each; refuse anything else."""
    ids: list[str] = []
    for text in texts:
        found = normalize_id(text)
        if found is None:
            raise QueryError(
                f"{text.strip()[:80]!r} is not an arXiv id or URL "
                "(e.g. 2210.17323 or https://arxiv.org/abs/2210.17323); nothing was changed"
            )
        ids.append(found)
    if not ids:
        raise QueryError("give at least one arXiv id, e.g. 2210.17323")
    return list(dict.fromkeys(ids))


def parse_feed(body: bytes) -> dict[str, dict[str, Any]]:
    """Return snapshot-format rows by arXiv id from an API Atom feed."""
    try:
        feed = ET.fromstring(body)
    except ET.ParseError as exc:
        text = body[:80].decode("utf-8", "replace").strip()
        raise ArxivUnavailable(
            f"the arXiv API did not answer with a feed ({text!r}); nothing was changed"
        ) from exc
    rows: dict[str, dict[str, Any]] = {}
    for entry in feed.iter(f"{ATOM}entry"):
        entry_id = _text(entry, "id")
        if ERRORS in entry_id:
            raise QueryError(f"arXiv refused the request: {_text(entry, 'summary')}")
        row = entry_row(entry)
        if row is not None:
            rows[row["id"]] = row
    return rows


def entry_row(entry: ET.Element) -> dict[str, Any] | None:
    """Return one entry as a snapshot row, or None for an entry without id or title."""
    arxiv_id = normalize_id(_text(entry, "id"))
    title = " ".join(_text(entry, "title").split())
    if arxiv_id is None or not title:
        return None
    names = [" ".join(_text(a, "name").split()) for a in entry.iter(f"{ATOM}author")]
    names = [n for n in names if n]
    categories = [c.get("term", "") for c in entry.iter(f"{ATOM}category")]
    return {
        "id": arxiv_id,
        "title": title,
        "abstract": _text(entry, "summary"),
        "categories": " ".join(dict.fromkeys(c for c in categories if c)),
        "authors": ", ".join(names),
        "authors_parsed": [[*_family_given(n), ""] for n in names],
        "versions": [{"version": "v1", "created": _rfc2822(_text(entry, "published"))}],
        "update_date": _text(entry, "updated")[:10],
        "doi": _text(entry, "doi", ARXIV) or None,
        "journal-ref": _text(entry, "journal_ref", ARXIV) or None,
    }


def _text(element: ET.Element, tag: str, namespace: str = ATOM) -> str:
    found = element.find(f"{namespace}{tag}")
    return (found.text or "").strip() if found is not None else ""


def _family_given(name: str) -> tuple[str, str]:
    """Split "Elias Frantar" into ("Frantar", "Elias"), as authors_parsed holds names."""
    given, _, family = name.rpartition(" ")
    return family, given


def _rfc2822(iso: str) -> str:
    """Return "2022-10-31T13:42:40Z" as the snapshot writes dates ("Mon, 31 Oct 2022 ...")."""
    try:
        return format_datetime(datetime.fromisoformat(iso.replace("Z", "+00:00")), usegmt=True)
    except ValueError:
        return iso
