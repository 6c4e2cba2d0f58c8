"""The effect vocabulary: instructions executed in order (804.3a), targets, replacements (812).

Each instruction is one trace step citing the keyword action it performs (1001 damage, 1004
draw, 1007 destroy, …). Choices inside an effect are keyed by the card whose ability asks
(`choices: {E: [...]}`, or `E#2` for its second ability).
"""

from __future__ import annotations

from .model import Card, has_states, is_public, is_square, opponent, zone_kind
from .spec import PLAYER_ZONES, SQUARES
from ..choices import Request
from ..effects import replace as _replace
from ..effects.events import Event
from ..effects.choosing import divide, divisible
from . import triggers
from .clauses import REGISTRY
from .params import (ability_cards, ability_key, cannot, condition, count, enabled, keyword,
                     matches, shared_parameters, zone_pool)

DEST_ZONE = {"hand": "hand", "trash": "trash", "charge": "charge", "deck_top": "deck",
             "deck_bottom": "deck", "life": "life", "resource": "resource", "remove": "remove",
             "dynamis": "dynamis"}
ZONE_JA = {"hand": "手札", "trash": "トラッシュ", "charge": "チャージ", "deck": "デッキ",
           "life": "ライフ", "resource": "リソース", "remove": "リムーブゾーン",
           "dynamis": "デュナミス", "temporary": "テンポラリー", "force": "フォースゾーン",
           "square": "スクエア"}


def zone_ja(z: str) -> str:
    if "." in z:
        p, k = z.split(".", 1)
        return f"{p}の{ZONE_JA.get(k, k)}"
    if z in SQUARES:
        return z
    return ZONE_JA.get(z, z)


class EffCtx:
    """Who executes an effect, from which card, and what it has chosen so far."""

    def __init__(self, g, controller: str, source: str | None, lki: dict | None,
                 idx: int = -1, trigger=None, battle: bool = False) -> None:
        self.g = g
        self.controller = controller
        self.source = source
        self.lki = lki or {}
        self.idx = idx
        self.trigger = trigger
        self.battle = battle
        self.chosen: list[tuple[str, int]] = []
        self.these: list = []
        self.these_zones: dict = {}
        self.chosen_before: set = set()
        self.placed_force: list = []  # 置いたフォース of the latest put_force (1009.2a)
        self.revealed: list = []  # (id, incarnation, zone): hidden-zone cards it revealed
        self.depth = 0  # run_effect nesting: 1005.2 is done when the outermost one ends
        g.effect_seq += 1
        self.effect_key = f"e{g.effect_seq}"

    @property
    def keys(self) -> tuple:
        if self.source is None:
            return ("effect",)
        if self.idx >= 0:
            return (ability_key(self.source, self.idx), self.source)
        return (self.source,)

    def source_card(self) -> Card | None:
        return self.g.b.cards.get(self.source) if self.source else None


def run_effect(g, instrs: list, ctx: EffCtx) -> None:
    ctx.depth += 1
    try:
        for ins in instrs:
            if g.outcome is not None:
                return
            execute(g, ins, ctx)
    finally:
        ctx.depth -= 1
    if ctx.depth == 0 and ctx.revealed and g.outcome is None:
        conceal(g, ctx)


@REGISTRY.rule("1005.2")
def conceal(g, ctx: EffCtx) -> None:
    """1005.2: a hidden-zone card the effect revealed and that is still revealed in that zone
    when the effect has resolved is made non-public; when the zone is the deck, the deck is
    then shuffled."""
    left = []
    for cid, inc, zone in ctx.revealed:
        c = g.b.cards.get(cid)
        if c is not None and c.incarnation == inc and c.zone == zone and cid not in left:
            left.append(cid)
    ctx.revealed = []
    if not left:
        return
    decks = sorted({g.b.cards[cid].zone.split(".", 1)[0] for cid in left
                    if zone_kind(g.b.cards[cid].zone) == "deck"})
    cites = ("1005.2",) + (("1003.1",) if decks else ())
    with g.step("effect", cites, f"The effect has resolved and {', '.join(left)} "
                f"{'is' if len(left) == 1 else 'are'} still revealed in a hidden zone: made "
                "non-public again" + (f", then {' and '.join(decks)} shuffle(s) the deck"
                                      if decks else "") + " (1005.2).",
                f"効果の解決後も{'、'.join(left)}が秘匿ゾーンで公開されたままのため、非公開にします"
                + (f"。その後{'と'.join(decks)}はデッキをシャッフルします" if decks else "")
                + "（1005.2）。", player=ctx.controller, cards=tuple(left)):
        for cid in left:
            g.change({"op": "conceal", "card": cid, "zone": g.b.cards[cid].zone})
        for p in decks:
            g.shuffle(p)


def execute(g, ins: dict, ctx: EffCtx) -> None:
    for k in INSTRUCTIONS:
        if k in ins:
            INSTRUCTIONS[k](g, ins, ctx)
            return
    raise ValueError(f"unknown instruction {ins}")  # pragma: no cover - the spec forbids it


# ---- targets --------------------------------------------------------------------------------------

def _alive(g, cid: str, incs) -> Card | None:
    c = g.b.cards.get(cid)
    if c is None:
        return None
    if incs is not None and c.incarnation not in incs:
        return None
    return c


def targets(g, ctx: EffCtx, spec, *, what: str = "cards", need=None) -> list[Card]:
    """Resolve a target spec to the cards it names now (813: cards that left their zone and
    cannot be identified are dropped, 813.2)."""
    b = g.b
    if spec == "self":
        incs = ctx.trigger.self_incs if ctx.trigger is not None and ctx.trigger.timed is None \
            else None
        c = _alive(g, ctx.source, incs) if ctx.source else None
        out = [c] if c is not None else []
        if not out:
            _undefined(g, f"this card ({ctx.source})", f"このカード（{ctx.source}）")
        return out
    if spec == "event_card":
        ev = ctx.trigger.event if ctx.trigger is not None else {}
        snap = ev.get("card") or {}
        c = _alive(g, snap.get("id", ""), (ev.get("inc_after"), snap.get("incarnation")))
        if c is None:
            _undefined(g, f"the card of the event ({snap.get('id', '?')})",
                       f"事象のカード（{snap.get('id', '?')}）")
            return []
        _note_sq2sq(g, c, snap.get("zone"))
        return [c]
    if spec == "deck_top":
        deck = b.pzone(ctx.controller, "deck")
        if not deck:
            _undefined(g, f"the top card of {ctx.controller}'s deck (the deck is empty)",
                       f"{ctx.controller}のデッキの一番上のカード（デッキが0枚）")
            return []
        return [b.cards[deck[0]]]
    if spec == "chosen":
        out = [c for c in (_alive(g, i, (inc,)) for i, inc in ctx.chosen) if c is not None]
        if ctx.trigger is not None and ctx.trigger.timed is not None and len(out) < len(
                ctx.chosen):  # 「そのゼクス」 of a timed ability: one has since become a new card
            lost = [i for i, inc in ctx.chosen if _alive(g, i, (inc,)) is None]
            _undefined(g, f"{', '.join(lost)}, chosen by the effect that created this ability "
                       "(it has since left its zone and is a new card)",
                       f"この能力を作成した効果で選んだ{'、'.join(lost)}（その後ゾーンを移動し、"
                       "新しいカードになっています）")
        return out
    if spec == "these":
        out = []
        for item in ctx.these:
            cid, inc = (item, None) if isinstance(item, str) else item
            c = _alive(g, cid, (inc,) if inc is not None else None)
            if c is not None and is_square(c.zone):
                out.append(c)
                _note_sq2sq(g, c, ctx.these_zones.get(cid))
        if not out:
            _undefined(g, "the cards this ability put onto squares",
                       "この能力でスクエアに置いたカード")
        return out
    if isinstance(spec, str):
        c = b.cards.get(spec)
        if c is None:  # a token that ceased to exist (912.1): it cannot be identified (813.2)
            en, ja, cites = g.gone(spec)
            g.note("effect", ["813.2"] + cites, f"{spec} is no longer on the board ({en}): the "
                   "instruction does nothing to it (813.2).", f"{spec}はもう盤面にありません（{ja}）。"
                   "この指示はそのカードに対して実行されません（813.2）。", cards=(spec,))
            return []
        return [c]
    if isinstance(spec, dict) and "all" in spec:
        flt = spec["all"]
        return _pool(g, flt, ctx)
    if isinstance(spec, dict) and "choose" in spec:
        return _choose(g, ctx, spec, what)
    return []  # pragma: no cover


def _note_sq2sq(g, c: Card, was: str | None) -> None:
    """813.1a: a card that moved from square to square is still that card, read where it is."""
    if was and is_square(was) and is_square(c.zone) and was != c.zone:
        _cite(g, "813.1a")


