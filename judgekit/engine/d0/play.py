"""What the player with priority can do (4.6.2): play spells and activate abilities (4.7.2), move
units (4.7.3), create or update the plan zone (3.8.2-3/-4), the special actions of the energy and
smash phases (3.7.1, 3.9.1), pass, concede (3.3.7).

Timing (2.20.1-1, 3.8.2–3.8.4, 4.3.4): normal — your own main phase, outside battle, empty stack;
quick — either main phase, outside battle; battle — either main phase, in battle or not. A
plan-zone card is played at normal timing whatever its own (3.8.2-5). Costs are paid by
freezing energy-zone cards of the symbol's colour, colourless also from the smash zone (1.2.3-1,
1.2.3-2), all at the same time (4.7.2-8).
"""

from __future__ import annotations

from itertools import combinations

from ..choices import Request
from ..game import IllegalAction
from .clauses import REGISTRY
from .effects import Ctx, choose_targets, condition_holds, target_options, target_specs
from .model import (BATTLE_SQUARES, COLORS, PHASE_JA, StackItem, adjacent, area_of,
                    is_base_square, is_battle_square, is_square, opponent)
from .values import colors, forbid, geo_cites, power, raw_smash, smash

_rule = REGISTRY.rule


def _illegal(en: str, ja: str, cites=()) -> IllegalAction:
    return IllegalAction(en, ja, cites)


# ---- timing ---------------------------------------------------------------------------------------

@_rule("2.20.1-1", "2.20.2-1", "2.20.3-1", "3.8.2", "3.8.3", "3.8.4", "3.8.2-1", "3.8.2-2",
       "3.8.3-1", "3.8.3-2", "3.8.4-1", "3.8.4-2", "4.3.4", "3.8.2-5")
def timing_ok(g, player: str, timing: str) -> bool:
    b = g.b
    if b.phase != "main":
        return False  # 3.8.1: normally only in the main phase
    if timing == "normal":
        return player == b.turn_player and not b.battles and not b.stack
    if timing == "quick":
        return not b.battles
    return True  # battle timing


# ---- paying costs (1.2.3) ---------------------------------------------------------------------------

def _need(cost: dict) -> tuple[dict, int]:
    from .costs import least

    cost = least(cost or {})  # a variable not chosen yet counts 0 (1.2.2)
    col = {k: v for k, v in cost.items() if k in COLORS and v}
    return col, int(cost.get("colorless", 0) or 0)


def _fits(g, cards: list, col: dict, colorless: int) -> bool:
    """Can these cards pay exactly this cost? Coloured symbols only from the energy zone with
    that colour (1.2.3-1), colourless from the energy or smash zone (1.2.3-2)."""
    if len(cards) != sum(col.values()) + colorless:
        return False
    slots = [k for k, v in col.items() for _ in range(v)]
    # match coloured slots to energy cards of that colour (small: try assignments)
    energy = [c for c in cards if c.zone.endswith(".energy")]

    def assign(i: int, used: frozenset) -> bool:
        if i == len(slots):
            return True
        for c in energy:
            if c.id not in used and slots[i] in colors(g, c):
                if assign(i + 1, used | {c.id}):
                    return True
        return False

    return assign(0, frozenset())


def payers(g, player: str, *, smash_ok: bool = True) -> list:
    b = g.b
    out = [c for c in b.cards_in(f"{player}.energy") if c.state == "released"]
    if smash_ok:
        out += [c for c in b.cards_in(f"{player}.smash") if c.state == "released"]
    return out


def can_pay(g, player: str, cost: dict) -> bool:
    col, cl = _need(cost)
    n = sum(col.values()) + cl
    if n == 0:
        return True
    pool = payers(g, player)
    if len(pool) < n:
        return False
    energy = [c for c in pool if c.zone.endswith(".energy")]
    for k, v in col.items():
        if sum(1 for c in energy if k in colors(g, c)) < v:
            return False
    if len(pool) > 12:
        return True
    return any(_fits(g, list(cs), col, cl) for cs in combinations(pool, n))


@_rule("1.2.3-1", "1.2.3-2", "4.7.2-8")
def pay(g, player: str, cost: dict, given: list | None, what: str) -> list:
    """Freeze the cards that pay `cost`: those the action names, else the only way there is
    (or one of ways the file cannot tell apart), else the player is asked (1.2.3-1)."""
    b = g.b
    col, cl = _need(cost)
    n = sum(col.values()) + cl
    if n == 0:
        return []
    pool = payers(g, player)
    if given is not None:
        cards = [b.cards.get(i) for i in given]
        if any(c is None or c not in pool for c in cards) or not _fits(g, cards, col, cl):
            raise _illegal(f"{', '.join(given)} cannot pay {_cost_text(cost)} for {what} "
                           "(released energy of the symbol's colour; colourless from the energy "
                           "or smash zone)", f"{'、'.join(given)}では{what}のコスト"
                           f"{_cost_text(cost)}を支払えません", ("1.2.3-1", "1.2.3-2"))
    else:
        ways = [list(cs) for cs in combinations(pool, n) if _fits(g, list(cs), col, cl)] \
            if len(pool) <= 12 else []
        if not ways:
            raise _illegal(f"{player} cannot pay {_cost_text(cost)} for {what}",
                           f"{player}は{what}のコスト{_cost_text(cost)}を支払えません",
                           ("1.2.3-1", "1.2.3-2"))
        kinds = {tuple(sorted((c.zone.split(".")[1], tuple(colors(g, c))) for c in w))
                 for w in ways}
        if len(ways) == 1 or (len(kinds) == 1 and all(not c.known for w in ways for c in w)):
            cards = ways[0]
        elif len(kinds) == 1:
            cards = ways[0]
            g.record_choice("1.2.3-1", player, f"cards to pay {_cost_text(cost)}",
                            f"{_cost_text(cost)}を支払うカード", [c.id for c in pool],
                            [c.id for c in cards], source="equivalent")
        else:
            ans = g.ask(Request("1.2.3-1", player, f"choose the cards that pay "
                                f"{_cost_text(cost)} for {what}", f"{what}のコスト"
                                f"{_cost_text(cost)}を支払うカードを選んでください",
                                options=[c.id for c in pool], kind="many", min=n, max=n,
                                cites=("1.2.3-1",)))
            cards = [b.cards[i] for i in ans]
            if not _fits(g, cards, col, cl):
                raise _illegal(f"{', '.join(ans)} cannot pay {_cost_text(cost)}",
                               f"{'、'.join(ans)}ではコスト{_cost_text(cost)}を支払えません",
                               ("1.2.3-1",))
    for c in cards:
        g.set_state(c, "frozen")
    return [c.id for c in cards]


