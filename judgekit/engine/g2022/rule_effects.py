"""The rule effects of 1000s, checked and executed in 202.2a only (1001.2): LvUP (1002),
不正キャラ (1003), 退場ダメージ (1004), mission check (1006) and defeat (1007), in that order when
several are due (1001.2a). The condition effect (1005) is not checked here: it counts the turn
player's actions as they happen (judgekit.engine.g2022.missions).

A 202.2a run is a series of passes (reading batch-passes): each pass finds every rule effect
that is due and executes them in the 1001.2a order, re-checking each just before it runs
(reading revalidate); the run ends with a pass that finds nothing. The first pass after an
effect decides whether a 退場 is that effect's (1103.3, 1103.3b).
"""

from __future__ import annotations

from ..choices import Request
from . import missions, triggers
from .clauses import REGISTRY
from .effects import check_mission, retire
from .model import AREAS, MISSION_SLOTS, area_zone, opponent, zone_words
from .params import cannot, phase_of, power

NAMES = {"1002": ("LvUP effect", "LvUPエフェクト"), "1003": ("不正キャラ effect", "不正キャラエフェクト"),
         "1004": ("退場ダメージ effect", "退場ダメージエフェクト"),
         "1006": ("mission check effect", "ミッションチェックエフェクト"),
         "1007": ("defeat effect", "敗北エフェクト")}


# ---- what is due ----------------------------------------------------------------------------------
def crowded_areas(g) -> list[tuple[str, str, list]]:
    """(area zone, controller, charas) for every area holding several charas of one controller
    (1002.1 / 1003.1), the turn player's areas first."""
    b = g.b
    out = []
    for p in (b.turn_player, opponent(b.turn_player)):
        for a in AREAS:
            by_ctrl: dict[str, list] = {}
            for c in b.area_cards(p, a):
                by_ctrl.setdefault(c.controller, []).append(c)
            for ctrl, cs in by_ctrl.items():
                if len(cs) > 1:
                    out.append((area_zone(p, a), ctrl, cs))
    return out


def lethal(g, *, blocked: bool = False) -> list:
    """Charas in an area with damage ≥ power (1004.1) or power ≤ 0 (1004.2) — those that can
    退場, or (blocked=True) those a 「できない」 effect keeps (102.7): a rule effect whose action
    cannot be done is not one to execute."""
    out = []
    for c in g.b.charas():
        pw = power(g, c)
        if pw is not None and (pw <= 0 or c.damage >= pw) and cannot(g, c, "retire") == blocked:
            out.append(c)
    return out


def all_face_down(g, p: str) -> bool:
    ms = missions.missions_of(g, p)
    return len(ms) >= MISSION_SLOTS and all((m.face or "up") == "down" for m in ms)


def missions_1007_1(g) -> str | None:
    """Whose missions 1007.1 looks at (reading 1007.1-whose-missions): the turn player's by
    default, the non-turn player's under the alternative; asked only where the two differ
    (None: neither player's are all face down)."""
    tp = g.b.turn_player
    ntp = opponent(tp)
    down = {p: all_face_down(g, p) for p in (tp, ntp)}
    if down[tp] == down[ntp]:
        return tp if down[tp] else None
    alt = g.reading("1007.1-whose-missions", here=False)
    return ntp if alt == "non-turn-player" else tp


def defeats(g, ordinal: int) -> list[tuple[str, str]]:
    """(loser, clause) of 1007.1 / 1007.2, each only in its phase context."""
    b = g.b
    tp = b.turn_player
    phase = phase_of(b.step)
    out = []
    if phase == "mission":
        whose = missions_1007_1(g)
        if whose is not None and all_face_down(g, whose):
            out.append((opponent(tp), "1007.1"))
    if phase in ("start_draw", "end_draw") and ordinal == 1 and not b.pzone(tp, "deck"):
        out.append((tp, "1007.2"))
    return out


def detect(g, ordinal: int = 0) -> list[str]:
    """The kinds of rule effect due now, in the 1001.2a order."""
    out = []
    if crowded_areas(g):
        out.append("1002/1003")
    if lethal(g):
        out.append("1004")
    if missions.check_due(g):
        out.append("1006")
    if defeats(g, ordinal):
        out.append("1007")
    return out


