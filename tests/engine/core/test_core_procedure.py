"""The core without any real ruleset: a toy game on BaseGame, Procedure and Flow.

The toy has one shared zone `field`, a per-player `deck` and `grave`; a card on the field with
damage ≥ its hp goes to its owner's grave (its "rule effect"); an ability `echo` triggers when
a card goes to a grave. It is just enough to pin what the core promises every ruleset: the
loop runs rule effects then triggers until stable, a repeated state with no free choice is a
draw by the ruleset's own clause, a run that cannot settle stops at its budget (never a
verdict), and zone moves keep every card in exactly one zone with last-known information.
"""

from __future__ import annotations

import pytest

from judgekit.board.model import BaseBoard, BaseCard, BasePlayer
from judgekit.engine.choices import Policy, Request, Scripted
from judgekit.engine.game import BaseGame, Halt
from judgekit.engine.procedure import Context, Procedure, run
from judgekit.engine.registry import Registry

REG = Registry("toy")
for cid, what in (("T.1", "rule effects"), ("T.2", "triggers"), ("T.3", "loop draw"),
                  ("T.4", "win"), ("T.5", "draw"), ("T.6", "destroy"), ("T.7", "echo"),
                  ("X.1", "the step the procedure runs at")):
    REG.add(cid, what)


class ToyCard(BaseCard):
    __slots__ = ("hp",)
    FIELDS = (("hp", 1),)


class ToyPlayer(BasePlayer):
    __slots__ = ("life",)
    FIELDS = (("life", 3),)


class ToyBoard(BaseBoard):
    ruleset = "toy"
    Card = ToyCard
    Player = ToyPlayer
    PLAYER_ZONES = ("deck", "grave")
    SHARED_ZONES = {"field": "field"}
    HIDDEN_KINDS = ("deck",)
    STATE_KINDS = ("field",)
    DEFAULT_STATE = "ready"
    ORDERED_TOP_KINDS = ("deck",)
    PLACED_KINDS = ("field",)


class ToyGame(BaseGame):
    registry = REG
    WIN_CLAUSE, DRAW_CLAUSE = "T.4", "T.5"

    def after_moves(self, infos, reason, info, look_back) -> None:
        for mi in infos:
            if mi.to.endswith(".grave"):
                for c in self.b.cards_in("field"):
                    if "echo" in c.abilities:
                        inst = _Pending(c.id, mi.snap)
                        self.add_pending(inst)


class _Pending:
    def __init__(self, card: str, about: dict) -> None:
        self.card, self.idx, self.about = card, 0, about
        self.group = (card, about["id"])
        self.hkey = hash(("trg",) + self.group)


class ToyProcedure(Procedure):
    cites = ("T.1",)
    loop_clause = "T.3"
    name = ("the toy check", "トイの確認")

    def rule_effects(self, g, ctx: Context) -> bool:
        dead = [c for c in g.b.cards_in("field") if c.damage >= c.hp]
        if dead:
            with g.step("rule_effect", ("T.6",), "destroyed", "破壊"):
                g.move_batch([(c, f"{c.owner}.grave") for c in dead])
        return False

    def triggers(self, g, ctx: Context) -> bool:
        if not g.pending:
            return False
        inst = g.pending[0]
        g.remove_pending(inst)
        with g.step("play", ("T.7",), f"echo of {inst.about['id']}", "エコー"):
            src = g.b.cards.get(inst.card)
            if src is not None and "loop" in src.abilities:
                # the echo puts the card back, which is destroyed again: an endless cycle
                back = g.b.cards.get(inst.about["id"])
                if back is not None:
                    g.move([back], "field")
                    g.set_damage(back, back.hp)
            if src is not None and "choose" in src.abilities:
                g.ask(Request("T.7", "P1", "a or b", "a/b", ["a", "b"]))
        return True


def _board(*cards) -> ToyBoard:
    b = ToyBoard()
    for c in cards:
        c.zone = "field"
        b.cards[c.id] = c
        b.zones["field"].append(c.id)
    return b


def _game(b, chooser=None, **kw) -> ToyGame:
    return ToyGame(b, chooser or Scripted({}), **kw)


def test_rule_effects_then_triggers_until_stable():
    b = _board(ToyCard("A", hp=2, damage=2), ToyCard("E", hp=5, abilities=["echo"]))
    g = _game(b)
    run(g, ToyProcedure(), Context("X.1"))
    assert b.cards["A"].zone == "P1.grave" and not g.pending
    kinds = [(s.kind, s.cites) for s in g.trace.steps]
    assert kinds[0] == ("pp", ["T.1", "X.1"])  # the procedure's own step cites where it ran
    assert ("rule_effect", ["T.6"]) in kinds and ("play", ["T.7"]) in kinds
    assert b.integrity() == [] and not g.dirty


