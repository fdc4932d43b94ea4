"""The asking part of a long question: the sentences that ask, apart from background.

"We run a lab that does A and B. We tried C last year. Has anyone here done D?" asks
about D; A, B and C are the asker's situation. The asking part is found by its form:
from the first sentence that ends with a question mark (or, when none does, the last
sentence) to the end, so a clarification after the question stays with it; an ask that
is an item of a list ends at the next item, another chore ("- renew the permit\n- which
paper ...?\n- call the plumber"). It is apart from a background of at least
``MIN_BACKGROUND`` sentences, and stands alone when it has words of its own to search
for and does not point back into the background with a pronoun ("is there a paper on
this?").

The whole question still ranks the papers (its background breaks ties between them);
whether anything answers, and how surely, is judged on the asking part, so a background
sentence that happens to match a paper cannot make an unanswerable question look
answered, or answered for sure.
"""

from __future__ import annotations

import re

from retrieval.query.asking import PAPER_PLURALS, content_words, says_something
from retrieval.text import LIST_ITEM, WORDS, Sentence, sentences, stopwords

# A field label of a message written as a form: a word or two before a colon, where a
# sentence or line starts ("Context: ... Question: ...", "Done: ... Next: ... Blocker:
# ...", "Goal: ... Constraint: ..."). The labels name the fields, not the topic, and
# are left out when there are ``FORM_LABELS`` of them (``without_form_labels``): a
# single one may be the topic ("Quantization: any papers from 2023?").
FORM_LABEL = re.compile(r"(?:^|(?<=[.!?:]\s)|(?<=\n))\s*[^\W\d_]+(?:[ /-][^\W\d_]+)?:(?=\s)")
FORM_LABELS = 2
# The nouns that say what something is about; a label of one ("Topic: scheduling. How
# many ...?", "Subject - graph learning", "Keywords: FPGA, HLS", "Research area: X") names
# its field as the topic and is no topic itself: searched, "topic" and "subject" made
# the answer "Not a sure match" and lost a paper. "Project:" and "Thesis:" open what
# the asker does ("Project: we run a model on an FPGA. Which papers ...?"), which
# the asking part weighs as background.
SUBJECT_KINDS = (
    r"topics?|areas?|focus|fields?|domains?|subjects?|themes?|interests?|specialty|keywords?"
)
SUBJECT_LABEL = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?P<mark>[ \t>*•-]*)"
    rf"(?:(?:research|main|my|our|the|primary|core|key)[ \t]+)?(?:{SUBJECT_KINDS})"
    r"[ \t]*(?::|[-–—](?=[ \t]))(?=[ \t]*[^\W\d_])",
    re.I,
)
# A field's value that is a number or an identifier names no topic, and its label none
# either: "year: 2023", "return: all_titles", "sort: none".
VALUE = re.compile(r"[\d\s.,:/–-]+|\S*_\S*|none|null|true|false|any|all", re.I)
NO_VALUE = re.compile(r"\S*_\S*|none|null|true|false", re.I)  # an option's setting
MIN_OWN_WORDS = 3  # content words the asking part needs to be searched alone
MIN_BACKGROUND = 2  # sentences before the ask: one is a lead-in ("I read X. Is there Y?")
# Words that point back into what was said before (English grammar, no topic), unless a
# noun of the list itself follows ("this list", "these papers here", "this server").
POINTING_BACK = re.compile(
    r"\b(?:it|this|that|these|those|they|them|such|its|their|he|she|him|his|her)\b"
    r"(?!\s+(?:list|server|channel|collection|corpus|bot|database|library)\b)"
    # "over there", not "there is", "there's", "is there anything", "isn't there" nor
    # "could there be"
    r"|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!n't )(?<!n’t )"
    r"\bthere\b(?!\s+(?:is|are|was|were|be|a|any)\b)(?!['’](?:s|re)\b)",
    re.I,
)

# A share of a group named before ("Half of them work on X.", "Two of those use GPUs.",
# "Most of us do Y."): the sentence says what that share does, in words of its own, so
# the ask that points at it needs nothing from further back.
PART_OF_GROUP = re.compile(
    r"\b(?:half|most|some|many|few|none|both|several|one|two|three|four|five|\d+)\s+of\s+"
    r"(?:them|those|these|us)\b",
    re.I,
)

