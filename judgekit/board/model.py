"""The board state: one object holding everything (like python-chess's `Board`).

Zones are ordered lists of card ids keyed by a zone name:
  "P1.deck", "P1.life", ... (per player, 301.2b; deck and life top first),
  "N-L" … "S-R" (the nine squares, oldest placed first), "temporary", "force".
Every card is in exactly one zone and knows it (`card.zone`); `Board.integrity()` checks it.

Cards of unknown identity (a judge writes `life: 4`) are real cards with generated ids such as
`P2.life#3` and `known = False`; the writer folds them back into counts.
"""

from __future__ import annotations

from .spec import HIDDEN_ZONES, PLAYER_ZONES, PLAYERS, SQUARES

PLAYER_SQUARE = {"P1": "S-C", "P2": "N-C"}  # 402.1a: the player square nearer each player
SQUARE_OWNER = {v: k for k, v in PLAYER_SQUARE.items()}
CENTER = "M-C"
ZEKUSU_TYPES = ("zekusu", "zekusu_ex", "zekusu_ob")  # 202.6a, 202.7a
_ROW = {"N": 0, "M": 1, "S": 2}
_COL = {"L": 0, "C": 1, "R": 2}


def opponent(p: str) -> str:
    return "P2" if p == "P1" else "P1"


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


def zone_player(zone: str) -> str | None:
    if "." in zone:
        return zone.split(".", 1)[0]
    return None


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


class Card:
    __slots__ = ("id", "name", "type", "cost", "colors", "power", "races", "icons", "owner",
                 "controller", "state", "face", "damage", "placed", "token", "player_name",
                 "text", "abilities", "shifts", "under", "note", "zone", "known",
                 "incarnation", "pos", "virtual", "bare")

    def __init__(self, id: str, *, name: str = "", type: str | None = None,
                 cost: int | None = None, colors: tuple = (), power: int | None = None,
                 races: tuple = (), icons: tuple = (), owner: str = "P1",
                 controller: str | None = None, state: str | None = None,
                 face: str | None = None, damage: int = 0, placed: int = 0,
                 token: bool = False, player_name: str = "", text: str = "",
                 abilities: list | None = None, shifts: list | None = None,
                 under: str | None = None, note: str = "", zone: str = "",
                 known: bool = True, pos: tuple = (0, 0), virtual: bool = False,
                 bare: bool = False) -> None:
        self.id = id
        self.name = name
        self.type = type
        self.cost = cost
        self.colors = tuple(colors)
        self.power = power
        self.races = tuple(races)
        self.icons = tuple(icons)
        self.owner = owner
        self.controller = controller or owner
        self.state = state
        self.face = face
        self.damage = damage
        self.placed = placed
        self.token = token
        self.player_name = player_name
        self.text = text
        self.abilities = abilities if abilities is not None else []
        self.shifts = shifts if shifts is not None else []  # ids of shift cards on it
        self.under = under
        self.note = note
        self.zone = zone
        self.known = known
        self.incarnation = 0
        self.pos = pos
        self.virtual = virtual
        self.bare = bare  # written as a bare id: identity known, parameters not given

    @property
    def is_zekusu(self) -> bool:
        return self.type in ZEKUSU_TYPES

    @property
    def face_now(self) -> str:
        """The face the card shows: as written, else its zone's default (302.3c)."""
        return self.face or default_face(self.zone)

    def label(self) -> str:
        return f"{self.id} 《{self.name}》" if self.name else self.id

    def __repr__(self) -> str:
        return f"Card({self.id!r} in {self.zone})"


class Player:
    __slots__ = ("id", "damage", "charge_limit", "hand_limit", "counters", "flags", "pos")

    def __init__(self, id: str) -> None:
        self.id = id
        self.damage = 0  # 907.1
        self.charge_limit: int | None = 4  # 306.2a
        self.hand_limit: int | None = 6  # 309.2b
        self.counters: dict[str, int] = {}
        self.flags: dict[str, bool] = {}
        self.pos = (0, 0)


class Board:
    """The single source of truth for a Z/X game state."""

    def __init__(self) -> None:
        self.ruleset = "zx"
        self.edition = ""
        self.meta: dict = {}
        self.filename = "<board>"
        self.sha256 = ""  # of the bytes load_file read (the ruling's and trace's fingerprint)
        # game context
        self.turn = 1
        self.turn_player = "P1"
        self.first_player = "P1"
        self.step = "506.2"
        self.priority: str | None = None
        self.battle: dict | None = None
        self.passed: list[str] = []
        self.turn_end_triggered: list[str] = []
        self.used: dict[str, int] = {}  # 803.1d: "card#n" -> resolutions this turn
        # players, cards, zones
        self.players = {p: Player(p) for p in PLAYERS}
        self.cards: dict[str, Card] = {}
        self.zones: dict[str, list[str]] = {}
        for p in PLAYERS:
            for z in PLAYER_ZONES:
                self.zones[f"{p}.{z}"] = []
        for s in SQUARES:
            self.zones[s] = []
        self.zones["temporary"] = []
        self.zones["force"] = []
        # effects and abilities in flight
        self.effects: list[dict] = []
        self.triggers: list[dict] = []
        self.timed: list[dict] = []
        self.clock = 0  # timestamps: placement order (905), 811.3
        # the scenario around the state
        self.events: list = []
        self.actions: list = []
        self.choices: dict = {}
        self.until: str | None = None
        self.expect: dict | None = None
        self.positions: dict = {}  # path -> (line, col) from the file

    # ---- queries ------------------------------------------------------------------------
    def zone_of(self, card_id: str) -> str:
        return self.cards[card_id].zone

    def cards_in(self, zone: str) -> list[Card]:
        cs = self.cards
        return [cs[i] for i in self.zones[zone]]

    def pzone(self, player: str, zone: str) -> list[str]:
        return self.zones[f"{player}.{zone}"]

    def on_squares(self):
        cs = self.cards
        for s in SQUARES:
            for i in self.zones[s]:
                yield cs[i]

    def zekusu_on(self, square: str) -> list[Card]:
        return [c for c in self.cards_in(square) if c.is_zekusu]

    def player_square(self, p: str) -> str:
        return PLAYER_SQUARE[p]

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def pos_of(self, path: tuple) -> tuple[int, int]:
        return self.positions.get(tuple(path), (0, 0))

    # ---- integrity ------------------------------------------------------------------------
    def integrity(self) -> list[str]:
        """Problems with the bookkeeping itself: a card in no zone, in two zones, or whose
        `zone` disagrees with the zone lists. Empty for a sound state."""
        seen: dict[str, str] = {}
        out = []
        for z, ids in self.zones.items():
            for i in ids:
                if i in seen:
                    out.append(f"card {i} is in {seen[i]} and in {z}")
                seen[i] = z
                c = self.cards.get(i)
                if c is None:
                    out.append(f"zone {z} holds unknown card {i}")
                elif c.zone != z:
                    out.append(f"card {i} says it is in {c.zone} but is listed in {z}")
        for i in self.cards:
            if i not in seen:
                out.append(f"card {i} is in no zone")
        return out
