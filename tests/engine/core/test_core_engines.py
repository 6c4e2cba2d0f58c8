"""Every engine in the table keeps the protocol; a ruleset without one is one clear sentence.

These run over `GAMES_WITH_ENGINE`, so a new ruleset's engine is checked the day it is added
to the table: its registered clauses exist in its own clause tree, its readings weigh real
clauses, its bundled examples load, pass `board check` and run to what their `expect:` says.
"""

from __future__ import annotations

import functools
import glob
import json
import os

import pytest
from click.testing import CliRunner

from judgekit import paths
from judgekit.cli.app import cli
from judgekit.engine import ENGINES, GAMES_WITH_ENGINE, NoEngine, engine_for
from judgekit.engine.protocol import RulesetEngine
from judgekit.rules import GAMES, load


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_the_engine_keeps_the_protocol(game):
    eng = engine_for(game)
    assert isinstance(eng, RulesetEngine) and eng.game == game and eng.title
    assert eng.registry.game == game and len(eng.registry) > 0
    assert eng.model.Board.ruleset == game
    assert eng.spec.BOARD and eng.steps()
    assert eng.view.grid and eng.view.panel_zones


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_every_registered_clause_is_in_the_rulesets_own_tree(game):
    eng = engine_for(game)
    rs = load(game)
    missing = [cid for cid in eng.registry.ids() if cid not in rs]
    assert not missing, f"{game}: registered but not in the tree: {missing}"
    virtual = [cid for cid in eng.registry.ids()
               if rs[cid].virtual and not eng.registry[cid].virtual_ok]
    assert not virtual, f"{game}: registered clauses that the document never printed: {virtual}"
    for cid, e in eng.registry.entries.items():
        c = rs[cid]
        assert c.doc == "rules", f"{game} {cid}: a companion document's section is not a rule"
        assert c.text.strip() or c.title, f"{game} {cid} has neither text nor title"
        assert e.summary and not e.summary[0].islower() and e.summary.endswith("."), \
            f"{game} {cid}: the summary says what the engine does, as a sentence"


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_every_registered_clause_names_the_code_that_applies_it(game):
    import importlib
    import pkgutil

    eng = engine_for(game)
    pkg = importlib.import_module(ENGINES[game])
    for m in pkgutil.iter_modules(pkg.__path__):  # decorators register as modules load
        eng._module(m.name)
    for cid, e in eng.registry.entries.items():
        assert e.handlers, f"{game} {cid}: no function is registered as applying it"
        for h in e.handlers:
            assert callable(pkgutil.resolve_name(h)), h


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_every_reading_weighs_real_clauses(game):
    eng = engine_for(game)
    rs = load(game)
    for rid, r in eng.readings.items():
        assert r["id"] == rid and r["reading"] and r["reading_ja"] and r["source"]
        assert len(r["clauses"]) >= 2, f"{game} {rid}: a reading weighs two clauses or more"
        assert len(set(r["clauses"])) == len(r["clauses"]), (game, rid, r["clauses"])
        assert all(c in rs and not rs[c].virtual for c in r["clauses"]), (game, rid, r["clauses"])
        assert r["title"] and r["title_ja"], (game, rid)


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_every_step_a_file_may_name_has_a_handler(game):
    eng = engine_for(game)
    flow = eng.new_flow(None)
    assert set(eng.steps()) <= set(flow.handlers), set(eng.steps()) - set(flow.handlers)


def _examples():
    for game in GAMES_WITH_ENGINE:
        for p in sorted(glob.glob(os.path.join(paths.project_root(), "examples", game,
                                               "*.yaml"))):
            yield pytest.param(p, id=f"{game}/{os.path.basename(p)}")


@pytest.mark.parametrize("path", list(_examples()))
def test_every_bundled_example_checks_clean_and_runs_to_its_expectation(path):
    from judgekit.board import load_file, status
    from judgekit.engine import run_file

    errors = [str(f) for f in status(load_file(path)) if f.severity == "error"]
    assert not errors
    run = run_file(path)
    assert run.check is not None, "every bundled example states its expected outcome"
    assert run.check == [], run.check


def _schema_file(game: str) -> str:
    name = "board.schema.json" if game == "zx" else f"board-{game}.schema.json"
    return os.path.join(paths.project_root(), "docs", name)


@pytest.mark.parametrize("game", GAMES_WITH_ENGINE)
def test_each_rulesets_schema_file_is_generated_from_its_format(game):
    from judgekit.board.schema import schema_text

    with open(_schema_file(game), encoding="utf-8") as f:
        assert f.read() == schema_text(game), \
            f"regenerate: judgekit board schema --game {game} -o {_schema_file(game)}"


@functools.lru_cache(maxsize=None)
def _validator(game: str):
    import jsonschema

    with open(_schema_file(game), encoding="utf-8") as f:
        return jsonschema.Draft202012Validator(json.load(f))


@pytest.mark.parametrize("path", list(_examples()))
def test_every_bundled_example_validates_against_its_json_schema(path):
    # an independent validator (jsonschema) agrees with the loader on every bundled example
    import yaml

    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    errors = list(_validator(data["ruleset"]).iter_errors(data))
    assert errors == [], errors[0].message if errors else ""


def test_each_engine_has_bundled_examples():
    for game in GAMES_WITH_ENGINE:
        assert glob.glob(os.path.join(paths.project_root(), "examples", game, "*.yaml")), game


def test_a_ruleset_without_an_engine_is_one_sentence_and_exit_2(monkeypatch):
    monkeypatch.delitem(ENGINES, "zx")
    r = CliRunner()
    zx = os.path.join(paths.project_root(), "examples", "zx", "T10-player-damage-no-ignition.yaml")
    for args in (["board", "check", zx], ["step", "--auto", zx], ["coverage", "--game", "zx"],
                 ["board", "schema", "--game", "zx"]):
        res = r.invoke(cli, args)
        assert res.exit_code == 2, (args, res.output)
        assert "the zx ruleset has no engine yet" in res.output, (args, res.output)
        assert "Traceback" not in res.output and res.exception is None or \
            isinstance(res.exception, SystemExit)


def test_engine_for_tells_a_known_ruleset_from_an_unknown_name():
    without = [g for g in GAMES if g not in GAMES_WITH_ENGINE]
    for g in without:
        with pytest.raises(NoEngine, match="has no engine yet"):
            engine_for(g)
    with pytest.raises(NoEngine, match="unknown ruleset 'chess'"):
        engine_for("chess")


def test_an_effect_line_says_what_the_effect_does_in_every_ruleset():
    # the describer's frame (starts/ends, to whom, how long) is shared; what the effect does
    # comes from the view: Z/X's numbers and 「できない」 by default, thv's battle modifier by
    # its label (it used to read "effect  → D"), D0's modified values by its own words
    from judgekit.engine.describe import change_text

    def line(game, effect, lang="en"):
        view = engine_for(game).view
        ch = {"op": "effect+", "effect": {**effect, "to": ["X"], "until": "turn_end"}}
        return change_text(ch, lang, str, view.labels(lang), view)

    assert line("zx", {"power": 1000}) == "effect Power +1000 → X (turn_end)"
    assert "cannot attack" in line("zx", {"cannot": "attack"})
    assert "battle modifier ±0/+2" in line("thv", {"modify": "±0/+2"})
    assert "戦闘修正 ±0/+2" in line("thv", {"modify": "±0/+2"}, "ja")
    assert "+1000" in line("d0", {"modify": {"power": 1000}})
