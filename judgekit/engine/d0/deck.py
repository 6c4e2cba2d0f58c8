"""The deck in Dimension Zero (2.23.2, 2.23.3): D0's binding of the core deck operations
(judgekit.engine.effects.deck) for the instructions `to_deck`, `to_plan`, `search`, `look`,
`shuffle` and `face_up_top`, and the state some cards read: whether the order of a player's deck
has been intentionally determined during the duel (6.2, `deck_ordered`).

Each instruction says what it does to that state, as 6.2 says:
* a card from another zone put at an identifiable position of the deck — its top or bottom,
  or the plan zone, which is the top (6.2.3) — determines the order (6.2.2 A);
* cards of the deck put at positions the player chooses (a search into the plan zone, 6.2.2 B;
  cards looked at and put back, 6.2.2 C) determine it;
* a shuffle, and cards added without a position and shuffled in, do not (6.2.5); nor does
  turning the top card face up as the plan zone (6.2.6: creating or updating the plan zone, or
  an effect that turns it face up);
* once determined, it stays so whatever shuffles follow (6.2.4).

The plan-zone card is the deck's top card (2.23.3-1): before cards are put on top of the deck,
before the deck is looked through and before it is shuffled, the plan-zone card is turned face
down (2.23.3-3, 2.23.3-4, 2.23.3-5).
"""

from __future__ import annotations

from ..effects import deck as core
from .clauses import REGISTRY
from .model import is_square, opponent

_rule = REGISTRY.rule

KINDS = ("to_deck", "to_plan", "search", "look", "shuffle", "face_up_top")


def run(g, ins: dict, ctx, select) -> None:
    """One deck instruction; `select(g, selector, ctx)` is the effect's card selection."""
    kind = next(iter(ins))
    {"to_deck": _to_deck, "to_plan": _to_plan, "search": _search, "look": _look,
     "shuffle": _shuffle, "face_up_top": _face_up_top}[kind](g, ins, ctx, select)


def _who(ctx, who: str | None) -> str:
    return opponent(ctx.controller) if who == "opponent" else ctx.controller


# ---- the state 6.2 is about ---------------------------------------------------------------------

@_rule("6.2.2")
def determined(g, p: str, en: str, ja: str, cites: tuple = ()) -> None:
    """The order of `p`'s deck is intentionally determined (6.2.2); when it already was, it
    simply stays so."""
    already = g.b.players[p].deck_ordered
    with g.step("rule", ("6.2.2",) + tuple(cites),
                f"{en}: the order of {p}'s deck is intentionally determined (6.2)"
                + (" — it already was during this duel." if already else "."),
                f"{ja}：{p}の山札のカードの順番が意図的に決定されました"
                + ("（このデュエル中に既に決定されています）。" if already else "。"), player=p):
        g.set_player(p, "deck_ordered", True)


@_rule("6.2.5", "6.2.6", "6.2.4")
def not_determined(g, p: str, clause: str, en: str, ja: str) -> None:
    """What was done does not determine the order of `p`'s deck (6.2.5 a shuffle, 6.2.6 the top
    card turned face up as the plan zone); an earlier determination stays (6.2.4)."""
    already = g.b.players[p].deck_ordered
    g.note("rule", (clause,) + (("6.2.4",) if already else ()),
           f"{en} is not an intentional determination of the order of {p}'s deck"
           + (" — but it was determined earlier in this duel, and that stays so (6.2.4)."
              if already else "."),
           f"{ja}は{p}の山札のカードの順番の意図的な決定にあたりません"
           + ("（ただし、このデュエル中に既に決定されたことがあり、その事実は変わりません）。"
              if already else "。"), player=p)


