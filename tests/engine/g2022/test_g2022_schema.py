"""The g2022 JSON Schema refuses what the loader refuses. (That docs/board-g2022.schema.json is
up to date and that every bundled example validates is checked for every engine in
tests/engine/core/test_core_engines.py.)"""

from __future__ import annotations

import functools

import jsonschema

from judgekit.board.schema import json_schema


@functools.lru_cache(maxsize=1)
def validator():
    s = json_schema("g2022")
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


def test_the_schema_refuses_what_the_loader_refuses():
    bad = {"ruleset": "g2022", "players": {"P1": {"D": [{"id": "X"}]}}}
    assert list(validator().iter_errors(bad))
    bad = {"ruleset": "g2022", "players": {"P1": {"C": [{"id": "X", "icons": ["flying"]}]}}}
    assert list(validator().iter_errors(bad))
