"""The specific things a question names, and those no listed title or abstract mentions.

A question may presume a system, model, dataset, benchmark, piece of hardware, method or
venue by name ("the SlimNet paper", "summarize Zhang's RoboCompiler work", "what did the
Q-Transformer find?"). When the list never mentions that name, the honest answer is
that no listed paper mentions it, then the closest papers as the closest, not as matches.

What counts as a name is read from its form (``retrieval.index.vocabulary.entities``: a
capital inside a word, letters and digits, capitals mid-sentence), less people, subject
codes and short generic abbreviations ("ML", "IR"). What counts as mentioned is read
from the corpus: the name as written, closed up or hyphenated, in the singular, and an
acronym the abstracts define (they then use it as a word). No list of names is written
by hand.

A name the list lacks is what the question asks about when the question is built on it,
judged by its form, not by its words: the name modifies the noun of what is asked ("the
X paper", "X's results", "an X-style scheduler") or is its object ("summarize X",
"papers on X"), or it carries most of the topic's weight once the framing is gone. A
name mentioned only in passing ("we run PyTorch on our cluster; which papers ...") does
not make the question unanswerable.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from retrieval.index.vocabulary import MAGNITUDES, Vocabulary, entities, zipf
from retrieval.query.asking import ABOUT_VERB_WORDS, FRAMING_TERMS
from retrieval.query.asking_part import own_clause, points_back, sentence_that_asks
from retrieval.query.names import TITLES
from retrieval.text import WORDS, fold, stopwords, tokenize

GENERIC_LETTERS = 3  # an all-capitals word this short is a generic abbreviation ("ML")
COMMON_ZIPF = 3.5  # a capitalized English word this common is a word, not a name
SHOUTED_LETTERS = 12  # letters of a question in capitals before it reads as shouted
SHOUTED_SHARE = 0.8
SHOUTED_LINE_LETTERS = 8  # ... of a line of a longer message ("> READ SPINE")
# The list's own source: every listed record is an arXiv record, so "arXiv" names no
# thing a paper would have to mention.
SOURCE_NAMES = frozenset({"arxiv"})
# Words that greet or title a person ("Dear", "Hi", "Dr", "Prof"): no name of a thing.
ADDRESS_WORDS = frozenset({"dear", "dearest", "hi", "hiya", "hello", "hey", *TITLES})
SUBJECT_CODE = re.compile(r"\b[a-z]{2,9}(?:-[a-z]{2})?\.[A-Z]{2}\b")
TOPIC_SHARE = 0.5  # an absent name carrying this share of the topic's words is the topic
MODIFIERS = 2  # words between a name and the noun it modifies: "SlimNet tensor compiler"
TITLE_CASE_WORDS = 4  # words of a stretch in title case (``untitled``)
TITLE_CASE_SHARE = 0.8  # of its words capitalized
STRETCH = re.compile(r"[^.!?:;\"“”‘’«»()\[\]\n—–]+")  # between punctuation, dashes and quotes
# A number after two letters or more, written apart by the corpus's words ("ResNet-50"
# is "resnet" and "50"): "ResNet|50", "GPT|4V"; not "H100" or "A100", one letter.
NUMBER_AFTER_LETTERS = re.compile(r"(?<=[^\W\d_]{2})(?=\d)")
# A model named with its size: "OPT-175B", "Llama 70B" (the name, the count, its letter).
SIZED = re.compile(r"(.*[^\W\d_])[\s-]?(\d+(?:\.\d+)?)([KMBTkmbt])")
VERSION_WORD = re.compile(r"[vV]\d+(?:\.\d+)?")  # "TPU v4", "MobileNet V2"
CAPITAL_AFTER_LOWER = re.compile(r"(?<=[a-z])(?=[A-Z])")  # "Student|Float"
# A word, "'s", and the name it owns: "Meta's OPT", "NVIDIA's A100"; typed in lower
# case too ("meta's OPT models", "nvidia's H100"): the owned name is checked by its form.
OWNER = re.compile(r"\b([A-Za-z][\w-]*)['’]s\s+([A-Za-z][\w-]*)")


@dataclass(frozen=True)
class Absent:
    """A name the question uses that no listed title or abstract mentions."""

    name: str
    start: int
    end: int


def named_spans(text: str) -> Iterator[tuple[str, int, int]]:
    """Yield each name-like run of a text (``entities``) as its specific part
    (``specific_part``) with where that starts and ends; not a description written as
    one hyphenated word (``described``)."""
    at = 0
    for run in entities(text):
        start = text.find(run, at)
        if start < 0:
            continue
        at = start + len(run)
        if described(text, start, at):
            continue
        name, begin = specific_part(run, start)
        yield name, begin, begin + len(name)


DESCRIBING_PARTS = 4  # hyphenated parts of a description: names have fewer ("Megatron-LM")
HYPHENATED = re.compile(r"[^\W_]+(?:-[^\W_]+)+")


def described(text: str, start: int, end: int) -> bool:
    """Return True when a run sits in a word of ``DESCRIBING_PARTS`` hyphenated parts or
    more, most of them everyday words in lower case: a thing described in one breath
    ("the LLM-weights-look-like-Student-t-so-make-a-new-format paper",
    "state-of-the-art"), not a name ("Llama-2-7B-chat", "Sparse-Matrix-Vector-Multiply")."""
    word = next((m for m in HYPHENATED.finditer(text) if m.start() <= start < m.end()), None)
    if word is None or end > word.end():
        return False
    parts = word[0].split("-")
    plain = sum(p.islower() and (p in stopwords() or zipf(p) >= COMMON_ZIPF) for p in parts)
    return len(parts) >= DESCRIBING_PARTS and 2 * plain > len(parts)


def name_words(people: Iterable[str]) -> frozenset[str]:
    """Return the folded words of people's names."""
    return frozenset(fold(w) for person in people for w in WORDS.findall(person))


