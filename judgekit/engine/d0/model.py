"""The Dimension Zero board: zones, geometry, cards and players (digest d0.md §4).

Geometry (2.23.8, 2.24), written in P1's frame — a judge stands behind P1's side:

            P2's base space      P2-L  P2-C  P2-R        (P2's own base squares)
            row 3                L3    C3    R3          P1's enemy area = P2's own area
            row 2                L2    C2    R2          the center area
            row 1                L1    C1    R1          P1's own area  = P2's enemy area
            P1's base space      P1-L  P1-C  P1-R

Lines are columns (2.24.4: three battle squares and the two base squares of a column); areas
are rows (2.24.6). Left/right are named from P1's side: P2's left line is column R (2.24.5), so
files store absolute columns and the engine names them relative to a player only where the
rules or a card do (2.24.5-1, 2.24.7-1/-2). Own/center/enemy area depends on the player:
row 1 is P1's own area and P2's enemy area (2.24.7).

Zones (2.23.1): per player `P1.deck` (top first), `P1.plan` (the face-up top card of the deck,
2.23.3-1: it is still the deck's top card), `P1.hand`, `P1.graveyard` (top first, 2.23.5-1),
`P1.energy`, `P1.smash`, `P1.remove`, and the three base squares `P1-L`, `P1-C`, `P1-R`; shared:
the nine battle squares `L1` … `R3` and the `stack`. Every square is a zone of its own
(2.23.1 #p1). A card is in exactly one zone and knows it.
"""

from __future__ import annotations

PLAYERS = ("P1", "P2")
LINES = ("L", "C", "R")
ROWS = (1, 2, 3)
BATTLE_SQUARES = tuple(f"{ln}{r}" for r in ROWS for ln in LINES)  # L1 C1 R1 L2 … R3
BASE_SQUARES = tuple(f"{p}-{ln}" for p in PLAYERS for ln in LINES)  # P1-L … P2-R
SQUARES = BATTLE_SQUARES + BASE_SQUARES
PLAYER_ZONES = ("deck", "plan", "hand", "graveyard", "energy", "smash", "remove")
HIDDEN_ZONES = ("deck", "hand", "smash")  # 2.25.2-1 (the plan card is public, 2.25.1-1)
STATE_ZONES = ("energy", "smash")  # + squares: the zones whose cards are released/frozen (2.26.1)
CARD_TYPES = ("unit", "base", "strategy")  # 2.6.2
COLORS = ("red", "black", "blue", "white", "green")  # 1.2.3, 2.4.2-3
COST_SYMBOLS = COLORS + ("colorless",)
TIMINGS = ("normal", "quick", "battle")  # 2.9.2
STATES = ("released", "frozen")  # 2.26.1
PHASES = ("release", "draw", "energy", "main", "smash", "recovery")  # 3.4.2
PHASE_JA = {"release": "リリースフェイズ", "draw": "ドローフェイズ", "energy": "エネルギーフェイズ",
            "main": "メインフェイズ", "smash": "スマッシュフェイズ", "recovery": "リカバリーフェイズ"}
AREA_JA = {"own": "自軍エリア", "center": "中央エリア", "enemy": "敵軍エリア"}
LINE_JA = {"left": "左ライン", "center": "中央ライン", "right": "右ライン"}

COLOR_ALIASES = {"赤": "red", "黒": "black", "青": "blue", "白": "white", "緑": "green",
                 "無色": "colorless", "無": "colorless"}
TYPE_ALIASES = {"ユニット": "unit", "ベース": "base", "ストラテジー": "strategy"}
TIMING_ALIASES = {"ノーマル": "normal", "クイック": "quick", "バトル": "battle",
                  "N": "normal", "Q": "quick", "B": "battle"}
STATE_ALIASES = {"リリース": "released", "フリーズ": "frozen", "release": "released",
                 "freeze": "frozen"}

_BATTLE_SET = frozenset(BATTLE_SQUARES)
_BASE_SET = frozenset(BASE_SQUARES)


def opponent(p: str) -> str:
    return "P2" if p == "P1" else "P1"


# ---- geometry (2.24) ---------------------------------------------------------------------------

def is_battle_square(zone: str) -> bool:
    return zone in _BATTLE_SET


def is_base_square(zone: str) -> bool:
    return zone in _BASE_SET


def is_square(zone: str) -> bool:
    return zone in _BATTLE_SET or zone in _BASE_SET


