"""The g2022 rules engine (the account/mission TCG whose title is not in its source, 総合ルール
Ver.1.0.0): 優先権前処理 (202), the rule effects (1000s), auto abilities (908), play and payment
(904–907), the turn (700s), the attack (800s), keyword actions and abilities (1100s, 1200s).

    from judgekit.board import load_file
    from judgekit.engine.run import run_board
    run = run_board(load_file("examples/g2022/S03-lvup.yaml"))
    for s in run.steps: print(s.context, s.cites, s.message)

`ENGINE` is what the core knows of g2022 (judgekit.engine.protocol.RulesetEngine); the modules
are imported when first needed, so `board check` does not load the effects. Design notes:
docs/engine-g2022.md; the board file: docs/board-format-g2022.md.
"""

from __future__ import annotations

from ..protocol import RulesetEngine


class G2022(RulesetEngine):
    game = "g2022"
    title = "the account/mission TCG (g2022)"

    def setup(self, game) -> None:
        from .triggers import pending_from_board

        pending_from_board(game)

    def apply_events(self, game) -> None:
        from .effects import apply_events

        apply_events(game)

    def write_back(self, game) -> None:

        game.b.triggers = game.pending_to_board()

    def legal_actions(self, game, point: str, player: str) -> list[dict]:
        from .flow import legal_actions

        return legal_actions(game, point, player)

    # ---- what is shown ----------------------------------------------------------------------
    def derived(self, board, game=None) -> dict:
        from .params import derived

        return derived(board, game)

    def card_value(self, game, card, key: str):
        from .params import card_value

        return card_value(game, card, key)

    def expect_extra(self, run, expect: dict, diff) -> None:
        from ..expect import zone_diff

        b = run.board
        for area, want in expect.get("areas", {}).items():
            zone_diff(diff, ("areas", area), area, want, b.zones[area])
        if "attack_success" in expect:
            want, have = sorted(expect["attack_success"]), sorted(b.attack_success)
            if want != have:
                diff(("attack_success",), want, have,
                     f"≪アタック成功≫ this turn: {', '.join(have) or 'none'}")



ENGINE = G2022()