def candidates(text: str, people: Collection[str] = frozenset()) -> list[tuple[str, int, int]]:
    """Return the names a text uses, with their spans: not people (``people``: the
    folded words of their names, ``name_words``), subject codes or short generic
    abbreviations, and not capitalized everyday words."""
    codes = [m.span() for m in SUBJECT_CODE.finditer(text)]
    found = []
    for name, start, end in named_spans(text):
        words = WORDS.findall(name)
        if not words or any(s <= start < e for s, e in codes):
            continue
        if any(fold(w) in people or fold(w) in SOURCE_NAMES for w in words):
            continue
        if _generic(name, text, end):
            continue
        if all(fold(w) in ADDRESS_WORDS for w in words):
            continue  # "Dear Dr" of "Dear Dr. Chen, ...": how a person is addressed
        if everyday(name) or stressed(name):
            continue
        found.append((name, start, end))
    return found


def everyday(name: str) -> bool:
    """Return True for one everyday English word written with a capital ("Which",
    "Every" where a line starts): no name, unless a capital or a digit follows its
    first letter."""
    one = len(WORDS.findall(name)) == 1
    return one and not _inner(name) and zipf(fold(name)) >= COMMON_ZIPF


def stressed(name: str) -> bool:
    """Return True for one word of the question's framing written in capitals for stress:
    "which papers DISCUSS weather?", "papers that MENTION GPUs", "ONLY the 2023 ones"."""
    return name.isupper() and len(WORDS.findall(name)) == 1 and fold(name) in _framing()


@cache
def _framing() -> frozenset[str]:
    return stopwords() | FRAMING_TERMS | ABOUT_VERB_WORDS


def unshouted(text: str) -> str:
    """Return a question written in capitals ("WHICH PAPER IS ABOUT ...") with its
    everyday words in lower case, so that capitals mark names again: "IS THERE A PAPER
    ON SPARSE FPGAS" reads as "is there a paper on sparse FPGAS". So is a line of a
    longer message written in capitals ("> EXAMINE SCROLL", a game's command, or "NOTE
    TO SELF"). A question with fewer capitals is returned as it is."""
    if _shouted(text, SHOUTED_LETTERS):
        return WORDS.sub(_lower_common, text)
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return "\n".join(
        WORDS.sub(_lower_common, line) if _shouted(line, SHOUTED_LINE_LETTERS) else line
        for line in lines
    )


def _shouted(text: str, letters: int) -> bool:
    cased = [c for c in text if c.isupper() or c.islower()]
    upper = sum(c.isupper() for c in cased)
    return len(cased) >= letters and upper >= SHOUTED_SHARE * len(cased)


def _lower_common(match: re.Match[str]) -> str:
    found = match.group()
    return found.lower() if zipf(fold(found)) >= COMMON_ZIPF else found


