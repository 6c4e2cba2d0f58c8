"""The turn (第3部第4–10章) and priority (第4部第6章) as a step machine.

`board.step` is what the engine runs next: the start of a phase (3.5.1 … 3.10.1), the start of a
battle step (3.12.1, 3.13.1, 3.14.1), the end of a battle (3.14.4), the end of the turn (3.4.5) —
or `4.6.2`: a player is about to receive priority in the current phase (`board.phase`) and
battle step (`board.battles`). At 4.6.2 the check of 4.6.3 runs, then the player decides: play,
activate, move, plan zone, a special action, pass or concede.
"""

from __future__ import annotations

from ..flow import Flow as CoreFlow
from ..game import Halt, IllegalAction
from ..procedure import Context, run as run_procedure
from .clauses import REGISTRY
from .model import PHASE_JA, PHASES, opponent
from .procedure import PROCEDURE
from .stack import stack_words

_rule = REGISTRY.rule
NEXT_PHASE = {"release": "3.6.1-1", "draw": "3.7.1", "energy": "3.8.1", "main": "3.9.1",
              "smash": "3.10.1", "recovery": "3.4.5"}
PHASE_STEP = {"release": "3.5.1", "draw": "3.6.1-1", "energy": "3.7.1", "main": "3.8.1",
              "smash": "3.9.1", "recovery": "3.10.1"}


class Flow(CoreFlow):
    priority_points = ("4.6.2",)
    action_clause = "4.6.2"

    def to_priority(self, player: str | None = None) -> None:
        b = self.g.b
        b.priority = player or b.turn_player
        if b.step != "4.6.2":
            self.goto("4.6.2")


def _phase_start(f: Flow, phase: str, cites: tuple, en: str, ja: str, fire: tuple = ()) -> None:
    from . import triggers

    g = f.g
    b = g.b
    b.phase = phase
    with g.step("phase", cites, en, ja, player=b.turn_player):
        for kind in fire:
            triggers.fire(g, kind, phase=phase, player=b.turn_player)
        triggers.fire(g, "phase_start", phase=phase, player=b.turn_player)
    f.to_priority()


def _release_barred(g):
    """None when nothing on the board says 「リリースされない」; else a test that says, for a
    card, whether one does (1.1.2 wins over the release phase's release, 3.5.1)."""
    from .values import _cannot_statics, forbid

    if not any(e.get("cannot") == "release" for e in g.b.effects) and not any(
            ab.get("action") == "release" for _, _, ab in _cannot_statics(g)):
        return None

    def barred(c) -> bool:
        no = forbid(g, c, "release")
        if no is not None:
            g.note("phase", ("1.1.2", "3.5.1"), f"{c.label()} is not released: {no.words()[0]} "
                   "says it cannot be, and 「できない」 wins (1.1.2).", f"{c.label()}はリリース"
                   f"されません（{no.words()[1]}。「できない」という効果が優先されます）。",
                   cards=(c.id,))
        return no is not None
    return barred


@_rule("3.5.1", "3.4.2")
def h_release(f: Flow) -> None:
    g = f.g
    b = g.b
    ap = b.turn_player
    b.phase = "release"
    with g.step("phase", ("3.4.2", "3.5.1"),
                f"Turn {b.turn}, {ap}'s release phase: {ap} releases all own frozen cards on the "
                "squares and in the energy and smash zones (a special action, no stack).",
                f"ターン{b.turn}、{ap}のリリースフェイズ：{ap}は自分が支配するフリーズ状態のスクエア、"
                "エネルギーゾーン、スマッシュゾーンのカードをすべてリリースします（特別な行動、スタック"
                "を使用しません）。", player=ap):
        barred = _release_barred(g)
        for c in list(b.cards.values()):
            if c.state == "frozen" and (
                    (c.controller == ap and c.zone in b.SHARED_ZONES and c.zone != "stack") or
                    c.zone in (f"{ap}.energy", f"{ap}.smash")):
                if barred and barred(c):
                    continue
                g.set_state(c, "released")
    _phase_start(f, "release", ("3.5.1",), "「ターン開始時」 and 「リリースフェイズ開始時」 abilities "
                 "trigger.", "「ターン開始時」と「リリースフェイズ開始時」に誘発する能力が誘発します。",
                 fire=("turn_start",))


