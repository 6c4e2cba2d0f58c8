"""Shared helpers for the engine tests: run a bundled example once and read its result."""

from __future__ import annotations

import functools
import glob
import os

from judgekit.board import load_file
from judgekit.engine.run import run_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE_DIR = os.path.join(ROOT, "examples", "zx")
EXAMPLES = sorted(glob.glob(os.path.join(EXAMPLE_DIR, "*.yaml")))


def example_path(prefix: str, examples: list | None = None) -> str:
    """The example whose name is `prefix`, starts with `prefix-`, or alone starts with it
    (among `examples`, by default the Z/X ones)."""
    names = {os.path.basename(p)[:-5]: p for p in (EXAMPLES if examples is None else examples)}
    if prefix in names:
        return names[prefix]
    for test in (lambda n: n.split("-")[0] == prefix, lambda n: n.startswith(prefix)):
        hits = [p for n, p in names.items() if test(n)]
        if len(hits) == 1:
            return hits[0]
    raise AssertionError(f"no single example for {prefix!r}")


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

    def card(self, cid: str):
        return self.b.cards[cid]

    def state(self, cid: str):
        return self.b.cards[cid].state

    def damage(self, cid: str) -> int:
        return self.b.cards[cid].damage

    def pl(self, p: str, zone: str) -> list[str]:
        return list(self.b.zones[f"{p}.{zone}"])

    def count(self, p: str, zone: str) -> int:
        return len(self.b.zones[f"{p}.{zone}"])

    def pdamage(self, p: str) -> int:
        return self.b.players[p].damage

    def citing(self, cid: str) -> list:
        return [s for s in self.steps if cid in s.cites]

    def first(self, cid: str) -> int:
        return self.citing(cid)[0].index

    def last(self, cid: str) -> int:
        return self.citing(cid)[-1].index

    def cites(self, cid: str) -> bool:
        return bool(self.citing(cid))

    def changes(self, op: str | None = None):
        for s in self.steps:
            for ch in s.changes:
                if op is None or ch.get("op") == op:
                    yield s, ch

    def moves_of(self, cid: str) -> list[tuple[str, str]]:
        return [(ch["from"], ch["to"]) for _, ch in self.changes("move") if ch["card"] == cid]

    def triggers_of(self, label_prefix: str) -> int:
        return sum(1 for _, ch in self.changes("trigger+") if ch["trigger"].startswith(
            label_prefix))

    def power(self, cid: str):
        from judgekit.engine.zx.params import power

        return power(self.run.game, self.b.cards[cid])


@functools.lru_cache(maxsize=None)
def run_example(prefix: str) -> RunView:
    return RunView(run_board(load_file(example_path(prefix))))


def zx_board(squares: dict | None = None, *, step: str = "506.2", p1: dict | None = None,
             p2: dict | None = None, turn: int = 3, **sections) -> dict:
    """A Z/X board as data: P1's turn, both player cards on their squares, 20 deck cards and 4
    life cards each, plus `squares` (a square's list is added after the player card there)
    and any other section (events, actions, choices, effects, timed, …)."""
    sq: dict = {"N-C": [{"id": "P2pc", "type": "player", "owner": "P2"}],
                "S-C": [{"id": "P1pc", "type": "player", "owner": "P1"}]}
    for k, cards in (squares or {}).items():
        sq[k] = sq.get(k, []) + list(cards)
    tp = "P1" if turn % 2 else "P2"
    return {"ruleset": "zx",
            "game": {"turn": turn, "turn_player": tp, "first_player": "P1", "step": step},
            "players": {"P1": {"deck": 20, "life": 4, "hand": 0, **(p1 or {})},
                        "P2": {"deck": 20, "life": 4, "hand": 0, **(p2 or {})}},
            "squares": sq, **sections}


def run_data(data: dict, **kw) -> RunView:
    """Run a board given as data (see zx_board); keyword arguments go to run_board."""
    from judgekit.board import load_data

    return RunView(run_board(load_data(data, "test.yaml"), **kw))


def final_board_errors(run) -> list[str]:
    """`board check` of the run's final board as `judgekit step --final` writes it: the error
    flags (a final board must be a valid starting board)."""
    from judgekit.board import load_text, status
    from judgekit.board.dump import dump_data

    b = load_text(dump_data(run.final), "final.yaml")
    return [f"{f.code}: {f.message}" for f in status(b) if f.severity == "error"]


def uncited(steps) -> list:
    """The steps that cite no clause, but for the file's own events (`kind: event`: what the
    judge wrote happened, not something the rules do) and a note that follows a reading (the
    reading names its clauses). Every other step applies a rule and must say which."""
    return [(s.index, s.kind, s.message[:80]) for s in steps
            if not s.cites and s.kind != "event" and not s.readings]

