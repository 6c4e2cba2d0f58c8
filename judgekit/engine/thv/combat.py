"""Attack (6.3), defense (6.4), combat (6.2) and graze (6.5).

An attack starts an interference (6.3.4.c, 1.12.6.c) and moves priority to the opponent: the
attack-moved priority, the only one with which a defense may be declared (6.4.2.a). A defense
joins that interference without starting one. The combat is processed last, when the attack's
interference resolves (6.2.2, 1.12.8.b), in the steps 6.2.4.a–j. A character deals combat
damage equal to its attack and the defender deals its attack back to the attacker (reading
combat-damage-amount); 先制 strikes first (6.2.4.d).
"""

from __future__ import annotations

from ..choices import Request
from ..game import Halt, IllegalAction
from . import triggers
from .clauses import REGISTRY
from .effects import SUSPEND, Damage, deal, kesshi_now
from .model import opponent, zone_kind
from .stats import battle_stats, can_attack, can_defend, changed_by, forbid, shares_race

_rule = REGISTRY.rule


def _illegal(en: str, ja: str, cites) -> IllegalAction:
    return IllegalAction(en, ja, cites)


def attack_in_progress(g) -> dict | None:
    for fr in reversed(g.b.interference):
        if fr.get("attack") and not fr["attack"].get("cancelled"):
            return fr["attack"]
    return None


@_rule("6.3.2", "6.3.2.a", "6.3.2.b", "6.3.2.c", "6.3.3", "6.3.3.a", "6.3.3.b", "6.3.3.c",
       "1.12.6.c", "10.9.2.a",
       "6.3.4.b", "6.3.4.c", "6.3.4.d", "6.3.4.e", "6.3.4.f",
       "6.3.4.g")
def declare_attack(g, cid: str, p: str) -> None:
    b = g.b
    c = b.cards.get(cid)
    if b.turn_player != p or b.phase != "main":
        leaf = "6.3.2.a" if b.turn_player != p else "6.3.2.b"
        raise _illegal(f"only the turn player attacks, in the main phase ({leaf}); {p} "
                       f"cannot attack now", f"攻撃はターンプレイヤーがメインフェイズに行います",
                       (leaf,))
    if b.interference:
        raise _illegal("an attack cannot be declared once an interference has started "
                       "(6.3.2.c)", "干渉が開始されているため攻撃できません", ("6.3.2.c",))
    no = forbid(g, c, "attack") if c is not None and b.is_character(c) else None
    if no is not None:
        raise _illegal(f"{cid} cannot attack: {no.words()[0]} forbids it, and 「出来ない」 wins "
                       "(1.3.2)", f"{cid}は攻撃を行えません（{no.words()[1]}。出来ないという効果が"
                       "優先されます）", ("6.3.3", "1.3.2"))
    if c is None or not can_attack(g, c):
        if c is not None and c.has("人形"):
            why, cites = "it has 人形 (10.9.2.a, 6.3.3.c)", ("6.3.3.c", "10.9.2.a") + \
                changed_by(g, c, "人形")
        elif c is not None and b.is_character(c) and g.ctl(c) == p:
            why, cites = "it must be active (6.3.3.b)", ("6.3.3.b",)
        else:
            why, cites = "it must be a character on the turn player's field (6.3.3.a)", ("6.3.3.a",)
        raise _illegal(f"{cid} cannot attack: {why}", f"{cid}は攻撃を行えません", cites)
    opp = opponent(p)
    # a printed 人形 taken away (10.9.2.a no longer stops it): say what took it
    lost = changed_by(g, c, "人形") if "人形" in c.keywords else ()
    with g.step("attack", ("6.3.2", "6.3.3", "6.3.4.b", "6.3.4.c", "6.3.4.d", "1.12.6.c") + lost,
                f"{p} declares an attack with {g.label(c)}: it is turned to sleep and an "
                "interference starts.", f"{p}は{g.label(c)}で攻撃を宣言します。スリープ状態にし、"
                "干渉が開始されます。", cards=[c.id], player=p):
        g.set_state(c, "sleep")
        b.interference.append({"entries": [], "attack": {"attacker": c.id, "player": opp},
                               "used": [], "resolving": False})
        g.change({"op": "interference+", "attack": c.id})
    from .keywords import offer_on_combat

    offer_on_combat(g, c, p, "attack")  # 10.28.2.a: at the same time
    triggers.fire(g, "would_attack", "6.3.4.d", subject=c.id)
    g.note("attack", ("6.3.4.e", "6.3.4.f"), f"{g.label(c)} is the attacking character; {opp} is "
           "attacked.", f"{g.label(c)}が攻撃を行っているキャラクターとなります。", cards=[c.id],
           readings=("two-players",))
    triggers.fire(g, "attacks", "6.3.4.f", subject=c.id)


