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
