"""Effects (902, 904.3a): the instructions of the ability vocabulary and the keyword actions
they perform (1100s), with replacement effects (912) and last-known information (913).

`run_effect(g, instructions, ctx)` does them in printed order (904.3a) for the effect's
controller. Each keyword action is one function citing its clause: damage (1101), 退場 (1103.2,
1110), 除外 (1111), EXP (1112), check and clear (1113, 1114), slide (1116), reload (1117),
counters (1120, 1301.4). Play-related instructions (スカウト, アクセル) are added by
judgekit.engine.g2022.play.
"""

from __future__ import annotations

from ..choices import Request
from ..effects import replace
from ..effects.choosing import divide, divisible
from ..effects.events import CAUSES, Event
from . import missions, triggers
from .clauses import REGISTRY
from .model import AREAS, adjacent_areas, area_of, area_zone, is_area, opponent, zone_kind, \
    zone_player, zone_words
from .params import abilities, cannot, condition, filter_cards, is_valid, matches, who

INSTRUCTIONS: dict = {}


def instruction(name: str):
    def deco(fn):
        INSTRUCTIONS[name] = fn
        return fn
    return deco


class EffCtx:
    """What an effect knows while it resolves: its controller (502.1d), its source (914.2),
    the key its choices are filed under (the source card), the cards chosen so far, and the
    triggered instance (for event_card and last-known information, 908.6)."""

    def __init__(self, g, controller: str, source: str | None, *, trigger=None,
                 event: dict | None = None, key: str | None = None,
                 holder: str | None = None) -> None:
        self.g = g
        self.controller = controller
        self.source = source
        self.holder_id = holder or source  # the card with the ability ("self")
        self.trigger = trigger
        self.event = event if event is not None else (trigger.event if trigger else {})
        self.key = key or source or "effect"
        self.chosen: list = []
        self.revealed: list = []  # cards revealed from hidden zones by 公開する (1108.3)
        self.depth = 0

    @property
    def holder(self):
        return self.g.b.cards.get(self.holder_id or "")


def run_effect(g, instrs: list, ctx: EffCtx) -> None:
    """904.3a: the instructions in printed order; once the whole effect has resolved, cards it
    revealed from a hidden zone are hidden again (1108.3)."""
    ctx.depth += 1
    try:
        for ins in instrs:
            for k in ins:
                fn = INSTRUCTIONS.get(k)
                if fn is not None:
                    fn(g, ins, ctx)
                    break
    finally:
        ctx.depth -= 1
    if ctx.depth == 0 and ctx.revealed:
        conceal(g, ctx)


# ---- targets (which cards an instruction acts on) -------------------------------------------------
def targets(g, spec, ctx: EffCtx, what: str = "cards", what_ja: str = "カード") -> list:
    b = g.b
    if spec == "self":
        c = ctx.holder
        if c is None:
            return []
        if ctx.trigger is not None and ctx.trigger.timed is None and \
                c.incarnation != ctx.trigger.inc_at:
            _gone(g, c.id)  # 913.2: it is a new card now; the instruction cannot find it
            return []
        return [c]
    if spec == "event_card":
        cid = (ctx.event.get("card") or {}).get("id")
        c = b.cards.get(cid or "")
        return [c] if c is not None else []
    if spec == "chosen":
        return [c for c in ctx.chosen if c.id in b.cards]
    if spec == "deck_top":
        deck = b.pzone(ctx.controller, "deck")
        return [b.cards[deck[0]]] if deck else []
    if isinstance(spec, str):
        c = b.cards.get(spec)
        return [c] if c is not None else []
    if "all" in spec:
        out = filter_cards(g, spec["all"], ctx.holder, ctx.controller)
        _same_name(g, spec["all"], ctx, out)
        not_a_choice(g, out)
        return out
    return choose(g, spec, ctx, what, what_ja)


@REGISTRY.rule("1119.1")
def _same_name(g, flt: dict, ctx: EffCtx, cards: list) -> None:
    """1119.1: 同名 — the cards with the card name of the card with the ability."""
    if flt.get("same_name"):
        h = ctx.holder
        g.note("effect", ("1119.1",), f"同名: the cards named 「{h.name if h else ''}」, like "
               f"{ctx.holder_id}: {', '.join(c.id for c in cards) or 'none'}.",
               f"同名：{ctx.holder_id}と同じカード名「{h.name if h else ''}」のカード："
               f"{'、'.join(c.id for c in cards) or 'なし'}。", cards=tuple(c.id for c in cards))


@REGISTRY.rule("1107.2")
def not_a_choice(g, cards: list) -> None:
    """1107.2: an effect that says no 「選ぶ/選び」 does not choose: a card that cannot be chosen
    by an effect is still affected."""
    kept = [c for c in cards if cannot(g, c, "be_chosen")]
    if kept:
        g.note("effect", ("1107.2",), f"{', '.join(c.id for c in kept)} cannot be chosen by an "
               "effect, but this instruction does not say 「選ぶ」: it is not a choice, and they "
               "are affected.", f"{'、'.join(c.id for c in kept)}は効果によって選ばれませんが、この"
               "指示には「選ぶ」がなく選択ではないため、影響を受けます。", cards=tuple(c.id for c in kept))


@REGISTRY.rule("913.2")
def _gone(g, cid: str) -> None:
    g.note("effect", ("913.2",), f"{cid} has changed zones since: the effect cannot identify "
           "it and does nothing with it.", f"{cid}はその後ゾーンを移動しているため特定できず、"
           "それに対する処理は行われません。", cards=(cid,))


@REGISTRY.rule("902.3", "102.5", "1107.1")
def choose(g, spec: dict, ctx: EffCtx, what: str, what_ja: str) -> list:
    """Choose N different cards (902.3) matching the filter; fewer when fewer exist (102.5);
    「～まで」 lets the chooser take fewer (504.4)."""
    n = spec.get("choose", 1)
    chooser = who(spec.get("by", "you"), ctx.controller) or ctx.controller
    pool = filter_cards(g, spec.get("from", {}), ctx.holder, ctx.controller)
    opts = [c for c in pool if not cannot(g, c, "be_chosen")]
    _same_name(g, spec.get("from", {}), ctx, opts)
    if len(opts) < len(pool):
        shut = [c.id for c in pool if c not in opts]
        g.note("effect", ("1107.1",), f"「選ぶ」: a choice by an effect — {', '.join(shut)} cannot "
               "be chosen by an effect and is not among the options.", f"「選ぶ」はカードの効果に"
               f"よる選択のため、効果によって選ばれない{'、'.join(shut)}は選べません。", cards=tuple(shut))
    if not opts or n <= 0:
        return []
    hi = min(n, len(opts))
    lo = 0 if spec.get("up_to") else hi
    req = Request(ctx.key, chooser, f"{what}: choose {'up to ' if lo == 0 else ''}{hi}",
                  f"{what_ja}を{hi}枚{'まで' if lo == 0 else ''}選ぶ", [c.id for c in opts],
                  kind="many", min=lo, max=hi)
    ans = g.ask_cards(req, [c.id for c in opts[:hi]])
    out = [g.b.cards[i] for i in ans]
    if len(out) > 1:
        g.note("effect", ("902.3",), f"{len(out)} different cards are chosen: "
               f"{', '.join(c.id for c in out)}.", f"それぞれ別の{len(out)}枚を選びます："
               f"{'、'.join(c.id for c in out)}。", cards=tuple(c.id for c in out))
    if len(out) < n and not spec.get("up_to"):
        g.note("effect", ("102.5",), f"Only {len(out)} of the {n} cards to choose exist: as many "
               "as possible are chosen.", f"{n}枚のうち{len(out)}枚しか選べないため、可能な限り選び"
               "ます。")
    ctx.chosen = out
    return out


