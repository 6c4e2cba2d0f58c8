"""The words reading's second look at its first results (judgekit.search.ranking.rerank):
the best phrasing line, and a heading with no text giving its place to its own clause.

The function is tested on made-up results (each principle alone, and where it must not act),
then on the real index: questions of the seen relevance sets where each principle moves the
clause that answers into the first five.
"""

from __future__ import annotations

import math

import pytest

from judgekit.search import ranking
from judgekit.search.ranking import best_line, rerank, word_weights


def _info(table):
    """info(doc) of rerank from {doc: (lines, held, heading, parent)}; every doc's question
    has the words 攻撃 and 防御 of equal weight."""
    asked = [("攻撃",), ("防御",)]
    weights = [1.0, 1.0]

    def info(d):
        lines, held, heading, _ = table[d]
        return (lines, asked, weights, held, heading)
    return info


def _under(table):
    def under(a, d):
        p = table[a][3]
        while p is not None:
            if p == d:
                return True
            p = table[p][3]
        return False
    return under


def test_word_weights_favour_the_rare_word():
    rare, common = word_weights([3, 900], 1000)
    assert rare == pytest.approx(math.log(1 + 1000 / 4)) and common < rare


def test_best_line_is_one_line_not_the_pool_of_them():
    asked, weights = [("攻撃",), ("防御",), ("キャラ",)], [1.0, 2.0, 1.0]
    # each word in some line, no line with two: the best line holds one word (防御, weight 2)
    assert best_line(["攻撃スル", "防御スル", "キャラ"], asked, weights) == pytest.approx(0.5)
    # one line with all three
    assert best_line(["キャラガ攻撃ヲ防御", "ナニカ"], asked, weights) == pytest.approx(1.0)
    # a word counts once in a line, by any of its forms
    assert best_line(["攻撃攻撃"], [("攻撃", "殴"),], [1.0]) == pytest.approx(1.0)
    assert best_line([], asked, weights) == 0.0


def test_the_clause_whose_one_line_says_the_question_rises():
    # doc 1 scores more, its phrasings hold the words apart; doc 2's one line holds both
    table = {1: (["攻撃ハ？", "防御ハ？"], 2, False, None),
             2: (["攻撃ヲ防御デキル？"], 2, False, None)}
    got = rerank([(1, 10.0), (2, 8.0)], _info(table), _under(table))
    assert [d for d, _ in got] == [2, 1]
    assert dict(got) == pytest.approx({1: 15.0, 2: 16.0})


def test_a_question_of_one_word_is_left_as_it_is():
    got = rerank([(1, 10.0), (2, 8.0)], lambda d: None, lambda a, d: False)
    assert got == [(1, 10.0), (2, 8.0)]


def test_only_the_pool_is_looked_at_again(monkeypatch):
    monkeypatch.setattr(ranking, "RERANK_POOL", 2)
    table = {1: ([], 2, False, None), 2: ([], 2, False, None),
             3: (["攻撃ヲ防御"], 2, False, None)}
    got = rerank([(1, 10.0), (2, 9.0), (3, 8.0)], _info(table), _under(table))
    assert [d for d, _ in got] == [1, 2, 3] and got[2] == (3, 8.0)


def test_a_heading_gives_its_place_to_its_clause_that_holds_more_words():
    # heading 10 (no text) holds one word (its title); 11 and 12 are its clauses, 20 is not
    table = {10: ([], 1, True, None), 11: ([], 1, False, 10), 20: ([], 2, False, None),
             12: ([], 2, False, 10)}
    got = rerank([(10, 9.0), (11, 8.0), (20, 7.0), (12, 6.0)], _info(table), _under(table))
    # 12 (holding both words) takes the heading's place; 11 (no more words) does not
    assert [d for d, _ in got] == [12, 10, 11, 20]


def test_a_heading_keeps_its_place_where_its_clauses_hold_no_more():
    table = {10: ([], 2, True, None), 11: ([], 2, False, 10), 20: ([], 2, False, None)}
    got = rerank([(10, 9.0), (20, 8.0), (11, 7.0)], _info(table), _under(table))
    assert [d for d, _ in got] == [10, 20, 11]


def test_a_heading_yields_only_within_the_window(monkeypatch):
    monkeypatch.setattr(ranking, "HEADING_WINDOW", 2)
    table = {10: ([], 1, True, None), 20: ([], 1, False, None), 12: ([], 2, False, 10)}
    got = rerank([(10, 9.0), (20, 8.0), (12, 7.0)], _info(table), _under(table))
    assert [d for d, _ in got] == [10, 20, 12]


# real questions of a seen set (benchmarks/relevance_concepts_heldout_5.toml)
@pytest.mark.parametrize("query,game,answer,before", [
    # the heading 601 (ゲーム前の手順) stood above its clause that says how the first player is
    # chosen; that clause holds more of the question's words and now takes its place
    ("ゲームを始めるとき、どちらのプレイヤーが先に行動するかはどのように決めますか", "g2022",
     "601.1d", "601"),
])
def test_a_heading_yields_to_the_clause_that_answers(searcher, monkeypatch, query, game,
                                                      answer, before):
    got = [h.id for h in searcher.search(query, games=game, limit=10).hits]
    assert got.index(answer) < 5 and got.index(answer) < got.index(before)
    monkeypatch.setattr(ranking, "HEADING_WINDOW", 0)
    was = [h.id for h in searcher.search(query, games=game, limit=10).hits]
    assert was.index(before) < was.index(answer)


def test_the_best_line_lifts_the_clause_that_answers(searcher, monkeypatch):
    # (heldout-5) thv 1.10.12.f (a character with damage at or above its endurance is
    # discarded) has a phrasing that says the whole question; 1.10.13.b's phrasings hold its
    # words over two lines, and it outscored 1.10.12.f on the pooled field alone
    query = "耐久力以上のダメージを受けたキャラクターは、そのあとどうなりますか"
    got = [h.id for h in searcher.search(query, games="thv", limit=10).hits]
    assert got[0] == "1.10.12.f" and got.index("1.10.12.f") < got.index("1.10.13.b")
    monkeypatch.setattr(ranking, "BEST_LINE", 0.0)
    was = [h.id for h in searcher.search(query, games="thv", limit=10).hits]
    assert was.index("1.10.13.b") < was.index("1.10.12.f")


def test_exact_terms_are_not_looked_at_again(searcher, monkeypatch):
    query = "優先権前処理 移動"
    got = [(h.id, h.score) for h in searcher.search(query, limit=20).hits]
    monkeypatch.setattr(ranking, "RERANK_POOL", 0)
    assert [(h.id, h.score) for h in searcher.search(query, limit=20).hits] == got
