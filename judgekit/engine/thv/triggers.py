"""自動γ (7.4.7): found when their condition is met, resolved in the rule step that names
them or else at once / after the current effect (7.4.7.c), in the order of 7.1.6.a.

自動γ are never played and never join an interference; they need no priority. A card's 自動γ
works only while the card is on the field (7.4.7.a); one whose card has left, or whose condition
no longer holds, is not resolved (7.4.7.d). Several due at the same time: the turn player
orders all of its own first, then the other player (7.1.6.a; reading simultaneous-order).
The keyword 自動γ of chapter 10 (貫通, 即死, リーダー) are found here too and ordered with the
card texts.
"""

from __future__ import annotations

from functools import partial

from ..choices import Request
from ..effects.events import by_matches
from .clauses import REGISTRY
from .effects import (WAITING, Ctx, Damage, apply, at_due, deal, legal_targets, remove,
                      target_spec, targets_ok)
from .model import PLAYERS, opponent, zone_kind
from .stats import battle_stats

_rule = REGISTRY.rule
GAMMA = ("γ", "gamma", "自動γ")


def _text_valid(g, c) -> bool:
    """A card's own text works when it is face up (5.7.4) and not set on another card
    (5.4.4, 11.3.11.b)."""
    return c.is_face_up and g.b.host_of(c) is None


def _matches(g, c, ab: dict, subject, data: dict) -> bool:
    """Does `ab` of card `c` watch this event? `subject`: the player or card the event is
    about, or a list of the cards it is about (a combat's start and end are about both its
    characters, 6.2.4.b, 6.2.4.j)."""
    if isinstance(subject, (list, tuple)):
        return any(_matches(g, c, ab, s, data) for s in subject)
    of = ab.get("of", "self" if subject not in PLAYERS and subject is not None else "any")
    me = g.ctl(c)
    if subject in PLAYERS:
        if of in ("you", "yours") and subject != me or of in ("opponent", "opponents") \
                and subject == me or of == "self":
            return False
    elif subject is not None:
        s = g.b.cards.get(subject)
        sctl = g.ctl(s) if s is not None else data.get("controller")
        if of == "self" and subject != c.id:
            return False
        if of in ("yours", "you") and sctl != me or of in ("opponents", "opponent") \
                and sctl == me:
            return False
    for key in ("phase", "kind"):
        if key in ab and ab[key] != data.get(key):
            return False
    if "by" in ab and not by_matches(ab["by"], data.get("by"), me):
        return False  # 「相手のカードの効果で…」: whose card caused it
    if ab.get("turn") == "your" and g.b.turn_player != me:
        return False
    if ab.get("turn") == "opponent" and g.b.turn_player == me:
        return False
    return True


def collect(g, when: str, subject=None, data: dict | None = None) -> list[dict]:
    """The 自動γ of field cards (7.4.7.a) whose condition `when` is met by this event."""
    data = data or {}
    out = []
    for c in g.b.field():
        if not c.abilities or not _text_valid(g, c):
            continue
        for i, ab in enumerate(c.abilities):
            if ab.get("auto") in GAMMA and ab.get("when") == when \
                    and _matches(g, c, ab, subject, data):
                out.append({"card": c.id, "inc": c.incarnation, "idx": i, "ab": ab,
                            "player": g.ctl(c), "data": dict(data), "when": when})
    return out


def fire(g, when: str, window: str | None, *, subject=None, data: dict | None = None,
         extra=()) -> None:
    """The condition `when` is met now. In a rule step that says 「自動γ」も解決する (`window`,
    its clause) the 自動γ resolve there; otherwise at once when no effect is resolving, or after
    the current effect (7.4.7.c)."""
    insts = collect(g, when, subject, data) + list(extra)
    if not insts:
        return
    if window is None and g.resolving:
        g.pending_gamma.extend(insts)
        g.dirty = True
        return
    resolve(g, insts, window)


