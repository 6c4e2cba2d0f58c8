"""The index as a build artifact: concurrent builds, damaged files, changed rules, progress.

These tests index one ruleset (g2022) in their own cache directories: a small index builds in
well under a second, and the session index used by the other tests stays untouched.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import time

import pytest
from search_helpers import seed_cache

from judgekit.search import index as ix_
from judgekit.search.engine import Searcher
from judgekit.search.run import BuildProgress

GAMES = ("g2022",)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A cache directory with the trees and a sound g2022 index, built once."""
    d = str(tmp_path_factory.mktemp("jkc-built"))
    seed_cache(d)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUDGEKIT_CACHE_DIR", d)
        ix_.open_index(GAMES).close()
    return d


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    """The trees only: the first search builds the index."""
    d = str(tmp_path / "cache")
    seed_cache(d)
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", d)
    return d


@pytest.fixture
def fresh_cache(built, tmp_path, monkeypatch):
    """A private copy of `built` (file times kept, so the manifest still matches)."""
    d = str(tmp_path / "cache")
    shutil.copytree(built, d)
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", d)
    return d


def index_dirs(cache: str) -> list[str]:
    return sorted(n for n in os.listdir(cache) if n.startswith("search-")
                  and os.path.isdir(os.path.join(cache, n)))


def leftovers(cache: str) -> list[str]:
    return [n for n in os.listdir(cache) if n.startswith((".search-build-", ".search-trash-"))]


def answer(q: str = "投了") -> list[str]:
    s = Searcher(ix_.open_index(GAMES))
    try:
        return [f"{h.game}:{h.id}" for h in s.search(q, limit=None).hits]
    finally:
        s.close()


# g2022 101.4 "…自分の意思で投了を宣言し…", 101.5 "投了はいかなる効果によっても強制されることはなく…"
EXPECTED = {"g2022:101.4", "g2022:101.5"}


def test_build_then_reuse(empty_cache):
    fresh_cache = empty_cache
    first = ix_.open_index(GAMES)
    path = first.path
    first.close()
    stamp = os.stat(os.path.join(path, ix_.MANIFEST)).st_mtime_ns
    again = ix_.open_index(GAMES)
    assert again.path == path and again.games == GAMES
    assert os.stat(os.path.join(path, ix_.MANIFEST)).st_mtime_ns == stamp  # not rebuilt
    again.close()
    assert EXPECTED <= set(answer())
    assert index_dirs(fresh_cache) == [os.path.basename(path)] and not leftovers(fresh_cache)


_WORKER = """
import os, sys, time
go = sys.argv[1]
while not os.path.exists(go):
    time.sleep(0.005)
from judgekit.search.index import open_index
from judgekit.search.engine import Searcher
s = Searcher(open_index(("g2022",)))
print(len(s.units), sorted(f"{h.game}:{h.id}" for h in s.search("投了", limit=None).hits))
"""


def test_concurrent_builds_leave_one_sound_index(empty_cache, tmp_path):
    fresh_cache = empty_cache
    go = str(tmp_path / "go")
    env = dict(os.environ, JUDGEKIT_CACHE_DIR=fresh_cache)
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, go], env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for _ in range(4)]
    time.sleep(0.3)  # let every process get to the starting line
    open(go, "w").close()
    outs = [p.communicate(timeout=180) for p in procs]
    assert all(p.returncode == 0 for p in procs), [e for _, e in outs]
    answers = {o.strip() for o, _ in outs}
    assert len(answers) == 1  # every process saw the same, complete index
    n, hits = answers.pop().split(" ", 1)
    assert EXPECTED <= set(eval(hits))
    assert len(index_dirs(fresh_cache)) == 1 and not leftovers(fresh_cache)
    assert EXPECTED <= set(answer())


def _segment_file(path: str, ext: str) -> str:
    return next(os.path.join(path, n) for n in os.listdir(path) if n.endswith(ext))


