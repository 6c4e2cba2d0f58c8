"""Keywords granted or taken away by effects in force (judgekit.engine.effects.grants): derived
state kept by BaseGame, the ruleset's rule for a grant against a loss, new objects."""

from __future__ import annotations

from judgekit.board import load_text
from judgekit.engine.effects.grants import effective, granted, lost, regrant
from judgekit.engine.run import run_board


class _C:
    def __init__(self, cid, inc=0):
        self.id = cid
        self.incarnation = inc
        self.grants = ()


class _B:
    def __init__(self, cards, effects):
        self.cards = {c.id: c for c in cards}
        self.effects = effects


def _name(k):
    return next(iter(k)) if isinstance(k, dict) else k


def test_grant_and_loss_in_timestamp_order_or_the_loss_wins():
    c = _C("A")
    b = _B([c], [{"lose": "速攻", "to": ["A"], "ts": 1}, {"grant": "速攻", "to": ["A"], "ts": 2}])
    regrant(b)
    assert granted(c) == ["速攻"] and lost(c) == ["速攻"]
    # the later grant gives it back (Z/X 811.3, g2022 911.3, D0 4.14.5-4) ...
    assert effective([], c, name_of=_name) == ["速攻"]
    # ... but where the rulebook says 「失う」 wins (東方VISION 1.3.2) it stays lost
    assert effective([], c, name_of=_name, lose_wins=True) == []
    # a printed keyword taken away is gone even if granted again later
    assert effective(["速攻"], c, name_of=_name) == ["速攻"]


def test_the_same_keyword_twice_stays_twice_and_a_new_object_loses_the_grant():
    c = _C("A", inc=0)
    b = _B([c], [{"grant": "貫通", "to": ["A"], "incs": {"A": 0}, "ts": 1},
                 {"grant": "貫通", "to": ["A"], "incs": {"A": 0}, "ts": 2}])
    regrant(b)
    assert effective(["貫通"], c, name_of=_name) == ["貫通", "貫通", "貫通"]  # 10.1.3
    c.incarnation = 1  # it moved: a new object (Z/X 811.4, g2022 911.4, D0 4.14.3-2)
    assert effective(["貫通"], c, name_of=_name) == ["貫通"] and granted(c) == []


def test_a_board_file_effect_in_force_grants_from_the_start_and_ends_at_its_boundary():
    text = """
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    hand: 3
    field:
      - {id: D, type: character, attack: 1, durability: 1, state: active}
  P2: {deck: 20, hand: 3}
effects:
  - {grant: 人形, to: D, until: turn_end}
actions:
  - {attack: D}
"""
    run = run_board(load_text(text))
    # 人形 granted for the turn: D cannot attack (10.9.2.a)
    assert run.stop == "illegal_action" and any("10.9.2.a" in s.cites for s in run.steps)
    d = run.board.cards["D"]
    assert d.has("人形")


def test_thv_the_loss_wins_over_a_grant_of_the_same_tactic():
    text = """
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    hand: 3
    field:
      - {id: D, type: character, attack: 1, durability: 1, keywords: [人形], state: active}
  P2: {deck: 20, hand: 3}
effects:
  - {lose: 人形, to: D, until: turn_end, ts: 1}
  - {grant: 人形, to: D, until: turn_end, ts: 2}
actions:
  - {attack: D}
"""
    run = run_board(load_text(text))
    assert run.stop != "illegal_action" and run.board.cards["D"].state == "sleep"


def test_sides_says_when_a_grant_and_a_loss_of_one_name_both_hold_and_whether_a_static_is_one():
    from judgekit.engine.effects.grants import sides

    class _G:
        def __init__(self, statics):
            self.grant_statics = bool(statics)
            self._statics = statics

        def static_grants(self):
            return self._statics

    a, other = _C("A"), _C("B")
    static = [("A", "grant", {"keyword": "一閃"}, 5)]
    b = _B([a, other], [{"lose": {"keyword": "一閃"}, "to": ["A"], "ts": 1}])
    regrant(b, static)
    kw = lambda v: v.get("keyword")  # noqa: E731
    assert sides(_G(static), a, "一閃", name_of=kw) == ({"grant", "lose"}, True)
    assert sides(_G(static), a, "レンジ", name_of=kw) == (set(), False)
    assert sides(_G(static), other, "一閃", name_of=kw) == (set(), False)
    regrant(b)  # the static no longer in force: only the loss holds
    assert sides(_G([]), a, "一閃", name_of=kw) == ({"lose"}, False)
