"""Invariants on random boards and random legal play (hypothesis):

  * no step loses or duplicates a card: after every step each card is in exactly one zone;
  * damage (on zekusu and players) and counters are never negative;
  * pre-processing always ends: a forced loop is a draw (1201.1c), never a hang.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from judgekit.board import load_data
from judgekit.engine.zx.spec import SQUARES
from judgekit.engine.choices import Policy
from judgekit.engine.run import run_board
from judgekit.engine.zx.flow import legal_actions

ZEKUSU_ABILITIES = [
    {"auto": "appears", "of": "self", "effect": [{"draw": 1}]},
    {"auto": "destroyed", "of": "self", "effect": [{"draw": 1}]},
    {"auto": "appears", "of": {"controller": "opponent", "type": "zekusu"},
     "effect": [{"damage": 2000, "to": "event_card"}]},
    {"auto": "destroyed", "of": {"controller": "opponent"}, "effect": [{"damage_player": 1}]},
    {"auto": "life_decreased", "player": "you", "effect": [{"recover": 1}]},
    {"auto": "turn_end", "effect": [{"may": [{"draw": 1}]}]},
    {"auto": "put_into", "zone": "trash", "player": "you", "limit": 1, "effect": [{"draw": 1}]},
    {"static": "power", "amount": 1000, "per": {"controller": "you", "other": True}},
    {"static": "charge_limit", "value": "none"},
    {"static": "cost", "amount": -1, "to": {"all": {"zone": "hand", "controller": "you"}}},
    {"replace": "destroyed", "of": "self", "instead": [{"move": "self", "to": "hand"}]},
    {"keyword": "range", "value": 2},
    {"keyword": "void_bringer"},
    {"keyword": "life_recovery"},
    {"activated": [{"damage": 1000, "to": {"choose": 1, "from": {"controller": "opponent",
                                                                 "type": "zekusu"}}}],
     "cost": {"sleep": "self"}},
    {"auto": "sleeps", "of": "self", "effect": [{"reboot": "self"}]},
    {"auto": "reboots", "of": "self", "effect": [{"sleep": "self"}]},
]
EVENT_ABILITIES = [
    [{"draw": 2}],
    [{"destroy": {"choose": 1, "from": {"controller": "opponent", "type": "zekusu"}}}],
    [{"damage": 3000, "to": {"choose": 1, "up_to": True, "from": {"type": "zekusu"}}}],
    [{"damage_player": 1}],
    [{"discard": 1}, {"draw": 1}],
    [{"distribute": 4000, "to": {"choose": 2, "up_to": True, "from": {"type": "zekusu"}}}],
    [{"power": -3000, "to": {"choose": 1, "from": {"controller": "opponent",
                                                   "type": "zekusu"}}}],
    [{"move": {"choose": 1, "from": {"type": "zekusu"}}, "to": "square", "square": "choose"}],
]


@st.composite
def game_boards(draw):
    n = [0]

    def cid(prefix="c"):
        n[0] += 1
        return f"{prefix}{n[0]}"

    def zekusu(owner=None):
        d = {"id": cid("z"), "type": "zekusu", "power": draw(st.integers(1, 10)) * 1000,
             "cost": draw(st.integers(0, 3))}
        if draw(st.booleans()):
            d["colors"] = [draw(st.sampled_from(["red", "blue"]))]
        if draw(st.integers(0, 3)) == 0:
            d["icons"] = ["ignition"]
        abil = draw(st.lists(st.sampled_from(range(len(ZEKUSU_ABILITIES))), max_size=2,
                             unique=True))
        d["abilities"] = [ZEKUSU_ABILITIES[i] for i in abil]
        if owner:
            d["owner"] = owner
        return d

    def event():
        d = {"id": cid("e"), "type": "event", "cost": draw(st.integers(0, 1)),
             "abilities": [{"event": draw(st.sampled_from(EVENT_ABILITIES))}]}
        if draw(st.integers(0, 3)) == 0:
            d["icons"] = ["ignition"]
        return d

    def cards(k):
        return [zekusu() if draw(st.booleans()) else event() for _ in range(k)]

    players = {}
    for p in ("P1", "P2"):
        players[p] = {
            "deck": cards(draw(st.integers(0, 6))) + [{"unknown": draw(st.integers(2, 6))}],
            "life": cards(draw(st.integers(1, 4))),
            "hand": cards(draw(st.integers(0, 4))),
            "trash": draw(st.integers(0, 3)),
            "charge": draw(st.integers(0, 5)),
            "resource": [{"id": cid("r"), "colors": [draw(st.sampled_from(["red", "blue"]))],
                          "state": draw(st.sampled_from(["reboot", "sleep"]))}
                         for _ in range(draw(st.integers(0, 4)))],
            "damage": draw(st.integers(0, 2)),
        }
    squares = {"N-C": [{"id": "pc2", "type": "player", "owner": "P2"}],
               "S-C": [{"id": "pc1", "type": "player", "owner": "P1"}]}
    for sq in draw(st.lists(st.sampled_from(SQUARES), max_size=6, unique=True)):
        z = zekusu(owner=draw(st.sampled_from(["P1", "P2"])))
        z["state"] = draw(st.sampled_from(["reboot", "sleep"]))
        z["damage"] = draw(st.integers(0, 4)) * 1000
        squares.setdefault(sq, []).append(z)
    step = draw(st.sampled_from(["506.3", "506.2", "502.1", "507.1"]))
    return {"ruleset": "zx", "game": {"turn": 3, "turn_player": "P1", "first_player": "P1",
                                      "step": step},
            "players": players, "squares": squares}


def check_invariants(b) -> None:
    problems = b.integrity()
    assert problems == [], problems
    for c in b.cards.values():
        assert c.damage >= 0, (c.id, c.damage)
        if c.damage:
            assert c.zone in SQUARES, (c.id, c.zone)
    for p in b.players.values():
        assert p.damage >= 0
        assert all(v >= 0 for v in p.counters.values())


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(game_boards(), st.data())
def test_random_play_keeps_every_card_in_exactly_one_zone(monkeypatch_free_board, data):
    board = load_data(monkeypatch_free_board, "gen.yaml")
    n_cards = len(board.cards)
    budget = [data.draw(st.integers(0, 12), label="actions")]

    def ask_action(flow, point, player):
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        return data.draw(st.sampled_from(legal_actions(flow.g, point, player)), label=point)

    steps = [0]

    def on_step(step):
        steps[0] += 1
        check_invariants(board)

    run = run_board(board, chooser=Policy(), ask_action=ask_action, on_step=on_step,
                    max_rounds=300)
    assert run.stop in ("actions_exhausted", "game_over", "illegal_action", "budget",
                        "until"), (run.stop, run.error)
    check_invariants(board)
    event(f"stop: {run.stop}")
    event("steps: " + ("<20" if steps[0] < 20 else "20-99" if steps[0] < 100 else "100+"))
    # cards only disappear as vanished tokens or appear as virtual player cards (none here)
    created = sum(1 for _, s in enumerate(run.steps) for ch in s.changes if ch["op"] == "create")
    assert len(board.cards) == n_cards + created
    if run.outcome["result"] == "win":
        assert run.outcome["winner"] in ("P1", "P2")


LOOP_BOARD = {
    "ruleset": "zx",
    "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "step": "506.3"},
    "players": {"P1": {"deck": 10, "life": 4}, "P2": {"deck": 10, "life": 4}},
    "squares": {
        "N-C": [{"id": "pc2", "type": "player", "owner": "P2"}],
        "S-C": [{"id": "pc1", "type": "player", "owner": "P1"}],
        "M-C": [{"id": "X", "power": 1000, "owner": "P1", "abilities": [
            {"auto": "sleeps", "of": "self", "effect": [{"reboot": "self"}]},
            {"auto": "reboots", "of": "self", "effect": [{"sleep": "self"}]}]}],
    },
    "events": [{"sleep": "X", "source": "X"}],
}


@pytest.mark.parametrize("with_choice", [False, True])
def test_pre_processing_always_ends(with_choice):
    """A forced loop is a draw (1201.1c); a loop the players could stop with a choice is cut by
    the engine's guard instead of hanging."""
    import copy

    data = copy.deepcopy(LOOP_BOARD)
    if with_choice:
        ab = data["squares"]["M-C"][0]["abilities"][0]
        ab["effect"] = [{"may": [{"reboot": "self"}]}]
    board = load_data(data, "loop.yaml")
    run = run_board(board, chooser=Policy(), max_rounds=200)
    if with_choice:
        # a budget, never a verdict: no draw (1201 needs a repeated state) and no winner
        assert run.stop == "budget" and run.outcome["result"] == "none"
        assert "1201.1c" not in run.cited()
    else:
        assert run.outcome["result"] == "draw" and "1201.1c" in run.outcome["cites"]
    check_invariants(board)
