"""The table of rulesets with an engine: which ruleset has one, and where its package is.

It stands outside both `judgekit.board` and `judgekit.engine` and imports neither: the board
package reads a file's `ruleset:` here to find the format that reads it (the ruleset's spec
and model, in its engine package), and the engine core finds the ruleset's rules here. Each
engine package is named by a string and loaded on first use (like an entry point), so neither
package imports the other to reach a ruleset, and the core imports no ruleset. Adding a
ruleset's engine adds one line to ENGINES.
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
        from .rules import GAMES

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