def line_of(sq: str) -> str:
    """The column (absolute, P1's frame) of a battle or base square (2.24.4)."""
    return sq[-1] if sq in _BASE_SET else sq[0]


def row_of(sq: str) -> int:
    return int(sq[1])


def area_of(sq: str, player: str) -> str:
    """own / center / enemy area of a battle square seen from `player` (2.24.7)."""
    r = row_of(sq)
    if r == 2:
        return "center"
    own_row = 1 if player == "P1" else 3
    return "own" if r == own_row else "enemy"


def line_name(sq: str, player: str) -> str:
    """left / center / right line of a square seen from `player` (2.24.5): P2 faces P1, so
    P2's left line is column R."""
    ln = line_of(sq)
    if ln == "C":
        return "center"
    left = "L" if player == "P1" else "R"
    return "left" if ln == left else "right"


def area_squares(player: str, area: str) -> tuple[str, ...]:
    return tuple(s for s in BATTLE_SQUARES if area_of(s, player) == area)


def line_squares(line: str, *, bases: bool = False) -> tuple[str, ...]:
    """The battle squares of a column (and, with bases=True, its two base squares: 2.24.4)."""
    out = tuple(f"{line}{r}" for r in ROWS)
    if bases:
        out += (f"P1-{line}", f"P2-{line}")
    return out


def adjacent(a: str, b: str) -> bool:
    """3.8.2-6: battle squares above, below, left or right (no diagonals)."""
    if a not in _BATTLE_SET or b not in _BATTLE_SET:
        return False
    return abs(LINES.index(a[0]) - LINES.index(b[0])) + abs(row_of(a) - row_of(b)) == 1


def neighbours(sq: str) -> list[str]:
    return [s for s in BATTLE_SQUARES if adjacent(sq, s)]


def base_square_front(base: str) -> str:
    """2.23.8-2: a player's base square is adjacent to that player's own-area square of its
    line."""
    p, ln = base.split("-")
    return f"{ln}{1 if p == 'P1' else 3}"


def base_owner(base: str) -> str:
    return base.split("-")[0]


def zone_player(zone: str) -> str | None:
    if "." in zone:
        return zone.split(".", 1)[0]
    if zone in _BASE_SET:
        return base_owner(zone)
    return None


def zone_kind(zone: str) -> str:
    """deck / plan / hand / … for per-player zones; 'battle_square', 'base_square', 'stack'."""
    if zone in _BATTLE_SET:
        return "battle_square"
    if zone in _BASE_SET:
        return "base_square"
    if "." in zone:
        return zone.split(".", 1)[1]
    return zone


def is_public(zone: str) -> bool:
    return zone_kind(zone) not in HIDDEN_ZONES


def has_states(zone: str) -> bool:
    """2.26.1: released/frozen exist on squares and in the energy and smash zones."""
    return is_square(zone) or zone_kind(zone) in STATE_ZONES


def default_face(zone: str) -> str:
    """Face up in public zones; the smash zone is face down (2.23.7-2), the deck and the hand
    are hidden."""
    return "up" if is_public(zone) else "down"


def colors_of_cost(cost: dict) -> tuple[str, ...]:
    """2.4.2: a card's colours are those of the coloured symbols of its play cost; none means
    colourless (2.4.2-1); several mean all of them (2.4.2-2)."""
    return tuple(c for c in COLORS if cost.get(c))


def cost_total(cost: dict) -> int:
    """2.4.3: a cost read without a colour is the sum of all its numbers."""
    return sum(max(0, int(v)) for v in cost.values())


# ---- cards, players, board ---------------------------------------------------------------------

