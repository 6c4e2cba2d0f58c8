"""東方VISION costs on the core pipeline: a raise that makes a cost unpayable stops the play
before it is attempted (1.8.9.e), and X is asked when the action does not name it (1.8.7.h)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from thv_helpers import RunView  # noqa: E402

from judgekit.board import load_text  # noqa: E402
from judgekit.engine.run import run_board  # noqa: E402

_EX = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "thv")


def _run(name: str, edit=lambda s: s) -> RunView:
    with open(os.path.join(_EX, name), encoding="utf-8") as f:
        text = edit(f.read())
    return RunView(run_board(load_text(text, name)))


def test_a_raise_that_makes_the_cost_unpayable_stops_the_play():
    # 封印の札 costs 2 + 1 = 3; with 2 nodes it cannot be attempted (1.8.9.e), nothing is paid
    r = _run("R1.8.7j-cost-raised-and-lowered.yaml",
             lambda s: s.replace("nodes: [{unknown: 3}]", "nodes: [{unknown: 2}]"))
    assert r.run.stop == "illegal_action" and r.zone("S") == "P1.hand"
    assert "1.8.9.e" in r.run.error["cites"] and r.asleep("P1") == 0


def test_x_is_asked_when_the_action_does_not_name_it():
    r = _run("R1.8.7h-x-cost.yaml", lambda s: s.replace("{play: S, x: 3}", "{play: S}").replace(
        "actions:", 'choices: {"1.8.7.h": [2]}\nactions:'))
    assert r.lp("P2") == 8 and r.asleep("P1") == 2
