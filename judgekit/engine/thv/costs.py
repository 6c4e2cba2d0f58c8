"""東方VISION's binding of the core cost pipeline (judgekit.engine.effects.costs), 1.8.7:

* a cost raised or lowered by an 自動α on the field (「…のコストは+1される」, 7.4.5.a) — the
  increases, then the reductions, never below 0 (1.8.7.j: the value below 0 counts as 0, the
  calculation keeps its own value);
* a cost that is a variable (X) not yet defined: the player pays any number, and X is what
  was actually paid from the nodes (1.8.7.h) — with ± effects too (1.8.7.k);
* a cost of 「-」 cannot be paid (1.8.9.l) and the card cannot be played (2.4.3): play.py.
"""

from __future__ import annotations

from ..choices import Request
from ..effects.costs import compute, is_variable
from .clauses import REGISTRY


def _changes(g, c, p: str) -> list[tuple[str, int]]:
    """The 自動α cost changes on the field that reach card c played by p: [(source, ±n)]."""
    out = []
    for s in g.b.field():
        for i, ab in enumerate(s.abilities, 1):
            if "cost_change" not in ab:
                continue
            of = ab.get("of", "yours")
            mine = g.ctl(s) == p
            if of == "yours" and not mine or of == "opponents" and mine:
                continue
            if ab.get("type") and ab["type"] != c.type:
                continue
            out.append((f"{s.id}#{i}", int(ab["cost_change"])))
    return out


@REGISTRY.rule("1.8.7.h", "1.8.7.j", "1.8.7.k", "7.4.5.a")
def play_cost(g, c, p: str, base, given_x, most: int) -> tuple[int, int | None, tuple, str, str]:
    """The nodes p pays to play c: (amount, X or None, cites, words en, ja). `base` is the
    printed cost as a number or X; `most` the nodes p could pay with."""
    ch = _changes(g, c, p)
    how = ", ".join(f"{lab} {n:+d}" for lab, n in ch)
    if is_variable(base):
        if given_x is not None:
            n = int(given_x)
        else:
            n = int(g.ask(Request("1.8.7.h", p, f"{g.label(c)}: how much is paid for its cost X "
                                  "(X becomes what is paid)?", f"{g.label(c)}：コストXとして支払う数"
                                  "（Xは支払った数になります）", options=list(range(most + 1)),
                                  cites=("1.8.7.h",))))
        cites = ("1.8.7.h",) + (("1.8.7.k", "7.4.5.a") if ch else ())
        return n, n, cites, (
            f" paying {n} for its cost X: X is what was actually paid, {n} (1.8.7.h"
            + (f"; with the cost changes {how} in force X is still what was paid, 1.8.7.k"
               if ch else "") + ")"), f"（コストXとして{n}を支払い、X＝{n}）"
    if not ch:
        return base, None, (), "", ""
    r = compute(base, increases=[(lab, n) for lab, n in ch if n > 0],
                reductions=[(lab, -n) for lab, n in ch if n < 0])
    raw = base + sum(n for _, n in ch)
    return r.total, None, ("7.4.5.a",) + (("1.8.7.j",) if raw < 0 else ()), (
        f" (cost {base}, {how} → {r.total}" + (f"; {raw} counts as 0, 1.8.7.j" if raw < 0 else "")
        + ")"), f"（コスト{base}、{how} → {r.total}）"


def amount(v, ctx) -> int:
    """An instruction's number: N, or X — what was paid for the card's cost X (1.8.7.h)."""
    if is_variable(v):
        return int(getattr(ctx, "x", None) or 0)
    return int(v)
