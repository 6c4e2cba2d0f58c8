"""Turn structure (500s) and battle (600s) as a step machine.

`board.step` is the clause the engine executes next. Each handler executes one step of the
turn, emits a trace step citing it, runs priority pre-processing where the rules say so, and
sets the next step. Decisions (504.3, 505.3, 506.2, 603.1b) come from the file's `actions`,
from the terminal in interactive mode, or — when `until` is set and the actions are used up —
are passes. Without `until`, the run stops at the first decision no action answers.
"""

from __future__ import annotations

from ..choices import Request
from ..flow import Flow as CoreFlow
from ..game import Halt, IllegalAction
from . import triggers
from .clauses import REGISTRY
from .effects import EffCtx, deal_damage, deal_player_damage, draw
from .keywords import attack_range, end_skip_reboot, in_range
from .model import PLAYER_SQUARE, PLAYERS, ZEKUSU_TYPES, distance, is_square, opponent
from .params import AUTO, ability_cards, ability_key, cannot, cost_of, enabled, hand_limit, power
from .play import activate, ignite, play_card, legal_squares, payments
from .procedure import preprocess
from .rule_effects import damage_player, detect

PHASE_JA = triggers.PHASE_JA
DECISIONS = ("504.3", "505.3", "506.2", "603.1b")
# the keys of an action that name a card (docs/board-format.md, actions)
ACTION_CARD_KEYS = ("play", "activate", "battle", "target", "resource", "ignite")


class Flow(CoreFlow):
    priority_points = ("506.2", "603.1b")
    action_clause = "701.3"

    def __init__(self, g, *, until: str | None = None, ask_action=None) -> None:
        super().__init__(g, until=until, ask_action=ask_action)
        self.last_main_action = None
        self.ignited = False

    def pp(self, at: str) -> None:
        preprocess(self.g, at)

    def action(self, point: str, player: str) -> tuple[dict, int]:
        """The core's action, checked first for the cards it names: one that is no longer on
        the board (a token that ceased to exist, 912.1) cannot be played, attack or be
        attacked — the action cannot be taken (506.2: what cannot be done legally cannot be
        chosen)."""
        a, idx = super().action(point, player)
        for key in ACTION_CARD_KEYS:
            cid = a.get(key)
            if not isinstance(cid, str) or cid in self.g.b.cards or \
                    (key == "target" and cid in PLAYERS):
                continue
            en, ja, cites = self.g.gone(cid)
            raise IllegalAction(f"{cid} is no longer on the board ({en}); action {idx + 1} "
                                f"({key}) cannot be taken", f"{cid}はもう盤面にありません（{ja}）。"
                                f"アクション{idx + 1}（{key}）は実行できません", tuple(cites) + (point,))
        return a, idx

    def priority_pp(self) -> None:
        """701.2: pre-processing before a player gets priority (skipped when nothing changed
        since the last complete pre-processing: it would find nothing)."""
        if self.g.dirty:
            preprocess(self.g, "701.2")


# ---- legal actions (interactive prompts, property tests) -------------------------------------

def legal_actions(g, point: str, player: str) -> list[dict]:
    """Actions the player may take at a decision point, as far as can be told before trying
    them (a payment may still fail when the player picks resource cards)."""

    b = g.b
    out: list[dict] = [{"pass": True}]
    if point == "504.3":
        out += [{"resource": i} for i in b.pzone(player, "hand")]
    elif point == "505.3":
        out += [{"ignite": i} for i in b.pzone(player, "charge")]
    elif point in ("506.2", "603.1b"):
        res = b.cards_in(f"{player}.resource")
        for i in b.pzone(player, "hand"):
            c = b.cards[i]
            if c.type not in ("zekusu", "event") or (point == "603.1b" and c.type != "event"):
                continue
            if cannot(g, c, "play"):
                continue  # 506.2: what cannot be done legally cannot be chosen (102.6)
            pts, _ = cost_of(g, c)
            if (pts or c.colors) and not payments(res, tuple(c.colors), pts):
                continue
            if c.type == "zekusu":
                out += [{"play": i, "square": sq} for sq in legal_squares(g, player)]
            else:
                out.append({"play": i})
        for c in list(b.on_squares()):
            if c.controller != player:
                continue
            for n, ab in enumerate(c.abilities, 1):
                if "activated" in ab and (ab.get("cost", {}).get("sleep") != "self"
                                          or c.state == "reboot") \
                        and not ab.get("cost", {}).get("resource") \
                        and not (cannot(g, c, "activate") or cannot(g, player, "activate")):
                    out.append({"activate": c.id, "ability": n})
        if point == "506.2" and not b.battle:
            ntp = opponent(player)
            for att in g.zekusu_on_squares():
                if att.controller != player or att.state != "reboot" or cannot(g, att, "attack"):
                    continue
                for t in g.zekusu_on_squares():
                    if t.controller == ntp and in_range(g, att, t.zone):
                        out.append({"battle": att.id, "target": t.id})
                psq = PLAYER_SQUARE[ntp]
                if in_range(g, att, psq) and not b.zekusu_on(psq) and any(
                        c.type == "player" for c in b.cards_in(psq)):
                    out.append({"battle": att.id, "target": ntp})
    return out


# ---- helpers -----------------------------------------------------------------------------------------

