"""The attack (800s): the attack step (802), block step (803), scout step (804), battle step
(805) and attack end step (806), in that order (801.1).

The lanes are not defined by the rules (reading lanes): the centres share a lane, and by
default a player's side faces the other player's opposite side. The attacker deals damage to
the opposing chara in its lane; nothing is dealt back (805.3).
"""

from __future__ import annotations

from ..game import Halt, IllegalAction
from . import endings, missions, triggers
from .clauses import REGISTRY
from .effects import deal_damage, discard_cards, set_state, slide
from .model import area_of, facing_area, is_area, opponent, zone_player, zone_words
from .params import cannot, power
from .play import activate, play_card, scout_choose, scout_reveal
from .procedure import preprocess


def attacker(g):
    a = (g.b.attack or {}).get("attacker")
    return g.b.cards.get(a or "")


def battle_cards(g) -> list:
    """The charas of this battle still in an area as the same objects (501.4): the attacker
    and the opposing charas it dealt its battle damage to (805.3). 「このキャラのバトル終了時」
    (806.3) is an event of each of them. A board that starts after 805.3 does not say whom the
    attacker battled: the attacker alone is named then."""
    b = g.b
    att = b.attack or {}
    out = []
    a = attacker(g)
    if a is not None and is_area(a.zone) and att.get("_inc", a.incarnation) == a.incarnation:
        out.append(a)
    for cid, inc in att.get("_battled", ()):
        c = b.cards.get(cid)
        if c is not None and is_area(c.zone) and c.incarnation == inc and c not in out:
            out.append(c)
    return out


def lane_opponents(g, a) -> list:
    """The other player's charas in the attacker's lane (reading lanes)."""
    if a is None or not is_area(a.zone):
        return []
    side = area_of(a.zone)
    if side != "C":
        g.reading("lanes")
    return g.b.area_cards(opponent(zone_player(a.zone)), facing_area(side, g.b.lanes))


@REGISTRY.rule("802.1a", "802.1b", "802.1c", "801.1", "514.3a", "305.4a")
def declare(flow, cid: str) -> None:
    """802.1a–c: choose the attacker, sleep it, 「アタック時」 and 「アタックした時」."""
    g = flow.g
    b = g.b
    tp = b.turn_player
    a = b.cards.get(cid)
    why = None
    cites = ("802.1a",)
    if a is not None and not a.known:
        raise Halt("unsupported", f"the file does not say what card {cid} is: it cannot be "
                   "named as the attacker; give its details in the file")
    if a is None or not is_area(a.zone) or zone_player(a.zone) != tp or a.controller != tp:
        why = (f"{cid} is not a chara in {tp}'s areas", f"{cid}は{tp}のエリアにあるキャラではありません")
    elif a.state == "sleep":
        why = (f"{cid} is slept", f"{cid}はスリープ状態です")
    elif a.has_icon("no_attack"):
        g.reading("icon-no-attack")
        why = (f"{cid} has the アタック不可 icon (305.4a)", f"{cid}はアタック不可アイコンを持ちます")
        cites = ("802.1a", "305.4a")
    elif cannot(g, a, "attack"):
        why = (f"{cid} cannot attack (a 「できない」 effect, 102.7)", f"{cid}はアタックできません")
        cites = ("102.7", "802.1a")
    if why:
        raise IllegalAction(f"{why[0]}: it cannot be chosen as the attacker",
                            f"{why[1]}。アタックキャラに選べません", cites)
    b.attack = {"attacker": a.id, "battle_end_triggered": [], "_inc": a.incarnation}
    with g.step("attack", ("801.1", "802.1a"),
                f"{tp} declares an attack with {a.id} from {zone_words(a.zone)}: the attack, "
                "block, scout, battle and attack end steps follow.",
                f"{tp}は{zone_words(a.zone, 'ja')}の{a.id}でアタックを宣言します。", cards=(a.id,),
                player=tp):
        g.change({"op": "attack", "attacker": a.id})
    engs = b.attached(a.id, "connect")
    set_state(g, a, "sleep", cites=("802.1b",))
    if engs:
        g.note("attack", ("514.3a",), f"{', '.join(e.id for e in engs)}, connected to {a.id}, "
               "does not sleep with it.", f"{a.id}にコネクトしている{'、'.join(e.id for e in engs)}"
               "はスリープしません。", cards=tuple(e.id for e in engs))
    missions.record(g, tp, "attack", a.id)
    with g.step("attack", ("802.1c",), f"「アタック時」 and {a.id}'s 「アタックした時」 events happen.",
                f"「アタック時」と、{a.id}の「アタックした時」の自動事象が発生します。", cards=(a.id,)):
        triggers.emit(g, [{"kind": "attack", "card": g.snap(a), "player": tp},
                          {"kind": "attacks", "card": g.snap(a), "player": tp}])
    flow.acted = True
    flow.goto("802.1d")


