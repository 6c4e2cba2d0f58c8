"""Helpers shared by the search tests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

import os
import shutil

from judgekit import paths
from judgekit.rules import load
from judgekit.search.normalize import match_form


def ids(result) -> list[str]:
    """'game:id' of a result's hits, in rank order."""
    return [f"{h.game}:{h.id}" for h in result.hits]


def fields_of(game: str, cid: str) -> str:
    """What a term may match in, written out from the tree independently of the index code:
    title, text, examples, the parent's heading (title, else first line) and the title of the
    nearest titled ancestor."""
    rs = load(game)
    c = rs[cid]
    parts = [c.title, c.text, *c.examples]
    if c.parent:
        p = rs[c.parent]
        parts.append(p.title or p.text.split("\n", 1)[0])
    for a in reversed(rs.ancestors(cid)):
        if a.title:
            parts.append(a.title)
            break
    return match_form("\n".join(parts))


def seed_cache(dest: str) -> None:
    """Copy the cached clause trees (not the search index) into `dest`."""
    src = paths.cache_dir()
    os.makedirs(dest, exist_ok=True)
    if os.path.isdir(src):
        for n in os.listdir(src):
            if n.startswith(("rules-", "stamp-")):
                shutil.copy2(os.path.join(src, n), dest)
