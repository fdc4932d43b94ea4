"""The index: what is stored per generation and loaded for queries.

Chroma (``vector_store``, the one module that sees chromadb), the files a generation
keeps beside it (``cache``), BM25, the embedding model, and the in-memory structures
built from them: chunk rows, paper terms, stems, titles, authors, vocabulary, filters.
Imports only ``retrieval``'s basics.
"""