def _cost_text(cost: dict) -> str:
    ja = {"red": "赤", "black": "黒", "blue": "青", "white": "白", "green": "緑",
          "colorless": "無色"}
    return "".join(f"<{ja.get(k, k)}{v}>" for k, v in (cost or {}).items() if v) or "<無色0>"


_TYPE_PLAY = {"unit": "2.20.1-1", "base": "2.20.2-1", "strategy": "2.20.3-1"}
_TIMING = {"normal": "3.8.2", "quick": "3.8.3", "battle": "3.8.4"}


def timing_cites(timing: str, ctype, *, from_plan: bool = False) -> tuple:
    """The clauses that allow this action at this timing: the card type's own rule of when it
    is played (2.20.1-1 units, 2.20.2-1 bases, 2.20.3-1 strategies) and the timing's item —
    playing a card of that timing from the hand (3.8.2-1, 3.8.3-1, 3.8.4-1) or activating an
    ability of that timing (`ctype` None: 3.8.2-2, 3.8.3-2, 3.8.4-2, with the window their
    parent states: the type rules 2.20.x-1 state it for cards). A card played from the
    plan zone is played at normal timing whatever it says (3.8.2-5, cited by the caller)."""
    t = _TIMING.get(timing)
    typ = (_TYPE_PLAY[ctype],) if ctype in _TYPE_PLAY else ()
    if t is None or from_plan:
        return typ
    if ctype is None:  # an activation: the window is the parent's, the action its item 2
        return (t, f"{t}-2")
    return typ + (f"{t}-1",)


def pay_cites(cost: dict) -> tuple:
    col, cl = _need(cost)
    return (("1.2.3-1",) if col else ()) + (("1.2.3-2",) if cl else ())


# ---- playing a card (4.7.2, 2.20) ---------------------------------------------------------------------

def unit_squares(g, player: str) -> list[str]:
    """2.20.1-2: own-area or center-area squares holding none of the player's units."""
    b = g.b
    return [s for s in BATTLE_SQUARES if area_of(s, player) in ("own", "center")
            and not any(u.controller == player for u in b.units_on(s))]


def base_squares(g, player: str) -> list[str]:
    """2.20.2-2: the player's base squares holding none of the player's bases."""
    b = g.b
    return [f"{player}-{ln}" for ln in ("L", "C", "R")
            if not any(c.type == "base" and c.controller == player
                       for c in b.cards_in(f"{player}-{ln}"))]


@_rule("2.4.2-2")
def _colour_notes(g, ab: dict, chosen: dict) -> None:
    """A target chosen for its colour whose play cost has symbols of two or more colours has
    every one of them (2.4.2-2): say so, since the choice rests on it."""
    from .effects import target_specs
    from .geometry import colors_of_cost

    for spec in target_specs(ab):
        want = (spec.get("filter") or {}).get("color")
        for tid in chosen.get(spec["name"], ()) if want else ():
            c = g.b.cards.get(tid)
            cols = colors_of_cost(c.cost or {}) if c is not None and not c.colors else ()
            if len(cols) >= 2 and want in cols:
                g.note("rule", ("2.4.2-2",), f"{c.label()} has every colour of its play cost "
                       f"({', '.join(cols)}): it is {want}.",
                       f"{c.label()}は使用コストのすべての色（{'・'.join(cols)}）を持つため、"
                       f"{want}のカードです。", cards=(c.id,))


@_rule("4.7.1", "4.7.2", "4.7.2-5", "4.7.2-9", "2.20.1-2", "2.20.2-2", "3.8.2-5", "2.1.4-1",
       "2.23.9-2")
