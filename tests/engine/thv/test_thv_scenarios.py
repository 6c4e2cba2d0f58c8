"""The bundled 東方VISION scenarios: each matches the expectation written in its file (derived
from the clauses, digest §7), plus what a file's `expect:` cannot state — when a loss happens
relative to the priority grants, the order of resolution, and that a run stopped anywhere
(inside an interference, inside a nested one) writes a board that continues the same game.
"""

from __future__ import annotations

import copy
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from engine_helpers import uncited  # noqa: E402
from thv_helpers import EXAMPLES, RunView, example_path, run_example  # noqa: E402

from judgekit.board import load_file, load_text, status  # noqa: E402
from judgekit.board.dump import dump_data  # noqa: E402
from judgekit.engine.run import run_board  # noqa: E402


def test_there_are_enough_scenarios_and_every_digest_scenario_is_one():
    names = [os.path.basename(p) for p in EXAMPLES]
    assert len(names) >= 15
    for s in ("S01", "S02", "S05", "S06a", "S06b", "S07", "S08", "S09", "S11", "S12a", "S12b",
              "S14", "S15", "S16", "S17", "S19"):
        assert any(n.startswith(s + "-") for n in names), s


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_checks_clean_and_matches_its_expectation(path):
    errors = [str(f) for f in status(load_file(path)) if f.severity == "error"]
    assert errors == []
    r = run_example(os.path.basename(path)[:-5])
    assert r.run.board.expect, "every bundled example states its expected outcome"
    assert r.run.check == [], r.run.check
    assert uncited(r.steps) == []
    assert r.run.error is None or r.run.stop == "illegal_action", r.run.error


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_final_board_is_a_valid_starting_file(path):
    r = run_example(os.path.basename(path)[:-5])
    b2 = load_text(dump_data(r.run.final), "final.yaml")
    assert [str(f) for f in status(b2) if f.severity == "error"] == []
    assert b2.integrity() == []
    assert b2.step == r.b.step and len(b2.interference) == len(r.b.interference)
    for z, ids in r.b.zones.items():
        assert len(b2.zones[z]) == len(ids), z
        # unknown cards keep their states (a sleeping node stays asleep)
        assert sorted(str(b2.cards[i].state) for i in b2.zones[z]) == \
            sorted(str(r.b.cards[i].state) for i in ids), z
    for p in ("P1", "P2"):
        assert b2.players[p].lp == r.b.players[p].lp


# ---- life points: the loss at the moment of the grant (1.5.3.a) --------------------------------

def test_s1_nobody_holds_priority_while_lp_is_below_zero():
    r = run_example("S01")
    dip = [i for i, old, new in r.lp_changes("P1") if new < 0][0]
    back = [i for i, old, new in r.lp_changes("P1") if old < 0][0]
    assert not [s for s in r.grants() if dip <= s.index <= back]
    assert r.outcome["result"] == "none" and r.lp("P1") == 4


def test_s2_the_loss_is_at_the_grant_that_follows_the_resolution():
    r = run_example("S02")
    (loss,) = [s for s in r.steps if s.kind == "game_end" and "1.5.3.a" in s.cites]
    assert loss.index > r.first("1.12.8.e")
    assert loss.index > max(i for i, _, _ in r.lp_changes("P1"))
    assert not [s for s in r.grants() if s.index > r.first("1.12.8.e")]  # P1 never acts


def test_s5_the_lp_is_not_checked_at_turn_end_or_turn_start():
    r = run_example("S05")
    zero = [i for i, _, new in r.lp_changes("P2") if new == 0][0]
    check = r.last("1.5.3.a")
    assert check > r.first("4.4.1.b")  # the first grant of P2's turn
    assert not [s for s in r.grants() if zero < s.index < check]


def test_s6b_deck_out_is_immediate():
    r = run_example("S06b")
    assert r.outcome["losers"] == ["P2"] and not r.grants()
    assert r.run.stop == "game_over" and r.b.step == "4.6.1"


# ---- interference ---------------------------------------------------------------------------

