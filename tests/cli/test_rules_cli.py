"""The judgekit command for clause lookup: fast path and click path answer the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from judgekit.cli import _fast_rule_args, main
from judgekit.cli.app import cli


def run(*args):
    return subprocess.run([sys.executable, "-m", "judgekit", *args], capture_output=True,
                          text=True, env=dict(os.environ), timeout=120)


def test_fast_path_grammar():
    assert _fast_rule_args(["rule", "702.2a"]) == ("702.2a", "zx", False)
    assert _fast_rule_args(["rule", "702.2a", "--json", "--game", "d0"]) == ("702.2a", "d0", True)
    assert _fast_rule_args(["rule", "--game=thv", "1.1"]) == ("1.1", "thv", False)
    assert _fast_rule_args(["rule", "702.2a", "--help"]) is None
    assert _fast_rule_args(["rule"]) is None
    assert _fast_rule_args(["rule", "a", "b"]) is None
    assert _fast_rule_args(["search", "x"]) is None


def test_fast_and_click_paths_agree(capsys):
    assert main(["rule", "702.2a"]) == 0
    fast = capsys.readouterr().out
    res = CliRunner().invoke(cli, ["rule", "702.2a"])
    assert res.exit_code == 0
    assert res.output == fast


def test_rule_subprocess_text_and_exit_codes():
    ok = run("rule", "７０２－２ａ")
    assert ok.returncode == 0 and "702.2a" in ok.stdout and "ルールエフェクト(900)" in ok.stdout
    miss = run("rule", "702.2z")
    assert miss.returncode == 1
    assert "Nearest existing ids" in miss.stderr and "Traceback" not in miss.stderr
    bad_game = run("rule", "702.2a", "--game", "mtg")
    assert bad_game.returncode == 2 and "Traceback" not in bad_game.stderr


def test_help_lists_commands():
    res = CliRunner().invoke(cli, ["--help"])
    assert res.exit_code == 0
    assert "rule" in res.output and "games" in res.output and "export" in res.output


def test_games_json():
    res = CliRunner().invoke(cli, ["games", "--json"])
    assert res.exit_code == 0, res.output
    rows = {r["game"]: r for r in json.loads(res.output)}
    assert rows["zx"]["clauses"] == 654 and rows["zx"]["edition"] == "Ver.1.59"
    assert rows["zx"]["unresolved_refs"] == 0
    assert rows["zx"]["companion_sections"] == 47


def test_export_jsonl_in_tree_order(tmp_path):
    res = CliRunner().invoke(cli, ["export", "--game", "zx"])
    assert res.exit_code == 0
    rows = [json.loads(line) for line in res.output.splitlines()]
    assert len(rows) == 656  # 654 + 2 virtual parents
    ids = [r["id"] for r in rows]
    assert ids[:3] == ["100", "101", "101.1"]
    assert ids.index("102.1") + 1 == ids.index("102.2")
    for key in ("id", "parent", "title", "text", "examples", "refs", "virtual", "line"):
        assert key in rows[0]
    v = rows[ids.index("1012.1")]
    assert v["virtual"] is True and v["line"] == 0
    out = tmp_path / "zx.jsonl"
    res = CliRunner().invoke(cli, ["export", "--game", "zx", "--include-companions", "-o", str(out)])
    assert res.exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 656 + 47 and json.loads(lines[-1])["doc"] == "guide"


def test_export_unknown_game_is_a_usage_error():
    res = CliRunner().invoke(cli, ["export", "--game", "mtg"])
    assert res.exit_code == 2 and "Invalid value" in res.output


def test_help_in_a_fresh_process():
    # a fresh interpreter has not imported importlib.util for us (regression)
    for args in (["--help"], ["rule", "--help"]):
        res = run(*args)
        assert res.returncode == 0, res.stderr
        assert "Usage: judgekit" in res.stdout


def test_export_to_a_bare_file_name_in_the_current_directory(tmp_path, monkeypatch):
    # `-o zx.jsonl` has no directory part: it is written in the current directory
    # (regression: a FileNotFoundError traceback for the empty directory name)
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["export", "--game", "zx", "-o", "zx.jsonl"])
    assert res.exit_code == 0, res.output
    lines = (tmp_path / "zx.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 656 and json.loads(lines[0])["id"] == "100"
    assert [p.name for p in tmp_path.iterdir()] == ["zx.jsonl"]


def test_export_to_an_unwritable_place_is_a_clear_error(tmp_path):
    # the output's directory is a file: a message naming the output, exit 1, no traceback
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep me", encoding="utf-8")
    out = blocker / "zx.jsonl"
    res = CliRunner().invoke(cli, ["export", "-o", str(out)])
    assert res.exit_code == 1
    assert f"{out}: cannot write: {blocker} is a file, not a directory" in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    assert blocker.read_text(encoding="utf-8") == "keep me"


def test_a_judgekit_home_without_rules_data_is_a_clear_error(tmp_path, monkeypatch, capsys):
    # JUDGEKIT_HOME names the project directory; a wrong one used to end in a
    # FileNotFoundError traceback from the cache code (and an empty search that found nothing)
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    for argv in (["rule", "702.2a"], ["search", "ダメージ"], ["games"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"Error: JUDGEKIT_HOME={tmp_path}: there is no rules_data/")


@pytest.mark.parametrize("argv, target", [
    (["rule", "702.2a"], "judgekit.rules.lookup.run_rule"),
    (["search", "ダメージ"], "judgekit.search.run.run_search"),
])
def test_ctrl_c_in_the_fast_path_is_not_a_traceback(argv, target, monkeypatch, capsys):
    # Ctrl-C during a first search (the index takes seconds to build) used to print a
    # KeyboardInterrupt traceback; the click path says "Aborted!" and exits 1, and so does this
    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(target, interrupted)
    assert main(argv) == 1
    assert capsys.readouterr().err == "\nAborted!\n"


def test_games_says_which_rulesets_have_an_engine_and_how_many_clauses_it_executes(
        monkeypatch):
    from judgekit import engine
    from judgekit.rules import GAMES

    n = len(engine.registry_for("zx"))
    assert n > 100
    asked = []
    real = engine.registry_for

    def spy(game):
        asked.append(game)
        return real(game)

    monkeypatch.setattr(engine, "registry_for", spy)
    res = CliRunner().invoke(cli, ["games", "--json"])
    assert res.exit_code == 0, res.output
    rows = {r["game"]: r for r in json.loads(res.output)}
    assert rows["zx"]["engine"] == {"clauses": n}
    for g in GAMES:
        if g not in engine.GAMES_WITH_ENGINE:
            assert rows[g]["engine"] is None
    assert sorted(asked) == sorted(engine.GAMES_WITH_ENGINE)  # no engine is looked for elsewhere

    res = CliRunner().invoke(cli, ["games"])
    blocks = {}
    for line in res.output.splitlines():
        if not line.startswith(" "):
            game = line.split()[0]
        blocks.setdefault(game, []).append(line)
    assert f"engine: executes {n} clauses" in "\n".join(blocks["zx"])
    assert "no engine" in "\n".join(blocks["d0"])


def test_rule_and_games_commands_do_not_load_the_engine_on_import():
    # `rule` through click imports cmd_rules: the engine (about 0.1 s) loads only when games runs
    code = ("import sys, judgekit.cli.app, judgekit.cli.cmd_rules; "
            "print(any(m.startswith('judgekit.engine.') for m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "False", r.stderr
