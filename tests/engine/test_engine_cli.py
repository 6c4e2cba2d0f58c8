"""`judgekit board check|schema|fmt`, `judgekit step`, `judgekit coverage`: exit codes, positions,
no tracebacks for a user's mistakes."""

from __future__ import annotations

import json
import pathlib

import pytest
from click.testing import CliRunner
from engine_helpers import example_path

from judgekit.cli.app import cli


@pytest.fixture
def runner():
    return CliRunner()


def invoke(runner, *args):
    res = runner.invoke(cli, list(args), catch_exceptions=False)
    return res


def test_board_check_ok_and_flags_and_syntax(runner, tmp_path):
    res = invoke(runner, "board", "check", example_path("T01"))
    assert res.exit_code == 0 and res.output.strip().endswith(": ok")

    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: zx\nsquares:\n  M-C: [{id: A, power: 1000, owner: P1, damage: -1}]\n"
                   "  N-C:\n    - {id: a, type: player, owner: P2}\n"
                   "    - {id: b, type: player, owner: P2}\n", encoding="utf-8")
    res = invoke(runner, "board", "check", str(bad))
    assert res.exit_code == 1
    assert f"{bad}:3:" in res.output and "NEGATIVE_DAMAGE" in res.output
    assert "PLAYER_CARDS_ON_SQUARE" in res.output and "Traceback" not in res.output

    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: zx\ngame: {turn: 3\n", encoding="utf-8")
    res = invoke(runner, "board", "check", str(broken))
    assert res.exit_code == 2
    assert f"{broken}:3:1: YAML syntax error" in res.output and "expected" in res.output


def test_board_check_json(runner, tmp_path):
    bad = tmp_path / "b.yaml"
    bad.write_text("ruleset: zx\nplayers:\n  P1: {damage: -2}\n", encoding="utf-8")
    res = invoke(runner, "board", "check", "--json", str(bad))
    (rep,) = json.loads(res.output)
    codes = {f["code"]: f for f in rep["flags"]}
    assert codes["NEGATIVE_PLAYER_DAMAGE"]["line"] == 3
    assert res.exit_code == 1


def test_board_schema_matches_file(runner):
    import os

    res = invoke(runner, "board", "schema")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "docs", "board.schema.json"), encoding="utf-8") as f:
        assert res.output == f.read()


def test_board_fmt_round_trips(runner, tmp_path):
    res = invoke(runner, "board", "fmt", example_path("T11"))
    out = tmp_path / "t11.yaml"
    out.write_text(res.output, encoding="utf-8")
    again = invoke(runner, "board", "fmt", str(out))
    assert res.exit_code == 0 and again.output == res.output


def test_step_auto_prints_cited_steps_and_outcome(runner):
    res = invoke(runner, "step", "--auto", example_path("T10"))
    assert res.exit_code == 0
    assert "907.2d" in res.output and "[605.1]" in res.output
    assert "choice 907.2c: P1 → L2 (from the file)" in res.output
    assert "Stopped before 506.2" in res.output


def test_step_japanese(runner):
    res = invoke(runner, "step", "--auto", "--lang", "ja", example_path("T01"))
    assert "致死ダメージエフェクト" in res.output


def test_step_json_is_the_trace(runner):
    res = invoke(runner, "step", "--json", example_path("T25"))
    d = json.loads(res.output)
    assert d["format"] == "judgekit-trace/1" and d["ruleset"]["edition"] == "Ver.1.59"
    assert d["final"]["players"]["P2"]["charge"]
    assert any(r["id"] == "batch-passes" for r in d["readings"])


def test_step_check_pass_and_mismatch(runner, tmp_path):
    res = invoke(runner, "step", "--check", example_path("T01"))
    assert res.exit_code == 0 and "matches expect" in res.stderr
    text = pathlib.Path(example_path("T01")).read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("B: {zone: P2.charge}", "B: {zone: M-L}"), encoding="utf-8")
    res = invoke(runner, "step", "--check", str(wrong))
    assert res.exit_code == 1
    assert "expect.cards.B.zone: expected 'M-L', found 'P2.charge'" in res.stderr
    assert f"{wrong}:" in res.stderr


def test_missing_choice_names_choice_and_chooser(runner, tmp_path):
    text = pathlib.Path(example_path("T10")).read_text(encoding="utf-8")
    f = tmp_path / "nochoice.yaml"
    f.write_text(text.replace('  "907.2c": [L2]\n', ""), encoding="utf-8")
    res = invoke(runner, "step", "--auto", str(f))
    assert res.exit_code == 2
    assert "missing choice 907.2c: P1" in res.stderr and "L1, L2, L3, L4" in res.stderr
    assert "Traceback" not in res.output + res.stderr


