"""A question asking for one paper by a name no listed paper has: "the original BERT
paper", "the DeepSpeed paper", "the GPT-3 paper", "which paper introduced PolyBench?".

The search would answer with a paper that mentions the name in passing (the FPGA paper
that benchmarks BERT, Slapo, which compares against DeepSpeed), as if it were the paper
asked for. A paper's names are read from the corpus only: its title, and what its
abstract says it introduces ("This work presents QFX", "we introduce a spectral
framework known as SAGMAN"). A name that two or more papers use is a topic of the list
("the FPGA paper", "the GNN paper") and is searched as usual. A word typed in lower case
("the bert paper") is a name when the abstracts write it only as one ("BERT"), and
something points at one paper before it ("the", "that", "a").

A title in quotes, written as titles are ("Is 'Attention Is All You Need' in the
list?"), asks for that paper too: when no listed title matches it and no abstract has
its words in a row, no listed paper is that paper.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Container, Iterable
from itertools import islice

from rapidfuzz import fuzz, process

from retrieval.answers.lookup import Lookup
from retrieval.index.titles import short_name, squashed
from retrieval.index.vocabulary import entities, joined_words, zipf
from retrieval.query.asking import PLURAL, content_words
from retrieval.query.asking_part import (
    MIN_OWN_WORDS,
    NAMES_ITS_TOPIC,
    asked_span,
    asks,
    points_back,
)
from retrieval.query.named_things import VERSION_WORD, described, everyday, named_spans, shortened
from retrieval.search.searcher import Searcher
from retrieval.text import WORDS, fold, stopwords

MIN_LETTERS = 4  # a name of fewer letters, and no digit, is read as an abbreviation
SUFFIX_LETTERS = 3  # a suffix this short is part of the name, in capitals: "Megatron-LM"
# What a suffix says about a paper rather than naming one: "a deepspeed-based paper".
DESCRIBING = frozenset(
    ["based", "like", "style", "driven", "powered", "enabled", "aware", "friendly", "free",
     "related", "inspired", "oriented"]
)  # fmt: skip
SPELLED = 4  # quoted phrases a question's titles are looked up for
SPELLED_LIKE = 80  # rapidfuzz ratio of a phrase to a title's name it stands for
TYPO_LIKE = 85  # ratio of a word to a corpus word it is a typo of ("benchmrk")
NAME_ZIPF = 3.5  # a word no abstract has, rarer than this in English, is a name typed
MIN_CUT = 4  # letters of a word cut short ("quant", "sched"), a topic; "gpt" may be a name
TEXTS_READ = 16  # abstracts read to learn how the corpus writes a word typed in lower case
# The name right before "paper", or before the kind of thing it names and "paper": "the
# BERT paper", "the GPT-3 paper", "Megatron-LM paper", "the Acme dataset paper". Not "the
# NeurIPS paper on quantization", "a Google paper about graphs": there the name says
# where the paper is from, and the topic follows.
KINDS = r"(?:dataset|data\s+set|benchmark|model|system|framework|library|compiler|tool|method"
KINDS += r"|algorithm|architecture|format|network|language|simulator|chip|accelerator)"
KIND_PAPER = rf"\s+(?:{KINDS}\s+)?(?:paper|article|preprint)\b"
BEFORE_PAPER = rf"{KIND_PAPER}(?!\s+(?:on|about|regarding|for)\b)"
# A version after a space is part of the name: "the Llama 2 paper", "GPT 4". Not a year.
VERSION = r"(?:\s+\d{1,2}(?:\.\d+)?(?=\s))?"
PAPER = re.compile(rf"^((?:-[^\W_]+)*{VERSION}){BEFORE_PAPER}", re.I)
# ... and with the topic after it, when the name says which paper, not where it is from:
# "the Acme-LM paper on training" (``passing``).
PAPER_ON = re.compile(rf"^((?:-[^\W_]+)*{VERSION}){KIND_PAPER}", re.I)
# A word typed in lower case there: "the bert paper", "the gpt-3 paper", "the llama 2
# paper" (its version apart).
LOWER = re.compile(rf"(?<![\w-])([^\W\d_][\w-]*)({VERSION}){BEFORE_PAPER}", re.I)
# What points at one paper before it, at most one word earlier ("the original bert
# paper"): without it the words are keywords ("sparse tensor format compiler paper?").
POINTED = re.compile(
    r"\b(?:the|an?|that|this|its|their|his|her|your|our|my)\s+(?:[\w-]+\s+)?$", re.I
)
# A name written as one right before a word typed in lower case is part of the name
# asked for: "the BERT pretraining paper" asks for "BERT pretraining", not "pretraining".
NAME_BEFORE = re.compile(r"(?<![\w-])([A-Z][\w-]*[A-Z\d][\w-]*)\s+$")
# A title in quotes: "'Attention Is All You Need'", “Deep Residual Learning ...”.
QUOTED = re.compile(
    r"[\"“„]([^\"“”„]+)[\"”“]|[‘‚]([^‘’‚]+)[’‘]|«\s*([^«»]+?)\s*»|「([^「」]+)」|『([^『』]+)』"
    r"|`([^`]+)`|(?<!\w)'([^']+)'(?!\w)"
)
# Words that ask whether the quoted words are a listed paper's title, in any case:
# "is 'attention is all you need' in the list?", "the 'quantum supremacy ...' paper".
AS_TITLE_AFTER = re.compile(
    r"^\W{0,2}\s*(?:(?:is\s+|are\s+)?in\s+(?:the|this|your|our)\s+(?:list|collection|index)"
    r"|(?:is\s+)?listed|in\s+here|(?:paper|article|preprint)\b(?!\W{0,2}\s*(?:title|name)s?\b))\b",
    re.I,
)
# An ask to identify a paper ("which listed paper ...", "what paper ..."), and a word
# pointing back at what was quoted ("is this about", "does it describe").
WHICH_PAPER = re.compile(
    r"\b(?:which|what)\b(?:\W+\w+){0,5}?\W+(?:papers?|ones?|entry|work|study|article)\b"
    r"|\bpapers?\s+behind\b",
    re.I,
)
POINTER = re.compile(r"\b(?:it|this|that)\b", re.I)
OWN_TOPIC = 3  # words the corpus uses, outside the quotes, that make a topic of its own
AS_TITLE_BEFORE = re.compile(r"\b(?:titled|title)\s*:?\s*\W?$", re.I)
# Words before quotes that make the quoted words a topic, in any case: "papers on 'Large
# Language Model Quantization'", "a technique called 'Sparse Attention with Hashing'".
AS_TOPIC_BEFORE = re.compile(
    r"\b(?:on|about|regarding|concerning|into|called|named|dubbed|use|uses|using|like|for|"
    r"with|of)\s*\W?$",
    re.I,
)
TITLE_WORDS = 3  # fewer words in quotes are a term ("'IR'", "'graph'"), not a title
# What an abstract says it introduces, in the sentence that says so.
INTRODUCES = (
    r"\b(?:we|this\s+(?:paper|work|article))\s+(?:\w+\s+){{0,2}}?"
    r"(?:propose|present|introduce|develop|describe|design|build|derive)[sd]?\b"
    r"{between}{{0,120}}?{name}"
    r"|\b(?:called|named|dubbed|coined)\s+{name}"
)
# ... when a question asks where the name comes from ("which paper introduced Acme?"):
# not what the thing introduced uses ("we develop a compiler leveraging the Acme
# infrastructure"). "The Acme paper" may mean that paper, one that uses Acme.
BETWEEN = r"[^.]"
BETWEEN_NO_USE = (
    r"(?:(?!\b(?:leverag\w*|us(?:e|es|ed|ing)|based\s+on|on\s+top\s+of|built\s+(?:on|upon)"
    r"|atop|extend\w*|via|through|upon|on|than|over|against)\b)[^.])"
)


def asked_name(
    text: str,
    written: Callable[[str], str | None] | None = None,
    passing: Callable[[str], bool] | None = None,
    known: Callable[[str], bool] | None = None,
) -> str | None:
    """Return the name of the one paper a question asks for ("GPT-3" in "the GPT-3
    paper"), when it names one: a word written as a name, right before "paper". Short
    capitals ("the HPC paper", "the BNN paper", "the MoE paper") are a field's
    abbreviations more often than a paper's name, and are searched as topics.

    ``written`` returns how the corpus writes a word typed in lower case when it writes
    it only as a name ("BERT" for "bert", ``name_spelling``): "the bert paper" asks for
    the BERT paper, "the quantization paper" for a topic.

    A name before "paper on ..." says where a paper is from ("the NeurIPS paper on
    quantization", "a Google paper about graphs"), unless ``passing`` says one listed
    paper mentions it in passing and none has it (``mentioned_in_passing``): then the
    question presumes that paper, and the one mentioning it is not it.

    ``known`` says whether the corpus writes a phrase (``phrase_known``): a name's short
    part typed apart ("the Megatron LM paper") is read with the word before it
    (``_whole``)."""
    for name, at, cursor in named_spans(text):  # "Which SlimNet paper ...": "SlimNet"
        if everyday(name):  # "Every paper in this list ...", unless its origin is asked
            if not _origin_asked(text[:at], text[cursor:]):
                continue
            kind = KIND_AFTER.match(text, cursor)  # "who introduced Bloom filters?"
            return _named(name + kind[0] if kind else name)
        name, at = _whole(text, name, at, known)
        before = LOWER_BEFORE.search(text, 0, at) if VERSION_WORD.fullmatch(name) else None
        if before and fold(before[1]) not in stopwords():  # "the mobilenet v2 paper"
            name, at = f"{before[1]} {name}", before.start(1)
        following = PAPER.match(text[cursor:])
        if following:
            return _named(name + following[1])
        sourced = PAPER_ON.match(text[cursor:])
        if sourced and passing is not None and passing(name + sourced[1]):
            return _named(name + sourced[1])
        suffix = SUFFIX.match(text[cursor:])
        parts = suffix[0] if suffix else ""  # "Megatron" + "-LM"
        if _origin_asked(text[:at], text[cursor + len(parts) :]):
            # "which paper introduced PolyBench?"; three capitals are a name here ("who
            # proposed MKL?"): a field's abbreviation is held by more than one paper
            return name + parts if ORIGIN_NAMED.fullmatch(name + parts) else _named(name + parts)
    if written is None:
        return None
    for typed in LOWER.finditer(text):  # "which paper is the gpt-3 paper": "gpt-3"
        word, version = typed[1], typed[2]
        first, dash, rest = word.partition("-")
        if not word.islower() or rest in DESCRIBING:  # "a deepspeed-based paper"
            continue
        if described(text, typed.start(1), typed.end(1)):  # "the bloom-filter-graph-mining paper"
            continue
        if not POINTED.search(text, 0, typed.start()):
            continue
        spelled = written(first)
        if not dash and known is not None:  # "the megatron lm paper"
            whole = _lower_whole(text, typed.start(), word, written, known)
            if whole:
                return _named(whole)
        if spelled:  # "gpt-3" -> "GPT-3", "megatron-lm" -> "Megatron-LM"
            short = len(rest) <= SUFFIX_LETTERS or any(c.isdigit() for c in rest)
            named = spelled + dash + (rest.upper() if short else rest) + version
            before = NAME_BEFORE.search(text, 0, typed.start())
            return _named(f"{before[1]} {named}" if before else named)
    return None


# Asking for the paper a thing comes from: "which paper introduced X?", "who proposed
# X?", "the paper that first described X", "X was introduced where?"
ORIGIN_BEFORE = re.compile(
    r"\b(?:introduc(?:ed|es)|propos(?:ed|es)|invent(?:ed|s)|creat(?:ed|es)|coin(?:ed|s)"
    r"|originat(?:ed|es)|c(?:ame|omes)\s+up\s+with"
    r"|first\s+(?:describ|present|introduc|propos)(?:ed|es|s))\s+(?:the\s+)?"
    # ... and the kind of thing it is, then its name: "proposed a method named Acme"
    r"(?:(?:an?|the)\s+(?:[\w-]+\s+){0,2}?(?:called|named|dubbed|known\s+as)\s+)?$",
    re.I,
)
ORIGIN_AFTER = re.compile(
    r"^\s+(?:was|were)\s+(?:first\s+|originally\s+)?(?:introduced|proposed|invented|created)\b",
    re.I,
)
WHO_OR_WHICH = re.compile(
    r"\b(?:which|what|who|where|whose)\b|\bthe\s+(?:paper|work)\s+that\b", re.I
)
KIND_AFTER = re.compile(r"\s+[a-z]+(?=\s*(?:[?.!,;:]|$))")  # "filters" of "Bloom filters"
SUFFIX = re.compile(r"(?:-[^\W_]+)*")  # a name's parts after hyphens: "-LM", "-XL"
ORIGINAL = re.compile(r"\b(?:original|seminal)\s+$", re.I)  # "the original Acme paper"
ORIGIN_NAMED = re.compile(r"[A-Z]{3}")  # "MKL", "WMT": a name when its origin is asked


# A capitalized word and a space, right before a name's short part typed apart.
PART_BEFORE = re.compile(r"(?<![\w-])([A-Z][A-Za-z]+)\s$")


# An ask among the listed papers: "which of ours", "any of these", "which of our ...".
OF_OURS = re.compile(r"\b(?:which|any|some)\s+of\s+(?:ours|these|those|them|our)\b", re.I)


# A pointer at one paper said before: "like that one", "as this work does", "the same
# paper", "the said model".
THAT_ONE = re.compile(
    r"\b(?:that|this|the\s+same|said)\s+(?:one|paper|work|article|model|method|system)\b", re.I
)


def in_background(text: str, name: str) -> bool:
    """Return True when a paper's name is said only before the ask, which asks for papers
    (plural: "which papers", "which of ours") on a topic of its own and neither names it
    nor points back at it: "The Acme paper introduced a number format. Which of our
    papers compare against that format?" and "Reading the Acme paper; which of ours are
    about weather?" ask for listed papers, the Acme paper being where the asker comes
    from. Not "I saw the Acme paper. Is it listed?", "... which of ours quantize models
    like that one?", nor "... Do you have the paper on X?", which ask about it."""
    start, end = asked_span(text)
    ask = text[start:end]
    first = fold(name).split()[0]
    if not start or first in fold(ask) or first not in fold(text[:start]) or not asks(ask):
        return False
    several = PLURAL.search(ask) or OF_OURS.search(ask)
    pointing = points_back(ask, things_only=True, pronouns_only=True, near=False)
    if not several or pointing or THAT_ONE.search(ask):
        return False
    own = len(content_words(ask))
    return own >= MIN_OWN_WORDS or (own > 0 and NAMES_ITS_TOPIC.search(ask) is not None)


def _whole(text: str, name: str, at: int, known: Callable[[str], bool] | None) -> tuple[str, int]:
    """Return a name with the word it belongs to, and where it then starts, when its
    short capitals follow a capitalized word the corpus writes them with ("Megatron LM"
    and "Transformer XL" for "Megatron-LM" and "Transformer-XL"); else the name and
    ``at`` as they are. "the Hoefler GNN paper" keeps "GNN": no abstract says both."""
    if known is None or not (name.isupper() and name.isalpha() and len(name) <= SUFFIX_LETTERS):
        return name, at
    before = PART_BEFORE.search(text, 0, at)
    if before is None or fold(before[1]) in stopwords():
        return name, at
    whole = f"{before[1]} {name}"
    return (whole, before.start(1)) if known(whole) else (name, at)


# A word in lower case and a space, right before a name's short part typed apart.
LOWER_BEFORE = re.compile(r"(?<![\w-])([a-z][a-z\d]+)\s+$")


def _lower_whole(
    text: str,
    at: int,
    part: str,
    written: Callable[[str], str | None],
    known: Callable[[str], bool],
) -> str | None:
    """Return a name typed in lower case with its short part apart ("megatron lm",
    "transformer xl") as ``_whole`` reads it in capitals: the word before is one the
    corpus writes only as a name, and some abstract writes the two in a row. Else None:
    "the graph ml paper" has no name ("graph" is no name)."""
    before = LOWER_BEFORE.search(text, 0, at)
    if before is None or len(part) > SUFFIX_LETTERS or not part.isalpha():
        return None
    spelled = written(before[1])
    if spelled is None or not known(f"{before[1]} {part}"):
        return None
    return f"{spelled} {part.upper()}"


def _origin_asked(before: str, after: str) -> bool:
    """Return True when the question asks which paper a name comes from: an origin verb
    right before it, asked by "which", "who", "the paper that" ("which paper introduced
    PolyBench?", "who proposed Megatron-LM?"), the name ending its clause, or after it
    ("PolyBench was first proposed where?")."""
    # the name, and maybe one word of what it is, end the clause: "the NeuroSim simulator?"
    ends = re.match(r"(?:\s+[a-z]+)?\s*(?:[?.!,;:]|$)", after) is not None
    if ORIGIN_BEFORE.search(before):
        return ends and WHO_OR_WHICH.search(before) is not None
    return ORIGIN_AFTER.match(after) is not None


def quoted_title(text: str) -> str | None:
    """Return the first title in quotes in a question ("'Attention Is All You Need'"):
    ``TITLE_WORDS`` words or more, each long one capitalized (unless a word before them
    makes them a topic: "papers on 'Large Language Model Quantization'"), or in any case
    when the question asks whether they are a listed title ("is 'quantum supremacy using
    a programmable superconducting processor' in the list?"). Other words in quotes are
    a topic to match exactly ("papers on 'graph neural networks'"), not a title."""
    for match in QUOTED.finditer(text):
        quoted = next(group for group in match.groups() if group)
        words = WORDS.findall(quoted)
        long = [w for w in words if len(w) >= MIN_LETTERS]
        before = text[: match.start()]
        titled = bool(long) and all(w[0].isupper() for w in long)
        titled = titled and not AS_TOPIC_BEFORE.search(before)
        asked = AS_TITLE_AFTER.match(text[match.end() :]) or AS_TITLE_BEFORE.search(before)
        if len(words) >= TITLE_WORDS and (titled or asked):
            return " ".join(quoted.split())
    return None


def quote_discussed(text: str, knows: Callable[[str], bool]) -> bool:
    """Return True when quoted words written as a title are what a question discusses,
    not a title it asks for: the rest of it has a topic of its own (``OWN_TOPIC`` words
    the corpus uses: "'Tiny Floats, Big Wins' - which papers compare FP8 and INT8
    formats?"), or asks which paper they are about, pointing back at them ("'Graphs Get
    Faster' - which listed paper is this about?", "what's the real paper behind that
    tweet?"). A headline, a slogan or a post's title is searched as the question."""
    rest = QUOTED.sub(" ", text)  # the title is one of its quotes
    own = [w for w in content_words(rest) if knows(w)]
    return len(own) >= OWN_TOPIC or bool(WHICH_PAPER.search(rest) and POINTER.search(rest))


def before_paper(text: str) -> list[str]:
    """Return the words typed in lower case right before "paper" that point at one paper
    ("polynomer" in "the polynomer paper"), as typed."""
    return [m[1] for m in LOWER.finditer(text) if POINTED.search(text, 0, m.start())]


def quoted(text: str) -> list[str]:
    """Return the phrases a question puts in quotes, of any kind."""
    return [next(group for group in m.groups() if group) for m in QUOTED.finditer(text)]


def title_spellings(
    phrases: Iterable[str], lookup: Lookup, known: Container[str]
) -> dict[str, str]:
    """Return, for each phrase (a quoted name, "polynomer" in "the polynomer paper") that
    has a word no abstract uses, the one listed title it stands for ("Polynomer",
    "neural graph databses"): the title ``/paper`` finds for it, whose name (or whole
    title) the phrase spells closely; not "accelerater" for Allo. At most ``SPELLED``
    phrases are looked up."""
    spellings: dict[str, str] = {}
    for phrase in list(dict.fromkeys(phrases))[:SPELLED]:
        if all(fold(word) in known for word in WORDS.findall(phrase)):
            continue
        pid = lookup.title_for(phrase)
        if pid is None:
            continue
        title = lookup.index.papers[pid].title
        if fuzz.ratio(fold(phrase), fold(short_name(title) or title)) >= SPELLED_LIKE:
            spellings[phrase] = title
    return spellings


def spelled(text: str, spellings: dict[str, str]) -> str:
    """Return the text with each phrase of ``title_spellings`` written as its title."""
    for phrase, title in spellings.items():
        text = re.compile(re.escape(phrase), re.I).sub(title.replace("\\", "\\\\"), text)
    return text


def title_not_listed(searcher: Searcher, lookup: Lookup, title: str) -> bool:
    """Return True when no listed title matches a quoted title and no abstract has its
    words in a row."""
    if lookup.title_for(title) is not None:
        return False
    return not _holding(searcher, title, WORDS.findall(fold(title)))


def _named(asked: str) -> str | None:
    letters = sum(c.isalpha() for c in asked)
    return asked if letters >= MIN_LETTERS or any(c.isdigit() for c in asked) else None


def name_spelling(searcher: Searcher, word: str) -> str | None:
    """Return how the corpus writes a folded word when every abstract that has it writes
    it as a name ("BERT", "DeepSpeed", "Megatron" mid-sentence), else None: a word it also
    writes in lower case ("quantization", "graph") is a topic. Titles, written in title
    case, are not read. A word no abstract has is a name as typed when it is rare in
    English ("alexnet", "word2vec", "llama"; not "clip" or "adam")."""
    forms: set[str] = set()
    if word not in searcher.vocabulary and not any(
        True for _ in searcher.phrases.papers_holding(word)
    ):
        rare = zipf(word) < NAME_ZIPF
        vocabulary = searcher.vocabulary
        # "quant" is a word cut short; "llama" of "llama2" a name without its version
        longer = vocabulary.completions(word)
        cut = len(word) >= MIN_CUT and any(not w[len(word)].isdigit() for w in longer)
        return word if rare and not cut and not _misspelled(word, vocabulary.words) else None
    for text in islice(searcher.phrases.texts_holding(word), TEXTS_READ):
        abstract = text.partition(". ")[2]
        said = [m.group() for m in WORDS.finditer(abstract) if fold(m.group()) == word]
        names = {w for name in entities(abstract) for w in WORDS.findall(name)}
        if any(w not in names for w in said):
            return None
        forms.update(said)
    return min(forms) if len(forms) == 1 else None


def _misspelled(word: str, words: Collection[str]) -> bool:
    """Return True when a word is a corpus word typed with a typo ("benchmrk"), not the
    name of a versioned one ("llama" of "llama2")."""
    alike = [w for w in words if w[:1] == word[:1] and abs(len(w) - len(word)) <= 2]
    alike = [w for w in alike if not (w.startswith(word) and w[len(word) :].isdigit())]
    return process.extractOne(word, alike, scorer=fuzz.ratio, score_cutoff=TYPO_LIKE) is not None


def names_no_paper(searcher: Searcher, name: str, origin: bool = False) -> bool:
    """Return True when no listed paper has the name and at most one mentions it: not
    in its title, not as something it introduces, not as a term it defines ("(DNNs)");
    ``origin``: the question asks where the name comes from (``_has_name``)."""
    if _titled(searcher, name):
        return False
    return _none_has(searcher, name, *_holders(searcher, name), origin)


def _titled(searcher: Searcher, name: str) -> bool:
    """Return True when a listed title gives the name, in any spelling or cut short."""
    titles = searcher.titles
    if titles.named_in(name) or titles.spelled_otherwise(name):
        return True
    return shortened(name, searcher.vocabulary)  # "the Radial Nets paper": "Radial Networks"


def _none_has(
    searcher: Searcher,
    name: str,
    words: list[str],
    holding: list[tuple[str, str]],
    origin: bool = False,
) -> bool:
    """Return True when, of the papers ``holding`` the name's ``words``, none has it as
    its own and at most one mentions it (``names_no_paper``, past the titles)."""
    named = [w for w in words if not w.isdigit()]
    if len(named) >= 2 and all(_topic(searcher, w) for w in named):  # "the FPGA LLM paper"
        return False
    if _described(searcher, name):  # "the GNN-robustness paper"
        return False
    return len(holding) <= 1 and not any(_has_name(text, words, origin) for _, text in holding)


def mentioned_in_passing(searcher: Searcher, name: str) -> bool:
    """Return True when exactly one listed paper mentions a name, and not as its own (not
    in its title, not as what it introduces or defines): Slapo names Megatron-LM among the
    systems it compares with. A name no abstract has may be a lab or a venue."""
    words, holding = _holders(searcher, name)
    return (
        len(holding) == 1
        and not _titled(searcher, name)
        and _none_has(searcher, name, words, holding)
    )


def _holders(searcher: Searcher, name: str) -> tuple[list[str], list[tuple[str, str]]]:
    """Return a name's folded words and up to two papers that say them in a row (as
    written, or closed up as the corpus writes it: "Llama 2" as "LLaMA2", "Uni-Sparse")."""
    words = WORDS.findall(fold(name))
    holding = _holding(searcher, name, words)
    if not holding and squashed(name) in searcher.vocabulary:
        words = [squashed(name)]
        holding = _holding(searcher, words[0], words)
    return words, holding


def _described(searcher: Searcher, name: str) -> bool:
    """Return True when a name is a topic of the list or a field's abbreviation (short
    capitals, as in "the HPC paper"), then after a hyphen words in lower case that a
    paper uses: "GNN-robustness", "HPC-cloud", "FPGA-mapping" describe a paper, as
    "graph-mining" does. "Megatron-LM", "GPT-3" and "BERT-base" (BERT is in fewer than
    two papers) are names."""
    head, dash, rest = name.partition("-")
    abbreviation = head.isupper() and len(head) < MIN_LETTERS
    if not dash or not (abbreviation or _topic(searcher, fold(head))):
        return False
    holds = searcher.phrases.papers_holding
    return all(part.isalpha() and part.islower() and any(holds(part)) for part in rest.split("-"))


def _topic(searcher: Searcher, word: str) -> bool:
    """Return True when two or more papers use a word: a topic of the list."""
    return len(list(islice(searcher.phrases.papers_holding(word), 2))) == 2


# A name typed just before another as its other spelling: "HOGA / HOGANet", "Radial or
# RadialNet".
OTHER_SPELLING = re.compile(r"([^\W_][\w.+-]*)\s*(?:/|\bor\b)\s*$", re.I)


def spelled_otherwise(searcher: Searcher, lookup: Lookup, text: str, at: int) -> bool:
    """Return True when the name at ``at`` in a text follows another spelling of it, with
    "/" or "or", that names a listed paper ("the HOGA / HOGANet paper", "the Radial or
    RadialNet paper"): the question asks for that paper, under either name."""
    other = OTHER_SPELLING.search(text[:at]) if at > 0 else None
    return other is not None and not no_paper_named(searcher, lookup, other[1])


def no_paper_named(searcher: Searcher, lookup: Lookup, name: str, origin: bool = False) -> bool:
    """Return True when no listed paper has the name (``names_no_paper``), nor a title
    ``/paper`` finds for it ("the polynomer paper" is Polynormer's, with a typo)."""
    return names_no_paper(searcher, name, origin) and lookup.title_for(name) is None


def asks_origin(text: str, name: str) -> bool:
    """Return True when a question asks which paper a name it says comes from ("which
    paper introduced Acme?", "Acme was first proposed where?", "the original Acme
    paper")."""
    at = text.find(name)
    if at < 0:
        return False
    return _origin_asked(text[:at], text[at + len(name) :]) or bool(ORIGINAL.search(text[:at]))


def paper_named(searcher: Searcher, name: str) -> str | None:
    """Return the id of the one listed paper that has a name, in its title ("FLIQS") or
    as what its abstract introduces ("This work presents QFX"), else None."""
    titled = searcher.titles.named_in(name)
    if titled:
        return next(iter(titled)) if len(titled) == 1 else None
    words, holding = _holders(searcher, name)
    if len(holding) == 1 and _has_name(holding[0][1], words):
        return holding[0][0]
    return None


def _holding(searcher: Searcher, name: str, words: list[str]) -> list[tuple[str, str]]:
    """Return up to two papers (id, "title. abstract") that say the name's words in a row."""
    texts = ((pid, searcher.phrases.text_of(pid)) for pid in searcher.phrases.papers_holding(name))
    return list(islice(((pid, text) for pid, text in texts if _says(text, words)), 2))


def _has_name(text: str, words: list[str], origin: bool = False) -> bool:
    """Return True when a paper's "title. abstract" has the name as its own: in the
    title, as what it introduces, or as a term it defines ("(DNNs)", "Student Float
    (SF4)"); with ``origin`` (its origin is asked), not as what the thing it introduces
    uses."""
    spelled = r"[\s\-_/]*".join(map(re.escape, words))
    named = rf"(?<![^\W_]){spelled}(?![^\W_])"
    between = BETWEEN_NO_USE if origin else BETWEEN
    introduced = re.compile(INTRODUCES.format(name=named, between=between), re.I)
    defined = re.compile(rf"\({named}s?\)|{named}\s*\([A-Z][\w-]*\)", re.I)
    return bool(
        _says(text.partition(". ")[0], words) or introduced.search(text) or defined.search(text)
    )


def _says(text: str, words: list[str]) -> bool:
    """Return True when a text has the words in a row, the last one maybe plural."""
    folded = f" {joined_words(text)} "
    said = " ".join(words)
    return f" {said} " in folded or f" {said}s " in folded
