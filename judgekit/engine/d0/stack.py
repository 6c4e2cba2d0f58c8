"""Words for what is on the stack (2.23.9) and for abilities, in English and Japanese.

A run records the whole stack with every change of it (`stack+` / `stack-`), and every grant of
priority says what the stack holds, so a judge reads the stack at each step (bottom first, top
last: 2.23.9-2).
"""

from __future__ import annotations

COLOR_JA = {"red": "赤", "black": "黒", "blue": "青", "white": "白", "green": "緑"}


def card_word(g, cid: str | None) -> str:
    if not cid:
        return "?"
    c = g.b.cards.get(cid)
    return c.label() if c is not None else cid


def ability_label(g, card: str, ab: dict, lang: str = "en") -> str:
    text = (ab or {}).get("text")
    who = card_word(g, card)
    if lang == "ja":
        return f"{who}の能力" + (f"「{_short(text)}」" if text else "")
    return f"ability of {who}" + (f" 「{_short(text)}」" if text else "")


def _short(t: str, n: int = 28) -> str:
    t = str(t)
    return t if len(t) <= n else t[:n] + "…"


def item_label(g, it, lang: str = "en") -> str:
    """How the stack shows an item; worked out once (its card, source and targets do not change
    while it is on the stack)."""
    got = it.labels.get(lang)
    if got is None:
        got = it.labels[lang] = _item_label(g, it, lang)
    return got


def _item_label(g, it, lang: str) -> str:
    ja = lang == "ja"
    k = it.kind
    if k == "spell":
        c = card_word(g, it.card)
        if it.square:
            return f"{c}（スペル、{it.square}へ）" if ja else f"{c} (spell, to {it.square})"
        return f"{c}（スペル）" if ja else f"{c} (spell)"
    if k in ("triggered", "activated"):
        ab = _ability_of(g, it)
        base = ability_label(g, it.source, ab, lang)
        if it.targets:
            ts = ", ".join(card_word(g, t) for v in it.targets.values() for t in v)
            base += f"（対象：{ts}）" if ja else f" (targets {ts})"
        return base
    if k == "move":
        c = card_word(g, it.card)
        return f"{c}の移動 {it.from_square}→{it.square}" if ja else \
            f"move of {c} {it.from_square}→{it.square}"
    if k == "plan":
        if ja:
            return f"{it.controller}のプランゾーンの" + ("作成" if it.step == "create" else "更新")
        return f"{it.controller}'s plan zone " + ("creation" if it.step == "create" else "update")
    # the damage exchange
    parts = ", ".join(f"{d['from']}→{d['to']} {d['amount']}" for d in it.damage)
    if ja:
        return f"{it.square}のバトルダメージの応酬（{parts or 'ダメージなし'}）"
    return f"damage exchange in {it.square} ({parts or 'no damage'})"


def _ability_of(g, it) -> dict:
    if it.data is not None:
        return it.data
    c = g.b.cards.get(it.source)
    if c is None or not it.ability or it.ability > len(c.abilities):
        return {}
    return c.abilities[it.ability - 1]


def ability_of(g, it) -> dict:
    return _ability_of(g, it)


def stack_words(g, lang: str = "en") -> str:
    items = g.b.stack
    if not items:
        return "スタックは空" if lang == "ja" else "the stack is empty"
    names = [item_label(g, it, lang) for it in items]
    if lang == "ja":
        return "スタック（下から）：" + " ▸ ".join(names)
    return "stack (bottom first): " + " ▸ ".join(names)
