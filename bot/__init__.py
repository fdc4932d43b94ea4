"""papercord's Discord bot and command-line interface.

The bot only parses input, awaits the retrieval layer (``retrieval``) and renders what it
returns; every setting is read once by ``bot.settings.load_settings``.
"""