def untitled(text: str) -> str:
    """Return a text with its stretches written in title case ("Tiny Chips Learn To Share
    Their Memory With Each Other", a headline or a post's title) in lower case but for
    words written like names ("GPU", "A100", "DaCe") and rare words, so that capitals
    mark names again there, as ``unshouted`` does for capitals. A stretch is title case
    when it runs between punctuation, has ``TITLE_CASE_WORDS`` words or more, nearly all
    capitalized, capitalizes a function word after its first ("Of", "By", "The"), and
    starts and ends with a capital, as a headline does: "Graph of Thoughts" or "Zhang and
    Hoefler" are names, and so is a title typed in a sentence ("Foo Is All You Need
    paper")."""

    def stretch(match: re.Match[str]) -> str:
        words = WORDS.findall(match.group())
        lettered = [w for w in words if w[0].isalpha()]
        if len(lettered) < TITLE_CASE_WORDS:
            return match.group()
        capitals = sum(w[0].isupper() for w in lettered)
        function = any(w[0].isupper() and w.casefold() in stopwords() for w in lettered[1:])
        if not function or capitals < TITLE_CASE_SHARE * len(lettered):
            return match.group()
        if lettered[0][0].islower() or lettered[-1][0].islower():
            return match.group()  # a title typed in a sentence: "the Foo Is All You Need paper"
        return WORDS.sub(_lower_everyday, match.group())

    return STRETCH.sub(stretch, text)


def _lower_everyday(match: re.Match[str]) -> str:
    word = match.group()
    if _inner(word) or zipf(fold(word)) < COMMON_ZIPF:
        return word
    return word.lower()


def _inner(word: str) -> bool:
    """Return True for a word with a digit after its first letter, or a capital after the
    first letter of one of its hyphenated parts: "GPTQ", "Llama-2", "ENS-20", not the
    double-barrelled "Ben-Nun"."""
    parts = word.split("-")
    return any(c.isdigit() for c in word[1:]) or any(c.isupper() for p in parts for c in p[1:])


def specific_part(run: str, start: int) -> tuple[str, int]:
    """Return the part of a run of capitalized words that names something, and where it
    starts: with a word written like a name ("GPTQ", "FlexNet2") the run is that word and
    any size after it ("Which SlimNet" -> "SlimNet", "Llama-2 13B"); otherwise the run
    less the function words and the asking verb before it ("The Slim Fly" -> "Slim Fly",
    "Summarize Slim Fly Routing" -> "Slim Fly Routing": a verb opening a sentence has
    its capital from where it stands)."""
    words = list(re.finditer(r"\S+", run))  # "ENS-20" is one word of a run
    named = [n for n, w in enumerate(words) if _inner(w[0]) and not _numbering(w[0])]
    if named:
        first = last = named[-1]
        while last + 1 < len(words) and _numbering(words[last + 1][0]):
            last += 1  # "13B" after "Llama-2", "v4" after "TPU"
        return run[words[first].start() : words[last].end()], start + words[first].start()
    while len(words) > 1 and (fold(words[0][0]) in stopwords() or words[0][0] in OPENING_ASKS):
        words = words[1:]
    begin = words[0].start()
    return run[begin : words[-1].end()], start + begin


def _numbering(word: str) -> bool:
    """Return True for a word that numbers the name before it: a size ("13B") or a
    version ("v4", "V2")."""
    return word[0].isdigit() or VERSION_WORD.fullmatch(word) is not None


SHORTENED = 3  # letters a word cut short keeps: "Nets" for "Networks", not "N"


def mentioned(name: str, vocabulary: Vocabulary) -> bool:
    """Return True when the corpus mentions a name in any of its spellings: as written,
    closed up or hyphenated ("Slim Fly", "SlimFly", "Slim-Fly"), its number apart
    ("ResNet50", "ResNet-50"), its capitals apart ("SlimFly", "Slim Fly"), singular
    ("NICs", "HammingMeshes") or plural ("Graph Neural Network" where abstracts only
    write "graph neural networks"), or a model's size apart ("OPT-175B": "OPT", "175
    billion").

    A spelling that puts words apart must stand as that phrase: "SparseGPT" is not
    mentioned by an abstract that has "sparse" in one place and "GPT" in another, nor
    "GPT-5" by one with "GPT" and a 5."""
    written = {name, name.replace("-", ""), name.replace(" ", "")}
    apart = {name.replace("-", " ")} | {CAPITAL_AFTER_LOWER.sub(" ", f) for f in written}
    apart |= {NUMBER_AFTER_LETTERS.sub(" ", f) for f in written | apart}
    apart -= written
    if any(vocabulary.knows_name(f) for f in _numbers(written) if f.strip()):
        return True
    if any(phrase_known(f, vocabulary) for f in _numbers(apart) if f.strip()):
        return True
    if shortened(name, vocabulary):
        return True
    sized = SIZED.fullmatch(name)
    return sized is not None and _size_mentioned(sized, vocabulary)


