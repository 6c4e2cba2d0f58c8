"""Every bundled scenario matches the expectation written in its file (from the rules, digest §7),
plus the orderings a file's expect: section cannot state."""

from __future__ import annotations

import os

import pytest
from engine_helpers import EXAMPLES, run_example


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_matches_its_expectation(path):
    r = run_example(os.path.basename(path)[:-5])
    assert r.run.board.expect, "every bundled example states its expected outcome"
    assert r.run.check == [], r.run.check
    assert r.run.error is None or r.run.stop == "illegal_action", r.run.error


def test_t01_destroyed_in_the_605_1_pre_processing():
    r = run_example("T01")
    (st,) = r.citing("904.1")
    assert st.context == "605.1" and "1204.3" not in st.cites
    assert r.first("604.3a") < st.index


def test_t10_damage_then_life_to_charge_in_605_1():
    r = run_example("T10")
    assert ("P2.life", "P2.charge") in r.moves_of("L2")
    (st,) = r.citing("907.2d")
    assert st.context == "605.1"
    (c,) = r.citing("907.2c")[0].choices
    assert (c["key"], c["chooser"], c["answer"], c["source"]) == ("907.2c", "P1", "L2", "file")


def test_t11_appear_trigger_waits_until_after_the_restart():
    r = run_example("T11")
    trig = r.citing("808.1")[0].index
    restart = [s.index for s in r.steps if "starts again" in s.message][0]
    played = [s for s in r.steps if s.kind == "play" and "triggered ability" in s.message][0]
    assert trig < restart < played.index
    assert r.first("907.2e") < trig


def test_t13_turn_player_damage_first():
    r = run_example("T13")
    steps = [s for s in r.steps if "907.2a" in s.cites]
    assert [s.player for s in steps] == ["P1", "P2"]
    choosers = [s.choices[0]["chooser"] for s in r.citing("907.2c")]
    assert choosers == ["P2", "P1"]  # the opponent of the damage player picks (907.2c)


def test_t16_reload_is_nested_in_the_first_draw():
    r = run_example("T16")
    reload = r.citing("902.1")[0]
    draw1 = r.steps[reload.parent]
    assert "card 1 of 2" in draw1.message and reload.depth == draw1.depth + 1
    draw2 = [s for s in r.steps if "card 2 of 2" in s.message][0]
    assert reload.index < draw2.index < r.first("906.1")


def test_t20_turn_player_puts_the_opponents_trigger_first():
    r = run_example("T20")
    choice_step = r.citing("808.2a")[0]
    assert choice_step.choices[0]["chooser"] == "P1"
    plays = [s for s in r.steps if s.kind == "play" and "triggered ability" in s.message]
    assert [s.player for s in plays] == ["P2", "P1"]
    # rule effects are checked again between the two (702.2b: back to 702.2a)
    between = [s for s in r.steps if plays[0].index < s.index < plays[1].index
               and "702.2a" in s.cites]
    assert between


def test_t25_first_ciel_in_pass_1_second_in_pass_2():
    r = run_example("T25")
    passes = [s for s in r.steps if s.kind == "check" and "904" in s.message]
    assert "pass 1" in passes[0].message and "Ciel1" in passes[0].message
    assert "pass 2" in passes[1].message and "Ciel2" in passes[1].message
    c1 = [s for s in r.citing("904.1") if "Ciel1" in s.message][0]
    c2 = [s for s in r.citing("904.1") if "Ciel2" in s.message][0]
    assert "1204.3" in c1.cites and "1204.3b" not in c1.cites
    assert "1204.3b" in c2.cites and "1204.3" not in c2.cites


def test_t34_ignition_sequence():
    r = run_example("T34")
    assert r.moves_of("d1") == [("P1.deck", "temporary"), ("temporary", "P1.trash")]
    assert r.moves_of("d2") == [("P1.deck", "P1.hand")]
    assert r.moves_of("d3") == [("P1.deck", "P1.trash")]
    assert [s.context for s in r.steps if s.kind == "pp"][:3] == ["505.2", "505.4", "505.4"]


def test_r1201_loop_is_a_draw_not_a_hang():
    r = run_example("R1201")
    assert r.outcome["result"] == "draw" and r.outcome["cites"] == ["1201.1c"]
    assert len(r.steps) < 60


def test_illegal_actions_leave_the_board_as_before_the_play():
    r = run_example("T30a2")
    assert r.zone("X") == "P1.hand" and r.state("B1") == "reboot"
    assert any(ch.get("op") == "rewind" for _, ch in r.changes())
