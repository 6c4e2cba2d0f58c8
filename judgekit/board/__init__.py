"""Board-state files of every ruleset: load, validate, write back, check.

    >>> from judgekit.board import load_file, status, dump_yaml
    >>> b = load_file("examples/zx/T01-battle-lethal-damage.yaml")
    >>> [f.code for f in status(b)]
    []

A file's `ruleset:` picks the engine whose format reads it (judgekit/engine/<game>/spec.py);
the sections every ruleset shares are declared once in `common`. `load_file`/`load_text`
raise `BoardSyntaxError` for a file that is not a board file (YAML syntax, structure), with
file:line:column for every problem; `status(board)` lists the semantic flags of a board that
parsed. `dump_yaml(board)` writes the same format back.
"""

from __future__ import annotations

from .dump import dump_yaml, to_data
from .errors import BoardSyntaxError, Flag, Problem
from .load import load_data, load_file, load_text
from .model import BaseBoard, BaseCard, BasePlayer
from .status import is_valid, status

__all__ = ["BaseBoard", "BaseCard", "BasePlayer", "BoardSyntaxError", "Flag", "Problem",
           "load_file", "load_text", "load_data", "dump_yaml", "to_data", "status",
           "is_valid"]
