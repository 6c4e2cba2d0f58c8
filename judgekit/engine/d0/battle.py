"""Battles (第3部第11–14章): occurrence, suspension, the damage exchange, the result, the end.

A battle occurs as a rule effect when units of different controllers come to share a square
(3.11.1, 4.16.4-3) — only after every other rule effect (4.16.4-3-1). It suspends the stack and
the abilities waiting for it (3.11.2) and any battle going on (3.11.3). Its three steps (3.11.4):
the 1st battle step stacks the damage of the units with 加速, the 2nd that of the others, each
on the first empty-stack double pass (3.12.2, 3.13.2, 5.4), fixed when stacked (3.12.4-1); the
battle end step decides the result (3.14.1-1) and applies the end-of-battle rule effects
(3.14.2, 3.14.2-1) before 「バトル終了時」 triggers (3.14.2-2).
"""

from __future__ import annotations

from .clauses import REGISTRY
from .model import Battle, BattleFrame, StackItem, area_of, is_battle_square, is_square
from .values import has_keyword, power

_rule = REGISTRY.rule


def _here(g, u: str, obj: int, sq: str) -> bool:
    c = g.b.cards.get(u)
    return c is not None and c.incarnation == obj and c.zone == sq


def _alive(g, u: str, obj: int) -> bool:
    c = g.b.cards.get(u)
    return c is not None and c.incarnation == obj and is_square(c.zone)


def running_squares(g) -> dict:
    out = {}
    for fr in g.b.battles:
        for bt in fr.battles:
            out[bt.square] = bt
    return out


# ---- occurrence (3.11.1, 4.16.4-3) ---------------------------------------------------------------

@_rule("3.11.1-2")
def candidates(g) -> dict:
    """Squares where a unit was put since the last check and units of different controllers now
    stand, with no battle going on there: {square: [arrived units]} (reading battle-on-arrival).
    A unit put where a battle goes on joins it (3.11.1-2)."""
    b = g.b
    out: dict = {}
    running = running_squares(g)
    for cid, sq, obj in g.arrivals:
        if not is_battle_square(sq) or not _here(g, cid, obj, sq):
            continue
        c = b.cards[cid]
        if c.type != "unit":
            continue
        if sq in running:
            bt = running[sq]
            if (cid, obj) not in bt.units:
                bt.units.append((cid, obj))
                g.note("battle", ("3.11.1-2",),
                       f"{c.label()} is put into {sq}, where a battle is going on: it becomes a "
                       "battling unit of that battle.",
                       f"{c.label()}はバトルが行われている{sq}に置かれたため、そのバトルの"
                       "「バトルをしているユニット」になります。", cards=(cid,),
                       readings=("battle-on-arrival",))
            continue
        if len({u.controller for u in b.units_on(sq)}) > 1:
            out.setdefault(sq, []).append((cid, obj))
    return out


_ROLE_WORDS = {"attacking": ("attacking", "攻撃した"), "attacked": ("attacked", "攻撃された")}


@_rule("3.11.5-2")
def _roles_kept(g, battles: list) -> None:
    """3.11.5-2: a unit of a battle that has not completely ended (a waiting battle) keeps its
    role there while it has a role in the new one: it can be attacking and attacked at once."""
    b = g.b
    for bt in battles:
        for role, units in (("attacking", bt.attacking), ("attacked", bt.attacked)):
            for u, o in units:
                for fr in b.battles:
                    for old in fr.battles:
                        for orole, ounits in (("attacking", old.attacking),
                                              ("attacked", old.attacked)):
                            if (u, o) not in [tuple(x) for x in ounits] or orole == role:
                                continue
                            en, ja = _ROLE_WORDS[role]
                            oen, oja = _ROLE_WORDS[orole]
                            g.note("battle", ("3.11.5-2",),
                                   f"{g.label(u)} is the {en} unit of the new battle in "
                                   f"{bt.square}, and the battle in {old.square} has not completely "
                                   f"ended: it is also still its {oen} unit — both at once.",
                                   f"{g.label(u)}は{bt.square}の新しいバトルで「{ja}ユニット」です"
                                   f"が、{old.square}のバトルはまだ完全に終了していないため、同時に"
                                   f"そのバトルの「{oja}ユニット」でもあります。", cards=(u,))