def shortened(name: str, vocabulary: Vocabulary) -> bool:
    """Return True when a name of several words is a phrase the corpus writes with one
    word cut short ("Radial Nets" for "Radial Networks", "Graph Trans" for "Graph
    Transformer"): the cut word, less a plural "s", starts a corpus word, and the other
    words are written as they are."""
    words = [fold(w) for w in WORDS.findall(name)]
    if len(words) < 2:
        return False
    for n, word in enumerate(words):
        stem = word[:-1] if word.endswith("s") else word
        others = words[:n] + words[n + 1 :]
        if len(stem) < SHORTENED or word in vocabulary or not all(w in vocabulary for w in others):
            continue
        for whole in vocabulary.completions(stem):
            if whole != stem and vocabulary.knows(" ".join([*words[:n], whole, *words[n + 1 :]])):
                return True
    return False


def phrase_known(phrase: str, vocabulary: Vocabulary) -> bool:
    """Return True when the corpus writes a phrase: looked for only when it has every
    word of it (the search reads the texts that hold them)."""
    words = [fold(w) for w in WORDS.findall(phrase)]
    return all(vocabulary.knows(w) for w in words) and vocabulary.knows(" ".join(words))


def _numbers(forms: set[str]) -> set[str]:
    """Return the forms, their singulars ("NICs" -> "NIC", "Meshes" -> "Mesh") and the
    plurals of those that end in a letter ("Graph Neural Network" -> "... Networks")."""
    found = forms | {f[:-1] for f in forms if f.endswith("s") and len(f) > 3}
    found |= {f[:-2] for f in forms if f.endswith(("shes", "ches", "xes")) and len(f) > 5}
    return found | {f"{f}s" for f in forms if f[-1:].isalpha() and not f.endswith("s")}


def _size_mentioned(sized: re.Match[str], vocabulary: Vocabulary) -> bool:
    """Return True when the corpus mentions a model named with its size ("OPT-175B") as
    the name and the size apart: an abstract writes "OPT" and "175 billion parameters"."""
    count, magnitude = sized[2], MAGNITUDES[sized[3].upper()]
    size_known = vocabulary.knows(fold(count + sized[3])) or vocabulary.knows(
        f"{count} {magnitude}"
    )
    return size_known and mentioned(sized[1], vocabulary)


def makers(text: str, vocabulary: Vocabulary) -> set[str]:
    """Return the names a text writes as the owner of a name the corpus mentions: the
    maker of a model, chip or tool the question asks about ("Meta's OPT models",
    "NVIDIA's A100", "Google's T5", "Microsoft's DeepSpeed"). An abstract names the thing,
    seldom who makes it, so the maker is no topic a paper must mention. The owned word
    is a name by its form (capitals, or letters and digits); a common noun keeps its
    owner ("Zorblax's scheduler")."""
    found = set()
    for match in OWNER.finditer(text):
        owner, owned = match.group(1), match.group(2)
        if (_inner(owned) or owned.isupper()) and mentioned(owned, vocabulary):
            found.add(owner)
    return found


def absent(
    text: str,
    vocabulary: Vocabulary,
    people: Iterable[str] = (),
    english: bool = True,
) -> list[Absent]:
    """Return the names a text uses that the corpus never mentions, less the makers of
    the names it does (``makers``). In a question not written in English, only names with
    a capital inside or digits count: German writes every noun with a capital."""
    found = []
    owners = makers(text, vocabulary)
    for name, start, end in candidates(text, name_words(people)):
        if not english and not any(_inner(w) for w in WORDS.findall(name)):
            continue
        if name in owners:
            continue
        if _written_apart(text, start, end, vocabulary):
            continue  # "LPG2 vec": the corpus's "LPG2vec"
        # "GPT 4", "ResNet 34": "GPT-4", "ResNet-34"; not "A100 80 GB" (a number's own)
        version = None if _numbered(name) else VERSION_APART.match(text, end)
        if version and not mentioned(versioned := f"{name}-{version[1]}", vocabulary):
            found.append(Absent(versioned, start, version.end()))
        elif not mentioned(name, vocabulary):
            found.append(Absent(name, start, end))
    return found


