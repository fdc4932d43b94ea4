"""An analogy with a difference: "like X, except that Y", "similar to X except for Y".

After a comparison, "except" says how the wanted thing differs from X, which is part of
what is asked, not papers to leave out: "something like PRAM, except that messages cost
energy" asks for an energy-aware PRAM; "like HammingMesh, except for quantum computers"
asks for a topology for quantum computers. "except" followed by the papers themselves
("papers like GPTQ, except the ones about LLMs", "except those on FPGAs") still leaves
them out. The difference is read as "but", the plain contrast, so the rest of question
reading keeps its words as the topic.
"""

from __future__ import annotations

import re

# A comparison ("like X", "similar to X", "X-style", "à la X"), then "except" in the same
# sentence, not followed by words that point at papers to leave out.
EXCEPT_AFTER_ANALOGY = re.compile(
    r"(?P<analogy>(?<!would )(?<!['’]d )\b(?:like|similar\s+to|akin\s+to|resembling"
    r"|along\s+the\s+lines\s+of|in\s+the\s+spirit\s+of|à\s+la)\b|\w-(?:style|like)\b)"
    r"(?P<reference>[^?.!;]*?)"
    r"\bexcept(?:\s+that\b)?(?P<kept>\s+for\b)?"
    r"(?!\s+(?:the\s+ones?|ones?|those|these|any|anything|papers?|the\s+papers?)\b)"
    r"(?![^?.!;,]*\bones?\b)",  # "except GNN ones"
    re.I,
)


def read_contrast(text: str) -> str:
    """Return a question with the "except" of an analogy read as "but"."""
    return EXCEPT_AFTER_ANALOGY.sub(
        lambda m: f"{m['analogy']}{m['reference'].rstrip(' ,')}, but{m['kept'] or ''}", text
    )
