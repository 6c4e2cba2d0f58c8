"""Dividing an amount among the targets (4.7.2-6): 「…のダメージを割り振って与える」.

The player who plays the spell or ability declares, as the targets are chosen, how much of the
amount each target gets, at least 1 each (4.7.2-6). The division is part of the stack entry
(`divided: {id: share}`); on resolution each target still legal gets its share and an illegal
one gets nothing (4.9.2-1). The asking is the core's `effects.choosing.divide` (Z/X divides on
resolution, 804.3b, with the same request).
"""

from __future__ import annotations

from ..effects.choosing import divide
from .clauses import REGISTRY

_rule = REGISTRY.rule


def divided_instruction(ab: dict) -> dict | None:
    """The ability's 「割り振って与える」 instruction (`{damage: N, to: …, divided: true}`)."""
    for ins in list(ab.get("spell") or []) + list(ab.get("effect") or []):
        if isinstance(ins, dict) and ins.get("divided"):
            return ins
    return None


def _receivers(ins: dict, targets: dict) -> list[str]:
    to = ins.get("to")
    if to == "target":
        return [t for v in targets.values() for t in v]
    return list(targets.get(to, [])) if isinstance(to, str) else []


@_rule("4.7.2-6")
def declare(g, ab: dict, targets: dict, chooser: str, key: str, label: str) -> dict | None:
    """The division declared with the targets (4.7.2-6): {id: share}, {} when the ability
    divides nothing, None when it cannot be divided (more targets than the amount)."""
    ins = divided_instruction(ab)
    if ins is None:
        return {}
    ids = list(dict.fromkeys(_receivers(ins, targets)))
    if not ids:
        return {}
    n = ins["damage"]
    if len(ids) > n:
        return None
    with g.step("play", ("4.7.2-6",), f"{chooser} declares how {label} divides {n} damage among "
                f"its targets, at least 1 each.", f"{chooser}は{label}の{n}のダメージを対象に"
                "どう割り振るかを宣言します（それぞれ少なくとも1以上）。", cards=tuple(ids),
                player=chooser) as st:
        split = divide(g, key, chooser, n, ids, cites=("4.7.2-6",), fallback_keys=("4.7.2-6",))
        parts = ", ".join(f"{g.label(k)} {v}" for k, v in split.items())
        parts_ja = "、".join(f"{g.label(k)}に{v}" for k, v in split.items())
        st.message = f"{chooser} declares how {label} divides {n} damage: {parts} (at least 1 each)."
        st.message_ja = f"{chooser}は{label}の{n}のダメージの割り振りを宣言します：{parts_ja}。"
    return dict(split)
