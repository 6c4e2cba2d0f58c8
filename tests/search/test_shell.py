"""`judgekit shell`: the line handler, and the command fed through standard input."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from judgekit.rules import load
from judgekit.rules.lookup import render_text as clause_text
from judgekit.search.shell import Shell


@pytest.fixture
def sh(searcher):
    return Shell(searcher, game="zx")


def test_a_clause_id_shows_the_clause(sh):
    out, keep = sh.handle("702.2a")
    assert keep
    rs = load("zx")
    assert out.startswith(clause_text(rs, rs["702.2a"]))
    # and says how many other clauses mention it (702.2b "…その後702.2aに戻ります")
    assert "other clause" in out and '"702.2a"' in out
    out, _ = sh.handle("７０２－２ａ")
    assert out.startswith(clause_text(rs, rs["702.2a"]))


def test_a_search_lists_numbered_hits_and_hash_opens_one(sh):
    out, _ = sh.handle("致死ダメージ")
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["#1", "zx", "904", "致死ダメージエフェクト"]
    assert any(line.split()[:3] == ["#2", "zx", "904.1"] for line in lines)
    rs = load("zx")
    assert sh.handle("#2")[0] == clause_text(rs, rs["904.1"])
    assert "#1 … #" in sh.handle("#99")[0]


def test_game_under_limit_commands(sh):
    assert sh.handle(":game d0")[0] == "ruleset: d0"
    out, _ = sh.handle("速攻")
    assert out.splitlines()[0].split()[1:3] == ["d0", "5.1"]          # 5.1 速攻
    assert "Unknown ruleset 'mtg'" in sh.handle(":game mtg")[0]
    sh.handle(":game zx")
    assert sh.handle(":limit 3")[0] == "limit: 3"
    assert sh.handle(":under 900")[0] == "searching under zx:900"
    out, _ = sh.handle("破壊")
    hit_ids = [line.split()[2] for line in out.splitlines() if line.startswith("#")]
    assert len(hit_ids) == 3 and all(load("zx").is_under(c, "900") for c in hit_ids)
    assert sh.prompt() == "zx ⊂900> "
    assert sh.handle(":under")[0] == "searching everywhere"
    assert "no such clause" in sh.handle(":under 9999")[0]
    assert ":limit needs a positive number" in sh.handle(":limit x")[0]


def test_switching_the_ruleset_rechecks_the_section(sh):
    # :under 900 then :game d0 used to answer every later search with "--under 900: no such
    # clause in d0": d0 has no clause 900 (its parts are 1-6), so the scope is dropped, and
    # said; a section that exists in the new ruleset is kept (g2022 has a 900 too)
    assert sh.handle(":under 900")[0] == "searching under zx:900"
    out = sh.handle(":game d0")[0]
    assert out == "ruleset: d0; no clause 900 in d0: searching everywhere"
    assert sh.under is None and sh.prompt() == "d0> "
    out, _ = sh.handle("速攻")
    assert "no such clause" not in out and out.splitlines()[0].split()[1:3] == ["d0", "5.1"]
    sh.handle(":game zx")
    sh.handle(":under 900")
    out = sh.handle(":game g2022")[0]
    assert out == "ruleset: g2022; still searching under g2022:900"
    assert load("g2022")["900"].title == "カードと能力の処理"
    out, _ = sh.handle("効果")
    hit_ids = [line.split()[2] for line in out.splitlines() if line.startswith("#")]
    assert hit_ids and all(load("g2022").is_under(c, "900") for c in hit_ids)
    # all rulesets: kept where it exists (zx and g2022 have a 900)
    assert sh.handle(":game all")[0] == "ruleset: all; still searching under zx:900, g2022:900"


def test_an_id_in_several_rulesets_lists_them(searcher):
    sh = Shell(searcher, game="all")
    out, _ = sh.handle("904")    # zx 904 致死ダメージエフェクト, g2022 904 プレイと解決
    first = [line.split()[1:3] for line in out.splitlines() if line.startswith("#")][:2]
    assert sorted(first) == [["g2022", "904"], ["zx", "904"]]


def test_help_quit_unknown_and_misses(sh):
    assert ":game G|all" in sh.handle(":help")[0]
    assert sh.handle(":quit") == ("", False)
    assert sh.handle("") == ("", True)
    assert "Unknown command" in sh.handle(":frobnicate")[0]
    assert "「チャージ越過」 matches nothing" in sh.handle("チャージ越過")[0]
    assert "No clause matches" in sh.handle("越過越過")[0]
    assert "No search yet" in Shell(sh.s).handle("#1")[0]


def test_digits_that_are_not_numbers_are_not_tracebacks(sh):
    # "²" and "①" are digits to str.isdigit but int() refuses them: a ValueError used to end
    # the shell; full-width digits are numbers and work
    assert ":limit needs a positive number" in sh.handle(":limit ²")[0]
    assert sh.handle(":limit ３")[0] == "limit: 3"
    sh.handle("致死ダメージ")
    rs = load("zx")
    assert sh.handle("#１")[0] == clause_text(rs, rs["904"])
    assert "No clause matches '#²'" in sh.handle("#²")[0]


def test_shell_reads_standard_input(cache_dir):
    env = dict(os.environ, JUDGEKIT_CACHE_DIR=cache_dir)
    lines = "702.2a\n:game d0\n速攻\n:quit\n投了\n"
    r = subprocess.run([sys.executable, "-m", "judgekit", "shell", "--game", "zx"], input=lines,
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "702.2a" in r.stdout and "ルールエフェクト(900)をチェックし" in r.stdout
    assert "ruleset: d0" in r.stdout and "5.1" in r.stdout
    assert "12.7" not in r.stdout   # 投了 came after :quit
    assert "\x1b[" not in r.stdout


def test_interactive_session_keeps_readline_history(cache_dir, tmp_path):
    """On a terminal: banner, prompt, answers, and the lines kept in the history file."""
    pty = pytest.importorskip("pty")
    pytest.importorskip("readline")
    import select
    import time

    hist = os.path.join(cache_dir, "shell_history")
    if os.path.exists(hist):
        os.unlink(hist)
    master, slave = pty.openpty()
    env = dict(os.environ, JUDGEKIT_CACHE_DIR=cache_dir, TERM="dumb")
    p = subprocess.Popen([sys.executable, "-m", "judgekit", "shell", "-g", "zx"], stdin=slave,
                         stdout=slave, stderr=slave, env=env)
    os.close(slave)

    def read_until(marker: str, timeout: float = 60) -> str:
        buf = b""
        end = time.time() + timeout
        while time.time() < end and marker.encode() not in buf:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    buf += os.read(master, 65536)
                except OSError:
                    break
        return buf.decode("utf-8", "replace")

    try:
        assert "judgekit shell" in read_until("zx> ")
        os.write(master, "投了\n".encode())
        assert "101.4" in read_until("zx> ")
        os.write(master, b"\x04")  # Ctrl-D
        assert p.wait(timeout=30) == 0
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
    with open(hist, encoding="utf-8") as f:
        assert "投了" in f.read().splitlines()


def test_hash_with_a_sign_or_zero_asks_for_a_hit_not_a_clause(sh):
    assert "No search yet" in sh.handle("#-1")[0]
    sh.handle("致死ダメージ")
    for typed in ("#-1", "#0", "#+0", "# -2"):
        assert sh.handle(typed)[0].startswith("The last search showed"), typed
    rs = load("zx")
    assert sh.handle("#+2")[0] == clause_text(rs, rs["904.1"])


def test_a_query_of_nothing_to_search_says_so_once(sh):
    # as `judgekit search` does: one message, an error, not "No clause matches" before it
    # (review5 saw both lines for 「」 and -「ダメージ」)
    for line, why in (("「」", "operators or punctuation alone"), ("-「ダメージ」", "only exclusions")):
        text = sh.handle(line)[0]
        assert text.startswith("Error: The query has nothing to search for") and why in text
        assert "No clause matches" not in text
