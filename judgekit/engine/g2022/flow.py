"""Setup (601) and the turn (700s) as a step machine; the attack (800s) is in attack.py.

`board.step` is the clause the engine executes next. Each handler executes one step, records a
trace step citing it, runs priority pre-processing where the rules say so, and sets the next
step. The decisions (703.2 the turn player's main-phase action, 803.1 the block step, 705.2
keep, 705.3 energy) come from the file's `actions`; without `until` the run stops at the first
decision no action answers.
"""

from __future__ import annotations

from ..choices import Request
from ..flow import Flow as CoreFlow
from ..game import Halt, IllegalAction
from . import attack, endings, missions, triggers
from .clauses import REGISTRY
from .effects import clear_mission, draw, set_state
from .model import AREAS, MISSION_SLOTS, PHASE_WORDS, PLAYERS, adjacent_areas, opponent, \
    zone_kind
from .params import abilities, cannot, is_valid, play_cost
from .play import activate, area_options, play_card
from .procedure import preprocess

FIRST_PP_DONE = ("702.3", "702.4", "702.5", "706.3", "706.4", "706.5")
DRAW_LIMIT = 5  # 702.4 / 706.4: draw up to five with four or fewer


class Flow(CoreFlow):
    priority_points = ("703.2",)
    action_clause = "201.3"

    def __init__(self, g, *, until: str | None = None, ask_action=None) -> None:
        super().__init__(g, until=until, ask_action=ask_action)
        self.acted = False
        if g is None:
            return
        b = g.b
        # 703.3a: a file that starts at 703.3 (or inside an attack) describes the action taken
        self.acted = b.step == "703.3" or b.step.startswith("80")
        if b.pre_processings == 0 and b.step in FIRST_PP_DONE:
            b.pre_processings = 1  # the first pre-processing of the phase is behind us

    def card_of(self, cid: str, idx: int):
        c = self.g.b.cards.get(cid)
        if c is None:
            raise IllegalAction(f"action {idx + 1} names {cid}, which is not a card of the file",
                                f"アクション{idx + 1}の{cid}はファイルのカードではありません", ("201.3",))
        return c

    def decision(self, point: str, player: str) -> tuple[dict, int]:
        """What `player` does at `point` (the file's next action); a concession ends the game
        there (101.4: at any point, with or without priority)."""
        a, idx = self.action(point, player)
        if "concede" in a:
            self.concede(a["concede"])
        return a, idx

    @REGISTRY.rule("101.4")
    def concede(self, p: str) -> None:
        g = self.g
        with g.step("concede", ("101.4",), f"{p} concedes.", f"{p}は投了します。", player=p):
            pass
        g.lose([p], ("101.4",), f"{p} conceded (101.4)", f"{p}が投了しました（101.4）")

    def new_phase(self, phase: str) -> tuple[str, str]:
        self.g.b.pre_processings = 0
        en, ja = PHASE_WORDS[phase]
        self.g.change({"op": "phase", "phase": phase})
        return en, ja


def _phase_start(flow, cl: str, phase: str, extra=()) -> None:
    g = flow.g
    en, ja = flow.new_phase(phase)
    events = [{"kind": "phase_start", "phase": phase, "player": g.b.turn_player}]
    events += list(extra)
    with g.step("phase", (cl, "701.3"), f"The {en} begins: 「{ja}開始時」"
                + (" and 「ゲーム開始時」" if extra else "") + " events happen.",
                f"{ja}を開始します。「{ja}開始時」" + ("と「ゲーム開始時」" if extra else "")
                + "の自動事象が発生します。", player=g.b.turn_player):
        triggers.emit(g, events)
        triggers.fire_timed(g, "phase_start", phase)  # 「次の…フェイズ開始時」 (908.4)


