"""Answering: the router and its routes (author cards, listings, titles, left-out
papers, papers not in the list), paper and author lookup, citations and overviews.

Imports ``retrieval.search``, ``retrieval.query``, ``retrieval.index`` and the basics.
"""
