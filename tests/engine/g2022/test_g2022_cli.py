"""The CLI for g2022 boards: board check / schema --game, step --auto --check / --final,
coverage --game, ruling — exit codes, positions, no tracebacks for a user's mistakes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from g2022_helpers import example_path

from judgekit.cli.app import cli


@pytest.fixture
def runner():
    return CliRunner()


def invoke(runner, *args):
    return runner.invoke(cli, list(args), catch_exceptions=False)


def test_board_check_ok_flags_and_syntax(runner, tmp_path):
    res = invoke(runner, "board", "check", example_path("S03"))
    assert res.exit_code == 0 and res.output.strip().endswith(": ok")
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: g2022\ngame: {turn: 3, turn_player: P1, step: '704.3'}\nplayers:\n"
                   "  P1:\n    missions: [M1, M2, M3, M4]\n"
                   "    C: [{id: X, cost: 1, power: 1}, {id: Y, cost: 2, power: 2}]\n",
                   encoding="utf-8")
    res = invoke(runner, "board", "check", str(bad))
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "TOO_MANY_MISSIONS" in res.output and "TWO_CHARAS_SETTLED" in res.output
    assert f"{bad}:5:" in res.output and "401.4" in res.output
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: g2022\nplayers:\n  P1:\n    areas: {C: []}\n", encoding="utf-8")
    res = invoke(runner, "board", "check", str(broken))
    assert res.exit_code == 2 and f"{broken}:4:5" in res.output and "Traceback" not in res.output


def test_board_schema_for_g2022(runner, tmp_path):
    out = tmp_path / "s.json"
    res = invoke(runner, "board", "schema", "--game", "g2022", "-o", str(out))
    assert res.exit_code == 0, res.output
    sch = json.loads(out.read_text(encoding="utf-8"))
    player = json.dumps(sch, ensure_ascii=False)
    for key in ("missions", "keep", "energy", "exp", "connect", "lvup", "no_attack", "エンカウント"):
        assert key in player, key


def test_step_check_and_final_board(runner, tmp_path):
    res = invoke(runner, "step", example_path("S11"), "--auto", "--check")
    assert res.exit_code == 0, res.output
    assert "805.3" in res.output and "1118.1" in res.output
    fin = tmp_path / "final.yaml"
    res = invoke(runner, "step", example_path("S03"), "--auto", "--final", str(fin))
    assert res.exit_code == 0
    text = fin.read_text(encoding="utf-8")
    assert "ruleset: g2022" in text and "under: Y" in text
    res = invoke(runner, "board", "check", str(fin))
    assert res.exit_code == 0, res.output


def test_step_in_japanese_and_json(runner):
    res = invoke(runner, "step", example_path("S06"), "--auto", "--lang", "ja")
    assert res.exit_code == 0 and "ターンプレイヤーP1が" in res.output
    res = invoke(runner, "step", example_path("S09a"), "--auto", "--json")
    tr = json.loads(res.output)
    assert tr["game"] == "g2022" and tr["outcome"]["winner"] == "P1"
    assert "1007.2" in tr["cited"]


def test_coverage_lists_at_least_sixty_executed_clauses_all_in_the_tree(runner):
    from judgekit.rules import load

    res = invoke(runner, "coverage", "--game", "g2022", "--json")
    assert res.exit_code == 0
    rows = json.loads(res.output)
    rows = rows if isinstance(rows, list) else rows["clauses"]
    rs = load("g2022")
    assert len(rows) >= 60
    assert all(rs.get(r["id"]) is not None and r["examples"] for r in rows)


def test_ruling_writes_a_report(runner, tmp_path):
    out = tmp_path / "r.html"
    res = invoke(runner, "ruling", example_path("S08"), "-o", str(out))
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    assert "ミッションフェイズの優先権前処理で相手のミッションがすべて裏向きの場合" in html  # 1007.1


def test_a_choice_the_file_does_not_answer_is_named(runner, tmp_path):
    with open(example_path("S06"), encoding="utf-8") as fh:
        src = fh.read()
    f = tmp_path / "noanswer.yaml"
    f.write_text(src.replace('  "908.2a": [A, A]\n', ""), encoding="utf-8")
    res = invoke(runner, "step", str(f), "--auto")
    assert res.exit_code == 2 and "908.2a" in res.output and "Traceback" not in res.output
