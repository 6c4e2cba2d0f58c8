"""A triggered ability waiting to be played: one instance per event it triggered on.

Every ruleset counts triggers the same way (Z/X 808.1b, g2022 908.1b: an ability that
triggers n times is waiting n times) and keeps the same things about each instance: the card
and which of its abilities, who controls it, the event (with the last-known information of
the card it is about), the card's own last-known information, and, for a delayed ability an
effect created, that ability. `BaseGame.add_pending` / `remove_pending` keep the counts by
`group` (instances the turn player cannot tell apart) and by ability, and the state hash by
`hkey`; `BaseGame.pending_to_board` writes the list back into a board file's `triggers:`.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Pending:
    __slots__ = ("card", "idx", "ability", "controller", "event", "lki", "inc_at", "timed",
                 "seq", "hkey", "group")

    def __init__(self, card: str, idx: int, ability: dict, controller: str, event: dict,
                 lki: dict, inc_at: int, timed: dict | None, seq: int) -> None:
        self.card = card
        self.idx = idx  # 0-based; -1 for a delayed ability an effect created (`timed`)
        self.ability = ability
        self.controller = controller
        self.event = event
        self.lki = lki
        self.inc_at = inc_at  # the card's incarnation when the event happened
        self.timed = timed
        self.seq = seq
        # instances of one ability differ only when its effect reads the event's card
        about = (event.get("card") or {}).get("id") if uses_event_card(ability) else None
        tid = timed.get("_tid") if timed else None
        self.group = (card, idx, tid, about)
        self.hkey = hash(("trg",) + self.group) & _MASK

    def label(self) -> str:
        base = f"timed:{self.card}" if self.timed is not None else f"{self.card}#{self.idx + 1}"
        about = self.group[3]
        return f"{base}@{about}" if about else base

    def to_json(self) -> dict:
        """The instance as a board file's `triggers:` entry."""
        return {"card": self.card, "ability": self.idx + 1, "controller": self.controller,
                "count": 1, "event": flat_event(self.event)}


def uses_event_card(ability: dict) -> bool:
    """Does the ability's effect act on the card the triggering event is about?"""
    return "event_card" in repr(ability.get("effect", ""))


def flat_event(ev: dict) -> dict:
    """An event as plain text fields (its card by id), as a board file writes it."""
    out = {"kind": ev.get("kind", "")}
    c = ev.get("card")
    if c:
        out["card"] = c.get("id")
    for k in ("player", "zone", "from", "cause", "source"):
        if ev.get(k) is not None:
            out[k] = str(ev[k])
    return out