# ---- setup (601.1d–g) -------------------------------------------------------------------------
@REGISTRY.rule("601.1d", "601.1e", "601.1f", "601.1g")
def setup(flow) -> None:
    """601.1d: reveal, the higher cost goes first, the revealed cards go to the energy (again
    on a tie); 601.1e: draw five, the second player puts two hand cards into the energy;
    601.1f: missions face up; 601.1g: the first player's turn begins."""
    g = flow.g
    b = g.b
    first = None
    while first is None:
        tops = {p: (b.cards[b.pzone(p, "deck")[0]] if b.pzone(p, "deck") else None)
                for p in PLAYERS}
        if any(c is None for c in tops.values()):
            raise Halt("unsupported", "a deck ran out while deciding the first player (601.1d)")
        costs = {p: tops[p].cost or 0 for p in PLAYERS}
        if costs["P1"] != costs["P2"]:
            first = "P1" if costs["P1"] > costs["P2"] else "P2"
        with g.step("setup", ("601.1d",),
                    f"Both reveal their deck's top card: {tops['P1'].id} (cost {costs['P1']}) and "
                    f"{tops['P2'].id} (cost {costs['P2']}). "
                    + (f"{first} goes first." if first else "A tie: the reveal is repeated.")
                    + " The revealed cards go to their owners' energy zones.",
                    f"お互いデッキの一番上のカードを公開します：{tops['P1'].id}（コスト{costs['P1']}）と"
                    f"{tops['P2'].id}（コスト{costs['P2']}）。"
                    + (f"{first}が先攻プレイヤーです。" if first else "同じコストのため繰り返します。")
                    + "公開したカードはそれぞれのエネルギーゾーンに置きます。"):
            for c in tops.values():
                g.reveal(c)
            g.move_batch([(c, f"{c.owner}.energy") for c in tops.values()], reason="setup")
    b.first_player = b.turn_player = first
    b.turn = 1
    second = opponent(first)
    with g.step("setup", ("601.1e",), f"Both draw five cards; then {second} (second player) "
                "puts two hand cards into the energy zone.", f"お互い5枚引き、その後後攻プレイヤー"
                f"{second}は手札から2枚選んでエネルギーゾーンに置きます。"):
        for p in (first, second):
            draw(g, p, 5, cites=("601.1e",))
        hand = list(b.pzone(second, "hand"))
        n = min(2, len(hand))
        ids = g.ask_cards(Request("601.1e", second, f"{n} hand cards for the energy zone",
                                  f"エネルギーゾーンに置く手札{n}枚", hand, kind="many", min=n,
                                  max=n), hand[:n])
        g.move_batch([(b.cards[i], f"{second}.energy") for i in ids], reason="setup")
    with g.step("setup", ("601.1f",), "Both players turn their face-down missions face up.",
                "お互いミッションゾーンの裏向きのカードをすべて表向きにします。"):
        for p in PLAYERS:
            for m in b.cards_in(f"{p}.missions"):
                g.set_face(m, "up")
    g.note("setup", ("601.1g",), f"{first} is the turn player; the first turn begins.",
           f"先攻プレイヤー{first}がターンプレイヤーとなり、ターンを開始します。", player=first)
    flow.goto("702.1")


# ---- 702 start draw phase ------------------------------------------------------------------------
@REGISTRY.rule("702.1", "701.3")
def step_702_1(flow) -> None:
    g = flow.g
    first_turn = g.b.turn == 1
    _phase_start(flow, "702.1", "start_draw",
                 extra=[{"kind": "game_start", "player": g.b.turn_player}] if first_turn else ())
    flow.goto("702.2")


@REGISTRY.rule("702.2")
def step_702_2(flow) -> None:
    preprocess(flow.g, "702.2")
    flow.goto("702.3")


@REGISTRY.rule("702.3", "706.3")
def reboot_account(flow, cl: str = "702.3", nxt: str = "702.4") -> None:
    """702.3 / 706.3: the turn player reboots their slept account card."""
    g = flow.g
    tp = g.b.turn_player
    slept = [c for c in g.b.cards_in(f"{tp}.account") if c.state == "sleep"]
    if slept:
        for c in slept:
            set_state(g, c, "reboot", cites=(cl,))
    else:
        g.note("phase", (cl,), f"{tp} has no slept account card to reboot.",
               f"{tp}にスリープ状態のアカウントカードはありません。", player=tp)
    flow.goto(nxt)


@REGISTRY.rule("702.4", "702.4a", "706.4")
def draw_step(flow, cl: str = "702.4", nxt: str = "702.5") -> None:
    """Five or more hand cards: draw 1; four or fewer: draw up to five (702.4, 706.4). The first
    player draws nothing in the first turn (702.4a)."""
    g = flow.g
    b = g.b
    tp = b.turn_player
    hand = len(b.pzone(tp, "hand"))
    if cl == "702.4" and b.turn == 1 and tp == b.first_player:
        g.note("draw", ("702.4", "702.4a"), f"It is the first player's first turn: {tp} draws "
               "nothing.", f"先攻プレイヤーの最初のターンのため、{tp}はカードを引きません。", player=tp)
        flow.goto(nxt)
        return
    n = 1 if hand >= DRAW_LIMIT else DRAW_LIMIT - hand
    with g.step("draw", (cl,), f"{tp} has {hand} hand card(s): {tp} draws {n}"
                + (" (up to five)" if hand < DRAW_LIMIT else "") + ".",
                f"{tp}の手札は{hand}枚のため、{n}枚引きます。", player=tp):
        draw(g, tp, n, cites=(cl,))
    flow.goto(nxt)