class Card:
    """A card with stable identity. `obj` counts the new objects the card has been (2.23.1-3):
    an effect that remembers a card remembers (id, obj) and stops when the card moved other than
    square to square."""

    __slots__ = ("id", "name", "type", "cost", "move_cost", "colors", "races", "timing",
                 "power", "smash", "keywords", "abilities", "owner", "controller", "state",
                 "face", "damage", "placed", "text", "note", "zone", "known", "obj", "pos",
                 "bare", "under", "linked", "markers", "played_center", "revealed")

    def __init__(self, id: str, *, name: str = "", type: str | None = None,
                 cost: dict | None = None, move_cost: dict | None = None,
                 colors: tuple | None = None, races: tuple = (), timing: str = "normal",
                 power: int | None = None, smash: int | None = None, keywords: list | None = None,
                 abilities: list | None = None, owner: str = "P1", controller: str | None = None,
                 state: str | None = None, face: str | None = None, damage: int = 0,
                 placed: int = 0, text: str = "", note: str = "", zone: str = "",
                 known: bool = True, pos: tuple = (0, 0), bare: bool = False) -> None:
        self.id = id
        self.name = name
        self.type = type
        self.cost = dict(cost or {})
        self.move_cost = dict(move_cost or {})
        self.colors = tuple(colors) if colors is not None else colors_of_cost(self.cost)
        self.races = tuple(races)
        self.timing = timing
        self.power = power
        self.smash = smash
        self.keywords = list(keywords or [])
        self.abilities = list(abilities or [])
        self.owner = owner
        self.controller = controller or owner
        self.state = state
        self.face = face
        self.damage = damage
        self.placed = placed
        self.text = text
        self.note = note
        self.zone = zone
        self.known = known
        self.obj = 0
        self.pos = pos
        self.bare = bare
        self.under: str | None = None  # 闘気 card: the card it is under (6.1.2)
        self.linked: str | None = None  # link strategy: the unit it is bound to (6.6.4)
        self.markers: dict[str, int] = {}  # 6.7.1
        self.played_center = False  # played to a center-area square (4.16.4-8/-9, 2.20.1-6)
        self.revealed = False  # revealed from the hand for a 4.8.12 ability

    @property
    def is_unit(self) -> bool:
        return self.type == "unit"

    @property
    def is_base(self) -> bool:
        return self.type == "base"

    @property
    def is_strategy(self) -> bool:
        return self.type == "strategy"

    def label(self) -> str:
        return f"{self.id} 「{self.name}」" if self.name else self.id

    def __repr__(self) -> str:
        return f"Card({self.id!r} in {self.zone})"


class Player:
    __slots__ = ("id", "conceded", "pos")

    def __init__(self, id: str) -> None:
        self.id = id
        self.conceded = False  # 3.3.7
        self.pos = (0, 0)


class Battle:
    """One battle in one square (3.11). `attacking` / `attacked` (3.11.5) and `units` (the
    battling units, 3.11.1-2) are card ids, each remembered with the object it was (a unit that
    left the squares is a new card and no longer battles)."""

    __slots__ = ("square", "attacking", "attacked", "units", "causers", "first_stacked",
                 "result", "center_played")

    def __init__(self, square: str) -> None:
        self.square = square
        self.attacking: list[tuple[str, int]] = []
        self.attacked: list[tuple[str, int]] = []
        self.units: list[tuple[str, int]] = []
        self.causers: list[tuple[str, int]] = []  # the units whose meeting caused it (3.12.2)
        self.first_stacked: list[str] = []  # units whose damage was stacked in step 1 (5.4.2)
        self.result: dict | None = None  # 3.14.1-1: {"winner": id} or {"draw": True}
        self.center_played: list[tuple[str, int]] = []  # 4.16.4-9


class BattleFrame:
    """Battles that occurred together and proceed step by step together (3.11.1-4), with the
    stack and the waiting abilities they suspended (3.11.2). A frame below the top of
    `Board.battles` is a waiting battle (待機中のバトル, 3.11.3)."""

    __slots__ = ("battles", "step", "exchange", "end_done", "suspended_stack",
                 "suspended_pending")

    def __init__(self) -> None:
        self.battles: list[Battle] = []
        self.step = "first"  # first / second / end  (3.11.4)
        self.exchange = "pending"  # pending / stacked / none — this step's exchange (3.12.2)
        self.end_done = False  # 3.14.2's rule effects and 3.14.2-2's triggers happened
        self.suspended_stack: list = []  # the suspended stack (bottom first), 3.11.2
        self.suspended_pending: list = []  # abilities reserved to go on it, 3.11.2


