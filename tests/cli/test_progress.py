"""Ingest progress lines: the rate and time left follow the current speed."""

from __future__ import annotations

import io

import pytest

from cli import subcommands
from cli.subcommands import ProgressLines


def test_time_left_follows_the_current_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([0.0, 10.0, 20.0, 30.0])
    monkeypatch.setattr(subcommands.time, "monotonic", lambda: next(clock))
    out = io.StringIO()
    progress = ProgressLines(True, out)
    progress(4000, 10000)  # t=10: batches already written, passed fast
    progress(4100, 10000)  # t=20: embedding, 10 papers/s
    progress(4200, 10000)  # t=30
    first, second, third = out.getvalue().splitlines()
    assert "400.0 papers/s" in first
    assert "10.0 papers/s" in second and "0:09:50 left" in second  # 5,900 papers at 10/s
    assert "0:09:40 left" in third
