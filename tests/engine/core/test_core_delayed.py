"""The core's one store of triggers created by effects (judgekit.engine.effects.delayed) and the
shared division of an amount among chosen cards (judgekit.engine.effects.choosing.divide)."""

from __future__ import annotations

import pytest

from judgekit.engine.choices import Policy, Request, normalise
from judgekit.engine.effects import choosing
from judgekit.engine.effects.delayed import Store


class _Board:
    def __init__(self) -> None:
        self.delayed: list = []


class _Game:
    def __init__(self) -> None:
        self.b = _Board()
        self.changes: list = []
        self.asked: list = []

    def change(self, ch: dict) -> None:
        self.changes.append(ch)

    def ask(self, req: Request):
        self.asked.append(req)
        return normalise(req, {v: 1 for v in req.values()[:-1]}
                         | {req.values()[-1]: req.amount - len(req.values()) + 1})


def test_due_takes_out_each_record_once_in_creation_order():
    g, st = _Game(), Store("delayed")
    a = {"trigger": "turn_end", "about": "X", "effect": []}
    b = {"trigger": "battle_end", "square": "C1", "effect": []}
    c = {"trigger": "turn_end", "effect": []}
    for d in (a, b, c):
        st.add(g, d)
    assert st.due(g, "turn_end") == [a, c]
    assert st.due(g, "turn_end") == []  # once: they are gone
    assert st.due(g, "battle_end", lambda d: d.get("square") == "C2") == []
    assert st.due(g, "battle_end", lambda d: d.get("square") == "C1") == [b]
    assert [ch["op"] for ch in g.changes] == ["delayed+"] * 3 + ["delayed-"] * 3


def test_about_drops_only_the_records_about_that_card():
    g, st = _Game(), Store("delayed")
    a = {"trigger": "turn_end", "about": "X", "effect": []}
    b = {"trigger": "turn_end", "about": "Y", "effect": []}
    st.add(g, a)
    st.add(g, b)
    assert st.about(g, "X") == [a]
    assert g.b.delayed == [b]


def test_each_takes_out_one_record_before_handing_it_over():
    g, st = _Game(), Store("delayed")
    a, b = {"trigger": "turn_end", "effect": []}, {"trigger": "turn_end", "effect": []}
    st.add(g, a)
    st.add(g, b)
    seen = []
    for d in st.each(g, "turn_end"):
        seen.append((d, list(g.b.delayed)))  # this one is gone already, the next still waits
    assert seen == [(a, [b]), (b, [])]


def test_a_ruleset_binds_its_own_key_and_trace_words():
    class _B:
        timed: list

    g = _Game()
    g.b = _B()
    g.b.timed = []
    st = Store("timed", key="timed",
               record=lambda s, added, d: {"op": "timed+", "source": d["source"]} if added
               else None)
    a = {"timed": "battle_end", "source": "A"}
    st.add(g, a)
    assert st.waiting(g, "battle_end") == [a] and g.b.timed == [a]  # waiting leaves it there
    assert st.due(g, "battle_end") == [a] and g.b.timed == []
    assert g.changes == [{"op": "timed+", "source": "A"}]  # no change recorded on removal


def test_divide_asks_a_distribute_request_citing_the_rulesets_clause():
    g = _Game()
    split = choosing.divide(g, "GC", "P1", 6000, ["A", "B", "C"], cites=("4.7.2-6",))
    req, = g.asked
    assert req.kind == "distribute" and req.amount == 6000 and req.cites == ("4.7.2-6",)
    assert split == {"A": 1, "B": 1, "C": 5998} and sum(split.values()) == 6000
    with pytest.raises(ValueError, match="4.7.2-6"):  # each at least 1, said with its clause
        normalise(req, {"A": 0, "B": 3000, "C": 3000})


def test_divisible_is_capped_by_the_amount():
    assert choosing.divisible(3, 6000) == 3
    assert choosing.divisible(3, 2) == 2 and choosing.divisible(3, 0) == 0


def test_policy_answers_a_division():
    ans, _ = Policy().choose(Request("k", "P1", "p", "p", ["A", "B"], "distribute", amount=5))
    assert sum(ans.values()) == 5 and all(v >= 1 for v in ans.values())


def test_whose_turn_is_read_from_the_records_controller():
    from judgekit.engine.effects.delayed import in_turn_of, in_turn_words

    other = {"P1": "P2", "P2": "P1"}.get
    mine, theirs, any_turn = {"whose": "you"}, {"whose": "opponent"}, {}
    assert in_turn_of(mine, "P1", "P1") and not in_turn_of(mine, "P2", "P1")
    assert in_turn_of(theirs, "P2", "P1") and not in_turn_of(theirs, "P1", "P1")
    assert in_turn_of(any_turn, "P1", "P1") and in_turn_of(any_turn, "P2", "P1")
    assert in_turn_words("at the end of the battle", "バトル終了時", theirs, "P1", other) == \
        ("at the end of the battle in P2's turn", "P2のターンのバトル終了時")
    assert in_turn_words("x", "y", any_turn, "P1", other) == ("x", "y")
