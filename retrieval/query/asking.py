"""The English of asking: the patterns that read how a question asks, not what about.

Framing words (how many, which years, summarize ...), list asks, code asks, people
around a name, leaving out, weighing two areas, comparisons, thanks. ``retrieval.query.intent``
reads a question with them; what is left is the topic. Each pattern says what it reads
and what it leaves alone, with the questions that decided it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from retrieval.index.vocabulary import zipf
from retrieval.query.names import TITLES
from retrieval.text import fold, sentences, terms, tokenize

# The nouns a paper goes by besides "paper" and "article" ("preprints on weather", "any
# manuscripts on GNNs?", "publications from 2023"): framing, and no topic to a search
# when no abstract has them (``searcher.query_weights``).
PAPER_NAMES = frozenset(
    {"preprint", "preprints", "manuscript", "manuscripts", "publication", "publications"}
)
# The part of a paper a question may name for the paper's text: "which abstracts mention
# ImageNet?", "papers whose abstract says 4-bit"; a topic only in a phrase the corpus
# writes ("abstract machine", see ``retrieval.search.searcher``).
ABSTRACT_WORDS = frozenset({"abstract", "abstracts"})
# The English of asking about a listing or an author rather than about a topic (as
# words: ``FRAMING`` holds their stems), with ``PAPER_NAMES``.
FRAMING_TEXT = (
    "how many number count counts tally year years yearly per which main primary research "
    "researcher "
    "theme themes topic topics area areas field fields summarize summarise summary "
    "overview rundown gist listed list lists listing subject subjects category "
    "categories codes arxiv published publish publishes wrote "
    "written write writes authored author authors recent recently latest newest new "
    "oldest earliest first last index indexed collection here share percent percentage "
    "distribution spread full complete entire whole overall total altogether every everything "
    "titles "
    "title show "
    "give gimme tell me pls plz please quick q thing things stuff guy kind mostly "
    "mainly focus focuses interests interested working does do did have has got dated "
    "hey hi hello thanks thank lol ngl set across filed file tagged tag tags labeled labelled "
    "catalogued cataloged catalogue catalog "
    "classified categorized categorised belong belongs appear appears show shows one ones top "
    "best anyone anybody someone somebody everyone everybody either "
    "both coauthored coauthor authoring together jointly joint et al colleagues "
    "coauthors collaborators "
    "mr mrs ms dr prof professor alone done doing worked fetch grab find put released "
    "came come produce produced cover covers covered want wants wanted wanna whose "
    "need needs needed look looking seek seeking sought hunt hunting drop dropped "
    "nothing anything something cite cites cited citing read reading "
) + " ".join(sorted(PAPER_NAMES))
FRAMING = frozenset(tokenize(FRAMING_TEXT))
# What opens a message without asking anything: "Hmm, ...", "btw ...", "OK so ...",
# "quick question: ...", "random q, ...", "dumb question but ...".
OPENER = re.compile(
    r"^\s*(?:(?:hmm+|btw|ok|okay|so|well|hey|hi|hello|yo|lastly|also|bonjour|hola|hallo|ciao"
    r"|(?:a\s+)?(?:quick|random|dumb|silly|stupid|small|simple|short|noob)\s+(?:q|qn|question)"
    r"(?:\s+(?:but|though|here))?)\b(?!-)[\s,!.:;-]*)+",
    re.I,
)
# The form of a letter around a message: who it is addressed to, and who signs it. A
# greeting and the names after it ("Dear Santa,", "Hi Bob,", "Dear Professor Smith:"),
# and a closing at its end ("Thanks, Maria", "Cheers, Dr. Okonkwo", "Your friend, Tom
# (age 29)", "Love, Sam", "- Priya") name the people writing and read, not what is
# asked (``without_letter_form``).
_NAME_WORD = r"(?-i:[A-Z][\w'’-]*\.?)"  # capitalized, whatever the pattern's case
_LETTER_NAME = rf"{_NAME_WORD}(?:[ \t]+{_NAME_WORD}){{0,3}}"
GREETING = re.compile(
    r"^\s*(?:dear(?:est)?|hi|hiya|hello|hey|howdy|greetings|good\s+(?:morning|afternoon"
    rf"|evening|day))[ \t]+(?P<name>{_LETTER_NAME})\s*(?:[,:;!\n]|\s[-—–]\s)",
    re.I,
)
# The one greeted asked about as an author: "Dear Dr. Chen, which of your papers ...?",
# "Hi Ann, have you written on X?", "do you have papers on Y?" (not "your list").
ADDRESSEE_ASKED = re.compile(
    r"\byours?\b(?!\s+(?:list|collection|server|bot|database|library|index|catalog(?:ue)?"
    r"|shelf|shelves|archive|records?|channel|elves)\b)"
    r"|\byou\s+(?:have\s+|ever\s+)*(?:wr(?:ite|ote|itten)|publish(?:ed)?|(?:co-?)?authored"
    r"|work(?:ed)?\s+on)\b|\bdo\s+you\s+have\s+(?:any\s+)?(?:papers?|work|publications?)\b",
    re.I,
)
CLOSING = (
    r"thanks(?:\s+(?:so\s+much|a\s+lot|again|in\s+advance))?|thank\s+you(?:\s+so\s+much)?"
    r"|many\s+thanks|thx|ty|cheers|best(?:\s+wishes)?|(?:best|kind|warm)\s+regards|regards"
    r"|sincerely(?:\s+yours)?|yours(?:\s+(?:truly|sincerely))?|love|lots\s+of\s+love|hugs"
    r"|xoxo|warmly|(?:your|a)\s+(?:friend|fan|student)|signed|ta"
)
SIGN_OFF = re.compile(
    rf"(?:(?<=[.!?\n])|^)\s*(?:(?:{CLOSING})\s*[,!.]?\s*|(?P<dash>[-—–~]+)\s*)"
    rf"(?P<name>{_LETTER_NAME})(?:\s*\([^()\n]{{0,30}}\))?\s*[.!]?\s*$",
    re.I,
)
DASHED_LINE = re.compile(r"^\s*[-—–~*•]", re.M)  # an item of a list, or a dashed signature
# An email's signature block: a closing on a line of its own ("Best regards,"), or the
# delimiter "--" (RFC 3676 writes "-- "), and the lines under it: the sender's name,
# title, organization, contacts and a legal notice. A mail app's footer ("Sent from my
# phone") ends a message too.
CLOSING_LINE = re.compile(rf"^[ \t]*(?:(?P<closing>{CLOSING})[ \t]*[,!.]?|--)[ \t]*$", re.I | re.M)
POSTSCRIPT = re.compile(r"^[ \t]*p\.?[ \t]*(?:p\.?[ \t]*)?s\b", re.I | re.M)  # "P.S.", "PS:"
FOOTER = re.compile(r"\n[ \t]*sent from my\b[^\n]*$", re.I)
SIGNATURE_LINES = 12  # more lines under a closing are no signature block
# The line a signature block opens with: the sender's name, credentials, pronouns and
# what a bar or a dot sets after it ("Dr. Jane Roe", "Kofi Mensah, PhD", "Alex Kim
# (they/them)", "Ann Lee | Sparse Team"). Under it, a line whose first word is a word in
# lower case ("only from 2024", "by Hoefler"; not "www.example.org" or "she/her") or
# that holds a year ("Addendum: 2023 only"; not "© 2023 Example Inc.") adds to the
# question.
SENDER = re.compile(
    rf"^[ \t]*{_LETTER_NAME}(?:[ \t]*,[ \t]*{_NAME_WORD})*(?:[ \t]*\([^()\n]{{0,30}}\))?"
    r"[ \t]*(?:[|·•–—][^\n]*)?$"
)
YEAR = re.compile(r"\b(?:19|20)\d\d\b")
COPYRIGHT = re.compile(r"©|\(c\)|\bcopyright\b", re.I)
# A wish that closes a message, after its last sentence: "Merry Christmas!", "Happy New
# Year!", "Go team!", "Have a great weekend!".
CLOSING_WISH = re.compile(r"(?<=[.!?\n])\s*(?P<wish>[^.!?\n]{1,40}?)!+\s*$")
WISH_WORDS = 5


def without_letter_form(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without the greeting that opens it and the closing that ends it
    (``GREETING``, ``SIGN_OFF``, ``CLOSING_WISH``): the names of who writes and who
    reads, and the wishes they send, are not its topic. A name stays when the list knows
    one of its words, and a greeting when the message asks about the one greeted
    (``ADDRESSEE_ASKED``): "Dear Torsten Hoefler, which of your papers ...?", "Dear Dr.
    Chen, which of your papers ...?" (no listed author). A name after a dash stays when
    it may be an item of a list: after a colon, or beside other dashed lines ("Compare
    these two:\n- GPTQ\n- FLIQS")."""

    def unknown(match: re.Match[str]) -> bool:
        return not any(known(w) for w in re.findall(r"[^\W\d_]+", match["name"]))

    greeting = GREETING.match(text)
    rest = text[greeting.end() :] if greeting else ""
    if greeting and unknown(greeting) and rest.strip() and not ADDRESSEE_ASKED.search(rest):
        text = rest
    for _ in range(2):  # a wish, then a signature: "Merry Christmas! Love, Sam"
        signed = SIGN_OFF.search(text)
        said = signed.group()[: signed.start("name") - signed.start()].lstrip() if signed else ""
        if signed and not signed["dash"] and not unknown(signed) and re.search(r"[,\n]", said):
            return _signed_by(text[: signed.start()], signed["name"])  # "Best, Zhiru Zhang"
        if signed and (not unknown(signed) or (signed["dash"] and _listed(text, signed))):
            signed = None
        if signed is None and (wish := CLOSING_WISH.search(text)) and _idle_wish(wish, known):
            signed = wish
        if signed is None or not text[: signed.start()].strip():
            break
        text = text[: signed.start()]
    return text


