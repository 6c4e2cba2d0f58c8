"""Priority pre-processing (702): the Z/X form of the core's procedure before priority.

  702.2a — rule effects in passes until none remain (judgekit.engine.zx.rule_effects); one
           point of player damage (907) starts pre-processing again from the beginning.
  702.2b — the turn player chooses one triggered auto ability; it is played and resolved
           (triggers.resolve_one); then back to 702.2a. None left: pre-processing ends.
An unending pre-processing that no player can stop is a draw (1201.1c).
"""

from __future__ import annotations

from ..procedure import Context, Procedure, run
from . import triggers
from .clauses import REGISTRY
from .model import opponent
from .rule_effects import damage_player, detect, rule_effect_passes


class PriorityPreprocessing(Procedure):
    cites = ("702.1",)
    loop_clause = "1201.1c"
    name = ("pre-processing", "優先権前処理")

    def open_message(self, ctx: Context) -> tuple[str, str]:
        return f"Priority pre-processing ({ctx.at}).", f"優先権前処理（{ctx.at}）。"

    def nothing_to_do(self, g, ctx: Context) -> bool:
        if g.pending or g.attrib:
            return False
        for p in (g.b.turn_player, opponent(g.b.turn_player)):
            if not g.player_card_on_squares(p) and g.ob_on_squares(p):
                return False  # the 909.2 note is worth showing
        if detect(g) or damage_player(g) is not None:
            return False
        from .params import ability_cards

        for c in ability_cards(g):
            for ab in c.abilities:
                if ab.get("auto") == "state":
                    return False
        return True

    def quiet(self, g, ctx: Context) -> None:
        g.note("pp", self.step_cites(ctx) + ("702.2a", "702.2b"),
               f"Priority pre-processing ({ctx.at}): no rule effect to execute and no triggered "
               "auto ability; it ends at once.",
               f"優先権前処理（{ctx.at}）：実行すべきルールエフェクトも誘発状態の自動能力もないため、"
               "ただちに終了します。")

    def begin(self, g, ctx: Context) -> None:
        g.pp_active = True

    def rule_effects(self, g, ctx: Context) -> bool:
        return rule_effect_passes(g, ctx.restarted)  # 702.2a; True after 907 (start again)

    def triggers(self, g, ctx: Context) -> bool:
        triggers.check_state_triggers(g)
        if not g.pending:
            g.note("pp", ("702.2b",), "No triggered auto ability: pre-processing ends.",
                   "誘発状態の自動能力がないため、優先権前処理を終了します。")
            return False
        triggers.resolve_one(g)
        # 1204.3b speaks of rule effects that arise from processing the first rule effect;
        # a destruction after a triggered ability resolved arises from that ability instead
        g.attrib_closed.clear()
        return True

    def finish(self, g, ctx: Context) -> None:
        g.pp_active = False
        g.attrib_closed.clear()
        if ctx.at == "605.1":
            g.battle_marks.clear()


PROCEDURE = PriorityPreprocessing()


@REGISTRY.rule("702.1", "702.2b", "1201.1c")
def preprocess(g, at: str) -> None:
    """Priority pre-processing (702) at clause `at` (e.g. 605.1, or 701.2 before priority)."""
    run(g, PROCEDURE, Context(at))
