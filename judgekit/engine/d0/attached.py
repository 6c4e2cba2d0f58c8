"""Cards that belong to a card on a square (第6部): the 闘気 cards under a unit or a base (第1章,
6.1) and the strategy 結合 with a unit (第6章, 6.6).

The board lists them on the card they belong to (`Card.aura`, `Card.bound`: the core's
`BaseCard.ATTACHED`, written nested under that card in the file). They are in its square with it
(6.1.3, 6.6.4) but are neither units nor bases there (6.1.8; a strategy stays a strategy,
6.6.3): `Board.is_attached` keeps them out of everything that looks for units, bases and the
cards whose text works. What happens to them when their card moves is the core's
(`BaseGame.carry_attached`, `BaseGame.with_attached`) bound to D0's clauses here:

* square to square, they go along as the same cards (6.1.4, 6.6.5);
* to any zone other than a square, they go to their owners' graveyards at the same time, wherever
  their card goes (6.1.5, 6.6.6) — through the replacement effects for going to the graveyard
  first (4.15.2; 6.1.5 【例】2);
* a card is put as a 闘気 card face down (6.1.1) only under a unit or base on a square (6.1.1),
  never under itself (6.1.6), a 闘気 card (6.1.6-1) or a 結合 strategy (6.1.11);
* a strategy that says 「このカードを結合する」 (6.6.1) goes, when its resolution ends, face up onto
  the square of the unit it binds (2.20.3-3, 6.6.2, 6.6.4).
"""

from __future__ import annotations

from ..choices import Request
from .clauses import REGISTRY
from .model import is_battle_square, is_square

KEYS = ("aura", "bound")
_WORDS = {"aura": ("闘気 card", "闘気カード"), "bound": ("結合 strategy", "結合しているストラテジー")}
_rule = REGISTRY.rule


def host_of(g, c):
    """The card `c` is a 闘気 card under or a strategy 結合 with, and which (`aura`/`bound`)."""
    return g.b.attached_to(c) if is_square(c.zone) else None


def _set(g, host, key: str, ids: list) -> None:
    g.set_card(host, key, list(ids))


def _attach(g, host, key: str, c) -> None:
    if c.id not in getattr(host, key):
        _set(g, host, key, getattr(host, key) + [c.id])


# ---- their card moves (6.1.4, 6.1.5, 6.6.5, 6.6.6) ------------------------------------------------

@_rule("6.1.5", "6.6.6", "6.1.10")
def follow(g, c, dest: str, replaced):
    """`c` goes from a square to `dest`: when that is not a square, its 闘気 cards and its 結合
    strategy go to their owners' graveyards at the same time (6.1.5, 6.6.6), each first through
    the replacement effects for it (4.15.2: `replaced(g, card)` is True when one put it
    elsewhere). Yields the moves to add to `c`'s."""
    if not is_square(c.zone) or is_square(dest):
        return
    b = g.b
    for key in KEYS:
        cards = [b.cards[i] for i in getattr(c, key) if i in b.cards and b.cards[i].zone == c.zone]
        if not cards:
            continue
        en, ja = _WORDS[key]
        clause = "6.1.5" if key == "aura" else "6.6.6"
        aura = key == "aura"
        g.note("rule", (clause,) + (("6.1.10",) if aura else ()),
               f"{c.label()} goes from {c.zone} to {dest}, not a square: its {en}(s) "
               f"({', '.join(x.label() for x in cards)}) go to their owner's graveyard at the "
               "same time, wherever it goes" + (" — face up there, but what checks the event "
                                                "of this move does not look at their face"
                                                if aura else "") + ".",
               f"{c.label()}は{c.zone}からスクエア以外（{dest}）に置かれるため、その{ja}"
               f"（{'、'.join(x.label() for x in cards)}）は移動先に関わらず同時に持ち主の墓地に"
               "置かれます" + ("（墓地は公開情報となるゾーンですが、このゾーン移動によるイベントの"
                            "チェックでは表側の情報を参照しません）" if aura else "") + "。",
               cards=(c.id,) + tuple(x.id for x in cards))
        for x in cards:
            if not replaced(g, x):
                yield (x, f"{x.owner}.graveyard", {"face": "up", "bottom": False, "state": None})


