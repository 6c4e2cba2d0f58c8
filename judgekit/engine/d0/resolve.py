"""Resolving the top of the stack (第4部第9章) and countering (第4部第10章).

When both players pass in succession the top item resolves (4.9.1): a spell, an ability, a unit
move or a damage exchange. During a resolution nothing can be played, triggered abilities wait,
and rule effects are not checked (4.9.4, 4.16.3).
"""

from __future__ import annotations

from ..choices import Request
from .clauses import REGISTRY
from .effects import Ctx, condition_holds, execute, legal_targets, target_specs
from .model import area_of, is_battle_square, is_square
from .stack import ability_of, item_label
from .values import has_keyword

_rule = REGISTRY.rule


@_rule("4.9.1", "4.9.4", "4.16.3")
def resolve_top(g) -> None:
    from .battle import resolve_exchange

    b = g.b
    it = b.stack[-1]
    en, ja = item_label(g, it), item_label(g, it, "ja")
    with g.step("resolve", ("4.9.1",),
                f"Both players passed in succession: the top of the stack resolves — {en}.",
                f"両方のプレイヤーが連続して優先権を放棄したため、スタックの1番上が解決されます：{ja}。",
                cards=tuple(x for x in (it.card, it.source) if x)):
        g.pop(it)
        g.resolving += 1
        was, g.now_resolving = g.now_resolving, it  # 4.15.8-1: a self-replacement
        try:
            if it.kind == "spell":
                resolve_spell(g, it)
            elif it.kind in ("triggered", "activated"):
                resolve_ability(g, it)
            elif it.kind == "move":
                resolve_move(g, it)
            elif it.kind == "plan":
                resolve_plan(g, it)
            else:
                resolve_exchange(g, it)
        finally:
            g.resolving -= 1
            g.now_resolving = was
        from .procedure import find_rule_effects

        if g.pending or find_rule_effects(g):
            g.note("rule", ("4.9.4", "4.16.3"),
                   "During the resolution rule effects were not checked and triggered abilities "
                   "did not go on the stack: both wait until a player would receive priority.",
                   "解決中はルールエフェクトをチェックせず、誘発した能力もスタックに乗りません。"
                   "どちらもいずれかのプレイヤーが優先権を獲得する時まで待ちます。")


@_rule("4.10.1", "4.10.2", "4.10.3", "4.1.5")
def counter(g, it, cites: tuple, en: str, ja: str) -> None:
    """A countered spell or ability does nothing (4.10.1); a countered spell goes to its owner's
    graveyard (4.10.2 read as 「置かれます」, 4.1.5), a countered ability is removed (4.10.2);
    costs are not refunded (4.10.3)."""
    spell = it.kind == "spell"
    paid = bool(it.paid)
    cs = cites + ("4.10.1", "4.10.2") + (("4.1.5",) if spell else ()) + (
        ("4.10.3",) if paid else ())
    tail_en = (" It goes to its owner's graveyard without doing anything." if spell else
               " It is removed from the stack.") + (" The costs paid are not refunded."
                                                    if paid else "")
    tail_ja = ("何も行わないまま持ち主の墓地に置かれます。" if spell else "スタックから取り除かれます。") + (
        "支払われたコストは払い戻されません。" if paid else "")
    with g.step("counter", cs, f"{en} It is countered.{tail_en}", f"{ja}無効化されます。{tail_ja}",
                readings=("countered-spell-graveyard",) if spell else (),
                cards=tuple(x for x in (it.card, it.source) if x)):
        if spell:
            c = g.b.cards[it.card]
            g.move([c], f"{c.owner}.graveyard", reason="countered")


@_rule("4.9.2-8", "4.1.3", "2.20.1-3", "2.20.2-3", "2.20.3-3", "5.1.2", "1.1.1", "2.1.4-1",
       "2.20.1-6")
