"""The cost pipeline, once for every ruleset (XMage's INCREASE → REDUCE → SET passes).

    base (or an alternative cost)
    + additional costs
    + increases            (Z/X 805.2c, g2022 905.2c: increases first …)
    − reductions           (… then decreases)
    → set to               (a cost an effect sets to a value)
    clamp at the floor     (… never below 0)
    → locked               (the ruleset decides when: before payment)

A cost is a number (Z/X, g2022) or a mapping of symbols to numbers (Dimension Zero's energy
symbols, `{red: 1, colorless: 2}`): the stages add and subtract symbol by symbol, a set-to
replaces the whole cost, and the floor holds for each symbol.

A variable (X, Y, Z: D0 1.2.3-3) stands where a number would: `variables` names the ones a
cost holds, `bind` puts the numbers the player chose (at play time: D0 4.7.2-3) in their place,
and a variable the cost no longer holds (an effect set the cost to a value without it) is bound
to 0 by whoever asks for it (D0 1.2.2: a variable that cannot be defined is 0).

Each modifier is a `(label, amount)` pair the ruleset gathered with its own words and clauses
(a static ability's key, an icon's rule, an effect in force); the pipeline returns the total and
the steps that reached it, in order, so a trace can show how a cost was reached.
"""

from __future__ import annotations

VARIABLES = ("X", "Y", "Z")


class CostResult:
    __slots__ = ("base", "total", "steps")

    def __init__(self, base, total, steps: list) -> None:
        self.base = base
        self.total = total
        self.steps = steps  # [(label, delta or "=N")] in the order applied


def is_variable(v) -> bool:
    return isinstance(v, str) and v in VARIABLES


def variables(cost) -> tuple:
    """The variables a cost holds, in the order written (a number has none)."""
    if isinstance(cost, dict):
        out: list = []
        for v in cost.values():
            if is_variable(v) and v not in out:
                out.append(v)
        return tuple(out)
    return (cost,) if is_variable(cost) else ()


def bind(cost, values: dict):
    """The cost with each variable replaced by its chosen number (one missing is 0)."""
    if isinstance(cost, dict):
        return {k: (int(values.get(v, 0)) if is_variable(v) else v) for k, v in cost.items()}
    return int(values.get(cost, 0)) if is_variable(cost) else cost


def _num(v) -> int:
    if is_variable(v):
        raise ValueError(f"the variable {v} must be bound before the cost is computed")
    return int(v or 0)


def _plus(total, n, sign: int):
    if isinstance(total, dict) or isinstance(n, dict):
        out = dict(total) if isinstance(total, dict) else {}
        for k, v in (n.items() if isinstance(n, dict) else ()):
            out[k] = _num(out.get(k, 0)) + sign * _num(v)
        return out
    return _num(total) + sign * _num(n)


def _neg(n):
    return {k: -_num(v) for k, v in n.items()} if isinstance(n, dict) else -_num(n)


def _floor(total, floor: int):
    if isinstance(total, dict):
        return {k: max(floor, _num(v)) for k, v in total.items()}
    return max(floor, _num(total))


def compute(base, *, alternative: tuple | None = None, additional=(),
            increases=(), reductions=(), set_to: tuple | None = None,
            floor: int = 0) -> CostResult:
    """The cost after the modifiers, in the one order every ruleset shares. `alternative`
    and `set_to` are (label, value); the others are sequences of (label, amount ≥ 0). A cost
    holding a variable must be bound first (`bind`)."""
    start = base if base is not None else 0
    steps: list = []
    if alternative is not None:
        label, start = alternative
        steps.append((label, f"={start}"))
    total = start
    for label, n in additional:
        total = _plus(total, n, 1)
        steps.append((label, n))
    for label, n in increases:
        total = _plus(total, n, 1)
        steps.append((label, n))
    for label, n in reductions:
        total = _plus(total, n, -1)
        steps.append((label, _neg(n)))
    if set_to is not None:
        label, total = set_to
        steps.append((label, f"={total}"))
    return CostResult(base if base is not None else 0, _floor(total, floor), steps)


def assign_distinct(parts, cards, fits) -> list | None:
    """A cost of several parts each paid with a different card (「白と緑のゼクスをそれぞれ1枚
    ずつ」: Z/X 804.4c): one card for each part, no card twice, `fits(part, card)` saying which
    card can pay which part. Returns the card for each part in order, or None when the cards
    cannot pay every part (a card with two of the parameters still pays only one part).
    Bipartite matching by augmenting paths (Kuhn): parts and cards are a handful."""
    parts = list(parts)
    cards = list(cards)
    owner: dict = {}  # card index -> part index

    def place(pi: int, seen: set) -> bool:
        for ci, c in enumerate(cards):
            if ci in seen or not fits(parts[pi], c):
                continue
            seen.add(ci)
            if ci not in owner or place(owner[ci], seen):
                owner[ci] = pi
                return True
        return False

    for pi in range(len(parts)):
        if not place(pi, set()):
            return None
    out: list = [None] * len(parts)
    for ci, pi in owner.items():
        out[pi] = cards[ci]
    return out


def choose_alternative(g, player: str, options: list, given, *, key: str, cites: tuple,
                       what: str, what_ja: str, base, show=str) -> tuple | None:
    """The cost a player pays when effects offer it a choice of costs (Z/X 804.2c, g2022
    904.2c: 「支払うべき代償が複数から選択できる場合、そのうち一つを選択」; D0 4.7.2-4's
    alternative cost): `options` are the (label, cost) alternatives available now; `given` is
    the action's answer (True: the first alternative, a label, False: the cost itself), else
    the player is asked (a choice under `key`, one of the labels or `printed`; `show` writes
    a cost). Returns the (label, cost) chosen, or None for the cost itself."""
    from ..choices import Request
    from ..game import IllegalAction

    if given is False or (given is None and not options):
        return None
    if given is not None and not options:
        raise IllegalAction(f"{what} has no other cost to choose",
                            f"{what_ja}には選べる別の代償がありません", cites)
    if given is None:
        given = g.ask(Request(key, player, f"the cost to pay for {what}: its cost "
                              f"{show(base)} or another one", f"{what_ja}のために支払う代償",
                              options=[("printed", f"its cost {show(base)}")] + [
                                  (lab, f"{show(v)} ({lab})") for lab, v in options],
                              cites=cites))
        if given == "printed":
            return None
    if given is True:
        return options[0]
    for lab, v in options:
        if lab == given:
            return lab, v
    raise IllegalAction(f"{given} offers no cost for {what}", f"{given}は{what_ja}の代償を"
                        "与えていません", cites)
