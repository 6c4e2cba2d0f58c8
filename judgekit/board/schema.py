"""JSON Schema of a ruleset's board file, generated from the declaration the loader enforces."""

from __future__ import annotations

import json

from .common import FORMAT


def json_schema(game: str) -> dict:
    from ..engines import engine_for

    eng = engine_for(game)
    defs: dict = {}
    s = eng.spec.BOARD.schema(defs)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://judgekit.invalid/schema/board-{game}-1.json",
            "title": f"judgekit {eng.title} board-state file ({FORMAT})", **s,
            "$defs": dict(sorted(defs.items()))}


def schema_text(game: str) -> str:
    return json.dumps(json_schema(game), ensure_ascii=False, indent=1) + "\n"
