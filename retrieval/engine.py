"""One object that owns the store, the model and the loaded index, for the CLI and the bot."""

from __future__ import annotations

import functools
import logging
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from retrieval.answers import grounded
from retrieval.answers.author_chart import render_chart
from retrieval.answers.chat_client import ChatClient, ChatUnavailable
from retrieval.answers.citation import Citation, cite
from retrieval.answers.listing import Request
from retrieval.answers.lookup import Lookup
from retrieval.answers.router import Router
from retrieval.config import ChromaSettings, LlmSettings, Mode, RetrievalSettings
from retrieval.errors import NotFoundError, QueryError
from retrieval.index import loaded as index_module
from retrieval.index.embedding import Embedder
from retrieval.index.memory import freeze_loaded, trim_free_memory, unmap_pages
from retrieval.index.snapshot import Snapshot, has_index
from retrieval.index.vector_store import VectorStore
from retrieval.ingest import building
from retrieval.ingest.adding import AddReport, add_papers
from retrieval.ingest.arxiv_api import ArxivClient
from retrieval.ingest.arxiv_snapshot import SnapshotFilter
from retrieval.ingest.building import IngestReport, Progress
from retrieval.ingest.child import ingest_in_child
from retrieval.ingest.corpus import add_to_corpus, load_corpus
from retrieval.models import UNSURE, Answer, AuthorSummary, Filters, IndexStats, PaperDetail
from retrieval.search.searcher import Searcher, check_question
from retrieval.userinput import clean, typed, without_mentions

log = logging.getLogger(__name__)
Args = ParamSpec("Args")
Returned = TypeVar("Returned")


def _unmapping_rows(
    method: Callable[Concatenate[Engine, Args], Returned],
) -> Callable[Concatenate[Engine, Args], Returned]:
    """Have a request drop the float32 chunk rows it read from the process when it returns
    (``retrieval.index.memory.unmap_pages``)."""

    @functools.wraps(method)
    def unmapping(engine: Engine, /, *args: Args.args, **kwargs: Args.kwargs) -> Returned:
        try:
            return method(engine, *args, **kwargs)
        finally:
            if engine._searcher is not None:
                unmap_pages(engine._searcher.index.chunk_vectors)

    return unmapping


