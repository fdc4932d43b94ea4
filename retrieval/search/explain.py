"""Why a paper matched a question: its words (BM25), its meaning (vectors), or both."""

from __future__ import annotations

from dataclasses import replace

from retrieval.models import Result
from retrieval.search.decision import Signals

NEAREST = 5  # "meaning" when the vector search puts the paper among its 5 nearest papers


def explained(result: Result, signals: Signals | None, depth: int = NEAREST) -> Result:
    """Return a result tagged with why it matched: its words, its meaning, or both.

    "keyword" when BM25 scored the paper (the question's words are in it), "meaning" when
    the vector search ranked it among its ``depth`` nearest papers, "both" when both did.
    The terms are the highlighted words of the quoted snippet, as the abstract writes them.
    """
    if signals is None:
        return result
    keyword = signals.bm25 > 0 or signals.coverage > 0
    meaning = signals.vector_rank is not None and signals.vector_rank <= depth
    why = "both" if keyword and meaning else "keyword" if keyword else "meaning"
    text = result.snippet.text
    terms = tuple(dict.fromkeys(text[start:end] for start, end in result.snippet.highlights))
    return replace(result, why=why, terms=terms)
