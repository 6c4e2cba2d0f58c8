"""Shared helpers for the cold-start benchmarks: wall time of whole processes, side by side."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time


def venv_bin(name: str) -> str:
    """An executable next to the running interpreter (the same virtual environment)."""
    return os.path.join(os.path.dirname(sys.executable), name)


def wall(cmd: list[str], env: dict | None = None) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    return time.perf_counter() - t


def side_by_side(cmds: dict[str, list[str]], rounds: int, warmup: int = 3,
                 env: dict | None = None) -> dict[str, dict[str, float]]:
    """Run the commands interleaved (so machine noise hits all alike); times in ms."""
    for _ in range(warmup):
        for c in cmds.values():
            wall(c, env)
    samples: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(rounds):
        for k, c in cmds.items():
            samples[k].append(wall(c, env) * 1000)
    out = {}
    for k, xs in samples.items():
        xs.sort()
        out[k] = {"median": statistics.median(xs), "p10": xs[len(xs) // 10],
                  "p90": xs[(len(xs) * 9) // 10], "min": xs[0]}
    return out