def test_invalid_choice_names_its_position(runner, tmp_path):
    text = pathlib.Path(example_path("T10")).read_text(encoding="utf-8")
    f = tmp_path / "badchoice.yaml"
    f.write_text(text.replace('"907.2c": [L2]', '"907.2c": [Q9]'), encoding="utf-8")
    res = invoke(runner, "step", "--auto", str(f))
    assert res.exit_code == 2
    line = text.splitlines().index('  "907.2c": [L2]') + 1
    assert f"{f}:{line}:" in res.stderr and "'Q9'" in res.stderr


def test_step_refuses_an_impossible_board(runner, tmp_path):
    f = tmp_path / "imp.yaml"
    f.write_text("ruleset: zx\nplayers:\n  P1: {damage: -1}\n", encoding="utf-8")
    res = invoke(runner, "step", "--auto", str(f))
    assert res.exit_code == 1 and "NEGATIVE_PLAYER_DAMAGE" in res.stderr


def test_step_writes_the_final_board(runner, tmp_path):
    out = tmp_path / "final.yaml"
    res = invoke(runner, "step", "--auto", "--final", str(out), example_path("T16"))
    assert res.exit_code == 0
    res2 = invoke(runner, "board", "check", str(out))
    assert res2.exit_code == 0, res2.output


def test_coverage_text_and_json(runner):
    res = invoke(runner, "coverage", "--game", "zx")
    assert res.exit_code == 0 and "904.1" in res.output and "clauses registered" in res.output
    rows = json.loads(invoke(runner, "coverage", "--json").output)
    row = next(r for r in rows if r["id"] == "907.2e")
    assert row["summary"] and any("T11" in e for e in row["examples"])



def test_coverage_of_a_ruleset_without_an_engine_is_one_sentence(runner, monkeypatch):
    # pretend g2022 has no engine (whether or not one has been added since); the table is
    # judgekit.engines (outside both the board and the engine packages)
    from judgekit import engines

    monkeypatch.setitem(engines.__dict__, "ENGINES", {k: v for k, v in engines.ENGINES.items()
                                                      if k != "g2022"})
    res = invoke(runner, "coverage", "--game", "g2022")
    assert res.exit_code == 2 and "no engine" in res.stderr and "Traceback" not in res.output