def _truncate(path):
    p = _segment_file(path, ".pst")
    with open(p, "r+b") as f:
        f.truncate(os.path.getsize(p) // 2)


def _garbage_toc(path):
    p = _segment_file(path, ".toc")
    with open(p, "wb") as f:
        f.write(b"\x00garbage" * 10)


def _garbage_units(path):
    with open(os.path.join(path, ix_.UNITS), "wb") as f:
        f.write(b"not marshal")


def _delete_terms(path):
    os.unlink(_segment_file(path, ".trm"))


def _bad_manifest(path):
    with open(os.path.join(path, ix_.MANIFEST), "wb") as f:
        f.write(b"")


def _silent_overwrite(path):
    """Same size and modification time (invisible to the manifest): fails only when read."""
    p = _segment_file(path, ".trm")
    st = os.stat(p)
    with open(p, "r+b") as f:
        f.write(b"\xff" * min(4096, st.st_size))
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))


@pytest.mark.parametrize("damage", [_truncate, _garbage_toc, _garbage_units, _delete_terms,
                                    _bad_manifest, _silent_overwrite])
def test_damaged_index_is_rebuilt_and_search_succeeds(fresh_cache, damage):
    path = os.path.join(fresh_cache, index_dirs(fresh_cache)[0])
    before = answer()
    assert EXPECTED <= set(before)
    assert index_dirs(fresh_cache) == [os.path.basename(path)]  # the copy was sound
    segment = _segment_file(path, ".pst")
    damage(path)
    assert answer() == before
    assert len(index_dirs(fresh_cache)) == 1 and not leftovers(fresh_cache)
    assert _segment_file(path, ".pst") != segment  # rebuilt (Whoosh names segments at random)
    ix = ix_.open_index(GAMES)  # sound again: opens without a rebuild
    ix.close()


def test_damage_while_a_searcher_is_open_is_repaired_inside_search(fresh_cache):
    """A shell keeps its searcher open; another process damages the files meanwhile: the
    next search fails inside Whoosh, reopens (the manifest no longer matches), rebuilds and
    answers."""
    s = Searcher(ix_.open_index(GAMES))
    before = [h.id for h in s.search("投了", limit=None).hits]
    for n in os.listdir(s.index.path):
        if n.endswith(".pst"):
            with open(os.path.join(s.index.path, n), "r+b") as f:
                f.truncate(0)
    assert [h.id for h in s.search("優先権前処理", limit=None).hits]
    assert [h.id for h in s.search("投了", limit=None).hits] == before
    s.close()


def test_changed_rules_give_a_new_index(tmp_path, monkeypatch, fresh_cache):
    from judgekit import paths
    from judgekit.rules import clear_memory_cache

    home = tmp_path / "home"
    for g in GAMES:
        shutil.copytree(os.path.join(paths.rules_data_dir(), g), home / "rules_data" / g)
    assert GAMES == ("g2022",)
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    clear_memory_cache()
    try:
        old = ix_.open_index(GAMES)
        old_path = old.path
        old.close()
        assert "g2022:101.5" not in answer('"どのような効果"')
        src = home / "rules_data" / "g2022" / "003_3d6594b164b4812b.txt"
        text = src.read_text(encoding="utf-8")
        assert "投了はいかなる効果によっても" in text
        src.write_text(text.replace("投了はいかなる効果によっても", "投了はどのような効果によっても"),
                       encoding="utf-8")
        clear_memory_cache()
        assert "g2022:101.5" in answer('"どのような効果"')
        assert index_dirs(fresh_cache) != [os.path.basename(old_path)]
        assert len(index_dirs(fresh_cache)) == 1  # the stale one is gone
    finally:
        clear_memory_cache()


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_on_a_terminal_only(empty_cache):
    tty = _Tty()
    ix_.open_index(GAMES, progress=BuildProgress(tty)).close()
    assert "Building the search index" in tty.getvalue()
    piped = io.StringIO()
    ix_.open_index(GAMES, progress=BuildProgress(piped), rebuild=True).close()
    assert piped.getvalue() == ""