def _undefined(g, what: str, what_ja: str) -> None:
    g.note("effect", ("813.2",), f"{what[:1].upper()}{what[1:]} cannot be identified any more: "
           "the information is undefined and the action is not done (813.2, 102.4).",
           f"{what_ja}を特定できないため、その情報は未定義となり、行動は実行されません。")


def _pool(g, flt: dict, ctx: EffCtx) -> list[Card]:
    src = ctx.source_card()
    zone = flt.get("zone", "square")
    if zone == "deck":
        return _search_deck(g, flt, ctx, src)
    pool = list(g.b.on_squares()) if zone == "square" else zone_pool(g, zone, ctx.controller, flt)
    return [c for c in pool if matches(g, c, flt, ctx.controller, src)]


def _search_deck(g, flt: dict, ctx: EffCtx, src) -> list[Card]:
    """The cards of a deck an effect may find (the core's deck search): only cards the file
    identifies; the deck's unidentified cards might match too, and the run says so."""
    from ..effects.deck import searchable

    who = flt.get("owner", flt.get("controller", "any"))
    players = [ctx.controller] if who == "you" else [opponent(ctx.controller)] \
        if who == "opponent" else ["P1", "P2"]
    out, unknown = [], 0
    for p in players:
        found, n = searchable(g, f"{p}.deck", lambda c: matches(g, c, flt, ctx.controller, src))
        out += found
        unknown += n
        g.deck_not_random(p, "A card's ability looked through the deck",
                          "カードの能力によってデッキのカードを見た")
    if unknown:
        g.assume("deck-search-unknown", "A search of a deck finds only the cards the file "
                 "identifies; the deck's cards given as a count might also match what the "
                 "effect names.", "デッキの検索では、ファイルに内容が書かれたカードだけが見つかります。"
                 "枚数だけが書かれたカードも条件に合う可能性があります。")
    return out


def _choose(g, ctx: EffCtx, spec: dict, what: str) -> list[Card]:
    n = spec["choose"]
    per = None
    if "per" in spec:  # 「…1枚につき、…をN枚選び」: one choice of N × the count (802.3)
        per = count(g, spec["per"], ctx.controller, ctx.source_card())
        n *= per
    flt = spec.get("from", {})
    chooser = ctx.controller if spec.get("by", "you") == "you" else opponent(ctx.controller)
    pool = choosable(g, _pool(g, flt, ctx), zekusu=flt.get("type") in ("zekusu", "zekusu_like",
                                                                          None))
    cites = []
    up_to = spec.get("up_to", False)
    mx = min(n, len(pool))
    mn = 0 if up_to else mx  # 102.4: as many as possible
    if mn and hidden_parameter_choice(flt):
        mn = 0  # 102.9: a choice of hidden cards with a given parameter may find nothing
        cites.append("102.9")
    if n > 1:
        cites.append("802.3")
    if mx < n and not up_to:
        cites.append("102.4")
    req = Request(ctx.keys[0], chooser, f"{'up to ' if up_to else ''}{n} of these {what}",
                  f"{what}を{n}枚{'まで' if up_to else ''}選ぶ", [c.id for c in pool], "many",
                  mn, mx, fallback_keys=ctx.keys[1:])
    ids = g.ask(req)
    chosen = [g.b.cards[i] for i in ids]
    if any((c.id, c.incarnation) in ctx.chosen_before for c in chosen):
        cites.append("802.3")  # a new instruction may choose the same card again (小次郎 example)
    ctx.chosen = [(c.id, c.incarnation) for c in chosen]
    ctx.chosen_before.update(ctx.chosen)
    if cites:
        _cite(g, *cites)
    if per is not None:
        g.note("effect", ("802.3",), f"{spec['choose']} for each of the {per} matching card(s): "
               f"one instruction chooses {n} different card(s) (802.3) — the same card cannot "
               f"be chosen twice; {len(ids)} chosen.", f"条件に合うカード{per}枚につき"
               f"{spec['choose']}枚：1度の指示で異なるカードを{n}枚選びます（802.3）。同じカードを"
               f"2回選ぶことはできません。{len(ids)}枚を選びました。", player=chooser,
               cards=tuple(ids))
    return chosen


# the filter keys that only say where to look and whose cards, not what the cards are
_WHERE_KEYS = frozenset(("zone", "controller", "owner"))


def hidden_parameter_choice(flt: dict) -> bool:
    """102.9: a choice among the cards of a hidden zone (deck, life, hand, dynamis: 301.3)
    that names a parameter they must have (a cost, a colour, a race, a type…) may be declined
    even when such a card is there — nobody else can see whether one is."""
    from .spec import HIDDEN_ZONES

    return flt.get("zone", "square") in HIDDEN_ZONES and any(k not in _WHERE_KEYS for k in flt)


def choosable(g, pool: list[Card], *, zekusu: bool = True) -> list[Card]:
    """The cards of `pool` an effect that chooses may choose, each excluded card noted: a zekusu
    with 絶界 on a square when the effect chooses zekusu (1106.2, 1106.2a) — the choice is made
    as if it were not there — and a card that 'cannot be chosen' (102.6). Effects that do not
    choose still apply to them."""
    kept = []
    for c in pool:
        if zekusu and is_square(c.zone) and c.is_zekusu and keyword(g, c, "zekkai"):
            g.note("effect", ("1106.2",), f"{c.id} has 絶界: an effect that chooses zekusu "
                   "(「ゼクスを…選び」) cannot choose it; the choice is made as if it were not "
                   "there (1106.2).", f"{c.id}は絶界を持つため、「ゼクスを…選ぶ」効果では選べません。"
                   "そのカードがないものとして選びます（1106.2）。", cards=(c.id,))
            continue
        src = cannot(g, c, "be_chosen")
        if src:
            g.note("effect", ("102.6",), f"{c.id} cannot be chosen ({src}): 「できない」 wins "
                   "(102.6).", f"{c.id}は選べません（{src}）。「できない」ことが優先されます（102.6）。",
                   cards=(c.id,))
            continue
        kept.append(c)
    return kept


def _cite(g, *cids: str) -> None:
    st = g.trace.current
    if st is None:
        return
    g.trace.registry.check(cids)
    for c in cids:
        if c not in st.cites:
            st.cites.append(c)


def _ids(cards) -> str:
    return ", ".join(c.id for c in cards) or "nothing"


# ---- replacement effects (812) --------------------------------------------------------------------

REPLACE_WORDS = {"destroyed": ("being destroyed", "破壊される"),
                 "damaged": ("being dealt damage", "ダメージを与えられる"),
                 "draw": ("drawing a card", "カードを引く")}


def replacements(g, kind: str, card: Card | None, zone: str | None = None,
                 player: str | None = None) -> list[tuple]:
    """(source card, ability index, ability, key) of every replacement effect (802.2c) that
    would apply now to `card` being destroyed / dealt damage / put into `zone`, or to `player`
    drawing a card, whatever makes the event happen: an effect, a rule effect or the battle;
    then those an effect created for a period (802.2b; ability index None)."""
    out = _created(g, kind, card.id if card is not None else player, zone) if g.b.effects \
        else []
    if not replacement_sources(g):
        return out
    for src in ability_cards(g):
        for i, ab in enumerate(src.abilities):
            if ab.get("replace") != kind or not enabled(g, src, i, ab):
                continue
            key = ability_key(src, i)
            if kind == "draw":
                if (player == src.controller) == (ab.get("player", "you") == "you"):
                    out.append((src, i, ab, key))
                continue
            of = ab.get("of", "self")
            if of == "self" and card.id != src.id:
                continue
            if of == "other" and card.id == src.id:
                continue
            if isinstance(of, dict) and not matches(g, card, of, src.controller, src):
                continue
            if kind == "put_into" and ab.get("zone") and ab["zone"] != zone:
                continue
            out.append((src, i, ab, key))
    return out


def _created(g, kind: str, about: str | None, zone: str | None) -> list[tuple]:
    """The replacement effects an effect created for a period (「このターン、…場合、かわりに…」,
    802.2b, 812.1): the core's effects in force naming `about`, in the incarnation each card had
    (a card that became a new card is no longer what it named, 811.4)."""
    if not g.b.effects or about is None:
        return []
    out = []
    for cand in _replace.created(g, kind, about, match=lambda e: kind != "put_into" or
                                 not e.get("zone") or e["zone"] == zone):
        src = g.b.cards.get(cand.source or "")
        if src is not None:
            out.append((src, None, cand.data, cand.key))
    return out


