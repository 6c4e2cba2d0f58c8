"""The search script agrees with Python: fold(), match_form(), clause-id reading, and results.

site/assets/search.js is run under node (skipped when node is absent) and compared with
judgekit.search.normalize and judgekit.rules.lookup on tricky strings, on every clause of every
ruleset, and on searches checked against a brute-force substring scan (the oracle).
"""

from __future__ import annotations

import os

import pytest

from judgekit.rules.lookup import candidates
from judgekit.search.normalize import VARIANTS, fold, match_form
from judgekit.search.query import parse

TRICKY = [
    "",
    "致死ダメージ",
    "７０２－２ａ",                       # full-width digits, letters and minus
    "ｶｰﾄﾞをﾌﾟﾚｲする",                     # half-width katakana with (semi-)voiced marks
    "ガ", "か\u3099", "ｶﾞ",             # composed, combining, half-width voiced
    "召集ー[ / 召集-同じライン / 支援—",   # the sources' dash variants
    "‐‑‒–—―−－-ｰー",
    "**起** このカードを**スリープ**する",  # markdown debris
    "***",
    "自 動 事 象",                        # justified-text extraction
    "自\u3000動\t事  象",
    "ゼクス オーバーブースト",
    "IGOB する", "Infinite Solitude", "A B", "a  b",
    "あ\n い", "あ \nい", "  あ  ", "\n\n", "あ\r\nい",
    "エクспанション", "ブランゾーン", "リポート", "レポート", "プレーヤー", "悲嘆の墮天使", "效果",
    "①②③", "㍻", "ﬁ", "Ⅻ", "㌔", "½", "x²",
    "\u00a0あ\u00a0", "\u2003い\u2003", "\u1680", "\x85", "\u2028", "\u202f", "\x1c",
    "𠮷野家", "😀 カード",
    "「702.2a」", "(206.3~206.4)", "CR702.2a",
    "致死\u200bダメージ", "\ufeff致死ダメージ", "\u202e致死ダメージ\u202c", "致\u00ad死",  # invisible
    "*\u200b*", "自 \u200b 動",
    # spaces beside astral or control characters, dashes beside ー (fold works on code units)
    "𠮷 野", "野 𠮷", "A 𠮷", "𠮷 A", "a\x1c b", "漢 \n 字", "ー-ｰ—ー", "x\u200b-y", "　あ　", "ａ　ｂ",
]


def test_fold_and_match_form_agree_on_tricky_strings(run_js):
    strings = TRICKY + [a for a, _ in VARIANTS] + [b for _, b in VARIANTS]
    got = run_js({"fold": strings, "match": strings})
    for s, js in zip(strings, got["fold"]):
        assert js == fold(s), f"fold({s!r}): python {fold(s)!r}, js {js!r}"
    for s, js in zip(strings, got["match"]):
        assert js == match_form(s), f"match_form({s!r})"


def test_fold_agrees_on_every_clause_of_every_ruleset(run_js, rulesets):
    strings = []
    for rs in rulesets:
        for c in rs.all_units():
            strings.extend([c.title, c.text] + list(c.examples))
    got = run_js({"match": strings})["match"]
    bad = [s for s, js in zip(strings, got) if js != match_form(s)]
    assert not bad, f"{len(bad)} texts differ, e.g. {bad[0][:80]!r}"


def _span_cases(strings):
    """(string, terms): the terms are pieces of the string's matching form (its first two
    characters, three from its middle, its last two, the whole form) and one it does not hold."""
    out = []
    for s in strings:
        f = match_form(s)
        if not f:
            continue
        m = len(f) // 2
        out.append((s, [f[:2], f[m:m + 3], f[-2:], f, "\u3042\u3042\u3042\u3042"]))
    return out