# ---- a 202.2a run -------------------------------------------------------------------------------------
@REGISTRY.rule("202.2a", "1001.2", "1001.2a")
def rule_effect_passes(g, ordinal: int) -> None:
    """202.2a: passes until none is due. The first pass after an effect closes the window of
    1103.3 (attribution of a 退場 to that effect)."""
    for c in lethal(g, blocked=True):
        g.note("rule_effect", ("1004.1", "102.7"),
               f"{c.id} would 退場 by 退場ダメージ, but it cannot (a 「できない」 effect wins): it "
               "stays, and this is not a rule effect to execute.",
               f"{c.id}は退場ダメージエフェクトで退場するはずですが、退場「できない」ため留まります。",
               cards=(c.id,))
    k = 0
    while True:
        due = detect(g, ordinal)
        if not due:
            if k:
                g.note("rule_effect", ("202.2a",), f"202.2a pass {k + 1}: no rule effect is due.",
                       f"202.2a（{k + 1}回目のチェック）：実行すべきルールエフェクトはありません。")
            g.attrib.clear()
            return
        k += 1
        g.pass_no = k
        words = ", ".join(NAMES[d.split("/")[0]][0] if d != "1002/1003" else
                          "LvUP / 不正キャラ" for d in due)
        words_ja = "、".join(NAMES[d][1] if d != "1002/1003" else "LvUP／不正キャラ" for d in due)
        cites = ("202.2a", "1001.2") + (("1001.2a",) if len(due) > 1 else ())
        with g.step("rule_effect", cites, f"202.2a pass {k}: due — {words}.",
                    f"202.2a（{k}回目のチェック）：{words_ja}を実行します。",
                    readings=("batch-passes",) if len(due) > 1 else ()):
            if "1002/1003" in due:
                crowding(g, len(due) > 1)
            if "1004" in due:
                lethal_damage(g, k, revalidated="1002/1003" in due)
            if "1006" in due:
                for m in missions.check_due(g):
                    check_mission(g, m, cites=("1006.1",))
                    if phase_of(g.b.step) == "mission":
                        g.reading("recheck-in-mission-phase")
            if "1007" in due:
                defeat(g, ordinal)
        g.attrib.clear()  # 1103.3b: later passes are not the effect's


@REGISTRY.rule("1002.1", "1003.1")
def crowding(g, ordered: bool) -> None:
    """1002.1 / 1003.1: in each crowded area the controller picks one of the newest charas
    (asked once, reading one-newest-choice); highest and alone → LvUP, else 不正キャラ. Every
    LvUP of the pass runs before any 不正キャラ (1001.2a)."""
    b = g.b
    plan = []
    for zone, ctrl, cs in crowded_areas(g):
        newest = max(c.placed for c in cs)
        cands = [c for c in cs if c.placed == newest]
        if len(cands) > 1:
            with g.step("choice", ("1002.1", "1003.1"),
                        f"{zone_words(zone)} holds {len(cs)} charas of {ctrl}: {ctrl} chooses one "
                        f"of the most recently placed ({', '.join(c.id for c in cands)}).",
                        f"{zone_words(zone, 'ja')}に{ctrl}のキャラが{len(cs)}枚あるため、{ctrl}は最も"
                        "新しく置かれたキャラから1つを選びます。", player=ctrl,
                        readings=("one-newest-choice",)):
                pick = g.ask(Request("1002.1", ctrl, "the chara that stays (1002.1 / 1003.1)",
                                     "エリアに残るキャラ", [c.id for c in cands],
                                     fallback_keys=("1003.1",)))
            chosen = b.cards[pick]
        else:
            chosen = cands[0]
        others = [c for c in cs if c is not chosen]
        top = max((c.cost or 0) for c in others)
        plan.append((zone, ctrl, chosen, others, (chosen.cost or 0) > top))
    for zone, ctrl, chosen, others, up in sorted(plan, key=lambda t: not t[4]):
        if any(c.zone != zone for c in [chosen] + others):
            continue  # something moved them meanwhile (reading revalidate)
        (lvup if up else illegal_chara)(g, zone, ctrl, chosen, others, ordered)


