"""The ``papercord`` command line: everything the bot does, in a terminal, with JSON output.

``cli.main`` parses arguments and routes each subcommand to ``cli.subcommands``; the
terminal chat is ``cli.chat``. The Discord bot itself is wired in ``bot/__main__.py``.
"""
