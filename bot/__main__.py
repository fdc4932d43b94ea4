"""``python -m bot``: start the Discord bot, as ``papercord run`` does."""

import sys

from bot.cli import main

if __name__ == "__main__":
    sys.exit(main(["run", *sys.argv[1:]]))
