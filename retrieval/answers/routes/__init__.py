"""The kinds of question papercord answers, one route a module, tried in one order.

The router reads a question (``retrieval.query``), then takes the first route in
``ROUTES`` whose ``applies`` is true and answers with it. Earlier routes are the more
specific: thanks before anything, an unknown subject before a listing of it, a title in
quotes before the author it may mention, and the topic search last, for anything else.

Adding a kind of question: one module here with a ``Route`` subclass, one line in
``ROUTES``, and a row in the table of ``tests/retrieval/answers/test_plan.py``.
"""

from __future__ import annotations

from retrieval.answers.routes.author import Author
from retrieval.answers.routes.author_count import AuthorCount
from retrieval.answers.routes.base import Parts, Reading, Route, RouteName
from retrieval.answers.routes.builds_on import BuildsOn
from retrieval.answers.routes.code import Code
from retrieval.answers.routes.listing import Listing
from retrieval.answers.routes.no_year_left import NoYearLeft
from retrieval.answers.routes.overview import Overview
from retrieval.answers.routes.search import Search
from retrieval.answers.routes.similar import Similar
from retrieval.answers.routes.thanks import Thanks
from retrieval.answers.routes.titles import Titles
from retrieval.answers.routes.unknown_author import UnknownAuthor
from retrieval.answers.routes.unknown_subject import UnknownSubject
from retrieval.answers.routes.unlisted_name import UnlistedName
from retrieval.answers.routes.unlisted_paper import UnlistedPaper
from retrieval.answers.routes.unlisted_title import UnlistedTitle
from retrieval.answers.routes.unreadable import Unreadable

ROUTES: tuple[type[Route], ...] = (
    Thanks,  # "thanks!"
    UnknownSubject,  # "cs.XX papers": no listed paper is filed there
    NoYearLeft,  # the options' years and the question's leave none
    Titles,  # "which titles start with ..."
    Similar,  # "papers like GPTQ"
    BuildsOn,  # "which papers build on GPTQ?"
    UnlistedTitle,  # a quoted title no listed paper has
    Code,  # "papers with code"
    UnlistedName,  # built on a name no listed title or abstract mentions
    AuthorCount,  # "which paper has the most authors?"
    Author,  # a listed author, by name or option
    UnlistedPaper,  # "the BERT paper", a name no listed paper has
    UnknownAuthor,  # "papers by <someone not listed>"
    Unreadable,  # too few readable words
    Overview,  # "which subjects are there?"
    Listing,  # filters only: "2023 papers"
    Search,  # a topic: everything else
)

__all__ = ["ROUTES", "Parts", "Reading", "Route", "RouteName"]
