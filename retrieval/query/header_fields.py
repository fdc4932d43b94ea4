"""The header of a memo, an e-mail, a fax or a ticket around a question: "To: reading
group / From: Priya, Systems IT / CC: lab-admins / Which papers use Python?".

Its routing fields say who sends, who reads, when, how many pages: a closed class of
labels (``ROUTING``), as the address of a letter is, not a topic. Left in, their values
were searched with the ask ("reading group", "Systems IT", "lab-admins"), and a plain
question abstained. Such a field's line goes whole, label and value, where the label
opens a line and a colon follows it. The fields that name what the message is about
("Subject:", "Re:", "Topic:") stay, for ``asking_part.without_form_labels`` and
``SUBJECT_LABEL`` to read. A date field goes when it dates the message ("Date: 3 May
2024", "Sent: Monday"), and stays when it gives a year alone or a range, which may be a
filter of the papers ("Date: 2023").

A banner naming the kind of document above the header goes with it ("MEMO", "*** FAX
TRANSMITTAL ***"), unless a word of it is the list's ("Quantization" over an ask is its
topic), and a line of check boxes none of whose labels the list writes ("[ ] Urgent [x]
For Review"); one offering the list's words may be what the form asks, and stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.query.asking import content_words, says_something

ROUTING = (
    r"to|from|cc|bcc|attn|pages?|fax|phone|tel|e-?mail|sender|recipients?"
    r"|reporter|assignee|requester|requested\s+by|submitted\s+by|sent\s+by"
)
HEADER_FIELD = re.compile(rf"^[ \t>*]*(?:{ROUTING})[ \t]*:[^\n]*(?:\n|$)", re.I | re.M)
# The label of the field that holds the message itself, under a header ("MESSAGE: list
# every paper on FPGAs", "Body: ...", "Comments: ...").
BODY_LABEL = re.compile(
    r"^[ \t>*]*(?:message|body|text|notes?|comments?|remarks|details)[ \t]*:[ \t]*", re.I | re.M
)
DATE_FIELD = re.compile(r"^[ \t>*]*(?:date|sent|time)[ \t]*:(?P<value>[^\n]*)(?:\n|$)", re.I | re.M)
YEARS_ALONE = re.compile(r"[\s\d–-]*|[\s\d]*(?:to|until|through)[\s\d]*", re.I)


# A banner that opens the message on a line of its own, naming the kind of document
# ("MEMO", "*** FAX TRANSMITTAL ***", "== Internal request =="): at most three words,
# none the list's, in capitals or set between marks, over a rest that says something of
# its own. A heading of the list's words is the topic ("QUANTIZATION\nany from 2023?"),
# and so is one over an ask of nothing else ("BLOOM FILTERS\nany papers?").
BANNER = re.compile(
    r"^(?P<marks>[ \t*=#~_-]*)(?P<words>[^\W\d_]+(?:[ \t]+[^\W\d_]+){0,2})[ \t*=#~_:-]*\n"
)


# A line of check boxes, each with its label ("[ ] Urgent [x] For Review [ ] Please
# Reply"): the form's handling, when no word of any label is the list's, as a tag in
# brackets is (``asking.without_line_tags``). A line offering the list's words ("[ ] GNN
# [x] FPGA") may be what is asked, ticked or not, and stays whole.
_BOX = r"\[[ \txX✓✔*]?\]"
# (the first box of a line reads as a bullet once the message is spaced: "- Urgent [x] ...")
BOX_LINE = re.compile(rf"^[ \t]*(?:{_BOX}|-[ \t])[^\[\]\n]*(?:{_BOX}[^\[\]\n]*)+$", re.M)


def _handling(line: re.Match[str], known: Callable[[str], bool]) -> str:
    words = content_words(re.sub(r"\[[^\]]*\]", " ", line[0]))
    return line[0] if any(known(w) for w in words) else ""


def without_header_fields(text: str, known: Callable[[str], bool]) -> str:
    """Return a message without the routing fields of its header and a banner above it
    (see the module docstring), unless nothing else is left; ``known`` holds for a word
    the list writes."""
    kept = HEADER_FIELD.sub("", text)
    if kept != text:  # under a header, the field that holds the message is no topic
        kept = BODY_LABEL.sub("", kept)
    kept = DATE_FIELD.sub(lambda f: f[0] if YEARS_ALONE.fullmatch(f["value"]) else "", kept)
    kept = BOX_LINE.sub(lambda line: _handling(line, known), kept).lstrip("\n")
    if (banner := BANNER.match(kept)) and _is_banner(banner, kept[banner.end() :], known):
        kept = kept[banner.end() :]
    return kept.strip("\n") if kept.strip() else text


def _is_banner(banner: re.Match[str], rest: str, known: Callable[[str], bool]) -> bool:
    """Return True when a message's first line names the kind of document (``BANNER``)."""
    words = banner["words"].split()
    marked = banner["marks"].strip() != "" or banner["words"].isupper()
    return marked and not any(known(w) for w in words) and says_something(rest)
