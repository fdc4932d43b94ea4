"""What a message pastes rather than asks: lines it quotes, and web addresses.

- **Lines quoted from the list.** A reply on Discord quotes what it answers with
  Markdown's "> ": "> **GPTQ: Accurate Post-Training Quantization ...** (2023)\\nok, but
  which one proposes a new number format?". A quoted line that is a listed title, or
  ``LISTED_WORDS`` words or more that a title or an abstract writes as they stand (its
  list number, Markdown marks and a year in brackets aside), quotes the list (the bot's
  reply, a title, an abstract's sentence), and is not what is asked: searched, it made
  the quoted paper the answer, and "(2023)" a year filter that left the right paper out.
  Such lines are left out when the message's own lines ask for papers on a topic of
  their own (``NEW_SEARCH``, "the RDMA one") and do not point back ("this", "it", "they",
  "its", "similar"); asking for others ("any other weather papers?"), the quoted paper
  is set aside by its name ("besides ENS-10"). Lines that ask about the quote ("which
  dataset?", "how many bits?", "got the full ref?") keep it; when they point back ("what
  did they test?", "summarize it", "anything similar?"), the quoted titles are put where
  they point ("similar to <title>"). Other quoted lines are the asker's context ("> JPEG
  is at the floor\\nwhich paper argues otherwise?") and stay.
- **BibTeX entries.** "@article{key, title={...}, author={...}, journal={arXiv preprint
  arXiv:2210.17323}, year={2022}} is this listed?" made its year a filter (a preprint's
  year is often not the listed one) and its venue a name ("No listed paper is the
  “arXiv” paper"), and co-authors the listing does not name made a listed title "Not a
  sure match". An entry is read as its fields' words, its key, the fields of where and
  when (``NO_TOPIC``) and the authors who are not listed ones ("and others") aside
  (``bibtex_entries``).
- **Web addresses.** "https://github.com/spcl/dace which papers build on this?" spelled
  "https", "github" and "com", which abstracts write in their code links, so papers with
  a link answered. An address is read as the words of its path that the corpus uses and
  English seldom does (``EVERYDAY_ZIPF``), framing words aside: "dace" there, "a100" in a
  vendor's page, not "results" in a news page's; an arXiv subject code stays
  ("/list/cs.CV/recent": "cs.CV"). The host and "/en/latest/" are no topic.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bibtexparser.entrypoint import parse_string

from retrieval.index.titles import short_name
from retrieval.index.vocabulary import zipf
from retrieval.query.asking import FRAMING_TEXT, PAPER_ONE, content_words
from retrieval.text import WORDS, stopwords

QUOTE_LINE = re.compile(r"^[ \t]*>(?:[ \t]|$)")  # "> quoted"
NUMBERED = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+")  # "1. Allo ...", "- Allo ..."
YEAR_IN_BRACKETS = re.compile(r"\((?:19|20)\d\d\)")
LISTED_WORDS = 4  # words of a quoted line a title or abstract must write as they stand
ADDRESS = re.compile(r"\b(?:https?://|www\.)[^\s<>\"'()\[\]]+", re.I)
HOST = re.compile(r"^(?:https?://)?[^/]*", re.I)
PATH_WORD = re.compile(r"[^\W_]+")
SUBJECT_IN_PATH = re.compile(r"(?<![\w.])[a-z-]+\.[A-Z]{2}(?![\w.])")  # "cs.CV", "q-bio.NC"
EVERYDAY_ZIPF = 4.0  # a path word this common is no topic: "results" 5.1; "quantizers" 1.6
# Own lines that ask for papers, not about the one quoted: "which one uses FPGAs?",
# "anything on quantum instead?", "any other papers on graphs?"; not "which dataset?",
# "how many bits?", "source?", "does it beat the A100?".
NEW_SEARCH = re.compile(
    r"\b(?:which|what|any)\s+(?:one|ones)\b|\b(?:papers?|articles?|preprints?|anything"
    r"|something|others?|another|instead|else|stuff)\b",
    re.I,
)
ENTRY_START = re.compile(r"@[A-Za-z]+\s*\{\s*[^\s,{}]*\s*,")  # "@article{frantar2022,"
TITLE_FIELD = re.compile(r"\btitle\s*=\s*[{\"]", re.I)
# The fields of an entry that say where and when, not what: left out of the question.
NO_TOPIC = frozenset({
    "year", "month", "date", "journal", "journaltitle", "booktitle", "publisher", "pages",
    "volume", "number", "doi", "url", "urldate", "eprint", "eprinttype", "archiveprefix",
    "primaryclass", "isbn", "issn", "address", "location", "organization", "series",
    "edition", "howpublished", "school", "institution", "editor",
})  # fmt: skip
NAMES = frozenset({"author"})
NO_ONE = frozenset({"others", "et al.", "et al", "and others"})  # "Hoefler, Torsten and others"
POINTS_BACK = re.compile(
    r"\b(?:this|these|those|it|its|them|they|their|above|(?P<like>similar))\b", re.I
)
BEYOND = re.compile(r"\b(?:other|others|another|else|besides)\b", re.I)  # "any other X?"


def own_lines(text: str, listed: Callable[[str], bool], is_title: Callable[[str], bool]) -> str:
    """Return a message without the lines it quotes from the list, when its own lines say
    something; when they point back at such lines ("any others like this?"), with the
    quoted titles put where they point (see the module docstring). ``listed`` holds for
    words, lower case and space-separated, that a listed title or abstract writes as they
    stand; ``is_title`` for those that are a whole listed title (``folded``)."""
    lines = text.splitlines()
    quoted = [n for n, line in enumerate(lines) if QUOTE_LINE.match(line)]
    if not quoted:
        return text
    from_list = {n for n in quoted if _from_the_list(lines[n], listed, is_title)}
    own = " ".join(line for n, line in enumerate(lines) if n not in quoted)
    points = POINTS_BACK.search(own)
    new_search = NEW_SEARCH.search(own) or PAPER_ONE.search(own)  # "what about the RDMA one?"
    named = " and ".join(_quoted(lines[n], fold=False) for n in sorted(from_list))
    kept = "\n".join(line for n, line in enumerate(lines) if n not in from_list)
    if new_search and not points and any(not w.isdigit() for w in content_words(own)):
        names = [short_name(_quoted(lines[n], fold=False)) for n in sorted(from_list)]
        if names and all(names) and BEYOND.search(own):  # "any other papers on graphs?"
            return f"{kept.rstrip(' ?.!')} besides {' and '.join(map(str, names))}?"
        return kept
    if points and from_list and from_list == set(quoted) and kept:  # "any others like this?"
        at = points.end() if points["like"] else points.start()  # "anything similar?"
        named = f" to {named}" if points["like"] else named
        return f"{kept[:at]}{named}{kept[points.end() :]}"
    return text


def _quoted(line: str, fold: bool = True) -> str:
    """Return a quoted line's words: its quote mark, list number, Markdown marks and a
    year in brackets aside; lower case and space-separated with ``fold``."""
    line = YEAR_IN_BRACKETS.sub(" ", NUMBERED.sub("", QUOTE_LINE.sub("", line)))
    if fold:
        return " ".join(WORDS.findall(line.lower()))
    return " ".join(line.replace("*", " ").replace("_", " ").split())


def _from_the_list(
    line: str, listed: Callable[[str], bool], is_title: Callable[[str], bool]
) -> bool:
    words = _quoted(line)
    return is_title(words) or (len(words.split()) >= LISTED_WORDS and listed(words))


def folded(title: str) -> str:
    """Return a title as ``_quoted`` folds a quoted line: lower case, its words alone."""
    return " ".join(WORDS.findall(title.lower()))


def bibtex_entries(text: str, listed: Callable[[str], bool] = lambda _: True) -> str:
    """Return a message with each BibTeX entry it pastes written as what its fields say:
    its key and the fields of where and when left out, its authors first names first,
    only those ``listed`` holds for ("and others" is no one)."""
    pieces, cursor = [], 0
    for start in ENTRY_START.finditer(text):
        if start.start() < cursor:
            continue
        end = _closing_brace(text, start.start() + start.group().index("{"))
        if end is None or not TITLE_FIELD.search(text, start.end(), end):
            continue  # "@here {ok}" is no entry
        entries = parse_string(text[start.start() : end]).entries
        fields = entries[0].fields_dict if entries else {}
        if "title" not in fields:
            continue
        read = [
            _first_names_first(field.value, listed)
            if field.key.lower() in NAMES
            else _unbraced(field.value)
            for field in entries[0].fields
            if field.key.lower() not in NO_TOPIC
        ]
        read = [words for words in read if words]
        pieces.append(f"{text[cursor : start.start()]}{'. '.join(read)}.")
        cursor = end
    return "".join(pieces) + text[cursor:] if pieces else text


def _closing_brace(text: str, opening: int) -> int | None:
    """Return where the entry whose brace opens at ``opening`` ends, or None."""
    depth = 0
    for at in range(opening, len(text)):
        depth += {"{": 1, "}": -1}.get(text[at], 0)
        if depth == 0:
            return at + 1
    return None


def _unbraced(value: object) -> str:
    value = str(value)
    return " ".join(value.replace("{", "").replace("}", "").split())


def _first_names_first(names: object, listed: Callable[[str], bool]) -> str:
    """Return "Last, First and Last, First" as "First Last, First Last", of the people
    ``listed`` holds for."""
    people = [n.partition(",") for n in _unbraced(names).split(" and ")]
    named = (f"{first.strip()} {last.strip()}".strip() for last, _, first in people)
    return ", ".join(n for n in named if n.lower() not in NO_ONE and listed(n))


class Addresses:
    """Reads the web addresses of a message against what one corpus writes."""

    def __init__(self, knows: Callable[[str], bool]) -> None:
        self.knows = knows  # a lower-case word the listed papers use, or its plural
        self.framing = stopwords() | set(FRAMING_TEXT.split())

    def read(self, text: str) -> str:
        """Return a message with each address written as its path's words that the
        corpus writes (see the module docstring)."""
        return ADDRESS.sub(lambda m: self._words(m.group()), text)

    def _words(self, address: str) -> str:
        path = HOST.sub("", address, count=1)
        codes = SUBJECT_IN_PATH.findall(path)  # "arxiv.org/list/cs.CV/recent"
        words = [w for w in PATH_WORD.findall(SUBJECT_IN_PATH.sub(" ", path)) if not w.isdigit()]
        kept = [
            w
            for w in words
            if w.lower() not in self.framing
            and zipf(w.lower()) < EVERYDAY_ZIPF
            and self.knows(w.lower())
        ]
        return " ".join([*codes, *kept])
