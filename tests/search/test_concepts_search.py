"""The concept step of the words reading (rules_data/concepts.toml): what it pins, and what it
leaves alone."""

from __future__ import annotations


def ids(res):
    return [f"{h.game}:{h.id}" for h in res.hits]


def test_the_defining_clauses_come_first_in_each_ruleset(searcher):
    res = searcher.search("チェーンで割り込める", games=("d0", "thv"), limit=10)
    assert res.mode == "words"
    # ruleset by ruleset, each ruleset's first two defining clauses (its heading first)
    assert ids(res)[:4] == ["d0:2.23.9", "d0:2.23.9-1", "thv:1.12.5", "thv:1.12.6"]
    assert [c["id"] for c in res.concepts] == ["stack"]
    assert [h.concept for h in res.hits[:5]] == ["stack"] * 4 + [None]


def test_a_pinned_clause_keeps_the_score_it_has_for_the_words(searcher):
    full = {h.id: h.score for h in searcher.search("キャラが倒されたとき", "g2022", limit=None).hits}
    top = searcher.search("キャラが倒されたとき", "g2022", limit=3)
    assert top.hits[0].id == "1110" and top.hits[0].concept == "destroy"
    for h in top.hits:
        assert h.score == full[h.id]
    assert top.total == len(full)


def test_under_and_exclusions_bound_the_pins(searcher):
    res = searcher.search("デッキ切れ", "zx", under="900", limit=10)
    assert all(h.id.startswith("90") for h in res.hits)
    assert res.hits[0].id == "903.2"
    res = searcher.search("デッキ切れ -敗北", "zx", limit=10)
    assert "zx:903.2" not in ids(res)  # 903.2 says 敗北


def test_a_broad_concept_is_read_only_alone(searcher):
    alone = searcher.search("手札とは", "thv", limit=5)
    assert [c["id"] for c in alone.concepts] == ["hand"] and alone.hits[0].id == "3.6"
    within = searcher.search("手札を2枚捨ててキャラを動かす", "g2022", limit=5)
    assert "hand" not in [c["id"] for c in within.concepts]
    assert "creature" not in [c["id"] for c in within.concepts]


def test_a_two_character_word_needs_word_boundaries(searcher):
    # 場合 does not name the battlefield (場 is one character anyway), 両方 is not 方; 投了 is
    # read in 投了したい but not inside a longer kanji run
    assert [c["id"] for c in searcher.search("投了したい", "zx").concepts] == ["concession"]
    assert searcher.search("再投了したい", "zx").concepts == []


def test_a_pair_word_is_read_wherever_its_parts_stand(searcher):
    """置換+順番 (replacement-order): both parts anywhere in the question, each where a word may
    start; it outranks the concept of one part (置換効果)."""
    res = searcher.search("置換効果が2つあるとき順番を決めるのは誰", "zx", limit=5)
    assert [(c["id"], c["wrote"]) for c in res.concepts][:2] == [
        ("replacement-order", "置換…順番"), ("replacement", "置換効果")]
    assert res.hits[0].id == "812.2" and res.hits[0].concept == "replacement-order"
    one = searcher.search("置換効果が2つあるとき", "zx", limit=5)
    assert "replacement-order" not in [c["id"] for c in one.concepts]


def test_the_words_choose_among_a_concepts_clauses(searcher):
    """The first defining clause, then the defining or governing clause the question's words
    score highest (not the next defining clause, a heading the words do not match)."""
    res = searcher.search("メインデッキは何枚で組む", "g2022", limit=5)
    assert [c["id"] for c in res.concepts] == ["deck-construction"]  # not main-phase's メイン
    assert [h.id for h in res.hits[:2]] == ["401", "401.2"]
    full = {h.id: h.score for h in searcher.search("メインデッキは何枚で組む", "g2022",
                                                    limit=None).hits}
    scored = {"401.1": full.get("401.1", 0.0), "401.2": full["401.2"]}
    assert scored["401.2"] > scored["401.1"]


def test_a_concept_typed_as_a_phrase_gets_its_clause_that_says_it(searcher):
    """Of a concept's clauses, those that say the phrase the question typed come before those
    the words score highest: thv 4.10.1 "ターンを終了する、という効果が適用された場合" before
    4.10.2 (フェイズを終了する), which holds as many of the words."""
    res = searcher.search("ターンを終了する効果が使われたら", "thv", limit=5)
    assert [c["id"] for c in res.concepts] == ["skip-extra-turn"]
    assert [h.id for h in res.hits[:2]] == ["4.10", "4.10.1"]


def test_a_concept_read_second_only_chooses_among_the_first_ones_clauses(searcher):
    """ranking.CONCEPT_PINS (2, 0): the second concept puts none of its own clauses first; it
    chooses, of the first concept's, the one that says its word (zx 602.1d スリープ)."""
    res = searcher.search("殴ったゼクスは寝る", "zx", limit=5)
    assert [c["id"] for c in res.concepts][:2] == ["attack", "tapped"]
    pinned = [h for h in res.hits if h.concept]
    assert pinned and all(h.concept == "attack" for h in pinned)
    assert "602.1d" in [h.id for h in res.hits[:5]]
    notes = [n for n in res.notes if n.kind == "concept"]
    assert [n.k for n in notes] == [2, 0]
