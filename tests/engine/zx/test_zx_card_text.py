"""Card-text forms of the rulebook's worked examples (issue 25, issue 20): what each clause
says, pinned on small boards beside the bundled EX scenarios."""

from __future__ import annotations

import pytest
from engine_helpers import run_data, zx_board


def _appear_from_hand(flt: dict) -> dict:
    return {"id": "K", "type": "event", "cost": 0,
            "abilities": [{"event": [{"appear": {"choose": 1, "from": flt},
                                      "square": "M-L"}]}]}


ZEK = {"id": "Z", "type": "zekusu", "cost": 2, "power": 3000}
ZEK2 = {"id": "Z2", "type": "zekusu", "cost": 1, "power": 2000}


def test_a_hidden_choice_with_a_parameter_may_choose_none():
    # 102.9: the hand is hidden and the choice names a cost
    flt = {"zone": "hand", "controller": "you", "type": "zekusu", "cost_max": 3}
    r = run_data(zx_board(p1={"hand": [_appear_from_hand(flt), ZEK]}, actions=[{"play": "K"}],
                          choices={"K": [[]]}))
    assert r.zone("Z") == "P1.hand" and r.cites("102.9")
    r = run_data(zx_board(p1={"hand": [_appear_from_hand(flt), ZEK]}, actions=[{"play": "K"}],
                          choices={"K": [["Z"]]}))
    assert r.zone("Z") == "M-L"


def test_a_hidden_choice_without_a_parameter_must_choose_what_it_can():
    # 102.9 needs a parameter: 「手札を1枚選び」 is as many as possible (102.4)
    flt = {"zone": "hand", "controller": "you"}
    r = run_data(zx_board(p1={"hand": [_appear_from_hand(flt), ZEK, ZEK2]},
                          actions=[{"play": "K"}], choices={"K": [[]]}))
    assert r.run.stop == "choice_invalid" and not r.cites("102.9")


def test_a_public_choice_with_a_parameter_must_choose_what_it_can():
    flt = {"zone": "trash", "controller": "you", "type": "zekusu", "cost_max": 3}
    r = run_data(zx_board(p1={"hand": [_appear_from_hand(flt)], "trash": [ZEK, ZEK2]},
                          actions=[{"play": "K"}], choices={"K": [[]]}))


def _five_colour_event(n_needed: int) -> dict:
    parts = [{"cards": {"zone": "trash", "controller": "you", "color": col},
              "at_least": n_needed} for col in ("red", "blue", "white", "black", "green")]
    return {"id": "K", "type": "event", "cost": 0, "abilities": [{"event": [
        {"if": {"all": parts}, "then": [{"draw": 1}]}]}]}


def _trash(n: int, colors) -> list:
    return [{"id": f"t{i}", "type": "zekusu", "power": 1000, "colors": list(colors)}
            for i in range(n)]


@pytest.mark.parametrize("trash,holds,shared", [
    (_trash(6, ("red", "blue", "white", "black", "green")), True, True),   # 802.4
    (_trash(5, ("red", "blue", "white", "black", "green")), False, True),  # five is not six
    (_trash(6, ("red", "blue")), False, True),                             # no white ones
])
def test_one_card_counts_for_each_parameter_it_has(trash, holds, shared):
    r = run_data(zx_board(p1={"hand": [_five_colour_event(6)], "trash": trash},
                          actions=[{"play": "K"}]))
    assert r.count("P1", "hand") == (1 if holds else 0)
    assert bool(r.cites("802.4")) == shared


def test_cards_of_one_colour_each_are_not_shared_parameters():
    trash = [{"id": f"{col}{i}", "type": "zekusu", "power": 1000, "colors": [col]}
             for col in ("red", "blue", "white", "black", "green") for i in range(6)]
    r = run_data(zx_board(p1={"hand": [_five_colour_event(6)], "trash": trash},
                          actions=[{"play": "K"}]))
    assert r.count("P1", "hand") == 1 and not r.cites("802.4")