def _generic(name: str, text: str, end: int) -> bool:
    """Return True for short capitals, a generic abbreviation more often than a name
    ("HPC", "ETH"), unless a version typed after them makes them one ("GPT 4") or a
    size or version written with them ("OPT-30B"); the name check reads no such word,
    the source check does (``unchecked_sources``)."""
    words = WORDS.findall(name)
    short = all(w.isupper() and len(w) <= GENERIC_LETTERS for w in words)
    if short and len(words) > 1 and _numbered(name):
        return False  # a model and its size or version: "OPT-30B", "OPT 13B"
    return short and (_numbered(name) or not VERSION_APART.match(text, end))


def _numbered(name: str) -> bool:
    """Return True when a name carries a number already ("A100", "FP16")."""
    return any(c.isdigit() for c in name)


# A version or size typed apart after a name: "GPT 4", "Llama 3", "ResNet 34"; not a
# count of a unit ("A 100 GPUs" is the corpus's "A100"), a share, a decimal part or the
# number of the next item of a list ("1) papers on LLMs 2) papers on ...").
VERSION_APART = re.compile(r" (\d{1,3}(?:\.\d)?)(?![\w%.,]\d|[\w%)])")


WORD_AFTER = re.compile(r"[ -]([^\W_]+)")
WORD_BEFORE = re.compile(r"([^\W_]+)[ -]$")


def _written_apart(text: str, start: int, end: int, vocabulary: Vocabulary) -> bool:
    """Return True when a name is part of a corpus word that the question writes as two:
    "LPG2 vec" for "LPG2vec", "FP 16" for "FP16" (the search joins them as well)."""
    name = text[start:end]
    after, before = WORD_AFTER.match(text, end), WORD_BEFORE.search(text[:start])
    return bool(after and vocabulary.closes_up(name, after[1])) or bool(
        before and vocabulary.closes_up(before[1], name)
    )


# A name said as where a paper comes from, after the noun of the paper and "from", "at"
# or "by" ("a paper from Acme", "the study by Acme").
FROM_SOURCE = re.compile(r"\b(\w+)\s+(?:from|at|by|out\s+of)\s+$", re.I)
WRITTEN = frozenset(("paper", "papers", "study", "studies", "work", "article", "preprint"))
# ... or before it, after a determiner ("the Acme paper"; not "List every paper ...").
DETERMINER = re.compile(r"\b(?:the|a|an|that|this|which|what|any|some)\s+$", re.I)


def unchecked_sources(text: str, vocabulary: Vocabulary, people: Iterable[str] = ()) -> list[str]:
    """Return the everyday words (or short capitals: "ETH") a question gives as where a
    paper comes from ("the Acme paper on X", "Acme's study of X", "a paper from Acme")
    that no listed title or abstract mentions. The name check reads them as no name
    (``everyday``, ``GENERIC_LETTERS``), and the list records no affiliations, so the
    answer can only match the rest of the question. The maker of a name the corpus
    mentions ("Acme's OPT") is not one."""
    folded_people = name_words(people)
    owners = makers(text, vocabulary)
    found: list[str] = []
    for name, start, end in named_spans(text):
        generic = _generic(name, text, end)  # "ETH", "MIT": the name check reads no such word
        if not (everyday(name) or generic) or fold(name) in folded_people or name in owners:
            continue
        if fold(name) in ADDRESS_WORDS:
            continue  # "papers by Dr. X": a title, not a source
        if text[end : end + 1] == "-" or _written_apart(text, start, end, vocabulary):
            continue  # part of a word the corpus may have closed up: "Poly-normer", "FV 3"
        source = FROM_SOURCE.search(text[:start])
        said = (
            (DETERMINER.search(text[:start]) is not None and _modifies_kind(text[end:], 1))
            or (_possessive(text, end) and _modifies_kind(text[end + 2 :], 0))
            or (source is not None and source[1].casefold() in WRITTEN)
        )  # fmt: skip
        if said and not mentioned(name, vocabulary) and name not in found:
            found.append(name)
    return found


# A name said as who made the papers asked for: before their noun, after an attribution
# ("the DeepMind papers", "ECMWF-authored weather papers", "Acme-funded work"), after
# "from", "by", "at" or "out of" ("papers from the Met Office group", "work by Acme
# Labs"), or as the subject of writing ("what did Google Research write on X?").
WRITTEN_NOUN = re.compile(
    r"^(?:-\w+)?(?:\s+[^\W\d_][\w-]*)?\s+(?:papers?|works?|stud(?:y|ies)|articles?"
    r"|preprints?|publications?|research)\b",
    re.I,
)
SOURCE_BEFORE = re.compile(r"\b(?:from|by|at|out\s+of)\s+(?:the\s+)?$", re.I)
WRITING_AFTER = re.compile(
    r"^\s+(?:\w+\s+)?(?:wr(?:ite|ote|itten)|publish(?:ed)?|authored|put\s+out|released)\b"
    r"|^['’]s\s+(?:group|lab|team|people|researchers)\b",
    re.I,
)


