"""Property tests: the parser never raises on mangled input and keeps what it can still see."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgekit import paths
from judgekit.rules import GAMES
from judgekit.rules.build import build_from_text, read_meta

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _source(game: str) -> str:
    d = os.path.join(paths.rules_data_dir(), game)
    meta = read_meta(__import__("pathlib").Path(d))
    with open(os.path.join(d, meta["source"]), encoding="utf-8") as f:
        return f.read()


SOURCES: dict[str, list[str]] = {}


def lines_of(game: str) -> list[str]:
    if game not in SOURCES:
        SOURCES[game] = _source(game).splitlines()
    return SOURCES[game]


def assert_consistent(rs) -> None:
    for c in rs.clauses.values():
        assert isinstance(c.id, str) and c.id
        if c.parent is not None:
            assert c.parent in rs.clauses, (c.id, c.parent)
            assert c.id in rs.clauses[c.parent].children
        for r in c.refs:
            assert isinstance(r.target, str)


junk = st.text(alphabet=st.sampled_from(list("- *|\t　0123456789.例：【】()「」abc\u3000ー—")), max_size=8)


@st.composite
def mangled(draw, game: str):
    lines = list(lines_of(game))
    n = len(lines)
    for _ in range(draw(st.integers(0, 6))):
        op = draw(st.sampled_from(["shuffle", "delete", "duplicate", "insert", "junkline"]))
        i = draw(st.integers(0, n - 1))
        j = min(n, i + draw(st.integers(1, 40)))
        if op == "shuffle":
            window = lines[i:j]
            lines[i:j] = draw(st.permutations(window))
        elif op == "delete":
            del lines[i:j]
        elif op == "duplicate":
            lines[i:i] = lines[i:j]
        elif op == "insert":
            k = draw(st.integers(0, len(lines[i]) if i < len(lines) else 0))
            if i < len(lines):
                lines[i] = lines[i][:k] + draw(junk) + lines[i][k:]
        else:
            lines.insert(i, draw(junk))
        n = len(lines)
        if n == 0:
            break
    return "\n".join(lines)


@pytest.mark.parametrize("game", GAMES)
def test_parser_never_raises_on_mangled_input(game):
    @SETTINGS
    @given(text=mangled(game))
    def check(text):
        rs = build_from_text(game, text)
        assert_consistent(rs)

    check()


@pytest.mark.parametrize("game", GAMES)
def test_parser_survives_degenerate_documents(game):
    for text in ["", "\n\n\n", "- ", "-\n-\n", "100", "目次\n", "\ufeff" + "\n".join(lines_of(game)[:30]),
                 "\r\n".join(lines_of(game)[:200])]:
        assert_consistent(build_from_text(game, text))


@pytest.mark.parametrize("game", GAMES)
def test_junk_inside_text_keeps_every_clause(game):
    """Characters inserted after the start of non-blank lines never lose a clause."""
    original = build_from_text(game, "\n".join(lines_of(game)))
    want = {c.id for c in original.clauses.values() if not c.virtual}

    @SETTINGS
    @given(data=st.data())
    def check(data):
        lines = list(lines_of(game))
        idx = [i for i, s in enumerate(lines) if len(s.strip()) > 16]
        for i in data.draw(st.lists(st.sampled_from(idx), max_size=15, unique=True)):
            s = lines[i]
            k = data.draw(st.integers(len(s) - len(s.lstrip()) + 14, len(s)))
            lines[i] = s[:k] + data.draw(st.text(alphabet="★☆※♪abcXYZ", min_size=1, max_size=4)) + s[k:]
        rs = build_from_text(game, "\n".join(lines))
        got = {c.id for c in rs.clauses.values() if not c.virtual}
        assert want <= got

    check()


@pytest.mark.parametrize("game,first", [("zx", 42), ("thv", 4)])
def test_deleting_lines_keeps_the_clauses_whose_lines_remain(game, first):
    """For literally numbered documents: a clause survives while its own line survives.

    (thv: a split bullet's lone dash belongs to its clause, so both must survive.)"""
    lines = lines_of(game)
    original = build_from_text(game, "\n".join(lines))
    line_of = {c.id: c.line for c in original.clauses.values() if not c.virtual}

    @SETTINGS
    @given(drop=st.sets(st.integers(first, len(lines) - 1), max_size=60))
    def check(drop):
        kept = [s for i, s in enumerate(lines, 1) if i not in drop]
        rs = build_from_text(game, "\n".join(kept))
        for cid, ln in line_of.items():
            if ln not in drop and ln - 1 not in drop and ln >= first:
                assert cid in rs.clauses, cid

    check()
