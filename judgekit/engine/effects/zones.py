"""Zone-limited abilities and the side of a zone change a trigger reads, once for every ruleset
(issue 20).

A card's text works where its kind of card works (a unit on the field, a base on a base
square, …) unless an ability names the zones it works in instead — D0's [ゾーン]効果 (5.7.1,
2.10.3), g2022's abilities valid in a zone (903.1c), 東方VISION and Z/X texts that work in the
hand or the trash. `in_force` answers whether one ability works with its card in a zone; the
ruleset's `Zones` binding says how its zones are named (`kind`), where a card's text works by
default (`home(card, ability)`: Z/X's event cards work in the temporary zone) and which key of an ability names its zones.

A triggered ability watching a zone change reads the card on one side of it (`reads_before`):
the public zone's side for a move between a public and a hidden zone (D0 4.8.10-2, g2022
908.3a); otherwise the side the ruleset's `looks_back(frm, to)` says — the side left for a move
out of the field (the look back: D0 4.8.11, any move but onto a square; g2022 908.3a, out of
the areas), else the side arrived in. Whether the card's own ability is in force is read on that same
side: a plan-zone ability triggers on the card's going from the plan zone into a hidden zone.
"""

from __future__ import annotations


class Zones:
    """A ruleset's binding: `kind(zone)` its word for the kind of a zone ("plan", "graveyard",
    "area" …); `home(card, ability)` the kinds where it works when the ability names none;
    `public(zone)` whether a zone is open to every player and `looks_back(frm, to)` whether a
    trigger on a move between two zones of the same openness reads the side left (both only
    for a ruleset whose triggers ask `reads_before`); `key` the ability's key naming its zones (a word or a list); `clause`
    the ruleset's clause for an ability limited to a zone."""

    __slots__ = ("kind", "home", "public", "looks_back", "key", "clause")

    def __init__(self, *, kind, home, public=None, looks_back=None, key: str = "zone",
                 clause: str = "") -> None:
        self.kind = kind
        self.home = home
        self.public = public
        self.looks_back = looks_back
        self.key = key
        self.clause = clause


def named(binding: Zones, ab: dict) -> tuple:
    """The zone kinds an ability names itself (empty when it names none)."""
    z = ab.get(binding.key)
    if not z:
        return ()
    return tuple(z) if isinstance(z, (list, tuple)) else (z,)


def works_in(binding: Zones, card, ab: dict) -> tuple:
    """The zone kinds where the ability works: those it names, else its card's home."""
    return named(binding, ab) or tuple(binding.home(card, ab))


def in_force(binding: Zones, card, ab: dict, zone: str | None = None) -> bool:
    """Does the ability work with its card in `zone` (default: where the card is now)? A card
    elsewhere keeps the ability, which does not work there."""
    z = card.zone if zone is None else zone
    if not z:
        return False
    # asked of every ability on every rules pass: an ability naming no zone (the common case)
    # goes straight to its card's home
    if not ab.get(binding.key):
        return binding.kind(z) in binding.home(card, ab)
    return binding.kind(z) in named(binding, ab)


def reads_before(binding: Zones, frm: str, to: str) -> bool:
    """Whether a trigger on a move from `frm` to `to` reads the card as it was before the move:
    between a public and a hidden zone, the public one's side; otherwise the ruleset's
    `looks_back` (out of the field: the side left)."""
    if binding.public is None or binding.looks_back is None:
        raise ValueError("this ruleset binds no side for zone-change triggers")
    if binding.public(frm) != binding.public(to):
        return binding.public(frm)
    return bool(binding.looks_back(frm, to))
