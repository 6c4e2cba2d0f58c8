"""Which clauses an engine executes, what it does for each, and which bundled example shows it.

`coverage(game)` returns one dict per registered clause, in clause order:
    {"id", "summary" (what the engine does), "heading" (the clause's own first line),
     "virtual", "handlers" (functions implementing it), "readings" (readings citing it),
     "examples" (example files, relative to the project root, whose run cites it),
     "steps" (how many steps cite it across those runs)}
`reading_coverage(game)` lists every reading with its alternatives and the bundled examples
that followed each.
Running every bundled example costs seconds, so what their runs cite and follow is kept in the
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


_runs: dict[str, tuple[str, tuple[dict, dict]]] = {}  # game -> (key, runs), this process


def runs_key(game: str) -> str:
    """The content key of `_example_runs(game)` (see the module's docstring)."""
    import sys

    from .. import memo

    code = memo.package_files("engine", "board", "rules", "reports", "paths.py", "__init__.py")
    data = memo.rules_data_files(game, search=False)
    return memo.files_key(f"runs {game} {sys.version}", code + data + example_files(game))


def _example_runs(game: str) -> tuple[dict, dict]:
    """(clause id -> {relative example path: steps citing it}, reading id -> {alternative
    followed (None for a reading with one behaviour): [relative example paths]}), from one
    run of each bundled example — or from the user cache when none of its inputs changed."""
    from .. import memo

    key = runs_key(game)
    held = _runs.get(game)
    if held is not None and held[0] == key:
        return held[1]
    got = memo.load(f"runs-{game}", key)
    if not (isinstance(got, tuple) and len(got) == 2):
        got = _run_examples(game)
        memo.store(f"runs-{game}", key, got)
    _runs[game] = (key, got)
    return got


def _run_examples(game: str) -> tuple[dict, dict]:
    from ..board import BoardSyntaxError, load_file
    from .run import run_board

    cites: dict[str, dict[str, int]] = {}
    readings: dict[str, dict] = {}
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
                d = cites.setdefault(c, {})
                d[rel] = d.get(rel, 0) + 1
        for rid, r in run.trace.readings.items():
            readings.setdefault(rid, {}).setdefault(r.get("followed"), []).append(rel)
    return cites, readings


def example_cites(game: str) -> dict[str, dict[str, int]]:
    """clause id -> {relative example path: number of steps citing it}."""
    return _example_runs(game)[0]


def reading_coverage(game: str) -> list[dict]:
    """Every reading of the ruleset, in its own order: id, kind, title(s), clauses, default,
    `choice` (True for an ambiguity or a contradiction), and `alternatives`, each with its
    clauses, text and the bundled examples that followed it (`examples`); a reading with one
    behaviour has no alternatives and lists the examples that rely on it."""
    from .engines import engine_for
    from .readings import CHOICE_KINDS, reading_rows

    used = _example_runs(game)[1]
    out = []
    for row in reading_rows(engine_for(game).readings):
        by_alt = used.get(row["id"], {})
        row["choice"] = row["kind"] in CHOICE_KINDS
        for a in row["alternatives"]:
            a["examples"] = sorted(by_alt.get(a["id"], []))
        row["examples"] = sorted({p for ps in by_alt.values() for p in ps})
        out.append(row)
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