def resolve_spell(g, it) -> None:
    b = g.b
    c = b.cards[it.card]
    ctrl = it.controller
    if c.type == "strategy":
        from .modes import carried_out, targets_ability

        ab = targets_ability(c, it.mode)
        ctx = Ctx(ctrl, c.id, c.incarnation, g.snap(c), item=it)
        if target_specs(ab) and not _chose_targets(g, it, ab, c.label()):
            ctx.targets = {s["name"]: [] for s in target_specs(ab)}
        elif target_specs(ab):
            legal, bad = legal_targets(g, it, ab, ctx)
            if not any(legal.values()):
                counter(g, it, ("4.9.2-1", "4.11.3"),
                        f"Every target of {c.label()} is illegal now ({', '.join(bad)}).",
                        f"{c.label()}の対象がすべて不適切になっています（{'、'.join(bad)}）。")
                return
            _note_partial(g, c.label(), bad, legal)
            ctx.targets = legal
        from .keywords import spell_text_enabled

        for idx, sab in enumerate(c.abilities, 1):
            if "spell" not in sab or not carried_out(c, it.mode, idx) or \
                    not spell_text_enabled(g, c, it, idx, sab):
                continue
            _in_order(g, sab.get("spell", []), c.label())
            execute(g, sab.get("spell", []), ctx)
        if c.zone == "stack" and ctx.bound:
            from .attached import bind_at_end

            if bind_at_end(g, c, ctx.bound):  # 2.20.3-3: a リンク strategy stays with its unit
                return
        if c.zone == "stack":
            with g.step("resolve", ("4.9.2-8", "2.20.3-3"),
                        f"{c.label()} has resolved: it goes to its owner's graveyard.",
                        f"{c.label()}の解決が終わり、持ち主の墓地に置かれます。", cards=(c.id,)):
                g.move([c], f"{c.owner}.graveyard", reason="resolve")
        elif c.id in b.cards and is_square(c.zone) and not b.is_attached(c):
            # its own effect put it onto a square: a strategy is no unit and stays on no
            # square; at the end of its resolution it goes to its owner's graveyard
            with g.step("resolve", ("4.9.2-8", "2.20.3-3"),
                        f"{c.label()} has resolved: a strategy does not stay on {c.zone}; it "
                        "goes to its owner's graveyard.",
                        f"{c.label()}の解決が終わりました。ストラテジーは{c.zone}に残らず、持ち主の"
                        "墓地に置かれます。", cards=(c.id,)):
                g.move([c], f"{c.owner}.graveyard", reason="resolve")
        elif c.id in b.cards and not is_square(c.zone):
            # its own effect moved it (「このカードをエネルギーゾーンに置く」): it is no longer on
            # the stack at the end of its resolution, so it is not put into the graveyard
            g.note("resolve", ("4.9.2-8",),
                   f"{c.label()} has resolved; it was put into {c.zone} as part of its own "
                   "resolution, so it is not put into the graveyard (4.9.2-8).",
                   f"{c.label()}の解決が終わりました。解決の一環として{c.zone}に置かれているので、"
                   "墓地には置かれません（4.9.2-8）。", cards=(c.id,))
        return
    sq = it.square
    if c.type == "base":
        with g.step("resolve", ("4.9.2-8", "4.1.3", "2.20.2-3"),
                    f"{c.label()} is put onto {sq} under {ctrl}, released.",
                    f"{c.label()}は{ctrl}の支配下で{sq}にリリース状態で置かれます。", cards=(c.id,)):
            g.move([c], sq, state="released", reason="resolve",
                   info={"played": True, "played_from": it.from_square or f"{c.owner}.hand"})
            g.set_card(c, "controller", ctrl)
        return
    haste = has_keyword(c, "haste")
    given = []
    taken = []
    if g.grant_statics:  # 4.14.2: it arrives already having what statics give or take away
        from .values import grants_on_arrival

        for s, how, k in grants_on_arrival(g, c, sq, ctrl):  # the later last (4.14.5-4)
            if k == "haste":
                (given if how == "grant" else taken).append(s)
                haste = how == "grant"
        given = given if haste else []
    from .keywords import summon_released

    summoned, s_cites, s_en, s_ja = summon_released(g, c, sq, it.via)
    state = "released" if haste or summoned else "frozen"
    # 1.1.1: the card's text (速攻) beats the rule that a played unit enters frozen
    cites = ("4.9.2-8", "4.1.3", "2.20.1-3") + (("5.1.2", "1.1.1") if haste else ()) + s_cites
    if given or taken:
        cites += ("4.14.2", "4.5.2") + (("4.14.5-4",) if given and taken else ())
    by = f" (given by {', '.join(x.label() for x in given)}'s static ability as it arrives)" \
        if given else ""
    by_ja = f"（{'、'.join(x.label() for x in given)}の常在型能力により、置かれる時点で得ています）" \
        if given else ""
    extra_en = (f" It has 速攻{by}: released instead of frozen (the card's text overrides the "
                "rule)." if haste else "") + s_en
    extra_ja = (f"速攻を持つため{by_ja}、フリーズ状態のかわりにリリース状態で置かれます（カードのテキストが"
                "ルールに優先します）。" if haste else "") + s_ja
    if taken and not haste:
        lost = ", ".join(x.label() for x in taken)
        extra_en += f" It does not have 速攻: {lost}'s static ability takes it away as it arrives."
        extra_ja += f"{'、'.join(x.label() for x in taken)}の常在型能力により、置かれる時点で速攻を失っています。"
    with g.step("resolve", cites, f"{c.label()} is put onto {sq} under {ctrl}, {state}."
                + extra_en, f"{c.label()}は{ctrl}の支配下で{sq}に"
                f"{'リリース' if state == 'released' else 'フリーズ'}状態で置かれます。"
                + extra_ja, cards=(c.id,)):
        g.move([c], sq, state=state, reason="resolve",
               info={"played": True, "played_from": it.from_square or f"{c.owner}.hand"})
        if c.controller != ctrl:
            g.set_card(c, "controller", ctrl)
        if is_battle_square(sq) and area_of(sq, ctrl) == "center":
            if it.via is None or g.reading("special-play-own-area",
                                           here=False) == "center-area":
                g.center_plays.append((c.id, c.incarnation, sq))
                if it.via is not None:
                    g.note("keyword", ("4.16.4-8",), f"{c.label()} was played onto {sq}, a "
                           "center-area square, though as if it were its own area: it is still a "
                           "unit played specifying a center-area square (4.16.4-8/-9 apply).",
                           f"{c.label()}は自軍エリアであるかのようにプレイされましたが、中央エリアの"
                           "スクエアを指定してプレイされたユニットとして扱います（4.16.4-8・-9を"
                           "適用します）。", cards=(c.id,), readings=("special-play-own-area",))
            else:
                g.note("keyword", ("5.3.2" if it.via != c.id else "5.8.2",),
                       f"{c.label()} was played onto {sq} as if it were {ctrl}'s own area (a "
                       "special play): it is not a unit played specifying a center-area square, "
                       "and does not go to the graveyard for it (4.16.4-8/-9).",
                       f"{c.label()}は自軍エリアであるかのようにプレイされたため（特殊なプレイ）、"
                       "中央エリアを指定してプレイされたユニットとして墓地に置かれることはありません。",
                       cards=(c.id,), readings=("special-play-own-area",))
    entered_with_statics(g, c)