PERSONAL = frozenset({"he", "she", "him", "his", "her"})  # pointers at a person
# A plural pointer after the noun of the papers asked for points at them, in its own
# sentence ("which papers report their speedups?", "ones whose code is public, and where
# is it?" is no such case: "it" is singular).
PLURAL_POINTERS = frozenset({"they", "them", "their"})
# An auxiliary before the pointer makes it the subject of the question, someone other than
# the papers asked for: "which papers should they read?", "which ones do they cite?",
# "what papers can they bring along?" point back at who they are.
INVERTED_SUBJECT = re.compile(
    r"\b(?:do|does|did|should|shall|can|could|would|will|must|might|may|have|had)\s*$", re.I
)
SENTENCE_MARK = re.compile(r"[.?!;](?=\s|$)")  # not the dot of "cs.CL" or "e.g"
PAPERS_NAMED = re.compile(rf"\b(?:{PAPER_PLURALS})\b", re.I)
# What an ask that stands alone names: papers, or a list of them.
ASKED_FOR = re.compile(rf"\b(?:{PAPER_PLURALS}|paper|article|preprint|entry|list)\b", re.I)
# An ask that names its topic after a preposition names what it asks about, in however
# few words: "Is there anything on protein folding?", "Any papers about drug discovery?".
# After a verb, "on" before one noun of a place the asker has in view, ending the
# clause, is no topic: "Which paper is on the slide?", "What was written on your
# screen?", "bids open on the lot, who knows it?". After a noun of written work it is
# one: "any papers on the blockchain?", "background reading on the brain?".
WRITTEN_WORK = (
    r"papers?|works?|reading|research|stud(?:y|ies)|articles?|preprints?|publications?"
    r"|literature|books?|material|thesis|theses|anything|something|nothing|stuff"
)
NAMES_ITS_TOPIC = re.compile(
    r"\b(?:about|regarding|concerning)\s+[^\W_]"
    rf"|\b(?:{WRITTEN_WORK})\s+on\s+[^\W_]"
    r"|\bon\s+(?!(?:the|this|that|my|your|our|his|her|its|their)\s+[^\W\d_]+\s*(?:[,.?!;:]|$))"
    r"[^\W_]",
    re.I,
)
MIN_NAMED_WORDS = 2  # content words of an ask that names its topic, to search it alone
# Where the asking clause of a sentence starts after an aside: a spaced dash or a colon
# ("sorry, new here — which papers are from 2023?", "quick one: cs.LG papers?").
CLAUSE_BREAK = re.compile(r"\s[—–-]\s|:\s")
# The words that open an ask inside a sentence: a question word, or a verb asking for
# papers ("list", "enumerate", "show me", "look up").
ASKING_WORD = re.compile(
    r"\b(?:which|what|how\s+many|list|enumerate|show|give|name|identify|find|return|fetch"
    r"|(?:look|pull|dig)\s+up)\b",
    re.I,
)


def asking_part(
    text: str, background: int = MIN_BACKGROUND, own_words: int = MIN_OWN_WORDS
) -> str | None:
    """Return the sentences of a question that ask, when the question also has
    ``background`` sentences or more before them and they stand alone (``own_words``
    words of their own, or ``MIN_NAMED_WORDS`` after "on" or "about", or one in an item
    of a list, which is apart: "* order lunch\n* the HammingMesh paper?"); None when
    the whole question is to be searched."""
    found = sentences(text)
    asked = asking_sentence(found)
    start = _ask_start(text, found, asked, background)
    item = start is not None and _item(text, next(s for s in found if s.start >= start))
    if start is None or (start == 0 and not item):
        return None  # the whole message asks (but for the first item of a list)
    part = _unmarked(text[start : _ask_end(text, found, asked)].strip())
    own = len(content_words(part))
    if own >= own_words or (own >= MIN_NAMED_WORDS and NAMES_ITS_TOPIC.search(part)):
        return part
    return part if item and own else None


def ask_start(text: str, background: int = MIN_BACKGROUND) -> int | None:
    """Return where the ask of a question starts when background comes before it, or None.

    An ask that points back ("Any papers about it?", "Is there a paper on
    this?") takes the sentence before it along, the one it points to: "We need X for
    Y. Is there anything on that?" asks about X for Y. A chain of pointers, or a pointer
    at a sentence that says nothing ("... What a week! Which paper is this?"), makes the
    whole question the ask; so does a message none of whose sentences asks ("Desk six.
    Request: Zhang's papers by year. Out.": not "Out."), and an item of a list that
    points back at the items before it ("- binary weights\n- for translation\n- which
    one is it?": the items describe what it asks for)."""
    found = sentences(text)
    return _ask_start(text, found, asking_sentence(found), background)


