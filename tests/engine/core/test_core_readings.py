"""Readings: one vocabulary of kinds for the four rulesets; every ambiguity and contradiction has
implemented alternatives, each followed by a bundled scenario; a board file or the command line
chooses an alternative; the comparer runs every alternative a run depended on."""

from __future__ import annotations

import json
import os
import re

import pytest
from click.testing import CliRunner

from judgekit.engine import GAMES_WITH_ENGINE, engine_for, reading_coverage
from judgekit.engine.readings import CHOICE_KINDS, KINDS, check_choices, parse_choice
from judgekit.paths import project_root

ROOT = project_root()

# ambiguities or contradictions whose second reading is not implemented yet (the lead's list of
# what is left; an entry here must be an ambiguity or contradiction with one alternative)
NOT_YET: dict[str, set] = {}


def _ex(name: str) -> str:
    game = "zx" if name.startswith(("R9", "R5")) else None
    for g in ([game] if game else GAMES_WITH_ENGINE):
        p = os.path.join(ROOT, "examples", g, name + ".yaml")
        if os.path.exists(p):
            return p
    raise AssertionError(name)


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_every_reading_has_a_kind_of_the_one_vocabulary(game):
    from judgekit.rules import load

    rs = load(game)
    for rid, r in engine_for(game).readings.items():
        assert r["kind"] in KINDS, (game, rid)
        alts = r["alternatives"]
        if r["kind"] not in CHOICE_KINDS:
            assert not alts and r["default"] is None, (game, rid)
            continue
        assert alts[0]["id"] == r["default"], (game, rid)
        for a in alts:
            assert a["clauses"] and a["text"] and re.search(r"[ぁ-んァ-ン一-龥]", a["text_ja"])
            for c in a["clauses"]:
                assert rs.get(c) is not None, (game, rid, a["id"], c)


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_every_ambiguity_and_contradiction_has_alternatives_each_exercised(game):
    rows = reading_coverage(game)
    pending = NOT_YET.get(game, set())
    for r in rows:
        if not r["choice"]:
            continue
        if r["id"] in pending:
            assert len(r["alternatives"]) == 1, f"{r['id']} is done: take it off NOT_YET"
            continue
        assert len(r["alternatives"]) >= 2, (game, r["id"])
        for a in r["alternatives"]:
            assert a["examples"], f"no bundled example follows {r['id']}={a['id']}"
    assert pending <= {r["id"] for r in rows if r["choice"]}


def test_kinds_are_documented_in_the_architecture():
    with open(os.path.join(ROOT, "docs", "ARCHITECTURE.md"), encoding="utf-8") as f:
        doc = f.read()
    for k in KINDS:
        assert f"`{k}`" in doc, k


def test_choices_are_checked():
    table = engine_for("zx").readings
    assert check_choices(table, {"controller-trash": "owner"}) == []
    probs = dict(check_choices(table, {"controller-trash": "nobody", "batch-passes": "x",
                                       "no-such": "y"}))
    assert "no alternative 'nobody'" in probs["controller-trash"]
    assert "one behaviour" in probs["batch-passes"]
    assert "no reading 'no-such'" in probs["no-such"]
    assert parse_choice(" controller-trash = owner ") == ("controller-trash", "owner")
    with pytest.raises(ValueError):
        parse_choice("controller-trash")


def test_a_board_file_choosing_an_unknown_reading_is_flagged_at_its_line(tmp_path):
    from judgekit.board import load_file, status

    with open(_ex("R905-controller-trash"), encoding="utf-8") as f:
        src = f.read()
    p = tmp_path / "b.yaml"
    p.write_text(src.replace("expect:", "readings:\n  controller-trash: nobody\n"
                             "  batch-passes: yes-please\nexpect:", 1), encoding="utf-8")
    flags = [f for f in status(load_file(str(p))) if f.code == "UNKNOWN_READING"]
    assert len(flags) == 2 and all(f.severity == "error" for f in flags)
    lines = src.split("expect:")[0].count("\n") + 2
    assert {f.line for f in flags} == {lines, lines + 1} and all(f.col > 0 for f in flags)
    assert "one of controller, owner" in flags[0].message


def test_the_file_s_reading_is_followed_and_recorded_in_the_trace():
    from judgekit.engine import run_file

    d = run_file(_ex("R905b-owner-trash")).to_json()
    assert d["reading_choices"] == {"controller-trash": "owner"}
    (r,) = [r for r in d["readings"] if r["id"] == "controller-trash"]
    assert r["followed"] == "owner" and r["rests_on"] == ["302.4", "301.2b"]
    steps = [s for s in d["steps"] if "controller-trash" in s["readings"]]
    assert steps and all(s["alternatives"] == {"controller-trash": "owner"} for s in steps)
    # a reading with one behaviour is named by the step, with no alternative
    d = run_file(_ex("R1205-player-card-destroyed")).to_json()
    assert all(not s["alternatives"] or "909-in-preprocessing" in s["alternatives"]
               for s in d["steps"])


