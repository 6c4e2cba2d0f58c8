"""Shared helpers for the g2022 engine tests: run a bundled example (or a board text) once and
read its result."""

from __future__ import annotations

import functools
import glob
import os

from engine_helpers import ROOT, RunView
from engine_helpers import example_path as base_example_path

from judgekit.board import load_file, load_text
from judgekit.engine.run import run_board

EXAMPLE_DIR = os.path.join(ROOT, "examples", "g2022")
EXAMPLES = sorted(glob.glob(os.path.join(EXAMPLE_DIR, "*.yaml")))


def example_path(prefix: str) -> str:
    """The g2022 example whose name is `prefix` or starts with `prefix-`."""
    return base_example_path(prefix, EXAMPLES)


class G(RunView):
    """A finished g2022 run: the engine tests' RunView with g2022's own accessors."""

    def face(self, cid: str):
        c = self.b.cards[cid]
        return c.face or self.b.default_face(c.zone)

    def under(self, cid: str):
        return self.b.cards[cid].under

    def power(self, cid: str):
        from judgekit.engine.g2022.params import power

        return power(self.run.game, self.b.cards[cid])

    def counters(self, p: str) -> dict:
        return dict(self.b.players[p].counters)

    def before(self, a: str, b: str) -> bool:
        """Some step citing `a` comes before every step citing `b`."""
        return self.cites(a) and self.cites(b) and self.first(a) < self.first(b)

    def said(self, cid: str, *words) -> bool:
        return any(all(w in s.message for w in words) for s in self.citing(cid))

    def triggered(self, prefix: str) -> int:
        return self.triggers_of(prefix)

    def readings(self) -> set:
        return set(self.run.trace.readings)

    @property
    def stop(self) -> str:
        return self.run.stop

    @property
    def result(self) -> str:
        return self.outcome.get("result")

    @property
    def winner(self):
        return self.outcome.get("winner")


@functools.lru_cache(maxsize=None)
def run_example(prefix: str) -> G:
    return G(run_board(load_file(example_path(prefix))))


def run_text(text: str, name: str = "<test>") -> G:
    return G(run_board(load_text(text, name)))
