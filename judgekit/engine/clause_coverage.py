"""Which clauses an engine executes, what it does for each, and which bundled example shows it.

`coverage(game)` returns one dict per registered clause, in clause order:
    {"id", "summary" (what the engine does), "heading" (the clause's own first line),
     "virtual", "handlers" (functions implementing it), "readings" (readings citing it),
     "examples" (example files, relative to the project root, whose run cites it),
     "steps" (how many steps cite it across those runs)}
Running every bundled example costs seconds, so which clauses each one cites is kept in the
user cache (`judgekit.memo`) under the sha256 of the examples' contents, the rules documents
and the code a run depends on (the engine, board, rules and reports packages): any change to
one of them runs the examples again; nothing changed costs a `stat` per file.
"""

from __future__ import annotations

import os

from .. import paths

_cache: dict[str, list[dict]] = {}


def example_files(game: str) -> list[str]:
    d = os.path.join(paths.project_root(), "examples", game)
    if not os.path.isdir(d):
        return []
    return sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".yaml"))


def cites_key(game: str) -> str:
    """The content key of `example_cites(game)` (see the module's docstring)."""
    import sys

    from .. import memo

    d = os.path.join(paths.rules_data_dir(), game)
    data = sorted(os.path.join(d, n) for n in os.listdir(d)) if os.path.isdir(d) else []
    code = memo.package_files("engine", "board", "rules", "reports", "paths.py", "__init__.py")
    return memo.files_key(f"cites {game} {sys.version}", code + data + example_files(game))


def example_cites(game: str) -> dict[str, dict[str, int]]:
    """clause id -> {relative example path: number of steps citing it}."""
    from .. import memo

    key = cites_key(game)
    kind = f"cites-{game}"
    out = memo.load(kind, key)
    if isinstance(out, dict):
        return out
    out = _run_examples(game)
    memo.store(kind, key, out)
    return out


def _run_examples(game: str) -> dict[str, dict[str, int]]:
    from ..board import BoardSyntaxError, load_file
    from .run import run_board

    out: dict[str, dict[str, int]] = {}
    root = paths.project_root()
    for path in example_files(game):
        try:
            b = load_file(path)
        except BoardSyntaxError:
            continue
        run = run_board(b)
        rel = os.path.relpath(path, root)
        for s in run.steps:
            for c in s.cites:
                d = out.setdefault(c, {})
                d[rel] = d.get(rel, 0) + 1
    return out


def coverage(game: str) -> list[dict]:
    if game in _cache:
        return [dict(r) for r in _cache[game]]
    from ..rules import load
    from .engines import registry_for

    reg = registry_for(game)
    rs = load(game)
    from .engines import engine_for

    READINGS = engine_for(game).readings

    cites = example_cites(game)
    order = {cid: i for i, cid in enumerate(rs.ids())}
    rows = []
    for cid, e in reg.entries.items():
        c = rs.get(cid)
        ex = cites.get(cid, {})
        rows.append({
            "id": cid,
            "summary": e.summary,
            "heading": c.first_line(80) if c is not None else "",
            "virtual": bool(c.virtual) if c is not None else False,
            "handlers": list(e.handlers),
            "readings": [r["id"] for r in READINGS.values() if cid in r["clauses"]],
            "examples": sorted(ex, key=lambda p: (-ex[p], p)),
            "steps": sum(ex.values()),
        })
    rows.sort(key=lambda r: order.get(r["id"], 10 ** 6))
    _cache[game] = rows
    return [dict(r) for r in rows]
