"""Find papers and authors by name: fuzzy title lookup, autocomplete, author summaries."""

from __future__ import annotations

import functools
import math
import re
import threading
from collections.abc import Sequence
from dataclasses import replace

from rapidfuzz import fuzz, process, utils
from rapidfuzz.distance import Levenshtein

from retrieval.answers.authors import summarize
from retrieval.errors import NotFoundError, QueryError
from retrieval.index.author_index import AuthorIndex
from retrieval.index.chunk_rows import ROUGH_FROM
from retrieval.index.loaded import LoadedIndex
from retrieval.index.name_index import NameIndex
from retrieval.index.refs import ref
from retrieval.index.titles import (
    folded_title,
    title_words,
    typo_cost,
    word_coverage,
)
from retrieval.index.vector_store import VectorStore
from retrieval.models import AuthorSummary, PaperDetail
from retrieval.query.names import FUZZY_MIN_LETTERS, TITLES
from retrieval.search.retrievers import EXACT_ROWS
from retrieval.text import fold

TITLE_CUTOFF = 75  # WRatio below this is not the paper the user meant
AUTHOR_CUTOFF = 88  # "hoefler" 90, "Torsten Hofler" 97 pass; "Zhiru Zhao" 86 does not
SUGGESTIONS = 5
ALTERNATIVES = 5  # other matching titles /paper offers ("graph" matches nine)
FULL_COVER_WORDS = 4  # queries this short must have every word in the title
SUGGEST_CUTOFF = 55  # closest titles offered instead: "zzqx" gets none, not five at random
NAMING_SHARE = 0.6  # of a few words that point at one paper by its title (``one_titled``)
EXACT = 95  # WRatio of a title typed in full; then other matches are not offered
RELATED = 3
ECHOED = 80  # characters of the typed text an error repeats
GLUED = 15  # letters of a typed word that is likely several words without spaces
CLOSED_UP_WORDS = 3  # words of a query tried closed up as one name ("hamming mesh")
TYPO_MARGIN = 1  # edits by which a title typed with typos beats the next (``_one_close``)
MISSING = 2  # edits a typed word no title word is like counts as (five words or more)


def echo(typed: str) -> str:
    """Return typed text quoted for an error message, cut to ``ECHOED`` characters."""
    text = " ".join(typed.split())
    return repr(text if len(text) <= ECHOED else text[: ECHOED - 1] + "…")


