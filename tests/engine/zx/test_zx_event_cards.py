"""An event a card's own ability can watch says which cards it is about (605.2, 602.1e, 808.1).

「このカードのバトル終了時」 / 「このカードのバトル開始時」 are events of the battle this card is in:
the attacking zekusu's and the attacked zekusu's alike. A zekusu not in that battle does not
meet 「このカード」's condition; 「バトル終了時」 with no 「このカード」 is any battle's end.
"""

from __future__ import annotations

from engine_helpers import run_data, zx_board

DRAW = [{"draw": 1}]


def _own(kind: str) -> dict:
    return {"auto": kind, "of": "self", "effect": DRAW}


def _battle(a_abs, b_abs, c_abs=(), **kw) -> dict:
    return zx_board({"M-L": [{"id": "B", "power": 8000, "owner": "P2", "abilities": list(b_abs)}],
                     "M-C": [{"id": "A", "power": 5000, "owner": "P1", "abilities": list(a_abs)}],
                     "M-R": [{"id": "C", "power": 5000, "owner": "P2", "abilities": list(c_abs)}]},
                    actions=[{"battle": "A", "target": "B"}, "pass", "pass"],
                    choices={"808.2a": ["A#1", "A#1"]}, **kw)


def test_the_attacked_zekusus_own_battle_end_triggers():
    r = run_data(_battle([], [_own("battle_end")]))
    assert r.triggers_of("B#1") == 1 and r.count("P2", "hand") == 1


def test_the_attackers_own_battle_end_triggers():
    r = run_data(_battle([_own("battle_end")], []))
    assert r.triggers_of("A#1") == 1 and r.count("P1", "hand") == 1


def test_a_zekusu_outside_the_battle_does_not_meet_this_cards_battle_end():
    r = run_data(_battle([], [], [_own("battle_end")]))
    assert r.triggers_of("C#1") == 0 and r.count("P2", "hand") == 0


def test_any_battles_end_without_this_card_triggers_for_a_bystander():
    r = run_data(_battle([], [], [{"auto": "battle_end", "effect": DRAW}]))
    assert r.triggers_of("C#1") == 1 and r.count("P2", "hand") == 1


def test_the_attacked_zekusus_own_battle_start_triggers():
    r = run_data(_battle([], [_own("battle_start")], [_own("battle_start")]))
    assert r.triggers_of("B#1") == 1 and r.triggers_of("C#1") == 0
    assert r.count("P2", "hand") == 1


def test_survived_the_battle_then_destroyed_by_an_ability_is_destroyed_by_its_effect():
    """1203.1 covers only the pre-processing right after the battle damage step; B survives
    it and A's 「バトル終了時」 ability deals the rest: destroyed by A's effect (1204.3)."""
    from engine_helpers import run_example

    r = run_example("R1204.3")
    assert r.zone("B") == "P2.charge"
    assert r.cites("1204.3") and not r.cites("1203.1")
    assert r.triggers_of("V#1") == 1 and r.triggers_of("W#1") == 0
