"""A question typed as a Prolog or Datalog goal: "?- setof(T, (paper(P), about(P,
sparse_tensors), year(P, Y), Y >= 2023, title(P, T)), Ts)." reads "which papers about
sparse tensors, from 2023 on?".

People who think in logic programs ask the way they would query a fact base: a goal of
calls whose arguments are variables (capitalized: "P", "Title", "_") or constants
(atoms, quoted strings, numbers). Read as words, its variables and built-ins ("setof",
"Ts") are a topic no paper has, and it finds nothing. A message holding a goal ("?-"
or ":-" and a call) is read as English:

- a call with a constant says what the papers are or have, by its name and constants:
  ``about(P, quantization)`` -> "about quantization", ``uses(P, 'FPGAs')`` -> "uses
  FPGAs", ``year(P, 2022)`` -> "year 2022"; a name in snake case is words
  ("written_by"); negated (``\\+``, ``not(...)``), "not" comes before it;
- a call with variables alone binds them (``paper(P)``, ``title(P, T)``) and says
  nothing;
- the built-ins that collect answers (``findall``, ``setof``, ``bagof``,
  ``aggregate_all``) ask for a list, and counting them (``length/2``,
  ``aggregate_all(count, ...)``) asks how many;
- a variable compared with a year ("Y >= 2023", "Y < 2024") bounds the years;
- a comment ("% papers on weather") is English already, and the lines around the goal
  stay as they are. A goal opens a line ("?-", or a rule's head and ":-"): ":-)" and
  "paper(s)" in a sentence are none, and a goal that says nothing is left as typed.

Only the language's own syntax and built-ins are read here; what a predicate means is
left to its name.
"""

from __future__ import annotations

import re

# A goal opens a line: "?- ..." (in a code fence or not), or a rule's head "name(...) :-".
GOAL = re.compile(r"^\s*(?:```[\w-]*\s*)?(?:\?-|[a-z]\w*\([^()]*\)\s*:-)", re.M)
CALL = re.compile(r"(\\\+\s*|\bnot\s*\(\s*)?\b([a-z]\w*)\(([^()]*)\)")
VARIABLE = re.compile(r"[A-Z_]\w*")
EMPTY = re.compile(r"\(\s*[,;\s]*\)")  # what a call read leaves of its parentheses
COMPARED = re.compile(r"\b[A-Z_]\w*\s*(>=|=<|<=|>|<|=:=|==|=|@>=|@=<|@>|@<)\s*(\d{4})\b")
COMMENT = re.compile(r"^\s*%+[ \t]*|/\*|\*/", re.M)  # a comment's marks, not its words
FENCE = re.compile(r"^\s*```[\w-]*\s*$")
COLLECT = frozenset(["findall", "setof", "bagof", "aggregate_all", "forall"])
COUNT = frozenset(["length", "count"])
YEARS = {
    ">=": "from {} on", "@>=": "from {} on", ">": "after {}", "@>": "after {}",
    "<": "before {}", "@<": "before {}", "=<": "up to {}", "<=": "up to {}",
    "@=<": "up to {}", "=": "from {}", "==": "from {}", "=:=": "from {}",
}  # fmt: skip


def read_goals(text: str) -> str:
    """Return a message whose goal is read as an English question, or as it is when it
    holds no goal, or one that says nothing (see the module docstring)."""
    opening = GOAL.search(text)
    if opening is None:
        return text
    lines = text[opening.start() :].lstrip("\n").splitlines()
    ends = next((n for n, line in enumerate(lines) if line.rstrip().endswith(".")), None)
    size = len(lines) if ends is None else ends + 1
    question = _question(re.sub(r"/\*.*?\*/", " ", " ".join(lines[:size]), flags=re.S))
    if question is None:
        return text
    around = [*text[: opening.start()].splitlines(), *lines[size:]]
    kept = [COMMENT.sub(" ", line).strip() for line in around if not FENCE.match(line)]
    return "\n".join(line for line in (*kept, question) if line)


def _question(goal: str) -> str | None:
    """Return the English question a goal asks, or None when it says nothing."""
    said, counted = [], False
    code = goal
    while found := list(CALL.finditer(code)):
        for call in found:
            negated, name, args = bool(call[1]), call[2], _arguments(call[3])
            constants = [a.strip("'\"").replace("_", " ") for a in args if _constant(a)]
            if name in COLLECT:  # a list, as "which papers" asks
                counted = counted or "count" in constants
            elif name in COUNT:
                counted = True
            elif constants:
                words = " ".join([name.replace("_", " "), *constants])
                said.append(f"not {words}" if negated else words)
        code = EMPTY.sub(" ", CALL.sub(" ", code))
    said += [YEARS[m[1]].format(m[2]) for m in COMPARED.finditer(code)]
    if not said:
        return None
    asked = "how many papers" if counted else "which papers"
    return f"{asked} {', '.join(said)}?"


def _arguments(text: str) -> list[str]:
    """Return a call's arguments, as typed."""
    return [a.strip() for a in text.split(",") if a.strip()]


def _constant(argument: str) -> bool:
    """Return True for a constant: quoted ("'RDMA'") or no variable ("gnn", "2023")."""
    return argument[0] in "'\"" or not VARIABLE.fullmatch(argument)