def test_the_words_marked_in_a_phrasing_agree_with_judgekit_search(run_js):
    """highlight.term_spans and search.js's termSpans: the same spans of every judges' phrasing
    (and of the tricky strings: spaces, marks joined by NFKC, astral characters) for the same
    words, so the site marks every word the CLI marks (答える問い)."""
    from judgekit.rules import GAMES
    from judgekit.search.asks import load
    from judgekit.search.highlight import term_spans

    lines = TRICKY + [x for g in GAMES for ls in load(g).values() for x in ls]
    cases = _span_cases(lines)
    got = run_js({"spans": [[s, t] for s, t in cases]})["spans"]
    bad = [(s, t, js) for (s, t), js in zip(cases, got)
           if js != [list(sp) for sp in term_spans(s, t)]]
    assert not bad, f"{len(bad)} of {len(cases)} differ, e.g. {bad[0]!r}"


def test_question_pairs_and_their_share_agree_with_judgekit_search(run_js):
    """ranking.question_pairs and search.js's questionPairs: the same pairs of letters and
    digits (marks, spaces and astral characters among them) of the tricky strings and every
    judges' phrasing; askedShare the same share as ranking.asked_share."""
    from judgekit.rules import GAMES
    from judgekit.search.asks import load
    from judgekit.search.ranking import asked_share, question_pairs

    lines = TRICKY + [x for g in GAMES for ls in load(g).values() for x in ls]
    texts = [[match_form(s)] for s in lines] + [["致死 ダメージ", "ａ１", "𠮷野"]]
    shares = [[[match_form(a)], "\0".join(match_form(x) for x in (b, c))]
              for a, b, c in zip(lines, lines[1:], lines[2:])][:2000]
    got = run_js({"pairs": texts, "share": shares})
    bad = [t for t, js in zip(texts, got["pairs"]) if sorted(js) != sorted(question_pairs(t))]
    assert not bad, f"{len(bad)} of {len(texts)} differ, e.g. {bad[0]!r}"
    assert question_pairs(["致死 ダメージ"]) == tuple(sorted(["致死", "ダメ", "メー", "ージ"]))
    assert question_pairs(["a-b", "。"]) == ()
    for (t, forms), js in zip(shares, got["share"]):
        assert js == asked_share(question_pairs(t), forms), f"share of {t!r} in {forms!r}"


ID_INPUTS = [
    ("702.2a", "zx"), ("702-2a", "zx"), ("７０２－２ａ", "zx"), ("７０２．２Ａ", "zx"), ("CR702.2a", "zx"),
    ("「702.2a」", "zx"), ("702.2.a", "zx"), ("rule 904.1", "zx"), ("904", "zx"), ("guide.deck", "zx"),
    ("Guide.Turn.Main", "zx"), ("702 2 a", "zx"), ("702ー2a", "zx"),
    ("4.6.3", "d0"), ("4.6.2-1", "d0"), ("4.6.2.1", "d0"), ("第4部第6章3", "d0"), ("4部6章2-1", "d0"),
    ("第4部第6章2-1項", "d0"), ("第2部 第10章 第3節 第1項", "d0"), ("序文1", "d0"), ("intro.1", "d0"),
    ("4部", "d0"), ("4.6", "d0"), ("d0 4.16.4-3-1", "d0"),
    ("1.2.7.a", "thv"), ("1.2.7a", "thv"), ("1-2-7-a", "thv"), ("１．２．７．ａ", "thv"),
    ("202.2a", "g2022"), ("g2022 202-2b", "g2022"),
    ("", "zx"), ("致死ダメージ", "zx"), ("-", "zx"), ("❶", "zx"), ("٣٠٢", "zx"),
    # deeper than any id of the numbering, leading garbage, a sign: read only as typed
    ("1.1.1.9", "thv"), ("702.2a.9", "zx"), ("X.4.6.3", "d0"), ("A.1", "thv"), ("-1", "thv"),
    ("-1", "d0"), ("-1", "zx"), ("4.6.a", "d0"), ("第4部a", "d0"), ("1.2.7.a.1", "thv"),
]


def test_clause_id_reading_agrees_with_the_cli(run_js):
    got = run_js({"candidates": [list(x) for x in ID_INPUTS]})["candidates"]
    for (text, game), js in zip(ID_INPUTS, got):
        assert js == candidates(text, game), f"candidates({text!r}, {game})"


