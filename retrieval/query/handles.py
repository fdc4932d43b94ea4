"""Handles a message addresses rather than asks about: "is RDMA covered, @LabBot?",
"cc @graph_mining_bot papers on weather".

Chat clients turn a mention into ``<@123>``, which ``retrieval.userinput`` removes; a
handle typed as text stays "@name". Opening a message it is removed there too; inside
it, its parts were read as words: "WeatherBot" as a name no abstract has (the question
abstained, "No listed paper mentions WeatherBot"), "@zhang_lab" as the author Zhang,
"@quantum_fan" as a topic. A handle is left out, with a "cc" before it, unless it is a
word the corpus writes ("@Polynormer", "@GPTQ") or names a listed author whole
("@TorstenHoefler", "@zhiru_zhang"), which are what is asked about. A handle in quotes,
code or brackets, or an address ("ada@example.org"), is content, not a handle.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.userinput import ENTRY  # not "@article{key, ...}", a BibTeX entry

HANDLE = re.compile(
    rf"(?:\bcc:?\s+)?(?<![\w@`'\"(\[{{<.-])@(?P<name>(?>[A-Za-z][\w.-]*[\w])){ENTRY}", re.I
)
RESIDUE = re.compile(r"[ \t]*[,;:]?[ \t]+(?=[?!.]|$)|[ \t]*[,;:](?=[?!.]|$)", re.M)


def without_handles(text: str, asked: Callable[[str], bool]) -> str:
    """Return a message without the handles it addresses (see the module docstring);
    ``asked`` holds for a handle's name that is what a question asks about."""
    if "@" not in text:
        return text
    kept = HANDLE.sub(lambda m: m.group() if asked(m["name"]) else "", text)
    if kept == text:
        return text
    return RESIDUE.sub("", re.sub(r"[ \t]{2,}", " ", kept)).strip()  # "covered, @Bot?"