class Lookup:
    """Title and author lookups over one loaded index."""

    def __init__(self, index: LoadedIndex, store: VectorStore) -> None:
        self.index = index
        self.store = store
        self._titles = {pid: p.title for pid, p in index.papers.items()}
        self._folded = {pid: folded_title(t) for pid, t in self._titles.items()}
        self._title_ids = list(self._folded)
        self.authors = index.authors.authors  # sorted
        self.author_index = AuthorIndex(self.authors)
        self._authors_folded = {i: utils.default_process(a) for i, a in enumerate(self.authors)}
        self._summaries: dict[str, AuthorSummary] = {}
        self._summary_lock = threading.Lock()

    def paper(self, query: str) -> PaperDetail:
        """Return the paper whose title best matches a fragment (typos tolerated).

        A title matches when it has every word of the query (typos and prefixes allowed;
        three in four for queries of five words or more): "attention is all you need"
        matches no listed title, even though one has "attention". When several titles
        match ("graph"), the best is returned with the others as ``alternatives``.
        """
        folded, words, scored = self._scored(query)
        if not scored and (pid := self._one_close(words)) is not None:  # "alo programming"
            return self.detail(pid, self._title_scores(folded, [pid])[0][0][0])
        if not scored:
            near = self._near(folded, words)
            raise NotFoundError(
                f"no paper title matches {echo(query)}: it is not in the list",
                tuple(self._titles[p] for s, p in near[:SUGGESTIONS] if s >= SUGGEST_CUTOFF),
            )
        (score, whole), pid = scored[0]
        others = [p for (_, w), p in scored[1:] if not (whole >= EXACT and w < EXACT - 5)]
        detail = self.detail(pid, float(score))
        alternatives = tuple(ref(self.index.papers[p]) for p in others[:ALTERNATIVES])
        return replace(detail, alternatives=alternatives)

    def title_for(self, query: str) -> str | None:
        """Return the id of the one paper whose title ``paper`` would find for a name or
        title, when it finds one and no other; no detail is built and nothing suggested."""
        try:
            _, _, scored = self._scored(query)
        except QueryError:
            return None
        if not scored:
            return None
        (_, whole), pid = scored[0]
        others = [p for (_, w), p in scored[1:] if not (whole >= EXACT and w < EXACT - 5)]
        return None if others else pid

    def _scored(self, query: str) -> tuple[str, list[str], list[tuple[tuple[float, float], str]]]:
        """Return the folded query, its words, and the titles that match it, best first
        (see ``paper``); raise QueryError for fewer than three characters."""
        folded = utils.default_process(fold(query))  # "Pólynormér", "ＧＰＴＱ"
        if len(folded) < 3:
            raise QueryError("type at least three characters of the paper's title")
        scored = self._matching(folded)
        for spelled in _spellings(folded) if not scored else ():
            if scored := self._matching(spelled):  # "hamming mesh", "ENS10"
                break
        return folded, title_words(folded), scored

    def _matching(self, folded: str) -> list[tuple[tuple[float, float], str]]:
        """Return the titles that match a folded query, best first (see ``paper``)."""
        words = title_words(folded)
        needed = 1.0 if len(words) <= FULL_COVER_WORDS else 0.75
        # (best, whole), pid for the titles that can have the words needed, in C
        close = self._title_scores(folded, self._candidates(words, math.ceil(needed * len(words))))
        # Equal scores: a title that starts with the typed text first ("Performance").
        scored = sorted(
            (
                (score, pid)
                for score, pid in close
                if score[0] >= TITLE_CUTOFF  # cheap first; word coverage for the few left
                and word_coverage(words, title_words(self._folded[pid])) >= needed
            ),
            key=lambda found: (found[0][0], self._folded[found[1]].startswith(folded), found),
            reverse=True,
        )
        return scored

    def _one_close(self, words: list[str]) -> str | None:
        """Return the one title the typed words name with typos ``word_coverage`` does not
        forgive ("alo" for "Allo", "rdme" for "RDMA"): every word within its
        ``typo_budget`` edits of a word or acronym of the title (a quarter may be missing
        from five words up), the fewest edits in all, at least ``TYPO_MARGIN`` fewer than
        any other title and at most one a word on average. None when no title wins so."""
        if not words:
            return None
        least = len(words) if len(words) <= FULL_COVER_WORDS else math.ceil(0.75 * len(words))
        rows = self.index.title_words.near_rows(words, least).tolist()
        costs: list[tuple[int, str]] = []
        for row in rows:
            pid = self._title_ids[row]
            title = title_words(self._folded[pid])
            cost = _typo_cost(words, title, least)
            if cost is not None:
                costs.append((cost, pid))
        costs.sort()
        if not costs or costs[0][0] > len(words):
            return None
        if len(costs) > 1 and costs[1][0] - costs[0][0] < TYPO_MARGIN:
            return None
        return costs[0][1]

    def one_titled(self, text: str) -> str | None:
        """Return the one paper a few words point at by its title ("the Python weather
        code paper"): a title with at least two of the words and ``NAMING_SHARE``
        of them, when no other title has as many. None for words no title stands out by
        ("how they help people build designs", "graph neural networks": several have it)."""
        words = title_words(utils.default_process(text))
        if len(words) < 2:
            return None
        ids = self._candidates(words, max(2, math.ceil(NAMING_SHARE * len(words))))
        scored = sorted(
            ((word_coverage(words, title_words(self._folded[pid])), pid) for pid in ids),
            reverse=True,
        )
        if not scored or scored[0][0] < NAMING_SHARE:
            return None
        if len(scored) > 1 and scored[1][0] == scored[0][0]:
            return None
        return scored[0][1]

    def _near(self, folded: str, words: list[str]) -> list[tuple[float, str]]:
        """Return the titles to offer when none matches, closest first: those with a typed
        word, or every title when fewer than ``SUGGESTIONS`` of those are close enough
        and a typed word looks like words typed together ("EfficientRDMACommunication",
        which has no title's word in it; ~1.4 s at 100k titles, so not for "zzqx")."""
        near = self._closest(folded, self._candidates(words, 1))
        close_enough = sum(best >= SUGGEST_CUTOFF for best, _ in near[:SUGGESTIONS])
        if close_enough < SUGGESTIONS and any(len(word) >= GLUED for word in words):
            near = self._closest(folded, self._title_ids)
        return near

    def _closest(self, folded: str, ids: list[str]) -> list[tuple[float, str]]:
        close = self._title_scores(folded, ids)
        return sorted(((best, pid) for (best, _), pid in close), reverse=True)

    def _candidates(self, words: list[str], least: int) -> list[str]:
        """Return the ids of the titles that have words like ``least`` of ``words``; every
        id when no word is left to look for (the lookup then suggests the closest titles)."""
        if not words:
            return self._title_ids
        rows = self.index.title_words.rows(words, least).tolist()
        return [self._title_ids[row] for row in rows]

    def _title_scores(self, folded: str, ids: list[str]) -> list[tuple[tuple[float, float], str]]:
        """Return ``title_score`` for these titles, computed by rapidfuzz's C loops."""
        titles = [self._folded[pid] for pid in ids]
        whole = process.cdist([folded], titles, scorer=fuzz.WRatio)[0]
        partial = process.cdist([folded], titles, scorer=fuzz.partial_ratio)[0]
        return [
            ((float(max(w, p)), float(w)), pid)
            for pid, w, p in zip(ids, whole, partial, strict=True)
        ]

    def detail(self, pid: str, match_score: float = 100.0) -> PaperDetail:
        """Return a paper by id with its abstract and related papers."""
        paper = self.index.papers.get(pid)
        if paper is None:
            raise NotFoundError("that paper is no longer in the index")
        return PaperDetail(
            paper=ref(paper),
            abstract=paper.abstract,
            match_score=round(match_score, 1),
            related=tuple(ref(self.index.papers[r]) for r in self.related(pid)),
        )

    def related(self, pid: str, n: int = RELATED) -> list[str]:
        """Return the n papers nearest to a paper's vector, itself excluded.

        Scored exactly from the chunk vectors held in memory up to ``EXACT_ROWS`` papers
        (at 100k, Chroma's HNSW index of the papers held ~200 MB once asked); more, by
        Chroma's nearest.
        """
        table, ids = self.index.chunk_rows, self.index.paper_ids
        vector = table.paper_vectors([self.index.paper_rows[pid]])[0]
        if len(ids) <= EXACT_ROWS:
            int8 = self.index.compact if len(table.vectors) > ROUGH_FROM else None
            hits = [ids[row] for row in table.nearest(vector, n + 1, int8)]
        else:
            hits = [
                hit for hit, _ in self.store.query(self.index.generation, "papers", vector, n + 1)
            ]
        return [hit for hit in hits if hit != pid][:n]

    def complete_titles(self, prefix: str, limit: int = 25) -> list[str]:
        """Return up to ``limit`` titles: substring matches first, then fuzzy ones."""
        return _complete(prefix, self._title_list, self._title_index, limit)

    def complete_authors(self, prefix: str, limit: int = 25) -> list[str]:
        """Return up to ``limit`` author names, closest first."""
        return _complete(prefix, self.authors, self._author_index, limit)

    def titles_holding(self, part: str) -> set[str]:
        """Return the ids of the papers whose title has a word containing ``part``
        ("mesh" in "HammingMesh"), through the title index."""
        rows = self._title_index.containing(folded_title(part), set())
        return {self._title_ids[row] for row in rows}

    @functools.cached_property
    def _title_list(self) -> list[str]:
        return list(self._titles.values())

    @functools.cached_property
    def _title_index(self) -> NameIndex:
        """Built at the first autocomplete (~1 s at 100k titles), not at start-up."""
        return NameIndex(list(self._folded.values()))

    @functools.cached_property
    def _author_index(self) -> NameIndex:
        return NameIndex(list(self._authors_folded.values()))

    def resolve_author(self, name: str) -> str:
        """Return the known author a typed name means, case-, accent- and typo-tolerant
        ("Höfler" is "Hofler", one letter from "Hoefler", as in a question)."""
        typed, name = name, fold(name)
        folded = utils.default_process(name)
        if not folded:
            raise QueryError("type an author's name, e.g. 'Hoefler'")
        words = set(folded.split())
        by_family = self.author_index.by_family(words)
        if len(by_family) == 1:  # "T. Hoefler", "hoefler t"
            author = by_family[0]
            if not _given_fits(words, utils.default_process(author).split()):
                # "Wei Zhang" is someone else: the card of Zhiru Zhang would be his
                raise NotFoundError(f"no listed author is named {echo(typed)}", (author,))
            return author
        misspelled = self.author_index.candidates(name)  # one edit off, as in questions
        if not by_family and len(misspelled) == 1:  # "hoeffler"
            return misspelled[0]
        best = process.extractOne(
            folded,
            self.authors,
            scorer=fuzz.WRatio,
            processor=utils.default_process,
            score_cutoff=AUTHOR_CUTOFF,
        )
        if best is None:
            ranked = process.extract(
                folded, self.authors, scorer=fuzz.WRatio, processor=utils.default_process,
                limit=len(self.authors),
            )  # fmt: skip
            raise NotFoundError(
                f"no listed author matches {echo(typed)}", tuple(r[0] for r in ranked)
            )
        return str(best[0])

    def author(self, name: str) -> AuthorSummary:
        """Return the summary of the listed papers of the author a name means.

        Summaries are computed once per index (theme mining takes ~200 ms) and cached;
        a reindex builds a new Lookup, so the cache never outlives its index.
        """
        resolved = self.resolve_author(name)
        with self._summary_lock:
            if resolved not in self._summaries:
                self._summaries[resolved] = summarize(self.index, resolved)
            return self._summaries[resolved]


