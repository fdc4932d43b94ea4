"""One paper asked for by a name no listed paper has ("the original BERT paper"): not in
the list, then the closest papers. A name given with another spelling ("the FLIQ /
Flicks paper", "the Polynormer or Polyformer paper") asks for the paper either names."""

from __future__ import annotations

import re

from retrieval.answers.asked_paper import no_paper_named
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import Answer

# A name typed just before the asked one, as another spelling of it: "FLIQ / Flicks",
# "Polynormer or Polyformer".
OTHER_SPELLING = re.compile(r"([^\W_][\w.+-]*)\s*(?:/|\bor\b)\s*$", re.I)


class UnlistedPaper(SearchedRoute):
    name = "unlisted-paper"

    def applies(self, reading: Reading) -> bool:
        name = reading.name
        if not name or not no_paper_named(self.parts.searcher, self.parts.lookup, name):
            return False
        text = reading.request.text
        at = text.find(name.split()[0])
        other = OTHER_SPELLING.search(text[:at]) if at > 0 else None
        return other is None or no_paper_named(self.parts.searcher, self.parts.lookup, other[1])

    def note(self, reading: Reading) -> str | None:
        return f"No listed paper is the “{reading.name}” paper."

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        return self.parts.listings.not_answered(answer)