def lvup(g, zone: str, ctrl: str, chosen, others: list, ordered: bool) -> None:
    b = g.b
    exps = [x for c in others for x in b.attached(c.id, "exp")]
    engs = [x for c in others for x in b.attached(c.id, "connect")]
    p = zone.split(".", 1)[0]
    moved = others + exps + engs
    with g.step("rule_effect", ("1002.1", "513.3") + (("1001.2a",) if ordered else ()),
                f"LvUP: {chosen.id} (cost {chosen.cost or 0}) is the newest and the only highest in "
                f"{zone_words(zone)}: {', '.join(c.id for c in others)}"
                + (f" and {', '.join(x.id for x in exps + engs)}" if exps or engs else "")
                + f" become {chosen.id}'s EXP. {chosen.id} levels up. This is not 退場: nothing "
                "goes to the energy.",
                f"LvUPエフェクト：{chosen.id}（コスト{chosen.cost or 0}）はエリア内で最も新しく、唯一"
                f"最も高いコストです。{'、'.join(c.id for c in others)}"
                + (f"と{'、'.join(x.id for x in exps + engs)}" if exps or engs else "")
                + f"を{chosen.id}のEXPゾーンに移動し、{chosen.id}はLvUPします。退場ではありません。",
                cards=(chosen.id,) + tuple(c.id for c in others), player=ctrl,
                readings=("lvup-engage-follows",) if engs else ()):
        g.move_batch([(c, f"{p}.exp") for c in others], reason="lvup")
        for x in moved:
            if x.id in b.cards and x.zone == f"{p}.exp":
                g.set_under(x, chosen.id)
    triggers.emit(g, [{"kind": "lvup", "card": g.snap(chosen), "player": ctrl}])
    missions.record(g, ctrl, "lvup", chosen.id)


def illegal_chara(g, zone: str, ctrl: str, chosen, others: list, ordered: bool) -> None:
    b = g.b
    exps = [x for c in others for x in b.attached(c.id, "exp")]
    why = ("its cost is not the highest" if (chosen.cost or 0) < max(c.cost or 0 for c in others)
           else "another chara there has the same highest cost")
    reads = ("controller-trash",) if any(c.owner != ctrl for c in others + exps) else ()
    owners = bool(reads) and (g.chosen.get("controller-trash")
                              or g.readings["controller-trash"]["default"]) == "owner"
    whose = "each card's owner's trash (502.5c)" if owners else f"the controller's ({ctrl}'s) trash"
    whose_ja = "それぞれの所有者のトラッシュ（502.5c）" if owners else f"支配者（{ctrl}）のトラッシュ"
    with g.step("rule_effect", ("1003.1",) + (("1001.2a",) if ordered else ())
                + (("502.5c",) if owners else ()),
                f"不正キャラ: {chosen.id} is the newest in {zone_words(zone)} but {why}: "
                f"{', '.join(c.id for c in others)}"
                + (f" and {', '.join(x.id for x in exps)}" if exps else "")
                + f" go to {whose}. This is not 退場.",
                f"不正キャラエフェクト：{chosen.id}は最も新しいキャラですが、"
                + ("コストが最も高くありません" if "not" in why else "同じコストを持つキャラがあります")
                + f"。{'、'.join(c.id for c in others + exps)}を{whose_ja}に移動します。"
                "退場ではありません。", cards=(chosen.id,) + tuple(c.id for c in others),
                player=ctrl, readings=reads):
        g.move_batch([(c, f"{c.owner if owners else ctrl}.trash") for c in others + exps],
                     reason="illegal")


