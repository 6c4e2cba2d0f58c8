"""Answers to choices: normalisation, strict mode, forced choices."""

from __future__ import annotations

import pytest

from judgekit.engine.choices import (ChoiceInvalid, ChoiceMissing, Policy, Request, Scripted,
                                     normalise)


def req(kind="one", opts=("A", "B", "C"), **kw):
    return Request("k", "P1", "p", "p", list(opts), kind, **kw)


def test_one_and_forgiving_spellings():
    assert normalise(req(), "b") == "B"
    assert normalise(req(opts=("P2.life#1", "P2.life#2", "L3")), "unknown") == "P2.life#1"
    assert normalise(req(opts=("X#1", "Y#1")), "X") == "X#1"  # a card id stands for its ability
    with pytest.raises(ValueError):
        normalise(req(), "Z")


def test_yes_no():
    r = req("yesno", ())
    assert normalise(r, "yes") is True and normalise(r, "いいえ") is False
    assert normalise(r, True) is True
    with pytest.raises(ValueError):
        normalise(r, "maybe")


def test_many_needs_distinct_options_and_the_right_count():
    r = req("many", min=2, max=2)
    assert normalise(r, ["A", "C"]) == ["A", "C"]
    with pytest.raises(ValueError):
        normalise(r, ["A", "A"])  # 802.3: different things
    with pytest.raises(ValueError):
        normalise(r, ["A"])


def test_distribute_each_at_least_one_and_exact_sum():
    r = req("distribute", ("B", "C"), amount=8000, cites=("804.3b",))
    assert normalise(r, {"B": 1000, "C": 7000}) == {"B": 1000, "C": 7000}
    with pytest.raises(ValueError, match=r"at least 1 \(804.3b\)"):
        normalise(r, {"B": 0, "C": 8000})
    # the error names the clause of the ruleset that asked (g2022's is 904.3b), never another's
    g = req("distribute", ("B", "C"), amount=3, cites=("904.3b",))
    with pytest.raises(ValueError, match=r"at least 1 \(904.3b\)"):
        normalise(g, {"B": 3, "C": 0})
    with pytest.raises(ValueError, match="add up"):
        normalise(r, {"B": 1000, "C": 1000})


def test_scripted_queues_and_strict_errors():
    s = Scripted({"k": ["A", "C"]}, {("choices", "k", 1): (7, 5)}, "f.yaml")
    assert s.choose(req()) == ("A", "file")
    assert s.choose(req()) == ("C", "file")
    with pytest.raises(ChoiceMissing) as ei:
        s.choose(req())
    assert "missing choice k: P1" in str(ei.value) and "A, B, C" in str(ei.value)
    s = Scripted({"k": ["A", "Q"]}, {("choices", "k", 1): (7, 5)}, "f.yaml")
    s.choose(req())
    with pytest.raises(ChoiceInvalid) as ei:
        s.choose(req())
    assert (ei.value.line, ei.value.col) == (7, 5)


def test_fallback_keys():
    s = Scripted({"E": ["B"]})
    r = Request("E#1", "P1", "p", "p", ["A", "B"], fallback_keys=("E",))
    assert s.choose(r) == ("B", "file")


def test_policy_takes_the_first_legal_option():
    p = Policy()
    assert p.choose(req()) == ("A", "policy")
    assert p.choose(req("distribute", ("B", "C"), amount=5))[0] == {"B": 4, "C": 1}


def test_order_lists_every_option_once_in_the_chosen_order():
    r = req("order", min=3, max=3)
    assert normalise(r, ["C", "A", "B"]) == ["C", "A", "B"]  # first = top (a deck)
    with pytest.raises(ValueError):
        normalise(r, ["C", "A"])  # every card is put somewhere
    with pytest.raises(ValueError):
        normalise(r, ["C", "C", "A"])
    assert Policy().choose(r) == (["A", "B", "C"], "policy")
    assert "in the order chosen" in r.describe()
