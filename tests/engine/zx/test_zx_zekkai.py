"""絶界 (1106.2): an effect whose text asks to choose zekusu (「[ゼクスを指定枚数]選ぶ／選び」) cannot
choose a card with 絶界 — the choice is made as if it were not there — while the card is on a
square (1106.2a); an effect that does not choose still applies to it. ヴォイドブリンガー (1103.2)
chooses 「スクエアにあるゼクスを1枚まで」.
"""

from __future__ import annotations

import pytest
from engine_helpers import run_data, zx_board

ZEKKAI = {"keyword": "zekkai"}
VOID = {"id": "V", "type": "zekusu", "power": 3000, "icons": ["ignition"],
        "abilities": [{"keyword": "void_bringer"}]}


def _void_bringer(squares: dict, answer) -> dict:
    # P2 has damage 1 and reveals V: played from life, it appears on N-L (907.2e, 1103.2)
    return zx_board(squares, step="506.3", p2={"life": [VOID, "L2"], "damage": 1},
                    choices={"907.2c": ["V"], "907.2e": ["yes"], "806.1a": ["N-L"],
                             "V": [answer]})


def test_void_bringer_cannot_choose_a_zekusu_with_zekkai():
    r = run_data(_void_bringer({"M-L": [{"id": "Z", "power": 3000, "owner": "P1",
                                         "abilities": [ZEKKAI]}],
                                "M-R": [{"id": "A", "power": 3000, "owner": "P1"}]}, ["A"]))
    assert r.zone("A") == "P1.trash" and r.zone("Z") == "M-L"
    (st,) = r.citing("1103.2")
    assert "Z" not in st.choices[0]["options"] and "A" in st.choices[0]["options"]
    assert any("1106.2" in s.cites and "Z" in s.message for s in r.steps)


def test_the_choice_is_made_as_if_the_zekkai_card_were_not_there():
    # naming Z is not an answer the rules allow: it is not one of the options
    r = run_data(_void_bringer({"M-L": [{"id": "Z", "power": 3000, "owner": "P1",
                                         "abilities": [ZEKKAI]}]}, ["Z"]))
    assert r.run.stop == "choice_invalid" and r.zone("Z") == "M-L"


def test_a_card_that_cannot_be_chosen_is_not_chosen_by_void_bringer_either():
    guard = {"static": "cannot", "action": "be_chosen"}
    r = run_data(_void_bringer({"M-L": [{"id": "G", "power": 3000, "owner": "P1",
                                         "abilities": [guard]}]}, []))
    (st,) = r.citing("1103.2")
    assert "G" not in st.choices[0]["options"] and r.zone("G") == "M-L"
    assert any("102.6" in s.cites for s in r.steps)


def test_an_effect_that_does_not_choose_still_applies_to_a_zekkai_card():
    ev = {"damage": 5000, "to": {"all": {"controller": "opponent"}}, "source": "P1pc"}
    r = run_data(zx_board({"N-L": [{"id": "Z", "power": 3000, "owner": "P2",
                                    "abilities": [ZEKKAI]}]}, step="506.3", events=[ev]))
    assert r.zone("Z") == "P2.charge" and not r.cites("1106.2")


@pytest.mark.parametrize("instr", [
    {"destroy": {"choose": 1, "from": {"controller": "opponent", "type": "zekusu"}}},
    {"damage": 5000, "to": {"choose": 1, "from": {"controller": "opponent", "type": "zekusu"}}},
    {"distribute": 6000, "to": {"choose": 2, "from": {"controller": "opponent", "type": "zekusu"}}},
])
def test_every_effect_that_chooses_zekusu_passes_over_zekkai(instr):
    # only Z (絶界) and Q are the opponent's zekusu: as if Z were not there, each choice has
    # Q alone (as many as possible, 102.4), so it is not even asked
    r = run_data(zx_board({"N-L": [{"id": "Z", "power": 3000, "owner": "P2",
                                    "abilities": [ZEKKAI]}],
                           "N-R": [{"id": "Q", "power": 1000, "owner": "P2"}]},
                          step="506.3", events=[{**instr, "source": "P1pc"}]))
    assert r.zone("Z") == "N-L" and r.zone("Q") == "P2.charge" and r.cites("1106.2")


def test_zekkai_does_not_protect_a_card_outside_the_squares():
    # 1106.2a: in another zone the card can be chosen by effects
    trash_card = {"id": "Z", "type": "zekusu", "power": 3000, "abilities": [ZEKKAI]}
    ev = {"move": {"choose": 1, "from": {"zone": "trash", "owner": "you", "type": "zekusu"}},
          "to": "hand", "source": "P1pc"}
    r = run_data(zx_board(step="506.3", p1={"trash": [trash_card, "t2"]}, events=[ev]))
    assert r.zone("Z") == "P1.hand" and not r.cites("1106.2")