@_rule("7.1.6.a")
def resolve(g, insts: list[dict], window: str | None) -> None:
    tp = g.b.turn_player
    groups = [[i for i in insts if i["player"] == tp], [i for i in insts if i["player"] != tp]]
    readings = ("simultaneous-order",) if all(groups) else ()
    if readings and g.reading("simultaneous-order", here=False) == "next-player-first":
        groups.reverse()
        nxt = groups[0][0]["player"]
        g.note("order", ("7.1.6.a",), f"Effects of both players are due at the same time: under "
               f"this reading the turn player's effects resolve after {nxt}'s.",
               f"両プレイヤーの効果が同じタイミングで解決されます。この読み方では、ターンプレイヤーの"
               f"効果は{nxt}の効果の後に解決されます。", readings=readings)
    for grp in groups:
        while grp:
            inst = grp[0]
            if len(grp) > 1:
                p = inst["player"]
                with g.step("order", ("7.1.6.a",), f"{len(grp)} of {p}'s effects are due at the "
                            f"same time: {p} chooses which resolves next"
                            + (" (the turn player's own all come first)" if p == tp else "")
                            + ".", f"{p}の効果{len(grp)}件が同じタイミングで解決されるため、{p}が次に"
                            "解決するものを選びます。", player=p, readings=readings):
                    req = Request("7.1.6.a", p, "Which of your effects due now resolves next?",
                                  "同じタイミングで解決されるあなたの効果のうち、次に解決するものは？",
                                  [(_key(x), _label(g, x)) for x in grp], cites=("7.1.6.a",))
                    pick = g.ask(req)
                inst = next(x for x in grp if _key(x) == pick)
            grp.remove(inst)
            run_one(g, inst, window)


def _key(inst: dict) -> str:
    return f"{inst['card']}#{inst['idx'] + 1}" if isinstance(inst["idx"], int) \
        else f"{inst['card']}#{inst['idx']}"


def _label(g, inst: dict) -> str:
    ab = inst.get("ab") or {}
    text = ab.get("text") or inst.get("keyword") or inst["when"]
    return f"{g.label(inst['card'])}: {text}"


@_rule("7.4.7.a", "7.4.7.c", "7.4.7.d", "8.2.4.a", "8.2.4.b")
def run_one(g, inst: dict, window: str | None) -> None:
    b = g.b
    c = b.cards.get(inst["card"])
    cites = ((window,) if window else ()) + ("7.4.7.a", "7.4.7.c")
    lab = _label(g, inst)
    if c is None or c.incarnation != inst["inc"] or zone_kind(c.zone) != "field":
        g.note("auto", cites + ("7.4.7.d",), f"{lab}: its card has left the field; the 自動γ is "
               "not resolved.", f"{lab}：カードが場を離れているため、「自動γ」は解決されません。",
               cards=[inst["card"]])
        return
    key = (c.id, str(inst["idx"]), g.h_without_lp())
    for i, (k, fc, _) in enumerate(g.gamma_stack):
        if k == key and fc == g.free_choices:
            loop(g, [owner for _, _, owner in g.gamma_stack[i:]] + [c.owner])
    g.gamma_stack.append((key, g.free_choices, c.owner))
    try:
        _run_one(g, inst, window, c, cites, lab)
    finally:
        g.gamma_stack.pop()


