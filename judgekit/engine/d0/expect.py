"""The `expect:` keys of Dimension Zero's own: the stack (bottom first), the battles still going
on and their battling units, the battles decided during the run, the created triggers still
waiting, where the game is."""

from __future__ import annotations

_KIND = {"spell": "spell", "triggered": "trigger", "activated": "activated", "move": "move",
         "plan": "plan", "exchange": "exchange"}


def _entry(it) -> dict:
    k = _KIND[it.kind]
    if it.kind == "spell" or it.kind == "move":
        return {k: it.card}
    if it.kind in ("triggered", "activated"):
        return {k: it.source}
    if it.kind == "plan":
        return {k: it.step}
    return {k: it.square}


def expect_extra(run, ex: dict, diff) -> None:
    b = run.board
    if "stack" in ex:
        have = [_entry(it) for it in b.stack]
        want = [{k: str(v) for k, v in e.items()} for e in ex["stack"]]
        if have != want:
            diff(("stack",), want, have, "the stack (bottom first) holds "
                 + (", ".join(f"{k} {v}" for e in have for k, v in e.items()) or "nothing"))
    if "battles" in ex:
        have = [bt.square for fr in b.battles for bt in fr.battles]
        if sorted(have) != sorted(ex["battles"]):
            diff(("battles",), list(ex["battles"]), have,
                 f"battles going on: {', '.join(have) or 'none'}")
    if "battling" in ex:  # the battling units (3.11.1-2) of each battle still going on
        have = {bt.square: sorted(u for u, o in bt.units if (c := b.cards.get(u)) is not None
                                  and c.incarnation == o)
                for fr in b.battles for bt in fr.battles}
        for sq, want in ex["battling"].items():
            if have.get(sq) != sorted(want):
                diff(("battling", sq), sorted(want), have.get(sq),
                     f"the battle in {sq} has battling units "
                     f"{', '.join(have.get(sq) or []) or 'none (no battle there)'}")
    if "results" in ex:
        have = [dict(r) for r in b.results]
        want = [dict(r) for r in ex["results"]]
        if have != want:
            diff(("results",), want, have, "battles decided: " + (
                "; ".join(f"{r['square']} {'winner ' + r['winner'] if r.get('winner') else 'draw'}"
                          for r in have) or "none"))
    if "roles" in ex:
        for cid, want in ex["roles"].items():
            want = sorted(want if isinstance(want, list) else [want])
            have = roles(b, cid)
            if have != want:
                diff(("roles", cid), want, have, f"{cid} is " + (
                    " and ".join(have) or "neither attacking nor attacked") + " now")
    if "delayed" in ex and len(b.delayed) != ex["delayed"]:
        diff(("delayed",), ex["delayed"], len(b.delayed),
             f"{len(b.delayed)} created trigger(s) waiting")
    for k, want in (ex.get("game") or {}).items():
        have = getattr(b, k, None)
        if have != want:
            diff(("game", k), want, have, f"game.{k} is {have}")


def roles(b, cid: str) -> list[str]:
    """The roles card `cid`, as the object it is now, has in the battles going on, waiting ones
    included (3.11.5; 3.11.5-2: a unit may be both)."""
    c = b.cards.get(cid)
    if c is None:
        return []
    me = (cid, c.incarnation)
    out = set()
    for fr in b.battles:
        for bt in fr.battles:
            if me in [tuple(x) for x in bt.attacking]:
                out.add("attacking")
            if me in [tuple(x) for x in bt.attacked]:
                out.add("attacked")
    return sorted(out)
