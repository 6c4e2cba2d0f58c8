"""The Z/X rules engine: priority pre-processing (702), rule effects (900s), auto abilities
(808), play (804–807), the turn (500s) and battle (600s), keyword abilities (1100s).

    from judgekit.board import load_file
    from judgekit.engine.run import run_board
    run = run_board(load_file("examples/zx/T10-player-damage-no-ignition.yaml"))
    for s in run.steps: print(s.context, s.cites, s.message)

`ENGINE` is what the core knows of Z/X (judgekit.engine.protocol.RulesetEngine); the
modules are imported when first needed, so `board check` does not load the effects.
"""

from __future__ import annotations

from ..protocol import RulesetEngine


class ZX(RulesetEngine):
    game = "zx"
    title = "Z/X"

    def setup(self, game) -> None:
        from .triggers import pending_from_board

        pending_from_board(game)

    def apply_events(self, game) -> None:
        from .events import apply_events

        apply_events(game)

    def write_back(self, game) -> None:
        from .final import forget_gone

        b = game.b
        forget_gone(game)  # nothing may name a token that ceased to exist (912.1)
        b.triggers = game.pending_to_board()
        if b.battle:
            b.battle = {k: v for k, v in b.battle.items() if not k.startswith("_")}

    def legal_actions(self, game, point: str, player: str) -> list[dict]:
        from .flow import legal_actions

        return legal_actions(game, point, player)

    # ---- what is shown ----------------------------------------------------------------------
    def derived(self, board, game=None) -> dict:
        """The power of every zekusu on a square (811) and each player's charge and hand
        limits (static abilities such as 「チャージの上限はなくなる」), by the engine's own
        parameter rules. `game` is the Game that holds `board` at the end of a run; otherwise
        a fresh one is made to read it."""
        from ..choices import Scripted
        from .game import Game
        from .params import charge_limit, hand_limit, power

        g = game if game is not None else Game(board, Scripted({}))
        return {
            "power": {c.id: power(g, c) for c in board.on_squares() if c.is_zekusu},
            "charge_limit": {p: charge_limit(g, p) for p in ("P1", "P2")},
            "hand_limit": {p: hand_limit(g, p) for p in ("P1", "P2")},
        }

    def card_value(self, game, card, key: str):
        if key == "power":
            from .params import power

            return power(game, card) if game is not None else card.power
        if key in ("races", "name") and game is not None:
            from .params import card_name, races

            return list(races(game, card)) if key == "races" else card_name(game, card)
        return getattr(card, key, None)


    def expect_extra(self, run, expect: dict, diff) -> None:
        from ..expect import zone_diff

        for sq, want in expect.get("squares", {}).items():
            zone_diff(diff, ("squares", sq), sq, want, run.board.zones[sq])


ENGINE = ZX()
