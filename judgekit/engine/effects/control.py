"""Change of control for a duration, once for every ruleset whose rulebook has it (D0 4.14.5-2
(1): 「カードの支配者を変更する継続効果」 applies before any other kind).

An effect in force `{control: P1, to: [ids], until: …}` makes P1 the controller of each card
it names, as that card was when the effect started (`incs`: a card that has since become a
new object is not affected, D0 4.14.3-2). The controller a card had before any such effect is
kept in the effect (`base`), so when the last control effect on a card ends, its controller
goes back. With several, the latest (timestamp) wins. BaseGame calls `prepare` before adding a
control effect and `reconcile` after adding or removing one; the controller changes through
`set_card`, so each is a recorded, hashed change of the trace step that caused it, and what
follows from a new controller (whose units share a square, who may move a unit) is the
ruleset's rules, checked as always.
"""

from __future__ import annotations


def _live(board, cid: str, c) -> list:
    return [e for e in board.effects if "control" in e and cid in (e.get("to") or ())
            and (e.get("incs") or {}).get(cid, c.incarnation) == c.incarnation]


def prepare(board, eff: dict) -> None:
    """Fill in the incarnation of each card and the controller it had before any control
    effect (kept through stacked effects)."""
    incs = eff.setdefault("incs", {})
    base = eff.setdefault("base", {})
    for cid in eff.get("to") or ():
        c = board.cards.get(cid)
        if c is None:
            continue
        incs.setdefault(cid, c.incarnation)
        earlier = _live(board, cid, c)
        base.setdefault(cid, earlier[0]["base"].get(cid, c.controller) if earlier
                        else c.controller)


def reconcile(g, cids, ended: dict | None = None) -> None:
    """Set each card's controller from the control effects in force (the latest wins), or back
    to its controller before them when none is left (`ended`: the effect that just ended)."""
    b = g.b
    for cid in cids or ():
        c = b.cards.get(cid)
        if c is None:
            continue
        live = _live(b, cid, c)
        if live:
            want = max(live, key=lambda e: e.get("ts", 0))["control"]
        elif ended is not None and (ended.get("incs") or {}).get(cid) == c.incarnation:
            want = (ended.get("base") or {}).get(cid, c.controller)
        else:
            continue
        g.set_card(c, "controller", want)
