"""A citation as a Discord message: BibTeX and plain text in code blocks, ready to copy."""

from __future__ import annotations

from typing import Literal

from retrieval.answers.citation import Citation

Format = Literal["bibtex", "text", "both"]
CONTENT_LIMIT = 2000  # Discord's message content limit
CUT_NOTE = "\n(cut to fit Discord; `papercord cite` prints the whole entry)"


def _block(language: str, text: str) -> str:
    # A title containing ``` would end the block early; a zero-width space breaks it up.
    safe = text.replace("```", "`\u200b``")
    return f"```{language}\n{safe}\n```"


def citation_content(citation: Citation, chosen: Format = "both") -> str:
    """Return the message: the BibTeX entry and/or the plain-text reference, within 2,000."""
    parts = []
    if chosen in {"bibtex", "both"}:
        parts.append(_block("bibtex", citation.bibtex))
    if chosen in {"text", "both"}:
        parts.append(_block("text", citation.text))
    content = "\n".join(parts)
    if len(content) > CONTENT_LIMIT and chosen == "both":
        return citation_content(citation, "bibtex")  # the entry matters more than the line
    if len(content) > CONTENT_LIMIT:
        keep = CONTENT_LIMIT - len(CUT_NOTE) - len("…\n```")
        content = content[:keep] + "…\n```" + CUT_NOTE
    return content
