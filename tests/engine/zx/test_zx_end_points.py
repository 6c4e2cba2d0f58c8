"""「バトル終了時」 / 「ターン終了時」 abilities created late still trigger at that point (605.4, 605.6,
507.5, 507.9, 808.4, 808.4a).

605.4 / 605.6: while a 「バトル終了時」 auto ability has not triggered in this battle, back to 605.2
— a timed one (808.4) an effect created during the battle end step included; it triggers once
(808.4a). 605.2: one that already triggered in this battle does not trigger again. 507.5 / 507.9
say the same of 「ターン終了時」 and 507.3.
"""

from __future__ import annotations

from engine_helpers import run_data, zx_board

DRAW = [{"draw": 1}]


def _battle(ability: dict, **kw) -> dict:
    return zx_board({"M-L": [{"id": "B", "power": 6000, "owner": "P2"}],
                     "M-C": [{"id": "A", "power": 5000, "owner": "P1", "abilities": [ability]}]},
                    actions=[{"battle": "A", "target": "B"}, "pass", "pass"], **kw)


def test_a_timed_battle_end_ability_created_in_605_3_triggers_in_this_battle():
    r = run_data(_battle({"auto": "battle_end",
                          "effect": [{"timed": "battle_end", "effect": DRAW}]}))
    assert r.count("P1", "hand") == 1 and r.b.timed == [] and r.b.battle is None
    back = [s for s in r.citing("605.4") if "back to 605.2" in s.message]
    assert len(back) == 1 and "808.4" in back[0].cites and "timed ability" in back[0].message
    assert r.triggers_of("A#1") == 1  # A's own ability does not trigger again (605.2)
    assert r.triggers_of("timed:A") == 1  # once (808.4a)


def test_a_timed_turn_end_ability_created_in_the_battle_waits_for_the_end_phase():
    r = run_data(_battle({"auto": "battle_end",
                          "effect": [{"timed": "turn_end", "effect": DRAW}]}, until="507.6"))
    assert not any("back to 605.2" in s.message for s in r.steps)
    assert r.count("P1", "hand") == 1
    fired = [s for s in r.citing("808.4a")]
    assert len(fired) == 1 and fired[0].context == "507.3"


def test_a_timed_turn_end_ability_still_pending_at_507_9_sends_the_game_back_to_507_3():
    timed = [{"timed": "turn_end", "source": "A", "controller": "P1", "effect": DRAW}]
    r = run_data(zx_board({"M-C": [{"id": "A", "power": 5000, "owner": "P1"}]}, step="507.9",
                          timed=timed, until="502.1"))
    assert r.count("P1", "hand") == 1 and r.b.timed == []
    (back,) = [s for s in r.citing("507.9") if "back to 507.3" in s.message]
    assert "808.4" in back.cites
    assert r.b.turn == 4  # then the turn ends