def _heading(u) -> str:
    return u.title or (u.text.split("\n", 1)[0] if u.text else "")


def _oracle(rs, groups: list[list[str]], excluded: list[str] = ()) -> set[str]:
    """Docs where every group has a term contained in the title, text, examples, parent's
    heading or the title of the nearest titled ancestor (match forms), and no excluded term is."""
    out = set()
    for c in rs.all_units():
        parent = rs.get(c.parent) if c.parent else None
        section = next((a.title for a in reversed(rs.ancestors(c.id)) if a.title), "")
        fields = [match_form(x) for x in (c.title, c.text, "\n".join(c.examples),
                                           _heading(parent) if parent else "", section)]

        def has(t):
            return any(t in f for f in fields)

        if all(any(has(t) for t in g) for g in groups) and not any(has(t) for t in excluded):
            out.add(c.id)
    return out


QUERIES = [
    # (query as a judge types it, its term groups in match form, excluded terms): terms the
    # rules of every ruleset use or none has as a player's word, so each is read exactly
    # (破壊 would be 退場 in g2022: see test_site_reads_a_query_as_judgekit_search_does)
    ("致死ダメージ", [["致死ダメージ"]], []),
    ("場", [["場"]], []),                          # one character: the unigram postings
    ("移動", [["移動"]], []),
    ("ﾁｬｰｼﾞ超過", [["チャージ超過"]], []),          # half-width katakana
    ("スリーブ", [["スリープ"]], []),                # a known misreading folds to the right word
    ("igob", [["igob"]], []),                      # ASCII case
    ("優先権前処理 移動", [["優先権前処理"], ["移動"]], []),   # all terms must match
    ("登場 OR 退場 移動", [["登場", "退場"], ["移動"]], []),
    ("ドロー -デッキ", [["ドロー"]], ["デッキ"]),
    ('"IGOB する"', [["igobスル"]], []),          # the space before a CJK character folds away
    ("ゲーム 開始", [["ゲーム"], ["開始"]], []),
]


@pytest.mark.parametrize("query,groups,excluded", QUERIES)
def test_search_finds_exactly_what_a_substring_scan_finds(run_js, built_site, rulesets, query, groups,
                                                           excluded):
    root, _ = built_site
    games = [rs.game for rs in rulesets]
    got = run_js({"search": [[query, games]]},
                 indexes=[os.path.join(root, "search", f"{g}.js") for g in games])["search"][0]
    for rs in rulesets:
        js = {cid for g, cid in got if g == rs.game}
        assert js == _oracle(rs, groups, excluded), f"{query!r} in {rs.game}"
    assert len(got) == len(set(map(tuple, got)))  # each clause once


PARSE = [
    "致死ダメージ", "優先権前処理 破壊", "登場 OR 退場", "a OR b OR c d", "OR", "OR 破壊", "破壊 OR",
    "-OR 破壊", "ダメージ -致死", '-"致死 ダメージ" 破壊', '"ゲーム 開始"', "“ゲーム 開始”", "„x“ y",
    '"unclosed phrase', "－破壊", "- 破壊", "702.2a", "７０２－２ａ", "第4部第6章3", "guide.deck",
    "  IGOB  ", "ＩＧＯＢ する", "破壊 破壊", "登場 OR 登場", "**", " ", "",
    "優先権前処理(702)を実行します", "4.6.2-1", "「702.2a」", "intro", "Guide.Deck", "(702)", "❶",
    "「優先権前処理を実行」", "『ゲーム 開始』 破壊", '「a"b」', "『unclosed", "-「致死 ダメージ」 破壊",
    "（手札 上限）", "登場 OR （退場）", "すりーぷ", "ぶろっくされなかったら",
    "「できる」って効果と「できない」って", "と『ゲーム開始』が", "a「」b -「x」",
    "「できない」 OR 禁止 が優先", '"できない" OR 「禁止」 が',
    "「『できない』」ってなに", "「『破壊する』と書いてある」カードは", "「・」ってどういう意味",
    "「、。！」ってどう", "『「ゲーム開始』", "「Ａ１」と「・」", "「ー」は",
    "「『" * 500 + "できない" + "』」" * 500 + "ってなに", "「『「『「できない」』」』」って",
    # operators and ASCII punctuation alone are not searched; quoted they are
    "-", "--", "?", "...", "ー", "―", '"-"', "「-」", "-? 破壊", "a-b", "※",
]