def test_unwritable_cache_directory_still_answers(tmp_path, monkeypatch, built):
    """A cache "directory" that cannot be created: the index is built in a private temporary
    directory for this run, and removed afterwards."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(blocker / "sub"))
    s = Searcher(ix_.open_index(GAMES))
    root = s.index.temporary_root
    assert root and os.path.isdir(root)
    assert EXPECTED <= {f"{h.game}:{h.id}" for h in s.search("投了", limit=None).hits}
    s.close()
    assert not os.path.exists(root)


def test_a_prebuilt_index_is_opened_when_its_fingerprint_matches(tmp_path, monkeypatch,
                                                                   empty_cache):
    """The index built at install (judgekit.search.prebuild) answers the first search of a
    fresh install: nothing is built in the empty cache."""
    from judgekit.search import prebuild

    pre = str(tmp_path / "prebuilt")
    monkeypatch.setattr(ix_, "PREBUILT", pre)
    key = ix_.index_key(GAMES)
    path = ix_.build(key, GAMES, root=pre)
    # a copy of the install (a wheel, a copied tree) keeps sizes, not modification times
    for n in os.listdir(path):
        os.utime(os.path.join(path, n), (1, 1))
    ix = ix_.open_index(GAMES)
    try:
        assert ix.path == path
    finally:
        ix.close()
    assert index_dirs(empty_cache) == []
    assert set(answer()) == {"g2022:101.4", "g2022:101.5"}   # 投了
    assert index_dirs(empty_cache) == []
    # the module the install runs builds there, and replaces a stale one
    other = str(tmp_path / "other")
    assert prebuild.main([other]) == 0
    assert os.listdir(other) and os.listdir(other)[0].startswith("search-")


def test_a_prebuilt_index_of_other_rules_is_not_used(tmp_path, monkeypatch, empty_cache):
    """Changed rules (or code) give another key: the prebuilt index is ignored, untouched, and
    the cache gets an index of the rules actually present."""
    from judgekit import paths
    from judgekit.rules import clear_memory_cache

    pre = str(tmp_path / "prebuilt")
    monkeypatch.setattr(ix_, "PREBUILT", pre)
    stale = ix_.build(ix_.index_key(GAMES), GAMES, root=pre)
    before = sorted(os.listdir(stale))
    home = tmp_path / "home"
    for g in GAMES:
        shutil.copytree(os.path.join(paths.rules_data_dir(), g), home / "rules_data" / g)
    src = home / "rules_data" / "g2022" / "003_3d6594b164b4812b.txt"
    src.write_text(src.read_text(encoding="utf-8").replace("投了はいかなる効果によっても",
                                                           "投了はどのような効果によっても"),
                   encoding="utf-8")
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    clear_memory_cache()
    try:
        ix = ix_.open_index(GAMES)
        try:
            assert not ix.path.startswith(pre)
            assert os.path.dirname(ix.path) == empty_cache
        finally:
            ix.close()
        assert "g2022:101.5" in answer('"どのような効果"')
        assert sorted(os.listdir(stale)) == before
    finally:
        clear_memory_cache()


def test_asks_file_parts_lie_where_its_table_says():
    """asks.bin (asksbin.pack_parts): a length, the marshalled table, then every part where
    the table says, each at a multiple of 4 (its numbers are read in place as machine ints)."""
    import marshal
    import struct

    from judgekit.search.asksbin import pack_parts

    blobs = {"zx": (b"abc", b"", b"\x01\x00\x00\x00\x02\x00\x00\x00", "字".encode()),
             "d0": (b"x" * 5, b"\x07\x00\x00\x00")}
    data = pack_parts(blobs)
    (size,) = struct.unpack_from("<I", data, 0)
    table = marshal.loads(data[4:4 + size])
    assert set(table) == set(blobs)
    for name, parts in blobs.items():
        assert len(table[name]) == len(parts)
        for part, (at, n) in zip(parts, table[name]):
            assert at % 4 == 0 and at >= 4 + size
            assert data[at:at + n] == part
    assert memoryview(data)[table["zx"][2][0]:][:8].cast("I").tolist() == [1, 2]


def test_the_reader_and_the_writer_name_the_posting_lists_part_alike():
    # index.py keeps its own copy so a search never imports the writer (asksbin)
    from judgekit.search import asksbin, index

    assert index.POSTINGS == asksbin.POSTINGS
    from judgekit.search.build import ALL_FIELDS, ASKS_FIELD

    assert index.ASKS_FIELD == ASKS_FIELD
    # each field's part is found by the reader under the writer's name
    for f in ALL_FIELDS:
        name = asksbin.postings_name(f)
        assert name.startswith(index.POSTINGS) and (name[len(index.POSTINGS):] or ASKS_FIELD) == f
