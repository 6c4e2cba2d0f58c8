"""Priority actions that use cards: node set (1.8.2–1.8.3), playing a card (5.2–5.6), using an
activated effect (7.3), paying costs (1.8.7–1.8.9); and the resolution of an interference
(1.12.8): its entries last-first (5.2.4, 7.3.5), then the combat of an attack (6.2.4).

Playing and using are atomic (5.2.3, 7.3.4): nothing resolves in between; the played card or
used effect becomes an entry of the innermost interference, which it starts if none is running
(1.12.6), and priority moves to the next player (5.2.3.g, 7.3.4.f).
"""

from __future__ import annotations

from ..choices import Request
from ..game import IllegalAction
from . import triggers
from .clauses import REGISTRY
from .effects import (SUSPEND, Ctx, apply, kesshi_now, legal_target, legal_targets, target_spec,
                      targets_ok)
from .model import TYPE_JA, opponent, zone_kind

_rule = REGISTRY.rule

# the activated effects a keyword gives (chapter 10), usable as `{use: C, ability: <keyword>}`
KEYWORD_ABILITIES = {
    "リーダー": {"activated": "opponent_turn", "cost": 0, "clause": "10.34.2.d",
                "text": "(相手ターン)0: 〔このキャラクターにセットされている「人気」1枚〕を破棄する。"
                        "このターン、〔あなた〕が次にダメージを受ける場合、そのダメージを無効とする。",
                "effect": [{"discard": "popularity"},
                           {"prevent_next_damage": "you", "until": "turn_end"}]},
    "変身": {"activated": "always", "cost": 0, "clause": "10.28.2.b",
             "text": "(常時)0: この効果の解決時にこのキャラクターがアクティブ状態の場合、次のあなたのターン"
                     "開始時まで〔このキャラクター〕を変身状態にする。",
             "effect": [{"transform": "self"}]},
    "マナチャージ": {"activated": "your_turn", "cost": {"sleep": "self"}, "clause": "10.12.2.a",
                "text": "(自分ターン) S: 〔あなたのデッキの上のカード X枚〕をスリープ状態でノードに加える。",
                "effect": []},
}


def _illegal(en: str, ja: str, cites) -> IllegalAction:
    return IllegalAction(en, ja, cites)


def _num(v) -> int | None:
    """Required nodes / cost as a number: Nullity = 0 (2.4.4), '-' = None (2.4.3)."""
    if v is None or v == "Nullity":
        return 0
    if v == "-":
        return None
    return int(v)


# ---- costs (1.8.7–1.8.9) ---------------------------------------------------------------------

def can_pay(g, p: str, n: int) -> bool:
    """1.8.7.a/b/d: each node pays at most one point — by sleeping an active node or
    discarding a sleeping one."""
    return n <= len(g.nodes(p))


@_rule("1.8.7.a", "1.8.7.b", "1.8.7.d", "1.8.7.g", "1.8.7.i", "1.8.9.e")
def pay_nodes(g, p: str, n: int, label: str) -> None:
    """Pay n from p's nodes at once and exactly (1.8.7.f–g): an active node to sleep is 1
    (a), a sleeping node discarded is 1 (b), straight to the netherworld (1.8.7.i)."""
    if n <= 0:
        return
    active, asleep = g.nodes(p, "active"), g.nodes(p, "sleep")
    if n > len(active) + len(asleep):
        raise _illegal(f"{label}: a cost of {n} cannot be paid from {len(active) + len(asleep)} "
                       "node(s) — one node pays at most 1 (1.8.7.d)",
                       f"{label}：ノード{len(active) + len(asleep)}枚ではコスト{n}を支払えません",
                       ("1.8.9.e", "1.8.7.d"))
    lo, hi = max(0, n - len(asleep)), min(len(active), n)
    known = [c for c in active + asleep if c.known]
    if known:
        req = Request("1.8.7", p, f"{label}: which {n} node(s) pay the cost (an active node is "
                      "turned to sleep, a sleeping one discarded)?", f"{label}：コストの支払いに使う"
                      f"ノード{n}枚を選んでください。", [(c.id, _node_label(g, c)) for c in
                                                   active + asleep], kind="many", min=n, max=n,
                      cites=("1.8.7",))
        chosen = [g.b.cards[i] for i in g.ask(req)]
        to_sleep = [c for c in chosen if c.state == "active"]
        to_discard = [c for c in chosen if c.state == "sleep"]
    else:
        if lo == hi:
            k = lo  # one way to pay: no choice
        else:
            req = Request("1.8.7", p, f"{label}: how many sleeping nodes are discarded (the rest "
                          "of the cost turns active nodes to sleep)?", f"{label}：破棄するスリープ状態"
                          "のノードの枚数（残りはアクティブ状態のノードをスリープ状態にします）",
                          [(n - k, f"discard {n - k}, sleep {k}") for k in range(lo, hi + 1)],
                          cites=("1.8.7",))
            k = n - g.ask(req)
        to_sleep, to_discard = active[:k], asleep[:n - k]
    cites = (("1.8.7.a",) if to_sleep else ()) + (("1.8.7.b", "1.8.7.i") if to_discard else ())
    with g.step("cost", cites + ("1.8.7.g",), f"{p} pays {n}: "
                + ", ".join(([f"{len(to_sleep)} active node(s) to sleep"] if to_sleep else [])
                            + ([f"{len(to_discard)} sleeping node(s) discarded to the "
                                "netherworld"] if to_discard else [])) + ".",
                f"{p}は{n}コストを支払います：" + "、".join(
                    ([f"アクティブ状態のノード{len(to_sleep)}枚をスリープ状態に"] if to_sleep else [])
                    + ([f"スリープ状態のノード{len(to_discard)}枚を破棄"] if to_discard else []))
                + "。", cards=[c.id for c in to_sleep + to_discard], player=p):
        for c in to_sleep:
            g.set_state(c, "sleep")
        for c in to_discard:
            g.move([c], g.owner_zone(c, "netherworld"), reason="cost")


