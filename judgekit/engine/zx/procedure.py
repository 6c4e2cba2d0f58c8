"""Priority pre-processing (702): the Z/X form of the core's procedure before priority.

  702.2a — rule effects in passes until none remain (judgekit.engine.zx.rule_effects); one
           point of player damage (907) starts pre-processing again from the beginning.
  702.2b — the turn player chooses one triggered auto ability; it is played and resolved
           (resolve_one); then back to 702.2a. None left: pre-processing ends.
An unending pre-processing that no player can stop is a draw (1201.1c).
"""

from __future__ import annotations

from ..choices import Request
from ..procedure import Context, Procedure, run
from . import triggers
from .clauses import REGISTRY
from .effects import EffCtx, run_effect
from .model import opponent
from .params import ability_cards, ability_key
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
        resolve_one(g)
        # 1204.3b speaks of rule effects that arise from processing the first rule effect;
        # a destruction after a triggered ability resolved arises from that ability instead
        g.attrib_closed.clear()
        return True

    def finish(self, g, ctx: Context) -> None:
        g.pp_active = False
        g.attrib_closed.clear()
        if ctx.at == "605.1":
            g.battle_marks.clear()


# ---- 702.2b / 808.2: play and resolve one --------------------------------------------------------------------------------------

def groups(g) -> dict:
    out: dict = {}
    for p in g.pending:
        out.setdefault(p.group, []).append(p)
    return out


@REGISTRY.rule("808.2", "808.2a", "808.6", "803.2c", "814.2a", "804.3c")
def resolve_one(g) -> None:
    """702.2b / 808.2 / 808.2a: the turn player picks one triggered ability; its controller
    plays it (804.2) and it resolves (804.3); one triggered instance is cancelled."""
    b = g.b
    tp = b.turn_player
    cites = ["702.2b", "808.2", "804.2", "804.3c"]
    if len(g.pending_groups) > 1:
        grs = groups(g)
        opts = [(k, insts[0].label()) for k, insts in grs.items()]
        req = Request("808.2a", tp, "which triggered auto ability is played next",
                      "次にプレイする誘発状態の自動能力", [lab for _, lab in opts],
                      cites=("808.2a",))
        cites.append("808.2a")
        with g.step("choice", ("808.2a",),
                    f"{tp} (turn player) chooses which of {len(grs)} triggered abilities is "
                    "played next.", f"ターンプレイヤー{tp}が、{len(grs)}個の誘発状態の自動能力から"
                    "次にプレイするものを選びます。", player=tp):
            lab = g.ask(req)
        key = next(k for k, insts in grs.items() if insts[0].label() == lab)
        inst = grs[key][0]
    else:
        inst = g.pending[0]  # instances of one ability: nothing to choose (808.1b)
    g.remove_pending(inst)
    ab = inst.ability
    holder = b.cards.get(inst.card)
    name = f"《{inst.lki.get('name')}》" if inst.lki.get("name") else ""
    # 808.6 / 803.2c: the card is no longer in the zone it was in when the event happened
    left = inst.timed is None and (holder is None or holder.incarnation != inst.inc_at)
    if inst.timed is not None:
        cites += ["814.2a"]
    if left and inst.timed is None:
        cites += ["808.6", "803.2c", "813.1"]
    ctrl = inst.controller
    with g.step("play", cites,
                f"{ctrl} plays {inst.card}{name}'s triggered ability"
                + (" (timed)" if inst.timed is not None else f" {inst.idx + 1}")
                + (" using its last-known information (it left the zone)" if left and
                   inst.timed is None else "") + "; it resolves.",
                f"{ctrl}が{inst.card}{name}の"
                + ("時限型自動能力" if inst.timed is not None else f"自動能力{inst.idx + 1}")
                + "をプレイし、解決します" + ("（ゾーンを離れているため最終情報を参照）" if left and
                                          inst.timed is None else "") + "。",
                cards=(inst.card,), player=ctrl):
        g.change({"op": "trigger-", "trigger": inst.label()})
        ctx = EffCtx(g, ctrl, inst.card, inst.lki, inst.idx, trigger=inst)
        if inst.timed is not None:
            ctx.these = list(inst.timed.get("_these") or inst.timed.get("these", []))
            ctx.these_zones = dict(inst.timed.get("_these_zones", {}))
            ctx.chosen = list(inst.timed.get("_chosen") or [
                (cid, b.cards[cid].incarnation) for cid in inst.timed.get("chosen", [])
                if cid in b.cards])
            ctx.effect_key = inst.timed.get("_effect_key", ctx.effect_key)
        run_effect(g, ab.get("effect", []), ctx)
        if inst.idx >= 0 and ab.get("limit"):
            k = ability_key(inst.card, inst.idx)
            b.used[k] = b.used.get(k, 0) + 1
            g.change({"op": "used", "ability": k, "to": b.used[k]})


PROCEDURE = PriorityPreprocessing()


@REGISTRY.rule("702.1", "702.2b", "1201.1c")
def preprocess(g, at: str) -> None:
    """Priority pre-processing (702) at clause `at` (e.g. 605.1, or 701.2 before priority)."""
    run(g, PROCEDURE, Context(at))
