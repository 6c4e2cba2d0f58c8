"""The core replacement loop (judgekit.engine.effects.replace) and its four bindings.

Issue 20 (moved from issue 22): a replacement whose instead-event is the event it replaces, or
two replacements handing an event back and forth, ended in a RecursionError traceback from
`step`, `step --json` and `ruling` in g2022 and D0. The loop now applies each ruleset's rule
for how often a replacement applies (D0 4.15.6; the reading replacement-once where Z/X 812 and
g2022 912 are silent) and, for a ruleset that binds no limit, reports the loop as the rules'
loop (a draw) or a budget stop.
"""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

from judgekit.cli.app import cli
from judgekit.engine.effects import replace
from judgekit.engine.effects.events import Event, by_matches, cause_matches
from judgekit.engine.game import Halt


class FakeGame:
    """Just what the loop uses: steps and notes (recorded), the chain, a draw."""

    def __init__(self) -> None:
        self.replacing: list = []
        self.notes: list = []
        self.outcome = None

    @contextmanager
    def step(self, kind, cites, en, ja, cards=(), player=None, readings=()):
        self.notes.append((kind, tuple(cites), en, tuple(readings)))
        yield

    def note(self, kind, cites, en, ja, cards=(), player=None, readings=()):
        self.notes.append((kind, tuple(cites), en, tuple(readings)))

    def draw_game(self, cites, why, why_ja):
        self.outcome = {"result": "draw", "cites": list(cites)}
        raise Halt("game_over")


def _first(g, event, cands):
    return cands[0]


def _ping_pong(g, policy):
    """A: damage to X → instead to Y; B: damage to Y → instead to X (the damage handed back
    and forth). Returns where the damage was dealt."""
    dealt = []

    def gather(ev):
        return [replace.Candidate("A#1" if ev.card == "X" else "B#1", "A", "P1")]

    def apply(g, ev, cand):
        deal(Event("damaged", card="Y" if ev.card == "X" else "X", amount=ev.amount))
        return None

    def deal(ev):
        happens, ev = replace.run(g, ev, gather, apply, policy)
        if happens:
            dealt.append(ev.card)

    deal(Event("damaged", card="X", amount=2))
    return dealt


def test_once_per_event_ends_a_hand_off_and_says_which_clause():
    g = FakeGame()
    dealt = _ping_pong(g, replace.Policy(choose=_first, once=("4.15.6",)))
    # X→(A)→Y→(B)→X: A already applied in this chain, so the damage is dealt to X
    assert dealt == ["X"] and g.replacing == []
    assert any(n[1] == ("4.15.6",) and "A#1" in n[2] for n in g.notes)


def test_a_reading_supplies_the_limit_where_the_rules_are_silent():
    g = FakeGame()
    dealt = _ping_pong(g, replace.Policy(choose=_first, once=(), once_reading="r-once"))
    assert dealt == ["X"]
    assert any(n[3] == ("r-once",) for n in g.notes)


def test_without_a_limit_the_same_event_again_is_the_rules_loop():
    g = FakeGame()
    with pytest.raises(Halt) as e:
        _ping_pong(g, replace.Policy(choose=_first, loop=("12.10.1", "1.5.4.b")))
    assert e.value.reason == "game_over" and g.outcome["cites"] == ["12.10.1", "1.5.4.b"]
    assert g.replacing == []  # the chain is unwound on the way out


def test_without_a_limit_or_a_loop_rule_it_is_a_budget_stop_not_a_recursion_error():
    g = FakeGame()
    with pytest.raises(Halt) as e:
        _ping_pong(g, replace.Policy(choose=_first))
    assert e.value.reason == "budget" and "repeats without end" in str(e.value)
    assert any("no rule that ends it" in n[2] for n in g.notes)


