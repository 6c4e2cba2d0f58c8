"""The trace (docs/trace-format.md) is a stable, JSON-serialisable interface: exactly the keys
documented there, with the documented types, for every bundled example."""

from __future__ import annotations

import json
import os

import pytest
from engine_helpers import EXAMPLES, example_path

from judgekit.engine import run_file

RUN_KEYS = {"format", "game", "ruleset", "source", "meta", "initial", "steps", "final",
            "outcome", "readings", "reading_choices", "assumptions", "cited", "error", "check"}
STEP_KEYS = {"index", "context", "depth", "parent", "kind", "cites", "message", "message_ja",
             "player", "cards", "choices", "changes", "readings", "alternatives"}
STEP_KINDS = {"pp", "check", "rule_effect", "trigger", "play", "resolve", "effect",
              "replacement", "choice", "phase", "action", "event", "illegal", "game_end", "rule",
              "engine"}
CHOICE_KEYS = {"key", "chooser", "prompt", "prompt_ja", "kind", "options", "answer", "source"}
CHOICE_SOURCES = {"file", "asked", "only-option", "indistinguishable", "policy"}
CHANGE_OPS = {
    "move": {"card", "from", "to"}, "state": {"card", "from", "to"},
    "damage": {"card", "from", "to"}, "face": {"card", "from", "to"},
    "under": {"card", "from", "to"},
    "player": {"player", "field", "from", "to"}, "counter": {"player", "icon", "from", "to"},
    "flag": {"player", "flag", "to"}, "effect+": {"effect"}, "effect-": {"effect"},
    "create": {"card", "to"}, "vanish": {"card", "from"}, "reveal": {"card", "zone"},
    "conceal": {"card", "zone"},
    "shuffle": {"player"}, "trigger+": {"trigger"}, "trigger-": {"trigger"},
    "timed+": {"timed", "source"}, "timed-": {"timed", "source"}, "used": {"ability", "to"},
    "battle": {"attacker", "target"}, "turn": {"turn", "turn_player"}, "step": {"from", "to"},
    "rewind": set(),
}
OUTCOME_KEYS = {"result", "winner", "losers", "reason", "reason_ja", "cites", "stop",
                "stopped_at"}
READING_KEYS = {"id", "clauses", "kind", "title", "title_ja", "reading", "reading_ja", "source",
                "default", "alternatives", "followed", "rests_on", "why_one", "why_one_ja"}


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_trace_shape(path):
    d = run_file(path).to_json()
    d = json.loads(json.dumps(d, ensure_ascii=False))  # JSON-serialisable, survives a round trip
    assert set(d) == RUN_KEYS
    assert d["format"] == "judgekit-trace/1" and d["game"] == "zx"
    assert set(d["ruleset"]) == {"id", "title", "edition", "date", "source_sha256"}
    assert d["source"]["file"] == path and len(d["source"]["sha256"]) == 64
    assert set(d["outcome"]) == OUTCOME_KEYS
    assert d["outcome"]["result"] in ("none", "win", "draw")
    parents = {}
    for i, s in enumerate(d["steps"]):
        assert set(s) == STEP_KEYS and s["index"] == i and s["kind"] in STEP_KINDS
        assert s["message"] and s["message_ja"]
        assert s["parent"] is None or (s["parent"] < i and s["depth"] == parents[s["parent"]] + 1)
        parents[i] = s["depth"]
        for c in s["choices"]:
            assert set(c) == CHOICE_KEYS and c["source"] in CHOICE_SOURCES
        for ch in s["changes"]:
            assert ch["op"] in CHANGE_OPS, ch
            assert CHANGE_OPS[ch["op"]] <= set(ch), ch
    for r in d["readings"]:
        assert set(r) == READING_KEYS
    assert d["cited"] == list(dict.fromkeys(c for s in d["steps"] for c in s["cites"]))
    assert d["check"] is None or set(d["check"]) == {"ok", "differences"}


def test_initial_and_final_are_board_files():
    from judgekit.board import load_data

    d = run_file(example_path("T16")).to_json()
    b0 = load_data(d["initial"], "initial")
    b1 = load_data(d["final"], "final")
    assert len(b0.zones["P1.deck"]) == 1 and len(b1.zones["P1.deck"]) == 2