def _ask_start(text: str, found: list[Sentence], first: int, background: int) -> int | None:
    """Return ``ask_start`` of a text already split into its sentences, ``first`` the
    one that asks (``asking_sentence``)."""
    item = bool(found) and _item(text, found[first])
    listed = item and sum(_item(text, s) for s in found) > 1  # an item of a list: apart
    if (first < background and not listed) or not asks(found[first].text):
        return None  # no sentence asks: the ask is the whole message
    if _points_back(text, found[first], listed):
        if first == 0 or (item and _item(text, found[first - 1])):
            return None  # "- uses t-distributions\n- for LLMs\n- which one is it?": all
        first -= 1
        pointed = found[first].text  # an exclamation says nothing to point to: "Wow!"
        if (
            points_back(PART_OF_GROUP.sub("", pointed))
            or len(content_words(pointed)) < MIN_OWN_WORDS
        ):
            return None
    return found[first].start


def _points_back(text: str, ask: Sentence, listed: bool) -> bool:
    """Return True when an ask points back (``points_back``); an item of a list does only
    when it has too few words of its own to stand alone ("- which one is it?"; not "-
    find that paper on GPU attestation")."""
    if listed and len(content_words(ask.text)) >= MIN_OWN_WORDS:
        return False
    return points_back(text[ask.start :])


def _ask_end(text: str, found: list[Sentence], first: int) -> int:
    """Return where the ask of a text split into its sentences ends: where the next chore
    of a list starts, when the sentence that asks is an item of one ("Monday:\n- renew
    the permit\n- which paper proposes X?\n- call the plumber" asks nothing of the
    plumber); else at the end, so a clarification after a question stays with it ("Is
    there a paper on X? Ideally from 2023."); ``first`` is the sentence that asks."""
    if first < 0 or not _item(text, found[first]):
        return len(text)
    following = (s for s in found[first + 1 :] if _item(text, s))
    chores = (s.start for s in following if not _continues(_unmarked(s.text)))
    return next(chores, len(text))


def _continues(item: str) -> bool:
    """Return True when an item after the ask goes on with it rather than being another
    chore: it opens with a word of grammar ("- from 2023 only", "- and with code", "- not
    the GPU ones") or points back ("- their code too"); "- call the plumber" does not."""
    words = WORDS.findall(item)[:1]
    return not words or words[0].casefold() in stopwords() or points_back(item)


def _unmarked(item: str) -> str:
    """Return an item of a list without its bullet or number ("2. which paper ...?"):
    the number of an item is no number asked about."""
    marker = LIST_ITEM.match(item)
    return item[marker.end() :] if marker else item


def asking_item(text: str) -> Sentence | None:
    """Return the one item of a list that asks for papers (``ASKED_FOR``) when the text
    lists two items or more and no other item asks: the rest are errands or notes
    ("need to pick up:\n- the weather papers\n- milk", "todo:\n1. call the bank\n2. the
    papers on sparse tensors"). None otherwise."""
    items = [s for s in sentences(text) if _item(text, s)]
    asking = [s for s in items if ASKED_FOR.search(s.text)]
    if len(items) < 2 or len(asking) != 1 or sum(asks(s.text) for s in items) > 1:
        return None
    return asking[0]


def _item(text: str, sentence: Sentence) -> bool:
    """Return True when a sentence opens a line as an item of a list (``LIST_ITEM``)."""
    line_start = text[: sentence.start].rstrip(" \t")
    return (not line_start or line_start.endswith("\n")) and bool(LIST_ITEM.match(sentence.text))


def ask_clause(text: str) -> str | None:
    """Return the clause that asks, from the asking sentence's last spaced dash or colon
    (or its start) to the end, when something comes before it; None otherwise."""
    sentence = sentence_that_asks(text)
    if sentence is None:
        return None
    breaks = [m.end() for m in CLAUSE_BREAK.finditer(sentence.text)]
    start = sentence.start + (breaks[-1] if breaks else 0)
    return text[start:].strip() or None if start > 0 else None


def own_clause(text: str) -> str | None:
    """Return the clause that asks after a spaced dash or a colon (``ask_clause``) when it
    asks on its own: it asks (``asks``), has ``MIN_OWN_WORDS`` words of its own and does
    not point back ("'SlimNet Turns Three' - for our blog: which papers quantize large
    language models?"; not "SlimNet: pruning GPT-style models in one shot", which asks
    nothing, nor "SlimNet: which paper introduced it?"). Else None."""
    clause = ask_clause(text)
    if clause is None or not asks(clause) or points_back(clause, things_only=True):
        return None
    return clause if len(content_words(clause)) >= MIN_OWN_WORDS else None