def test_a_repeated_state_without_a_free_choice_is_the_rulesets_draw():
    b = _board(ToyCard("A", hp=1, damage=1), ToyCard("E", hp=5, abilities=["echo", "loop"]))
    g = _game(b)
    with pytest.raises(Halt) as e:
        run(g, ToyProcedure(), Context("X.1"))
    assert e.value.reason == "game_over"
    assert g.outcome["result"] == "draw" and g.outcome["cites"] == ["T.3"]


def test_a_loop_with_free_choices_stops_at_the_budget_not_as_a_verdict():
    b = _board(ToyCard("A", hp=1, damage=1),
               ToyCard("E", hp=5, abilities=["echo", "loop", "choose"]))
    g = _game(b, Policy(), max_rounds=30)
    with pytest.raises(Halt) as e:
        run(g, ToyProcedure(), Context("X.1"))
    assert e.value.reason == "budget" and g.outcome is None
    assert "--max-rounds" in str(e.value) and "30" in str(e.value)
    assert "T.3" not in g.trace.cited()


def test_the_step_budget_is_a_budget_stop():
    g = _game(_board(ToyCard("A")), max_steps=3)
    with pytest.raises(Halt) as e:
        for _ in range(5):
            g.note("x", ("T.1",), "x", "x")
    assert e.value.reason == "budget" and "3" in str(e.value)


def test_moves_make_new_objects_and_keep_last_known_information():
    a = ToyCard("A", hp=4, damage=3, controller="P2")
    b = _board(a)
    g = _game(b)
    g.add_effect({"to": ["A"], "hp": 1})
    (mi,) = g.move([a], "P1.grave")
    assert mi.snap["zone"] == "field" and mi.snap["damage"] == 3  # what it was before
    assert a.damage == 0 and a.controller == "P1" and a.incarnation == 1
    assert b.effects == []  # effects on the old object end
    assert a.state is None and a.face == "up"
    (mi,) = g.move([a], "P1.deck")
    assert b.zones["P1.deck"] == ["A"] and a.face == "down"  # hidden zone, top first
    assert b.integrity() == []


def test_every_change_keeps_the_incremental_hash_exact():
    a = ToyCard("A", hp=4)
    b = _board(a, ToyCard("B"))
    g = _game(b)
    g.set_damage(a, 2)
    g.set_state(a, "tapped")
    g.set_player("P1", "life", 1)
    g.set_counter("P2", "coin", 2)
    g.add_effect({"to": ["B"], "hp": 3})
    g.move([b.cards["B"]], "P2.grave")
    h = g.h
    g.rehash()
    assert g.h == h


def test_the_player_fields_of_a_ruleset_are_set_and_recorded():
    g = _game(_board())
    with g.step("x", ("T.1",), "x", "x") as st:
        assert g.set_player("P2", "life", 0)
        assert not g.set_player("P2", "life", 0)
    assert st.changes == [{"op": "player", "player": "P2", "field": "life", "from": 3, "to": 0}]


def test_lose_names_the_rulesets_clauses():
    g = _game(_board())
    with pytest.raises(Halt):
        g.lose(["P2"], ("T.1",), "why", "なぜ")
    assert g.outcome["winner"] == "P1" and g.outcome["cites"] == ["T.1", "T.4"]
    g = _game(_board())
    with pytest.raises(Halt):
        g.lose(["P1", "P2"], ("T.1",), "why", "なぜ")
    assert g.outcome["result"] == "draw" and g.outcome["cites"] == ["T.1", "T.5"]


def test_a_state_repeated_at_priority_without_a_free_choice_cannot_end():
    # loops that run through priority (triggers resolved on double passes) are found by the
    # game's own record of the states it comes round to, not inside one procedure
    g = _game(_board())
    assert not g.repeats(11)
    assert not g.repeats(22)
    assert g.repeats(11)  # the same state again, nothing chosen in between
    g.free_choices += 1  # a player chose something that could have changed the course
    assert not g.repeats(22)
    assert g.repeats(22)


def test_a_count_card_the_writer_cannot_fold_gets_a_file_id_and_references_follow():
    # the core names such cards for every ruleset (Z/X and g2022 each used to do it alone)
    from judgekit.board.dump import name_unwritable, to_data

    b = ToyBoard()
    for i in (1, 2):
        c = ToyCard(f"P1.deck#{i}", owner="P1", known=False)
        c.zone = "P1.deck"
        b.cards[c.id] = c
        b.zones["P1.deck"].append(c.id)
    b.cards["P1.deck#2"].hp = 5  # a run gave it a value of its own: no longer a plain count
    b.effects.append({"to": ["P1.deck#2"], "hp": 1})
    assert name_unwritable(b) == {"P1.deck#2": "P1-deck-2"}
    assert b.zones["P1.deck"] == ["P1.deck#1", "P1-deck-2"] and b.effects[0]["to"] == ["P1-deck-2"]
    assert to_data(b)["players"]["P1"]["deck"] == [{"unknown": 1}, {"id": "P1-deck-2", "hp": 5}]
    assert b.integrity() == []
