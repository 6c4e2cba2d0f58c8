"""「できない」 always wins (102.6) — over the rules' own actions and over the player's.

102.6: when a card's effect makes an action impossible and something would do that action,
「できない」 always takes precedence. 502.1 reboots every sleeping card of the turn player; 506.2
(and 603.1b) let the player choose only what can be done legally; the rules' own plays
(907.2e, 505.3a, 1010.1) and the lethal damage effect (904) are actions too.
"""

from __future__ import annotations

from engine_helpers import run_data, zx_board

from judgekit.engine.zx.flow import legal_actions

NO_REBOOT = {"static": "cannot", "action": "reboot"}
NO_EVENTS = {"static": "cannot", "action": "play",
             "to": {"all": {"controller": "opponent", "type": "event"}}}
EVENT = {"id": "E", "type": "event", "cost": 0, "abilities": [{"event": [{"draw": 2}]}]}


def test_the_reboot_phase_does_not_reboot_a_card_that_cannot_be_rebooted():
    watcher = {"auto": "reboots", "of": "self", "effect": [{"draw": 1}]}
    r = run_data(zx_board({"M-L": [{"id": "X", "power": 3000, "owner": "P1", "state": "sleep",
                                    "abilities": [NO_REBOOT, watcher]}],
                           "M-R": [{"id": "Y", "power": 3000, "owner": "P1", "state": "sleep"}]},
                          step="502.1", until="502.2"))
    assert r.state("X") == "sleep" and r.state("Y") == "reboot"
    assert r.triggers_of("X#2") == 0  # it did not become rebooted: no event
    (st,) = r.citing("102.6")
    assert "502.1" in st.cites and "cannot be rebooted" in st.message and "502.1" in st.message


def test_a_cannot_ability_that_is_not_enabled_does_not_stop_the_reboot():
    # 803.1a: a zekusu's abilities work on the squares only; this one is in the resource
    card = {"id": "X", "type": "zekusu", "power": 3000, "state": "sleep",
            "abilities": [NO_REBOOT]}
    r = run_data(zx_board(step="502.1", until="502.2", p1={"resource": [card]}))
    assert r.state("X") == "reboot" and not r.cites("102.6")


def test_an_effect_that_reboots_says_the_card_cannot_be_rebooted_not_that_it_already_is():
    r = run_data(zx_board({"M-L": [{"id": "X", "power": 3000, "owner": "P1", "state": "sleep",
                                    "abilities": [NO_REBOOT]}]},
                          step="506.3", events=[{"reboot": "X", "source": "P1pc"}]))
    assert r.state("X") == "sleep"
    (st,) = r.citing("1002.1")
    assert "102.6" in st.cites and "cannot be rebooted" in st.message
    assert "102.5" not in st.cites and "already" not in st.message


def test_playing_an_event_the_player_cannot_play_is_illegal_and_never_begun():
    r = run_data(zx_board({"N-L": [{"id": "K", "power": 3000, "owner": "P2",
                                    "abilities": [NO_EVENTS]}]},
                          p1={"hand": [EVENT]}, actions=[{"play": "E"}]))
    assert r.run.stop == "illegal_action"
    assert r.run.error["cites"] == ["102.6", "506.2"] and "K#1" in r.run.error["message"]
    assert r.zone("E") == "P1.hand" and r.count("P1", "deck") == 20
    assert not r.cites("804.2") and not r.cites("804.2e") and list(r.changes("move")) == []


def test_the_card_that_cannot_be_played_is_not_offered_as_an_action():
    from judgekit.board import load_data
    from judgekit.engine.choices import Policy
    from judgekit.engine.zx.game import Game

    data = zx_board({"N-L": [{"id": "K", "power": 3000, "owner": "P2", "abilities": [NO_EVENTS]}]},
                    p1={"hand": [EVENT, {"id": "Z", "power": 3000, "cost": 0}]})
    g = Game(load_data(data, "t.yaml"), Policy())
    acts = legal_actions(g, "506.2", "P1")
    assert {"play": "E"} not in acts and any(a.get("play") == "Z" for a in acts)