@REGISTRY.rule("702.5")
def step_702_5(flow) -> None:
    preprocess(flow.g, "702.5")
    flow.goto("703.1")


# ---- 703 main phase --------------------------------------------------------------------------------
@REGISTRY.rule("703.1", "705.1", "706.1")
def phase_step(flow, cl: str, phase: str, nxt: str) -> None:
    """A phase begins: its 「～フェイズ開始時」 event happens (703.1, 705.1, 706.1)."""
    _phase_start(flow, cl, phase)
    flow.goto(nxt)


@REGISTRY.rule("703.2", "703.2a", "201.2", "201.3", "508.2")
def step_703_2(flow) -> None:
    """703.2: the turn player gets priority (pre-processing first, 201.2) and does one thing:
    play a hand or keep card (508.2), play an activated ability, attack, check a mission — or
    nothing. 703.2a: no event and no attack in the first player's first turn."""
    g = flow.g
    b = g.b
    tp = b.turn_player
    if g.dirty:
        preprocess(g, "201.2")
    a, idx = flow.decision("703.2", tp)
    first_turn = b.turn == 1 and tp == b.first_player
    if "pass" in a:
        g.note("main", ("703.2", "201.3"), f"{tp} does nothing (passes).",
               f"{tp}は何も実行しません（パス）。", player=tp)
        flow.acted = False
        flow.goto("703.3")
        return
    flow.acted = True
    if "play" in a:
        c = flow.card_of(a["play"], idx)
        if c.zone not in (f"{tp}.hand", f"{tp}.keep"):
            raise IllegalAction(f"{c.id} is not in {tp}'s hand or keep zone",
                                f"{c.id}は{tp}の手札にもキープゾーンにもありません", ("703.2",))
        if first_turn and c.type == "event":
            raise IllegalAction(f"it is the first player's first turn: {tp} cannot play the event "
                                f"{c.id}", f"先攻プレイヤーの最初のターンのため、イベント{c.id}はプレイ"
                                "できません", ("703.2a", "703.2"))
        if zone_kind(c.zone) == "keep":
            g.note("main", ("508.2",), f"{c.id} is in the keep zone: it is played as a hand card "
                   "could be.", f"{c.id}はキープゾーンにあり、手札のカードと同様にプレイできます。",
                   cards=(c.id,), player=tp)
        play_card(g, tp, c, area=a.get("area"), pay=a.get("pay"),
                  alternative=a.get("alternative"))
    elif "activate" in a:
        c = flow.card_of(a["activate"], idx)
        activate(g, tp, c, a.get("ability", 0) - 1, a.get("pay"))
    elif "attack" in a:
        if first_turn:
            raise IllegalAction(f"it is the first player's first turn: {tp} cannot declare an "
                                "attack", "先攻プレイヤーの最初のターンのため、アタックを宣言できません",
                                ("703.2a", "703.2"))
        attack.declare(flow, a["attack"])
        return
    elif "check" in a:
        mission_check_action(flow, tp, flow.card_of(a["check"], idx))
    else:
        flow.wrong(a, idx, "703.2", tp, "play, activate, attack, check or pass")
    flow.goto("703.3")


def mission_check_action(flow, p: str, m) -> None:
    """703.2 「ミッションのチェックを行う」 (reading mission-check-action): priority comes only
    after a pre-processing (201.2), whose 1006.1 has already checked every face-up mission whose
    check content is met; so the action has nothing left to do and cannot be chosen."""
    g = flow.g
    g.reading("mission-check-action")
    if zone_kind(m.zone) != "missions" or m.owner != p:
        why = (f"{m.id} is not one of {p}'s missions", f"{m.id}は{p}のミッションではありません")
    elif m.state == "sleep":
        why = (f"{m.id} is already checked (1006.1 checked it in the pre-processing before "
               "priority)", f"{m.id}はすでにチェックされています（優先権前の優先権前処理で1006.1に"
               "よりチェック済み）")
    else:
        why = (f"{m.id}'s check content is not met", f"{m.id}のチェック内容は満たされていません")
    raise IllegalAction(f"{why[0]}: 「ミッションのチェックを行う」 cannot be done legally now, so "
                        "it cannot be chosen", f"{why[1]}。「ミッションのチェックを行う」は適正に実行"
                        "できないため選択できません", ("703.2", "1006.1", "201.2"))


