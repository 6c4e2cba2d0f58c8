"""Replacement effects apply to the events rule effects make (812.1, 802.2c).

812.1: when a replacement effect exists for an event, the event does not happen and the event
after 「かわりに」 happens — whatever makes the event happen: an effect, the lethal damage effect
(904), the illegal zekusu effect (905), player damage (907), charge overflow (906).
"""

from __future__ import annotations

from engine_helpers import run_data, zx_board

TO_RESOURCE = {"replace": "destroyed", "of": "self",
               "instead": [{"move": "self", "to": "resource", "state": "sleep"}]}


def _battle(target: dict, **kw) -> dict:
    return zx_board({"M-L": [target], "M-C": [{"id": "A", "power": 5000, "owner": "P1"}],
                     **kw.pop("squares", {})},
                    actions=[{"battle": "A", "target": target["id"]}, "pass", "pass"], **kw)


def test_a_replaced_destruction_by_lethal_battle_damage_is_not_a_destruction_in_battle():
    watcher = {"id": "N", "power": 5000, "owner": "P1", "abilities": [
        {"auto": "destroyed", "of": {"controller": "opponent"}, "cause": "battle",
         "effect": [{"draw": 1}]}]}
    r = run_data(_battle({"id": "B", "power": 3000, "owner": "P2", "abilities": [TO_RESOURCE]},
                         squares={"S-L": [watcher]}))
    assert r.zone("B") == "P2.resource" and r.state("B") == "sleep"
    assert r.count("P2", "charge") == 0 and r.count("P1", "hand") == 0
    assert not r.cites("1203.1") and not r.cites("1203.2")
    (st,) = [s for s in r.citing("904.1")]
    assert "812.1" in st.cites and "not destroyed" in st.message and st.context == "605.1"


def test_a_replaced_destruction_after_effect_damage_is_not_a_destruction_by_that_effect():
    watcher = {"id": "N", "power": 5000, "owner": "P1", "abilities": [
        {"auto": "destroyed", "of": "any", "cause": "effect", "effect": [{"draw": 1}]}]}
    r = run_data(zx_board({"M-L": [{"id": "B", "power": 3000, "owner": "P2",
                                    "abilities": [TO_RESOURCE]}], "S-L": [watcher]},
                          step="506.3", events=[{"damage": 3000, "to": "B", "source": "N"}]))
    assert r.zone("B") == "P2.resource" and r.count("P1", "hand") == 0
    assert not r.cites("1204.3") and r.cites("812.1")


def test_a_replacement_of_being_put_into_the_trash_applies_to_905():
    back = {"replace": "put_into", "zone": "trash", "of": "self",
            "instead": [{"move": "self", "to": "hand"}]}
    r = run_data(zx_board({"M-L": [{"id": "X", "power": 3000, "owner": "P1", "abilities": [back]},
                                   {"id": "Y", "power": 2000, "owner": "P1"}]}, step="506.3"))
    assert r.zone("X") == "P1.hand" and r.zone("Y") == "M-L" and r.count("P1", "trash") == 0
    (st,) = r.citing("905.1")
    assert "replacement effect applies instead (812.1)" in st.message


def test_a_replacement_of_being_destroyed_does_not_apply_to_905():
    r = run_data(zx_board({"M-L": [{"id": "X", "power": 3000, "owner": "P1",
                                    "abilities": [TO_RESOURCE]},
                                   {"id": "Y", "power": 2000, "owner": "P1"}]}, step="506.3"))
    assert r.zone("X") == "P1.trash" and not r.cites("812.1")


def test_a_replacement_applies_to_the_player_damage_effect_moving_a_life_card():
    # 「あなたのライフのカードがチャージに置かれる場合、かわりにトラッシュに置く。」
    guard = {"id": "G", "power": 3000, "owner": "P2", "abilities": [
        {"replace": "put_into", "zone": "charge", "of": {"zone": "life", "owner": "you"},
         "instead": [{"move": "event_card", "to": "trash"}]}]}
    r = run_data(zx_board({"M-L": [guard]}, step="506.3", p2={"damage": 1, "life": ["L1", "L2"]},
                          choices={"907.2c": ["L1"]}))
    assert r.zone("L1") == "P2.trash" and r.count("P2", "charge") == 0
    assert r.pdamage("P2") == 0 and r.first("907.2d") < r.first("812.1")


def test_a_replacement_applies_to_the_charge_overflow_effect():
    keep = {"id": "G", "power": 3000, "owner": "P1", "abilities": [
        {"replace": "put_into", "zone": "trash", "of": {"zone": "charge", "owner": "you"},
         "instead": [{"move": "event_card", "to": "remove"}]}]}
    r = run_data(zx_board({"M-L": [keep]}, step="506.3",
                          p1={"charge": ["c1", "c2", "c3", "c4", "c5"]},
                          choices={"906.1": [["c5"]]}))
    assert r.zone("c5") == "P1.remove" and r.count("P1", "charge") == 4
    assert r.first("906.1") < r.first("812.1")