class StackItem:
    """One entry of the stack (2.23.9): a spell (a card), an activated or triggered ability, a
    unit move (4.7.3), plan-zone creation/update (3.8.2-3/-4), or a damage exchange (3.12.2)."""

    __slots__ = ("kind", "card", "source", "ability", "controller", "targets", "square",
                 "from_square", "damage", "step", "snap", "event", "pos", "paid", "n",
                 "battle_square")

    def __init__(self, kind: str, *, card: str | None = None, source: str | None = None,
                 ability: int | None = None, controller: str = "P1", targets=None,
                 square: str | None = None, from_square: str | None = None,
                 damage: dict | None = None, step: str | None = None, snap: dict | None = None,
                 event: dict | None = None) -> None:
        self.kind = kind  # spell / activated / triggered / move / plan_create / plan_update /
        #                   exchange
        self.card = card  # the spell's card, or the unit moved
        self.source = source  # an ability's source card
        self.ability = ability  # 1-based index of the ability on its source
        self.controller = controller
        self.targets = dict(targets or {})  # target name -> [ids or squares]
        self.square = square  # a unit/base spell's chosen square; a move's destination
        self.from_square = from_square  # a move: the square it was declared from (4.9.3-1)
        self.damage = dict(damage or {})  # exchange: dealer id -> (receiver id, amount)
        self.step = step  # exchange: first / second
        self.snap = snap  # last-known information of the source when stacked (2.27)
        self.event = event  # the triggering event (for 「そのユニット」 etc.)
        self.pos = (0, 0)
        self.paid: list[str] = []
        self.n = 0  # order number (for display and the state hash)
        self.battle_square = None


class Board:
    """The single source of truth for a Dimension Zero game state."""

    def __init__(self) -> None:
        self.ruleset = "d0"
        self.edition = ""
        self.meta: dict = {}
        self.filename = "<board>"
        # game context
        self.turn = 1
        self.turn_player = "P1"  # the active player (1.1.4, 2.1.3)
        self.first_player = "P1"
        self.phase = "main"
        self.step = "4.6.2"
        self.priority: str | None = None
        self.passed: list[str] = []  # players who passed since the last action (4.6.2)
        self.battles: list[BattleFrame] = []  # outermost first; the last one runs (3.11.3)
        self.once_fired: list[str] = []  # 4.4.4: once-per-turn abilities that triggered
        self.recovery_event = False  # 3.10.3: an event or rule effect during 3.10.1–3.10.3
        self.empty_exchange = True  # reading empty-exchange (3.12.2)
        # players, cards, zones
        self.players = {p: Player(p) for p in PLAYERS}
        self.cards: dict[str, Card] = {}
        self.zones: dict[str, list[str]] = {}
        for p in PLAYERS:
            for z in PLAYER_ZONES:
                self.zones[f"{p}.{z}"] = []
        for s in SQUARES:
            self.zones[s] = []
        self.zones["stack"] = []
        # the stack and what is in flight
        self.stack: list[StackItem] = []  # bottom first (2.23.9-2)
        self.effects: list[dict] = []  # continuous effects of spells and abilities (4.14.3)
        self.pending: list[dict] = []  # triggered abilities waiting to go on the stack (4.8.2)
        self.delayed: list[dict] = []  # triggered abilities created by effects (4.4.4)
        self.clock = 0  # placement order (4.16.4-6, 3.11.5) and timestamps (4.14.5-4)
        # the scenario around the state
        self.events: list = []
        self.actions: list = []
        self.choices: dict = {}
        self.until: str | None = None
        self.expect: dict | None = None
        self.positions: dict = {}

    # ---- queries ---------------------------------------------------------------------------
    def cards_in(self, zone: str) -> list[Card]:
        cs = self.cards
        return [cs[i] for i in self.zones[zone]]

    def pzone(self, player: str, zone: str) -> list[str]:
        return self.zones[f"{player}.{zone}"]

    def deck_count(self, player: str) -> int:
        """2.23.3-1: the plan-zone card is still the deck's top card."""
        return len(self.zones[f"{player}.plan"]) + len(self.zones[f"{player}.deck"])

    def units_on(self, sq: str) -> list[Card]:
        return [c for c in self.cards_in(sq) if c.type == "unit" and c.under is None
                and c.linked is None]

    def on_squares(self):
        cs = self.cards
        for s in SQUARES:
            for i in self.zones[s]:
                yield cs[i]

    def units(self):
        for s in BATTLE_SQUARES:
            yield from self.units_on(s)

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    @property
    def nap(self) -> str:
        return opponent(self.turn_player)

    @property
    def in_battle(self) -> bool:
        return bool(self.battles)

    def integrity(self) -> list[str]:
        """Bookkeeping problems: a card in no zone or two, or whose `zone` disagrees."""
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
