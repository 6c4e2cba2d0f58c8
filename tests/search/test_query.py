"""The query language: the corpus's own characters are never operators."""

from __future__ import annotations

from judgekit.search.query import parse


def texts(q):
    return [[t.text for t in g] for g in q.groups]


def test_plain_terms_are_anded():
    q = parse("ライフ 0 敗北")
    assert texts(q) == [["ライフ"], ["0"], ["敗北"]]
    assert q.excludes == []


def test_corpus_characters_are_literal():
    # 402.1** / **起** / (702) / 例: are text in the sources, not query syntax
    assert texts(parse("**起**")) == [["起"]]          # fold drops the bold markers
    assert texts(parse("(702)")) == [["(702)"]]
    assert texts(parse("例:ゼクス")) == [["例:ゼクス"]]
    assert texts(parse("効果**こ")) == [["効果コ"]]                # こ: kana folding
    assert texts(parse("カード*")) == [["カード*"]]


def test_quoted_phrase_folds_spaces_between_cjk():
    q = parse('"ゼクス オーバーブースト"')
    assert texts(q) == [["ゼクスオーバーブースト"]] and q.groups[0][0].phrase
    assert texts(parse("“ゲーム 開始”")) == [["ゲーム開始"]]
    assert texts(parse('＂ゲーム 開始＂')) == [["ゲーム開始"]]   # full-width quotes
    assert texts(parse('"Infinite Solitude"')) == [["infinite solitude"]]
    assert texts(parse('"unclosed phrase')) == [["unclosed phrase"]]


def test_japanese_quotes_quote_a_phrase():
    # 「…」 and 『…』 quote as "…" does; the phrase is one term, spaces between CJK folded
    for q in ("「優先権前処理を実行」", "『優先権前処理を実行』", '"優先権前処理を実行"'):
        p = parse(q)
        assert texts(p) == [["優先権前処理ヲ実行"]] and p.groups[0][0].phrase, q
    assert texts(parse("「ゲーム 開始」 破壊")) == [["ゲーム開始"], ["破壊"]]
    assert parse("「ゲーム 開始」 破壊").groups[0][0].phrase
    assert not parse("「ゲーム 開始」 破壊").groups[1][0].phrase
    assert [t.text for t in parse('ダメージ -「致死 ダメージ」').excludes] == ["致死ダメージ"]
    assert texts(parse("『unclosed")) == [["unclosed"]]
    # a Japanese quote does not end at an ASCII one, nor the reverse
    assert texts(parse('「a"b」')) == [['a"b']]
    # a clause number in Japanese quotes is still one (documents cite 「702.2a」)
    assert parse("「702.2a」").id_candidate == "「702.2a」"


def test_full_width_parentheses_are_not_operators():
    # （…） is text: no grouping, as (…) is none
    assert texts(parse("（手札 上限）")) == [["(手札"], ["上限)"]]
    assert texts(parse("（手札）")) == [["(手札)"]]
    assert texts(parse("登場 OR （退場）")) == [["登場", "(退場)"]]


def test_or_binds_tighter_than_and():
    q = parse("ダメージ 登場 OR 退場")
    assert texts(q) == [["ダメージ"], ["登場", "退場"]]
    assert texts(parse("ＯＲ 登場")) == [["or"], ["登場"]]   # a leading OR is a word
    assert texts(parse("登場 OR")) == [["登場"], ["or"]]
    assert texts(parse("登場 or 退場")) == [["登場"], ["or"], ["退場"]]


def test_exclusions():
    q = parse('ダメージ -致死 -"バトル ダメージ"')
    assert texts(q) == [["ダメージ"]]
    assert [t.text for t in q.excludes] == ["致死", "バトルダメージ"]
    q = parse("ダメージ －致死")                            # full-width minus
    assert [t.text for t in q.excludes] == ["致死"]
    assert texts(parse("- デッキ")) == [["デッキ"]]    # a lone dash is typing (issue 22)
    assert texts(parse("\"-\" デッキ")) == [["ー"], ["デッキ"]]  # quoted, a character
    assert texts(parse('"-1000"')) == [["ー1000"]]           # quoted: literal


def test_width_and_dash_variants_fold_alike():
    forms = {parse(q).groups[0][0].text
             for q in ("ﾁｬｰｼﾞ超過", "チャ－ジ超過", "チャ-ジ超過", "チャ―ジ超過", "チャージ超過")}
    assert forms == {"チャージ超過"}
    assert texts(parse("ﾁｬｰｼﾞ 超過")) == [["チャージ"], ["超過"]]   # a space separates terms
    assert texts(parse("ＩＧＯＢ")) == [["igob"]]


def test_clause_number_candidates():
    assert parse("702.2a").id_candidate == "702.2a"
    assert parse(" ７０２－２ａ ").id_candidate == "７０２－２ａ"
    assert parse("guide.deck").id_candidate == "guide.deck"
    assert parse("致死ダメージ").id_candidate is None      # no digit or Latin letter
    assert parse("702 ダメージ").id_candidate is None      # two terms
    assert parse('"702"').id_candidate is None             # quoted: a text search
    assert parse("第4部第6章3").id_candidate == "第4部第6章3"
    assert parse("(702)").id_candidate == "(702)"
    assert parse("優先権前処理(702)を実行します").id_candidate is None   # text with a number


def test_empty_queries():
    assert parse("").empty and parse("   ").empty
    assert parse("**").empty
    q = parse("-致死")
    assert q.empty and [t.text for t in q.excludes] == ["致死"]


def test_operators_and_ascii_punctuation_alone_are_not_terms():
    for typed in ("-", "--", "?", "...", "－", "-?", "( )"):
        assert parse(typed).empty, typed
    assert [t.text for t in parse("ー").terms] == ["ー"]  # the long vowel mark is text
    assert [t.text for t in parse("- 破壊").terms] == ["破壊"]
    # in quotes the characters are searched; words holding them are words
    assert [t.text for t in parse('"-"').terms] == ["ー"]
    assert [t.text for t in parse("a-b").terms] == ["aーb"]
    assert [t.text for t in parse("※").terms] == ["※"]


def test_a_query_with_nothing_to_search_for_is_a_usage_error(cache_dir, capsys):
    import json

    from judgekit.search.run import run_search

    assert run_search("-") == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: '-': The query has nothing to search for") and '"-"' in err
    assert run_search("-致死", as_json=True) == 2
    out, err = capsys.readouterr()
    assert json.loads(out)["hits"] == [] and "only exclusions" in err
    assert run_search('"-"', limit=1) == 0