@_rule("1.5.3.e", "1.5.4.b", "12.10.1")
def loop(g, owners: list[str]) -> None:
    """The same 自動γ is resolving again inside itself, with the state unchanged but for life
    points (which nothing reads before priority, 1.12.11) and no choice made in between: an
    infinite loop no player can avoid. Made only of one player's cards, that player loses
    (1.5.3.e); otherwise the game is a draw (1.5.4.b) — 12.10.1."""
    who = set(owners)
    if len(who) == 1:
        (p,) = who
        with g.step("game_end", ("12.10.1", "1.5.3.e"), "The same 自動γ resolves again inside "
                    "itself with nothing changed but life points and no choice in between: an "
                    f"infinite loop no player can avoid, made only of {p}'s cards — {p} loses.",
                    "同じ「自動γ」がライフポイント以外何も変わらず、選択の余地もないまま自らの解決中に"
                    f"再び解決されるため、回避できない無限ループです。その要素が全て{p}のカードであるため、"
                    f"{p}が敗北します。", player=p):
            pass
        g.lose([p], ("1.5.3.e", "12.10.1"), "an unavoidable loop of one player's cards "
               "(1.5.3.e)", "1人のプレイヤーのカードのみによる回避できない無限ループ（1.5.3.e）")
    with g.step("game_end", ("12.10.1", "1.5.4.b"), "The same 自動γ resolves again inside "
                "itself with nothing changed but life points and no choice in between: an "
                "infinite loop no player can avoid, made of both players' cards — the game is "
                "a draw.", "同じ「自動γ」がライフポイント以外何も変わらず、選択の余地もないまま自らの"
                "解決中に再び解決されるため、回避できない無限ループです。両方のプレイヤーのカードによる"
                "ため、引き分けとなります。"):
        pass
    g.draw_game(("1.5.4.b", "12.10.1"), "an unavoidable infinite loop (1.5.4.b)",
                "回避できない無限ループ（1.5.4.b）")


@_rule("7.4.4")
def _run_one(g, inst: dict, window: str | None, c, cites: tuple, lab: str) -> None:
    b = g.b
    run = inst.get("run")
    if run is not None:  # a keyword's 自動γ (chapter 10)
        run(g, inst, cites)
        return
    ab = inst["ab"]
    p = inst["player"]
    ctx = Ctx(p, c.id, source_type=c.type, kind="auto", label=lab, event=inst["data"],
              spec=target_spec(ab))
    readings = ("gamma-window",) if window and g.resolving else ()
    with g.step("auto", cites, f"{lab} — its condition is met; the 自動γ resolves"
                + (f" in this step ({window})" if window else "")
                + (", suspending the effect being resolved." if readings else "."),
                f"{lab}：条件を満たしたため「自動γ」を解決します。", cards=[c.id], player=p,
                readings=readings):
        if ab.get("optional"):
            # reading optional-gamma: under "7.4.4" an optional auto effect, triggered or not,
            # applies only if its player holds priority and no interference is going on
            held = b.priority == p and not b.interference
            if not held and g.reading("optional-gamma", here=False) == "7.4.4":
                g.note("auto", ("7.4.4",), f"{lab}: an optional auto effect may be applied only "
                       f"while its player holds priority and no interference is going on (7.4.4); "
                       f"{p} does not hold priority here" + (" / an interference is going on"
                                                             if b.interference else "")
                       + ", so it is not applied.", f"{lab}：任意の自動効果は、優先権を持ち干渉が"
                       "発生していない場合にのみ適用できる（7.4.4）ため、適用されません。", player=p,
                       readings=("optional-gamma",))
                return
            g.reading("optional-gamma", depend=not held)
            req = Request(c.id, p, f"{lab}: apply it (「しても良い」)?", f"{lab}を適用しますか？",
                          kind="yesno", cites=("7.4.7.c",))
            if not g.ask(req):
                return
        if ctx.spec is not None:  # 8.2.4.b: chosen as the resolution starts
            opts = legal_targets(g, ctx.spec, p, c.type)
            if not opts:
                g.note("auto", ("8.2.4.a", "8.2.4.b"), f"{lab}: no legal target; it cannot be applied.",
                       f"{lab}：適切な目標がないため適用できません。", player=p)
                return
            with g.step("auto", ("8.2.4.b",), f"{lab}: its target is designated as its "
                        "resolution starts.", f"{lab}：解決開始時に目標を指定します。", player=p):
                req = Request(c.id, p, f"{lab}: choose the target.", f"{lab}：目標を選んでください。",
                              [(o, g.label(o)) for o in opts], cites=("8.2.4.b",))
                t = g.ask(req)
            ctx.targets = [t]
            ctx.target_inc = {t: b.cards[t].incarnation}
            if not targets_ok(g, ctx, ctx.spec, "the start of the resolution (8.2.5.a)"):
                return
        apply(g, ctx, ab.get("effect", []))


