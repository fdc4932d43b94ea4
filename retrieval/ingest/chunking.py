"""Cut abstracts into token windows with tiktoken ``cl100k_base``, at sentence boundaries.

The encoding file is vendored in ``data/`` and loaded through tiktoken's own loader with
its published SHA-256, so nothing is downloaded and a corrupted file is refused.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import tiktoken
from tiktoken.load import load_tiktoken_bpe

from retrieval.config import DATA
from retrieval.errors import ModelError
from retrieval.models import Chunk, Paper
from retrieval.text import Sentence, sentences

ENCODING_FILE = DATA / "cl100k_base.tiktoken"
ENCODING_SHA256 = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
# cl100k_base's split pattern and special tokens, as tiktoken_ext.openai_public defines them.
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
CL100K_SPECIAL = {
    "<|endoftext|>": 100257,
    "<|fim_prefix|>": 100258,
    "<|fim_middle|>": 100259,
    "<|fim_suffix|>": 100260,
    "<|endofprompt|>": 100276,
}


@cache
def encoding(path: Path = ENCODING_FILE) -> tiktoken.Encoding:
    """Return cl100k_base loaded from the vendored file, its hash checked."""
    try:
        ranks = load_tiktoken_bpe(str(path), expected_hash=ENCODING_SHA256)
    except (OSError, ValueError) as exc:
        raise ModelError(
            f"cannot load the tiktoken encoding from {path}: {exc}. "
            "Restore data/cl100k_base.tiktoken from the repository."
        ) from exc
    return tiktoken.Encoding(
        name="cl100k_base",
        pat_str=CL100K_PATTERN,
        mergeable_ranks=ranks,
        special_tokens=CL100K_SPECIAL,
    )


def count_tokens(text: str) -> int:
    """Return the number of cl100k_base tokens in a text."""
    return len(encoding().encode_ordinary(text))


def chunk_paper(paper: Paper, size: int, overlap: int, salt: str = "") -> list[Chunk]:
    """Cut a paper's abstract into windows of at most ``size`` tokens.

    Windows end at sentence boundaries; the next window repeats trailing sentences of up
    to ``overlap`` tokens. A sentence longer than ``size`` is cut at word boundaries.
    A paper with no abstract gets one chunk of its title alone.
    Example: size 256, overlap 32 -> a 230-token abstract gives one chunk; a 400-token
    abstract gives two, the second starting with the last sentence(s) of <= 32 tokens.
    """
    if size <= 0 or not 0 <= overlap < size:
        raise ValueError("chunk size must be positive and overlap in [0, size)")
    pieces = [p for s in sentences(paper.abstract) for p in _fit(s, size)]
    windows = list(_windows(pieces, size, overlap)) or [[]]
    chunks = []
    seen: dict[str, int] = {}
    for index, window in enumerate(windows):
        start = window[0][0].start if window else 0
        end = window[-1][0].end if window else 0
        text = paper.abstract[start:end]
        # An abstract of repeated text has identical windows; the occurrence count keeps
        # their ids distinct (Chroma refuses duplicates) and still content-derived.
        repeat = seen.get(text, 0)
        seen[text] = repeat + 1
        key = f"{salt}\0{paper.title}\0{text}" + (f"\0{repeat}" if repeat else "")
        digest = hashlib.sha1(key.encode()).hexdigest()[:20]
        tokens = sum(n for _, n in window) if window else count_tokens(paper.title)
        chunks.append(Chunk(f"c{digest}", paper.id, index, text, start, end, tokens))
    return chunks


def _fit(sentence: Sentence, size: int) -> list[tuple[Sentence, int]]:
    """Return the sentence with its token count, cut at word boundaries if too long."""
    n = count_tokens(sentence.text)
    if n <= size:
        return [(sentence, n)]
    parts: list[tuple[Sentence, int]] = []
    begin, used = sentence.start, 0
    for word in re.finditer(r"\S+\s*", sentence.text):
        cost = count_tokens(word.group())
        if used and used + cost > size:
            end = sentence.start + word.start()
            parts.append((_slice(sentence, begin, end), used))
            begin, used = end, 0
        used += cost
    parts.append((_slice(sentence, begin, sentence.end), used))
    return parts


def _slice(sentence: Sentence, start: int, end: int) -> Sentence:
    text = sentence.text[start - sentence.start : end - sentence.start].rstrip()
    return Sentence(text, start, start + len(text))


def _windows(
    pieces: list[tuple[Sentence, int]], size: int, overlap: int
) -> Iterator[list[tuple[Sentence, int]]]:
    window: list[tuple[Sentence, int]] = []
    used = 0
    for piece in pieces:
        if window and used + piece[1] > size:
            yield window
            carried: list[tuple[Sentence, int]] = []
            kept = 0
            for previous in reversed(window):
                if kept + previous[1] > overlap or kept + previous[1] + piece[1] > size:
                    break
                carried.insert(0, previous)
                kept += previous[1]
            window, used = carried, kept
        window.append(piece)
        used += piece[1]
    if window:
        yield window
