"""Clause trees of every ruleset: `load(game)` returns a parsed, cached `Ruleset`.

    >>> from judgekit.rules import load
    >>> rs = load("zx")
    >>> rs["702.2a"].text[:12]
    'ルールエフェクト(900)'

Kept import-light: this is on the cold path of `judgekit rule`.
"""

from __future__ import annotations

from .model import Clause, Ref, Ruleset

GAMES = ("zx", "g2022", "d0", "thv")

_loaded: dict = {}


def load(game: str) -> Ruleset:
    """The parsed ruleset `game` (cached on disk and in this process)."""
    if game not in GAMES:
        raise KeyError(f"unknown ruleset {game!r}; known: {', '.join(GAMES)}")
    rs = _loaded.get(game)
    if rs is None:
        from .cache import load as _load

        rs = _loaded[game] = _load(game)
    return rs


def clear_memory_cache() -> None:
    _loaded.clear()


__all__ = ["GAMES", "Clause", "Ref", "Ruleset", "load", "clear_memory_cache"]
