"""Priority pre-processing under a cascade of triggered abilities and destructions.

Two boards, each built for N = 50, 100, 200, 400 triggered abilities:

  chain  One event (P2's 《特攻兵》 K0 appears) starts a cascade inside ONE pre-processing:
         its 登場時 ability deals itself lethal damage → destroyed in the next pass (904.1) →
         P2's 《連鎖の召喚陣》 triggers (808.1) and puts the top card of P2's deck, the next
         特攻兵, onto the square → … N triggered abilities and N/2 destructions
         (N = 200: 200 triggers, 100 destructions, as the issue asks).
  wide   One effect puts N cards into P2's resource at once: 《銀幕姫》 triggers N times
         (808.3c); each resolution is followed by a full rule-effect check (702.2b → 702.2a).

The choices are made by the first-legal-option policy (no choice is asked in either board:
each 808.2a pick is among instances of one ability). Time is the minimum of several runs of
`run_board` (trace recording included, board loading excluded). Linear growth shows as a
constant time per trigger.

    .venv/bin/python benchmarks/engine_cascade.py [--repeat 5] [--clock cpu]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from judgekit.board import load_data  # noqa: E402
from judgekit.engine.choices import Policy  # noqa: E402
from judgekit.engine.run import run_board  # noqa: E402

PLAYER_CARDS = {"N-C": [{"id": "pc2", "type": "player", "owner": "P2"}],
                "S-C": [{"id": "pc1", "type": "player", "owner": "P1"}]}
KAMIKAZE = [{"auto": "appears", "of": "self", "text": "自 このカードが登場した時、このカードに1000ダメージ。",
             "effect": [{"damage": 1000, "to": "self"}]}]


def chain_board(n_triggers: int) -> dict:
    m = n_triggers // 2  # m 特攻兵: m appearances + m destructions = 2m triggered abilities
    deck = [{"id": f"K{i}", "name": "特攻兵", "type": "zekusu", "power": 1000,
             "abilities": KAMIKAZE} for i in range(m)]
    deck.append({"id": "Stop", "name": "殿", "type": "zekusu", "power": 9000})
    deck.append({"unknown": 5})
    squares = dict(PLAYER_CARDS)
    squares["N-L"] = [{
        "id": "S", "name": "連鎖の召喚陣", "power": 9000, "owner": "P2",
        "abilities": [
            {"static": "charge_limit", "value": "none"},
            {"auto": "destroyed", "of": {"controller": "you", "other": True},
             "effect": [{"appear": "deck_top", "square": "N-R"}]},
        ]}]
    squares["M-C"] = [{"id": "A", "power": 5000, "owner": "P1"}]
    return {"ruleset": "zx",
            "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "step": "506.3"},
            "players": {"P1": {"deck": 20, "life": 4}, "P2": {"deck": deck, "life": 4}},
            "squares": squares,
            "events": [{"appear": "K0", "square": "N-R", "source": "S", "controller": "P2"}]}


def wide_board(n_triggers: int) -> dict:
    squares = dict(PLAYER_CARDS)
    squares["M-C"] = [{"id": "Bar", "name": "銀幕姫", "power": 4000, "owner": "P1",
                       "abilities": [{"auto": "put_into", "zone": "resource",
                                      "player": "opponent", "effect": [{"draw": 1}]}]}]
    return {"ruleset": "zx",
            "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "step": "506.3"},
            "players": {"P1": {"deck": n_triggers + 5, "life": 4},
                        "P2": {"deck": 20, "life": 4, "hand": n_triggers}},
            "squares": squares,
            "events": [{"move": {"all": {"zone": "hand", "owner": "opponent"}},
                        "to": "resource", "source": "Bar"}]}


CLOCK = time.perf_counter


def measure(build, n: int, repeat: int, collect: bool = True) -> tuple[float, dict]:
    """Best time of `repeat` runs; with collect=False the cyclic garbage collector is paused
    during the run (it scans the growing trace, which adds a slowly growing cost)."""
    best = float("inf")
    stats: dict = {}
    data = build(n)
    for _ in range(repeat):
        board = load_data(data, f"bench-{n}.yaml")
        gc.collect()
        if not collect:
            gc.disable()
        t0 = CLOCK()
        try:
            run = run_board(board, chooser=Policy())
        finally:
            dt = CLOCK() - t0
            gc.enable()
        best = min(best, dt)
        stats = {
            "triggers": sum(1 for s in run.steps for ch in s.changes if ch["op"] == "trigger+"),
            "destroyed": sum(1 for s in run.steps if "904.1" in s.cites
                             and s.kind == "rule_effect"),
            "steps": len(run.steps),
            "pp": sum(1 for s in run.steps if s.kind == "pp" and s.depth == 0),
            "stop": run.stop,
        }
        assert board.integrity() == []
    return best, stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sizes", default="50,100,200,400")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="cpu: this process's CPU time (steadier on a machine doing other work)")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    sizes = [int(x) for x in args.sizes.split(",")]
    print(f"{'board':<6} {'N':>4} {'triggers':>8} {'destroyed':>9} {'steps':>6} "
          f"{'time ms':>8} {'µs/trigger':>10} {'(gc paused)':>12}")
    for name, build in (("chain", chain_board), ("wide", wide_board)):
        first = last = None
        for n in sizes:
            dt, st = measure(build, n, args.repeat)
            dt0, _ = measure(build, n, args.repeat, collect=False)
            per = dt / max(st["triggers"], 1) * 1e6
            per0 = dt0 / max(st["triggers"], 1) * 1e6
            first = first or (n, dt)
            last = (n, dt)
            assert st["pp"] == 1, "the whole cascade is one pre-processing"
            print(f"{name:<6} {n:>4} {st['triggers']:>8} {st['destroyed']:>9} {st['steps']:>6} "
                  f"{dt * 1000:>8.1f} {per:>10.1f} {per0:>12.1f}")
        growth = (last[1] / first[1]) / (last[0] / first[0])
        print(f"{'':<6} time grew {last[1] / first[1]:.1f}× for {last[0] / first[0]:.0f}× the "
              f"triggers (1.0 = linear: {growth:.2f})\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
