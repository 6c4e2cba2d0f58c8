"""The core's change of a target (judgekit.engine.effects.choosing.change_target): the slot
the new card fits, the one target of several the chooser names, the step citing the
ruleset's clauses; None when no slot takes it."""

from __future__ import annotations

from contextlib import contextmanager

from judgekit.engine.effects.choosing import change_target


class _G:
    def __init__(self, answer=None) -> None:
        self.steps, self.changes, self.asked, self.answer = [], [], [], answer

    def label(self, x):
        return str(x)

    def ask(self, req):
        self.asked.append(req)
        return self.answer

    @contextmanager
    def step(self, kind, cites, en, ja, **kw):
        self.steps.append((cites, en))
        yield

    def change(self, ch):
        self.changes.append(ch)


def _run(g, slots, new, fits=lambda n: True):
    return change_target(g, slots, new, fits=fits, key="K", chooser="P2", cites=("9.9",),
                         who="K", what=("S", "S"))


def test_the_single_target_of_the_first_slot_that_fits_is_replaced():
    g = _G()
    slots = {"a": ["X"], "b": ["Y"]}
    assert _run(g, slots, "Z", fits=lambda n: n == "b") == ("b", "Y")
    assert slots == {"a": ["X"], "b": ["Z"]} and not g.asked
    assert g.steps[0][0] == ("9.9",) and "Y → Z" in g.steps[0][1]


def test_of_several_targets_the_chooser_names_the_one_replaced():
    g = _G(answer="Y")
    slots = {"a": ["X", "Y"]}
    assert _run(g, slots, "Z") == ("a", "Y")
    assert slots["a"] == ["X", "Z"] and g.asked[0].values() == ["X", "Y"]


def test_nothing_changes_when_no_slot_takes_the_new_card():
    g = _G()
    slots = {"a": ["X"], "b": ["Z"]}
    assert _run(g, slots, "Z", fits=lambda n: n == "a" and False) is None
    assert _run(g, {"b": ["Z"]}, "Z") is None  # already its target
    assert slots == {"a": ["X"], "b": ["Z"]} and not g.steps and not g.changes
