"""The figures a question recalls of a paper's results, checked against what it writes.

"the paper with a 3.1x speedup over cuBLAS", "it cut the error by like 20-25%", "~7x
faster on an H100": a figure is a number with the unit of a result (x, ×, %,
-fold, times, percent). A paper that reports it writes a number near it in its title or
abstract (rounded, or "~"); a question that recalls figures no word of the paper says
may be describing another paper, one the list lacks. A figure that bounds what is
asked ("more than 2x", "under 5%") is no recollection, and neither is a zero ("0%
accuracy loss" is said as "no loss").
"""

from __future__ import annotations

import re

# "3.1x", "~18 %", "20-25%", "10,000 times", "3-fold", "30 to 35x"
FIGURE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
    r"(?:\s*(?:-|–|to)\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?))?"
    r"\s*(?:x|×|%|-?fold|times|percent|per\s+cent)(?!\w)",
    re.I,
)
# What makes a figure a bound of what is asked, not a recollection: "more than 2x".
BOUND = re.compile(
    r"(?:more|greater|higher|better|faster|bigger|larger|less|fewer|lower|smaller|slower)"
    r"\s+than\s*$|(?:over|above|beyond|exceeding|under|below|at\s+least|at\s+most|"
    r"[<>≤≥]=?)\s*$",
    re.I,
)
NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*\^\s*(\d+))?")
NEAR = 0.06  # relative distance within which a recalled figure is the written one
BEFORE = 24  # characters before a figure read for a bound


def recalled(text: str) -> list[tuple[float, float]]:
    """Return the figures a question recalls, each as a range (low, high): "20-25%" is
    (20, 25), "~18%" is (18, 18)."""
    found = []
    for match in FIGURE.finditer(text):
        if BOUND.search(text[max(0, match.start() - BEFORE) : match.start()]):
            continue
        low = _number(match[1])
        high = _number(match[2]) if match[2] else low
        if high < low:  # "35-5x" is no range
            low, high = high, high
        if high > 0:
            found.append((low, high))
    return found


def written(text: str) -> list[float]:
    """Return the numbers a paper's title or abstract writes ("10,000", "10^4", "1.5")."""
    numbers = []
    for match in NUMBER.finditer(text):
        value = _number(match[1])
        numbers.append(value ** int(match[2]) if match[2] else value)
    return numbers


def says_any(figures: list[tuple[float, float]], text: str) -> bool:
    """Return True when the text writes a number near one of the figures."""
    numbers = written(text)
    return any(_near(figure, number) for figure in figures for number in numbers)


def _near(figure: tuple[float, float], number: float) -> bool:
    low, high = figure
    slack = max(NEAR * number, 0.5 if low == int(low) and high == int(high) else 0.05)
    return low - slack <= number <= high + slack


def _number(typed: str) -> float:
    return float(typed.replace(",", ""))
