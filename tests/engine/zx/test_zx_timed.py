"""Timed auto abilities (808.4) on the core's one store of created triggers: a phase's start
(「次のあなたのリブートフェイズ開始時」, 502.2), whose turn the point must be in, and 「バトル終了時」
created by either side of a battle (602.1e, 605.2)."""

from __future__ import annotations

from engine_helpers import run_data, run_example, zx_board

DRAW = [{"draw": 1}]


def test_a_phase_start_timed_ability_triggers_only_in_the_turn_it_names():
    r = run_example("R808.4-next-reboot-phase-start")
    assert r.count("P1", "hand") == 1 and r.count("P2", "hand") == 1
    assert [(t["controller"], t["whose"]) for t in r.b.timed] == [("P2", "you")]  # waits
    fired = [s for s in r.citing("808.4a") if "triggers" in s.message]
    assert len(fired) == 2 and all(s.index > r.first("502.2") for s in fired)


def test_a_turn_end_timed_ability_for_the_opponents_turn_does_not_hold_this_turns_end():
    # 507.5 goes back to 507.3 only for an ability whose point has come: P1's 「次の相手の
    # ターン終了時」 neither triggers at P1's own turn end nor keeps the end phase looping
    timed = [{"timed": "turn_end", "whose": "opponent", "source": "P1pc", "controller": "P1",
              "effect": DRAW}]
    r = run_data(zx_board(step="507.1", timed=timed), until="502.1")
    assert r.run.stop == "until" and r.count("P1", "hand") == 0
    assert [t["whose"] for t in r.b.timed] == ["opponent"]
    r2 = run_data(zx_board(step="507.1", turn=4, timed=timed), until="502.1")
    assert r2.count("P1", "hand") == 1 and r2.b.timed == []  # in P2's turn it is due


def test_battle_end_timed_abilities_of_the_attacker_and_the_attacked_both_trigger():
    r = run_example("R808.4-battle-end-either-side")
    assert r.count("P1", "hand") == 1 and r.count("P2", "hand") == 1 and r.b.timed == []
    assert r.triggers_of("timed:A") == 1 and r.triggers_of("timed:B") == 1


def test_a_misspelt_phase_is_a_board_check_error():
    import pytest

    from judgekit.board import load_data
    from judgekit.board.errors import BoardSyntaxError

    timed = [{"timed": "phase_start", "phase": "reboots", "source": "P1pc", "effect": DRAW}]
    with pytest.raises(BoardSyntaxError, match="reboot"):
        load_data(zx_board(timed=timed), "t.yaml")


def test_a_phase_on_a_point_without_one_is_a_board_check_error():
    # it would never trigger: only phase_start takes a phase (in the file and in an ability)
    from judgekit.board import load_data, status

    timed = [{"timed": "turn_end", "phase": "main", "source": "P1pc", "effect": DRAW}]
    ab = {"auto": "attacks", "effect": [{"timed": "battle_end", "phase": "end", "effect": DRAW}]}
    b = load_data(zx_board({"M-C": [{"id": "A", "power": 5000, "owner": "P1",
                                     "abilities": [ab]}]}, timed=timed), "t.yaml")
    flags = [fl for fl in status(b) if fl.code == "PHASE_ON_A_MOMENT_WITHOUT_ONE"]
    assert len(flags) == 2 and all(fl.severity == "error" and fl.clauses == ("808.4",)
                                   for fl in flags)
    assert {fl.path for fl in flags} == {("timed", 0, "phase"), ()}