def test_a_replacement_that_applies_to_other_cards_is_not_a_loop():
    # 「かわりに次のカードを破壊する」 walking down a line of cards ends when they run out
    g = FakeGame()
    line = ["C1", "C2", "C3"]
    gone = []

    def gather(ev):
        return [replace.Candidate("W#1", "W", "P1")] if ev.card != line[-1] else []

    def apply(g, ev, cand):
        destroy(line[line.index(ev.card) + 1])
        return None

    def destroy(cid):
        happens, ev = replace.run(g, Event("destroyed", card=cid), gather, apply,
                                  replace.Policy(choose=_first))
        if happens:
            gone.append(cid)

    destroy("C1")
    assert gone == ["C3"]


def test_a_modified_event_goes_round_again_without_the_replacements_already_applied():
    g = FakeGame()
    seen = []

    def gather(ev):
        return [replace.Candidate("R1", "S", "P1"), replace.Candidate("R2", "T", "P1")]

    def apply(g, ev, cand):
        seen.append(cand.key)
        return ev.modified(amount=max(0, ev.amount - 1))

    happens, ev = replace.run(g, Event("damaged", card="X", amount=3), gather, apply,
                              replace.Policy(choose=_first))
    assert happens and ev.amount == 1 and seen == ["R1", "R2"] and ev.applied == ("R1", "R2")


def test_a_one_shot_replacement_is_used_up_and_self_replacements_come_first():
    g = FakeGame()
    used = []
    pool = [replace.Candidate("other", "S", "P1"),
            replace.Candidate("self", "S", "P1", self_scope=True, once=True)]

    def gather(ev):
        return [c for c in pool if c.key not in used]

    def apply(g, ev, cand):
        return None

    def choose(g, ev, cands):  # never asked: the self-replacement is alone in its group
        raise AssertionError("no choice expected")

    pol = replace.Policy(choose=choose, once=(), self_first="4.15.8-1",
                         consume=lambda g, c: used.append(c.key))
    happens, _ = replace.run(g, Event("to_graveyard", card="X"), gather, apply, pol)
    assert not happens and used == ["self"]


def test_nesting_is_bounded():
    g = FakeGame()
    n = [0]

    def gather(ev):
        return [replace.Candidate(f"R{ev.amount}", "S", "P1")]

    def apply(g, ev, cand):
        n[0] += 1
        replace.run(g, Event("x", card="X", amount=ev.amount + 1), gather, apply,
                    replace.Policy(choose=_first, once=()))
        return None

    with pytest.raises(Halt) as e:
        replace.run(g, Event("x", card="X", amount=0), gather, apply,
                    replace.Policy(choose=_first, once=()))
    assert e.value.reason == "budget" and n[0] == replace.MAX_CHAIN and g.replacing == []


def test_events_carry_cause_and_source():
    ev = Event("retired", card="B", source="K", cause="battle")
    assert cause_matches("battle", ev.cause) and not cause_matches("effect", ev.cause)
    assert cause_matches(None, ev.cause) and cause_matches("any", ev.cause)
    assert by_matches("opponent", "P2", "P1") and not by_matches("you", "P2", "P1")
    assert not by_matches("you", None, "P1") and by_matches(None, None, "P1")
    with pytest.raises(ValueError):
        Event("x", cause="magic")


