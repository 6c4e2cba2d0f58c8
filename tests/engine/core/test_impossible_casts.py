"""Boards whose attack or battle names an impossible cast are flagged by `board check`, each
with the clause it breaks (issue 22): 東方VISION's attack frames, D0's battles, g2022's
game.attack.attacker. The legal forms of the same boards stay clean."""

from __future__ import annotations

import pytest

from judgekit.board import load_text, status


def flags(text: str) -> dict[str, tuple]:
    b = load_text(text, "cast.yaml")
    return {f.code: (f.severity, tuple(f.clauses)) for f in status(b)}


THV = """\
ruleset: thv
game: {{turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P2,
        attack_priority: P2}}
players:
  P1:
    deck: 20
    field:
      - {{id: A, type: character, attack: 3, durability: 3, state: sleep}}
      - {{id: A2, type: character, attack: 1, durability: 1, state: active}}
  P2:
    deck: 20
    field:
      - {{id: D, type: character, attack: 2, durability: 2, state: active}}
      - {{id: D2, type: character, attack: 2, durability: 2, state: sleep}}
interference:
  - attack: {attack}
"""


@pytest.mark.parametrize("attack,code,clause", [
    ("{attacker: A, player: P2, defender: A}", "ATTACKER_DEFENDS", "6.4.3.c"),
    ("{attacker: D, player: P2}", "ATTACKER_OF_ATTACKED_PLAYER", "6.3.4.g"),
    ("{attacker: A, player: P2, defender: A2}", "DEFENDER_NOT_ATTACKED_PLAYERS", "6.4.3.a"),
])
def test_thv_attack_frames(attack, code, clause):
    got = flags(THV.format(attack=attack))
    assert got[code][0] == "error" and clause in got[code][1]


def test_thv_declared_attack_by_the_non_turn_player():
    text = THV.format(attack="{attacker: D, player: P1}")
    got = flags(text)
    assert got["ATTACKER_NOT_TURN_PLAYERS"] == ("error", ("6.3.3.a",))
    # an attack caused by an effect (6.3.5) may be the non-turn player's character's
    assert "ATTACKER_NOT_TURN_PLAYERS" not in flags(
        THV.format(attack="{attacker: D, player: P1, by_effect: true}"))


def test_thv_legal_attack_frame_is_clean():
    got = flags(THV.format(attack="{attacker: A, player: P2, defender: D2}"))
    assert not {k for k, (sev, _) in got.items() if sev == "error"}


D0 = """\
ruleset: d0
game: {{turn: 4, turn_player: P2, first_player: P1, phase: main, priority: P2,
        step: "3.12.1"}}
players:
  P1: {{deck: 20}}
  P2: {{deck: 20}}
squares:
  C3:
    - {{id: PG, power: 3000, smash: 1, owner: P1, state: released}}
    - {{id: BM, power: 2000, smash: 1, owner: P2, state: released}}
  R3:
    - {{id: PX, power: 3000, smash: 1, owner: P1, state: released}}
battles:
  - step: first
    exchange: pending
    squares:
      C3: {battle}
"""


@pytest.mark.parametrize("battle,code,clause,severity", [
    ("{attacking: [BM], attacked: [PG], result: {winner: PX}}", "WINNER_NOT_IN_BATTLE",
     "3.14.1-1", "error"),
    ("{attacking: [BM], attacked: [BM]}", "UNIT_BATTLES_ITSELF", "3.11.1", "error"),
    ("{attacking: [BM]}", "UNIT_BATTLES_ITSELF", "3.11.1", "error"),
    ("{attacking: [BM], attacked: [PX]}", "ATTACKED_ELSEWHERE", "3.11.5", "warning"),
])
def test_d0_battles(battle, code, clause, severity):
    got = flags(D0.format(battle=battle))
    assert got[code][0] == severity and clause in got[code][1]


def test_d0_legal_battles_are_clean():
    for battle in ("{attacking: [BM], attacked: [PG]}",
                   "{attacking: [BM], attacked: [PG], result: {winner: BM}}",
                   # put onto the square at the same time: both attacking and attacked (3.11.5-1)
                   "{attacking: [BM, PG], attacked: [BM, PG]}"):
        got = flags(D0.format(battle=battle))
        assert not {k for k in got if k in ("WINNER_NOT_IN_BATTLE", "UNIT_BATTLES_ITSELF",
                                            "ATTACKED_ELSEWHERE")}, (battle, got)


G2022 = """\
ruleset: g2022
game: {{turn: 3, turn_player: P1, first_player: P1, step: "803.1", attack: {{attacker: {who}}}}}
players:
  P1:
    deck: 10
    C: [{{id: A, cost: 3, power: 4, state: sleep}}]
    hand: [{{id: H, type: event}}]
    energy: [e1]
    trash: [{{id: T, type: chara}}]
  P2:
    deck: 10
    C: [{{id: B, cost: 2, power: 3}}]
    energy: [{{id: F, type: chara}}]
"""


@pytest.mark.parametrize("who,code,severity", [
    ("B", "ATTACKER_NOT_TURN_PLAYERS", "error"),     # the opponent's chara
    ("F", "ATTACKER_NOT_TURN_PLAYERS", "error"),     # the opponent's energy card
    ("H", "ATTACKER_NOT_A_CHARA", "error"),          # an event in the hand
    ("T", "ATTACKER_NOT_IN_AREA", "warning"),        # a chara that left: possible
    ("e1", "ATTACKER_NOT_IN_AREA", "warning"),
])
def test_g2022_attacker(who, code, severity):
    got = flags(G2022.format(who=who))
    assert got[code] == (severity, ("802.1a",))


def test_g2022_legal_attacker_is_clean():
    got = flags(G2022.format(who="A"))
    assert not [k for k in got if k.startswith("ATTACKER")]