@_rule("4.5.2", "4.14.2", "4.14.4-2", "4.5.3", "5.5.2", "5.5.2-1", "2.20.1-7")
def entered_with_statics(g, c) -> None:
    """4.5.2, 4.14.2: a card is put onto a square already changed by the static abilities in
    force there (they also affect cards that arrive later, 4.14.4-2); no stack (4.5.3)."""
    from .values import power, races, smash, static_effects_on

    own_idle(g, c)
    mods = static_effects_on(g, c)
    if not mods:
        if races(g, c) != tuple(c.races):
            _arrived_with_races(g, c)
        return
    what = ", ".join(f"{s.label()} {k} {n:+d}" for s, k, n in mods)
    what_ja = "、".join(f"{s.label()} {'パワー' if k == 'power' else 'スマッシュ'}{n:+d}"
                        for s, k, n in mods)
    support = any(has_keyword(s, "support") for s, _, _ in mods)
    from .values import geo_cites

    geo = geo_cites(*[ab.get("to") for s, _, _ in mods for ab in s.abilities
                      if ab.get("static")]) + (("5.7.1",) if any(
                          ab.get("zone") for s, _, _ in mods for ab in s.abilities
                          if ab.get("static")) else ())
    from .values import in_its_zone

    idle = [x for x in g.b.cards.values() if any(
        ab.get("static") and ab.get("zone") and not in_its_zone(x, ab) for ab in x.abilities)]
    idle_en = (f" ({', '.join(x.label() for x in idle)}: a zone effect out of its zone does not "
               "work.)") if idle else ""
    idle_ja = (f"（{'、'.join(x.label() for x in idle)}のゾーン効果は、該当するゾーンにないため機能し"
               "ません。）") if idle else ""
    # units in the plan zone or the graveyard with a static ability of their own, which works
    # only on a battle square (2.20.1-7)
    off = [x for x in g.b.cards.values() if x.type == "unit" and x.zone.endswith(
        (".plan", ".graveyard")) and any(ab.get("static") and not ab.get("zone")
                                          for ab in x.abilities)]
    off_en = (f" ({', '.join(x.label() for x in off)}: a unit's text works only on a battle "
              "square, not in the plan zone or the graveyard.)") if off else ""
    off_ja = (f"（{'、'.join(x.label() for x in off)}のテキストは、バトルスペースのスクエアに置かれて"
              "いる時のみ有効です。プランゾーンや墓地では意味を成しません。）") if off else ""
    race_en, race_ja, race_cites = _race_words(g, c, mods)
    g.note("static", ("4.5.2", "4.14.2", "4.14.4-2", "4.5.3") + geo + (
        ("5.5.2", "5.5.2-1") if support else ()) + (("5.7.1-2",) if idle else ()) + (
        ("2.20.1-7",) if off else ()) + race_cites,
           f"{c.label()} arrives already changed by the static abilities in force ({what}): "
           f"power {power(g, c)}, smash {smash(g, c)}." + race_en + idle_en + off_en,
           f"{c.label()}は常在型能力の影響を受けた状態で置かれます（{what_ja}）：パワー"
           f"{power(g, c)}、スマッシュ{smash(g, c)}。" + race_ja + idle_ja + off_ja, cards=(c.id,))


