"""The matcher tree scored at once (judgekit.search.evaluate) is Whoosh's matcher tree stepped.

Every query shape the search builds (a word, OR, exclusions, --under, a ruleset filter, several
terms with the joined-terms bonus, a Verified term, a sentence's words with a minimum-should-match
and the verbatim hint, phrases) gives the same documents with the very same float scores as
Whoosh's own UnlimitedCollector stepping the same tree, and the top N of the search is the start
of its full ranking whatever N is.
"""

from __future__ import annotations

import os
import tomllib

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(HERE, "..", "..", "benchmarks")

SHAPES = [("効果", None), ("場", "thv"), ("カード", None), ("登場 OR 退場", None),
          ("ドロー -デッキ", None), ("ゲーム 開始", None), ("ライフ 0 敗北", None),
          ("致死ダメージ", None), ("優先権前処理 破壊", "zx"), ("スリーブ", None),
          ("ブロックされなかったら", "thv"), ("先攻は最初のターンに引けない", "d0"),
          ("無限ループが止められない", "thv"), ("山札がなくなったら", None),
          ("手札に加える -ドロー", None), ("「優先権前処理を実行」", None),
          ("エネルギーが足りないときはプレイできない", "g2022"), ("対象が選べないとき", "d0")]


def _relevance_queries() -> list[tuple[str, str | None]]:
    out = []
    for name in ("relevance.toml", "relevance_heldout.toml"):
        with open(os.path.join(BENCH, name), "rb") as f:
            out += [(q["q"], q.get("game")) for q in tomllib.load(f)["query"]]
    return out


def _whoosh_queries(searcher, text: str, game: str | None, under: str | None = None) -> list:
    """The Whoosh queries a search for `text` runs (captured from the engine)."""
    got = []
    run = searcher._run

    def capture(wq, *a, **k):
        got.append(wq)
        return run(wq, *a, **k)

    searcher._run = capture
    try:
        searcher.search(text, games=game, under=under, limit=10)
    finally:
        del searcher._run
    return got


def _stepped(searcher, wq) -> dict[int, float]:
    from whoosh.collectors import UnlimitedCollector

    c = UnlimitedCollector()
    searcher.index.searcher.search_with_collector(wq, c)
    return {h.docnum: h.score for h in c.results()}


def _evaluated(searcher, wq) -> dict[int, float]:
    """The query scored at once (with and without the engine's may_hold); and its matcher tree
    scored at once: all must agree."""
    from judgekit.search.evaluate import StoredLists, evaluate, evaluate_query

    s = searcher.index.searcher
    scores = evaluate_query(wq, s, s.context())
    assert evaluate_query(wq, s, s.context().set(may_hold=searcher._may_hold)) == scores
    # the engine's context: the asks field's lists read whole once (and every field's, here)
    for fields in (("asks",), ("title", "section", "text", "asks")):
        whole = {f: {} for f in fields}
        ctx = s.context().set(may_hold=searcher._may_hold, whole_lists=whole)
        assert evaluate_query(wq, s, ctx) == scores
        # and the fields' lists from asks.bin (the engine's run: the asks field's, then every
        # field's), fresh and reused, and by document (a kept searcher's: the lists already
        # read, then new ones)
        stored = {f: StoredLists.of(searcher.index.field_postings(f), s.weighting, f)
                  for f in fields}
        assert None not in stored.values()
        for by_doc in (False, False, True):
            for f, got in stored.items():
                if by_doc:
                    got.by_document()
                whole[f] = got
            ctx = s.context().set(may_hold=searcher._may_hold, whole_lists=whole)
            assert evaluate_query(wq, s, ctx) == scores
    assert evaluate(wq.matcher(s)) == scores
    return scores


@pytest.mark.parametrize("text,game", SHAPES)
def test_evaluated_tree_scores_as_whoosh_steps_it(searcher, text, game):
    wqs = _whoosh_queries(searcher, text, game)
    assert wqs, text
    for wq in wqs:
        assert _evaluated(searcher, wq) == _stepped(searcher, wq), text


