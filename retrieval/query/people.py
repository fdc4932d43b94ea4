"""People a question names: listed authors (to ask about or leave out), and others.

``PeopleReader.authors`` finds the listed authors a question names, with typos, and takes
their names out of the question together with what stands with a name: a title ("Prof"),
where they work ("(ETH Zurich)", "at Cornell"), the people around them ("et al.", "and
his students"), an unlisted co-author ("Frantar and Hoefler"). ``unlisted_person`` finds a
person named as an author who is not listed ("papers by Yann LeCun"), and a titled person
of the scene ("Dr. Chen told me ..."), in one pass.
"""

from __future__ import annotations

import re

from retrieval.index.vocabulary import zipf
from retrieval.query.asking import (
    AFFILIATION,
    BARE_PEOPLE,
    CO_AUTHOR,
    CO_AUTHOR_BEFORE,
    FRAMING,
    JOINED,
    LEAVE_OUT,
    LEFT_OUT_AFTER,
    OTHER_AUTHOR,
    TITLE,
    WITH_PEOPLE,
    content_words,
)
from retrieval.query.names import COMMON_ZIPF, WORD_ZIPF, AuthorNames
from retrieval.text import fold, terms

MAX_AUTHORS = 4  # authors read from one question ("papers by Hoefler or Zhang")
# A name the author owns, after the possessive: "apart from Hoefler's GPTQ" leaves out
# the paper, not the author; "not Hoefler's LLM papers" leaves out his papers.
OWNED = re.compile(
    r"^\s+[A-Z][\w.-]*(?![\w.-])"
    r"(?!\s+(?:papers?|works?|ones?|articles?|publications?|research|stuff)\b)"
)
POSSESSIVE = ("'s", "’s")
BY = re.compile(r"\b(?:(?:written|authored|published)\s+)?by\s*$", re.I)  # before a name
Found = tuple[str, int, int]  # a person's name and the span of the phrase naming them
# A titled person ("Dr. Chen", "Prof. Okonjo") is an author asked about, as after "by",
# unless the question has them speak or be spoken to: the subject of a verb of saying
# or suggesting ("Dr. Chen told me ...", "Prof. Li recommended ..."), the one asked,
# thanked or quoted ("Ask Dr. Li about ...", "Thanks Dr. Smith!", "According to Prof.
# X, ..."), or greeted without being asked about "your" work ("Hi Prof. X, my student
# asked ..."; not "Dear Dr. Chen, do you have papers on ...?"). That person is of the
# scene: no note, and the name is left out of the search.
SAYS = re.compile(
    r"^['’]?\s+(?:\w+\s+)?(?:told|tells|said|says|suggested|suggests|recommended|recommends"
    r"|mentioned|mentions|asked|asks|thinks|thought|pointed|points|warned|warns|insisted"
    r"|insists|claimed|claims|believes|believed|advised|advises|wants|wanted|needs|needed"
    r"|could|would|will|can|should|might|here)\b|^['’]?\s+and\s+I\b|^\s*:",
    re.I,
)  # ... or acts ("Dr. Evans could use ...", "Dr. Kim and I ...", "Dr. Ng here", "Dr. X:")
SPOKEN_TO = re.compile(
    r"\b(?:ask|asking|asked|thank|thanks|thanked|according\s+to|per|cc|ping|pinging"
    r"|I['’]m|I\s+am|this\s+is|it['’]s)\s*$",  # or introduces themselves ("I'm Dr. Patel")
    re.I,
)
GREETED = re.compile(r"^\s*(?:dear(?:est)?|hi|hiya|hello|hey)\s+$", re.I)
SECOND_PERSON = re.compile(r"\byou(?:r|rs)?\b", re.I)


class PeopleReader:
    """Reads the people of questions against one corpus's authors and words."""

    def __init__(self, names: AuthorNames, words: frozenset[str]) -> None:
        self.names = names
        self.words = words  # the folded words of the abstracts: no family names

    def unlisted_person(self, text: str) -> tuple[Found | None, Found | None]:
        """Return, in one pass over the text, the first person named as an author who is
        not listed, and the first titled person of the scene ("Dr. Chen told me ...",
        ``in_scene``), each with where the phrase naming them is. The family name must
        look like one ("Alistarh", "LeCun"), not a word of the abstracts ("Slapo"), an
        English word ("Accuracy") or an acronym."""
        author: Found | None = None
        scene: Found | None = None
        for match in OTHER_AUTHOR.finditer(text):
            name = next(group for group in match.groups() if group)
            titled = match[4] is not None
            in_it = titled and in_scene(text, match.start(), match.end())
            if (scene if in_it else author) is not None:
                continue
            if self._person_like(name, titled=titled):
                found = (name, match.start(), match.end())
                if in_it:
                    scene = found
                else:
                    author = found
            if author is not None and scene is not None:
                break
        return author, scene

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

    def _person_like(self, name: str, titled: bool = False) -> bool:
        """Return True when a name's last word reads as a family name: written as one, no
        word of the abstracts, and rare in English unless a listed author has it ("Wei
        Zhang" is someone else) or a title comes before it ("Dr. Chen")."""
        family = name.split()[-1].split("-")[-1]
        folded = fold(family)
        return _family_like(family) and (
            self.names.is_family(folded)
            or (folded not in self.words and (titled or zipf(folded) < COMMON_ZIPF))
        )

    def authors(self, text: str) -> tuple[list[str], tuple[str, ...], str, list[str]]:
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
                others.insert(0, mention.author)  # nor the "by" before it
                before = BY.sub("", text[: mention.start]).rstrip()
                text = f"{before} {text[mention.end :].lstrip()}".strip()
                continue
            before = text[: mention.start].rstrip()  # places of the names before it
            for _ in range(3):  # "Herr Professor Dr Hoefler"; a loop, not a (...)+ regex,
                before = TITLE.sub("", before).rstrip()  # which is quadratic in the text
            before = self._people_before(before, others)
            after_name = text[mention.end :]
            leaving = LEAVE_OUT.search(before)
            owner = text[mention.start : mention.end].endswith(POSSESSIVE)
            if leaving and owner and OWNED.match(after_name):  # "apart from Hoefler's GPTQ"
                leaving = None  # leaves out the paper
            if leaving:
                before = before[: leaving.start()].rstrip()
            before = BY.sub("", before).rstrip()  # "network papers by": no topic word
            if left_after := LEFT_OUT_AFTER.match(after_name):  # "Zhang excluded"
                after_name = after_name[left_after.end() :]
            after, beside = self._after_name(after_name)
            (left_out if leaving or left_after or joined[k] else named).insert(0, mention.author)
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
            if beside and name and content_words(rest[beside.start(1) + len(name) :]):
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


def in_scene(text: str, start: int, end: int) -> bool:
    """Return True when a titled person at ``text[start:end]`` speaks or is spoken to
    (see ``SAYS``): a person of the scene, not an author asked about."""
    if SAYS.match(text[end:]) or SPOKEN_TO.search(text[:start]):
        return True
    return bool(GREETED.match(text[:start])) and not SECOND_PERSON.search(text, end)


def _family_like(word: str) -> bool:
    """Return True for a word written as family names are ("Müller", "LeCun"), not as
    method names ("FlashAttention") or acronyms ("GPTQ")."""
    rest = re.sub(r"^(?:Mc|Mac|Le|La|De|Di|Du|Van|Von)(?=[A-Z])", "", word)
    return word.isalpha() and rest[:1].isupper() and rest[1:].islower()