def test_query_language_parses_as_the_cli_does(run_js):
    got = run_js({"parse": PARSE})["parse"]
    for q, js in zip(PARSE, got):
        p = parse(q)
        want = {"groups": [[[t.text, t.phrase] for t in g] for g in p.groups],
                "excludes": [[t.text, t.phrase] for t in p.excludes],
                "id_candidate": p.id_candidate}
        assert js == want, f"parse({q!r})"


def test_quotes_in_a_sentence_read_as_the_cli_does(run_js):
    """The terms of a query read as a sentence (query.read_quotes): each part in Japanese
    quotes a term of its own, not a phrase, its quote kept."""
    from judgekit.search.query import read_quotes

    got = run_js({"quotes": PARSE})["quotes"]
    for q, js in zip(PARSE, got):
        p = read_quotes(parse(q))
        term = lambda t: [t.text, t.raw, t.phrase, t.quote]  # noqa: E731
        assert js == {"groups": [[term(t) for t in g] for g in p.groups],
                      "excludes": [term(t) for t in p.excludes]}, f"read_quotes({q!r})"


def test_heading_first_then_the_clauses_under_it(run_js, built_site):
    """致死ダメージ: 904 致死ダメージエフェクト first, then 904.1/904.2 (under it), then mentions."""
    root, _ = built_site
    got = run_js({"search": [["致死ダメージ", ["zx"]]]},
                 indexes=[os.path.join(root, "search", "zx.js")])["search"][0]
    ids = [cid for _, cid in got]
    assert ids[:3] == ["904", "904.1", "904.2"]
    assert set(ids[3:]) >= {"1203.1", "1203.2", "1204.3"}


def test_typed_clause_ids_resolve_like_the_cli(run_js, built_site, rulesets):
    from judgekit.rules.lookup import resolve
    from judgekit.search.query import parse

    root, _ = built_site
    games = [rs.game for rs in rulesets]
    asks = [[text, [game]] for text, game in ID_INPUTS if game in games]
    got = run_js({"resolve": asks}, indexes=[os.path.join(root, "search", f"{g}.js") for g in games])
    by_game = {rs.game: rs for rs in rulesets}
    for (text, (game,)), js in zip(asks, got["resolve"]):
        # as `judgekit search` does: a query of one plain term is also tried as a clause number
        cand = parse(text).id_candidate
        c = resolve(by_game[game], cand) if cand else None
        assert js == ([[game, c.id]] if c is not None else []), f"{text!r} in {game}"


def test_sorted_tables_are_read_as_the_build_wrote_them(run_js):
    """The index's sorted tables (judgekit/site/index.py): keys holding ";", a newline, astral
    characters (whose UTF-16 order is not their code points' order), one character, found by
    the script's binary search; absent keys are absent."""
    from judgekit.site.index import separator, sorted_table

    values = {k: f"{n},{n + 1}" for n, k in enumerate(
        ["a;b", ";", "\n1", "\n", "𠮷", "｡", "ｰ", "ー", "致死", "致", "a", "ab", "b", " c", "0枚", "",
         "\U0001F600", "\uffff", "\u3000x"])}
    sep = separator(values)
    assert sep == "\t"
    table = sorted_table(values, sep)
    absent = ["x", "a;", "致死ダ", "\n2", "𠮷𠮷", "ab;", ";;"]
    asks = [[table, sep, k] for k in list(values) + absent]
    got = run_js({"table": asks})["table"]
    assert got == [values[k] for k in values] + [None] * len(absent)
    assert separator({"a\tb": "1"}) == "\n" and separator({"\t": "1"}, {"\n": "2"}) == "\x01"