def without_signature_block(text: str, names: Callable[[str], bool] = lambda _: False) -> str:
    """Return a message without the signature block under its closing (``CLOSING_LINE``):
    "Best regards,\nDr. Jane Roe\nSenior Engineer | Acme Ltd.\n+1 555 0100" keeps
    "Best regards,\nDr. Jane Roe" for ``SIGN_OFF`` to read; under "--" nothing stays,
    when it is the message's one "--" line and follows no colon. A P.S. after the
    block stays; a block that asks ("?"), runs past SIGNATURE_LINES lines, opens with
    no ``SENDER`` or adds to the question is no signature (a line under the name that
    ``names`` a listed author or subject adds too: "BTW only Hoefler's"); nor is a
    message that is nothing else."""
    text = FOOTER.sub("", text)
    closings = list(CLOSING_LINE.finditer(text))
    closing = closings[-1] if closings else None
    before = text[: closing.start()].rstrip() if closing else ""
    if closing is None or not before:
        return text
    delimiters = sum(not c["closing"] for c in closings)
    if not closing["closing"] and (delimiters > 1 or before.endswith(":")):
        return text  # "--" between the items of a list ("Which is newer:\n--\nGPTQ\n--\n...")
    tail = text[closing.end() :]
    postscript = POSTSCRIPT.search(tail)
    block, after = (
        (tail[: postscript.start()], tail[postscript.start() :]) if postscript else (tail, "")
    )
    lines = [line for line in block.splitlines() if line.strip()]
    if not lines or "?" in block or len(lines) > SIGNATURE_LINES:
        return text
    if not SENDER.match(lines[0]) or any(_adds(line) or names(line) for line in lines[1:]):
        return text
    kept = f"{closing.group().strip()}\n{lines[0].strip()}\n" if closing["closing"] else ""
    return text[: closing.start()] + kept + after


def _adds(line: str) -> bool:
    """Return True when a line under a sender's name adds to the question (``SENDER``)."""
    first = line.split()[0]
    dated = bool(YEAR.search(line)) and not COPYRIGHT.search(line)
    return (first.isalpha() and first.islower()) or dated


# A short question to the reader that opens a message before the one that asks: "AITA?
# ...", "Am I wrong? ...", "Is that fair? ...", "Guess what? ...".
READER_QUESTION = re.compile(r"^\s*(?P<asked>[^.!?\n]{1,30}\?)\s+(?=\S)")
READER_QUESTION_WORDS = 4
REST_ASKS = re.compile(r"\?|\b(?:which|what|list|show|give|find)\b", re.I)  # the ask after it


