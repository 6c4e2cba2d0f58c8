"""The table of engines, as the engine core names it: `judgekit.engines` (outside both the
board and the engine packages, so that neither imports the other to find a ruleset)."""

from __future__ import annotations

from ..engines import ENGINES, GAMES_WITH_ENGINE, NoEngine, engine_for, registry_for

__all__ = ["ENGINES", "GAMES_WITH_ENGINE", "NoEngine", "engine_for", "registry_for"]