@_rule("6.1.4", "6.6.5")
def moved(g, c, frm: str, dest: str, same: bool) -> None:
    """After `c` moved: square to square its 闘気 cards and 結合 strategy go along as the same
    cards (6.1.4, 6.6.5); elsewhere it keeps none (they went with it, `follow`). A card that
    belonged to another and moved on its own (a replacement put it elsewhere) no longer does."""
    b = g.b
    if is_square(frm):
        for h in b.cards_in(frm):
            for key in KEYS:
                if c.id in getattr(h, key):
                    _set(g, h, key, [i for i in getattr(h, key) if i != c.id])
    for key in KEYS:
        if not getattr(c, key):
            continue
        if same:
            carried = g.carry_attached(c, frm, dest, (key,))
            if carried:
                en, ja = _WORDS[key]
                g.note("rule", ("6.1.4",) if key == "aura" else ("6.6.5",),
                       f"{c.label()} goes from {frm} to {dest}: its {en}(s) "
                       f"({', '.join(x.label() for x in carried)}) go along with it.",
                       f"{c.label()}が{frm}から{dest}に置かれるため、その{ja}"
                       f"（{'、'.join(x.label() for x in carried)}）も付随して{dest}に置かれます。",
                       cards=(c.id,) + tuple(x.id for x in carried))
        else:
            _set(g, c, key, [])


# ---- putting 闘気 cards (6.1.1, 6.1.6, 6.1.6-1, 6.1.11) ------------------------------------------

@_rule("6.1.1", "6.1.6", "6.1.6-1", "6.1.11")
def hosts(g, spec: dict, ctx, putting=None, say: bool = True) -> list:
    """The cards on the squares that 闘気 cards may go under for `spec` ({all: filter} or {one:
    filter}): a unit or a base (6.1.1), not the card being put (6.1.6), not a 闘気 card
    (6.1.6-1), not a 結合 strategy on a battle square (6.1.11). A card the filter names that is
    left out is said, with its clause."""
    from .values import look, matches

    flt = spec.get("all", spec.get("one")) or {}
    ref = ctx.ref(g)
    out, left = [], []
    for c in g.b.on_squares():
        if not matches(g, look(g, c), flt, ref):
            continue
        h = host_of(g, c)
        if putting is not None and c.id == putting.id:
            left.append((c, "6.1.6", "it is the card being put", "置かれるカード自身です"))
        elif h is not None and h[1] == "aura":
            left.append((c, "6.1.6-1", "it is a 闘気 card", "闘気カードです"))
        elif h is not None and h[1] == "bound" and is_battle_square(c.zone):
            left.append((c, "6.1.11", "it is a 結合 strategy on a battle square",
                         "バトルスペースに置かれている結合されているストラテジーです"))
        elif c.type not in ("unit", "base"):
            left.append((c, "6.1.1", "it is neither a unit nor a base", "ユニットでもベースでもありません"))
        else:
            out.append(c)
    if say and left:
        g.note("effect", tuple(dict.fromkeys(x[1] for x in left)),
               "No 闘気 card can go under " + "; ".join(f"{c.label()}: {en}" for c, _, en, _ in left)
               + ".", "".join(f"{c.label()}は{ja}。" for c, _, _, ja in left)
               + "その下には闘気カードを置くことはできません。", cards=tuple(c.id for c, *_ in left))
    return out


