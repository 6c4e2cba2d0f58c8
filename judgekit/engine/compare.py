"""Run a board under every alternative of the readings its run depended on, and compare.

`compare_readings(board, base)` takes the board as loaded (before any run) and the run made
from it (`base`, with the file's and the command line's choices). The run names the readings
with alternatives it depended on (`Trace.depended()`); each other alternative of each of them
is run from a fresh copy of the board, and so are the combinations where a run depends on
several (a run under one alternative may depend on readings the first did not: they join the
set), breadth first, until every combination is run or the budget is spent.

The result says whether the outcome depends on the reading: two runs have the same outcome
when their results (winner, losers, why the run stopped, where) and their final boards are the
same. For each run that differs from the base run it gives the first step where the two runs
diverge (the first step whose context, kind, cited clauses, message or choices differ, else
whose changes differ; its trace index) and the cards that end in another zone.
"""

from __future__ import annotations

import copy

# runs (the base run included) a comparison may make
DEFAULT_BUDGET = 16


def _key(assignment: dict) -> tuple:
    return tuple(sorted(assignment.items()))


def _step_sig(s) -> tuple:
    return (s.context, s.kind, tuple(s.cites), s.message, repr(s.choices))


def first_divergence(a, b) -> int | None:
    """The index (0-based, as the trace's) of the first step where runs a and b differ (None:
    the same steps): the first whose context, kind, cited clauses, message or choices differ;
    failing that the first whose changes differ (a change made after a step closed belongs to
    the last step, so changes alone can point at an earlier step than the one that differs)."""
    sa, sb = a.steps, b.steps
    for i, (x, y) in enumerate(zip(sa, sb)):
        if _step_sig(x) != _step_sig(y):
            return i
    if len(sa) != len(sb):
        return min(len(sa), len(sb))
    for i, (x, y) in enumerate(zip(sa, sb)):
        if repr(x.changes) != repr(y.changes):
            return i
    return None


def card_differences(a, b) -> list[tuple[str, str, str]]:
    """Cards whose final zone differs between runs a and b: [(card id, zone in a, in b)]
    ("gone" for a card that ceased to exist)."""
    ca, cb = a.board.cards, b.board.cards
    out = []
    for cid in list(ca) + [c for c in cb if c not in ca]:
        za = ca[cid].zone if cid in ca else "gone"
        zb = cb[cid].zone if cid in cb else "gone"
        if za != zb:
            out.append((cid, za, zb))
    return out


def outcome_key(run) -> tuple:
    o = run.outcome
    final = {k: v for k, v in run.final.items() if k not in ("readings", "choices")}
    return (o.get("result"), o.get("winner"), tuple(o.get("losers") or ()), o.get("stop"),
            o.get("stopped_at"), repr(final))


def compare_readings(board, base, *, budget: int = DEFAULT_BUDGET, run_kw: dict | None = None,
                     fresh=None) -> dict:
    """`board`: the board as loaded, untouched (it is copied for each run); `base`: the run
    made from it. Returns {"depends", "readings", "variants", "runs", "budget", "complete",
    "combinations"} (see the module docstring); variants[0] is the base run."""
    from .run import run_board

    run_kw = dict(run_kw or {})
    table = base.engine.readings
    base_chosen = dict(base.game.chosen)
    fresh = fresh or (lambda: copy.deepcopy(board))

    def effective(run) -> dict:
        return dict(run.trace.depended())

    variants = [{"assignment": effective(base), "run": base, "diverges_at": None}]
    seen = {_key(effective(base))}
    queue: list[dict] = []
    order: list[str] = []  # every reading with alternatives some run depended on

    def enqueue(run, assignment: dict) -> None:
        for rid in run.trace.depended():
            if rid not in order:
                order.append(rid)
        dep = effective(run)
        for rid in dep:
            for a in table[rid]["alternatives"]:
                if a["id"] == dep[rid]:
                    continue
                nxt = {**dep, rid: a["id"]}
                k = _key(nxt)
                if k not in seen:
                    seen.add(k)
                    queue.append(nxt)

    enqueue(base, variants[0]["assignment"])
    runs = 1
    cut = False
    while queue:
        if runs >= budget:
            cut = True
            break
        assignment = queue.pop(0)
        b = fresh()
        run = run_board(b, readings={**base_chosen, **assignment}, **run_kw)
        runs += 1
        eff = effective(run)
        k = _key(eff)
        if k != _key(assignment) and k in {_key(v["assignment"]) for v in variants}:
            continue  # this alternative turned out not to matter: the run is one seen already
        variants.append({"assignment": eff, "run": run,
                         "diverges_at": first_divergence(base, run)})
        enqueue(run, eff)
    base_key = outcome_key(base)
    for v in variants:
        v["same_outcome"] = outcome_key(v["run"]) == base_key
        v["cards"] = card_differences(base, v["run"])
    depends = any(not v["same_outcome"] for v in variants)
    total = 1
    for rid in order:
        total *= max(1, len(table[rid]["alternatives"]))
    return {"depends": depends, "readings": order, "variants": variants, "runs": runs,
            "budget": budget, "complete": not cut, "combinations": total,
            "pending": len(queue)}


def describe_alternative(table: dict, rid: str, alt: str) -> dict:
    r = table[rid]
    for a in r["alternatives"]:
        if a["id"] == alt:
            return {"reading": rid, "alternative": alt, "default": alt == r["default"],
                    "clauses": list(a["clauses"]), "text": a["text"], "text_ja": a["text_ja"],
                    "title": r["title"], "title_ja": r["title_ja"]}
    raise KeyError(f"{rid}={alt}")


def to_json(cmp: dict) -> dict:
    """The comparison as plain data (trace JSON `reading_comparison`)."""
    table = cmp["variants"][0]["run"].engine.readings
    out = []
    for v in cmp["variants"]:
        r = v["run"]
        out.append({
            "readings": [describe_alternative(table, rid, alt)
                         for rid, alt in v["assignment"].items()],
            "outcome": dict(r.outcome),
            "same_outcome": v["same_outcome"],
            "diverges_at": v["diverges_at"],
            "cards": [{"card": c, "zone": za, "zone_here": zb} for c, za, zb in v["cards"]],
            "steps": len(r.steps),
        })
    return {"depends": cmp["depends"], "readings": list(cmp["readings"]), "runs": cmp["runs"],
            "budget": cmp["budget"], "complete": cmp["complete"],
            "combinations": cmp["combinations"], "variants": out}