@REGISTRY.rule("1004.1", "1004.2", "1103.3", "1103.3b", "1102.1", "1102.2")
def lethal_damage(g, k: int, revalidated: bool = False) -> None:
    """1004.1 / 1004.2: every such chara 退場s, all at once (501.5). Attribution: in the first
    pass after an effect, to that effect's source (1103.3); in a later pass to no earlier
    effect (1103.3b); damage from the battle step → 'retired in battle' (1102)."""
    cs = lethal(g)
    if not cs:
        g.note("rule_effect", ("1001.2a",), "退場ダメージ: checked again just before it runs, no "
               "chara is due any more.",
               "退場ダメージエフェクト：改めて確認すると、退場するキャラはありません。",
               readings=("revalidate",))
        return
    if revalidated:
        g.reading("revalidate")
    per_card = {}
    cites = []
    reads: list[str] = []
    uncredited: list[str] = []  # reading attribution-after-trigger=procedure-first
    for c in cs:
        pw = power(g, c)
        cites += ["1004.2" if pw <= 0 else "1004.1", "306.1"]
        if pw != c.power:
            cites.append("911.1c")
        if c.id in g.attrib and k == 1:
            # an effect's damage after the battle's (an auto ability resolved in this very
            # pre-processing) is the last: the 退場 is that effect's (1103.3, 1103.3a)
            cites.append("1103.3")
            if c.id in g.battle_marks:
                cites.append("1103.3a")
            if g.after_trigger:
                reads.append("attribution-after-trigger")
                if g.reading("attribution-after-trigger", here=False) == "procedure-first":
                    uncredited.append(c.id)
                    continue
            per_card[c.id] = {"cause": "effect", "source": g.attrib[c.id]}
        elif c.id in g.battle_marks:
            per_card[c.id] = {"cause": "battle", "attacker": g.battle_marks[c.id]}
            cites += ["1102.1", "1102.2"]
        elif k > 1:
            cites.append("1103.3b")
    lines = []
    for c in cs:
        pw = power(g, c)
        pc = per_card.get(c.id, {})
        how = (f"power {pw} ≤ 0" if pw <= 0 else f"damage {c.damage} ≥ power {pw}")
        by = {"battle": f"; retired in battle by {pc.get('attacker')} (1102)",
              "effect": f"; retired by {pc.get('source')}'s effect (1103.3)"}.get(pc.get("cause"),
                                                                                   "")
        if not pc and k > 1:
            by = "; a later pass: not by any earlier effect (1103.3b)"
        if c.id in uncredited:
            by = (f"; not by {g.attrib[c.id]}'s effect: this pre-processing's first rule effect "
                  "came before the auto ability that dealt the damage (1103.3)")
        lines.append(f"{c.id} ({how}{by})")
    with g.step("rule_effect", tuple(dict.fromkeys(cites)),
                "退場ダメージ: " + "; ".join(lines) + ".",
                "退場ダメージエフェクト：" + "、".join(c.id for c in cs) + "は退場します。"
                + ("".join(f"{u}はこの優先権前処理の最初のルールエフェクトの後に解決した自動能力の"
                           "ダメージによるため、その発生源により退場したとはみなしません。"
                           for u in uncredited)),
                cards=tuple(c.id for c in cs), readings=tuple(reads)):
        retire(g, cs, cause="rule", per_card=per_card)
        if any(pc.get("cause") == "battle" for pc in per_card.values()):
            for cid, pc in per_card.items():
                if pc.get("cause") == "battle":
                    g.note("rule_effect", ("1102.1", "1102.2"),
                           f"{cid} 「バトルで退場した」; {pc['attacker']} 「バトルで退場させた」.",
                           f"{cid}は「バトルで退場した」、{pc['attacker']}は「バトルで退場させた」"
                           "とみなされます。", cards=(cid, pc["attacker"]))


@REGISTRY.rule("1007.1", "1007.2")
def defeat(g, ordinal: int) -> None:
    """1007.1 (the turn player's mission phase, reading 1007.1-whose-missions) and 1007.2 (the
    first pre-processing of a draw phase, reading first-pre-processing)."""
    found = defeats(g, ordinal)
    if not found:
        return
    tp = g.b.turn_player
    cites, reads, why, why_ja, mention = [], [], [], [], []
    for loser, cl in found:
        cites.append(cl)
        if cl == "1007.1":
            whose = missions_1007_1(g)
            if all_face_down(g, tp) != all_face_down(g, loser):
                reads.append("1007.1-whose-missions")
            else:
                mention.append("1007.1-whose-missions")
            why.append(f"in {tp}'s mission phase all of {whose}'s missions are face down: "
                       f"{loser} (non-turn player) loses (1007.1)")
            why_ja.append(f"{tp}のミッションフェイズの優先権前処理で{whose}のミッションがすべて裏向きの"
                          f"ため、非ターンプレイヤー{loser}は敗北します（1007.1）")
        else:
            reads.append("first-pre-processing")
            why.append(f"the first pre-processing of the draw phase finds {tp}'s deck empty: "
                       f"{tp} (turn player) loses (1007.2)")
            why_ja.append(f"ドローフェイズの最初の優先権前処理で{tp}のデッキが0枚のため、ターン"
                          f"プレイヤー{tp}は敗北します（1007.2）")
    with g.step("rule_effect", tuple(cites), "Defeat effect: " + "; ".join(why) + ".",
                "敗北エフェクト：" + "。".join(why_ja) + "。", readings=tuple(reads)):
        for rid in mention:  # both readings of 1007.1 agree here
            g.reading(rid, depend=False)
    g.lose([l for l, _ in found], tuple(cites), "; ".join(why), "。".join(why_ja))
