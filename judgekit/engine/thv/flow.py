"""The turn (chapter 4) as a step machine, and the priority timings (1.12).

Each phase is its start processing, a priority timing, and its end processing (4.1.2):

  4.3.1 turn start → 4.4.1 / 4.4.1.c / 4.4.2 active → 4.5.1 / 4.5.1.c / 4.5.2 maintenance →
  4.6.1 / 4.6.1.c / 4.6.2 draw → 4.7.1 / 4.7.1.b / 4.7.2 main → 4.8.1 / 4.8.1.c / 4.8.2
  discard → 4.9.1 turn end → 4.3.1 of the next player (4.2.1); 1.12.8 resolves an interference.

At a priority timing the player in `priority` gains priority — after the hold of 1.12.11 and
the LP check of 1.5.3.a (procedure.settle) — and acts: a pass moves priority on (1.12.4); two
passes in succession resolve the innermost interference (1.12.9.a) or end the phase (1.12.9.b).
"""

from __future__ import annotations

from ..choices import Request
from ..flow import Flow as CoreFlow
from ..game import IllegalAction
from . import triggers
from .clauses import REGISTRY
from .combat import declare_attack, declare_defense
from .effects import WAITING, kesshi_now, remove, to_netherworld
from .model import NEXT_PHASE, PHASE_JA, PHASE_STEPS, PLAYERS, PRIORITY_STEPS, opponent
from .play import node_set, pay_nodes, play_card, resolve_frame, use_ability
from .procedure import settle

_rule = REGISTRY.rule

class Flow(CoreFlow):
    priority_points = tuple(PRIORITY_STEPS)
    action_clause = "1.12.1"

    def __init__(self, g, *, until: str | None = None, ask_action=None) -> None:
        super().__init__(g, until=until, ask_action=ask_action)
        if until == "turn_end":
            self.until = "4.9.1"


# ---- the turn (4.3–4.9) ----------------------------------------------------------------------

@_rule("4.2.1", "4.2.3.a", "4.3.1.a", "4.3.1.b", "4.3.1.c", "4.3.1.d", "1.10.13.e")
def turn_start(f: Flow) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    _reset_all_damage(g, ("4.3.1.a", "1.10.13.e", "4.3.1.b", "4.2.3.a"),
                      f"Turn {b.turn} ({tp}) starts", f"ターン{b.turn}（{tp}）開始",
                      "turn start", "ターン開始時")
    from .keywords import revert_at_turn_start

    revert_at_turn_start(g, g.b.turn_player)  # 10.28.10
    triggers.timing(g, "turn_start", "4.3.1.c")
    g.note("turn", ("4.3.1.d", "4.2.1"), "On to the active phase.", "アクティブフェイズへ移行します。",
           player=tp)
    _enter_phase(f, "active")


def _reset_all_damage(g, cites: tuple, head: str, head_ja: str, when: str, when_ja: str):
    """4.3.1.a / 4.9.1.a: all damage accumulated on characters is reset (effect damage wears
    off at turn start and end, 1.10.13.e); nobody gains priority then (4.2.3.a)."""
    hurt = [c for c in g.b.characters() if c.damage]
    with g.step("turn", cites, f"{head}: all damage accumulated on characters is reset"
                + (": " + ", ".join(g.label(c) for c in hurt) if hurt else " (none)")
                + f". Nobody gains priority at {when}.", f"{head_ja}：全てのキャラクターに蓄積されて"
                f"いるダメージをリセットします。{when_ja}の処理では優先権は発生しません。",
                player=g.b.turn_player):
        for c in hurt:
            g.reset_damage(c)


def _enter_phase(f: Flow, phase: str) -> None:
    f.g.b.phase = phase
    f.goto(PHASE_STEPS[phase][0])


def _to_priority(f: Flow, phase: str, clause: str) -> None:
    g = f.g
    b = g.b
    b.priority = b.turn_player
    b.passed = []
    g.grant_reason = clause
    f.goto(PHASE_STEPS[phase][1])