def replacement_sources(g) -> frozenset:
    """The cards that have a replacement effect at all (cards never gain abilities in the
    vocabulary), so that the common board without one costs nothing per move."""
    ids = getattr(g, "_replace_cards", None)
    if ids is None:
        ids = g._replace_cards = frozenset(
            c.id for c in g.b.cards.values() if any("replace" in a for a in c.abilities))
    return ids


def _choose_replacement(g, event, cands):
    """812.2: the turn player chooses which applies first."""
    tp = g.b.turn_player
    about = event.card or event.player
    req = Request("812.2", tp, f"which replacement effect applies first to {about}",
                  f"{about}に最初に適用する置換効果", [c.key for c in cands])
    with g.step("choice", ("812.2",), f"{tp} (turn player) chooses which replacement "
                "effect applies first.", f"ターンプレイヤー{tp}が最初に適用する置換効果を"
                "選びます。", player=tp):
        key = g.ask(req)
    return next(c for c in cands if c.key == key)


# Z/X's binding of the core replacement loop (judgekit.engine.effects.replace): the turn
# player chooses (812.2); 812 does not say how often a replacement applies, and the engine
# follows the reading replacement-once: not to the events its own 「かわりに」 makes
POLICY = _replace.Policy(choose=_choose_replacement, once=(), once_reading="replacement-once")


def replaced(g, kind: str, card: Card, zone: str | None = None) -> bool:
    """If a replacement effect applies to this event, the event does not happen and the
    「かわりに」 event happens instead (812.1); True when one applied."""
    if not replacements(g, kind, card, zone):
        return False
    happens, _ = _replace_event(g, kind, card, zone, 0)
    return not happens


def damage_after_replacements(g, card: Card, n: int) -> int | None:
    """The damage `card` is dealt after the replacement effects for it (812.1): None when one
    replaced it (prevented, or something else instead), else the amount, reduced by those that
    reduce it (the event, changed, goes on through the others)."""
    if not replacements(g, "damaged", card):
        return n
    happens, ev = _replace_event(g, "damaged", card, None, n)
    return ev.amount if happens else None


def _replace_event(g, kind: str, card: Card | None, zone: str | None, amount: int,
                   player: str | None = None):
    what = REPLACE_WORDS.get(kind) or (f"being put into the {zone}",
                                       f"{ZONE_JA.get(zone or '', zone)}に置かれる")
    who = card.id if card is not None else player
    several = [False]

    def gather(event):
        cands = replacements(g, kind, card, zone, player)
        several[0] = several[0] or len(cands) > 1
        return [_replace.Candidate(key, src.id, src.controller, (src, i, ab))
                for src, i, ab, key in cands]

    def apply(g, event, cand):
        src, i, ab = cand.data
        cites = (["802.2c"] if i is not None else ["802.2b"]) + ["812.1"] + (
            ["812.2"] if several[0] else [])
        if "reduce" in ab:
            n = max(0, event.amount - ab["reduce"])
            with g.step("replacement", cites,
                        f"Replacement effect of {src.id} ({cand.key}): instead of "
                        f"{event.amount} damage, {card.id} would be dealt {n} (812.1).",
                        f"{src.id}（{cand.key}）の置換効果：{card.id}は{event.amount}点のかわりに"
                        f"{n}点のダメージを与えられます。", cards=(src.id, card.id),
                        player=src.controller):
                pass
            return event.modified(amount=n)
        instead = ab.get("instead") or []
        with g.step("replacement", cites,
                    f"Replacement effect of {src.id} ({cand.key}): instead of {who} "
                    f"{what[0]}, " + ("the 「かわりに」 event happens (812.1)." if instead else
                                      "nothing happens (812.1: the event is prevented)."),
                    f"{src.id}（{cand.key}）の置換効果：{who}が{what[1]}かわりに、"
                    + ("「かわりに」以降の事象が発生します。" if instead else "何も起こりません。"),
                    cards=(src.id,) + ((card.id,) if card else ()), player=src.controller):
            if instead:
                sub = EffCtx(g, ab.get("controller") or src.controller, src.id, g.snap(src),
                             -1 if i is None else i)
                if card is not None:
                    sub.trigger = _FakeTrigger(card)
                run_effect(g, instead, sub)
        return None

    ev = Event(kind, card=card.id if card is not None else None, player=player, to=zone,
               amount=amount, en=f"{who} {what[0]}", ja=f"{who}が{what[1]}")
    return _replace.run(g, ev, gather, apply, POLICY)


def draw_replaced(g, p: str) -> bool:
    """「あなたがカードを引く場合、かわりに…」: one draw of `p`'s replaced (812.1): True when it
    did not happen."""
    if not replacements(g, "draw", None, None, p):
        return False
    happens, _ = _replace_event(g, "draw", None, None, 0, p)
    return not happens


def replace_moves(g, pairs: list) -> list:
    """812.1 for every move into a player's zone: a 「かわりに」 that replaces a card being put
    into that zone applies whatever moves it — an effect, a destruction, or a rule effect
    (905's trash, 907's charge, …). Returns the moves that still happen."""
    if not replacement_sources(g) and not (g.b.effects and
                                           any("replace" in e for e in g.b.effects)):
        return pairs
    out = []
    for c, dest in pairs:
        k = zone_kind(dest)
        if k in PLAYER_ZONES and c.zone != dest and replaced(g, "put_into", c, k):
            continue
        out.append((c, dest))
    return out


class _FakeTrigger:
    """Lets `event_card` in a replacement's 「かわりに」 refer to the card of the event."""

    timed = None
    self_incs = None

    def __init__(self, card: Card) -> None:
        self.event = {"card": {"id": card.id, "incarnation": card.incarnation},
                      "inc_after": card.incarnation}


# ---- repetition (1202.1) ----------------------------------------------------------------------------

def _state_key(g) -> tuple:
    """Everything a further repetition could depend on: the state hash, the order of every
    zone (which card is on top), the pending and timed abilities, the per-turn bookkeeping,
    the choices still to be answered from the file, and the count of free choices made."""
    b = g.b
    return (g.h, g.free_choices, len(g.pending), len(b.timed), len(b.effects),
            tuple(tuple(z) for z in b.zones.values()), tuple(sorted(b.used.items())),
            tuple((p, tuple(sorted(pl.flags))) for p, pl in b.players.items()),
            tuple(sorted((k, tuple(map(str, v))) for k, v in g.chooser.remaining().items())))


@REGISTRY.rule("1202.1")
def repeat(g, n: int, once, what: tuple[str, str]) -> None:
    """Do `once()` n times (an instruction with a count: イグニッションする N times, …). When the
    game is back in exactly the state it had before an earlier repetition and nothing was
    chosen in between, every further cycle ends where it started: the players may skip to the
    final result (1202.1), so the engine skips the whole cycles and does the rest."""
    seen: dict = {}
    i = 0
    while i < n and g.outcome is None:
        if seen is not None:
            key = _state_key(g)
            j = seen.get(key)
            if j is None:
                seen[key] = i
            else:
                period = i - j
                skip = (n - i) // period * period
                left = n - i - skip
                g.note("effect", ("1202.1",),
                       f"{what[0]}: after {i:,} of {n:,}, the game is exactly as it was after "
                       f"{j:,} and nothing was chosen in between, so every further {period:,} "
                       f"lead back to this same state. The next {skip:,} ({skip // period:,} "
                       f"such cycles) change nothing: only their final result is applied (1202.1)"
                       + (f"; the last {left:,} are done now." if left else "."),
                       f"{what[1]}：{n:,}回中{i:,}回を終えた時点のゲームの状態は{j:,}回目の後と完全に"
                       f"同一で、その間に選択はありません。以降{period:,}回ごとに同じ状態に戻るため、"
                       f"次の{skip:,}回は最終的な結果のみを適用します（1202.1）"
                       + (f"。残り{left:,}回を実行します。" if left else "。"))
                i += skip
                seen = None
                continue
        once()
        i += 1


# ---- instructions ----------------------------------------------------------------------------------

def player_of(ctx: EffCtx, ins: dict, default: str = "you") -> str:
    """The player an instruction names (`player: you/opponent`), from the controller's view."""
    who = ins.get("player", default)
    return ctx.controller if who == "you" else opponent(ctx.controller)