def without_reader_question(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without the short question to the reader that opens it
    (``READER_QUESTION``), when none of its words is one the list knows and the rest
    asks with a topic of its own: "AITA? Which listed papers cover thread scheduling?"
    asks about thread scheduling. Not "GNNs? Which are from 2023?" (a word the list knows),
    "Photonics? Anything?" (the rest has no topic), nor "FooNet paper? #LLM" (the rest
    does not ask: the question is the ask)."""
    opening = READER_QUESTION.match(text)
    if opening is None or len(opening["asked"].split()) > READER_QUESTION_WORDS:
        return text
    if any(known(w) for w in content_words(opening["asked"])):
        return text
    rest = text[opening.end() :]
    return rest if content_words(rest) and REST_ASKS.search(rest) else text


# The asker's own papers: "my papers", "our work", "which of mine".
OWN_PAPERS = re.compile(
    r"\b(?:my|our)(?=\s+(?:\w+\s+)?(?:papers?|works?|articles?|preprints?|studies)\b)"
    r"|\b(?:mine|ours)\b",
    re.I,
)


def _signed_by(text: str, name: str) -> str:
    """Return a message signed by a name the list knows (a listed author: "..., Best,
    Zhiru Zhang"): without the signature, the asker's own papers read as that name's
    ("Which of my papers are about X?" asks for Zhang's); a question about no papers of
    the asker's asks about all ("Which papers are about X? Best, Zhiru Zhang")."""
    return OWN_PAPERS.sub(lambda m: f"{name}'s", text, count=1)


def _listed(text: str, dashed: re.Match[str]) -> bool:
    """Return True when a name after a dash may be an item of a list, not a signature:
    the text before it ends with a colon or points at what follows ("the following
    simulator? - NeuroSim"), or another of its lines opens with a dash."""
    before = text[: dashed.start()].rstrip()
    following = re.search(r"\b(?:following|below)\b", re.split(r"[.!?\n]\s", before)[-1])
    return before.endswith(":") or bool(following) or len(DASHED_LINE.findall(text)) > 1


def _idle_wish(wish: re.Match[str], known: Callable[[str], bool]) -> bool:
    """Return True when an exclamation closing a message wishes the reader well and says
    nothing of the question: a few words, none a number or known to the list ("Merry
    Christmas!", "Go team!"; not "Not FPGAs!" or "Only 2023!")."""
    said = wish["wish"]
    words = content_words(said)
    return (
        bool(words)
        and len(said.split()) <= WISH_WORDS
        and not any(c.isdigit() for c in said)
        and not any(known(w) for w in words)
    )


# The task tag opening a comment pasted from code: a comment's marker, a label, an owner
# in brackets if any, a colon ("# TODO: which papers quantize LLMs?", "// FIXME(bob):
# cite the HammingMesh paper", "% XXX: papers on HLS", "-- NOTE [ana]: any on FPGAs?").
# Left out when no listed title, abstract or author has its words
# (``without_comment_tag``). Without the marker a label may be what is asked about
# ("SlimNet: a pruner for vision models"), so it stays.
COMMENT_TAG = re.compile(
    r"^\s*(?:#+|//+|/\*+|%+|--|;+)\s*[^\W\d_]+(?:[ /-][^\W\d_]+)?"
    r"\s*(?:\([^()]{0,40}\)|\[[^\[\]]{0,40}\])?\s*:(?=\s)"
)
# A tag in brackets opening a line of notes or a log ("[BUFF] faster kernels", "[FIX]
# crash on load", "[WIP] draft"): the line's label, not its topic, when no listed
# title, abstract or author has its words (``without_line_tags``). Not a checkbox
# ("[ ]", "[x]"), nor a tag of the list's own words ("[quantization] ...").
LINE_TAG = re.compile(r"^([ \t]*)\[([^\[\]\n]{2,20})\][ \t]*", re.M)
# The listing page the list was read from, named as where the papers are: "tagged cs.DC
# on the page?", "which 2023 papers are on this page?", "the cs.LG ones on Zhang's
# page" (the owner stays, an author); not "the page cache".
ON_THE_PAGE = re.compile(
    r"\b(?:on|in|from)\s+(?:the|this|that|your|our|my|his|her|their|(?P<owner>[^\W\d_][\w-]*['’]s))\s+"
    r"(?:arxiv\s+|author\s+)?"
    r"(?:listing\s+)?page(?=\s*(?:[?.!,;:]|$)|\s+(?:are|is|were|was|that|which|about|from|here)\b)",
    re.I,
)


def off_the_page(match: re.Match[str]) -> str:
    """Return what stays of the words naming the listing page (``ON_THE_PAGE``): its
    owner ("on Zhang's page": "Zhang's"), if it has one."""
    return f" {match['owner']} " if match["owner"] else " "


# Framing words whose stems are topics too ("lately" is "late", "currently" "current"),
# matched as typed; and the plural nouns a list's papers go by besides "papers" ("which
# entries are in cs.CL?", "records from 2022", "list the rows tagged cs.ET", "items by
# Hoefler", "preprints from 2023"), whose singulars may be a topic's ("row-major",
# "record-breaking"); and what asks for the rest after leaving some out ("..., minus the
# quantum ones: what's left?", "what remains?", "the remaining 2023 papers"), or asks for
# a list ("enumerate every 2023 paper"; "enumerating subgraphs" is a topic); and the
# forms of verbs of asking whose stems are topics ("trying to find", "requesting every
# 2023 paper"; "retry" and "request scheduling" are topics; so is "searching", as in
# "papers on searching").
# The plural nouns a question calls the listed papers by, as a regex alternation: what
# comes after them says what they are about ("papers handling X"), and a plural pointer
# after them points at them ("which papers report their speedups?").
# "works" and "studies" are a person's verbs before where or as what they work ("Ada
# lives in Accra and studies at Ashesi", "my cousin works at a bank", "he works as a
# nurse", "she studies hard"): no papers are named. Not "works at scale", "studies at
# the system level", "studies as recent as 2024".
PERSON_VERB = (
    r"(?!\s+(?:at\s+(?:(?:a|an)\b|(?-i:[A-Z]))|as\s+(?:a|an)\b|hard\b|abroad\b|remotely\b"
    r"|part[- ]time\b))"
)
PAPER_PLURALS = rf"papers|articles|ones|preprints|entries|(?:works|studies){PERSON_VERB}"
FRAMING_WORDS = frozenset({
    "lately", "nowadays", "currently", "primarily", "entries", "records", "rows", "items",
    "left", "remain", "remains", "remaining", "enumerate", "trying", "requesting",
    # "how many distinct categories?": a count of the values, not a topic
    "distinct", "different", "unique",
})  # fmt: skip
# The framing words as typed, for readers that compare words rather than stems.
FRAMING_TERMS = frozenset(FRAMING_TEXT.split()) | FRAMING_WORDS
# Asking for a list: a plural of "paper" ("which abstracts mention X" asks for papers
# too), or a word that asks for several, read where it
# asks and not where it is part of the topic: "which ones", not "ones and zeros" or
# "classical ones"; "works"/"studies" after a determiner ("which works involve HLS"), not
# as verbs ("an AI that studies circuits", "still works"); "list" as the ask ("list the
# cs.ET papers", "give me a list"), not "in this list" or "sort a list of numbers";
# "every 2022 paper"; "everything on X", not "represents everything as"; "anything" not
# after do/did; "both" not in "both X and Y". Read anywhere, 39 of 319 one-paper
# questions of the eval sets were lists (their best paper could be cut); read so, 16,
# and every list question is still one. With no topic, ``SEVERAL`` asks for the listing.
PLURAL = re.compile(
    r"\b(?:papers|articles|publications|preprints|manuscripts|abstracts|compare|comparison"
    r"|versus|vs)\b"
    r"|\b(?:which|what|the|any|those|these|other)\s+ones\b"
    r"|\b(?:which|what|any|the|these|those|other|related|recent|his|her|their|some|all)"
    r"\s+(?:works|studies)\b|\bany\s+work\b"
    r"|(?:^|[.!?:]\s*|\b(?:please|pls|can\s+you|could\s+you|would\s+you|just)\s+)list\b"
    r"|\b(?:give|gimme|show|send|want|need|get)\s+(?:me\s+|us\s+)?(?:a|the)\s+"
    r"(?:full\s+|complete\s+)?list\b|\ball\s+of\s+(?:them|these|those|it)\b"
    r"|\b(?:give|gimme|show|send|want|need|get|find|list)\s+(?:me\s+|us\s+)?(?:all|everything)\b"
    r"|\bevery\s+(?:[\w'’-]+(?:\.\w+)?\s+){0,4}?(?:paper|work|article|entry|preprint|study)\b"
    r"|\beverything\s+(?:on|about|related|regarding|concerning|that|you|here|with|by|from)\b"
    r"|(?<!\bdo\s)(?<!\bdid\s)\banything\b"
    r"|\bboth\b(?!\s+(?:[\w-]+\s+){0,3}?and\b)|\bwhat\s+do\s+you\s+have\b"
    r"|\bstuff\b"  # "weather stuff?", "any graph stuff in here?": things, several
    # what someone wrote: "what did Hoefler write about weather?", "what has she
    # published on FPGAs?", "what have they written on graphs lately?"
    r"|\bwhat\s+(?:did|has|have)\s+(?:[\w'’.-]+\s+){0,4}?(?:write|written|publish(?:ed)?)\b",
    re.I,
)
# A verb that only says a list is about something: "anything involving weather",
# "papers that deal with quantization", "works touching on HLS", "ones that target
# FPGAs", "anything aimed at GPUs", "abstracts that mention ImageNet", "papers whose
# abstract names PyTorch". Read as "on": its words
# are no topic, and "involving" would outweigh "weather" (more common in English).
# The same verbs written out, for readers that compare typed words ("mentoin" is a slip
# of "mention"; ``framing_slips``).
ABOUT_VERB_TEXT = (
    "involve involves involving concern concerns concerning cover covers covering address "
    "addresses addressing discuss discusses discussing tackle tackles tackling mention "
    "mentions mentioning mentioned explore explores exploring investigate investigates "
    "investigating examine examines examining"
)
ABOUT_VERB_WORDS = frozenset(ABOUT_VERB_TEXT.split())
ABOUT_VERB = re.compile(
    r"\b(anything|something|papers?|works?|articles?|ones|stuff|publications?|research"
    r"|abstracts?)"
    r"((?:\s+(?:here|in\s+(?:here|th(?:e|is)\s+list|our\s+list)))?\s+(?:that|which))?"
    r"\s+(?:\w+ly\s+)?"
    r"(?:involv(?:e|es|ing)|deal(?:s|ing)?\s+with|concern(?:s|ing)?|regard(?:s|ing)?"
    r"|cover(?:s|ing)?|address(?:es|ing)?|discuss(?:es|ing)?|tackl(?:e|es|ing)"
    r"|mention(?:s|ing)?|names?|says?|explor(?:e|es|ing)|touch(?:es|ing)?(?:\s+(?:up)?on)?|relat(?:ed|ing)\s+to"
    r"|focus(?:es|ing)?\s+on|look(?:s|ing)?\s+(?:at|into)|talk(?:s|ing)?\s+about"
    r"|stud(?:y|ies|ying)|examin(?:e|es|ing)|investigat(?:e|es|ing)"
    r"|target(?:s|ed|ing)?|aim(?:s|ed|ing)?\s+at)\b",
    re.I,
)
# "one" standing for a paper: "the dataset one", "the 2023 one on graphs", "a newer one?",
# "the weather ones", not the number ("one-shot", "one bit per weight", "all in one"): a
# determiner, up to three words, "one(s)", and no noun after it. Searched, the number's
# word drew the abstracts that count something in ones.
PAPER_ONE = re.compile(
    r"\b((?:the|this|that|these|those|a|an|any|another|other|same|first|last|second|third)"
    r"(?:\s+[^\s,.;:?!()]+){0,3}?\s+)one(s?)\b"
    r"(?=\s*(?:$|[,.;:?!)]|(?:on|about|by|from|in|with|that|which|who|where|whose|is|are|was"
    r"|were|has|have|for|to|of|again|then|too|please|pls|plz)\b))",
    re.I,
)
# With no topic, these ask about the list itself ("how many papers per year?", "how are
# the cs.LG papers distributed?", "what's in the list?"): the answer counts its papers by
# year, subject and author (``retrieval.answers.overview``). The facets alone ("which subjects are
# there?", "who are the authors?") only without filters: "which cs.DC papers came out in
# 2022?" asks for those papers.
ABOUT_THE_LIST = re.compile(
    r"\b(?:per\s+year|by\s+year|yearly|distribution|distributed|breakdown|spread|overview"
    r"|summary|summari[sz]e|range|span|cover(?:s|ed)?|contain(?:s|ed)?|holds?|stat(?:s|istics)?"
    r"|in\s+(?:the|this|your|our)\s+(?:list|collection|index)"
    r"|what['’]?s\s+(?:in\s+)?(?:here|there|in\s+it))\b",
    re.I,
)
# What the list's papers are counted by: one pattern for the questions below that ask it.
FACETS = r"years?|subjects?|categor(?:y|ies)"
# "number" asks for a count when a word of a count follows it, or nothing does ("the
# number of his papers", "number and years", "need a number for my slides", "the
# number?"); before a word it names a kind of number ("number formats", "number
# systems", "number theory"), which is a topic.
COUNT_NUMBER = r"number(?=\s+(?:of|and|or|per|by|for|please|pls)\b|\s*[^\w\s]|\s*$)"
LIST_FACETS = re.compile(rf"\b(?:{FACETS}|fields?|areas?|authors?|who)\b", re.I)
# ... with filters too, when the facet is what is asked: "which subjects are there in
# 2023?", "who are the authors of the cs.DC papers?", "papers per subject since 2023".
# Not "who" as the object of a preposition or of a verb in "-ing", a clause that is part
# of the topic: "a summary of who is connected to whom", "logs about who was online",
# "routing based on who is sending", "papers explaining who is to blame for noise".
# How many values of a facet there are, within any filters: "how many subjects in
# 2023?", "how many distinct categories do the cs papers from 2024 span?", "how many
# fields did she work in?".
FACET_COUNT = re.compile(
    r"\bhow\s+many\s+(?:(?:distinct|different|unique|separate)\s+)?(?:arxiv\s+)?"
    r"(?:subjects?|categor(?:y|ies)|subject\s+categor(?:y|ies)|(?:research\s+)?(?:fields?|areas?))\b",
    re.I,
)
FACET_ASKED = re.compile(
    rf"\b(?:which|what)\s+(?:arxiv\s+)?(?:{FACETS}|authors?)\b"
    r"|(?<!\bof )(?<!\bon )(?<!\babout )(?<!ing )\bwho(?:['’]s\b|\s+(?:are|is|were|was|wrote"
    r"|writes|authored|published|publishes|works|worked)\b)"
    r"|\bper\s+(?:subject|category|author)\b",
    re.I,
)
# What an author's card answers: a question that asks one of these of an author is
# answered by the card whatever else it says ("which categories do Hoefler's papers fall
# under?", "what's his whole deal, like the main themes", "can someone summarise ...").
CARD_ASKS = re.compile(
    rf"\b(?:how\s+many|count|{COUNT_NUMBER}|total|{FACETS}|fields?|areas?"
    r"|themes?|topics?|overview|summar(?:y|ies|ise|ize)|sum\s+up|gist|tl;?dr|rundown"
    r"|big\s+picture|nutshell|overall|mostly|mainly|recent|latest|newest"
    r"|breakdown|split|spread|distribution)\b",
    re.I,
)
# ... or a list of their papers: within years or subjects, that list, not the card. "list"
# after a determiner is the list papercord holds ("any robotics papers in this list?").
PAPERS_ASKS = re.compile(
    r"\b(?:all|every|everything|(?<!\bthis )(?<!\bthe )(?<!\byour )(?<!\bour )list|titles"
    r"|dump|publish(?:ed)?)\b",
    re.I,
)
# The card's asks as typed with a typo ("which yeras", "catgories breakdown", "papres").
CARD_WORDS = ("years", "subjects", "categories", "themes", "topics", "summary", "overview",
              "papers", "breakdown")  # fmt: skip
# A count asked over a topic's papers: "graph papers per year", "which authors worked on
# quantization?", "how are the FPGA papers distributed over years?". Taken out of the
# search; the answer counts what it lists (``retrieval.answers.overview``).
BREAKDOWN = re.compile(
    r"\b(?:breakdown\s+)?(?:per|by)\s+(?:year|subject|category|author)s?\b|\byearly\b"
    r"|\b(?:(?:arxiv\s+)?(?:year|subject|category|author)s?|yearly)\s+(?:breakdown|split)\b"
    r"|\bbreakdown\s+(?:of|over|across)\s+(?:the\s+)?(?:arxiv\s+)?(?:years|subjects|categories)\b"
    r"|\b(?:distributed|spread)\s+(?:over|across|by|among)\s+(?:the\s+)?(?:years|subjects"
    r"|categories|authors)\b",
    re.I,
)
# What else asks a facet of a topic's papers ("which authors worked on X", "who are the
# authors of graph papers?", "what subjects are the graph papers filed under?"): taken
# out with the facet asked (``FACET_ASKED``).
FACET_OF = re.compile(
    rf"\bthe\s+(?:{FACETS}|authors?)\s+(?:of|for|behind|on)\b"
    r"|\b(?:worked|work|works|wrote|write|published|publish)\s+(?:on|about|in)\b"
    r"|\b(?:filed|listed|classified|categori[sz]ed|sorted)\s+(?:under|in|as|into)\b",
    re.I,
)
# With no topic left, any of these asks for the listing itself ("everything", "show me
# all", "list", "all of it"): they weigh against a topic only when there is one.
SEVERAL = re.compile(r"\b(?:all|everything|every|list|works|studies|ones)\b", re.I)
# Asking where a paper's code is, not about code as a topic ("weather code", "surface
# code", "HLS code generation", "subject codes"): a code host, open source, or code or
# an implementation that is released, shared, available or linked.
NOT_SOURCE = (
    r"(?![\s-]+(?:generation|generator|fragments?|smells?|reviews?|switching|search"
    r"|completion|clones?|quality))"
)
WANTS_CODE = re.compile(
    r"\b(?:github|gitlab|repos?|repositor(?:y|ies)|open[- ]?sourc\w*|source[- ]code)\b"
    rf"|\b(?:code|implementations?)\b{NOT_SOURCE}[^.?!,]{{0,25}}?"
    r"\b(?:available|public(?:ly)?|released?|online|shared|link(?:ed|s)?)\b"
    r"|\b(?:release[sd]?|releasing|share[sd]?|sharing|publish(?:es|ed)?|provide[sd]?|with"
    r"|ha(?:ve|s)|link(?:s|ed)?\s+to|where(?:'s|\s+is|\s+can\s+i\s+find)?)\s+"
    r"(?:the\s+|their\s+|its\s+|any\s+|some\s+|public\s+|open\s+)?"
    rf"(?:code|implementations?)\b{NOT_SOURCE}",
    re.I,
)

# Verbs that leave something out, in their forms ("skipping", "omitted", "ignoring").
DROP_VERBS = (
    r"(?:skip(?:s|ping|ped)?|drop(?:s|ping|ped)?|omit(?:s|ting|ted)?|ignor(?:e|es|ing|ed)"
    r"|exclud(?:e|es|ing|ed)|avoid(?:s|ing|ed)?)"
)
# The words of a code ask, not its topic: "which papers link to their code?", "code on
# GitHub?", "is the implementation public?" ask where code is, about nothing else.
CODE_ASK_WORDS = frozenset(
    tokenize(
        "github gitlab repo repos repository link links linked url urls available public "
        "open source opensource code implementation implementations"
    )
)
# Words right before an author's name that ask to leave the author out ("not by Hoefler",
# "no Hoefler papers", "nothing from Hoefler", "skip Hoefler's"; not "is there no
# Hoefler paper on X?" or "is there nothing from Hoefler on X?", which ask about his).
LEAVE_OUT = re.compile(
    r"(?:\bnot|n['’]t|\bnon-?|\bwithout|\bw/o|\bexcept(?:\s+for)?|\bexcluding|\bother\s+than"
    r"|\bapart\s+from|\bbesides|\bbut(?:\s+not)?|(?<!there\s)(?<!there['’]s\s)\bno"
    r"|(?<!there\s)(?<!there['’]s\s)\b(?:nothing|none)"
    rf"|\b{DROP_VERBS}|\bleav(?:e|ing)\s+out"
    r"|\bminus)(?:\s+(?:those|the\s+ones|ones|papers|anything|everything|any))?"
    r"(?:\s+(?:written|authored))?(?:\s+(?:by|from))?\s*$"
    # the same in the languages ``retrieval.query.language`` reads: "nicht von Hoefler", "sauf
    # Zhang", "não são de Hoefler", "tranne quelli di Zhang", "mais pas de Zhang"
    # "but" or "that" before them: "aber nicht von Zhang", "que no sean de Zhang"
    r"|\b(?:(?:aber|jedoch|mais|pero|ma|mas|que|qui|che|die)\s+)?"
    r"(?:nicht|außer|ausser|ohne|sauf|sans|pas|excepto|salvo|sin|tranne|eccetto|senza|non"
    r"|exceto|sem|não|nao|no(?=\s+(?:son|sean|es|de|por)\b))"
    r"(?:\s+(?:sind|sont|soient|son|sean|sono|siano|são|sao|sejam|ist|est|es|è|é))?"
    r"(?:\s+(?:ceux|celles|quelli|quelle|los|las|aquellos|aqueles|os|as|die))?"
    r"(?:\s+(?:von|de|des|du|di|del|della|da|do|por|par))?\s*$",
    re.I,
)
# Words right after an author's name that leave the author out: "GNN papers, Zhang
# excluded", "Hoefler's aside", "quantization with Hoefler left out".
# Participles that take papers away, or say they are not wanted (``LEFT_OUT_AFTER``,
# ``LEFT_OUT_AFTER_TOPIC``).
TAKEN_AWAY = (
    r"(?:excluded|removed|taken\s+out|filtered\s+out|left\s+out|omitted|dropped"
    r"|crossed\s+(?:off|out)|struck\s+(?:off|out)"
    r"|not\s+(?:wanted|needed|included|welcome))"
)
LEFT_OUT_AFTER = re.compile(
    rf"^(?:['’]s)?(?:\s+(?:papers|work|ones))?\s+(?:{TAKEN_AWAY}|aside|ignored|skipped)\b",
    re.I,
)
JOINED = re.compile(r"\s*(?:,|&|\b(?:or|and|nor)\b|,\s*(?:or|and|nor)\b)\s*", re.I)
# How many papers to show is not a topic: "top 10 papers on graphs", "3 papers about FPGAs",
# "give me one paper on graphs" (searched, "one" matched abstracts saying "one").
COUNTED = re.compile(
    r"\b(?:(?:top|best|first)\s+)?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)"
    r"(?=\s+(?:papers|articles|works|ones|results)\b)"
    r"|\b(?:one|1|a\s+single|single)(?=\s+(?:paper|article|result)\b)",
    re.I,
)
# Asking for papers by how many authors they have: "which paper has the most authors?",
# "the one with the fewest co-authors", "the longest author list"; not "most authors
# here work on graphs", where "most" counts the authors.
BY_AUTHOR_COUNT = re.compile(
    r"(?:\b(?:has|have|had|with|having)\s+(?:the\s+)?|\bthe\s+)"
    r"(?:(?P<most>most|largest\s+number\s+of|highest\s+number\s+of)"
    r"|(?P<fewest>fewest|least|smallest\s+number\s+of|lowest\s+number\s+of))"
    r"\s+(?:co-?)?authors\b"
    r"|\bthe\s+(?:(?P<long>longest|biggest|largest)|(?P<short>shortest|smallest))"
    r"\s+(?:author|byline)\s+lists?\b",
    re.I,
)
# Asking for the oldest papers first; "latest", "newest" are the listing's own order.
# Not the asker's timing, which is no topic either (``ASKERS_TIMING``).
OLDEST = re.compile(r"\b(?:oldest|earliest|first\s+(?:papers?|ones?))\b", re.I)
NEWEST = re.compile(
    r"\b(?:latest|newest|most\s+recent)\b|\bwhat['’]?s\s+new\b|\banything\s+new\b", re.I
)  # "what's new?" was searched for abstracts saying "new"
# When the asker wants the answer: "at your earliest convenience", "at my earliest
# opportunity", "as soon as possible"; not "the earliest possible paper on X". And by
# a day of the asker's calendar: "by Friday", "before Christmas", "over the holidays",
# "until tomorrow", "this weekend", "by the end of the week" (days, not years: "papers
# from last year" is read as years).
CALENDAR_DAY = (
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:the\s+)?weekend|tomorrow|tonight"
    r"|today|(?:the\s+)?holidays|christmas|xmas|easter|thanksgiving|new\s+year['’]?s?"
    r"|eod|(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:day|week|month)"
)
ASKERS_TIMING = re.compile(
    r"\bat\s+(?:your|my|our|their)\s+(?:earliest|soonest)(?:\s+(?:convenience|opportunity"
    r"|moment|chance))?\b|\bas\s+soon\s+as\s+possible\b"
    rf"|\b(?:by|before|until|till|over|for|this|next)\s+(?:{CALENDAR_DAY})"
    r"(?:\s+(?:morning|afternoon|evening|night|eve|break))?\b(?!\s+et\s+al\b)",
    re.I,
)
# What the asker will do with the answer, after the ask ("..., so that I can cite them",
# "so we can compare them", "to help us plan the course"), and the
# role they ask as, before it ("As a PhD student, I want ..."): the asker's, not the
# topic. Not "so I want every paper on X", which asks.
ASKERS_PURPOSE = re.compile(
    r"[,;]?\s*\b(?:so\s+(?:that\s+)?(?:I|we)\s+(?:can|could|may|might|will|would|['’]ll)"
    r"|to\s+help\s+(?:me|us))\b[^.?!;\n]*",
    re.I,
)
PAPERS_ASKED = re.compile(rf"\b(?:{PAPER_PLURALS}|everything|all)\b", re.I)
ASKERS_ROLE = re.compile(
    r"(?:^|(?<=[.!?\n]\s))\s*as\s+an?\s+(?:[\w-]+\s+){0,4}?[\w-]+\s*,?\s*(?=(?:I|we)\b)", re.I
)
# A person named as an author who is not listed: "papers by Yann LeCun", "Dan Alistarh's work",
# the subject of writing ("What has Alistarh written on X?", "has Dan Alistarh published
# ...?"), or after a title ("Dr. Alistarh", "Prof Smith").
PERSON = r"[A-Z][^\W\d_]*(?:-[A-Z]?[^\W\d_]+|['’][A-Z][^\W\d_]+)?"  # "Okonjo's": Okonjo
OTHER_AUTHOR = re.compile(
    rf"\b(?:written\s+|authored\s+)?by\s+(?:(?:Dr|Prof|Professor)\.?\s+)?"
    rf"((?:{PERSON}\s+){{0,2}}{PERSON})\b"
    rf"|\b((?:{PERSON}\s+){{1,2}}{PERSON})['’]s?\s+(?:papers?|work|research|publications)\b"
    rf"|\b(?i:has|have|did)\s+((?:{PERSON}\s+){{0,2}}{PERSON})\s+(?i:written|published|authored"
    r"|write|publish|worked\s+on|work\s+on|done\s+on)\b"
    rf"|\b(?:Dr|Prof|Professor)\.?\s+((?:{PERSON}\s+){{0,1}}{PERSON})\b"
)
# "papers like GPTQ", "anything similar to SAGMAN": what follows may name a listed paper.
SIMILAR = re.compile(
    r"(?<!would )(?<!['’]d )\b(?:like|similar\s+to|related\s+to|resembling|akin\s+to"
    r"|along\s+the\s+lines\s+of)\s+(?!to\b)(.+)",  # not "I'd like the GPTQ paper"
    re.I,
)
HOW_MANY = re.compile(
    rf"\bhow\s+many\b|\bnumber\s+of\s+(?:[\w'’-]+(?:\.\w+)?\s+){{0,3}}?(?:{PAPER_PLURALS})\b"
    # "count Zhang's papers", "tally up the 2023 papers", "count the works of Zhang", "the
    # number of cs.LG papers"
    rf"|\b(?:count|tally)\s+(?:up\s+)?(?:the\s+)?(?:[\w'’-]+(?:\.\w+)?\s+){{0,3}}?"
    rf"(?:{PAPER_PLURALS})\b"
    r"|\b(?:paper|article)s?\s+count\b"  # "what's the paper count?"
    r"|\bSELECT\s+COUNT\s*\(",  # a query's count: "SELECT COUNT(*) FROM papers WHERE ..."
    re.I,
)
# "how many" counting something else: in the description of a paper asked before it
# ("the study that counts how many global messages a solver sends", "which papers
# report how many nodes they used?"), or asking what a paper does ("how many GPUs does
# the Acme paper use?", "how many bits are needed for ...?"). What follows "how many"
# there is a plural noun other than papers (a verb after it is plural too, with no "s":
# "how many use GPUs"), maybe after an adjective, a noun in "-ing" or an acronym ("how
# many building blocks", "how many training steps", "how many GPU hours"), and no plural
# noun for papers comes within five words ("how many GNN papers").
COUNTED_THING = (
    rf"\bhow\s+many\s+(?!(?:{PAPER_PLURALS})\b)"
    r"(?:(?:[a-z-]+(?:al|ic|ive|ous|ful|ble|ar|ary|ed|ing)|(?-i:[A-Z]{2,}))\s+)?"
    rf"(?!(?:{PAPER_PLURALS})\b)[\w/-]*[^\Ws](?<!s)s\b"
    rf"(?!(?:\s+[\w-]+){{0,4}}?\s+(?:{PAPER_PLURALS})\b)"
)
# ... or after a preposition or a verb in "-ing", which make it the topic's, with any two
# words before the noun there ("research on how many bits a weight needs", "estimating how
# many common neighbours two vertices share", "on how many I/O operations ...").
NOT_BEFORE_NOUN = r"are|is|were|was|do|does|did|have|has|had|of|on|in|about|from|use|cover"
TOPIC_COUNT = (
    rf"(?:\b(?:on|about|into|regarding|of|for)|\w{{3,}}ing)\s+how\s+many\s+"
    rf"(?:(?!(?:{PAPER_PLURALS}|{NOT_BEFORE_NOUN})\b)[\w/-]+\s+){{0,2}}?"
    rf"(?!(?:{PAPER_PLURALS})\b)[\w/-]*[^\Ws](?<!s)s\b"
    rf"(?!(?:\s+[\w-]+){{0,4}}?\s+(?:{PAPER_PLURALS})\b)"
)
OTHER_COUNT = re.compile(
    rf"\b(?:papers?|articles?|works?|stud(?:y|ies)|ones?)\b[^.?!;]*?{COUNTED_THING}"
    rf"|{COUNTED_THING}\s+(?:do|does|did|(?:is|are|were|was)\s+(?:needed|required|used))\b"
    rf"|{TOPIC_COUNT}",
    re.I,
)


def asks_count(english: str) -> bool:
    """Return True when a question asks how many papers there are ("how many papers on
    graphs?", "of these, how many are from 2023?"), not for a paper about a count."""
    other = [found.span() for found in OTHER_COUNT.finditer(english)]
    return any(
        not any(start <= found.start() < end for start, end in other)
        for found in HOW_MANY.finditer(english)
    )


# The words of a count ask, left out of what is searched ("number of quantization papers"
# keeps "quantization"; "how many" matched abstracts saying "many").
# Words that ask for the whole count, in a question that counts: "how many papers in
# total / altogether / overall are on X?", "what's the total number of X papers?", "in
# all, how many ...?". They name no topic; searched, "total" matched abstracts saying
# "total" and "overall" ones saying "overall". "overall" and "in all" only close a
# clause, open the ask or follow the papers counted: "overall throughput", "in all
# layers" are topics.
COUNT_WORDS = re.compile(
    r"\bhow\s+many\b|\bnumber\s+of\b|\bcount\b(?:\s+the\b)?"
    # the verb that opens a sentence asking for "the number of": whichever it is, it asks
    # ("State the number of ...", "Please report the number of ...", "Compute the number")
    r"|(?:^|(?<=[.!?:]\s))(?:(?:please|kindly|pls)\s+)?[^\W\d_]+\s+(?:me\s+|us\s+)?"
    r"(?=the\s+(?:total\s+)?number\s+of\b)"
    r"|\b(?:grand\s+|sum\s+)?total\s+(?=(?:number|count)\b)"
    # "how many papers, altogether, ...": after a word, so a run of spaces is tried once
    r"|(?<![\s,])\s*(?:,\s*)?\b(?:in\s+total|altogether|all\s+told)\b\s*,?"
    r"|\b(?:overall|in\s+all)(?=\s*(?:[,.!?;:]|$))"
    # opening the ask, or right after the papers counted: "Overall how many ...?", "how
    # many papers in all discuss X?"
    r"|(?:^|(?<=[.!?]\s))(?:overall|in\s+all)\b\s*,?"
    r"|(?:(?<=\bpapers\s)|(?<=\bones\s)|(?<=\bworks\s))(?:overall|in\s+all)\b",
    re.I,
)
# Words that belong to a name rather than to the topic: a title before it ("Prof Zhang")
# and the people around it after ("Zhang et al.", "Hoefler's team", "Zhang and his
# students"). Left in the search, they are words no abstract holds ("colleagues") or
# match the wrong one ("Learning from Students").
TITLE = re.compile(rf"\b(?:{'|'.join(TITLES)})\.?\s*$", re.I)
PEOPLE = (  # "and co." but not "co-design"
    r"(?:(?:(?:phd|ph\.d\.|grad(?:uate)?|former|research)\s+)?"
    r"(?:colleagues|co-?authors|collaborators|co-?workers|students|postdocs|advisees|team"
    r"|teams?|group|labs?|people|folks|crew|company)\b|co(?:\.|(?=[\s,]|$)))"
)
WITH_PEOPLE = re.compile(  # "Zhang et al.", "Hoefler and his PhD students"
    rf"^\s*(?:et\.?\s*al\b\.?|(?:and|&|with)\s+(?:his|her|their|the|other)?\s*{PEOPLE})", re.I
)
BARE_PEOPLE = re.compile(rf"^\s*{PEOPLE}", re.I)  # "Hoefler's team", not "group theory"
# Where someone works, right after their name: "Hoefler (ETH Zurich)", "Zhang at Cornell".
AFFILIATION = re.compile(
    r"^\s*(?:\((?![^()]*\d)[^()]{1,60}\)|(?:at|from|of)\s+(?:the\s+)?[A-Z][\w&.'’-]*"
    r"(?:\s+(?:of\s+|de\s+)?[A-Z][\w&.'’-]*){0,3})"
)
# Another person named beside a listed author: "Hoefler and Alistarh on quantization".
# (up to three capitalized words; the name is the longest start of them that reads as one:
# "and Alistarh GPTQ"), or before it: "Frantar and Hoefler", "Alistarh, Frantar and".
CO_AUTHOR = re.compile(rf"^\s*(?:and|&)\s+((?:{PERSON}\s+){{0,2}}{PERSON})\b")
CO_AUTHOR_BEFORE = re.compile(
    rf"(?:^|(?<=[\s,]))((?:{PERSON}\s+){{0,2}}{PERSON})(\s+and|\s*&|\s*,)$"
)
# Weighing two areas of someone's work ("more of a systems person or a theory person", "more into
# theory than systems", "does he work more on X or Y"): the author's card answers it, with
# their subjects and themes. "anything more on X or Y" and "more efficient" do not weigh.
AREA = r"[^?.!]{1,40}?\s+"  # one area of work, up to the "or" / "than"
DOES = r"\b(?:works?|publish(?:es)?|focus(?:es)?|writes?)\s+"
LEANING = re.compile(
    rf"\bmore\s+(?:of\s+)?an?\s+{AREA}(?:or|than)\s+\S"
    rf"|\bmore\s+(?:into|interested\s+in)\s+{AREA}(?:or|than)\s+\S"
    rf"|{DOES}more\s+(?:on|about)\s+{AREA}or\s+\S|{DOES}(?:on|about)\s+more,\s+{AREA}or\s+\S"
    rf"|(?<!that )(?<!which )(?<!papers )\bprefers?\s+{AREA}(?:or|over|to)\s+\S"
    # "is it all compilers or is there theory too?", "is she mostly a theorist or does she build?"
    rf"|\b(?:is\s+(?:it|he|she|[^\W\d_]+)|are\s+they)\s+(?:all|mostly|mainly|only|just)\s+{AREA}or\s+"
    r"(?:is|are|does|do|did|has|have)\b",
    re.I,
)
# "which Hoefler paper is more of a survey or a benchmark?" weighs a paper, not an author.
PAPER_LEANS = re.compile(r"\b(?:papers?|articles?|ones?|works?)\s+(?:is|are)\s+more\b", re.I)
# Papers that several authors share: "in common", "shared by/between".
SHARING = r"in\s+common|shared\s+(?:by|between)"
JOINTLY = re.compile(
    rf"\b(?:both|co-?author(?:s|ed)?|co-?wr(?:ite|ote|itten)|together|jointly|joint|{SHARING})\b",
    re.I,
)
# A verb of writing, then "with" a few words on, before a person: "did A ever write a
# paper with B?", "has A published anything with Dr. B?" (not "published with code").
WRITTEN_WITH = re.compile(
    r"\b(?:wr(?:ite|ites|ote|itten|iting)|publish(?:es|ed|ing)?)\s+(?:\w+\s+){0,3}?with\s+"
    r"(?:(?:dr|prof|professor)\.?\s+)?",
    re.I,
)
# ... of which the words that ask for papers written together, unlike "both" alone ("by
# both Hoefler and Zhang, combined" lists either's papers): ``post_passes.together``.
WRITTEN_TOGETHER = re.compile(
    r"\b(?:co-?author(?:s|ed|ing)?|co-?wr(?:ite|ote|itten)|together|jointly|joint"
    rf"|collaborat\w*|{SHARING})\b",
    re.I,
)


# "together" after a form of "have" or right after the authors' names adds their papers
# up ("how many papers do A and B have together?", "A and B together: how many?",
# "how many are listed for A and B together?"); after any other word it says they made
# them jointly ("... wrote / authored / put out / did together?", "papers together did A
# and B author"), and so does "together with" ("papers by A together with B").
HAVING = frozenset({"have", "has", "had", "got"})
TOGETHER = re.compile(r"([\w'’-]+)\s+together\b(?!\s+with\b)", re.I)
# Words that add the papers of several authors up: with them, a count's "both" names who
# is counted ("how many papers do both A and B have combined / in total / between
# them?"), not papers they wrote together.
SUMMING = (
    r"summed(?:\s+up)?|added\s+up|all\s+told|in\s+sum"
    r"|between\s+(?:them|the\s+two(?:\s+of\s+them)?|both(?:\s+of\s+them)?)"
)
SUMMED = re.compile(rf"\b(?:{SUMMING}|combined|in\s+total|altogether)\b", re.I)
# Words of a count of several authors' papers, summed or shared, that name no topic:
# "how many do A and B have in common / combined / between the two of them?", "the
# combined count for A and B", "papers shared by A and B". "combined" before a word of
# its own is a topic ("combined CPU-GPU scheduling"); "in common" is read as asking for
# joint papers (``JOINTLY``).
PAIR_WORDS = re.compile(
    rf"\b(?:{SHARING}|{SUMMING}"
    r"|combined(?=\s*(?:[,.!?;:)]|$|(?:papers?\s+)?(?:count|total|number|tally|output|sum)s?\b)))",
    re.I,
)


def asks_jointly(asked: str, read: str, authors: Iterable[str], counting: bool) -> bool:
    """Return True when a question asks for the papers its authors wrote together
    ("papers coauthored by A and B", "both A and B"), as asked or as read in English: a
    count's "together" after "have" or the authors' names, as asked, sums their papers
    instead (``TOGETHER``)."""
    words = {fold(m[0]) for m in JOINTLY.finditer(f"{asked} {read}")}
    if counting and words == {"both"} and SUMMED.search(asked):
        return False
    if counting and words == {"together"}:
        names = {fold(part) for author in authors for part in author.split()}
        before = [fold(m[1]) for m in TOGETHER.finditer(asked)]
        summed = bool(before) and len(before) == len(JOINTLY.findall(asked))
        if summed and all(word in HAVING or word in names for word in before):
            return False
    return bool(words)


def written_with(text: str, authors: Iterable[str]) -> bool:
    """Return True when a text asks what one author wrote with another it names right
    after "with" (``WRITTEN_WITH``): "did Hoefler write a paper with Zhang?", not "what
    did Zhang publish with FPGAs and Hoefler on networks?"."""
    names = {fold(part) for author in authors for part in (author, author.split()[-1])}
    return any(
        any(fold(text[m.end() :]).startswith(name) for name in names)
        for m in WRITTEN_WITH.finditer(text)
    )


# A message that only thanks ("thanks!", "great, thank you so much 🙏"): no question.
THANKING = frozenset(
    {"thanks", "thank", "thx", "ty", "cheers", "appreciated", "merci", "danke", "gracias"}
)
COURTESY = THANKING | frozenset(
    {"you", "a", "lot", "so", "much", "many", "very", "again", "that", "this", "was", "is",
     "it", "got", "ok", "okay", "great", "awesome", "cool", "nice", "perfect", "good",
     "helpful", "amazing", "wonderful", "excellent", "really", "all", "for", "the", "help",
     "in", "advance", "your", "time"}
)  # fmt: skip
# A topic to leave out, to the end of its clause: "Hoefler's papers not about quantum",
# "graph papers except GNNs", "apart from GPTQ, ...", "skip the ones about X" (not "skip
# layers", a topic), "minus X" (not "plus or minus one"),
# "that have nothing to do with X", "leave out those dealing with X": the
# grammar of excluding, not words of any topic. Not "without" nor "does not use"
# ("quantization without retraining", "papers that do not use retraining" ask for a
# method). A list of topics ("not about X, Y or Z") is read whole (``EXCLUDED_PARTS``).
# A colon, an em dash or a spaced dash ends the clause; an en dash between two words
# ("GNN–based") does not.
# A kind of papers named after "not" ("not dataset papers", "aren't LLM ones").
KIND_OF_PAPERS = r"(?=\s+(?:[\w-]+\s+){1,3}?(?:papers?|ones?|articles?|works|studies)\b)"
# What the common kind of a thing is called: "the usual GNN ones" (``COMMON_KIND``).
COMMON_WORDS = (
    r"(?:usual|standard|typical|common|normal|conventional|traditional|regular|default"
    r"|ordinary|classic(?:al)?)"
)
# Words after "not" that open no topic: "not only", "not sure", "not the X one", "not bad"
NOT_A_TOPIC = (
    r"(?!\s+(?:only|just|sure|really|necessarily|yet|much|many|all|every\w*|any\w*|the|that"
    r"|this|either|a|an|to|too|so|quite|bad|exactly)\b)"
)
# Right after a comma or a dash, spaced or not: where "but not X", "but no X" and
# "nothing on X" open a clause that leaves X out ("GNN papers, but no robustness ones",
# "compilers — but not FPGAs", "graphs—nothing on databases").
AFTER_BREAK = r"(?:(?<=,\s)|(?<=[—–])|(?<=[—–]\s)|(?<=-\s))"
NOT_ABOUT = re.compile(
    r"(?:\b(?:that|which)\s+(?:are|is)\s+)?"
    r"\b(?:(?:not|(?:are|is|do|does)n['’]?t)\s+(?:about|on|related\s+to|using|involving"
    r"|involve|concerning|deal(?:ing)?\s+with|focused\s+on|counting(?:\s+the\s+ones?)?)"
    r"|not\s+the\s+ones?\s+(?:whose\s+focus\s+is|(?:that\s+(?:are|is)\s+)?about|on)"
    r"|(?:skip(?:ping)?|leav(?:e|ing)\s+out|ignor(?:e|ing))\s+(?:the\s+ones?|anything|those)\s+"
    r"(?:about\s+|on\s+|that\s+deals?\s+with\s+|dealing\s+with\s+|whose\s+focus\s+is\s+)?"
    # other verbs of leaving out only with what the papers are about ("drop the ones
    # about X"): "remove those layers" is a topic
    r"|(?:drop(?:ping)?|remov(?:e|ing)|omit(?:ting)?|exclude|filter(?:ing)?\s+out"
    r"|tak(?:e|ing)\s+out)\s+(?:the\s+ones?|anything|those|any\s+papers?|the\s+papers?)\s+"
    r"(?:(?:that|which)\s+(?:are|is)\s+)?"
    r"(?:about|on|that\s+deals?\s+with|dealing\s+with|whose\s+focus\s+is)\s+"
    r"|(?:that\s+)?ha(?:ve|s)\s+nothing\s+to\s+do\s+with"
    r"|other\s+than|except(?:\s+for)?|excluding|apart\s+from|aside\s+from|(?<!plus\sor\s)minus"
    # "X but not Y", and a clause that opens with "not X" and ends, or goes on with "but
    # Y" ("Not inference.", "Not image compression, but model compression"); not "not
    # only X", "not the X one" (``NOT_ONE``), nor "not X, Y" (a contrast without "but")
    rf"|(?:(?<=\w\s)|{AFTER_BREAK})but\s+not(?!\s+(?:only|just|least|necessarily)\b)"
    rf"|(?:^|(?<=[.!?;:\n]\s)|(?<=\n))not{NOT_A_TOPIC}"
    r"(?=\s+[^,.!?;\n]+(?:,?\s+but\b|[.!?;\n]|$))"  # not "Not bad!", "Not to be picky, but"
    # "X, not Y" that ends its sentence: "pruning, not quantization.", "the one on GPUs,
    # not FPGAs?", "I need compiler work, not hardware"; not in brackets, where it says
    # what a word means ("language models (text, not vision)")
    # "quantization papers, not the LLM ones": a kind of the papers asked for
    # (not "the usual GNN ones": papers set aside, ``COMMON_KIND``)
    rf"|(?<=\w,\s)not(?:\s+the(?!\s+{COMMON_WORDS}\b){KIND_OF_PAPERS})?{NOT_A_TOPIC}"
    r"(?=\s+[^,.!?;\n()]+(?:[.!?;\n]|$))"
    # "not interested in X", "..., but no X" (or after a dash: "X papers — but no Y"), "I
    # don't care about X" ("no X papers" alone is as often a statement: "no prior work
    # does X", "else: no HLS papers")
    rf"|(?:not|no\s+longer)\s+interested\s+in|{AFTER_BREAK}but\s+no"
    # "GNN papers, but none about robustness", "..., none on attacks", "..., but nothing
    # related to networks"
    rf"|{AFTER_BREAK}(?:but\s+)?(?:none|nothing)\s+"
    r"(?:about|on|concerning|dealing\s+with|involving"
    r"|related\s+to)"
    r"|(?:do\s+not|don['’]t)\s+care\s+(?:about|for)"
    # "graph papers without neural networks": right after the noun of the papers asked
    # for ("training without labels" is a topic)
    r"|(?<=\bpapers\s)without|(?<=\bones\s)without|(?<=\barticles\s)without"
    # "weather papers that are not dataset papers", "ones which aren't LLM ones", "which
    # graph papers are not GNN papers?": the papers asked for are not of a kind, named
    # before a noun for papers
    r"|(?:(?<=\bthat\sare\s)|(?<=\bwhich\sare\s)|(?<=\bthat\sis\s)|(?<=\bwhich\sis\s)"
    r"|(?<=\bpapers\sare\s)|(?<=\bones\sare\s))not"
    rf"{KIND_OF_PAPERS}|\b(?:that|which|papers|ones)\s+(?:are|is)n['’]?t{KIND_OF_PAPERS}"
    r"|(?<=\banything\s)but|(?<=\beverything\s)but)"  # "anything but quantization"
    r"(?:(?<=\s)|\b)\s*([^?.!;]+?)"  # a whole word: "not only X" is not "not on ly X"
    r"(?=\s+(?:but|from|in|since|before|after|during)\b|[?.!;]|$|\s*[:—]|\s[-–]\s"
    # a comma before the main clause ends it: "apart from X, any other papers on Y?"
    r"|,\s*(?:what|which|who|how|where|when|is|are|was|were|do|does|did|has|have|can|could"
    r"|would|should|will|please|i|any|anything|there|list|show|give|name|find|tell"
    r"|and\s+(?:what|which)|so|only|just|rather|instead)\b)",
    re.I,
)
# "..., but none/nothing on X" leaves X out of the papers asked before it ("GNN papers,
# but nothing on robustness"); after no papers it says what the asker could not find ("I
# searched arXiv, but nothing on X came up"), and X is asked for.
NONE_OF = re.compile(r"(?:but\s+)?(?:none|nothing)\b", re.I)
PAPERS_BEFORE = re.compile(
    rf"\b(?:{PAPER_PLURALS}|work|research|stuff|publications|everything|anything)\b[^.!?;]*$",
    re.I,
)
# Before "but not", a word said of the paper asked for: "which paper is fast but not
# exact?", "methods that are approximate but not exact" describe it, leave nothing out.
DESCRIBED_BUT = re.compile(r"\b(?:is|are|was|were|be|being|been)\s+[\w-]+\s*$", re.I)
# Before "apart from" in its clause, a verb that keeps two things apart: "a tool that
# keeps the schedule apart from the model code", "holds compute apart from memory",
# "tells real speedups apart from noise". It separates; it leaves nothing out.
APART = re.compile(r"\s*apart\s+from\b", re.I)
KEPT_APART = re.compile(
    r"\b(?:keep|keeps|kept|keeping|hold|holds|held|holding|set|sets|setting|tell|tells"
    r"|told|telling)\b[^,;:.?!()]*$",
    re.I,
)
# A topic or paper left out by words after it, or by "sans": "leave quantization out",
# "weather papers, ENS-10 excluded", "the binarized ones aside", "skip the LLM ones",
# "sans ENS-10". ``left_out_after`` rewrites them as "not about X" for ``NOT_ABOUT``.
# After a clause's start or "with", a participle that takes papers away, or says they
# are not wanted, leaves them out: "GNN papers, with the database one removed", "the
# database ones taken out", "ones dealing with circuits not wanted", the participle
# ending its clause ("with GNNs removed from the flow" says how a method works). Not
# "cut" (a paper cuts memory traffic), nor "-free" closing a clause, which mostly says
# what the paper asked for is like ("the one that runs multiplier-free").
LEFT_OUT_AFTER_TOPIC = re.compile(
    r"\bleav(?:e|ing)\s+((?:the\s+)?(?:[\w.-]+\s+){0,2}?[\w.-]+)\s+out\b(?!\s+of\b)"
    r"|(?:(?<=[,;:])|^|(?<=\s[-–—])|\bwith(?=\s))\s*"  # not across "papers with": what
    r"((?:the\s+)?(?:(?!papers\s+with\b)[\w.-]+\s+){0,4}?[\w.-]+)"  # follows "with" goes
    rf"\s+{TAKEN_AWAY}\b(?=\s*(?:[,.;:!?)]|$|please\b|pls\b|thanks\b))"  # its clause's end
    # "aside" only after the papers it sets aside: "jokes aside", "cost aside" are idioms
    r"|(?<![\w.-])((?:the\s+)?(?:[\w.-]+\s+){1,3}?(?:ones?|papers?|stuff))\s+aside\b"
    r"|\b(?:skip(?:ping)?|drop(?:ping)?|omit(?:ting)?|ignor(?:e|ing)|exclude|leav(?:e|ing)\s+out)"
    r"\s+(the\s+(?:[\w.-]+\s+){1,3}?(?:ones?|stuff))\b"
    r"|\bsans\s+([\w.-]+(?:\s+[\w.-]+)?)",
    re.I,
)


# Before what papers left out are about, the words that say so: "ones dealing with X",
# "anything on X", "the papers that are about X".
ONES_ABOUT = re.compile(
    r"^(?:the\s+)?(?:ones?|papers?|anything|those|stuff)\s+(?:(?:that|which)\s+(?:are|is)\s+)?"
    r"(?:about|on|dealing\s+with|(?:that|which)\s+deals?\s+with|with|related\s+to|involving)\s+",
    re.I,
)


def left_out_after(text: str) -> tuple[str, list[str]]:
    """Return a text without the words that leave a topic out after naming it
    (``LEFT_OUT_AFTER_TOPIC``), and the topics they leave out."""
    topics: list[str] = []
    for match in reversed(list(LEFT_OUT_AFTER_TOPIC.finditer(text))):
        left = ONES_ABOUT.sub("", next(group for group in match.groups() if group))
        if content_words(left):
            topics.insert(0, left)
            text = f"{text[: match.start()].rstrip()} {text[match.end() :].lstrip()}".strip()
    return text, topics


# One paper a question sets aside by naming or describing it, in a clause that opens with
# "not": "Not GPTQ, the other quantization paper", "it's not the pruning one; it's the
# one on ...", "the FPGA paper, and not the HLS one", "not either graph paper — the one
# on ...". Only "not" before "the", "either" or a capitalized name: "not sure", "not
# really" and "do not use X" are no such clause. It ends with its clause.
NOT_ONE = re.compile(
    r"(?:^|(?<=[,;:(—–.?!])|\b(?i:and|but|it['’]?s|it\s+is|that['’]?s|that\s+is)\s+)\s*"
    r"\b(?i:not\s+)(?:(?i:the|either)\s+(?!(?i:ones?\s+(?:about|on|whose|that))\b)|(?=[A-Z]))"
    r"([^?.!;,:()—]+?)(?=\s*[?.!;,:()—]|\s[-–]\s|\s+(?i:but)\b|\s+(?i:and|or)\s+(?i:not|it)\b|$)"
)
# A clause of NOT_ONE that opens "not the" sets no paper aside when it names a part of one
# ("not the math, just the idea", "not the dataset details", "not the cost part") or is an
# idiom ("it's not the case that ...", "not the point").
DESCRIBED = re.compile(r"\b(?:the|either)\s+$", re.I)
_PART = (
    r"(?:details?|math(?:s|ematics)?|parts?|sections?|experiments?|results?|evaluation"
    r"|proofs?|derivations?|equations?|intro(?:duction)?|background|idea|gist|point|case"
    r"|same|way)"
)
A_PART = re.compile(rf"^\s*{_PART}\b|\b{_PART}\s*$", re.I)
# ... nor when it contrasts a property with the common kind: "a sort in n log n steps
# (not the typical n-squared cost)", "sparse attention, not the standard dense kind",
# "runs on CPUs (not the conventional GPU setup)"; unless a paper noun says papers are
# set aside ("not the usual GNN ones").
PAPER_NOUN = re.compile(r"\b(?:ones?|papers?|works?|stud(?:y|ies)|articles?)\b", re.I)
COMMON_KIND = re.compile(rf"^\s*{COMMON_WORDS}\b", re.I)
# What a question leaves out names one paper when it is "the one", "the paper" ("other
# than the one on X", "except the paper that proposes Y"), not a topic.
ONE_PAPER = re.compile(r"^\s*the\s+(?:one|paper|article|work|study)\b", re.I)
EXCLUDED_PARTS = re.compile(r",|/|;|\b(?:or|and|nor)\b", re.I)  # "not about X, Y or Z"
# A question that sets papers side by side: "QFX vs FLIQS", "how do GARNET and SAGMAN
# differ", "compare ENS-10 and ...", "how does Slapo relate to ...".
COMPARES = re.compile(
    r"\b(?:vs\.?|versus|compar(?:e|es|ed|ing|ison|isons)|differ(?:s|ed|ence|ences|ent|ently)?"
    r"|contrast(?:s|ed|ing)?|relates?\s+to)(?![\w-])",
    re.I,
)
AGAINST = re.compile(r"\bagainst\b", re.I)  # "compare their method against GPTQ and FLIQS"


def asks_several(text: str, topic: str) -> bool:
    """Return True when a question asks for a list of papers rather than one paper."""
    return bool(PLURAL.search(text) or (not topic and SEVERAL.search(text)))


def compares(text: str) -> bool:
    """Return True when a question sets papers side by side, not against a baseline
    ("which papers compare their method against GPTQ and FLIQS" is a list)."""
    return bool(COMPARES.search(text)) and not AGAINST.search(text)


def only_thanks(question: str) -> bool:
    """Return True for a message that only thanks: every word a courtesy, one a thanks."""
    words = {fold(w) for w in re.findall(r"[^\W\d_]+", question)}
    return "?" not in question and bool(words & THANKING) and words <= COURTESY


# A sentence that opens by thanking ("Thanks in advance for any pointers!", "Many
# thanks for any help you can give me!", "Thank you for your help and patience."); not
# "thanks to", which gives a cause ("Thanks to sparsity, ...").
THANKS_SLANG = r"tysm|tyvm|thanx|thnx"  # besides ``THANKING``'s "thx" and "ty"
THANKS_OPENING = re.compile(
    rf"^\W*(?:(?:many|big|huge|massive)\s+)?(?:thanks|thank\s+you|thx|ty|{THANKS_SLANG}"
    r"|cheers|much\s+appreciated|(?:i\s+|we\s+)?(?:really\s+)?appreciate\s+(?:it|your|any|the))\b"
    r"(?!\s+to\b)",
    re.I,
)
# Any word of thanks, to split a message into sentences only when it has one.
THANKS_SAID = re.compile(rf"\b(?:{'|'.join(sorted(THANKING))}|{THANKS_SLANG}|appreciate)\b", re.I)


def without_thanks(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without its sentences that only thank, when another sentence
    asks: "Thanks in advance." before a last line ("... about X? Thanks in advance. By
    Zhang.") or first ("Thanks for your time! Which papers ...?") was searched for
    "advance" and "time". A sentence that opens by thanking and asks nothing thanks for
    what it names: after another sentence, whatever it names ("... Thanks in advance for
    any pointers!"); first, when the list writes none of its words ("Thank you for your
    patience. Which papers ...?"; not "Thanks for the GNN papers. Which are new?")."""
    if not THANKS_SAID.search(text):
        return text  # most questions: no sentences to split
    found = sentences(text)
    thanks = [
        s
        for n, s in enumerate(found)
        if only_thanks(s.text)
        or (
            "?" not in s.text
            and THANKS_OPENING.match(s.text)
            and (n or not any(known(w) for w in content_words(s.text)))
        )
    ]
    if not thanks or len(thanks) == len(found):
        return text
    ends = [*(s.start for s in found[1:]), len(text)]
    kept = (text[s.start : end] for s, end in zip(found, ends, strict=True) if s not in thanks)
    return text[: found[0].start] + "".join(kept)


def by_date(text: str) -> str | None:
    """Return "oldest" or "newest" when a question asks for papers by their date."""
    text = ASKERS_TIMING.sub(" ", text)
    return "oldest" if OLDEST.search(text) else "newest" if NEWEST.search(text) else None


def by_author_count(text: str) -> str | None:
    """Return "most" or "fewest" when a question asks for papers by how many authors
    they have."""
    asked = BY_AUTHOR_COUNT.search(text)
    if asked is None:
        return None
    return "most" if asked["most"] or asked["long"] else "fewest"


# The list itself, named by a noun that is also a topic: where the papers are ("in your
# dataset", "inside this corpus", "from ur library") or what holds them ("does your
# database have ...", not "does the dataset have labels?"). A determiner and the noun
# alone, with no word between that would make it a thing of its own ("the ENS-10 dataset").
LIST_NOUNS = (
    r"\s+(?:data\s*sets?|data\s*bases?|db|corpus"
    r"|corpora|library|catalog(?:ue)?|archives?|records|bibliography|knowledge\s+base"
    r"|papers?\s+list|reading\s+list)\b(?!-)"
)
THE_LIST_ITSELF = re.compile(
    rf"\b(?:in|inside|within|from|among)\s+(?:the|this|that|your|ur|yr|our|ya|its){LIST_NOUNS}"
    rf"|\b(?:this|your|ur|yr|our|ya){LIST_NOUNS}"
    r"(?=\s+(?:(?:already|even|really|actually)\s+)?"
    r"(?:ha(?:ve|s)|includes?|contains?|covers?|holds?|lists?)\b)"
    # ... and the bot that answers: "which authors are covered by this bot?"
    r"|\b(?:in|inside|within|from|among|by|on|to)\s+(?:the|this|your|ur|our)\s+bot\b"
    r"|\b(?:the|this|your|ur|our)\s+bot(?=\s+(?:(?:already|even|really|actually)\s+)?"
    r"(?:knows?|ha(?:ve|s)|includes?|contains?|covers?|holds?|lists?)\b)",
    re.I,
)


def without_the_list_itself(text: str) -> str:
    """Return a question without where it says the papers are: "is Hoefler in your
    dataset?" asks for his papers, not for datasets."""
    return THE_LIST_ITSELF.sub(" ", text)


def without_pair_words(text: str) -> str:
    """Return a question without the words that sum or share the papers of the authors
    it names (``PAIR_WORDS``): they name no topic."""
    return PAIR_WORDS.sub(" ", text)


def without_author_count(text: str) -> str:
    """Return a question without the words asking for papers by their authors' count."""
    return BY_AUTHOR_COUNT.sub(" ", text)


def without_date_order(text: str) -> str:
    """Return a question without the words asking for an order by date: the papers are
    sorted by year, not searched for "latest" ("latest quantization paper")."""
    return NEWEST.sub(" ", OLDEST.sub(" ", ASKERS_TIMING.sub(" ", text)))


def without_askers_purpose(text: str) -> str:
    """Return a question without the role the asker asks as and, after an ask for
    several papers, what they will do with them (``ASKERS_ROLE``, ``ASKERS_PURPOSE``),
    unless that holds all it asks about ("which paper should I read so that I understand
    quantization?"). After an ask for one paper, the purpose may describe it ("... so I
    can reproduce its 4-bit results")."""

    def purpose(match: re.Match[str]) -> str:
        sentence = re.split(r"[.!?\n]", text[: match.start()])[-1]
        return " " if PAPERS_ASKED.search(sentence) else match.group()

    rest = ASKERS_ROLE.sub(" ", ASKERS_PURPOSE.sub(purpose, text))
    return rest if content_words(rest) else text


def content_words(text: str) -> list[str]:
    """Return the words of a text that are neither stop words nor framing."""
    return [t.word for t in terms(text) if t.stem not in FRAMING and t.word not in FRAMING_WORDS]


def says_something(text: str) -> bool:
    """Return True when a text has a content word that is no number: a field of a form,
    a sentence after an ask ("Which of them are from 2023?" says nothing of its own)."""
    return any(not word.isdigit() for word in content_words(text))


def without_line_tags(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without the tags in brackets that open its lines (``LINE_TAG``)
    when ``known`` holds for none of their words."""

    def untagged(tag: re.Match[str]) -> str:
        words = re.findall(r"[^\W\d_]+", tag[2])
        return tag[0] if not words or any(known(w) for w in words) else tag[1]

    return LINE_TAG.sub(untagged, text)


# A roleplay action between single asterisks, as chat users write one beside what they
# ask: "*waves* which papers ...", "*counts on fingers* *gives up* how many ...", "...
# on FPGAs *nods*". It opens with a verb's -s form whose bare form is a common English
# word (``ACTION_ZIPF``: "wave", "sigh", "count", "stretch") and stands apart (where the
# message or a sentence starts or ends, or beside another action). A verb the list
# writes ("counts", "gives") must have no other such word beside it, and a word alone
# must not be one: "*Graphs* from 2024?", "*GNNs* only" and "*all* of them" are emphasis;
# "*checks the weather outside*" is an action all the same.
ACTION = re.compile(r"(?<![*\w])\*(?=[^\W\d_])([^*\n]{1,60}?)(?<!\s)\*(?![*\w])")
STANDS_APART = re.compile(r"(?:^|[.!?:;)*]|\n)\s*$")
ENDS_APART = re.compile(r"\s*(?:$|[.!?:;(*]|\n)")
ACTION_ZIPF = 3.5  # "wave" 4.6, "sigh" 3.6, "nod" 3.6; "gnn" 0, "transformer" 3.2
ACTION_WORDS = 6  # "*looks around the room nervously*"; a longer span is a sentence


def without_actions(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without the roleplay actions beside its ask (``ACTION``);
    ``known`` holds for a word the list writes."""

    def action(match: re.Match[str]) -> str:
        words = re.findall(r"[^\W\d_]+", match[1])
        verb = words[0].casefold()
        if len(words) > ACTION_WORDS or not verb.endswith("s"):
            return match[0]
        # a verb the list writes ("gives", "counts") with none of its words beside it; a
        # word alone never one ("*Graphs*")
        beside = content_words(" ".join(words[1:] or words))
        if (known(verb) or len(words) == 1) and any(map(known, beside)):
            return match[0]
        apart = STANDS_APART.search(text, 0, match.start()) or ENDS_APART.match(text, match.end())
        if not apart:
            return match[0]
        bare = {verb[:-1], verb[:-2]} if verb.endswith("es") else {verb[:-1]}
        return " " if max(map(zipf, bare)) >= ACTION_ZIPF else match[0]

    return ACTION.sub(action, text)


def without_comment_tag(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without the task tag of a code comment that opens it
    (``COMMENT_TAG``) when ``known`` holds for none of its words, an owner in brackets
    included: what the list never names cannot be the topic."""
    tag = COMMENT_TAG.match(text)
    if tag is None or any(known(w) for w in re.findall(r"[^\W\d_]+", tag[0])):
        return text
    return text[tag.end() :].lstrip()
