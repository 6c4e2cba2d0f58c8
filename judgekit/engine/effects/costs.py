"""The cost pipeline, once for every ruleset (XMage's INCREASE → REDUCE → SET passes).

    base (or an alternative cost)
    + additional costs
    + increases            (Z/X 805.2c, g2022 905.2c: increases first …)
    − reductions           (… then decreases)
    → set to               (a cost an effect sets to a value)
    clamp at the floor     (… never below 0)
    → locked               (the ruleset decides when: before payment)

Each modifier is a `(label, amount)` pair the ruleset gathered with its own words and clauses
(a static ability's key, an icon's rule); the pipeline returns the total and the steps that
reached it, in order, so a trace can show how a cost was reached.
"""

from __future__ import annotations


class CostResult:
    __slots__ = ("base", "total", "steps")

    def __init__(self, base: int, total: int, steps: list) -> None:
        self.base = base
        self.total = total
        self.steps = steps  # [(label, delta or "=N")] in the order applied


def compute(base: int | None, *, alternative: tuple | None = None, additional=(),
            increases=(), reductions=(), set_to: tuple | None = None,
            floor: int = 0) -> CostResult:
    """The cost after the modifiers, in the one order every ruleset shares. `alternative`
    and `set_to` are (label, value); the others are sequences of (label, amount ≥ 0)."""
    start = base or 0
    steps: list = []
    if alternative is not None:
        label, start = alternative
        steps.append((label, f"={start}"))
    total = start
    for label, n in additional:
        total += n
        steps.append((label, n))
    for label, n in increases:
        total += n
        steps.append((label, n))
    for label, n in reductions:
        total -= n
        steps.append((label, -n))
    if set_to is not None:
        label, total = set_to
        steps.append((label, f"={total}"))
    return CostResult(base or 0, max(floor, total), steps)


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