def _per_kettosi(n_chosen: list) -> object:
    kw = {"choose": 1, "per": {"zone": "charge", "controller": "you", "race": "ケット・シー"},
          "from": {"controller": "opponent", "type": "zekusu", "normal_square": True}}
    k = {"id": "K", "type": "event", "cost": 0,
         "abilities": [{"event": [{"move": kw, "to": "hand"}]}]}
    charge = [{"id": f"c{i}", "type": "zekusu", "power": 1000, "races": ["ケット・シー"]}
              for i in range(2)] + [{"id": "d", "type": "zekusu", "power": 1000}]
    return run_data(zx_board({"N-L": [{"id": "T", "power": 3000, "owner": "P2"}],
                              "N-R": [{"id": "U", "power": 3000, "owner": "P2"}],
                              "M-L": [{"id": "V", "power": 3000, "owner": "P2"}]},
                             p1={"hand": [k], "charge": charge}, actions=[{"play": "K"}],
                             choices={"K": [n_chosen]}))


def test_for_each_card_in_a_zone_one_choice_of_that_many_different_cards():
    # 802.3 例1: two [ケット・シー] in the charge (the third charge card is not one): two
    # different zekusu
    r = _per_kettosi(["T", "U"])
    assert r.zone("T") == "P2.hand" and r.zone("U") == "P2.hand" and r.zone("V") == "M-L"
    assert r.cites("802.3")
    assert _per_kettosi(["T", "T"]).run.stop == "choice_invalid"      # not the same one twice
    assert _per_kettosi(["T", "U", "V"]).run.stop == "choice_invalid"  # two, not three


def _modal(answer) -> object:
    k = {"id": "K", "type": "event", "cost": 0, "abilities": [{"event": [{"choose": 2, "modes": [
        [{"draw": 1}], [{"recover": 1}], [{"discard": 1}]]}]}]}
    return run_data(zx_board(p1={"hand": [k, {"id": "h", "power": 1000}]},
                             actions=[{"play": "K"}], choices={"K": [answer]}))


def test_choose_two_of_its_effects_resolved_in_the_order_chosen():
    r = _modal([3, 1])  # discard first (h), then draw
    assert r.zone("h") == "P1.trash" and r.count("P1", "hand") == 1
    assert r.count("P1", "life") == 4 and r.cites("802.3")
    r = _modal([1, 3])  # draw first: the discard then has two cards and asks which
    assert r.run.stop == "choice_missing" and r.count("P1", "hand") == 2


def test_the_same_effect_cannot_be_chosen_twice():
    assert _modal([1, 1]).run.stop == "choice_invalid"
    assert _modal([1]).run.stop == "choice_invalid"


def _priced(squares: dict, answer=None) -> object:
    k = {"id": "K", "power": 5000, "colors": ["red"], "owner": "P1", "abilities": [
        {"activated": [{"draw": 1}], "cost": {"trash": [{"type": "zekusu", "color": "white"},
                                                        {"type": "zekusu", "color": "green"}]}}]}
    return run_data(zx_board({"M-L": [k], **squares}, actions=[{"activate": "K"}],
                             choices={"K#1": [answer]} if answer else {}))


WG = {"id": "WG", "power": 3000, "colors": ["white", "green"], "owner": "P1"}
G = {"id": "G", "power": 3000, "colors": ["green"], "owner": "P1"}


def test_a_price_of_two_colours_is_paid_with_two_different_cards():
    # 804.4c: WG pays the white part, G the green one — together, into the trash
    r = _priced({"M-R": [WG], "S-L": [G]}, ["WG", "G"])
    assert r.zone("WG") == "P1.trash" and r.zone("G") == "P1.trash"
    assert r.count("P1", "hand") == 1 and r.cites("804.4c")


