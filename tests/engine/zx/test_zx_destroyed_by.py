"""Who destroyed a zekusu (issue 20): in battle, the zekusu that dealt the battle damage
(1203.2, the damage's source 814.3), so an ability worded by whose card (「相手のゼクスによって」)
or by cause (「バトルで」「効果で」) fires exactly as its clause says."""

from __future__ import annotations

from engine_helpers import run_data, zx_board

DRAW = [{"draw": 1}]


def _battle(watcher: dict, *, attacker_power: int = 5000) -> dict:
    return zx_board({"M-L": [{"id": "B", "power": 3000, "owner": "P2"}],
                     "N-R": [{"id": "W", "power": 3000, "owner": "P2", "abilities": [watcher]}],
                     "M-C": [{"id": "A", "power": attacker_power, "owner": "P1"}]},
                    actions=[{"battle": "A", "target": "B"}, "pass", "pass"])


def test_a_battle_destruction_is_by_the_opponent_whose_zekusu_dealt_the_damage():
    w = {"auto": "destroyed", "of": {"controller": "you"}, "by": "opponent", "effect": DRAW}
    r = run_data(_battle(w))
    assert r.zone("B") == "P2.charge" and r.count("P2", "hand") == 1
    (st,) = [s for s in r.citing("808.1") if "W" in s.cards]
    assert "1203.2" in st.cites


def test_a_battle_destruction_is_not_by_you_nor_by_an_effect():
    for w in ({"auto": "destroyed", "of": {"controller": "you"}, "by": "you", "effect": DRAW},
              {"auto": "destroyed", "of": {"controller": "you"}, "by": "opponent",
               "cause": "effect", "effect": DRAW}):
        r = run_data(_battle(w))
        assert r.zone("B") == "P2.charge" and r.count("P2", "hand") == 0


def test_an_effect_destruction_is_still_by_the_effects_source():
    w = {"auto": "destroyed", "of": {"controller": "you"}, "by": "opponent", "cause": "battle",
         "effect": DRAW}
    data = zx_board({"M-L": [{"id": "B", "power": 3000, "owner": "P2"}],
                     "N-R": [{"id": "W", "power": 3000, "owner": "P2", "abilities": [w]}]},
                    p1={"hand": [{"id": "E", "type": "event", "cost": 0,
                                  "abilities": [{"event": [{"destroy": "B"}]}]}]},
                    actions=[{"play": "E"}])
    r = run_data(data)
    assert r.zone("B") == "P2.charge" and r.count("P2", "hand") == 0