ATTRIBUTION = re.compile(r"^-\w+")  # "-authored", "-funded", "-led" glued to the name


def names_a_source(found: Absent, text: str) -> bool:
    """Return True when a name says who made the papers asked for (``WRITTEN_NOUN``,
    ``SOURCE_BEFORE``, ``WRITING_AFTER``), not what they are about: the list records
    no affiliations. Not "anything on FooNet kernels?", "the FooNet design", nor a
    thing of another kind named as a source: "results from the FooBench benchmark",
    "data from the FooSet dataset"."""
    before, after = text[: found.start], text[found.end :]
    if _modifies_kind(after) and not WRITTEN_NOUN.match(after):
        return False
    return bool(
        WRITTEN_NOUN.match(after) or SOURCE_BEFORE.search(before) or WRITING_AFTER.match(after)
    )


def source_span(found: Absent, text: str) -> tuple[int, int]:
    """Return where a name said as a source starts and ends, with the attribution glued
    to it ("ECMWF-authored")."""
    glued = ATTRIBUTION.match(text[found.end :])
    return found.start, found.end + (glued.end() if glued else 0)


# The nouns of what is asked for, and the words that make a name their object: the
# grammar of presupposing, not words of any topic.
ASKED_PRONOUNS = frozenset(("anything", "something", "everything", "stuff"))
KIND_NOUNS = frozenset((
    "paper", "papers", "work", "works", "study", "studies", "system", "systems", "model",
    "models", "framework", "frameworks", "method", "methods", "dataset", "datasets",
    "benchmark", "benchmarks", "tool", "tools", "library", "libraries", "compiler",
    "compilers", "architecture", "architectures", "topology", "topologies", "algorithm",
    "algorithms", "approach", "approaches", "protocol", "protocols", "processor",
    "processors", "accelerator", "accelerators", "chip", "chips", "design", "designs",
    "technique", "techniques", "scheme", "schemes", "project", "projects", "result",
    "results", "implementation", "implementations", "variant", "variants",
    # the other kinds of thing a name is given to: formats, layers, kernels, languages
    "format", "formats", "type", "types", "language", "languages", "layer", "layers",
    "kernel", "kernels", "operator", "operators", "engine", "engines", "database",
    "databases", "simulator", "simulators", "decoder", "decoders", "encoder", "encoders",
    "optimizer", "optimizers", "standard", "standards", "suite", "suites", "toolkit",
    "toolkits", "extension", "extensions",
))  # fmt: skip
ASKING_WORDS = frozenset((
    "summarize", "summarise", "explain", "describe", "introduce", "introduced",
    "introduces", "introducing", "propose", "proposed", "proposes", "proposing", "present",
    "presented", "presents", "cite", "behind",
))  # fmt: skip
OPENING_ASKS = frozenset(word.capitalize() for word in ASKING_WORDS)  # "Summarize X Y"
THING_POINTERS = frozenset(("it", "this", "that", "them", "these", "those"))
# Words between the noun of what is asked and the name it is about ("a paper on the
# SlimNet protocol", "the work about SlimNet").
ABOUT = frozenset(("on", "about", "the", "a", "an", "its", "their", "his", "her"))
NAMED_AS_WORDS = 4  # words before a name that ask what it is: "which listed paper is"
# Being somewhere, said of a name by "is"/"was" before or after it, an adverb between if
# any: "is SlimNet in the list?", "any chance SlimNet is in the pool?", "was SlimNet
# ever listed?", "SlimNet is included, right?". ``LISTED_WITHIN`` words may follow.
COPULA = re.compile(r"(?:\b(?:is|was|are|were)|['’]s)\s*$", re.I)
BEING_THERE = re.compile(
    r"\s+(?:(?:is|was|are|were)\s+)?(?:\w+ly\s+|ever\s+|even\s+|also\s+|still\s+)?"
    r"(?:in|among|on|listed|included|here|there|part\s+of)\b",
    re.I,
)
WH_WORD = re.compile(r"\b(?:which|what|where|who|whose|how)\b", re.I)  # "which X is SlimNet in?"
LISTED_WITHIN = 5  # words from where it is to the "?" that asks if it is there


