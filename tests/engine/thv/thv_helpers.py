"""Shared helpers for the 東方VISION engine tests: run a bundled example once and read it."""

from __future__ import annotations

import functools
import glob
import os

from engine_helpers import ROOT
from engine_helpers import RunView as BaseRunView
from engine_helpers import example_path as base_example_path

from judgekit.board import load_file
from judgekit.engine.run import run_board

EXAMPLE_DIR = os.path.join(ROOT, "examples", "thv")
EXAMPLES = sorted(glob.glob(os.path.join(EXAMPLE_DIR, "*.yaml")))


def example_path(prefix: str) -> str:
    """The 東方VISION example whose name is `prefix` or starts with `prefix-`."""
    return base_example_path(prefix, EXAMPLES)


class RunView(BaseRunView):
    """A finished run with short accessors for assertions (the engine tests' RunView, plus
    what 東方VISION boards have: life points, sleeping nodes, priority grants)."""

    def lp(self, p: str) -> int:
        return self.b.players[p].lp

    def asleep(self, p: str) -> int:
        return sum(1 for i in self.b.zones[f"{p}.nodes"] if self.b.cards[i].state == "sleep")

    def before(self, a: str, b: str) -> bool:
        """Some step citing `a` comes before the first step citing `b`."""
        return self.cites(a) and self.cites(b) and self.first(a) < self.first(b)

    def lp_changes(self, p: str) -> list[tuple[int, int, int]]:
        """(step index, from, to) of p's life points."""
        return [(s.index, ch["from"], ch["to"]) for s, ch in self.changes("player")
                if ch["player"] == p and ch["field"] == "lp"]

    def grants(self) -> list:
        """The steps in which a player gains priority."""
        return [s for s in self.steps if s.kind == "priority" and "gains priority" in s.message]

    def msg(self, cid: str, *words) -> bool:
        return any(all(w in s.message for w in words) for s in self.citing(cid))


@functools.lru_cache(maxsize=None)
def run_example(prefix: str) -> RunView:
    return RunView(run_board(load_file(example_path(prefix))))