def draw(g, ins, ctx):
    n = ins["draw"]
    p = player_of(ctx, ins)
    cites = ("1004.1", "1004.2") if n > 1 else ("1004.1",)
    if n <= 0:
        g.note("effect", ("102.4",), f"{p} draws 0 cards: no draw happens (102.4).",
               f"{p}は0枚引くため、引いたことになりません。", player=p)
        return
    src = cannot(g, p, "draw")
    if src:
        g.note("effect", ("102.6",), f"{p} cannot draw ({src}): 「できない」 wins, even over the "
               "rules' own draw (102.6); no card is drawn.", f"{p}はカードを引くことができません"
               f"（{src}）。「できない」が優先されるため、カードを引きません。", player=p)
        return
    maybe = replacement_sources(g) or g.b.effects  # a draw replaced (812.1): any card at all?
    with g.step("effect", cites + (("304.3",) if n > 1 else ()),
                f"{p} draws {n} cards, one at a time." if n > 1 else f"{p} draws a card.",
                f"{p}はカードを{n}枚引きます（1枚ずつ）。" if n > 1 else f"{p}はカードを1枚引きます。",
                player=p):
        for i in range(n):
            deck = g.b.pzone(p, "deck")
            if not deck:
                g.note("effect", ("102.4",),
                       f"{p}'s deck is empty: the remaining {n - i} draw(s) cannot be done (102.4).",
                       f"{p}のデッキが0枚のため、残り{n - i}枚は引けません（102.4）。", player=p)
                return
            if maybe and draw_replaced(g, p):
                maybe = replacement_sources(g) or g.b.effects
                continue  # 812.1: the draw did not happen; its 「かわりに」 did
            top = g.b.cards[deck[0]]
            if n > 1:
                with g.step("effect", ("1004.1",), f"{p} draws card {i + 1} of {n} ({top.id}).",
                            f"{p}は{n}枚中{i + 1}枚目を引きます（{top.id}）。", player=p,
                            cards=(top.id,)):
                    g.move([top], f"{p}.hand", reason="draw")
            else:
                g.move([top], f"{p}.hand", reason="draw")


def _discard(g, ins, ctx):
    if ins.get("player") == "each":
        return discard_each(g, ins, ctx)
    n = ins["discard"]
    p = player_of(ctx, ins)
    hand = g.b.pzone(p, "hand")
    k = min(n, len(hand))
    if k <= 0:
        g.note("effect", ("102.4",),
               f"{p} is to discard {n} card(s) with {len(hand)} in hand: 0 cards are discarded, "
               "which is not a discard (no 「手札を捨てた時」 event).",
               f"{p}は手札{len(hand)}枚で{n}枚捨てる指示ですが、0枚のため捨てたことになりません。",
               player=p)
        return
    cites = ["804.3a"] + (["102.4"] if k < n else []) + (["301.5"] if k > 1 else [])
    with g.step("effect", cites,
                f"{p} discards {k} card(s)" + (f" (only {k} of {n} possible)" if k < n else "")
                + ".", f"{p}は手札を{k}枚捨てます" + ("（可能な限り）" if k < n else "") + "。",
                player=p):
        req = Request(ctx.keys[0], p, f"which {k} hand card(s) to discard",
                      f"捨てる手札{k}枚", list(hand), "many", k, k, fallback_keys=ctx.keys[1:])
        ids = g.ask_cards(req, list(hand[:k]))
        g.move([g.b.cards[i] for i in ids], f"{p}.trash", reason="discard")


def discard_each(g, ins, ctx):
    """「お互いのプレイヤーは手札をN枚捨てる」: both choose at once, the turn player first
    (102.7), each in secret (the hand is hidden, 102.8); then the cards go to the trash
    together (102.8, 301.5)."""
    from ..effects.choosing import in_turn_order

    n = ins["discard"]
    tp = g.b.turn_player
    reqs, ks = {}, {}
    for p in (tp, opponent(tp)):
        hand = g.b.pzone(p, "hand")
        k = ks[p] = min(n, len(hand))
        if k > 0:
            reqs[p] = Request("102.7", p, f"which {k} hand card(s) to discard",
                              f"捨てる手札{k}枚", list(hand), "many", k, k,
                              fallback_keys=ctx.keys)
    if not reqs:
        g.note("effect", ("102.4",), "Neither player has a hand card: 0 cards are discarded, "
               "which is not a discard.", "どちらのプレイヤーも手札がないため、捨てたことに"
               "なりません。")
        return
    answers = in_turn_order(g, tp, reqs, cites=("102.7", "102.8"),
                            what=(f"choose {n} hand card(s) to discard", f"捨てる手札{n}枚を選びます"),
                            hidden=True, ask=lambda r: g.ask_cards(r, list(r.values()[:r.min])))
    pairs = [(g.b.cards[i], f"{p}.trash") for p, ids in answers.items() for i in ids]
    with g.step("effect", ("804.3a", "102.8", "301.5") + (("102.4",) if any(
            ks[p] < n for p in ks) else ()),
                "; ".join(f"{p} discards {len(ids)}" for p, ids in answers.items())
                + " — at the same time.", "、".join(f"{p}は手札を{len(ids)}枚"
                                                     for p, ids in answers.items())
                + "捨てます（同時に）。"):
        g.move_batch(pairs, reason="discard")



def _damage(g, ins, ctx):
    n = ins["damage"]
    with g.step("effect", ("1001.1",), f"Deal {n} damage.", f"{n}ダメージを与えます。",
                player=ctx.controller) as st:
        cards = [c for c in targets(g, ctx, ins["to"], what="zekusu") if c.is_zekusu
                 and is_square(c.zone)]
        st.message = f"{ctx.source or 'The effect'} deals {n} damage to {_ids(cards)}."
        st.message_ja = f"{ctx.source or '効果'}が{_ids(cards)}に{n}ダメージを与えます。"
        st.cards = [c.id for c in cards]
        deal_damage(g, cards, n, ctx)


def deal_damage(g, cards, n: int, ctx: EffCtx, battle_attacker: Card | None = None) -> None:
    if n <= 0:
        _cite(g, "1001.3", "102.4")
        g.note("effect", ("1001.3",), f"{n} damage is not dealt (1001.3).",
               f"{n}点のダメージは与えられません（1001.3）。")
        return
    n0 = n
    for c in cards:
        n = damage_after_replacements(g, c, n0)
        if n is None:
            continue
        if n <= 0:
            g.note("effect", ("1001.3",), f"After the replacement effects, {n} damage to {c.id} "
                   "is not dealt (1001.3).", f"置換効果の結果、{c.id}への{n}点のダメージは与えられ"
                   "ません（1001.3）。", cards=(c.id,))
            continue
        g.set_damage(c, c.damage + n)
        src = battle_attacker.id if battle_attacker is not None else ctx.source
        sc = g.b.cards.get(src or "")
        triggers.emit_one(g, "damaged", lambda: {
            "kind": "damaged", "card": g.snap(c), "inc_after": c.incarnation,
            "player": c.controller, "source": src, "amount": n,
            "cause": "battle" if battle_attacker is not None else "effect",
            "by": sc.controller if sc is not None else None})
        if battle_attacker is not None:
            g.battle_marks[c.id] = battle_attacker.id
            g.attrib.pop(c.id, None)
        else:
            prior = g.attrib.get(c.id)
            had_prior = c.damage - n > 0 or prior is not None
            g.attrib[c.id] = {"source": ctx.source, "effect_key": ctx.effect_key,
                              "armed": False, "prior": had_prior}
            _cite(g, "814.3")


def _damage_player(g, ins, ctx):
    n = ins["damage_player"]
    p = player_of(ctx, ins, "opponent")
    deal_player_damage(g, p, n, ctx)


def deal_player_damage(g, p: str, n: int, ctx: EffCtx | None, battle: bool = False) -> None:
    src = ctx.source if ctx is not None else None
    if g.ob_on_squares(p):
        g.note("effect", ("202.7e",) + (("604.3c",) if battle else ()),
               f"{p} controls a Z/X OB on a square and is dealt no damage.",
               f"{p}はスクエアにゼクス オーバーブーストがあるため、ダメージを受けません。", player=p)
        return
    if n <= 0:
        g.note("effect", ("1001.3",), f"{n} damage to {p} is not dealt (1001.3).",
               f"{p}への{n}点のダメージは与えられません（1001.3）。", player=p)
        return
    with g.step("effect", ("1001.2",) + (("604.3b",) if battle else ()),
                f"{src or 'The effect'} deals {n} damage to {p}: {p}'s damage counter goes from "
                f"{g.b.players[p].damage} to {g.b.players[p].damage + n}.",
                f"{src or '効果'}が{p}に{n}点のダメージを与えます。{p}の受けているダメージは"
                f"{g.b.players[p].damage}から{g.b.players[p].damage + n}になります。", player=p):
        g.set_player_damage(p, g.b.players[p].damage + n)