def play_card(g, a: dict, player: str) -> None:
    b = g.b
    c = b.cards.get(a["play"])
    from .costs import play_permission

    allowed = play_permission(g, c, player) if c is not None else None
    if c is None or (c.zone not in (f"{player}.hand", f"{player}.plan") and allowed is None):
        raise _illegal(f"{a['play']} is not in {player}'s hand or plan zone",
                       f"{a['play']}は{player}の手札にもプランゾーンにもありません", ("4.7.2",))
    from_plan = c.zone.endswith(".plan")
    timing = "normal" if from_plan else (c.timing or "normal")
    if not timing_ok(g, player, timing):
        raise _illegal(f"{c.label()} ({timing} timing{', from the plan zone' if from_plan else ''}"
                       f") cannot be played now ({b.phase} phase"
                       f"{', in battle' if b.battles else ''}"
                       f"{', stack not empty' if b.stack else ''})",
                       f"{c.label()}（タイミング{timing}）は現在プレイできません",
                       ("3.8.2-5",) if from_plan else ("2.20.1-1",))
    from . import keywords as kw

    kw.no_play_while_flash(g, c)
    no = forbid(g, c, "play") or forbid(g, player, "play")
    if no is not None:
        raise _illegal(f"{c.label()} cannot be played: {no.words()[0]} forbids it, and 「できない」 "
                       "wins over the play the rules allow (4.7.1, 1.1.2)", f"{c.label()}はプレイ"
                       f"できません（{no.words()[1]}。「できない」という効果が優先されます）",
                       ("4.7.1", "1.1.2"))
    sq = a.get("square")
    special = None
    if a.get("via") is not None:
        if c.type != "unit":
            raise _illegal(f"{c.label()} is not a unit: 召集 and 隊列召喚 play units",
                           f"{c.label()}はユニットではありません", ("5.3.2", "5.8.2"))
        special = kw.special_play(g, c, player, sq, a["via"])
    elif c.type == "unit":
        legal = unit_squares(g, player)
        if sq not in legal:
            raise _illegal(f"{c.label()} cannot be played to {sq}: a unit goes to an own-area or "
                           f"center-area square without a unit of {player}'s "
                           f"({', '.join(legal) or 'none'})",
                           f"{c.label()}は{sq}にプレイできません（自分のユニットのない自軍エリアまたは"
                           "中央エリアのスクエア）", ("2.20.1-2",))
    elif c.type == "base":
        legal = base_squares(g, player)
        if sq not in legal:
            raise _illegal(f"{c.label()} cannot be played to {sq}: a base goes to one of "
                           f"{player}'s base squares without a base ({', '.join(legal) or 'none'})",
                           f"{c.label()}は{sq}にプレイできません", ("2.20.2-2",))
    else:
        sq = None
    from . import costs, modes

    mode, mdc, mde, mdj = modes.choose_mode(g, c, player, a.get("mode")) \
        if c.type == "strategy" else (None, (), "", "")
    ab = modes.targets_ability(c, mode) if c.type == "strategy" else {}

    cost, kw_cites, kw_en, kw_ja = costs.data_cost(g, c)
    alt, ac, ae, aj = kw.awakening_cost(g, c, from_plan, a.get("awaken"))
    if alt is not None:
        cost, kw_cites, kw_en, kw_ja = alt, ac, ae, aj
    if special is not None:
        cost = special.cost if special.cost is not None else cost
        kw_cites, kw_en, kw_ja = special.cites, special.en, special.ja
    cost, extra_paid, oc, oe, oj = costs.additional_and_alternative(
        g, c, player, cost, a, awakened=alt is not None, holds=lambda cond: condition_holds(
            g, cond, Ctx(player, c.id, c.incarnation, g.snap(c))))
    composing = next((ab["compose"] for ab in c.abilities if "compose" in ab), None) \
        if c.type == "strategy" else None  # 6.4.3: a strategy's 合成, its additional cost
    composed = compose_cards(g, c, composing, a.get("compose"), player) if composing else []
    if composed:
        extra_paid = True
        oc, oe, oj = oc + ("6.4.3",), oe + " with its 合成 additional cost (6.4.3)", \
            oj + "（合成の追加コストとともに）"
    kw_cites, kw_en, kw_ja = kw_cites + oc, kw_en + oe, kw_ja + oj
    cost, x, xc, xe, xj = costs.choose_x(g, c, player, cost, a.get("x"),
                                         pool=len(payers(g, player)))
    cost, vc, ve, vj = costs.changed(g, c, cost)
    kw_cites, kw_en, kw_ja = mdc + kw_cites + xc + vc, mde + kw_en + xe + ve, \
        mdj + kw_ja + xj + vj
    if allowed is not None:
        kw_cites = ("1.1.1",) + kw_cites
        kw_en = f" from {c.zone} ({allowed} allows it: card text wins over the rules, 1.1.1)" + kw_en
        kw_ja = f"（{allowed}の効果により{c.zone}から）" + kw_ja
    cost, sc, se, sj = kw.supply(g, c, player, cost)
    cost, called, cc, ce, cj = kw.call(g, c, player, cost, a.get("call")) \
        if c.type == "unit" else (cost, [], (), "", "")
    kw_cites, kw_en, kw_ja = kw_cites + sc + cc, kw_en + se + ce, kw_ja + sj + cj
    if not can_pay(g, player, cost) and a.get("pay") is None:
        raise _illegal(f"{player} cannot pay {_cost_text(cost)} for {c.label()}",
                       f"{player}は{c.label()}のコスト{_cost_text(cost)}を支払えません",
                       ("1.2.3-1", "1.2.3-2"))
    frm = c.zone
    cites = ("4.7.2", "2.1.4-1", "2.23.9-2") + timing_cites(timing, c.type,
                                                             from_plan=from_plan) + (
        ("4.7.2-5",) if target_specs(ab) else ()) + geo_cites(
        *[s.get("filter") for s in target_specs(ab)]) + ("4.7.2-8",) + pay_cites(cost) + (
        "4.7.2-9",) + (("3.8.2-5",) if from_plan else ()) + (
        ("2.20.1-2",) if c.type == "unit" and special is None else ()) + (
        ("2.20.2-2",) if c.type == "base" else ()) + kw_cites
    where = f" to {sq}" if sq else ""
    with g.step("play", cites, f"{player} plays {c.label()}{where}{kw_en}"
                f"{' from the plan zone at normal timing' if from_plan else ''}: it goes on top "
                "of the stack, its costs are paid; the active player receives priority.",
                f"{player}は{c.label()}を{'プランゾーンから' if from_plan else ''}"
                f"{sq + 'に' if sq else ''}プレイします{kw_ja}。スタックの1番上に乗せ、コストを"
                "支払います。その後、アクティブプレイヤーが優先権を獲得します。", cards=(c.id,),
                player=player):
        it = StackItem("spell", card=c.id, controller=player, square=sq)
        it.x = x
        it.mode = mode
        it.additional = extra_paid
        it.via = special.source if special is not None else None
        it.from_square = frm
        if target_specs(ab):
            ctx = Ctx(player, c.id, c.incarnation, g.snap(c), item=it)
            _not_twice(a, c.label())
            chosen = choose_targets(g, ab, ctx, chooser=player, key=c.id,
                                    given=_given(a), source_colors=colors(g, c))
            if chosen is None:
                _forbidden_target(g, a, c.label())
                raise _illegal(f"{c.label()} has no legal target (or the action's targets are not "
                               "legal): it cannot be played",
                               f"{c.label()}は適正な対象を選べないため、プレイできません",
                               ("4.7.2-5", "4.11.3"))
            it.targets = chosen
            it.divided = _division(g, ab, chosen, player, c.id, c.label())
            _colour_notes(g, ab, chosen)
            it.objs = {t: b.cards[t].incarnation for v in chosen.values() for t in v
                       if t in b.cards}
        g.move([c], "stack", reason="play")
        g.set_card(c, "controller", player)
        kw.note_linked(g, c, it, player)
        g.push(it)
        it.paid = pay(g, player, cost, a.get("pay"), c.label())
        if composed:
            pay_compose(g, c, composed, player, strategy=True)
            it.paid += [x.id for x in composed]
        for x in called:
            g.set_state(x, "frozen")
            it.paid.append(x.id)


