"""Plain frozen result types shared by the retrieval layer, the CLI and the bot."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# The note an answer carries when its best paper is likely, but not surely, an answer.
UNSURE = "Not a sure match: these are the closest papers, and none may be about exactly this."


@dataclass(frozen=True, slots=True)  # 100k papers, 240k chunks held: no __dict__ each
class Source:
    """Where a paper was listed: file, line of its year marker, and its page's author."""

    path: str
    line: int
    author: str
    position: int  # 1-based position of the record on its page


@dataclass(frozen=True, slots=True)  # 100k papers, 240k chunks held: no __dict__ each
class Paper:
    """One paper, merged across every listing page that names it."""

    id: str
    title: str
    abstract: str
    year: int
    subjects: tuple[str, ...]
    authors: tuple[str, ...]
    sources: tuple[Source, ...] = ()
    arxiv_id: str = ""  # "2301.00001" when known (snapshot, `papercord add`); pages have none
    doi: str = ""  # "10.1145/3581784.3607036" when a .bib file gives it


@dataclass(frozen=True)
class ListingPage:
    """A parsed listing page's header: whose listing, which page, how long the listing is."""

    path: str
    author: str
    page: int | None
    records_total: int | None
    papers: int


@dataclass(frozen=True, slots=True)  # 100k papers, 240k chunks held: no __dict__ each
class Chunk:
    """A token window of one abstract; ``id`` is derived from its content."""

    id: str
    paper_id: str
    index: int
    text: str  # the window itself, verbatim from the abstract
    start: int  # character offsets of ``text`` in the abstract
    end: int
    tokens: int

    def embedding_text(self, title: str) -> str:
        """Return the text that is embedded: the title as context, then the window."""
        return f"{title}. {self.text}" if self.text else title


@dataclass(frozen=True)
class Subject:
    """An arXiv subject code with its name and its listing link."""

    code: str
    name: str
    url: str


@dataclass(frozen=True)
class Snippet:
    """One or two sentences copied verbatim from an abstract, with matched terms marked."""

    text: str
    marked: str  # ``text`` with matched query terms wrapped in ** **
    highlights: tuple[tuple[int, int], ...]  # offsets of matched terms within ``text``


@dataclass(frozen=True)
class PaperRef:
    """A paper with the metadata every answer shows."""

    id: str
    title: str
    year: int
    authors: tuple[str, ...]
    subjects: tuple[Subject, ...]
    url: str  # the abstract page when the arXiv id is known, else a title search
    pdf_url: str = ""  # only when the arXiv id is known


@dataclass(frozen=True)
class Result:
    """A ranked paper in an answer, with its score and its quoted evidence."""

    paper: PaperRef
    score: float
    snippet: Snippet
    why: str = ""  # "keyword", "meaning" or "both": which retriever found the paper
    terms: tuple[str, ...] = ()  # the question's words quoted in the snippet, as written there


