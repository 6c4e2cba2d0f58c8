"""The core 「〜できない」 query (judgekit.engine.effects.prohibit) and its four bindings: each
answer names the source, the ability and the ruleset's own precedence clause."""

from __future__ import annotations

import pytest

from judgekit.board import load_text
from judgekit.engine.effects.prohibit import Binding, Forbid, forbidden
from judgekit.engine.run import run_board


class _Card:
    def __init__(self, cid: str, abilities=()) -> None:
        self.id = cid
        self.abilities = list(abilities)


class _Board:
    def __init__(self, effects=()) -> None:
        self.effects = list(effects)


class _G:
    def __init__(self, cards, effects=()) -> None:
        self.b = _Board(effects)
        self.cards = cards


def _binding(statics_first=True):
    def statics(g):
        for c in g.cards:
            for i, ab in enumerate(c.abilities, 1):
                if "cannot" in ab:
                    yield c, f"{c.id}#{i}", ab

    def applies(g, src, ab, obj):
        return (obj if isinstance(obj, str) else obj.id) in ab.get("to", (src.id,))

    return Binding(clause="9.9", verbs=("attack", "draw"), statics=statics, applies=applies,
                   statics_first=statics_first)


def test_the_answer_names_the_source_the_ability_and_the_clause():
    a = _Card("A", [{"cannot": "attack", "text": "このキャラはアタックできない。"}])
    g = _G([a])
    f = forbidden(g, _binding(), "attack", a)
    assert isinstance(f, Forbid) and str(f) == "A#1" and f.clause == "9.9" and f.source == "A"
    assert f.words()[0] == "A#1: 「このキャラはアタックできない。」"
    assert forbidden(g, _binding(), "draw", a) is None


def test_effects_in_force_and_players_as_objects():
    g = _G([], effects=[{"cannot": "draw", "to": ["P2"], "source": "K", "until": "turn_end"}])
    f = forbidden(g, _binding(), "draw", "P2")
    assert str(f) == "K" and f.effect["until"] == "turn_end"
    assert forbidden(g, _binding(), "draw", "P1") is None


def test_the_order_of_the_two_sources_is_the_binding_s():
    a = _Card("A", [{"cannot": "attack"}])
    g = _G([a], effects=[{"cannot": "attack", "to": ["A"], "source": "K"}])
    assert str(forbidden(g, _binding(True), "attack", a)) == "A#1"
    assert str(forbidden(g, _binding(False), "attack", a)) == "K"


def test_a_verb_the_ruleset_does_not_have_is_an_error_not_allowed():
    with pytest.raises(ValueError, match="not a verb"):
        forbidden(_G([]), _binding(), "fly", "A")


# ---- the printed forms, per ruleset ---------------------------------------------------------------
D0_PRINTED = """
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
players:
  P1:
    deck: 20
    hand: 1
    energy: [{id: e1, colors: [red]}]
  P2: {deck: 20, hand: 2}
squares:
  C1:
    - id: SS
      power: 2000
      owner: P1
      state: released
      move_cost: {colorless: 1}
      abilities:
        - {static: cannot, action: move, text: このユニットは移動できない。}
actions:
  - {move: SS, to: C2, pay: [e1]}
"""


def test_d0_a_printed_cannot_move_is_a_static_ability_and_cites_1_1_2():
    run = run_board(load_text(D0_PRINTED))
    assert run.stop == "illegal_action"
    last = run.steps[-1]
    assert "1.1.2" in last.cites and "SS#1" in last.message
    assert run.board.cards["SS"].zone == "C1"


D0_TARGET = """
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
players:
  P1:
    deck: 20
    hand:
      - id: BO
        type: strategy
        cost: {red: 1}
        abilities:
          - spell: [{destroy: target}]
            target: {filter: {type: unit}}
    energy: [{id: e1, colors: [red]}]
  P2: {deck: 20, hand: 2}
squares:
  L3:
    - id: X
      power: 2000
      owner: P2
      abilities:
        - {static: cannot, action: be_targeted, text: このユニットは対象にならない。}
actions:
  - {play: BO, targets: [X], pay: [e1]}
"""


def test_d0_a_card_that_cannot_be_targeted_is_not_a_legal_target():
    run = run_board(load_text(D0_TARGET))
    assert run.stop == "illegal_action" and run.board.cards["X"].zone == "L3"


# a misspelt verb of the new prohibitions is a board-check error at its line and column that
# names the nearest form (never an ability silently ignored)
_MISSPELT = {
    "zx": ("examples/zx/R102-cannot-activate.yaml", "action: activate", "action: activat",
           "activate"),
    "g2022": ("examples/g2022/R102.7d-cannot-draw.yaml", "action: draw,", "action: drow,",
              "draw"),
    "d0": ("examples/d0/R3.5.1-not-released.yaml", "action: release", "action: relase",
           "release"),
    "thv": ("examples/thv/R1.3.2e-does-not-become-active.yaml", "cannot: become_active",
            "cannot: become_actve", "become_active"),
}


@pytest.mark.parametrize("game", sorted(_MISSPELT))
def test_a_misspelt_prohibition_verb_is_a_board_check_error_naming_the_nearest_form(game):
    import os

    from judgekit.board.errors import BoardSyntaxError

    path, good, bad, nearest = _MISSPELT[game]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    with open(os.path.join(root, path), encoding="utf-8") as f:
        text = f.read()
    assert good in text
    line = text[:text.index(good)].count("\n") + 1
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text.replace(good, bad, 1), "bad.yaml")
    msg = str(e.value)
    assert f"bad.yaml:{line}:" in msg and nearest in msg
