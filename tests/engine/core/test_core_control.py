"""Change of control for a duration (judgekit.engine.effects.control), on the real BaseGame."""

from __future__ import annotations

from judgekit.board import load_text
from judgekit.engine.engines import engine_for
from judgekit.engine.choices import Scripted

BOARD = """
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
players:
  P1: {deck: 20, hand: 1}
  P2: {deck: 20, hand: 2}
squares:
  R1: [{id: X, power: 1000, smash: 1, owner: P2, state: released}]
"""


def _game():
    b = load_text(BOARD)
    eng = engine_for("d0")
    return eng.new_game(b, Scripted({}, strict=False))


def test_control_changes_while_the_effect_lasts_and_goes_back_when_it_ends():
    g = _game()
    x = g.b.cards["X"]
    a = {"control": "P1", "to": ["X"], "until": "turn_end", "ts": 1}
    g.add_effect(a)
    assert x.controller == "P1" and a["base"] == {"X": "P2"} and a["incs"] == {"X": 0}
    # a second, later effect wins; when it ends the first one still holds
    b2 = {"control": "P2", "to": ["X"], "until": "turn_end", "ts": 2}
    g.add_effect(b2)
    assert x.controller == "P2" and b2["base"] == {"X": "P2"}
    g.remove_effect(b2)
    assert x.controller == "P1"
    g.remove_effect(a)
    assert x.controller == "P2"


def test_a_card_that_became_a_new_object_is_not_given_back():
    g = _game()
    x = g.b.cards["X"]
    a = {"control": "P1", "to": ["X"], "until": "turn_end", "ts": 1}
    g.add_effect(a)
    x.incarnation += 1  # it moved to another zone: a new object (4.14.3-2)
    g.set_card(x, "controller", "P2")
    g.remove_effect(a)
    assert x.controller == "P2"