def ask_from_word(text: str) -> str | None:
    """Return the asking sentence from its first asking word (a "which" or "what", or a
    verb that asks for a list) when words of the sentence come before it, or None: what
    precedes is who is asked or why ("bot, please list every cs.ET paper", "As my
    advisor asked, which papers are from 2022?", "As agreed, the helper shall enumerate
    each 2023 paper")."""
    sentence = sentence_that_asks(text)
    if sentence is None:
        return None
    word = ASKING_WORD.search(sentence.text)
    if word is None or not content_words(sentence.text[: word.start()]):
        return None
    return text[sentence.start + word.start() :].strip()


def asked_span(text: str) -> tuple[int, int]:
    """Return the start and end of a question's ask: its asking sentence from the first
    asking word ("Ledger check: which papers ...", "For the report, list every ..."),
    else from the last spaced dash or colon before what it asks for (papers, a list).
    The sentences after it say why it is asked ("... Due by Friday."), and those before
    it who asks. An ask that does not name what it asks for starts at the last sentence
    before it that does ("... every paper with 'graph' in the title. don't miss any"),
    or else at the start: it takes its topic from them ("Zhang and robotics. Anything
    from 2024?")."""
    found = sentences(text)
    if not found:
        return 0, len(text)
    last = asking_sentence(found)
    for sentence in reversed(found[: last + 1]):
        if named := ASKED_FOR.search(sentence.text):
            word = ASKING_WORD.search(sentence.text)
            breaks = [m.end() for m in CLAUSE_BREAK.finditer(sentence.text, 0, named.start())]
            start = word.start() if word else (breaks[-1] if breaks else 0)
            return sentence.start + start, found[last].end
    return 0, found[last].end


def own_ask_start(text: str) -> int | None:
    """Return where an ask that stands alone starts, or None: the asking part after
    background sentences (``ask_start``), else the asking clause after a spaced dash or
    a colon ("'Graphs Go Brr' - for our newsletter: which papers train GNNs faster?")
    when it has ``MIN_OWN_WORDS`` content words and does not point back ("X - is it
    listed?" asks about X)."""
    start = ask_start(text)
    if start is not None:
        return start
    clause = ask_clause(text)
    if clause is None or points_back(clause) or len(content_words(clause)) < MIN_OWN_WORDS:
        return None
    return text.rindex(clause)


def _stands_for_one(ask: str, pointer: re.Match[str]) -> bool:
    """Return True when a pointer stands alone for one thing: not "them", "these" or
    "those" (the papers asked for, or the list: "all of them", "which of these"), nor a
    determiner before its noun ("every paper of that subject"); "it" is never one ("how
    does it scale?")."""
    word = pointer.group().lower()
    if word in PLURAL_POINTERS | {"these", "those"}:
        return False
    if word == "it":
        return True
    following = WORDS.findall(ask[pointer.end() :])[:1]
    return not following or following[0].lower() in stopwords()


def sentence_that_asks(text: str) -> Sentence | None:
    """Return the sentence of a text that asks (``asking_sentence``), or None when the
    text has no sentence."""
    found = sentences(text)
    return found[asking_sentence(found)] if found else None


def asking_sentence(found: list[Sentence]) -> int:
    """Return the index of the sentence that asks: the first that ends with "?", else the
    last with an asking word and a noun for papers ("- find the HammingMesh paper\n-
    return the library books"), else the last with an asking word (a form's last field
    may follow the ask: "... Return the title. Deadline: Friday"), else the last (-1
    when there is none)."""
    asking = (n for n, s in enumerate(found) if s.text.rstrip().endswith("?"))
    if (first := next(asking, None)) is not None:
        return first
    worded = [n for n in range(len(found)) if ASKING_WORD.search(found[n].text)]
    for_papers = [n for n in worded if ASKED_FOR.search(found[n].text)]
    return (for_papers or worded or [len(found) - 1])[-1]


def asks(sentence: str) -> bool:
    """Return True when a sentence asks: by a question mark or an asking word, or by
    naming what it asks for ("I would like papers on X"); not a sign-off ("Over.")."""
    ends = sentence.rstrip().endswith("?")
    return ends or bool(ASKING_WORD.search(sentence) or ASKED_FOR.search(sentence))


def points_at_described(ask: str) -> bool:
    """Return True when an ask for a paper points back, with a pronoun standing alone,
    at the one thing said before it ("... a number format on t-distributions. Which of
    his papers was it?", "Is it in the list?"); not "Can you do it?", which asks for no
    paper."""
    asks_for = ASKED_FOR.search(ask) or ASKING_WORD.search(ask)
    return bool(asks_for) and points_back(ask, things_only=True, pronouns_only=True)


