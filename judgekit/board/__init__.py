"""Z/X board-state files: load, validate, write back, check.

    >>> from judgekit.board import load_file, status, dump_yaml
    >>> b = load_file("examples/zx/T01-battle-lethal-damage.yaml")
    >>> [f.code for f in status(b)]
    []

`load_file`/`load_text` raise `BoardSyntaxError` for a file that is not a board file (YAML
syntax, structure), with file:line:column for every problem; `status(board)` lists the
semantic flags of a board that parsed. `dump_yaml(board)` writes the same format back.
"""

from __future__ import annotations

from .dump import dump_yaml, to_data
from .errors import BoardSyntaxError, Flag, Problem
from .load import load_data, load_file, load_text
from .model import Board, Card, Player
from .status import is_valid, status

__all__ = ["Board", "Card", "Player", "BoardSyntaxError", "Flag", "Problem", "load_file",
           "load_text", "load_data", "dump_yaml", "to_data", "status", "is_valid"]