def resolve_pending(g) -> bool:
    """The 自動γ met outside a rule step while an effect resolved: now that it has ended
    (7.4.7.c). True when there were any."""
    if not g.pending_gamma:
        return False
    insts, g.pending_gamma = g.pending_gamma, []
    resolve(g, insts, None)
    return True


# ---- the damage windows 1.10.12.d / e and the keyword 自動γ they hold ----------------------------

@_rule("1.10.12.d")
def damage_dealt(g, dmgs) -> None:
    """1.10.12.d: effects 'when … dealt damage' (card texts, 貫通 10.5.2.a, 即死 10.8.2.a)."""
    insts = []
    for d in dmgs:
        if d.source:
            insts += collect(g, "deals_damage", d.source, {"kind": d.kind, "to": d.to})
    insts += _combat_keyword(g, dmgs, "貫通", _run_pierce, True)
    insts += _combat_keyword(g, dmgs, "即死", _run_instant_death, False)
    if insts:
        resolve(g, insts, "1.10.12.d")


@_rule("1.10.12.e")
def damage_received(g, dmgs) -> None:
    """1.10.12.e: effects 'when … received damage' (card texts, リーダー 10.34.2.c)."""
    insts = []
    for d in dmgs:
        insts += collect(g, "receives_damage", d.to, {"kind": d.kind, "source": d.source})
    insts += _leader_popularity(g, dmgs)
    if insts:
        resolve(g, insts, "1.10.12.e")


def _opposing(g, c, d) -> bool:
    t = g.b.cards.get(d.to)
    return t is not None and g.ctl(t) != g.ctl(c)


def _combat_keyword(g, dmgs, word: str, run, attacker_only: bool) -> list[dict]:
    """The keyword 自動γ 'when this character dealt combat damage to an opposing character'
    (貫通 10.5.2.a: the attacking character only, and it does not stack; 即死 10.8.2.a)."""
    cb = g.combat
    out = []
    for d in dmgs:
        if d.kind != "combat" or d.to_player or not d.source or d.pierce:
            continue
        if attacker_only and (cb is None or d.source != cb.get("attacker")):
            continue
        c = g.b.cards.get(d.source)
        if c is None or not c.has(word) or not _opposing(g, c, d):
            continue
        if attacker_only and out:
            continue
        n = sum(1 for k in c.keywords if k == word or isinstance(k, dict) and word in k)
        if attacker_only and n > 1:  # 貫通: 「この効果は重複しない」
            g.note("auto", ("10.5.2.a", "7.1.14"), f"{g.label(c)} has {word} {n} times: its text "
                   "says 「この効果は重複しない」, so every effect of exactly that text counts as "
                   "one — it applies once.", f"{g.label(c)}は{word}を{n}つ持ちますが、「この効果は"
                   "重複しない」ため、全く同一の記述の効果は1つだけ適用されます。", cards=[c.id],
                   player=g.ctl(c))
        out.append({"card": c.id, "inc": c.incarnation, "idx": word, "keyword": word,
                    "player": g.ctl(c), "when": "deals_damage", "data": {},
                    "run": partial(run, d)})
    return out