# ---- damage (1101), 退場 (1103, 1110), replacement effects (912) ------------------------------------
def replacements(g, kind: str, card, zone: str | None = None, player: str | None = None) -> list:
    """Valid replacement effects (902.2c) for an event of this kind about `card` (put into
    `zone`), or about `player` drawing a card; then those an effect created for a period
    (902.2b; ability index None)."""
    out = _created(g, kind, card.id if card is not None else player, zone)
    for z, ids in g.b.zones.items():
        if not g.b.is_public(z):
            continue
        for i in ids:
            h = g.b.cards[i]
            for idx, ab in enumerate(abilities(h)):
                if ab.get("replace") != kind or not is_valid(g, h, ab):
                    continue
                if zone is not None and ab.get("zone") not in (None, zone):
                    continue
                if kind == "draw":
                    if (player == h.controller) == (ab.get("player", "you") == "you"):
                        out.append((h, idx, ab))
                    continue
                of = ab.get("of", "self")
                if of == "self" and card.id != h.id:
                    continue
                if of == "other" and card.id == h.id:
                    continue
                if isinstance(of, dict) and not matches(g, card, of, h, h.controller):
                    continue
                out.append((h, idx, ab))
    return out


def _created(g, kind: str, about: str | None, zone: str | None) -> list:
    """The replacement effects an effect created for a period (「…まで、…場合、かわりに…」,
    902.2b, 912.1): the core's effects in force naming `about`, in the incarnation each card had
    (911.4)."""
    if not g.b.effects or about is None:
        return []
    out = []
    for cand in replace.created(g, kind, about, match=lambda e: zone is None or
                                e.get("zone") in (None, zone)):
        h = g.b.cards.get(cand.source or "")
        if h is not None:
            out.append((h, None, cand.data))
    return out


def _choose_replacement(g, event, cands):
    """912.2: the turn player chooses which applies first (whoever the card belongs to)."""
    tp = g.b.turn_player
    with g.step("choice", ("912.2",),
                f"{len(cands)} replacement effects apply to {event.en}: {tp} (turn player) "
                "chooses which applies first.",
                f"{event.ja}に{len(cands)}個の置換効果が適用されるため、ターンプレイヤー{tp}が"
                "どれを先に適用するか選びます。", cards=(event.card,) if event.card else (),
                player=tp):
        lab = g.ask(Request("912.2", tp, "which replacement effect applies first",
                            "先に適用する置換効果", [c.key for c in cands]))
    return next(c for c in cands if c.key == lab)


# g2022's binding of the core replacement loop (judgekit.engine.effects.replace): the turn
# player chooses (912.2); 912 does not say how often a replacement applies, and the engine
# follows the reading replacement-once: not to the events its own 「かわりに」 makes — a
# replacement whose instead-event is the event it replaces recursed without end before
# (RecursionError, issue 20)
POLICY = replace.Policy(choose=_choose_replacement, once=(), once_reading="replacement-once")


@REGISTRY.rule("912.1", "912.2", "914.2b", "902.2c")
def replaced(g, kind: str, card, what: str, what_ja: str, source: str | None = None,
             cause: str = "effect", zone: str | None = None, player: str | None = None) -> bool:
    """If replacement effects apply to this event, the turn player picks which applies first
    (912.2); it happens instead (912.1) and the event does not. True when replaced."""
    if not replacements(g, kind, card, zone, player):
        return False
    happens, _ = _replace_event(g, kind, card, what, what_ja, source, cause, 0, zone, player)
    return not happens


def replace_moves(g, pairs: list) -> list:
    """912.1 for every move into a player's zone: 「…に置かれる場合、かわりに…」 replaces the
    card being put there, whatever moves it (an effect, 退場, a rule). Returns the moves that
    still happen."""
    if not _may_replace_moves(g):
        return pairs
    out = []
    for pair in pairs:
        c, dest = pair[0], pair[1]
        k = zone_kind(dest)
        if c.zone != dest and zone_player(dest) and replaced(
                g, "put_into", c, f"{c.id} being put into {zone_words(dest)}",
                f"{c.id}が{zone_words(dest, 'ja')}に置かれる", zone=k):
            continue
        out.append(pair)
    return out


def _may_replace_moves(g) -> bool:
    """Whether any card could replace a card being put into a zone (printed, cached once per
    run; granted, read from the effects in force), so that the common board costs nothing."""
    ids = getattr(g, "_put_into_cards", None)
    if ids is None:
        ids = g._put_into_cards = frozenset(
            c.id for c in g.b.cards.values()
            if any(ab.get("replace") == "put_into" for ab in abilities(c)))
    return bool(ids) or bool(g.b.effects) and any("replace" in e or "grant" in e
                                                  for e in g.b.effects)


def draw_replaced(g, p: str) -> bool:
    """「あなたがカードを引く場合、かわりに…」: one draw of `p`'s replaced (912.1)."""
    return replaced(g, "draw", None, f"{p} drawing a card", f"{p}がカードを引く", player=p)


def damage_after_replacements(g, card, n: int, source: str | None, cause: str) -> int | None:
    """The damage `card` is dealt after the replacement effects for it (912.1): None when one
    replaced it (prevented, or something else instead), else the amount, reduced by those
    that reduce it (the changed event goes on through the others)."""
    if not replacements(g, "damaged", card):
        return n
    happens, ev = _replace_event(g, "damaged", card, f"{n} damage to {card.id}",
                                 f"{card.id}に{n}ダメージを与える", source, cause, n)
    return ev.amount if happens else None


