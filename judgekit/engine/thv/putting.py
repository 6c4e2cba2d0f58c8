"""置く (11.2): 「冥界に置かれる代わりに、…に置く」 — the one replacement effect the 東方VISION rulebook
describes beside the nullified damage of a waiting effect (1.10.12.b, judgekit.engine.thv.effects).

11.2.2.a: when a card would be put (置く) into a zone and an effect says 「置く(置かれる)代わりに」, that
effect applies; if the card thereby went to another zone than the one first named, the put ends
there and the card loses everything it had been given. The effect is printed on a card as an
自動α (7.4.5): it applies while its card is on the field with its text working (7.4.5.a). When
several apply to one card at the same time, the 自動α of the card that entered the field first
applies first (7.4.5.e); the board file does not record when each card entered the field, so the
engine asks (a choice keyed 7.4.5.e). The rulebook has no once-per-event rule; a replacement that
sends the card to another zone cannot meet the same put again (the form names a different
zone), so nothing repeats.
"""

from __future__ import annotations

from ..choices import Request
from ..effects import replace as _replace
from ..effects.events import Event
from .clauses import REGISTRY
from .model import ZONE_EN, ZONE_JA, zone_kind

_rule = REGISTRY.rule


def _applies(g, src, ab: dict, c) -> bool:
    of = ab.get("of", "self")
    if of == "self":
        return c.id == src.id
    if of == "any":
        return True
    return (c.owner == g.ctl(src)) == (of == "yours")


def candidates(g, c, zone: str) -> list:
    """The printed 「…に置かれる代わりに」 (自動α, 7.4.5.a) of the face-up, unset cards on the
    field that apply to `c` being put into its owner's `zone`."""
    out = []
    for s in g.b.field():
        if not s.is_face_up or g.b.host_of(s) is not None:
            continue
        for i, ab in enumerate(s.abilities, 1):
            if ab.get("replace") == "put_into" and ab.get("zone", "netherworld") == zone \
                    and _applies(g, s, ab, c):
                out.append(_replace.Candidate(f"{s.id}#{i}", s.id, g.ctl(s), (s, ab)))
    return out


@_rule("7.4.5.e")
def _first_entered(g, event, cands):
    """7.4.5.e: the 自動α of the card that entered the field first applies first; the file
    says which card that was."""
    c = g.b.cards[event.card]
    opts = [(x.key, g.label(x.source)) for x in cands]
    with g.step("replacement", ("7.4.5.e",), f"{len(cands)} 自動α would put {g.label(c)} "
                "elsewhere instead of the netherworld: the one whose card entered the field "
                "first applies first (7.4.5.e).", f"{g.label(c)}が置かれる代わりの自動αが"
                f"{len(cands)}つあります。先に場に出ていたカードの自動αから順番に適用されます。",
                cards=(c.id,) + tuple(x.source for x in cands)):
        ans = g.ask(Request("7.4.5.e", c.owner, "which of these cards entered the field first",
                            "先に場に出ていたカード", opts, cites=("7.4.5.e",)))
    return next(x for x in cands if x.key == ans)


# 東方VISION's binding of the core replacement loop for 11.2.2.a: the card that entered the
# field first (7.4.5.e); no once-per-event rule in the rulebook, and an unending replacement
# would be the loop no choice avoids, a draw (1.5.4.b) — unreachable with this form
POLICY = _replace.Policy(choose=_first_entered, loop=("1.5.4.b",))


@_rule("11.2.2.a")
def put_replaced(g, c, zone: str) -> bool:
    """`c` would be put (置く) into its owner's `zone`: True when a 「置かれる代わりに」 put it
    elsewhere (11.2.2.a: that put ends there)."""
    if not candidates(g, c, zone):
        return False

    def apply(g, event, cand):
        s, ab = cand.data
        to = ab["to"]
        dest = g.owner_zone(c, "deck" if to == "deck_bottom" else to)
        text = ab.get("text") or "代わりに…"
        where_en = ZONE_EN.get(zone_kind(dest), to) + (" (bottom)" if to == "deck_bottom" else "")
        with g.step("replacement", ("11.2.2.a",),
                    f"{g.label(c)} would be put into the {ZONE_EN.get(zone, zone)}; "
                    f"{g.label(s)}'s 自動α puts it into its owner's {where_en} instead. The put "
                    "ends there, and the card loses everything it had been given.",
                    f"{g.label(c)}が{ZONE_JA.get(zone, zone)}に置かれる代わりに、{g.label(s)}の"
                    f"自動α（「{text}」）により{ZONE_JA.get(zone_kind(dest), to)}に置かれます。置く"
                    "処理はここで終了し、そのカードに与えられていた情報は全て失われます。",
                    cards=(c.id, s.id)):
            g.move([c], dest, bottom=(to == "deck_bottom"), reason="replace")
        return None

    ev = Event("put_into", card=c.id, to=zone, en=f"{g.label(c)} being put into the {zone}",
               ja=f"{g.label(c)}が{ZONE_JA.get(zone, zone)}に置かれる")
    happens, _ = _replace.run(g, ev, lambda e: candidates(g, c, zone), apply, POLICY)
    return not happens