@_rule("3.6.1-1", "3.6.1-2", "3.2.4")
def h_draw(f: Flow) -> None:
    from .effects import draw

    g = f.g
    b = g.b
    ap = b.turn_player
    b.phase = "draw"
    if b.turn == 1 and ap == b.first_player:
        g.note("phase", ("3.6.1-2", "3.2.4"), f"{ap} plays first: the draw phase of turn 1 is "
               "skipped.", f"{ap}は先攻のため、第1ターンのドローフェイズをとばします。", player=ap)
        f.goto("3.7.1")
        return
    with g.step("phase", ("3.6.1-1",), f"{ap}'s draw phase: {ap} draws a card (a special action, "
                "no stack); 「ドローフェイズの開始時」 and 「カードを引いた時」 abilities trigger.",
                f"{ap}のドローフェイズ：{ap}はカードを1枚引きます（特別な行動、スタックを使用しません）。"
                "「ドローフェイズの開始時」と「カードを引いた時」に誘発する能力が誘発します。", player=ap):
        draw(g, ap, 1, by_rule=True)
    _phase_start(f, "draw", ("3.6.1-1",), "Start of the draw phase.", "ドローフェイズの開始時。")


def h_energy(f: Flow) -> None:
    g = f.g
    ap = g.b.turn_player
    if g.b.players[ap].flags.get("energy_put"):
        g.set_flag(ap, "energy_put", False)
    _phase_start(f, "energy", ("3.7.1",),
                 f"{ap}'s energy phase: 「エネルギーフェイズの開始時」 abilities trigger; then, with "
                 f"an empty stack and priority, {ap} may put one hand card into the energy zone.",
                 f"{ap}のエネルギーフェイズ：「エネルギーフェイズの開始時」に誘発する能力が誘発します。"
                 f"その後、{ap}はスタックが空で優先権を持っている時に、手札を1枚エネルギーゾーンに置く"
                 "ことができます。")


@_rule("3.8.1")
def h_main(f: Flow) -> None:
    ap = f.g.b.turn_player
    _phase_start(f, "main", ("3.8.1",),
                 f"{ap}'s main phase: 「メインフェイズの開始時」 abilities trigger; then {ap} "
                 "receives priority.", f"{ap}のメインフェイズ：「メインフェイズの開始時」に誘発する"
                 f"能力が誘発し、その後{ap}が優先権を獲得します。")


def h_smash(f: Flow) -> None:
    ap = f.g.b.turn_player
    _phase_start(f, "smash", ("3.9.1",),
                 f"{ap}'s smash phase: 「スマッシュフェイズの開始時」 abilities trigger; then, with an "
                 f"empty stack and priority, {ap} may smash with units in the center or enemy area.",
                 f"{ap}のスマッシュフェイズ：「スマッシュフェイズの開始時」に誘発する能力が誘発します。"
                 f"その後、{ap}はスタックが空で優先権を持っている時に、中央エリアか敵軍エリアのユニット"
                 "でスマッシュすることができます。")


@_rule("3.10.1", "4.14.3-1")
def h_recovery(f: Flow) -> None:
    from . import triggers

    g = f.g
    b = g.b
    ap = b.turn_player
    b.phase = "recovery"
    b.recovery_event = False
    b.turn_end_checked = False
    with g.step("phase", ("3.10.1",),
                f"{ap}'s recovery phase: the damage on all cards is removed and 'until the end of "
                "the turn' / 'this turn' effects end, at the same time (a special action, no "
                "stack); 「リカバリーフェイズの開始時」 abilities trigger.",
                f"{ap}のリカバリーフェイズ：すべてのカードに与えられているダメージが取り除かれ、同時に"
                "「ターン終了時まで」と「このターンの間」の効果が終了します（特別な行動、スタックを"
                "使用しません）。「リカバリーフェイズの開始時」に誘発する能力が誘発します。", player=ap):
        for c in list(b.cards.values()):
            if c.damage:
                g.set_damage(c, 0)
        for e in [e for e in b.effects if e.get("until") == "turn_end"]:
            g.remove_effect(e)
        triggers.fire(g, "phase_start", phase="recovery", player=ap)
    f.to_priority()


@_rule("3.4.5", "3.4.1")
def h_turn_end(f: Flow) -> None:
    g = f.g
    b = g.b
    ap = b.turn_player
    nxt = opponent(ap)
    with g.step("phase", ("3.4.5", "3.4.1"), f"Every phase has ended: turn {b.turn} ends and {nxt} "
                "becomes the active player.", f"すべてのフェイズが終了したため、ターン{b.turn}は"
                f"終了し、{nxt}がアクティブプレイヤーになります。", player=nxt):
        b.turn += 1
        b.turn_player = nxt
        b.once_fired = []
        b.passed = []
        for p in ("P1", "P2"):
            for flag in ("energy_put", "resonance"):  # 3.7.1; 共鳴 is for this turn (5.13.2)
                if b.players[p].flags.get(flag):
                    g.set_flag(p, flag, False)
        g.change({"op": "turn", "turn": b.turn, "turn_player": nxt})
    b.priority = None
    f.goto("3.5.1")
    if f.until == "turn_end":
        raise Halt("until")