@_rule("6.3.5.a", "6.3.5.b", "6.3.5.c", "6.3.5.d", "6.3.5.e", "1.12.7", "6.2.5.a")
def effect_attack(g, c, ctx):
    """6.3.5: an effect makes a character attack: a new interference (nested in the one
    resolving, 6.3.5.a), the character attacks without being turned to sleep, priority moves
    to the attacked player (1.12.7)."""
    b = g.b
    if not b.is_character(c):
        return False
    if attack_in_progress(g) is not None:
        g.note("attack", ("6.2.5.a",), f"There is already an attacking character: {g.label(c)} "
               "cannot attack (6.2.5.a).", f"既に攻撃を行うキャラクターが存在するため、攻撃を行う効果は"
               "適用されません。", cards=[c.id])
        return False
    if not any(fr.get("resolving") for fr in b.interference):
        raise Halt("unsupported", "an attack caused by an effect outside the resolution of an "
                   "interference")
    opp = opponent(g.ctl(c))
    if g.reading("nested-interference", here=False) == "held":
        # 1.12.11 over 1.12.7: priority stays held while the interference resolves; the
        # attack's interference starts when it has ended (play.resolve_frame)
        outer = next(fr for fr in reversed(b.interference) if fr.get("resolving"))
        with g.step("attack", ("1.12.11",), f"{ctx.label}: {g.label(c)} attacks; it is not "
                    "turned to sleep. Priority is held while the interference resolves "
                    "(1.12.11): the attack's interference starts, and the attacked player gains "
                    "priority, when the resolving interference has ended.",
                    f"{ctx.label}：{g.label(c)}が攻撃を行います（スリープ状態にはしません）。干渉の"
                    "解決中は優先権が保留される（1.12.11）ため、攻撃の干渉は解決中の干渉の終了後に"
                    "始まり、その時に攻撃を受けるプレイヤーが優先権を得ます。", cards=[c.id],
                    player=g.ctl(c), readings=("nested-interference",)):
            outer.setdefault("after", []).append({"attacker": c.id, "player": opp})
        triggers.fire(g, "would_attack", "6.3.5.b", subject=c.id)
        g.note("attack", ("6.3.5.c",), f"{g.label(c)} is the attacking character; {opp} is "
               "attacked.", f"{g.label(c)}が攻撃を行っているキャラクターとなります。", cards=[c.id],
               player=g.ctl(c), readings=("two-players",))
        triggers.fire(g, "attacks", "6.3.5.d", subject=c.id)
        return True
    with g.step("attack", ("6.3.5.a",), f"{ctx.label}: {g.label(c)} attacks. A new "
                "interference starts, nested into the one resolving; the character is not "
                "turned to sleep.", f"{ctx.label}：{g.label(c)}が攻撃を行います。解決中の干渉に新たな"
                "干渉が割り込みます（スリープ状態にはしません）。", cards=[c.id], player=g.ctl(c),
                readings=("nested-interference",)):
        b.interference.append({"entries": [], "attack": {"attacker": c.id, "player": opp,
                                                         "by_effect": True},
                               "used": [], "resolving": False})
        g.change({"op": "interference+", "attack": c.id})
    triggers.fire(g, "would_attack", "6.3.5.b", subject=c.id)
    g.note("attack", ("6.3.5.c",), f"{g.label(c)} is the attacking character; {opp} is "
           "attacked.", f"{g.label(c)}が攻撃を行っているキャラクターとなります。", cards=[c.id],
           player=g.ctl(c), readings=("two-players",))
    triggers.fire(g, "attacks", "6.3.5.d", subject=c.id)
    b.priority = opp
    b.attack_priority = opp
    b.passed = []
    g.grant_reason = "1.12.7"
    return SUSPEND