@_rule("2.23.3-3", "2.23.3-4", "2.23.3-5")
def plan_face_down(g, p: str, clause: str) -> None:
    """The plan-zone card is turned face down first: it stays the deck's top card (2.23.3-3
    before a card is put on top, 2.23.3-4 before the deck is looked through, 2.23.3-5 before a
    shuffle)."""
    plan = g.b.pzone(p, "plan")
    if not plan:
        return
    c = g.b.cards[plan[0]]
    with g.step("rule", (clause,), f"{c.label()} in {p}'s plan zone is turned face down first: "
                "it stays the top card of the deck.", f"まず、{p}のプランゾーンにある{c.label()}を"
                "裏向きにします（山札の1番上のカードのままです）。", cards=(c.id,), player=p):
        g.move([c], f"{p}.deck", face="down", reason="plan")


@_rule("2.23.1-2")
def _shuffle_deck(g, p: str) -> None:
    plan_face_down(g, p, "2.23.3-5")
    with g.step("effect", ("2.23.1-2",), f"{p}'s deck is shuffled (its order changed by an "
                "effect).", f"{p}の山札をシャッフルします（効果による並べ替え）。", player=p):
        core.shuffle(g, p)


# ---- the instructions ---------------------------------------------------------------------------

@_rule("2.23.1-1", "2.23.1-3", "2.23.2-4", "4.9.2-3")
def _to_deck(g, ins: dict, ctx, select) -> None:
    """「持ち主の山札の一番上（下）に置く」 / 「山札に加えてシャッフルする」: each card goes to its
    owner's deck (2.23.1-1), a new card (2.23.1-3); several at once onto one deck are ordered
    by their owner (2.23.2-4)."""
    pos = ins.get("position", "top")
    cards = [c for c in select(g, ins["to_deck"], ctx) if not c.zone.endswith(".deck")]
    by_owner: dict = {}
    for c in cards:
        by_owner.setdefault(c.owner, []).append(c)
    for p, group in by_owner.items():
        zone = f"{p}.deck"
        src = g.label(ctx.source) if ctx.source else "The effect"
        if pos == "top":
            plan_face_down(g, p, "2.23.3-3")
        order = group if pos == "shuffle" else core.choose_order(
            g, p, group, key="2.23.2-4", en=f"{p} puts cards onto the {pos} of the deck",
            ja=f"{p}が山札の{'上' if pos == 'top' else '下'}に置くカード", cites=("2.23.2-4",))
        names = ", ".join(c.label() for c in order)
        names_ja = "、".join(c.label() for c in order)
        new = any(is_square(c.zone) for c in order)
        cites = (("2.23.1-1",) if p != ctx.controller else ()) + (
            ("2.23.1-3",) if new else ()) + (
            ("2.23.2-4",) if len(order) > 1 and pos != "shuffle" else ())
        cites = cites or ("4.9.2-3",)  # the instruction followed as written
        where = {"top": ("on top of", "一番上"), "bottom": ("at the bottom of", "一番下"),
                 "shuffle": ("into", "中")}[pos]
        with g.step("effect", cites, f"{src} puts {names} {where[0]} {p}'s deck (its owner's)"
                    + (", in the order its owner chose" if len(order) > 1 and pos != "shuffle"
                       else "") + ".", f"{src}により、{names_ja}を持ち主{p}の山札の{where[1]}に"
                    "置きます。", cards=tuple(c.id for c in order), player=ctx.controller):
            core.put(g, order, zone, bottom=pos == "bottom", reason="to_deck")
        if pos == "shuffle":
            _shuffle_deck(g, p)
            not_determined(g, p, "6.2.5", f"Adding {names} to the deck with no position and "
                           "shuffling", f"{names_ja}を位置を特定せずに山札に加えてシャッフルすること")
        else:
            determined(g, p, f"{names} from another zone put {where[0]} the deck (an "
                       "identifiable position, 6.2.2 A)", f"{names_ja}を山札以外のゾーンから山札の"
                       f"{where[1]}（識別可能な特定の位置）に置いたため")