def _node_label(g, c) -> str:
    return f"{g.label(c)} ({c.state})"


# ---- node set (1.8.2, 1.8.3) ----------------------------------------------------------------------

@_rule("1.8.2", "1.8.2.a", "1.8.2.b", "1.8.2.c", "1.8.2.d", "1.8.3.b", "1.8.5")
def node_set(g, cid: str, p: str) -> None:
    b = g.b
    if b.turn_player != p:
        raise _illegal("node set is declared by the turn player (1.8.2)",
                       "ノードセットはターンプレイヤーが行います", ("1.8.2",))
    if b.phase != "main":
        raise _illegal("node set is declared in the main phase, with priority (1.8.2.a)",
                       "ノードセットはメインフェイズに行います", ("1.8.2.a",))
    if b.interference:
        raise _illegal("node set is not possible once an interference has started (1.8.2.b)",
                       "干渉が開始されているためノードセットは出来ません", ("1.8.2.b",))
    if b.turn_flags.get("node_set"):
        raise _illegal("a node set has already resolved this turn (1.8.2.c)",
                       "このターン中に既にノードセットが解決されています", ("1.8.2.c",))
    c = b.cards.get(cid)
    if c is None or c.zone != f"{p}.hand":
        raise _illegal(f"{cid} is not in {p}'s hand (1.8.2.d)", f"{cid}は{p}の手札にありません",
                       ("1.8.2.d",))
    with g.step("node", ("1.8.2", "1.8.3.b", "1.8.5", "1.12.3"), f"{p} sets {g.label(c)} as a node: face "
                "down and active into the node area. Priority does not move and no "
                "interference starts.", f"{p}は{g.label(c)}をノードにセットします（裏向き・アクティブ"
                "状態）。優先権は移らず、干渉も開始されません。", cards=[c.id], player=p):
        g.move([c], f"{p}.nodes", state="active", face="down", reason="node")
        b.turn_flags["node_set"] = True
        g.change({"op": "turn_flag", "flag": "node_set", "to": True})


# ---- playing a card (5.2–5.6) ------------------------------------------------------------------

def _caster_present(g, c, p: str) -> bool:
    """5.5.7 / 12.3.1: a character on p's field whose name includes the spell's caster (and
    that 封術 does not keep from being treated as it, 10.31.2.a)."""
    from .keywords import caster_present

    return caster_present(g, c, p, note=True)


def _alt_race_present(g, c, p: str) -> bool:
    alt = c.alt_race or {}
    race, n = alt.get("race"), alt.get("count", 1)
    return bool(race) and sum(1 for x in g.b.characters(p) if race in x.races) >= n


@_rule("5.2.2", "5.2.2.c", "5.4.1", "5.5.1", "5.6.1.a", "10.3.2.a", "10.3.3", "2.4.3", "2.4.4", "5.5.6",
       "5.6.6", "8.2.4", "5.2.3", "5.2.3.g", "1.12.6.a")