@_rule("6.4.2", "6.4.2.a", "6.4.2.b", "6.4.3", "6.4.3.a", "6.4.3.b", "6.4.4.b", "6.4.4.c", "6.4.4.d", "6.4.4.e",
       "6.4.4.f", "6.2.5.b")
def declare_defense(g, cid: str, p: str) -> None:
    b = g.b
    fr = b.frame()
    att = fr.get("attack") if fr else None
    # reading defense-priority: under "attack-pending" a later priority of the attacked
    # player, while the attack still has no defender, is one the attack moved too
    pending = att is not None and not att.get("cancelled") and not att.get("defender") and \
        b.priority == p and att.get("attacker") in b.cards and \
        g.ctl(b.cards[att["attacker"]]) != p
    if b.attack_priority != p and pending and \
            g.reading("defense-priority", here=False) == "attack-pending":
        g.note("defense", ("6.4.2.a", "1.12.4"), f"{p} holds priority again while the attack "
               "still has no defender: under this reading it is still the priority the attack "
               "moved (6.4.2.a), so a defense may be declared.",
               f"{p}は攻撃に防御キャラクターがいない間に再び優先権を得ました。この読み方では、これも攻撃の"
               "処理により移った優先権であり、防御を宣言できます（6.4.2.a）。", player=p,
               readings=("defense-priority",))
    elif b.attack_priority != p:
        g.reading("defense-priority", depend=pending)
        raise _illegal(f"{p} does not hold the priority the attack moved: a defense needs it "
                       "(6.4.2.a)", f"{p}は攻撃の処理により移った優先権を持っていないため、防御を行えません",
                       ("6.4.2.a",))
    if att is None or att.get("cancelled"):
        raise _illegal("there is no attacking character to defend against (6.4.2.b, 6.4.6)",
                       "攻撃を行っているキャラクターが存在しません", ("6.4.2.b",))
    if att.get("defender"):
        raise _illegal("there is already a defending character (6.2.5.b)",
                       "既に防御を行うキャラクターが存在します", ("6.2.5.b",))
    c = b.cards.get(cid)
    no = forbid(g, c, "defend") if c is not None and b.is_character(c) else None
    if no is not None:
        raise _illegal(f"{cid} cannot defend: {no.words()[0]} forbids it, and 「出来ない」 wins "
                       "(1.3.2)", f"{cid}は防御を行えません（{no.words()[1]}。出来ないという効果が"
                       "優先されます）", ("6.4.3", "1.3.2"))
    if c is None or not can_defend(g, c, p, att.get("attacker")):
        # (the attacking character is never on the defending player's field while its attack
        # stands, 6.3.6.c: 6.4.3.c cannot be the one that fails)
        if c is not None and b.is_character(c) and g.ctl(c) == p and c.state != "active":
            leaf, why = "6.4.3.b", "active"
        else:
            leaf, why = "6.4.3.a", f"a character on {p}'s field"
        raise _illegal(f"{cid} cannot defend: a defending character must be {why} ({leaf})",
                       f"{cid}は防御を行えません", (leaf,))
    moved_by = ("6.3.5.e",) if att.get("by_effect") else ("6.3.4.g",)
    with g.step("defense", ("6.4.2", "6.4.2.a") + moved_by + ("6.4.3", "6.4.4.b", "6.4.4.c"),
                f"{p} declares a defense with "
                f"{g.label(c)}: it is turned to sleep (no new interference).",
                f"{p}は{g.label(c)}で防御を宣言し、スリープ状態にします（干渉は開始されません）。",
                cards=[c.id], player=p):
        g.set_state(c, "sleep")
    from .keywords import offer_on_combat

    offer_on_combat(g, c, p, "defend")  # 10.28.2.a: at the same time
    triggers.fire(g, "would_defend", "6.4.4.c", subject=c.id)
    with g.step("defense", ("6.4.4.d", "6.4.4.e"), f"{g.label(c)} is the defending character.",
                f"{g.label(c)}が防御を行っているキャラクターとなります。", cards=[c.id], player=p):
        att["defender"] = c.id
        att["_defender_inc"] = c.incarnation
        g.change({"op": "defender", "card": c.id})
    triggers.fire(g, "defends", "6.4.4.e", subject=c.id)


