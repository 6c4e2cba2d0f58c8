"""Shared helpers for the 東方VISION engine tests: run a bundled example once and read it."""

from __future__ import annotations

import functools
import glob
import os

from judgekit.board import load_file, load_text
from judgekit.engine.run import run_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
EXAMPLE_DIR = os.path.join(ROOT, "examples", "thv")
EXAMPLES = sorted(glob.glob(os.path.join(EXAMPLE_DIR, "*.yaml")))


def example_path(prefix: str) -> str:
    """The example whose name is `prefix` or starts with `prefix-`."""
    names = {os.path.basename(p)[:-5]: p for p in EXAMPLES}
    if prefix in names:
        return names[prefix]
    hits = [p for n, p in names.items() if n.split("-")[0] == prefix]
    if len(hits) == 1:
        return hits[0]
    raise AssertionError(f"no single example for {prefix!r}: {hits}")


class RunView:
    """A finished run with short accessors for assertions."""

    def __init__(self, run) -> None:
        self.run = run
        self.b = run.board
        self.steps = run.steps
        self.outcome = run.outcome

    def zone(self, cid: str) -> str:
        c = self.b.cards.get(cid)
        return c.zone if c is not None else "gone"

    def card(self, cid: str):
        return self.b.cards[cid]

    def state(self, cid: str):
        return self.b.cards[cid].state

    def damage(self, cid: str) -> int:
        return self.b.cards[cid].damage

    def lp(self, p: str) -> int:
        return self.b.players[p].lp

    def pl(self, p: str, zone: str) -> list[str]:
        return list(self.b.zones[f"{p}.{zone}"])

    def count(self, p: str, zone: str) -> int:
        return len(self.b.zones[f"{p}.{zone}"])

    def asleep(self, p: str) -> int:
        return sum(1 for i in self.b.zones[f"{p}.nodes"] if self.b.cards[i].state == "sleep")

    def citing(self, cid: str) -> list:
        return [s for s in self.steps if cid in s.cites]

    def cites(self, cid: str) -> bool:
        return bool(self.citing(cid))

    def first(self, cid: str) -> int:
        return self.citing(cid)[0].index

    def last(self, cid: str) -> int:
        return self.citing(cid)[-1].index

    def before(self, a: str, b: str) -> bool:
        """Some step citing `a` comes before the first step citing `b`."""
        return self.cites(a) and self.cites(b) and self.first(a) < self.first(b)

    def changes(self, op: str | None = None):
        for s in self.steps:
            for ch in s.changes:
                if op is None or ch.get("op") == op:
                    yield s, ch

    def moves_of(self, cid: str) -> list[tuple[str, str]]:
        return [(ch["from"], ch["to"]) for _, ch in self.changes("move") if ch["card"] == cid]

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


def run_text(text: str, name: str = "board.yaml", **kw) -> RunView:
    return RunView(run_board(load_text(text, name), **kw))