def _replace_event(g, kind, card, what, what_ja, source, cause, amount, zone=None, player=None):
    seen = [0]
    about = (card.id,) if card is not None else ()

    def gather(event):
        reps = replacements(g, kind, card, zone, player)
        seen[0] = max(seen[0], len(reps))
        return [replace.Candidate(f"{h.id}#{i + 1}" if i is not None else
                                  f"{h.id}@{ab.get('ts', 0)}", h.id, h.controller, (h, i, ab))
                for h, i, ab in reps]

    def apply(g, event, cand):
        h, idx, ab = cand.data
        cites = ("912.1", "902.2c" if idx is not None else "902.2b") + (
            ("914.2b",) if source else ())
        if "reduce" in ab:
            n = max(0, event.amount - ab["reduce"])
            with g.step("replace", cites, f"Replacement effect of {h.id}: instead of "
                        f"{event.amount} damage, {card.id} would be dealt {n}"
                        + (f" 「{ab['text']}」" if ab.get("text") else "") + ".",
                        f"{h.id}の置換効果：{card.id}は{event.amount}点のかわりに{n}点のダメージを"
                        "受けます。", cards=(h.id, card.id), player=h.controller):
                pass
            return event.modified(amount=n)
        instead = ab.get("instead") or []
        with g.step("replace", cites,
                    f"Replacement effect of {h.id}: instead of {what}, "
                    + (f"「{ab.get('text') or 'its 〜かわりに instruction'}」." if instead else
                       "nothing happens (the event is prevented)."),
                    f"{h.id}の置換効果：{what_ja}かわりに、"
                    + (f"「{ab.get('text') or '指示'}」を実行します。" if instead else
                       "何も起こりません。"), cards=(h.id,) + about, player=h.controller):
            # 914.2b: the events that happen instead keep the source of the replaced event
            if instead:
                run_effect(g, instead, EffCtx(g, ab.get("controller") or h.controller,
                                              source or h.id, holder=h.id,
                                              event={"kind": kind, "card": g.snap(card)}
                                              if card is not None else {"kind": kind}))
        if seen[0] > 1:
            g.note("replace", ("912.1",), f"The event has been replaced by another: the other "
                   f"replacement effect{'s' if seen[0] > 2 else ''} no longer appl"
                   f"{'y' if seen[0] > 2 else 'ies'}.",
                   "事象は別の事象に置き換わったため、他の置換効果は適用されません。",
                   cards=about)
        return None

    ev = Event(kind, card=card.id if card is not None else None, player=player, source=source,
               cause=cause, amount=amount, to=zone, en=what, ja=what_ja)
    return replace.run(g, ev, gather, apply, POLICY)


@REGISTRY.rule("1101.1", "1101.2", "914.3", "1103.3a")
def deal_damage(g, cards: list, n: int, source: str | None, *, battle: bool = False) -> None:
    """1101.1: the damage is added to each chara (0 or less is not dealt, 1101.2). The source
    is recorded for 1103.3 (the last source counts, 1103.3a) or, for battle damage, the
    attacker for 1102."""
    if n <= 0:
        g.note("effect", ("1101.2", "102.5"),
               f"Damage of {n} is not dealt: nothing happens, and no 「ダメージを受けた時」 event.",
               f"{n}点のダメージは与えられません。何も起こらず、ダメージを受けたことにもなりません。")
        return
    events = []
    n0 = n
    for c in cards:
        if not is_area(c.zone):
            continue
        n = damage_after_replacements(g, c, n0, source, "battle" if battle else "effect")
        if n is None:
            continue
        if n <= 0:
            g.note("effect", ("1101.2",), f"After the replacement effects, {n} damage to {c.id} "
                   "is not dealt: no 「ダメージを受けた時」 event.", f"置換効果の結果、{c.id}への{n}点"
                   "のダメージは与えられません。", cards=(c.id,))
            continue
        with g.step("effect", ("1101.1", "914.3"),
                    f"{c.id} is dealt {n} damage (from {source or 'an effect'}): damage "
                    f"{c.damage} → {c.damage + n}.",
                    f"{c.id}は{source or '効果'}から{n}ダメージを受けます（{c.damage}→{c.damage + n}）。",
                    cards=(c.id,)):
            g.set_damage(c, c.damage + n)
        before = g.damaged_by.get(c.id)
        if battle:
            g.battle_marks[c.id] = source
        elif source:
            if before and before != source:
                g.note("effect", ("1103.3a",), f"{c.id} already had damage from {before}; a "
                       f"退場 now would be {source}'s (the last source), not {before}'s.",
                       f"{c.id}はすでに{before}からダメージを受けていますが、ここで退場すれば最後の"
                       f"発生源{source}によるものとみなします。", cards=(c.id,))
            g.attrib[c.id] = source
        if source:
            g.damaged_by[c.id] = source
        events.append({"kind": "damaged", "card": g.snap(c), "player": c.controller,
                       "source": source})
    triggers.emit(g, events)


@REGISTRY.rule("1110.1", "1103.1", "1103.2")
def retire(g, cards: list, *, cause: str, source: str | None = None,
           attacker: str | None = None, cites=(), per_card: dict | None = None) -> list:
    """退場 (1110.1): every area chara goes to its OWNER's energy zone at the same time, with
    the cards associated with it (501.6). `cause`: effect (1103), battle (1102) or rule.
    Returns the charas that left."""
    b = g.b
    go = []
    for c in cards:
        if not is_area(c.zone):
            continue
        if cannot(g, c, "retire"):
            g.note("effect", ("102.7",), f"{c.id} cannot 退場 (a 「できない」 effect wins).",
                   f"{c.id}は退場できません（「できない」が優先されます）。", cards=(c.id,))
            continue
        pc = (per_card or {}).get(c.id, {})
        if replaced(g, "retired", c, f"{c.id}'s 退場", f"{c.id}が退場する",
                    pc.get("source", source), cause if cause in CAUSES else "rule"):
            continue
        go.append(c)
    if not go:
        return []
    names = ", ".join(c.id for c in go)
    more = [a.id for c in go for k in ("exp", "connect") for a in b.attached(c.id, k)]
    why = {"effect": f" by {source}'s effect", "battle": " by battle"}.get(cause, "")
    follow = (("501.6",) if more else ()) + tuple(cl for kind, cl in (("exp", "513.3b"), ("connect", "514.3b"))
                    if any(b.attached(c.id, kind) for c in go))
    with g.step("retire", tuple(cites) + ("1110.1",) + (("501.5",) if len(go) > 1 else ())
                + follow,
                f"{names} 退場{why}: to the owner's energy zone"
                + (f", with {', '.join(more)}" if more else "") + ".",
                f"{names}は退場し、所有者のエネルギーゾーンに置かれます"
                + (f"（{'、'.join(more)}も一緒に移動します）" if more else "") + "。",
                cards=tuple(c.id for c in go)):
        g.move_batch([(c, f"{c.owner}.energy") for c in go], reason="retire",
                     info={"cause": cause, "source": source, "attacker": attacker,
                           "per_card": per_card or {}})
    tp = b.turn_player
    for c in go:
        if c.owner != tp and zone_kind(c.zone) == "energy":
            missions.record(g, tp, "retire", c.id)
    return go