@_rule("6.4.5", "6.4.5.a", "6.4.5.b", "6.4.5.c", "10.3.4")
def defend_on_entry(g, c, att: dict) -> None:
    """6.4.5 / 10.3.4: a 奇襲+速攻 character played as a defense defends once it has entered
    (steps a–c; it stays asleep)."""
    if att.get("cancelled") or att.get("defender"):
        g.note("defense", ("6.4.2.b",), f"{g.label(c)} cannot defend: there is no attack left to "
               "defend against, or a defender already.", f"{g.label(c)}は防御を行えません。",
               cards=[c.id])
        return
    triggers.fire(g, "would_defend", "6.4.5.a", subject=c.id)
    with g.step("defense", ("6.4.5", "6.4.5.b", "10.3.4"), f"{g.label(c)}, played as a defense, becomes "
                "the defending character; it stays asleep.", f"防御を兼ねてプレイされた"
                f"{g.label(c)}が防御を行っているキャラクターとなります（スリープ状態のまま）。",
                cards=[c.id], player=g.ctl(c)):
        att["defender"] = c.id
        att["_defender_inc"] = c.incarnation
        g.change({"op": "defender", "card": c.id})
    triggers.fire(g, "defends", "6.4.5.c", subject=c.id)


# ---- the combat (6.2.4) ---------------------------------------------------------------------------

def _on_field(g, cid, inc=None):
    c = g.b.cards.get(cid) if cid else None
    if c is None or not g.b.is_character(c):
        return None
    if inc is not None and c.incarnation != inc:
        return None
    return c


def combatants(g) -> list[str]:
    """The characters of the combat being resolved, still the same objects on the field: the
    attacking character and the defending one (a defense cancelled, 6.4.7, leaves no defending
    character). A combat's start and end (6.2.4.b, 6.2.4.j) are events of each of them:
    「このキャラクターの戦闘終了時」 is met for the defender as for the attacker."""
    att = (g.combat or {}).get("attack") or {}
    out = []
    a = _on_field(g, att.get("attacker"))
    if a is not None and not att.get("cancelled"):
        out.append(a.id)
    if not att.get("defense_cancelled"):
        d = _on_field(g, att.get("defender"), att.get("_defender_inc"))
        if d is not None:
            out.append(d.id)
    return out


def _cancel_leaf(g, att: dict) -> str:
    """What cancelled the attack: its attacker is a character on another player's field
    (6.3.6.c), or it left the field — a card that came back is another object (6.3.6.b). The
    vocabulary has no effect that cancels an attack (6.3.6.a)."""
    a = g.b.cards.get(att["attacker"])
    if a is not None and g.b.is_character(a) and g.ctl(a) == att["player"]:
        return "6.3.6.c"
    return "6.3.6.b"


def _cancelled(g, att: dict) -> bool:
    """6.3.6: the attack is cancelled when its attacker has left the field or moved to another
    player's field (or an effect cancelled it)."""
    if att.get("cancelled"):
        return True
    a = g.b.cards.get(att["attacker"])
    if a is None or not g.b.is_character(a) \
            or g.ctl(a) == att["player"]:
        att["cancelled"] = True
        return True
    return False


