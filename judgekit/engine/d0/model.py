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

from ...board.model import PLAYERS, BaseBoard, BaseCard, BasePlayer, opponent

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

class Card(BaseCard):
    """A Dimension Zero card: the data of 2.2.2 (play and move cost, colour, type, race or
    attribute, timing, power, smash) and its keywords (第5部). `colors` is written only when it
    differs from the colours of the play cost (2.4.2); `under` is the card a 闘気 card is under
    (6.1.2), `linked` the unit a link strategy is bound to (6.6.4)."""

    __slots__ = ("cost", "move_cost", "colors", "races", "timing", "power", "smash", "keywords",
                 "under", "linked")
    FIELDS = (("cost", None), ("move_cost", None), ("colors", ()), ("races", ()),
              ("timing", "normal"), ("power", None), ("smash", None), ("keywords", ()))
    TAIL_FIELDS = (("under", None), ("linked", None))

    @property
    def is_unit(self) -> bool:
        return self.type == "unit"

    @property
    def is_base(self) -> bool:
        return self.type == "base"

    @property
    def is_strategy(self) -> bool:
        return self.type == "strategy"

    @property
    def printed_colors(self) -> tuple:
        """2.4.2: the colours of the play cost, unless the file names them."""
        return tuple(self.colors) or colors_of_cost(self.cost or {})

    def label(self) -> str:
        return f"{self.id} 「{self.name}」" if self.name else self.id


class Player(BasePlayer):
    __slots__ = ()


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
                 "reveal", "data", "objs")

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


class Board(BaseBoard):
    """The single source of truth for a Dimension Zero game state."""

    ruleset = "d0"
    Card = Card
    Player = Player
    PLAYER_ZONES = PLAYER_ZONES
    SHARED_ZONES = {**{s: "battle_square" for s in BATTLE_SQUARES},
                    **{s: "base_square" for s in BASE_SQUARES}, "stack": "stack"}
    HIDDEN_KINDS = HIDDEN_ZONES
    STATE_KINDS = ("battle_square", "base_square") + STATE_ZONES  # 2.26.1
    DEFAULT_STATE = "released"  # 2.23.6-2, 2.23.7-2, 2.20.2-3
    ORDERED_TOP_KINDS = ("deck", "graveyard", "remove")  # 2.23.2-2, 2.23.5-1, 2.23.10-2
    PLACED_KINDS = ("battle_square", "base_square")  # 4.16.4-6/-7, 3.11.5
    ZONE_SECTIONS = {"squares": BATTLE_SQUARES, "bases": BASE_SQUARES}

    def __init__(self) -> None:
        super().__init__()
        self.step = "4.6.2"
        self.phase = "main"
        self.passed: list[str] = []  # players who passed since the stack last changed (4.6.2)
        self.battles: list[BattleFrame] = []  # outermost first; the last one runs (3.11.3)
        self.once_fired: list[str] = []  # 4.4.4: once-per-turn abilities that triggered
        self.empty_exchange = True  # reading empty-exchange (3.12.2)
        self.recovery_event = False  # 3.10.3: a trigger or rule effect in this round
        self.turn_end_checked = False  # 3.10.2 done in this round of the recovery phase
        self.stack: list[StackItem] = []  # bottom first (2.23.9-2)
        self.delayed: list[dict] = []  # triggered abilities created by effects (4.4.4)
        self.results: list[dict] = []  # battles decided during the run (3.14.1-1)
        self.stack_seq = 0

    # ---- queries ---------------------------------------------------------------------------
    def deck_count(self, player: str) -> int:
        """2.23.3-1: the plan-zone card is still the deck's top card."""
        return len(self.zones[f"{player}.plan"]) + len(self.zones[f"{player}.deck"])

    def units_on(self, sq: str) -> list:
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

    @property
    def nap(self) -> str:
        return opponent(self.turn_player)

    @property
    def frame(self) -> BattleFrame | None:
        """The running battle frame (the last), or None outside battle."""
        return self.battles[-1] if self.battles else None

    def next_n(self) -> int:
        self.stack_seq += 1
        return self.stack_seq

    # ---- the file's own context and sections (read_context / read_cards / write_context) -----
    def complete_card(self, card, data: dict) -> None:
        from .board_io import complete_card

        complete_card(self, card, data)

    def read_context(self, game: dict, data: dict) -> None:
        from .board_io import read_context

        read_context(self, game, data)

    def read_cards(self, builder, data: dict) -> None:
        from .board_io import read_cards

        read_cards(self, builder, data)

    def write_context(self, game: dict, data: dict) -> None:
        from .board_io import write_context

        write_context(self, game, data)