def _phase_event(f: Flow, clause: str, phase: str, extra=()) -> None:
    g = f.g
    tp = g.b.turn_player
    ja = PHASE_JA[phase]
    with g.step("phase", (clause,), f"Turn {g.b.turn} ({tp}): the 「{ja}開始時」 event happens.",
                f"ターン{g.b.turn}（{tp}）：「{ja}開始時」の自動事象が発生します。", player=tp):
        evs = [{"kind": "phase_start", "phase": phase, "player": tp}]
        evs += [{"kind": e, "player": tp} for e in extra]
        triggers.emit(g, evs)
        triggers.fire_timed(g, "phase_start", phase)  # 「次の…フェイズ開始時」 (808.4)


def _enabled_autos(g, kind: str):
    for c in ability_cards(g):
        for i, ab in enumerate(c.abilities):
            if ab.get(AUTO) == kind and enabled(g, c, i, ab):
                yield c, i, ab


def _untriggered(g, kind: str, done: list) -> list:
    return [(c, i, ab) for c, i, ab in _enabled_autos(g, kind)
            if f"{ability_key(c, i)}@{c.incarnation}" not in done]


def _rule_effects_pending(g) -> bool:
    return bool(detect(g)) or damage_player(g) is not None


# ---- 502 reboot ----------------------------------------------------------------------------------------

def h_502_1(f: Flow) -> None:
    g = f.g
    tp = g.b.turn_player
    with g.step("phase", ("502.1",), f"Turn {g.b.turn} begins: {tp}'s reboot phase; {tp} "
                "reboots all own sleeping cards on squares and in the resource.",
                f"ターン{g.b.turn}開始：{tp}のリブートフェイズ。{tp}はスクエアとリソースにある自分の"
                "スリープ状態のカードをすべてリブートします。", player=tp) as st:
        cards = []
        for c in list(g.b.on_squares()) + g.b.cards_in(f"{tp}.resource"):
            if c.controller != tp or c.state != "sleep":
                continue
            src = cannot(g, c, "reboot")
            if src:
                g.note("phase", ("102.6", "502.1"), f"{g.label(c)} cannot be rebooted ({src}): "
                       "「できない」 beats 502.1 (102.6); it stays sleeping.",
                       f"{g.label(c)}はリブートできません（{src}）。「できない」ことが502.1より優先"
                       "されるため（102.6）、スリープ状態のままです。", cards=(c.id,), player=tp)
                continue
            g.set_state(c, "reboot")
            cards.append(c)
        st.cards = [c.id for c in cards]
        triggers.emit(g, [{"kind": "reboots", "card": g.snap(c), "inc_after": c.incarnation,
                           "player": tp} for c in cards])
    end_skip_reboot(g, tp)  # 1111.2: 「次の…リポートフェイズにリポートしない」 is over
    f.goto("502.2")


def h_502_2(f: Flow) -> None:
    _phase_event(f, "502.2", "reboot", ("game_start",) if f.g.b.turn == 1 else ())
    f.goto("502.3")


def h_502_3(f: Flow) -> None:
    f.pp("502.3")
    f.goto("503.1")


# ---- 503 draw ----------------------------------------------------------------------------------------------

def h_503_1(f: Flow) -> None:
    _phase_event(f, "503.1", "draw")
    f.goto("503.2")


def h_503_2(f: Flow) -> None:
    f.pp("503.2")
    f.goto("503.3")


def h_503_3(f: Flow) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    if b.turn == 1 and tp == b.first_player:
        g.note("phase", ("503.3", "503.3a"), f"{tp} is the first player and this is their first "
               "turn: no draw.", f"先攻プレイヤー{tp}の最初のターンのため、カードを引きません。",
               player=tp)
    else:
        with g.step("phase", ("503.3",), f"{tp} draws 2 cards.", f"{tp}はカードを2枚引きます。",
                    player=tp):
            draw(g, {"draw": 2}, EffCtx(g, tp, None, None))
    f.goto("503.4")


def h_503_4(f: Flow) -> None:
    f.pp("503.4")
    f.goto("504.1")


# ---- 504 resource ----------------------------------------------------------------------------------------

def h_504_1(f: Flow) -> None:
    _phase_event(f, "504.1", "resource")
    f.goto("504.2")


def h_504_2(f: Flow) -> None:
    f.pp("504.2")
    f.goto("504.3")