@_rule("6.2.2", "6.2.4.a", "6.2.4.b", "6.2.4.c", "6.2.4.d", "6.2.4.e", "6.2.4.g", "6.2.4.h",
       "6.2.4.i", "6.2.4.j", "6.2.6.a", "6.2.6.b", "6.3.6.b", "6.3.6.c", "6.3.7",
       "6.3.7.a", "6.3.7.b",
       "6.3.7.c", "10.4.2.a", "10.6.2.a",
       "1.10.13.d")
def resolve_combat(g, fr: dict) -> None:
    b = g.b
    att = fr["attack"]
    if _cancelled(g, att):
        leaf = _cancel_leaf(g, att)
        why = "its character left the field" if leaf == "6.3.6.b" else \
            "its character moved to another player's field"
        g.note("combat", (leaf, "1.12.8.b"), f"The attack of {g.label(att['attacker'])} was "
               f"cancelled ({why}); the interference went on, but no combat is resolved.", f"{g.label(att['attacker'])}の攻撃は取り消されたため"
               "（攻撃を行っているキャラクターが場を離れた）、干渉は続行しましたが、戦闘の解決は行いません。",
               cards=[att["attacker"]])
        return
    a = b.cards[att["attacker"]]
    opp = att["player"]
    g.combat = {"attacker": a.id, "player": opp, "player_damage": [], "attack": att}
    try:
        g.note("combat", ("1.12.8.b", "6.2.2", "6.2.4.a"), f"Every other entry of the "
               f"interference has resolved: the combat of {g.label(a)} is processed last.",
               f"攻撃・防御以外の干渉を全て解決したため、最後に{g.label(a)}の戦闘を処理します。",
               cards=[a.id])
        # b: combat start
        with g.step("combat", ("6.2.4.b",), "Combat start: the effects and 自動γ of combat "
                    "start resolve.", "戦闘開始時が条件の効果と「自動γ」を解決します。", cards=[a.id]):
            triggers.fire(g, "combat_start", "6.2.4.b", subject=combatants(g))
            _stealth(g, att, a)
        if _cancelled(g, att):
            return _end_early(g, att)
        # c: the recipient
        d = _on_field(g, att.get("defender"), att.get("_defender_inc"))
        if d is not None and not att.get("defense_cancelled"):
            rec = d.id
            g.note("combat", ("6.2.4.c", "6.2.6.b"), f"The recipient of {g.label(a)}'s combat "
                   f"damage is the defending character {g.label(d)}.",
                   f"戦闘ダメージを与える相手は防御キャラクター{g.label(d)}に確定します。",
                   cards=[a.id, d.id])
        else:
            d = None
            rec = opp
            left = att.get("defender") and not att.get("defense_cancelled")
            g.note("combat", ("6.2.4.c", "6.2.6.a"), f"No defending character"
                   + (f" ({g.label(att['defender'])} has left the field)" if left else "")
                   + f": the recipient of {g.label(a)}'s combat damage is the attacked player "
                   f"{opp}.", f"防御キャラクターが存在しないため、戦闘ダメージを与える相手は攻撃された"
                   f"プレイヤー{opp}に確定します。", cards=[a.id],
                   readings=("defender-left",) if left else ())
        g.combat["recipient"] = rec
        g.combat["defender"] = d.id if d is not None else None
        d_inc = d.incarnation if d is not None else None
        a_inc = a.incarnation
        # d: first strike; e: normal timing
        for window, first in (("6.2.4.d", True), ("6.2.4.e", False)):
            _strike(g, window, first, a.id, a_inc, rec, d_inc)
            if _cancelled(g, att):
                return _end_early(g, att)
        # g: graze
        _graze(g, opp)
        # h – j
        _reset_and_end(g, ("6.2.4.h", "6.2.4.i", "6.2.4.j"))
    finally:
        g.combat = None