@_rule("4.4.1.a", "10.7.2.a")
def active_start(f: Flow) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    from .effects import not_activated

    mine = not_activated(g, [c for c in b.field(tp) if c.state != "active"], ("4.4.1.a",))
    nodes = [c for c in g.nodes(tp, "sleep")]
    ready = bool(nodes) and g.reading("nodes-not-readied", here=False) == "ready-nodes"
    with g.step("phase", ("4.4.1.a",), f"Active phase ({tp}), regulated effect: all cards on "
                f"{tp}'s field become active"
                + (": " + ", ".join(g.label(c) for c in mine) if mine else " (all already are)")
                + "." + (f" The node area is not the field: {len(nodes)} sleeping node(s) stay "
                         "asleep." if nodes and not ready else "")
                + (f" {len(nodes)} sleeping node(s) become active too (the nodes are read as "
                   "cards of the field)." if ready else ""),
                f"アクティブフェイズ（{tp}）の規定の効果：{tp}の場のカードを全てアクティブ状態にします。"
                + ("ノードエリアは場ではないため、スリープ状態のノードはそのままです。"
                   if nodes and not ready else "")
                + ("ノードも場のカードとして読み、アクティブ状態にします。" if ready else ""),
                player=tp, readings=("nodes-not-readied",) if nodes else ()):
        for c in mine:
            g.set_state(c, "active")
        if ready:
            for c in nodes:
                g.set_state(c, "active")
    vig = not_activated(g, [c for c in b.characters(opponent(tp)) if c.has("警戒")
                            and c.state != "active"], ("4.4.1.b", "10.7.2.a"))
    if vig:
        with g.step("auto", ("4.4.1.b", "10.7.2.a"), f"警戒: at the start of {tp}'s active phase "
                    f"{', '.join(g.label(c) for c in vig)} become(s) active.",
                    f"警戒：相手プレイヤーのアクティブフェイズ開始時、{'、'.join(g.label(c) for c in vig)}"
                    "をアクティブ状態にします。", cards=[c.id for c in vig]):
            for c in vig:
                g.set_state(c, "active")


@_rule("4.5.1.a", "10.27.2.a")
def maintenance_start(f: Flow) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    for c in [c for c in b.field(tp) if c.has("維持コスト")]:
        if c.zone != f"{tp}.field":
            continue
        x = int(c.keyword("維持コスト"))
        lab = g.label(c)
        with g.step("phase", ("4.5.1.a", "10.27.2.a"), f"Maintenance phase, regulated effect: "
                    f"the 維持コスト({x}) of {lab} resolves.", f"メンテナンスフェイズの規定の効果："
                    f"{lab}の維持コスト（{x}）を解決します。", cards=[c.id], player=tp):
            if _upkeep_ignored(g, c, tp, lab):
                continue
            pay = False
            if len(g.nodes(tp)) >= x:
                req = Request(c.id, tp, f"Pay {x} for the 維持コスト of {lab}?",
                              f"{lab}の維持コスト{x}を支払いますか？", kind="yesno",
                              cites=("10.27.2.a",))
                pay = g.ask(req)
            if pay:
                pay_nodes(g, tp, x, lab)
            else:
                g.note("phase", ("10.27.2.a",), f"{tp} does not pay: {lab} is discarded.",
                       f"{tp}は支払わないため、{lab}を破棄します。", cards=[c.id], player=tp)
                remove(g, "discard", [c], cause=c.id, by_effect=True)