def test_fragment_escaping_matches_python(run_js):
    from judgekit.site import fragment

    ids = ["702.2a", "4.8.3#ex1", "3.9.1(2)", "a b", "x%y", 'q"<>`']
    assert run_js({"fragment": ids})["fragment"] == [fragment(i) for i in ids]


CLI_QUERIES = ["致死ダメージ", "破壊", "場", "優先権前処理 破壊", "登場 OR 退場", "ドロー -デッキ",
               "スリーブ", "igob", "702.2a", "ゲーム 開始", "チャージ", "ライフ 0 敗北", "先攻 ドロー",
               "ループ", "スリープ", "ダメージ 破壊 OR 移動",
               # read as words: sentences, the players' words, kana folding, a compound the
               # rules write apart, a denied condition, Japanese quotes
               "ブロックされなかったら", "山札がなくなったら", "手札が多すぎるとき",
               "攻撃されたキャラが破壊された", "カードを引いたとき", "すりーぷ", "降参したい",
               "チャージ越過", "「優先権前処理を実行」", "手札に加える -ドロー",
               # a concept named (rules_data/concepts.toml): its defining clauses first, or
               # where a ruleset lacks it what it does instead; a broad one only alone
               "チェーンして対応する", "LKI", "デッキ切れ", "キャラが倒されたとき", "速攻",
               "タップしているキャラは防御できる", "手札とは", "スタック -干渉",
               # a pair word (置換+順番) read wherever its parts stand; the words choosing
               # among a concept's defining and governing clauses
               "置換効果が2つあるとき順番を決めるのは誰", "同時に解決する効果の順番は誰が決める",
               "メインデッキは何枚で組む", "ターンの終わりにダメージはどうなる",
               # a verb's other forms (殴った, 寝る); another concept's word choosing among a
               # concept's clauses; at most two guide sections in the first five (Z/X); a word
               # of several words across the terms; a pair of a concept's parts
               "殴ったゼクスは寝る", "カードを寝かせる", "max hand size", "同じマスに2体並んだ",
               "パンプが重なったときの計算順",
               # a kanji compound the rules never write, read as its head (速攻持ち); a concept
               # read in words the rules never write adds the ruleset's word for it (寝かせる)
               "速攻持ちのユニット", "相手側のキャラを寝かせる",
               # a number of two or more with its counter also reads as 複数 (複数回)
               "1ターンに2回誘発する", "3枚まとめて引く", "山札が0枚になったら",
               # a concept typed as a phrase: its clauses that say the phrase first
               "ターンを終了する効果", "カウンターを使い切る",
               # a concept whose span holds a word that matched adds no word (墓地に送られた)
               "墓地に送られたカード", "顔面にダメージを与える",
               # a verb in hiragana alone where a word starts (not inside a hiragana run); a
               # verb's potential form and kana in its stem
               "ユニットがやられた", "先がおもいやられる", "相手のターンでも打てる",
               "ターンの頭に全部起こす", "たまったダメージはいつ消える",
               "やられる代わりに別のことが起こる効果", "倒されたキャラはどこに送られる",
               # a compound's head (攻撃 of 攻撃力) that is also a player's word's rules' word
               # (殴 → 攻撃) is one word, not two; the judges' phrasings (asks.toml)
               "攻撃力0で殴ったらダメージ誘発する？", "成仏したキャラ", "顔面にダメージを与える",
               # a kanji the rules never write, typed with its okurigana (守る, 刺した): as
               # typed in the phrasings; after a particle (側の) or an a-row kana (倒さ) not
               "相手にアタックされたとき、守る側のプレイヤーにできることは何ですか？",
               "とどめを刺したキャラ", "マスに突っ込んでバトルになる",
               # an excluded term is not looked for in the phrasings either
               "降参 -投了",
               # a heading with no text giving its place to its clause holding more of the
               # words (ranking.rerank: d0 4.15 and 2.23, thv 1.6, g2022 601)
               "置き換え効果の順番", "除外ゾーンに置かれたカード",
               "攻撃してきたキャラクターを防御できるのは、どんな状態のキャラクターですか",
               "Xが決まってないときは0扱い？",
               "ゲームを始めるとき、どちらのプレイヤーが先に行動するかはどのように決めますか",
               # the first results ordered again by the share of the question's character
               # pairs their judges' phrasings hold (ranking.asked_share: the clause that
               # answers moves into the first five: thv 4.4.1.a, d0 4.8.7, zx 1201.1c)
               "ターンの頭に寝てるカードは全部起きる？",
               "置き換えられて起きなかったことになったら、それで誘発するやつって誘発する？",
               "どちらのプレイヤーも止められない繰り返しが起きてしまった場合、ゲームはどう決着しますか？",
               # a part in Japanese quotes inside a sentence is words, not a phrase (typed
               # apart or inside a term; as written a hint where a clause says it); a phrase
               # in ASCII quotes stays required, and is read as words when it leaves nothing
               "「何体でも」で0体選んだら、対象とる扱いじゃなくなる？",
               "「できる」って効果と「できない」って効果がかち合ったらどっち勝つの？",
               "「していい」と「できない」が両方かかってたら、どっち優先？",
               "同じ破壊に対して「かわりに」と書かれた効果が2つ適用できる場合",
               "「できない」効果が優先される -「できない」", '"致死ダメージ"を受けたら敗北する',
               "「出来ない」ことが優先される？", "「できない」って何？", "「してもよい」とは",
               '"何体でも"で0体選んだら、対象とる扱いじゃなくなる？', "「ゲーム開始」 ライフ",
               '「できない」 OR "禁止" が優先される', '"禁止" OR "不可" が優先されるのは？',
               # the receiving side of an attack reads the block (concepts.receiving)
               "相手にアタックされたとき、アタックされた側のプレイヤーは何ができますか？",
               "攻撃を受けたとき、すでに横向きになっているキャラクターで守ることはできますか？",
               "相手がアタックしてきたとき、守る側のプレイヤーはどんな対応ができますか？"]