def h_504_3(f: Flow) -> None:
    g = f.g
    tp = g.b.turn_player
    a, idx = f.action("504.3", tp)
    if "pass" in a:
        g.note("action", ("504.3",), f"{tp} puts no card into the resource.",
               f"{tp}はリソースにカードを置きません。", player=tp)
    elif "resource" in a:
        c = g.b.cards[a["resource"]]
        if c.zone != f"{tp}.hand":
            raise IllegalAction(f"{c.id} is not in {tp}'s hand", f"{c.id}は{tp}の手札にありません",
                                ("504.3",))
        # a multicolour card whose colours are not all in the resource yet: the 2024 guide
        # would put it there sleeping (reading resource-enters-rebooted)
        there = {col for r in g.b.pzone(tp, "resource") for col in g.b.cards[r].colors}
        differs = len(c.colors) > 1 and not set(c.colors) <= there
        alt = g.reading("resource-enters-rebooted", here=False) if differs else None
        if alt == "guide-2024":
            with g.step("action", ("504.3",),
                        f"{tp} puts {g.label(c)} from hand into the resource; not all of its "
                        f"colours ({', '.join(c.colors)}) are in the resource, so it is put there "
                        "sleeping (the 2024 guide).",
                        f"{tp}は手札の{g.label(c)}をリソースに置きます。その色（{'・'.join(c.colors)}）が"
                        "すべてリソースにはないため、スリープ状態で置きます（2024年の遊び方）。",
                        cards=(c.id,), player=tp, readings=("resource-enters-rebooted",)):
                g.move([c], f"{tp}.resource", state="sleep", reason="move")
        else:
            with g.step("action", ("504.3", "308.2a"), f"{tp} puts {g.label(c)} from hand into "
                        "the resource, rebooted.", f"{tp}は手札の{g.label(c)}をリブート状態で"
                        "リソースに置きます。", cards=(c.id,), player=tp,
                        readings=("resource-enters-rebooted",) if differs else ()):
                if len(c.colors) > 1 and not differs:  # multicolour, both readings agree
                    g.reading("resource-enters-rebooted", depend=False)
                g.move([c], f"{tp}.resource", state="reboot", reason="move")
    else:
        f.wrong(a, idx, "504.3", tp, "resource or pass")
    f.goto("504.4")


def h_504_4(f: Flow) -> None:
    f.pp("504.4")
    f.goto("505.1")


# ---- 505 ignition --------------------------------------------------------------------------------------------

def h_505_1(f: Flow) -> None:
    _phase_event(f, "505.1", "ignition")
    f.goto("505.2")


def h_505_2(f: Flow) -> None:
    f.pp("505.2")
    f.goto("505.3")


def h_505_3(f: Flow) -> None:
    g = f.g
    tp = g.b.turn_player
    a, idx = f.action("505.3", tp)
    if "pass" in a:
        g.note("action", ("505.3",), f"{tp} passes the ignition.",
               f"{tp}はイグニッションをパスします。", player=tp)
        f.ignited = False
    elif "ignite" in a:
        c = g.b.cards[a["ignite"]]
        if c.zone != f"{tp}.charge":
            raise IllegalAction(f"{c.id} is not in {tp}'s charge", f"{c.id}は{tp}のチャージに"
                                "ありません", ("505.3",))
        with g.step("action", ("505.3", "505.3a"), f"{tp} chooses {g.label(c)} from the charge "
                    "for イグニッション: it goes to the trash.",
                    f"{tp}はチャージの{g.label(c)}を選び、トラッシュに移動します（イグニッション）。",
                    cards=(c.id,), player=tp):
            g.move([c], f"{tp}.trash", reason="move")
            ignite(g, tp, via="505.3a")
        f.ignited = True
    else:
        f.wrong(a, idx, "505.3", tp, "ignite or pass")
    f.goto("505.4")


def h_505_4(f: Flow) -> None:
    f.pp("505.4")
    f.goto("505.5")


def h_505_5(f: Flow) -> None:
    g = f.g
    if f.ignited:
        g.note("phase", ("505.5",), "A charge card was chosen: back to 505.3.",
               "チャージのカードを選んだため、505.3に戻ります。")
        f.goto("505.3")
    else:
        g.note("phase", ("505.5",), "Pass: on to the main phase.",
               "パスを選んだため、メインフェイズに進みます。")
        f.goto("506.1")


# ---- 506 main ------------------------------------------------------------------------------------------------------

def h_506_1(f: Flow) -> None:
    _phase_event(f, "506.1", "main")
    f.goto("506.2")


def h_506_2(f: Flow) -> None:
    g = f.g
    tp = g.b.turn_player
    f.priority_pp()
    a, idx = f.action("506.2", tp)
    f.last_main_action = a
    if "pass" in a:
        g.note("action", ("506.2", "701.3"), f"{tp} has priority and passes.",
               f"{tp}は優先権を得て、パスをします。", player=tp)
        f.goto("506.3")
    elif "play" in a:
        c = g.b.cards[a["play"]]
        with g.step("action", ("506.2", "701.3"), f"{tp} has priority and plays {g.label(c)}.",
                    f"{tp}は優先権を得て、{g.label(c)}をプレイします。", cards=(c.id,), player=tp):
            play_card(g, tp, c, square=a.get("square"), pay=a.get("pay"),
                      alternative=a.get("alternative"))
        f.goto("506.3")
    elif "activate" in a:
        c = g.b.cards[a["activate"]]
        with g.step("action", ("506.2", "701.3"), f"{tp} has priority and plays an activated "
                    f"ability of {g.label(c)}.", f"{tp}は優先権を得て、{g.label(c)}の起動能力を"
                    "プレイします。", cards=(c.id,), player=tp):
            activate(g, tp, c, a.get("ability"), a.get("pay"), a.get("return"))
        f.goto("506.3")
    elif "battle" in a:
        declare_battle(f, a)
    else:
        f.wrong(a, idx, "506.2", tp, "play, activate, battle or pass")


def h_506_3(f: Flow) -> None:
    f.pp("506.3")
    f.goto("506.4")


