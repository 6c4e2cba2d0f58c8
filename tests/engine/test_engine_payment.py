"""Resource cost payment (805.3) and cost arithmetic (805.2c), the digest's T30/T31 cases."""

from __future__ import annotations

from judgekit.engine.zx.model import Card
from judgekit.engine.zx.play import payment_ok, payments


def res(*specs):
    out = []
    for i, (colors, state) in enumerate(specs):
        c = Card(f"r{i}", colors=colors, state=state)
        c.zone = "P1.resource"
        out.append(c)
    return out


R, B, W, RB = ("red",), ("blue",), ("white",), ("red", "blue")


def ids(options):
    return sorted(sorted(c.id for c in o) for o in options)


def test_red_3_with_red_blue_white():
    cards = res((R, "reboot"), (B, "reboot"), (W, "reboot"))
    assert ids(payments(cards, R, 3)) == [["r0", "r1", "r2"]]


def test_without_a_rebooted_red_card_red_3_cannot_be_paid():
    cards = res((R, "sleep"), (B, "reboot"), (W, "reboot"), (("green",), "reboot"))
    assert payments(cards, R, 3) == []  # 805.3c


def test_red_0_chooses_nothing():
    assert ids(payments(res((B, "reboot")), R, 0)) == [[]]


def test_red_blue_1_is_one_red_or_one_blue():
    cards = res((R, "reboot"), (B, "reboot"), (W, "reboot"))
    assert ids(payments(cards, RB, 1)) == [["r0"], ["r1"]]


def test_a_multicoloured_resource_card_covers_one_colour():
    cards = res((RB, "reboot"), (W, "reboot"))
    assert payments(cards, RB, 2) == []
    cards = res((RB, "reboot"), (B, "reboot"))
    assert ids(payments(cards, RB, 2)) == [["r0", "r1"]]


def test_the_same_card_cannot_be_chosen_twice():
    (c,) = res((R, "reboot"))
    assert not payment_ok([c, c], R, 2)


def test_colourless_cost_any_rebooted_cards():
    cards = res((R, "reboot"), (B, "sleep"), (W, "reboot"))
    assert ids(payments(cards, (), 2)) == [["r0", "r2"]]
