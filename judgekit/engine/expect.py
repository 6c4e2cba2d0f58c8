"""Compare a run with the file's `expect:` section (judgekit step --check), for any ruleset.

The common keys (outcome, winner, stop, step, players, cards, cites, not_cited, readings) are
compared here; a ruleset compares its own keys (Z/X `squares`) and the card values its rules
compute (power) through its engine's `expect_extra` and `card_value`.
"""

from __future__ import annotations

from collections import Counter


def compare(run) -> list[dict]:
    b = run.board
    eng = run.engine
    ex = b.expect or {}
    pos = b.positions
    out: list[dict] = []

    def diff(path: tuple, expected, found, message: str) -> None:
        line, col = pos.get(("expect",) + path, pos.get(("expect",) + path[:-1], (0, 0)))
        out.append({"path": ".".join(str(p) for p in ("expect",) + path), "line": line,
                    "column": col, "expected": expected, "found": found, "message": message})

    res = run.outcome.get("result", "none")
    if "outcome" in ex and ex["outcome"] != res:
        diff(("outcome",), ex["outcome"], res, f"the outcome is {res}, not {ex['outcome']}")
    if "winner" in ex and ex["winner"] != run.outcome.get("winner"):
        diff(("winner",), ex["winner"], run.outcome.get("winner"),
             f"the winner is {run.outcome.get('winner') or 'nobody'}")
    if "stop" in ex and ex["stop"] != run.stop:
        diff(("stop",), ex["stop"], run.stop, f"the run stopped because of {run.stop}")
    if "step" in ex and str(ex["step"]) != b.step:
        diff(("step",), str(ex["step"]), b.step, f"the run stopped before {b.step}")
    for p, zs in ex.get("players", {}).items():
        pl = b.players[p]
        fields = {name for name, _ in pl.FIELDS}
        for z, want in zs.items():
            if z in b.PLAYER_ZONES:
                zone_diff(diff, ("players", p, z), f"{p}.{z}", want, b.pzone(p, z))
            elif z == "counters":
                for icon, n in want.items():
                    if pl.counters.get(icon, 0) != n:
                        diff(("players", p, z, icon), n, pl.counters.get(icon, 0),
                             f"{p} has {pl.counters.get(icon, 0)} {icon} counters")
            elif z in fields:
                have = getattr(pl, z)
                if have != want:
                    diff(("players", p, z), want, have, f"{p}'s {z} is {have}")
    for cid, props in ex.get("cards", {}).items():
        c = b.cards.get(cid)
        for k, want in props.items():
            if c is None:
                have = "gone" if k == "zone" else None
            elif k == "zone":
                have = c.zone
            else:
                have = eng.card_value(run.game, c, k)
            if have != want:
                diff(("cards", cid, k), want, have, f"{cid}.{k} is {have}")
    eng.expect_extra(run, ex, diff)
    cited = set(run.trace.cited())
    for i, cid in enumerate(ex.get("cites", [])):
        if str(cid) not in cited:
            diff(("cites", i), str(cid), None, f"no step cites {cid}")
    for i, cid in enumerate(ex.get("not_cited", [])):
        if str(cid) in cited:
            steps = [s.index for s in run.trace.steps if str(cid) in s.cites]
            diff(("not_cited", i), None, str(cid),
                 f"step(s) {', '.join(map(str, steps[:5]))} cite {cid}")
    for i, want in enumerate(ex.get("readings", [])):
        rid, _, alt = str(want).partition("=")
        if rid not in run.trace.readings:
            diff(("readings", i), want, None, f"the run did not apply reading {rid}")
        elif alt and run.trace.readings[rid].get("followed") != alt:
            have = run.trace.readings[rid].get("followed")
            diff(("readings", i), want, f"{rid}={have}",
                 f"the run followed alternative {have} of reading {rid}")
    return out


def zone_diff(diff, path: tuple, name: str, want, have: list) -> None:
    """A zone as expected: a number of cards, or the cards it holds (in any order)."""
    if isinstance(want, int):
        if len(have) != want:
            diff(path, want, len(have), f"{name} has {len(have)} card(s): "
                 f"{', '.join(have) or 'none'}")
    elif Counter(want) != Counter(have):
        diff(path, list(want), list(have), f"{name} holds {', '.join(have) or 'nothing'}")
