"""Clock times that place a message's lines in a recording, not words it asks with.

A message pasted from subtitles or a transcript carries the recording's own marks: an
SRT cue's number and time range ("12\\n00:01:12,040 --> 00:01:16,969\\nso which paper
..."), WebVTT's header and cue timings ("WEBVTT", "00:12.500 --> 00:15.000 align:start"),
and a transcript's time opening a line ("[00:12:01] which papers ...", "(1:02:15) the
one on ..."). They say when a line was spoken. Searched, their digits were a topic no
paper has ("Nothing listed is about “1 00 05 00 000 …”"), and cue breaks cut the
sentences they run across, so an unanswerable question read as answered.

The cues' lines are joined into the text they subtitle, as one passage; a time in
brackets opening a line is left out. A number alone on a line is a cue's only before
a time range ("2023" alone is a year); a time in a sentence ("at 10:30") stays.
"""

from __future__ import annotations

import re

CLOCK = r"(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?"
TIME_RANGE = re.compile(rf"[ \t]*{CLOCK}[ \t]*-->[ \t]*{CLOCK}(?:[ \t][^\n]*)?")
CUE_NUMBER = re.compile(r"[ \t]*\d{1,6}[ \t]*")
VTT_HEADER = re.compile(r"[ \t]*WEBVTT\b[^\n]*")
LINE_TIME = re.compile(rf"^([ \t]*)[\[(]{CLOCK}[\])][ \t]*", re.M)


def without_timings(text: str) -> str:
    """Return a message without its subtitle cues' numbers and times, the lines they
    time joined into one passage, and without the times opening transcript lines."""
    text = LINE_TIME.sub(r"\1", text)
    lines = text.split("\n")
    timed = [bool(TIME_RANGE.fullmatch(line)) for line in lines]
    if not any(timed):
        return text
    kept: list[str] = []
    for at, line in enumerate(lines):
        cue_number = CUE_NUMBER.fullmatch(line) and at + 1 < len(lines) and timed[at + 1]
        header = at == 0 and VTT_HEADER.fullmatch(line)
        if not (timed[at] or cue_number or header) and line.strip():
            kept.append(line.strip())
    return " ".join(kept)