def h_506_4(f: Flow) -> None:
    g = f.g
    if f.last_main_action is not None and "pass" in f.last_main_action:
        g.note("phase", ("506.4",), "The turn player passed: on to the end phase.",
               "ターンプレイヤーがパスを選んだため、エンドフェイズに進みます。")
        f.goto("507.1")
    else:
        g.note("phase", ("506.4",), "The turn player did not pass: back to 506.2.",
               "ターンプレイヤーがパス以外を選んだため、506.2に戻ります。")
        f.goto("506.2")


# ---- 507 end ---------------------------------------------------------------------------------------------------------

def h_507_1(f: Flow) -> None:
    _phase_event(f, "507.1", "end")
    f.goto("507.2")


def h_507_2(f: Flow) -> None:
    f.pp("507.2")
    f.goto("507.3")


def h_507_3(f: Flow) -> None:
    g = f.g
    b = g.b
    todo = _untriggered(g, "turn_end", b.turn_end_triggered)
    with g.step("phase", ("507.3",), "The 「ターン終了時」 event happens; abilities that already "
                "triggered this turn do not trigger again.",
                "「ターン終了時」の自動事象が発生します（このターンすでに誘発したものは再び誘発しません）。",
                player=b.turn_player):
        for c, i, ab in todo:
            b.turn_end_triggered.append(f"{ability_key(c, i)}@{c.incarnation}")
        triggers._dispatch(g, [{"kind": "turn_end", "player": b.turn_player}], todo, {})
        triggers.fire_timed(g, "turn_end")
    f.goto("507.4")


def h_507_4(f: Flow) -> None:
    f.pp("507.4")
    f.goto("507.5")


# the points 「ターン終了時」 / 「バトル終了時」: (words, where the loop goes back, 'this turn' /
# 'this battle', in Japanese)
END_POINTS = {"turn_end": ("「ターン終了時」", "507.3", "turn", "このターン"),
              "battle_end": ("「バトル終了時」", "605.2", "battle", "このバトル中")}


def still_to_trigger(g, kind: str) -> list[tuple[str, str, bool]]:
    """(English, Japanese, timed) for each 「ターン終了時」 / 「バトル終了時」 auto ability that has
    not triggered yet in this turn / battle: the cards' own (507.3, 605.2) and the timed ones an
    effect created, however late (808.4, 808.4a: they trigger once at that point)."""
    done = (g.b.turn_end_triggered if kind == "turn_end"
            else (g.b.battle or {}).get("end_triggered", []))
    out = [(f"{c.id}'s auto ability {i + 1}", f"{c.id}の自動能力{i + 1}", False)
           for c, i, _ in _untriggered(g, kind, done)]
    out += [(f"the timed ability created by {t.get('source') or 'an effect'}",
             f"{t.get('source') or '効果'}が作成した時限型自動能力", True)
            for t in triggers.timed_waiting(g, kind)]
    return out


@REGISTRY.rule("507.5", "507.9", "605.4", "605.6", "808.4")
def end_point_loop(f: Flow, kind: str, clause: str, nxt: str) -> bool:
    """507.5 / 507.9 / 605.4 / 605.6: back to 507.3 / 605.2 while a rule effect is to be executed
    or an ability of that point has not triggered yet — a timed one created late included.
    True when the game goes back."""
    g = f.g
    words, back, span, span_ja = END_POINTS[kind]
    pend = _rule_effects_pending(g)
    left = still_to_trigger(g, kind)
    if pend or left:
        timed = any(t for *_, t in left)
        names = ", ".join(en for en, _, _ in left)
        names_ja = "、".join(ja for _, ja, _ in left)
        en = ("rule effects are to be executed" if pend else
              f"{names} {'has' if len(left) == 1 else 'have'} not triggered in this {span} yet")
        ja = ("実行すべきルールエフェクトがある" if pend else
              f"{names_ja}が{span_ja}まだ誘発していない")
        g.note("phase", (clause,) + (("808.4",) if timed and not pend else ()),
               f"{en[0].upper()}{en[1:]}: back to {back} ({clause}"
               + (", 808.4: a timed auto ability created by an effect triggers at the point it "
                  "names" if timed and not pend else "") + ").",
               f"{ja}ため、{back}に戻ります。")
        f.goto(back)
        return True
    if clause in ("507.5", "605.4"):
        g.note("phase", (clause,), f"No rule effect to execute and no {words} ability left to "
               f"trigger in this {span}: the {'end phase' if kind == 'turn_end' else 'battle end step'}"
               " goes on.", f"実行すべきルールエフェクトも、{span_ja}まだ誘発していない{words}の"
               "自動能力もないため、先に進みます。")
    f.goto(nxt)
    return False


def h_507_5(f: Flow) -> None:
    end_point_loop(f, "turn_end", "507.5", "507.6")


def h_507_6(f: Flow) -> None:
    g = f.g
    with g.step("phase", ("507.6",), "All zekusu lose their damage.",
                "すべてのゼクスが受けているダメージは0になります。") as st:
        for c in g.zekusu_on_squares():
            if c.damage:
                st.cards.append(c.id)
                g.set_damage(c, 0)
    f.goto("507.7")