@_rule("6.4.7")
def _stealth(g, att: dict, a) -> None:
    """10.6.2.a 隠密: at combat start the defense of a defender sharing no race is cancelled."""
    d = _on_field(g, att.get("defender"), att.get("_defender_inc"))
    if d is None or not a.has("隠密"):
        return
    if shares_race(a, d):
        g.note("combat", ("10.6.2.a",), f"隠密 of {g.label(a)}: the defender {g.label(d)} shares "
               "a race with it; the effect is nullified.", f"{g.label(a)}の隠密：防御した"
               f"{g.label(d)}が同じ種族を持つため、この効果は無効になります。", cards=[a.id, d.id],
               readings=("race-omitted",))
        return
    with g.step("combat", ("6.2.4.b", "10.6.2.a", "6.4.7"), f"隠密 of {g.label(a)}: the defense "
                f"of {g.label(d)} is cancelled at combat start; the combat goes on.",
                f"{g.label(a)}の隠密：戦闘開始時に{g.label(d)}の防御を取り消します（戦闘は続行します）。",
                cards=[a.id, d.id], player=g.ctl(a)):
        att["defense_cancelled"] = True


@_rule("6.1.9.c", "1.10.14", "1.6.1.b", "2.10.3")
def _strike(g, window: str, first: bool, aid: str, a_inc, rec: str, d_inc) -> None:
    """6.2.4.d (first: characters with 先制) or 6.2.4.e (the others): the attacker deals its
    attack to the recipient, the defender its attack to the attacker, at the same time
    (1.10.3). A combatant no longer on the field deals and receives nothing."""
    b = g.b
    a = _on_field(g, aid, a_inc)
    to_card = rec in b.cards
    d = _on_field(g, rec, d_inc) if to_card else None
    if to_card and d is None and not first:
        g.note("combat", (window, "6.1.9.c"), f"{g.label(rec)} has left the field and is no "
               "longer a character: it deals and receives no combat damage; the combat goes on.",
               f"{g.label(rec)}は場を離れキャラクターではなくなったため、戦闘ダメージを与えず、受けません"
               "（戦闘は続行します）。", cards=[rec], readings=("removed-combatant",))
    dmgs = []
    if a is not None and a.has("先制") == first and (not to_card or d is not None):
        dmgs.append(Damage(a.id, rec, battle_stats(g, a)[0], "combat"))
    if d is not None and a is not None and d.has("先制") == first:
        dmgs.append(Damage(d.id, a.id, battle_stats(g, d)[0], "combat"))
    if not dmgs:
        return
    cites = (window,) + (("10.4.2.a",) if first else ()) + tuple(
        c for x in dmgs if g.b.cards[x.source].attack in (None, "-") for c in ("2.10.3", "1.6.1.b"))
    who = " and ".join(f"{g.label(x.source)} → {g.label(x.to)} {x.amount}" for x in dmgs)
    with g.step("combat", cites, ("First-strike timing: " if first else "Normal timing: ")
                + who + ".", ("先制のタイミング：" if first else "通常のタイミング：") + who + "。",
                cards=[x.source for x in dmgs], readings=("combat-damage-amount",)):
        done = deal(g, dmgs)
    for x in done:
        if x.to_player:
            g.combat["player_damage"].append({"source": x.source, "amount": x.amount,
                                              "pierce": x.pierce, "graze": x.snap.get("graze")})


