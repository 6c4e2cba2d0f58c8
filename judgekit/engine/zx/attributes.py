"""Z/X's binding of the core race/attribute layer (judgekit.engine.effects.attributes): a card's
name and races as continuous effects make them (811.1b, 811.6).

A static ability 「…の種族を[○○]にする」 / 「…のカード名を「○○」にする」 is written
`{static: becomes, races: [○○], name: ○○, to: self | {all: <filter>}, zones: [...]}`: the cards
it applies to lose the races (the name) they had and have exactly the new ones (811.6). Races
are a parameter of zekusu, Z/X EX, Z/X OB and shifts only (207.1): on any other card (a player
card, an event) the race change is not applied (811.6 例2). `zones` names where the cards it
changes are (「スクエアとリソースとチャージとトラッシュにあるすべてのカード」; default: the
filter's zone). Changes apply in timestamp order (811.3: a static ability from when its card was
placed, 811.3a); Z/X has no own-card-first rule (D0's 4.14.5-3), so the core's `own_first` is
off.

Everything is computed on demand from the board, like power (params.power): `races(g, c)` and
`name(g, c)` are what every filter, level and last-known snapshot reads. The cards a static
applies to are found with their printed races and names (a change never decides what another
change applies to: the engine does not order dependent changes, 811.2, and says so nowhere
else because no Z/X card in the vocabulary needs it). A card built from a snapshot (a card as
it was where it left, 808.3a) keeps the races and name the snapshot recorded.
"""

from __future__ import annotations

from ..effects.attributes import Change, effective, from_effects, ordered
from .clauses import REGISTRY

BECOMES = "becomes"
# 207.1: races are a parameter of zekusu, Z/X EX, Z/X OB and shifts; the other card types have
# none (a card whose file gives no type is read as it is written)
NO_RACE_TYPES = ("player", "event")


def has_races(c) -> bool:
    return c.type not in NO_RACE_TYPES


def _sources(g) -> frozenset:
    """The cards with a printed 「…にする」 at all (looked at again when the game has a card
    more or less), so that the common board without one costs nothing per read."""
    n = len(g.b.cards)
    cached = getattr(g, "_becomes_cards", None)
    if cached is None or cached[0] != n:
        cached = g._becomes_cards = (n, frozenset(
            c.id for c in g.b.cards.values()
            if any(a.get("static") == BECOMES for a in c.abilities)))
    return cached[1]


def _changes(g, c, key: str) -> list:
    """The changes of `key` ("race" or "name") made to c by the enabled static abilities and
    the effects in force, unordered."""
    if getattr(g, "_attr_busy", False):
        return []
    out = []
    if _sources(g):
        from .params import statics

        g._attr_busy = True
        try:
            for src, _i, ab in statics(g, BECOMES):
                want = ab.get("races") if key == "race" else ab.get("name")
                if want is None or c not in targets(g, src, ab):
                    continue
                ch = Change("set", () if key == "name" else list(want), src.placed,
                            own=src.id == c.id, source=src.id)
                if key == "name":
                    ch.values = (want,)  # a name is one word, whatever it holds (no split)
                out.append(ch)
        finally:
            g._attr_busy = False
    if g.b.effects:
        out += from_effects(g.b, c, key)
    return out


def targets(g, src, ab: dict) -> list:
    """The cards a 「…にする」 static ability applies to, read with their printed races and
    names (the caller holds the layer busy)."""
    from .params import matches, zone_pool

    to = ab.get("to", "self")
    if to == "self":
        return [src]
    if not (isinstance(to, dict) and "all" in to):
        return []
    flt = to["all"]
    out = []
    for z in ab.get("zones") or (flt.get("zone", "square"),):
        pool = g.b.on_squares() if z == "square" else zone_pool(g, z, src.controller, flt)
        out += [x for x in pool if matches(g, x, {**flt, "zone": z}, src.controller, src)]
    return out


def _detached(g, c) -> bool:
    """A card built from a snapshot (808.3a) rather than the board's own card."""
    return g.b.cards.get(c.id) is not c


@REGISTRY.rule("811.6", "207.1")
def races(g, c) -> tuple:
    """The races c has now: printed, then each 「種族を[○○]にする」 in timestamp order (811.6:
    the old races are lost); none for a card type without races (207.1, 811.6 例2)."""
    printed = tuple(c.races or ()) if has_races(c) else None
    if _detached(g, c):
        return tuple(c.races or ())
    ch = _changes(g, c, "race")
    if not ch:
        return printed or ()
    return effective(printed, ch, own_first=False) or ()


def touched(g, c, key: str = "race") -> bool:
    """Does a change of `key` name this card now (applied, or refused because the card has
    no such parameter, 811.6 例2)?"""
    return not _detached(g, c) and bool(_changes(g, c, key))


@REGISTRY.rule("811.6")
def name(g, c) -> str:
    """The card name c has now: printed, then each 「カード名を「○○」にする」 in timestamp order,
    the latest applied last (811.6)."""
    if _detached(g, c):
        return c.name or ""
    ch = _changes(g, c, "name")
    out = c.name or ""
    for x in ordered(ch, own_first=False):
        if x.op == "set" and x.values:
            out = x.values[0]
    return out