def test_interactive_mode_asks_missing_choices_and_actions(runner, tmp_path):
    text = pathlib.Path(example_path("T10")).read_text(encoding="utf-8")
    f = tmp_path / "ask.yaml"
    f.write_text(text.replace('  "907.2c": [L2]\n', ""), encoding="utf-8")
    # Enter through the steps (c: continue), answer the life card with its number, then stop
    # at the next decision with q
    res = runner.invoke(cli, ["step", "-i", "--no-changes", str(f)],
                        input="c\n3\nq\n", catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "? 907.2c: P1 — one of P2's life cards" in res.output
    assert "choice 907.2c: P1 → L3 (asked)" in res.output
    assert "L3 has no ignition icon: it goes to P2's charge" in res.output
    assert "? 506.2: P1 decides" in res.output and "1. pass" in res.output


def test_interactive_answers_with_digits_that_are_no_number(runner, tmp_path):
    # "²" is a digit to str.isdigit but int() refuses it: the choice prompt and the action
    # prompt used to end in a ValueError; now "²" is not an option (asked again), "３" is 3
    text = pathlib.Path(example_path("T10")).read_text(encoding="utf-8")
    f = tmp_path / "ask.yaml"
    f.write_text(text.replace('  "907.2c": [L2]\n', ""), encoding="utf-8")
    res = runner.invoke(cli, ["step", "-i", "--no-changes", str(f)],
                        input="c\n²\n３\n²\nq\n")
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 0, res.output
    assert "'²' is not one of the options; try again" in res.output
    assert "choice 907.2c: P1 → L3 (asked)" in res.output
    assert "? 506.2: P1 decides" in res.output


def test_interactive_mistyped_action_is_asked_again_not_a_pass(runner):
    # "batle" used to be 'not understood; passing': the typo passed for P1, and the turn went
    # on to P2 (507, end phase) as if P1 had decided so
    res = runner.invoke(cli, ["step", "-i", "--no-changes", example_path("T01")],
                        input="c\nbatle A P2\nq\n")
    assert res.exit_code == 0, res.output
    assert "not understood: a number from 1 to 1, pass, play ID [SQUARE]" in res.output
    assert res.output.count("? 506.2: P1 decides") == 1
    assert "[507." not in res.output and "Stopped before 506.2" in res.output


@pytest.mark.parametrize("typed", ["", "c\n"])
def test_interactive_end_of_input_stops_like_q(runner, tmp_path, typed):
    # Ctrl-D (or a piped file that runs out) at the step prompt or at a choice the file does
    # not answer used to print "Aborted!" and exit 1, dropping the outcome; now it stops as q
    text = pathlib.Path(example_path("T10")).read_text(encoding="utf-8")
    f = tmp_path / "ask.yaml"
    f.write_text(text.replace('  "907.2c": [L2]\n', ""), encoding="utf-8")
    res = runner.invoke(cli, ["step", "-i", "--no-changes", str(f)], input=typed)
    assert res.exit_code == 0, res.output
    assert "Aborted" not in res.output
    assert ": you stopped the run (q)" in res.output
    assert ("? 907.2c: P1" in res.output) == (typed == "c\n")


def test_interactive_mode_pauses_inside_pre_processing(runner):
    # a judge steps through 702 one rule effect at a time, not a whole pre-processing at once
    res = runner.invoke(cli, ["step", "-i", "--no-changes", example_path("T10")],
                        input="\n" * 30 + "c\nq\n", catch_exceptions=False)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    prompt = "[Enter] next  c continue  q quit"
    at = {key: next(i for i, line in enumerate(lines) if key in line)
          for key in ("907.2d — L2 has no ignition icon", "702.2a — Rule effects, pass 1: none",
                      "702.2b — No triggered auto ability")}
    keys = sorted(at.values())
    for a, b in zip(keys, keys[1:]):
        assert any(prompt in line for line in lines[a:b]), lines[a:b + 1]
    # every step is printed exactly once
    indexes = [line.split("[")[0].strip() for line in lines if "[" in line and "—" in line]
    assert len(indexes) == len(set(indexes))


SHIFT_BOARD = """\
format: judgekit-board/1
ruleset: zx
game: {turn: 3, turn_player: P1, first_player: P1, step: "506.2"}
players:
  P1:
    deck: 20
    life: 4
    hand: 0
    dynamis:
      - {id: S, name: 剣臨の器, type: shift, cost: 0}
  P2: {deck: 20, life: 4, hand: 3}
squares:
  N-C: [{id: P2pc, type: player, owner: P2}]
  S-C: [{id: P1pc, type: player, owner: P1}]
actions:
  - {play: S}
"""


def test_a_play_the_engine_does_not_model_is_not_called_illegal(runner, tmp_path):
    # shifts are played by their own procedure (202.8c, 1015): the engine stops and says it
    # does not model it, rather than ruling the action illegal under 806.1a
    f = tmp_path / "shift.yaml"
    f.write_text(SHIFT_BOARD, encoding="utf-8")
    res = runner.invoke(cli, ["step", "--auto", str(f)])
    assert res.exit_code == 2, res.output
    assert "S is a shift card; the engine plays only zekusu, Z/X EX and event cards" in res.output
    assert "Not legal" not in res.output and "806.1a" not in res.output
    from judgekit.board import load_file
    from judgekit.engine.run import run_board

    run = run_board(load_file(str(f)))
    assert run.stop == "unsupported" and run.outcome["result"] == "none"
    assert "806.1a" not in run.cited()
    out = tmp_path / "r.html"
    res = runner.invoke(cli, ["ruling", str(f), "-o", str(out)])
    assert res.exit_code == 2 and not out.exists()


def test_board_fmt_write_keeps_the_file_permissions(runner, tmp_path):
    # rewriting a board in place must not make it private to its owner (mkstemp's 0600);
    # a new output gets what an ordinary write gives: 0666 less the umask
    import os
    import stat

    f = tmp_path / "t11.yaml"
    f.write_text(pathlib.Path(example_path("T11")).read_text(encoding="utf-8"), encoding="utf-8")
    os.chmod(f, 0o644)
    res = invoke(runner, "board", "fmt", "-w", str(f))
    assert res.exit_code == 0
    assert stat.S_IMODE(os.stat(f).st_mode) == 0o644
    old = os.umask(0o022)
    try:
        res = invoke(runner, "board", "fmt", str(f), "-o", str(tmp_path / "new.yaml"))
    finally:
        os.umask(old)
    assert res.exit_code == 0
    assert stat.S_IMODE(os.stat(tmp_path / "new.yaml").st_mode) == 0o644


@pytest.mark.parametrize("args", [
    ("board", "schema", "-o", "{out}"),
    ("board", "fmt", "{board}", "-o", "{out}"),
    ("step", "--auto", "{board}", "--final", "{out}"),
])
def test_an_output_that_cannot_be_written_is_a_clear_error(runner, tmp_path, args):
    # the output's directory is a file: exit 1 with the output's name, never a traceback
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep me", encoding="utf-8")
    out = blocker / "out.yaml"
    argv = [a.format(out=out, board=example_path("T01")) for a in args]
    res = runner.invoke(cli, argv)
    assert res.exit_code == 1, res.output
    assert f"{out}: cannot write: {blocker} is a file, not a directory" in res.stderr
    assert res.exception is None or isinstance(res.exception, SystemExit)
    assert blocker.read_text(encoding="utf-8") == "keep me"


def test_final_is_not_written_when_the_run_stops_on_a_mistake(runner, tmp_path):
    # an answer in choices that is not an option: exit 2, and an existing --final file is
    # left exactly as it was (replaced only by the end state of a run that succeeded)
    text = pathlib.Path(example_path("T10")).read_text(encoding="utf-8")
    f = tmp_path / "badchoice.yaml"
    f.write_text(text.replace('"907.2c": [L2]', '"907.2c": [Q9]'), encoding="utf-8")
    final = tmp_path / "final.yaml"
    final.write_text("# yesterday's final board\n", encoding="utf-8")
    res = invoke(runner, "step", "--auto", str(f), "--final", str(final))
    assert res.exit_code == 2
    assert final.read_text(encoding="utf-8") == "# yesterday's final board\n"
    assert f"{final}: not written" in res.stderr
    ok = invoke(runner, "step", "--auto", example_path("T10"), "--final", str(final))
    assert ok.exit_code == 0 and final.read_text(encoding="utf-8").startswith("# Final board")


def test_an_output_that_is_the_board_file_itself_is_refused(runner, tmp_path):
    # step --final FILE and board fmt -o FILE would replace the board (its expect:, its
    # comments) with something else: refused before any work, the file unchanged
    f = tmp_path / "t01.yaml"
    original = pathlib.Path(example_path("T01")).read_text(encoding="utf-8")
    f.write_text(original, encoding="utf-8")
    same = tmp_path / "." / "t01.yaml"  # another spelling of the same file
    res = invoke(runner, "step", "--auto", str(f), "--final", str(same))
    assert res.exit_code == 1 and "is the board file itself" in res.output
    res = invoke(runner, "board", "fmt", str(f), "-o", str(same))
    assert res.exit_code == 1 and "rewrite it in place with -w" in res.output
    assert f.read_text(encoding="utf-8") == original


def test_board_fmt_write_and_output_together_is_a_usage_error(runner, tmp_path):
    # -w used to win silently over -o: the board was rewritten and OUT never appeared
    f = tmp_path / "t01.yaml"
    original = pathlib.Path(example_path("T01")).read_text(encoding="utf-8")
    f.write_text(original, encoding="utf-8")
    res = invoke(runner, "board", "fmt", "-w", str(f), "-o", str(tmp_path / "out.yaml"))
    assert res.exit_code == 2 and "give one" in res.output
    assert f.read_text(encoding="utf-8") == original
    assert not (tmp_path / "out.yaml").exists()


def test_until_that_names_no_step_is_a_usage_error(runner):
    # --until nope used to run on to the first choice T01 does not answer and report
    # "missing choice 906.1" as the file's mistake; the file's own until: is checked likewise
    res = runner.invoke(cli, ["step", "--auto", example_path("T01"), "--until", "nope"])
    assert res.exit_code == 2
    assert "Invalid value for '--until': expected a step id of Z/X (e.g. 605.6) or turn_end / " \
           "next_turn; found 'nope'" in res.output
    assert "missing choice" not in res.output
    ok = runner.invoke(cli, ["step", "--auto", example_path("T01"), "--until", "507.1"])
    assert ok.exit_code == 0 and "Stopped before 507.1" in ok.output


def test_step_from_a_pipe_records_the_sha256_of_the_bytes_read():
    # the trace's source fingerprint is that of the bytes the board was loaded from, not of a
    # second read (empty for a pipe)
    import hashlib
    import subprocess
    import sys

    data = pathlib.Path(example_path("T01")).read_bytes()
    r = subprocess.run([sys.executable, "-m", "judgekit", "step", "/dev/stdin", "--json"],
                       input=data, capture_output=True, timeout=180)
    assert r.returncode == 0, r.stderr.decode()
    src = json.loads(r.stdout)["source"]
    assert src == {"file": "/dev/stdin", "sha256": hashlib.sha256(data).hexdigest()}


def test_a_loaded_board_knows_the_sha256_of_its_bytes(tmp_path):
    import hashlib

    from judgekit.board import load_file, load_text
    from judgekit.engine import source_info

    data = pathlib.Path(example_path("T01")).read_bytes()
    p = tmp_path / "b.yaml"
    p.write_bytes(data)
    b = load_file(str(p))
    assert b.sha256 == hashlib.sha256(data).hexdigest()
    assert source_info(b) == {"file": str(p), "sha256": b.sha256}
    assert load_text(data.decode("utf-8"), "t.yaml").sha256 == ""  # no bytes were read