def play_card(g, a: dict, p: str) -> None:
    b = g.b
    cid = a["play"]
    c = b.cards.get(cid)
    if c is None or c.zone != f"{p}.hand":
        raise _illegal(f"{cid} is not in {p}'s hand (5.2.1)", f"{cid}は{p}の手札にありません",
                       ("5.2.2",))
    lab = g.label(c)
    from . import keywords as kw
    from .stats import forbid

    no = forbid(g, c, "play")
    if no is not None:  # 1.3.2; 10.3.3: even with 奇襲
        amb = ("10.3.3",) if c.has("奇襲") and c.type == "character" else ()
        raise _illegal(f"{lab} cannot be played: {no.words()[0]} forbids it, and 「出来ない」 "
                       "wins (1.3.2)" + (" — even with 奇襲 (10.3.3)" if amb else ""),
                       f"{lab}はプレイ出来ません（{no.words()[1]}。出来ないという効果が優先されます）",
                       ("1.3.2",) + amb)
    kw_cites = list(kw.check_play(g, c, p))
    kw_cites += _timing(g, c, p, a)
    need, cost = _num(c.need), (0 if c.cost == "X" else _num(c.cost))
    x, xe, xj = None, "", ""
    if cost is None:
        raise _illegal(f"{lab} has cost '-': it cannot be played (2.4.3)",
                       f"{lab}はコストが「-」のためプレイできません", ("2.4.3",))
    ignore = bool(a.get("ignore_cost"))
    readings = ["cost-omitted", "card-type-omitted"]
    if ignore:
        if c.type == "spell" and _caster_present(g, c, p):
            why = ("5.5.6",)
        elif c.type == "command" and _alt_race_present(g, c, p):
            why = ("5.6.6",)
            readings.append("alt-race-omitted")
        else:
            raise _illegal(f"{lab}: required nodes and cost can be ignored only with the "
                           "spell's caster (5.5.6) or the command's alternative race (5.6.6) "
                           f"on {p}'s field", f"{lab}の必要ノードとコストを無視する条件を満たしていません",
                           ("5.5.6", "5.6.6"))
    else:
        from .costs import play_cost

        cost, x, xc, xe, xj = play_cost(g, c, p, "X" if c.cost == "X" else cost, a.get("x"),
                                        len(g.nodes(p)))
        kw_cites += list(xc)
        if len(g.nodes(p)) < need:
            raise _illegal(f"{lab} needs {need} node(s); {p} has {len(g.nodes(p))} (5.2.2.c)",
                           f"{lab}の必要ノードは{need}ですが、{p}のノードは{len(g.nodes(p))}枚です",
                           ("5.2.2.c",))
        if not can_pay(g, p, cost):
            raise _illegal(f"{lab}: a cost of {cost} cannot be paid from {len(g.nodes(p))} "
                           "node(s) — one node pays at most 1 (1.8.7.d), so the play cannot be "
                           "attempted (1.8.9.e)", f"{lab}のコスト{cost}は支払えないため、プレイを試みる"
                           "ことは出来ません", ("1.8.9.e", "1.8.7.d"))
    spec = play_target_spec(c)
    if c.has("神器"):
        kw.divine_tool_target(g, c, list(a.get("targets", [])))
    targets = _choose_targets(g, a, spec, p, c.type, lab,
                              keep=kw.legend_only(g) if c.has("神器") else None)
    kw_cites += kw.divine_tool_target(g, c, targets)
    defend = bool(a.get("defend"))
    if defend:
        _check_ambush_defense(g, c, p)
    fr = b.frame()
    start = fr is None
    cites = ["5.2.3", "5.2.3.g"] + (["1.12.6.a"] if start else [])
    # the conditions met (5.2.2): the type's timing, the node count, the targets
    if c.type == "command":
        cites.insert(0, "5.6.1.a")  # priority is all a command needs
    elif c.type == "character" and c.has("奇襲"):
        cites.insert(0, "10.3.2.a")
    else:
        cites.insert(0, "5.4.1" if c.type == "character" else "5.5.1")
    if not ignore and need:
        cites.insert(1, "5.2.2.c")
    if "Nullity" in (c.need, c.cost):
        cites.insert(1, "2.4.4")
    if targets:
        cites.append("8.2.4")
        if "played" in spec:
            cites.append("3.8.2")  # 〔プレイされているカード〕: a card in the play area
    if defend:
        cites.append("10.3.2.b")
    cites.insert(0, "5.2.2")
    cites += [x for x in kw_cites if x not in cites]
    with g.step("play", cites, f"{p} plays {lab} ({c.type}): it goes face up to the play area"
                + (f", targeting {', '.join(g.label(t) for t in targets)}" if targets else "")
                + (", declared as a defense" if defend else "")
                + ("" if ignore else f", cost {cost}{xe}") + ".",
                f"{p}は{lab}（{TYPE_JA.get(c.type, c.type)}）をプレイし、表向きでプレイエリアに置きます"
                f"{xj}。",
                cards=[c.id] + targets, player=p, readings=readings):
        g.move([c], f"{p}.play", face="up", reason="play")
        once = kw.record_once(g, c, p)
        if once:
            g.note("keyword", once, f"{lab} has been played: until the end of the turn {p} cannot "
                   f"play a card named 「{c.name}」.", f"{lab}をプレイしたため、ターン終了時まで{p}は"
                   f"「{c.name}」と同名のカードをプレイする事は出来ません。", cards=[c.id], player=p)
        if c.has("世界呪符"):  # 5.5.1.d counts the play itself
            b.turn_flags["world_talisman_played"] = True
            g.change({"op": "turn_flag", "flag": "world_talisman_played", "to": True})
        if ignore:
            g.note("play", why, f"{p} ignores the required nodes, the cost check and the "
                   "payment, all together.", f"{p}は必要ノードの確認とコストの確認、コストの支払いを"
                   "一括して無視します。", player=p)
        else:
            pay_nodes(g, p, cost, lab)
        if start:
            b.interference.append({"entries": [], "attack": None, "used": [],
                                   "resolving": False})
            g.change({"op": "interference+"})
        e = {"play": c.id, "player": p}
        if targets:
            e["targets"] = targets
            e["_inc"] = {t: b.cards[t].incarnation for t in targets}
        if ignore:
            e["ignore_cost"] = True
        if x is not None:
            e["x"] = x
        if defend:
            e["defend"] = True
        b.frame()["entries"].append(e)
        g.change({"op": "entry+", "entry": {k: v for k, v in e.items() if k[0] != "_"}})
        if targets and kw.blessing(g, c, p, targets, e, can_pay, pay_nodes):
            kw.resist(g, c, p, targets, e, can_pay, pay_nodes)


ON_FIELD = {"幻想生物": ("sleep", "10.16.2.a"), "世界呪符": ("active", "10.17.2.a"),
            "装備/場": ("active", "10.15.2.a")}  # set on your field when they resolve
ATTACH = {"装備": ({"character": "you"}, "equipment", "10.13.2.a"),
          "呪符": ({"character": "any"}, "talisman", "10.14.2.a")}  # set on a target character


def play_target_spec(c) -> dict | None:
    """What the card targets when played: its played-card effect's 〔…〕, or the character
    装備 (10.13.2.a: your character) or 呪符 (10.14.2.a: any character) is set on."""
    ab = played_ability(c)
    if ab is not None and target_spec(ab) is not None:
        return target_spec(ab)
    for word, (spec, _, _) in ATTACH.items():
        if c.has(word):
            return spec
    return None


def played_ability(c) -> dict | None:
    """The card's played-card effect (7.2): its ability with `effect:` and no other kind."""
    for ab in c.abilities:
        if "effect" in ab and "activated" not in ab and "auto" not in ab:
            return ab
    return None


@_rule("5.4.1.a", "5.4.1.b", "5.4.1.c", "5.4.1.d", "5.4.1.e", "5.5.1.a", "5.5.1.b", "5.5.1.c",
       "5.5.1.d")