def _distribute(g, ins, ctx):
    n = ins["distribute"]
    with g.step("effect", ("804.3b", "1001.1"), f"Distribute {n} damage.",
                f"{n}ダメージを割り振って与えます。", player=ctx.controller) as st:
        spec = dict(ins["to"]) if isinstance(ins["to"], dict) else ins["to"]
        if isinstance(spec, dict) and "choose" in spec:
            spec["choose"] = divisible(spec["choose"], n)  # each needs ≥ 1 (804.3b)
        cards = [c for c in targets(g, ctx, spec, what="zekusu") if c.is_zekusu and
                 is_square(c.zone)]
        if not cards:
            st.message = f"Distribute {n} damage: no zekusu chosen, nothing is dealt."
            st.message_ja = f"{n}ダメージを割り振る対象がないため、何も起こりません。"
            return
        split = divide(g, ctx.keys[0], ctx.controller, n, [c.id for c in cards],
                       cites=("804.3b",), fallback_keys=ctx.keys[1:])
        parts = ", ".join(f"{k} {v}" for k, v in split.items())
        st.message = f"{ctx.source} distributes {n} damage: {parts} (each at least 1, 804.3b)."
        st.message_ja = f"{ctx.source}は{n}ダメージを割り振ります：{parts}（それぞれ1以上）。"
        st.cards = list(split)
        for cid, amt in split.items():
            deal_damage(g, [g.b.cards[cid]], amt, ctx)


def destroyable(g, cards: list[Card]) -> list[Card]:
    """The cards that are really destroyed: 「できない」 wins over the instruction (102.6) and a
    「かわりに」 replaces the destruction (812.1) — whatever destroys them, an effect or the
    lethal damage effect."""
    out = []
    for c in cards:
        src = cannot(g, c, "be_destroyed")
        if src:
            g.note("effect", ("102.6",), f"{c.id} cannot be destroyed ({src}): 「できない」 wins "
                   "(102.6); it is not destroyed.", f"{c.id}は破壊されません（{src}）。「できない」"
                   "ことが優先されます（102.6）。", cards=(c.id,))
            continue
        if replaced(g, "destroyed", c):
            continue
        out.append(c)
    return out


def destroy_batch(g, entries: list[tuple[Card, dict]]) -> None:
    """Destroy cards at the same time (301.5), each with its own cause (source, effect,
    battle): zekusu on squares to their owner's charge, any other card to its owner's trash
    (1007.1). One simultaneous move, so the cards see each other's destruction (808.3b)."""
    if not entries:
        return
    pairs = [(c, f"{c.owner}.charge" if (c.is_zekusu and is_square(c.zone))
              else f"{c.owner}.trash") for c, _ in entries]
    g.move_batch(pairs, reason="destroy", info={"per_card": {c.id: i for c, i in entries}})


def destroy(g, cards: list[Card], ctx: EffCtx | None, *, cause: str = "effect",
            attacker: str | None = None, by_damage: bool = False) -> list[Card]:
    """1007.1 for the cards one instruction destroys. Returns the cards actually destroyed."""
    out = destroyable(g, cards)
    info = {"cause": cause, "source": ctx.source if ctx is not None else None,
            "effect_key": (ctx.effect_key if ctx is not None else None), "attacker": attacker,
            "by_damage": by_damage}
    destroy_batch(g, [(c, info) for c in out])
    return out


def _destroy(g, ins, ctx):
    src, src_ja = ctx.source or "The effect", ctx.source or "効果"
    with g.step("effect", (), "Destroy.", "破壊します。", player=ctx.controller) as st:
        cards = targets(g, ctx, ins["destroy"])
        st.cards = [c.id for c in cards]
        zek = {c.id for c in cards if c.is_zekusu and is_square(c.zone)}
        done = destroy(g, cards, ctx)
        kept = [c for c in cards if c not in done]
        if not done:
            _cite(g, "1007.1")  # the instruction 1007.1 describes, which destroys nothing here
            st.message = (f"{src}'s instruction to destroy {_ids(cards)} (1007.1): "
                          + (f"{_ids(cards)} not destroyed — the steps under this one say why." if cards
                             else "there is nothing to destroy."))
            st.message_ja = f"{src_ja}の{_ids(cards)}を破壊する指示：何も破壊されません。"
            return
        _cite(g, "1007.1")
        by_effect = [c for c in done if c.id in zek]
        if by_effect:
            _cite(g, "1204.2")  # 1204.2: a zekusu destroyed by the effect's 「破壊する」
        if len(done) > 1:
            _cite(g, "301.5")
        players = [c for c in done if c.type == "player"]
        if players:
            _cite(g, "1205.2")  # its player gets a virtual player card through 909
        st.message = (f"{src} destroys {_ids(done)}: a zekusu on a square goes to its owner's "
                      "charge, any other card to its owner's trash"
                      + (f"; {_ids(by_effect)} destroyed by this effect" if by_effect else "")
                      + (f" ({_ids(kept)} not destroyed)" if kept else "")
                      + (f"; {_ids(players)} being a player card, its player will have a virtual "
                         "player card (909.1, 1205.2)" if players else "") + ".")
        st.message_ja = (f"{src_ja}が{_ids(done)}を破壊します（スクエアのゼクスは所有者のチャージへ、"
                         "それ以外は所有者のトラッシュへ）"
                         + (f"。{_ids(by_effect)}はこの効果による破壊です" if by_effect else "")
                         + (f"（{_ids(kept)}は破壊されません）" if kept else "")
                         + (f"。{_ids(players)}は種類がプレイヤーであるカードのため、そのプレイヤーには"
                            "仮想のプレイヤーカードが置かれます（909.1・1205.2）" if players else "")
                         + "。")


def _move(g, ins, ctx):
    to = ins["to"]
    with g.step("effect", ("804.3a",), "Move.", "移動します。", player=ctx.controller) as st:
        cards = targets(g, ctx, ins["move"])
        st.cards = [c.id for c in cards]
        if to == "square":
            _appear_cards(g, cards, ins.get("square"), ins.get("state"), ctx, st)
            return
        kind = DEST_ZONE[to]
        if not cards:
            st.message = f"No card to put into its owner's {kind}: nothing moves."
            st.message_ja = f"{ZONE_JA.get(kind, kind)}に置くカードがないため、何も移動しません。"
            return
        st.message = f"Put {_ids(cards)} into {'its' if len(cards) == 1 else 'their'} owner's {kind}."
        st.message_ja = f"{_ids(cards)}を所有者の{ZONE_JA.get(kind, kind)}に置きます。"
        _cite(g, "302.4")
        if to == "remove":
            _cite(g, "1008.1")
        if to == "charge" and any(c.is_zekusu and is_square(c.zone) for c in cards):
            _cite(g, "1007.2")
        if to == "life":
            _cite(g, "307.2")
        if len(cards) > 1:
            _cite(g, "301.5")
        state = ins.get("state")
        if state and kind == "resource":
            _cite(g, "102.2")
        # one simultaneous move (301.5), each card to its owner's zone (302.4)
        g.move_batch([(c, f"{c.owner}.{kind}") for c in cards], bottom=(to == "deck_bottom"),
                     state=state, reason="move", info={"source": ctx.source})


def _appear(g, ins, ctx):
    with g.step("effect", ("804.3a",), "Appear.", "登場させます。", player=ctx.controller) as st:
        cards = targets(g, ctx, ins["appear"])
        _appear_cards(g, cards, ins.get("square"), ins.get("state"), ctx, st)


def _appear_cards(g, cards, square, state, ctx, st) -> None:
    """Put cards onto squares together (1006.1, 1006.3: different squares; one simultaneous
    move, so they see each other arrive, 808.3b); square to square is not appearing (301.4)."""
    cards = [c for c in cards if c is not None]
    for c in [c for c in cards if c.type == "player" and is_square(c.zone)]:
        g.note("effect", ("303.6a",), f"{g.label(c)} is a player card: an effect that would move "
               f"it to another square does not move it (303.6a); it stays on {c.zone}.",
               f"{g.label(c)}は種類がプレイヤーであるカードのため、他のスクエアに移動しません"
               f"（303.6a）。{c.zone}に置かれたままです。", cards=(c.id,))
        cards.remove(c)
    cards = _may_appear(g, cards, ctx)
    if not cards:
        st.message = "Nothing to put onto a square."
        st.message_ja = "スクエアに置くカードがありません。"
        return
    used: list[str] = []
    pairs = []
    if len(cards) > 1:
        _cite(g, "1006.3")
    for c in cards:
        if square and square != "choose" and len(cards) == 1:
            sq = square
        else:
            opts = [s for s in SQUARES if s not in used]
            if not opts:
                _cite(g, "102.4")
                break
            req = Request(ctx.keys[0], ctx.controller, f"the square for {c.id}",
                          f"{c.id}を置くスクエア", opts, fallback_keys=ctx.keys[1:])
            sq = g.ask(req)
        used.append(sq)
        pairs.append((c, sq))
    onto = [(c, sq) for c, sq in pairs if not is_square(c.zone)]
    along = [(c, sq) for c, sq in pairs if is_square(c.zone)]
    if along:
        _cite(g, "301.4")
    if onto:
        _cite(g, "1006.1", "102.2" if state else "303.5a")
    g.move_batch(pairs, state=state if onto else None, reason="move",
                 info={"source": ctx.source})
    for c, sq in onto:
        ctx.these.append((c.id, c.incarnation))
        ctx.these_zones[c.id] = sq
    st.message = f"Put {', '.join(f'{c.id} onto {sq}' for c, sq in pairs)}" + (
        f" ({', '.join(c.id for c, _ in along)}: square to square, still the same card)"
        if along else "") + "."
    st.message_ja = f"{'、'.join(f'{c.id}を{sq}に' for c, sq in pairs)}置きます" + (
        "（スクエアからスクエアへの移動のため、同じカードのままです）" if along else "") + "。"


