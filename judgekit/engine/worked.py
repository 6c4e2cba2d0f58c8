"""The rulebooks' own worked examples (例 / 【例】) as the engines' acceptance test (issue 25).

Every example printed with a clause has a stable identity: the clause id, `#`, and its
1-based index among that clause's examples (`1.1.2#1`, `802.3#3`). The parsed rules keep the
examples apart from the clause text (`Clause.examples`, in document order), so the identity
follows the document, not this code.

Each example is in one of these states:

* ``reproduced`` — a bundled scenario (`examples/<game>/*.yaml`) declares that it reproduces
  the example (`meta: {reproduces: "1.1.2#1"}`) and passes `judgekit step FILE --check`;
* ``failing`` — a scenario declares it but does not pass (or does not load);
* ``reason`` — the example is not a situation of play (a definition, deck construction, more
  than two players …): `rules_data/<game>/examples_review.toml` `[reason]` gives the reason a
  judge would accept;
* ``needs_vocabulary`` — a situation of play whose card text the board vocabulary cannot yet
  express: the same file's `[needs_vocabulary]` says which text (not a reason: work to do);
* ``reading`` — the example contradicts another clause: the same file's `[reading]` names the
  engine reading (the engine's readings.py) that records the contradiction and what the
  engine does instead;
* ``open`` — nothing yet.

A reproducing scenario's `expect: cites` must name the example's clause; where the rulebook
prints an example under one clause and another clause states what decides it (2.23.1-3's
example of a square-to-square move is decided by 2.23.8-4), the review file's `[decided_by]`
names that clause and why, and the scenario cites it instead.

    listing("d0")           # [{"id", "clause", "index", "first_words", "text", "state",
                            #   "scenarios": [{"file", "passes", "problems"}], "reason",
                            #   "needs", "reading", "decided_by"}, ...] in document order
    review_problems("d0")   # what is wrong with the review file ([] when nothing)
"""

from __future__ import annotations

import os

from .. import paths
from ..rules.example_ids import EXAMPLE_ID, check_id, example_id, parse_id  # noqa: F401

STATES = ("reproduced", "failing", "reason", "needs_vocabulary", "reading", "open")
TABLES = ("reason", "needs_vocabulary", "reading", "decided_by")

REVIEW_FILE = "examples_review.toml"

_listing_cache: dict[str, list[dict]] = {}


def first_words(text: str, n: int = 40) -> str:
    one = " ".join(text.split())
    return one if len(one) <= n else one[: n - 1] + "…"


def examples(game: str) -> list[dict]:
    """Every worked example of the ruleset, in document order: {"id", "clause", "index", "text"}."""
    from ..rules import load

    rs = load(game)
    out = []
    for cid in rs.ids():
        c = rs.get(cid)
        for i, text in enumerate(c.examples, 1):
            out.append({"id": example_id(cid, i), "clause": cid, "index": i, "text": text})
    return out


def review_path(game: str) -> str:
    return os.path.join(paths.project_root(), "rules_data", game, REVIEW_FILE)


def review(game: str) -> dict:
    """The reviewed file: {"reason": {id: text}, "needs_vocabulary": {id: text},
    "reading": {id: reading id}}."""
    path = review_path(game)
    if not os.path.exists(path):
        return {t: {} for t in TABLES}
    import tomllib

    with open(path, "rb") as f:
        data = tomllib.load(f)
    return {t: dict(data.get(t, {})) for t in TABLES}


def review_problems(game: str) -> list[str]:
    """Every entry of the review file must name a real example, once, with a stated text."""
    from .engines import engine_for

    rv = review(game)
    readings = engine_for(game).readings
    out = []
    for table in TABLES:
        for k, v in rv[table].items():
            bad = check_id(game, k)
            if bad:
                out.append(f"{REVIEW_FILE} [{table}] {k!r}: {bad}")
                continue
            if table == "decided_by":
                from ..rules import load

                cid = v.split()[0] if isinstance(v, str) and v.split() else ""
                if load(game).get(cid) is None or len(v.strip()) < 30:
                    out.append(f"{REVIEW_FILE} [decided_by] {k!r}: the value must start with a "
                               "clause id and say why that clause decides the example")
                continue
            if table == "reading":
                r = readings.get(v) if isinstance(v, str) else None
                if r is None:
                    out.append(f"{REVIEW_FILE} [reading] {k!r}: no engine reading {v!r}")
                elif parse_id(k)[0] not in r["clauses"]:
                    out.append(f"{REVIEW_FILE} [reading] {k!r}: reading {v!r} does not cite "
                               f"clause {parse_id(k)[0]}")
            elif not isinstance(v, str) or len(v.strip()) < 20:
                out.append(f"{REVIEW_FILE} [{table}] {k!r}: the text must say why (a sentence)")
    seen: dict[str, str] = {}
    for table in TABLES[:3]:
        for k in rv[table]:
            if k in seen:
                out.append(f"{REVIEW_FILE}: {k} is both in [{seen[k]}] and [{table}]")
            seen.setdefault(k, table)
    decl = declared(game)
    for k, table in seen.items():
        if k in decl and table != "reading":
            out.append(f"{REVIEW_FILE} [{table}] {k!r}: {', '.join(decl[k])} reproduces it; "
                       "remove the entry")
    return out


