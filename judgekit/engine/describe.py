"""Words for what a trace records: one line per change, card names with their ids.

Used by `judgekit step` on the terminal and by the ruling report alike, so a change reads the
same everywhere. The ruleset's view (judgekit.reports.view.View) gives the words for its
zones and player values, and describes the change kinds of its own.
"""

from __future__ import annotations


class Names:
    """Card labels for change lines: id and name, from any board that knows the card."""

    def __init__(self, *boards, lang: str = "en", view=None) -> None:
        self.lang = lang
        self.view = view
        self.cards = {}
        for b in boards:
            if b is not None:
                for cid, c in b.cards.items():
                    self.cards.setdefault(cid, c)

    def __call__(self, cid) -> str:
        c = self.cards.get(cid)
        if c is not None and not c.known and "#" in str(cid):
            # a card the file gives only as a count: "P2.deck#1" -> "P2のデッキ#1"
            zone, _, n = str(cid).rpartition("#")
            return f"{self.view.zone_label(zone, self.lang)}#{n}"
        if c is None or not c.name:
            return str(cid)
        return f"{cid}《{c.name}》"


def change_text(ch: dict, lang: str, name, L: dict, view) -> str | None:
    """One line for a recorded change (docs/trace-format.md, `changes`); None to leave out."""
    own = view.describe_change(ch, lang, name, L)
    if own is not None:
        return own
    op = ch.get("op")
    ja = lang == "ja"
    zone_label = view.zone_label
    if op == "move":
        return f"{name(ch['card'])}: {zone_label(ch.get('from', ''), lang)} → " \
               f"{zone_label(ch.get('to', ''), lang)}"
    if op == "state":
        return f"{name(ch['card'])}: {L.get(ch.get('from') or '', ch.get('from') or '-')} → " \
               f"{L.get(ch.get('to') or '', ch.get('to'))}"
    if op == "damage":
        return f"{name(ch['card'])}: {L['damage']} {ch.get('from')} → {ch.get('to')}"
    if op == "face":
        words = {"up": "表向き" if ja else "face up", "down": "裏向き" if ja else "face down"}
        return f"{name(ch['card'])}: {words.get(ch.get('from'), ch.get('from') or '-')} → " \
               f"{words.get(ch.get('to'), ch.get('to'))}"
    if op == "player":
        key = view.field_words.get(lang, {}).get(ch.get("field"))
        field = L.get(key, key) if key else L.get(ch.get("field"), ch.get("field"))
        def val(v):  # a yes/no field (D0 deck_ordered) reads as words
            return (("はい" if v else "いいえ") if ja else ("yes" if v else "no")) \
                if isinstance(v, bool) else v
        return f"{ch['player']}: {field} {val(ch.get('from'))} → {val(ch.get('to'))}"
    if op == "counter":
        return f"{ch['player']}: {L['counters']} {ch.get('icon')} {ch.get('from')} → {ch.get('to')}"
    if op == "flag":
        return f"{ch['player']}: {ch.get('flag')} = {'yes' if ch.get('to') else 'no'}"
    if op in ("effect+", "effect-"):
        e = ch.get("effect", {})
        what = view.effect_words(e, lang, L)
        to = ", ".join(name(t) for t in e.get("to", []))
        until = e.get("until")
        head = ("継続効果 " if ja else "effect ") if op == "effect+" else \
            ("継続効果の終了 " if ja else "effect ends: ")
        tail = f" ({until})" if until and until != "forever" else ""
        return f"{head}{' '.join(what)} → {to}{tail}"
    if op == "create":
        return f"{name(ch['card'])}: " + ("生成 → " if ja else "created in ") + \
            zone_label(ch.get("to", ""), lang)
    if op == "vanish":
        return f"{name(ch['card'])}: " + ("消滅 (" if ja else "ceased to exist (") + \
            zone_label(ch.get("from", ""), lang) + ")"
    if op == "reveal":
        return f"{name(ch['card'])}: " + ("公開" if ja else "revealed")
    if op == "conceal":
        return f"{name(ch['card'])}: " + ("非公開" if ja else "made non-public")
    if op == "shuffle":
        return f"{ch['player']}: " + ("デッキをシャッフル" if ja else "deck shuffled")
    if op == "order":  # cards put back into the zone they were in, top or bottom, in this order
        where = {"top": ("上", "top"), "bottom": ("下", "bottom")}[ch.get("where", "top")]
        cards = ", ".join(name(c) for c in ch.get("cards", []))
        return (f"{zone_label(ch.get('zone', ''), lang)}の{where[0]}に {cards}" if ja else
                f"{zone_label(ch.get('zone', ''), lang)}: {cards} on the {where[1]}, in this order")
    if op == "rewind":
        clause = f" ({view.rewind_clause})" if view.rewind_clause else ""
        return ("巻き戻し" if ja else "rewound") + clause
    return None


def plain(ch: dict) -> str:
    """A change the report leaves out as read elsewhere (a trigger, the next step, the battle
    declared), in short words for the terminal."""
    op = ch.get("op")
    if op in ("trigger+", "trigger-"):
        return f"{'triggered' if op == 'trigger+' else 'played'}: {ch['trigger']}"
    if op == "battle":
        return (f"battle: {ch['attacker']} attacks {ch['target']}" if ch.get("attacker")
                else "battle over")
    if op == "step":
        return f"next step {ch['to']}"
    return ", ".join(f"{k}={v}" for k, v in ch.items())


def describer(board, lang: str):
    """One line for each change of a run on `board` (its engine's words), for the terminal."""
    from .engines import engine_for

    view = engine_for(board.ruleset).view
    L = view.labels(lang)
    name = Names(board, lang=lang, view=view)

    def describe(ch: dict) -> str:
        return change_text(ch, lang, name, L, view) or plain(ch)

    return describe