def _timing(g, c, p: str, a: dict) -> list:
    """The type's conditions: 5.4.1 characters, 5.5.1 spells, 5.6.1.a commands. Returns the
    keyword clauses that changed them (ラストスペル, 10.30.2.a)."""
    b = g.b
    lab = g.label(c)
    main = b.turn_player == p and b.phase == "main" and not b.interference
    if c.type == "character":
        if c.has("奇襲"):
            return []  # 10.3.2.a: command timing — priority is enough
        if not main:
            leaf = _main_leaf(g, p, "5.4.1")
            raise _illegal(f"{lab}: a character card is played by the turn player in the main "
                           f"phase with no interference ({leaf})",
                           f"{lab}：キャラクターカードはターンプレイヤーが干渉のないメインフェイズにプレイします",
                           (leaf,))
        if not c.has("人形") and b.turn_flags.get("character_played"):
            raise _illegal(f"{lab}: a character card without 奇襲 or 人形 has already resolved "
                           "this turn (5.4.1.d)", f"{lab}：このターン中に既にキャラクターカードのプレイが"
                           "解決されています", ("5.4.1.d",))
        if c.has("人形") and b.turn_flags.get("doll_played"):
            raise _illegal(f"{lab}: a 人形 character card has already resolved this turn "
                           "(5.4.1.e)", f"{lab}：このターン中に既に人形を持つキャラクターカードのプレイが"
                           "解決されています", ("5.4.1.e",))
    elif c.type == "spell":
        from .keywords import last_spell_timing

        if not main and last_spell_timing(g, c, p):
            return ["10.30.2.a"]
        if not main:
            leaf = _main_leaf(g, p, "5.5.1")
            raise _illegal(f"{lab}: a spell card is played by the turn player in the main phase "
                           f"with no interference ({leaf})",
                           f"{lab}：スペルカードはターンプレイヤーが干渉のないメインフェイズにプレイします",
                           (leaf,))
        if c.has("世界呪符") and b.turn_flags.get("world_talisman_played"):
            raise _illegal(f"{lab}: a 世界呪符 spell has already been played this turn (5.5.1.d)",
                           f"{lab}：このターン中に既に世界呪符を持つスペルカードをプレイしています",
                           ("5.5.1.d",))
    elif c.type != "command":
        raise _illegal(f"{lab} has no card type (character, spell or command, 2.2.2)",
                       f"{lab}にはカードの種類がありません", ("5.2.2",))
    return []


def _main_leaf(g, p: str, parent: str) -> str:
    """Which of the shared conditions a–c of 5.4.1 / 5.5.1 (turn player; main phase with
    priority; no interference) fails."""
    b = g.b
    if b.turn_player != p:
        return f"{parent}.a"
    if b.phase != "main":
        return f"{parent}.b"
    return f"{parent}.c"


@_rule("8.2.4", "8.2.4.a", "8.2.6.b")
def _choose_targets(g, a: dict, spec, p: str, source_type, lab: str,
                    keep=None) -> list[str]:
    """8.2.4: targets are chosen at the play or use; without a legal one it cannot be made.
    A target 〔…1枚〕 is named exactly (8.2.6.b): more than one is an illegal play or use.
    `keep`: what the card's own keywords allow (神器, 10.25.2.a)."""
    if spec is None:
        return []
    given = list(a.get("targets", []))
    if len(given) > 1:
        raise _illegal(f"{lab} has one target (目標の〔…1枚〕) but {len(given)} are named "
                       f"({', '.join(map(str, given))}); a target with a count is named exactly "
                       "(8.2.6.b)", f"{lab}の目標は1枚ですが、{len(given)}枚が指定されています"
                       "（目標は過不足なく指定します）", ("8.2.6.b",))
    opts = legal_targets(g, spec, p, source_type)
    if keep is not None:
        opts = [t for t in opts if keep(t)]
    if not opts:
        raise _illegal(f"{lab}: there is no legal target (8.2.4.a, 5.2.2.e)",
                       f"{lab}：適切な目標が存在しません", ("8.2.4.a",))
    if not given:
        if len(opts) == 1:
            return opts
        raise _illegal(f"{lab}: name its target with `targets:` (legal: {', '.join(opts)})",
                       f"{lab}：`targets:`で目標を指定してください", ("8.2.4",))
    for t in given:
        if not legal_target(g, spec, t, p, source_type):
            from .stats import forbid

            no = forbid(g, g.b.cards[t], "be_targeted") if t in g.b.cards and \
                g.b.is_character(g.b.cards[t]) else None
            if no is not None:
                raise _illegal(f"{lab}: {t} cannot be chosen as a target: {no.words()[0]} "
                               "forbids it, and 「出来ない」 wins (1.3.2)",
                               f"{lab}：{t}は目標にできません（{no.words()[1]}。出来ないという"
                               "効果が優先されます）", ("8.2.4", "1.3.2"))
            extra = (" — a リーダー is not a legal target of the opponent's command cards "
                     "(10.34.2.a)") if t in g.b.cards and g.b.cards[t].has("リーダー") else ""
            raise _illegal(f"{lab}: {t} is not a legal target{extra} (8.2.4)",
                           f"{lab}：{t}は適切な目標ではありません", ("8.2.4",)
                           + (("10.34.2.a",) if extra else ()))
    return given


@_rule("10.3.2.b")
def _check_ambush_defense(g, c, p: str) -> None:
    b = g.b
    fr = b.frame()
    att = fr.get("attack") if fr else None
    later = b.attack_priority != p and att is not None and not att.get("cancelled") and \
        not att.get("defender") and b.priority == p and att.get("attacker") in b.cards and \
        g.ctl(b.cards[att["attacker"]]) != p
    if later and c.has("奇襲") and c.has("速攻"):
        # reading ambush-direct: is a play with a later priority, the attack still undefended,
        # a direct answer to it?
        if g.reading("ambush-direct", here=False) == "attack-pending":
            g.note("play", ("10.3.2.b",), f"{g.label(c)} is played while {p}'s answer to the "
                   "attack is still open (no defender yet): under this reading it is a direct "
                   "answer to the attack, so it may defend.",
                   f"{g.label(c)}は攻撃に防御キャラクターがいない間にプレイされます。この読み方では攻撃に"
                   "対する直接の干渉であり、防御させることを選択できます。", player=p,
                   readings=("ambush-direct",))
            return
    if not (c.has("奇襲") and c.has("速攻")) or att is None or att.get("defender") \
            or b.attack_priority != p:
        raise _illegal(f"{g.label(c)}: only a card with 奇襲 and 速攻 played in direct answer to "
                       "an attack (with the priority the attack moved) may be declared as a "
                       "defense (10.3.2.b, 10.3.4)", f"{g.label(c)}は防御を兼ねてプレイできません",
                       ("10.3.2.b", "10.3.4"))
    g.reading("ambush-direct", depend=False)  # the attack-moved priority: both readings agree