def h_battle_step(f: Flow) -> None:
    """A file that starts at the beginning of a battle step."""
    from .battle import next_step, start_first_step

    g = f.g
    b = g.b
    fr = b.frame
    if b.step == "3.12.1":
        start_first_step(g, fr)
    elif b.step == "3.13.1":
        fr.step = "first"
        next_step(g, fr)
    else:
        fr.step = "second"
        next_step(g, fr)
    f.to_priority()


def h_battle_end(f: Flow) -> None:
    from .battle import end_battle

    end_battle(f.g)
    f.to_priority()


# ---- priority (4.6.2) ------------------------------------------------------------------------------

@_rule("4.6.2", "4.6.3", "3.3.7", "3.3.3", "4.18.1", "3.3.6")
def h_priority(f: Flow) -> None:
    g = f.g
    b = g.b
    p = b.priority or b.turn_player
    b.priority = p
    ctx = Context("4.6.2")
    ctx.data["recipient"] = p
    run_procedure(g, PROCEDURE, ctx)
    if g.outcome is not None:
        return
    if g.stack_changed and p != b.turn_player and \
            g.reading("procedure-every-grant", here=False) == "active-player":
        # 4.16.2: once the procedure has put something on the stack, the active player
        # receives priority, whoever was about to
        p = b.priority = b.turn_player
        g.note("priority", ("4.16.2",), f"The procedure put something on the stack: the active "
               f"player {p} receives priority (4.16.2), not the player who was about to.",
               f"手順によりスタックに何かが乗せられたため、アクティブプレイヤー{p}が優先権を獲得します"
               "（4.16.2）。", player=p, readings=("procedure-every-grant",))
    if g.stack_changed:
        g.stack_changed = False
        if b.passed:
            b.passed = []
            g.note("priority", ("4.6.2",), "The stack has changed since the last pass: passes "
                   "count in succession again from here.", "最後の優先権の放棄の後にスタックが"
                   "変化したため、連続した優先権の放棄はここから数え直します。",
                   readings=("stack-change",))
    if g.repeats(g.state_key()):
        with g.step("game_end", ("4.18.1", "3.3.6"),
                    "The game state repeats exactly and no player has had a choice that could "
                    "change it: an infinite loop nobody can stop. The duel is a draw.",
                    "ゲームの状態が完全に繰り返され、どちらのプレイヤーにもそれを変える選択がありません"
                    "でした。止める方法のない無限ループであるため、デュエルは引き分けになります。"):
            pass
        g.draw_game(("4.18.1", "3.3.6"), "an infinite loop nobody can stop",
                    "止める方法のない無限ループ")
    phase_en, phase_ja = g.phase_words()
    where = phase_en + ({"first": ", 1st battle step", "second": ", 2nd battle step",
                         "end": ", battle end step"}[b.frame.step] if b.battles else "")
    where_ja = phase_ja + ({"first": "第1バトルステップ", "second": "第2バトルステップ",
                            "end": "バトル終了ステップ"}[b.frame.step] if b.battles else "")
    g.note("priority", ("4.6.2",), f"{p} receives priority ({where}); {stack_words(g)}.",
           f"{p}が優先権を獲得します（{where_ja}）。{stack_words(g, 'ja')}。", player=p)
    a, idx = f.action("4.6.2", p)
    from .play import legal_actions

    if len(legal_actions(g, p)) > 1:
        g.free_choices += 1  # the player could have done something else (4.18)
    if "concede" in a:
        who = a["concede"]
        with g.step("concede", ("3.3.7",), f"{who} concedes: it takes effect at once (not a rule "
                    "effect).", f"{who}は投了します。投了はルールエフェクトではなく、ただちに効果を"
                    "発揮します。", player=who):
            pass
        g.lose([who], ("3.3.7",), f"{who} conceded", f"{who}が投了した")
        return
    if "pass" in a:
        _pass(f, p)
        return
    _act(f, a, idx, p)