@pytest.fixture(scope="module")
def cli_searcher():
    try:
        from judgekit.search.engine import Searcher
    except ImportError as e:  # pragma: no cover - the search package is part of judgekit
        pytest.skip(f"judgekit search is not available: {e}")
    s = Searcher()
    yield s
    s.close()


@pytest.mark.parametrize("query", CLI_QUERIES)
def test_site_search_ranks_exactly_as_judgekit_search(run_js, built_site, rulesets, cli_searcher,
                                                      query):
    """Same clauses, same order, same scores as `judgekit search QUERY` (all rulesets, and
    one): the script computes Whoosh's BM25F from the index's own statistics."""
    root, _ = built_site
    games = [rs.game for rs in rulesets]
    if set(cli_searcher.games) != set(games):
        pytest.skip("the CLI index and the site were built from different rulesets")
    scopes = [games, ["thv"], ["d0"], ["zx"]]
    got = run_js({"ranked": [[query, g] for g in scopes], "resolve": [[query, games]]},
                 indexes=[os.path.join(root, "search", f"{g}.js") for g in games])
    for scope, ranked in zip(scopes, got["ranked"]):
        cli = cli_searcher.search(query, games=scope, limit=None)
        if scope == games:
            assert got["resolve"][0] == [[h.game, h.id] for h in cli.hits if h.jump]
        want = [[h.game, h.id] for h in cli.hits if not h.jump]
        site = [[g, cid] for g, cid, _ in ranked]
        assert site == want, f"{query!r} in {scope}: order differs"
        scores = {(h.game, h.id): h.score for h in cli.hits if not h.jump}
        for g, cid, sc in ranked:
            assert sc == pytest.approx(scores[(g, cid)], rel=1e-9), f"{query!r}: score of {cid}"


