"""The Dimension Zero board: cards, players and the board (digest d0.md §4), on the core's base
classes. The battlefield's geometry and zone names are in geometry.py (re-exported here), battles
and stack entries in items.py."""

from __future__ import annotations

from ...board.model import BaseBoard, BaseCard, BasePlayer
from .geometry import *  # noqa: F401,F403  (the board's words and geometry, one import away)
from .geometry import (BASE_SQUARES, BATTLE_SQUARES, HIDDEN_ZONES, PLAYER_ZONES, SQUARES,
                       STATE_ZONES, colors_of_cost, opponent)
from .items import Battle, BattleFrame, StackItem  # noqa: F401

_SQUARE_SET = frozenset(SQUARES)

# ---- cards, players, board ---------------------------------------------------------------------

class Card(BaseCard):
    """A Dimension Zero card: the data of 2.2.2 (play and move cost, colour, type, race or
    attribute, timing, power, smash) and its keywords (第5部). `colors` is written only when it
    differs from the colours of the play cost (2.4.2). A card on a square lists the cards there
    with it that belong to it (`ATTACHED`, written nested under it): `aura`, the 闘気 cards
    under it (6.1.1, 6.1.2), and `bound`, the strategy 結合 with it (6.6.4) — judgekit/engine/d0/
    attached.py applies what happens to them."""

    __slots__ = ("cost", "move_cost", "colors", "races", "timing", "power", "smash", "keywords",
                 "aura", "bound", "designated")
    FIELDS = (("cost", None), ("move_cost", None), ("colors", ()), ("races", ()),
              ("timing", "normal"), ("power", None), ("smash", None), ("keywords", ()))
    TAIL_FIELDS = (("designated", None),)  # 「～にあたり、…を指定する」 (4.15.2-1)
    ATTACHED = ("aura", "bound")

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
    # 6.2: whether the order of this player's deck has been intentionally determined during the
    # duel (6.2.2, 6.2.3); once true it stays true, whatever shuffles follow (6.2.4)
    __slots__ = ("deck_ordered",)
    FIELDS = (("deck_ordered", False),)


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
        return [c for c in self.cards_in(sq) if c.type == "unit" and not self.is_attached(c)]

    def is_attached(self, c) -> bool:
        """A 闘気 card (6.1.8: of no card type) or a bound strategy (6.6.4): in the square with
        the card it belongs to, but neither a unit nor a base there. Only a square holds such
        cards, so any other zone (the stack of hundreds of items, say) is not searched."""
        return c.zone in _SQUARE_SET and self.attached_to(c) is not None

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
