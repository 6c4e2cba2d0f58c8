"""The Z/X board state: cards, players, zones and the 3×3 squares of 303.

Zones: per player "P1.deck", "P1.life", … (301.2b; deck and life top first), the nine
squares "N-L" … "S-R" (oldest placed first), "temporary", "force". Rows N (P2's side), M, S
(P1's side) × columns L, C, R; P1's player square is S-C, P2's is N-C (402.1a).
"""

from __future__ import annotations

from ...board.model import PLAYERS, BaseBoard, BaseCard, BasePlayer, opponent, zone_player
from .spec import HIDDEN_ZONES, PLAYER_ZONES, SQUARES

PLAYER_SQUARE = {"P1": "S-C", "P2": "N-C"}  # 402.1a: the player square nearer each player
SQUARE_OWNER = {v: k for k, v in PLAYER_SQUARE.items()}
CENTER = "M-C"
ZEKUSU_TYPES = ("zekusu", "zekusu_ex", "zekusu_ob")  # 202.6a, 202.7a
_ROW = {"N": 0, "M": 1, "S": 2}
_COL = {"L": 0, "C": 1, "R": 2}


def square_xy(sq: str) -> tuple[int, int]:
    return _ROW[sq[0]], _COL[sq[2]]


def distance(a: str, b: str) -> int:
    """303.2a: fewest neighbour steps; neighbours are orthogonal only (303.2)."""
    (r1, c1), (r2, c2) = square_xy(a), square_xy(b)
    return abs(r1 - r2) + abs(c1 - c2)


def neighbours(sq: str) -> list[str]:
    return [s for s in SQUARES if distance(sq, s) == 1]


def is_square(zone: str) -> bool:
    return zone in _SQUARE_SET


_SQUARE_SET = frozenset(SQUARES)


def zone_kind(zone: str) -> str:
    """deck / life / … for per-player zones, 'square', 'temporary' or 'force'."""
    if zone in _SQUARE_SET:
        return "square"
    if "." in zone:
        return zone.split(".", 1)[1]
    return zone


def is_public(zone: str) -> bool:
    return zone_kind(zone) not in HIDDEN_ZONES


def default_face(zone: str) -> str:
    """302.3c: public zones face up, hidden zones face down."""
    return "up" if is_public(zone) else "down"


def has_states(zone: str) -> bool:
    """302.2: reboot/sleep exist only on squares and in the resource."""
    k = zone_kind(zone)
    return k == "square" or k == "resource"


class Card(BaseCard):
    """A Z/X card: the parameters of 200s (cost 203, colours 204, icons 206, races 207, power
    208, player name 214), shifts stacked on it (202.8) and the card a force is under (312.3)."""

    __slots__ = ("cost", "colors", "power", "races", "icons", "player_name", "under", "shifts")
    FIELDS = (("cost", None), ("colors", ()), ("power", None), ("races", ()), ("icons", ()))
    TAIL_FIELDS = (("player_name", ""), ("under", None))
    ATTACHED = ("shifts",)

    @property
    def is_zekusu(self) -> bool:
        return self.type in ZEKUSU_TYPES

    @property
    def face_now(self) -> str:
        """The face the card shows: as written, else its zone's default (302.3c)."""
        return self.face or default_face(self.zone)


class Player(BasePlayer):
    __slots__ = ("damage", "charge_limit", "hand_limit", "deck_random")
    # 907.1 damage counter; 306.2a charge limit 4; 309.2b hand limit 6 (None = no limit);
    # 1202.2a the deck is in a random state (shuffled at the start, 402.1; no card added to it
    # and none of it seen or revealed by a card's ability since the last shuffle)
    FIELDS = (("damage", 0), ("charge_limit", 4), ("hand_limit", 6), ("deck_random", True))