@_rule("4.19.1")
def _act(f: Flow, a: dict, idx: int, p: str) -> None:
    from . import play

    g = f.g
    b = g.b
    kind = next(k for k in a if k != "player")
    table = {"play": play.play_card, "activate": play.activate, "move": play.move_unit,
             "plan": play.plan_action, "energy": play.energy_action, "smash": play.smash_action}
    fn = table.get(kind)
    if fn is None:
        f.wrong(a, idx, "4.6.2", p, "play, activate, move, plan, energy, smash, pass or concede")
    saved = g.save()
    try:
        fn(g, a, p)
    except IllegalAction as e:
        g.restore(saved)  # 4.19.1: the action is undone, its costs refunded
        raise IllegalAction(str(e), e.message_ja, tuple(e.cites) + ("4.19.1",)) from None
    b.passed = []
    f.to_priority(b.turn_player)  # 4.6.2, 4.7.2-9: the active player receives priority


def _pass(f: Flow, p: str) -> None:
    g = f.g
    b = g.b
    if p not in b.passed:
        b.passed.append(p)
    if opponent(p) not in b.passed:
        g.note("priority", ("4.6.2",), f"{p} passes: {opponent(p)} receives priority.",
               f"{p}は優先権を放棄し、{opponent(p)}が優先権を獲得します。", player=p)
        b.priority = opponent(p)
        return
    b.passed = []
    _double_pass(f)


@_rule("4.6.2", "3.4.3", "3.10.2", "3.10.3", "2.23.9-2")
def _double_pass(f: Flow) -> None:
    from . import battle, triggers
    from .resolve import resolve_top

    g = f.g
    b = g.b
    ap = b.turn_player
    if b.stack:
        resolve_top(g)
        f.to_priority(ap)
        return
    fr = b.frame
    if fr is not None:
        if fr.step in ("first", "second") and fr.exchange == "pending":
            if battle.stack_exchange(g, fr):
                f.to_priority(ap)
                return
        if fr.step == "end":
            if not fr.end_done and battle.end_rule_effects(g, fr):
                f.to_priority(ap)
                return
            f.goto("3.14.4")
            return
        battle.next_step(g, fr)
        f.to_priority(ap)
        return
    if b.phase == "recovery":
        if not b.turn_end_checked:
            b.turn_end_checked = True
            with g.step("phase", ("3.10.2",),
                        "Empty stack, both passed in the recovery phase: 「ターン終了時」 abilities "
                        "trigger (each once per turn).", "リカバリーフェイズでスタックが空で両方の"
                        "プレイヤーが連続して優先権を放棄したため、「ターン終了時」に誘発する能力が"
                        "誘発します（それぞれ1ターンに1度）。",
                        readings=("turn-end-typo", "end-trigger-check")):
                n = triggers.fire(g, "turn_end", player=ap)
            if n:
                f.to_priority(ap)
                return
        if b.recovery_event:
            g.note("phase", ("3.10.3",), "Empty stack, both passed: an ability triggered or a rule "
                   "effect happened during this recovery phase, so it repeats from 3.10.1.",
                   "スタックが空で両方のプレイヤーが連続して優先権を放棄しました。このリカバリーフェイズ"
                   "の間に誘発イベントやルールエフェクトが発生していたため、再び3.10.1からの手順を繰り"
                   "返します。")
            f.goto("3.10.1")
            return
        g.note("phase", ("3.10.3", "3.4.3"), "Empty stack, both passed: nothing triggered and no "
               "rule effect happened; the recovery phase ends.", "スタックが空で両方のプレイヤーが"
               "連続して優先権を放棄し、誘発イベントもルールエフェクトも発生していないため、"
               "リカバリーフェイズは終了します。")
        b.priority = None
        f.goto("3.4.5")
        return
    phase_en, phase_ja = g.phase_words()
    g.note("phase", ("3.4.3",), f"Empty stack, both passed in succession, not in battle: "
           f"{phase_en} ends.", f"スタックが空で、バトル中でなく、両方のプレイヤーが連続して優先権を"
           f"放棄したため、{phase_ja}が終了します。")
    b.priority = None
    f.goto(NEXT_PHASE[b.phase])


Flow.handlers = {
    "4.6.2": h_priority, "3.5.1": h_release, "3.6.1-1": h_draw, "3.7.1": h_energy,
    "3.8.1": h_main, "3.9.1": h_smash, "3.10.1": h_recovery, "3.4.5": h_turn_end,
    "3.12.1": h_battle_step, "3.13.1": h_battle_step, "3.14.1": h_battle_step,
    "3.14.4": h_battle_end,
}

__all__ = ["Flow", "PHASES", "PHASE_JA", "PHASE_STEP"]
