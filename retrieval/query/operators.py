"""Web-search operators in a question, rewritten as the words they stand for.

People used to search engines type operators: ``-word`` or ``-"a phrase"`` to leave
results out, ``intitle:word`` to look in titles. Each is rewritten as the plain phrasing
the reader already understands, so it is read by the same rules:

    quantization -transformer             -> quantization, not about transformer
    graph -"neural network" -GNN          -> graph, not about neural network, GNN
    intitle:python                        -> with python in the title

A minus counts only before a word that starts with a letter, after a space or at the
start ("state-of-the-art", "GPT-2", "2020 -2022" and "- a dash" are left alone).
``author:`` and ``year:`` need no rewriting: the name and the year are read as written.
"""

from __future__ import annotations

import re

QUOTED_OR_WORD = r"(?:\"([^\"]+)\"|“([^”]+)”|([^\W\d_][\w.+#-]*))"
MINUS = re.compile(rf"(?:(?<=\s)|^)-{QUOTED_OR_WORD}")
IN_TITLE = re.compile(rf"\bintitle:{QUOTED_OR_WORD}", re.I)


def without_operators(text: str) -> str:
    """Return the text with its search operators written out as words."""
    text = IN_TITLE.sub(lambda m: f"with {_term(m)} in the title", text)
    left_out = [_term(m) for m in MINUS.finditer(text)]
    if not left_out:
        return text
    kept = " ".join(MINUS.sub(" ", text).split())
    return f"{kept}, not about {', '.join(left_out)}"


def _term(match: re.Match[str]) -> str:
    return next(group for group in match.groups() if group)
