"""A fake arXiv API on 127.0.0.1 serving recorded-format Atom from ``tests/data/arxiv/api``.

``GET /api/query?id_list=a,b`` answers one feed holding the recorded entry of each id
that has a file; an id without one is left out, as arXiv leaves out unknown papers.
``rate_limited = True`` makes it answer arXiv's plain-text throttling body instead.
Each request is recorded with its arrival time, User-Agent and ids, and the fake counts
how many requests it served at once.
"""

from __future__ import annotations

import re
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

RECORDED = Path(__file__).parent / "data" / "arxiv" / "api"
ENTRY = re.compile(r"\s*<entry>.*?</entry>\n", re.DOTALL)
EMPTY_FEED = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="html">ArXiv Query: search_query=&amp;id_list={ids}&amp;start=0</title>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:totalResults>
</feed>
"""


@dataclass(frozen=True)
class Request:
    """One request the fake received."""

    at: float  # time.monotonic() on arrival
    user_agent: str
    ids: tuple[str, ...]


@dataclass
class FakeArxiv:
    """The running fake: its URL, the requests it saw, and switches for failure modes."""

    url: str = ""
    requests: list[Request] = field(default_factory=list)
    most_at_once: int = 0
    rate_limited: bool = False
    delay: float = 0.0  # seconds each answer takes, to expose overlapping requests
    _active: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def feed(self, ids: list[str]) -> bytes:
        """Return the feed arXiv would send for these ids."""
        recorded = [RECORDED / f"{i.replace('/', '_')}.xml" for i in ids]
        texts = [path.read_text(encoding="utf-8") for path in recorded if path.exists()]
        if not texts:
            return EMPTY_FEED.format(ids=",".join(ids)).encode()
        entries = [entry for text in texts for entry in ENTRY.findall(text)]
        template = ENTRY.sub("", texts[0], 1)
        head, tail = template.rsplit("</feed>", 1)
        return (head + "".join(entries) + "</feed>" + tail).encode()


@contextmanager
def fake_arxiv() -> Iterator[FakeArxiv]:
    """Run the fake on a free port of 127.0.0.1 for the duration of the block."""
    state = FakeArxiv()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # the name http.server calls
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            ids = [i for i in ",".join(query.get("id_list", [""])).split(",") if i]
            with state._lock:
                state._active += 1
                state.most_at_once = max(state.most_at_once, state._active)
                state.requests.append(
                    Request(time.monotonic(), self.headers.get("User-Agent", ""), tuple(ids))
                )
            try:
                time.sleep(state.delay)
                if url.path != "/api/query":
                    self.send_error(404)
                    return
                body = b"Rate exceeded." if state.rate_limited else state.feed(ids)
                self.send_response(200)
                self.send_header("Content-Type", "application/atom+xml; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            finally:
                with state._lock:
                    state._active -= 1

        def log_message(self, format: str, *args: object) -> None:
            """Keep the test output quiet."""

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{server.server_address[1]}/api/query"
    # A short poll: shutdown() waits up to one poll (0.5 s by default) at every test's end.
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