# ---- the instructions ---------------------------------------------------------------------------
@instruction("draw")
@REGISTRY.rule("1106.1", "1106.2", "504.3")
def draw_instr(g, ins: dict, ctx: EffCtx) -> None:
    p = who(ins.get("player", "you"), ctx.controller) or ctx.controller
    draw(g, p, ins["draw"])


def draw(g, p: str, n: int, cites=("1106.1",)) -> int:
    """Draw n cards, one at a time (1106.2, 504.3); as many as possible (102.5). Returns how
    many were drawn."""
    b = g.b
    done = 0
    if n > 0:
        from ..effects.prohibit import forbidden
        from .params import PROHIBITIONS

        no = forbidden(g, PROHIBITIONS, "draw", p)
        if no is not None:  # 102.7: 「できない」 wins, over the draw step's draw as well
            g.note("effect", ("102.7",) + tuple(c for c in cites if c != "1106.1"),
                   f"{p} cannot draw ({no.words()[0]}): 「できない」 always wins (102.7); "
                   f"{p} draws nothing.", f"{p}はカードを引けません（{no.words()[1]}）。「できない」"
                   "ことが優先されます。", player=p)
            return 0
    for _ in range(n):
        deck = b.pzone(p, "deck")
        if not deck:
            g.note("effect", ("102.5",), f"{p}'s deck is empty: {p} draws {done} of {n} "
                   "(as many as possible). An empty deck is not a loss here.",
                   f"{p}のデッキが0枚のため、{n}枚のうち{done}枚のみ引きます（可能な限り）。",
                   player=p)
            break
        if draw_replaced(g, p):
            continue  # 912.1: the draw did not happen; its 「かわりに」 did
        c = b.cards[deck[0]]
        with g.step("draw", tuple(cites) + ("1106.1",) + (("1106.2", "504.3") if n > 1 else ()),
                    f"{p} draws a card" + (f" ({done + 1} of {n})" if n > 1 else "") + ".",
                    f"{p}はカードを1枚引きます" + (f"（{n}枚中{done + 1}枚目）" if n > 1 else "")
                    + "。", cards=(c.id,), player=p):
            g.move([c], f"{p}.hand", reason="draw")
        done += 1
    return done


@instruction("discard")
def discard_instr(g, ins: dict, ctx: EffCtx) -> None:
    if ins.get("player") == "each":
        discard_each(g, ins, ctx)
        return
    p = who(ins.get("player", "you"), ctx.controller) or ctx.controller
    hand = g.b.pzone(p, "hand")
    n = min(ins["discard"], len(hand))
    if n <= 0:
        g.note("effect", ("102.5",), f"{p} has no hand card to put into the trash: nothing is "
               "done.", f"{p}の手札がないため、何も行われません。", player=p)
        return
    req = Request(ctx.key, p, f"{n} hand card(s) to put into the trash",
                  f"トラッシュに置く手札{n}枚", list(hand), kind="many", min=n, max=n)
    ids = g.ask_cards(req, list(hand[:n]))
    discard_cards(g, p, [g.b.cards[i] for i in ids])


@REGISTRY.rule("102.8", "102.9")
def discard_each(g, ins: dict, ctx: EffCtx) -> None:
    """「お互いのプレイヤーは手札をN枚トラッシュに置く」: both choose at once, the turn player
    first (102.8), each in secret (the hand is hidden, 102.9); then the cards go to the trash
    together (102.9, 501.5)."""
    from ..effects.choosing import in_turn_order

    n = ins["discard"]
    tp = g.b.turn_player
    reqs = {}
    for p in (tp, opponent(tp)):
        hand = g.b.pzone(p, "hand")
        k = min(n, len(hand))
        if k > 0:
            reqs[p] = Request("102.8", p, f"{k} hand card(s) to put into the trash",
                              f"トラッシュに置く手札{k}枚", list(hand), kind="many", min=k, max=k)
    if not reqs:
        g.note("effect", ("102.5",), "Neither player has a hand card: nothing is done.",
               "どちらのプレイヤーも手札がないため、何も行われません。")
        return
    answers = in_turn_order(g, tp, reqs, cites=("102.8", "102.9"),
                            what=(f"choose {n} hand card(s) to put into the trash",
                                  f"トラッシュに置く手札{n}枚を選びます"), hidden=True,
                            ask=lambda r: g.ask_cards(r, list(r.values()[:r.min])))
    with g.step("effect", ("102.9", "501.5"), "; ".join(
            f"{p} puts {', '.join(ids)} from the hand into the trash" for p, ids in answers.items())
                + " — at the same time.", "、".join(f"{p}は手札の{'、'.join(ids)}"
                                                     for p, ids in answers.items())
                + "を同時にトラッシュに置きます。"):
        g.move_batch([(g.b.cards[i], f"{g.b.cards[i].owner}.trash")
                      for ids in answers.values() for i in ids], reason="discard")


def discard_cards(g, p: str, cards: list) -> None:
    """Hand cards into their owner's trash (502.5c), together (501.5)."""
    ids = [c.id for c in cards]
    with g.step("effect", ("501.5",) if len(ids) > 1 else ("502.5c",),
                f"{p} puts {', '.join(ids)} from the hand into the trash.",
                f"{p}は手札の{'、'.join(ids)}をトラッシュに置きます。", player=p):
        g.move_batch([(c, f"{c.owner}.trash") for c in cards], reason="discard")


@instruction("damage")
def damage_instr(g, ins: dict, ctx: EffCtx) -> None:
    cards = targets(g, ins["to"], ctx, "a chara to deal damage to", "ダメージを与えるキャラ")
    deal_damage(g, cards, ins["damage"], ctx.source)