def h_507_7(f: Flow) -> None:
    g = f.g
    ended = [e for e in g.b.effects if e.get("until") == "turn_end"]
    order = _discard_first(g, ended)
    guide_first = order == "guide-2024"
    if guide_first:  # the 2024 guide: the hand is checked while those effects still apply
        h_507_8(f, effects_end_next=True)
    with g.step("phase", ("507.7",), f"Effects lasting until the end of the turn end "
                f"({len(ended)}).", f"「このターン中」「ターン終了時まで」の継続効果が消滅します"
                f"（{len(ended)}個）。",
                readings=("end-phase-order",) if order == "rules" else ()):
        for e in ended:
            g.remove_effect(e)
    f.goto("507.9" if guide_first else "507.8")


def _discard_first(g, ended: list) -> str | None:
    """Reading end-phase-order, asked only when the order can matter: effects end here and
    the turn player's hand is over the hand limit before or after they end."""
    b = g.b
    tp = b.turn_player
    if not ended:
        return None
    n = len(b.pzone(tp, "hand"))
    before = hand_limit(g, tp)
    kept = b.effects
    b.effects = [e for e in kept if e not in ended]
    try:
        after = hand_limit(g, tp)
    finally:
        b.effects = kept
    if before == after or all(lim is None or n <= lim for lim in (before, after)):
        return None
    return g.reading("end-phase-order", here=False)


def h_507_8(f: Flow, effects_end_next: bool = False) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    lim = hand_limit(g, tp)
    hand = b.pzone(tp, "hand")
    if lim is not None and len(hand) > lim:
        k = len(hand) - lim
        with g.step("phase", ("507.8",),
                    f"{tp} has {len(hand)} cards in hand with a limit of "
                    f"{lim}: {tp} keeps {lim} and puts {k} into the trash.",
                    f"{tp}の手札{len(hand)}枚は上限{lim}枚を超えているため、{lim}枚を選び、残り{k}枚を"
                    "トラッシュに置きます。", player=tp,
                    readings=("end-phase-order",) if effects_end_next else ()):
            if not effects_end_next:  # the order question is met; here both orders agree
                g.reading("end-phase-order", depend=False)
            req = Request("507.8", tp, f"which {lim} hand cards to keep",
                          f"手札に残す{lim}枚", list(hand), "many", lim, lim)
            keep = g.ask_cards(req, list(hand[:lim]))
            g.move([b.cards[i] for i in hand if i not in keep], f"{tp}.trash", reason="rule")
    else:
        lim_txt = "no limit" if lim is None else f"limit {lim}"
        g.note("phase", ("507.8",),
               f"{tp} has {len(hand)} card(s) in hand ({lim_txt}): nothing "
               "to put into the trash.", f"{tp}の手札は{len(hand)}枚（上限"
               f"{'なし' if lim is None else f'{lim}枚'}）のため、トラッシュに置くカードはありません。",
               player=tp, readings=("end-phase-order",) if effects_end_next else ())
    if not effects_end_next:
        f.goto("507.9")


def h_507_9(f: Flow) -> None:
    g = f.g
    b = g.b
    if end_point_loop(f, "turn_end", "507.9", "507.9"):
        return
    tp = b.turn_player
    nxt = opponent(tp)
    with g.step("phase", ("507.9",), f"Turn {b.turn} ends; {nxt} becomes the turn player.",
                f"ターン{b.turn}が終了し、{nxt}がターンプレイヤーになります。", player=nxt):
        b.turn += 1
        b.turn_player = nxt
        b.turn_end_triggered = []
        b.used = {}
        for p in PLAYERS:
            for fl in ("ex_played", "shift_played", "denei_played"):
                if b.players[p].flags.get(fl):
                    g.set_flag(p, fl, False)
        g.change({"op": "turn", "turn": b.turn, "turn_player": nxt})
    f.goto("502.1")
    if f.until == "turn_end":
        raise Halt("until")


# ---- 602 declaration --------------------------------------------------------------------------------------------------

