"""The concept step of the words reading (rules_data/concepts.toml): what it pins, and what it
leaves alone."""

from __future__ import annotations

import pytest


def ids(res):
    return [f"{h.game}:{h.id}" for h in res.hits]


def test_the_defining_clauses_come_first_in_each_ruleset(searcher):
    res = searcher.search("チェーンで割り込める", games=("d0", "thv"), limit=10)
    assert res.mode == "words"
    # ruleset by ruleset, each ruleset's first defining clause, then the one of its clauses the
    # words score highest (thv: 1.12.8 the order chained cards resolve in, whose judges'
    # phrasings say チェーン and 割り込み)
    assert ids(res)[:4] == ["d0:2.23.9", "d0:2.23.9-1", "thv:1.12.5", "thv:1.12.8"]
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
    from judgekit.rules import load

    rs = load("zx")
    res = searcher.search("デッキ切れ", "zx", under="900", limit=10)
    assert res.hits
    assert all(h.id == "900" or "900" in {a.id for a in rs.ancestors(h.id)} for h in res.hits)
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


def test_a_verb_in_hiragana_is_read_only_where_a_word_starts(searcher):
    """やられる (destroy) is a verb in hiragana alone: read in its forms (やられた) at the
    question's start, after other writing or after a particle, never inside a hiragana run; a
    broad concept read beside it (ユニット) is not read."""
    assert [c["id"] for c in searcher.search("ユニットがやられた", "d0").concepts] == ["destroy"]
    assert [c["id"] for c in searcher.search("やられたらどうなる", "d0").concepts] == ["destroy"]
    # おもいやられる (worrying): やられ inside a hiragana run, after い, is no word of its own
    assert "destroy" not in [c["id"] for c in searcher.search("先がおもいやられる", "d0").concepts]


def test_a_verbs_forms_name_its_concept(searcher):
    """Potential, passive and causative forms follow from a verb's stems: 打つ → 打て (打てる),
    起こす (kana in its stem) → 起こし, 引き切る → 引き切っ."""
    res = searcher.search("相手ターンでも打てるスペル", "d0", limit=5)
    assert res.concepts[0]["id"] == "instant-speed" and res.hits[0].id == "3.8.3"
    assert [c["id"] for c in searcher.search("山札を引き切ったら負け", "d0").concepts][0] == \
        "deck-out"


def test_a_word_in_hiragana_alone_ranks_after_a_word_of_its_length(searcher):
    """やられる (4 characters, hiragana alone) ranks as one shorter: 代わりに (replacement) is
    read first, and the destruction second."""
    res = searcher.search("やられる代わりに別のことが起こる効果", "zx", limit=5)
    assert [c["id"] for c in res.concepts][:2] == ["replacement", "destroy"]
    assert res.hits[0].id == "802.2c" or res.hits[0].id.startswith("812")


def test_a_kanji_the_rules_never_write_is_found_with_its_okurigana(searcher):
    """守 alone is in no g2022 clause and tells nothing; 守る, as typed, is in a phrasing of the
    blocking step's 803.1 (守る側が手札2枚を捨てると…): searched there, it finds that clause."""
    q = "相手にアタックされたとき、守る側のプレイヤーにできることは何ですか？"
    res = searcher.search(q, "g2022", limit=10)
    assert "守" in res.words
    assert "803.1" in [h.id for h in res.hits]
    assert not any(n.kind == "nothing" and "守" in n.wrote for n in res.notes)


def test_the_defining_clauses_the_words_score_come_before_the_governing_ones(searcher):
    """Of the destruction's clauses in g2022, after its heading 1110: a defining clause the
    words score (1110.1, says where the card goes) before a governing one (506.1), though the
    words score 506.1 higher."""
    res = searcher.search("倒されたキャラはどこに送られる", "g2022", limit=5)
    assert [c["id"] for c in res.concepts] == ["destroy"]
    # (倒 and 送, one character each that the rules never write, are left out though some
    # phrasings hold them: searched, they relaxed the words needed and lost 1110.1)
    assert [h.id for h in res.hits[:2]] == ["1110", "1110.1"]
    # the step itself, with scores where the governing clause outscores the defining one (the
    # question above no longer shows it: since the destruction's word 退場 joins its words
    # (_concept_words), the words score 1110.1 higher themselves)
    ids = searcher.ids["g2022"]
    d1110, d1, d506 = ids["1110"], ids["1110.1"], ids["506.1"]
    searcher._kept = {}
    got = searcher._choose([(0, [d1110, d1], [d506], "g2022")],
                           [(d506, 30.0), (d1, 20.0), (d1110, 1.0)])
    assert got == [d1110, d1]


def test_the_receiving_side_of_an_attack_reads_the_block(searcher):
    """アタックされた側 / 攻撃を受けた / 相手がアタックしてきた ask about the side attacked: the
    blocking step (g2022 803, 803.1; thv 防御 6.4 and 6.4.3, who may defend) comes first, the
    attack second. アタックする is still the attack."""
    res = searcher.search("相手にアタックされたとき、アタックされた側のプレイヤーは何ができますか？",
                          "g2022", limit=5)
    assert [c["id"] for c in res.concepts][:2] == ["block", "attack"]
    assert ids(res)[:2] == ["g2022:803", "g2022:803.1"]
    res = searcher.search("攻撃を受けたとき、すでに横向きになっているキャラクターで守れますか",
                          "thv", limit=5)
    assert res.concepts[0]["id"] == "block" and "thv:6.4.3" in ids(res)
    res = searcher.search("相手がアタックしてきたときにできること", "g2022", limit=5)
    assert res.concepts[0]["id"] == "block" and "g2022:803.1" in ids(res)
    res = searcher.search("アタックするときの手順", "g2022", limit=5)
    assert [c["id"] for c in res.concepts] == ["attack"] and ids(res)[0] == "g2022:802"
    res = searcher.search("殴った", "zx", limit=5)
    assert [c["id"] for c in res.concepts] == ["attack"]


