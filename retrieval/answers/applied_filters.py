"""The filters an answer applies: the /ask options merged with what the question wrote.

Options win; the question fills what they leave open. Years left out become the listed
years that remain ("anything but 2024"), subjects typed by name become codes, and what
cannot be applied becomes a note: an unknown subject (with "did you mean"), a year to
leave out inside a range that keeps it, every listed year left out, an option that
replaces the question's own years or author.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from retrieval.answers.lookup import Lookup
from retrieval.index.filtering import matches_year
from retrieval.index.taxonomy import names as subject_names
from retrieval.index.taxonomy import spellings
from retrieval.models import Filters
from retrieval.query.intent import Intent, People
from retrieval.query.textfilters import read_subject_names, suggest_subjects
from retrieval.search.searcher import Searcher


class AppliedFilters:
    """Merges options and written filters against one index's years, subjects, authors."""

    def __init__(self, searcher: Searcher, lookup: Lookup, subjects: Counter[str]) -> None:
        self.searcher = searcher
        self.lookup = lookup
        self.subjects = subjects
        self.years = sorted({p.year for p in searcher.index.papers.values()})

    def left_subjects(self, intent: Intent) -> list[str]:
        """Return the known subject codes a question leaves out ("not cs.LG")."""
        left_out = intent.exclusions.subjects
        return [code for left in left_out if (code := self._subject_codes(left)[0]) is not None]

    def _unknown_left_out(self, intent: Intent) -> list[str]:
        """Return a note for each code a question leaves out that names no subject."""
        left_out = intent.exclusions.subjects
        return [self._unknown_subject(u) for left in left_out for u in self._subject_codes(left)[1]]

    def merged(self, given: Filters, intent: Intent) -> tuple[Filters, list[str]]:
        """Merge the options the user set with the filters the question wrote out.

        Options win; the question fills what they leave open. Subjects typed by name
        ("machine learning") become codes; unknown ones become a note with suggestions.
        """
        written = intent.filters()
        notes: list[str] = []
        subject = given.subject or written.subject
        if given.subject:
            subject, unknown = self._subject_codes(given.subject)
            notes += [self._unknown_subject(u) for u in unknown]
        notes += [self._unknown_subject(u) for u in intent.unknown_subjects]
        given_years = given.year_from is not None or given.year_to is not None
        years = given if given_years else written
        left_years = _left_years(intent)
        if left_years and not given_years:  # "anything but 2024": the other years
            years = self._other_years(written, left_years)
        notes += self._unknown_left_out(intent)  # "everything but cs.XY"
        if self.every_year_left(given, intent):  # "papers not from 2022-2024"
            listed = Filters(years=tuple(self.years)).years_text()
            notes.append(f"Every listed paper is from {listed}, the years the question leaves out.")
        else:
            notes += [  # a year inside a range it keeps ("2022-2024 but not 2023": gaps)
                f"papercord cannot leave {left} out of an answer; these papers may include it"
                for left in intent.exclusions.years
                if matches_year(int(left), years)
            ]
        people = intent.people
        if people.jointly and not given.author:
            notes.append(self._joint(people))
        if people.unlisted and not given.author:
            named = " or ".join(f"“{n}”" for n in people.unlisted)
            notes.append(f"No listed author is named {named}.")
        author = self.lookup.resolve_author(given.author) if given.author else people.author
        asked = written.years_text()
        if given_years and asked and not self._within(given, written):
            notes.append(f"The years set ({given.years_text()}) replace the question's {asked}.")
        if given.author and people.author and people.author != author:
            notes.append(f"The author option ({author}) replaces {people.author}, in the question.")
        also_by = given.also_by if given.author else people.also_by
        filters = Filters(
            year_from=years.year_from,
            year_to=years.year_to,
            subject=subject,
            author=author,
            years=years.years,
            also_by=also_by if author else (),
            either=written.either and not (given_years or given.subject or left_years),
        )
        return filters, notes

    def _within(self, narrow: Filters, wide: Filters) -> bool:
        """Return True when every listed year ``narrow`` allows, ``wide`` allows too: the
        stored filters of "More results" narrow their question's, they do not replace it."""
        return all(matches_year(y, wide) for y in self.years if matches_year(y, narrow))

    def every_year_left(self, given: Filters, intent: Intent) -> bool:
        """Return True when the question leaves out every year its papers could be from
        (and no year option replaces the question's years)."""
        left = _left_years(intent)
        if not left or given.year_from is not None or given.year_to is not None:
            return False
        return not self._kept(intent.filters(), left)

    def _other_years(self, written: Filters, left: set[int]) -> Filters:
        """Return the years of the listed papers that the question allows once ``left``
        is taken out ("2023 papers except 2023" leaves none: then ``written`` stands)."""
        kept = self._kept(written, left)
        if not kept:
            return written
        gaps = kept[-1] - kept[0] + 1 > len(kept)
        return Filters(year_from=kept[0], year_to=kept[-1], years=tuple(kept) if gaps else ())

    def _kept(self, written: Filters, left: set[int]) -> list[int]:
        """Return the listed years the written filters allow, ``left`` taken out."""
        return [y for y in self.years if y not in left and matches_year(y, written)]

    def _subject_codes(self, typed: str) -> tuple[str | None, list[str]]:
        known = {code.casefold(): code for code in subject_names()}
        codes, unknown = [], []
        for part in (p.strip() for p in typed.split(",") if p.strip()):
            if part.casefold() in known:
                codes.append(known[part.casefold()])
                continue
            by_name, rest = read_subject_names(part, spellings(self.subjects))
            if by_name and not rest:
                codes.extend(by_name)
            else:
                unknown.append(part)
        return ",".join(codes) or None, unknown

    def _joint(self, people: People) -> str:
        """Say how many papers the authors asked for together wrote together (only
        those are shown: ``post_passes.together``)."""
        names = [str(people.author), *people.also_by]
        by = [self.searcher.filtering.papers(Filters(author=name)) for name in names]
        joint = int(np.logical_and.reduce(by).sum())
        together = " and ".join(names)
        if not joint:
            return f"No listed paper is by both {together}."
        are = "1 listed paper is" if joint == 1 else f"{joint} listed papers are"
        return f"{are} by both {together}."

    def _unknown_subject(self, typed: str) -> str:
        listed = {code: subject_names().get(code, code) for code in self.subjects}
        guesses = suggest_subjects(typed, listed) or suggest_subjects(typed, subject_names())
        hint = ", ".join(f"{g} ({subject_names().get(g, g)})" for g in guesses)
        return f"“{typed}” is not a subject of any listed paper. Did you mean {hint}?"


def _left_years(intent: Intent) -> set[int]:
    """Return the years a question leaves out ("anything but 2024")."""
    return {int(left) for left in intent.exclusions.years}
