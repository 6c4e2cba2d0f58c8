"""Triggered abilities created by effects to trigger later, one store for every ruleset.

An effect may create a triggered ability that waits for a moment named in its text: D0's
「ターン終了時に、そのユニットを持ち主の墓地に置く」 and 即死's 「そのバトル終了時に…」 (4.4.4), Z/X's
timed abilities (808.4), 東方VISION's waiting effects (7.7 「次のターン開始時」). Each is a record
(a dict, as the board file writes it): the moment it waits for (`trigger`), the card it is about
(`about`, or none), its source and controller, its effect and printed text, and whatever narrows
the moment (a battle's square). The store keeps them on the board (`board.<attr>`), in the order
they were created, and records every change in the trace.

`due(g, moment, match)` takes out, in creation order, the records whose moment has come — each
triggers once and is gone (D0 4.4.4: 「ターン終了時」 once, a battle's end once); `about(g, card)`
takes out the records about a card that became a new object (D0 4.4.4-1: they vanish). When a
record triggers and what it does are the ruleset's: it binds the store to its board attribute
and fires what `due` returns as its own triggered abilities.

Z/X (`timed`) and 東方VISION (`waiting`) keep their own lists for now; D0 (`delayed`) uses this.
"""

from __future__ import annotations


class Store:
    """The created triggers of one ruleset: the board attribute that holds them and the trace
    operations that record a record added or removed."""

    __slots__ = ("attr", "op_add", "op_remove")

    def __init__(self, attr: str = "delayed", op_add: str = "delayed+",
                 op_remove: str = "delayed-") -> None:
        self.attr = attr
        self.op_add = op_add
        self.op_remove = op_remove

    def entries(self, g) -> list:
        return getattr(g.b, self.attr)

    def add(self, g, d: dict) -> None:
        self.entries(g).append(d)
        g.change({"op": self.op_add, "text": d.get("text", ""), "about": d.get("about")})

    def remove(self, g, d: dict) -> None:
        self.entries(g).remove(d)
        g.change({"op": self.op_remove, "text": d.get("text", ""), "about": d.get("about")})

    def due(self, g, moment: str, match=None) -> list:
        """The records waiting for `moment` (and accepted by `match(record)`), taken out in
        the order they were created: each triggers once."""
        out = [d for d in self.entries(g) if d.get("trigger") == moment
               and (match is None or match(d))]
        for d in out:
            self.remove(g, d)
        return out

    def about(self, g, card: str) -> list:
        """The records about `card`, taken out (the card became a new object)."""
        out = [d for d in self.entries(g) if d.get("about") == card]
        for d in out:
            self.remove(g, d)
        return out
