"""The figures a question recalls of a paper's results, checked against what it writes.

"the paper with a 3.1x speedup over cuBLAS", "it cut the error by like 20-25%", "~7x
faster on an H100": a figure is a number with the unit of a result (x, ×, %, -fold,
"times" before a comparison, percent). A paper that reports it writes a number near it
in its title or abstract (rounded, or "~"; "four orders of magnitude" is 10^4); a
question that recalls figures no word of the paper says may be describing another
paper, one the list lacks. Not a recollection: a figure that bounds what is asked ("more
than 2x", "under 5%"), a zero ("0% accuracy loss" is said as "no loss"), how sure the
asker is ("I'm 90% sure", "70% it's from 2023", "100% from Zhang's group"), a count of
machines ("an 8x A100 box") and how often something happened ("I asked 3 times already").
"""

from __future__ import annotations

import math
import re

from retrieval.query.textfilters import UNITS

_AMOUNT = r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*\^\s*(\d+))?"
# "3.1x", "~18 %", "20-25%", "10,000 times smaller", "3-fold", "30 to 35x", "10^4x"
FIGURE = re.compile(
    rf"(?<![\w.,^]){_AMOUNT}(?:\s*(?:-|–|to)\s*{_AMOUNT})?"
    r"\s*(?:x|×|%|-?fold|percent|per\s+cent|times(?=\s+(?:\w+er|more|less|fewer|as)\b))"
    r"(?!\w)",
    re.I,
)
# What makes a figure a bound of what is asked, not a recollection: "more than 2x".
BOUND = re.compile(
    r"(?:more|greater|higher|better|faster|bigger|larger|less|fewer|lower|smaller|slower)"
    r"\s+than\s*$|(?:over|above|beyond|exceeding|under|below|at\s+least|at\s+most|"
    r"[<>≤≥]=?)\s*$",
    re.I,
)
# How sure the asker is ("90% sure", "70% confidence it's from 2023", "I'm ~80% it's
# about X", "60% likely"), or a count of machines ("8x A100", "4x GPUs").
NO_RESULT = re.compile(
    r"\s*(?:sure|certain|confiden(?:t|ce)|positive|convinced|likely|chance|odds)\b"
    r"|\s+(?:that\s+)?(?:it|this|the\s+paper)\b"
    rf"|\s+(?:[a-z]*\d[\w-]*|{UNITS}|gpu|node|machine|box(?:es)?|boards?|cards?|racks?)\b",
    re.I,
)
# A figure said roughly: "about 50%", "like 20x", "~3x".
ROUGHLY = re.compile(
    r"(?:~|\b(?:about|around|roughly|approximately|approx\.?|like|nearly|almost|some"
    r"|circa|ca\.))\s*$",
    re.I,
)
NUMBER = re.compile(rf"(?<![\w.^]){_AMOUNT}")
ORDERS = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+orders?\s+of\s+magnitude",
    re.I,
)
COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
NEAR = 0.06  # relative distance within which a recalled figure is the written one
ROUGH = 0.15  # ... when said roughly, or as a round number ("50%" for 46.8%)
BEFORE = 24  # characters before a figure read for a bound
WHOLE = 100.0  # "100%" is how sure, or all of something: no figure of a result
MAX_POWER = 300  # the largest power of ten a float holds is about 10^308


def recalled(text: str) -> list[tuple[float, float, float]]:
    """Return the figures a question recalls, each as a range (low, high) and how near a
    written number must be, relatively: "20-25%" is (20, 25, 0.06), "about 50%" is (50,
    50, 0.15)."""
    found = []
    for match in FIGURE.finditer(text):
        before = text[max(0, match.start() - BEFORE) : match.start()]
        if BOUND.search(before) or NO_RESULT.match(text, match.end()):
            continue
        low = _amount(match[1], match[2])
        high = _amount(match[3], match[4]) if match[3] else low
        if high < low:  # "35-5x" is no range
            low = high
        if not 0 < high < math.inf or (high == WHOLE and match.group().rstrip()[-1:] not in "xX×"):
            continue
        rough = ROUGHLY.search(before) is not None or (low == high and _round(low))
        found.append((low, high, ROUGH if rough else NEAR))
    return found


def written(text: str) -> list[float]:
    """Return the numbers a paper's title or abstract writes ("10,000", "10^4", "1.5",
    "four orders of magnitude" as 10^4)."""
    numbers = [_amount(match[1], match[2]) for match in NUMBER.finditer(text)]
    numbers = [number for number in numbers if number < math.inf]
    for match in ORDERS.finditer(text):
        power = match[1].casefold()
        numbers.append(10.0 ** (int(power) if power.isdigit() else COUNTS[power]))
    return numbers


def says_any(figures: list[tuple[float, float, float]], text: str) -> bool:
    """Return True when the text writes a number near one of the figures."""
    numbers = written(text)
    return any(_near(figure, number) for figure in figures for number in numbers)


def _near(figure: tuple[float, float, float], number: float) -> bool:
    low, high, near = figure
    slack = max(near * number, 0.5 if low == int(low) and high == int(high) else 0.05)
    return low - slack <= number <= high + slack


def _round(value: float) -> bool:
    """Return True for a round number a person recalls for a precise one ("50", "200")."""
    return value >= 10 and value == int(value) and int(value) % 10 == 0


def _amount(typed: str, power: str | None) -> float:
    """Return a number as written: "10,000", "1.5", "10^4" (a power past ``MAX_POWER``
    is infinite: "9^999999999" would overflow)."""
    value = float(typed.replace(",", ""))
    if not power:
        return value
    return value ** int(power) if len(power) <= 3 and int(power) <= MAX_POWER else math.inf
