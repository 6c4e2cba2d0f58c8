"""Delayed (時限型) auto abilities (908.4) on the core's one store of created triggers: a phase's
start (「次のあなたのスタートドローフェイズ開始時」, 702.1), whose turn the point must be in, and
「バトル終了時」 created by either side of an attack (802.1c, 806.3)."""

from __future__ import annotations

import pytest
from g2022_helpers import run_example, run_text

from judgekit.board import load_text
from judgekit.board.errors import BoardSyntaxError


def test_a_phase_start_delayed_ability_triggers_only_in_the_turn_it_names():
    r = run_example("R908.4-next-start-draw-phase")
    assert r.count("P1", "hand") == 6 and r.count("P2", "hand") == 7
    assert [(t["source"], t["whose"]) for t in r.b.timed] == [("K2", "you")]  # still waiting
    assert r.first("908.4a") > r.first("702.1")


def test_battle_end_delayed_abilities_of_both_sides_trigger_once():
    r = run_example("R908.4-battle-end-either-side")
    assert r.count("P1", "hand") == 3 and r.count("P2", "hand") == 4 and r.b.timed == []
    assert r.triggered("timed:A") == 1 and r.triggered("timed:B") == 1


_BOARD = """
format: judgekit-board/1
ruleset: g2022
game: {turn: 3, turn_player: P1, first_player: P1, step: "703.2"}
players:
  P1: {deck: 20, hand: 5, trash: [{id: K, type: event, cost: 0}]}
  P2: {deck: 20, hand: 5}
timed:
  - {timed: phase_start, phase: PHASE, source: K, controller: P1, effect: [{draw: 1}]}
actions: [pass]
until: "706.3"
"""


def test_a_delayed_ability_waits_for_the_phase_it_names():
    # in P1's turn 3 after its main phase: the charge phase starts (705.1) but the end draw
    # phase's point is the one named — it triggers at 706.1, not at 704.1 or 705.1
    r = run_text(_BOARD.replace("PHASE", "end_draw"))
    assert r.b.timed == [] and r.count("P1", "hand") == 6
    fired = [s.index for s in r.citing("908.4a")]
    assert fired and min(fired) > r.first("706.1")
    left = run_text(_BOARD.replace("PHASE", "start_draw"))  # not before this run stops
    assert len(left.b.timed) == 1 and left.count("P1", "hand") == 5


def test_a_misspelt_phase_is_a_board_check_error():
    with pytest.raises(BoardSyntaxError, match="start_draw"):
        load_text(_BOARD.replace("PHASE", "startdraw"), "<t>")


def test_a_phase_on_a_point_without_one_is_a_board_check_error():
    from judgekit.board import status

    b = load_text(_BOARD.replace("timed: phase_start, phase: PHASE",
                                 "timed: mission_end, phase: main"), "<t>")
    flags = [fl for fl in status(b) if fl.code == "PHASE_ON_A_MOMENT_WITHOUT_ONE"]
    assert len(flags) == 1 and flags[0].clauses == ("908.4",) and flags[0].line > 0


def test_a_delayed_ability_in_the_file_names_its_source_card():
    # fired as an ability of the card that created it (914.2a): without one it could not
    # trigger, so the file is refused rather than the ability silently dropped
    from judgekit.board import status

    for text, code in ((_BOARD.replace("source: K, ", ""), "CREATED_TRIGGER_NO_CARD"),
                       (_BOARD.replace("source: K, ", "source: ZZ, "), "UNKNOWN_CARD")):
        flags = [fl for fl in status(load_text(text.replace("PHASE", "main"), "<t>"))
                 if fl.code == code]
        assert len(flags) == 1 and flags[0].severity == "error" and flags[0].line > 0