@_rule("6.2.3")
def _to_plan(g, ins: dict, ctx, select) -> None:
    """「プランゾーンに置く」: face up as the plan zone, which is the top of the owner's deck
    (2.23.3-1); a card already there is turned face down first (2.23.3-3). Putting a card face up
    into the plan zone is putting it on top of the deck (6.2.3): the order is determined."""
    src = g.label(ctx.source) if ctx.source else "The effect"
    for c in select(g, ins["to_plan"], ctx):
        if c.zone.endswith(".plan"):
            continue
        p = c.owner
        frm = c.zone
        plan_face_down(g, p, "2.23.3-3")
        with g.step("effect", ("2.23.3-1",) + (("2.23.1-1",) if p != ctx.controller else ())
                    + (("2.23.1-3",) if is_square(frm) else ()),
                    f"{src} puts {c.label()} face up into {p}'s plan zone: it is the top card of "
                    f"{p}'s deck.", f"{src}により、{c.label()}を{p}のプランゾーンに表向きで置きます"
                    "（山札の1番上のカードです）。", cards=(c.id,), player=ctx.controller):
            g.move([c], f"{p}.plan", face="up", reason="to_plan")
        determined(g, p, f"{c.label()} put face up into the plan zone from "
                   f"{'the deck' if frm.endswith('.deck') else 'another zone'} — the same as "
                   "putting it on top of the deck (6.2.3)",
                   f"{c.label()}をプランゾーンに表向きに置いたため（山札の一番上に置くことと同一です）",
                   cites=("6.2.3",))


@_rule("2.23.3-4", "4.9.2-3", "4.12.2")
def _search(g, ins: dict, ctx, select) -> None:
    """「山札から…を探し、手札に加える（プランゾーンに置く）。（その後、山札をシャッフルする。）」:
    the deck is looked through (the plan-zone card turned face down first, 2.23.3-4); only the
    cards the file identifies can be found."""
    from ..choices import Request
    from .values import look, matches

    p = ctx.controller
    zone = f"{p}.deck"
    flt = ins["search"]
    plan_face_down(g, p, "2.23.3-4")
    ref = ctx.ref(g)
    found, unknown = core.searchable(g, zone, lambda c: matches(g, look(g, c), flt, ref))
    n = min(ins.get("count", 1), len(found))
    into = ins.get("into", "hand")
    words = ", ".join(f"{k} {v}" for k, v in flt.items())
    public = into == "plan"  # the card found is made public: it may be not found (2.25.3)
    picked: list = []
    if n:
        req = Request(ctx.source or "search", p, f"which card(s) to take from the deck ({words})"
                      + ("; none: not found (2.25.3)" if public else ""),
                      f"山札から探すカード（{words}）" + ("（見つからなかったことを選べます）"
                                                    if public else ""),
                      [(c.id, g.label(c)) for c in found],
                      kind="many" if n > 1 or public else "one", min=0 if public else n, max=n,
                      cites=("2.25.3",) if public else ())
        ans = g.ask_cards(req, [c.id for c in found[:n]] if n > 1 or public else found[0].id)
        picked = [g.b.cards[i] for i in (ans if isinstance(ans, list) else [ans])]
    if public and n and not picked:
        not_found(g, p, words)
    elif picked:
        names = ", ".join(c.label() for c in picked)
        if into == "hand":
            with g.step("effect", ("4.9.2-3",), f"{p} looks through the deck and takes {names} "
                        f"({words}) into the hand.",
                        f"{p}は山札から{'、'.join(c.label() for c in picked)}を"
                        "探し、手札に加えます。", cards=tuple(c.id for c in picked), player=p):
                g.move(picked, f"{p}.hand", reason="search")
        else:
            for c in picked:
                _to_plan(g, {"to_plan": c.id}, ctx, select)
    else:
        g.note("effect", ("4.12.2",), f"{p} looks through the deck for {words}: none of the "
               "cards the file identifies matches"
               + (f" ({unknown} card(s) are not identified: state them in the file if one could)"
                  if unknown else "")
               + "; nothing is taken.", f"{p}は山札から{words}を探しますが、該当するカードは"
               "ありません" + (f"（{unknown}枚は内容が不明です）" if unknown else "") + "。",
               player=p)
    if ins.get("then_shuffle"):
        _shuffle_deck(g, p)
        not_determined(g, p, "6.2.5", "Shuffling the deck after the search",
                       "探した後に山札をシャッフルすること")


