"""FEN-like in and out: what `dump` writes, `load` reads back to the same board; the final board
of every run is itself a valid starting file."""

from __future__ import annotations

import glob
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgekit.board import dump_yaml, load_text, status, to_data
from judgekit.engine.zx.spec import PLAYER_ZONES, SQUARES
from judgekit.engine.run import run_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "zx", "*.yaml")))


def load(path):
    with open(path, encoding="utf-8") as f:
        return load_text(f.read(), os.path.relpath(path, ROOT))


def test_there_are_examples():
    assert len(EXAMPLES) >= 60


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_dump_load_dump_is_stable(path):
    b = load(path)
    once = dump_yaml(b)
    again = dump_yaml(load_text(once, "dumped.yaml"))
    assert once == again
    assert to_data(load_text(once, "x")) == to_data(b)


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_final_board_is_a_valid_starting_file(path):
    run = run_board(load(path))
    from judgekit.board.dump import dump_data

    text = dump_data(run.final)
    b2 = load_text(text, "final.yaml")
    assert [f for f in status(b2) if f.severity == "error"] == []
    assert b2.integrity() == []
    # the written state is the state the run ended in
    assert b2.step == run.board.step
    for z, ids in run.board.zones.items():
        assert len(b2.zones[z]) == len(ids), z
        known = [i for i in ids if run.board.cards[i].known]
        assert [i for i in b2.zones[z] if b2.cards[i].known] == known, z
    for cid, c in run.board.cards.items():
        if c.known:
            c2 = b2.cards[cid]
            assert (c2.zone, c2.state, c2.damage, c2.face_now, c2.controller) == \
                (c.zone, c.state, c.damage, c.face_now, c.controller), cid
    # and running it again continues from there without error
    run2 = run_board(b2)
    assert run2.stop in ("actions_exhausted", "until", "game_over", "illegal_action")


# ---- random boards ---------------------------------------------------------------------------

names = st.text(alphabet="赤青白黒緑騎士竜abcXYZ", min_size=0, max_size=6)


@st.composite
def boards(draw):
    n = [0]

    def cid():
        n[0] += 1
        return f"c{n[0]}"

    def card(owner=None, zekusu=True):
        d = {"id": cid(), "name": draw(names)}
        if zekusu:
            d["power"] = draw(st.integers(0, 12)) * 500
            d["type"] = "zekusu"
        else:
            d["type"] = draw(st.sampled_from(["zekusu", "event"]))
        if draw(st.booleans()):
            d["colors"] = draw(st.lists(st.sampled_from(["red", "blue", "white", "black",
                                                          "green"]), max_size=2, unique=True))
        if draw(st.booleans()):
            d["icons"] = ["ignition"]
        if owner:
            d["owner"] = owner
        return d

    players = {}
    for p in ("P1", "P2"):
        pd = {}
        for z in PLAYER_ZONES:
            kind = draw(st.integers(0, 2))
            if kind == 0:
                pd[z] = draw(st.integers(0, 4))
            elif kind == 1:
                pd[z] = [card(zekusu=False) for _ in range(draw(st.integers(0, 3)))]
            else:
                pd[z] = [card(zekusu=False), {"unknown": draw(st.integers(1, 3))}]
        pd["damage"] = draw(st.integers(0, 2))
        players[p] = pd
    squares = {"N-C": [{"id": "pc2", "type": "player", "owner": "P2"}],
               "S-C": [{"id": "pc1", "type": "player", "owner": "P1"}]}
    for sq in draw(st.lists(st.sampled_from(SQUARES), max_size=4, unique=True)):
        c = card(owner=draw(st.sampled_from(["P1", "P2"])))
        c["state"] = draw(st.sampled_from(["reboot", "sleep"]))
        c["damage"] = draw(st.integers(0, 3)) * 1000
        squares.setdefault(sq, []).append(c)
    return {"ruleset": "zx", "game": {"turn": 3, "turn_player": "P1", "first_player": "P1",
                                      "step": "506.3"},
            "players": players, "squares": squares}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_random_boards_round_trip(data):
    from judgekit.board.dump import dump_data

    b = load_text(dump_data(data), "gen.yaml")
    text = dump_yaml(b)
    b2 = load_text(text, "again.yaml")
    assert dump_yaml(b2) == text
    assert b2.integrity() == []
    assert {z: len(v) for z, v in b2.zones.items()} == {z: len(v) for z, v in b.zones.items()}