@_rule("10.5.2.a", "7.1.14")
def _run_pierce(d, g, inst: dict, cites: tuple) -> None:
    b = g.b
    a = b.cards[inst["card"]]
    t = b.cards.get(d.to)
    atk = battle_stats(g, a)[0]
    t_dur = battle_stats(g, t)[1] if t is not None else 0
    before = (t.damage - d.amount) if t is not None else 0
    acc_en, acc_ja = "damage already accumulated", "既に蓄積されていたダメージ"
    if t is not None and d.amount and \
            g.reading("pierce-accumulated", here=False) == "including":
        before = t.damage  # this combat damage included
        acc_en, acc_ja = ("damage accumulated, this combat damage included",
                          "この戦闘ダメージを含む蓄積ダメージ")
    x = atk - t_dur + before
    opp = opponent(g.ctl(a))
    if x <= 0:
        g.note("auto", cites + ("10.5.2.a",), f"貫通 of {g.label(a)}: X = {atk} − {t_dur} + "
               f"{before} = {x} ≤ 0; the effect is nullified.",
               f"{g.label(a)}の貫通：X＝{atk}−{t_dur}＋{before}＝{x}が0以下のため、この効果は無効に"
               "なります。", cards=[a.id], readings=("pierce-accumulated",))
        return
    with g.step("auto", cites + ("10.5.2.a",), f"貫通 of {g.label(a)} (it dealt combat damage "
                f"to {g.label(d.to)}): X = attack {atk} − durability {t_dur} + {acc_en} "
                f"{before} = {x}; {opp} is dealt {x} damage, treated as "
                "combat damage, with no graze.",
                f"{g.label(a)}の貫通：X＝攻撃力{atk}−耐久力{t_dur}＋{acc_ja}"
                f"{before}＝{x}。{opp}に{x}ダメージを与えます（戦闘ダメージとして扱い、グレイズは"
                "発生しません）。", cards=[a.id], player=g.ctl(a),
                readings=("pierce-accumulated",)):
        done = deal(g, [Damage(a.id, opp, x, "combat", pierce=True)])
        for dd in done:
            g.combat.setdefault("player_damage", []).append(
                {"source": a.id, "amount": dd.amount, "pierce": True})


@_rule("10.8.2.a", "9.2.2.c")
def _run_instant_death(d, g, inst: dict, cites: tuple) -> None:
    b = g.b
    a = b.cards[inst["card"]]
    t = b.cards.get(d.to)
    lab = f"即死 of {g.label(a)}"
    if t is None or not b.is_character(t):
        g.note("auto", cites + ("10.8.2.a",), f"{lab}: {g.label(d.to)} is no longer a "
               "character; nothing to make 決死.", f"{g.label(a)}の即死：対象がキャラクターでは"
               "ないため、適用できません。", cards=[a.id])
        return
    with g.step("auto", cites + ("10.8.2.a", "9.2.2.c"), f"{lab}: it dealt combat damage to "
                f"{g.label(t)}, which becomes 決死.", f"{g.label(a)}の即死：戦闘ダメージを受けた"
                f"{g.label(t)}を決死状態にします。", cards=[a.id, t.id], player=g.ctl(a)):
        ctx = Ctx(g.ctl(a), a.id, source_type=a.type, kind="auto", label=lab)
        remove(g, "kesshi", [t], cause=a.id, by_effect=True, ctx=ctx)


def _leader_popularity(g, dmgs) -> list[dict]:
    """10.34.2.c: (自動γ) in your turn, when an opponent received damage, the top card of your
    deck is set on this character as 人気 — once per turn."""
    b = g.b
    hit = {d.to for d in dmgs if d.to_player}
    out = []
    for c in b.characters(b.turn_player):
        if c.has("リーダー") and opponent(g.ctl(c)) in hit and c.id not in b.leader_used:
            out.append({"card": c.id, "inc": c.incarnation, "idx": "リーダー",
                        "keyword": "リーダー", "player": g.ctl(c), "when": "receives_damage",
                        "data": {}, "run": _run_leader})
    return out


