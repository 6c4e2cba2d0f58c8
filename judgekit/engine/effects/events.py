"""One event vocabulary for every ruleset (issue 20): what would happen or did happen.

An `Event` is a typed record, not a loose dict: the `kind` (the ruleset's own word for it —
"retired", "damaged", "to_graveyard", "draw" …), the `card` it is about (an id) or the
`player`, the `source` (the card whose ability or battle makes it happen, None for the game's
rules), the `cause` (one of CAUSES), an `amount` (damage, cards), the zones `frm` / `to`, and
`applied`: the keys of the replacement effects already applied to this event (a modified event
goes round the replacement loop again without them). Replacement effects and prohibitions see
an event before it happens; triggers see it after (the ruleset's own event dicts carry the same
fields: `cause`, `source`, `by` — the controller of the source).
"""

from __future__ import annotations

# what made an event happen: a card's effect, a battle, the game's rules (rule effects,
# turn procedure), the payment of a cost, the play of a card
CAUSES = ("effect", "battle", "rule", "cost", "play")


class Event:
    __slots__ = ("kind", "card", "player", "source", "cause", "amount", "frm", "to",
                 "applied", "data", "en", "ja")

    def __init__(self, kind: str, *, card: str | None = None, player: str | None = None,
                 source: str | None = None, cause: str = "effect", amount: int = 0,
                 frm: str | None = None, to: str | None = None, data: dict | None = None,
                 en: str = "", ja: str = "") -> None:
        if cause not in CAUSES:
            raise ValueError(f"unknown cause {cause!r} (one of {', '.join(CAUSES)})")
        self.kind = kind
        self.card = card
        self.player = player
        self.source = source
        self.cause = cause
        self.amount = amount
        self.frm = frm
        self.to = to
        self.applied: tuple = ()
        self.data = data or {}
        self.en = en or kind  # how the trace names it ("B's 退場")
        self.ja = ja or kind

    def signature(self) -> tuple:
        """What makes two events the same event for loop detection."""
        return (self.kind, self.card, self.player, self.amount, self.to)

    def modified(self, **changes) -> "Event":
        """The event as a replacement changed it (an amount reduced, another destination):
        the same event, which keeps the replacements already applied to it."""
        ev = Event(self.kind, card=self.card, player=self.player, source=self.source,
                   cause=self.cause, amount=self.amount, frm=self.frm, to=self.to,
                   data=dict(self.data), en=self.en, ja=self.ja)
        for k, v in changes.items():
            setattr(ev, k, v)
        ev.applied = self.applied
        return ev

    def __repr__(self) -> str:
        return (f"Event({self.kind!r}, card={self.card!r}, player={self.player!r}, "
                f"source={self.source!r}, cause={self.cause!r}, amount={self.amount})")


def cause_matches(want: str | None, cause: str | None) -> bool:
    """A trigger or replacement worded by cause (「バトルで」「効果で」) against an event's cause;
    None or "any" matches every cause."""
    return want in (None, "any") or want == cause


def by_matches(want: str | None, by: str | None, you: str) -> bool:
    """「あなたの〜によって」/「相手の〜によって」: whose card caused it (`by`, a player) against
    the ability controller `you`; None or "any" matches anyone."""
    if want in (None, "any"):
        return True
    if by is None:
        return False
    return (by == you) if want == "you" else (by != you) if want == "opponent" else by == want
