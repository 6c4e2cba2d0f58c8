"""The CLI for Dimension Zero boards: `board check`, `board schema --game d0`, `step` (each step
citing D0's own form beside the id, the stack at each grant of priority), `--check`, `--final`,
`step -i` with D0's own actions, `coverage --game d0`."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner
from d0_helpers import EXAMPLES, ROOT, example_path

from judgekit.cli.app import cli


@pytest.fixture
def runner():
    return CliRunner()


def invoke(runner, *args, **kw):
    return runner.invoke(cli, list(args), catch_exceptions=False, **kw)


def test_board_check_every_example_and_a_bad_board(runner, tmp_path):
    res = invoke(runner, "board", "check", *EXAMPLES)
    assert res.exit_code == 0 and res.output.count(": ok") == len(EXAMPLES)

    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: d0\ngame: {turn: 4, turn_player: P1, first_player: P1}\n"
                   "squares:\n  C1: [{id: A, power: 1000, owner: P1, damage: 500}]\n"
                   "players:\n  P1: {graveyard: [{id: G, damage: 100}]}\n", encoding="utf-8")
    res = invoke(runner, "board", "check", str(bad))
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "TURN_PLAYER_MISMATCH" in res.output and "3.4.1" in res.output
    assert "DAMAGE_OFF_SQUARE" in res.output and f"{bad}:6:" in res.output

    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: d0\nsquares:\n  D4: []\n", encoding="utf-8")
    res = invoke(runner, "board", "check", str(broken))
    assert res.exit_code == 2 and f"{broken}:3:3" in res.output and "L1 … R3" in res.output


def test_board_schema_matches_the_file_in_docs(runner):
    res = invoke(runner, "board", "schema", "--game", "d0")
    with open(os.path.join(ROOT, "docs", "board-d0.schema.json"), encoding="utf-8") as f:
        assert res.output == f.read()
    schema = json.loads(res.output)
    assert "stack" in schema["properties"] and "battles" in schema["properties"]


def test_every_example_steps_and_checks(runner):
    for path in EXAMPLES:
        res = invoke(runner, "step", "--auto", "--check", path)
        assert res.exit_code == 0, (path, res.output[-2000:])
        assert "matches expect:" in res.stderr or "illegal" in res.output


def test_step_shows_the_native_citation_and_the_stack(runner):
    res = invoke(runner, "step", "--auto", "--no-changes", example_path("S02"))
    out = res.output
    assert "4.16.4-3 (第4部第16章4-3)" in out and "4.8.3 (第4部第8章3)" in out
    last = [x for x in out.splitlines() if "receives priority" in x][-1]
    assert "stack (bottom first)" in last and "▸" in last
    ja = invoke(runner, "step", "--auto", "--lang", "ja", example_path("S02")).output
    assert "スタック（下から）" in ja and "第4部第8章3" in ja


def test_step_final_is_a_valid_board(runner, tmp_path):
    out = tmp_path / "final.yaml"
    res = invoke(runner, "step", "--auto", "--final", str(out), example_path("S02"))
    assert res.exit_code == 0
    res = invoke(runner, "board", "check", str(out))
    assert res.exit_code == 0, res.output
    text = out.read_text(encoding="utf-8")
    assert "stack:" in text and "battles:" in text


def test_interactive_step_reads_d0_actions(runner, tmp_path):
    with open(example_path("S13b"), encoding="utf-8") as fh:
        text = fh.read()
    f = tmp_path / "i.yaml"
    f.write_text(text.split("actions:")[0] + "expect: {}\n", encoding="utf-8")
    res = runner.invoke(cli, ["step", "-i", "--no-changes", str(f)],
                        input="c\nmove SS C2\nq\n", catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "move SS C2" in res.output  # listed among the legal actions, and typed
    assert "P1 moves SS 「スパイ・スパイダー」 from C1 to C2" in res.output


def test_coverage_lists_at_least_sixty_executed_clauses_all_in_the_tree(runner):
    from judgekit.rules import load

    rs = load("d0")
    rows = json.loads(invoke(runner, "coverage", "--game", "d0", "--json").output)
    executed = [r for r in rows if r["examples"]]
    assert len(executed) >= 60
    assert all(rs.get(r["id"]) is not None and not r["virtual"] for r in rows)
    assert all(e.startswith("examples/d0/") for r in rows for e in r["examples"])
    res = invoke(runner, "coverage", "--game", "d0")
    assert res.exit_code == 0 and "clauses registered" in res.output
