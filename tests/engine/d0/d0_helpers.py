"""Shared helpers for the D0 engine tests: run a bundled example once and read its result."""

from __future__ import annotations

import functools
import glob
import os

from engine_helpers import ROOT
from engine_helpers import RunView as BaseRunView
from engine_helpers import example_path as base_example_path

from judgekit.board import load_file, load_text
from judgekit.engine.run import run_board

EXAMPLE_DIR = os.path.join(ROOT, "examples", "d0")
EXAMPLES = sorted(glob.glob(os.path.join(EXAMPLE_DIR, "*.yaml")))


def example_path(prefix: str) -> str:
    """The D0 example whose name is `prefix` or starts with `prefix-`."""
    return base_example_path(prefix, EXAMPLES)


class RunView(BaseRunView):
    """A finished run with short accessors for assertions (the engine tests' RunView, with
    D0's effective power and smash)."""

    def power(self, cid: str) -> int:
        from judgekit.engine.d0.values import power

        return power(self.g, self.b.cards[cid])

    def smash(self, cid: str) -> int:
        from judgekit.engine.d0.values import smash

        return smash(self.g, self.b.cards[cid])

    def move_step(self, cid: str, to: str) -> int:
        return next(s.index for s, ch in self.changes("move")
                    if ch["card"] == cid and ch["to"] == to)

    def stacks(self) -> list[list[str]]:
        """The stack after each change of it, in order (labels, bottom first)."""
        return [ch["stack"] for _, ch in self.changes() if ch.get("op") in ("stack+", "stack-")]

    def triggered(self) -> list[str]:
        return [ch["trigger"] for _, ch in self.changes("trigger+")]

    def results(self) -> list[dict]:
        return list(self.b.results)

    def priority_steps(self) -> list:
        return [s for s in self.steps if s.kind == "priority"
                and s.message.startswith(f"{s.player} receives priority")]


@functools.lru_cache(maxsize=None)
def run_example(prefix: str) -> RunView:
    return RunView(run_board(load_file(example_path(prefix))))


def run_text(text: str) -> RunView:
    return RunView(run_board(load_text(text, "<test>")))
