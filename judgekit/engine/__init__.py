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

ENGINES = {
    "zx": "judgekit.engine.zx",
}
GAMES_WITH_ENGINE = tuple(ENGINES)


class NoEngine(LookupError):
    """The ruleset has no engine (yet): lookup and search work, stepping a board does not."""


def engine_for(game: str):
    """The `RulesetEngine` of a game (judgekit.engine.protocol); NoEngine (one sentence) when
    there is none."""
    path = ENGINES.get(game)
    if path is None:
        from ..rules import GAMES

        have = ", ".join(GAMES_WITH_ENGINE)
        if game in GAMES:
            raise NoEngine(f"the {game} ruleset has no engine yet: its rules can be looked up "
                           f"and searched, but boards can be checked and stepped only for "
                           f"{have}")
        raise NoEngine(f"unknown ruleset {game!r}; rulesets with an engine: {have}")
    import importlib

    return importlib.import_module(path).ENGINE


def registry_for(game: str):
    """The rule registry of a game's engine (judgekit.engine.registry.Registry)."""
    return engine_for(game).registry


def source_info(path: str) -> dict:
    """What a trace records about its board file: the path and the sha256 of its bytes."""
    import hashlib

    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    return {"file": path, "sha256": digest}


def run_file(path: str, **kw):
    """Load a board file and run it in strict mode (choices from the file)."""
    from ..board import load_file
    from .run import run_board

    board = load_file(path)
    return run_board(board, source=source_info(path), **kw)


def coverage(game: str = "zx") -> list[dict]:
    from .clause_coverage import coverage as _cov

    return _cov(game)


__all__ = ["ENGINES", "GAMES_WITH_ENGINE", "NoEngine", "engine_for", "registry_for",
           "run_file", "source_info", "coverage"]
