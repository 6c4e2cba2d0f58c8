"""A command's output file (export -o, board schema -o, board fmt -o/-w, step --final): written
atomically (judgekit.rules.cache.write_atomic: a regular file is replaced by renaming, a symbolic
link's target is replaced and the link kept, a FIFO or device is written through), and a file
that cannot be written is a clear error naming it, never a traceback."""

from __future__ import annotations

import click


def write_output(path: str, text: str) -> None:
    """Write `text` (UTF-8) to `path`, replacing it only with the complete new content."""
    from ..rules.cache import write_atomic

    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as e:
        if isinstance(e, FileExistsError) and e.filename:
            why = f"{e.filename} is a file, not a directory"
        else:
            why = e.strerror or str(e)
            if e.filename and e.filename != path and not str(e.filename).endswith(".part"):
                why += f" ({e.filename})"
        raise click.ClickException(f"{path}: cannot write: {why}") from None


def refuse_input(path: str, source: str, why: str) -> None:
    """An output that is the input file itself would lose it: a clear error before any work."""
    import os

    try:
        same = os.path.samefile(path, source)
    except OSError:
        same = False
    if same:
        raise click.ClickException(f"{path}: is the board file itself; {why}")