@_rule("4.16.4-3", "4.16.4-3-2", "3.11.1", "3.11.1-1", "3.11.1-4", "3.11.2", "3.11.3",
       "3.11.5", "3.11.5-1", "4.16.4-9", "3.12.1", "3.11.4")
def occur(g, cands: dict) -> bool:
    """Battle occurrence, processed after the other rule effects (4.16.4-3-1). A battle whose
    arriving unit has left by now does not occur (4.16.4-3-2)."""
    b = g.b
    battles = []
    for sq, arrived in cands.items():
        arrived = [(u, o) for u, o in arrived if _here(g, u, o, sq)]
        units = b.units_on(sq)
        if not arrived or len({u.controller for u in units}) < 2:
            continue
        bt = Battle(sq)
        new = {u for u, _ in arrived}
        old = [(u.id, u.incarnation) for u in units if u.id not in new]
        bt.attacking = list(arrived)
        bt.attacked = old if old else list(arrived)  # 3.11.5-1: put at the same time: both
        bt.units = [(u.id, u.incarnation) for u in units]
        bt.causers = list(bt.units)
        bt.center_played = [(u, o) for u, o, s in g.center_plays
                            if s == sq and (u, o) in set(arrived)]
        battles.append(bt)
    if not battles:
        return False
    fr = BattleFrame()
    fr.battles = battles
    squares = ", ".join(bt.square for bt in battles)
    waiting = bool(b.battles)
    cites = ["4.16.4-3", "3.11.1", "3.11.5"]
    if any(bt.attacked == bt.attacking and len(bt.attacking) > 1 for bt in battles):
        cites.append("3.11.5-1")  # put at the same time: each is attacking and attacked
    if len(battles) > 1:
        cites.append("3.11.1-4")
    with g.step("battle", tuple(cites),
                f"Units of different controllers are in {squares}: a battle occurs (a rule effect, "
                "no stack). " + "; ".join(
                    f"In {bt.square} the attacking unit is "
                    f"{', '.join(g.label(u) for u, _ in bt.attacking)} (put there later), the "
                    f"attacked unit {', '.join(g.label(u) for u, _ in bt.attacked)}"
                    for bt in battles) + ".",
                f"{squares}に支配者の異なるユニットがあるため、バトルが発生します（ルールエフェクト、"
                "スタックを使用しません）。" + "。".join(
                    f"{bt.square}では後から置かれた{'、'.join(g.label(u) for u, _ in bt.attacking)}"
                    f"が攻撃したユニット、{'、'.join(g.label(u) for u, _ in bt.attacked)}が攻撃された"
                    "ユニットです" for bt in battles) + "。"):
        if waiting:
            g.note("battle", ("3.11.3",),
                   "A battle is already going on: it becomes a waiting battle (待機中のバトル) and "
                   "cannot proceed until the new battle ends.",
                   "すでにバトルが行われているため、そのバトルは「待機中のバトル」となり、新しいバトル"
                   "が終了するまで進行しません。")
            _roles_kept(g, battles)
            _in_two_battles(g, battles)
        if b.stack or g.pending:
            fr.suspended_stack = list(b.stack)
            fr.suspended_pending = list(g.pending)
            names = g.stack_view() + [g.pending_label(p) for p in g.pending]
            names_ja = g.stack_view(lang="ja") + [g.pending_label(p, "ja") for p in g.pending]
            readings = ("suspended-triggers",) if g.pending else ()
            with g.step("battle", ("3.11.2",),
                        "The stack and the abilities waiting to go on it become the suspended "
                        f"stack (待機中のスタック): {', '.join(names)}. Until this battle ends they do "
                        "not exist: they cannot resolve and nothing can be put on top of them.",
                        f"スタックとスタックに乗ることが予約されている能力は「待機中のスタック」となり"
                        f"ます：{'、'.join(names_ja)}。このバトルが終了するまで存在しないものとして扱い、"
                        "解決することもその上に積むこともできません。", readings=readings):
                for it in list(b.stack):
                    g.pop(it)
                for p in list(g.pending):
                    g.remove_pending(p)
        b.battles.append(fr)
        g.h ^= g.frame_hash(fr, len(b.battles) - 1)
        for bt in battles:
            for u, o in bt.center_played:
                g.note("rule", ("4.16.4-9", "2.20.1-6"),
                       f"{g.label(u)} was played into the center area and causes a battle: it "
                       "will go to its owner's graveyard at the end of this battle.",
                       f"{g.label(u)}は中央エリアにプレイされ、バトルが発生したため、そのバトルの"
                       "終了時に持ち主の墓地に置かれます。", cards=(u,))
        g.change({"op": "battle", "squares": [bt.square for bt in battles]})
        start_first_step(g, fr)
    return True


