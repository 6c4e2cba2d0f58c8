"""The identity of a rulebook's worked example (例 / 【例】): the clause id, '#', and its
1-based index among that clause's examples (`1.1.2#1`). A rules concern: the board package
checks a file's `meta.reproduces` with it and the engine's worked-example listing
(judgekit.engine.worked) builds on it, without either importing the other.
"""

from __future__ import annotations

import re

#: an example id: a clause id, '#', a 1-based index
EXAMPLE_ID = r"[^\s#]+#[1-9][0-9]*"
_ID_RE = re.compile(EXAMPLE_ID + r"\Z")


def example_id(clause_id: str, index: int) -> str:
    return f"{clause_id}#{index}"


def parse_id(text: str) -> tuple[str, int] | None:
    """(clause id, index) of an example id, or None when it is not written as one."""
    if not isinstance(text, str) or not _ID_RE.match(text):
        return None
    cid, _, n = text.rpartition("#")
    return cid, int(n)


def check_id(game: str, text: str) -> str | None:
    """None when `text` names a worked example of `game`; else what is wrong, for a message."""
    from . import load

    p = parse_id(text)
    if p is None:
        return "not an example id (a clause id, '#', the example's number: 1.1.2#1)"
    cid, n = p
    rs = load(game)
    c = rs.get(cid)
    if c is None:
        return f"no clause {cid} in the {game} rules"
    if not c.examples:
        return f"clause {cid} has no worked example"
    if n > len(c.examples):
        return f"clause {cid} has {len(c.examples)} worked example(s), not {n}"
    return None