def _upkeep_ignored(g, c, tp: str, lab: str) -> bool:
    """10.27.2.a's proviso: with a character whose name includes the card's caster on the
    player's field, or with the number of characters of the race its 代替レース names, the
    player MAY ignore the upkeep — the player's choice (`10.27.2.a` in the file's choices:
    true ignores it). True when the player ignores it."""
    b = g.b
    chars = b.characters(tp)
    alt = c.alt_race or {}
    race, n = alt.get("race"), alt.get("count", 1)
    why_en, why_ja = [], []
    from .keywords import caster_present

    if caster_present(g, c, tp, note=True):  # 封術 (10.31.2.a) and 連結's names (10.20.2.a)
        why_en.append(f"a character whose name includes its caster {c.caster}")
        why_ja.append(f"名称に術者「{c.caster}」を含むキャラクター")
    if race and sum(1 for x in chars if race in x.races) >= n:
        why_en.append(f"{n} or more {race} characters (its 代替レース)")
        why_ja.append(f"代替レースに指定された種族{race}を持つキャラクター{n}枚以上")
    if not why_en:
        return False
    req = Request("10.27.2.a", tp, f"{tp} has {' and '.join(why_en)} on the field: ignore the "
                  f"維持コスト of {lab}?", f"あなたの場に{'と'.join(why_ja)}がいます。{lab}の"
                  "維持コストを無視しますか？", kind="yesno", cites=("10.27.2.a",))
    readings = ("alt-race-omitted",) if race and any("代替" in w for w in why_ja) else ()
    if g.ask(req):
        g.note("phase", ("10.27.2.a",), f"{tp} has {' and '.join(why_en)}: {tp} ignores the "
               "effect (10.27.2.a's proviso).", f"{'と'.join(why_ja)}がいるため、{tp}はこの効果を"
               "無視します。", cards=[c.id], player=tp, readings=readings)
        return True
    g.note("phase", ("10.27.2.a",), f"{tp} may ignore the effect but does not.",
           f"{tp}はこの効果を無視できますが、無視しません。", cards=[c.id], player=tp,
           readings=readings)
    return False


@_rule("4.6.1.a", "4.6.3", "1.2.8")
def draw_start(f: Flow) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    if b.turn == 1 and tp == b.first_player:
        g.note("phase", ("4.6.3", "1.2.8"), f"Draw phase ({tp}): this is the start player's "
               "first turn — the regulated draw is not resolved.", f"ドローフェイズ（{tp}）："
               "開始プレイヤーの最初のターンのため、ドローフェイズの規定の効果は解決されません。", player=tp)
    else:
        with g.step("phase", ("4.6.1.a",), f"Draw phase ({tp}), regulated effect: {tp} draws 1.",
                    f"ドローフェイズ（{tp}）の規定の効果：{tp}は1ドローします。", player=tp):
            g.draw([tp], 1, ("4.6.1.a",))


@_rule("4.8.1.a", "3.6.4")
def discard_start(f: Flow) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    hand = b.cards_in(f"{tp}.hand")
    limit = b.players[tp].hand_limit
    if len(hand) > limit:
        n = len(hand) - limit
        with g.step("phase", ("4.8.1.a", "3.6.4"), f"Discard phase ({tp}), regulated effect: "
                    f"{len(hand)} cards in hand, the limit is {limit} — {tp} chooses {n} to "
                    "discard.", f"ディスカードフェイズ（{tp}）の規定の効果：手札{len(hand)}枚、上限"
                    f"{limit}枚のため、{n}枚を選んで破棄します。", player=tp):
            req = Request("4.8.1.a", tp, f"Which {n} card(s) of your hand do you discard?",
                          f"破棄する手札{n}枚を選んでください。", [(c.id, g.label(c)) for c in hand],
                          kind="many", min=n, max=n, cites=("4.8.1.a",))
            chosen = g.ask_cards(req, [c.id for c in hand[-n:]])
            to_netherworld(g, [b.cards[i] for i in chosen], ("4.8.1.a", "3.1.6"))


def _start_phase(phase: str, regulated, window: str):
    """A phase's start processing (4.1.2): its regulated effect, then the effects and 自動γ
    timed 'at the start of the phase' (`window`), then the turn player gains priority."""
    def handler(f: Flow) -> None:
        if regulated is not None:
            regulated(f)
        triggers.timing(f.g, "phase_start", window, phase=phase)
        _to_priority(f, phase, PHASE_STEPS[phase][1])
    handler.__name__ = handler.__qualname__ = f"start_{phase}"
    globals()[handler.__name__] = handler  # so the registry names a function one can find
    return _rule(window)(handler)


def _end_phase(phase: str, clause_a: str, clause_b: str):
    def handler(f: Flow) -> None:
        g = f.g
        triggers.timing(g, "phase_end", clause_a, phase=phase)
        nxt = NEXT_PHASE[phase]
        if nxt is None:
            g.note("phase", (clause_b, "4.2.1"), "On to the turn-end procedure.",
                   "ターン終了時の処理へ移行します。", player=g.b.turn_player)
            f.goto("4.9.1")
        else:
            g.note("phase", (clause_b, "4.2.1"), f"On to the {nxt} phase.",
                   f"{PHASE_JA[nxt]}へ移行します。", player=g.b.turn_player)
            _enter_phase(f, nxt)
    handler.__name__ = handler.__qualname__ = f"end_{phase}"
    globals()[handler.__name__] = handler
    return _rule(clause_a, clause_b)(handler)


