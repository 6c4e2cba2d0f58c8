"""Rules engines: a ruleset-independent core (registry, trace, choices) and one engine per
game (only Z/X so far: judgekit.engine.zx).

    from judgekit.engine import run_file, coverage
    run = run_file("examples/zx/T01-battle-lethal-damage.yaml")
    run.to_json()            # the trace (docs/trace-format.md)
    coverage("zx")           # [{"id", "summary", "handlers", "examples", ...}, ...]
"""

from __future__ import annotations

GAMES_WITH_ENGINE = ("zx",)


def registry_for(game: str):
    """The rule registry of a game's engine (judgekit.engine.registry.Registry)."""
    if game != "zx":
        raise KeyError(f"no engine for {game!r}; engines exist for: {', '.join(GAMES_WITH_ENGINE)}")
    from .zx import REGISTRY

    return REGISTRY


def source_info(board) -> dict:
    """What a trace records about its board file: the path and the sha256 of the bytes the
    board was loaded from (judgekit.board.load_file), never of a second read."""
    return {"file": board.filename, "sha256": board.sha256}


def run_file(path: str, **kw):
    """Load a board file and run it in strict mode (choices from the file)."""
    from ..board import load_file
    from .zx import run_board

    board = load_file(path)
    return run_board(board, source=source_info(board), **kw)


def coverage(game: str = "zx") -> list[dict]:
    from .clause_coverage import coverage as _cov

    return _cov(game)


__all__ = ["registry_for", "run_file", "source_info", "coverage", "GAMES_WITH_ENGINE"]