@_rule("2.10.3", "5.7.1-2")
def own_idle(g, c) -> None:
    """2.10.3: a card put onto a square whose text is written for another zone (a zone effect,
    5.7.1) keeps it, but it does not work on the squares (5.7.1-2)."""
    from .values import in_its_zone

    abs_ = [ab for ab in c.abilities if ab.get("zone") and not in_its_zone(c, ab)]
    if not abs_:
        return
    zones = sorted({z for ab in abs_ for z in (ab["zone"] if isinstance(ab["zone"], list)
                                               else [ab["zone"]])})
    g.note("static", ("2.10.3", "5.7.1-2"),
           f"{c.label()} is on {c.zone}: its text written for the {'/'.join(zones)} zone "
           "works only there — on a square it does nothing (the card keeps it).",
           f"{c.label()}は{c.zone}に置かれています。{'・'.join(zones)}で有効となるテキストはそのゾーンに"
           "ある時のみ有効で、スクエアに置かれている間は意味を成しません。", cards=(c.id,))


def _arrived_with_races(g, c) -> None:
    """A card put onto a square whose races static abilities change, with no power or smash
    change: say what races it has (4.14.2, and 4.14.5-3 when its own ability is one)."""
    en, ja, cites = _race_words(g, c, (), always=True)
    g.note("static", ("4.5.2", "4.14.2") + cites, f"{c.label()} arrives already changed by the "
           "static abilities in force." + en, f"{c.label()}は常在型能力の影響を受けた状態で置かれ"
           "ます。" + ja, cards=(c.id,))