def _older_battling(g, units) -> list:
    """((unit, obj), square) for each of `units` that is a battling unit of a battle in the
    frames now on the board — the older battles, when called before a new frame is pushed or
    after the ended one is popped (3.11.1-3)."""
    return [(u, bt.square) for fr in g.b.battles for bt in fr.battles for u in units
            if u in bt.units]


@_rule("3.11.1-3")
def _in_two_battles(g, battles: list) -> None:
    """3.11.1-3: a battling unit of the waiting battle that is in the new battle is a battling
    unit of both."""
    for (u, o), sq in _older_battling(g, [x for bt in battles for x in bt.units]):
        new = next(bt.square for bt in battles if (u, o) in bt.units)
        g.note("battle", ("3.11.1-3",), f"{g.label(u)} is a battling unit of the battle in {sq} "
               f"and, at the same time, of the new battle in {new}.",
               f"{g.label(u)}は{sq}のバトルの「バトルをしているユニット」であると同時に、{new}の新しい"
               "バトルの「バトルをしているユニット」になります。", cards=(u,))


@_rule("3.12.1")
def start_first_step(g, fr: BattleFrame) -> None:
    from . import triggers

    fr.step, fr.exchange, fr.end_done = "first", "pending", False
    with g.step("battle", ("3.11.4", "3.12.1"),
                "The 1st battle step begins: 「バトル開始時」 and 「第1バトルステップ開始時」 "
                "abilities, and 「攻撃した時」 / 「攻撃された時」 abilities, trigger here.",
                "第1バトルステップが始まります。「バトル開始時」「第1バトルステップ開始時」の能力と、"
                "「攻撃した時」「攻撃された時」の能力がここで誘発します。"):
        for bt in fr.battles:
            triggers.fire(g, "battle_start", square=bt.square,
                          cards=[u for u, o in bt.units if _alive(g, u, o)])
            for u, o in bt.attacking:
                if _alive(g, u, o):
                    triggers.fire(g, "attacks", card=u)
            for u, o in bt.attacked:
                if _alive(g, u, o):
                    triggers.fire(g, "attacked", card=u)


# ---- the damage exchange (3.12.2–3.12.4, 3.13.2–3.13.4, 5.4) -----------------------------------------