READINGS = [("ブロックされなかったら", ["thv"]), ("山札がなくなったら", None), ("すりーぷ", ["zx"]),
            ("チャージ越過", ["zx"]), ("同じ名前のカードは何枚まで入れられる", ["zx"]),
            ("攻撃されたキャラが破壊された", None), ("速攻", ["zx"]), ("致死ダメージ", None),
            ("チェーンして対応する", None), ("LKI", ["d0", "thv"]), ("手札とは", ["thv"]),
            ("同時に解決する効果の順番は誰が決める", ["thv"]), ("置換効果が2つあるとき順番を決めるのは誰", None),
            ("メインデッキは何枚で組む", ["g2022"]), ("速攻持ちのユニット", ["d0"]),
            ("相手側のキャラを寝かせる", None),
            # one character the rules never write (倒, 送) is left out, though a phrasing holds it
            ("倒されたキャラはどこに送られる", ["g2022"]),
            # one kanji typed with its okurigana that a phrasing holds (守る) is kept
            ("相手にアタックされたとき、守る側のプレイヤーにできることは何ですか？", ["g2022"]),
            # quotes inside a sentence: how each quoted part was read
            ("「していい」と「できない」が両方かかってたら、どっち優先？", None),
            ("「何体でも」で0体選んだら、対象とる扱いじゃなくなる？", ["d0"]),
            ('"何体でも"で0体選んだら、対象とる扱いじゃなくなる？', None),
            ("あるカードで「登場できる」となっていて別のカードで「登場できない」", ["zx"]),
            ("「ゲーム開始」", None), ('"ゲーム開始"の前にすること', None),
            ("「出来ない」ことが優先される？", None), ("「できない」って何？", None),
            # an alternative of OR in quotes, "…" too, is words (the reading has no OR of phrases)
            ('「できない」 OR "禁止" が優先される', ["zx"]), ('"禁止" OR "不可" が優先されるのは？', None),
            # a passive of an attack's verb reads the block (concepts.receiving)
            ("殴られた側のゼクスって殴り返しのダメージ入るの？", None),
            # of two concepts named in words of one length, the clearly more specific leads
            ("自分が何もできないタイミングでも、負けを認めてゲームを終わらせることはできますか？", None),
            ("狙ってたキャラが解決前にいなくなったら、そのカードって不発になる？", None),
            ("能力が勝手に発動するタイミング", ["zx"]), ("墓地のカードを戻す", None),
            # a principle read from the situation a judge describes
            ("手札を3枚捨てろと言われたけど2枚しか持っていない場合", None),
            ("もう寝てるカードをスリープさせる効果使ったら", None),
            ("山札の一番上をめくって表にするには", ["d0"]),
            ("同名って何積みまでいける？", ["d0"]), ("エネルギーって1ターンに何枚まで置いていいの？", None),
            ("自分のユニットがいるマスに自分のユニットをもう1体出したら", None),
            # なくなる after a verb's kana is ない + なる, not running out (NOT_AFTER_KANA)
            ("対象とる扱いじゃなくなる？", ["d0"]), ("ドローできなくなって負け", None),
            ("山札なくなったら", ["d0"]), ("一回場から離れたら別物扱いになる？", ["zx"]),
            ("相手のスマッシュゾーンが7枚になるのと同時に自分の山札も0枚になったら、勝敗は？", ["d0"]),
            # a concept the question rules out is not read (understand.RULED_OUT)
            ("バトルでダメージを受けて倒されたキャラは、トラッシュではなくどこへ置かれますか？", None),
            ("トークンじゃなくなる", None), ("手札でなくデッキに戻す", None),
            # a phrase word in its verb's other forms (concepts.phrase_inflections)
            ("相手のアタックを止められるか", ["g2022"])]


