"""One cog per feature; each module ends in ``async def setup(bot)``."""