@instruction("distribute")
@REGISTRY.rule("904.3b")
def distribute_instr(g, ins: dict, ctx: EffCtx) -> None:
    """「Nダメージを割り振る」: the chosen charas share N damage, each at least 1 (904.3b), so no
    more charas can be chosen than there are points; then each is dealt its part (1101.1)."""
    n = ins["distribute"]
    spec = ins["to"]
    if isinstance(spec, dict) and "choose" in spec:
        spec = {**spec, "choose": divisible(spec["choose"], n)}  # each needs ≥ 1 (904.3b)
    cards = [c for c in targets(g, spec, ctx, f"a chara to share {n} damage",
                                f"{n}ダメージを割り振るキャラ") if is_area(c.zone)]
    if not cards:
        g.note("effect", ("904.3b",), f"{n} damage to divide, but no chara was chosen: none is "
               "dealt.", f"{n}ダメージを割り振るキャラが選ばれなかったため、何も起こりません。")
        return
    with g.step("choice", ("904.3b",), f"{ctx.controller} divides {n} damage among "
                f"{', '.join(c.id for c in cards)}, at least 1 to each.",
                f"{ctx.controller}は{n}ダメージを{'、'.join(c.id for c in cards)}に割り振ります"
                "（それぞれ1以上）。", player=ctx.controller, cards=tuple(c.id for c in cards)) as st:
        split = divide(g, ctx.key, ctx.controller, n, [c.id for c in cards], cites=("904.3b",))
        parts = ", ".join(f"{k} {v}" for k, v in split.items())
        st.message = f"{ctx.controller} divides {n} damage: {parts} (each at least 1, 904.3b)."
        st.message_ja = f"{ctx.controller}は{n}ダメージを割り振ります：{parts}（それぞれ1以上）。"
    for cid, amount in split.items():
        deal_damage(g, [g.b.cards[cid]], amount, ctx.source)


@instruction("retire")
def retire_instr(g, ins: dict, ctx: EffCtx) -> None:
    cards = targets(g, ins["retire"], ctx, "a chara to retire", "退場させるキャラ")
    retire(g, cards, cause="effect", source=ctx.source, cites=("1103.2", "1103.1"))


@instruction("exclude")
@REGISTRY.rule("1111.1")
def exclude_instr(g, ins: dict, ctx: EffCtx) -> None:
    for c in targets(g, ins["exclude"], ctx, "a card to exclude", "除外するカード"):
        with g.step("effect", ("1111.1",), f"{c.id} is excluded: to its owner's remove zone.",
                    f"{c.id}を除外し、所有者のリムーブゾーンに置きます。", cards=(c.id,)):
            g.move([c], f"{c.owner}.remove", reason="exclude")


@instruction("move")
@REGISTRY.rule("1110.2")
def move_instr(g, ins: dict, ctx: EffCtx) -> None:
    to = ins["to"]
    for c in targets(g, ins["move"], ctx, f"a card to put into the {to}", "移動するカード"):
        kind = "deck" if to.startswith("deck") else to
        dest = f"{c.owner}.{kind}"  # 502.5c: the owner's zone of that kind
        new = bool(c.damage or any(c.id in e.get("to", ()) for e in g.b.effects))
        not_retire = is_area(c.zone) and kind == "energy"
        cites = ("502.5c",) + (("501.4",) if new else ()) + (("1110.2",) if not_retire else ())
        with g.step("effect", cites, f"{c.id} goes to {zone_words(dest)}"
                    + (" (bottom)" if to == "deck_bottom" else "")
                    + ("; it is a new card there: its damage and the effects on it end"
                       if new else "")
                    + ("; this is not 退場" if not_retire else "") + ".",
                    f"{c.id}を{zone_words(dest, 'ja')}に置きます"
                    + ("（新たなカードとなり、ダメージや効果は失われます）" if new else "")
                    + ("（退場ではありません）" if not_retire else "") + "。", cards=(c.id,)) as st:
            g.move([c], dest, bottom=(to == "deck_bottom"))
            if c.zone != dest and c.id in g.b.cards:  # a replacement put it elsewhere (912.1)
                st.message += f" A replacement effect applies instead: it is in {c.zone}."
                st.message_ja += f"置換効果が適用され、{c.zone}に置かれています。"


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def free_areas(g, p: str, *, empty: bool) -> list[str]:
    return [a for a in AREAS if not empty or not g.b.area_cards(p, a)]


@instruction("appear")
@REGISTRY.rule("1109.1", "102.3")
def appear_instr(g, ins: dict, ctx: EffCtx) -> None:
    """登場させる (1109.1): into an area of the card's controller, rebooted (503.3)."""
    cards = [c for c in targets(g, ins["appear"], ctx, "a chara to put into an area",
                                "登場させるキャラ") if not is_area(c.zone)]
    for c in cards:
        p = ctx.controller
        if c.type is not None and c.type != "chara":
            # 1109.1 defines 登場 for charas only: an event, a mission, an engage never appears
            g.note("effect", ("1109.1", "102.3"), f"{c.id} is {_a(c.type)}, not a chara: only a "
                   "chara appears (登場) in an area; the rest is done (102.3).",
                   f"{c.id}はキャラではないため登場できません（1109.1）。", cards=(c.id,), player=p)
            continue
        want = ins.get("area", "choose")
        opts = free_areas(g, p, empty=(want == "empty")) if want in ("choose", "empty") \
            else [want]
        if not opts:
            g.note("effect", ("102.3",), f"{p} has no area with no chara: {c.id} cannot appear; "
                   "the rest is done (102.3).", f"{p}にキャラがないエリアがないため、{c.id}は登場"
                   "できません。", cards=(c.id,), player=p)
            continue
        area = g.ask(Request(ctx.key, p, f"the area {c.id} appears in", f"{c.id}を登場させるエリア",
                             opts)) if len(opts) > 1 else opts[0]
        with g.step("effect", ("1109.1", "503.3"),
                    f"{c.id} appears (登場) in {zone_words(area_zone(p, area))}, rebooted.",
                    f"{c.id}を{zone_words(area_zone(p, area), 'ja')}にリブート状態で登場させます。",
                    cards=(c.id,), player=p, readings=("icon-reboot",)):
            c.controller = p
            g.move([c], area_zone(p, area), state=ins.get("state"))


@instruction("exp")
@REGISTRY.rule("1112.1", "1112.1a", "513.3")
def exp_instr(g, ins: dict, ctx: EffCtx) -> None:
    hosts = targets(g, ins["of"], ctx, "the chara that gets the EXP", "EXPを持つキャラ")
    host = hosts[0] if hosts else None
    cards = targets(g, ins["exp"], ctx, "the card that becomes EXP", "EXPになるカード")
    if host is None or not is_area(host.zone):
        g.note("effect", ("1112.1a",), "The chara that would get the EXP is not there: nothing "
               "happens.", "EXPを関連づけるキャラが存在しないため、この指示は実行されません。")
        return
    b = g.b
    for c in cards:
        if c is host:
            # an EXP card is associated with a chara in an area (513.3): the chara leaving the
            # area for the EXP zone is no longer one, so it cannot be its own EXP
            g.note("effect", ("1112.1", "513.3", "102.3"), f"{c.id} cannot become its own EXP: "
                   "EXP cards belong to a chara in an area, and it would leave the area; this "
                   "part is not done (102.3).", f"{c.id}は自身のEXPになれないため、この指示は実行"
                   "されません。", cards=(c.id,))
            continue
        if not is_area(host.zone):
            g.note("effect", ("1112.1a",), f"{host.id} is no longer in an area: {c.id} does not "
                   "become its EXP.", f"{host.id}がエリアにないため、{c.id}はそのEXPになりません。",
                   cards=(c.id, host.id))
            return
        dest = f"{zone_player(host.zone)}.exp"
        # a chara leaving an area takes its EXP cards and connected engages to the same zone
        # (513.3b, 514.3b): into the EXP zone, where they too become the new host's EXP
        along = ([x for k in ("exp", "connect") for x in b.attached(c.id, k)]
                 if is_area(c.zone) else [])
        with g.step("effect", ("1112.1", "513.3") + (("513.3b", "514.3b") if along else ()),
                    f"{c.id} becomes {host.id}'s EXP"
                    + (f", and {', '.join(x.id for x in along)} with it" if along else "") + ".",
                    f"{c.id}を{host.id}のEXPにします"
                    + (f"（{'、'.join(x.id for x in along)}も共に）" if along else "") + "。",
                    cards=(c.id, host.id),
                    readings=("lvup-engage-follows",)
                    if any(x.type == "engage" for x in along) else ()):
            g.move([c], dest, reason="exp")
            g.set_under(c, host.id)
            for x in along:
                if x.id in b.cards:
                    g.set_under(x, host.id if x.zone == dest else None)