def declare_battle(f: Flow, a: dict) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    ntp = opponent(tp)
    att = b.cards[a["battle"]]
    tgt_id = a["target"]
    with g.step("action", ("506.2", "601.1", "602.1"), f"{tp} declares a battle: {att.id} attacks "
                f"{tgt_id}.", f"{tp}はバトルを宣言します：{att.id}が{tgt_id}を攻撃します。",
                cards=(att.id,), player=tp):
        # 602.1a
        bad = None
        if not is_square(att.zone):
            bad = (f"{att.id} is not on a square", f"{att.id}はスクエアにいません")
        elif att.type not in ZEKUSU_TYPES:
            bad = (f"{att.id} is not a zekusu", f"{att.id}はゼクスではありません")
        elif att.controller != tp:
            bad = (f"{att.id} is not controlled by the turn player {tp}",
                   f"{att.id}の支配者はターンプレイヤー{tp}ではありません")
        elif att.state != "reboot":
            bad = (f"{att.id} is sleeping; the attacker must be rebooted",
                   f"{att.id}はスリープ状態です（攻撃ゼクスはリブート状態である必要があります）")
        if bad:
            _illegal_battle(g, "602.1a", bad)
        src = cannot(g, att, "attack")
        if src:
            raise IllegalAction(f"{att.id} cannot attack ({src})", f"{att.id}は攻撃できません"
                                f"（{src}）", ("102.6", "602.1c"))
        # 602.1b
        rng = attack_range(g, att)
        cites = ["602.1b", "303.2", "303.2a"]
        if rng is None:
            cites.append("1104.3")
        elif rng > 1:
            cites.append("1104.2")
        if att.grants:  # its range granted or taken away by a continuous effect (811.1b)
            from .params import granted_from

            cites += granted_from(g, att, "range")
        if tgt_id in PLAYERS:
            psq = PLAYER_SQUARE[ntp]
            if tgt_id != ntp:
                _illegal_battle(g, "602.1b", (f"{tgt_id} is not the non-turn player",
                                              f"{tgt_id}は非ターンプレイヤーではありません"), cites)
            if not in_range(g, att, psq):
                d = distance(att.zone, psq)
                _illegal_battle(g, "602.1b", (
                    f"{ntp}'s player square {psq} is at distance {d} from {att.zone}"
                    f"{'' if rng is None else f' (the attacker reaches distance {rng})'}",
                    f"{ntp}のプレイヤースクエア{psq}は{att.zone}から距離{d}です"), cites)
            if b.zekusu_on(psq):
                _illegal_battle(g, "602.1b", (f"{psq} has a zekusu", f"{psq}にゼクスがいます"),
                                cites)
            if not any(c.type == "player" for c in b.cards_in(psq)):
                _illegal_battle(g, "602.1b", (f"{psq} has no player card",
                                              f"{psq}にプレイヤーカードがありません"), cites)
            tgt_sq = psq
        else:
            tgt = b.cards.get(tgt_id)
            if tgt is None or not is_square(tgt.zone) or not tgt.is_zekusu:
                _illegal_battle(g, "602.1b", (f"{tgt_id} is not a zekusu on a square",
                                              f"{tgt_id}はスクエアにいるゼクスではありません"), cites)
            if tgt.controller != ntp:
                _illegal_battle(g, "602.1b", (f"{tgt_id} is not controlled by the non-turn "
                                              f"player {ntp}", f"{tgt_id}の支配者は非ターンプレイヤー"
                                              f"{ntp}ではありません"), cites)
            if not in_range(g, att, tgt.zone):
                d = distance(att.zone, tgt.zone)
                _illegal_battle(g, "602.1b", (
                    f"{tgt_id} on {tgt.zone} is at distance {d} from {att.zone}; the attacker "
                    f"reaches {'any square' if rng is None else f'distance {rng}'}",
                    f"{tgt_id}（{tgt.zone}）は{att.zone}から距離{d}で、攻撃できる範囲外です"), cites)
            tgt_sq = tgt.zone
        g.note("check", ("602.1a",) + tuple(cites),
               f"The declaration is legal: {att.id} is {tp}'s rebooted zekusu on {att.zone}; the "
               f"target {tgt_id} is within reach on {tgt_sq}.",
               f"宣言は適正です：{att.id}は{att.zone}にいる{tp}のリブート状態のゼクスで、攻撃目標"
               f"{tgt_id}（{tgt_sq}）は攻撃可能な範囲にあります。", player=tp)
        b.battle = {"attacker": att.id, "target": tgt_id, "attacker_square": att.zone,
                    "target_square": tgt_sq, "end_triggered": [],
                    "_att_inc": att.incarnation,
                    "_tgt_inc": b.cards[tgt_id].incarnation if tgt_id in b.cards else None}
        g.change({"op": "battle", "attacker": att.id, "target": tgt_id})
        with g.step("phase", ("602.1d",), f"{att.id} is put to sleep.",
                    f"{att.id}をスリープします。", cards=(att.id,)):
            if g.set_state(att, "sleep"):
                triggers.emit(g, [{"kind": "sleeps", "card": g.snap(att),
                                   "inc_after": att.incarnation, "player": tp}])
        with g.step("phase", ("602.1e",), "The 「バトル開始時」, 「攻撃した時」 and 「攻撃された時」 "
                    "events happen.", "「バトル開始時」「攻撃した時」「攻撃された時」の自動事象が発生します。"):
            evs = [{"kind": "battle_start", "player": tp, "cards": _battle_snaps(g)},
                   {"kind": "attacks", "card": g.snap(att), "inc_after": att.incarnation,
                    "player": tp}]
            if tgt_id in b.cards:
                t = b.cards[tgt_id]
                evs.append({"kind": "attacked", "card": g.snap(t), "inc_after": t.incarnation,
                            "player": ntp})
            else:
                evs.append({"kind": "attacked", "player": ntp})
            triggers.emit(g, evs)
    f.goto("602.1f")


def _illegal_battle(g, clause: str, why: tuple, cites=()) -> None:
    raise IllegalAction(f"the battle cannot be declared: {why[0]}",
                        f"バトルは宣言できません：{why[1]}", (clause, "602.1c") + tuple(cites))


def h_602_1(f: Flow) -> None:
    a, idx = f.action("506.2", f.g.b.turn_player)
    if "battle" not in a:
        f.wrong(a, idx, "602.1", f.g.b.turn_player, "battle")
    declare_battle(f, a)


def h_602_1f(f: Flow) -> None:
    f.pp("602.1f")
    f.g.note("phase", ("602.1g",), "On to the battle event step.", "バトルイベントステップに進みます。")
    f.g.b.passed = []
    f.goto("603.1a")


# ---- 603 event step ---------------------------------------------------------------------------------------------

