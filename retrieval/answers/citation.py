"""Citations for a paper: a BibTeX entry and a plain-text reference.

With an arXiv id the entry is an ``@article`` in arXiv's own form (``eprint``,
``archivePrefix``, ``primaryClass``, the abstract page as ``url``). Without one it is a
``@misc`` whose note says what papercord does not know: the identifier, and, for papers
read only from listing pages, the co-authors those pages do not name (the author list
ends in ``and others``, which styles print as "et al."). A paper read from a JSON Lines
or arXiv snapshot record lists every author, so its list is given as complete.

Keys are stable: first author's surname, year and the title's first significant word
(``hoefler2023gptq``), from the paper's own metadata only, so re-indexing or a new
paper never changes an existing key. Two papers by the same first author in the same
year starting with the same word would share a key; the arXiv id, when known, differs.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from retrieval.index.refs import paper_url
from retrieval.models import Paper

ABS_URL = "https://arxiv.org/abs/"
FULL_AUTHOR_LISTS = (".jsonl", ".json")  # records that list every author (pages name one)
MAX_AUTHORS = 30  # longer lists end in "and others": the entry stays under 2,000 characters
TEXT_AUTHORS = 3  # the plain-text reference names three, then "et al."
# LaTeX's ten special characters (The LaTeX Companion, 2nd ed., 2.1).
LATEX_SPECIALS = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
SPECIAL = re.compile("|".join(re.escape(c) for c in LATEX_SPECIALS))
# A word with a capital after its first letter (GPTQ, LLMs, FPGAs, NISQ-Era, GraphSAGE):
# braced, so bibliography styles that lower-case titles keep it as written.
KEEP_CASE = re.compile(r"(?<![\w\\])\w+[A-Z]\w*")
MINOR_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "on",
        "of",
        "for",
        "in",
        "to",
        "and",
        "or",
        "with",
        "via",
        "from",
        "by",
        "at",
        "towards",
        "toward",
        "is",
        "are",
    ]
)


@dataclass(frozen=True)
class Citation:
    """One paper's citation key, BibTeX entry and plain-text reference."""

    key: str
    bibtex: str
    text: str


def latex_escape(text: str) -> str:
    """Return text with LaTeX's special characters escaped ("A&B" -> "A\\&B")."""
    return SPECIAL.sub(lambda m: LATEX_SPECIALS[m[0]], text)


def bibtex_title(title: str) -> str:
    """Return a title escaped for BibTeX, acronyms braced so styles keep their case."""
    escaped = latex_escape(" ".join(title.split()))
    # Brace only outside the escapes just added (their letters are lower-case words).
    return KEEP_CASE.sub(lambda m: "{" + m[0] + "}", escaped)


def _ascii_word(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", folded.lower())


def citation_key(paper: Paper) -> str:
    """Return the stable key: surname, year, first significant title word."""
    first = paper.authors[0] if paper.authors else ""
    surname = _ascii_word(first.split()[-1]) if first.split() else ""
    words = [_ascii_word(w) for w in re.split(r"[\s\-:/]+", paper.title)]
    significant = [w for w in words if w and w not in MINOR_WORDS]
    word = significant[0] if significant else ""
    return f"{surname or 'anonymous'}{paper.year}{word}"


def lists_every_author(paper: Paper) -> bool:
    """Return True when a record of the paper lists all its authors (a JSON Lines or
    snapshot record), not only the owner of a listing page that names it."""
    return any(source.path.endswith(FULL_AUTHOR_LISTS) for source in paper.sources)


def _field(name: str, value: str) -> str:
    return f"  {name} = {{{value}}},"


def cite(paper: Paper, arxiv_id: str = "") -> Citation:
    """Return the citation of a paper; ``arxiv_id`` when known makes it an arXiv ``@article``."""
    key = citation_key(paper)
    primary = paper.subjects[0] if paper.subjects else ""
    authors = list(paper.authors[:MAX_AUTHORS])
    complete = (bool(arxiv_id) or lists_every_author(paper)) and len(paper.authors) <= MAX_AUTHORS
    names = " and ".join(latex_escape(a) for a in authors) or "Anonymous"
    lines = [
        _field("title", bibtex_title(paper.title)),
        _field("author", names if complete else f"{names} and others"),
        _field("year", str(paper.year)),
    ]
    if arxiv_id:
        url = ABS_URL + arxiv_id
        lines += [
            _field("journal", f"arXiv preprint arXiv:{latex_escape(arxiv_id)}"),
            _field("eprint", latex_escape(arxiv_id)),
            _field("archivePrefix", "arXiv"),
        ]
        lines += [_field("primaryClass", latex_escape(primary))] if primary else []
        lines.append(_field("url", url))
        kind = "article"
    else:
        url = paper_url(paper.title)
        listed = f"Listed on arXiv under {primary}" if primary else "Listed on arXiv"
        note = f"{listed}; arXiv identifier unknown" + (
            ""
            if lists_every_author(paper)
            else ". Authors are those whose publication listings name the paper; "
            "co-authors may be missing"
        )
        lines += [_field("note", latex_escape(note)), _field("url", url)]
        kind = "misc"
    entry = "\n".join([f"@{kind}{{{key},", *lines, "}"])
    return Citation(key, entry, _text(paper, arxiv_id, primary, url, complete))


def _text(paper: Paper, arxiv_id: str, primary: str, url: str, complete: bool) -> str:
    """Return "Authors (year). Title. arXiv:id [subject]. url"."""
    names = list(paper.authors[:TEXT_AUTHORS]) or ["Anonymous"]
    more = len(paper.authors) > TEXT_AUTHORS or not complete
    authors = ", ".join(names) + (" et al." if more else "")
    title = " ".join(paper.title.split()).rstrip(".")
    subject = f" [{primary}]" if primary else ""
    where = f"arXiv:{arxiv_id}{subject}" if arxiv_id else f"arXiv{subject}, identifier unknown"
    return f"{authors} ({paper.year}). {title}. {where}. {url}"