def _choose_host(g, opts: list, ctx, what: str):
    """The card the ability's controller chooses among `opts` to put a 闘気 card under."""
    if len(opts) <= 1:
        return opts[0] if opts else None
    return g.b.cards[g.ask(Request(
        ctx.source or "6.1.1", ctx.controller, f"choose the card to put {what} under as a 闘気 "
        "card", f"{what}を闘気カードとして置くカードを選んでください",
        options=[(x.id, x.label()) for x in opts], cites=("6.1.1",)))]


def _face_down_under(g, cards: list, host) -> None:
    """`cards` become 闘気 cards under `host`, face down (6.1.1), in its square (6.1.3)."""
    for c in cards:
        _attach(g, host, "aura", c)
    g.move_batch([(c, host.zone, {"face": "down"}) for c in cards if c.zone != host.zone],
                 reason="aura")
    for c in cards:
        if c.face != "down":
            g.set_face(c, "down")


@_rule("6.1.1", "6.1.3", "6.1.8")
def put_aura(g, ins: dict, ctx, select, deck_top) -> None:
    """「…の下に闘気カードとして裏向きに置く」 (`aura`) and 「…の下に、そのユニットの持ち主の山札の上から
    カードを1枚ずつ闘気カードとして裏向きに置く」 (`aura_from_deck`); `select` and `deck_top` are
    the effect vocabulary's (judgekit.engine.d0.effects)."""
    spec = ins["under"]
    if "aura" in ins:
        for c in select(g, ins["aura"], ctx):
            opts = hosts(g, spec, ctx, putting=c)
            if not opts:
                g.note("effect", ("6.1.1",), f"There is no card {c.label()} can be put under "
                       "as a 闘気 card.", f"{c.label()}を闘気カードとして置けるカードがありません。",
                       cards=(c.id,))
                continue
            h = _choose_host(g, opts, ctx, c.label())
            with g.step("effect", ("6.1.1", "6.1.3", "6.1.8"),
                        f"{c.label()} is put face down under {h.label()} as a 闘気 card: it is in "
                        f"{h.zone} with it, a card of no card type (no unit, base or strategy).",
                        f"{c.label()}を{h.label()}の下に闘気カードとして裏向きに置きます（{h.zone}に"
                        "共に存在し、ユニット、ベース、ストラテジーのいずれの分類にも属しません）。",
                        cards=(c.id, h.id)):
                _face_down_under(g, [c], h)
        return
    n = ins["aura_from_deck"]
    opts = hosts(g, spec, ctx)
    if "one" in spec:
        opts = [h for h in [_choose_host(g, opts, ctx, "the deck's top card")] if h is not None]
    for h in opts:
        cards = []
        for _ in range(n):  # one at a time: the plan-zone card is the top first (2.23.3-1)
            top = deck_top(g, h.owner)
            if top is None:
                break
            cards.append(top)
            _face_down_under(g, [top], h)
        if cards:
            g.note("effect", ("6.1.1", "6.1.3"),
                   f"{', '.join(x.label() for x in cards)}, from the top of {h.owner}'s deck, "
                   f"is put face down under {h.label()} as a 闘気 card.",
                   f"{h.owner}の山札の上から{'、'.join(x.label() for x in cards)}を{h.label()}の下に"
                   "闘気カードとして裏向きに置きます。", cards=tuple(x.id for x in cards) + (h.id,))


IMPOSSIBLE = ("no card on the squares can have it as a 闘気 card",
              "闘気カードとして置けるカードがスクエアにありません")


@_rule("4.15.7")
def possible(g, instrs: list, ctx, select) -> bool:
    """Whether a replacement's 「かわりに」 can be done: an option that contains the impossible
    cannot be chosen (4.15.7). Impossible here: putting a card as a 闘気 card where no card can
    have it (`IMPOSSIBLE` says so)."""
    for ins in instrs:
        if "aura" in ins:
            if not any(hosts(g, ins["under"], ctx, putting=c, say=False)
                       for c in select(g, ins["aura"], ctx)):
                return False
        elif "aura_from_deck" in ins and not hosts(g, ins["under"], ctx, say=False):
            return False
    return True