@_rule("4.11.5")
def _forbidden_target(g, a: dict, label: str) -> None:
    """A target the action names that 「対象にならない」 forbids: say so, with what forbids it
    (1.1.2 over 4.7.2-5)."""
    for t in (t for v in (_given(a) or {}).values() for t in v):
        card = g.b.cards.get(t) if isinstance(t, str) else None
        no = forbid(g, card, "be_targeted") if card is not None else None
        if no is not None:
            raise _illegal(f"{label} cannot target {card.label()}: {no.words()[0]} says it "
                           "cannot be targeted, and 「できない」 wins (1.1.2); it is no legal target "
                           "(4.7.2-5, 4.11.3)", f"{card.label()}は対象になりません（{no.words()[1]}。"
                           "「できない」という効果が優先されます）", ("4.7.2-5", "4.11.3", "1.1.2"))


def _not_twice(a: dict, label: str) -> None:
    """4.11.5: one 「対象の」 never chooses the same card or player more than once."""
    given = _given(a) or {}
    for name, ids in given.items():
        twice = sorted({t for t in ids if ids.count(t) > 1})
        if twice:
            raise _illegal(f"{label} names {', '.join(twice)} more than once as its targets: one "
                           "「対象の」 cannot choose the same card twice",
                           f"{label}は{'、'.join(twice)}を複数回対象に選んでいます。ひとつの「対象の」"
                           "で同じカードを複数回選ぶことはできません", ("4.11.5",))


def _division(g, ab: dict, chosen: dict, player: str, key: str, label: str) -> dict:
    """「…を割り振って与える」: the division declared with the targets (4.7.2-6)."""
    from .divide import declare

    split = declare(g, ab, chosen, player, key, label)
    if split is None:
        raise _illegal(f"{label} cannot divide its amount among that many targets: each needs "
                       "at least 1", f"{label}はそれぞれの対象に少なくとも1以上を割り振れません",
                       ("4.7.2-6",))
    return split


def _given(a: dict):
    t = a.get("targets")
    if t is None:
        return None
    return {"target": list(t)} if isinstance(t, list) else {k: list(v) for k, v in t.items()}


# ---- activating an ability (4.7.2, 4.3) ------------------------------------------------------------------

def activated_abilities(c) -> list[int]:
    return [i for i, ab in enumerate(c.abilities, 1) if ab.get("activated")]


@_rule("4.7.2", "4.3.4", "4.7.2-8", "4.15.5", "2.23.1-4", "2.26.1-1")
def activate(g, a: dict, player: str) -> None:
    from . import keywords as kw
    from .values import in_its_zone

    b = g.b
    c = b.cards.get(a["activate"])
    idxs = activated_abilities(c) if c is not None else []
    k = a.get("ability") or (idxs[0] if idxs else 1)
    if c is None or k not in idxs:
        raise _illegal(f"{a['activate']} has no activated ability {k}",
                       f"{a['activate']}に起動型能力{k}はありません", ("4.3.3",))
    ab = c.abilities[k - 1]
    if c.controller != player or not in_its_zone(c, ab) or b.is_attached(c):  # 6.1.8
        raise _illegal(f"{player} cannot activate {c.label()}'s ability (4.3.2: its controller, "
                       "while its text works where the card is)",
                       f"{player}は{c.label()}の能力を起動できません",
                       ("4.3.4",) + (("5.7.1-2",) if ab.get("zone") else ()))
    no = forbid(g, c, "activate") or forbid(g, player, "activate")
    if no is not None:
        raise _illegal(f"{c.label()}'s activated ability cannot be activated: {no.words()[0]} "
                       "forbids it, and 「できない」 wins over 「できる」 (1.1.2)",
                       f"{c.label()}の起動型能力は起動できません（{no.words()[1]}。「できない」という"
                       "効果が優先されます）", ("4.3.4", "1.1.2"))
    if not kw.text_enabled(g, c, ab, player):
        raise _illegal(f"{c.label()}'s ability is 連動 / 共鳴 text that is not enabled now",
                       f"{c.label()}の能力は連動・共鳴のテキストで、現在有効ではありません",
                       kw.gate_cites(ab))
    timing = ab.get("timing", "normal")
    if not timing_ok(g, player, timing):
        raise _illegal(f"{c.label()}'s ability ({timing} timing) cannot be activated now",
                       f"{c.label()}の能力（タイミング{timing}）は現在起動できません", ("4.3.4",))
    cost = dict(ab.get("cost") or {})
    from . import costs

    energy, x, xc, xe, xj = costs.choose_x(g, c, player, cost.get("energy") or {}, a.get("x"),
                                           pool=len(payers(g, player)))
    cost["energy"] = energy
    if cost.get("freeze") == "self" and c.state != "released":
        raise _illegal(f"{c.label()} is frozen: it cannot be frozen as a cost",
                       f"{c.label()}はフリーズ状態のため、コストとしてフリーズできません",
                       ("2.26.1-1",))
    composed = compose_cards(g, c, cost.get("compose"), a.get("compose"), player)
    zone_en = (f" (its text works in the {c.zone.split('.', 1)[1]} zone, where the card is)"
               if ab.get("zone") else "")
    zone_ja = (f"（そのテキストはカードのある{c.zone.split('.', 1)[1]}で有効です）"
               if ab.get("zone") else "")
    with g.step("activate", ("4.7.2", "2.23.9-2", "4.3.4") + timing_cites(timing, None) + (
            ("4.7.2-5",) if target_specs(ab) else ()) + geo_cites(
            *[s.get("filter") for s in target_specs(ab)]) + ("4.7.2-8",) + pay_cites(
            cost.get("energy") or {}) + ("4.7.2-9",) + (("5.7.1",) if ab.get("zone") else ()) + xc,
                f"{player} activates {c.label()}'s ability{zone_en}{xe}: it goes on top of the "
                "stack and its costs are paid at the same time; the active player receives "
                "priority.",
                f"{player}は{c.label()}の起動型能力を起動します{zone_ja}{xj}。スタックの1番上に乗せ、"
                "コストを同時に支払います。その後、アクティブプレイヤーが優先権を獲得します。",
                cards=(c.id,), player=player):
        it = StackItem("activated", source=c.id, ability=k, controller=player, snap=g.snap(c))
        it.obj = c.incarnation
        it.x = x
        if target_specs(ab):
            ctx = Ctx(player, c.id, c.incarnation, g.snap(c))
            _not_twice(a, f"{c.label()}'s ability")
            chosen = choose_targets(g, ab, ctx, chooser=player, key=c.id, given=_given(a),
                                    source_colors=colors(g, c))
            if chosen is None:
                _forbidden_target(g, a, f"{c.label()}'s ability")
                raise _illegal(f"{c.label()}'s ability has no legal target (or the action's "
                               "targets are not legal)", f"{c.label()}の能力は適正な対象を選べ"
                               "ません", ("4.7.2-5", "4.11.3"))
            it.targets = chosen
            it.divided = _division(g, ab, chosen, player, c.id, f"{c.label()}'s ability")
            it.objs = {t: b.cards[t].incarnation for v in chosen.values() for t in v
                       if t in b.cards}
        g.push(it)
        it.paid = pay(g, player, cost.get("energy") or {}, a.get("pay"), f"{c.label()}'s ability")
        if cost.get("freeze") == "self":
            g.set_state(c, "frozen")
            it.paid.append(c.id)
        if composed:
            pay_compose(g, c, composed, player)
            it.paid += [x.id for x in composed]
        if cost.get("sacrifice") == "self":
            g.note("activate", ("2.23.1-4",), f"{player} sacrifices {c.label()} as a cost "
                   "(廃棄: into its owner's graveyard).", f"{player}はコストとして{c.label()}を"
                   "廃棄します（持ち主の墓地に置きます）。", cards=(c.id,), player=player)
            g.to_graveyard([c], "sacrifice", cost=True)
            it.paid.append(c.id)


