"""The table of engines: which ruleset has one, and where its package is.

The core imports no ruleset: each engine package is named here and loaded on first use.
Adding a ruleset's engine adds one line to ENGINES.
"""

from __future__ import annotations

ENGINES = {
    "zx": "judgekit.engine.zx",
    "g2022": "judgekit.engine.g2022",
    "d0": "judgekit.engine.d0",
    "thv": "judgekit.engine.thv",
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
