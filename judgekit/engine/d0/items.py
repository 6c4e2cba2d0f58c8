"""What is in flight in a Dimension Zero game besides cards: battles and the frames that hold them
(3.11), the entries of the stack (2.23.9) and triggered abilities waiting for it (4.8.2).
Plain records: the rules that move them are in battle.py, triggers.py, resolve.py."""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Battle:
    """One battle in one square (3.11). `attacking` / `attacked` (3.11.5), `units` (the
    battling units, 3.11.1-2) and `causers` (the units whose meeting caused it, 3.12.2) are card
    ids, each remembered with the object it was (`incarnation`): a unit that left the squares
    is a new card and no longer battles."""

    __slots__ = ("square", "attacking", "attacked", "units", "causers", "first_stacked",
                 "result", "center_played")

    def __init__(self, square: str) -> None:
        self.square = square
        self.attacking: list[tuple[str, int]] = []
        self.attacked: list[tuple[str, int]] = []
        self.units: list[tuple[str, int]] = []
        self.causers: list[tuple[str, int]] = []
        self.first_stacked: list[str] = []  # units whose damage was stacked in step 1 (5.4.2)
        self.result: dict | None = None  # 3.14.1-1: {"winner": id} or {"draw": True}
        self.center_played: list[tuple[str, int]] = []  # played into the center (4.16.4-9)


class BattleFrame:
    """Battles that occurred together and proceed step by step together (3.11.1-4), with the
    stack and the waiting abilities they suspended (3.11.2). A frame below the top of
    `Board.battles` is a waiting battle (待機中のバトル, 3.11.3)."""

    __slots__ = ("battles", "step", "exchange", "end_done", "suspended_stack",
                 "suspended_pending")

    def __init__(self) -> None:
        self.battles: list[Battle] = []
        self.step = "first"  # first / second / end  (3.11.4)
        self.exchange = "pending"  # pending / stacked / none: this step's exchange (3.12.2)
        self.end_done = False  # 3.14.2's rule effects and 3.14.2-2's triggers happened
        self.suspended_stack: list = []  # the suspended stack (bottom first), 3.11.2
        self.suspended_pending: list = []  # abilities reserved to go on it, 3.11.2


class StackItem:
    """One entry of the stack (2.23.9): a spell (a card), an activated or triggered ability, a
    unit move (4.7.3), plan-zone creation/update (3.8.2-3/-4), or a damage exchange (3.12.2)."""

    __slots__ = ("kind", "card", "source", "ability", "controller", "targets", "square",
                 "from_square", "damage", "step", "snap", "event", "paid", "n", "obj",
                 "reveal", "data", "objs", "labels", "via", "advance", "linked", "x",
                 "mode", "divided", "additional")

    def __init__(self, kind: str, *, card: str | None = None, source: str | None = None,
                 ability: int | None = None, controller: str = "P1", targets=None,
                 square: str | None = None, from_square: str | None = None,
                 damage: list | None = None, step: str | None = None, snap: dict | None = None,
                 event: dict | None = None) -> None:
        self.kind = kind  # spell / triggered / activated / move / plan / exchange
        self.card = card  # the spell's card, or the unit a move moves
        self.source = source  # an ability's source card
        self.ability = ability  # 1-based index of the ability on its source
        self.controller = controller
        self.targets: dict = dict(targets or {})  # target name -> [ids, squares or areas]
        self.square = square  # a unit/base spell's chosen square; a move's destination
        self.from_square = from_square  # a move: the square it was declared from (4.9.3-1)
        self.damage: list = list(damage or [])  # exchange: [{from, to, amount}] fixed (3.12.4-1)
        self.step = step  # exchange: first / second; plan: create / update
        self.snap = snap  # last-known information of an ability's source when stacked (2.27)
        self.event = event  # the triggering event (「そのユニット」, the square it went to)
        self.paid: list[str] = []
        self.n = 0  # serial number (display, the state hash)
        self.obj = 0  # the incarnation of the unit a move moves
        self.reveal = False  # a reveal-from-hand ability (4.8.12)
        self.data = None  # an ability created by an effect (即死's delayed trigger, …)
        self.objs: dict = {}  # target card id -> the object it was when chosen (4.9.2-1)
        self.labels: dict = {}  # lang -> how the stack shows it (fixed once its targets are)
        self.via = None  # a unit played through another card's 召集: that card (5.3.2)
        self.advance = False  # a move that paid 進撃's additional cost (5.11.2)
        self.linked: dict = {}  # a spell's 連動 texts: ability index -> enabled when played
        self.x = None  # the number chosen for the cost's variable X (4.7.2-3), if any
        self.mode = None  # a modal spell's declared choice (4.7.2-2), 1-based
        self.divided: dict = {}  # 「割り振って与える」: target id -> its share (4.7.2-6)
        self.additional = False  # played paying its additional cost (4.7.2-4)


class Pending:
    """A triggered ability that has triggered and waits to go on the stack (4.4.2, 4.8.2).
    `idx` is the ability's 1-based index on its source; 0 for an ability created by an effect
    (`data` then holds it, 4.4.4)."""

    __slots__ = ("card", "idx", "controller", "event", "snap", "hkey", "group", "n", "data",
                 "reveal", "state")

    def __init__(self, card: str, idx: int, controller: str, event: dict | None, snap: dict,
                 n: int, data: dict | None = None) -> None:
        self.card = card
        self.idx = idx
        self.controller = controller
        self.event = event or {}
        self.snap = snap
        self.n = n
        self.data = data
        self.reveal = False  # a revealed hand card's ability (4.8.12)
        self.state = False  # a state trigger (4.8.13)
        self.group = (card, idx, self.event.get("kind"))
        self.hkey = hash(("pend", card, idx, controller, self.event.get("kind"),
                          self.event.get("card"))) & _MASK

    def ability(self, g) -> dict:
        if self.data is not None:
            return self.data
        c = g.b.cards.get(self.card)
        return c.abilities[self.idx - 1] if c is not None else {}
