"""`judgekit site build`: what it writes, where, and how it refuses to damage a directory."""

from __future__ import annotations

import json
import os
import re

import pytest
from click.testing import CliRunner

from judgekit.cli.app import cli
from judgekit.site.build import MARKER_FILE, SiteError, build
from judgekit.site.linkcheck import check_site


def test_home_lists_every_ruleset_with_edition_and_date(built_site, rulesets):
    root, report = built_site
    with open(os.path.join(root, "index.html"), encoding="utf-8") as f:
        home = f.read()
    assert sorted(report.games) == sorted(rs.game for rs in rulesets)
    for rs in rulesets:
        assert f'href="{rs.game}/index.html"' in home
        assert rs.edition in home
    # Z/X: Ver.1.59 of 2020-07-22 (source lines 3 and 5), and its how-to-play guide of 2024-04-11
    assert "Ver.1.59" in home and "2020-07-22" in home
    assert 'href="zx/guide.html"' in home and "2024-04-11" in home


def test_one_page_per_top_level_unit(built_site):
    root, _ = built_site
    names = sorted(os.listdir(os.path.join(root, "zx")))
    # Z/X sections 100…1200, the guide's page and its ten sections, and the contents page
    for n in range(100, 1300, 100):
        assert f"{n}.html" in names
    for g in ("guide", "guide.about", "guide.deck", "guide.setup", "guide.cards", "guide.field",
              "guide.turn", "guide.play", "guide.battle", "guide.dynamis", "guide.other"):
        assert f"{g}.html" in names
    assert "index.html" in names


def test_site_is_self_contained(built_site):
    """No webfont, no CDN, nothing fetched: every src/href is relative (the crawl checks them)."""
    root, _ = built_site
    for d, _, files in os.walk(root):
        for fn in files:
            if fn.endswith((".html", ".css", ".js")):
                with open(os.path.join(d, fn), encoding="utf-8") as f:
                    src = f.read()
                assert not re.search(r"https?://", src.replace("http://www.w3.org", "")), \
                    f"{fn} refers to the network"
                assert "@font-face" not in src and "@import" not in src


def test_marker_records_the_sources(built_site, rulesets):
    root, _ = built_site
    with open(os.path.join(root, MARKER_FILE), encoding="utf-8") as f:
        marker = json.load(f)
    for rs in rulesets:
        assert marker["games"][rs.game]["source_hash"] == rs.source_hash


def test_rebuild_replaces_a_site_but_never_a_foreign_directory(tmp_path):
    out = tmp_path / "out"
    build(str(out), ["zx"], coverage_provider=lambda g: {})
    (out / "stale.html").write_text("left over", encoding="utf-8")
    build(str(out), ["zx"], coverage_provider=lambda g: {})
    assert not (out / "stale.html").exists()  # replaced as a whole
    assert (out / "zx" / "700.html").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no temporary directory left

    foreign = tmp_path / "docs"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(SiteError, match="refusing to replace"):
        build(str(foreign), ["zx"], coverage_provider=lambda g: {})
    assert (foreign / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_file_in_the_way_of_the_output_directory_is_named(tmp_path):
    from click.testing import CliRunner

    from judgekit.cli.app import cli

    afile = tmp_path / "afile"
    afile.write_text("mine", encoding="utf-8")
    for out in (afile / "sub", afile / "sub" / "deeper"):
        with pytest.raises(SiteError, match=f"{afile} is a file, not a directory"):
            build(str(out), ["zx"], coverage_provider=lambda g: {})
        res = CliRunner().invoke(cli, ["site", "build", "-q", "-g", "zx", "-o", str(out)])
        assert res.exit_code == 1 and f"{afile} is a file, not a directory" in res.output
        assert "File exists" not in res.output
    assert afile.read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_cli_builds_into_the_directory_named(tmp_path):
    out = tmp_path / "site"
    r = CliRunner().invoke(cli, ["site", "build", "-o", str(out), "-g", "zx"])
    assert r.exit_code == 0, r.output
    assert "Built" in r.output and "file://" in r.output
    assert (out / "index.html").exists() and (out / "search" / "zx.js").exists()
    assert check_site(str(out)) == []


def test_cli_errors_are_one_line_without_traceback(tmp_path):
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "a.jpg").write_bytes(b"x")
    r = CliRunner().invoke(cli, ["site", "build", "-o", str(foreign)])
    assert r.exit_code != 0
    assert "refusing to replace" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["site", "build", "-o", str(tmp_path / "x"), "-g", "mtg"])
    assert r.exit_code != 0 and "unknown ruleset 'mtg'" in r.output
    f = tmp_path / "file"
    f.write_text("", encoding="utf-8")
    r = CliRunner().invoke(cli, ["site", "build", "-o", str(f)])
    assert r.exit_code != 0 and "Traceback" not in r.output


def test_a_ruleset_that_fails_to_load_is_skipped_with_a_warning(tmp_path, monkeypatch):
    import judgekit.rules as rules

    real = rules.load

    def flaky(game):
        if game == "thv":
            raise RuntimeError("parser exploded")
        return real(game)

    monkeypatch.setattr(rules, "load", flaky)
    report = build(str(tmp_path / "s"), coverage_provider=lambda g: {})
    assert "thv" not in report.games and "parser exploded" in report.skipped["thv"]
    assert not (tmp_path / "s" / "thv").exists()
    assert check_site(str(tmp_path / "s")) == []
    with pytest.raises(SiteError, match="thv could not be loaded"):
        build(str(tmp_path / "t"), ["thv"], coverage_provider=lambda g: {})


def test_a_bad_phrasings_file_is_a_one_line_error_and_writes_nothing(tmp_path, monkeypatch):
    from judgekit.search import asks as asks_

    bad = tmp_path / "asks.toml"
    bad.write_text('[asks]\n"no.such" = ["x"]\n', encoding="utf-8")
    monkeypatch.setattr(asks_, "asks_file", lambda game: str(bad))
    out = tmp_path / "site"
    r = CliRunner().invoke(cli, ["site", "build", "-q", "-g", "zx", "-o", str(out)])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.output
    assert f"{bad}:2: [asks] 'no.such': no such clause in zx" in r.output
    assert "Traceback" not in r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["asks.toml"]