def test_one_card_with_both_colours_does_not_pay_both_parts():
    r = _priced({"M-R": [WG]})
    assert r.run.stop == "illegal_action" and r.zone("WG") == "M-R"
    assert r.run.error["cites"] == ["804.4c", "804.2f"] and r.count("P1", "hand") == 0


def test_the_chosen_cards_must_pay_every_part():
    g2 = dict(G, id="G2")
    r = _priced({"M-R": [WG], "S-L": [G], "S-R": [g2]}, ["G", "G2"])  # no white one
    assert r.run.stop == "illegal_action" and r.zone("G") == "S-L" and r.zone("G2") == "S-R"


def test_an_opponents_zekusu_does_not_pay_a_price():
    r = _priced({"M-R": [WG], "N-L": [dict(G, owner="P2")]})
    assert r.run.stop == "illegal_action"


def _becomes(squares: dict, **kw) -> object:
    return run_data(zx_board(squares, **kw))


def test_a_race_set_by_a_static_replaces_the_printed_races():
    from judgekit.engine.zx.params import races

    z = {"id": "Z", "power": 4000, "races": ["エンジェル", "ドラゴン"], "owner": "P1",
         "abilities": [{"static": "becomes", "races": ["○○"]}]}
    r = _becomes({"M-L": [z]})
    assert races(r.g, r.card("Z")) == ("○○",)


def test_the_later_static_applies_last_and_a_card_without_races_is_not_changed():
    from judgekit.engine.zx.params import card_name as name, races

    a = {"id": "A", "power": 1000, "owner": "P2", "placed": 1, "races": ["X"],
         "abilities": [{"static": "becomes", "races": ["甲"], "to": {"all": {"other": True}}}]}
    b = {"id": "B", "power": 1000, "owner": "P2", "placed": 2, "races": ["Y"],
         "abilities": [{"static": "becomes", "races": ["乙"], "name": "乙",
                        "to": {"all": {"other": True}}}]}
    r = _becomes({"N-L": [a], "N-R": [b], "M-L": [{"id": "Z", "power": 1, "owner": "P1",
                                                    "name": "ゼ"}]})
    assert races(r.g, r.card("Z")) == ("乙",) and name(r.g, r.card("Z")) == "乙"
    assert races(r.g, r.card("A")) == ("乙",) and races(r.g, r.card("B")) == ("甲",)
    assert races(r.g, r.card("P1pc")) == () and name(r.g, r.card("P1pc")) == "乙"


def test_a_becomes_static_off_the_squares_changes_nothing():
    from judgekit.engine.zx.params import races

    x = {"id": "X", "type": "zekusu", "power": 1000, "races": ["X"],
         "abilities": [{"static": "becomes", "races": ["甲"], "to": {"all": {}}}]}
    r = _becomes({"M-L": [{"id": "Z", "power": 1, "owner": "P1", "races": ["ドラゴン"]}]},
                 p1={"trash": [x]})
    assert races(r.g, r.card("Z")) == ("ドラゴン",)  # 803.1a: not enabled in the trash


ACTERE = {"static": "becomes", "name": "アクターレ", "races": ["アクターレ"],
          "to": {"all": {"other": True}}, "zones": ["square", "resource", "charge", "trash"]}


def _winam(target_abilities: list) -> object:
    w = {"id": "W", "power": 6000, "races": ["ディアボロス"], "owner": "P1", "abilities": [
        {"auto": "destroyed", "of": {"controller": "opponent", "type": "zekusu"},
         "cause": "battle", "by": "self", "condition": {"self": {"race": "ディアボロス"}},
         "effect": [{"draw": 1}]}]}
    x = {"id": "X", "power": 3000, "owner": "P2", "abilities": target_abilities}
    return run_data(zx_board({"M-C": [w], "M-L": [x]}, p1={"hand": 0},
                             actions=[{"battle": "W", "target": "X"}, "pass", "pass"]))