@_rule("6.4.1")
def compose_cards(g, c, spec: dict | None, given, player: str) -> list:
    """合成 (6.4.1): the specified cards of a zone that pay the cost — those the action names
    (`compose:`), else the only way there is, else the player is asked."""
    if not spec:
        return []
    from .values import Ref, look, matches

    b = g.b
    z = spec["from"]
    pool = [x for sq in BATTLE_SQUARES for x in b.cards_in(sq)] if z == "squares" else \
        b.cards_in(f"{player}.{z}")
    ref = Ref(c.id, c.zone, player)
    pool = [x for x in pool if x.id != c.id and matches(g, look(g, x), spec.get("filter") or {},
                                                        ref)]
    n = spec.get("count", 1)
    if given is not None:
        cards = [b.cards.get(i) for i in given]
        if len(cards) != n or any(x is None or x not in pool for x in cards):
            raise _illegal(f"{', '.join(given)} cannot be composed for {c.label()}'s ability "
                           f"({n} card(s) from {z})", f"{'、'.join(given)}は{c.label()}の能力の"
                           "合成に使用できません", ("6.4.1",))
        return cards
    if len(pool) < n:
        raise _illegal(f"{player} has too few cards in {z} to compose for {c.label()}'s ability",
                       f"{player}は{c.label()}の能力の合成に必要なカードがありません", ("6.4.1",))
    if len(pool) == n:
        return pool
    ans = g.ask(Request("6.4.1", player, f"choose {n} card(s) to compose for {c.label()}",
                        f"{c.label()}の合成に使用するカードを{n}枚選んでください",
                        options=[x.id for x in pool], kind="many", min=n, max=n,
                        cites=("6.4.1",)))
    return [b.cards[i] for i in ans]


@_rule("6.4.1", "6.4.2", "6.4.3")
def pay_compose(g, c, cards: list, player: str, *, strategy: bool = False) -> None:
    """6.4.1: 合成 puts the cards into their owners' graveyards; in a unit's or base's ability it
    is the cost of an activated ability (6.4.2) — what the ability does is not a play; in a
    strategy's cost, the strategy's additional cost, paid as it is played (6.4.3)."""
    names = ", ".join(x.label() for x in cards)
    if strategy:
        step = g.step("play", ("6.4.1", "6.4.3"), f"{player} composes (合成) {names} for "
                      f"{c.label()}: into the owner's graveyard, as the strategy's additional "
                      "cost.", f"{player}は{c.label()}のために{names}を合成します（持ち主の墓地に置き"
                      "ます）。これはストラテジーの追加コストです。", cards=tuple(x.id for x in cards),
                      player=player)
    else:
        step = g.step("activate", ("6.4.1", "6.4.2"),
                      f"{player} composes (合成) {names} for {c.label()}'s ability: into the "
                      "owner's graveyard, as the activated ability's cost — the ability is "
                      "activated, the card is not played.", f"{player}は{c.label()}の能力のために"
                      f"{names}を合成します（持ち主の墓地に置きます）。これは起動型能力の起動コストで"
                      "あり、カードをプレイするのではありません。", cards=tuple(x.id for x in cards),
                      player=player)
    with step:
        on = [x for x in cards if is_square(x.zone)]
        if on:
            g.to_graveyard(on, "compose", cost=True)
        off = [x for x in cards if not is_square(x.zone)]
        if off:
            g.move_batch([(x, f"{x.owner}.graveyard") for x in off], reason="compose")


# ---- moving a unit (3.8.2-6, 4.7.3) -------------------------------------------------------------

