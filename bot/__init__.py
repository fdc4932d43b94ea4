"""papercord's Discord bot: wired in ``bot/__main__.py``, run with ``python -m bot``.

The bot only parses input, awaits the retrieval engine (``retrieval.engine.Engine``) and
renders what it returns; every setting is read once by ``bot.settings.load_settings``.
"""
