"""The g2022 rules engine (an account/mission TCG whose title is not in its source, Ver.1.0.0).

Phase 1: the clause registry (clauses.py), the readings of contradictory, lost or silent
clauses (readings.py) and the board model (model.py). The engine proper is built on the
ruleset-neutral core (judgekit/engine/protocol.py) when it lands.
"""

from __future__ import annotations

from .clauses import REGISTRY
from .readings import READINGS

__all__ = ["REGISTRY", "READINGS"]