@_rule("3.12.2", "3.13.2", "3.12.3", "3.13.3", "5.4.1-1", "5.4.1-2", "5.4.2", "3.12.4-1")
def stack_exchange(g, fr: BattleFrame) -> bool:
    """The first empty-stack double pass of the 1st / 2nd battle step: the damage exchange goes
    on the stack if units of different controllers share the square and no unit that caused
    the battle has left (3.12.2, 3.13.2). True when an exchange was stacked."""
    b = g.b
    first = fr.step == "first"
    clause = "3.12.2" if first else "3.13.2"
    stacked = False
    for bt in fr.battles:
        sq = bt.square
        units = b.units_on(sq)
        gone = [u for u, o in bt.causers if not _here(g, u, o, sq)]
        if gone or len({u.controller for u in units}) < 2:
            who = ", ".join(g.label(u) for u in gone) or "a unit"
            g.note("battle", (clause,),
                   f"Empty stack, both passed: {who} that caused the battle in {sq} is no longer "
                   "there, so no damage exchange goes on the stack.",
                   f"スタックが空で両方のプレイヤーが優先権を放棄しました。{sq}のバトルを発生させた"
                   f"{who}がそのスクエアにないため、バトルダメージの応酬はスタックに乗りません。",
                   cards=tuple(gone))
            continue
        dealers = []
        for u in units:
            if first:
                if has_keyword(u, "acceleration"):
                    dealers.append(u)
            elif u.id not in bt.first_stacked:
                dealers.append(u)
        if first:
            bt.first_stacked = [u.id for u in dealers]
        damage = []
        for d in dealers:
            for r in units:
                if r.controller != d.controller:
                    damage.append({"from": d.id, "to": r.id, "amount": power(g, d)})
        readings: tuple = ()
        cites = [clause, "3.12.4-1", "3.12.3" if first else "3.13.3"]
        cites.append("5.4.1-1" if first else "5.4.1-2")
        if first and not damage:
            if g.reading("empty-exchange", here=False) == "not-stacked":
                g.note("battle", ("5.4.1-1",), f"No unit in {sq} has 加速: no unit's exchange "
                       "goes on the stack in the 1st battle step (5.4.1-1), so none is stacked.",
                       f"{sq}に加速を持つユニットがないため、第1バトルステップではどのユニットのバトル"
                       "ダメージの応酬もスタックに乗りません（5.4.1-1）。",
                       readings=("empty-exchange",))
                continue
            readings = ("empty-exchange",)
        if not first and any(u.id in bt.first_stacked for u in units):
            cites.append("5.4.2")
        it = StackItem("exchange", square=sq, step=fr.step, damage=damage)
        it.controller = None
        parts = ", ".join(f"{g.label(x['from'])} → {g.label(x['to'])} {x['amount']}"
                          for x in damage) or "no damage (no unit has 加速)"
        parts_ja = "、".join(f"{g.label(x['from'])}→{g.label(x['to'])} {x['amount']}"
                            for x in damage) or "ダメージなし（加速を持つユニットがいません）"
        with g.step("battle", tuple(cites),
                    f"Empty stack, both passed: the battle damage exchange in {sq} goes on the "
                    f"stack, its damage fixed now: {parts}. The active player receives priority.",
                    f"スタックが空で両方のプレイヤーが優先権を放棄したため、{sq}のバトルダメージの応酬"
                    f"がスタックに乗ります。ダメージはこの時点で固定されます：{parts_ja}。アクティブ"
                    "プレイヤーが優先権を獲得します。", readings=readings):
            g.push(it)
        stacked = True
    fr.exchange = "stacked" if stacked else "none"
    return stacked


