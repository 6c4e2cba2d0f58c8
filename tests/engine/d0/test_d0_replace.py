"""Replacement effects a spell or an ability creates (4.15.3) and self-replacement effects
(4.15.8-1): the board forms, their errors, a board written back mid-duration, a draw."""

from __future__ import annotations

import pathlib

import pytest
from d0_helpers import example_path, run_example, run_text

from judgekit.board import BoardSyntaxError, dump_yaml, load_text


def _spell(instr: str) -> str:
    path = pathlib.Path(example_path("R4.15.3-created-replacement-once-or-until"))
    text = path.read_text(encoding="utf-8")
    return text.replace("spell: [{replace: damaged, to: target}]", f"spell: [{instr}]", 1)


def test_an_unknown_replacement_event_is_a_board_check_error_naming_the_forms():
    with pytest.raises(BoardSyntaxError) as e:
        load_text(_spell("{replace: damged, to: target}"), "<t>")
    msg = str(e.value)
    assert "<t>:" in msg and "damaged" in msg and "to_graveyard" in msg


def test_a_reduction_of_zero_is_a_board_check_error():
    with pytest.raises(BoardSyntaxError) as e:
        load_text(_spell("{replace: damaged, to: target, reduce: 0}"), "<t>")
    assert "reduce" in str(e.value)


def test_a_replacement_in_force_is_written_back_and_loads_again():
    # 霧の帳's lasts until the end of the turn: the final board still has it, and it loads back
    r = run_example("R4.15.3-created-replacement-once-or-until")
    effs = [e for e in r.b.effects if e.get("replace") == "damaged"]
    assert [e.get("until") for e in effs] == ["turn_end"] and effs[0]["to"] == ["W"]
    text = dump_yaml(r.b)
    assert "_item" not in text
    b = load_text(text, "<t2>")
    assert [e["replace"] for e in b.effects] == ["damaged"]


def test_a_created_replacement_for_a_draw_replaces_one_draw():
    # 「次にあなたがカードを引く時、かわりに何もしない」, then 「カードを2枚引く」: the first draw is
    # replaced (4.15.3: once, then it ends), the second happens
    text = _spell("{replace: draw}").replace(
        "spell: [{damage: 1000, to: {all: {type: unit}}}]", "spell: [{draw: 2}]", 1)
    text = text[:text.index("actions:")] + (
        "actions:\n  - {play: A, targets: [U], pay: [e1]}\n  - pass\n  - pass\n"
        "  - {play: F1, pay: [e3]}\n  - pass\n  - pass\n")
    r = run_text(text)
    # four in hand, A and F1 played: two left, then one card drawn of the two
    assert r.count("P1", "hand") == 3 and r.count("P1", "deck") == 19
    assert not [e for e in r.b.effects if e.get("replace")]
    assert r.citing("4.15.3")


def _designating() -> str:
    return pathlib.Path(example_path("R4.15.2-1")).read_text(encoding="utf-8")


def test_the_designation_decides_which_units_the_static_ability_reads():
    # 4.15.2-1: P1 designates ナイト instead — KN gets +1000, DR does not
    text = _designating().replace('"MI#1": ドラゴン', '"MI#1": ナイト')
    r = run_text(text[:text.index("expect:")])
    assert r.power("KN") == 3000 and r.power("DR") == 2000


def test_a_designation_is_written_back_and_read_again():
    r = run_example("R4.15.2-1")
    text = dump_yaml(r.b)
    assert "designated: {race: ドラゴン}" in text or "race: ドラゴン" in text
    b = load_text(text, "<t2>")
    assert b.cards["MI"].designated == {"race": "ドラゴン"}


def test_a_new_card_has_designated_nothing():
    # 2.23.1-3: MI leaves its square — the new card has no designation, and nothing matches
    text = _designating()
    text = text[:text.index("expect:")].replace(
        "  - pass          # MI resolves and is put onto L1: P1 designates ドラゴン\n",
        "  - pass\n")
    from judgekit.engine.run import run_board

    b = load_text(text, "<t>")
    run = run_board(b)
    mi = run.board.cards["MI"]
    assert mi.designated == {"race": "ドラゴン"}
    run.game.move([mi], "P1.hand")
    assert mi.designated is None


def test_a_designation_with_nothing_to_designate_is_a_board_check_error():
    from judgekit.board.status import status

    b = load_text(_designating().replace("{replace: put_on_square, designate: race}",
                                         "{replace: put_on_square}"), "<t>")
    flags = [f for f in status(b) if f.code == "REPLACEMENT_WITHOUT_CHANGE"]
    assert flags and flags[0].severity == "error" and flags[0].line > 0


def test_a_card_put_into_the_hand_is_replaced_whatever_puts_it_there():
    # 4.15.2: 「相手のユニットが手札に置かれる時、かわりに持ち主の除外ゾーンに置く」
    r = run_example("R4.15.2-put-into-hand")
    assert r.moves_of("U") == [("L1", "P1.remove")] and r.count("P1", "hand") == 0
    assert not r.citing("4.8.1")


def test_a_put_into_replacement_names_its_zone():
    text = pathlib.Path(example_path("R4.15.2-put-into-hand")).read_text(encoding="utf-8")
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text.replace("into: hand, of:", "into: graveyard, of:", 1), "<t>")
    msg = str(e.value)  # the graveyard has its own kind, to_graveyard
    assert "hand" in msg and "energy" in msg
    other = text.replace("into: hand, of:", "into: energy, of:", 1)
    r = run_text(other[:other.index("expect:")])
    assert r.zone("U") == "P1.hand"  # a replacement of another zone leaves this move alone
