"""Continuous effects that change a card's races or attributes, once for every ruleset.

Races (D0 2.8 種族 / 属性, Z/X 207 種族) are a set of words a card prints; continuous effects add
to it (「あなたのユニットの種族に「ドール」を加える」), replace it (「このカードの種族を[○○]にする」: the
card loses what it had and has exactly the new ones, Z/X 811.6 例1) or take some away. The same
three operations serve any other set-valued parameter a ruleset has (`key` names it).

One change is a `Change(op, values, ts, own=False, source=None)`:

    op      "add" | "set" | "remove"
    values  the words, as a tuple (kept in printed order, never duplicated)
    ts      the change's timestamp (board.clock: an effect's `ts`; for a static ability, when
            its card was put where it works — its `placed` — D0 4.14.5-5)
    own     the change is made by an ability of the card it changes (D0 4.14.5-3 applies those
            first within their kind)
    source  the card whose ability or effect makes it (for the trace)

The API (pure functions; nothing here imports a ruleset):

    split(printed) -> tuple
        the printed form → the words: "ドラゴン/サラマンダー" → ("ドラゴン", "サラマンダー")
        (D0 2.8.2: several races are separated by a slash); a list is split item by item.
    from_effects(board, card, key="race") -> [Change]
        the changes of the effects in force (`board.effects`) that name the card: the store
        form is `{KEY: {add|set|remove: [words]}, to: [ids], incs: {id: incarnation}?, ts: N,
        source: ID, until: …}`; with `incs`, only the incarnation it was made for (a card that
        became a new object has lost it).
    ordered(changes, own_first=True) -> [Change]
        the order of application: own-card changes first when `own_first` (D0 4.14.5-3), then
        by timestamp (D0 4.14.5-4, Z/X 811's timestamp order); a stable sort.
    apply(printed, changes) -> tuple | None
        the words after the changes, applied in the order given. `printed` None means the card
        has no such parameter at all: then no change applies and None is returned (Z/X 811.6
        例2 — a player card has no race). An empty tuple is a parameter with no words.
    effective(printed, changes, own_first=True) -> tuple | None
        apply(split(printed), ordered(changes, own_first)).
    has(values, wanted, contains=False) -> bool
        does the card have the word (any of several, when `wanted` is a list/tuple)?
        `contains`: a word that contains it counts too (Z/X 1110.3: a race containing ドラゴン).

A ruleset binds it by collecting its own changes — its static abilities in force and
`from_effects` — and calling `effective`; where races are read (filters, keyword levels) it
asks the effective words, never the printed ones. In D0 the race layer comes before the
general effects and before power and smash (4.14.5-2 (3) before (4), (5)), so a power change
that reads a race sees the races the race layer made.
"""

from __future__ import annotations

OPS = ("add", "set", "remove")


class Change:
    __slots__ = ("op", "values", "ts", "own", "source")

    def __init__(self, op: str, values, ts: int = 0, own: bool = False,
                 source: str | None = None) -> None:
        if op not in OPS:
            raise ValueError(f"{op!r} is not an attribute change ({', '.join(OPS)})")
        self.op = op
        self.values = split(values)
        self.ts = ts
        self.own = own
        self.source = source

    def __repr__(self) -> str:
        return f"Change({self.op!r}, {self.values!r}, ts={self.ts}, own={self.own})"


def split(printed) -> tuple:
    """The words of a printed race/attribute: a slash separates several (D0 2.8.2), and the
    full-width slash is read as the same; a list is split item by item; None stays None."""
    if printed is None:
        return None
    items = [printed] if isinstance(printed, str) else list(printed)
    out: list = []
    for it in items:
        for w in str(it).replace("／", "/").split("/"):
            w = w.strip()
            if w and w not in out:
                out.append(w)
    return tuple(out)


def from_effects(board, card, key: str = "race") -> list:
    """The changes of `key` that the effects in force make to `card` (see the module doc)."""
    out = []
    for e in board.effects:
        ch = e.get(key)
        if not isinstance(ch, dict) or card.id not in (e.get("to") or ()):
            continue
        incs = e.get("incs") or {}
        if card.id in incs and incs[card.id] != card.incarnation:
            continue
        for op in OPS:
            if op in ch:
                out.append(Change(op, ch[op], e.get("ts", 0), own=e.get("source") == card.id,
                                  source=e.get("source")))
    return out


def ordered(changes, own_first: bool = True) -> list:
    if own_first:
        return sorted(changes, key=lambda c: (not c.own, c.ts))
    return sorted(changes, key=lambda c: c.ts)


def apply(printed, changes) -> tuple | None:
    if printed is None:
        return None
    out = list(split(printed))
    for ch in changes:
        if ch.op == "set":
            out = list(ch.values)
        elif ch.op == "add":
            out += [v for v in ch.values if v not in out]
        else:
            out = [v for v in out if v not in ch.values]
    return tuple(out)


def effective(printed, changes, own_first: bool = True) -> tuple | None:
    return apply(split(printed), ordered(changes, own_first))


def has(values, wanted, contains: bool = False) -> bool:
    if not values:
        return False
    want = [wanted] if isinstance(wanted, str) else list(wanted)
    if contains:
        return any(w in v for w in want for v in values)
    return any(w in values for w in want)