def _noun_on(before: str) -> bool:
    """Return True when the words before a name are the noun of what is asked, or the
    pronoun asking for it, and a word that makes the name its topic ("a paper on the",
    "the work about", "anything on": "anything on SlimNet fine-tuning?")."""
    words = [w.casefold() for w in WORDS.findall(before)][-4:]
    while words and words[-1] in ABOUT - {"on", "about"}:
        words.pop()
    asked = KIND_NOUNS | ASKED_PRONOUNS
    return len(words) >= 2 and words[-1] in ("on", "about") and words[-2] in asked


# A name given as one of alternatives, the other said right after or before it: "papers on
# FooNets or vision transformers", "graph transformers or FooNets?".
ONE_OF = re.compile(r"\s*(?:,\s*)?(?:or|and/or)\s+[^\W\d_]", re.I)
OTHER_OF = re.compile(r"[^\W\d_][\w-]*\s*,?\s+(?:or|and/or)\s+$", re.I)


def presumed(found: Absent, text: str, topic_words: int, question: str = "") -> bool:
    """Return True when the question is built on an absent name, judged by its form.

    A name only in the sentences before the one that asks is the asker's background,
    whatever its form ("We use the SlimNet library. Which papers ...?"; read in
    ``question`` when given: the text searched has lost the words that framed it).
    Otherwise the question is built on it when the name modifies the noun of what is
    asked ("the SlimNet paper", "SlimNet's topology", "in the SlimNet work"), is the
    object of the asking verb ("summarize SlimNet", "the paper that introduced
    SlimNet"), what that noun is said to be ("which listed paper is SlimNet?"), what is
    asked to be in the list ("is SlimNet in the list?", ``_asked_if_there``), or its
    words are at least half of the topic's content words ("anything on SlimNet?")."""
    if _before_the_ask(found.name, question or text):
        return False  # "My MSc was on GPUs. Which of Zhang's papers use them?"
    if ONE_OF.match(text[found.end :]) or OTHER_OF.search(text[: found.start]):
        return False  # "papers on CNNs or vision transformers": the other may answer
    if _asked_back(found.name, question or text):
        return True  # "FooNet: a tiny vision model. Which paper introduced it?"
    before = [w.casefold() for w in WORDS.findall(text[: found.start])[-1:]]
    if _possessive(text, found.end) or _modifies_kind(text[found.end :]):
        return True
    if before and before[-1] in ASKING_WORDS:
        return True
    if _noun_on(text[: found.start]) or _named_as_kind(text[: found.start], text[found.end :]):
        return True
    if _asked_if_there(text[: found.start], text[found.end :]):
        return True
    if _object_of_use(found, text, question):
        return True
    own = len(tokenize(found.name))
    return topic_words > 0 and own / topic_words >= TOPIC_SHARE


# A verb of using a thing, right before its name (maybe with "the"): "papers using
# SlimNet", "which ones apply the SlimNet kernels?", "anything that adopts SlimNet".
USING = re.compile(
    r"\b(?:us(?:e|es|ed|ing)|appl(?:y|ies|ied|ying)|adopt(?:s|ed|ing)?|employ(?:s|ed|ing)?"
    r"|leverag(?:e|es|ed|ing)|run(?:s|ning)?\s+on|buil(?:d|ds|t)\s+(?:on|upon))"
    r"(?:\s+(?:the|a|an))?\s+$",
    re.I,
)
SENTENCE_END = re.compile(rf"(?:(?:\s+|-)[^\W_]+){{0,{MODIFIERS}}}\s*(?:[?.!]|$)")
# The asker as the one using it, in the same clause: "we run on SlimNet clusters, so ...".
ASKER_USES = re.compile(r"\b(?:i|we|i'm|we're|i've|we've|my|our|me|us)\b[^,;:.?!]*$", re.I)


def _object_of_use(found: Absent, text: str, question: str) -> bool:
    """Return True when the name is what the papers asked for use, in the sentence that
    asks, and ends it with at most ``MODIFIERS`` words of what it is: "papers using
    SlimNet adapters", "which ones run on SlimNet?", "anything built on the SlimNet
    runtime" (not "papers using SlimNet to schedule threads on GPUs", which asks more,
    "Nobody uses SlimNet any more. Which paper replaced it?", nor the asker's use: "we
    run on SlimNet clusters, so which papers ...")."""
    ask = sentence_that_asks(question or text)
    if ask is not None and found.name not in ask.text:
        return False
    before, after = text[: found.start], text[found.end :]
    verb = USING.search(before)
    if verb is None or ASKER_USES.search(before, 0, verb.start()):
        return False
    return SENTENCE_END.match(after) is not None