def test_evaluated_under_a_section_scores_as_whoosh_steps_it(searcher):
    for text, game, under in (("破壊", "zx", "700"), ("ドローできない", "zx", "500"),
                              ("効果 -コスト", "zx", "800"), ("効果", "thv", "7")):
        for wq in _whoosh_queries(searcher, text, game, under):
            assert _evaluated(searcher, wq) == _stepped(searcher, wq), (text, under)


def test_every_relevance_query_scores_as_whoosh_steps_it(searcher):
    for text, game in _relevance_queries():
        for wq in _whoosh_queries(searcher, text, game):
            assert _evaluated(searcher, wq) == _stepped(searcher, wq), (text, game)


def test_posting_blocks_read_at_once_score_as_the_leaf_does(searcher, monkeypatch):
    """The block-at-a-time reading of a posting list (a private Whoosh structure) against the
    leaf stepped through its public calls, over whole lists and ruleset ranges."""
    from judgekit.search import evaluate as ev

    s = searcher.index.searcher
    spans = sorted(searcher.spans.values())
    for field in ("title", "section", "text", "asks"):
        for token in ("場合", "カード", "効果", "イ", "場", "\ue000場", "破壊", "山札"):
            if (field, token) not in s.reader():
                continue
            for within in (ev.Where(), ev.Where(tuple(spans[1:3])), ev.Where(tuple(spans[:1]))):
                fast = ev.evaluate(s.postings(field, token), within)
                stepped = ev._step(s.postings(field, token), within)
                assert fast == stepped, (field, token, within.ranges)
                assert fast or within.ranges != ev.EVERYTHING
                # asked about a few documents: block by block, by bisection
                docs = sorted(stepped)[::3] + [len(searcher.units) - 1]
                few = ev.Where(docs=sorted(set(docs)))
                want = ev._step(s.postings(field, token), few)
                assert ev._postings_at(s.postings(field, token), few.docs) == want
                assert ev.evaluate(s.postings(field, token), few) == want


@pytest.mark.parametrize("text,game", [("先攻は最初のターンに引けない", "d0"),
                                       ("無限ループが止められない", "thv"),
                                       ("ブロックされなかったら", "thv"), ("効果", None),
                                       ("ドロー -デッキ", None)])
def test_top_ten_is_the_start_of_the_full_ranking(searcher, text, game):
    """A clause's score does not depend on how many hits are asked for. (Stepping Whoosh's
    AndMaybe after a skip left the verbatim hint unscored on the first clause of a ruleset
    range: 1.2.2 in d0 scored 0.67 among ten hits and 5.90 among all.)"""
    top = searcher.search(text, games=game, limit=10)
    full = searcher.search(text, games=game, limit=None)
    assert [(h.id, h.score) for h in top.hits] == [(h.id, h.score) for h in full.hits[:10]]
    assert top.total == full.total


def test_may_hold_is_false_only_where_no_posting_is(searcher):
    """Every posting of a token in a field is in a unit whose text may_hold says can hold it."""
    from judgekit.search.analysis import WHOLE

    s = searcher.index.searcher
    tokens = ["場", "場合", "ナイ", "無イ", "イ", "対象", "選", "カード", "効果", "ドロー", "ー", "0",
              "致死ダメージ", "エネルギー", "プレイ", "引"]
    tokens += [WHOLE + t for t in tokens]
    checked = 0
    for field in ("title", "section", "text"):
        for token in tokens:
            if (field, token) not in s.reader():
                continue
            m = s.postings(field, token)
            while m.is_active():
                assert searcher._may_hold(field, token, [m.id()]), (field, token, m.id())
                checked += 1
                m.next()
    assert checked > 10000


