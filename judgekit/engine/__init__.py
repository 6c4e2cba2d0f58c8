"""Rules engines: a ruleset-neutral core and one engine package per ruleset.

    from judgekit.engine import run_file, coverage, engine_for
    run = run_file("examples/zx/T01-battle-lethal-damage.yaml")
    run.to_json()            # the trace (docs/trace-format.md)
    coverage("zx")           # [{"id", "summary", "handlers", "examples", ...}, ...]
    engine_for("zx")         # the ruleset's protocol object (judgekit.engine.protocol)

The core (game, procedure, flow, run, trace, registry, choices, expect, coverage) imports no
ruleset: this table names each engine's package, loaded on first use.
"""

from __future__ import annotations

from .engines import ENGINES, GAMES_WITH_ENGINE, NoEngine, engine_for, registry_for


def source_info(board) -> dict:
    """What a trace records about its board file: the path and the sha256 of the bytes the
    board was loaded from (judgekit.board.load_file), never of a second read."""
    return {"file": board.filename, "sha256": board.sha256}


def run_file(path: str, **kw):
    """Load a board file and run it in strict mode (choices from the file)."""
    from ..board import load_file
    from .run import run_board

    board = load_file(path)
    return run_board(board, source=lambda: source_info(board), **kw)


def coverage(game: str) -> list[dict]:
    from .clause_coverage import coverage as _cov

    return _cov(game)


def reading_coverage(game: str) -> list[dict]:
    from .clause_coverage import reading_coverage as _rc

    return _rc(game)


__all__ = ["reading_coverage", "ENGINES", "GAMES_WITH_ENGINE", "NoEngine", "engine_for", "registry_for",
           "run_file", "source_info", "coverage"]
