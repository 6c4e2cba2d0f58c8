"""A run's final board (`step --final`) is always a valid starting board: `board check` finds
no error in it — for every bundled example, for the bundled examples mutated (their events'
`source:` removed, which the writer once turned into `source: null`), and for the boards
issue 22 found invalid: g2022 `appear:` of a non-chara (1109.1), a chara that becomes EXP
with EXP cards and an engage of its own (513.3b, 514.3b) or of itself, a D0 strategy whose
effect puts it onto a square (2.20.3-3, 4.9.2-8)."""

from __future__ import annotations

import glob
import os

import pytest
import yaml

from judgekit.board import load_data, load_text, status
from judgekit.board.dump import dump_data
from judgekit.engine.run import run_board
from judgekit.paths import project_root

FILES = sorted(glob.glob(os.path.join(project_root(), "examples", "*", "*.yaml")))


def final_errors(run) -> list[str]:
    text = dump_data(run.final)
    b = load_text(text, "final.yaml")  # a syntax problem raises, with its line and column
    return [f"{f.code}: {f.message}" for f in status(b) if f.severity == "error"]


def _load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


@pytest.mark.parametrize("game", ["zx", "g2022", "d0", "thv"])
def test_every_bundled_example_ends_on_a_valid_board(game):
    bad = {}
    for path in FILES:
        if os.path.basename(os.path.dirname(path)) != game:
            continue
        data = _load(path)
        run = run_board(load_data(data, path))
        errs = final_errors(run)
        if errs:
            bad[os.path.basename(path)] = errs
        # the same board with every event's source (and controller) left out
        if any(isinstance(e, dict) and ("source" in e or "controller" in e)
               for e in data.get("events") or []):
            data = dict(data, events=[{k: v for k, v in e.items()
                                       if k not in ("source", "controller")}
                                      for e in data["events"]])
            data.pop("expect", None)
            errs = final_errors(run_board(load_data(data, path)))
            if errs:
                bad[os.path.basename(path) + " (no source)"] = errs
    assert not bad, bad


G2022 = """\
ruleset: g2022
game: {{turn: 3, turn_player: P1, first_player: P1, step: "703.2"}}
players:
  P1:
    deck: 10
    C: [{{id: H, cost: 3, power: 4}}]
    L: [{{id: X, cost: 2, power: 2}}]
    exp: [{{id: x1, under: X}}]
    connect: [{{id: E1, type: engage, cost: 1, under: X}}]
    missions: [{{id: M, type: mission}}]
    hand:
      - {{id: V, type: event, cost: 0, abilities: [{{event: [{effect}]}}]}}
  P2: {{deck: 10}}
actions:
  - {{play: V}}
"""


def fb(run):
    return load_data(run.final, "final.yaml")


def _run(text):
    from judgekit.board import load_text as lt

    return run_board(lt(text, "probe.yaml"))


@pytest.mark.parametrize("effect", ["{appear: V}", "{appear: M}", "{appear: E1}"])
def test_g2022_only_a_chara_appears(effect):
    run = _run(G2022.format(effect=effect))
    assert final_errors(run) == []
    cid = effect.split(": ")[1].rstrip("}")
    assert not fb(run).cards[cid].zone.endswith((".C", ".L", ".R"))
    assert any("1109.1" in s.cites and "not a chara" in s.message for s in run.steps)


def test_g2022_a_chara_becoming_exp_takes_its_exp_and_engage_along():
    run = _run(G2022.format(effect="{exp: X, of: H}"))
    assert final_errors(run) == []
    b = fb(run)
    for cid in ("X", "x1", "E1"):
        assert (b.cards[cid].zone, b.cards[cid].under) == ("P1.exp", "H"), cid


def test_g2022_a_chara_does_not_become_its_own_exp():
    run = _run(G2022.format(effect="{exp: X, of: X}"))
    assert final_errors(run) == []
    b = fb(run)
    assert b.cards["X"].zone == "P1.L" and b.cards["x1"].under == "X"
    assert any("513.3" in s.cites and "its own EXP" in s.message for s in run.steps)


def test_d0_a_strategy_that_puts_itself_onto_a_square_goes_to_the_graveyard():
    text = """\
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
players:
  P1:
    deck: 20
    hand:
      - {id: TV, type: strategy, cost: {blue: 1}, abilities: [{spell: [{put: self, square: C1}]}]}
    energy: [{id: e1, colors: [blue]}]
  P2: {deck: 20, hand: 1}
actions:
  - {play: TV, pay: [e1]}
  - pass
  - pass
"""
    run = _run(text)
    assert final_errors(run) == []
    assert fb(run).cards["TV"].zone == "P1.graveyard"
    assert any({"4.9.2-8", "2.20.3-3"} <= set(s.cites) and "does not stay" in s.message
               for s in run.steps)


@pytest.mark.parametrize("text", [
    "ruleset: g2022\ngame: {turn: 3, turn_player: P1, first_player: P1, step: '703.2'}\n"
    "players:\n  P1: {deck: 10}\n  P2: {deck: 10, C: [{id: B, cost: 2, power: 3}]}\n"
    "events:\n  - {power: -1, to: B, until: mission_end}\n",
    "ruleset: d0\ngame: {turn: 4, turn_player: P2, first_player: P1, phase: main, priority: P2}\n"
    "players:\n  P1: {deck: 20}\n  P2: {deck: 20}\nsquares:\n"
    "  C3: [{id: U, power: 3000, smash: 1, owner: P1, state: released}]\n"
    "events:\n  - {modify: {power: 1000}, to: U, until: turn_end}\n",
])
def test_an_effect_given_as_an_event_without_source_is_written_without_one(text):
    run = _run(text)
    assert final_errors(run) == []
    assert all("source" not in e for e in run.final.get("effects", []))