# ---- using an activated effect (7.3) ---------------------------------------------------------------

def activated(c, which) -> tuple[str, dict] | None:
    """The activated effect `which` (1-based index or a keyword) of card c."""
    if isinstance(which, str) and not which.isdigit():
        word = which
        if c.has(word) and word in KEYWORD_ABILITIES:
            ab = dict(KEYWORD_ABILITIES[word])
            if word == "マナチャージ":
                ab["effect"] = [{"to_nodes": int(c.keyword(word))}]
            return word, ab
        return None
    i = int(which or 1)
    if 1 <= i <= len(c.abilities) and "activated" in c.abilities[i - 1]:
        return str(i), c.abilities[i - 1]
    return None


@_rule("7.3.3", "7.3.3.b", "7.3.3.d", "7.3.3.f", "7.3.3.g", "7.3.4", "7.3.4.f", "7.3.6", "7.3.7",
       "1.12.6.b", "10.34.2.d", "10.12.2.a")
def use_ability(g, a: dict, p: str) -> None:
    b = g.b
    cid = a["use"]
    c = b.cards.get(cid)
    which = a.get("ability", 1)
    if c is None or c.zone != f"{p}.field" or not c.is_face_up or b.host_of(c) is not None:
        raise _illegal(f"{cid} is not a card with valid text on {p}'s field (7.3.1.a, 7.3.3.b)",
                       f"{cid}は{p}の場にあり、テキストが有効なカードではありません", ("7.3.3.b",))
    found = activated(c, which)
    if found is None:
        raise _illegal(f"{cid} has no activated effect {which}", f"{cid}に起動効果{which}はありません",
                       ("7.3.3",))
    key, ab = found
    lab = f"{g.label(c)} ({ab.get('text') or key})"
    from .stats import forbid

    no = forbid(g, c, "use")
    if no is not None:
        raise _illegal(f"{lab} cannot be used: {no.words()[0]} says its activated effects "
                       "cannot be used, so their use cannot be attempted (7.3.7), and 「出来ない」 "
                       "wins (1.3.2)", f"{lab}は使用できません（{no.words()[1]}。起動効果を使用"
                       "出来ない効果が適用されているため、使用を試みることが出来ません）",
                       ("7.3.7", "1.3.2"))
    timing = ab.get("activated")
    if timing == "your_turn" and b.turn_player != p:
        raise _illegal(f"{lab}: (自分ターン) effects are used in your own turn (7.3.3.f)",
                       f"{lab}：(自分ターン)の起動効果は自分のターンにのみ使用できます", ("7.3.3.f",))
    if timing == "opponent_turn" and b.turn_player == p:
        raise _illegal(f"{lab}: (相手ターン) effects are used in the opponent's turn (7.3.3.g)",
                       f"{lab}：(相手ターン)の起動効果は相手のターンにのみ使用できます", ("7.3.3.g",))
    fr = b.frame()
    used = f"{c.id}#{key}"
    if fr is not None and used in fr["used"]:
        raise _illegal(f"{lab} has already been used in this interference (7.3.6)",
                       f"{lab}はこの干渉内で既に使用されています", ("7.3.6",))
    cost = ab.get("cost", 0)
    nodes = cost if isinstance(cost, int) else int(cost.get("nodes", 0))
    sleep_self = isinstance(cost, dict) and cost.get("sleep") == "self"
    if sleep_self and c.state != "active":
        raise _illegal(f"{lab}: its cost turns it to sleep, and it is not active (1.8.8.a, "
                       "7.3.3.d)", f"{lab}：スリープアイコンのコストを支払えません", ("7.3.3.d",))
    if not can_pay(g, p, nodes):
        raise _illegal(f"{lab}: a cost of {nodes} cannot be paid (1.8.9.e)",
                       f"{lab}：コストを支払えません", ("1.8.9.e",))
    spec = target_spec(ab)
    if spec is not None and "played" in spec:
        raise _illegal(f"{lab}: an activated effect aiming at a card being played is not "
                       "executed by this engine (only a played card's effect may target one, "
                       "where 抵抗 10.26.2.a is applied); see docs/board-format-thv.md",
                       f"{lab}：プレイされているカードを目標とする起動効果は、このエンジンでは"
                       "実行されません", ())
    targets = _choose_targets(g, a, spec, p, c.type, lab)
    start = fr is None
    cites = ["7.3.3", "7.3.6", "7.3.4", "7.3.4.f"] + (["1.12.6.b"] if start else [])
    if targets:
        cites.append("8.2.4")
    if ab.get("clause"):
        cites.append(ab["clause"])
    with g.step("use", cites, f"{p} uses {lab}"
                + (f", targeting {', '.join(g.label(t) for t in targets)}" if targets else "")
                + ".", f"{p}は{lab}を使用します。", cards=[c.id] + targets, player=p):
        if sleep_self:
            g.set_state(c, "sleep")
        pay_nodes(g, p, nodes, lab)
        if start:
            b.interference.append({"entries": [], "attack": None, "used": [],
                                   "resolving": False})
            g.change({"op": "interference+"})
        e = {"use": c.id, "ability": key if not key.isdigit() else int(key), "player": p,
             "_inc": {c.id: c.incarnation}}
        if targets:
            e["targets"] = targets
            e["_inc"].update({t: b.cards[t].incarnation for t in targets})
        b.frame()["entries"].append(e)
        b.frame()["used"].append(used)
        g.change({"op": "entry+", "entry": {k: v for k, v in e.items() if k[0] != "_"}})


# ---- resolving an interference (1.12.8) ------------------------------------------------------------

def entry_label(g, e: dict) -> str:
    if "play" in e:
        return g.label(e["play"])
    return f"{g.label(e['use'])} (activated effect {e.get('ability', 1)})"


