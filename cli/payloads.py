"""The CLI's documented JSON shapes (see README, "JSON output")."""

from __future__ import annotations

from typing import Any

from retrieval.ingest.adding import AddReport
from retrieval.ingest.building import IngestReport
from retrieval.models import (
    Answer,
    AuthorSummary,
    PaperDetail,
    PaperRef,
    Result,
    Summary,
    to_jsonable,
)


def paper_json(paper: PaperRef) -> dict[str, Any]:
    """Return a paper's metadata: title, year, subjects and their links, authors, url."""
    return {
        "id": paper.id,
        "title": paper.title,
        "year": paper.year,
        "subjects": [s.code for s in paper.subjects],
        "subject_names": [s.name for s in paper.subjects],
        "subject_urls": [s.url for s in paper.subjects],
        "authors": list(paper.authors),
        "url": paper.url,
        "pdf_url": paper.pdf_url or None,
    }


def result_json(result: Result) -> dict[str, Any]:
    """Return a ranked paper with its score and verbatim snippet."""
    return {
        **paper_json(result.paper),
        "score": result.score,
        "snippet": result.snippet.text,
        "snippet_marked": result.snippet.marked,
        "why": result.why or None,
        "matched_terms": list(result.terms),
    }


def answer_json(answer: Answer, *, with_summary: bool = False) -> dict[str, Any]:
    """Return an answer: question, abstained, results, closest (and extras); with
    ``with_summary`` (when [llm] is configured) also "summary", an object or null."""
    summary = {"summary": summary_json(answer.summary)} if with_summary else {}
    return {
        "question": answer.question,
        "abstained": answer.abstained,
        "results": [result_json(r) for r in answer.results],
        "closest": [result_json(r) for r in answer.closest],
        "more": [result_json(r) for r in answer.more],
        "author": author_json(answer.author) if answer.author else None,
        "mode": answer.mode,
        "elapsed_ms": round(answer.elapsed_ms, 2),
        "filters": to_jsonable(answer.filters),
        "matched": answer.matched,
        "notes": list(answer.notes),
        "language": answer.language,
        "confidence": answer.confidence,
        **summary,
    }


def summary_json(summary: Summary | None) -> dict[str, Any] | None:
    """Return a checked summary: its text ("[1]" cites the first result) and citations."""
    if summary is None:
        return None
    return {
        "text": summary.text,
        "citations": [
            {"number": c.number, "key": c.key, **paper_json(c.paper)} for c in summary.citations
        ],
    }


def paper_detail_json(detail: PaperDetail) -> dict[str, Any]:
    """Return /paper's fields: the paper, its abstract, match score and related papers."""
    return {
        **paper_json(detail.paper),
        "abstract": detail.abstract,
        "match_score": detail.match_score,
        "related": [paper_json(p) for p in detail.related],
        "alternatives": [paper_json(p) for p in detail.alternatives],
    }


def author_json(summary: AuthorSummary) -> dict[str, Any]:
    """Return /author's fields: count, years, subjects, themes, papers and coverage."""
    return {
        "name": summary.name,
        "count": summary.count,
        "year_min": summary.year_min,
        "year_max": summary.year_max,
        "year_counts": {str(y): n for y, n in summary.year_counts.items()},
        "subjects": [
            {"code": s.subject.code, "name": s.subject.name, "url": s.subject.url, "count": s.count}
            for s in summary.subjects
        ],
        "themes": list(summary.themes),
        "representative": [paper_json(p) for p in summary.representative],
        "most_recent": paper_json(summary.most_recent) if summary.most_recent else None,
        "coverage": summary.coverage,
    }


def ingest_json(report: IngestReport) -> dict[str, Any]:
    """Return an ingest report."""
    return dict(to_jsonable(report))


def add_json(report: AddReport) -> dict[str, Any]:
    """Return what ``add`` did: ids added (with titles), ids already indexed, the ingest."""
    return {
        "added": [{"id": i, "title": t} for i, t in zip(report.added, report.titles, strict=True)],
        "already_indexed": list(report.known),
        "ingest": ingest_json(report.ingest) if report.ingest else None,
    }