@REGISTRY.rule("703.3", "703.3a")
def step_703_3(flow) -> None:
    g = flow.g
    preprocess(g, "703.3")
    if flow.acted:
        g.note("main", ("703.3a",), "The turn player did something: back to 703.2.",
               "ターンプレイヤーが行動を実行したため、703.2に戻ります。")
        flow.goto("703.2")
    else:
        g.note("main", ("703.3a",), "The turn player did nothing: on to the mission phase.",
               "ターンプレイヤーが何も実行しなかったため、ミッションフェイズに進みます。")
        flow.goto("704.1")


# ---- 704 mission phase ----------------------------------------------------------------------------
@REGISTRY.rule("704.1")
def step_704_1(flow) -> None:
    g = flow.g
    _phase_start(flow, "704.1", "mission")
    tp = g.b.turn_player
    ntp = opponent(tp)
    theirs = missions.missions_of(g, ntp)
    if len(theirs) >= MISSION_SLOTS and all((m.face or "up") == "down" for m in theirs) and \
            not all((m.face or "up") == "down" for m in missions.missions_of(g, tp)) and \
            g.reading("1007.1-whose-missions", here=False) == "turn-player":
        g.note("mission", ("1007.1",), f"All of {ntp}'s missions are face down, but in {tp}'s "
               f"mission phase 1007.1 looks at {tp}'s missions (the opponent of the non-turn "
               "player who would lose): nobody loses for this.",
               f"{ntp}のミッションはすべて裏向きですが、{tp}のミッションフェイズで1007.1が見るのは"
               f"{tp}（敗北しうる非ターンプレイヤーの相手）のミッションであるため、これによって敗北する"
               "プレイヤーはいません。", readings=("1007.1-whose-missions",))
    flow.goto("704.2")


@REGISTRY.rule("704.2", "704.4", "704.6", "704.11", "705.4", "706.2")
def pp_step(flow, at: str, nxt: str) -> None:
    """A step that is 「優先権前処理を実行します」 (and then goes on)."""
    preprocess(flow.g, at)
    flow.goto(nxt)


def _pp_then(at: str, nxt: str):
    return lambda flow: pp_step(flow, at, nxt)


@REGISTRY.rule("704.3", "704.3a", "704.3b")
def step_704_3(flow) -> None:
    """704.3: the turn player's checked (slept) missions — clear content met: cleared (704.3a);
    not met: rebooted (704.3b, reading 704.3b-reboot)."""
    g = flow.g
    tp = g.b.turn_player
    checked = [m for m in missions.missions_of(g, tp) if m.state == "sleep" and
               (m.face or "up") == "up"]
    if not checked:
        g.note("mission", ("704.3",), f"{tp} has no checked mission.",
               f"{tp}にチェックされたミッションはありません。", player=tp)
        flow.goto("704.4")
        return
    met = [m for m in checked if missions.content_met(g, m, m.clear)]
    with g.step("mission", ("704.3",), f"{tp} looks at the clear content of the checked missions "
                f"{', '.join(m.id for m in checked)}: "
                + (f"met by {', '.join(m.id for m in met)}" if met else "met by none") + ".",
                f"{tp}はチェックされたミッション{'、'.join(m.id for m in checked)}のクリア内容を"
                "確認します。", player=tp, readings=("mission-conditions",)):
        for m in met:
            clear_mission(g, m, cites=("704.3a",))
        for m in checked:
            if m not in met:
                set_state(g, m, "reboot", cites=("704.3b",))
                g.reading("704.3b-reboot")
    flow.goto("704.4")


@REGISTRY.rule("704.5")
def step_704_5(flow) -> None:
    """704.5: 「ミッションフェイズ終了時」 events; an ability that already triggered this turn does
    not trigger again."""
    endings.fire(flow.g, "704.5", "mission_end", flow.g.b.mission_end_triggered, "mission")
    flow.goto("704.6")


@REGISTRY.rule("704.7", "704.10")
def loop_back(flow, cl: str, nxt: str) -> None:
    """704.7 / 704.10: back to 704.5 while a rule effect is due or a 「ミッションフェイズ終了時」
    ability has not triggered this turn (704.10 also: a triggered ability)."""
    endings.loop_back(flow, cl, "mission_end", flow.g.b.mission_end_triggered, "704.5", nxt,
                      "mission", with_pending=(cl == "704.10"),
                      readings=("704.7-turn-end",) if cl == "704.7" else ())