def test_an_ability_had_only_while_a_race_holds_triggers_when_it_holds():
    r = _winam([])
    assert r.zone("X") == "P2.charge" and r.count("P1", "hand") == 1
    assert r.triggers_of("W") == 1 and r.cites("1203.2")


def test_destruction_abilities_are_judged_while_the_destroyed_card_was_on_the_square():
    # 808.3d 例: X made W an [アクターレ] while on the square: W did not have the ability then
    r = _winam([ACTERE])
    assert r.zone("X") == "P2.charge" and r.count("P1", "hand") == 0
    (st,) = [s for s in r.citing("808.3d") if "not enabled" in s.message]
    assert "W" in st.cards


def _placed_force(dest: str, actere: bool = True) -> object:
    k = {"id": "K", "type": "event", "cost": 0, "abilities": [{"event": [
        {"put_force": "F", "to": dest},
        {"if": {"placed_force": {"name": "アクターレ"}}, "then": [{"draw": 1}]}]}]}
    x = {"id": "X", "power": 3000, "owner": "P2", "abilities": [dict(ACTERE, zones=[
        "square", "resource", "charge", "trash", "hand"])] if actere else []}
    return run_data(zx_board({"N-L": [x], "M-L": [{"id": "F", "power": 5000, "owner": "P1"}]},
                             p1={"hand": [k]}, actions=[{"play": "K"}],
                             force_zone=[{"id": "f1", "name": "紅蓮の剣", "type": "zekusu",
                                          "power": 1000, "owner": "P1", "under": "F"}]))


def test_the_placed_force_is_read_in_the_zone_it_went_to():
    r = _placed_force("trash")
    assert r.zone("f1") == "P1.trash" and r.count("P1", "hand") == 1
    assert r.cites("1009.2") and r.cites("1009.2a")
    assert _placed_force("trash", actere=False).count("P1", "hand") == 0


def test_a_placed_force_in_a_hidden_zone_is_read_as_it_was_in_the_force_zone():
    # 1009.2a ただし: the hand is hidden — f1 is read as 《紅蓮の剣》, whatever names it there
    r = _placed_force("hand")
    assert r.zone("f1") == "P1.hand" and r.count("P1", "hand") == 1  # f1 itself, no draw


def _astzar(cid: str, per_effect: int | None = 1) -> dict:
    ab = {"static": "cannot", "action": "appear", "where": "trash",
          "to": {"all": {"name": "アスツァール"}}}
    if per_effect:
        ab["per_effect"] = per_effect
    return {"id": cid, "name": "アスツァール", "type": "zekusu", "cost": 2, "power": 3000,
            "abilities": [ab]}


def _reanimate(trash: list, instrs: list, answers: list) -> object:
    k = {"id": "K", "type": "event", "cost": 0, "abilities": [{"event": instrs}]}
    return run_data(zx_board(p1={"hand": [k], "trash": trash}, actions=[{"play": "K"}],
                             choices={"K": answers}))


def test_only_as_many_as_one_effect_may_make_appear():
    pick = {"appear": {"choose": 2, "from": {"zone": "trash", "controller": "you"}},
            "square": "choose"}
    r = _reanimate([_astzar("a1"), _astzar("a2"), _astzar("a3")], [pick],
                   [["a3", "a2"], "M-L"])  # the first chosen appears
    assert r.zone("a3") == "M-L" and r.zone("a2") == "P1.trash" and r.zone("a1") == "P1.trash"
    assert r.cites("102.6") and r.cites("102.3")
    # the count is per effect: a second instruction of the same effect may not either
    one = {"appear": "a1", "square": "M-L"}
    r = _reanimate([_astzar("a1"), _astzar("a2")], [one, dict(one, appear="a2",
                                                               square="M-R")], [])
    assert r.zone("a1") == "M-L" and r.zone("a2") == "P1.trash"


