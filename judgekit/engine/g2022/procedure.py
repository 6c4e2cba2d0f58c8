"""優先権前処理 (202): the g2022 form of the core's procedure before priority.

  202.2a — rule effects in passes until none is due (judgekit.engine.g2022.rule_effects).
  202.2b — a triggered auto ability? The turn player picks one (908.2a, even the opponent's),
           its controller plays it and it resolves (908.2); then back to 202.2a. None left:
           the pre-processing ends.
The context of each run is the step it runs at and its ordinal among the pre-processings of
the current phase: 1007.2 looks at the first pre-processing of the draw phases only.
"""

from __future__ import annotations

from ..choices import Request
from ..game import Halt
from ..procedure import Context, Procedure, run
from .clauses import REGISTRY
from .effects import EffCtx, run_effect
from .keywords import KEYWORD_CLAUSES
from .rule_effects import detect, lethal, rule_effect_passes
from .triggers import check_state_triggers, state_trigger_due


class PriorityPreprocessing(Procedure):
    cites = ("202.1",)
    name = ("priority pre-processing", "優先権前処理")

    def open_message(self, ctx: Context) -> tuple[str, str]:
        first = " — the first of this phase" if ctx.ordinal == 1 and ctx.at in ("702.2",
                                                                               "706.2") else ""
        return (f"Priority pre-processing ({ctx.at}){first}.",
                f"優先権前処理（{ctx.at}）{'：このフェイズ最初の優先権前処理' if first else ''}。")

    def nothing_to_do(self, g, ctx: Context) -> bool:
        return not g.pending and not detect(g, ctx.ordinal) and not state_trigger_due(g) \
            and not lethal(g, blocked=True)

    def quiet(self, g, ctx: Context) -> None:
        g.note("pp", self.step_cites(ctx) + ("202.2a", "202.2b"),
               f"Priority pre-processing ({ctx.at}): no rule effect is due and no auto ability "
               "is triggered; it ends at once.",
               f"優先権前処理（{ctx.at}）：実行すべきルールエフェクトも誘発状態の自動能力もないため、"
               "ただちに終了します。")

    def begin(self, g, ctx: Context) -> None:
        g.after_trigger = False

    def rule_effects(self, g, ctx: Context) -> bool:
        rule_effect_passes(g, ctx.ordinal)  # 202.2a
        return False

    def triggers(self, g, ctx: Context) -> bool:
        check_state_triggers(g)
        if not g.pending:
            g.note("pp", ("202.2b",), "No auto ability is triggered: the pre-processing ends.",
                   "誘発状態の自動能力がないため、優先権前処理を終了します。")
            return False
        resolve_one(g)
        g.after_trigger = True  # reading attribution-after-trigger
        return True

    def loop_draw(self, g, ctx: Context) -> None:
        """The same state again and nobody can choose otherwise. The g2022 rules have no clause
        for a pre-processing that cannot end (Z/X 1201.1c has no counterpart): the engine stops
        and says so (reading unending-loop)."""
        g.note("engine", ("202.2a", "202.2b"),
               "The game state repeats exactly and no player has a choice that could change it: "
               "this pre-processing cannot end. The g2022 rules say nothing about such a loop; "
               "the engine stops here, and the tournament's policy decides.",
               "ゲームの状態が完全に繰り返され、どちらのプレイヤーにも変える選択がないため、この優先権"
               "前処理は終了できません。総合ルールにはこの場合の規定がないため、エンジンはここで停止し"
               "ます（大会の方針で判断してください）。", readings=("unending-loop",))
        raise Halt("unsupported", "the pre-processing repeats without end and the rules have "
                   "no clause for it (reading unending-loop)")

    def finish(self, g, ctx: Context) -> None:
        g.attrib.clear()


PROCEDURE = PriorityPreprocessing()


@REGISTRY.rule("201.2", "202.1", "202.2b")
def preprocess(g, at: str) -> None:
    """Priority pre-processing (202.2) at clause `at` (e.g. 703.3, or 201.2 before priority),
    counted among the pre-processings of the current phase (1007.2)."""
    b = g.b
    b.pre_processings += 1
    run(g, PROCEDURE, Context(at, ordinal=b.pre_processings))
    if at == "806.1":
        # 1102.1: 「バトルで退場した」 is a 退場 by the 退場ダメージ of the pre-processing right after
        # the battle step — that one only, whether it had anything to do or ended at once. A chara
        # that survives it and is retired later was retired by whatever dealt the last damage
        # (1103.3), not in battle.
        g.battle_marks.clear()


@REGISTRY.rule("908.2", "908.2a", "908.6", "903.2c", "913.1", "901.2b")
def resolve_one(g) -> None:
    """202.2b / 908.2: the turn player picks one triggered ability (908.2a); its controller
    plays it (904.2) and it resolves; one triggered instance is cancelled (908.2). An ability
    whose card left its zone is played with its last-known information (908.6, 903.2c)."""
    b = g.b
    tp = b.turn_player
    cites = ["202.2b", "901.2b", "908.2"]
    if len(g.pending_groups) > 1:
        groups: dict = {}
        for inst in g.pending:
            groups.setdefault(inst.group, []).append(inst)
        labels = [insts[0].label() for insts in groups.values()]
        with g.step("choice", ("908.2a",),
                    f"{tp} (turn player) chooses which of {len(groups)} triggered abilities is "
                    "played next (it may be the opponent's).",
                    f"ターンプレイヤー{tp}が、{len(groups)}個の誘発状態の自動能力から次にプレイする"
                    "ものを選びます（相手のものでも選べます）。", player=tp):
            lab = g.ask(Request("908.2a", tp, "which triggered auto ability is played next",
                                "次にプレイする誘発状態の自動能力", labels, cites=("908.2a",)))
        inst = next(insts[0] for insts in groups.values() if insts[0].label() == lab)
        cites.append("908.2a")
    else:
        inst = g.pending[0]
    g.remove_pending(inst)
    holder = b.cards.get(inst.card)
    left = inst.timed is None and (holder is None or holder.incarnation != inst.inc_at)
    if left:
        cites += ["908.6", "903.2c", "913.1"]
    if inst.timed is not None:
        cites.append("914.2a")
    cites += KEYWORD_CLAUSES.get(inst.ability.get("keyword"), ())
    name = f"《{inst.lki.get('name')}》" if inst.lki.get("name") else ""
    what = "delayed ability" if inst.timed is not None else f"auto ability {inst.idx + 1}"
    what_ja = "時限型自動能力" if inst.timed is not None else f"自動能力{inst.idx + 1}"
    ctrl = inst.controller
    with g.step("play", tuple(cites),
                f"{ctrl} plays {inst.card}{name}'s {what}"
                + (" with its last-known information (the card has left the zone)" if left
                   else "") + "; it resolves.",
                f"{ctrl}が{inst.card}{name}の{what_ja}をプレイし、解決します"
                + ("（カードはゾーンを離れているため最終情報を参照します）" if left else "") + "。",
                cards=(inst.card,), player=ctrl):
        g.change({"op": "trigger-", "trigger": inst.label()})
        ctx = EffCtx(g, ctrl, inst.card, trigger=inst)
        if inst.timed is not None:  # `chosen` in a delayed ability: the creating effect's
            keep = inst.timed.get("_chosen") or [
                (i, b.cards[i].incarnation) for i in inst.timed.get("chosen", []) if i in b.cards]
            ctx.chosen = [b.cards[i] for i, inc in keep
                          if i in b.cards and b.cards[i].incarnation == inc]
        run_effect(g, inst.ability.get("effect", []), ctx)
