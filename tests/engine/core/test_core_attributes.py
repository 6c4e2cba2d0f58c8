"""Race / attribute changes as continuous effects (judgekit.engine.effects.attributes): the
printed slash form, add / set / remove in their order, a card without the parameter, new
objects."""

from __future__ import annotations

import pytest

from judgekit.engine.effects.attributes import (Change, apply, effective, from_effects, has,
                                                ordered, split)


class _C:
    def __init__(self, cid, inc=0):
        self.id = cid
        self.incarnation = inc


class _B:
    def __init__(self, effects):
        self.effects = effects


def test_the_slash_separates_several_races():
    # D0 2.8.2 例: 「ドラゴン/サラマンダー」 is two races
    assert split("ドラゴン/サラマンダー") == ("ドラゴン", "サラマンダー")
    assert split("ドラゴン／サラマンダー") == ("ドラゴン", "サラマンダー")
    assert split(["ドラゴン/サラマンダー", "ドラゴン"]) == ("ドラゴン", "サラマンダー")
    assert split(()) == () and split(None) is None


def test_add_set_remove_in_the_order_given():
    add = Change("add", ["ドール"], ts=1)
    st = Change("set", "ヴァンパイア", ts=2)
    rm = Change("remove", ["ドール"], ts=3)
    assert apply(("人形使い",), [add]) == ("人形使い", "ドール")
    assert apply(("人形使い",), [add, add]) == ("人形使い", "ドール")  # never duplicated
    # Z/X 811.6 例1: 「種族を[○○]にする」 — what it had is lost
    assert apply(("人形使い",), [add, st]) == ("ヴァンパイア",)
    assert apply(("人形使い",), [st, add]) == ("ヴァンパイア", "ドール")
    assert apply(("人形使い", "ドール"), [rm]) == ("人形使い",)
    # ordered: by timestamp, the card's own changes first (D0 4.14.5-3)
    own = Change("set", "X", ts=9, own=True)
    assert [c.ts for c in ordered([st, add, own])] == [9, 1, 2]
    assert [c.ts for c in ordered([st, add, own], own_first=False)] == [1, 2, 9]
    assert effective("A/B", [Change("remove", "A", ts=1)]) == ("B",)


def test_a_card_without_the_parameter_is_not_changed():
    # Z/X 811.6 例2: a player card has no race, so 「種族を[○○]にする」 does not apply to it
    assert apply(None, [Change("set", ["○○"])]) is None
    assert apply((), [Change("add", ["○○"])]) == ("○○",)


def test_effects_in_force_name_the_card_and_its_incarnation():
    c = _C("U", inc=0)
    b = _B([{"race": {"add": ["ドール"]}, "to": ["U"], "incs": {"U": 0}, "ts": 4, "source": "S"},
            {"race": {"set": ["X"]}, "to": ["V"], "ts": 5},
            {"modify": {"power": 1000}, "to": ["U"], "ts": 6}])
    got = from_effects(b, c)
    assert [(x.op, x.values, x.ts, x.source) for x in got] == [("add", ("ドール",), 4, "S")]
    c.incarnation = 1  # it moved to another zone: a new object has lost it
    assert from_effects(b, c) == []


def test_has_and_containment():
    assert has(("ドラゴン", "サラマンダー"), "サラマンダー")
    assert has(("ドラゴン", "サラマンダー"), ["ヴァンパイア", "ドラゴン"])
    assert not has(("ドラゴン",), "ヴァンパイア") and not has((), "ドラゴン")
    assert has(("ダークドラゴン",), "ドラゴン", contains=True)  # Z/X 1110.3
    assert not has(("ダークドラゴン",), "ドラゴン")


def test_an_unknown_operation_is_a_programming_error():
    with pytest.raises(ValueError):
        Change("replace", ["X"])