def move_targets(g, c) -> list[str]:
    b = g.b
    return [s for s in BATTLE_SQUARES if adjacent(c.zone, s)
            and not any(u.controller == c.controller for u in b.units_on(s))]


@_rule("3.8.2-6", "4.7.3", "4.7.3-1", "4.7.3-5", "4.3.3")
def move_unit(g, a: dict, player: str) -> None:
    b = g.b
    c = b.cards.get(a["move"])
    if c is None or c.type != "unit" or not is_battle_square(c.zone) or c.controller != player:
        raise _illegal(f"{a['move']} is not a unit of {player}'s on a battle square",
                       f"{a['move']}は{player}の支配するバトルスペースのユニットではありません",
                       ("4.7.3-1",))
    if not timing_ok(g, player, "normal"):
        raise _illegal("a unit can be moved only at normal timing (own main phase, outside battle,"
                       " empty stack)", "ユニットの移動はタイミングがノーマルの行動です",
                       ("3.8.2-6",))
    if c.state != "released":
        raise _illegal(f"{c.label()} is frozen: only a released unit can move",
                       f"{c.label()}はフリーズ状態のため移動できません", ("4.7.3-1", "3.8.2-6"))
    no = forbid(g, c, "move")
    if no is not None:
        raise _illegal(f"{c.label()} cannot move: {no.words()[0]} forbids it, and 「できない」 "
                       "wins over 「できる」 (1.1.2)", f"{c.label()}は移動できません（"
                       f"{no.words()[1]}。「できない」という効果が優先されます）",
                       ("3.8.2-6", "1.1.2"))
    _no_rule_activation(g, player, c, "move")
    if a["to"] not in move_targets(g, c):
        raise _illegal(f"{c.label()} cannot move to {a['to']}: an adjacent battle square (no "
                       f"diagonals) without a unit of {player}'s", f"{c.label()}は{a['to']}に"
                       "移動できません（隣接する、自分のユニットのないスクエア）", ("4.7.3-1", "3.8.2-6"))
    from . import keywords as kw

    from . import costs

    bases = kw.raid(g, c, player, a.get("raid"))
    cost, mc, me, mj = ({}, (), "", "") if bases is not None else costs.data_cost(
        g, c, "move", to=a["to"])
    if bases is None:
        cost, _x, xc, xe, xj = costs.choose_x(g, c, player, cost, a.get("x"), "move",
                                              pool=len(payers(g, player)))
        cost, vc, ve, vj = costs.changed(g, c, cost, "move", to=a["to"])
        mc, me, mj = mc + xc + vc, me + xe + ve, mj + xj + vj
    cost, called, kc, ke, kj = kw.call(g, c, player, cost, a.get("call"))
    kc, ke, kj = mc + kc, me + ke, mj + kj
    cost, ac, ae, aj = kw.advance_cost(g, c, cost, a.get("advance"), bases is not None)
    kc, ke, kj = kc + ac, ke + ae, kj + aj
    if bases is not None:
        n = len(bases)
        kc = ("5.16.2",) + kc
        ke = (f" 急襲{n}: instead of the move cost, {', '.join(x.label() for x in bases)} "
              "(released bases on its base squares) are frozen." + ke)
        kj = (f"急襲{n}：移動コストのかわりに{'、'.join(x.label() for x in bases)}（ベーススペースの"
              "リリース状態のベース）をフリーズします。" + kj)
    with g.step("move", ("3.8.2-6", "4.7.3", "4.3.3", "2.23.9-2") + pay_cites(
            cost) + ("4.7.3-5",) + kc,
                f"{player} moves {c.label()} from {c.zone} to {a['to']} (a rule-defined activated "
                "ability): the move goes on the stack and the move cost is paid; the active player "
                f"receives priority.{ke}", f"{player}は{c.label()}を{c.zone}から{a['to']}に移動"
                "します（ルールが定める起動型能力）。移動をスタックに乗せ、移動コストを支払います。"
                f"その後、アクティブプレイヤーが優先権を獲得します。{kj}", cards=(c.id,),
                player=player):
        it = StackItem("move", card=c.id, controller=player, square=a["to"],
                       from_square=c.zone)
        it.obj = c.incarnation
        it.advance = bool(a.get("advance"))
        g.push(it)
        it.paid = pay(g, player, cost, a.get("pay"), f"{c.label()}'s move")
        for x in list(called) + list(bases or ()):
            g.set_state(x, "frozen")
            it.paid.append(x.id)


# ---- the plan zone (3.8.2-3, 3.8.2-4) -------------------------------------------------------------

@_rule("3.8.2-3", "3.8.2-4", "2.23.3-6", "4.3.3")
def _no_rule_activation(g, player: str, unit, what: str) -> None:
    """4.3.3: moving a unit and creating or updating the plan zone are activated abilities the
    rules define, so 「起動型能力を起動できない」 (the player's, or the unit's) forbids them too
    (1.1.2)."""
    no = forbid(g, player, "activate") or (forbid(g, unit, "activate") if unit else None)
    if no is None:
        return
    en = {"move": f"{unit.label() if unit else ''} cannot move", "create": "the plan zone cannot "
          "be created", "update": "the plan zone cannot be updated"}[what]
    ja = {"move": f"{unit.label() if unit else ''}は移動できません", "create": "プランゾーンは作成"
          "できません", "update": "プランゾーンは更新できません"}[what]
    raise _illegal(f"{en}: it is an activated ability the rules define (4.3.3), and "
                   f"{no.words()[0]} says activated abilities cannot be activated — 「できない」 "
                   "wins (1.1.2)", f"{ja}（ルールが定める起動型能力であり、{no.words()[1]}により"
                   "起動できません。「できない」という効果が優先されます）", ("4.3.3", "1.1.2"))


