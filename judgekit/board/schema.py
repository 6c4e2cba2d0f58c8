"""JSON Schema of the board file, generated from the declaration the loader enforces."""

from __future__ import annotations

import json

from .spec import BOARD, FORMAT

SCHEMA_ID = "https://judgekit.invalid/schema/board-zx-1.json"


def json_schema() -> dict:
    defs: dict = {}
    s = BOARD.schema(defs)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": f"judgekit Z/X board-state file ({FORMAT})", **s,
            "$defs": dict(sorted(defs.items()))}


def schema_text() -> str:
    return json.dumps(json_schema(), ensure_ascii=False, indent=1) + "\n"