@_rule("2.25.3")
def not_found(g, p: str, words: str) -> None:
    """2.25.3: an effect asks for a card of a hidden zone to be made public; its controller
    chose not to find it — nothing is taken, and no card is put anywhere in the deck."""
    g.note("effect", ("2.25.3",), f"{p} chooses not to find a card ({words}) in the deck, which "
           "is hidden: nothing is taken.", f"{p}は非公開情報である山札の中から（{words}）を"
           "見つけられなかったことを選びます。何も取り出されません。", player=p)


@_rule("2.23.3-4", "2.23.1-2")
def _look(g, ins: dict, ctx, select) -> None:
    """「山札の上からN枚を見て、好きな順番で山札の上（下）に戻す」: the controller looks at the top
    N cards (the plan-zone card turned face down first, 2.23.3-4) and puts them back in the order
    it chooses: cards of specific positions put at other identifiable positions (6.2.2 C)."""
    p = ctx.controller
    zone = f"{p}.deck"
    plan_face_down(g, p, "2.23.3-4")
    cards = core.top(g, zone, ins["look"])
    if not cards:
        return
    back = ins.get("back", "top")
    names = ", ".join(c.label() for c in cards)
    order = core.choose_order(g, p, cards, key=ctx.source or "look",
                              en=f"{p} puts the cards back on the {back} of the deck",
                              ja=f"{p}が山札の{'上' if back == 'top' else '下'}に戻すカード")
    with g.step("effect", ("2.23.1-2",), f"{p} looks at the top {len(cards)} card(s) of the "
                f"deck ({names}) "
                f"and puts them back on the {back} in the order it chose: "
                f"{', '.join(c.id for c in order)} (top first).",
                f"{p}は山札の上から{len(cards)}枚（{'、'.join(c.label() for c in cards)}）を見て、"
                f"好きな順番で山札の{'上' if back == 'top' else '下'}に戻します（上から"
                f"{'、'.join(c.id for c in order)}）。", cards=tuple(c.id for c in cards), player=p):
        core.put(g, order, zone, bottom=back == "bottom")
    determined(g, p, f"{names} looked at and put back at positions {p} chose (cards of specific "
               "positions put at other identifiable positions, 6.2.2 C)",
               f"{'、'.join(c.label() for c in cards)}を見て、選んだ順番で山札に戻したため")


def _shuffle(g, ins: dict, ctx, select) -> None:
    p = _who(ctx, ins["shuffle"])
    _shuffle_deck(g, p)
    not_determined(g, p, "6.2.5", "Shuffling the deck", "山札をシャッフルすること")


def _face_up_top(g, ins: dict, ctx, select) -> None:
    """「山札の一番上のカードを表向きにする」: it becomes the plan zone (2.23.3-1); when the plan
    zone already holds a card, that card is the top one and is face up already."""
    p = _who(ctx, ins["face_up_top"])
    if g.b.pzone(p, "plan") or not g.b.pzone(p, "deck"):
        g.note("effect", ("2.23.3-1",), f"The top card of {p}'s deck is "
               + ("the plan-zone card, face up already." if g.b.pzone(p, "plan") else
                  "missing: the deck is empty."), f"{p}の山札の1番上のカードは"
               + ("既に表向きのプランゾーンのカードです。" if g.b.pzone(p, "plan") else
                  "ありません（山札が空です）。"), player=p)
        return
    c = g.b.cards[g.b.pzone(p, "deck")[0]]
    with g.step("effect", ("2.23.3-1",), f"The top card of {p}'s deck, {c.label()}, is turned "
                "face up: it is the plan zone (and still the top card of the deck).",
                f"{p}の山札の1番上のカード{c.label()}を表向きにします。それがプランゾーンです"
                "（同時に山札の1番上のカードでもあります）。", cards=(c.id,), player=p):
        g.move([c], f"{p}.plan", face="up", reason="plan")
    not_determined(g, p, "6.2.6", "Turning the top card of the deck face up as the plan zone",
                   "山札の一番上のカードを公開してプランゾーンとすること")
    g.rampage(c, p)  # 5.7.2-2: turned face up as the plan zone