@REGISTRY.rule("1104.1", "1104.2", "1104.3", "102.6", "502.3")
def set_state(g, c, state: str, cites=(), by_effect: bool = False) -> bool:
    """Reboot or sleep a card (1104.1, 1104.2); ignored outside the area, account and mission
    zones (1104.3; reading 1104.3-missions: an effect's instruction to a mission is ignored too
    under its alternative); a card already so does not become so (102.6)."""
    mission = zone_kind(c.zone) == "missions"
    if mission and by_effect and c.state != state and \
            g.reading("1104.3-missions", here=False) == "1104.3":
        g.note("effect", ("1104.3",), f"{c.id} is in the mission zone, neither an area nor the "
               f"account zone: the effect's instruction to {'reboot' if state == 'reboot' else 'sleep'}"
               " it is ignored (1104.3).", f"{c.id}はエリアゾーンでもアカウントゾーンでもないミッション"
               "ゾーンにあるため、効果によるこの指示は無視されます（1104.3）。", cards=(c.id,),
               readings=("1104.3-missions",))
        return False
    if not g.b.has_states(c.zone):
        g.note("effect", ("1104.3", "502.3"), f"{c.id} is in {zone_words(c.zone)}: the instruction to "
               f"{'reboot' if state == 'reboot' else 'sleep'} it is ignored.",
               f"{c.id}は{zone_words(c.zone, 'ja')}にあるため、この指示は無視されます。", cards=(c.id,))
        return False
    if c.state == state:
        g.note("effect", ("102.6",), f"{c.id} is already {'rebooted' if state == 'reboot' else 'slept'}: "
               "it does not become so again (no event).", f"{c.id}はすでにその状態であるため、"
               "改めてその状態になったとはみなされません。", cards=(c.id,))
        return False
    if state == "reboot" and cannot(g, c, "reboot"):  # 102.7, over the rules' reboot too
        g.note("effect", ("102.7",) + tuple(cites), f"{c.id} cannot be rebooted (a 「できない」 "
               "effect always wins, 102.7): it stays slept.", f"{c.id}はリブートできません"
               "（「できない」効果が優先されます）。スリープ状態のままです。", cards=(c.id,))
        return False
    cl = "1104.1" if state == "reboot" else "1104.2"
    with g.step("effect", tuple(cites) + (cl,),
                f"{c.id} is {'rebooted' if state == 'reboot' else 'slept'}.",
                f"{c.id}を{'リブート' if state == 'reboot' else 'スリープ'}します。", cards=(c.id,),
                readings=("1104.3-missions",) if mission and by_effect else (),
                mention=("1104.3-missions",) if mission and not by_effect else ()):
        g.set_state(c, state)
    triggers.emit(g, [{"kind": "reboots" if state == "reboot" else "sleeps", "card": g.snap(c),
                       "player": c.controller}])
    return True


@instruction("sleep")
def sleep_instr(g, ins: dict, ctx: EffCtx) -> None:
    for c in targets(g, ins["sleep"], ctx, "a card to sleep", "スリープするカード"):
        set_state(g, c, "sleep", by_effect=True)


@instruction("reboot")
def reboot_instr(g, ins: dict, ctx: EffCtx) -> None:
    for c in targets(g, ins["reboot"], ctx, "a card to reboot", "リブートするカード"):
        set_state(g, c, "reboot", by_effect=True)


@REGISTRY.rule("1116.1", "503.2")
def slide(g, c, area: str | None, key: str, chooser: str) -> bool:
    """1116.1: to an adjacent area with no chara (reading adjacent-areas; area to area keeps
    the card, reading slide-keeps-damage)."""
    if cannot(g, c, "slide"):
        g.note("effect", ("102.7",), f"{c.id} cannot slide (a 「できない」 effect wins).",
               f"{c.id}はスライドできません（「できない」が優先されます）。", cards=(c.id,))
        return False
    p = zone_player(c.zone)
    here = area_of(c.zone)
    opts = [a for a in adjacent_areas(here) if not g.b.area_cards(p, a)]
    if area is not None and area not in opts:
        return False
    if not opts:
        g.note("effect", ("1116.1", "102.3"), f"{c.id} has no adjacent area without a chara: "
               "it cannot slide.", f"{c.id}に隣接するキャラのないエリアがないため、スライドできません。",
               cards=(c.id,), readings=("adjacent-areas",))
        return False
    if area is None:
        area = g.ask(Request(key, chooser, f"the area {c.id} slides to",
                             f"{c.id}をスライドさせるエリア", opts)) if len(opts) > 1 else opts[0]
    with g.step("effect", ("1116.1", "503.2", "913.1a"),
                f"{c.id} slides from {zone_words(c.zone)} to {zone_words(area_zone(p, area))}; "
                f"it stays the same card (damage {c.damage} kept).",
                f"{c.id}を{zone_words(c.zone, 'ja')}から{zone_words(area_zone(p, area), 'ja')}に"
                f"スライドさせます。同じカードのままです（ダメージ{c.damage}を保持）。", cards=(c.id,),
                readings=("adjacent-areas", "slide-keeps-damage")):
        g.move([c], area_zone(p, area), reason="slide")
    return True


@instruction("slide")
def slide_instr(g, ins: dict, ctx: EffCtx) -> None:
    want = ins.get("area", "choose")
    for c in targets(g, ins["slide"], ctx, "a chara to slide", "スライドさせるキャラ"):
        if is_area(c.zone):
            slide(g, c, None if want in ("choose", "empty") else want, ctx.key, ctx.controller)