def test_unknown_cards_keep_their_state_when_written_back():
    # smash or resource cards frozen / slept to pay a cost are still unknown cards: the writer
    # used to fold them into a bare count and lose the state (or write their generated id,
    # which no file may hold)
    from judgekit.board import dump_yaml, load_text

    text = ("ruleset: d0\ngame: {turn: 3, turn_player: P1, first_player: P1}\nplayers:\n"
            "  P1:\n    smash: [{unknown: 2, state: frozen}, {unknown: 3}]\n"
            "    energy: [{unknown: 1, state: frozen}]\n")
    b = load_text(text, "u.yaml")
    assert [c.state for c in b.cards_in("P1.smash")] == ["frozen"] * 2 + ["released"] * 3
    again = load_text(dump_yaml(b), "u2.yaml")
    assert [c.state for c in again.cards_in("P1.smash")] == ["frozen"] * 2 + ["released"] * 3
    assert [c.state for c in again.cards_in("P1.energy")] == ["frozen"]
    zx = ("ruleset: zx\nplayers:\n  P1:\n    resource: [{unknown: 1, state: sleep}, "
          "{unknown: 1}]\n")
    again = load_text(dump_yaml(load_text(zx, "z.yaml")), "z2.yaml")
    assert [c.state for c in again.cards_in("P1.resource")] == ["sleep", "reboot"]


def test_unknown_cards_keep_their_state():
    """Unknown cards in a zone with states (a Z/X resource paid from) are written back with
    their state: `{unknown: N, state: sleep}`; a zone of unknown cards in the usual state stays
    a bare count."""
    text = ("ruleset: zx\ngame: {turn: 3, turn_player: P1, first_player: P1, step: '506.2'}\n"
            "players:\n  P1: {deck: 5, life: 2, resource: [{unknown: 2, state: sleep}, "
            "{unknown: 1}]}\n  P2: {deck: 5, life: 2, resource: 3}\n"
            "squares:\n  N-C: [{id: pc2, type: player, owner: P2}]\n"
            "  S-C: [{id: pc1, type: player, owner: P1}]\n")
    b = load_text(text, "unknown-state.yaml")
    assert [b.cards[i].state for i in b.zones["P1.resource"]] == ["sleep", "sleep", "reboot"]
    data = to_data(b)
    assert data["players"]["P1"]["resource"] == [{"unknown": 2, "state": "sleep"},
                                                 {"unknown": 1}]
    assert data["players"]["P2"]["resource"] == 3
    b.cards["P2.resource#2"].state = "sleep"
    b.cards["P2.resource#3"].face = "down"  # face down in a public zone
    b2 = load_text(dump_yaml(b), "again.yaml")
    assert [b2.cards[i].state for i in b2.zones["P2.resource"]] == ["reboot", "sleep", "reboot"]
    assert [b2.cards[i].face for i in b2.zones["P2.resource"]] == [None, None, "down"]
    assert to_data(b2)["players"]["P2"]["resource"] == [
        {"unknown": 1}, {"unknown": 1, "state": "sleep"}, {"unknown": 1, "face": "down"}]


def test_a_list_shared_by_two_places_is_written_out_at_both():
    # a created trigger's effect is the same list as the ability that created it: the file
    # holds it twice, never as a YAML anchor and alias
    from judgekit.board.dump import dump_data

    effect = [{"draw": 1}]
    text = dump_data({"abilities": [{"effect": effect}], "delayed": [{"effect": effect}]})
    assert "&" not in text and "*" not in text and text.count("draw: 1") == 2
