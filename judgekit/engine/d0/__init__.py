"""The Dimension Zero engine (総合ルール Version 19.00): a stack, simultaneous rule effects,
deferred battles, APNAP trigger stacking, suspended stacks and waiting battles.

Phase 1 (before the ruleset-neutral core lands): the clause registry, the readings, the board
model and the bundled scenarios. See docs/board-format-d0.md and docs/engine-d0.md.
"""

from __future__ import annotations

from .clauses import REGISTRY
from .readings import READINGS

__all__ = ["REGISTRY", "READINGS"]
