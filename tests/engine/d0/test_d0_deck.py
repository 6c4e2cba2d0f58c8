"""The deck instructions of D0 on the core deck operations (judgekit.engine.effects.deck), and
the state 6.2 is about: whether the order of a player's deck was intentionally determined."""

from __future__ import annotations

from d0_helpers import run_text

_BOARD = """
format: judgekit-board/1
ruleset: d0
game: {{turn: 3, turn_player: P1, first_player: P1, phase: main}}
players:
  P1:
    deck:
      - {{id: d1, power: 1000}}
      - {{id: d2, power: 1000}}
      - {{id: d3, power: 1000}}
      - {{unknown: 5}}
    graveyard:
      - {{id: G1, power: 1000}}
    hand:
      - id: ST
        type: strategy
        cost: {{blue: 1}}
        abilities:
          - spell: {spell}
    energy: [{{id: e1, colors: [blue]}}]
  P2: {{deck: 10, hand: 1}}
actions:
  - {{play: ST, pay: [e1]}}
  - pass
  - pass
{choices}
"""


def _run(spell: str, choices: str = ""):
    return run_text(_BOARD.format(spell=spell, choices=choices))


def test_a_card_put_at_the_bottom_determines_the_order():
    # 6.2.2 A: 「山札の一番下に置く」 is an identifiable position too
    r = _run("[{to_deck: G1, position: bottom}]")
    assert r.b.zones["P1.deck"][-1] == "G1" and r.b.players["P1"].deck_ordered
    assert r.citing("6.2.2")


def test_looking_and_putting_back_at_the_bottom_in_the_chosen_order():
    # 6.2.2 C: cards of specific positions put at other identifiable positions
    r = _run("[{look: 2, back: bottom}]", "choices: {ST: [[d2, d1]]}")
    deck = r.b.zones["P1.deck"]
    assert deck[0] == "d3" and deck[-2:] == ["d2", "d1"] and len(deck) == 8
    assert r.b.players["P1"].deck_ordered


def test_a_shuffle_alone_determines_nothing():
    r = _run("[{shuffle: you}]")
    assert not r.b.players["P1"].deck_ordered and r.citing("6.2.5") and not r.citing("6.2.2")


def test_a_search_into_the_hand_without_a_shuffle_puts_nothing_at_a_position():
    # taking a card out is none of 6.2.2 A–C: the order stays undetermined
    r = _run("[{search: {power_max: 1000}, into: hand}]", "choices: {ST: [d2]}")
    assert r.zone("d2") == "P1.hand" and not r.b.players["P1"].deck_ordered


def test_a_search_finds_only_cards_the_file_identifies():
    r = _run("[{search: {type: base}, into: plan}]")
    assert r.count("P1", "plan") == 0 and not r.b.players["P1"].deck_ordered
    assert any("5 card(s) are not identified" in s.message for s in r.steps)


def test_the_condition_reads_the_state_given_in_the_file():
    text = _BOARD.format(spell="[{if: {deck_ordered: true}, do: [{draw: 1}], "
                               "otherwise: [{draw: 2}]}]", choices="")
    text = text.replace("  P1:\n", "  P1:\n    deck_ordered: true\n", 1)
    r = run_text(text)
    assert r.count("P1", "hand") == 1 and r.citing("6.2.1")


def test_the_state_survives_a_dump_and_reload():
    from judgekit.board import dump_yaml, load_text

    text = _BOARD.format(spell="[{draw: 1}]", choices="").replace(
        "  P1:\n", "  P1:\n    deck_ordered: true\n", 1)
    b = load_text(text, "<t>")
    assert b.players["P1"].deck_ordered
    assert "deck_ordered: true" in dump_yaml(b)
    assert load_text(dump_yaml(b), "<t2>").players["P1"].deck_ordered


def test_an_unknown_position_is_a_board_check_error_naming_the_forms():
    import pytest

    from judgekit.board import load_text
    from judgekit.board import BoardSyntaxError

    with pytest.raises(BoardSyntaxError) as e:
        load_text(_BOARD.format(spell="[{to_deck: G1, position: middle}]", choices=""), "<t>")
    msg = str(e.value)
    assert "top" in msg and "bottom" in msg and "shuffle" in msg


def test_a_card_to_be_made_public_may_be_not_found():
    # 2.25.3: the base would be put face up into the plan zone (made public): P1 may choose not
    # to find it in the hidden deck — nothing moves, and no order is determined
    text = _BOARD.format(spell="[{search: {type: base}, into: plan}]",
                         choices="choices: {ST: [[]]}").replace(
        "      - {id: d2, power: 1000}\n", "      - {id: d2, type: base}\n", 1)
    r = run_text(text)
    assert r.zone("d2") == "P1.deck" and r.count("P1", "plan") == 0
    assert not r.b.players["P1"].deck_ordered and r.citing("2.25.3")


def test_the_bundled_search_not_found_determines_no_order():
    # 2.25.3 on the deck (R2.25.3): BA, the base 建設的な未来 would put into the plan zone, is not
    # found — it stays in the deck, and 《ただ一つ残された希望》 then draws (6.2.1)
    from d0_helpers import run_example

    r = run_example("R2.25.3")
    assert r.zone("BA") == "P1.deck" and r.count("P1", "plan") == 0
    assert not r.b.players["P1"].deck_ordered and r.zone("d1") == "P1.hand"
    assert r.citing("2.25.3") and not r.citing("6.2.3")