def _race_words(g, c, mods, always: bool = False) -> tuple:
    """What the races of `c` have to do with the static changes `mods`: several races, each
    read by a race filter (2.8.2); races changed by a continuous effect, applied before power
    and smash whatever the order the cards were put there (4.14.5-2); the card's own race
    change applied before the others (4.14.5-3)."""
    from .values import races

    filters = [ab.get("to") or {} for s, _, _ in mods for ab in s.abilities
               if ab.get("static") == "modify"]
    if not always and not any("race" in f or "not_race" in f for f in filters):
        return "", "", ()
    now = races(g, c)
    cites = ()
    own = [ab for ab in c.abilities if ab.get("static") == "race"
           and (ab.get("to") or {}).get("this")]
    others = [s for s in g.b.on_squares() if s.id != c.id and any(
        ab.get("static") == "race" for ab in s.abilities)]
    first_en = first_ja = ""
    if own and others and now != tuple(c.races):
        cites += ("4.14.5-3",)
        first_en = "; its own ability's race change applies first, then the others (4.14.5-3)"
        first_ja = "。自身の能力による種族の変更を最初に適用し、次にそれ以外を適用します"
    en = f" Its races: {'/'.join(now) or 'none'}"
    ja = f"種族：{'/'.join(now) or 'なし'}"
    if now != tuple(c.races) and mods:
        cites += ("4.14.5-2",)
        en += (f" (printed {'/'.join(c.races) or 'none'}; changed by a continuous effect, "
               "which applies before those changing power and smash, 4.14.5-2" + first_en + ")")
        ja += (f"（印刷は{'/'.join(c.races) or 'なし'}。種族を変更する継続効果は、パワーやスマッシュを"
               "変更する継続効果より先に適用されます" + first_ja + "）")
    elif now != tuple(c.races):
        en += f" (printed {'/'.join(c.races) or 'none'}{first_en})"
        ja += f"（印刷は{'/'.join(c.races) or 'なし'}{first_ja}）"
    if len(now) > 1:
        cites += ("2.8.2",)
        en += " — it has each of them"
        ja += "（そのすべてを持っています）"
    return en + ".", ja + "。", cites


def _note_partial(g, what: str, bad: list, legal: dict) -> None:
    if not bad:
        return
    ok = ", ".join(g.label(t) for v in legal.values() for t in v)
    g.note("resolve", ("4.9.2-1",),
           f"{', '.join(g.label(t) for t in bad)} is no longer a legal target of {what}; it affects "
           f"only the legal ones: {ok}.",
           f"{'、'.join(g.label(t) for t in bad)}は{what}の適正な対象ではなくなっているため、効果は"
           f"適正な対象にのみ影響を与えます：{ok}。")


@_rule("4.9.2-1", "4.9.2-2", "4.9.2-6", "4.2.5", "4.2.6", "4.4.3", "4.8.8", "4.8.5",
       "4.9.2-9-1", "4.9.2-9-2", "2.27", "4.17")
def resolve_ability(g, it) -> None:
    b = g.b
    ab = ability_of(g, it)
    src = b.cards.get(it.source)
    label = g.label(it.source)
    src_obj = it.obj if it.obj is not None and it.obj >= 0 else -1
    ctx = Ctx(it.controller, it.source, src_obj, it.snap or {}, event=it.event, item=it)
    if src is None or src.incarnation != src_obj or not is_square(src.zone):
        if it.reveal:
            pass
        elif it.snap and is_square(it.snap.get("zone", "")):
            g.note("resolve", ("4.2.5", "4.2.6", "4.9.2-6", "4.17"),
                   f"{label} is no longer where it was: the ability on the stack exists apart from "
                   f"it (4.2.5) and reads it as it was just before it moved ({it.snap['zone']}).",
                   f"{label}はもとの場所にありませんが、スタック上の能力は発生源とは独立して存在し"
                   f"（4.2.5）、ゾーン移動をする直前の情報（{it.snap['zone']}）を参照します。",
                   cards=(it.source,))
    if it.reveal:
        owner_hand = f"{src.owner}.hand" if src is not None else ""
        if src is None or src.zone != owner_hand:
            g.note("resolve", ("4.9.2-9-2",), f"{label} is no longer in its owner's hand: the "
                   "ability fails and does nothing.", f"{label}は持ち主の手札にないため、能力は解決"
                   "に失敗し、何も行いません。", cards=(it.source,))
            return
        g.note("resolve", ("4.9.2-9-1",), f"{label} is still in its owner's hand: the ability "
               "resolves.", f"{label}は持ち主の手札にあるため、能力を解決します。", cards=(it.source,))
        ctx = Ctx(it.controller, it.source, src.incarnation, g.snap(src), event=it.event,
                  item=it)
    if ab.get("condition") and not condition_holds(g, ab["condition"], ctx):
        counter(g, it, ("4.4.3", "4.8.8"),
                f"The condition of {label}'s ability no longer holds on resolution.",
                f"{label}の能力の誘発条件が解決時に満たされていません。")
        return
    if target_specs(ab) and not _chose_targets(g, it, ab, f"{label}'s ability"):
        ctx.targets = {s["name"]: [] for s in target_specs(ab)}
    elif target_specs(ab):
        legal, bad = legal_targets(g, it, ab, ctx)
        if not any(legal.values()):
            counter(g, it, ("4.9.2-1", "4.11.3") + (("4.9.2-2",) if len(legal) > 1 else ()),
                    f"Every target of {label}'s ability is illegal now "
                    f"({', '.join(g.label(t) for t in bad)}).",
                    f"{label}の能力の対象がすべて不適切になっています"
                    f"（{'、'.join(g.label(t) for t in bad)}）。")
            return
        _note_partial(g, f"{label}'s ability", bad, legal)
        ctx.targets = legal
    if ab.get("optional"):
        with g.step("resolve", ("4.8.5",), f"{label}'s ability says 'may': it went on the stack "
                    f"anyway and {it.controller} chooses now whether to do it.",
                    f"{label}の能力は「～してよい」能力です。スタックには自動的に乗せられ、行うかどうか"
                    f"は解決時に{it.controller}が選びます。", player=it.controller):
            ans = g.ask(Request(it.source or "4.8.5", it.controller, f"use {label}'s ability?",
                                f"{label}の能力を使用しますか？", kind="yesno",
                                options=[True, False], cites=("4.8.5",)))
        if ans not in (True, "yes"):
            g.note("resolve", ("4.8.5",), f"{it.controller} chooses not to.",
                   f"{it.controller}は行わないことを選びました。")
            return
    _in_order(g, ab.get("effect", []), f"{label}'s ability")
    execute(g, ab.get("effect", []), ctx)