@_rule("4.9.1.a", "4.9.1.b", "4.9.1.c", "4.9.1.d", "4.9.1.e", "1.10.13.e", "4.2.3.a")
def turn_end(f: Flow) -> None:
    g = f.g
    b = g.b
    tp = b.turn_player
    _reset_all_damage(g, ("4.9.1.a", "1.10.13.e", "4.2.3.a"), f"Turn end ({tp})",
                      f"ターン終了時の処理（{tp}）", "turn end", "ターン終了時")
    ending = [e for e in b.effects if e.get("until") == "turn_end"]
    waiting = [w for w in b.waiting if w.get("until") == "turn_end"]
    with g.step("turn", ("4.9.1.b",), "Effects lasting until end of turn end"
                + ("." if ending or waiting else " (none)."),
                "ターン終了時までの効果の適用を終了します。", player=tp):
            for e in ending:
                g.remove_effect(e)
            for w in waiting:
                WAITING.remove(g, w)
    if ending:  # 11.1.1: a durability the ended modifier held up is judged at once
        kesshi_now(g, ("4.9.1.b",), [b.cards[x] for e in ending for x in e.get("to", ())
                                     if x in b.cards])
    triggers.timing(g, "turn_end", "4.9.1.c")
    nxt = opponent(tp)
    with g.step("turn", ("4.9.1.d", "4.9.1.e"), f"Effects lasting 'during the turn' end; "
                f"{nxt}'s turn begins.", f"ターンの間が条件の効果の適用を終了し、{nxt}のターンへ"
                "移行します。", player=nxt):
        old = (b.turn, b.turn_player)
        b.turn += 1
        b.turn_player = nxt
        b.turn_flags = {}
        b.leader_used = []
        b.limited = []  # 10.21.2.a: until the end of the turn
        b.passed = []
        b.attack_priority = None
        b.priority = None
        g.change({"op": "turn", "from": list(old), "to": [b.turn, nxt]})
    f.goto("4.3.1")


# ---- priority (1.12) ----------------------------------------------------------------------

@_rule("4.4.1.c", "4.5.1.c", "4.6.1.c", "4.7.1.b", "4.8.1.c")
def priority_timing(f: Flow) -> None:
    """The phase's priority timing: the holder gains priority (after the hold and the LP
    check) and takes a priority action or passes."""
    g = f.g
    b = g.b
    b.phase = PRIORITY_STEPS[b.step]
    p = b.priority or b.turn_player
    reason = g.grant_reason or b.step
    g.grant_reason = ""
    settle(g, b.step, p, reason)
    # an effect's attack moves priority to the attacked player (1.12.7) as the attack's own
    # step e does (6.3.5.e): the priority with which that player may defend (6.4.2.a)
    why = (reason, "6.3.5.e") if reason == "1.12.7" else (reason,)
    g.note("priority", why, f"{p} gains priority ({_REASON_EN.get(reason, reason)}).",
           f"{p}が優先権を得ます（{reason}）。", player=p)
    a, idx = f.action(b.step, p)
    act(f, a, idx, p)


_REASON_EN = {
    "4.4.1.c": "active phase, 4.4.1.c", "4.5.1.c": "maintenance phase, 4.5.1.c",
    "4.6.1.c": "draw phase, 4.6.1.c", "4.7.1.b": "main phase, 4.7.1.b",
    "4.8.1.c": "discard phase, 4.8.1.c", "1.12.4": "the other player passed, 1.12.4",
    "5.2.3.g": "after a card was played, 5.2.3.g", "7.3.4.f": "after an activated effect was "
    "used, 7.3.4.f", "6.3.4.g": "moved by the attack, 6.3.4.g", "6.4.4.f": "after a defense, "
    "6.4.4.f", "1.12.8.e": "the interference has ended, 1.12.8.e", "1.12.7": "an effect made a "
    "character attack this player, 1.12.7", "1.8.3.b": "a node set does not move priority, "
    "1.8.3.b",
}