# ---- the crash, per ruleset, through every command that runs a board ---------------------------
G2022 = """
format: judgekit-board/1
ruleset: g2022
game: {turn: 3, turn_player: P1, first_player: P1, step: "703.3"}
players:
  P1:
    deck: 20
    hand: 2
    C:
      - id: K
        cost: 3
        power: 3
        abilities:
          - {replace: retired, of: {controller: opponent}, instead: [{retire: event_card}]}
  P2:
    deck: 20
    hand: 3
    C: [{id: B, cost: 2, power: 2, damage: 2}]
"""
D0 = """
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
players:
  P1: {deck: 20, hand: 2}
  P2: {deck: 20, hand: 2}
bases:
  P1-L:
    - id: T
      type: base
      owner: P1
      abilities:
        - {replace: to_graveyard, of: {type: unit, controller: you, same_line: true},
           instead: [{destroy: it}]}
squares:
  L1: [{id: PP, power: 2000, smash: 1, owner: P1, damage: 2000}]
"""
ZX = """
format: judgekit-board/1
ruleset: zx
game: {turn: 3, turn_player: P1, first_player: P1, step: "506.2"}
players:
  P1:
    deck: 20
    life: 4
    hand: [{id: E, type: event, cost: 0, abilities: [{event: [{destroy: X}]}]}]
  P2: {deck: 20, life: 4, hand: 3}
squares:
  N-C: [{id: P2pc, type: player, owner: P2}]
  N-L:
    - id: X
      power: 3000
      owner: P2
      abilities:
        - {replace: put_into, zone: charge, of: self, instead: [{destroy: self}]}
  S-C: [{id: P1pc, type: player, owner: P1}]
actions: [{play: E}]
"""
CASES = {
    # g2022: K's 「かわりに」 is a 退場 of B again; 912 is silent → reading replacement-once
    "g2022": G2022,
    # D0: the Tower's 「かわりに」 destroys the unit again → 4.15.6: to the graveyard once
    "d0": D0,
    # Z/X: 「チャージに置かれる場合、かわりに破壊する」 → destroying puts it into the charge again
    "zx": ZX,
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_self_repeating_replacement_never_crashes_any_command(game, tmp_path):
    text = CASES[game]
    f = tmp_path / f"loop-{game}.yaml"
    f.write_text(text, encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(cli, ["step", str(f), "--auto"], catch_exceptions=False)
    assert "Traceback" not in res.output and "RecursionError" not in res.output
    assert res.exit_code == 0, res.output
    assert "once" in res.output  # the step that stops the repetition says why
    res = runner.invoke(cli, ["step", str(f), "--auto", "--json"], catch_exceptions=False)
    assert res.exit_code == 0
    run = json.loads(res.output)
    assert any(s.get("readings") or "4.15.6" in s.get("cites", []) for s in run["steps"]
               if "already replaced" in s.get("message", ""))
    out = tmp_path / "r.html"
    res = runner.invoke(cli, ["ruling", str(f), "-o", str(out)], catch_exceptions=False)
    assert res.exit_code == 0 and out.exists(), res.output


# ---- the cost pipeline (judgekit.engine.effects.costs) ------------------------------------------
def test_the_cost_pipeline_order_and_floor():
    from judgekit.engine.effects.costs import compute

    r = compute(3, increases=[("A#1", 2)], reductions=[("B#1", 7)])
    assert r.total == 0 and r.steps == [("A#1", 2), ("B#1", -7)]  # 3 + 2 − 7 → never below 0
    assert compute(None).total == 0  # no cost printed counts as 0 (805.2c, 905.2c)
    r = compute(5, alternative=("alt", 1), additional=[("add", 2)], set_to=None)
    assert r.total == 3 and r.steps[0] == ("alt", "=1")
    assert compute(5, increases=[("x", 1)], set_to=("set", 2)).total == 2


def test_the_cost_pipeline_on_symbol_costs_and_variables():
    """A cost of energy symbols (D0) goes through the same stages symbol by symbol; a variable
    (1.2.3-3) is bound to the chosen number first, and a variable the cost does not hold is 0."""
    from judgekit.engine.effects.costs import bind, compute, variables

    printed = {"red": 1, "colorless": "X"}
    assert variables(printed) == ("X",) and variables({"red": 2}) == () and variables(3) == ()
    assert bind(printed, {"X": 3}) == {"red": 1, "colorless": 3}
    assert bind(printed, {}) == {"red": 1, "colorless": 0}
    r = compute(bind(printed, {"X": 2}), increases=[("up", {"colorless": 1})],
                reductions=[("down", {"colorless": 5, "red": 0})])
    assert r.total == {"red": 1, "colorless": 0}  # 2 + 1 − 5 → the floor holds per symbol
    assert r.steps == [("up", {"colorless": 1}), ("down", {"colorless": -5, "red": 0})]
    assert compute(printed, set_to=("set", {"colorless": 1})).total == {"colorless": 1}
    with pytest.raises(ValueError):
        compute(printed, increases=[("up", {"colorless": 1})])  # X not bound yet