@_rule("4.11.2")
def _chose_targets(g, it, ab: dict, what: str) -> bool:
    """4.11.2: a spell or ability that may choose how many targets it has is a targeting one
    only when one or more were chosen. With none chosen it is not: it cannot be countered for
    illegal targets (4.9.2-1, 4.11.3) and resolves its other instructions. True when any
    target was chosen."""
    if any(it.targets.get(s["name"]) for s in target_specs(ab)):
        return True
    if not any(s.get("up_to") or s.get("count") in ("X", "any") for s in target_specs(ab)):
        return False
    g.note("resolve", ("4.11.2",), f"{what} could choose how many targets it has and 0 were "
           "chosen: it is not a spell or ability that chooses targets, so it is not countered "
           "for illegal targets; its other instructions resolve.",
           f"{what}は対象の数を選択でき、0個を選択したため、対象を選ぶスペルや能力ではありません。"
           "対象の不適正によって無効化されることはなく、他の指示を解決します。",
           cards=tuple(x for x in (it.card, it.source) if x))
    return False


def _in_order(g, instrs: list, what: str) -> None:
    if len(instrs) > 1:
        g.note("resolve", ("4.9.2-3",), f"{what} is followed in the order written "
               f"({len(instrs)} instructions).", f"{what}のテキストに書かれている順番の通りに指示に"
               f"従います（{len(instrs)}つの指示）。")


@_rule("4.9.3-1", "4.9.3-2", "4.3.3", "2.23.8-4")
def resolve_move(g, it) -> None:
    b = g.b
    c = b.cards.get(it.card)
    if c is None or c.zone != it.from_square or c.incarnation != it.obj:
        where = c.zone if c is not None else "gone"
        counter(g, it, ("4.9.3-1",),
                f"{g.label(it.card)} is no longer in {it.from_square}, where its move was declared "
                f"(it is in {where}): the move is illegal.",
                f"{g.label(it.card)}は移動を宣言した時に置かれていた{it.from_square}にないため"
                f"（現在{where}）、移動は不適切です。")
        from .keywords import move_not_resolved

        move_not_resolved(g, it)
        return
    notes_en, notes_ja = [], []
    if c.state == "frozen":
        notes_en.append("being frozen does not make it illegal")
        notes_ja.append("フリーズ状態であっても適正です")
    if any(u.controller == c.controller for u in b.units_on(it.square)):
        notes_en.append("an own unit in the destination does not make it illegal")
        notes_ja.append("移動先に同じプレイヤーの支配するユニットがあっても適正です")
    extra = f" (still legal: {'; '.join(notes_en)})" if notes_en else ""
    extra_ja = f"（{'。'.join(notes_ja)}）" if notes_ja else ""
    with g.step("resolve", ("4.9.3-1", "4.9.3-2", "2.23.8-4"),
                f"The move is legal{extra}: {c.label()} is put onto {it.square}, released; it "
                "stays the same card.",
                f"移動は適正です{extra_ja}。{c.label()}は{it.square}にリリース状態で置かれます"
                "（同じカードとして扱われます）。", cards=(c.id,)):
        before = _conditional_statics(g, c)
        g.move([c], it.square, state="released", reason="move")
        _note_own_statics(g, c, before)
    from .keywords import advance_triggers, mark_resonance

    mark_resonance(g, c)
    advance_triggers(g, c, it)


