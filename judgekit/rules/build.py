"""Build a `Ruleset` from `rules_data/<game>/`: parse, tree, references, companion documents.

This is the slow path, run on a cache miss only (see `judgekit.rules.cache`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .model import Ruleset
from .parser import ReviewedRef, build_tree, link_refs, parse_units
from .schemes import scheme_for


def read_meta(game_dir: Path) -> dict:
    with open(game_dir / "meta.toml", "rb") as f:
        return tomllib.load(f)


def read_reviewed_refs(game_dir: Path) -> list[ReviewedRef]:
    p = game_dir / "refs_review.toml"
    if not p.exists():
        return []
    with open(p, "rb") as f:
        data = tomllib.load(f)
    return [ReviewedRef(r["source"], r["raw"], r["status"], r["note"]) for r in data.get("ref", [])]


def build_from_text(game: str, source: str, reviewed=(), meta: dict | None = None) -> Ruleset:
    """Parse a document text with `game`'s scheme (no companions). Used by tests and tools."""
    scheme = scheme_for(game)
    units, problems = parse_units(scheme, source)
    tree = build_tree(scheme, units, problems)
    link_refs(scheme, tree, reviewed, problems)
    return Ruleset(game, meta or {"title": game}, tree, {}, "", problems)


def build_ruleset(game: str, game_dir: Path, source_hash: str = "") -> Ruleset:
    meta = read_meta(game_dir)
    scheme = scheme_for(game)
    source = (game_dir / meta["source"]).read_text(encoding="utf-8")
    units, problems = parse_units(scheme, source)
    tree = build_tree(scheme, units, problems)

    companions = {}
    comp = meta.get("companion")
    if comp:
        from .guide import parse_guide

        with open(game_dir / f"{comp['id']}.toml", "rb") as f:
            sections = tomllib.load(f)["section"]
        text = (game_dir / comp["source"]).read_text(encoding="utf-8")
        companions, gprob = parse_guide(text, sections, doc=comp["id"], game=game)
        problems.extend(gprob)

    link_refs(scheme, tree, read_reviewed_refs(game_dir), problems, extra=companions)
    return Ruleset(game, meta, tree, companions, source_hash, problems)