def _typo_cost(words: list[str], title: list[str], least: int) -> int | None:
    """Return ``typo_cost`` of the typed words in a title, with up to ``len(words) -
    least`` of them left out (each costing ``MISSING``), or None when more must be."""
    cost = typo_cost(words, title)
    if cost is not None or least == len(words):
        return cost
    kept = [w for w in words if typo_cost([w], title) is not None]
    if len(kept) < least:
        return None
    found = typo_cost(kept, title)
    return None if found is None else found + MISSING * (len(words) - len(kept))


def _spellings(folded: str) -> list[str]:
    """Return other ways a name in a title may have been typed: closed up ("hamming mesh"
    for "HammingMesh") or with its letters and digits apart ("ens10" for "ENS-10")."""
    spellings = [folded.replace(" ", "")] if 1 < len(folded.split()) <= CLOSED_UP_WORDS else []
    apart = re.sub(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])", " ", folded)
    return spellings + ([apart] if apart != folded else [])


def _given_fits(typed: set[str], name: list[str]) -> bool:
    """Return True when every typed word besides the family name may stand for one of the
    author's given names: the same, an initial, its start, or one typo off ("torsen");
    a title ("Prof") or a possessive's "s" may stand beside it."""
    given = name[:-1]
    for word in typed - {name[-1], "s", *TITLES}:
        if not any(
            g.startswith(word)
            or (len(word) >= FUZZY_MIN_LETTERS and Levenshtein.distance(word, g) <= 1)
            for g in given
        ):
            return False
    return True


def title_score(query: str, title: str) -> tuple[float, float]:
    """Return how well a folded query names a folded title, and a tie-breaker.

    A fragment ("sagman", "t-distributions") scores by its best partial match; a whole
    title with typos by WRatio. Ties between titles that contain the same fragment go
    to the title the query covers most (WRatio).
    """
    whole = fuzz.WRatio(query, title)
    partial = fuzz.partial_ratio(query, title) if len(query) >= 4 else 0.0
    return max(whole, partial), whole


def _complete(prefix: str, names: Sequence[str], index: NameIndex, limit: int) -> list[str]:
    """Return names whose folded form contains the prefix (those starting with it first,
    then earliest), then fuzzy ones (see ``NameIndex``)."""
    query = utils.default_process(prefix)
    if not query:
        return list(names[:limit])
    return [names[row] for row in index.complete(query, limit)]
