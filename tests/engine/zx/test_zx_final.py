"""The final board of a run is a valid starting board (issue 15), whatever ceased to exist.

A destroyed player card goes to its owner's trash (1007.1) and its player gets a virtual player
card (909.1, 1205.2); a token outside the squares ceases to exist (912.1): the final board has
no such card and nothing in it names one (judgekit/engine/zx/final.py says what each place
becomes).
"""

from __future__ import annotations

from engine_helpers import final_board_errors, run_data, zx_board

from judgekit.board import load_text
from judgekit.board.dump import dump_data
from judgekit.engine.run import run_board

TOKEN = {"id": "T", "power": 1000, "damage": 1000, "owner": "P1", "token": True}


def test_a_destroyed_player_card_is_in_the_trash_and_the_final_board_checks_clean():
    r = run_data(zx_board(step="506.3", events=[{"destroy": "P1pc", "source": "P2pc"}]))
    assert r.zone("P1pc") == "P1.trash" and r.zone("virtual-P1") == "S-C"
    assert final_board_errors(r.run) == []
    (st,) = r.citing("1007.1")
    assert "1205.2" in st.cites and "virtual player card" in st.message


def test_a_player_card_is_not_moved_to_another_square():
    r = run_data(zx_board(step="506.3", events=[{"move": "P1pc", "to": "square",
                                                 "square": "M-C", "source": "P2pc"}]))
    assert r.zone("P1pc") == "S-C" and r.cites("303.6a") and "virtual-P1" not in r.b.cards


def test_unused_actions_from_one_naming_a_token_that_ceased_to_exist_are_left_out():
    # the token dies in the pre-processing before 506.2; the run stops before the battle
    data = zx_board({"M-C": [TOKEN], "M-L": [{"id": "B", "power": 3000, "owner": "P2"}]},
                    p1={"hand": [{"id": "X", "power": 2000, "cost": 0}]},
                    actions=[{"play": "X", "square": "M-R"}, {"battle": "T", "target": "B"},
                             "pass"], until="506.3")
    r = run_data(data)
    assert r.run.stop == "until" and r.zone("T") == "gone"
    assert r.run.final.get("actions", []) == [] and final_board_errors(r.run) == []


def test_an_effect_whose_source_ceased_to_exist_goes_on_without_it():
    data = zx_board({"M-C": [TOKEN], "M-L": [{"id": "A", "power": 3000, "owner": "P1"}]},
                    step="506.3",
                    effects=[{"power": 2000, "to": ["A"], "source": "T", "until": "turn_end"}])
    r = run_data(data)
    assert r.zone("T") == "gone" and r.power("A") == 5000
    (eff,) = r.run.final["effects"]
    assert "source" not in eff and eff["to"] == ["A"] and final_board_errors(r.run) == []


def test_a_battle_whose_attacker_ceased_to_exist_goes_on_from_the_final_board():
    # P2 destroys the attacking token in the battle event step; the run stops at P1's priority
    kill = {"id": "K", "type": "event", "cost": 0, "abilities": [{"event": [{"destroy": "T"}]}]}
    data = zx_board({"M-C": [{**TOKEN, "damage": 0}],
                     "M-L": [{"id": "B", "power": 3000, "owner": "P2"}]},
                    p2={"hand": [kill]},
                    actions=[{"battle": "T", "target": "B"}, "pass", {"play": "K"}])
    r = run_data(data)
    assert r.zone("T") == "gone" and r.run.stop == "actions_exhausted"
    assert final_board_errors(r.run) == [] and "attacker" not in r.run.final["game"]["battle"]
    again = load_text(dump_data({**r.run.final, "actions": ["pass", "pass"]}), "final.yaml")
    run = run_board(again)
    assert any("attacker is no longer on a square" in s.message for s in run.steps)
    assert again.cards["B"].zone == "M-L" and again.cards["B"].damage == 0


def test_a_card_given_as_a_count_is_written_back_as_a_count_or_under_a_file_id():
    # one of P2's unknown hand cards was put into the resource and slept: the writer keeps its
    # state as {unknown: 1, state: sleep}; never under 'P2.hand#2', which no file may hold
    from judgekit.board import load_data

    b = load_data(zx_board(p2={"hand": 2, "resource": [{"id": "r1", "colors": ["red"]}]},
                           step="506.3"), "t.yaml")
    c = b.cards["P2.hand#2"]
    b.zones["P2.hand"].remove(c.id)
    b.zones["P2.resource"].append(c.id)
    c.zone, c.state = "P2.resource", "sleep"
    run = run_board(b)
    assert run.final["players"]["P2"]["resource"] == [
        {"id": "r1", "colors": ["red"]}, {"unknown": 1, "state": "sleep"}]
    assert final_board_errors(run) == []
    # one that sits in another player's zone cannot be a count of that zone: it gets a file id
    b = load_data(zx_board(p2={"hand": 2}, step="506.3"), "t.yaml")
    c = b.cards["P2.hand#2"]
    b.zones["P2.hand"].remove(c.id)
    b.zones["P1.trash"].append(c.id)
    c.zone = "P1.trash"
    run = run_board(b)
    assert {"id": "P2-hand-2", "owner": "P2"} in run.final["players"]["P1"]["trash"]
    assert final_board_errors(run) == []