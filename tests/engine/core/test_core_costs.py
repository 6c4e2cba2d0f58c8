"""The core cost pipeline's alternative and additional stages and the one chooser of a cost
among several (judgekit.engine.effects.costs): Z/X 804.2c, g2022 904.2c and D0 4.7.2-4 bind
them."""

from __future__ import annotations

import pytest

from judgekit.engine.effects.costs import choose_alternative, compute
from judgekit.engine.game import IllegalAction


class _G:
    def __init__(self, answer):
        self.answer = answer
        self.asked = []

    def ask(self, req):
        self.asked.append(req)
        return self.answer


def test_the_alternative_replaces_the_base_and_the_additional_is_added_before_changes():
    r = compute({"red": 3}, alternative=("SR#1", {"red": 1}), additional=[("K#1", {"colorless": 1})],
                increases=[("tax", {"colorless": 1})], reductions=[("aid", {"colorless": 3})])
    # <赤1> (instead of <赤3>) + <無色1> + <無色1> − <無色3>, never below 0 per symbol
    assert r.total == {"red": 1, "colorless": 0}
    assert [lab for lab, _ in r.steps] == ["SR#1", "K#1", "tax", "aid"]
    assert compute(3, alternative=("G", 1), increases=[("x", 1)]).total == 2


def test_the_choice_among_costs_from_the_action_or_asked():
    opts = [("G#1", 1), ("H#2", 0)]
    kw = dict(key="804.2c", cites=("804.2c",), what="EV", what_ja="EV", base=3)
    assert choose_alternative(_G(None), "P1", opts, True, **kw) == ("G#1", 1)
    assert choose_alternative(_G(None), "P1", opts, "H#2", **kw) == ("H#2", 0)
    assert choose_alternative(_G(None), "P1", opts, False, **kw) is None
    g = _G("printed")
    assert choose_alternative(g, "P1", opts, None, **kw) is None
    assert [v for v, _ in g.asked[0].options] == ["printed", "G#1", "H#2"]
    assert choose_alternative(_G("H#2"), "P1", opts, None, **kw) == ("H#2", 0)
    # nothing offered: nothing is asked; asking for one is not legal, citing the ruleset
    g = _G(None)
    assert choose_alternative(g, "P1", [], None, **kw) is None and not g.asked
    with pytest.raises(IllegalAction) as e:
        choose_alternative(g, "P1", [], True, **kw)
    assert e.value.cites == ("804.2c",)