def declared(game: str) -> dict[str, list[str]]:
    """example id -> the bundled scenario files (relative to the project root) that declare
    they reproduce it (meta.reproduces), in file order. Files that do not load are skipped
    here (listing() runs them and reports them failing)."""
    from .clause_coverage import example_files

    root = paths.project_root()
    out: dict[str, list[str]] = {}
    for path in example_files(game):
        for eid in _reproduces_of(path):
            out.setdefault(eid, []).append(os.path.relpath(path, root))
    return out


def _reproduces_of(path: str) -> list[str]:
    """meta.reproduces of a board file, read without building the board (cheap)."""
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except (OSError, yaml.YAMLError):
        return []
    meta = data.get("meta") if isinstance(data, dict) else None
    v = meta.get("reproduces") if isinstance(meta, dict) else None
    if isinstance(v, str):
        return [v]
    return [x for x in v if isinstance(x, str)] if isinstance(v, list) else []


def run_scenario(path: str) -> dict:
    """Run one scenario with its expect: {"file", "passes", "problems": [text]}."""
    from ..board import BoardSyntaxError, load_file, status
    from .run import run_board

    root = paths.project_root()
    rel = os.path.relpath(path, root) if os.path.isabs(path) else path
    full = path if os.path.isabs(path) else os.path.join(root, path)
    try:
        b = load_file(full)
    except BoardSyntaxError as e:
        return {"file": rel, "passes": False, "problems": [str(p) for p in e.problems]}
    flags = [str(f) for f in status(b) if f.severity == "error"]
    if flags:
        return {"file": rel, "passes": False, "problems": flags}
    if not b.expect:
        return {"file": rel, "passes": False, "problems": ["no expect: section"]}
    run = run_board(b)
    diffs = [f"{d['path']}: expected {d['expected']!r}, found {d['found']!r} — {d['message']}"
             for d in (run.check or [])]
    return {"file": rel, "passes": run.check is not None and not diffs, "problems": diffs,
            "expect_cites": [str(c) for c in b.expect.get("cites", [])]}


def _for_example(result: dict, clause: str) -> dict:
    """A scenario's result as evidence for one example of `clause`: it must also state, in
    expect: cites, the clause the example belongs to (the step that decides it cites it)."""
    r = {k: v for k, v in result.items() if k != "expect_cites"}
    if result["passes"] is not None and clause not in result.get("expect_cites", [clause]):
        r["passes"] = False
        r["problems"] = list(r["problems"]) + [
            f"expect: cites does not name {clause}, the clause the example belongs to"]
    return r


def listing(game: str, run: bool = True) -> list[dict]:
    """Every worked example with its state (see the module docstring). `run=False` lists the
    declaring scenarios without running them (their `passes` is None; the state is then
    `reproduced` for any declared example)."""
    if run and game in _listing_cache:
        return [dict(r) for r in _listing_cache[game]]
    if run:
        # the runs are kept in the user cache (judgekit.memo) under the content of what they
        # depend on: the engine's code, the rules data (with the review file), the examples
        from .. import memo
        from .clause_coverage import runs_key

        key = runs_key(game)
        got = memo.load(f"worked-{game}", key)
        if not isinstance(got, list):
            got = _listing(game, True)
            memo.store(f"worked-{game}", key, got)
        _listing_cache[game] = got
        return [dict(r) for r in got]
    return _listing(game, False)


def _listing(game: str, run: bool) -> list[dict]:
    rv = review(game)
    decl = declared(game)
    results: dict[str, dict] = {}
    rows = []
    for ex in examples(game):
        eid = ex["id"]
        scen = []
        for f in decl.get(eid, []):
            if run:
                if f not in results:
                    results[f] = run_scenario(f)
                decider = rv["decided_by"].get(eid, "").split()
                scen.append(_for_example(results[f], decider[0] if decider else ex["clause"]))
            else:
                scen.append({"file": f, "passes": None, "problems": []})
        if scen:
            state = "reproduced" if all(s["passes"] is not False for s in scen) else "failing"
        elif eid in rv["reason"]:
            state = "reason"
        elif eid in rv["needs_vocabulary"]:
            state = "needs_vocabulary"
        elif eid in rv["reading"]:
            state = "reading"
        else:
            state = "open"
        rows.append({**ex, "first_words": first_words(ex["text"]), "state": state,
                     "scenarios": scen, "reason": rv["reason"].get(eid, ""),
                     "needs": rv["needs_vocabulary"].get(eid, ""),
                     "reading": rv["reading"].get(eid, ""),
                     "decided_by": rv["decided_by"].get(eid, "")})
    return rows


def summary(rows: list[dict]) -> dict[str, int]:
    out = {s: 0 for s in STATES}
    for r in rows:
        out[r["state"]] += 1
    out["total"] = len(rows)
    return out


def games_with_examples() -> list[str]:
    """The rulesets with an engine whose rules print worked examples."""
    from .engines import GAMES_WITH_ENGINE

    return [g for g in GAMES_WITH_ENGINE if examples(g)]
