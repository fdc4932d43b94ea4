"""The optional grounded summary: a prompt from the shown snippets, and the checks its
reply must pass before anyone sees it.

Each shown paper gets an opaque key (``[K7QF]``: four letters and digits hashed from the
question and the paper, so a key says nothing about the paper and cannot be guessed).
The model sees only the question and, per key, the title, year and the quoted snippet,
and is told to cite a key after every sentence, to quote only those words, and to
answer exactly ``NO_ANSWER`` when the snippets do not answer the question.

A reply is shown only if every check passes (``check``):

- it has 1 to ``MAX_SENTENCES`` sentences and at most ``MAX_CHARS`` characters;
- every bracketed key is one of the shown papers' keys;
- every sentence cites at least one key;
- every span in quotation marks ("..." or “...”) is verbatim, up to whitespace, in the
  abstract of a paper that sentence cites.

Anything else is a ``Rejected`` with the reason, and the answer goes out without it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from retrieval.models import Answer, Result, Summary, SummaryCitation
from retrieval.text import sentences

NO_ANSWER = "NO_ANSWER"
MAX_SENTENCES = 4
MAX_CHARS = 1200  # four sentences; the embed's description keeps the cards below it
KEY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
BRACKETS = re.compile(r"\[([^\[\]]{1,40})\]")
LEADING_KEYS = re.compile(r"^(?:\[[^\[\]]{1,40}\]\s*)+")
QUOTES = re.compile(r"\"([^\"]+)\"|“([^”]+)”")

SYSTEM = (
    "You answer a question about research papers in 2 to 4 sentences, using ONLY the "
    "numbered snippets the user gives. Each snippet has a key in square brackets, such "
    "as [K7QF]. Rules: (1) End every sentence with the key of each snippet it relies "
    "on, in square brackets. (2) Cite no other key and use no other source, not even "
    "what you know. (3) Put words in quotation marks only when they are copied exactly "
    "from a snippet you cite in that sentence. (4) If the snippets do not answer the "
    f"question, reply with exactly {NO_ANSWER} and nothing else."
)


class Rejected(Exception):
    """A reply that may not be shown; the message says why, for the log."""


class Declined(Exception):
    """The model said the snippets do not answer the question."""


@dataclass(frozen=True)
class Shown:
    """The papers a summary may cite: each result with its key and its abstract."""

    question: str
    results: tuple[Result, ...]
    keys: tuple[str, ...]
    abstracts: Mapping[str, str]  # paper id -> abstract


def shown_papers(answer: Answer, shown: int, abstracts: Mapping[str, str]) -> Shown:
    """Return the first ``shown`` results of an answer with their keys and abstracts."""
    results = answer.results[:shown]
    keys: list[str] = []
    for result in results:
        keys.append(_key(answer.question, result.paper.id, taken=keys))
    found = {r.paper.id: abstracts.get(r.paper.id, "") for r in results}
    return Shown(answer.question, results, tuple(keys), found)


def _key(question: str, paper_id: str, taken: Sequence[str]) -> str:
    """Return a 4-character key for a paper in one answer, unlike the keys taken."""
    salt = 0
    while True:
        digest = hashlib.blake2b(f"{question}\0{paper_id}\0{salt}".encode(), digest_size=4)
        key = "".join(KEY_ALPHABET[b % len(KEY_ALPHABET)] for b in digest.digest())
        if key not in taken:
            return key
        salt += 1


def messages(shown: Shown) -> list[dict[str, str]]:
    """Return the chat messages that ask for a summary of the shown snippets."""
    snippets = "\n".join(
        f"[{key}] {r.paper.title} ({r.paper.year}): {r.snippet.text}"
        for key, r in zip(shown.keys, shown.results, strict=True)
    )
    user = f"Question: {shown.question}\n\nSnippets:\n{snippets}"
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def check(reply: str, shown: Shown) -> Summary:
    """Return the reply as a summary citing papers by number, or raise why it may not be
    shown (``Rejected``) or that the model declined (``Declined``)."""
    text = " ".join(reply.split())
    if text.strip(" .").upper() == NO_ANSWER:
        raise Declined("the model said the snippets do not answer the question")
    if not text:
        raise Rejected("the reply is empty")
    if len(text) > MAX_CHARS:
        raise Rejected(f"the reply has {len(text)} characters, over {MAX_CHARS}")
    parts = _sentences(text)
    if len(parts) > MAX_SENTENCES:
        raise Rejected(f"the reply has {len(parts)} sentences, over {MAX_SENTENCES}")
    number = {key: n for n, key in enumerate(shown.keys, start=1)}
    cited: dict[str, None] = {}
    for sentence in parts:
        keys = _cited_keys(sentence)
        unknown = [k for k in keys if k not in number]
        if unknown:
            raise Rejected(f"it cites [{unknown[0]}], which is not a shown paper")
        if not keys:
            raise Rejected(f"a sentence cites no paper: {sentence[:80]!r}")
        _check_quotes(sentence, [shown.results[number[k] - 1].paper.id for k in keys], shown)
        cited.update(dict.fromkeys(keys))
    numbered = BRACKETS.sub(lambda m: _numbers(m.group(1), number), text)
    return Summary(
        text=numbered,
        citations=tuple(
            SummaryCitation(number[k], k, shown.results[number[k] - 1].paper)
            for k in sorted(cited, key=number.__getitem__)
        ),
    )


def _sentences(text: str) -> list[str]:
    """Return the reply's sentences; citations after a full stop belong to the sentence
    before them ("... at scale. [K7QF] Another ...")."""
    merged: list[str] = []
    for sentence in sentences(text):
        piece = sentence.text
        leading = LEADING_KEYS.match(piece)
        if leading and merged:
            merged[-1] = f"{merged[-1]} {leading.group(0).strip()}"
            piece = piece[leading.end() :].strip()
        if not piece:
            continue
        if merged and not BRACKETS.sub("", piece).strip(" .;,"):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return merged


def _cited_keys(sentence: str) -> list[str]:
    """Return every key a sentence cites: "[K7QF]", "[K7QF, M2PX]" and "[K7QF][M2PX]"."""
    return [
        key.strip()
        for inside in BRACKETS.findall(sentence)
        for key in re.split(r"[,;]", inside)
        if key.strip()
    ]


def _check_quotes(sentence: str, cited: list[str], shown: Shown) -> None:
    """Raise ``Rejected`` when a quoted span is in none of the cited papers' abstracts."""
    for match in QUOTES.finditer(sentence):
        span = " ".join((match.group(1) or match.group(2)).split())
        if not any(span in " ".join(shown.abstracts[pid].split()) for pid in cited):
            raise Rejected(f"the quote {span[:60]!r} is not in the abstract of a paper it cites")


def _numbers(inside: str, number: Mapping[str, int]) -> str:
    """Return "[1, 3]" for "[K7QF, M2PX]"."""
    keys = [k.strip() for k in re.split(r"[,;]", inside) if k.strip()]
    return "[" + ", ".join(str(number[k]) for k in keys) + "]"
