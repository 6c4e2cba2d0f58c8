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
def change_target(g, ins: dict, ctx, tools) -> None:
    """`tools`: the effect machinery's (select, Ctx, target_options, target_specs), passed in
    by judgekit.engine.d0.effects, which calls this (no import back: no circle)."""
    select, Ctx, target_options, target_specs = tools
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
    from ..effects.choosing import change_target as _change
    from .stack import item_label

    what_en, what_ja = item_label(g, it), item_label(g, it, "ja")
    ictx = Ctx(it.controller, it.source or it.card, event=it.event, item=it)
    specs = {s["name"]: s for s in target_specs(ab)}

    def fits(name: str) -> bool:  # 6.5.1: a proper target for that spell or ability
        ictx.targets = {k: list(v) for k, v in it.targets.items() if k != name}
        return tgt.id in target_options(g, specs[name], ictx, cols)

    def apply(name: str, old: str, ids: list) -> None:
        pos = g.b.stack.index(it)  # the stack is part of the hashed state
        g.h ^= g._item_hash(it, pos)
        it.targets[name] = ids
        it.objs.pop(old, None)
        it.objs[tgt.id] = tgt.incarnation
        if old in it.divided:
            it.divided[tgt.id] = it.divided.pop(old)
        it.labels = {}
        g.h ^= g._item_hash(it, pos)

    slots = {n: list(it.targets.get(n, [])) for n in specs}
    done = _change(g, slots, tgt.id, fits=fits, key=ctx.source or "6.5.2",
                   chooser=ctx.controller, cites=("6.5.1", "6.5.2"), who=who,
                   what=(what_en, what_ja),
                   why=(f"a proper target for it, 6.5.1; the old target is no longer one and "
                        f"only {tgt.label()} is chosen anew, 6.5.2", "新しい対象のみが改めて対象"
                        "として選ばれます"), apply=apply)
    if done is None:
        g.note("effect", ("6.5.1",), f"{who}: {tgt.label()} is not a proper target for "
               f"{what_en} (its condition, or something forbids choosing it): the target cannot "
               "be changed.", f"{who}：{tgt.label()}は{what_ja}の対象として不適正なため、対象を"
               "変更することはできません。", cards=(tgt.id,), player=ctx.controller)
        return