@_rule("3.12.4", "3.13.4", "3.12.4-2", "5.2.2", "5.2.2-1")
def resolve_exchange(g, it: StackItem) -> None:
    """The exchange resolves as one effect: all its damage at the same time (3.12.4, 3.13.4);
    none to a unit that left other than square to square (3.12.4-2)."""
    b = g.b
    pairs = []
    skipped = []
    for d in it.damage:
        rc = b.cards.get(d["to"])
        if rc is None or not is_battle_square(rc.zone) or rc.incarnation != it.objs.get(
                d["to"], rc.incarnation):
            skipped.append(d["to"])
            continue
        pairs.append((d["from"], rc, d["amount"]))
    moved = [rc for _, rc, _ in pairs if rc.zone != it.square]
    clause = "3.12.4" if it.step == "first" else "3.13.4"
    with g.step("resolve", (clause, "3.12.4-1"),
                f"The damage exchange in {it.square} resolves as one effect: all its damage is "
                "dealt at the same time, as fixed when it was stacked.",
                f"{it.square}のバトルダメージの応酬がひとかたまりの効果として解決されます。スタックに"
                "乗った時点で固定されたダメージがすべて同時に与えられます。"):
        for s in skipped:
            g.note("battle", ("3.12.4-2",), f"{g.label(s)} left other than from square to square: "
                   "the damage meant for it is not dealt.",
                   f"{g.label(s)}は「スクエアからスクエア」以外のゾーン移動をしたため、与えられるはず"
                   "だったダメージは与えられません。", cards=(s,))
        for rc in moved:
            g.note("battle", ("3.12.4-2",), f"{rc.label()} moved from square to square ({it.square}"
                   f" → {rc.zone}) after the exchange was stacked: it still receives its damage as "
                   "usual.", f"{rc.label()}はバトルダメージの応酬がスタックに乗った後に「スクエアから"
                   f"スクエア」へのゾーン移動をしました（{it.square}→{rc.zone}）。通常通りダメージが"
                   "与えられます。", cards=(rc.id,))
        dealt = g.deal_damage(pairs, battle=True)
        for dealer, rc, n in dealt:
            dc = b.cards.get(dealer)
            lvl = has_keyword(dc, "instant_kill") if dc is not None else None
            if lvl is None:
                continue
            if not is_battle_square(dc.zone) or dc.incarnation != it.objs.get(dealer,
                                                                              dc.incarnation):
                g.note("keyword", ("5.2.2-1",), f"{dc.label()} left other than square to square "
                       "before the exchange resolved: 即死 does not trigger.",
                       f"{dc.label()}はバトルダメージの応酬の解決前に「スクエアからスクエア」以外の"
                       "ゾーン移動をしたため、即死は誘発しません。", cards=(dc.id,))
                continue
            from .model import cost_total

            if lvl is not True and cost_total(rc.cost or {}) > int(lvl):
                continue
            data = {"trigger": "battle_damage", "text": f"即死{'' if lvl is True else 'レベル' + str(lvl)}",
                    "effect": [{"delayed": {"trigger": "battle_end", "about": rc.id,
                                            "square": it.square,
                                            "effect": [{"destroy": "it"}],
                                            "text": "そのバトル終了時に、そのユニットを持ち主の墓地に置く"}}]}
            g.trigger(dc.id, 0, dc.controller, {"kind": "battle_damage", "card": rc.id},
                      g.snap(dc), data=data)
            g.note("keyword", ("5.2.2",), f"{dc.label()} dealt battle damage to {rc.label()}: "
                   "即死 triggers.", f"{dc.label()}が{rc.label()}にバトルでダメージを与えたため、"
                   "即死が誘発します。", cards=(dc.id, rc.id))


# ---- the steps and the end ----------------------------------------------------------------------

@_rule("3.13.1", "3.14.1", "3.14.1-1", "3.4.3")
def next_step(g, fr: BattleFrame) -> None:
    """The step ends (3.4.3): 1st → 2nd → battle end step (3.11.4)."""
    from . import triggers

    b = g.b
    if fr.step == "first":
        fr.step, fr.exchange = "second", "pending"
        g.note("battle", ("3.4.3", "3.13.1"),
               "Empty stack, both passed: the 1st battle step ends. The 2nd battle step begins: "
               "「第2バトルステップ開始時」 abilities trigger; the active player receives priority.",
               "スタックが空で両方のプレイヤーが優先権を放棄したため、第1バトルステップが終了します。"
               "第2バトルステップが始まり、「第2バトルステップ開始時」の能力が誘発します。アクティブ"
               "プレイヤーが優先権を獲得します。")
        return
    if fr.step == "second":
        fr.step, fr.exchange = "end", "none"
        with g.step("battle", ("3.4.3", "3.14.1", "3.14.1-1"),
                    "Empty stack, both passed: the 2nd battle step ends. The battle end step "
                    "begins and the result is decided.",
                    "スタックが空で両方のプレイヤーが優先権を放棄したため、第2バトルステップが終了"
                    "します。バトル終了ステップが始まり、バトルの勝敗を判定します。"):
            for bt in fr.battles:
                decide(g, bt)
                if bt.result and bt.result.get("winner"):
                    triggers.fire(g, "battle_win", card=bt.result["winner"])