@_rule("1.12.1", "1.12.3", "1.12.4", "1.12.9", "1.12.9.a", "1.12.9.b", "4.2.3", "1.5.3.d", "12.7.2",
       "12.7.3")
def act(f: Flow, a: dict, idx: int, p: str) -> None:
    g = f.g
    b = g.b
    if "concede" in a:
        who = a["concede"] if a["concede"] in PLAYERS else p
        g.note("concede", ("12.7.2", "12.7.3", "1.5.3.d"), f"{who} concedes: a concession may be "
               "declared at any time, before any process and without priority, and is always "
               "accepted.", f"{who}は投了を宣言します。投了はあらゆる処理に優先して宣言でき、必ず"
               "認められます。", player=who)
        g.lose([who], ("1.5.3.d", "12.7.3"), "concession (1.5.3.d)", "投了（1.5.3.d）")
    held_attack = b.attack_priority == p
    if "pass" in a:
        if held_attack:
            b.attack_priority = None
        b.passed.append(p)
        if set(b.passed) >= set(PLAYERS):
            b.passed = []
            b.priority = None
            if b.interference:
                with g.step("pass", ("1.12.9", "1.12.9.a"), f"{p} passes: all players have "
                            "passed in succession — the interference resolves.",
                            f"{p}は優先権を放棄します。全てのプレイヤーが連続して放棄したため、干渉の解決を"
                            "開始します。", player=p):
                    g.change({"op": "pass", "player": p})
                f.goto("1.12.8")
            else:
                with g.step("pass", ("1.12.9", "1.12.9.b", "4.2.3"), f"{p} passes: all players "
                            "have passed in succession with no interference — the phase ends.",
                            f"{p}は優先権を放棄します。干渉が開始されていない状態で全てのプレイヤーが"
                            "連続して放棄したため、現在のフェイズを終了します。", player=p):
                    g.change({"op": "pass", "player": p})
                f.goto(PHASE_STEPS[b.phase][2])
            return
        with g.step("pass", ("1.12.4",), f"{p} passes; priority moves to {opponent(p)}.",
                    f"{p}は優先権を放棄し、優先権は{opponent(p)}に移ります。", player=p):
            g.change({"op": "pass", "player": p})
        b.priority = opponent(p)
        g.grant_reason = "1.12.4"
        return
    before = list(b.passed)
    if "node" in a:
        node_set(g, a["node"], p)
        nxt, reason = p, "1.8.3.b"
        if before:
            g.reading("pass-sequence")
    elif "play" in a:
        play_card(g, a, p)
        nxt, reason = opponent(p), "5.2.3.g"
    elif "use" in a:
        use_ability(g, a, p)
        nxt, reason = opponent(p), "7.3.4.f"
    elif "attack" in a:
        declare_attack(g, a["attack"], p)
        nxt, reason = opponent(p), "6.3.4.g"
    elif "defend" in a:
        declare_defense(g, a["defend"], p)
        nxt, reason = opponent(p), "6.4.4.f"
    else:
        kind = next(iter(a))
        raise IllegalAction(f"action {idx + 1} ({kind}) is not a priority action of this "
                            "ruleset", f"アクション{idx + 1}（{kind}）は優先権を必要とする行動では"
                            "ありません", ("1.12.1",))
    b.passed = []
    if held_attack:
        b.attack_priority = None  # any action uses up the priority the attack moved (6.4.2.a)
    if "attack" in a:
        b.attack_priority = nxt
    b.priority = nxt
    g.grant_reason = reason


@_rule("1.12.8.e", "1.12.11", "1.3.4")
def resolve_interference(f: Flow) -> None:
    """1.12.8: the innermost interference resolves; then the turn player gains priority
    (1.12.8.e) — or, when it was nested into one still resolving, that one goes on (1.3.4)
    and priority stays held (1.12.11)."""
    g = f.g
    b = g.b
    if not b.interference:
        g.note("interference", ("1.12.9",), "No interference is running.",
               "干渉は開始されていません。")
        _back_to_priority(f, b.turn_player, "1.12.8.e")
        return
    b.priority = None
    done = resolve_frame(g)
    if not done:  # an effect made a character attack: a nested interference (1.12.7)
        f.goto(PHASE_STEPS[b.phase][1])
        return
    if b.interference:
        g.note("interference", ("1.12.11", "1.3.4"), "The nested interference has ended; its "
               "priority is held while the interference it interrupted goes on resolving.",
               "割り込んだ干渉が終了しました。割り込まれた干渉の解決が続くため、優先権は保留されます。",
               readings=("nested-interference",))
        f.goto("1.12.8")
        return
    g.note("interference", ("1.12.8.e",), "The interference ends; the turn player "
           f"{b.turn_player} gains priority.", f"干渉を終了し、ターンプレイヤー{b.turn_player}が"
           "優先権を得ます。", player=b.turn_player)
    _back_to_priority(f, b.turn_player, "1.12.8.e")