def _may_appear(g, cards: list, ctx) -> list:
    """The cards an effect may make appear: a 「〜は登場できない」 stops a card (102.6); one
    that may appear only N times by one effect (`per_effect: N`, 「1つの効果で1回しか登場
    できない」) lets the first N of the cards it names appear, in the order chosen, and stops the
    rest — 「できない」 wins and only the possible part is done (102.6, 102.3)."""
    if not any("cannot" in e for e in g.b.effects) and not _appear_limits(g):
        return cards
    counts = ctx.__dict__.setdefault("appear_counts", {})
    out, stopped = [], []
    for c in cards:
        f = None if is_square(c.zone) else cannot(g, c, "appear")
        if f is None:
            out.append(c)
            continue
        ab = _static_ability(g, f)
        lim = ab.get("per_effect") if ab else None
        if lim:
            group = repr(sorted((k, repr(v)) for k, v in ab.items()))
            if counts.get(group, 0) < lim:
                counts[group] = counts.get(group, 0) + 1
                out.append(c)
                continue
        stopped.append((c, f, lim))
    for c, f, lim in stopped:
        en, ja = f.words()
        why = (f"only {lim} of them may appear by one effect" if lim else "it cannot appear")
        why_ja = (f"1つの効果で{lim}回しか登場できません" if lim else "登場できません")
        g.note("effect", ("102.6", "102.3"), f"{c.id} cannot appear ({en}): {why}; 「できない」 "
               "wins (102.6) and only the possible part of the instruction is done (102.3).",
               f"{c.id}は登場できません（{ja}、{why_ja}）。「できない」ことが優先され（102.6）、"
               "実行可能な部分のみを実行します（102.3）。", cards=(c.id,))
    return out


def _appear_limits(g) -> bool:
    n = len(g.b.cards)
    cached = getattr(g, "_appear_cards_idx", None)
    if cached is None or cached[0] != n:
        cached = g._appear_cards_idx = (n, any(
            a.get("static") == "cannot" and a.get("action") == "appear"
            for c in g.b.cards.values() for a in c.abilities))
    return cached[1]


def _static_ability(g, f) -> dict | None:
    """The printed ability a Forbid names ("B#2"), or None for an effect in force."""
    if f.effect is not None or f.source is None or "#" not in f.key:
        return None
    c = g.b.cards.get(f.source)
    i = int(f.key.rsplit("#", 1)[1]) - 1
    return c.abilities[i] if c is not None and 0 <= i < len(c.abilities) else None


def _set_state(g, ins, ctx, state: str):
    key = "sleep" if state == "sleep" else "reboot"
    cl = "1002.2" if state == "sleep" else "1002.1"
    with g.step("effect", (cl,), f"{key.capitalize()}.", "状態を変えます。",
                player=ctx.controller) as st:
        cards = targets(g, ctx, ins[key])
        st.cards = [c.id for c in cards]
        changed, same, ignored, prevented = [], [], [], []
        for c in cards:
            if not has_states(c.zone):
                ignored.append(c)
            elif c.state == state:
                same.append(c)
            elif state == "reboot" and cannot(g, c, "reboot"):
                prevented.append((c, cannot(g, c, "reboot")))
            else:
                g.set_state(c, state)
                changed.append(c)
        ja = "スリープ" if state == "sleep" else "リブート"
        st.message = f"{key.capitalize()} {_ids(cards)}."
        st.message_ja = f"{_ids(cards)}を{ja}します。"
        if ignored:
            _cite(g, "1002.3")
            st.message += f" {_ids(ignored)}: not on a square or in the resource, ignored."
            st.message_ja += f"{_ids(ignored)}はスクエアにもリソースにもないため無視します。"
        if prevented:
            _cite(g, "102.6")
            st.message += "".join(f" {c.id} cannot be rebooted ({src}): 「できない」 wins (102.6); "
                                  "it stays sleeping." for c, src in prevented)
            st.message_ja += "".join(f"{c.id}はリブートできません（{src}）。「できない」ことが優先"
                                     "されます（102.6）。" for c, src in prevented)
        if same:
            _cite(g, "102.5")
            st.message += (f" {_ids(same)} {'is' if len(same) == 1 else 'are'} already "
                           f"{state}: not a change, no event (102.5).")
            st.message_ja += f"{_ids(same)}はすでに{ja}状態のため、{ja}状態になったとはみなされません。"
        triggers.emit(g, [{"kind": "sleeps" if state == "sleep" else "reboots",
                           "card": g.snap(c), "inc_after": c.incarnation,
                           "player": c.controller} for c in changed])


def _power(g, ins, ctx):
    n = ins["power"]
    until = ins.get("until", "turn_end")
    with g.step("effect", ("802.2b", "811.1c"), "Power change.", "パワーを変更します。",
                player=ctx.controller) as st:
        cards = [c for c in targets(g, ctx, ins["to"], what="zekusu") if is_square(c.zone)]
        dur = {"turn_end": "until end of turn", "battle_end": "until the end of the battle",
               "forever": "with no end"}[until]
        dur_ja = {"turn_end": "ターン終了時まで", "battle_end": "バトル終了時まで",
                  "forever": "期限なしで"}[until]
        st.message = f"{_ids(cards)} get{'s' if len(cards) == 1 else ''} power {n:+d} {dur}."
        st.message_ja = f"{dur_ja}、{_ids(cards)}のパワーを{n:+d}します。"
        st.cards = [c.id for c in cards]
        if not cards:
            return
        eff = {"power": n, "to": [c.id for c in cards], "source": ctx.source,
               "controller": ctx.controller, "until": until, "ts": g.b.tick()}
        g.add_effect(eff)
        if n < 0:
            for c in cards:
                prior = g.attrib.get(c.id)
                g.attrib[c.id] = {"source": ctx.source, "effect_key": ctx.effect_key,
                                  "armed": False, "prior": prior is not None or c.damage > 0,
                                  "power": True}


def grant(g, ins, ctx, how: str) -> None:
    """A keyword ability gained or lost for a period (802.2b): a non-numeric parameter changed
    by a continuous effect (811.1b), on the zekusu there now only (811.4); a card that becomes
    a new card loses it; between a grant and a loss the later applies last (811.3)."""
    until = ins.get("until", "turn_end")
    ab = ins[how]
    word = ab["keyword"] + (f" {ab['value']}" if "value" in ab else "")
    with g.step("effect", ("802.2b", "811.1b", "811.4"), "Keyword change.",
                "キーワード能力を変更します。", player=ctx.controller) as st:
        cards = [c for c in targets(g, ctx, ins["to"], what="zekusu") if is_square(c.zone)]
        dur, dur_ja = _DURATION[until]
        verb = ("gain", "gains") if how == "grant" else ("lose", "loses")
        st.message = (f"{_ids(cards)} {verb[len(cards) == 1]} {word} {dur} (only the zekusu "
                      "there now, 811.4).")
        st.message_ja = (f"{dur_ja}、{_ids(cards)}は{word}を"
                         f"{'得ます' if how == 'grant' else '失います'}。")
        st.cards = [c.id for c in cards]
        if not cards:
            return
        g.add_effect({how: dict(ab), "to": [c.id for c in cards],
                      "incs": {c.id: c.incarnation for c in cards}, "source": ctx.source,
                      "controller": ctx.controller, "until": until, "ts": g.b.tick()})


def _grant(g, ins, ctx):
    grant(g, ins, ctx, "grant")


def _lose(g, ins, ctx):
    grant(g, ins, ctx, "lose")


_DURATION = {"turn_end": ("until end of turn", "ターン終了時まで"),
             "battle_end": ("until the end of the battle", "バトル終了時まで"),
             "forever": ("with no end", "期限なしで")}


