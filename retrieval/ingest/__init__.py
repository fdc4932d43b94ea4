"""Getting papers in: parse listing pages, JSON Lines, the arXiv snapshot and the arXiv
API, chunk abstracts, and write a new index generation (resumable, one at a time).

Imports ``retrieval.index`` (what it writes) and the basics.
"""