def test_s11_last_played_resolves_first():
    r = run_example("S11")
    resolved = [ch["entry"]["play"] for _, ch in r.changes("entry-")]
    assert resolved == ["R", "S"]


def test_s17_after_the_interference_the_turn_player_gets_priority_in_the_same_phase():
    r = run_example("S17")
    grants = [(s.player, s.context) for s in r.grants()]
    assert grants == [("P1", "4.6.1.c"), ("P2", "4.6.1.c"), ("P1", "4.6.1.c"),
                      ("P2", "4.6.1.c"), ("P1", "4.6.1.c"), ("P2", "4.6.1.c"),
                      ("P1", "4.7.1.b")]
    assert "1.12.8.e" in r.grants()[4].cites


def test_s12a_the_illegal_second_use_changes_nothing():
    r = run_example("S12a")
    assert r.run.stop == "illegal_action" and r.asleep("P1") == 1
    assert len(r.b.interference) == 1 and len(r.b.interference[0]["entries"]) == 1


def test_a_run_stopped_inside_an_interference_continues_from_its_final_board():
    """S16 stops with S in the play area as the interference's entry: the written board, given
    the two passes, resolves S exactly as one run would."""
    r = run_example("S16")
    data = copy.deepcopy(r.run.final)
    assert data["interference"] == [{"entries": [{"play": "S", "player": "P1"}]}]
    data["actions"] = ["pass", "pass"]
    r2 = RunView(run_board(load_text(dump_data(data), "again.yaml")))
    assert r2.zone("S") == "P1.netherworld" and r2.count("P1", "hand") == 1
    assert r2.b.interference == [] and r2.b.priority == "P1"


def test_a_run_stopped_inside_a_nested_interference_continues_the_same_game():
    """R1.12.7 cut while the nested attack waits for P2: the board holds both interferences
    (the outer one resolving, the command it was resolving suspended); continuing it ends
    exactly as the uninterrupted run."""
    with open(example_path("R1.12.7"), encoding="utf-8") as f:
        text = f.read()
    full = run_example("R1.12.7")
    b = load_text(text, "cut.yaml")
    rest = b.actions[5:]
    b.actions = b.actions[:5]
    cut = run_board(b)
    assert cut.stop == "actions_exhausted"
    frames = cut.final["interference"]
    assert len(frames) == 2 and frames[0]["resolving"] and frames[1]["attack"]["attacker"] == "A"
    assert frames[0]["resume"]["entry"]["play"] == "M"
    data = copy.deepcopy(cut.final)
    data["actions"] = rest
    data["choices"] = {"6.5.3.a": [False]}
    again = RunView(run_board(load_text(dump_data(data), "continued.yaml")))
    for p in ("P1", "P2"):
        assert again.lp(p) == full.lp(p)
        for z in ("hand", "deck", "netherworld", "field", "nodes"):
            assert again.count(p, z) == full.count(p, z), (p, z)
    assert again.b.interference == [] and again.b.priority == "P1"


# ---- combat -------------------------------------------------------------------------------------

def test_s8_both_characters_deal_damage_in_one_damage_procedure():
    r = run_example("S08")
    (st,) = [s for s in r.citing("1.10.12.c")]
    targets = {ch["card"] for ch in st.changes if ch["op"] == "damage"}
    assert targets == {"A", "D"}


def test_s9_the_defender_destroyed_by_first_strike_strikes_nothing():
    r = run_example("S09")
    moved = [s.index for s, ch in r.changes("move") if ch["card"] == "D"][0]
    assert r.first("6.2.4.d") < moved < r.first("6.2.4.e")
    assert [ch for _, ch in r.changes("damage") if ch["card"] == "A"] == []


def test_s15_pierce_counts_the_damage_before_this_combat_damage():
    r = run_example("S15")
    (st,) = r.citing("10.5.2.a")
    assert "X = attack 5 − durability 2 + damage already accumulated 1 = 4" in st.message


def test_s19_the_shield_outlives_its_source():
    r = run_example("S19")
    gone = [s.index for s, ch in r.changes("move") if ch["card"] == "L"][-1]
    used = r.first("1.10.12.b")
    assert gone < used and r.lp("P2") == 10
