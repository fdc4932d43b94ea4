"""The bot caps malloc arenas, so its memory levels off across reindexes (bench.load)."""

from __future__ import annotations

import platform

import pytest

from bot.memory import limit_malloc_arenas


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="a glibc setting")
def test_arenas_are_capped_on_glibc() -> None:
    assert limit_malloc_arenas()
