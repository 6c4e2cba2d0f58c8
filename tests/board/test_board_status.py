"""Semantic flags (python-chess status() style): each impossible board is reported, not raised."""

from __future__ import annotations

from judgekit.board import is_valid, load_text, status

HEAD = """\
ruleset: zx
game: {turn: 3, turn_player: P1, first_player: P1, step: "506.2"}
"""
BASE_SQUARES = """\
squares:
  N-C: [{id: P2pc, type: player, owner: P2}]
  S-C: [{id: P1pc, type: player, owner: P1}]
"""


def codes(text: str) -> list[str]:
    return [f.code for f in status(load_text(text, "f.yaml"))]


def test_a_sound_board_has_no_flags():
    b = load_text(HEAD + BASE_SQUARES, "f.yaml")
    assert status(b) == [] and is_valid(b)


def test_two_player_cards_on_one_square():
    text = HEAD + "squares:\n  N-C:\n    - {id: a, type: player, owner: P2}\n" \
        "    - {id: b, type: player, owner: P2}\n  S-C: [{id: c, type: player, owner: P1}]\n"
    flags = status(load_text(text, "f.yaml"))
    f = next(f for f in flags if f.code == "PLAYER_CARDS_ON_SQUARE")
    assert f.severity == "error" and f.line == 5 and "402.1b" in f.clauses


def test_negative_damage_on_zekusu_and_player_and_counter():
    text = HEAD + "players:\n  P1: {damage: -1, counters: {X: -2}}\n" + BASE_SQUARES + \
        "  M-C: [{id: A, power: 1000, owner: P1, damage: -500}]\n"
    flags = status(load_text(text, "f.yaml"))
    got = {f.code: f for f in flags}
    assert {"NEGATIVE_DAMAGE", "NEGATIVE_PLAYER_DAMAGE", "NEGATIVE_COUNTER"} <= set(got)
    assert got["NEGATIVE_DAMAGE"].line == 8
    assert got["NEGATIVE_PLAYER_DAMAGE"].line == 4


def test_state_in_a_zone_without_states():
    text = HEAD + "players:\n  P1: {hand: [{id: h1, state: sleep}]}\n" + BASE_SQUARES
    (f,) = [f for f in status(load_text(text, "f.yaml"))]
    assert f.code == "STATE_WITHOUT_STATES" and "302.2" in f.clauses and f.line == 4


def test_damage_outside_a_square():
    text = HEAD + "players:\n  P1: {trash: [{id: t, type: zekusu, power: 1, damage: 3}]}\n" + \
        BASE_SQUARES
    assert "DAMAGE_OFF_SQUARE" in codes(text)


def test_unknown_card_references_everywhere():
    text = HEAD + BASE_SQUARES + """\
  M-C: [{id: A, power: 1000, owner: P1, abilities: [{event: [{destroy: Ghost}]}]}]
effects: [{power: 1000, to: [Nobody]}]
events: [{destroy: Phantom}]
actions: [{battle: A, target: Spectre}]
choices: {Wraith: [x]}
expect: {cards: {Shade: {zone: M-C}}}
"""
    flags = status(load_text(text, "f.yaml"))
    msgs = [f.message for f in flags if f.code == "UNKNOWN_CARD"]
    for name in ("Nobody", "Phantom", "Spectre", "Wraith", "Shade"):
        assert any(name in m for m in msgs), name
    # inside a card's ability a missing card is a dangling reference, not an impossible board
    (w,) = [f for f in flags if f.code == "UNKNOWN_CARD_IN_ABILITY"]
    assert w.severity == "warning" and "Ghost" in w.message


def test_event_card_on_a_square_and_player_card_in_hand():
    text = HEAD + "players:\n  P1: {hand: [{id: p, type: player}]}\n" + BASE_SQUARES + \
        "  M-C: [{id: e, type: event, owner: P1}]\n"
    assert {"EVENT_ON_SQUARE", "PLAYER_CARD_OFF_SQUARE"} <= set(codes(text))


def test_extra_token_and_ob_outside_where_rules_send_them():
    text = HEAD + "players:\n  P1: {charge: [{id: x, type: zekusu_ex}, {id: o, type: zekusu_ob}," \
        " {id: t, type: zekusu, token: true}]}\n" + BASE_SQUARES
    assert {"EX_OUTSIDE", "OB_OUTSIDE", "TOKEN_OFF_SQUARE"} <= set(codes(text))


def test_turn_player_must_match_first_player_and_turn_parity():
    text = "ruleset: zx\ngame: {turn: 2, turn_player: P1, first_player: P1}\n" + BASE_SQUARES
    assert "TURN_PLAYER_MISMATCH" in codes(text)


def test_step_and_battle_context():
    text = "ruleset: zx\ngame: {turn: 1, turn_player: P1, first_player: P1, step: 999.1}\n"
    assert "UNKNOWN_STEP" in codes(text)
    text = "ruleset: zx\ngame: {turn: 1, turn_player: P1, first_player: P1, step: 604.1}\n"
    assert "BATTLE_MISSING" in codes(text)


def test_warnings_are_not_errors():
    text = HEAD + "edition: Ver.0.1\nplayers:\n  P1: {trash: [{id: t, owner: P2}]}\n" + \
        BASE_SQUARES
    b = load_text(text, "f.yaml")
    got = {f.code: f.severity for f in status(b)}
    assert got == {"EDITION_MISMATCH": "warning", "NOT_OWNERS_ZONE": "warning"}
    assert is_valid(b)


def test_pending_rule_effects_are_not_flags():
    """Two zekusu of one controller on a square, a charge over its limit: the rules handle these
    (905, 906); they are what the engine is for, not impossible boards."""
    text = HEAD + "players:\n  P1: {charge: 7}\n" + BASE_SQUARES + \
        "  M-C:\n    - {id: A, power: 1, owner: P1}\n    - {id: B, power: 1, owner: P1}\n"
    assert codes(text) == []
