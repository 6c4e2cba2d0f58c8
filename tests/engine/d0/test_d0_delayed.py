"""Triggered abilities created by effects (4.4.4) on the core's one store: 「次のあなたのターン開始時」
/ 「次の相手のターン開始時」 (3.5.1) and 「そのバトル終了時」 created by either unit of a battle."""

from __future__ import annotations

from d0_helpers import example_path, run_example, run_text


def test_next_opponent_turn_start_triggers_and_next_own_waits():
    r = run_example("R4.4.4-next-turn-start")
    assert r.count("P2", "deck") == 19 and r.count("P1", "deck") == 20
    assert [(d["whose"], d["controller"]) for d in r.b.delayed] == [("you", "P2")]
    # it triggered at P1's turn start, after the release (3.5.1), not in P2's own turn
    assert r.first("3.5.1") < r.last("4.9.1")


def _start_board(whose: str, turn_player: str) -> str:
    return f"""
format: judgekit-board/1
ruleset: d0
game: {{turn: 4, turn_player: {turn_player}, first_player: P1, phase: recovery, priority: {turn_player}}}
players:
  P1: {{deck: 20, hand: 1, graveyard: [{{id: K, type: strategy}}]}}
  P2: {{deck: 20, hand: 1}}
delayed:
  - {{trigger: turn_start, whose: {whose}, source: K, controller: P1, effect: [{{draw: 1}}]}}
until: "3.6.1-1"
"""


def test_whose_is_read_from_the_controller_of_the_created_ability():
    # P2's turn ends, P1's begins: P1's 「次のあなたのターン開始時」 triggers, 「次の相手の…」 waits
    mine = run_text(_start_board("you", "P2"))
    theirs = run_text(_start_board("opponent", "P2"))
    assert mine.count("P1", "deck") == 19 and not mine.b.delayed
    assert theirs.count("P1", "deck") == 20 and len(theirs.b.delayed) == 1


def test_a_battle_end_created_by_a_battling_unit_is_for_that_battle():
    # stopped in the 2nd battle step: both created abilities wait for the end of C1's battle
    with open(example_path("R4.4.4-battle-end-either-side"), encoding="utf-8") as fh:
        text = fh.read().split("\nuntil:")[0]  # its actions, then both attack triggers resolve
    r = run_text(text + "\n  - pass\n  - pass\n  - pass\n  - pass\n")
    assert r.run.stop == "actions_exhausted" and r.b.battles
    assert [(d["trigger"], d.get("square")) for d in r.b.delayed] == [("battle_end", "C1")] * 2


def test_both_sides_created_battle_end_abilities_trigger_once():
    r = run_example("R4.4.4-battle-end-either-side")
    assert r.count("P1", "deck") == 19 and r.count("P2", "deck") == 19 and not r.b.delayed
    assert r.zone("H") == "P2.graveyard"  # its source destroyed, it still triggered (no card affected)


def test_a_misspelt_whose_is_a_board_check_error():
    import pytest

    from judgekit.board import load_text
    from judgekit.board.errors import BoardSyntaxError

    with pytest.raises(BoardSyntaxError) as e:
        load_text(_start_board("yours", "P2"), "<t>")
    assert "whose" in str(e.value) and "you" in str(e.value)


def test_a_created_trigger_in_the_file_must_name_a_card():
    from judgekit.board import load_text, status

    text = _start_board("you", "P2").replace("source: K, ", "")
    flags = [fl for fl in status(load_text(text, "<t>")) if fl.code == "CREATED_TRIGGER_NO_CARD"]
    assert flags and flags[0].clauses == ("4.4.4",) and flags[0].line > 0



def test_a_recovery_phase_start_trigger_waits_through_other_phases_and_fires_once():
    r = run_example("R4.4.4-next-recovery-phase-start")
    assert r.count("P1", "deck") == 19 and not r.b.delayed
    starts = [s.index for s in r.citing("3.10.1") if s.depth == 0]
    assert len(starts) == 2  # the recovery phase repeats (3.10.3); the ability triggered once
    assert sum(1 for _, ch in r.changes("delayed-")) == 1
