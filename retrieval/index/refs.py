"""A stored paper as every stage passes it on: a reference with subjects, links, authors."""

from __future__ import annotations

from urllib.parse import urlencode

from retrieval.index.taxonomy import subject
from retrieval.models import Paper, PaperRef

SEARCH_URL = "https://arxiv.org/search/?"
ABS_URL = "https://arxiv.org/abs/"
PDF_URL = "https://arxiv.org/pdf/"
DOI_URL = "https://doi.org/"


def paper_url(title: str) -> str:
    """Return an arXiv title-search URL, for papers whose arXiv id is unknown."""
    return SEARCH_URL + urlencode({"query": title, "searchtype": "title"})


def ref(paper: Paper) -> PaperRef:
    """Return the reference shown for a paper."""
    return PaperRef(
        id=paper.id,
        title=paper.title,
        year=paper.year,
        authors=paper.authors,
        subjects=tuple(subject(code) for code in paper.subjects),
        url=ABS_URL + paper.arxiv_id
        if paper.arxiv_id
        else DOI_URL + paper.doi
        if paper.doi
        else paper_url(paper.title),
        pdf_url=PDF_URL + paper.arxiv_id if paper.arxiv_id else "",
    )
