"""Parse once: the on-disk cache of clause trees."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

import pytest

from judgekit import paths
from judgekit.rules import cache


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_first_load_builds_and_writes_a_cache(fresh_cache):
    rs = cache.load("zx")
    files = glob.glob(str(fresh_cache / "rules-zx-*.marshal"))
    assert len(files) == 1
    again = cache.load("zx")
    assert again.ids() == rs.ids()
    assert again["702.2a"] == rs["702.2a"]
    assert again.companions.keys() == rs.companions.keys()
    assert again.source_hash == rs.source_hash and len(rs.source_hash) == 64


def test_a_lookup_does_not_reparse(fresh_cache, monkeypatch):
    cache.load("zx")
    from judgekit.rules import build

    def boom(*a, **k):
        raise AssertionError("parsed again")

    monkeypatch.setattr(build, "build_ruleset", boom)
    assert cache.load("zx")["702.2a"].parent == "702.2"


def test_corrupt_cache_is_rebuilt(fresh_cache):
    cache.load("zx")
    (path,) = glob.glob(str(fresh_cache / "rules-zx-*.marshal"))
    with open(path, "wb") as f:
        f.write(b"\x00garbage")
    assert cache.load("zx")["702.2a"].id == "702.2a"
    with open(path, "rb") as f:
        assert f.read(8) != b"\x00garbage"


def test_truncated_cache_is_rebuilt(fresh_cache):
    cache.load("zx")
    (path,) = glob.glob(str(fresh_cache / "rules-zx-*.marshal"))
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[: len(data) // 2])
    assert len(cache.load("zx")) == len(cache.load("zx", rebuild=True))


def test_changed_source_gives_a_new_key_and_drops_the_old_file(fresh_cache, tmp_path, monkeypatch):
    home = tmp_path / "home"
    shutil.copytree(paths.rules_data_dir(), home / "rules_data")
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    before = cache.load("zx")
    src = home / "rules_data" / "zx" / "000_5057c6edc782ded1.txt"
    text = src.read_text(encoding="utf-8").replace(
        "101.5 投了はいかなる効果によっても強制されることはなく", "101.5 投了はどんな効果によっても強制されることはなく")
    src.write_text(text, encoding="utf-8")
    after = cache.load("zx")
    assert before["101.5"].text != after["101.5"].text
    assert after["101.5"].text.startswith("投了はどんな効果")
    assert before.source_hash != after.source_hash
    assert len(glob.glob(str(fresh_cache / "rules-zx-*.marshal"))) == 1


def test_unwritable_cache_dir_still_answers(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(blocker / "sub"))
    assert cache.load("zx")["100"].title == "ゲームの基礎"


def test_write_atomic_leaves_no_partial_file(tmp_path):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")

    with pytest.raises(TypeError):
        cache.write_atomic(str(target), object())  # type: ignore[arg-type]
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.bin"]


def test_concurrent_first_loads(fresh_cache):
    code = "from judgekit.rules.cache import load; print(len(load('zx')))"
    env = dict(os.environ)
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env, text=True)
             for _ in range(4)]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert set(outs) == {"656"}
    assert len(glob.glob(str(fresh_cache / "rules-zx-*.marshal"))) == 1
    assert not glob.glob(str(fresh_cache / ".tmp-*"))