@_rule("5.2.4.a", "5.2.4.b", "5.2.4.c", "5.2.4.d", "3.8.5", "5.4.2", "5.4.3", "6.1.8.a",
       "11.3.9.a", "11.3.9.b", "11.3.9.c", "11.3.9.d", "10.2.2.a")
def resolve_play(g, fr: dict, e: dict, resume: dict | None = None):
    """5.2.4: a played card resolves. Returns SUSPEND when its effect started a nested
    interference (the rest resumes later)."""
    b = g.b
    c = b.cards.get(e["play"])
    p = e["player"]
    lab = g.label(e["play"])
    if resume is None:
        if c is None or c.zone != f"{p}.play":
            g.note("resolve", ("5.2.4.b", "1.12.10"), f"{lab} is no longer in the play area: "
                   "its effect does not resolve; the interference goes on.",
                   f"{lab}はプレイエリアにないため、効果は解決されません（干渉は継続します）。",
                   player=p)
            return "fail"
        triggers.fire(g, "played_resolving", "5.2.4.a", subject=c.id)
        from .keywords import link, overdrive

        if not (link(g, c, p) and overdrive(g, c, p)):
            result = "fail"
        elif c.type == "character":
            _enter_character(g, c, p, e, fr)
            result = "ok"
        elif any(c.has(w) for w in ON_FIELD):
            result = _set_on_field(g, c, p)
        elif any(c.has(w) for w in ATTACH):
            result = _attach(g, c, p, e)
        else:
            result = _resolve_effect(g, c, p, e, played_ability(c), "5.2.4.b")
            if result == SUSPEND:
                return SUSPEND
    else:
        result = _resume_effect(g, c, p, e, resume)
        if result == SUSPEND:
            return SUSPEND
    if result == "ok":
        triggers.fire(g, "played_resolved", "5.2.4.c", subject=c.id if c else None)
    else:
        from .keywords import void_once

        void_once(g, c, p)
    if c is not None and c.zone == f"{p}.play":
        cites = (("5.2.4.c",) if result == "ok" else ()) + ("5.2.4.d",) \
            + (("3.8.5",) if result != "ok" else ())
        with g.step("resolve", cites, f"{lab} is still in the play area: it goes on top of "
                    f"{c.owner}'s netherworld" + (" (its effect did not resolve: it is "
                                                 "discarded, 3.8.5)" if result != "ok" else "")
                    + ".", f"{lab}はプレイエリアに置かれたままのため、冥界の一番上に置きます。",
                    cards=[c.id], player=p):
            g.move([c], g.owner_zone(c, "netherworld"), reason="resolve")
    return result


def _resolve_effect(g, c, p: str, e: dict, ab: dict | None, clause: str):
    lab = g.label(c)
    if ab is None:
        g.note("resolve", (clause,), f"{lab} resolves: it has no effect to apply.",
               f"{lab}を解決します（適用する効果はありません）。", cards=[c.id], player=p)
        return "ok"
    text = ab.get("text", "").strip()
    return _apply_entry(g, c, e, ab, "play", ("5.2.4.a", clause),
                        f"{lab} resolves" + (f": {text}" if text else "."),
                        f"{lab}を解決します" + (f"：{text}" if text else "。"))


def _apply_entry(g, c, e: dict, ab: dict, kind: str, cites: tuple, en: str, ja: str):
    """The effect of an interference entry resolves: its targets are checked as it starts
    (8.2.5.a), then its text applies; a nested interference suspends it (7.1.10)."""
    p = e["player"]
    spec = target_spec(ab)
    ctx = Ctx(p, c.id, source_type=c.type, targets=e.get("targets", ()),
              target_inc=e.get("_inc"), kind=kind, label=entry_label(g, e), spec=spec)
    ctx.x = e.get("x")
    with g.step("resolve", cites, en, ja, cards=[c.id], player=p):
        if not targets_ok(g, ctx, spec, "the start of its resolution (8.2.5.a)"):
            return "fail"
        res, nxt = apply(g, ctx, ab.get("effect", []))
        if res == SUSPEND:
            _save_resume(g, e, nxt)
        return res


def _save_resume(g, e: dict, nxt: int) -> None:
    fr = next(f for f in reversed(g.b.interference[:-1]) if f.get("resolving"))
    fr["resume"] = {"entry": {k: v for k, v in e.items() if k[0] != "_"}, "next": nxt}
    fr["_resume_inc"] = e.get("_inc")
    g.change({"op": "suspend", "entry": fr["resume"]["entry"], "next": nxt})


@_rule("1.3.4")
def _resume_effect(g, c, p: str, e: dict, resume: dict):
    """1.3.4 / 7.1.10: the effect suspended by the nested interference goes on."""
    if "play" in e:
        ab = played_ability(c) if c is not None else None
        src_type = c.type if c is not None else None
    else:
        found = activated(c, e.get("ability", 1)) if c is not None else None
        ab = found[1] if found else None
        src_type = c.type if c is not None else None
    if ab is None:
        return "fail"
    lab = entry_label(g, e)
    ctx = Ctx(p, e.get("play") or e.get("use"), source_type=src_type,
              targets=e.get("targets", ()), target_inc=e.get("_inc"), kind="play", label=lab,
              spec=target_spec(ab))
    with g.step("resolve", ("1.3.4", "7.1.10"), f"The nested interference has ended: {lab} "
                "goes on with the rest of its effect.", f"割り込んだ干渉が終了したため、{lab}の"
                "効果の解決を再開します。", player=p, readings=("nested-interference",)):
        res, nxt = apply(g, ctx, ab.get("effect", []), resume["next"])
        if res == SUSPEND:
            _save_resume(g, e, nxt)
        return res


