"""Questions a concept word used to over-read (REVIEW-6): each must read what it asks, not the
concept a nearby word of another sense names."""

from __future__ import annotations

import pytest

from judgekit.concepts import match_row
from judgekit.search.understand import read_concepts


def read(q: str) -> list[str]:
    return [match_row(n)[0] for n, _ in read_concepts(q.split())]


@pytest.mark.parametrize("q", [
    "エネルギーが足りない場合プレイできますか", "リソースが足りなかったらプレイできない？",
    "コストが足りないときはどうする", "コストが足りない場合カードをプレイできる？",
    "ノードが足りないときのコストの支払い"])
def test_a_cost_shortfall_is_not_do_as_much_as_you_can(q):
    assert "impossible-actions" not in read(q)


@pytest.mark.parametrize("q", [
    "手札が足りないときにカードを捨てる効果", "2枚捨てる効果で1枚しか捨てられない、足りないときは",
    "カードが足りない場合どうなる"])
def test_an_instruction_shortfall_is_still_do_as_much_as_you_can(q):
    assert read(q)[0] == "impossible-actions"


@pytest.mark.parametrize("q", [
    "相手のユニットに対して使えるカード", "相手のゼクスに対して使えるイベント",
    "相手のキャラクターに対して使うスペル", "相手のキャラに対して発動できる効果"])
def test_a_target_is_not_a_response(q):
    assert "stack" not in read(q)


@pytest.mark.parametrize("q", ["相手の効果に対して使えるカード", "相手の能力に対して発動できる",
                               "相手のプレイに対して使う"])
def test_playing_against_an_effect_is_a_response(q):
    assert read(q)[0] == "stack"


@pytest.mark.parametrize("q", ["出した直後に発動する能力", "出てすぐ破壊されたときの効果"])
def test_an_enter_trigger_is_not_summoning_sickness(q):
    assert "enters-untapped" not in read(q)


def test_attacking_right_after_coming_out_is_summoning_sickness():
    assert read("出した直後に攻撃できる？")[0] == "enters-untapped"


@pytest.mark.parametrize("q", ["場に残り続ける効果はいつ終わる", "場に残っているカードの数を数える",
                               "場に残っている装備カード"])
def test_staying_on_the_field_is_not_regenerating(q):
    assert "regenerate" not in read(q)


@pytest.mark.parametrize("q", ["破壊されたけど場に残る効果", "決死状態になっても場に残る", "場に残せる？"])
def test_a_destruction_cancelled_is_regenerating(q):
    assert "regenerate" in read(q)


def test_a_shortfall_of_cards_to_draw_or_choose_is_do_as_much_as_you_can():
    assert "impossible-actions" in read("選ぶ対象が足りないとき、選べるだけ選ぶ？")


@pytest.mark.parametrize("q", ["攻撃されないキャラクター", "攻撃されなかったプレイヤーの効果",
                               "殴られないようにするには", "相手がアタックしてこない"])
def test_a_receiving_form_negated_reads_the_action(q):
    got = read(q)
    assert got[0] == "attack" and "block" not in got


def test_a_zone_named_first_keeps_the_lead():
    """A concept with fewer clauses leads only over a concept that is not a zone or a kind of
    card (understand.LEAD_AREAS): 冥界にあるカードの枚数 is about the graveyard."""
    assert read("冥界にあるカードの枚数") == ["graveyard", "counting-cards"]
    assert read("自分が何もできないタイミングでも、負けを認めてゲームを終わらせることはできますか？")[0] == \
        "concession"


def test_even_if_not_is_not_ruling_out():
    """ではなくても / でなくても (even if not): the word is still the question's topic."""
    assert read("メインフェイズでなくても使えるカード") == ["main-phase"]
    assert read("スタックでなくても解決する") == ["stack"]


def test_a_word_ruled_out_names_nothing_in_a_pair_but_does_at_its_next_place():
    assert "reload" not in read("トラッシュではなくデッキに戻す")
    assert read("トラッシュではなく、トラッシュの上に置く") == ["graveyard"]


@pytest.mark.parametrize("q,no", [
    ("山札をめくる効果で公開したカード", "keyword-play-from-deck"),
    ("相手のユニットがいるマスに移動できる", "same-square"),
    ("バトルの解決中に攻撃ユニットがいなくなったら", "illegal-target"),
    ("手札が多いプレイヤーから選ぶ", "hand-size"),
    ("先にターンを終了したプレイヤー", "first-player")])
def test_a_nearby_question_is_not_the_situation(q, no):
    assert no not in read(q)


def test_choosing_zero_in_thv_is_any_number_being_zero_or_more(searcher):
    res = searcher.search("0体を選ぶことはできる？", "thv", limit=5)
    assert res.hits[0].id == "1.6.3"
