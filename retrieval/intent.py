"""What a question asks, read from the whole question: author, filters, topic, plurality.

``IntentReader.read`` runs, in order:

1. a listed author named anywhere, with typos (``retrieval.names``);
2. the question's language, mapped to English framing and corpus cognates
   (``retrieval.language``);
3. years, year ranges and subject codes (``retrieval.textfilters``); a subject *name*
   ("machine learning") becomes a filter only when nothing but framing is left
   without it, so "machine learning for weather" stays a topic;
4. the topic: what is left once framing is removed. Framing here is the English
   vocabulary of asking *about* papers and authors (how many, which years, summarize,
   recent ...); an empty topic means the question is about the listing itself.

Besides, it notes what shapes the answer rather than the search: more listed authors
("Hoefler or Zhang") or one to leave out ("not by Hoefler"), a person who is no listed
author ("papers by Yann LeCun"), an order by date ("latest", "oldest"), and a listed
paper the question wants others like ("papers like GPTQ").

Whether a topic search then finds anything is decided by the calibrated models in
``retrieval.decision``, never by this word list: an author question with a leftover
word that matches none of the author's papers still gets the author's card.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from retrieval.features import Framing
from retrieval.language import Reader
from retrieval.models import Filters
from retrieval.names import COMMON_ZIPF, TITLES, WORD_ZIPF, AuthorNames, fold
from retrieval.taxonomy import names as subject_names
from retrieval.taxonomy import spellings
from retrieval.text import RARE_ZIPF, terms, tokenize
from retrieval.textfilters import (
    Years,
    number,
    read_excluded_names,
    read_exclusions,
    read_subject_codes,
    read_subject_names,
    read_years,
)
from retrieval.title_asks import TitleAsk, read_title_ask
from retrieval.vocabulary import zipf

# The English of asking about a listing or an author rather than about a topic.
FRAMING = frozenset(
    tokenize(
        "how many number count counts year years yearly per which main research researcher "
        "theme themes topic topics area areas field fields summarize summarise summary "
        "overview rundown gist listed list lists listing subject subjects category "
        "categories codes arxiv published publish publishes publication publications wrote "
        "written write writes authored author authors recent recently latest newest new "
        "oldest first last index indexed collection here share percent percentage "
        "distribution spread full complete entire whole overall every everything titles "
        "title show "
        "give gimme tell me pls plz please quick q thing things stuff guy kind mostly "
        "mainly focus focuses interests interested working does do did have has got "
        "hey hi hello thanks thank lol ngl set across filed file tagged labeled labelled "
        "classified categorized categorised belong belongs appear appears show shows one ones top "
        "best anyone anybody either "
        "both coauthored coauthor authoring together jointly joint et al colleagues "
        "coauthors collaborators "
        "mr mrs ms dr prof professor alone done doing worked fetch grab find put released "
        "came come produce produced"
    )
)
# What opens a message without asking anything: "Hmm, ...", "btw ...", "OK so ...".
OPENER = re.compile(
    r"^\s*(?:(?:hmm+|btw|ok|okay|so|well|hey|hi|hello|yo|lastly|also|bonjour|hola|hallo|ciao)"
    r"\b(?!-)[\s,!.:;]*)+",
    re.I,
)
# Framing words whose stems are topics too ("lately" is "late", "currently" "current"):
# matched as typed.
FRAMING_WORDS = frozenset({"lately", "nowadays", "currently"})
# Asking for a list: a plural of "paper", or a word that asks for several, read where it
# asks and not where it is part of the topic: "which ones", not "ones and zeros" or
# "classical ones"; "works"/"studies" after a determiner ("which works involve HLS"), not
# as verbs ("an AI that studies circuits", "still works"); "list" as the ask ("list the
# cs.ET papers", "give me a list"), not "in this list" or "sort a list of numbers";
# "everything on X", not "represents everything as"; "anything" not after do/did; "both"
# not in "both X and Y". Read anywhere, 39 of 319 one-paper questions of the eval sets
# were lists (their best paper could be cut); read so, 16 (one list question lost: none).
PLURAL = re.compile(
    r"\b(?:papers|articles|publications|compare|comparison|versus|vs)\b"
    r"|\b(?:which|what|the|any|those|these|other)\s+ones\b"
    r"|\b(?:which|what|any|the|these|those|other|related|recent|his|her|their|some|all)"
    r"\s+(?:works|studies)\b|\bany\s+work\b"
    r"|(?:^|[.!?:]\s*|\b(?:please|pls|can\s+you|could\s+you|would\s+you|just)\s+)list\b"
    r"|\b(?:give|show|send|want|need|get)\s+(?:me\s+|us\s+)?(?:a|the)\s+(?:full\s+|complete\s+)?"
    r"list\b|\ball\s+of\s+(?:them|these|those)\b"
    r"|\beverything\s+(?:on|about|related|regarding|concerning|that|you|here|with|by|from)\b"
    r"|(?<!\bdo\s)(?<!\bdid\s)\banything\b"
    r"|\bboth\b(?!\s+(?:[\w-]+\s+){0,3}?and\b)|\bwhat\s+do\s+you\s+have\b",
    re.I,
)
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

# Words right before an author's name that ask to leave the author out ("not by Hoefler").
LEAVE_OUT = re.compile(
    r"(?:\bnot|n['’]t|\bnon-?|\bwithout|\bexcept(?:\s+for)?|\bexcluding|\bother\s+than"
    r"|\bapart\s+from|\bbesides|\bbut(?:\s+not)?)(?:\s+(?:those|the\s+ones|ones|papers))?"
    r"(?:\s+(?:written|authored))?(?:\s+(?:by|from))?\s*$",
    re.I,
)
JOINED = re.compile(r"\s*(?:,|&|\b(?:or|and|nor)\b|,\s*(?:or|and|nor)\b)\s*", re.I)
# How many papers to show is not a topic: "top 10 papers on graphs", "3 papers about FPGAs".
COUNTED = re.compile(
    r"\b(?:(?:top|best|first)\s+)?(\d{1,2}|three|five|ten)"
    r"(?=\s+(?:papers|articles|works|ones|results)\b)",
    re.I,
)
# Asking for the oldest papers first; "latest", "newest" are the listing's own order.
OLDEST = re.compile(r"\b(?:oldest|earliest|first\s+(?:papers?|ones?))\b", re.I)
NEWEST = re.compile(r"\b(?:latest|newest|most\s+recent)\b", re.I)
# A person named as an author who is not listed: "papers by Yann LeCun", "Dan Alistarh's work".
PERSON = r"[A-Z][^\W\d_]*(?:[-'’][A-Z]?[^\W\d_]+)?"
OTHER_AUTHOR = re.compile(
    rf"\b(?:written\s+|authored\s+)?by\s+((?:{PERSON}\s+){{0,2}}{PERSON})\b"
    rf"|\b((?:{PERSON}\s+){{1,2}}{PERSON})['’]s?\s+(?:papers?|work|research|publications)\b"
)
# "papers like GPTQ", "anything similar to SAGMAN": what follows may name a listed paper.
SIMILAR = re.compile(
    r"(?<!would )(?<!['’]d )\b(?:like|similar\s+to|related\s+to|resembling|akin\s+to"
    r"|along\s+the\s+lines\s+of)\s+(?!to\b)(.+)",  # not "I'd like the GPTQ paper"
    re.I,
)
HOW_MANY = re.compile(
    r"\bhow\s+many\b|\bnumber\s+of\s+papers\b|\bcount\s+(?:the\s+)?(?:papers|articles)\b",
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
# Weighing two areas of someone's work ("more of a hardware guy or an ML guy", "more into
# theory than systems", "does he work more on X or Y"): the author's card answers it, with
# their subjects and themes. "anything more on X or Y" and "more efficient" do not weigh.
AREA = r"[^?.!]{1,40}?\s+"  # one area of work, up to the "or" / "than"
DOES = r"\b(?:works?|publish(?:es)?|focus(?:es)?|writes?)\s+"
LEANING = re.compile(
    rf"\bmore\s+(?:of\s+)?an?\s+{AREA}(?:or|than)\s+\S"
    rf"|\bmore\s+(?:into|interested\s+in)\s+{AREA}(?:or|than)\s+\S"
    rf"|{DOES}more\s+(?:on|about)\s+{AREA}or\s+\S|{DOES}(?:on|about)\s+more,\s+{AREA}or\s+\S"
    rf"|(?<!that )(?<!which )(?<!papers )\bprefers?\s+{AREA}(?:or|over|to)\s+\S",
    re.I,
)
# "which Hoefler paper is more of a survey or a benchmark?" weighs a paper, not an author.
PAPER_LEANS = re.compile(r"\b(?:papers?|articles?|ones?|works?)\s+(?:is|are)\s+more\b", re.I)
JOINTLY = re.compile(
    r"\b(?:both|co-?author(?:s|ed)?|co-?wr(?:ite|ote|itten)|together|jointly|joint)\b", re.I
)
# A message that only thanks ("thanks!", "great, thank you so much 🙏"): no question.
THANKING = frozenset(
    {"thanks", "thank", "thx", "ty", "cheers", "appreciated", "merci", "danke", "gracias"}
)
COURTESY = THANKING | frozenset(
    {"you", "a", "lot", "so", "much", "many", "very", "again", "that", "this", "was", "is",
     "it", "got", "ok", "okay", "great", "awesome", "cool", "nice", "perfect", "good",
     "helpful", "amazing", "wonderful", "excellent", "really", "all", "for", "the", "help"}
)  # fmt: skip
# A topic to leave out, to the end of its clause: "Hoefler's papers not about quantum",
# "graph papers except GNNs", "apart from GPTQ, ...". Not "without" nor "does not use"
# ("quantization without retraining", "papers that do not use retraining" ask for a method).
NOT_ABOUT = re.compile(
    r"(?:\b(?:that|which)\s+(?:are|is)\s+)?"
    r"\b(?:(?:not|(?:are|is)n['’]?t)\s+(?:about|on|related\s+to|using|involving)"
    r"|other\s+than|except(?:\s+for)?|excluding|apart\s+from|aside\s+from)"
    r"\s+([^?.!;,]+?)(?=\s+(?:but|from|in|since|before|after|during)\b|[,?.!;]|$)",
    re.I,
)
# A question that sets papers side by side: "QFX vs FLIQS", "how do HOGA and Polynormer
# differ", "compare ENS-10 and ...", "how does HammingMesh relate to ...".
COMPARES = re.compile(
    r"\b(?:vs\.?|versus|compar(?:e|es|ed|ing|ison|isons)|differ(?:s|ed|ence|ences|ent|ently)?"
    r"|contrast(?:s|ed|ing)?|relates?\s+to)(?![\w-])",
    re.I,
)
AGAINST = re.compile(r"\bagainst\b", re.I)  # "compare their method against GPTQ and FLIQS"
MAX_AUTHORS = 4  # authors read from one question ("papers by Hoefler or Zhang")
MIN_UNDERSTOOD = 0.34  # below this share of readable content words, say so


def compares(text: str) -> bool:
    """Return True when a question sets papers side by side, not against a baseline
    ("which papers compare their method against GPTQ and FLIQS" is a list)."""
    return bool(COMPARES.search(text)) and not AGAINST.search(text)


@dataclass(frozen=True)
class Intent:
    """A question read as a whole."""

    question: str
    search_text: str  # the English text to search with, filters and author removed
    topic: str  # search_text without framing; "" when the question is about the listing
    author: str | None
    years: Years | None
    subjects: tuple[str, ...]
    unknown_subjects: tuple[str, ...]
    language: str
    understood: float
    plural: bool
    wants_code: bool
    excluded: tuple[str, ...] = ()  # years and subjects to leave out ("not cs.LG")
    unwanted: str = ""  # a topic to leave out ("papers not about quantum")
    left_out: tuple[str, ...] = ()  # listed authors to leave out ("not by Hoefler")
    also_by: tuple[str, ...] = ()  # more authors named with ``author`` ("Hoefler or Zhang")
    by_date: str | None = None  # "newest" or "oldest" when the question asks for that order
    unlisted_author: str | None = None  # a person named as author who is not listed
    also_unlisted: tuple[str, ...] = ()  # more of them ("Alistarh, Frantar and Hoefler")
    like: str = ""  # what follows "like", "similar to": papers like a listed one are wanted
    jointly: bool = False  # several authors asked for together ("coauthored by A and B")
    how_many: bool = False  # the question asks for a count
    count: int | None = None  # how many papers it asks to see ("top 10 papers on graphs")
    leaning: bool = False  # weighs two areas of an author's work ("more X or Y?")
    thanks: bool = False  # only thanks, asks nothing
    title_ask: TitleAsk | None = None  # words asked of titles ("titles with 'graph'")

    def framing(self) -> Framing:
        """Return how the question is asked, for the search."""
        return Framing(
            wants_code=self.wants_code, plural=self.plural, by_date=self.by_date,
            compares=compares(self.question),
        )  # fmt: skip

    def filters(self) -> Filters:
        """Return the years and subjects the question wrote out, as /ask options would."""
        return Filters(
            year_from=self.years.start if self.years else None,
            year_to=self.years.end if self.years else None,
            subject=",".join(self.subjects) or None,
            years=self.years.only if self.years else (),
        )

    def typed_topic(self) -> str:
        """Return the topic's words as the question typed them ("FPGAs", not "fpgas")."""
        return _typed_content(self.search_text)  # the topic is its content

    @property
    def has_filters(self) -> bool:
        """Return True when the question itself restricts years or subjects."""
        return self.years is not None or bool(self.subjects)


