"""Invariants on random boards and random legal play (hypothesis):

  * no step loses or duplicates a card: after every step each card is in exactly one zone;
  * damage (on zekusu and players) and counters are never negative;
  * pre-processing always ends: a forced loop is a draw (1201.1c), never a hang.
"""

from __future__ import annotations

import os

import pytest
from engine_helpers import EXAMPLES, final_board_errors, run_example
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
    assert final_board_errors(run) == []
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


# ---- any action naming any card of a board that checks clean: never a traceback ----------------

@st.composite
def boards_with_tokens(draw):
    """game_boards plus tokens on squares, some with lethal damage (pre-processing makes them
    cease to exist, 904 → 912.1, before any action is taken)."""
    data = draw(game_boards())
    # mostly calm boards in the main phase, so that the actions are reached
    data["game"]["step"] = draw(st.sampled_from(["506.2", "506.2", "506.3", "502.1"]))
    for p in data["players"].values():
        p["damage"] = draw(st.sampled_from([0, 0, 0, 1]))
    free = [sq for sq in SQUARES if sq not in data["squares"]]
    for i, sq in enumerate(draw(st.lists(st.sampled_from(free), max_size=2, unique=True))):
        power = draw(st.integers(1, 3)) * 1000
        data["squares"][sq] = [{"id": f"tok{i}", "type": "zekusu", "token": True, "power": power,
                                "owner": draw(st.sampled_from(["P1", "P2"])),
                                "damage": draw(st.sampled_from([0, power]))}]
    return data


@st.composite
def actions_naming(draw, ids: list[str]):
    """Actions of every kind, each naming cards of the board at random (gone or not, legal or
    not)."""
    out = []
    tokens = [i for i in ids if i.startswith("tok")] or ids
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["play", "activate", "battle", "resource", "ignite",
                                     "pass"]))
        cid = draw(st.one_of(st.sampled_from(tokens), st.sampled_from(ids)))
        if kind == "pass":
            out.append("pass")
        elif kind == "battle":
            out.append({"battle": cid, "target": draw(st.one_of(st.sampled_from(tokens),
                                                                st.sampled_from(ids + ["P1", "P2"])))})
        elif kind == "play" and draw(st.booleans()):
            out.append({"play": cid, "square": draw(st.sampled_from(SQUARES))})
        elif kind == "activate":
            out.append({"activate": cid, "ability": draw(st.integers(1, 2))})
        else:
            out.append({kind: cid})
    return out


@st.composite
def events_naming(draw, ids: list[str]):
    """Events (things that just happened) naming cards of the board: an earlier one may have
    made a later one's card cease to exist."""
    tokens = [i for i in ids if i.startswith("tok")] or ids
    card = st.one_of(st.sampled_from(tokens), st.sampled_from(ids))
    kinds = [lambda c: {"destroy": c}, lambda c: {"damage": 3000, "to": c},
             lambda c: {"move": c, "to": "hand"}, lambda c: {"sleep": c},
             lambda c: {"remove": c}, lambda c: {"reveal": c}]
    return [{**draw(st.sampled_from(kinds))(draw(card)), "source": draw(card)}
            for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3])))]


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(boards_with_tokens(), st.data())
def test_actions_naming_any_card_of_a_clean_board_never_traceback(data_board, data):
    """issue 15: a board `board check` calls clean, with events and actions naming its cards —
    even a token that an earlier event or pre-processing removed — ends in a stop, never a
    traceback."""
    from hypothesis import assume

    from judgekit.engine.zx.status import status

    ids = sorted(c.id for c in load_data(data_board, "gen.yaml").cards.values() if c.known)
    data_board = dict(data_board, actions=data.draw(actions_naming(ids), label="actions"),
                      events=data.draw(events_naming(ids), label="events"))
    board = load_data(data_board, "gen.yaml")
    assume(not [f for f in status(board) if f.severity == "error"])
    run = run_board(board, chooser=Policy(), max_rounds=300, max_steps=5_000)
    assert run.stop in ("actions_exhausted", "game_over", "illegal_action", "budget", "until",
                        "unsupported"), (run.stop, run.error)
    if run.stop == "illegal_action":
        assert run.error["cites"], run.error  # a cited step, never an uncited refusal
    check_invariants(board)
    assert final_board_errors(run) == []
    event(f"stop: {run.stop}")


def test_an_action_naming_a_token_that_ceased_to_exist_is_a_cited_refusal():
    """The issue's board: a token with lethal damage is destroyed by pre-processing (904) and
    ceases to exist (912.1); the file then declares a battle with it."""
    board = load_data({
        "ruleset": "zx",
        "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "step": "506.2"},
        "players": {"P1": {"deck": 10, "life": 4}, "P2": {"deck": 10, "life": 4}},
        "squares": {"N-C": [{"id": "pc2", "type": "player", "owner": "P2"}],
                    "S-C": [{"id": "pc1", "type": "player", "owner": "P1"}],
                    "M-L": [{"id": "B", "power": 3000, "owner": "P2"}],
                    "M-C": [{"id": "T", "power": 1000, "damage": 1000, "owner": "P1",
                             "token": True}]},
        "actions": [{"battle": "T", "target": "B"}]}, "gone.yaml")
    run = run_board(board)
    assert run.stop == "illegal_action"
    assert run.error["message"].startswith("T is no longer on the board (")
    assert "cannot be taken" in run.error["message"]
    assert run.error["cites"] == ["912.1", "1206.4", "506.2"]


# ---- the final board of a run is a valid starting board ------------------------------------------

@pytest.mark.parametrize("name", [os.path.basename(p)[:-5] for p in EXAMPLES])
def test_the_final_board_of_every_bundled_example_checks_clean(name):
    assert final_board_errors(run_example(name).run) == []


def test_a_destroyed_player_card_leaves_a_final_board_that_checks_clean():
    """issue 15: a player card destroyed by an effect goes to its owner's trash (1007.1) and its
    player gets a virtual player card (909.1, 1205.2); `board check` of the final board used to
    call that PLAYER_CARD_OFF_SQUARE, an error."""
    board = load_data({**LOOP_BOARD, "squares": {k: v for k, v in LOOP_BOARD["squares"].items()
                                                 if k != "M-C"},
                       "events": [{"destroy": "pc1", "source": "pc2"}]}, "pc.yaml")
    run = run_board(board)
    assert board.cards["pc1"].zone == "P1.trash" and board.cards["virtual-P1"].zone == "S-C"
    assert final_board_errors(run) == []
