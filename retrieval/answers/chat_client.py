"""Call an OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, vLLM,
or a hosted API) with httpx; no vendor SDK.

Every failure (no connection, a timeout, 429, 5xx, a reply without text) is one
``ChatUnavailable`` whose message says what happened, for the log; the caller falls back
to the plain answer.
"""

from __future__ import annotations

import logging
import os
from typing import Any

import httpx

from retrieval.config import LlmSettings

log = logging.getLogger(__name__)


class ChatUnavailable(Exception):
    """The endpoint gave no usable reply; the message says why."""


class ChatClient:
    """Ask one chat-completions endpoint for a completion, with a deadline."""

    def __init__(self, settings: LlmSettings) -> None:
        assert settings.base_url is not None
        self.settings = settings
        self.url = settings.base_url.rstrip("/") + "/chat/completions"
        key = os.environ.get(settings.api_key_env) if settings.api_key_env else None
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        # One pooled client per engine; httpx clients are safe to share between threads.
        self._http = httpx.Client(headers=headers, timeout=settings.timeout)

    def complete(self, messages: list[dict[str, str]]) -> str:
        """Return the model's reply to the messages."""
        body: dict[str, Any] = {
            "model": self.settings.model,
            "messages": messages,
            "max_tokens": self.settings.max_tokens,
            "temperature": 0,
            "stream": False,
        }
        try:
            response = self._http.post(self.url, json=body)
        except httpx.TimeoutException:
            raise ChatUnavailable(f"no reply within {self.settings.timeout:g} s") from None
        except httpx.HTTPError as exc:
            raise ChatUnavailable(f"cannot reach {self.url} ({type(exc).__name__})") from None
        if response.status_code == 429:
            raise ChatUnavailable("rate limited (HTTP 429)")
        if response.status_code >= 400:
            raise ChatUnavailable(f"HTTP {response.status_code} from {self.url}")
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise ChatUnavailable("the reply is not a chat completion") from None
        if not isinstance(content, str):
            raise ChatUnavailable("the reply has no text")
        return content

    def close(self) -> None:
        """Close the pooled connections."""
        self._http.close()