@pytest.mark.parametrize("query,scope", READINGS)
def test_site_reads_a_query_as_judgekit_search_does(run_js, built_site, rulesets, cli_searcher,
                                                    query, scope):
    """The same reading (exact or words), the same words, the same notes (the players' words
    used, kana folded, words that matched nothing, the minimum-should-match relaxed)."""
    root, _ = built_site
    games = [rs.game for rs in rulesets]
    scope = scope or games
    got = run_js({"reading": [[query, scope]]},
                 indexes=[os.path.join(root, "search", f"{g}.js") for g in games])["reading"][0]
    cli = cli_searcher.search(query, games=scope, limit=None)
    assert got["mode"] == cli.mode and got["words"] == cli.words
    assert got["total"] == len([h for h in cli.hits if not h.jump])
    want = [{"kind": n.kind, "wrote": n.wrote,
             "words": [] if n.kind == "nothing" else list(n.words),  # the site offers none
             "games": list(n.games), "k": n.k, "total": n.total} for n in cli.notes]
    assert got["notes"] == want


def _asks_queries(n_per_game: int = 8) -> list[tuple[str, str]]:
    """(a judges' phrasing, its ruleset): lines of rules_data/<game>/asks.toml spread over each
    file, each a question that matches its clause through the asks field."""
    from judgekit.rules import GAMES
    from judgekit.search.asks import load

    out = []
    for g in GAMES:
        asks = load(g)
        if not asks:
            continue
        ids = list(asks)
        step = max(1, len(ids) // n_per_game)
        for cid in ids[::step][:n_per_game]:
            # (not a line with ASCII or curly quotes: a required phrase is searched in the
            # rules' text alone; a line's 「…」 is words of its sentence)
            lines = [x for x in asks[cid] if not any(c in x for c in "\"“”")]
            if lines:
                out.append((lines[len(out) % len(lines)], g))
    return out


ASKS_QUERIES = _asks_queries()


@pytest.mark.skipif(not ASKS_QUERIES, reason="no ruleset has judges' phrasings (asks.toml)")
@pytest.mark.parametrize("query,game", ASKS_QUERIES)
def test_site_ranks_and_shows_phrasings_as_judgekit_search(run_js, built_site, rulesets,
                                                           cli_searcher, query, game):
    """A question in a judge's words that matches through the clauses' phrasings (the asks
    field): the same clauses, order and scores as `judgekit search`, and under each hit the
    same phrasing shown (`asked`) with the same words marked, in its ruleset and in all of
    them."""
    root, _ = built_site
    games = [rs.game for rs in rulesets]
    if set(cli_searcher.games) != set(games):
        pytest.skip("the CLI index and the site were built from different rulesets")
    scopes = [games, [game]]
    got = run_js({"ranked": [[query, g] for g in scopes], "asked": [[query, g] for g in scopes]},
                 indexes=[os.path.join(root, "search", f"{g}.js") for g in games])
    for scope, ranked, asked in zip(scopes, got["ranked"], got["asked"]):
        cli = cli_searcher.search(query, games=scope, limit=None)
        if any(n.kind == "corrected" for n in cli.notes):
            continue  # a word the CLI respelt as the rules' nearest word: the site never guesses
        want = [[h.game, h.id] for h in cli.hits if not h.jump]
        assert [[g, cid] for g, cid, _ in ranked] == want, f"{query!r} in {scope}: order differs"
        scores = {(h.game, h.id): h.score for h in cli.hits if not h.jump}
        for g, cid, sc in ranked:
            assert sc == pytest.approx(scores[(g, cid)], rel=1e-9), f"{query!r}: score of {cid}"
        shown = {(h.game, h.id): cli_searcher.asked(h, cli) or (None, None)
                 for h in cli.hits if not h.jump}
        for g, cid, line, spans in asked:
            want_line, want_spans = shown[(g, cid)] if cli.mode == "words" else (None, None)
            assert line == want_line, f"{query!r}: the phrasing shown for {g}:{cid}"
            # every word it was found by is marked, where `judgekit search` marks it
            assert spans == (None if want_spans is None else [list(s) for s in want_spans]), \
                f"{query!r}: the words marked in {g}:{cid}'s phrasing"
    assert any(line for g, cid, line, _ in got["asked"][1]), "no hit shows a phrasing"
