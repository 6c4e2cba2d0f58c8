"""Simultaneous moves and look-back (301.5, 808.3a–808.3d), pinned from the clauses' text.

301.5: several cards leaving a zone other than the deck are put into the other zone at the
same time. 808.3b: a card moving with others sees their move. 808.3c: an ability waiting for
cards moving to a zone triggers once per card of one simultaneous move. 808.3d: a destruction
trigger is judged on the state of the cards while they were on the square. 808.3a: a card
that left the squares is read as it was on the square it left; otherwise as it is in the zone
it moved to.
"""

from __future__ import annotations

from engine_helpers import run_data, zx_board

DRAW = [{"draw": 1}]


def _watcher(cid: str, owner: str, of, **kw) -> dict:
    return {"id": cid, "power": 3000, "owner": owner,
            "abilities": [{"auto": kw.pop("auto", "destroyed"), "of": of, "effect": DRAW}], **kw}


def test_zekusu_destroyed_by_one_lethal_damage_effect_see_each_other():
    # X and Y both wait for another zekusu being destroyed; both have lethal damage
    r = run_data(zx_board({"M-L": [{**_watcher("X", "P2", "other"), "damage": 3000}],
                           "M-R": [{**_watcher("Y", "P2", "other"), "damage": 3000}]},
                          step="506.3", choices={"808.2a": ["X#1"]}))
    assert r.zone("X") == r.zone("Y") == "P2.charge"
    assert r.triggers_of("X#1") == 1 and r.triggers_of("Y#1") == 1  # 808.3b, 808.3d
    assert r.count("P2", "hand") == 2
    (st,) = [s for s in r.citing("301.5") if "904.1" in s.cites]
    assert "X" in st.message and "Y" in st.message and "same time" in st.message


def test_an_ability_waiting_for_destruction_triggers_once_per_card_destroyed_together():
    r = run_data(zx_board({"M-L": [{"id": "A", "power": 3000, "damage": 3000, "owner": "P2"}],
                           "M-R": [{"id": "B", "power": 2000, "damage": 2000, "owner": "P2"}],
                           "S-L": [_watcher("W", "P1", "any")]}, step="506.3"))
    assert r.triggers_of("W#1") == 2 and r.count("P1", "hand") == 2
    assert all("808.3c" in s.cites for s in r.steps if s.kind == "trigger")


def test_one_effect_destroying_cards_of_both_owners_is_one_simultaneous_move():
    # K is P1's, Y is P2's: they go to different charges but leave the squares together
    ev = {"destroy": {"all": {"type": "zekusu"}}, "source": "P1pc"}
    r = run_data(zx_board({"N-L": [_watcher("K", "P1", "other")],
                           "M-R": [{"id": "Y", "power": 3000, "owner": "P2"}]},
                          step="506.3", events=[ev]))
    assert r.zone("K") == "P1.charge" and r.zone("Y") == "P2.charge"
    assert r.triggers_of("K#1") == 1 and r.count("P1", "hand") == 1
    assert any("808.3b" in s.cites for s in r.steps if s.kind == "trigger")


def test_a_card_destroyed_by_a_later_instruction_is_not_seen_by_one_already_gone():
    # two instructions (804.3a): X is in the charge when Y is destroyed (808.3d)
    ev = {"destroy": "X", "source": "P1pc"}
    r = run_data(zx_board({"M-L": [_watcher("X", "P2", "other")],
                           "M-R": [{"id": "Y", "power": 3000, "owner": "P2"}]},
                          step="506.3", events=[ev, {**ev, "destroy": "Y"}]))
    assert r.triggers_of("X#1") == 0 and r.count("P2", "hand") == 0
    assert not r.cites("301.5") and not r.cites("808.3b")


def test_look_back_reads_power_on_the_square_before_any_card_of_the_move_left():
    # B gives P2's other zekusu +2000; A (3000) is 5000 on its square. Both are destroyed at
    # once: V waits for a zekusu of power 5000 or more being destroyed (808.3a)
    aura = {"static": "power", "amount": 2000, "to": {"all": {"controller": "you",
                                                               "other": True}}}
    r = run_data(zx_board(
        {"M-L": [{"id": "B", "power": 4000, "owner": "P2", "abilities": [aura]}],
         "M-R": [{"id": "A", "power": 3000, "owner": "P2"}],
         "S-L": [_watcher("V", "P1", {"power_min": 5000, "controller": "opponent"})]},
        step="506.3", events=[{"destroy": {"all": {"controller": "opponent"}},
                               "source": "V"}]))
    assert r.zone("A") == "P2.charge"
    assert r.triggers_of("V#1") == 1 and r.count("P1", "hand") == 1
    (st,) = [s for s in r.steps if s.kind == "trigger"]
    assert "(A is destroyed)" in st.message and "808.3a" in st.cites


def test_a_card_arriving_is_read_as_it_is_in_the_zone_it_moved_to():
    # 808.3a, last sentence: Z (3000) arrives under G's +2000 aura: it appears with 5000
    aura = {"static": "power", "amount": 2000, "to": {"all": {"controller": "you",
                                                               "other": True}}}
    watcher = _watcher("V", "P1", {"power_min": 5000, "controller": "you"}, auto="appears")
    r = run_data(zx_board({"M-L": [{"id": "G", "power": 1000, "owner": "P1",
                                    "abilities": [aura]}],
                           "S-L": [watcher]},
                          p1={"hand": [{"id": "Z", "power": 3000, "cost": 0}]},
                          actions=[{"play": "Z", "square": "M-C"}]))
    assert r.zone("Z") == "M-C" and r.power("Z") == 5000
    assert r.triggers_of("V#1") == 1 and r.count("P1", "hand") == 1