# ---- 結合 (6.6.1, 2.20.3-3, 6.6.2, 6.6.4) ----------------------------------------------------------

@_rule("6.6.1")
def bind(g, ins: dict, ctx, select) -> None:
    """「このカードを結合する」: the resolving strategy 結合 with the unit; it is put with it when its
    resolution ends (`bind_at_end`)."""
    units = [c for c in select(g, ins["bind"], ctx) if c.type == "unit"
             and is_battle_square(c.zone) and not g.b.is_attached(c)]
    src = g.b.cards.get(ctx.source or "")
    if not units or src is None or src.zone != "stack":
        return
    u = units[0]
    ctx.bound = (u.id, u.incarnation)
    g.note("effect", ("6.6.1",), f"{src.label()} 結合 with {u.label()} (「このカードを結合する」).",
           f"{src.label()}は{u.label()}と結合します（「このカードを結合する」）。", cards=(src.id, u.id))


@_rule("2.20.3-3", "6.6.2", "6.6.4")
def bind_at_end(g, c, bound) -> bool:
    """When a strategy that 結合 has resolved: face up onto its unit's square, bound to it
    (2.20.3-3, 6.6.2, 6.6.4). False when the unit is no longer there as the same card."""
    u = g.b.cards.get(bound[0])
    if u is None or u.incarnation != bound[1] or not is_battle_square(u.zone):
        return False
    with g.step("resolve", ("2.20.3-3", "6.6.2", "6.6.4"),
                f"{c.label()} has resolved: a strategy 結合 with a unit does not go to the "
                f"graveyard but face up onto {u.zone}, the square of {u.label()}, and is there "
                "with it.",
                f"{c.label()}の解決が終わりました。結合したストラテジーは表向きで{u.label()}の"
                f"置かれている{u.zone}に置かれ、共に存在します。", cards=(c.id, u.id)):
        _attach(g, u, "bound", c)
        g.move_batch([(c, u.zone, {"face": "up"})], reason="bind")
    return True


# ---- the board file (status) ----------------------------------------------------------------------

def check(b, f, c, pos) -> None:
    """Flags for the cards `c` lists as its 闘気 cards and 結合 strategy."""
    for x in (b.cards[i] for i in c.aura if i in b.cards):
        if b.attached_to(c) is not None:
            f.add("AURA_UNDER_ATTACHED", "error", f"{x.label()} is written as a 闘気 card under "
                  f"{c.label()}, which is itself a 闘気 card or a 結合 strategy",
                  clauses=("6.1.6-1", "6.1.11"), pos=pos)
        elif c.type not in ("unit", "base") or not is_square(c.zone):
            f.add("AURA_HOST", "error", f"{x.label()} is written as a 闘気 card under "
                  f"{c.label()}, which is not a unit or a base on a square", clauses=("6.1.1",),
                  pos=pos)
    for x in (b.cards[i] for i in c.bound if i in b.cards):
        if x.type != "strategy":
            f.add("BOUND_NOT_STRATEGY", "error", f"{x.label()} is written as 結合 with "
                  f"{c.label()} but is not a strategy", clauses=("6.6.1",), pos=pos)
        if any("spell" not in ab for ab in x.abilities):
            f.add("BOUND_TEXT_NOT_READ", "warning", f"{x.label()} is 結合 with {c.label()} and "
                  "has abilities other than its spell text: the engine does not read them on the "
                  "square (a strategy on a square stays a strategy, 6.6.3, and the rulebook "
                  "says when only a unit's and a base's text works there, 2.20.1-7, 2.20.2-5)",
                  clauses=("6.6.3",), pos=pos)
        if c.type != "unit" or not is_battle_square(c.zone):
            f.add("BOUND_HOST", "error", f"{x.label()} is written as 結合 with {c.label()}, "
                  "which is not a unit on a battle square", clauses=("6.6.4",), pos=pos)