@REGISTRY.rule("802.1d", "802.1e")
def step_802_1d(flow) -> None:
    preprocess(flow.g, "802.1d")
    flow.g.note("attack", ("802.1e",), "On to the block step.", "ブロックステップへ進みます。")
    flow.goto("803.1")


@REGISTRY.rule("803.1")
def step_803_1(flow) -> None:
    """803.1: the non-turn player activates an ability, plays an engage, trashes two hand
    cards to slide a chara, or passes."""
    g = flow.g
    b = g.b
    ntp = opponent(b.turn_player)
    a, idx = flow.decision("803.1", ntp)
    if "pass" in a:
        g.note("block", ("803.1",), f"{ntp} passes in the block step.",
               f"{ntp}はブロックステップでパスします。", player=ntp)
    elif "activate" in a:
        c = flow.card_of(a["activate"], idx)
        g.note("block", ("803.1",), f"{ntp} plays an activated ability of {c.id} in the block "
               "step.", f"{ntp}はブロックステップで{c.id}の起動能力をプレイします。", cards=(c.id,),
               player=ntp)
        activate(g, ntp, c, a.get("ability", 0) - 1, a.get("pay"))
    elif "play" in a:
        c = flow.card_of(a["play"], idx)
        if c.type != "engage" or c.zone not in (f"{ntp}.hand", f"{ntp}.keep"):
            raise IllegalAction(f"in the block step {ntp} may play an engage from the hand, not "
                                f"{c.id}", "ブロックステップでプレイできるのは手札のエンゲージのみです",
                                ("803.1",))
        g.note("block", ("803.1",), f"{ntp} plays the engage {c.id} in the block step.",
               f"{ntp}はブロックステップでエンゲージ{c.id}をプレイします。", cards=(c.id,), player=ntp)
        play_card(g, ntp, c, area=a.get("area"), pay=a.get("pay"),
                  alternative=a.get("alternative"))
    elif "slide" in a:
        block_slide(flow, ntp, a, idx)
    else:
        flow.wrong(a, idx, "803.1", ntp, "activate, play an engage, slide or pass")
    flow.goto("803.2")


def block_slide(flow, p: str, a: dict, idx: int) -> None:
    g = flow.g
    b = g.b
    c = flow.card_of(a["slide"], idx)
    if not is_area(c.zone) or zone_player(c.zone) != p:
        raise IllegalAction(f"{c.id} is not a chara in {p}'s areas", f"{c.id}は{p}のエリアにある"
                            "キャラではありません", ("803.1", "1116.1"))
    disc = list(a.get("discard", []))
    hand = b.pzone(p, "hand")
    if len(disc) != 2 or len(set(disc)) != 2 or any(i not in hand for i in disc):
        raise IllegalAction(f"the slide of the block step costs two different cards of {p}'s "
                            f"hand (given: {', '.join(disc) or 'none'})",
                            "ブロックステップのスライドには手札2枚をトラッシュに置く必要があります",
                            ("803.1", "508.3") if any(i in b.pzone(p, "keep") for i in disc)
                            else ("803.1",))
    to = a.get("to")
    if cannot(g, c, "slide"):
        raise IllegalAction(f"{c.id} cannot slide: a 「できない」 effect wins (102.7)",
                            f"{c.id}はスライドできません（「できない」が優先されます）",
                            ("803.1", "102.7"))
    with g.step("block", ("803.1",), f"{p} puts {', '.join(disc)} from the hand into the trash "
                f"and slides {c.id}.", f"{p}は手札の{'、'.join(disc)}をトラッシュに置き、{c.id}を"
                "スライドさせます。", cards=(c.id,), player=p):
        saved = g.save()
        discard_cards(g, p, [b.cards[i] for i in disc])
        if not slide(g, c, to, "803.1", p):
            g.restore(saved)
            raise IllegalAction(f"{c.id} cannot slide to {to}: it must be an adjacent area with "
                                "no chara", f"{c.id}を{to}にスライドさせることはできません",
                                ("1116.1",))