class IntentReader:
    """Reads questions against one corpus: its authors, subjects and vocabulary."""

    def __init__(
        self, authors: list[str], subjects: Iterable[str], vocabulary: Iterable[str]
    ) -> None:
        words = frozenset(fold(w) for w in vocabulary)
        self.words = words
        self.names = AuthorNames(authors, words)
        self.corpus_subjects = spellings(sorted(set(subjects)))
        # Subject abbreviations no abstract spells ("ML", "NLP"): with a topic they only
        # say the field ("ML for weather"); searched, they would be missing words and
        # abstain. Not "SE(3)", "CV-based", nor "per se" (``_field_label``).
        labels = [
            name for _, name in self.corpus_subjects if name.isupper() and fold(name) not in words
        ]
        self.field_labels = (
            re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, labels))})(?![\w(-])", re.I)
            if labels
            else None
        )
        name_words = (w for a in authors for w in re.findall(r"[^\W_]+", a))
        self.reader = Reader([*words, *name_words])

    def read(self, question: str) -> Intent:
        """Return what a question asks."""
        opened = OPENER.sub("", unicodedata.normalize("NFKC", question))
        authors, left_out, text, others = self._authors(opened)
        person = None if authors or left_out or others else self._unlisted_person(text)
        unlisted = person[0] if person else others[0] if others else None
        if person and _content(without := f"{text[: person[1]]} {text[person[2] :]}"):
            text = without  # no abstract names its authors: "the GPTQ paper by Frantar"
        reading = self.reader.read(text)
        title_ask, text = read_title_ask(reading.english)  # "titles that start with ..."
        excluded, text = read_exclusions(text)
        by_name, text = read_excluded_names(text, self.corpus_subjects)  # "all but ML"
        excluded += by_name
        unwanted = NOT_ABOUT.search(text)
        if unwanted and _content(unwanted[1]):
            text = f"{text[: unwanted.start()]} {text[unwanted.end() :]}"
        years, text = read_years(text)
        counted = COUNTED.search(text)
        text = COUNTED.sub(" ", text)
        found, text = read_subject_codes(text, subject_names())
        subjects = found.codes
        if _content(text):  # "machine learning papers" -> cs.LG; "ML for weather" -> topic
            by_name, rest = read_subject_names(text, self.corpus_subjects)
            if by_name and not _content(rest):
                subjects, text = subjects + by_name, rest
            elif by_name and self.field_labels:
                text = self.field_labels.sub(_field_label, text)
        return Intent(
            question=question,
            search_text=text,
            topic=" ".join(_content(text)),
            author=authors[0] if authors else None,
            years=years,
            subjects=subjects,
            unknown_subjects=found.unknown,
            language=reading.language,
            understood=reading.understood,
            plural=bool(PLURAL.search(reading.english)),
            wants_code=bool(WANTS_CODE.search(reading.english)),
            excluded=excluded,
            left_out=left_out,
            also_by=tuple(authors[1:]),
            by_date=_by_date(reading.english),
            unlisted_author=unlisted,
            also_unlisted=tuple(dict.fromkeys(o for o in others if o != unlisted)),
            like=like[1] if (like := SIMILAR.search(reading.english)) else "",
            jointly=len(authors) > 1 and bool(JOINTLY.search(reading.english)),
            how_many=bool(HOW_MANY.search(reading.english)),
            count=number(counted[1]) if counted else None,
            leaning=bool(LEANING.search(reading.english))
            and not PAPER_LEANS.search(reading.english),
            thanks=_thanks(question),
            title_ask=title_ask,
            unwanted=_typed_content(unwanted[1]) if unwanted else "",
        )

    def _unlisted_person(self, text: str) -> tuple[str, int, int] | None:
        """Return a person named as an author who is not listed, and where the phrase
        naming them is: the family name must look like one ("Alistarh", "LeCun"), not a
        word of the abstracts ("Slapo"), an English word ("Accuracy") or an acronym."""
        for match in OTHER_AUTHOR.finditer(text):
            name = match[1] or match[2]
            if self._person_like(name):
                return name, match.start(), match.end()
        return None

    def _people_before(self, before: str, others: list[str]) -> str:
        """Return the text before an author's name without unlisted people named with
        them ("Frantar and Hoefler"), adding those to ``others``."""
        for listed in range(3):  # "Alistarh, Frantar and Hoefler"
            beside = CO_AUTHOR_BEFORE.search(before)
            if beside and "," in beside[2] and not listed:  # "Hmm, Zhang ...": no list yet
                break
            words = beside[1].split() if beside else []
            # The name is the longest end of the capitalized words that reads as one.
            name = next((n for n in (" ".join(words[i:]) for i in range(len(words)))
                         if self._co_author(n) == n), None)  # fmt: skip
            if beside is None or name is None:
                break
            others.insert(0, name)
            before = before[: beside.end(1) - len(name)].rstrip()
        return before

    def _co_author(self, words: str) -> str | None:
        """Return the longest start of capitalized words that names a person beside a
        listed author: a family name written as one, no word of the abstracts, not a
        listed author, and not common in English ("Chen", "Li" are names here)."""
        parts = words.split()
        for end in range(len(parts), 0, -1):
            name = " ".join(parts[:end])
            family = fold(parts[end - 1].split("-")[-1])
            if (
                _family_like(parts[end - 1].split("-")[-1])
                and family not in self.words
                and zipf(family) < WORD_ZIPF
                and not self.names.find(name)
            ):
                return name
        return None

    def _person_like(self, name: str) -> bool:
        """Return True when a name's last word reads as a family name: written as one, no
        word of the abstracts, and rare in English unless a listed author has it ("Wei
        Zhang" is someone else)."""
        family = name.split()[-1].split("-")[-1]
        folded = fold(family)
        return _family_like(family) and (
            self.names.is_family(folded)
            or (folded not in self.words and zipf(folded) < COMMON_ZIPF)
        )

    def _authors(self, text: str) -> tuple[list[str], tuple[str, ...], str, list[str]]:
        """Return the listed authors a question names, those it asks to leave out, the
        question without their names, and unlisted people named with them."""
        named: list[str] = []
        left_out: list[str] = []
        others: list[str] = []
        found = self.names.find(text, MAX_AUTHORS)
        # "not by Zhang or Hoefler": a name joined to one left out is left out too
        joined = [False] * len(found)
        for k in range(1, len(found)):
            gap = text[found[k - 1].end : found[k].start]
            left = joined[k - 1] or LEAVE_OUT.search(text[: found[k - 1].start].rstrip())
            joined[k] = bool(left) and bool(JOINED.fullmatch(gap))
        for k, mention in reversed(list(enumerate(found))):  # the text keeps the
            if mention.other:  # "Wei Zhang": no listed author, and no topic
                others.insert(0, mention.author)
                text = f"{text[: mention.start].rstrip()} {text[mention.end :].lstrip()}".strip()
                continue
            before = text[: mention.start].rstrip()  # places of the names before it
            for _ in range(3):  # "Herr Professor Dr Hoefler"; a loop, not a (...)+ regex,
                before = TITLE.sub("", before).rstrip()  # which is quadratic in the text
            before = self._people_before(before, others)
            leaving = LEAVE_OUT.search(before)
            if leaving:
                before = before[: leaving.start()].rstrip()
            after, beside = self._after_name(text[mention.end :])
            (left_out if leaving or joined[k] else named).insert(0, mention.author)
            others[:0] = beside
            text = f"{before} {after.lstrip()}".strip()
        return list(dict.fromkeys(named)), tuple(dict.fromkeys(left_out)), text, others

    def _after_name(self, after: str) -> tuple[str, list[str]]:
        """Return the text after an author's name without what stands with the name, and
        the unlisted people named there: where they work ("(ETH Zurich)", "at Cornell"),
        the people around them ("et al.", "and his students"), another person ("and
        Alistarh"). Each may follow the others ("Zhang (Cornell) et al. and co.")."""
        others = []
        for _ in range(3):  # a loop, not a (...)+ regex: see TITLE
            rest = _without_people(AFFILIATION.sub("", after, count=1))
            beside = CO_AUTHOR.match(rest)
            name = self._co_author(beside[1]) if beside else None
            # "Zhang and Verilog": with nothing after it, the word is the topic.
            if beside and name and _content(rest[beside.start(1) + len(name) :]):
                others.append(name)
                rest = rest[beside.start(1) + len(name) :]
            if rest == after:
                break
            after = rest
        return after, others


