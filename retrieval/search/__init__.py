"""Ranking papers for a question: retrievers (BM25 and vectors), fusion, the signals
and calibrated decisions, and the verbatim quotes shown with each paper.

Imports ``retrieval.query``, ``retrieval.index`` and the basics.
"""