@instruction("reload")
@REGISTRY.rule("1117.1")
def reload_instr(g, ins: dict, ctx: EffCtx) -> None:
    p = who(ins["reload"], ctx.controller) or ctx.controller
    charas = [c for c in g.b.cards_in(f"{p}.trash") if c.type == "chara"]
    with g.step("effect", ("1117.1", "1105.1"),
                f"{p} reloads: {len(charas)} chara card(s) from the trash go into the deck"
                + (f" ({', '.join(c.id for c in charas)})" if charas else "") + ", then the "
                "deck is shuffled.", f"{p}はリロードします。トラッシュのキャラカード{len(charas)}枚を"
                "デッキに戻し、シャッフルします。", player=p):
        if charas:
            g.move(charas, f"{p}.deck", bottom=True, reason="reload")
        g.shuffle(p)


@instruction("reveal")
@REGISTRY.rule("1108.1", "1108.2")
def reveal_instr(g, ins: dict, ctx: EffCtx) -> None:
    """1108.1: 公開する — the cards' parameters are shown to every player; they do not change
    zone (1108.2). Those from a hidden zone are remembered to be hidden again (1108.3)."""
    b = g.b
    cards = targets(g, ins["reveal"], ctx)
    if not cards:
        return
    with g.step("effect", ("1108.1", "1108.2"), f"{ctx.controller} reveals "
                f"{', '.join(c.id for c in cards)}: every player sees them; they stay where they "
                "are.", f"{ctx.controller}は{'、'.join(c.id for c in cards)}を公開します。全てのプレイヤー"
                "に見せ、ゾーンは変わりません。", cards=tuple(c.id for c in cards),
                player=ctx.controller):
        for c in cards:
            g.reveal(c)
            if not b.is_public(c.zone):
                ctx.revealed.append((c.id, c.zone))
    triggers.revealed(g, cards, ctx.controller)


@REGISTRY.rule("1108.3")
def conceal(g, ctx: EffCtx) -> None:
    """1108.3: the effect has resolved and did not hide the cards it revealed from a hidden
    zone: they are hidden again; a deck they are in is then shuffled."""
    b = g.b
    back = [(cid, z) for cid, z in ctx.revealed if cid in b.cards and b.cards[cid].zone == z]
    ctx.revealed = []
    if not back:
        return
    decks = sorted({z.split(".")[0] for _, z in back if zone_kind(z) == "deck"})
    with g.step("effect", ("1108.3",), f"The effect has resolved: {', '.join(c for c, _ in back)}"
                " revealed from a hidden zone " + ("is" if len(back) == 1 else "are")
                + " hidden again" + (f"; {', '.join(decks)} shuffle(s) the deck" if decks else "")
                + ".", f"効果の解決後、公開された{'、'.join(c for c, _ in back)}を非公開にします"
                + ("。その後デッキをシャッフルします" if decks else "") + "。",
                cards=tuple(c for c, _ in back)):
        for p in decks:
            g.shuffle(p)


@instruction("shuffle")
def shuffle_instr(g, ins: dict, ctx: EffCtx) -> None:
    p = who(ins["shuffle"], ctx.controller) or ctx.controller
    with g.step("effect", ("1105.1",), f"{p} shuffles the deck.", f"{p}はデッキをシャッフルします。",
                player=p):
        g.shuffle(p)


# the periods of continuous effects (911), as a step says them
_PERIOD = {"mission_end": ("until the end of the mission phase", "ミッションフェイズ終了時まで"),
           "attack_end": ("until the end of the attack", "アタック終了時まで"),
           "forever": ("", "")}


@instruction("power")
@REGISTRY.rule("911.3b", "911.4")
def power_instr(g, ins: dict, ctx: EffCtx) -> None:
    """A continuous effect from a resolving ability (timestamped now, 911.3b), on the cards in
    the area now only (911.4)."""
    n = ins["power"]
    cards = [c for c in targets(g, ins["to"], ctx, "a chara", "キャラ") if is_area(c.zone)]
    if not cards:
        return
    until = ins.get("until", "forever")
    eff = {"power": n, "to": [c.id for c in cards], "source": ctx.source,
           "controller": ctx.controller, "until": until, "ts": g.b.tick()}
    words = _PERIOD[until]
    with g.step("effect", ("911.3b", "911.4"),
                f"{', '.join(c.id for c in cards)} get {n:+d} power {words[0]}".rstrip() + ".",
                f"{'、'.join(c.id for c in cards)}は{words[1]}パワー{n:+d}。",
                cards=tuple(c.id for c in cards)):
        g.add_effect(eff)
    if n < 0 and ctx.source:
        for c in cards:
            g.attrib[c.id] = ctx.source  # 1103.3: a new effect lowering power


_REPLACE_WORDS = {"retired": ("retiring (退場)", "退場する"),
                  "damaged": ("being dealt damage", "ダメージを与えられる"),
                  "draw": ("drawing a card", "カードを引く")}


@instruction("replace")
@REGISTRY.rule("902.2b", "912.1")
def replace_instr(g, ins: dict, ctx: EffCtx) -> None:
    """「…まで、…場合、かわりに…」: the effect creates a replacement effect (912.1) lasting for
    its period (a continuous effect, 902.2b), on the cards there now (911.4) or, for a draw, on
    a player."""
    kind = ins["replace"]
    if kind == "draw":
        about = [who(ins.get("player", "you"), ctx.controller) or ctx.controller]
        cards = []
    else:
        cards = targets(g, ins.get("to", "self"), ctx, "a card", "カード")
        about = [c.id for c in cards]
    if not about:
        return
    until = ins.get("until", "forever")
    words = _PERIOD[until] if until != "forever" else ("with no end", "")
    what = _REPLACE_WORDS.get(kind) or (f"being put into the {ins.get('zone', 'zone')}",
                                        f"{ins.get('zone', '')}に置かれる")
    with g.step("effect", ("902.2b", "912.1"),
                f"{', '.join(about)}: {what[0]} is replaced {words[0]} (a continuous effect, "
                "902.2b; 912.1 as it applies).",
                f"{words[1]}、{'、'.join(about)}が{what[1]}場合、かわりの事象が発生します。",
                cards=tuple(c.id for c in cards), player=ctx.controller):
        g.add_effect(replace.made(ins, about, cards, source=ctx.source,
                                  controller=ctx.controller, ts=g.b.tick(), until=until))


