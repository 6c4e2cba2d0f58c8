"""Choices in card text beyond the targets (issue 25's worked examples, issue 20's vocabulary):
divided damage (4.7.2-6), 「このカード以外から」 damage triggers, both players choosing (1.1.4),
hidden and public information (2.25.3, 2.25.4), created 「ターン終了時に…」 triggers (4.4.4,
4.4.4-1), cards put by a named player (2.20.1-5) or onto a base square (2.20.2-4)."""

from __future__ import annotations

from d0_helpers import example_path, run_text

from judgekit.board import load_text


def _text(prefix: str) -> str:
    with open(example_path(prefix), encoding="utf-8") as fh:
        return fh.read()


def _no_expect(text: str) -> str:
    return text.split("\nexpect:")[0] + "\n"


def test_an_illegal_target_gets_no_share_of_divided_damage():
    # 4.9.2-1: DK leaves for the hand before the spell resolves; the others get their shares
    board = """
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
players:
  P1: {deck: 20, hand: 1}
  P2:
    deck: 20
    hand: 1
stack:
  - spell:
      id: GC
      name: ジェノサイド・カノン
      type: strategy
      owner: P1
      abilities:
        - spell: [{damage: 6000, to: target, divided: true}]
          target: {count: 3, up_to: true, filter: {type: unit}}
    targets: [DK, IG, AP]
    divided: {DK: 3000, IG: 2000, AP: 1000}
squares:
  C3: [{id: IG, power: 5000, owner: P2}]
  R3: [{id: AP, power: 2000, owner: P2}]
events:
  - {to_hand: DK}
actions: [pass, pass]
"""
    board = board.replace("squares:\n", "squares:\n  L3: [{id: DK, power: 3000, owner: P2}]\n")
    r = run_text(board)
    assert r.zone("DK") == "P2.hand" and r.damage("IG") == 2000 and r.damage("AP") == 1000
    assert r.citing("4.9.2-1") and r.citing("4.7.2-6")


def test_more_targets_than_the_amount_cannot_be_divided():
    # 4.7.2-6: each target needs at least 1 — 2 damage cannot go to 3 targets
    t = _no_expect(_text("EX4.7.2-6")).replace("{damage: 6000, to: target, divided: true}",
                                               "{damage: 2, to: target, divided: true}")
    r = run_text(t)
    assert r.run.stop == "illegal_action" and "4.7.2-6" in r.run.error["cites"]
    assert r.zone("GC") == "P1.hand"


def test_a_division_not_adding_up_is_refused_with_its_clause():
    t = _no_expect(_text("EX4.7.2-6")).replace("{DK: 3000, IG: 2000, AP: 1000}",
                                               "{DK: 3000, IG: 3000, AP: 1000}")
    r = run_text(t)
    assert r.run.stop == "choice_invalid" and "add up to 7000" in r.run.error["message"]
    assert r.run.error["line"] > 0 and r.zone("GC") == "P1.hand"


def test_a_damage_trigger_from_other_than_this_card():
    # 「このカード以外から」: 地雷原の迷宮 triggers on 火の矢's damage, not on its own 2000
    board = _no_expect(_text("EX4.2.5")).replace(
        "          of: {type: unit, same_line: true}\n",
        "          of: {type: unit, same_line: true}\n          source: other\n")
    board = board.split("actions:")[0] + "actions:\n" + "\n".join(
        ["  - {play: FA, targets: [RB], pay: [e1]}"] + ["  - pass"] * 6) + "\n"
    r = run_text(board)
    assert r.damage("RB") == 4000  # 2000 from 火の矢, 2000 from the labyrinth, once


def test_each_player_with_no_unit_of_its_own_chooses_nothing():
    # 1.1.4: P2 has no unit: only P1 chooses
    t = _no_expect(_text("EX1.1.4")).replace(
        "  C3: [{id: RG, name: 岩窟の番人, power: 3000, smash: 1, owner: P2}]\n"
        "  R3: [{id: FA, name: 森の射手, power: 2000, smash: 1, owner: P2}]\n", "").replace(
        "  ST: [SK, RG]", "  ST: [SK]")
    r = run_text(t)
    assert r.zone("SK") == "P1.graveyard" and r.zone("WT") == "L1"


def test_a_filtered_choice_from_a_public_zone_cannot_be_not_found():
    # 2.25.3 is about hidden information: a unit in the graveyard (public) must be chosen
    r = run_text(_no_expect(_text("EX2.25.3")).replace(
        "{put: {choose: 1, from: hand, filter: {type: unit}}", "{put: {choose: 1, from: graveyard, "
        "filter: {type: unit}}").replace("    hand: 0\n", "    hand: 0\n    graveyard: [{id: GU, "
                                          "name: 墓守, power: 1000}]\n").replace(
        "  MW: [none]", "  MW: [GU]"))
    assert r.zone("GU") == "C1" and not r.citing("2.25.3")


def _turn_end_board(events: str) -> str:
    """P1's recovery phase; an 「ターン終了時に、そのユニットを持ち主の墓地に置く」 created about X."""
    return f"""
format: judgekit-board/1
ruleset: d0
game: {{turn: 3, turn_player: P1, first_player: P1, phase: recovery, priority: P1}}
players:
  P1: {{deck: 20, hand: 1}}
  P2: {{deck: 20, hand: 1}}
squares:
  C1: [{{id: X, power: 1000, owner: P1}}]
delayed:
  - {{trigger: turn_end, about: X, controller: P1, effect: [{{destroy: it}}]}}
{events}actions: [pass, pass, pass, pass, pass, pass, pass, pass]
until: turn_end
"""


def test_a_created_turn_end_trigger_vanishes_with_a_new_object():
    # 4.4.4-1: the card it is about went to the hand before the end of the turn
    r = run_text(_turn_end_board("events:\n  - {to_hand: X}\n"))
    assert r.zone("X") == "P1.hand" and r.citing("4.4.4-1") and not r.b.delayed


def test_a_created_turn_end_trigger_fires_once_at_the_end_of_the_turn():
    r = run_text(_turn_end_board(""))
    assert r.zone("X") == "P1.graveyard" and not r.b.delayed
    assert r.run.stop == "until"


def test_the_new_forms_are_board_check_errors_where_misspelt():
    bad = _text("EX2.25.4").replace("whose: opponent", "whose: rival")
    try:
        load_text(bad, "EX.yaml")
    except Exception as e:
        assert "whose" in str(e) and "EX.yaml:" in str(e)
    else:  # pragma: no cover
        raise AssertionError("whose: rival was accepted")


def test_a_triggered_ability_declares_its_division_as_it_goes_on_the_stack():
    # 4.8.4 / 4.7.2-6: the targets and the division are chosen as it is stacked
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
players:
  P1: {deck: 20, hand: 1}
  P2: {deck: 20, hand: 1}
squares:
  C1:
    - id: M
      power: 1000
      owner: P1
      abilities:
        - trigger: put_on_square
          target: {count: 2, filter: {type: unit, controller: opponent}}
          effect: [{damage: 3000, to: target, divided: true}]
  L3: [{id: X, power: 5000, owner: P2}]
  R3: [{id: Y, power: 5000, owner: P2}]
triggers:
  - {card: M, ability: 1}
actions: [pass, pass]
choices:
  M: [[X, Y], {X: 1000, Y: 2000}]
""")
    assert r.damage("X") == 1000 and r.damage("Y") == 2000
    assert r.first("4.7.2-6") < r.first("4.9.1")
