"""An analogy with a difference: "like X, except that Y", "similar to X except for Y".

After a comparison, "except" says how the wanted thing differs from X, which is part of
what is asked, not papers to leave out: "something like PRAM, except that messages cost
energy" asks for an energy-aware PRAM; "like HammingMesh, except for quantum computers"
asks for a topology for quantum computers. The difference is read as "but", the plain
contrast, so the rest of question reading keeps its words as the topic.

"except" still leaves papers out when what follows names papers ("the ones about Y",
"those on FPGAs", "GNN ones"), a year ("except for 2023") or a name, typed with a
capital ("except UniSparse", "except for GPUs"), and when "like" is a verb ("I'd like
papers on X except ...", "looks like").
"""

from __future__ import annotations

import re

# A comparison ("like X", "similar to X", "X-style", "à la X") and "except" after it in
# the same sentence. "like" as a verb ("I'd like", "looks like") compares nothing.
EXCEPT_AFTER_ANALOGY = re.compile(
    r"(?P<analogy>(?<!would )(?<!['’]d )(?<!really )(?<!looks )(?<!look )(?<!seems )"
    r"(?<!feels )(?<!\bi )(?<!\bwe )(?<!\byou )(?<!\bthey )"
    r"\b(?:like|similar\s+to|akin\s+to|resembling|along\s+the\s+lines\s+of"
    r"|in\s+the\s+spirit\s+of|à\s+la)\b|\w-(?:style|like)\b)"
    r"(?P<reference>[^?.!;]*?)"
    r"\bexcept(?:\s+that\b)?(?P<kept>\s+for\b)?(?P<difference>[^?.!;,]*)",
    re.I,
)
# What "except" names when it leaves papers out: papers, a year, a name ("except for
# those with Python", "except for 2023", "except UniSparse", "except GNN ones").
LEAVES_OUT = re.compile(
    r"\b(?:the\s+ones?|ones?|those|these|any|anything|papers?)\b"
    r"|\b(?:19|20)\d\d\b|(?<![\w-])[A-Z]",
)


def read_contrast(text: str) -> str:
    """Return a question with the "except" of an analogy read as "but"."""

    def contrast(match: re.Match[str]) -> str:
        if LEAVES_OUT.search(match["difference"]):
            return match.group()
        kept = match["kept"] or ""
        return (
            f"{match['analogy']}{match['reference'].rstrip(' ,')}, but{kept}{match['difference']}"
        )

    return EXCEPT_AFTER_ANALOGY.sub(contrast, text)
