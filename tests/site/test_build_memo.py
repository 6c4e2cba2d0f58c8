"""The site build's derived artifacts are kept by content (judgekit.memo): an unchanged tree
reuses them, a changed scenario, engine module or search asset recomputes them."""

from __future__ import annotations

import os

import pytest

from judgekit import memo
from judgekit.engine import clause_coverage


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(d))
    return d


def test_files_key_follows_content_not_names_alone(tmp_path, cache):
    a = tmp_path / "a.yaml"
    a.write_text("x: 1\n", encoding="utf-8")
    k1 = memo.files_key("salt", [str(a)])
    assert memo.files_key("salt", [str(a)]) == k1          # stamps reused
    assert memo.files_key("other", [str(a)]) != k1         # the salt is part of the key
    a.write_text("x: 22\n", encoding="utf-8")              # new size and mtime
    k2 = memo.files_key("salt", [str(a)])
    assert k2 != k1
    st = os.stat(a)
    a.write_text("x: 33\n", encoding="utf-8")              # same size: the mtime tells
    os.utime(a, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert memo.files_key("salt", [str(a)]) not in (k1, k2)


def test_store_and_load_round_trip_and_drop_older_entries(cache):
    memo.store("kind", "a" * 64, {"x": [1, 2]})
    assert memo.load("kind", "a" * 64) == {"x": [1, 2]}
    memo.store("kind", "b" * 64, "new")
    assert memo.load("kind", "a" * 64) is None
    assert memo.load("kind", "b" * 64) == "new"
    # a damaged entry is a miss, not an error
    (p,) = [p for p in cache.iterdir() if p.name.startswith("memo-kind-")]
    p.write_bytes(b"\x00garbage")
    assert memo.load("kind", "b" * 64) is None


def test_example_cites_are_run_once_then_reused_until_an_example_changes(tmp_path, cache,
                                                                         monkeypatch):
    ex = tmp_path / "R1.yaml"
    ex.write_text("ruleset: zx\n", encoding="utf-8")
    monkeypatch.setattr(clause_coverage, "example_files", lambda game: [str(ex)])
    runs = []

    def fake_run(game):
        runs.append(game)
        return {"702.2a": {"examples/zx/R1.yaml": len(runs)}}, {}

    monkeypatch.setattr(clause_coverage, "_run_examples", fake_run)
    first = clause_coverage.example_cites("zx")
    assert clause_coverage.example_cites("zx") == first and runs == ["zx"]
    ex.write_text("ruleset: zx\n# changed\n", encoding="utf-8")
    assert clause_coverage.example_cites("zx") == {"702.2a": {"examples/zx/R1.yaml": 2}}
    assert runs == ["zx", "zx"]


def test_the_examples_runs_key_follows_the_rules_data_but_not_the_phrasings(tmp_path, cache,
                                                                             monkeypatch):
    """The engine never reads asks.toml: editing a judges' phrasing must not run every
    bundled example again (as the clause trees' key, rules/cache.py)."""
    from judgekit import paths

    game = tmp_path / "rules_data" / "zx"
    game.mkdir(parents=True)
    (game / "rules.txt").write_text("700 ゲームの進行\n", encoding="utf-8")
    asks = game / "asks.toml"
    asks.write_text('[asks]\n"700" = ["どう進む？"]\n', encoding="utf-8")
    monkeypatch.setattr(paths, "rules_data_dir", lambda: str(tmp_path / "rules_data"))
    monkeypatch.setattr(clause_coverage, "example_files", lambda game: [])
    from judgekit.rules.cache import fingerprints

    k1, f1 = clause_coverage.runs_key("zx"), fingerprints("zx")
    asks.write_text('[asks]\n"700" = ["どう進む？", "順番は？"]\n', encoding="utf-8")
    assert clause_coverage.runs_key("zx") == k1 and fingerprints("zx") == f1
    (game / "rules.txt").write_text("700 ゲームの進行です\n", encoding="utf-8")
    assert clause_coverage.runs_key("zx") != k1 and fingerprints("zx") != f1


def test_a_second_build_reuses_the_search_scripts(tmp_path, cache, monkeypatch):
    from judgekit.site import index
    from judgekit.site.build import build

    build(str(tmp_path / "s1"), ["g2022"], coverage_provider=lambda g: {})

    def fail(*a, **k):
        raise AssertionError("recomputed although nothing changed")

    monkeypatch.setattr(index, "index_script", fail)
    monkeypatch.setattr("judgekit.site.assets._search_script", fail)
    build(str(tmp_path / "s2"), ["g2022"], coverage_provider=lambda g: {})
    for rel in ("search/g2022.js", "assets/search.js"):
        assert (tmp_path / "s1" / rel).read_bytes() == (tmp_path / "s2" / rel).read_bytes()


def test_a_first_build_reads_each_phrasings_file_once(tmp_path, cache, monkeypatch):
    # the clause pages and the search script both carry the phrasings: one parse serves both
    from judgekit.search import asks
    from judgekit.search.index import open_index
    from judgekit.site.build import build

    open_index().close()  # the search index is built (reading every ruleset's file) beforehand
    reads = []
    orig = asks.load

    def counting(game, *a, **k):
        reads.append(game)
        return orig(game, *a, **k)

    monkeypatch.setattr(asks, "load", counting)
    build(str(tmp_path / "s"), ["g2022"], coverage_provider=lambda g: {})
    assert reads == ["g2022"]
    script = (tmp_path / "s" / "search" / "g2022.js").read_text(encoding="utf-8")
    line = orig("g2022")["803.1"][0]
    assert line in script


def test_scenario_pages_are_rendered_once_per_content(tmp_path, cache, monkeypatch):
    from judgekit.site import build as B
    from judgekit.site.coverage import scenario_from_file

    board = tmp_path / "T99.yaml"
    board.write_text("ruleset: zx\nmeta:\n  title: one\n", encoding="utf-8")
    renders = []
    orig = B._render_scenarios

    def counting(*a, **k):
        renders.append(1)
        return orig(*a, **k)

    monkeypatch.setattr(B, "_render_scenarios", counting)

    def provider(game):
        return {"904.1": [scenario_from_file(str(board))]} if game == "zx" else {}

    B.build(str(tmp_path / "a"), ["zx"], coverage_provider=provider)
    B.build(str(tmp_path / "b"), ["zx"], coverage_provider=provider)
    assert len(renders) == 1
    page = "zx/scenarios/T99.html"
    assert (tmp_path / "a" / page).read_bytes() == (tmp_path / "b" / page).read_bytes()
    board.write_text("ruleset: zx\nmeta:\n  title: two\n", encoding="utf-8")  # content changed
    B.build(str(tmp_path / "c"), ["zx"], coverage_provider=provider)
    assert len(renders) == 2 and "two" in (tmp_path / "c" / page).read_text(encoding="utf-8")


def test_the_script_keys_cover_the_shared_rules_data_and_the_whole_package():
    """The index scripts carry the concept index (rules_data/concepts.toml, judgekit.concepts):
    a change there must give a new key, like a change to the search code."""
    import os

    from judgekit.paths import PACKAGE_DIR, rules_data_dir

    shared = memo.rules_data_files()
    assert os.path.join(rules_data_dir(), "concepts.toml") in shared
    assert os.path.join(rules_data_dir(), "zx", "meta.toml") in memo.rules_data_files("zx")
    code = memo.package_files()
    assert os.path.join(PACKAGE_DIR, "concepts.py") in code
    assert not any("_prebuilt" in p or "__pycache__" in p for p in code)
