"""g2022 `board check`: an impossible board is flagged with the clauses that make it so; a
board the rules will resolve themselves (LvUP pending before a pre-processing) is not."""

from __future__ import annotations

import textwrap

import pytest

from judgekit.board import BoardSyntaxError, load_text, status

HEAD = """\
format: judgekit-board/1
ruleset: g2022
edition: Ver.1.0.0
game: {turn: 3, turn_player: P1, first_player: P1, step: "%s"}
"""


def flags(body: str, step: str = "703.2"):
    b = load_text(HEAD % step + textwrap.dedent(body), "t.yaml")
    return {(f.code, f.severity): f for f in status(b)}


def test_two_charas_of_one_controller_right_after_a_pre_processing():
    body = """
    players:
      P1:
        C: [{id: X, cost: 2, power: 2}, {id: Y, cost: 4, power: 5}]
    """
    f = flags(body, "702.3")[("TWO_CHARAS_SETTLED", "error")]
    assert set(f.clauses) >= {"1002.1", "1003.1"} and "P1.C" in f.message
    assert f.line == 8  # the line of P1.C in the file
    # before a pre-processing the rules sort it out themselves: nothing to flag
    assert ("TWO_CHARAS_SETTLED", "error") not in flags(body, "703.3")
    assert ("TWO_CHARAS_SETTLED", "error") not in flags(body, "703.2")


def test_charas_of_both_controllers_in_one_area():
    body = """
    players:
      P1:
        C: [{id: X, cost: 2, power: 2}, {id: Y, cost: 4, power: 5, controller: P2, owner: P2}]
    """
    f = flags(body)[("AREA_MIXED_CONTROLLERS", "error")]
    assert "906.1a" in f.clauses and "1002.1" in f.clauses


def test_mission_count_out_of_range():
    body = """
    players:
      P1:
        missions: [M1, M2, M3, M4]
      P2:
        missions:
          - {id: N1, counts: {play_event: -1}}
    """
    fl = flags(body)
    assert fl[("TOO_MANY_MISSIONS", "error")].clauses == ("401.4", "507.3")
    assert fl[("NEGATIVE_COUNT", "error")].clauses == ("1005.1",)


def test_unknown_card_references():
    body = """
    players:
      P1:
        C: [{id: A, cost: 1, power: 1}]
    actions:
      - {attack: Z}
      - {play: Q, pay: [e9]}
    choices:
      W: [A]
    expect:
      cards:
        G: {zone: P1.trash}
    """
    unk = [f for f in status(load_text(HEAD % "703.2" + textwrap.dedent(body), "t.yaml"))
           if f.code == "UNKNOWN_CARD"]
    named = " ".join(f.message for f in unk)
    for cid in ("'Z'", "'Q'", "'e9'", "'W'", "'G'"):
        assert cid in named, cid


@pytest.mark.parametrize("body,code,clause", [
    ("players:\n  P1:\n    keep: [K1, K2]\n", "KEEP_OVERFLOW", "705.2"),
    ("players:\n  P1:\n    account: [A1, A2]\n", "TWO_ACCOUNTS", "401.3"),
    ("players:\n  P1:\n    trash: [{id: X, damage: 2}]\n", "DAMAGE_OFF_AREA", "1101.1"),
    ("players:\n  P1:\n    hand: [{id: X, state: sleep}]\n", "STATE_WITHOUT_STATES", "502.3"),
    ("players:\n  P1:\n    exp: [{id: X, under: Y}]\n", "EXP_OFF_CHARA", "513.3"),
    ("players:\n  P1:\n    C: [{id: X, type: event}]\n", "WRONG_TYPE_IN_ZONE", "503.1"),
    ("players:\n  P1:\n    counters: {★: -1}\n", "NEGATIVE_COUNT", "1301.4"),
    ("players:\n  P1:\n    C: [{id: X, damage: -1, power: 2}]\n", "NEGATIVE_COUNT", "1101.1"),
])
def test_impossible_cards_and_zones(body, code, clause):
    fl = [f for f in status(load_text(HEAD % "703.2" + body, "t.yaml")) if f.code == code]
    assert fl and fl[0].severity == "error" and clause in fl[0].clauses


def test_game_context():
    b = load_text(HEAD.replace("turn_player: P1", "turn_player: P2") % "703.2", "t.yaml")
    assert any(f.code == "TURN_PLAYER_MISMATCH" for f in status(b))
    b = load_text(HEAD % "805.3", "t.yaml")
    assert any(f.code == "ATTACK_MISSING" and "801.1" in f.clauses for f in status(b))


def test_a_pending_lvup_board_is_fine_and_power_on_an_event_is_a_warning():
    b = load_text(HEAD % "703.3" + "players:\n  P1:\n    hand: [{id: V, type: event, power: 2}]\n"
                  "    C: [{id: X, cost: 2, power: 2}, {id: Y, cost: 4, power: 5}]\n", "t.yaml")
    fl = status(b)
    assert [f.code for f in fl if f.severity == "error"] == []
    assert [f.code for f in fl if f.severity == "warning"] == ["POWER_ON_NON_CHARA"]


@pytest.mark.parametrize("body,where", [
    ("players:\n  P1:\n    D: [X]\n", (7, 5)),  # no area D
    ("players:\n  P1:\n    C: [{id: X, icons: [flying]}]\n", (7, 25)),
    ("players:\n  P1:\n    missions: [{id: M, check: [{action: win}]}]\n", (7, 41)),
])
def test_syntax_errors_name_line_and_column(body, where):
    with pytest.raises(BoardSyntaxError) as e:
        load_text(HEAD % "703.2" + body, "t.yaml")
    p = e.value.problems[0]
    assert (p.line, p.col) == where and p.file == "t.yaml" and p.expected