def h_603_1a(f: Flow) -> None:
    g = f.g
    g.b.priority = g.b.turn_player
    g.note("phase", ("603.1a",), f"The turn player {g.b.turn_player} gets priority.",
           f"ターンプレイヤー{g.b.turn_player}に優先権が与えられます。", player=g.b.turn_player)
    f.goto("603.1b")


def h_603_1b(f: Flow) -> None:
    g = f.g
    b = g.b
    p = b.priority or b.turn_player
    f.priority_pp()
    a, idx = f.action("603.1b", p)
    if "pass" in a:
        g.note("action", ("603.1b", "701.3"), f"{p} passes.", f"{p}はパスをします。", player=p)
        if p not in b.passed:
            b.passed.append(p)
    elif "play" in a:
        c = b.cards[a["play"]]
        if c.type != "event":
            raise IllegalAction(f"only event cards are played in the battle event step; {c.id} "
                                "is not an event", f"バトルイベントステップでプレイできるのはイベント"
                                f"カードのみです（{c.id}）", ("603.1b",))
        with g.step("action", ("603.1b", "701.3"), f"{p} plays {g.label(c)}.",
                    f"{p}は{g.label(c)}をプレイします。", cards=(c.id,), player=p):
            play_card(g, p, c, pay=a.get("pay"), alternative=a.get("alternative"))
        if p in b.passed:
            b.passed.remove(p)
    elif "activate" in a:
        c = b.cards[a["activate"]]
        with g.step("action", ("603.1b", "701.3"), f"{p} plays an activated ability of "
                    f"{g.label(c)}.", f"{p}は{g.label(c)}の起動能力をプレイします。", cards=(c.id,),
                    player=p):
            activate(g, p, c, a.get("ability"), a.get("pay"), a.get("return"))
        if p in b.passed:
            b.passed.remove(p)
    else:
        f.wrong(a, idx, "603.1b", p, "play (an event), activate or pass")
    if set(b.passed) >= set(PLAYERS):
        g.note("phase", ("603.1c",), "Both players' latest action was a pass: on to the battle "
               "damage step.", "両プレイヤーの最も新しい行動がパスであるため、バトルダメージステップに"
               "進みます。")
        b.priority = None
        b.passed = []
        f.goto("604.1")
    else:
        other = opponent(p)
        b.priority = other
        g.note("phase", ("603.1c",), f"{other} gets priority.", f"{other}に優先権が与えられます。",
               player=other)
        f.goto("603.1b")


# ---- 604 damage step -------------------------------------------------------------------------------------------------

def _battle_card(g, which: str):
    bt = g.b.battle or {}
    cid = bt.get(which)
    c = g.b.cards.get(cid or "")
    if c is None:
        return None
    inc = bt.get("_att_inc" if which == "attacker" else "_tgt_inc")
    if inc is not None and c.incarnation != inc:
        return None  # left the squares and came back: a new card (301.4)
    return c if is_square(c.zone) else None


def _battle_snaps(g) -> list[dict]:
    """The cards of the battle, still on the squares as the same objects (301.4): the attacker
    and a zekusu target. 「このカードのバトル終了時」 (605.2) and 「バトル開始時」 (602.1e) are
    events of each of them — the target's own as well as the attacker's."""
    return [g.snap(c) for c in (_battle_card(g, "attacker"), _battle_card(g, "target"))
            if c is not None]


def h_604_1(f: Flow) -> None:
    f.pp("604.1")
    f.goto("604.2")


def h_604_2(f: Flow) -> None:
    g = f.g
    att = _battle_card(g, "attacker")
    if att is None:
        g.note("phase", ("604.2",), "The attacker is no longer on a square: nothing happens; on "
               "to the battle end step.", "攻撃ゼクスがスクエアにいないため、何も起こりません。"
               "バトル終結ステップに進みます。")
        f.goto("605.1")
    else:
        g.note("phase", ("604.2",), f"The attacker {att.id} is on {att.zone}: the battle goes on.",
               f"攻撃ゼクス{att.id}は{att.zone}にいるため、バトルを続けます。", cards=(att.id,))
        f.goto("604.3")


def h_604_3(f: Flow) -> None:
    g = f.g
    b = g.b
    bt = b.battle
    att = _battle_card(g, "attacker")
    if att is None:  # started from a file at 604.3
        f.goto("605.1")
        return
    tgt_id = bt.get("target")  # none: it ceased to exist (a token, 912.1)
    ctx = EffCtx(g, att.controller, att.id, g.snap(att), battle=True)
    moved = att.zone != bt.get("attacker_square")
    if tgt_id in PLAYERS:
        extra = ("604.3d",) if moved or b.zekusu_on(PLAYER_SQUARE[tgt_id]) else ()
        shielded = g.ob_on_squares(tgt_id)  # 604.3c: the child step says so
        with g.step("phase", ("604.3b",) + extra, f"The target is the player {tgt_id}: {att.id} "
                    + (f"would deal 1 damage to {tgt_id}." if shielded else
                       f"deals 1 damage to {tgt_id}."), f"攻撃目標はプレイヤー{tgt_id}です。{att.id}は"
                    f"{tgt_id}に1点のダメージを与え" + ("ようとします。" if shielded else "ます。"),
                    cards=(att.id,)):
            deal_player_damage(g, tgt_id, 1, ctx, battle=True)
    else:
        tgt = _battle_card(g, "target")
        if tgt is None:
            who = f"The target {tgt_id}" if tgt_id else "The target (a card that ceased to exist)"
            g.note("phase", ("604.3a",), f"{who} is no longer on a square: nothing happens.",
                   f"攻撃目標{tgt_id or ''}がスクエアにいないため、何も起こりません。",
                   cards=(tgt_id,) if tgt_id else ())
        else:
            pw = power(g, att)
            extra = ("604.3d",) if moved or tgt.zone != bt.get("target_square") else ()
            with g.step("phase", ("604.3a", "1001.1", "814.3") + extra,
                        f"{att.id} deals damage equal to its power ({pw}) to {tgt.id}.",
                        f"{att.id}は{tgt.id}に自身のパワーに等しい{pw}点のダメージを与えます。",
                        cards=(att.id, tgt.id), readings=("battle-damage-208.3",)):
                deal_damage(g, [tgt], pw or 0, ctx, battle_attacker=att)
    g.note("phase", ("604.4",), "On to the battle end step.", "バトル終結ステップに進みます。")
    f.goto("605.1")