def test_of_two_concepts_named_alike_the_clearly_more_specific_leads(searcher):
    """In words of one length, the concept that names at most half as many clauses leads:
    負けを認め (conceding, zx 101.4) before タイミング (timing); 不発 (a target gone on
    resolution, thv 8.2.5) before 狙っ (targets). Where the counts are near, the first named
    leads: 勝手に発動 (triggered abilities) before タイミング, 墓地 before 戻す."""
    res = searcher.search("自分が何もできないタイミングでも、負けを認めてゲームを終わらせることはできますか？",
                          "zx", limit=5)
    assert [c["id"] for c in res.concepts] == ["concession", "timing"]
    assert ids(res)[0] == "zx:101.4"
    res = searcher.search("狙ってたキャラが解決前にいなくなったら、そのカードって不発になる？", "thv",
                          limit=5)
    assert res.concepts[0]["id"] == "illegal-target" and ids(res)[0] == "thv:8.2.5"
    assert [c["id"] for c in searcher.search("能力が勝手に発動するタイミング", "zx").concepts] == \
        ["triggered-ability", "timing"]
    assert [c["id"] for c in searcher.search("墓地のカードを戻す", "g2022").concepts] == \
        ["graveyard", "bounce"]


# (question, ruleset, the concept read first, the clause, must it be the first hit)
SITUATIONS = [
    # the principles each ruleset states near its start, described by their situation, not
    # named: fewer cards than asked (しか持っていない: do as much as possible, zx 102.4); a card
    # already in a state made to take it again (寝てる…スリープさせる: zx 102.5); turning the
    # deck's top card face up (山札の一番上をめくって: D0's plan zone, 3.8.2-3)
    ("手札を3枚捨てろと言われたけど2枚しか持っていない場合", "zx", "impossible-actions", "102.4", False),
    ("もう寝てるカードをスリープさせる効果使ったら", "zx", "same-state", "102.5", True),
    ("山札の一番上をめくって表にするには", "d0", "keyword-play-from-deck", "3.8.2-3", True),
    # slang and situations for a concept's idea: 何積み (copies in a deck, d0 3.1.1), a unit
    # put where one already stands (d0 4.16.4-6), putting energy each turn (g2022 705.3: a
    # pair of エネルギー and 置い), every sleeping card getting up at the turn's start (thv
    # 4.4.1.a), graze told by its situation (damage taken, cards put into the node: thv 6.5),
    # 別物 (a new card after changing zones: zx 301.4), 同時…勝敗 (both lose at once: a draw)
    ("同名って何積みまでいける？", "d0", "copy-limit", "3.1.1", True),
    ("自分のユニットがいるマスに自分のユニットをもう1体出したら", "d0", "same-square", "4.16.4-6", False),
    ("エネルギーって1ターンに何枚まで置いていいの？", "g2022", "resource-step", "705.3", False),
    ("ターンの頭に寝てるカードは全部起きる？", "thv", "untap-step", "4.4.1.a", False),
    ("戦闘ダメージを受けたときデッキの上からノードに置ける", "thv", "graze", "6.5", True),
    ("一回場から離れたら別物扱いになる？", "zx", "new-object", "301.4", True),
    ("相手のスマッシュゾーンが7枚になるのと同時に自分の山札も0枚になったら、勝敗は？", "d0",
     "draw-game", "3.3.4", True),
]


@pytest.mark.parametrize("question, game, concept, clause, first", SITUATIONS)
def test_an_idea_is_read_from_the_situation_or_slang_a_judge_uses(searcher, question, game,
                                                                  concept, clause, first):
    res = searcher.search(question, game, limit=5)
    assert res.concepts[0]["id"] == concept
    if first:
        assert ids(res)[0] == f"{game}:{clause}"
    else:
        assert f"{game}:{clause}" in ids(res)


def test_a_sleeping_card_that_blocks_is_no_question_of_the_same_state(searcher):
    assert "same-state" not in [c["id"] for c in searcher.search(
        "寝てるキャラでブロックできる？", "g2022").concepts]


def test_a_concept_the_question_rules_out_is_not_read(searcher):
    """トラッシュではなく…どこへ: the graveyard is what the question rules out; the destruction
    (倒された, g2022 1110.1: where a card that leaves goes) leads. Before なる (ゼクスじゃなくなる,
    stops being one) the word is still the question's topic."""
    from judgekit.search.understand import read_concepts

    res = searcher.search("バトルで倒されたキャラは、トラッシュではなくどこへ置かれますか？", "g2022",
                          limit=5)
    assert [c["id"] for c in res.concepts] == ["destroy"] and "g2022:1110.1" in ids(res)
    named = [n for n, _ in read_concepts(["トークンじゃなくなる"])]
    assert named and named == [n for n, _ in read_concepts(["トークン"])]


def test_the_turn_a_character_came_out_is_summoning_sickness(searcher):
    res = searcher.search("キャラクターを場に出したそのターンに、そのキャラで攻撃できますか？", "thv",
                          limit=5)
    assert res.concepts[0]["id"] == "enters-untapped" and ids(res)[:2] == ["thv:5.4.2",
                                                                           "thv:6.3.3.b"]


def test_a_phrase_word_names_its_concept_in_its_verbs_forms(searcher):
    """アタックを止める (block) also names it as アタックを止められるか: longer than アタック, it
    reads the block first (g2022 803)."""
    res = searcher.search("相手のアタックを止められるか", "g2022", limit=5)
    assert res.concepts[0]["id"] == "block" and ids(res)[:2] == ["g2022:803", "g2022:803.1"]
