"""Search quality must not drop below the goals on the relevance set (benchmarks/)."""

from __future__ import annotations

import importlib.util
import itertools
import os

import pytest

_BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "search_relevance.py")


def _module():
    spec = importlib.util.spec_from_file_location("search_relevance", _BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_relevance_set_is_well_formed():
    rel = _module()
    queries = rel.load_set()
    assert len(queries) >= 120
    per_game = {}
    for q in queries:
        assert q["q"] and q["relevant"] and q["why"], q
        assert q["kind"] in rel.KINDS, q
        rel.expand(q["relevant"], q["game"])  # every id exists in the rules
        per_game[q["game"]] = per_game.get(q["game"], 0) + 1
    assert {g for g, n in per_game.items() if n >= 30} == {"zx", "g2022", "d0", "thv"}
    sentence_like = [q for q in queries if q["kind"] in rel.SENTENCE_LIKE]
    assert 2 * len(sentence_like) >= len(queries)
    assert len({(q["game"], q["q"]) for q in queries}) == len(queries)  # no query twice


def test_the_held_out_set_is_well_formed():
    rel = _module()
    queries = rel.load_set(os.path.join(os.path.dirname(_BENCH), "relevance_heldout.toml"))
    assert len(queries) >= 20
    main = {(q["game"], q["q"]) for q in rel.load_set()}
    for q in queries:
        assert q["kind"] in rel.SENTENCE_LIKE and q["why"], q
        assert (q["game"], q["q"]) not in main  # not a query of the tuned set
        rel.expand(q["relevant"], q["game"])


def test_the_relevance_goals_are_met(searcher):
    """success@5 >= 0.90 overall and >= 0.80 on sentence-like queries, >= 0.95 on term
    queries, at most 2 queries without a hit (issue 17); term recall@10 stays >= 0.95."""
    rel = _module()
    ev = rel.evaluate(searcher)
    worst = sorted(ev["rows"], key=lambda r: r["s5"] + r["r10"])[:6]
    detail = "; ".join(f"{r['game']}:{r['q']} s@5 {r['s5']:.0f} R@10 {r['r10']:.2f}"
                       for r in worst)
    assert rel.misses(ev) == [], detail
    assert ev["kind"]["term"]["recall@10"] >= 0.95, detail


def test_the_concepts_held_out_set_is_well_formed():
    """48 questions about ideas (issue 26), written before the concept index: plain words and
    everyday words, 12 a ruleset, none of them a question of the tuned set."""
    rel = _module()
    queries = rel.load_set(os.path.join(os.path.dirname(_BENCH),
                                        "relevance_concepts_heldout.toml"))
    assert len(queries) >= 48
    main = {(q["game"], q["q"]) for q in rel.load_set()}
    for q in queries:
        assert q["kind"] in ("sentence", "idea") and q["why"], q
        assert (q["game"], q["q"]) not in main
        rel.expand(q["relevant"], q["game"])
    for g in ("zx", "g2022", "d0", "thv"):
        assert sum(1 for q in queries if q["game"] == g) >= 12


def test_the_second_concepts_held_out_set_is_well_formed():
    """40 more questions about ideas (issue 26, second round), written before that round's
    tuning: half plain words, half everyday words, 10 a ruleset, none a question of another set."""
    rel = _module()
    here = os.path.dirname(_BENCH)
    queries = rel.load_set(os.path.join(here, "relevance_concepts_heldout_2.toml"))
    assert len(queries) >= 40
    seen = {(q["game"], q["q"]) for name in ("relevance.toml", "relevance_heldout.toml",
                                             "relevance_concepts_heldout.toml")
            for q in rel.load_set(os.path.join(here, name))}
    for q in queries:
        assert q["kind"] in ("sentence", "idea") and q["why"], q
        assert (q["game"], q["q"]) not in seen
        rel.expand(q["relevant"], q["game"])
    for g in ("zx", "g2022", "d0", "thv"):
        assert sum(1 for q in queries if q["game"] == g) >= 10
    assert sum(1 for q in queries if q["kind"] == "sentence") * 2 == len(queries)


_EARLIER = ("relevance.toml", "relevance_heldout.toml", "relevance_concepts_heldout.toml",
            "relevance_concepts_heldout_2.toml")


def _later_set(name: str, earlier: tuple) -> list:
    """A held-out set written after `earlier`: every question has a kind and a why, names clauses
    of the tree, and is a question of no earlier set."""
    rel = _module()
    here = os.path.dirname(_BENCH)
    queries = rel.load_set(os.path.join(here, name))
    seen = {(q["game"], q["q"]) for n in earlier for q in rel.load_set(os.path.join(here, n))}
    for q in queries:
        assert q["kind"] in ("sentence", "idea") and q["why"], q
        assert (q["game"], q["q"]) not in seen
        assert rel.expand(q["relevant"], q["game"]), q
    return queries


def test_the_third_concepts_held_out_set_is_well_formed():
    """66 more questions about ideas (issue 26, third round), written before that round's tuning
    without running a search for them: every ruleset, both kinds, none a question of another set."""
    queries = _later_set("relevance_concepts_heldout_3.toml", _EARLIER)
    assert len(queries) >= 60
    for g in ("zx", "g2022", "d0", "thv"):
        for kind in ("sentence", "idea"):
            assert sum(1 for q in queries if q["game"] == g and q["kind"] == kind) >= 6


def test_the_fourth_concepts_held_out_set_is_well_formed():
    """32 more questions about ideas (issue 26, third round, written mid-round): 8 a ruleset,
    half plain words, none a question of another set, every id in the tree."""
    queries = _later_set("relevance_concepts_heldout_4.toml",
                         _EARLIER + ("relevance_concepts_heldout_3.toml",))
    assert len(queries) >= 32
    for g in ("zx", "g2022", "d0", "thv"):
        assert sum(1 for q in queries if q["game"] == g) >= 8
    assert sum(1 for q in queries if q["kind"] == "sentence") * 2 == len(queries)


def test_the_fifth_concepts_dev_set_is_well_formed():
    """67 questions in everyday words (issue 26, fourth round; a dev set, tuned on): every
    ruleset, kind idea, none a question of another set, every id in the tree."""
    queries = _later_set("relevance_concepts_dev_5.toml",
                         _EARLIER + ("relevance_concepts_heldout_3.toml",
                                     "relevance_concepts_heldout_4.toml"))
    assert len(queries) >= 60
    for g in ("zx", "g2022", "d0", "thv"):
        assert sum(1 for q in queries if q["game"] == g) >= 15
    assert all(q["kind"] == "idea" for q in queries)


def test_the_c5t_check_set_is_well_formed():
    """32 everyday-words questions written after the fourth round's tuning (issue 26): 8 a
    ruleset, kind idea, none a question of another set, every id in the tree."""
    queries = _later_set("relevance_concepts_check_c5t.toml",
                         _EARLIER + ("relevance_concepts_heldout_3.toml",
                                     "relevance_concepts_heldout_4.toml",
                                     "relevance_concepts_dev_5.toml"))
    assert len(queries) >= 32
    for g in ("zx", "g2022", "d0", "thv"):
        assert sum(1 for q in queries if q["game"] == g) >= 8
    assert all(q["kind"] == "idea" for q in queries)


def test_the_fifth_concepts_held_out_set_is_well_formed():
    """64 more questions about ideas (issue 26, fourth round), written from the rules before that
    round's tuning without running a search: 16 a ruleset, half plain words and half everyday
    words in each, none a question of another set, every id in the tree."""
    queries = _later_set("relevance_concepts_heldout_5.toml",
                         _EARLIER + ("relevance_concepts_heldout_3.toml",
                                     "relevance_concepts_heldout_4.toml"))
    assert len(queries) == 64
    for g in ("zx", "g2022", "d0", "thv"):
        for kind in ("sentence", "idea"):
            assert sum(1 for q in queries if q["game"] == g and q["kind"] == kind) == 8


def test_the_dev_set_of_the_fourth_round_is_well_formed():
    """64 questions (issue 26, fourth round, helper c5s) written from the rules before tuning and
    then tuned on (a dev set, labelled so): 16 a ruleset, 8 of each kind, none a question of
    another set, every id in the tree."""
    queries = _later_set("relevance_concepts_dev_s.toml",
                         _EARLIER + ("relevance_concepts_heldout_3.toml",
                                     "relevance_concepts_heldout_4.toml",
                                     "relevance_concepts_heldout_5.toml"))
    assert len(queries) == 64
    for g in ("zx", "g2022", "d0", "thv"):
        for kind in ("sentence", "idea"):
            assert sum(1 for q in queries if q["game"] == g and q["kind"] == kind) == 8


_ROUND_4 = _EARLIER + ("relevance_concepts_heldout_3.toml", "relevance_concepts_heldout_4.toml",
                       "relevance_concepts_heldout_5.toml", "relevance_concepts_dev_5.toml",
                       "relevance_concepts_check_c5t.toml", "relevance_concepts_dev_s.toml")


def _blind_set(name: str, earlier: tuple) -> None:
    """A blind held-out set of the fifth round (issue 26): 80 questions, 20 a ruleset, 10 of
    each kind in each, none repeated inside the set or from an earlier set, 1 to 3 ids each,
    every id in the tree and in the comprehensive rules (for Z/X never the how-to-play guide)."""
    from judgekit.rules import load

    queries = _later_set(name, earlier)
    assert len(queries) == 80
    assert len({(q["game"], q["q"]) for q in queries}) == 80
    for g in ("zx", "g2022", "d0", "thv"):
        for kind in ("sentence", "idea"):
            assert sum(1 for q in queries if q["game"] == g and q["kind"] == kind) == 10
    for q in queries:
        assert 1 <= len(q["relevant"]) <= 3, q
        rules = load(q["game"])
        assert all(rules[r].doc == "rules" for r in q["relevant"]), q


def test_the_sixth_concepts_held_out_set_is_well_formed():
    """Written by helper c6w before the judges' phrasings landed."""
    _blind_set("relevance_concepts_heldout_6.toml", _ROUND_4)


def test_the_seventh_concepts_held_out_set_is_well_formed():
    """Written by helper c7w before the search read the judges' phrasings (heldout-6 is earlier)."""
    _blind_set("relevance_concepts_heldout_7.toml", _ROUND_4 + ("relevance_concepts_heldout_6.toml",))


def test_the_eighth_concepts_held_out_set_is_well_formed():
    """Written by helper c8w after the phrasings landed (heldout-6 and -7 are earlier)."""
    _blind_set("relevance_concepts_heldout_8.toml",
               _ROUND_4 + ("relevance_concepts_heldout_6.toml", "relevance_concepts_heldout_7.toml"))


def test_the_ninth_concepts_held_out_set_is_well_formed():
    """Written blind by helper c9w from the rules at main f07d7c1 (heldout-6, -7 and -8 are
    earlier; set 10 was written at the same time and was not seen)."""
    _blind_set("relevance_concepts_heldout_9.toml",
               _ROUND_4 + ("relevance_concepts_heldout_6.toml", "relevance_concepts_heldout_7.toml",
                           "relevance_concepts_heldout_8.toml"))


def test_the_tenth_concepts_held_out_set_is_well_formed():
    """Written blind by helper c10w at main f07d7c1 (heldout-6, -7 and -8 are earlier; set 9 was
    written at the same time and was not seen)."""
    _blind_set("relevance_concepts_heldout_10.toml",
               _ROUND_4 + ("relevance_concepts_heldout_6.toml", "relevance_concepts_heldout_7.toml",
                           "relevance_concepts_heldout_8.toml"))


def test_the_twelfth_concepts_held_out_set_is_well_formed():
    """Written blind by helper c12w from the rules at main 8a83d4d (sets 6 to 10 are earlier;
    set 11 was written at the same time and was not seen)."""
    _blind_set("relevance_concepts_heldout_12.toml",
               _ROUND_4 + ("relevance_concepts_heldout_6.toml", "relevance_concepts_heldout_7.toml",
                           "relevance_concepts_heldout_8.toml", "relevance_concepts_heldout_9.toml",
                           "relevance_concepts_heldout_10.toml"))


@pytest.mark.parametrize("pair", [(9, 10), (11, 12)] + list(itertools.combinations(range(13, 17), 2)))
def test_sets_written_at_the_same_time_share_no_question(pair):
    """Sets 9 and 10, sets 11 and 12, and sets 13 to 16 were each written at the same time, each
    blind to the others: no question of one is a question of the other (only the count is
    reported, so a failure shows neither set)."""
    rel = _module()
    here = os.path.dirname(_BENCH)
    a, b = ({(q["game"], q["q"]) for q in rel.load_set(os.path.join(
        here, f"relevance_concepts_heldout_{n}.toml"))} for n in pair)
    shared = len(a & b)
    assert shared == 0


def test_the_eleventh_concepts_held_out_set_is_well_formed():
    """Written blind by helper c11w at main 8a83d4d (heldout-6 to -10 are earlier; set 12 was
    written at the same time and was not seen)."""
    _blind_set("relevance_concepts_heldout_11.toml",
               _ROUND_4 + ("relevance_concepts_heldout_6.toml", "relevance_concepts_heldout_7.toml",
                           "relevance_concepts_heldout_8.toml", "relevance_concepts_heldout_9.toml",
                           "relevance_concepts_heldout_10.toml"))


_ROUND_6 = tuple(f"relevance_concepts_heldout_{n}.toml" for n in range(6, 13))


@pytest.mark.parametrize("n", [13, 14, 15, 16])
def test_the_sets_of_the_sixth_stop_are_well_formed(n):
    """Sets 13 to 16 were written blind, each by its own helper (c13w to c16w), from the rules at main 6c6d8f0
    (sets 6 to 12 are earlier; the other three were written at the same time and not seen)."""
    _blind_set(f"relevance_concepts_heldout_{n}.toml", _ROUND_4 + _ROUND_6)
