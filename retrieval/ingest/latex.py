"""LaTeX in titles and abstracts, written as a reader sees it on arXiv's pages.

arXiv abstracts are LaTeX source: "evaluated on $13$ datasets", "up to 45$\\times$
faster", "the \\textit{constrained Gumbel Trick}", "50\\% sparsity". arXiv shows them
rendered, and so does papercord: the quotes it takes from an abstract are what a user
would read there, and searched as such. Only what is unmistakably LaTeX is decoded, by
pylatexenc, span by span: inline math with no space inside or with a command ("$13$",
"$\\mu$bpp", "$O(n \\log n)$"), text-style commands, and escaped characters. A whole
abstract is never handed to the decoder, which reads "100% of users" as a comment and "$5
or $10" as math.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text

# Inline math: no space just inside the dollars, on one line, short.
MATH = re.compile(r"(?<![\\$])\$(?!\s)([^$\n]{1,120}?)(?<![\s\\])\$(?!\$)")
STYLED = re.compile(
    r"\\(?:textit|textbf|texttt|textsc|textrm|textsf|emph|underline|mbox)\s*\{([^{}$]*)\}"
)
ESCAPED = re.compile(r"\\([%&_#$])")  # "50\%" -> "50%"
_DECODER = LatexNodes2Text(math_mode="text", strict_latex_spaces="based-on-source")


def readable(text: str) -> str:
    """Return text with its LaTeX decoded where it is unmistakably LaTeX."""
    if "$" not in text and "\\" not in text:
        return text
    text = STYLED.sub(lambda m: m[1], text)
    text = MATH.sub(_math, text)
    return ESCAPED.sub(r"\1", text)


def _math(found: re.Match[str]) -> str:
    """Return one inline formula as text ("$10,000\\times$" -> "10,000×"), or as written
    when it may be prose between two dollar signs ("$5 or $")."""
    inside = found[1]
    if any(c.isspace() for c in inside) and "\\" not in inside:
        return found[0]
    return _decoded(inside) or found[0]


@lru_cache(maxsize=4096)
def _decoded(formula: str) -> str:
    """Return a formula as text; the same few ("$\\times$", "$k$") recur across abstracts,
    and decoding one takes about 0.1 ms."""
    return str(_DECODER.latex_to_text(formula)).strip()