def _enter_character(g, c, p: str, e: dict, fr: dict) -> None:
    """5.4.2, 11.3.9: the character card is set on its player's field face up and asleep; it
    is a character from then on (6.1.8.a); 速攻 makes it active (10.2.2.a) unless it was played
    as a defense (10.3.4)."""
    from .combat import defend_on_entry

    b = g.b
    lab = g.label(c)
    triggers.fire(g, "would_enter", "11.3.9.b", subject=c.id)
    with g.step("resolve", ("5.2.4.a", "5.2.4.b", "5.4.2", "5.4.3", "6.1.8.a", "11.3.9.a",
                            "11.3.9.c"),
                f"{lab} resolves: it is set on {p}'s field face up and asleep, a character.",
                f"{lab}を解決し、表向きのスリープ状態で{p}の場にセットします（キャラクターとして扱います）。",
                cards=[c.id], player=p):
        g.move([c], f"{p}.field", state="sleep", face="up", reason="enter")
        from .keywords import second_card_entered

        if second_card_entered(g, c, p):  # 10.19.2.a: before its other entering effects
            return
        if b.turn_player == p:
            flag = "doll_played" if c.has("人形") else (
                None if c.has("奇襲") else "character_played")
            if flag:
                b.turn_flags[flag] = True
                g.change({"op": "turn_flag", "flag": flag, "to": True})
    if c.has("速攻") and not e.get("defend"):
        with g.step("auto", ("10.2.2.a",), f"速攻 of {lab}: it was played and entered the field; "
                    "it becomes active.", f"{lab}の速攻：プレイされて場に出たため、アクティブ状態に"
                    "します。", cards=[c.id], player=p):
            g.set_state(c, "active")
    if c.has("リーダー"):
        _leader_enters(g, c, p)
    triggers.fire(g, "enters", "11.3.9.d", subject=c.id)
    if e.get("defend"):
        att = next((f["attack"] for f in reversed(b.interference) if f.get("attack")), None)
        if att is not None:
            defend_on_entry(g, c, att)


@_rule("10.16.2.a", "10.16.3", "10.17.2.a", "10.15.2.a", "10.15.3", "10.2.3")
def _set_on_field(g, c, p: str) -> str:
    """幻想生物 (asleep, then a character, 10.16.3), 世界呪符 and 装備/場 (active) are set on their
    player's field as they resolve; a second 装備/場 fails and goes to the netherworld."""
    b = g.b
    word = next(w for w in ON_FIELD if c.has(w))
    state, clause = ON_FIELD[word]
    lab = g.label(c)
    if word == "装備/場" and any(x.has("装備/場") for x in b.field(p) if b.host_of(x) is None):
        g.note("resolve", ("10.15.2.a", "10.15.3"), f"{lab} would be set on {p}'s field, but "
               f"{p} already has a 装備/場 card there: setting it fails and it goes to the "
               "netherworld.", f"{p}の場には既に装備/場を持つカードが"
               f"あるため、{lab}のセットに失敗し、冥界に置かれます。", cards=[c.id], player=p)
        return "fail"
    phantasm = word == "幻想生物"
    with g.step("resolve", ("5.2.4.a", "5.2.4.b", clause) + (("10.16.3", "11.3.9.c")
                                                             if phantasm else ()),
                f"{lab} resolves: it is set on {p}'s field {state}"
                + (", and is a character from then on." if phantasm else "."),
                f"{lab}を解決し、{p}の場に{'スリープ' if state == 'sleep' else 'アクティブ'}状態で"
                "セットします" + ("（キャラクターとして扱います）。" if phantasm else "。"),
                cards=[c.id], player=p):
        g.move([c], f"{p}.field", state=state, face="up", reason="enter")
    if phantasm and c.has("速攻"):
        with g.step("auto", ("10.2.3", "10.2.2.a"), f"速攻 of {lab}: it became a character on "
                    "entering the field; it becomes active.", f"{lab}の速攻：場に出てキャラクター"
                    "になった時点でアクティブ状態になります。", cards=[c.id], player=p):
            g.set_state(c, "active")
    if phantasm:
        g.fire("enters", "11.3.9.d", subject=c.id)
    return "ok"


@_rule("10.13.2.a", "10.13.4", "10.14.2.a", "11.3.10", "11.3.11.c")
def _attach(g, c, p: str, e: dict) -> str:
    """装備 / 呪符: the card is set on its target character (11.3.10) and shares its state
    (11.3.11.c); a character that already has an equipment card refuses a second (10.13.4)."""
    b = g.b
    word = next(w for w in ATTACH if c.has(w))
    spec, kind, clause = ATTACH[word]
    lab = g.label(c)
    ctx = Ctx(p, c.id, source_type=c.type, targets=e.get("targets", ()),
              target_inc=e.get("_inc"), kind="play", label=lab, spec=spec)
    if not targets_ok(g, ctx, spec, "the start of its resolution (8.2.5.a)"):
        return "fail"
    host = b.cards[ctx.targets[0]]
    if kind == "equipment" and any(b.cards[i].set_as == "equipment" for i in host.set
                                   if i in b.cards):
        g.note("resolve", ("10.13.4",), f"{g.label(host)} already carries an equipment card: "
               f"setting {lab} fails and it goes to the netherworld.", f"{g.label(host)}には既に"
               f"装備カードがセットされているため、{lab}のセットに失敗し、冥界に置かれます。",
               cards=[c.id, host.id], player=p)
        return "fail"
    with g.step("resolve", ("5.2.4.a", "5.2.4.b", clause, "11.3.10", "11.3.11.c", "6.1.13",
                            "2.10.2"),
                f"{lab} resolves: it is set on {g.label(host)} ({word}), sharing its state; "
                f"{g.label(host)} gets its battle modifier.", f"{lab}を解決し、{g.label(host)}に"
                "セットします（縦横の状態を共有し、戦闘修正はセット先のキャラクターが持ちます）。",
                cards=[c.id, host.id], player=p):
        triggers.set_on(g, c, host, kind)
    from .effects import state_check

    state_check(g, [host])
    return "ok"