def _recover(g, ins, ctx):
    n = ins["recover"]
    p = player_of(ctx, ins)
    cites = (("1012.1a", "1012.1b") if n > 1 else ("1012.1a",)) + ("307.2",)
    with g.step("effect", cites, f"{p} recovers {n}: the top card of the deck goes face down on "
                "top of the life, one point at a time." if n > 1 else f"{p} recovers 1: the top "
                "card of the deck goes face down on top of the life.",
                f"{p}は{n}点回復します（デッキの一番上のカードを裏向きでライフの一番上に置きます）。",
                player=p):
        for _ in range(n):
            deck = g.b.pzone(p, "deck")
            if not deck:
                g.note("effect", ("102.4",), f"{p}'s deck is empty: no more recovery.",
                       f"{p}のデッキが0枚のため、これ以上回復できません。", player=p)
                return
            g.move([g.b.cards[deck[0]]], f"{p}.life", face="down", reason="move")


def _remove(g, ins, ctx):
    with g.step("effect", ("1008.1",), "Remove.", "除外します。", player=ctx.controller) as st:
        cards = targets(g, ctx, ins["remove"])
        st.message = f"Remove {_ids(cards)}: to the owner's remove zone."
        st.message_ja = f"{_ids(cards)}を除外し、所有者のリムーブゾーンに置きます。"
        st.cards = [c.id for c in cards]
        for c in cards:  # 1008.2: one at a time
            g.move([c], f"{c.owner}.remove", reason="move", info={"source": ctx.source})


@REGISTRY.rule("1009.1", "312.3")
def _force(g, ins, ctx):
    """1009.1: 「(カードA)をフォースとして(カードB)の下に置く」 — A goes to the force zone,
    associated with B (312.3: B on a square; `under: self` by default)."""
    host = g.b.cards.get(ctx.source) if ins.get("under", "self") == "self" else \
        g.b.cards.get(ins["under"])
    with g.step("effect", ("1009.1", "312.3"), "Put as force.", "フォースとして置きます。",
                player=ctx.controller) as st:
        cards = targets(g, ctx, ins["force"])
        st.cards = [c.id for c in cards]
        if host is None or not is_square(host.zone) or not cards:
            st.message = "Nothing is put as force (no card chosen, or the card it would go " \
                         "under is not on a square)."
            st.message_ja = "フォースとして置くカードがありません。"
            return
        st.message = f"Put {_ids(cards)} into the force zone as force under {host.id}."
        st.message_ja = f"{_ids(cards)}をフォースとして{host.id}の下に置きます。"
        g.move(cards, "force", reason="move", info={"source": ctx.source})
        for c in cards:
            g.set_card(c, "under", host.id)


@REGISTRY.rule("1009.2")
def _put_force(g, ins, ctx):
    """1009.2: 「(カードA)のフォースを(ゾーンB)に置く」 — the forces associated with A move to
    zone B (of their owner, 302.4). They are 「置いたフォース」 for what follows (1009.2a)."""
    dest = ins["to"]
    with g.step("effect", ("1009.2",), "Put forces.", "フォースを置きます。",
                player=ctx.controller) as st:
        hosts = targets(g, ctx, ins["put_force"])
        ids = {c.id for c in hosts}
        forces = [c for c in g.b.cards_in("force") if c.under in ids]
        st.cards = [c.id for c in forces]
        where = DEST_ZONE[dest]
        st.message = (f"Put the force(s) of {_ids(hosts)} — {_ids(forces)} — into their "
                      f"owner's {where}.")
        st.message_ja = f"{_ids(hosts)}のフォース（{_ids(forces)}）を{ZONE_JA[where]}に置きます。"
        before = [(c, g.snap(c)) for c in forces]
        g.move_batch([(c, f"{c.owner}.{where}") for c in forces],
                     bottom=dest == "deck_bottom", reason="move", info={"source": ctx.source})
        ctx.placed_force = [(c.id, c.incarnation, snap) for c, snap in before]


@REGISTRY.rule("1009.2a")
def placed_force(g, ctx) -> list[Card]:
    """1009.2a: 「置いたフォース」 are the cards the latest put_force moved out of the force
    zone, read in the zone they went to — unless it is a hidden zone or they lie face down
    there: then as they were in the force zone."""
    out = []
    for cid, inc, snap in ctx.placed_force:
        c = g.b.cards.get(cid)
        if c is None or c.incarnation != inc:
            continue
        if not is_public(c.zone) or c.face_now == "down":
            c = _as_snapped(snap)
        out.append(c)
    return out


def _as_snapped(snap: dict) -> Card:
    c = Card(snap["id"], name=snap["name"], type=snap["type"], owner=snap["owner"],
             controller=snap["controller"], races=snap["races"], colors=snap["colors"],
             icons=snap["icons"], token=snap["token"])
    c.zone = snap["zone"]
    return c


def _reveal(g, ins, ctx):
    with g.step("effect", ("1005.1",), "Reveal.", "公開します。", player=ctx.controller) as st:
        cards = targets(g, ctx, ins["reveal"])
        st.cards = [c.id for c in cards]
        st.message = f"Reveal {_ids(cards)} (they stay in their zone)."
        st.message_ja = f"{_ids(cards)}を公開します（ゾーンは変わりません）。"
        for c in cards:
            g.reveal(c)
            if not is_public(c.zone):
                ctx.revealed.append((c.id, c.incarnation, c.zone))
    for p in sorted({c.zone.split(".")[0] for c in cards if c.zone.endswith(".deck")}):
        g.deck_not_random(p, "A card's ability revealed a card of the deck",
                          "カードの能力によってデッキのカードが公開された")


@REGISTRY.rule("1202.2", "1202.2a")
def _shuffle(g, ins, ctx):
    p = ctx.controller if ins["shuffle"] == "you" else opponent(ctx.controller)
    if g.b.players[p].deck_random:
        # 1202.2: the instruction may be left out, as if the deck had been shuffled
        g.note("effect", ("1202.2", "1202.2a"), f"{p}'s deck is in a random state (1202.2a: "
               "since it was last shuffled no card was added to it and no card's ability saw or "
               "revealed any of it): the shuffle is left out, as if done (1202.2).",
               f"{p}のデッキは無作為な状態のため、シャッフルを実行したものとして、指示を省略します。",
               player=p)
        return
    with g.step("effect", ("1003.1",), f"{p} shuffles the deck.", f"{p}はデッキをシャッフルします。",
                player=p):
        g.shuffle(p)


def _counter(g, ins, ctx):
    n = ins["counter"]
    icon = ins["icon"]
    p = player_of(ctx, ins)
    have = g.b.players[p].counters.get(icon, 0)
    if n >= 0:
        with g.step("effect", ("1016.1",), f"{p} gains {n} {icon} counter(s).",
                    f"{p}は{icon}カウンターを{n}個得ます。", player=p):
            g.set_counter(p, icon, have + n)
    else:
        new = max(0, have + n)
        cites = ("1016.2",) + (("1207.4",) if have + n < 0 else ())
        with g.step("effect", cites, f"{p} spends {-n} {icon} counter(s) (has {have}).",
                    f"{p}は{icon}カウンターを{-n}個消費します（{have}個所有）。", player=p):
            g.set_counter(p, icon, new)


def _timed(g, ins, ctx):
    at = ins["timed"]
    src = ctx.source_card()
    g.effect_seq += 1
    t = {"timed": at, "source": ctx.source, "controller": ctx.controller,
         "effect": ins["effect"], "these": [cid for cid, _ in ctx.these],
         "_these": list(ctx.these), "_these_zones": dict(ctx.these_zones),
         # 「そのゼクス」: what the creating effect chose, each as the card it was then
         **({"chosen": [cid for cid, _ in ctx.chosen]} if ctx.chosen else {}),
         "_chosen": list(ctx.chosen),
         "_tid": f"t{g.effect_seq}", "_effect_key": ctx.effect_key,
         "_src_inc": src.incarnation if src is not None else -1}
    for k in ("text", "phase", "whose"):
        if ins.get(k):
            t[k] = ins[k]
    triggers.TIMED.add(g, t)
    words = triggers.timed_words(t, _TIMED_WHEN)
    g.note("effect", ("808.4",), f"{ctx.source} creates a timed auto ability that triggers "
           f"{words[0]}.", f"{ctx.source}は「{words[1]}」に誘発する時限型自動能力を作成します。",
           player=ctx.controller)


# how a note says the point a timed ability is created for (808.4)
_TIMED_WHEN = {"turn_end": ("at the end of the turn", "ターン終了時"),
               "battle_end": ("at the end of the battle", "バトル終了時"),
               "destroyed_by_this": ("when this ability's damage destroys a zekusu",
                                     "この能力によるダメージでゼクスを破壊した時"),
               "phase_start": ("at the start of the {phase} phase", "{phase_ja}開始時")}