class Board(BaseBoard):
    """The single source of truth for a Z/X game state."""

    ruleset = "zx"
    Card = Card
    Player = Player
    PLAYER_ZONES = PLAYER_ZONES
    SHARED_ZONES = {**{s: "square" for s in SQUARES}, "temporary": "temporary",
                    "force": "force"}
    HIDDEN_KINDS = HIDDEN_ZONES
    STATE_KINDS = ("square", "resource")  # 302.2
    DEFAULT_STATE = "reboot"  # 303.5a, 308.2a
    ORDERED_TOP_KINDS = ("deck", "life")  # 307.2
    PLACED_KINDS = ("square",)  # 905, 811.3a
    ZONE_SECTIONS = {"squares": SQUARES, "temporary": "temporary", "force_zone": "force"}

    def __init__(self) -> None:
        super().__init__()
        self.step = "506.2"
        self.battle: dict | None = None
        self.passed: list[str] = []
        self.turn_end_triggered: list[str] = []
        self.used: dict[str, int] = {}  # 803.1d: "card#n" -> resolutions this turn
        self.timed: list[dict] = []

    # ---- the file's own game context ----------------------------------------------------------
    def complete_card(self, card, data: dict) -> None:
        if card.type is None and "power" in data:
            card.type = "zekusu"  # a card written with a power is a zekusu (202.6)

    def read_context(self, game: dict, data: dict) -> None:
        self.battle = dict(game["battle"]) if "battle" in game else None
        self.passed = list(game.get("passed", []))
        self.turn_end_triggered = list(game.get("turn_end_triggered", []))
        self.used = dict(game.get("used", {}))
        for i, t in enumerate(data.get("timed", [])):
            tm = dict(t)
            tm["_path"] = ("timed", i)
            self.timed.append(tm)

    def write_context(self, game: dict, data: dict) -> None:
        if self.battle:
            game["battle"] = {k: v for k, v in self.battle.items() if v not in (None, [], "")}
        if self.passed:
            game["passed"] = list(self.passed)
        if self.turn_end_triggered:
            game["turn_end_triggered"] = list(self.turn_end_triggered)
        if self.used:
            game["used"] = dict(self.used)
        if self.timed:
            data["timed"] = [{k: v for k, v in t.items() if not k.startswith("_")}
                             for t in self.timed]

    def rename_references(self, renames: dict) -> None:
        for t in self.timed:
            for k in ("these", "chosen"):
                if t.get(k):
                    t[k] = [renames.get(x, x) for x in t[k]]
        if self.battle:
            for k in ("attacker", "target"):
                if k in self.battle:
                    self.battle[k] = renames.get(self.battle[k], self.battle[k])
        for c in self.cards.values():
            if c.under in renames:
                c.under = renames[c.under]

    def read_player(self, pl, pd: dict) -> None:
        pl.damage = pd.get("damage", 0)
        pl.deck_random = pd.get("deck_random", True)
        for k in ("charge_limit", "hand_limit"):
            if k in pd:
                v = pd[k]
                setattr(pl, k, None if v == "none" else v)

    def write_player(self, pl, pd: dict) -> None:
        pd["damage"] = pl.damage
        if pl.charge_limit != 4:
            pd["charge_limit"] = "none" if pl.charge_limit is None else pl.charge_limit
        if pl.hand_limit != 6:
            pd["hand_limit"] = "none" if pl.hand_limit is None else pl.hand_limit
        if not pl.deck_random:
            pd["deck_random"] = False

    # ---- queries ------------------------------------------------------------------------------
    def on_squares(self):
        cs = self.cards
        for s in SQUARES:
            for i in self.zones[s]:
                yield cs[i]

    def zekusu_on(self, square: str) -> list[Card]:
        return [c for c in self.cards_in(square) if c.is_zekusu]

    def player_square(self, p: str) -> str:
        return PLAYER_SQUARE[p]


__all__ = ["Board", "Card", "Player", "PLAYERS", "PLAYER_SQUARE", "SQUARE_OWNER", "CENTER",
           "ZEKUSU_TYPES", "opponent", "zone_player", "zone_kind", "is_square", "is_public",
           "default_face", "has_states", "distance", "neighbours", "square_xy"]