@_rule("10.34.2.c")
def _run_leader(g, inst: dict, cites: tuple) -> None:
    b = g.b
    c = b.cards[inst["card"]]
    p = g.ctl(c)
    b.leader_used.append(c.id)
    top = b.cards_in(f"{p}.deck")[:1]
    with g.step("auto", cites + ("10.34.2.c",), f"リーダー {g.label(c)}: the opponent received "
                f"damage in {p}'s turn; the top card of {p}'s deck is set on it as 人気 (once "
                "this turn).", f"リーダー{g.label(c)}：あなたのターン中に相手プレイヤーがダメージを"
                "受けたため、デッキの上のカード1枚を「人気」としてセットします（1ターンに1度）。",
                cards=[c.id], player=p):
        g.change({"op": "flag", "player": p, "flag": f"leader_used:{c.id}", "to": True})
        if top:
            set_on(g, top[0], c, "popularity")


def set_on(g, card, host, kind: str) -> None:
    """11.3.10: `card` is set on `host` (a field card) and is treated as a set card of `kind`;
    it shares the host's state (11.3.11.c). A face-down card nobody has seen stays face down
    (3.1.5.d): the top card of a deck set as 人気."""
    face = "down" if not card.known or card.face == "down" else "up"
    g.move([card], host.zone, state=host.state, face=face, reason="set")
    card.set_as = kind
    host.set.append(card.id)
    g.change({"op": "set", "card": card.id, "on": host.id, "as": kind})


# ---- timings (4.3–4.9, 6.2.4, 1.12.8.d) ----------------------------------------------------------

TIMING_JA = {"turn_start": "ターン開始時", "turn_end": "ターン終了時",
             "phase_start": "開始時", "phase_end": "終了時"}


def timing(g, when: str, window: str, **data) -> None:
    """A timing of the turn (4.3.1.c … 4.9.1.c): the effects of that timing and the 自動γ whose
    timing it is resolve, recorded as a step of the turn even when there are none."""
    from .model import PHASE_JA

    ph = data.get("phase")
    en = when.replace("_", " ") + (f" ({ph} phase)" if ph else "")
    ja = (PHASE_JA.get(ph, "") if ph else "") + TIMING_JA.get(when, when)
    insts = collect(g, when, None, data)
    made = len(WAITING.waiting(g, when, at_due(g.b.turn_player, ph)))
    before = [id(w) for w in g.b.waiting]
    with g.step("timing", (window,), f"Timing '{en}': "
                + (f"{len(insts)} 自動γ of this timing resolve" if insts else "")
                + (" and " if insts and made else "")
                + (f"{made} effect(s) made for this timing (7.7.1) resolve" if made else "")
                + ("." if insts or made else "no effect of this timing."),
                f"{ja}がタイミングの効果を解決します" + ("。" if insts or made else "（なし）。"),
                player=g.b.turn_player):
        if insts:
            resolve(g, insts, window)
        due_at(g, when, data.get("phase"), window, before)


@_rule("7.7.1", "7.7.2")
def due_at(g, when: str, phase: str | None, window: str, before=()) -> None:
    """The effects waiting for this timing resolve now (7.7.1), the turn player's first in the
    order they were made, and any made meanwhile for the same timing too (7.7.2)."""
    from .effects import Ctx, apply, at_words

    b = g.b
    while True:
        due = WAITING.waiting(g, when, at_due(b.turn_player, phase))
        if not due:
            return
        tp = b.turn_player
        due.sort(key=lambda w: w.get("player") != tp)
        for w in due:
            src = w.get("source")
            lab = g.label(src) if src else "an effect"
            en, ja = at_words(w)
            late = id(w) not in before
            cites = (window, "7.7.1") + (("7.7.2",) if late else ())
            with g.step("timing", cites, f"{lab}'s effect made for this timing ({en}) resolves"
                        + (" (made during this timing, 7.7.2)" if late else "") + ".",
                        f"{lab}の{ja}に解決される効果を解決します。", player=w.get("player")):
                WAITING.remove(g, w)
                apply(g, Ctx(w.get("player") or tp, src, kind="waiting", label=lab),
                      w["effect"])
