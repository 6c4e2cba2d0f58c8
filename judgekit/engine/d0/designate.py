"""「～にあたり、～指定する」 (4.15.2-1): a replacement effect that replaces "doing nothing" with
the event "designate …" as its replacement event happens — here, as the card is put onto a
square (「このカードがスクエアに置かれるにあたり、種族を1つ指定する」). It is not a triggered
ability: nothing goes on the stack and nobody can act in between (4.15.1, 4.15.2-1). The
designation is the card's own information (`designated` in the file), read by filters
`designated: race|color|name` of its other abilities (「指定された種族のユニット」), and lost when the
card becomes a new card (2.23.1-3)."""

from __future__ import annotations

from ..choices import Request
from .clauses import REGISTRY
from .geometry import COLORS

_rule = REGISTRY.rule
_WORDS = {"race": ("a race", "種族"), "color": ("a colour", "色"), "name": ("a card name",
                                                                        "カード名")}


def _options(g, what: str) -> list:
    """What may be designated: the five colours; for a race or a name, those the cards of
    the file have (a designation no card has would change nothing the engine can show)."""
    if what == "color":
        return list(COLORS)
    seen: list = []
    for c in g.b.cards.values():
        for v in (c.races if what == "race" else ((c.name,) if c.name else ())):
            if v and v not in seen:
                seen.append(v)
    return seen


@_rule("4.15.2-1")
def on_square(g, c) -> None:
    """`c` has just been put onto a square: each 「スクエアに置かれるにあたり、…を指定する」 of it
    happens now, its controller designating (4.15.2-1)."""
    for i, ab in enumerate(c.abilities, 1):
        what = ab.get("designate")
        if ab.get("replace") != "put_on_square" or not what:
            continue
        opts = _options(g, what)
        en, ja = _WORDS[what]
        text = ab.get("text") or f"…にあたり、{ja}を1つ指定する"
        with g.step("replacement", ("4.15.2-1",),
                    f"{c.label()} is put onto {c.zone}: as it is, {c.controller} designates "
                    f"{en} (「{text}」) — a replacement of doing nothing, not a triggered ability: "
                    "nothing goes on the stack.",
                    f"{c.label()}が{c.zone}に置かれるにあたり、{c.controller}は{ja}を1つ指定します"
                    f"（「{text}」）。何もしない事の代わりに指定するという置換効果であり、誘発型能力では"
                    "ありません。", cards=(c.id,), player=c.controller):
            if not opts:
                g.note("replacement", ("4.15.2-1",), f"No card of the file has {en}: nothing "
                       "can be designated that the engine could show.",
                       f"ファイルのどのカードにも{ja}がないため、指定できるものがありません。",
                       cards=(c.id,))
                continue
            ans = g.ask(Request(f"{c.id}#{i}", c.controller, f"{c.label()}: designate {en}",
                                f"{c.label()}：{ja}を1つ指定してください", opts,
                                cites=("4.15.2-1",)))
            g.set_card(c, "designated", {**(c.designated or {}), what: ans})


def designation(g, what: str, src_id: str | None):
    """What the card `src_id` designated of `what` (race, color, name), or None."""
    src = g.b.cards.get(src_id or "")
    return (src.designated or {}).get(what) if src is not None else None