def _without_people(after: str) -> str:
    """Return the text after an author's name without the people around them: "et al.",
    "and co.", and "team", "group" when no topic word follows ("'s team on networks",
    "'s lab did"; not "'s group theory papers")."""
    people = WITH_PEOPLE.match(after)
    if people:
        return after[people.end() :]
    people = BARE_PEOPLE.match(after)
    if people is None:
        return after
    rest = after[people.end() :]
    word = re.match(r"\s*([^\W_]+)", rest)
    following = terms(word[1]) if word else []
    return rest if not following or following[0].stem in FRAMING else after


def _field_label(match: re.Match[str]) -> str:
    """Drop a field's abbreviation typed in capitals ("ML") or rare in English ("nlp"),
    keep a word that may mean something else in lower case ("per se", "cv")."""
    typed = match.group()
    return " " if typed.isupper() or zipf(typed.casefold()) < RARE_ZIPF else typed


def _family_like(word: str) -> bool:
    """Return True for a word written as family names are ("Müller", "LeCun"), not as
    method names ("FlashAttention") or acronyms ("GPTQ")."""
    rest = re.sub(r"^(?:Mc|Mac|Le|La|De|Di|Du|Van|Von)(?=[A-Z])", "", word)
    return word.isalpha() and rest[:1].isupper() and rest[1:].islower()


def _typed_content(text: str) -> str:
    """Return the content words of a text as typed ("FPGAs", not "fpgas")."""
    content = set(_content(text))
    return " ".join(w for w in re.findall(r"[^\W_]+", text) if w.casefold() in content)


def _thanks(question: str) -> bool:
    """Return True for a message that only thanks: every word a courtesy, one a thanks."""
    words = {fold(w) for w in re.findall(r"[^\W\d_]+", question)}
    return "?" not in question and bool(words & THANKING) and words <= COURTESY


def _by_date(text: str) -> str | None:
    """Return "oldest" or "newest" when a question asks for papers by their date."""
    return "oldest" if OLDEST.search(text) else "newest" if NEWEST.search(text) else None


def _content(text: str) -> list[str]:
    """Return the words of a text that are neither stop words nor framing."""
    return [t.word for t in terms(text) if t.stem not in FRAMING and t.word not in FRAMING_WORDS]