@_rule("3.14.1-1")
def decide(g, bt: Battle) -> None:
    """3.14.1-1: the only unit left in the square wins (it need not have caused the battle);
    both or neither: a draw."""
    b = g.b
    here = [u for u in b.units_on(bt.square)
            if (u.id, u.incarnation) in bt.units or u.id in [x for x, _ in bt.units]]
    pair = [u for u, o in bt.units if _here(g, u, o, bt.square)]
    if len(pair) == 1:
        bt.result = {"winner": pair[0]}
        late = pair[0] not in [u for u, _ in bt.causers]
        g.note("battle", ("3.14.1-1",), f"Only {g.label(pair[0])} is in {bt.square}: it wins "
               "the battle" + (", though it did not cause it." if late else "."),
               f"{bt.square}には{g.label(pair[0])}だけが置かれているため、"
               + ("バトルを発生させたユニットではありませんが、" if late else "")
               + "それがバトルの勝者です。", cards=(pair[0],))
    elif len(here) == 1 and not pair:
        bt.result = {"winner": here[0].id}
        g.note("battle", ("3.14.1-1",), f"Only {here[0].label()} is in {bt.square}: it wins "
               "the battle, though it did not cause it.",
               f"{bt.square}には{here[0].label()}だけが置かれているため、バトルを発生させたユニット"
               "ではありませんが、それがバトルの勝者です。", cards=(here[0].id,))
    else:
        bt.result = {"draw": True}
        g.note("battle", ("3.14.1-1",), f"{'Both units are' if pair else 'Neither unit is'} in "
               f"{bt.square}: the battle is a draw.",
               f"{bt.square}には{'両方のユニットが置かれている' if pair else 'どちらのユニットも置かれていない'}"
               "ため、バトルは引き分けです。")
    b.results.append({"square": bt.square, **bt.result})
    g.change({"op": "result", "square": bt.square, **bt.result})


@_rule("3.14.2", "3.14.2-1", "3.14.2-2", "4.16.4-9", "4.16.4-10", "4.16.1")
def end_rule_effects(g, fr: BattleFrame) -> bool:
    """The first empty-stack double pass of the battle end step: the attacking unit if both are
    still in the square (3.14.2, 4.16.4-10) and battling units played into the center area
    (3.14.2-1, 4.16.4-9) go to their owners' graveyards at the same time; then 「バトル終了時」
    abilities trigger (3.14.2-2). True when anything happened."""
    from . import triggers

    b = g.b
    fr.end_done = True
    doomed = []
    notes = []
    for bt in fr.battles:
        both = [u for u, o in bt.units if _here(g, u, o, bt.square)]
        if len(both) >= 2 and len({b.cards[u].controller for u in both}) >= 2:
            for u, o in bt.attacking:
                if _here(g, u, o, bt.square):
                    doomed.append(b.cards[u])
                    notes.append(("3.14.2", "4.16.4-10", u))
        for u, o in bt.center_played:
            if _alive(g, u, o) and b.cards[u] not in doomed:
                doomed.append(b.cards[u])
                notes.append(("3.14.2-1", "4.16.4-9", u))
    happened = False
    if doomed:
        cites = tuple(dict.fromkeys(c for n in notes for c in n[:2]))
        why_en = {"3.14.2": "the attacking unit; both units are still in the square",
                  "3.14.2-1": "played into the center area"}
        why_ja = {"3.14.2": "両方のユニットがスクエアにあるため攻撃したユニット",
                  "3.14.2-1": "中央エリアにプレイされたユニット"}
        en = "; ".join(f"{g.label(u)} ({why_en[a]})" for a, _, u in notes)
        ja = "、".join(f"{g.label(u)}（{why_ja[a]}）" for a, _, u in notes)
        with g.step("rule", cites + ("4.16.1",),
                    f"Empty stack, both passed in the battle end step: by rule effects {en} go "
                    "to their owners' graveyards.",
                    f"バトル終了ステップでスタックが空で両方のプレイヤーが優先権を放棄したため、ルール"
                    f"エフェクトにより{ja}が持ち主の墓地に置かれます。",
                    cards=tuple(u for *_, u in notes)):
            g.to_graveyard(doomed, "rule")
        happened = True
    n = 0
    with g.step("battle", ("3.14.2-2",), "Then 「バトル終了時」 abilities trigger.",
                "その後、「バトル終了時」と書かれた能力が誘発します。",
                readings=("end-trigger-check",)):
        for bt in fr.battles:
            n += triggers.fire(g, "battle_end", square=bt.square,
                               cards=[u for u, o in bt.units if _alive(g, u, o)])
    return happened or n > 0