def _may(g, ins, ctx):
    req = Request(ctx.keys[0], ctx.controller, "do the optional part of the effect (「～てよい」)",
                  "「～てよい」の部分を実行するか", kind="yesno", fallback_keys=ctx.keys[1:])
    with g.step("choice", ("804.3a",), f"{ctx.controller} may do it.",
                f"{ctx.controller}は実行してもよい。", player=ctx.controller) as st:
        yes = g.ask(req)
        st.message = f"{ctx.controller} {'does' if yes else 'does not do'} the optional part."
        st.message_ja = f"{ctx.controller}は任意の部分を{'実行します' if yes else '実行しません'}。"
    if yes:
        run_effect(g, ins["may"], ctx)


def _modes(g, ins, ctx):
    """「自身の持つ効果から2つを選び、好きな順番で解決する」: one instruction chooses different
    effects (802.3) — never the same one twice — and they resolve in the order chosen."""
    modes = ins["modes"]
    n = min(ins["choose"], len(modes))
    opts = [str(i + 1) for i in range(len(modes))]
    req = Request(ctx.keys[0], ctx.controller, f"{n} different effect(s) of {len(modes)}, in "
                  "the order they resolve", f"{len(modes)}つの効果から異なる{n}つ（解決する順番に）",
                  opts, "many", n, n, fallback_keys=ctx.keys[1:])
    with g.step("choice", ("802.3",) + (("102.4",) if n < ins["choose"] else ()),
                f"{ctx.controller} chooses {n} different effect(s) of {len(modes)}.",
                f"{ctx.controller}は{len(modes)}つの効果から異なる{n}つを選びます。",
                player=ctx.controller) as st:
        picked = [int(x) for x in g.ask(req)]
        st.message = (f"{ctx.controller} chooses effect(s) {', '.join(map(str, picked))} of "
                      f"{len(modes)}, resolved in that order; one instruction cannot choose the "
                      "same effect twice (802.3).")
        st.message_ja = (f"{ctx.controller}は{len(modes)}つの効果から"
                         f"{'、'.join(map(str, picked))}番目を選び、その順番で解決します。"
                         "1度の指示で同じ効果を2回選ぶことはできません（802.3）。")
    for k in picked:
        if g.outcome is not None:
            return
        with g.step("effect", ("804.3a",), f"Effect {k} of {len(modes)} resolves.",
                    f"{len(modes)}つの効果のうち{k}番目を解決します。", player=ctx.controller):
            run_effect(g, modes[k - 1], ctx)


def _if(g, ins, ctx):
    ok = condition(g, ins["if"], ctx.controller, ctx.source_card())
    placed = None
    if "placed_force" in ins["if"]:  # 「置いたフォースが…ならば」 (1009.2a)
        placed = placed_force(g, ctx)
        flt = ins["if"]["placed_force"]
        ok = ok and bool(placed) and all(
            matches(g, c, {**flt, "zone": flt.get("zone", zone_kind(c.zone))}, ctx.controller,
                    None) for c in placed)
    shared = shared_parameters(g, ins["if"], ctx.controller, ctx.source_card())
    with g.step("effect", ("804.3a",) + (("802.4",) if shared else ()),
                f"Condition {'holds' if ok else 'does not hold'}.",
                f"条件を{'満たします' if ok else '満たしません'}。", player=ctx.controller) as st:
        if placed is not None:
            st.cites.append("1009.2a")
            st.message += (f" The placed force ({_ids(placed)}) is read in the zone it went "
                           "to, unless that zone is hidden or it lies face down there (1009.2a).")
            st.message_ja += (f"置いたフォース（{_ids(placed)}）は移動先のゾーンでの情報を参照します"
                              "（1009.2a）。")
        if shared:
            st.message += (f" {_ids(shared)} {'has' if len(shared) == 1 else 'each have'} "
                           "several of the parameters the condition names and count"
                           f"{'s' if len(shared) == 1 else ''} for each of them (802.4).")
            st.message_ja += (f"{_ids(shared)}は条件が参照する複数のパラメーターを持つため、"
                              "それぞれのパラメーターについて数えます（802.4）。")
            st.cards = [c.id for c in shared]
        run_effect(g, ins["then"] if ok else ins.get("otherwise", []), ctx)


def _create_replacement(g, ins, ctx):
    """「このターン、…場合、かわりに…」: an effect creates a replacement effect (812.1) that lasts
    for its period (a continuous effect, 802.2b), on the cards there now (811.4) or, for a draw,
    on a player."""
    kind = ins["replace"]
    until = ins.get("until", "turn_end")
    dur, dur_ja = _DURATION.get(until, (f"until {until}", until))
    what = REPLACE_WORDS.get(kind) or (f"being put into the {ins.get('zone', 'zone')}",
                                       f"{ZONE_JA.get(ins.get('zone', ''), '')}に置かれる")
    with g.step("effect", ("802.2b", "812.1"), "A replacement effect is created.",
                "置換効果を生み出します。", player=ctx.controller) as st:
        if kind == "draw":
            about, cards = [player_of(ctx, ins)], []
        else:
            cards = targets(g, ctx, ins.get("to", "self"))
            about = [c.id for c in cards]
        st.message = (f"{', '.join(about) or 'nothing'}: {what[0]} is replaced {dur} (a "
                      "continuous effect, 802.2b; 812.1 as it applies).")
        st.message_ja = f"{dur_ja}、{'、'.join(about)}が{what[1]}場合、かわりの事象が発生します。"
        st.cards = [c.id for c in cards]
        if not about:
            return
        g.add_effect(_replace.made(ins, about, cards, source=ctx.source,
                                   controller=ctx.controller, ts=g.b.tick(), until=until))


# the instructions of the effect vocabulary; `ignite` (1010: reveal and maybe play the deck
# top) is added by judgekit.engine.zx.play, the module that plays cards
INSTRUCTIONS = {
    "draw": draw, "discard": _discard, "damage": _damage, "damage_player": _damage_player,
    "distribute": _distribute, "destroy": _destroy, "move": _move, "appear": _appear,
    "sleep": lambda g, i, c: _set_state(g, i, c, "sleep"),
    "reboot": lambda g, i, c: _set_state(g, i, c, "reboot"),
    "power": _power, "recover": _recover, "remove": _remove,
    "grant": _grant, "lose": _lose, "replace": _create_replacement,
    "reveal": _reveal, "shuffle": _shuffle, "counter": _counter, "timed": _timed,
    "force": _force, "put_force": _put_force,
    "may": _may, "if": _if, "modes": _modes,
}

# the registry names the function of each keyword action it executes
for _cl, _fn in (("1004.1", draw), ("1004.2", draw), ("304.3", draw), ("102.4", _discard),
                 ("1001.1", deal_damage), ("1001.3", deal_damage), ("814.3", deal_damage),
                 ("1001.2", deal_player_damage), ("202.7e", deal_player_damage),
                 ("804.3b", _distribute), ("1007.1", destroy), ("1204.2", destroy),
                 ("1205.2", _destroy),
                 ("301.5", destroy), ("301.5", destroy_batch), ("1007.1", destroy_batch),
                 ("302.4", _move), ("1007.2", _move), ("102.2", _move),
                 ("307.2", _move), ("1006.1", _appear_cards), ("1006.3", _appear_cards),
                 ("301.4", _appear_cards), ("303.6a", _appear_cards), ("1002.1", _set_state), ("1002.2", _set_state),
                 ("1002.3", _set_state), ("102.5", _set_state), ("802.2b", _power),
                 ("802.2b", _create_replacement), ("812.1", draw_replaced),
                 ("1012.1a", _recover), ("1012.1b", _recover), ("1008.1", _remove),
                 ("1005.1", _reveal), ("1003.1", _shuffle),
                 ("102.7", discard_each), ("102.8", discard_each),
                 ("1016.1", _counter), ("1016.2", _counter), ("1207.4", _counter),
                 ("808.4", _timed), ("804.3a", execute), ("1009.2a", _if), ("102.6", _may_appear),
                 ("102.3", _may_appear), ("802.3", _choose), ("802.3", _modes), ("102.9", _choose),
                 ("1106.2", _choose), ("1106.2", choosable), ("813.1", targets), ("813.1a", targets),
                 ("813.2", targets), ("802.2c", replaced), ("812.1", replaced),
                 ("812.1", replace_moves),
                 ("812.2", replaced), ("802.2b", grant), ("811.1b", grant),
                 ("811.4", grant)):
    REGISTRY.rule(_cl)(_fn)

