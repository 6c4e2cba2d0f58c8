"""Changing a target: 「対象を(何らかのカード等)に変える。」 (第6部第5章 対象の移し変えに関するルール).

A spell or ability on the stack has its target changed by another's effect. 6.5.1: the new
target must be a proper target for that spell or ability, as if it were chosen for it now
(its own condition, 「対象にできない」 1.1.2, 耐性 5.17.2); when it is not, or nothing proper
can be chosen, the target cannot be changed. 6.5.2: the old target stops being a target and
only the new one is chosen as a target anew — of a spell or ability with several targets,
only the target the change applies to moves.

Board form: `{change_target: top, to: <selector>}` — the spell or ability at the top of the
stack that has a target (the one this effect answers: the changing spell itself has left the
stack as it resolves) gets the card `to:` names as its target.
"""

from __future__ import annotations

from ..choices import Request
from .clauses import REGISTRY


def _item_ability(g, it) -> tuple[dict, tuple]:
    """The ability that holds the item's targets, and the colours of its card (耐性, 5.17.2)."""
    from .modes import targets_ability
    from .stack import ability_of
    from .values import colors

    if it.kind == "spell":
        c = g.b.cards.get(it.card)
        return (targets_ability(c, it.mode) if c is not None else {}), (
            colors(g, c) if c is not None else ())
    src = g.b.cards.get(it.source or "")
    return ability_of(g, it), (colors(g, src) if src is not None else ())


@REGISTRY.rule("6.5.1", "6.5.2")
def change_target(g, ins: dict, ctx, select) -> None:
    from .effects import Ctx, target_options, target_specs

    who = g.label(ctx.source) if ctx.source else "The effect"
    new = select(g, ins.get("to", "target"), ctx)
    found = None
    for it in reversed(g.b.stack):
        if it.kind in ("spell", "triggered", "activated"):
            ab, cols = _item_ability(g, it)
            if target_specs(ab) and any(it.targets.get(s["name"]) for s in target_specs(ab)):
                found = (it, ab, cols)
                break
    if found is None or not new:
        g.note("effect", ("6.5.1",), f"{who}: no spell or ability on the stack has a target to "
               "change" + ("" if new else ", or no new target is named") + ": nothing happens.",
               f"{who}：対象を変更できるスペルや能力がスタックにない（または新しい対象がない）ため、"
               "何も起こりません。", player=ctx.controller)
        return
    it, ab, cols = found
    tgt = new[0]
    from .stack import item_label

    what_en, what_ja = item_label(g, it), item_label(g, it, "ja")
    ictx = Ctx(it.controller, it.source or it.card, event=it.event, item=it)
    slot = None
    for spec in target_specs(ab):
        now = list(it.targets.get(spec["name"], []))
        if not now:
            continue
        ictx.targets = {k: list(v) for k, v in it.targets.items() if k != spec["name"]}
        if tgt.id not in now and tgt.id in target_options(g, spec, ictx, cols):
            slot = (spec["name"], now)
            break
    if slot is None:
        g.note("effect", ("6.5.1",), f"{who}: {tgt.label()} is not a proper target for "
               f"{what_en} (its condition, or something forbids choosing it): the target cannot "
               "be changed.", f"{who}：{tgt.label()}は{what_ja}の対象として不適正なため、対象を"
               "変更することはできません。", cards=(tgt.id,), player=ctx.controller)
        return
    name, now = slot
    old = now[0]
    if len(now) > 1:  # several targets in that slot: the one the change applies to (6.5.2)
        old = g.ask(Request(ctx.source or "6.5.2", ctx.controller, f"which target of {what_en} "
                            f"becomes {tgt.label()}?", f"{what_ja}のどの対象を{tgt.label()}に"
                            "変更しますか？", options=now, cites=("6.5.2",)))
    with g.step("effect", ("6.5.1", "6.5.2"), f"{who} changes the target of {what_en}: "
                f"{g.label(old)} → {tgt.label()} ({tgt.label()} is a proper target for it, "
                f"6.5.1; {g.label(old)} is no longer a target and only {tgt.label()} is chosen "
                "anew, 6.5.2).", f"{who}は{what_ja}の対象を{g.label(old)}から{tgt.label()}に"
                f"変更します（{g.label(old)}は対象ではなくなり、{tgt.label()}のみが改めて対象として"
                "選ばれます）。", cards=(old, tgt.id), player=ctx.controller):
        it.targets[name] = [tgt.id if t == old else t for t in now]
        it.objs.pop(old, None)
        it.objs[tgt.id] = tgt.incarnation
        if old in it.divided:
            it.divided[tgt.id] = it.divided.pop(old)
        it.labels = {}
        g.change({"op": "retarget", "item": item_label(g, it), "from": old, "to": tgt.id,
                  "stack": g.stack_view()})