def test_step_reading_option_and_compare(tmp_path):
    from judgekit.cli.app import cli

    runner = CliRunner()
    path = _ex("R905-controller-trash")
    res = runner.invoke(cli, ["step", path, "--auto", "--reading", "controller-trash=owner"])
    assert res.exit_code == 0 and "P2's trash" in res.output
    assert "controller-trash = owner" in res.output
    res = runner.invoke(cli, ["step", path, "--auto", "--reading", "controller-trash=nobody"])
    assert res.exit_code == 2 and "no alternative 'nobody'" in res.output
    assert "Traceback" not in res.output
    res = runner.invoke(cli, ["step", path, "--auto", "--reading", "controller-trash"])
    assert res.exit_code == 2 and "ID=ALTERNATIVE" in res.output
    res = runner.invoke(cli, ["step", path, "--compare-readings"])
    assert res.exit_code == 0
    assert "The outcome DEPENDS on the reading (controller-trash)" in res.output
    assert "O: P2.trash (this run: P1.trash)" in res.output
    res = runner.invoke(cli, ["step", path, "--compare-readings", "--json"])
    cmp = json.loads(res.output)["reading_comparison"]
    assert cmp["depends"] and cmp["runs"] == 2 and cmp["complete"]
    assert [v["readings"][0]["alternative"] for v in cmp["variants"]] == ["controller", "owner"]
    assert cmp["variants"][1]["diverges_at"] is not None
    res = runner.invoke(cli, ["step", _ex("T01-battle-lethal-damage"), "--compare-readings"])
    assert "depended on no ambiguous or contradictory reading" in res.output


def test_compare_finds_the_first_diverging_step_and_same_outcomes():
    import copy

    from judgekit.board import load_file
    from judgekit.engine.compare import compare_readings
    from judgekit.engine.run import run_board

    b = load_file(_ex("S16b-center-area-unit-destroyed"))
    base = run_board(copy.deepcopy(b))
    cmp = compare_readings(b, base)
    assert cmp["readings"] == ["empty-exchange"] and not cmp["depends"]
    v = cmp["variants"][1]
    assert v["same_outcome"] and v["cards"] == []
    i = v["diverges_at"]
    assert base.steps[i].message != v["run"].steps[i].message
    assert all(base.steps[k].message == v["run"].steps[k].message for k in range(i))


def test_the_budget_of_a_comparison_is_reported():
    import copy

    from judgekit.board import load_file
    from judgekit.engine.compare import compare_readings
    from judgekit.engine.run import run_board

    b = load_file(_ex("R905-controller-trash"))
    cmp = compare_readings(b, run_board(copy.deepcopy(b)), budget=1)
    assert not cmp["complete"] and cmp["runs"] == 1 and cmp["pending"] == 1


def test_a_question_met_where_every_reading_agrees_is_named_but_not_a_dependency():
    from judgekit.engine import run_file

    # R502: the hand is over the limit as 'until end of turn' effects end, but the limit is the
    # same before and after: end-phase-order is named (as before), and nothing is compared
    run = run_file(_ex("R502-full-turn"))
    assert "end-phase-order" in run.trace.readings
    assert run.trace.readings["end-phase-order"]["followed"] == "rules"
    assert run.trace.depended() == {}
    # R507r: the limit differs before and after: the run depends on it
    run = run_file(_ex("R507r-end-phase-order-rules"))
    assert run.trace.depended() == {"end-phase-order": "rules"}


def test_rulings_show_the_comparison_only_when_the_run_depends_on_a_reading():
    from judgekit.reports.ruling import make_ruling

    m = make_ruling(_ex("R502-full-turn"), lang="en")
    assert m["reading_comparison"] is None
    m = make_ruling(_ex("R507r-end-phase-order-rules"), lang="en")
    rc = m["reading_comparison"]
    assert rc["depends"] and rc["readings"] == ["end-phase-order"]
    # the rules' order trashes h7; under the guide's order P1 keeps all seven
    assert any("h7" in c for c in rc["variants"][0]["changes"])
    assert not any("h7" in c for c in rc["variants"][1]["changes"])
    assert "guide.turn.end" in m["appendix_by_id"]  # the clauses each reading rests on
