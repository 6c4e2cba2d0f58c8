"""The squares, lines and areas of 2.23.8 and 2.24, in P1's frame."""

from __future__ import annotations

from judgekit.engine.d0.model import (BATTLE_SQUARES, adjacent, area_of, area_squares,
                                      base_square_front, colors_of_cost, cost_total, line_name,
                                      line_of, line_squares, neighbours)


def test_areas_are_named_from_each_players_side():
    # 2.24.7: my own area is your enemy area
    assert area_of("C1", "P1") == "own" and area_of("C1", "P2") == "enemy"
    assert area_of("L3", "P1") == "enemy" and area_of("L3", "P2") == "own"
    assert area_of("R2", "P1") == area_of("R2", "P2") == "center"
    assert area_squares("P2", "own") == ("L3", "C3", "R3")


def test_left_and_right_lines_are_mirrored_for_p2():
    # 2.24.5: my right line is your left line
    assert line_name("L1", "P1") == "left" and line_name("L1", "P2") == "right"
    assert line_name("R3", "P2") == "left"
    assert line_name("C2", "P1") == line_name("C2", "P2") == "center"


def test_a_line_is_three_battle_squares_and_two_base_squares():
    # 2.24.4
    assert line_squares("L", bases=True) == ("L1", "L2", "L3", "P1-L", "P2-L")
    assert line_of("P2-R") == "R" and line_of("C3") == "C"


def test_adjacency_is_orthogonal_in_the_battle_space():
    # 3.8.2-6: up, down, left, right; no diagonals
    assert sorted(neighbours("C2")) == ["C1", "C3", "L2", "R2"]
    assert adjacent("L1", "L2") and not adjacent("L1", "C2")
    assert sorted(neighbours("L1")) == ["C1", "L2"]
    assert all(len(neighbours(s)) in (2, 3, 4) for s in BATTLE_SQUARES)


def test_a_base_square_faces_its_players_own_area():
    # 2.23.8-2
    assert base_square_front("P1-C") == "C1"
    assert base_square_front("P2-L") == "L3"


def test_colours_come_from_the_play_cost():
    # 2.4.2, 2.4.2-1, 2.4.2-2, 2.4.3
    assert colors_of_cost({"red": 1, "black": 1, "colorless": 2}) == ("red", "black")
    assert colors_of_cost({"colorless": 2}) == ()
    assert cost_total({"red": 1, "black": 1, "colorless": 2}) == 4