@REGISTRY.rule("704.8", "1005.2")
def step_704_8(flow) -> None:
    """704.8: the recorded counts (1005.2) and ≪アタック成功≫ end; every chara's damage is 0
    (reading 704.8-lost-icons)."""
    g = flow.g
    b = g.b
    with g.step("mission", ("704.8", "1005.2"),
                "The recorded mission counts and ≪アタック成功≫ end, and every chara's damage "
                "becomes 0.", "記録された回数と≪アタック成功≫が無くなり、すべてのキャラのダメージが"
                "0になります。", readings=("704.8-lost-icons",)):
        for p in PLAYERS:
            for m in missions.missions_of(g, p):
                if m.counts:
                    m.counts = None
                    g.change({"op": "counts_cleared", "mission": m.id})
        if b.attack_success:
            b.attack_success = []
            g.change({"op": "attack_success_cleared"})
        for c in list(b.charas()):
            if c.damage:
                g.set_damage(c, 0)
        g.damaged_by.clear()
    flow.goto("704.9")


@REGISTRY.rule("704.9")
def step_704_9(flow) -> None:
    endings.end_effects(flow.g, "704.9", "mission_end", "mission")
    flow.goto("704.10")


# ---- 705 charge phase ----------------------------------------------------------------------------
@REGISTRY.rule("705.2")
def step_705_2(flow) -> None:
    """705.2: the turn player may put one hand card into the keep zone; the card already there
    goes to the trash."""
    g = flow.g
    b = g.b
    tp = b.turn_player
    a, idx = flow.decision("705.2", tp)
    if "pass" in a:
        g.note("charge", ("705.2",), f"{tp} keeps no card.", f"{tp}はキープしません。", player=tp)
    elif "keep" in a:
        c = flow.card_of(a["keep"], idx)
        if c.zone != f"{tp}.hand":
            raise IllegalAction(f"{c.id} is not in {tp}'s hand", f"{c.id}は{tp}の手札にありません",
                                ("705.2",))
        old = b.cards_in(f"{tp}.keep")
        with g.step("charge", ("705.2",), f"{tp} puts {c.id} into the keep zone"
                    + (f"; {', '.join(o.id for o in old)}, already there, goes to the trash"
                       if old else "") + ".", f"{tp}は{c.id}をキープゾーンに置きます"
                    + (f"。既にあった{'、'.join(o.id for o in old)}はトラッシュに置きます" if old
                       else "") + "。", cards=(c.id,), player=tp, readings=("keep-hidden",)):
            if old:
                g.move_batch([(o, f"{o.owner}.trash") for o in old], reason="keep")
            g.move([c], f"{tp}.keep", reason="keep")
    else:
        flow.wrong(a, idx, "705.2", tp, "keep a card or pass")
    flow.goto("705.3")


@REGISTRY.rule("705.3")
def step_705_3(flow) -> None:
    g = flow.g
    b = g.b
    tp = b.turn_player
    a, idx = flow.decision("705.3", tp)
    if "pass" in a:
        g.note("charge", ("705.3",), f"{tp} puts no card into the energy.",
               f"{tp}はエネルギーゾーンにカードを置きません。", player=tp)
    elif "energy" in a:
        ids = list(a["energy"])
        if len(set(ids)) != len(ids) or any(i not in b.pzone(tp, "hand") for i in ids):
            raise IllegalAction(f"705.3 puts cards of {tp}'s hand into the energy; "
                                f"{', '.join(ids)} are not all different hand cards",
                                "手札のカードのみエネルギーゾーンに置けます", ("705.3",))
        with g.step("charge", ("705.3",), f"{tp} puts {', '.join(ids)} face up into the energy "
                    "zone.", f"{tp}は手札の{'、'.join(ids)}を表向きでエネルギーゾーンに置きます。",
                    player=tp):
            for i in ids:  # in the order the player likes (705.3): as listed
                g.move([b.cards[i]], f"{tp}.energy", face="up", reason="charge")
    else:
        flow.wrong(a, idx, "705.3", tp, "put hand cards into the energy or pass")
    flow.goto("705.4")