def test_in_the_battle_event_step_the_prohibition_cites_603_1b():
    data = zx_board({"N-L": [{"id": "K", "power": 3000, "owner": "P2", "abilities": [NO_EVENTS]}],
                     "M-C": [{"id": "A", "power": 5000, "owner": "P1"}],
                     "M-L": [{"id": "B", "power": 1000, "owner": "P2"}]},
                    p1={"hand": [EVENT]}, actions=[{"battle": "A", "target": "B"}, {"play": "E"}])
    r = run_data(data)
    assert r.run.stop == "illegal_action" and r.run.error["cites"] == ["102.6", "603.1b"]
    assert r.zone("E") == "P1.hand"


def test_an_ignition_card_that_cannot_be_played_goes_to_the_charge():
    # 907.2e offers the play; 「できない」 wins, so the card is not played and goes to the charge
    life_event = {**EVENT, "id": "V", "icons": ["ignition"]}
    r = run_data(zx_board({"S-L": [{"id": "K", "power": 3000, "owner": "P1",
                                    "abilities": [NO_EVENTS]}]},
                          step="506.3", p2={"life": [life_event, "L2"], "damage": 1},
                          choices={"907.2c": ["V"], "907.2e": ["yes"]}))
    assert r.zone("V") == "P2.charge" and r.count("P2", "hand") == 0
    assert any("907.2e" in s.cites for s in r.citing("102.6"))


def test_the_lethal_damage_effect_does_not_destroy_a_zekusu_that_cannot_be_destroyed():
    r = run_data(zx_board({"M-L": [{"id": "G", "power": 3000, "damage": 5000, "owner": "P2",
                                    "abilities": [{"static": "cannot",
                                                   "action": "be_destroyed"}]}]},
                          step="506.3"))
    assert r.zone("G") == "M-L" and r.run.stop == "actions_exhausted"
    (st,) = r.citing("102.6")  # once for this damage and power, not at every check
    assert "904.1" in st.cites and "beats 904.1" in st.message and "1007.1" not in st.cites
    assert st.readings == ["cannot-destroy-once"]


def test_more_damage_makes_the_lethal_damage_effect_to_be_processed_again():
    g_card = {"id": "G", "power": 3000, "damage": 5000, "owner": "P2",
              "abilities": [{"static": "cannot", "action": "be_destroyed"}]}
    hurt = {"id": "E", "type": "event", "cost": 0,
            "abilities": [{"event": [{"damage": 1000, "to": "G"}]}]}
    r = run_data(zx_board({"M-L": [g_card]}, step="506.3", p1={"hand": [hurt]},
                          actions=[{"play": "E"}]))
    assert r.zone("G") == "M-L" and r.damage("G") == 6000
    assert len(r.citing("102.6")) == 2 and r.run.stop == "actions_exhausted"


DRAW_ABILITY = {"activated": [{"draw": 1}], "cost": {"resource": 0}}
NO_ACTIVATE = {"static": "cannot", "action": "activate", "player": "opponent"}


def test_an_activated_ability_the_player_cannot_play_is_illegal_and_not_offered():
    from judgekit.board import load_data
    from judgekit.engine.choices import Policy
    from judgekit.engine.zx.game import Game

    squares = {"N-L": [{"id": "K", "power": 3000, "owner": "P2", "abilities": [NO_ACTIVATE]}],
               "M-C": [{"id": "A", "power": 3000, "owner": "P1", "abilities": [DRAW_ABILITY]}]}
    r = run_data(zx_board(squares, actions=[{"activate": "A"}]))
    assert r.run.stop == "illegal_action"
    assert r.run.error["cites"] == ["102.6", "807.1b"] and "K#1" in r.run.error["message"]
    assert r.count("P1", "hand") == 0 and not r.cites("804.2")
    g = Game(load_data(zx_board(squares), "t.yaml"), Policy())
    assert not any("activate" in a for a in legal_actions(g, "506.2", "P1"))
    # the prohibition names the opponent: P2's own activated abilities stay playable
    squares["N-R"] = [{"id": "Q", "power": 3000, "owner": "P2", "abilities": [DRAW_ABILITY]}]
    data = zx_board(squares, turn=4)
    g = Game(load_data(data, "t.yaml"), Policy())
    assert {"activate": "Q", "ability": 1} in legal_actions(g, "506.2", "P2")
