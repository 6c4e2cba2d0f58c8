"""The Dimension Zero engine (総合ルール Version 19.00): a stack both players answer, rule effects
that happen simultaneously, battles that wait for the other rule effects and suspend the stack,
triggered abilities stacked all at once in APNAP order (docs/engine-d0.md).

    from judgekit.board import load_file
    from judgekit.engine.run import run_board
    run = run_board(load_file("examples/d0/S01-battle-cancelled.yaml"))

`ENGINE` is what the core knows of D0 (judgekit.engine.protocol.RulesetEngine); the modules
are imported when first needed, so `board check` does not load the effects.
"""

from __future__ import annotations

from ..protocol import RulesetEngine


class D0(RulesetEngine):
    game = "d0"
    title = "Dimension Zero"

    def setup(self, game) -> None:
        from .triggers import pending_from_board

        pending_from_board(game)

    def apply_events(self, game) -> None:
        from .effects import apply_events

        apply_events(game)

    def write_back(self, game) -> None:
        from .triggers import pending_to_board

        pending_to_board(game)

    def legal_actions(self, game, point: str, player: str) -> list[dict]:
        from .play import legal_actions

        return legal_actions(game, player)

    action_hint = ("'play ID [SQUARE] [TARGET…]', 'activate ID [TARGET…]', 'move ID SQUARE', "
                   "'plan create|update', 'energy ID', 'smash ID', 'concede P1'")

    def action_text(self, action: dict) -> str | None:
        from .play import action_words

        return action_words(action)

    def parse_action(self, words: list[str]) -> dict | None:
        from .play import parse_words

        return parse_words(words)

    # ---- what is shown ----------------------------------------------------------------------
    def derived(self, board, game=None) -> dict:
        """Effective power and smash of every unit on the squares (static abilities and
        effects, 4.14) and the stack, for the board pictures."""
        from ..choices import Scripted
        from .game import Game
        from .values import power, smash

        g = game if game is not None else Game(board, Scripted({}))
        return {"power": {c.id: power(g, c) for c in board.units()},
                "smash": {c.id: smash(g, c) for c in board.units()}}

    def card_value(self, game, card, key: str):
        from . import values

        if key == "power":
            return values.power(game, card) if card.type == "unit" else card.power
        if key == "smash":
            return values.smash(game, card) if card.type == "unit" else card.smash
        if key == "colors":
            return list(values.colors(game, card))
        if key == "races":  # after the continuous effects that change races (2.8, 4.14.5-2)
            return list(values.races(game, card))
        if key == "keywords":  # printed, granted and given by static abilities, by name
            return [values.keyword_name(k) for k in values.keywords(card)]
        if key == "face":  # unwritten: the zone's usual face
            return card.face or game.b.default_face(card.zone)
        if key == "under":  # the card it is a 闘気 card under or 結合 with (6.1.2, 6.6.4)
            h = game.b.attached_to(card)
            return h[0].id if h else "none"
        return getattr(card, key, None)

    def expect_extra(self, run, expect: dict, diff) -> None:
        from .expect import expect_extra

        expect_extra(run, expect, diff)


ENGINE = D0()
