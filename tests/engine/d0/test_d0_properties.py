"""Invariants of the D0 engine on random boards and random legal play (hypothesis):

  * every board generated here passes `board check`;
  * no step loses or duplicates a card: after every step each card is in exactly one zone, and
    the number of cards never changes (D0 has no tokens);
  * damage is never negative and stays only on units on battle squares;
  * the procedure before priority always ends (the run stops for a reason: a decision, the end of
    the game, a loop that is a draw, or a budget — never a hang);
  * the final board is a valid starting file.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from judgekit.board import dump_yaml, load_data, load_text
from judgekit.board.status import status
from judgekit.engine.choices import Policy
from judgekit.engine.d0.model import BASE_SQUARES, BATTLE_SQUARES, is_battle_square
from judgekit.engine.d0.play import legal_actions
from judgekit.engine.run import run_board

UNIT_ABILITIES = [
    {"trigger": "put_on_square", "effect": [{"draw": 1}]},
    {"trigger": "to_graveyard", "effect": [{"draw": 1}]},
    {"trigger": "attacks", "effect": [{"modify": {"power": 1000}, "to": "self",
                                       "until": "turn_end"}]},
    {"trigger": "attacked", "effect": [{"damage": 1000, "to": {"all": {
        "type": "unit", "controller": "opponent", "same_line": True}}}]},
    {"trigger": "put_on_square", "from": "hand", "target": {"filter": {
        "type": "unit", "controller": "opponent"}}, "effect": [{"damage": 2000, "to": "target"}]},
    {"static": "modify", "power": -1000, "to": {"type": "unit", "controller": "opponent",
                                                 "same_line": True}},
    {"replace": "to_graveyard", "of": "self", "instead": [{"to_energy": "it"}]},
    {"activated": True, "timing": "battle", "cost": {"freeze": "self"},
     "target": {"filter": {"type": "unit", "controller": "opponent"}},
     "effect": [{"damage": 1000, "to": "target"}]},
    {"activated": True, "timing": "quick", "cost": {"energy": {"colorless": 1}},
     "effect": [{"put": "self", "square": {"adjacent": True}}]},
]
STRATEGIES = [
    [{"draw": 2}],
    [{"destroy": "target"}],
    [{"damage": 3000, "to": "target"}],
    [{"to_hand": "target"}],
    [{"modify": {"power": 2000}, "to": "target", "until": "turn_end"}],
    [{"deck_to_smash": 1, "player": "opponent"}],
]
KEYWORDS = [[], ["haste"], ["acceleration"], [{"instant_kill": 3}], [{"resistance": "red"}],
            [{"support": {"range": "same_line", "value": 1000}}]]


@st.composite
def boards(draw):
    n = [0]

    def cid(prefix):
        n[0] += 1
        return f"{prefix}{n[0]}"

    color = st.sampled_from(["red", "blue"])

    def unit(owner=None):
        d = {"id": cid("u"), "type": "unit", "power": draw(st.integers(0, 5)) * 1000,
             "smash": draw(st.integers(0, 2)), "cost": {draw(color): 1,
                                                         "colorless": draw(st.integers(0, 1))},
             "move_cost": {"colorless": 1}, "timing": draw(st.sampled_from(
                 ["normal", "quick", "battle"]))}
        ab = draw(st.lists(st.sampled_from(range(len(UNIT_ABILITIES))), max_size=2, unique=True))
        d["abilities"] = [UNIT_ABILITIES[i] for i in ab]
        kw = draw(st.sampled_from(KEYWORDS))
        if kw:
            d["keywords"] = kw
        if owner:
            d["owner"] = owner
        return d

    def strategy():
        eff = draw(st.sampled_from(STRATEGIES))
        ab = {"spell": eff}
        if any("target" in str(x) for x in eff):
            ab["target"] = {"filter": {"type": "unit"}}
        return {"id": cid("s"), "type": "strategy", "cost": {draw(color): 1},
                "timing": draw(st.sampled_from(["normal", "quick", "battle"])),
                "abilities": [ab]}

    def hand(k):
        return [unit() if draw(st.booleans()) else strategy() for _ in range(k)]

    players = {}
    for p in ("P1", "P2"):
        players[p] = {
            "deck": draw(st.integers(1, 8)),
            "hand": hand(draw(st.integers(0, 3))),
            "graveyard": draw(st.integers(0, 2)),
            "energy": [{"id": cid("e"), "colors": [draw(color)],
                        "state": draw(st.sampled_from(["released", "frozen"]))}
                       for _ in range(draw(st.integers(0, 3)))],
            "smash": draw(st.integers(0, 6)),
        }
    squares: dict = {}
    for sq in draw(st.lists(st.sampled_from(BATTLE_SQUARES), max_size=5, unique=True)):
        u = unit(owner=draw(st.sampled_from(["P1", "P2"])))
        u["state"] = draw(st.sampled_from(["released", "frozen"]))
        if u["power"]:
            u["damage"] = draw(st.integers(0, u["power"] // 1000)) * 1000
        squares[sq] = [u]
    bases = {}
    for sq in draw(st.lists(st.sampled_from(BASE_SQUARES), max_size=2, unique=True)):
        bases[sq] = [{"id": cid("b"), "type": "base", "owner": sq.split("-")[0],
                      "abilities": [draw(st.sampled_from(UNIT_ABILITIES[5:7]))]}]
    ap = draw(st.sampled_from(["P1", "P2"]))
    phase, step = draw(st.sampled_from([("main", "4.6.2"), ("main", "3.8.1"),
                                        ("release", "3.5.1"), ("smash", "3.9.1"),
                                        ("recovery", "3.10.1")]))
    return {"ruleset": "d0",
            "game": {"turn": 3 if ap == "P1" else 4, "turn_player": ap, "first_player": "P1",
                     "phase": phase, "step": step},
            "players": players, "squares": squares, "bases": bases}


def check_invariants(b, n_cards: int) -> None:
    problems = b.integrity()
    assert problems == [], problems
    assert len(b.cards) == n_cards
    for c in b.cards.values():
        assert c.damage >= 0, (c.id, c.damage)
        if c.damage:
            assert is_battle_square(c.zone) and c.type == "unit", (c.id, c.zone)


@settings(max_examples=int(__import__("os").environ.get("D0_FUZZ", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards(), st.data())
def test_random_play_keeps_every_card_and_ends(data_board, data):
    board = load_data(data_board, "gen.yaml")
    assert [f for f in status(board) if f.severity == "error"] == [], status(board)
    n_cards = len(board.cards)
    budget = [data.draw(st.integers(0, 14), label="actions")]

    def ask_action(flow, point, player):
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        return data.draw(st.sampled_from(legal_actions(flow.g, player)), label=point)

    held = {}

    def on_step(step):
        check_invariants(board, n_cards)
        g = held["g"]
        h = g.h
        g.rehash()
        assert g.h == h, step  # the hash loop detection relies on stays exact

    run = run_board(board, chooser=Policy(), ask_action=ask_action, on_step=on_step,
                    on_game=lambda g: held.setdefault("g", g), max_steps=4000, max_rounds=200)
    assert run.stop in ("actions_exhausted", "game_over", "illegal_action", "budget"), (
        run.stop, run.error)
    check_invariants(board, n_cards)
    event(f"stop: {run.stop}")
    if run.outcome["result"] == "win":
        assert run.outcome["winner"] in ("P1", "P2")
    # the final board is a valid starting file
    again = load_text(dump_yaml(board), "final.yaml")
    assert [f for f in status(again) if f.severity == "error"] == [], status(again)


LOOP = {
    "ruleset": "d0",
    "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "phase": "main"},
    "players": {"P1": {"deck": 10, "hand": 0}, "P2": {"deck": 10, "hand": 0}},
    "squares": {"L1": [{"id": "X", "power": 1000, "owner": "P1", "abilities": [
        {"trigger": "put_on_square", "area": "own",
         "effect": [{"put": "self", "square": {"same_line": True, "area": "center"}}]},
        {"trigger": "put_on_square", "area": "center",
         "effect": [{"put": "self", "square": {"same_line": True, "area": "own"}}]}]}]},
    "triggers": [{"card": "X", "ability": 1}],
    "until": "3.9.1",
}


def test_a_loop_nobody_can_stop_is_a_draw_and_one_a_player_could_stop_is_a_budget():
    import copy

    run = run_board(load_data(copy.deepcopy(LOOP), "loop.yaml"), chooser=Policy())
    assert run.outcome["result"] == "draw" and "4.18.1" in run.outcome["cites"]
    # the same loop while P2 holds a card it could play: not a draw (4.18.1: the players could
    # stop it), so the engine stops at its budget and says so
    data = copy.deepcopy(LOOP)
    data["players"]["P2"] = {"deck": 10, "energy": [{"id": "f1", "colors": ["red"]}],
                             "hand": [{"id": "q", "type": "strategy", "timing": "quick",
                                       "cost": {"red": 1}, "abilities": [{"spell": [
                                           {"draw": 1}]}]}]}
    run = run_board(load_data(data, "loop2.yaml"), chooser=Policy(), max_steps=3000)
    assert run.stop == "budget" and run.outcome["result"] == "none"
    assert "4.18.1" not in run.cited()