def test_a_card_that_cannot_appear_does_not_and_others_do():
    pick = {"appear": {"all": {"zone": "trash", "controller": "you"}}, "square": "choose"}
    plain = {"id": "p", "type": "zekusu", "power": 1000}
    r = _reanimate([_astzar("a1", None), plain], [pick], ["M-L"])
    assert r.zone("a1") == "P1.trash" and r.zone("p") == "M-L"


SF = {"id": "SF", "name": "光風への誓い", "type": "event", "cost": 1, "colors": ["white"],
      "abilities": [{"event": [{"draw": 1}]}]}


def _search_and_play(resource: list, extra=()) -> object:
    k = {"id": "K", "type": "event", "cost": 0, "abilities": [{"event": [
        {"reveal": {"choose": 1, "up_to": True, "from": {"zone": "deck", "controller": "you",
                                                         "name": "光風"}}},
        {"shuffle": "you"}, {"play": "chosen"}, *extra]}]}
    return run_data(zx_board(p1={"hand": [k], "deck": ["d1", SF, {"unknown": 5}],
                                 "resource": resource},
                             actions=[{"play": "K"}], choices={"K": [["SF"]]}))


def test_a_card_chosen_from_the_deck_that_is_played_is_not_concealed():
    r = _search_and_play([{"id": "r1", "colors": ["white"], "state": "reboot"}])
    assert r.zone("SF") == "P1.trash" and r.count("P1", "hand") == 1  # it resolved: a draw
    assert not r.cites("1005.2")


def test_a_card_that_cannot_be_played_stays_and_is_concealed_and_the_deck_shuffled():
    r = _search_and_play([])
    assert r.zone("SF") == "P1.deck" and r.cites("804.2f")
    (st,) = r.citing("1005.2")
    assert [ch["op"] for ch in st.changes] == ["conceal", "shuffle"]


def test_a_revealed_hand_card_is_concealed_without_a_shuffle():
    k = {"id": "K", "type": "event", "cost": 0,
         "abilities": [{"event": [{"reveal": "h1"}]}]}
    r = run_data(zx_board(p1={"hand": [k, {"id": "h1", "power": 1000}]},
                          actions=[{"play": "K"}]))
    (st,) = r.citing("1005.2")
    assert [ch["op"] for ch in st.changes] == ["conceal"] and "1003.1" not in st.cites


def test_board_check_reads_play_and_put_force_targets_but_not_their_zone():
    import os

    from engine_helpers import ROOT

    from judgekit.board import load_text
    from judgekit.engine.zx.status import status

    def flags(name, old, new):
        with open(os.path.join(ROOT, "examples", "zx", name), encoding="utf-8") as f:
            text = f.read()
        return [(x.code, x.line) for x in status(load_text(text.replace(old, new), "<t>"))]

    name = "EX1009.2a-placed-force-read-in-the-trash.yaml"
    assert flags(name, "", "") == []  # `to: trash` of put_force is a zone, not a card
    assert flags(name, "put_force: {choose: 1, from: {controller: you, type: zekusu}}",
                 "put_force: NOPE") == [("UNKNOWN_CARD_IN_ABILITY", 26)]
    assert flags("EX1005.2-chosen-from-deck-not-played.yaml", "play: chosen",
                 "play: NOPE") == [("UNKNOWN_CARD_IN_ABILITY", 37)]


def test_by_self_is_this_card_destroying_it_not_another_of_yours():
    w = {"id": "W", "power": 6000, "owner": "P1", "abilities": [
        {"auto": "destroyed", "of": {"controller": "opponent"}, "cause": "battle", "by": "self",
         "effect": [{"draw": 1}]}]}
    a = {"id": "A", "power": 6000, "owner": "P1"}
    r = run_data(zx_board({"M-R": [w], "M-C": [a], "M-L": [{"id": "X", "power": 3000,
                                                             "owner": "P2"}]},
                          p1={"hand": 0}, actions=[{"battle": "A", "target": "X"}, "pass",
                                                   "pass"]))
    assert r.zone("X") == "P2.charge" and r.count("P1", "hand") == 0