@_rule("6.5.2.a", "6.5.2.b", "6.5.3.a", "6.5.3.b", "1.8.5", "2.8.3")
def _graze(g, p: str) -> None:
    """6.5: the player who received 1 or more combat damage from an opposing character, not
    貫通's, may put the top X cards of the own deck into the own nodes asleep; X = the graze of
    the character that dealt it."""
    b = g.b
    hits = [h for h in g.combat["player_damage"] if not h["pierce"] and h["amount"] >= 1]
    if not hits:
        if g.combat["player_damage"]:
            g.note("combat", ("6.2.4.g", "6.5.2.b"), f"{p} received only 貫通's combat damage: no "
                   "graze.", f"{p}が受けたのは貫通のダメージのみのため、グレイズは発生しません。",
                   player=p)
        return
    h = hits[0]
    x = h.get("graze") or 0
    src = h["source"]
    none_printed = ("2.8.3",) if h.get("graze") is None else ()
    with g.step("graze", ("6.2.4.g", "6.5.2.a", "6.5.2.b", "6.5.3.a") + none_printed, f"{p} received {h['amount']} combat damage from "
                f"{g.label(src)}, an opposing character: {p} may graze (X = its graze, {x}).",
                f"{p}は相手の場のキャラクター{g.label(src)}から戦闘ダメージを受けたため、グレイズを"
                f"行うことが出来ます（X＝グレイズの値{x}）。", player=p,
                readings=("graze-value-omitted",)):
        req = Request("6.5.3.a", p, f"Graze (top {x} card(s) of your deck to your nodes, "
                      "asleep)?", f"グレイズを行いますか（デッキの上から{x}枚をスリープ状態でノードに"
                      "加える）？", kind="yesno", cites=("6.5.3.a",))
        if not g.ask(req):
            g.note("graze", ("6.5.3.a",), f"{p} does not graze.", f"{p}はグレイズを行いません。",
                   player=p)
            return
        deck = b.cards_in(f"{p}.deck")
        cards = deck[:x]
        readings = ("graze-short-deck",) if len(deck) < x else ()
        with g.step("graze", ("6.5.3.b", "1.8.5"), f"{p} grazes: the top {len(cards)} card(s) "
                    f"of {p}'s deck go to {p}'s nodes, asleep and face down.",
                    f"{p}はグレイズを行い、デッキの上から{len(cards)}枚を裏向きのスリープ状態で"
                    "ノードに加えます。", cards=[c.id for c in cards], player=p, readings=readings):
            g.move(cards, f"{p}.nodes", state="sleep", face="down", reason="graze")


def _reset_and_end(g, cites: tuple) -> None:
    b = g.b
    h, i, j = cites
    hit = [c for c in b.characters() if c.combat_damage]
    with g.step("combat", (h, "1.10.13.d"), "Combat damage received by characters is reset"
                + (": " + ", ".join(f"{g.label(c)} {c.damage} → {c.effect_damage}" for c in hit)
                   if hit else " (none).") + ("." if hit else ""),
                "キャラクターが受けた戦闘ダメージをリセットします。", cards=[c.id for c in hit]):
        for c in hit:
            g.reset_damage(c, "combat")
    ending = [e for e in b.effects if e.get("until") == "combat_end"]
    with g.step("combat", (i,), "Effects lasting until end of combat end"
                + ("." if ending else " (none)."), "戦闘終了時までの効果の適用を終了します。"):
        for e in ending:
            g.remove_effect(e)
    if ending:  # 11.1.1: a character the ended modifier kept alive is 決死 now, before j
        kesshi_now(g, (i,), [b.cards[x] for e in ending for x in e.get("to", ())
                             if x in b.cards])
    before = [id(w) for w in b.waiting]
    with g.step("combat", (j,), "The effects and 自動γ of combat end resolve.",
                "戦闘終了時が条件の効果と「自動γ」を解決します。"):
        triggers.fire(g, "combat_end", j, subject=combatants(g))
        # 「この戦闘終了時、…」 made by an effect of either side (7.7.1), and any made meanwhile
        triggers.due_at(g, "combat_end", None, j, before)


def _end_early(g, att: dict) -> None:
    g.note("combat", (_cancel_leaf(g, att), "6.3.7"), f"The attack of {g.label(att['attacker'])} is "
           "cancelled during the combat (its character left the field): after the current step "
           "the combat ends (6.3.7.a–c).", f"戦闘の解決中に攻撃が取り消されたため、解決中の項を処理した"
           "直後に戦闘を終了します（6.3.7.a〜c）。", cards=[att["attacker"]])
    _reset_and_end(g, ("6.3.7.a", "6.3.7.b", "6.3.7.c"))