# ---- 706 end draw phase ------------------------------------------------------------------------------
@REGISTRY.rule("706.5")
def step_706_5(flow) -> None:
    """706.5: pre-processing; the turn ends and the opponent's turn begins."""
    g = flow.g
    b = g.b
    preprocess(g, "706.5")
    nxt = opponent(b.turn_player)
    with g.step("turn", ("706.5",), f"The turn ends; {nxt} becomes the turn player.",
                f"ターンを終了し、{nxt}がターンプレイヤーとなって新たなターンを開始します。"):
        g.change({"op": "turn", "from": b.turn_player, "to": nxt})
    if flow.until == "turn_end":
        raise Halt("until")
    b.turn += 1
    b.turn_player = nxt
    b.mission_end_triggered = []
    flow.goto("702.1")
    if flow.until == "next_turn":
        raise Halt("until")


HANDLERS = {
    "601.1d": setup,
    "702.1": step_702_1, "702.2": step_702_2, "702.3": reboot_account, "702.4": draw_step,
    "702.5": step_702_5,
    "703.1": lambda f: phase_step(f, "703.1", "main", "703.2"), "703.2": step_703_2, "703.3": step_703_3,
    "704.1": step_704_1, "704.2": _pp_then("704.2", "704.3"), "704.3": step_704_3,
    "704.4": _pp_then("704.4", "704.5"), "704.5": step_704_5,
    "704.6": _pp_then("704.6", "704.7"),
    "704.7": lambda f: loop_back(f, "704.7", "704.8"), "704.8": step_704_8,
    "704.9": step_704_9, "704.10": lambda f: loop_back(f, "704.10", "704.11"),
    "704.11": _pp_then("704.11", "705.1"),
    "705.1": lambda f: phase_step(f, "705.1", "charge", "705.2"), "705.2": step_705_2, "705.3": step_705_3,
    "705.4": _pp_then("705.4", "706.1"),
    "706.1": lambda f: phase_step(f, "706.1", "end_draw", "706.2"), "706.2": _pp_then("706.2", "706.3"),
    "706.3": lambda f: reboot_account(f, "706.3", "706.4"),
    "706.4": lambda f: draw_step(f, "706.4", "706.5"), "706.5": step_706_5,
}

Flow.handlers = {**HANDLERS, **attack.HANDLERS}


# ---- legal actions (interactive prompts, property tests) -------------------------------------------
def legal_actions(g, point: str, player: str) -> list[dict]:
    """The actions a player may take at a decision point, as far as can be told before trying
    them."""
    b = g.b
    out: list[dict] = [{"pass": True}]
    if point == "705.2":
        out += [{"keep": i} for i in b.pzone(player, "hand")]
    elif point == "705.3":
        out += [{"energy": [i]} for i in b.pzone(player, "hand")]
    elif point in ("703.2", "803.1"):
        first_turn = b.turn == 1 and player == b.first_player
        energy = len(b.pzone(player, "energy"))
        for i in b.pzone(player, "hand") + b.pzone(player, "keep"):
            c = b.cards[i]
            typ = c.type
            if not c.known or typ not in ("chara", "event", "engage") or \
                    (first_turn and typ == "event"):
                continue
            if point == "803.1" and typ != "engage":
                continue
            areas = area_options(g, player, c) if typ != "event" else [None]
            for a in areas:
                pts = play_cost(g, c, f"{player}.{a}" if a and typ == "chara" else None)[0]
                if pts <= energy:
                    out.append({"play": i, **({"area": a} if a else {})})
        for z in (f"{player}.account",) + tuple(f"{player}.{a}" for a in AREAS):
            for c in b.cards_in(z):
                for n, ab in enumerate(abilities(c), 1):
                    cost = ab.get("cost", {})
                    if "activated" in ab and is_valid(g, c, ab) and \
                            not (cost.get("sleep") == "self" and c.state == "sleep") and \
                            cost.get("energy", 0) <= energy and \
                            cost.get("discard", 0) <= len(b.pzone(player, "hand")) and \
                            not cannot(g, c, "activate"):
                        out.append({"activate": c.id, "ability": n})
        if point == "703.2" and not first_turn:
            for a in AREAS:
                for c in b.area_cards(player, a):
                    if c.known and c.controller == player and c.state != "sleep" and \
                            not c.has_icon("no_attack"):
                        out.append({"attack": c.id})
        if point == "803.1" and len(b.pzone(player, "hand")) >= 2:
            hand = b.pzone(player, "hand")
            for a in AREAS:
                for c in b.area_cards(player, a):
                    for to in adjacent_areas(a):
                        if not b.area_cards(player, to):
                            out.append({"slide": c.id, "to": to, "discard": hand[:2]})
    return out


__all__ = ["Flow", "HANDLERS", "legal_actions"]
