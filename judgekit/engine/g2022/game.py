"""The g2022 game: the core's BaseGame with the g2022 rules of zone moves and bookkeeping.

A card that changes zones is a new card (501.4); a move from area to area stays in the one area
zone and keeps the card (reading slide-keeps-damage). Cards entering the areas from elsewhere
are rebooted (503.3) and placed newest (1002.1). A chara leaving the areas takes its EXP cards
and connected engages to the same kind of zone (501.6, 513.3b, 514.3b); there the association
ends. After a move, the events it is trigger auto abilities (908); rule effects wait for
priority pre-processing (1001.2).
"""

from __future__ import annotations

from ..choices import Chooser
from ..game import BaseGame, MoveInfo
from . import triggers
from .clauses import REGISTRY
from .model import Board, Card, is_area, zone_kind, zone_player
from .params import play_cost, power
from .readings import READINGS

_rule = REGISTRY.rule


class Game(BaseGame):
    registry = REGISTRY
    readings = READINGS
    WIN_CLAUSE, DRAW_CLAUSE = "101.2", "101.3"

    def __init__(self, board: Board, chooser: Chooser, *, on_step=None, **kw) -> None:
        self.attrib: dict[str, str] = {}  # chara id -> source of its damage / power loss (1103.3)
        self.battle_marks: dict[str, str] = {}  # chara id -> attacker that damaged it (1102)
        self.damaged_by: dict[str, str] = {}  # chara id -> the last source of its damage
        self.pass_no = 0  # the rule-effect pass of the running pre-processing (1103.3b)
        self.after_trigger = False  # 202.2b resolved an ability in this pre-processing
        super().__init__(board, chooser, on_step=on_step, **kw)
        # a static ability granting or taking away a keyword ability (911.1b)
        self.watch_static_grants(lambda ab: ab.get("static") in ("grant", "lose"))

    def static_grants(self):
        from .params import static_grants

        return list(static_grants(self))

    # ---- card parameters ------------------------------------------------------------------------
    def snap(self, c: Card) -> dict:
        """Last-known information of a card where it is now (913.1)."""
        return {"id": c.id, "name": c.name, "type": c.type, "owner": c.owner,
                "controller": c.controller, "zone": c.zone, "state": c.state,
                "face": c.face, "damage": c.damage, "cost": c.cost,
                "power": power(self, c) if is_area(c.zone) else c.power, "icons": c.icons,
                "incarnation": c.incarnation, "under": c.under,
                "exp": [x.id for x in self.b.attached(c.id, "exp")] if is_area(c.zone) else []}

    def cost_of(self, c: Card, area_zone: str | None = None) -> int:
        return play_cost(self, c, area_zone)[0]

    @_rule("1105.1")
    def shuffle(self, p: str) -> None:
        """1105.1. The engine cannot know the new order; it keeps the listed one and says so."""
        from ..effects.deck import SHUFFLE_JA, shuffle

        shuffle(self, p, en="After a shuffle the deck order is random; the engine keeps the "
                "listed order. If a later draw or scout depends on which card is on top, state "
                "the order in the file.", ja=SHUFFLE_JA)

    def set_under(self, c: Card, host: str | None) -> None:
        if c.under != host:
            old, c.under = c.under, host
            self.change({"op": "under", "card": c.id, "from": old, "to": host})

    # ---- zone moves ------------------------------------------------------------------------------
    @_rule("501.4", "501.5", "501.6", "503.3", "502.5c", "513.3b", "514.3b")
    def move_batch(self, pairs: list, **kw) -> list[MoveInfo]:
        """Move several cards at the same time (501.5). A chara leaving the areas takes its
        EXP cards and connected engages along (501.6, 513.3b, 514.3b), each to its owner's
        zone of that kind (502.5c)."""
        b = self.b

        def follow(c, dest):
            if is_area(c.zone) and not is_area(dest):
                for kind in ("exp", "connect"):
                    for a in b.attached(c.id, kind):
                        yield (a, f"{a.owner}.{zone_kind(dest)}" if zone_player(dest) else dest)

        from .effects import replace_moves  # 912.1: 「…に置かれる場合、かわりに…」

        infos = super().move_batch(self.with_attached(replace_moves(self, pairs), follow), **kw)
        for mi in infos:
            c = mi.card
            if c.under is not None and zone_kind(c.zone) not in ("exp", "connect"):
                self.set_under(c, None)  # outside the areas the association ends
        return infos

    def before_moves(self, pairs):
        if any(is_area(c.zone) and not is_area(dest) for c, dest in pairs):
            return triggers.listeners(self)  # 908.3d: 退場 is judged as it was in the area
        return None

    @_rule("913.1a")
    def same_object(self, c: Card, frm: str, dest: str) -> bool:
        return is_area(frm) and is_area(dest)  # area to area: the same card (slide, 913.1a)

    def new_object(self, c: Card) -> None:
        super().new_object(c)  # 501.4: damage and the effects on the old card end
        self.attrib.pop(c.id, None)
        self.battle_marks.pop(c.id, None)
        self.damaged_by.pop(c.id, None)

    def arrive(self, c: Card, same: bool, state: str | None, face: str | None) -> None:
        super().arrive(c, same, state, face)
        if is_area(c.zone) and same:
            c.placed = self.b.tick()  # placed into this area now (1002.1 「最も新しく」)
        if is_area(c.zone) and not same:
            c.since = c.placed  # 911.3a: entered the areas from outside

    @_rule("502.2a")
    def moved(self, c: Card, frm: str, dest: str, same: bool) -> None:
        # 502.2 / 502.2a: a card in the temporary or the scout zone remembers the zone it came
        # from (through the scout zone into the temporary: the zone before the scout zone)
        fk, tk = zone_kind(frm), zone_kind(dest)
        if tk in ("temporary", "scout") and fk not in ("temporary", "scout"):
            c.origin = fk

    def after_moves(self, infos, reason: str, info: dict, look_back) -> None:
        triggers.on_moves(self, infos, reason, info, look_back)
        for mi in infos:  # the origin was read by the events; it ends with the passage
            if zone_kind(mi.to) not in ("temporary", "scout"):
                mi.card.origin = None

    # ---- game end ------------------------------------------------------------------------------
    @_rule("101.2")
    def lose(self, losers: list[str], cites, why: str, why_ja: str) -> None:
        """A player loses; the other wins and the game ends at once (101.2). In g2022 only one
        player can lose at a time — 1007.1 (mission phase) and 1007.2 (draw phases) never meet,
        and a concession is one player's — so the draw of 101.3 cannot arise."""
        super().lose(losers, cites, why, why_ja)

    # ---- save / restore (904.2f rewinds) --------------------------------------------------------
    def save_extra(self):
        return dict(self.attrib), dict(self.battle_marks), dict(self.damaged_by)

    def restore_extra(self, extra) -> None:
        self.attrib, self.battle_marks, self.damaged_by = (dict(x) for x in extra)