def _named_as_kind(before: str, after: str) -> bool:
    """Return True when the name is what the paper asked for is said to be, and ends the
    ask: "which listed paper is SlimNet?", "which one was SlimNet, the compiler?",
    "which of these is SlimNet" (not "our tool is SlimNet", nor "what dataset is SlimNet
    used with?")."""
    words = [w.casefold() for w in WORDS.findall(before)][-NAMED_AS_WORDS:]
    if not words or words[-1] not in ("is", "was") or not {"which", "what"} & set(words):
        return False
    return re.match(r"\s*(?:[?.!,;:]|$)", after) is not None


def _asked_if_there(before: str, after: str) -> bool:
    """Return True when a question asks whether the name is in the list: "is" or "was"
    before the name or after it, where it is (``BEING_THERE``), and the question's end
    within ``LISTED_WITHIN`` words: "is SlimNet in the list?", "any chance SlimNet is in
    the pool?", "SlimNet is included here, right?" (not "our SlimNet is in production
    and slow; which papers speed up inference?", "which simulator is SlimNet in?", nor
    "which papers run SlimNet?")."""
    there = BEING_THERE.match(after)
    if there is None:
        return False
    clause = re.split(r"[.!?;:\n]", before)[-1]
    asks_yes_no = COPULA.search(before) is not None and not WH_WORD.search(clause)
    copula = asks_yes_no or re.match(r"\s+(?:is|was|are|were)\b", after)
    rest = re.match(r"[^.!?\n]*(?:\?|$)", after[there.end() :])
    return bool(copula) and rest is not None and len(WORDS.findall(rest[0])) <= LISTED_WITHIN


def _modifies_kind(following: str, modifiers: int = MODIFIERS) -> bool:
    """Return True when a name opens a noun phrase whose head is the noun of what is asked:
    "the SlimNet paper", "the SlimNet results", "the SlimNet tensor algebra compiler"
    (up to ``MODIFIERS`` words before the noun, none a function word or after a mark)."""
    phrase = re.match(rf"(?:(?:\s+|-)[^\W_]+){{1,{modifiers + 1}}}", following)
    for word in WORDS.findall(phrase[0]) if phrase else ():
        folded = word.casefold()
        if folded in KIND_NOUNS:
            return True
        if folded in stopwords():
            return False
    return False


def _possessive(text: str, end: int) -> bool:
    """Return True when "'s" after a name makes it a possessive ("SlimNet's results"),
    not "is" or "has" ("SlimNet's a pain", "X's not listed", "Y's been cited"): a
    possessive is followed by what it owns, which is no function word."""
    if text[end : end + 2] not in ("'s", "’s"):
        return False
    following = WORDS.findall(text[end + 2 :])[:1]
    return not following or following[0].casefold() not in stopwords() - {"own"}


def _asked_back(name: str, question: str) -> bool:
    """Return True when a name stands before the sentence that asks, and that sentence
    asks for what introduced or describes a thing by a pronoun: "I keep hearing about
    FooNet. Which paper introduced it?", "FooBench, a dataset with hourly labels: who
    presents it?", "FooNet came up in our reading group. Can you summarize it?" (not
    "We run FooNet. Which paper would speed it up?")."""
    ask = sentence_that_asks(question)
    if ask is None or name not in question[: ask.start] or name in question[ask.start :]:
        return False
    words = [w.casefold() for w in WORDS.findall(ask.text)]
    return any(
        word in ASKING_WORDS and following in THING_POINTERS for word, following in pairwise(words)
    )


def _before_the_ask(name: str, question: str) -> bool:
    """Return True when a name stands only in sentences of the question before the one
    that asks (the first ending in "?", else the last), or before the clause that asks
    after a spaced dash or a colon ("'SlimNet Turns Three' - draft title for Friday: how
    many papers does Zhang have?"), and that one does not point back ("I loved the
    SlimNet talk. Is there a paper on it?", "SlimNet: which paper introduced it?" are
    about SlimNet; ``own_clause``)."""
    ask = sentence_that_asks(question)
    if ask is None:
        return False
    if points_back(ask.text, things_only=True):
        return False
    if name in question[: ask.start] and name not in question[ask.start :]:
        return True
    clause = own_clause(question)
    return clause is not None and name in question[: question.rindex(clause)] and name not in clause
