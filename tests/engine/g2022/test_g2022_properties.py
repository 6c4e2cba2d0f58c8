"""g2022 invariants on random boards that pass `board check`, with random legal play
(hypothesis):

  * no step loses or duplicates a card: after every step each card is in exactly one zone, and
    the set of cards never changes (g2022 has no tokens);
  * damage and counters are never negative, and damage is only ever on a chara in an area;
  * EXP cards and connected engages always belong to a chara in an area (513.3, 514.3);
  * priority pre-processing always ends (a loop nobody can change is reported, never a hang);
  * the final board written back passes `board check`.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from judgekit.board import load_data, status
from judgekit.engine.choices import Policy
from judgekit.engine.g2022.flow import legal_actions
from judgekit.engine.run import run_board

CHARA_ABILITIES = [
    {"auto": "enters", "of": "self", "effect": [{"draw": 1}]},
    {"auto": "retired", "of": "self", "effect": [{"draw": 1}]},
    {"auto": "retired", "of": {"controller": "opponent"},
     "effect": [{"damage": 2, "to": {"choose": 1, "from": {"controller": "opponent"}}}]},
    {"auto": "put_into", "zone": "energy", "player": "you", "effect": [{"counter": 1, "icon": "★"}]},
    {"auto": "mission_end", "effect": [{"may": [{"draw": 1}]}]},
    {"auto": "battle_end", "effect": [{"draw": 1}]},
    {"auto": "attacks", "of": "self", "effect": [{"power": 2, "to": "self", "until": "attack_end"}]},
    {"auto": "damaged", "of": "self", "effect": [{"move": "self", "to": "hand"}]},
    {"auto": "lvup", "of": "self", "effect": [{"draw": 1}]},
    {"static": "power", "amount": 1, "per": {"controller": "you", "other": True}},
    {"static": "cost", "amount": -1, "to": {"all": {"zone": "hand", "controller": "you"}}},
    {"replace": "retired", "of": "self", "instead": [{"move": "self", "to": "hand"}]},
    {"activated": [{"damage": 1, "to": {"choose": 1, "from": {"controller": "opponent"}}}],
     "cost": {"sleep": "self"}},
    {"keyword": "encount"},
    {"keyword": "toubatsu", "of": {"controller": "opponent"}},
]
EVENT_ABILITIES = [
    [{"draw": 2}],
    [{"retire": {"choose": 1, "from": {"controller": "opponent"}}}],
    [{"damage": 3, "to": {"choose": 1, "up_to": True, "from": {}}}],
    [{"discard": 1}, {"draw": 1}],
    [{"power": -2, "to": {"choose": 1, "from": {"controller": "opponent"}}, "until": "mission_end"}],
    [{"appear": {"choose": 1, "from": {"zone": "hand", "controller": "you", "type": "chara"}},
      "area": "choose"}],
    [{"exp": "deck_top", "of": {"choose": 1, "from": {"controller": "you"}}}],
    [{"slide": {"choose": 1, "from": {"controller": "you"}}}],
    [{"reload": "you"}, {"scout": "you"}],
    [{"clear": {"choose": 1, "from": {"zone": "missions", "controller": "you", "face": "up"}}}],
]
MISSION_ITEMS = [{"action": "play_event"}, {"action": "attack"}, {"charas_at_least": 1},
                 {"action": "play_chara", "count": 2}, {"hand_at_most": 3}]


@st.composite
def game_boards(draw):
    n = [0]

    def cid(prefix):
        n[0] += 1
        return f"{prefix}{n[0]}"

    def chara():
        d = {"id": cid("c"), "type": "chara", "power": draw(st.integers(1, 6)),
             "cost": draw(st.integers(0, 4))}
        if draw(st.integers(0, 4)) == 0:
            d["icons"] = [draw(st.sampled_from(["scout", "no_attack", "lvup"]))]
        abil = draw(st.lists(st.sampled_from(range(len(CHARA_ABILITIES))), max_size=2,
                             unique=True))
        d["abilities"] = [CHARA_ABILITIES[i] for i in abil]
        return d

    def event_card():
        return {"id": cid("v"), "type": "event", "cost": draw(st.integers(0, 1)),
                "abilities": [{"event": draw(st.sampled_from(EVENT_ABILITIES))}]}

    def cards(k):
        return [chara() if draw(st.booleans()) else event_card() for _ in range(k)]

    players = {}
    for p in ("P1", "P2"):
        pd = {
            "deck": cards(draw(st.integers(0, 4))) + [{"unknown": draw(st.integers(0, 6))}],
            "hand": cards(draw(st.integers(0, 4))),
            "energy": draw(st.integers(0, 4)),
            "trash": cards(draw(st.integers(0, 2))),
            "missions": [{"id": cid("m"), "check": [draw(st.sampled_from(MISSION_ITEMS))],
                          "clear": [draw(st.sampled_from(MISSION_ITEMS))],
                          "face": draw(st.sampled_from(["up", "up", "down"]))}
                         for _ in range(draw(st.integers(0, 3)))],
        }
        for a in draw(st.lists(st.sampled_from(["L", "C", "R"]), max_size=3, unique=True)):
            cs = [chara() for _ in range(draw(st.integers(1, 2)))]
            for c in cs:
                c["damage"] = draw(st.integers(0, 3))
                c["state"] = draw(st.sampled_from(["reboot", "sleep"]))
            pd[a] = cs
            if draw(st.integers(0, 3)) == 0:
                pd.setdefault("exp", []).append({"id": cid("x"), "under": cs[0]["id"]})
        players[p] = pd
    step = draw(st.sampled_from(["703.3", "703.2", "702.1", "704.1"]))
    return {"ruleset": "g2022", "game": {"turn": 3, "turn_player": "P1", "first_player": "P1",
                                         "step": step}, "players": players}


def check_invariants(b) -> None:
    problems = b.integrity()
    assert problems == [], problems
    for c in b.cards.values():
        assert c.damage >= 0, (c.id, c.damage)
        if c.damage:
            assert b.zone_kind(c.zone) == "area", (c.id, c.zone)
    for p in b.players.values():
        assert all(v >= 0 for v in p.counters.values())


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(game_boards(), st.data())
def test_random_play_keeps_every_card_in_exactly_one_zone(data_board, data):
    board = load_data(data_board, "gen.yaml")
    assume(not [f for f in status(board) if f.severity == "error"])
    ids = set(board.cards)
    known = {i for i, c in board.cards.items() if c.known}
    budget = [data.draw(st.integers(0, 10), label="actions")]

    def ask_action(flow, point, player):
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        return data.draw(st.sampled_from(legal_actions(flow.g, point, player)), label=point)

    def on_step(step):
        check_invariants(board)

    run = run_board(board, chooser=Policy(), ask_action=ask_action, on_step=on_step,
                    max_rounds=300)
    assert run.stop in ("actions_exhausted", "game_over", "illegal_action", "until"), \
        (run.stop, run.error)
    check_invariants(board)
    # nothing lost, duplicated or created (an unknown card the run gave a field to keep is
    # written back under an id a file can hold: P2.deck#1 -> P2-deck-1)
    assert len(board.cards) == len(ids) and known <= set(board.cards)
    event(f"stop: {run.stop}")
    final = load_data(run.final, "final.yaml")
    errs = [f for f in status(final) if f.severity == "error"]
    assert not errs, [f.message for f in errs]


LOOP_BOARD = {
    "ruleset": "g2022",
    "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "step": "703.3"},
    "players": {"P1": {"deck": 10, "C": [{"id": "X", "power": 1, "cost": 1, "abilities": [
        {"auto": "sleeps", "of": "self", "effect": [{"reboot": "self"}]},
        {"auto": "reboots", "of": "self", "effect": [{"sleep": "self"}]}]}]},
        "P2": {"deck": 10}},
    "events": [{"sleep": "X", "source": "X"}],
}


@pytest.mark.parametrize("with_choice", [False, True])
def test_pre_processing_always_ends(with_choice):
    """The g2022 rules have no clause for an endless pre-processing (reading unending-loop):
    a loop nobody can change stops the run and says so; one a player could stop by a choice
    is cut by the engine's budget. Neither is a ruling: nobody wins, there is no draw."""
    data = copy.deepcopy(LOOP_BOARD)
    if with_choice:
        ab = data["players"]["P1"]["C"][0]["abilities"][0]
        ab["effect"] = [{"may": [{"reboot": "self"}]}]
    board = load_data(data, "loop.yaml")
    run = run_board(board, chooser=Policy(), max_rounds=200)
    assert run.outcome["result"] == "none"
    if with_choice:
        assert run.stop == "budget"
    else:
        assert run.stop == "unsupported" and "unending-loop" in run.trace.readings
    check_invariants(board)


def test_identical_triggers_resolved_one_by_one_are_no_loop():
    """Three charas leave at once and one ability triggers three times (908.1b). Resolving the
    instances one at a time passes through states that differ only in how many are pending:
    the loop check must tell them apart (it once took 3 and 1 pending for the same state)."""
    board = load_data({
        "ruleset": "g2022",
        "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "step": "703.3"},
        "players": {
            "P1": {"deck": 0, "L": [{"id": "a", "power": 1, "cost": 0, "damage": 1}],
                   "C": [{"id": "b", "power": 1, "cost": 0, "damage": 1}],
                   "R": [{"id": "c", "power": 1, "cost": 0, "damage": 1}]},
            "P2": {"deck": 0, "C": [{"id": "w", "power": 1, "cost": 0, "abilities": [
                {"auto": "retired", "of": {"controller": "opponent"},
                 "effect": [{"damage": 2, "to": {"choose": 1, "from": {"controller": "opponent"}}}]}]}]},
        }}, "cascade.yaml")
    run = run_board(board, chooser=Policy())
    assert run.stop == "actions_exhausted" and "unending-loop" not in run.trace.readings
    assert "908.1b" in run.cited()
    assert board.pzone("P1", "energy") == ["a", "b", "c"]
