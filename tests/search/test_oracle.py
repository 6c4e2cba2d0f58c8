"""The oracle: a brute-force substring scan over the folded texts of every unit.

For any query that is a literal substring of some units' texts, the search returns all of them
(recall 1.0), and nothing that does not contain it in a field a term may match in (the unit's
own title, text and examples, its parent's heading, its section's title). The scan is written
here from the clause trees, independently of the index code.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from search_helpers import fields_of

from judgekit.rules import GAMES, load
from judgekit.search.normalize import match_form
from judgekit.search.query import Query, Term, _only_operators


def _units():
    out = []
    for g in GAMES:
        for c in load(g).all_units():
            own = [match_form(x) for x in (c.title, c.text, *c.examples) if x]
            out.append((g, c.id, own))
    return out


UNITS = _units()
LINES = [line for _, _, own in UNITS for text in own for line in text.split("\n") if line.strip()]


def oracle(s: str) -> set[str]:
    return {f"{g}:{cid}" for g, cid, own in UNITS if any(s in t for t in own)}


def search_literal(searcher, s: str) -> set[str]:
    q = Query(s, [[Term(s, s, phrase=True)]], [], None)
    return {f"{h.game}:{h.id}" for h in searcher.search(q, limit=None).hits}


def check(searcher, s: str) -> None:
    want = oracle(s)
    got = search_literal(searcher, s)
    assert want <= got, (s, sorted(want - got)[:5])
    for key in got - want:  # found through the parent heading or the section title
        g, cid = key.split(":", 1)
        assert s in fields_of(g, cid), (s, key)


@st.composite
def substrings(draw):
    line = draw(st.sampled_from(LINES))
    i = draw(st.integers(0, len(line) - 1))
    n = draw(st.integers(1, min(12, len(line) - i)))
    s = line[i:i + n].strip()
    return s or line.strip()[:1]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(substrings())
def test_every_substring_finds_every_unit_that_contains_it(searcher, s):
    check(searcher, s)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(substrings())
def test_typed_queries_match_the_oracle(searcher, s):
    """The same through the query parser, for substrings a judge could type as one word
    (quote characters are query syntax, and a leading "-" excludes). A word with hiragana is
    read as a sentence (its content words): it still finds every unit holding it verbatim."""
    s = s.split()[0] if s.split() else ""
    s = "".join(ch for ch in s if ch not in '"“”„＂「」『』').lstrip("-－")
    if not s or s == "OR" or not match_form(s).strip() or _only_operators(s):
        return  # (ASCII punctuation alone is typing, not a term: judgekit.search.query)
    want = oracle(match_form(s))
    got = {f"{h.game}:{h.id}" for h in searcher.search(s, limit=None).hits}
    assert want <= got, (s, sorted(want - got)[:5])


@pytest.mark.parametrize("game", GAMES)
def test_every_heading_finds_every_unit_that_contains_it(searcher, game):
    for c in load(game).all_units():
        if c.title and match_form(c.title).strip():
            check(searcher, match_form(c.title).strip())
