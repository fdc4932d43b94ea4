"""A fake OpenAI-compatible chat-completions server on 127.0.0.1 that can misbehave.

``POST /v1/chat/completions`` reads the snippets papercord sent (``[KEY] title (year):
snippet`` lines) and answers as ``mode`` says:

- ``good``: two sentences, the first quoting the first snippet's opening words and
  citing its key, the second citing the second snippet's key (or the first again);
- ``unshown_key``: cites a key that was not shown;
- ``misquote``: quotes words the abstract does not say;
- ``no_citation``: a second sentence with no citation;
- ``decline``: the refusal word, NO_ANSWER;
- ``slow``: answers well, but only after ``delay`` seconds (past the client's timeout);
- ``429`` / ``500``: those HTTP errors, with an OpenAI-style error body.

Every request body is recorded, with its Authorization header.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SNIPPET = re.compile(r"^\[([A-Z0-9]{4})\] (.*?) \((\d{4})\): (.*)$", re.MULTILINE)


@dataclass
class FakeLlm:
    """The running fake: its base URL, what it was sent, and how it answers."""

    url: str = ""
    mode: str = "good"
    delay: float = 3.0  # seconds before a "slow" answer
    requests: list[dict[str, Any]] = field(default_factory=list)
    authorizations: list[str | None] = field(default_factory=list)

    def reply(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Return the status and JSON body for a chat-completions request."""
        if self.mode in {"429", "500"}:
            kind = "rate_limit_exceeded" if self.mode == "429" else "server_error"
            return int(self.mode), {"error": {"message": "fake failure", "type": kind}}
        if self.mode == "slow":
            time.sleep(self.delay)
        snippets = SNIPPET.findall(body["messages"][-1]["content"])
        return 200, completion(self.text(snippets))

    def text(self, snippets: list[tuple[str, str, str, str]]) -> str:
        """Return the reply text this mode gives for these snippets."""
        (first, _, _, quoted), *rest = snippets
        second = rest[0][0] if rest else first
        opening = " ".join(quoted.split()[:5]).strip('.,;:"“”')
        good = (
            f'The first paper says "{opening}" about this [{first}]. '
            f"Another shown paper addresses it too [{second}]."
        )
        return {
            "good": good,
            "slow": good,
            "unshown_key": f"The papers agree on this [{first}]. One more says so [ZZ9Q].",
            "misquote": f'The first paper "solves the problem completely" [{first}].',
            "no_citation": f"The first paper covers this [{first}]. It is widely used.",
            "decline": "NO_ANSWER",
        }[self.mode]


def completion(text: str) -> dict[str, Any]:
    """Return a chat completion object holding ``text``, as OpenAI's API shapes it."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": "fake",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


@contextmanager
def fake_llm() -> Iterator[FakeLlm]:
    """Run the fake on a free loopback port until the block ends."""
    state = FakeLlm()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            if self.path != "/v1/chat/completions":
                self.send_error(404)
                return
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.requests.append(body)
            state.authorizations.append(self.headers.get("Authorization"))
            status, answer = state.reply(body)
            data = json.dumps(answer).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up waiting
                pass

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    # A short poll: shutdown() waits up to one poll (0.5 s by default) at every test's end.
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