def plan_action(g, a: dict, player: str) -> None:
    b = g.b
    what = a["plan"]
    if not timing_ok(g, player, "normal"):
        raise _illegal("the plan zone is created or updated only at normal timing",
                       "プランゾーンの作成・更新はタイミングがノーマルの行動です", ("3.8.2-3",))
    if what == "create" and (b.pzone(player, "plan") or not b.pzone(player, "deck")):
        raise _illegal(f"{player}'s plan zone cannot be created (it holds a card, or the deck is "
                       "empty)", f"{player}のプランゾーンは作成できません", ("2.23.3-6",))
    if what == "update" and not b.pzone(player, "plan"):
        raise _illegal(f"{player} has no plan zone to update", f"{player}には更新するプランゾーンが"
                       "ありません", ("3.8.2-4",))
    clause = "3.8.2-3" if what == "create" else "3.8.2-4"
    _no_rule_activation(g, player, None, what)
    with g.step("plan", (clause, "4.3.3", "2.23.9-2", "1.2.3-2"),
                f"{player} declares {'creating' if what == 'create' else 'updating'} the plan "
                "zone (a rule-defined activated ability): it goes on the stack; colourless 1 is "
                "paid.", f"{player}は「プランゾーンを{'作成' if what == 'create' else '更新'}する」"
                "ことを宣言します（ルールが定める起動型能力）。スタックに乗せ、無色1を支払います。",
                player=player):
        it = StackItem("plan", controller=player, step=what)
        g.push(it)
        it.paid = pay(g, player, {"colorless": 1}, a.get("pay"), "the plan zone")


# ---- special actions (3.7.1, 3.9.1) --------------------------------------------------------------------

def _special_ok(g, player: str, phase: str, clause: str, en: str, ja: str) -> None:
    """3.7.1 / 3.9.1: the active player, in that phase, with an empty stack and priority."""
    b = g.b
    if b.phase != phase or player != b.turn_player or b.stack:
        raise _illegal(f"{en} only by the active player in the {phase} phase with an empty "
                       "stack", f"{ja}は{PHASE_JA[phase]}のアクティブプレイヤーだけが、スタックが空"
                       "の時に行えます", (clause,))


@_rule("3.7.1")
def energy_action(g, a: dict, player: str) -> None:
    b = g.b
    c = b.cards.get(a["energy"])
    _special_ok(g, player, "energy", "3.7.1", "a card is put into the energy zone",
                "エネルギーゾーンにカードを置くこと")
    if b.players[player].flags.get("energy_put"):
        raise _illegal(f"{player} has already put a card into the energy zone this phase",
                       f"{player}はこのフェイズにすでにエネルギーゾーンにカードを置いています",
                       ("3.7.1",))
    if c is None or c.zone != f"{player}.hand":
        raise _illegal(f"{a['energy']} is not in {player}'s hand",
                       f"{a['energy']}は{player}の手札にありません", ("3.7.1",))
    with g.step("special", ("3.7.1",),
                f"{player} puts {c.label()} from the hand into the energy zone, face up and "
                "released (a special action: no stack).", f"{player}は手札の{c.label()}を"
                "エネルギーゾーンに表向きにリリース状態で置きます（特別な行動：スタックを使用"
                "しません）。", cards=(c.id,), player=player):
        g.move([c], f"{player}.energy", state="released", face="up", reason="energy")
        g.set_flag(player, "energy_put", True)


@_rule("3.9.1", "1.2.2", "2.23.7-2")
def smash_action(g, a: dict, player: str) -> None:
    b = g.b
    c = b.cards.get(a["smash"])
    _special_ok(g, player, "smash", "3.9.1", "smashing is done", "スマッシュ")
    if c is None or c.type != "unit" or c.controller != player or not is_battle_square(c.zone):
        raise _illegal(f"{a['smash']} is not a unit of {player}'s on a battle square",
                       f"{a['smash']}は{player}のユニットではありません", ("3.9.1",))
    area = area_of(c.zone, player)
    if area not in ("center", "enemy") or c.state != "released":
        raise _illegal(f"{c.label()} cannot smash: a released unit in the center or enemy area "
                       "smashes", f"{c.label()}はスマッシュできません（中央エリアか敵軍エリアの"
                       "リリース状態のユニット）", ("3.9.1",))
    opp = opponent(player)
    raw = raw_smash(g, c)
    n = smash(g, c) + (1 if area == "enemy" else 0)
    readings = ("smash-negative",) if area == "enemy" and raw < 0 else ()
    cites = ("3.9.1", "2.23.7-2") + (("1.2.2",) if raw < 0 else ())
    how = f"smash {smash(g, c)}" + (" + 1 (enemy area)" if area == "enemy" else " (center area)")
    how_ja = f"スマッシュ{smash(g, c)}" + ("+1（敵軍エリア）" if area == "enemy" else "（中央エリア）")
    neg = f" (its smash {raw} is read as 0, 1.2.2)" if raw < 0 else ""
    neg_ja = f"（スマッシュ{raw}は0として扱います。1.2.2）" if raw < 0 else ""
    if readings and g.reading("smash-negative", here=False) == "modify":
        # the +1 modifies the smash, which keeps its negative value while being modified (1.2.2)
        n = max(0, raw + 1)
        how = f"smash {raw} + 1 (enemy area; the +1 modifies the smash, 1.2.2)"
        how_ja = f"スマッシュ{raw}+1（敵軍エリア。+1はスマッシュの数値の変更です。1.2.2）"
        neg = f", read as 0 if below 0" if raw + 1 < 0 else ""
        neg_ja = "（0未満は0として扱います）" if raw + 1 < 0 else ""
    with g.step("special", cites,
                f"{player} smashes with {c.label()} (a special action: no stack): it is frozen and "
                f"{opp} puts {how}{neg} = {n} card(s) from the top of the deck into the smash zone, "
                "face down and released.", f"{player}は{c.label()}でスマッシュします（特別な行動："
                f"スタックを使用しません）。フリーズし、{opp}は山札の上から{how_ja}{neg_ja}＝{n}枚を"
                "裏向きのリリース状態でスマッシュゾーンに置きます。", cards=(c.id,), player=player,
                readings=readings):
        from .effects import deck_to_smash

        g.set_state(c, "frozen")
        deck_to_smash(g, opp, n)


# ---- what a player may do (interactive prompts, loop detection) ---------------------------------------