@dataclass(frozen=True)
class Filters:
    """Optional restrictions on which papers may be returned."""

    year_from: int | None = None
    year_to: int | None = None
    subject: str | None = None
    author: str | None = None
    years: tuple[int, ...] = ()  # when set, only these years ("2022 or 2024"), sorted
    also_by: tuple[str, ...] = ()  # more authors: a paper by any of them passes
    # the years or the subject: a paper passes with either ("from 2022 or in cs.DC")
    either: bool = False

    def __post_init__(self) -> None:
        # Stored answers keep their filters as JSON, where tuples come back as lists.
        object.__setattr__(self, "years", tuple(sorted(set(self.years))))
        object.__setattr__(self, "also_by", tuple(self.also_by))

    def authors(self) -> tuple[str, ...]:
        """Return every author a paper may be by (empty: any author)."""
        return (self.author, *self.also_by) if self.author is not None else ()

    def dated_or_filed(self) -> bool:
        """Return True when a paper passes by its years or by its subject, not both."""
        dated = self.year_from is not None or self.year_to is not None or bool(self.years)
        return self.either and dated and self.subject is not None

    def by_authors(self) -> Filters:
        """Return these filters without their years and subjects: the authors' alone."""
        return Filters(author=self.author, also_by=self.also_by)

    def authors_text(self) -> str | None:
        """Return the authors as text ("Torsten Hoefler or Zhiru Zhang"), or None."""
        return " or ".join(self.authors()) or None

    def years_text(self) -> str | None:
        """Return the years as text ("2022–2023", "2022 or 2024", "2023 or later"), or None."""
        start, end = self.year_from, self.year_to
        if self.years:  # runs of years as ranges: "2008–2023 or 2025"
            runs: list[list[int]] = []
            for year in self.years:
                if runs and year == runs[-1][-1] + 1:
                    runs[-1].append(year)
                else:
                    runs.append([year])
            return " or ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else " or ".join(map(str, r))
                               for r in runs)  # fmt: skip
        if start is not None and end is not None:
            return str(start) if start == end else f"{start}–{end}"
        if start is not None:
            return f"{start} or later"
        return f"{end} or earlier" if end is not None else None


@dataclass(frozen=True)
class Answer:
    """The answer to a question: matching papers, or an abstention with the closest ones."""

    question: str
    mode: str
    abstained: bool
    results: tuple[Result, ...]
    closest: tuple[Result, ...] = ()
    more: tuple[Result, ...] = ()  # relevant papers past the requested count
    elapsed_ms: float = 0.0
    filters: Filters = field(default_factory=Filters)
    ranking: tuple[str, ...] = ()  # every candidate paper id, best first (for evaluation)
    author: AuthorSummary | None = None  # set when the question is about a listed author
    matched: int = 0  # how many papers matched; results + more may hold fewer (a cap)
    notes: tuple[str, ...] = ()  # what the reader should know: misread filters, fallbacks
    language: str = "en"  # the language the question was read as
    # P that the best paper answers, from the hybrid answer model; None for an author's
    # card, a listing, bm25 or vector mode, or when that paper is not the first shown
    confidence: float | None = None
    summary: Summary | None = None  # only with [llm] configured, and only when it passed


@dataclass(frozen=True)
class SummaryCitation:
    """A paper a generated summary cites: its number among the shown papers (1-based)."""

    number: int
    key: str  # the opaque key the model was given for it
    paper: PaperRef


@dataclass(frozen=True)
class Summary:
    """A generated summary of the shown snippets, every citation and quote checked.

    ``text`` cites papers by their number among the shown ones ("[1]").
    """

    text: str
    citations: tuple[SummaryCitation, ...]


@dataclass(frozen=True)
class IndexStats:
    """The index being served: its generation and how many papers and chunks it holds."""

    generation: str
    papers: int
    chunks: int


@dataclass(frozen=True)
class PaperDetail:
    """Everything ``/paper`` shows: the paper, its abstract and related papers."""

    paper: PaperRef
    abstract: str
    match_score: float
    related: tuple[PaperRef, ...]
    alternatives: tuple[PaperRef, ...] = ()  # other titles that match the query too


@dataclass(frozen=True)
class SubjectCount:
    """How many of an author's papers carry a subject."""

    subject: Subject
    count: int


@dataclass(frozen=True)
class AuthorSummary:
    """Everything ``/author`` shows about one author's listed papers."""

    name: str
    count: int
    year_min: int | None
    year_max: int | None
    year_counts: dict[int, int]
    subjects: tuple[SubjectCount, ...]
    themes: tuple[str, ...]
    representative: tuple[PaperRef, ...]
    most_recent: PaperRef | None
    coverage: str


def to_jsonable(value: Any) -> Any:
    """Return a JSON-ready copy of a result dataclass (tuples become lists)."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: to_jsonable(v) for k, v in asdict(value).items()}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value
