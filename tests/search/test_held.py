"""A searcher that holds its term dictionary and postings in memory (judgekit.search.held)
answers every question about the index as the files did, and closes cleanly."""

from __future__ import annotations

import warnings

QUERIES = [("効果", None), ("場", "thv"), ("登場 OR 退場", None), ("ドロー -デッキ", None),
           ("致死ダメージ", None), ("ブロックされなかったら", "thv"), ("山札がなくなったら", None),
           ("すりーぷ", "zx"), ("チャージ越過", "zx"), ("ないないない", None)]
TERMS = [("text", "場合"), ("title", "効果"), ("section", "\ue000場"), ("text", "イ"),
         ("text", "xyzzy-no-such-term"), ("title", "カード"), ("text", "致死ダメージ")]


def _answers(s):
    out = []
    for q, g in QUERIES:
        r = s.search(q, games=g, limit=None)
        out.append((q, g, r.total, r.mode, [(h.id, h.score) for h in r.hits],
                    [n.as_dict() for n in r.notes], s.explain_miss(r) if not r.hits else None))
    return out


def _reader_answers(searcher):
    r = searcher.reader()
    out = []
    for field, token in TERMS:
        if (field, token) not in r:
            out.append((field, token, None))
            continue
        ti = r.term_info(field, token)
        m = searcher.postings(field, token)
        ids = []
        while m.is_active():
            ids.append((m.id(), m.weight(), m.score()))
            m.next()
        out.append((field, token, r.doc_frequency(field, token), r.frequency(field, token),
                    ti.max_weight(), ti.min_length(), ids))
    out.append(sorted(r.expand_prefix("text", "ダメ"))[:20])
    return out


def test_held_index_answers_as_the_files(cache_dir, monkeypatch):
    from judgekit.search import held as held_module
    from judgekit.search.engine import Searcher
    from judgekit.search.held import HeldTable

    files = Searcher()
    s = Searcher()
    opened = s.index  # a search that fails reopens the index: that must not happen here
    try:
        with monkeypatch.context() as mp:
            mp.setattr(held_module, "hold_index", lambda searcher: False)
            before = _answers(files)  # answered from the files throughout
        assert not isinstance(files.index.searcher.reader()._terms._tindex, HeldTable)
        held = _answers(s)  # held from the second search on
        assert s.index is opened
        assert isinstance(s.index.searcher.reader()._terms._tindex, HeldTable)
        assert not held_module.hold_index(s.index.searcher)  # once
        assert held == before
    finally:
        files.close()
        s.close()


def test_held_reader_answers_as_the_files(cache_dir):
    from judgekit.search import index as ix
    from judgekit.search.held import hold_index

    a = ix.open_index()
    b = ix.open_index()
    try:
        assert hold_index(b.searcher)
        assert _reader_answers(b.searcher) == _reader_answers(a.searcher)
    finally:
        a.close()
        b.close()


def test_held_index_closes_its_files(cache_dir):
    from judgekit.search import index as ix
    from judgekit.search.held import hold_index

    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        i = ix.open_index()
        terms = i.searcher.reader()._terms
        table_file = terms._tindex.dbfile
        post_file = terms._postfile
        assert hold_index(i.searcher)
        assert post_file.is_closed  # read into memory, closed at once
        i.close()
        assert table_file.is_closed


def test_held_characters_scan_as_the_plain_scan(cache_dir):
    """A searcher that holds which units hold each character finds exactly the units the
    plain scan finds, for forms taken from the units' own text and for made-up ones."""
    import random

    from judgekit.search.engine import Searcher

    plain = Searcher()
    held = Searcher()
    try:
        held._hold_characters()
        rnd = random.Random(17)
        forms = ["場", "カード", "効果", "ナイ", "無イ", "先攻ハ最初ノターンニ引ケナイ", "xyzzy", "ー",
                 "0", " ", "ダメージ 破壊"]
        for _ in range(400):
            f = rnd.choice(plain.fields)
            i = rnd.randrange(len(f))
            forms.append(f[i:i + rnd.randint(1, 8)])
        forms += ["".join(rnd.choice("カードの場効果ナイ0 a") for _ in range(3)) for _ in range(100)]
        for form in forms:
            for scope in ((g,) for g in plain.games):
                plain._memo.clear()
                held._memo.clear()
                assert held.containing(form, scope) == plain.containing(form, scope), form
            plain._memo.clear()
            held._memo.clear()
            assert held.containing(form, plain.games) == plain.containing(form, plain.games)
    finally:
        plain.close()
        held.close()