def _back_to_priority(f: Flow, p: str, reason: str) -> None:
    g = f.g
    g.b.priority = p
    g.b.passed = []
    g.b.attack_priority = None
    g.grant_reason = reason
    f.goto(PHASE_STEPS[g.b.phase][1])


HANDLERS = {
    "4.3.1": turn_start,
    "4.4.1": _start_phase("active", active_start, "4.4.1.b"),
    "4.5.1": _start_phase("maintenance", maintenance_start, "4.5.1.b"),
    "4.6.1": _start_phase("draw", draw_start, "4.6.1.b"),
    "4.7.1": _start_phase("main", None, "4.7.1.a"),
    "4.8.1": _start_phase("discard", discard_start, "4.8.1.b"),
    **{steps[1]: priority_timing for steps in PHASE_STEPS.values()},
    "4.4.2": _end_phase("active", "4.4.2.a", "4.4.2.b"),
    "4.5.2": _end_phase("maintenance", "4.5.2.a", "4.5.2.b"),
    "4.6.2": _end_phase("draw", "4.6.2.a", "4.6.2.b"),
    "4.7.2": _end_phase("main", "4.7.2.a", "4.7.2.b"),
    "4.8.2": _end_phase("discard", "4.8.2.a", "4.8.2.b"),
    "4.9.1": turn_end,
    "1.12.8": resolve_interference,
}
Flow.handlers = HANDLERS
STEPS = tuple(HANDLERS)


# ---- legal actions (interactive prompts, property tests) -----------------------------------------

def legal_actions(g, point: str, player: str) -> list[dict]:
    """The actions `player` may take at a priority timing, as far as can be told before
    trying them: each candidate is tried on a copy and kept when it is legal."""
    if point not in PRIORITY_STEPS:
        return [{"pass": True}]
    b = g.b
    cands: list[dict] = [{"pass": True}]
    for i in b.pzone(player, "hand"):
        cands.append({"node": i})
        c = b.cards[i]
        from .effects import legal_targets, target_spec
        from .play import play_target_spec

        spec = play_target_spec(c)
        if spec is None:
            cands.append({"play": i})
        else:
            cands += [{"play": i, "targets": [t]} for t in legal_targets(g, spec, player, c.type)]
    for c in b.field(player):
        for n, ab in enumerate(c.abilities, 1):
            if "activated" in ab:
                cands.append({"use": c.id, "ability": n})
        for word in ("リーダー", "マナチャージ"):
            if c.has(word):
                cands.append({"use": c.id, "ability": word})
        cands.append({"attack": c.id})
        cands.append({"defend": c.id})
    out = [{"pass": True}]
    for a in cands[1:]:
        if _try(g, a, player):
            out.append(a)
    return out


def _try(g, a: dict, p: str) -> bool:
    """Is action `a` legal for p now? It is tried on the game and rewound."""
    from ..choices import Policy
    from ..trace import Trace

    saved_trace, saved_chooser = g.trace, g.chooser
    saved = g.save()
    g.trace = Trace(g.registry)
    g.chooser = Policy()
    try:
        act(_Probe(g), a, 0, p)
        return True
    except IllegalAction:
        return False
    except Exception:  # a choice or a halt while trying: the action itself was legal
        return True
    finally:
        g.restore(saved)
        g.trace, g.chooser = saved_trace, saved_chooser


class _Probe:
    """A stand-in flow for trying an action: it records where it would go, nothing more."""

    def __init__(self, g) -> None:
        self.g = g

    def goto(self, step: str) -> None:
        self.g.b.step = step