@REGISTRY.rule("911.1b", "911.4")
def grant(g, ins: dict, ctx: EffCtx, how: str) -> None:
    """A keyword ability gained or lost for a period: a non-numeric parameter changed by a
    continuous effect (911.1b), on the cards there now only (911.4); a card that becomes a new
    card loses it; between a grant and a loss the later applies last (911.3)."""
    ab = ins[how]
    cards = [c for c in targets(g, ins["to"], ctx, "a card", "カード") if g.b.is_public(c.zone)]
    if not cards:
        return
    until = ins.get("until", "forever")
    words = _PERIOD[until]
    en = "gain" if how == "grant" else "lose"
    with g.step("effect", ("911.3b", "911.1b", "911.4"),
                f"{', '.join(c.id for c in cards)} {en}{'s' if len(cards) == 1 else ''} "
                f"{ab['keyword']} {words[0]}".rstrip() + " (only the cards there now, 911.4).",
                f"{'、'.join(c.id for c in cards)}は{words[1]}{ab['keyword']}を"
                f"{'得ます' if how == 'grant' else '失います'}。", cards=tuple(c.id for c in cards)):
        g.add_effect({how: dict(ab), "to": [c.id for c in cards],
                      "incs": {c.id: c.incarnation for c in cards}, "source": ctx.source,
                      "controller": ctx.controller, "until": until, "ts": g.b.tick()})


@instruction("grant")
def grant_instr(g, ins: dict, ctx: EffCtx) -> None:
    grant(g, ins, ctx, "grant")


@instruction("lose")
def lose_instr(g, ins: dict, ctx: EffCtx) -> None:
    grant(g, ins, ctx, "lose")


@REGISTRY.rule("1113.1", "1113.2")
def check_mission(g, m, cites=()) -> None:
    """Checking a mission: it is slept, and counts as checked while slept (1113.2)."""
    with g.step("rule", tuple(cites) + ("1113.1", "1113.2"),
                f"Mission {m.id} is checked: it is slept.",
                f"ミッション{m.id}をチェックし、スリープします。", cards=(m.id,), player=m.owner):
        g.set_state(m, "sleep")
    triggers.emit(g, [{"kind": "checked", "card": g.snap(m), "player": m.owner}])


@REGISTRY.rule("1114.1", "903.1b")
def clear_mission(g, m, cites=()) -> None:
    with g.step("rule", tuple(cites) + ("1114.1",),
                f"Mission {m.id} is cleared: it is turned face down.",
                f"ミッション{m.id}をクリアし、裏向きにします。", cards=(m.id,), player=m.owner):
        g.set_face(m, "down")
    if m.abilities:
        g.note("rule", ("903.1b",), f"Mission {m.id} is face down now: its abilities are no "
               "longer valid (its continuous effects stop applying).",
               f"ミッション{m.id}は裏向きになったため、その能力は無効になります（継続効果は適用"
               "されなくなります）。", cards=(m.id,),
               player=m.owner)
    triggers.emit(g, [{"kind": "cleared", "card": g.snap(m), "player": m.owner}])


@instruction("check")
def check_instr(g, ins: dict, ctx: EffCtx) -> None:
    for m in targets(g, ins["check"], ctx, "a mission to check", "チェックするミッション"):
        if zone_kind(m.zone) == "missions" and m.state != "sleep":
            check_mission(g, m)


@instruction("clear")
def clear_instr(g, ins: dict, ctx: EffCtx) -> None:
    for m in targets(g, ins["clear"], ctx, "a mission to clear", "クリアするミッション"):
        if zone_kind(m.zone) == "missions" and (m.face or "up") == "up":
            clear_mission(g, m)


@instruction("counter")
@REGISTRY.rule("1120.1", "1120.2", "1301.4")
def counter_instr(g, ins: dict, ctx: EffCtx) -> None:
    p = who(ins.get("player", "you"), ctx.controller) or ctx.controller
    icon = ins["icon"]
    have = g.b.players[p].counters.get(icon, 0)
    n = ins["counter"]
    new = max(0, have + n)
    cl = "1120.1" if n >= 0 else "1120.2"
    with g.step("effect", (cl,) + (("1301.4",) if have + n < 0 else ()),
                f"{p} {'gains' if n >= 0 else 'spends'} {abs(n)} 「{icon}」 counter(s): "
                f"{have} → {new}" + (" (never below 0)" if have + n < 0 else "") + ".",
                f"{p}は「{icon}」カウンターを{abs(n)}個{'得ます' if n >= 0 else '消費します'}"
                f"（{have}→{new}）。", player=p):
        g.set_counter(p, icon, new)


@instruction("timed")
@REGISTRY.rule("908.4a")
def timed_instr(g, ins: dict, ctx: EffCtx) -> None:
    when = ins["timed"]
    g.effect_seq += 1
    t = {"timed": when, "source": ctx.source, "controller": ctx.controller,
         # 「そのキャラ」: what the creating effect chose, each as the card it was then
         **({"chosen": [c.id for c in ctx.chosen],
             "_chosen": [(c.id, c.incarnation) for c in ctx.chosen]} if ctx.chosen else {}),
         "effect": ins["effect"], "_tid": g.effect_seq}
    for k in ("phase", "whose"):
        if ins.get(k):
            t[k] = ins[k]
    en, ja = triggers.timed_words(t)
    with g.step("effect", ("908.4a",), f"A delayed auto ability is created: {en}, it triggers "
                "once.", f"時限型自動能力を作成します（{ja}に1回だけ誘発）。"):
        triggers.TIMED.add(g, t)


@instruction("may")
def may_instr(g, ins: dict, ctx: EffCtx) -> None:
    yes = g.ask(Request(ctx.key, ctx.controller, "do it? (「～てよい」)", "実行しますか（「～てよい」）",
                        kind="yesno"))
    if yes:
        run_effect(g, ins["may"], ctx)


@instruction("if")
def if_instr(g, ins: dict, ctx: EffCtx) -> None:
    ok = condition(g, ins["if"], ctx.controller, ctx.holder)
    run_effect(g, ins["then"] if ok else ins.get("otherwise", []), ctx)


# ---- the file's events ---------------------------------------------------------------------------
def apply_events(g) -> None:
    """Things that just happened (the file's `events`), before stepping: each is done as an
    instruction of its source's effect (battle damage marks its attacker, 1102)."""
    b = g.b
    for i, ev in enumerate(b.events):
        src = ev.get("source")
        ctrl = ev.get("controller") or (b.cards[src].controller if src in b.cards else
                                        b.turn_player)
        if "damage" in ev and ev.get("battle"):
            cards = targets(g, ev["to"], EffCtx(g, ctrl, src))
            deal_damage(g, cards, ev["damage"], src, battle=True)
            continue
        with g.step("event", (), f"Event {i + 1} of the file: {_event_words(ev)}.",
                    f"ファイルのイベント{i + 1}：{_event_words(ev)}。"):
            run_effect(g, [{k: v for k, v in ev.items() if k not in ("battle",)}],
                       EffCtx(g, ctrl, src, key=src or f"event{i + 1}"))
    b.events = []


def _event_words(ev: dict) -> str:
    return ", ".join(f"{k}: {v}" for k, v in ev.items() if k not in ("controller",))