def test_two_replacements_for_one_lethal_destruction_the_turn_player_chooses():
    remover = {"id": "G", "power": 3000, "owner": "P2", "abilities": [
        {"replace": "destroyed", "of": {"controller": "you", "other": True},
         "instead": [{"remove": "event_card"}]}]}
    r = run_data(zx_board({"M-L": [{"id": "B", "power": 3000, "damage": 3000, "owner": "P2",
                                    "abilities": [TO_RESOURCE]}], "N-R": [remover]},
                          step="506.3", choices={"812.2": ["G#1"]}))
    assert r.zone("B") == "P2.remove"
    assert r.citing("812.2")[0].choices[0]["chooser"] == "P1"


def test_a_replacement_does_not_replace_the_event_its_own_kawari_makes():
    # 「トラッシュに置かれる場合、かわりにトラッシュに置き、カードを1枚引く」: applied once
    again = {"replace": "put_into", "zone": "trash", "of": "self",
             "instead": [{"move": "self", "to": "trash"}, {"draw": 1}]}
    r = run_data(zx_board({"M-L": [{"id": "X", "power": 3000, "owner": "P1", "abilities": [again]},
                                   {"id": "Y", "power": 2000, "owner": "P1"}]}, step="506.3"))
    assert r.zone("X") == "P1.trash" and r.count("P1", "hand") == 1
    assert len(r.citing("812.1")) == 1


def _drawer(instead: list, **kw) -> dict:
    return {"id": "Q", "power": 3000, "owner": "P1",
            "abilities": [{"replace": "draw", "instead": instead, **kw}]}


def test_each_draw_of_several_is_an_event_a_replacement_replaces():
    # 812.1 and 1004.2: 「あなたがカードを引く場合、かわりにリカバリー1する」, then draw 2
    r = run_data(zx_board({"S-L": [_drawer([{"recover": 1}])]},
                          p1={"hand": [{"id": "F", "type": "event", "cost": 0,
                                        "abilities": [{"event": [{"draw": 2}]}]}]},
                          actions=[{"play": "F"}]))
    assert r.count("P1", "hand") == 0 and r.count("P1", "life") == 6
    assert len([s for s in r.citing("812.1") if "drawing a card" in s.message]) == 2


def test_a_draw_replacement_names_whose_draw_it_replaces():
    # 「相手がカードを引く場合」: P1's own draw is not replaced
    r = run_data(zx_board({"S-L": [_drawer([], player="opponent")]},
                          p1={"hand": [{"id": "F", "type": "event", "cost": 0,
                                        "abilities": [{"event": [{"draw": 1}]}]}]},
                          actions=[{"play": "F"}]))
    assert r.count("P1", "hand") == 1 and not r.citing("812.1")


def test_a_draw_replacement_does_not_replace_the_draws_its_own_kawari_makes():
    # reading replacement-once: 「カードを引く場合、かわりにカードを2枚引く」 draws two, not for ever
    r = run_data(zx_board({"S-L": [_drawer([{"draw": 2}])]},
                          p1={"hand": [{"id": "F", "type": "event", "cost": 0,
                                        "abilities": [{"event": [{"draw": 1}]}]}]},
                          actions=[{"play": "F"}]))
    assert r.count("P1", "hand") == 2 and len(r.citing("812.1")) == 1


def test_an_effect_creates_a_replacement_for_this_turn_only_on_the_card_there_now():
    # 802.2b: 「このターン、このゼクスが破壊される場合、かわりに…」 lasts to the end of the turn
    # and is on the card it named (811.4)
    spell = {"id": "V", "type": "event", "cost": 0, "abilities": [{"event": [
        {"replace": "destroyed", "to": "B", "instead": [{"move": "event_card", "to": "hand"}]},
        {"destroy": "B"}]}]}
    r = run_data(zx_board({"M-L": [{"id": "B", "power": 3000, "owner": "P1"}]},
                          p1={"hand": [spell]}, actions=[{"play": "V"}]))
    assert r.zone("B") == "P1.hand"
    (st,) = [s for s in r.citing("812.1") if "instead of B" in s.message]
    assert "802.2b" in st.cites and "802.2c" not in st.cites
    (made,) = [s for s in r.citing("802.2b") if s.kind == "effect"]
    assert "until end of turn" in made.message
    # B went to the hand, a new card: the effect on it is gone with it
    assert not [e for e in r.b.effects if e.get("replace")]


def test_an_unknown_replacement_event_is_a_board_check_error_naming_the_forms():
    import pytest

    from judgekit.board import BoardSyntaxError, load_data

    with pytest.raises(BoardSyntaxError) as e:
        load_data(zx_board({"S-L": [{"id": "Q", "power": 3000, "owner": "P1", "abilities": [
            {"replace": "drew", "instead": []}]}]}), "t.yaml")
    msg = str(e.value)
    assert "t.yaml" in msg and "draw" in msg and "destroyed" in msg
