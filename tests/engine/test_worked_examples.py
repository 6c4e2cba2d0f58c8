"""The rulebooks' own worked examples as the engines' acceptance test (issue 25).

Every worked example (例 / 【例】) has an id (clause id, '#', its number within the clause); a
bundled scenario declares the examples it reproduces (meta.reproduces), a reviewed file gives
the reason an example cannot be a scenario, what vocabulary it needs, or the reading that
records its contradiction (rules_data/<game>/examples_review.toml).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judgekit.board import BoardSyntaxError, load_text
from judgekit.cli.app import cli
from judgekit.engine import worked

GAMES = ("zx", "d0")


def test_the_rulebooks_print_the_examples_the_issue_counts():
    # document facts: Z/X Ver.1.59 prints 37 examples, Dimension Zero Version 19.00 prints 111
    assert len(worked.examples("zx")) == 37
    assert len(worked.examples("d0")) == 111
    assert worked.games_with_examples() == ["zx", "d0"] or set(worked.games_with_examples()) \
        == {"zx", "d0"}


def test_example_ids_follow_the_document():
    ex = {e["id"]: e for e in worked.examples("d0")}
    assert "「益々繁盛」" in ex["1.1.2#1"]["text"]
    assert "マインド・コントロール" in ex["4.9.3-1#3"]["text"] and ex["4.9.3-1#3"]["index"] == 3
    zx = {e["id"]: e for e in worked.examples("zx")}
    assert "佐々木小次郎" in zx["802.3#3"]["text"]
    assert worked.parse_id("802.3#3") == ("802.3", 3)
    assert worked.parse_id("802.3") is None and worked.parse_id("802.3#0") is None


@pytest.mark.parametrize("eid, message", [
    ("1.1.2#2", "has 1 worked example(s), not 2"),
    ("1.1#1", "has no worked example"),
    ("99.9#1", "no clause 99.9"),
])
def test_check_id_says_what_is_wrong(eid, message):
    assert message in worked.check_id("d0", eid)
    assert worked.check_id("d0", "1.1.2#1") is None


@pytest.mark.parametrize("game", GAMES)
def test_the_review_file_names_real_examples_once(game):
    assert worked.review_problems(game) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_that_claims_an_example_passes_and_cites_its_clause(game):
    rows = worked.listing(game)
    bad = [(r["id"], s["file"], s["problems"]) for r in rows for s in r["scenarios"]
           if not s["passes"]]
    assert bad == []
    assert sum(r["state"] == "reproduced" for r in rows) > 0


@pytest.mark.parametrize("game", GAMES)
def test_every_reason_is_for_an_example_no_scenario_reproduces(game):
    for r in worked.listing(game):
        if r["state"] in ("reason", "needs_vocabulary", "reading"):
            assert not r["scenarios"]
        if r["state"] == "reason":
            assert len(r["reason"]) >= 20


# Z/X and D0 are done: every example reproduced or with a reason, reasons at most a fifth
@pytest.mark.parametrize("game", GAMES)
def test_every_example_is_reproduced_or_has_a_reason(game):
    rows = worked.listing(game)
    s = worked.summary(rows)
    assert s["open"] == 0 and s["needs_vocabulary"] == 0 and s["failing"] == 0
    assert s["reason"] * 5 <= s["total"]


def _board(reproduces: str) -> str:
    return ("ruleset: d0\n"
            "meta:\n"
            "  title: t\n"
            f"  reproduces: {reproduces}\n"
            "players:\n"
            "  P1: {deck: 10}\n"
            "  P2: {deck: 10}\n")


def test_a_board_naming_no_example_is_a_syntax_error_at_its_line():
    with pytest.raises(BoardSyntaxError) as e:
        load_text(_board('["1.1.2#1", "1.1.2#5"]'), "x.yaml")
    (p,) = e.value.problems
    assert (p.line, p.col) == (4, 27)
    assert "clause 1.1.2 has 1 worked example(s), not 5" in str(p)
    with pytest.raises(BoardSyntaxError) as e:
        load_text(_board('"1.1.2"'), "x.yaml")
    assert "example id" in str(e.value.problems[0])
    b = load_text(_board('"1.1.2#1"'), "x.yaml")
    assert b.meta["reproduces"] == ["1.1.2#1"]


def test_coverage_examples_cli():
    runner = CliRunner()
    res = runner.invoke(cli, ["coverage", "--examples", "--game", "zx", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["summary"]["total"] == 37 and data["review_problems"] == []
    row = next(r for r in data["examples"] if r["id"] == "802.3#3")
    assert row["state"] == "reproduced" and row["scenarios"][0]["passes"] is True
    assert row["scenarios"][0]["file"].endswith("T37b-same-card-chosen-by-repeated-instructions.yaml")
    res = runner.invoke(cli, ["coverage", "--examples", "--game", "d0"])
    assert res.exit_code == 0, res.output
    assert "401.5#1" not in res.output and "1.1.2#1" in res.output
    assert "d0: 111 examples;" in res.output
