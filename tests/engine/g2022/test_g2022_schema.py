"""docs/board-g2022.schema.json is generated from the g2022 format declaration, and every bundled
g2022 example validates against it with an independent validator (jsonschema)."""

from __future__ import annotations

import functools
import os

import jsonschema
import pytest
import yaml
from g2022_helpers import EXAMPLES, ROOT

from judgekit.board.schema import json_schema, schema_text

SCHEMA_FILE = os.path.join(ROOT, "docs", "board-g2022.schema.json")


def test_schema_file_is_up_to_date():
    with open(SCHEMA_FILE, encoding="utf-8") as f:
        assert f.read() == schema_text("g2022"), \
            "regenerate: judgekit board schema --game g2022 -o docs/board-g2022.schema.json"


@functools.lru_cache(maxsize=1)
def validator():
    s = json_schema("g2022")
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_every_example_validates(path):
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    errors = list(validator().iter_errors(data))
    assert errors == [], errors[0].message if errors else ""


def test_the_schema_refuses_what_the_loader_refuses():
    bad = {"ruleset": "g2022", "players": {"P1": {"D": [{"id": "X"}]}}}
    assert list(validator().iter_errors(bad))
    bad = {"ruleset": "g2022", "players": {"P1": {"C": [{"id": "X", "icons": ["flying"]}]}}}
    assert list(validator().iter_errors(bad))
