"""Reading a question: its intent, the way it asks, the filters it writes, its language,
the people it names, its everyday words and title asks.

Imports ``retrieval.index`` (the corpus's words, names and subjects) and the basics.
"""