def legal_actions(g, player: str) -> list[dict]:
    """The actions the player with priority may take, as far as can be told before trying them
    (targets and payments are chosen when the action is taken)."""
    b = g.b
    out: list[dict] = [{"pass": True}]
    from .keywords import flash_move

    from .costs import play_permission

    zones = ("hand", "plan") + tuple(sorted({e["play_from"] for e in b.effects
                                             if e.get("play_from")}))
    for zone in (zones if flash_move(g) is None else ()):
        for cid in b.pzone(player, zone):
            c = b.cards[cid]
            if c.type is None:  # a card not known (a hand written as a count): nothing to play
                continue
            if zone not in ("hand", "plan") and play_permission(g, c, player) is None:
                continue
            timing = "normal" if zone == "plan" else (c.timing or "normal")
            if not timing_ok(g, player, timing):
                continue
            from .costs import data_cost

            if not can_pay(g, player, data_cost(g, c)[0]):
                continue
            if forbid(g, c, "play") is not None or forbid(g, player, "play") is not None:
                continue  # 1.1.2: a play that cannot be made is not offered
            if c.type == "unit":
                out += [{"play": cid, "square": s} for s in unit_squares(g, player)]
            elif c.type == "base":
                out += [{"play": cid, "square": s} for s in base_squares(g, player)]
            else:
                from .modes import modes, targets_ability

                for m in (range(1, len(modes(c)) + 1) if modes(c) else [None]):
                    if _targets_exist(g, c, targets_ability(c, m), player):
                        out.append({"play": cid} if m is None else {"play": cid, "mode": m})
    from .values import in_its_zone

    # the cards outside the squares: only those with an ability (hands of hundreds of cards)
    for c in list(b.on_squares()) + [c for z in ("plan", "graveyard", "energy", "hand")
                                     for i in b.pzone(player, z) if (c := b.cards[i]).abilities]:
        if not c.abilities or c.controller != player or b.is_attached(c):  # 6.1.8: a 闘気 card
            continue  # is no unit; a card with no ability has nothing to activate
        for k in activated_abilities(c):
            ab = c.abilities[k - 1]
            if not in_its_zone(c, ab):
                continue
            cost = ab.get("cost") or {}
            if not timing_ok(g, player, ab.get("timing", "normal")):
                continue
            if cost.get("freeze") == "self" and c.state != "released":
                continue
            from .keywords import text_enabled

            if can_pay(g, player, cost.get("energy") or {}) and _targets_exist(
                    g, c, ab, player) and text_enabled(g, c, ab, player) and forbid(
                    g, c, "activate") is None and forbid(g, player, "activate") is None:
                out.append({"activate": c.id, "ability": k})
        if c.type == "unit" and is_battle_square(c.zone) and c.state == "released" and \
                timing_ok(g, player, "normal") and can_pay(g, player, c.move_cost or {}):
            out += [{"move": c.id, "to": s} for s in move_targets(g, c)]
    if timing_ok(g, player, "normal") and can_pay(g, player, {"colorless": 1}):
        if not b.pzone(player, "plan") and b.pzone(player, "deck"):
            out.append({"plan": "create"})
        elif b.pzone(player, "plan"):
            out.append({"plan": "update"})
    if player == b.turn_player and not b.stack:
        if b.phase == "energy" and not b.players[player].flags.get("energy_put"):
            out += [{"energy": cid} for cid in b.pzone(player, "hand")]
        if b.phase == "smash":
            for u in b.units():
                if u.controller == player and u.state == "released" and area_of(
                        u.zone, player) in ("center", "enemy"):
                    out.append({"smash": u.id})
    return out


def action_words(a: dict) -> str:
    """An action as the interactive prompt lists it (and reads it back: parse_words)."""
    if "pass" in a:
        return "pass"
    if "play" in a:
        return " ".join(["play", a["play"]] + ([a["square"]] if a.get("square") else []))
    if "activate" in a:
        return f"activate {a['activate']}" + (f" #{a['ability']}" if a.get("ability") else "")
    if "move" in a:
        return f"move {a['move']} {a['to']}"
    if "plan" in a:
        return f"plan {a['plan']}"
    kind = next(iter(a))
    return f"{kind} {a[kind]}"


def parse_words(words: list[str]) -> dict | None:
    """`play SS C2 [X Y]`, `activate MA [X]`, `move SS C2`, `plan create`, `energy h1`,
    `smash U`, `concede P2`; None for anything else."""
    if not words:
        return None
    verb, args = words[0].lower(), words[1:]
    if verb == "pass" and not args:
        return {"pass": True}
    if verb == "play" and args:
        a: dict = {"play": args[0]}
        rest = args[1:]
        if rest and rest[0] in BATTLE_SQUARES + ("P1-L", "P1-C", "P1-R", "P2-L", "P2-C",
                                                  "P2-R"):
            a["square"], rest = rest[0], rest[1:]
        if rest:
            a["targets"] = rest
        return a
    if verb == "activate" and args:
        a = {"activate": args[0]}
        if len(args) > 1:
            a["targets"] = args[1:]
        return a
    if verb == "move" and len(args) == 2 and args[1] in BATTLE_SQUARES:
        return {"move": args[0], "to": args[1]}
    if verb == "plan" and args and args[0] in ("create", "update"):
        return {"plan": args[0]}
    if verb in ("energy", "smash") and len(args) == 1:
        return {verb: args[0]}
    if verb == "concede" and args and args[0] in ("P1", "P2"):
        return {"concede": args[0]}
    return None


def _targets_exist(g, c, ab: dict, player: str) -> bool:
    for spec in target_specs(ab):
        if spec.get("up_to") or spec.get("count") in ("X", "any"):
            continue
        ctx = Ctx(player, c.id, c.incarnation, g.snap(c))
        if len(target_options(g, spec, ctx, colors(g, c))) < spec.get("count", 1):
            return False
    return True


__all__ = ["play_card", "activate", "move_unit", "plan_action", "energy_action", "smash_action",
           "legal_actions", "timing_ok", "pay", "power", "is_base_square"]