def _conditional_statics(g, c) -> set:
    """The numbers of the card's own static abilities with a condition that work now."""
    from .values import in_its_zone, static_condition

    return {i for i, ab in enumerate(c.abilities, 1) if ab.get("static") and ab.get("condition")
            and in_its_zone(c, ab) and static_condition(g, c, ab)}


def _note_own_statics(g, c, before: set) -> None:
    """4.14.4-1: a static ability's effect lasts exactly while its card is where it works and
    its condition holds — say which of the moved card's own effects began or ended."""
    after = _conditional_statics(g, c)
    if after == before:
        return
    from .values import power, smash

    on, off = sorted(after - before), sorted(before - after)
    en = "; ".join(x for x in (
        f"ability {', '.join(f'#{i}' for i in on)} now works" if on else "",
        f"ability {', '.join(f'#{i}' for i in off)} no longer works (its effect is lost)"
        if off else "") if x)
    ja = "。".join(x for x in (
        f"能力{'、'.join(f'#{i}' for i in on)}が機能します" if on else "",
        f"能力{'、'.join(f'#{i}' for i in off)}は機能しなくなり、その効果を失います" if off else "")
        if x)
    g.note("static", ("4.14.4-1",),
           f"{c.label()} is now in {c.zone}: the condition of its own static abilities is read "
           f"again — {en}. Power {power(g, c)}, smash {smash(g, c)}.",
           f"{c.label()}は{c.zone}に置かれました。常在型能力の条件を改めて参照します：{ja}。パワー"
           f"{power(g, c)}、スマッシュ{smash(g, c)}。", cards=(c.id,))


@_rule("3.8.2-3", "3.8.2-4", "2.23.3-1", "2.23.3-6")
def resolve_plan(g, it) -> None:
    from .deck import not_determined

    b = g.b
    p = it.controller
    plan = b.pzone(p, "plan")
    deck = b.pzone(p, "deck")
    if it.step == "create":
        if plan or not deck:
            g.note("resolve", ("2.23.3-6",), f"{p}'s plan zone cannot be created now: "
                   "nothing happens.", f"{p}のプランゾーンは作成できないため、何も起こりません。")
            return
        c = b.cards[deck[0]]
        with g.step("resolve", ("3.8.2-3", "2.23.3-1"),
                    f"{p} turns the top card of the deck face up: {c.label()} is the plan zone "
                    "(and still the top card of the deck).",
                    f"{p}は山札の1番上のカードを表向きにします。{c.label()}がプランゾーンです（同時に"
                    "山札の1番上のカードでもあります）。", cards=(c.id,), player=p):
            g.move([c], f"{p}.plan", face="up", reason="plan")
        not_determined(g, p, "6.2.6", "Creating the plan zone", "プランゾーンの作成")
        from .keywords import rampage

        rampage(g, c, p)
        return
    with g.step("resolve", ("3.8.2-4", "2.23.3-1"),
                f"{p} updates the plan zone: the plan-zone card goes to the graveyard and the next "
                "top card is turned face up.", f"{p}はプランゾーンを更新します。プランゾーンのカードを"
                "墓地に置き、次の山札の1番上のカードを表向きにします。", player=p):
        if plan:
            old = b.cards[plan[0]]
            g.move([old], f"{old.owner}.graveyard", reason="plan")
        if deck:
            g.move([b.cards[deck[0]]], f"{p}.plan", face="up", reason="plan")
    not_determined(g, p, "6.2.6", "Updating the plan zone", "プランゾーンの更新")
    if deck and b.pzone(p, "plan"):
        from .keywords import rampage

        rampage(g, b.cards[b.pzone(p, "plan")[0]], p)
