"""The standing fuzz suite's budget and its hostile-text strategies (issue 11).

Every fuzz test (marked ``fuzz``) takes a share of 10,000 examples per CI run through
``budget``; together they run in under a minute. To search harder, scale every share:

    FUZZ_SCALE=20 pytest -m fuzz        # 200,000 examples

The only exceptions a fuzzed call may raise are papercord's own (``PapercordError``):
a user then gets one clear line. Anything else is a bug the fuzzer found.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from retrieval.errors import PapercordError

T = TypeVar("T")
SCALE = float(os.environ.get("FUZZ_SCALE", "1"))  # not PAPERCORD_*: settings refuse those
BUDGETS: dict[str, int] = {}  # test name -> examples per CI run, filled by ``budget``


def budget(name: str, examples: int) -> settings:
    """Return hypothesis settings for ``examples`` examples (times FUZZ_SCALE)."""
    BUDGETS[name] = examples
    return settings(
        max_examples=max(1, round(examples * SCALE)),
        deadline=None,  # the machine is shared; a slow example is not a failure
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def only_ours(call: Callable[[], T]) -> T | None:
    """Return the call's result; None when it raised one of papercord's own errors."""
    try:
        return call()
    except PapercordError:
        return None


# Pieces a hostile or unlucky user types: markdown, mentions, terminal escapes, control
# and bidi characters, lone surrogates, combining marks, emoji, format strings, and
# words the corpus knows, so that some inputs reach deep into retrieval.
FRAGMENTS = [
    "**", "__", "`", "```", "~~", "||", "> ", "# ", "- ", "[x](https://e.com)", "[", "](", "\\",
    "@everyone", "@here", "<@123456789012345678>", "<@&1>", "<#1>", "<:e:1>", "<t:0>",
    "\x1b[31m", "\x1b[2J", "\x1b]0;title\x07", "\x1b", "\x07", "\x08", "\x00", "\x7f", "\x9b",
    "\r", "\n", "\r\n", "\t", "\x0c", "\u2028", "\u202e", "\u2066", "\u200b", "\u200d", "\ufeff",
    "\ufffd", "\ud800", "\udfff", "\udcff", "\U0001f680", "👩\u200d🔬", "e\u0301", "ﬁ", "İ", "ß",
    "%s", "%(x)s", "{0}", "{}", "$\\mu$", "’", "…", "·", "↗", " ", "  ", "x" * 300,
    "GPTQ", "quantization", "4 bits", "FPGA", "Hoefler", "Zhiru Zhang", "Torsten", "graph",
    "arXiv2023", "cs.LG", "cs.LG↗", "quant-ph", "2022..2023",
]  # fmt: skip

# Code point ranges a piece of random text draws from: ASCII, C0/C1 controls, Latin-1,
# the rest of the BMP, lone surrogates, specials and private use, and astral planes.
RANGES = [(0x20, 0x7E), (0x00, 0x1F), (0x7F, 0x9F), (0xA0, 0xFF), (0x100, 0xD7FF),
          (0xD800, 0xDFFF), (0xE000, 0xFFFF), (0x10000, 0x10FFFF)]  # fmt: skip


def hostile(rng: random.Random, pieces: int = 6) -> str:
    """Return up to ``pieces`` fragments and runs of random code points, joined.

    Built from a ``random.Random`` seeded by hypothesis rather than from a strategy per
    character: every draw through hypothesis costs ~0.1 ms, and the suite must run
    10,000 examples in under a minute. A failure prints its seed (``seed=...``), which
    replays it exactly; ``@example`` pins the inputs the issue reported.
    """
    out = []
    for _ in range(rng.randint(0, pieces)):
        if rng.random() < 0.7:
            out.append(rng.choice(FRAGMENTS))
        else:
            low, high = rng.choice(RANGES)
            out.append("".join(chr(rng.randint(low, high)) for _ in range(rng.randint(1, 8))))
    return "".join(out)


def json_value(rng: random.Random, depth: int = 0) -> Any:
    """Return a random JSON value: any type, nested up to three levels."""
    kind = rng.randint(0, 9 if depth < 3 else 6)
    scalars: list[Any] = [
        None, rng.random() < 0.5, rng.randint(-(2**70), 2**70), rng.uniform(-1e308, 1e308),
        hostile(rng, 3), rng.randint(1980, 2110), rng.choice(["2023", "cs.LG", "", "1e3"]),
    ]  # fmt: skip
    if kind < len(scalars):
        return scalars[kind]
    if kind < 9:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {hostile(rng, 2): json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


seeds = st.integers(min_value=0, max_value=2**64 - 1)
hostile_text = seeds.map(lambda seed: hostile(random.Random(seed)))


def file_text(text: str) -> str:
    """Return text as it can come out of a UTF-8 file (no lone surrogates)."""
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
