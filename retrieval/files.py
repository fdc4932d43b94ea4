"""Read files safely: regular files only, UTF-8 text, errors a user can act on; and add
files to a folder whole or not at all."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from retrieval.errors import CorpusError


def read_bytes(path: Path) -> bytes:
    """Return a regular file's bytes; a FIFO, device or folder is refused, never read.

    The file is opened without blocking and checked on the open descriptor, so a FIFO
    named ``x.txt`` cannot hang an ingest, even if it replaces a file after a listing.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CorpusError(f"{path}: not a regular file (a folder, FIFO or device)")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)


def read_text(path: Path) -> str:
    """Return a file's text, refusing empty, unreadable and non-UTF-8 files clearly."""
    data = read_bytes(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CorpusError(
            f"{path}: not UTF-8 text (byte {exc.start} is invalid); save it as UTF-8"
        ) from exc
    if not text.strip():
        raise CorpusError(f"{path}: the file is empty")
    return text


def add_files(folder: Path, names: Sequence[str], write: Callable[[str], None]) -> OSError | None:
    """Add files to ``folder``, each whole or not at all: ``write(prefix)`` writes every
    one of ``names`` as ``folder / (prefix + name)``, a temporary name, then each is
    renamed into place in the order of ``names`` (the last can name the others' format).
    On failure the temporaries are removed and the error returned, for the caller to
    log: whatever it was adding is made again at the next start."""
    prefix = f".{os.getpid()}.tmp."
    try:
        write(prefix)
        for name in names:
            os.replace(folder / f"{prefix}{name}", folder / name)
    except OSError as exc:
        remove_quietly(*(folder / f"{prefix}{name}" for name in names))
        return exc
    return None


def remove_quietly(*paths: Path) -> None:
    """Remove files a failed write may have left; a folder that refuses (read-only, gone)
    keeps them, and the caller's failure stays the one reported."""
    for path in paths:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            continue