@_rule("10.34.2.b")
def _leader_enters(g, c, p: str) -> None:
    top = g.b.cards_in(f"{p}.deck")[:1]
    with g.step("auto", ("10.34.2.b",), f"リーダー {g.label(c)} was played and entered the "
                f"field: the top card of {p}'s deck is set on it as 人気.",
                f"リーダー{g.label(c)}がプレイされて場に出たため、デッキの上のカード1枚を「人気」として"
                "セットします。", cards=[c.id], player=p):
        if top:
            triggers.set_on(g, top[0], c, "popularity")


@_rule("7.3.1.b", "7.3.5.b", "1.12.10", "7.3.7.a")
def resolve_use(g, fr: dict, e: dict, resume: dict | None = None):
    """7.3.5: an activated effect resolves — nullified when its card left the field or lost
    its text before (7.3.1.b)."""
    b = g.b
    c = b.cards.get(e["use"])
    p = e["player"]
    lab = entry_label(g, e)
    inc = (e.get("_inc") or {}).get(e["use"])
    if c is None or zone_kind(c.zone) != "field" or (inc is not None and c.incarnation != inc) \
            or not c.is_face_up:
        g.note("resolve", ("7.3.1.b", "1.12.10"), f"{lab}: its card has left the field before "
               "the effect resolved — the activated effect is nullified. The interference goes "
               "on and its other entries still resolve.", f"{lab}：効果を使用したカードが解決前に"
               "場を離れたため、起動効果は無効になります。干渉は継続し、他の効果は全て解決されます。",
               player=p, readings=("cost-not-refunded",))
        return "fail"
    if resume is not None:
        return _resume_effect(g, c, p, e, resume)
    found = activated(c, e.get("ability", 1))
    ab = found[1] if found else {}
    cites = ("7.3.5.b",) + ((ab["clause"],) if ab.get("clause") else ())
    from .stats import forbid

    no = forbid(g, c, "use")
    if no is not None:  # 7.3.7.a: a prohibition applied after the use does not stop it
        g.note("resolve", ("7.3.7.a",), f"{lab}: {no.words()[0]} now says {c.id}'s activated "
               "effects cannot be used, but this one was used before it applied: it still "
               "resolves.", f"{lab}：{no.words()[1]}が適用されていますが、この起動効果はその前に"
               "使用されたため、解決されます。", cards=(c.id,), player=p)
    return _apply_entry(g, c, e, ab, "use", cites, f"{lab} resolves.", f"{lab}を解決します。")


@_rule("1.12.8.a", "1.12.8.b", "1.12.8.c", "1.12.8.d", "1.12.11")
def resolve_frame(g) -> bool:
    """1.12.8 for the innermost interference. Returns False when an entry started a nested
    interference (the flow gives priority to the attacked player), True when this
    interference has ended."""
    from .combat import resolve_combat

    b = g.b
    fr = b.interference[-1]
    if not fr.get("resolving"):
        fr["resolving"] = True
        n = len(fr["entries"])
        g.note("interference", ("1.12.8.a", "1.12.11"), f"The interference resolves: {n} "
               "entr" + ("y" if n == 1 else "ies") + " from the last played or used backwards"
               + (", then the combat" if fr.get("attack") else "") + ". Nobody has priority "
               "until it has ended.", f"干渉を解決します：最後にプレイあるいは使用された効果から逆順に"
               f"{n}件" + ("、その後に戦闘" if fr.get("attack") else "") + "。終了するまで、いずれの"
               "プレイヤーも優先権を持ちません。")
    if fr.get("resume"):
        res = fr.pop("resume")
        inc = fr.pop("_resume_inc", None)
        e = dict(res["entry"])
        if inc:
            e["_inc"] = inc
        out = (resolve_play if "play" in e else resolve_use)(g, fr, e, resume=res)
        if out == SUSPEND:
            return False
        if "use" in e:
            pass
    while fr["entries"]:
        e = fr["entries"].pop()
        g.change({"op": "entry-", "entry": {k: v for k, v in e.items() if k[0] != "_"}})
        out = (resolve_play if "play" in e else resolve_use)(g, fr, e)
        if out == SUSPEND:
            return False
        triggers.resolve_pending(g)
    if fr.get("attack"):
        resolve_combat(g, fr)
    ending = [x for x in b.effects if x.get("until") == "interference"]
    if ending:
        with g.step("interference", ("1.12.8.c",), "Effects lasting 'during the interference' "
                    "end.", "干渉の間が条件の効果の適用を終了します。"):
            for x in ending:
                g.remove_effect(x)
        kesshi_now(g, ("1.12.8.c",), [b.cards[i] for x in ending for i in x.get("to", ())
                                      if i in b.cards])  # 11.1.1
    triggers.fire(g, "interference_end", "1.12.8.d")
    b.interference.pop()
    g.change({"op": "interference-"})
    after = fr.get("after")
    if after:  # reading nested-interference=held: the attack an effect made starts now
        a = after[0]
        with g.step("attack", ("6.3.5.a", "1.12.7"), f"The interference has ended: the attack "
                    f"of {g.label(a['attacker'])} made by its effect starts its interference, and "
                    f"the attacked player {a['player']} gains priority (1.12.7).",
                    f"干渉が終了したため、効果による{g.label(a['attacker'])}の攻撃の干渉が始まり、攻撃を"
                    f"受けるプレイヤー{a['player']}が優先権を得ます（1.12.7）。",
                    cards=[a["attacker"]], player=a["player"],
                    readings=("nested-interference",)):
            b.interference.append({"entries": [], "attack": {"attacker": a["attacker"],
                                                             "player": a["player"],
                                                             "by_effect": True},
                                   "used": [], "resolving": False})
            g.change({"op": "interference+", "attack": a["attacker"]})
        b.priority = a["player"]
        b.attack_priority = a["player"]
        b.passed = []
        g.grant_reason = "1.12.7"
        return False
    return True