@_rule("3.14.3", "3.14.4", "3.4.5")
def end_battle(g) -> None:
    """3.14.3: the battle end step ends with 'until the end of the battle' effects; 3.14.4: the
    battle ends, its units stop battling, and the stack it suspended returns (reading
    suspended-stack-return); a waiting battle goes on (3.11.3)."""
    b = g.b
    fr = b.battles[-1]
    squares = ", ".join(bt.square for bt in fr.battles)
    with g.step("battle", ("3.14.3", "3.14.4", "3.4.5"),
                f"Empty stack, both passed: the battle end step ends and the battle in {squares} "
                "ends. 'Until the end of the battle' effects end; its units are no longer battling.",
                f"スタックが空で両方のプレイヤーが優先権を放棄したため、バトル終了ステップが終了し、"
                f"{squares}のバトルが終了します。「バトル終了時まで」の効果は終了し、ユニットは「バトル"
                "中」ではなくなります。"):
        for e in [e for e in b.effects if e.get("until") == "battle_end"]:
            g.remove_effect(e)
        g.h ^= g.frame_hash(fr, len(b.battles) - 1)
        b.battles.pop()
        g.change({"op": "battle_end", "squares": [bt.square for bt in fr.battles]})
        outer = b.battles[-1] if b.battles else None
        if (fr.suspended_stack or fr.suspended_pending) and outer is not None and \
                g.reading("suspended-stack-return", here=False) == "all-battles":
            # 3.14.4: the suspended stack returns when ALL battles have ended: it waits on,
            # under the stack the waiting battle suspended (which is older)
            with g.step("battle", ("3.14.4",),
                        "The battle has ended, but another battle is still waiting: the suspended "
                        "stack stays suspended until all battles have ended: "
                        + (", ".join(g.stack_view(fr.suspended_stack)) or "(no spell)") + ".",
                        "バトルが終了しましたが、待機中のバトルがあるため、待機中のスタックは全てのバトルが"
                        "終了するまで待機したままです：" + (
                            "、".join(g.stack_view(fr.suspended_stack, "ja")) or "（なし）") + "。",
                        readings=("suspended-stack-return",)):
                outer.suspended_stack = list(outer.suspended_stack) + list(fr.suspended_stack)
                outer.suspended_pending = list(outer.suspended_pending) + \
                    list(fr.suspended_pending)
        elif fr.suspended_stack or fr.suspended_pending:
            with g.step("battle", ("3.14.4", "3.11.2"),
                        "The suspended stack returns to be resolved: "
                        + (", ".join(g.stack_view(fr.suspended_stack)) or "(no spell)")
                        + (f"; waiting abilities: {len(fr.suspended_pending)}"
                           if fr.suspended_pending else "") + ".",
                        "待機中のスタックが通常のスタックに戻り、解決されます：" + (
                            "、".join(g.stack_view(fr.suspended_stack, "ja")) or "（なし）")
                        + (f"。待機していた能力：{len(fr.suspended_pending)}"
                           if fr.suspended_pending else "") + "。",
                        readings=("suspended-stack-return",) if outer is not None else (),
                        mention=("suspended-stack-return",) if outer is None else ()):
                for it in fr.suspended_stack:
                    g.push(it)
                for p in fr.suspended_pending:
                    g.add_pending(p)
        for (u, _), sq in _older_battling(g, [x for bt in fr.battles for x in bt.units
                                              if _alive(g, *x)]):
            g.note("battle", ("3.11.1-3",), f"{g.label(u)} is no longer a battling unit of the "
                   f"battle in {squares}, which has ended; it is still a battling unit of the "
                   f"battle in {sq}, which goes on.",
                   f"{g.label(u)}は終了した{squares}のバトルの「バトルをしているユニット」ではなく"
                   f"なりますが、続いている{sq}のバトルの「バトルをしているユニット」のままです。",
                   cards=(u,))
        if b.battles:
            g.note("battle", ("3.11.3",), "The waiting battle in "
                   f"{', '.join(bt.square for bt in b.battles[-1].battles)} returns and goes on "
                   "from where it was.", "待機中のバトル（"
                   f"{'、'.join(bt.square for bt in b.battles[-1].battles)}）が通常の状態に戻り、"
                   "続きが行われます。")
