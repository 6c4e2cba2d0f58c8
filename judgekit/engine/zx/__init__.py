"""The Z/X rules engine: priority pre-processing (702), rule effects (900s), auto abilities
(808), play (804–807), the turn (500s) and battle (600s), keyword abilities (1100s).

    from judgekit.board import load_file
    from judgekit.engine.zx import run_board
    run = run_board(load_file("examples/zx/T10-player-damage.yaml"))
    for s in run.steps: print(s.context, s.cites, s.message)
"""

from .clauses import REGISTRY
from .params import derived
from .readings import READINGS
from .run import Run, run_board

__all__ = ["REGISTRY", "READINGS", "Run", "derived", "run_board"]
