"""arXiv subject codes: their names (shipped as data) and listing links."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from urllib.parse import quote

from retrieval.config import DATA
from retrieval.models import Subject
from retrieval.text import WORDS, fold

TAXONOMY_FILE = DATA / "arxiv_taxonomy.json"
ALIASES_FILE = DATA / "subject_aliases.json"
LISTING_URL = "https://arxiv.org/list/{code}/recent"


@cache
def names(path: Path = TAXONOMY_FILE) -> dict[str, str]:
    """Return subject code to name, read once from the shipped taxonomy."""
    table: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return {code: name for code, name in table.items() if not code.startswith("_")}


@cache
def aliases(path: Path = ALIASES_FILE) -> dict[str, list[str]]:
    """Return subject code to its everyday names ("ML", "computer vision")."""
    table: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
    return {code: spelled for code, spelled in table.items() if not code.startswith("_")}


def spellings(codes: Iterable[str]) -> list[tuple[str, str]]:
    """Return (code, name) for every name these subjects go by: the official name, then
    the everyday ones."""
    return [
        (code, name)
        for code in codes
        for name in [names().get(code, code), *aliases().get(code, [])]
    ]


def name_words(codes: Iterable[str]) -> frozenset[str]:
    """Return the words of these subjects' names, folded ("computer", "vision" for
    cs.CV): said beside the subject's filter ("cs.CV, vision-wise", "cs.DC, the
    distributed computing crowd"), they name the subject again, not a topic within it."""
    return frozenset(fold(w) for _, name in spellings(codes) for w in WORDS.findall(name))


def subject(code: str) -> Subject:
    """Return a subject with its name (the code itself when unknown) and listing link."""
    link = LISTING_URL.format(code=quote(code, safe=".-"))  # the parser admits codes only;
    return Subject(code=code, name=names().get(code, code), url=link)  # quote anything else