@REGISTRY.rule("803.2")
def step_803_2(flow) -> None:
    preprocess(flow.g, "803.2")
    flow.goto("803.3")


@REGISTRY.rule("803.3")
def step_803_3(flow) -> None:
    g = flow.g
    a = attacker(g)
    if a is not None and is_area(a.zone):
        g.note("block", ("803.3",), f"The attacker {a.id} is in an area: on to the scout step.",
               f"アタックキャラ{a.id}はエリアにあるため、スカウトステップへ進みます。")
        flow.goto("804.1")
    else:
        g.note("block", ("803.3",), "The attacker is no longer in an area: on to the attack end "
               "step.", "アタックキャラがエリアにないため、アタック終了ステップへ進みます。")
        flow.goto("806.1")


@REGISTRY.rule("804.1")
def step_804_1(flow) -> None:
    preprocess(flow.g, "804.1")
    flow.goto("804.2")


@REGISTRY.rule("804.2a", "804.2b")
def step_804_2(flow) -> None:
    """804.2a: no opposing chara in the lane → only the turn player scouts; 804.2b: otherwise
    both scout at once; the turn player chooses, pre-processing, then the non-turn player
    chooses, pre-processing."""
    g = flow.g
    tp = g.b.turn_player
    ntp = opponent(tp)
    a = attacker(g)
    opp = lane_opponents(g, a)
    if not opp:
        g.note("scout", ("804.2a",), f"No chara of {ntp} is in the attacker's lane: only {tp} "
               "scouts.", f"アタックキャラと同じレーンに相手キャラがないため、{tp}のみがスカウトを"
               "実行します。", player=tp, readings=("icon-scout",))
        scout_choose(g, tp, scout_reveal(g, tp), "804.2a", cites=("804.2a",))
        preprocess(g, "804.2a")
    else:
        g.note("scout", ("804.2b",), f"{', '.join(c.id for c in opp)} of {ntp} is in the "
               "attacker's lane: both players scout at the same time.",
               f"アタックキャラと同じレーンに相手キャラ（{'、'.join(c.id for c in opp)}）があるため、"
               "お互いのプレイヤーが同時にスカウトを実行します。", readings=("icon-scout",))
        mine = scout_reveal(g, tp)
        theirs = scout_reveal(g, ntp)
        scout_choose(g, tp, mine, "804.2b", cites=("804.2b",))
        preprocess(g, "804.2b")
        scout_choose(g, ntp, theirs, "804.2b", cites=("804.2b",))
        preprocess(g, "804.2b")
    flow.goto("804.3")


@REGISTRY.rule("804.3")
def step_804_3(flow) -> None:
    flow.g.note("scout", ("804.3",), "On to the battle step.", "バトルステップへ進みます。")
    flow.goto("805.1")


@REGISTRY.rule("805.1")
def step_805_1(flow) -> None:
    preprocess(flow.g, "805.1")
    flow.goto("805.2")


@REGISTRY.rule("805.2")
def step_805_2(flow) -> None:
    g = flow.g
    a = attacker(g)
    if a is None or not is_area(a.zone):
        g.note("battle", ("805.2",), "The attacker is not in an area: nothing happens.",
               "アタックキャラがエリアにいないため、何も起こりません。")
        flow.goto("806.1")
    elif not lane_opponents(g, a):
        g.note("battle", ("805.2",), f"No opposing chara is in {a.id}'s lane: nothing happens.",
               f"{a.id}と同じレーンに相手キャラがないため、何も起こりません。", cards=(a.id,))
        flow.goto("806.1")
    else:
        flow.goto("805.3")


@REGISTRY.rule("805.3", "306.3")
def step_805_3(flow) -> None:
    """805.3: the attacker deals damage equal to its power to the opposing chara in its lane;
    nothing is dealt back."""
    g = flow.g
    a = attacker(g)
    opp = lane_opponents(g, a)
    pw = power(g, a) or 0
    with g.step("battle", ("805.3", "306.3"),
                f"{a.id} deals damage equal to its power, {pw}, to {', '.join(c.id for c in opp)} "
                "in its lane (no damage is dealt back).",
                f"{a.id}は同じレーンの{'、'.join(c.id for c in opp)}に自身のパワーに等しい{pw}"
                "ダメージを与えます（反撃のダメージはありません）。", cards=(a.id,)):
        g.b.attack["_battled"] = [(c.id, c.incarnation) for c in opp]
        deal_damage(g, opp, pw, a.id, battle=True)
    flow.goto("805.4")