class Engine:
    """Answers questions, finds papers and summarizes authors from the active index."""

    def __init__(
        self,
        retrieval: RetrievalSettings,
        chroma: ChromaSettings,
        embedder: Embedder,
        *,
        read_only: bool = False,
        llm: LlmSettings | None = None,
    ) -> None:
        """Open the store; ``read_only`` serves a private copy (``retrieval.index.snapshot``);
        ``llm``, when it names an endpoint, lets ``summarize`` write grounded summaries."""
        self.settings = retrieval
        self.llm = llm if llm is not None and llm.enabled else None
        self._chat = ChatClient(self.llm) if self.llm is not None else None
        self.chroma = chroma
        self.read_only = read_only and chroma.mode == "embedded"
        self._snapshot: Snapshot | None = None
        self._retired: VectorStore | None = None  # the store served before the last reindex
        self.store = self._open_store()
        self.cache = chroma.cache
        self.embedder = embedder
        self._lock = threading.Lock()  # guards swapping in a new index after reindex
        self._searcher: Searcher | None = None
        self._lookup: Lookup | None = None
        self._router: Router | None = None

    def ingest(
        self,
        paths: Sequence[Path],
        *,
        strict: bool = False,
        progress: Progress | None = None,
        snapshot: SnapshotFilter | None = None,
        serve: bool = True,
    ) -> IngestReport:
        """Parse the corpus, write a new index generation and start serving it (unless not
        ``serve``: a command that exits after the ingest need not load what it wrote)."""
        model_dir: Path | None = getattr(self.embedder, "model_dir", None)
        if self.read_only and model_dir is not None:
            # A serving process writes from a child: see retrieval.ingest.child.
            model = (model_dir, self.embedder.precision)
            report = ingest_in_child(
                model, self.settings, self.chroma, paths, strict=strict, snapshot=snapshot
            )
        else:
            corpus = load_corpus(paths, strict=strict, snapshot=snapshot)
            # A read-only engine serves a copy; a reindex writes the index folder itself.
            store = VectorStore(self.chroma) if self.read_only else self.store
            try:
                report = building.ingest(
                    corpus, store, self.embedder, self.settings, progress, self.cache
                )
            finally:
                if store is not self.store:
                    store.close()
        log.info(
            "index %s written: %d papers, %d chunks; embedded %d, reused %d, in %.1f s",
            report.generation, report.papers, report.chunks, report.embedded, report.reused,
            report.seconds,
        )  # fmt: skip
        serving = self._searcher.index.generation if self._searcher else None
        if serve and serving != report.generation:
            if self.read_only:
                retired, self.store = self.store, self._open_store()
                self.reload()
                self._retire(retired)
            else:
                self.reload()
        return report

    def add_papers(
        self,
        client: ArxivClient,
        corpus: Path,
        ids: Sequence[str],
        progress: Progress | None = None,
        also: Sequence[Path] = (),
    ) -> AddReport:
        """Fetch the papers with these arXiv ids or URLs, keep them in the corpus folder
        and index them with the folders ``also`` names, those that exist (files added with
        ``ingest --add``; see ``retrieval.ingest.adding``)."""
        serving = self.searcher.index.papers.values() if self.store.active() else ()
        indexed = {p.arxiv_id for p in serving if p.arxiv_id}
        others = [path for path in also if path.is_dir()]
        return add_papers(
            indexed,
            lambda paths: self.ingest([*paths, *others], progress=progress),
            client,
            corpus,
            ids,
        )

    def add_library(
        self, corpora: Sequence[Path], added: Path, name: str, data: bytes
    ) -> IngestReport:
        """Keep an uploaded BibTeX file under ``name`` in ``added`` (where ``ingest --add``
        keeps files) and index it with the corpus folders.

        It is checked as ``ingest --add`` checks a file: parsed first, and refused if the
        folder holds another file of that name with other content.
        """
        with tempfile.TemporaryDirectory(prefix="papercord-upload-") as folder:
            upload = Path(folder) / name
            upload.write_bytes(data)
            add_to_corpus([upload], added)
        return self.ingest(list(dict.fromkeys([*corpora, added])))

    def _retire(self, store: VectorStore) -> None:
        """Close the store retired by the reindex before this one; keep this one open.

        Each copy of the index is its own Chroma client, and an unclosed client keeps its
        memory: RSS grew 25 MB with every reindex (bench/load.py --reindexes 5). Closing
        the copy one reindex later lets questions still running on it finish.
        """
        if self._retired is not None:
            self._retired.close()
        self._retired = store

    def _open_store(self) -> VectorStore:
        if not self.read_only or not has_index(self.chroma.path):
            return VectorStore(self.chroma)
        previous, self._snapshot = self._snapshot, Snapshot(self.chroma.path)
        store = VectorStore(self.chroma.model_copy(update={"path": self._snapshot.path}))
        if previous is not None:  # queries running on the old copy keep their open files
            previous.remove()
        return store

    def is_current(self, paths: Sequence[Path], snapshot: SnapshotFilter | None = None) -> bool:
        """Return True when the active index was built from exactly these files."""
        active = self.store.active()
        if active is None:
            return False
        corpus = load_corpus(paths, snapshot=snapshot)
        return active[0] == building.generation_of(corpus, self.settings, self.embedder.model_id)

    def reload(self) -> None:
        """Load the active generation and swap it in for new queries."""
        loaded = index_module.load(self.store, self.cache, self.embedder.model_id)
        searcher = Searcher(loaded, self.store, self.embedder, self.settings)
        lookup = Lookup(loaded, self.store)
        router = Router(searcher, lookup)
        searcher.warm_up()
        router.answer(Request("warm up the model", 1, "hybrid", Filters()))
        with self._lock:
            self._searcher, self._lookup, self._router = searcher, lookup, router
        log.info(
            "serving index %s: %d papers, %d chunks",
            loaded.generation,
            len(loaded.papers),
            len(loaded.chunks),
        )
        freeze_loaded()  # the index's objects stay out of the garbage collector's walks
        trim_free_memory()  # the records read to build it, and the index it replaced

    def follow_active(self) -> str | None:
        """Serve the generation the store marks active if it is not the one served here.

        Another process's reindex publishes its generation in the store (one metadata
        write, ``VectorStore.activate``); reading it back is one small request, so a
        process can ask often without re-reading the index. Return the generation now
        served when it changed, else None.
        """
        active = self.store.active()
        serving = self._searcher.index.generation if self._searcher else None
        if active is None or active[0] == serving:
            return None
        self.reload()
        return active[0]

    @property
    def searcher(self) -> Searcher:
        """Return the current searcher, loading the index on first use."""
        if self._searcher is None:
            self.reload()
        assert self._searcher is not None
        return self._searcher

    @property
    def lookup(self) -> Lookup:
        """Return the current paper and author lookup, loading the index on first use."""
        if self._lookup is None:
            self.reload()
        assert self._lookup is not None
        return self._lookup

    @property
    def router(self) -> Router:
        """Return the current question router, loading the index on first use."""
        if self._router is None:
            self.reload()
        assert self._router is not None
        return self._router

    @_unmapping_rows
    def ask(
        self,
        question: str,
        k: int | None = None,
        mode: Mode | None = None,
        filters: Filters | None = None,
        quote: int | None = None,
    ) -> Answer:
        """Return the answer to a question (see ``retrieval.answers.router``).

        The first ``quote`` papers get a quoted snippet (default ``k``, the results); a
        page further into ``more`` asks again with a larger ``quote``.

        A question about a listed author ("how many Hoefler papers?") is answered with the
        author's summary; one that names an author and a constraint ("Hoefler's papers
        since 2023 on quantization") lists that author's papers meeting it. Years and
        subjects written in the question filter like the options do.
        """
        router = self.router  # loaded before its author names are read
        text = without_mentions(typed(question), keep=self.asks_about)
        text = check_question(text, self.settings.max_question_chars)
        request = Request(
            text,
            k or self.settings.results,
            mode or self.settings.mode,
            _clean_filters(filters or Filters()),
            quote,
            k_set=k is not None,
        )
        return router.answer(request)

    def summarize(self, answer: Answer, shown: int) -> Answer:
        """Return the answer with a checked summary of its first ``shown`` papers on top.

        Without [llm] settings, for an abstention or an author's card, the answer comes
        back unchanged. If the endpoint fails or the reply fails a check
        (``retrieval.answers.grounded``), it comes back unchanged too, with one log line
        saying why; if the model says the snippets do not answer, it says it is not a
        sure match.
        """
        if self._chat is None or answer.abstained or answer.author is not None:
            return answer
        if not answer.results:
            return answer
        papers = self.lookup.index.papers
        abstracts = {r.paper.id: papers[r.paper.id].abstract for r in answer.results
                     if r.paper.id in papers}  # fmt: skip
        shown_papers = grounded.shown_papers(answer, shown, abstracts)
        try:
            reply = self._chat.complete(grounded.messages(shown_papers))
            summary = grounded.check(reply, shown_papers)
        except ChatUnavailable as exc:
            log.warning("summary left out: %s", exc)
            return answer
        except grounded.Rejected as exc:
            log.warning("summary dropped: %s", exc)
            return answer
        except grounded.Declined:
            log.info("summary: the model found no answer in the snippets; not a sure match")
            notes = answer.notes if UNSURE in answer.notes else (*answer.notes, UNSURE)
            return replace(answer, notes=notes)
        return replace(answer, summary=summary)

    def close(self) -> None:
        """Close the summary endpoint's connections, if any."""
        if self._chat is not None:
            self._chat.close()

    def asks_about(self, name: str) -> bool:
        """Return True when a handle's name is what a question asks about, not whom it
        addresses: a listed author ("@Hoefler FPGAs") or a name the papers write ("@GPTQ
        bits?"), where "@papercord ..." addresses the bot. Reads only an index already
        loaded (the bot asks on its event loop, which must not wait for a load)."""
        router = self._router
        return router is not None and router.names_asked(name)

    @_unmapping_rows
    def paper(self, query: str) -> PaperDetail:
        """Return one paper found by (a fragment of) its title."""
        return self.lookup.paper(without_mentions(typed(query)))  # "@everyone GPTQ"

    @_unmapping_rows
    def paper_by_id(self, paper_id: str) -> PaperDetail:
        """Return one paper by its id (as the buttons under answers carry it)."""
        return self.lookup.detail(paper_id)

    def author(self, name: str) -> AuthorSummary:
        """Return the summary of an author's listed papers."""
        return self.lookup.author(without_mentions(typed(name)))

    def author_chart(self, name: str) -> bytes:
        """Return a PNG of an author's listed papers per year, stacked by primary subject."""
        summary = self.author(name)
        papers = [p for p in self.lookup.index.papers.values() if summary.name in p.authors]
        noun = "paper" if len(papers) == 1 else "papers"
        return render_chart(summary.name, papers, f"{len(papers)} listed {noun}")

    def titles(self) -> dict[str, str]:
        """Return every paper's title by paper id."""
        return {pid: paper.title for pid, paper in self.searcher.index.papers.items()}

    def subjects(self) -> list[str]:
        """Return the arXiv subject codes of the indexed papers, sorted."""
        return sorted({code for p in self.searcher.index.papers.values() for code in p.subjects})

    def stats(self) -> IndexStats:
        """Return the size and generation of the index being served."""
        index = self.searcher.index
        return IndexStats(index.generation, len(index.papers), len(index.chunks))

    def complete_titles(self, prefix: str, limit: int = 25) -> list[str]:
        """Return up to ``limit`` titles for autocomplete."""
        return self.lookup.complete_titles(typed(prefix), limit)

    def complete_authors(self, prefix: str, limit: int = 25) -> list[str]:
        """Return up to ``limit`` author names for autocomplete."""
        return self.lookup.complete_authors(typed(prefix), limit)

    def cite(self, query: str) -> Citation:
        """Return the citation of the paper whose title best matches a fragment."""
        return self.cite_by_id(self.paper(query).paper.id)

    def cite_by_id(self, paper_id: str) -> Citation:
        """Return the citation of a paper by id (as the Cite button carries it)."""
        paper = self.lookup.index.papers.get(paper_id)
        if paper is None:
            raise NotFoundError("that paper is no longer in the index")
        return cite(paper, paper.arxiv_id)


def _clean_filters(filters: Filters) -> Filters:
    """Return the filters with user-typed text cleaned (the router resolves what they name);
    years that are no years, or a range that runs backwards, are refused (the CLI and the
    bot check them first; this is for callers of the engine itself)."""
    low, high = filters.year_from, filters.year_to
    if any(year is not None and year < 1 for year in (low, high, *filters.years)):
        raise QueryError("a year is a positive number, e.g. 2023")
    if low is not None and high is not None and low > high:
        raise QueryError(f"the years run backwards ({low}–{high}); swap them?")
    subject = clean(filters.subject).strip() if filters.subject is not None else None
    author = clean(filters.author) if filters.author is not None else None
    return replace(filters, subject=subject, author=author)