@pytest.mark.parametrize("field", ["asks", "title", "section", "text"])
def test_stored_lists_are_whooshs_lists(searcher, field):
    """asks.bin's copy of each field (asksbin.field_postings, read by evaluate.StoredLists:
    the asks field's and the rules' own fields', which the words reading scores from there):
    for every term of the field, the documents and weights of Whoosh's posting list, its
    document frequency (the And tree's weights), its idf, and each posting's score, stored
    and computed from the stored numbers (another B or K1), the very float Whoosh's BM25F
    scorer gives it; a term the field does not hold has no postings."""
    from whoosh.scoring import BM25F

    from judgekit.search.evaluate import StoredLists, _size, _whole_list
    from judgekit.search.wquery import Term

    s = searcher.index.searcher
    r = s.reader()
    post = searcher.index.field_postings(field)
    stored = StoredLists.of(post, s.weighting, field)
    assert stored._stored  # the search's B and K1 are those the scores were stored with
    other = BM25F(asks_B=0.3, title_B=0.2, B=0.6, K1=1.7)
    computed = StoredLists.of(post, other, field)
    assert not computed._stored
    held = s.__dict__.get("held_lengths")
    lengths = held[field] if held else [s.doc_field_length(d, field, 1) or 1
                                        for d in range(s.doc_count_all())]
    assert list(post.lengths) == lengths
    n = 0
    for term in r.lexicon(field):
        text = term.decode()
        ids, scores, score, _ = stored.get(text)
        assert score is None
        q = Term(field, text)
        wids, wweights, wscore, _ = _whole_list(q, s, {})
        k = post.find(term)
        pids, pweights, idf = post.postings(k)
        assert list(ids) == list(wids) == list(pids) and list(pweights) == list(wweights), text
        assert idf == s.idf(field, term)
        assert list(scores) == [wscore(w, lengths[d]) for d, w in zip(wids, wweights)], text
        assert _size(q, r, {field: stored}) == q.estimate_size(r) == len(ids)
        cids, cweights, cscore, cdfl = computed.get(text)
        sc = other.scorer(s, field, term)
        for d, w in list(zip(cids, cweights))[:5]:
            assert cscore(w, cdfl(d)) == sc._score(w, lengths[d])
        n += 1
    assert n > 1000
    assert stored.get("\u2603\u2603\u2603") == ((), (), None, None)
    assert _size(Term(field, "\u2603\u2603\u2603"), r, {field: stored}) == 0


def test_stored_lists_only_for_whooshs_bm25f(searcher):
    """Another weighting (another idf, or not BM25F) reads Whoosh's own lists."""
    from whoosh.scoring import BM25F, TF_IDF

    from judgekit.search.evaluate import StoredLists

    post = searcher.index.asks_postings

    class OtherIdf(BM25F):
        def idf(self, searcher, fieldname, text):
            return 1.0

    assert StoredLists.of(post, TF_IDF(), "asks") is None
    assert StoredLists.of(post, OtherIdf(), "asks") is None
    assert StoredLists.of(None, BM25F(), "asks") is None
    got = StoredLists.of(post, BM25F(B=0.5, asks_B=0.25, K1=2.0), "asks")
    assert (got._B, got._K1) == (0.25, 2.0)


def test_stored_sizes_are_whooshs_estimates(searcher):
    """The Or and And trees' weights from the stored lists (evaluate._size) are Whoosh's
    estimate_size of every node of every relevance query's words reading."""
    from whoosh.query import And, Or

    from judgekit.search.evaluate import _size

    s = searcher.index.searcher
    r = s.reader()
    whole = searcher._asks_lists()
    assert {"title", "section", "text", "asks"} <= set(whole)
    seen = 0

    def walk(q):
        nonlocal seen
        if type(q) in (Or, And) and q.subqueries:
            assert _size(q, r, whole) == q.estimate_size(r), q
            seen += 1
        for c in q.children():
            walk(c)

    for text, game in _relevance_queries():
        for wq in _whoosh_queries(searcher, text, game):
            walk(wq)
    assert seen > 1000
