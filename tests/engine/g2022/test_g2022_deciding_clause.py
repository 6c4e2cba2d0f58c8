"""The clause that decides (issue 27): why a chara 退場d after its battle (1102.1, 1103.3), whose
battle ends at 806.3, why a cleared mission stops (903.1b) and why the LvUP icon gives nothing
(905.2d).

1102.1: 「バトルで退場した」 is a 退場 by the 退場ダメージ of the pre-processing right after the
battle step; a chara that survives it and is retired later by an effect's damage is retired by
that effect (1103.3). 806.3: 「このキャラのバトル終了時」 is met for each chara of the battle —
the attacker and the opposing chara it dealt its damage to.
"""

from __future__ import annotations

from g2022_helpers import example_path, run_example, run_text


def _text(**swap) -> str:
    with open(example_path("R1103.3"), encoding="utf-8") as fh:
        text = fh.read()
    for a, b in swap.items():
        text = text.replace(a, b)
    return text


def test_survived_the_battle_then_retired_by_an_ability_is_retired_by_the_effect():
    r = run_example("R1103.3")
    assert r.zone("B") == "P2.energy"
    assert r.cites("1103.3") and not r.cites("1102.1") and not r.cites("1102.2")
    assert r.triggers_of("V#1") == 1 and r.triggers_of("W#1") == 0
    assert r.count("P1", "hand") == 1


def test_retired_by_the_battle_damage_itself_is_still_in_battle():
    """B power 3: A's 3 battle damage retires it in 806.1 — in battle (1102.1), W triggers."""
    r = run_text(_text(**{"C: [{id: B, name: 大盾兵, cost: 3, power: 5}]":
                          "C: [{id: B, name: 大盾兵, cost: 3, power: 3}]"}))
    assert r.zone("B") == "P2.energy" and r.cites("1102.1")
    assert r.triggers_of("W#1") == 1 and r.triggers_of("V#1") == 0


def test_the_opposing_charas_own_battle_end_triggers():
    """B's 「このキャラのバトル終了時」 triggers at 806.3 though B is not the attacker."""
    own = ("C: [{id: B, name: 大盾兵, cost: 3, power: 5}]",
           "C: [{id: B, name: 大盾兵, cost: 3, power: 9, abilities: [{auto: battle_end, "
           "of: self, effect: [{draw: 1}]}]}]")
    r = run_text(_text(**{own[0]: own[1]}).replace('"804.2b": [energy, energy]',
                                                    '"804.2b": [energy, energy]\n  "908.2a": [A]'))
    assert r.triggers_of("B#1") == 1 and r.count("P2", "hand") == 4
    assert r.zone("B") == "P2.C"


def test_a_cleared_missions_continuous_effect_stops_and_the_trace_says_why():
    """903.1b: 「裏向きである場合、その能力は無効になります」 — the +1 is gone once M1 is cleared,
    and the step that says so cites 903.1b."""
    r = run_example("R903.1b")
    assert r.card("M1").face == "down"
    assert r.power("A") == 2 and r.power("Q") == 2
    assert r.first("1114.1") < r.first("903.1b")


def test_no_lvup_reduction_is_905_2d_not_905_2c():
    """905.2d: the icon lowers the cost only onto a cheaper chara; none is in the area, so Y pays
    its cost 3 — the step cites 905.2d for why, and never 905.2c (no effect changed the cost)."""
    r = run_example("R905.2d")
    assert r.count("P1", "trash") == 3 and r.zone("Y") == "P1.L"
    assert r.cites("905.2d") and not r.cites("905.2c")
    lv = run_example("S03b")
    assert lv.cites("905.2d") and not lv.cites("905.2c")  # the icon's reduction is no effect's
