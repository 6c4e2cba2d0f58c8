"""Engine coverage on the site: a ⚙ mark on each executed clause, linked to a copied scenario."""

from __future__ import annotations

import os
import re

from judgekit.site.build import build
from judgekit.site.coverage import engine_coverage, scenario_from_file
from judgekit.site.linkcheck import check_site

BOARD = """\
# lethal damage: a zekusu with damage equal to its power is destroyed (904.1)
ruleset: zx
edition: Ver.1.59
meta:
  title: 致死ダメージ — power 3000, damage 3000
"""


def test_marks_link_to_a_copy_of_the_scenario(tmp_path):
    board = tmp_path / "lethal.yaml"
    board.write_text(BOARD, encoding="utf-8")
    sc = scenario_from_file(str(board))
    assert sc.title == "致死ダメージ — power 3000, damage 3000"
    out = tmp_path / "site"
    report = build(str(out), ["zx"], coverage_provider=lambda g: {"904.1": [sc], "702.2a": [sc]}
                   if g == "zx" else {})
    assert report.coverage == {"zx": 2}
    page = (out / "zx" / "900.html").read_text(encoding="utf-8")
    sec = page[page.index('id="904.1"'):]
    sec = sec[: sec.index("</section>")]
    assert 'class="engine-badge" href="scenarios/lethal.html"' in sec
    assert re.search(r'<p class="engine-line">.*href="scenarios/lethal\.html">lethal</a>', sec)
    # the clause without the engine carries no mark
    sec2 = page[page.index('id="904.2"'):]
    assert "engine" not in sec2[: sec2.index("</section>")]
    # the scenario page shows the file and links back to both clauses; the raw file is there
    sp = (out / "zx" / "scenarios" / "lethal.html").read_text(encoding="utf-8")
    assert "致死ダメージ — power 3000, damage 3000" in sp
    assert 'href="../900.html#904.1"' in sp and 'href="../700.html#702.2a"' in sp
    assert (out / "zx" / "scenarios" / "lethal.yaml").read_text(encoding="utf-8") == BOARD
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "⚙ 2 executed by the engine" in home
    assert check_site(str(out)) == []


def test_without_engine_coverage_there_are_no_marks(built_site):
    root, report = built_site
    assert set(report.coverage.values()) == {0}
    assert not os.path.exists(os.path.join(root, "zx", "scenarios"))
    with open(os.path.join(root, "zx", "900.html"), encoding="utf-8") as f:
        assert "engine-badge" not in f.read()


def test_adapter_reads_the_engines_rows(tmp_path, monkeypatch):
    """engine_coverage() keeps rows whose example file exists, for the clause they name."""
    import sys
    import types

    board = tmp_path / "T05.yaml"
    board.write_text(BOARD, encoding="utf-8")
    fake = types.ModuleType("judgekit.engine.coverage")
    fake.coverage = lambda game: [
        {"clause": "904.1", "examples": [str(board)]},
        {"clause": "904.2", "examples": [str(tmp_path / "missing.yaml")]},
    ] if game == "zx" else []
    monkeypatch.setitem(sys.modules, "judgekit.engine.coverage", fake)
    cov = engine_coverage("zx")
    assert list(cov) == ["904.1"]
    assert cov["904.1"][0].label == "T05" and cov["904.1"][0].href == "scenarios/T05.html"
    assert engine_coverage("d0") == {}


def test_a_failing_engine_costs_the_marks_not_the_site(tmp_path, monkeypatch):
    import sys
    import types

    fake = types.ModuleType("judgekit.engine.coverage")

    def broken(game):
        raise RuntimeError("half-written engine")

    fake.coverage = broken
    monkeypatch.setitem(sys.modules, "judgekit.engine.coverage", fake)
    report = build(str(tmp_path / "s"), ["zx"])
    assert report.coverage == {"zx": 0}
    assert any("half-written engine" in w for w in report.warnings)
    assert (tmp_path / "s" / "zx" / "900.html").exists()
