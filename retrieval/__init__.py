"""papercord's retrieval layer: corpus parsing, chunking, stores, ranking and answers.

Nothing in this package imports ``discord``; it returns plain frozen dataclasses
(see ``retrieval.models``) that the bot and the CLI render.
"""
