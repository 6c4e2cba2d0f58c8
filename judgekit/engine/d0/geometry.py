"""The Dimension Zero battlefield and zones: names, geometry and words (digest d0.md §4).

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

from ...board.model import PLAYERS, opponent

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

# 召集's square conditions (5.3.2) and 隊列召喚's formations (5.8.2-1 … 5.8.2-8)
RANGE_ALIASES = {"同じライン": "same_line", "同じエリア": "same_area", "隣接": "adjacent"}
SHAPE_ALIASES = {"ストレート": "straight", "トライアングル": "triangle", "エックス": "x",
                 "アンダーバー": "underbar", "スモールアイ": "small_eye", "ビッグアイ": "big_eye",
                 "ビッグトライアングル": "big_triangle", "ボトムバー": "bottom_bar"}

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


def pincers(sq: str) -> list[tuple[str, str]]:
    """挟撃 (5.9.1, 5.9.3): (the square between, the square beyond) for each straight line of
    three battle squares — a line, an area or a diagonal — that starts at `sq`."""
    if sq not in _BATTLE_SET:
        return []
    c, r = LINES.index(sq[0]), row_of(sq)
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (dc, dr) == (0, 0):
                continue
            c2, r2 = c + 2 * dc, r + 2 * dr
            if 0 <= c2 < 3 and 1 <= r2 <= 3:
                out.append((f"{LINES[c + dc]}{r + dr}", f"{LINES[c2]}{r2}"))
    return out


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
    """2.4.3: a cost read without a colour is the sum of all its numbers (a variable X, not
    chosen outside the stack, cannot be defined: 0, 1.2.2)."""
    return sum(max(0, int(v)) for v in cost.values() if not isinstance(v, str))


