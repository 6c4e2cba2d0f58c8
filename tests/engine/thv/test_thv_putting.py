"""11.2.2.a: 「冥界に置かれる代わりに、…に置く」 — a printed 自動α (7.4.5.a) that puts a card
elsewhere instead of the netherworld, the put ending there; 7.4.5.e for several."""

from __future__ import annotations

import pathlib

import pytest

from judgekit.board import BoardSyntaxError, load_text
from judgekit.engine.run import run_board

EX = pathlib.Path(__file__).parents[3] / "examples" / "thv" / "R11.2.2a-put-instead.yaml"


def _run(text: str):
    from engine_helpers import RunView

    return RunView(run_board(load_text(text, "<t>")))


def test_its_own_replacement_applies_when_no_other_does():
    # without M, R's own 「手札に戻す」 applies: R goes to P2's hand, not the netherworld
    text = EX.read_text(encoding="utf-8")
    start = text.index("      - id: M\n")
    text = text[:start] + text[text.index("      - id: R\n"):]
    text = text.replace('choices:\n  "7.4.5.e": ["M#1"]\n', "")
    text = text[:text.index("expect:")]
    r = _run(text)
    assert r.zone("R") == "P2.hand" and r.zone("U") == "P2.netherworld"
    assert not r.cites("7.4.5.e") and len(r.citing("11.2.2.a")) == 1


def test_the_other_card_first_when_it_entered_the_field_first():
    text = EX.read_text(encoding="utf-8").replace('"7.4.5.e": ["M#1"]', '"7.4.5.e": ["R#1"]')
    r = _run(text[:text.index("expect:")])
    assert r.zone("R") == "P2.hand" and r.zone("U") == "P2.removed"


def test_a_card_face_down_or_off_the_field_does_not_apply():
    # M's text only works on the field (7.4.5.a): with M in the hand, U goes to the netherworld
    text = EX.read_text(encoding="utf-8")
    m = text[text.index("      - id: M\n"):text.index("      - id: R\n")]
    text = text.replace(m, "")
    r = _run(text[:text.index("expect:")].replace('choices:\n  "7.4.5.e": ["M#1"]\n', ""))
    assert r.zone("U") == "P2.netherworld"


def test_a_replacement_without_a_destination_is_a_board_check_error():
    text = EX.read_text(encoding="utf-8").replace(" to: removed,", "", 1)
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "<t>")
    assert "<t>:" in str(e.value) and "to" in str(e.value)


def test_an_unknown_destination_is_a_board_check_error_naming_the_forms():
    text = EX.read_text(encoding="utf-8").replace(" to: removed,", " to: graveyard,", 1)
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "<t>")
    msg = str(e.value)
    assert "removed" in msg and "hand" in msg and "deck_bottom" in msg
