"""A list asked by years, subjects or an author, with words beside the filters that no
paper within them holds: the words are an aside, and the filters are the question.

"Part B (6 marks): list every 2022 paper filed under cs.DC", "Round two, worth 500:
every cs.ET paper!", "SELECT title FROM listing WHERE year = 2023": the words left once
the filters are read ("part marks", "round worth", "select") were searched as a topic
within the filters, found nothing, and the answer abstained. No title or abstract
within the filters has any of them, so they cannot be what the asked papers are about.
The answer lists the filters' papers with a note quoting the aside. Words outside the
asking sentence, or before its asking word, say who asks or why ("Ledger check: which
cs.CV papers ...", "... list every 2022 cs.DC paper. Needed for reconciliation."): they
count only when brought in as a topic.

A topic the list lacks stays one: a word brought in as a topic anywhere ("2023 papers on
cooking", "2023 papers that study music", "earthquake papers from 2023"), or a word of the
ask rare in English that no listed paper has ("Zhang and robotics. Anything from
2024?"), except in a title ask: the answer says nothing is about it, as before. A listed
paper named by its name stays one too ("GPTQ vs FLIQS from 2022": neither is from 2022),
and so does a topic other papers answer surely ("quantization papers from 2022": those
from other years).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import replace

from retrieval.answers.author_answers import TOPIC_BROUGHT_IN
from retrieval.index.filtering import Mask
from retrieval.index.taxonomy import name_words
from retrieval.index.taxonomy import names as subject_names
from retrieval.models import Filters
from retrieval.query.asking import ABOUT_VERB, PAPER_PLURALS, PERSON_VERB, content_words
from retrieval.query.asking_part import asked_span, points_at_described
from retrieval.query.intent import Intent
from retrieval.query.textfilters import read_subject_codes
from retrieval.search.searcher import Searcher
from retrieval.text import LIST_ITEM, WORDS, fold, question_terms, rarity, sentences

# A word of the ask no listed paper has and this rare in English is a topic the list
# lacks ("robotics" 0.99, "spiking" 1.0: "Zhang and robotics. Anything from 2024?"); the
# words of a quiz, a form or a query language are commoner ("marks" 0.6, "row" 0.56,
# "clause" 0.8) or hold digits ("Q10"). Not for a title ask: a word quoted for titles is
# the ask, and a styled one is full of rare words ("Yo-ho, each paper whose title bears
# 'Mesh', and leave none in the galley": "galley" 1.0).
TOPIC_RARITY = 0.9
# A word around the ask that papers within the filters hold, rarer than this in English,
# is their topic when a search within them found it, if unsurely ("graph" 0.78, "layers"
# 0.73; a chat's "authors" 0.6, "primary" 0.45, "across" 0.3).
BESIDE_RARITY = 0.7
ASIDE = "Nothing listed is about “{}”: read as an aside."
# A question written as code testing the list's own fields ('year == 2022 AND subject
# != "cs.DC"'): its other words are the code's ("message", "string", "def", "return
# int"), and a topic is brought in ("# papers on drones") or a string literal ('topic ==
# "graphs"').
# Not "year = 2023", "--year=2024" or "year >= 2022": a form's or a command's fields,
# beside which a topic is written plainly ("need: reinforcement learning"); but "=" in
# SQL's WHERE clause.
FIELD_TEST = re.compile(
    r"\b(?:year|subject|category|primary_category|author|authors)\s*(?:==|!=|<>|≠)"
    r"\s*[\"'“‘]?[\w.]"
    # in SQL's WHERE clause, "=" tests too: "SELECT * FROM t WHERE year = 2023"
    r"|\bWHERE\b[^;]{0,300}?\b(?:year|subject|category|primary_category|author|authors)"
    r"\s*=\s*[\"'“‘]?[\w.]",
    re.I,
)
# A containment test negated: "NOT LIKE '%X%'", "!~ 'X'", "not contains('X')"; "'X' not in".
NEGATED_TEST = re.compile(r"(?:\bnot\s+(?:i?like|contains?|includes?)|!~|!=)\s*\(?\s*$", re.I)
NOT_IN = re.compile(r"\s+not\s+in\b", re.I)
LITERAL = re.compile(r"[\"“]([^\"“”]{1,200})[\"”]|(?<![\w'’])'([^']{1,200})'(?![\w'’])")
# Amounts written in words, as digits are: "he wrote five hundred papers" holds no topic.
AMOUNTS = frozenset(
    ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
     "twelve", "twenty", "thirty", "forty", "fifty", "hundred", "hundreds", "thousand",
     "thousands", "million", "millions", "billion", "billions", "dozen", "dozens"]
)  # fmt: skip
ASIDE_SHOWN = 60  # characters of an aside quoted in its note
# The words around an ask that some listed paper holds, answered without them.
CONTEXT = "Read “{}” as context; the papers below answer the rest."
# A word before the noun for papers ("earthquake papers"), or the object of the word
# after it ("papers handling smart contracts", "papers for cooking", "ones that use
# radar"): what they are about; not after a person's verb (``PERSON_VERB``).
BEFORE_PAPERS = re.compile(
    rf"([^\W\d_][\w-]*)\s+(?:papers?|articles?|ones|preprints|(?:works|studies){PERSON_VERB})\b",
    re.I,
)
AFTER_PAPERS = re.compile(
    rf"\b(?:{PAPER_PLURALS})\s+"
    r"(?:(?:that|which|who)\s+)?[\w-]+\s+([^\W\d_][\w-]*)",
    re.I,
)


def aside_beside_filters(
    intent: Intent, filters: Filters, question: str, searcher: Searcher, asked_only: bool = True
) -> Intent | None:
    """Return the intent without its topic when the question asks for the papers of
    some years, subjects or an author, and no paper within them holds a word of what
    is left (of its ask, with ``asked_only``): what is left is an aside; so is every word
    of a query on the list's fields (``FIELD_TEST``) but its string literals', which are
    then its topic. None otherwise."""
    if not intent.topic or intent.language != "en":
        return None  # another language's words are read apart (``cannot_read``)
    queried = filters != Filters() and FIELD_TEST.search(question)
    # "'quantum' in p.abstract and p.year == 2023": the papers writing the literal, as a
    # mention ask reads it; "NOT LIKE": the others
    if queried and (literals := _literal_topics(question, filters)):
        said = " and ".join(said for said, _ in literals)
        unsaid = any(negated for _, negated in literals)
        asked = f"papers that don't mention {said}" if unsaid else f"papers mentioning {said}"
        return replace(intent, topic=" ".join(content_words(said)), search_text=asked)
    within = searcher.filtering.papers(filters)
    restated = name_words([filters.subject] if filters.subject else [])
    if (
        queried
        and is_aside(intent.topic, question, within, searcher, rare_is_topic=False,
                     restated=restated, held_is_topic=False)
    ):  # fmt: skip
        return replace(intent, topic="", search_text="")  # "... year == 2022 */ } // int"
    if not (intent.plural or intent.counting.how_many):  # "how many items are in cs.PL?"
        return None
    if filters == Filters() and (not intent.counting.how_many or intent.people.author):
        return None  # the whole list is asked for by a count alone ("how many, anyway?")
    if not is_aside(intent.topic, question, within, searcher, asked_only=asked_only,
                    restated=restated):  # fmt: skip
        return None
    return replace(intent, topic="", search_text="")


def _literal_topics(question: str, filters: Filters) -> list[tuple[str, bool]]:
    """Return the string literals of a query that name a topic: quoted values with
    content words that are no year, subject code or author the filters name ("abstract
    LIKE '%graph%'", 'topic == "quantization"'; not 'author == "Zhiru Zhang"'), each with
    whether the query negates its test ("NOT LIKE '%FPGA%'", "'GPU' not in p.abstract")."""
    people = {fold(name) for name in filters.authors()}
    found = []
    for literal in LITERAL.finditer(question):
        said = (literal[1] or literal[2]).strip().strip("%*")
        words = [w for w in content_words(said) if not w.isdigit()]
        if words and not _only_codes(said) and fold(said) not in people:
            around = f"{question[max(0, literal.start() - 12) : literal.start()]}"
            after = question[literal.end() : literal.end() + 8]
            found.append((said, bool(NEGATED_TEST.search(around) or NOT_IN.match(after))))
    return found


def _only_codes(text: str) -> bool:
    """Return True when a text is arXiv subject codes and nothing else ("cs.DC")."""
    found, rest = read_subject_codes(text, subject_names())
    return bool(found.codes) and not content_words(rest)


def is_aside(
    topic: str, question: str, within: Mask, searcher: Searcher, rare_is_topic: bool = True,
    asked_only: bool = True, restated: frozenset[str] = frozenset(), held_is_topic: bool = True,
) -> bool:  # fmt: skip
    """Return True when no word of a question's topic is brought in as a topic, or,
    said in its ask, held by a paper within ``within`` (a mask over the papers' rows)
    or (``rare_is_topic``) rare in English and held by no listed paper: the topic is an
    aside to what the question lists. Words around the ask say who asks or why
    ("Ledger check: which 2023 papers ...", "For the audit, list every cs.DC paper. Due
    Friday."), unless the ask points back at them ("which of his papers was it?"), or
    a word of the label before the ask in its sentence is rare in English and held
    within them: the label names the topic ("Quantization: which papers from 2023?").
    Without ``asked_only``, so does a word around the ask a paper within them holds and
    rarer in English than ``BESIDE_RARITY``: "graph" in "My GNN breaks under small graph
    edits. Which 2024 papers help?", not "across" or "authors" in a pasted chat. Without
    ``held_is_topic``, a word the papers within hold is no topic for that alone: the words of a
    query on the list's fields ("message", "string" around 'year == 2022')."""
    if brings_in(topic, question, restated):
        return False  # "2023 papers on cooking", "papers that study music": a topic
    start, end = asked_span(question)
    if points_at_described(question[start:end]):
        start = 0  # "... a tale of a t-distributed number format. Which of his was it?"
    asked = {fold(word) for word in WORDS.findall(question[start:end])}
    label = {fold(word) for word in WORDS.findall(_label(question, start))}
    stems = searcher.index.stems
    named = {  # the words of the places the question names a listed paper by its name
        fold(word)
        for _, begin, finish in searcher.titles.spans(question)
        for word in WORDS.findall(question[begin:finish])
    }
    for term in question_terms(topic, stems.ids):
        if term.word.isdigit() or fold(term.word) in _amounts(question):
            continue  # an amount ("4 marks", "five hundred papers")
        if fold(term.word) in restated:
            continue  # the filtered subject named again: "cs.CV, vision-wise"
        held = stems.rows([term.stem]) if stems.count(term.stem) else None
        held_within = held is not None and bool(within[held].any())
        if fold(term.word) not in asked:
            rare = rarity(term.word)
            if held_within and fold(term.word) in label and rare > TOPIC_RARITY:
                return False  # a label naming a topic within them ("Quantization: which ...")
            if held_within and not asked_only and rare > BESIDE_RARITY:
                return False  # "My GNN breaks under edits. Which 2024 papers help?"
            continue  # said around the ask and not brought in
        if held_within and held_is_topic:
            return False  # a word the listed papers have: a topic within them
        lettered = not any(c.isdigit() for c in term.word)
        if rare_is_topic and held is None and lettered and rarity(term.word) > TOPIC_RARITY:
            return False  # a topic no listed paper has
        if fold(term.word) in named:
            return False  # "GPTQ vs FLIQS from 2022": papers named outside them
    return True


def said_in_ask(topic: str, question: str) -> bool:
    """Return True when a question says a word of its topic in its ask (``asked_span``),
    not only in a label or the chat around it ("Point estimate needed: number of
    Hoefler papers from 2023")."""
    start, end = asked_span(question)
    asked = {fold(word) for word in WORDS.findall(question[start:end])}
    return any(fold(word) in asked for word in content_words(topic))


def _amounts(question: str) -> set[str]:
    """Return the amounts a question writes in words, each a word of its own: "five
    hundred papers", not "two-sided markets" or "billion-dollar companies"."""
    alone = re.finditer(r"(?<![\w-])([^\W\d_]+)(?![\w-])", question)
    return {word for m in alone if (word := fold(m[1])) in AMOUNTS}


def _label(question: str, start: int) -> str:
    """Return what the ask's own sentence says before the ask starts ("Quantization:"
    in "Quantization: which papers from 2023?")."""
    own = [found for found in sentences(question) if found.start <= start]
    return question[own[-1].start : start] if own else question[:start]


def brings_in(topic: str, question: str, restated: frozenset[str] = frozenset()) -> bool:
    """Return True when a question brings in a word of its topic as a topic
    (``brought_in``): not an amount ("five hundred papers"), nor its filtered subject
    named again (``restated``)."""
    return bool((set(content_words(topic)) - _amounts(question) - restated) & brought_in(question))


def brought_in(text: str) -> set[str]:
    """Return the words a question brings in as a topic: after "on", "about" ...
    ("papers on cooking"), after a verb that says what papers are about ("papers that
    study music", "works dealing with weather"), before the noun for papers
    ("earthquake papers", "the music ones"), or as the object of the word after it
    ("papers handling smart contracts")."""
    found = {fold(m[1]) for m in TOPIC_BROUGHT_IN.finditer(text)}
    found.update(
        fold(m[1]) for pattern in (BEFORE_PAPERS, AFTER_PAPERS) for m in pattern.finditer(text)
    )
    for verb in ABOUT_VERB.finditer(text):
        following = WORDS.findall(text[verb.end() :])[:1]
        found.update(fold(word) for word in following)
    return found


def around(text: str, part: str) -> str:
    """Return what a question says around the part of it that was answered, shortened
    for a note."""
    lines = text.replace(part, " ").splitlines()
    kept = (line for line in lines if line.strip() and not LIST_ITEM.fullmatch(f"{line.strip()} "))
    rest = " ".join(" ".join(kept).split())  # not the bullet the part was taken from
    return textwrap.shorten(rest.strip(" \t\n—–-:,;"), ASIDE_SHOWN, placeholder="…")