@REGISTRY.rule("805.4")
def step_805_4(flow) -> None:
    flow.g.note("battle", ("805.4",), "On to the attack end step.", "アタック終了ステップへ進みます。")
    flow.goto("806.1")


@REGISTRY.rule("806.1")
def step_806_1(flow) -> None:
    preprocess(flow.g, "806.1")
    flow.goto("806.2")


@REGISTRY.rule("806.2", "1118.1")
def step_806_2(flow) -> None:
    """806.2 / 1118.1: an attacker in an area makes the attack ≪アタック成功≫ until the end of the
    mission phase (reading 806.2-attack-success)."""
    g = flow.g
    b = g.b
    a = attacker(g)
    if a is not None and is_area(a.zone) and not b.attack.get("success"):
        with g.step("attack_end", ("806.2", "1118.1"),
                    f"{a.id} is in an area: the attack is ≪アタック成功≫ until the end of the "
                    "mission phase.", f"{a.id}はエリアにいるため、そのアタックはミッションフェイズ"
                    "終了時まで≪アタック成功≫になります。", cards=(a.id,),
                    readings=("806.2-attack-success",)):
            b.attack["success"] = True
            if a.id not in b.attack_success:
                b.attack_success.append(a.id)
            g.change({"op": "attack_success", "card": a.id})
        missions.record(g, b.turn_player, "attack_success", a.id)
        triggers.emit(g, [{"kind": "attack_success", "card": g.snap(a), "player": a.controller}])
    elif not b.attack.get("success"):
        g.note("attack_end", ("806.2",), "The attacker is not in an area: the attack does not "
               "achieve ≪アタック成功≫.", "アタックキャラがエリアにいないため、≪アタック成功≫には"
               "なりません。")
    flow.goto("806.3")


@REGISTRY.rule("806.3")
def step_806_3(flow) -> None:
    """806.3: 「バトル終了時」 events; an ability that already triggered in this battle does not
    trigger again (reading 806.3-battle-end)."""
    g = flow.g
    endings.fire(g, "806.3", "battle_end", g.b.attack.setdefault("battle_end_triggered", []),
                 "attack_end", readings=("806.3-battle-end",), cards=battle_cards(g))
    flow.goto("806.4")


@REGISTRY.rule("806.4")
def step_806_4(flow) -> None:
    preprocess(flow.g, "806.4")
    flow.goto("806.5")


@REGISTRY.rule("806.5")
def step_806_5(flow) -> None:
    endings.loop_back(flow, "806.5", "battle_end", flow.g.b.attack.get("battle_end_triggered",
                                                                      []), "806.3", "806.6",
                      "attack_end")


@REGISTRY.rule("806.6")
def step_806_6(flow) -> None:
    endings.end_effects(flow.g, "806.6", "attack_end", "attack_end")
    flow.goto("806.7")


@REGISTRY.rule("806.7")
def step_806_7(flow) -> None:
    g = flow.g
    if endings.left(g, "battle_end", g.b.attack.get("battle_end_triggered", [])):
        g.note("attack_end", ("806.7",), "A rule effect or an untriggered 「バトル終了時」 ability "
               "remains: back to 806.2.", "実行すべきルールエフェクトか、まだ誘発していない「バトル終了時」"
               "の自動能力があるため、806.2に戻ります。")
        flow.goto("806.2")
        return
    with g.step("attack_end", ("806.7",), "The battle ends; back to the main phase (703.3).",
                "バトルが終了し、メインフェイズ（703.3）に戻ります。"):
        attacker = (g.b.attack or {}).get("attacker")
        g.b.attack = None
        g.change({"op": "attack_end", "attacker": attacker})
    flow.acted = True
    flow.goto("703.3")


HANDLERS = {
    "802.1d": step_802_1d, "803.1": step_803_1, "803.2": step_803_2, "803.3": step_803_3,
    "804.1": step_804_1, "804.2": step_804_2, "804.3": step_804_3, "805.1": step_805_1,
    "805.2": step_805_2, "805.3": step_805_3, "805.4": step_805_4, "806.1": step_806_1,
    "806.2": step_806_2, "806.3": step_806_3, "806.4": step_806_4, "806.5": step_806_5,
    "806.6": step_806_6, "806.7": step_806_7,
}
