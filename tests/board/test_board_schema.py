"""docs/board.schema.json is generated from the format declaration and accepts what the loader
accepts (checked with an independent validator)."""

from __future__ import annotations

import functools
import glob
import json
import os

import jsonschema
import pytest
import yaml

from judgekit.board.schema import json_schema, schema_text

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA_FILE = os.path.join(ROOT, "docs", "board.schema.json")


def test_schema_file_is_up_to_date():
    with open(SCHEMA_FILE, encoding="utf-8") as f:
        on_disk = f.read()
    assert on_disk == schema_text("zx"), "regenerate: judgekit board schema -o docs/board.schema.json"


@functools.lru_cache(maxsize=1)
def validator():
    s = json_schema("zx")
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "examples", "zx", "*.yaml"))),
                         ids=os.path.basename)
def test_every_example_validates(path):
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    errors = list(validator().iter_errors(data))
    assert errors == [], errors[0].message if errors else ""


@pytest.mark.parametrize("bad", [
    {"game": {"turn": 1}},                                            # no ruleset
    {"ruleset": "zx", "squares": {"Q-Q": []}},                        # not a square
    {"ruleset": "zx", "players": {"P1": {"life": -1}}},               # negative count
    {"ruleset": "zx", "squares": {"M-C": [{"id": "A", "colour": "red"}]}},   # unknown key
    {"ruleset": "zx", "squares": {"M-C": [{"id": "A", "abilities": [{"auto": "appear",
                                                                     "effect": []}]}]}},
    {"ruleset": "zx", "actions": ["jump"]},
    {"ruleset": "zx", "players": {"P1": {"charge_limit": -5}}},        # limits count cards
    {"ruleset": "zx", "players": {"P2": {"hand_limit": -1}}},
    {"ruleset": "zx", "squares": {"M-C": [{"id": "A", "owner": "P1", "power": -1000}]}},
    {"ruleset": "zx", "squares": {"M-C": [{"id": "A", "owner": "P1", "abilities": [
        {"static": "hand_limit", "value": -2}]}]}},
])
def test_schema_rejects_what_the_loader_rejects(bad):
    from judgekit.board import BoardSyntaxError, load_text

    assert list(validator().iter_errors(bad))
    with pytest.raises(BoardSyntaxError):
        load_text(yaml.safe_dump(bad, allow_unicode=True), "bad.yaml")


def test_schema_is_plain_json():
    assert json.loads(schema_text("zx"))["$defs"]["effect"]["anyOf"]