def _plain_first_searches(monkeypatch, fresh) -> list:
    """Each query of QUERIES answered by a searcher's first search (the CLI's path)."""
    out = []
    for q, g in QUERIES:
        s = fresh()
        try:
            r = s.search(q, games=g, limit=None)
            out.append((q, g, r.total, r.mode, [(h.id, h.score) for h in r.hits],
                        [n.as_dict() for n in r.notes], r.asks_terms))
        finally:
            s.close()
    return out


def test_first_search_reads_as_whoosh_reads(cache_dir, monkeypatch):
    """A searcher's first search remembers the term dictionary's answers (held.memo_terms) and
    reads each scored field's length column whole (ranking.column_lengths): every search
    answers exactly as with Whoosh's own lookups and per-posting length reads."""
    from judgekit.search import held as held_module
    from judgekit.search import ranking
    from judgekit.search.engine import Searcher

    fast = _plain_first_searches(monkeypatch, Searcher)
    assert any(a[3] == "words" for a in fast) and any(a[3] == "exact" for a in fast)
    with monkeypatch.context() as mp:
        mp.setattr(held_module, "memo_terms", lambda searcher: False)
        mp.setattr(ranking, "column_lengths", lambda searcher, fieldname: None)
        plain = _plain_first_searches(monkeypatch, Searcher)
    assert fast == plain


def test_memo_terms_reader_answers_as_the_files(cache_dir):
    from judgekit.search import index as ix
    from judgekit.search.held import hold_index, memo_terms

    a = ix.open_index()
    b = ix.open_index()
    try:
        assert memo_terms(b.searcher)
        assert not memo_terms(b.searcher)  # once
        first = _reader_answers(b.searcher)
        assert first == _reader_answers(a.searcher)
        assert _reader_answers(b.searcher) == first  # answered again from the memo
        assert hold_index(b.searcher)  # holding the table later drops the memo
        assert "ranges_for_key" not in vars(b.searcher.reader()._terms._tindex._table)
        assert _reader_answers(b.searcher) == first
    finally:
        a.close()
        b.close()


def test_column_lengths_are_the_scorers_lengths(cache_dir):
    from judgekit.search import index as ix
    from judgekit.search.build import ALL_FIELDS
    from judgekit.search.ranking import column_lengths

    i = ix.open_index()
    try:
        s = i.searcher
        n = s.doc_count_all()
        for field in ALL_FIELDS:
            got = column_lengths(s, field)
            assert len(got) == n
            scored = 0
            for d in range(n):
                want = s.doc_field_length(d, field, 1)  # the scorer's call (None: no posting)
                assert got[d] == (want or 1), (field, d)
                scored += want is not None
            assert scored > 0
    finally:
        i.close()


def test_phrasings_scan_as_the_plain_scan(cache_dir):
    """The judges' phrasings a form is looked for in (asks.bin's lists of the units holding a
    character or a pair of characters) are exactly the units whose phrasings hold it, for a
    searcher's first search and for one kept for many: a plain scan of every unit's
    phrasings decides."""
    import random

    from judgekit.search.engine import Searcher

    first = Searcher()
    kept = Searcher()
    try:
        kept._hold_characters()
        forms_of = {n: first.asks_of(n)[1] for n in range(len(first.units))}
        rnd = random.Random(26)
        texts = [f for fs in forms_of.values() for f in fs]
        forms = ["デッキ", "山札", "カード", "ナクナ", "割", "込", "ー", "xyzzy", "ッッ", "0枚", "?"]
        for _ in range(400):
            t = rnd.choice(texts)
            i = rnd.randrange(len(t))
            forms.append(t[i:i + rnd.randint(1, 6)])
        forms += ["".join(rnd.choice("デッキ山札のカ ー0?") for _ in range(2)) for _ in range(100)]
        for form in forms:
            for g in first.games:
                a, b = first.spans[g]
                want = [n for n in range(a, b) if any(form in f for f in forms_of[n])]
                first._memo.clear()
                kept._memo.clear()
                assert first.containing_asks(form, (g,)) == want, (form, g)
                assert kept.containing_asks(form, (g,)) == want, (form, g)
    finally:
        first.close()
        kept.close()
