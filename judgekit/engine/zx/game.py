"""The Z/X game: the core's BaseGame with the Z/X rules of zone moves and bookkeeping.

A zone move (other than square to square) makes a new card (301.4); cards arrive rebooted on
squares and in the resource (303.5a, 308.2a), on top of the deck and life (307.2); shifts
travel with their card (202.8a). After a move, the events it is trigger auto abilities
(808), and the rule effects that apply at any moment run at once (901.2a: 910–913, then 902).
"""

from __future__ import annotations

from ..choices import Chooser
from ..game import BaseGame, Halt, IllegalAction, MoveInfo
from . import rule_effects, triggers
from .effects import replace_moves
from .clauses import REGISTRY
from .model import PLAYER_SQUARE, ZEKUSU_TYPES, Board, Card, is_square, zone_kind
from .params import attributes_change, card_name as attr_name, power, races as attr_races
from .readings import READINGS

_rule = REGISTRY.rule

class Game(BaseGame):
    registry = REGISTRY
    readings = READINGS
    WIN_CLAUSE, DRAW_CLAUSE = "101.2", "101.3"

    def __init__(self, board: Board, chooser: Chooser, *, on_step=None, **kw) -> None:
        self.attrib: dict[str, dict] = {}  # card id -> 1204.3 attribution window
        self.attrib_closed: dict[str, str] = {}  # window closed (1204.3b), until the PP ends
        self.limit_source_left = False  # a charge-limit static left the squares (906 reading)
        self.battle_marks: dict[str, str] = {}  # card id -> attacker id (1203)
        self.in_reload = False
        self.in_play: set[str] = set()  # cards being played (temporary; 910 not applied)
        self.pp_active = False
        # zekusu that cannot be destroyed and had 904 executed for their (incarnation, square,
        # damage, power): reading cannot-destroy-once
        self.lethal_spent: dict[str, tuple] = {}
        super().__init__(board, chooser, on_step=on_step, **kw)
        # a static ability granting or taking away a keyword ability (811.1b)
        self.watch_static_grants(lambda ab: ab.get("static") in ("grant", "lose"))

    def static_grants(self):
        from .params import static_grants

        return list(static_grants(self))

    @staticmethod
    def effect_hash(e: dict) -> int:
        return hash(("eff", e.get("power"), e.get("cannot"), tuple(e["to"]), e.get("source"),
                     e.get("until"))) & ((1 << 64) - 1)

    # ---- card parameters ------------------------------------------------------------------------
    def snap(self, c: Card) -> dict:
        """Last-known information of a card in its current zone (813.1)."""
        live = attributes_change(self)  # names and races as effects make them (811.6)
        return {"id": c.id, "name": attr_name(self, c) if live else c.name, "type": c.type,
                "owner": c.owner,
                "controller": c.controller, "zone": c.zone, "state": c.state,
                "damage": c.damage, "power": power(self, c) if c.is_zekusu else None,
                "races": attr_races(self, c) if live else c.races, "colors": c.colors,
                "icons": c.icons,
                "incarnation": c.incarnation, "token": c.token}

    def set_player_damage(self, p: str, n: int) -> None:
        self.set_player(p, "damage", n)

    def shuffle(self, p: str) -> None:
        """1003.1. The engine cannot know the new order; it keeps the listed one and says so.
        The deck is in a random state again (1202.2a)."""
        from ..effects.deck import shuffle

        shuffle(self, p)
        self.set_player(p, "deck_random", True)

    @_rule("1202.2a")
    def deck_not_random(self, p: str, en: str, ja: str) -> None:
        """1202.2a: a card was added to `p`'s deck, or a card's ability saw or revealed some of
        it: the deck is no longer in a random state (until it is shuffled)."""
        if not self.b.players[p].deck_random:
            return
        with self.step("rule", ("1202.2a",), f"{en}: {p}'s deck is no longer in a random state "
                       "(until it is shuffled).", f"{ja}ため、{p}のデッキは無作為な状態ではなくなり"
                       "ます（シャッフルされるまで）。", player=p):
            self.set_player(p, "deck_random", False)

    # ---- zone moves ------------------------------------------------------------------------------
    @_rule("301.4", "301.5", "303.5a", "308.2a", "307.2", "202.8a")
    def move_batch(self, pairs: list[tuple[Card, str]], **kw) -> list[MoveInfo]:
        """Move several cards at the same time, each to its own zone (e.g. several cards
        appearing on different squares together, 1006.3, 808.3b). A 「かわりに」 that replaces a
        card being put into a zone applies first, whatever moves it (812.1)."""
        return super().move_batch(replace_moves(self, pairs), **kw)

    def before_moves(self, pairs):
        """Look back before a simultaneous move (808.3a, 808.3d): the abilities that could
        trigger while the cards were still where they were, and each card's parameters on
        the square it leaves, read before any of the cards moves (one card leaving can change
        another's power)."""
        if not any(is_square(c.zone) or zone_kind(c.zone) in ("life", "hand")
                   for c, _ in pairs):
            return None
        snaps = {}
        if len(pairs) > 1:
            snaps = {c.id: self.snap(c) for c, _ in pairs if is_square(c.zone)}
        return triggers.LookBack(triggers.listeners(self), snaps)

    def same_object(self, c: Card, frm: str, dest: str) -> bool:
        return is_square(frm) and is_square(dest)  # 301.4: square to square is the same card

    def new_object(self, c: Card) -> None:
        super().new_object(c)  # 301.4; 302.1b: control effects were on the old card
        self.attrib.pop(c.id, None)
        self.battle_marks.pop(c.id, None)

    def moved(self, c: Card, frm: str, dest: str, same: bool) -> None:
        if dest.endswith(".deck") and frm != dest:
            self.deck_not_random(dest.split(".")[0], f"{c.id} was added to the deck",
                                 f"{c.id}がデッキに加えられた")
        # shifts travel with their card square to square (202.8a)
        if not (same and c.shifts):
            return
        self.note("rule", ("202.8a",), f"The shift(s) on {c.id} move with it to {dest} "
                  "as one card.", f"{c.id}の上のシフトは、1枚のカードとして一緒に{dest}に"
                  "移動します。", cards=(c.id,))
        self.carry_attached(c, frm, dest, ("shifts",))

    def after_moves(self, infos, reason: str, info: dict, look_back) -> None:
        triggers.on_moves(self, infos, reason, info, look_back)
        rule_effects.anytime(self, infos)

    # ---- game end ------------------------------------------------------------------------------
    @_rule("101.2", "101.3")
    def lose(self, losers: list[str], cites, why: str, why_ja: str) -> None:
        super().lose(losers, cites, why, why_ja)

    # ---- save / restore (804.2f rewinds) --------------------------------------------------------
    def save_extra(self):
        import copy

        return copy.deepcopy(self.attrib), dict(self.battle_marks), dict(self.lethal_spent)

    def restore_extra(self, extra) -> None:
        self.attrib, self.battle_marks, self.lethal_spent = extra

    def gone(self, cid: str) -> tuple[str, str, list]:
        """Why card `cid` is not on the board: (English, Japanese, clauses) of the step in which
        it ceased to exist (a token outside the squares, 912.1 / 1206.4)."""
        for st in reversed(self.trace.steps):
            if any(ch.get("op") == "vanish" and ch.get("card") == cid for ch in st.changes):
                return (st.message.rstrip("."), st.message_ja.rstrip("。"),
                        [c for c in st.cites if c != "901.2a"])
        return ("no card of this board has that id", "この盤面にそのIDのカードはありません", [])

    # ---- helpers -----------------------------------------------------------------------------------
    def player_card_on_squares(self, p: str) -> bool:
        for c in self.b.on_squares():
            if c.type == "player" and c.controller == p and c.face != "down":
                return True
        return False

    def ob_on_squares(self, p: str) -> bool:
        return any(c.type == "zekusu_ob" and c.controller == p for c in self.b.on_squares())

    def zekusu_on_squares(self):
        return [c for c in self.b.on_squares() if c.type in ZEKUSU_TYPES]

    def player_square(self, p: str) -> str:
        return PLAYER_SQUARE[p]