# ---- 605 end step ---------------------------------------------------------------------------------------------------

def h_605_1(f: Flow) -> None:
    f.pp("605.1")
    # 1203.1: only the pre-processing right after the battle damage step, whether or not it had
    # anything to do, can destroy 「バトルで」
    f.g.battle_marks.clear()
    f.goto("605.2")


def h_605_2(f: Flow) -> None:
    g = f.g
    bt = g.b.battle or {}
    done = bt.setdefault("end_triggered", [])
    todo = _untriggered(g, "battle_end", done)
    with g.step("phase", ("605.2",), "The 「バトル終了時」 event happens; abilities that already "
                "triggered in this battle do not trigger again.",
                "「バトル終了時」の自動事象が発生します（このバトル中にすでに誘発したものは再び誘発しません）。"):
        for c, i, ab in todo:
            done.append(f"{ability_key(c, i)}@{c.incarnation}")
        triggers._dispatch(g, [{"kind": "battle_end", "player": g.b.turn_player,
                                "cards": _battle_snaps(g)}], todo, {})
        triggers.fire_timed(g, "battle_end")
    f.goto("605.3")


def h_605_3(f: Flow) -> None:
    f.pp("605.3")
    f.goto("605.4")


def h_605_4(f: Flow) -> None:
    end_point_loop(f, "battle_end", "605.4", "605.5")


def h_605_5(f: Flow) -> None:
    g = f.g
    ended = [e for e in g.b.effects if e.get("until") == "battle_end"]
    with g.step("phase", ("605.5",), f"Effects lasting this battle end ({len(ended)}).",
                f"「このバトル中」の継続効果が消滅します（{len(ended)}個）。"):
        for e in ended:
            g.remove_effect(e)
    f.goto("605.6")


def h_605_6(f: Flow) -> None:
    g = f.g
    if end_point_loop(f, "battle_end", "605.6", "605.6"):
        return
    with g.step("phase", ("605.6",), "The battle ends; back to the main phase (506.3).",
                "バトルが終了します。メインフェイズ（506.3）に戻ります。"):
        g.b.battle = None
        g.change({"op": "battle", "attacker": None, "target": None})
    f.last_main_action = {"battle": True}
    f.goto("506.3")


HANDLERS = {
    "502.1": h_502_1, "502.2": h_502_2, "502.3": h_502_3,
    "503.1": h_503_1, "503.2": h_503_2, "503.3": h_503_3, "503.4": h_503_4,
    "504.1": h_504_1, "504.2": h_504_2, "504.3": h_504_3, "504.4": h_504_4,
    "505.1": h_505_1, "505.2": h_505_2, "505.3": h_505_3, "505.4": h_505_4, "505.5": h_505_5,
    "506.1": h_506_1, "506.2": h_506_2, "506.3": h_506_3, "506.4": h_506_4,
    "507.1": h_507_1, "507.2": h_507_2, "507.3": h_507_3, "507.4": h_507_4, "507.5": h_507_5,
    "507.6": h_507_6, "507.7": h_507_7, "507.8": h_507_8, "507.9": h_507_9,
    "602.1": h_602_1, "602.1f": h_602_1f, "603.1a": h_603_1a, "603.1b": h_603_1b,
    "604.1": h_604_1, "604.2": h_604_2, "604.3": h_604_3,
    "605.1": h_605_1, "605.2": h_605_2, "605.3": h_605_3, "605.4": h_605_4, "605.5": h_605_5,
    "605.6": h_605_6,
}

Flow.handlers = HANDLERS

# the registry names the handler of each turn / battle step it executes
for _sid, _fn in HANDLERS.items():
    REGISTRY.rule(*{"604.3": ("604.3a", "604.3b", "604.3c", "604.3d", "604.4"),
                    "603.1b": ("603.1b", "603.1c"), "507.9": ("507.9",),
                    "506.3": ("506.3",)}.get(_sid, (_sid,)))(_fn)
REGISTRY.rule("601.1", "602.1a", "602.1b", "602.1c", "602.1d", "602.1e", "303.2")(declare_battle)
REGISTRY.rule("503.3a")(h_503_3)
REGISTRY.rule("602.1g")(h_602_1f)
REGISTRY.rule("701.2")(Flow.priority_pp)
REGISTRY.rule("701.3")(Flow.action)