def points_back(
    ask: str, things_only: bool = False, pronouns_only: bool = False, near: bool = True
) -> bool:
    """Return True when a pronoun of an ask refers to something said before it; with
    ``things_only``, a thing, not a person ("his papers" points at an author); with
    ``pronouns_only``, a word standing for one thing ("which paper is that?", "was
    it?"; not "papers of that subject", nor "all of them", the papers asked for).

    One with ``MIN_OWN_WORDS`` content words of its own sentence before it refers to
    them: "which paper ports an ocean model to Python and then tunes it for GPUs?"
    is about the ocean model; "does any paper improve its scheduler?" is about what
    came before. "they", "them" or "their" after the noun of the papers asked for
    refers to them; with ``near`` False it may refer further back all the same ("which
    papers quantize models like that one?").
    """
    for pointer in POINTING_BACK.finditer(ask):
        if things_only and pointer.group().lower() in PERSONAL:
            continue
        if pronouns_only and not _stands_for_one(ask, pointer):
            continue
        ends = [m.end() for m in SENTENCE_MARK.finditer(ask, 0, pointer.start())]
        before = ask[ends[-1] if ends else 0 : pointer.start()]
        if pointer.group().lower() in PLURAL_POINTERS and PAPERS_NAMED.search(before):
            if not INVERTED_SUBJECT.search(before):
                continue  # "which papers report their speedups?": the papers asked for
            if content_words(before):  # someone else, whom an ask with its own topic
                continue  # does not need: "which FPGA papers would they find useful?"
        return not near or len(content_words(before)) < MIN_OWN_WORDS
    return False


def without_subject_labels(text: str) -> str:
    """Return a message without the labels that say its field is a topic
    (``SUBJECT_LABEL``): "Topic: scheduling. How many Zhang papers?" is read as
    "scheduling. How many Zhang papers?"."""
    return SUBJECT_LABEL.sub(lambda label: label["mark"], text)


def without_form_labels(text: str) -> str:
    """Return a question written as a form without its field labels (``FORM_LABEL``),
    but for a label whose own field names no topic and does not point back at a field
    before it: that label is the field's topic ("Quantization: which papers from 2023?
    Context: for my thesis" and "Quantization: anything on that? Context: a thesis" keep
    the first, "FPGA: HLS: which papers?" both; "Goal: a cheaper interconnect. Ask: any
    paper like that?" neither). A label that ends its line over the fields below it
    ("request:" above "topic: graphs") goes too, and so does one of a value (``VALUE``)."""
    labels = list(FORM_LABEL.finditer(text))
    if len(labels) < FORM_LABELS:
        return text
    kept, at = [], 0
    for n, (label, after) in enumerate(zip(labels, [*labels[1:], None], strict=True)):
        field = text[label.end() : after.start() if after else len(text)]
        parent = not field.strip() and "\n" in field  # "request:" over indented fields
        value = bool(VALUE.fullmatch(field.strip()))  # "year: 2023", "return: all_titles"
        if says_something(field) or (n and points_back(field)) or parent or value:
            kept.append(text[at : label.start()])
            at = label.end()
            if NO_VALUE.fullmatch(field.strip()):  # "sort: none": the field goes too
                at += len(field.rstrip(" \t"))
    return ("".join(kept) + " " + text[at:]).strip() if kept else text


# Where a topic asked for is one of several: "X or Y", "X vs Y", "X, Y", "X/Y", "X; Y".
ALTERNATIVES = re.compile(r"\bor\b|\bvs\.?|\bversus\b|[,/;]", re.I)
TAIL = re.compile(r"\s(?:for|on|in|with|of|about|using|to)\s", re.I)  # a topic's modifier


def asked_topics(text: str) -> list[str]:
    """Return the topics the ask of a question names as alternatives ("papers on
    networking or on photonic interconnects", "seismology, weather or climate"): only
    the ask's ("I use PyTorch, JAX - any papers on X?" has one), each with the modifier
    of the last shared by the ones of a word or two before it ("GPUs/TPUs for seismology"
    asks for "GPUs for seismology" and "TPUs for seismology", not for GPUs)."""
    asked = asking_part(text, background=1) or ask_clause(text) or text
    topics = [t for t in ALTERNATIVES.split(asked) if content_words(t)]
    tail = TAIL.search(topics[-1]) if topics else None
    if tail is None or not content_words(topics[-1][: tail.start()]):
        return topics  # "..., or on photonic interconnects": a topic of its own
    if not all(len(content_words(t)) <= 2 for t in topics[:-1]):
        return topics
    return [f"{t.strip()}{topics[-1][tail.start() :]}" for t in topics[:-1]] + topics[-1:]
