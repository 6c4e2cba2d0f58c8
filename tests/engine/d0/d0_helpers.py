"""Shared helpers for the D0 engine tests: run a bundled example once and read its result."""

from __future__ import annotations

import functools
import glob
import os

from judgekit.board import load_file, load_text
from judgekit.engine.run import run_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__)))))
EXAMPLE_DIR = os.path.join(ROOT, "examples", "d0")
EXAMPLES = sorted(glob.glob(os.path.join(EXAMPLE_DIR, "*.yaml")))


def example_path(prefix: str) -> str:
    names = {os.path.basename(p)[:-5]: p for p in EXAMPLES}
    if prefix in names:
        return names[prefix]
    hits = [p for n, p in names.items() if n.startswith(prefix)]
    if len(hits) == 1:
        return hits[0]
    raise AssertionError(f"no single example for {prefix!r}: {hits}")


class RunView:
    """A finished run with short accessors for assertions."""

    def __init__(self, run) -> None:
        self.run = run
        self.b = run.board
        self.g = run.game
        self.steps = run.steps
        self.outcome = run.outcome

    def zone(self, cid: str) -> str:
        c = self.b.cards.get(cid)
        return c.zone if c is not None else "gone"

    def state(self, cid: str):
        return self.b.cards[cid].state

    def damage(self, cid: str) -> int:
        return self.b.cards[cid].damage

    def power(self, cid: str) -> int:
        from judgekit.engine.d0.values import power

        return power(self.g, self.b.cards[cid])

    def smash(self, cid: str) -> int:
        from judgekit.engine.d0.values import smash

        return smash(self.g, self.b.cards[cid])

    def pl(self, p: str, zone: str) -> list[str]:
        return list(self.b.zones[f"{p}.{zone}"])

    def count(self, p: str, zone: str) -> int:
        return len(self.b.zones[f"{p}.{zone}"])

    def citing(self, cid: str) -> list:
        return [s for s in self.steps if cid in s.cites]

    def first(self, cid: str) -> int:
        return self.citing(cid)[0].index

    def last(self, cid: str) -> int:
        return self.citing(cid)[-1].index

    def changes(self, op: str | None = None):
        for s in self.steps:
            for ch in s.changes:
                if op is None or ch.get("op") == op:
                    yield s, ch

    def moves_of(self, cid: str) -> list[tuple[str, str]]:
        return [(ch["from"], ch["to"]) for _, ch in self.changes("move") if ch["card"] == cid]

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
