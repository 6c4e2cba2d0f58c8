"""Z/X 総合ルール Ver.1.59: the clause tree against the digest (shared/docs/zx.md §1–§2).

Each test names the artifact of digest §1.3 it pins. Expected ids and texts were read from the
source document, not from the parser's output.
"""

from __future__ import annotations

from collections import Counter

import pytest

from judgekit.rules import load


@pytest.fixture(scope="module")
def rs():
    return load("zx")


def real(rs):
    return [c for c in rs if not c.virtual]


def test_ground_truth_count_and_kinds(rs):
    assert len(real(rs)) == 654
    kinds = Counter(c.kind for c in real(rs))
    assert kinds == {"section": 12, "rule": 111, "clause": 341, "subclause": 190}


def test_sections_are_the_body_headings_not_the_toc(rs):
    # A: the TOC lines 9-20 look like headings; the real ones are at these lines
    sections = {c.id: c.line for c in rs if c.kind == "section"}
    assert sections == {
        "100": 42, "200": 72, "300": 299, "400": 475, "500": 518, "600": 600, "700": 675,
        "800": 695, "900": 1004, "1000": 1110, "1100": 1242, "1200": 1370,
    }
    assert rs["600"].title == "バトル"
    assert rs["900"].title == "ルールエフェクト"


def test_rules_have_no_gaps(rs):
    expected = {
        1: range(101, 103), 2: range(201, 215), 3: range(301, 314), 4: range(401, 403),
        5: range(501, 508), 6: range(601, 606), 7: range(701, 703), 8: range(801, 816),
        9: range(901, 914), 10: range(1001, 1017), 11: range(1101, 1116), 12: range(1201, 1208),
    }
    rules = {c.id for c in rs if c.kind == "rule"}
    assert rules == {str(n) for r in expected.values() for n in r}


def test_out_of_order_block_is_placed_by_number(rs):
    # B: 102.2-102.7 stand at lines 22-40, before 100 (42) and 102 (56)
    ids = rs.ids()
    i = ids.index("102.1")
    assert ids[i + 1 : i + 8] == ["102.2", "102.3", "102.4", "102.5", "102.6", "102.7", "102.8"]
    for cid, line in [("102.2", 22), ("102.7", 40)]:
        c = rs[cid]
        assert c.parent == "102" and c.line == line
        assert "out-of-order" in c.flags
    assert "out-of-order" not in rs["100"].flags
    assert "out-of-order" not in rs["102.8"].flags
    assert rs["102"].children[:3] == ["102.1", "102.2", "102.3"]


def test_two_digit_clause_numbers_sort_numerically(rs):
    assert rs["102"].children[-3:] == ["102.9", "102.10", "102.11"]
    assert rs["401"].children[-2:] == ["401.10", "401.11"]


def test_stray_dash_prefix_is_stripped(rs):
    # C: "- 202.1 …" (line 102) and friends are clauses with the dash removed
    assert rs["202.1"].line == 102
    assert not rs["202.1"].text.startswith("-")
    assert rs["815.1a"].line == 995 and rs["815.1a"].parent == "815.1"
    # inconsistent siblings without the dash are clauses too
    assert rs["202.7g"].line == 119 and rs["504.3"].line == 551 and rs["402.1o"].line == 516


def test_glued_bold_marker_is_stripped(rs):
    # D: "- 401.6** 種類がプレイヤーであるカード…" and "- 402.1n** 各プレイヤーが受けている…"
    assert rs["401.6"].text.startswith("種類がプレイヤーであるカード")
    assert rs["402.1n"].text == "各プレイヤーが受けているダメージ(907.1)を0にします。"
    assert all("**" not in c.text and "**" not in c.title for c in rs.all_units())


def test_bold_icon_words_keep_their_words(rs):
    # E: **起** / **自** are lost icons; the word stays, the markers go
    assert "P 有効 コスト 誘発 効果" in rs["205.4"].text


def test_lost_icons_and_truncated_clauses_are_kept_as_printed_and_noted(rs):
    # F: 801.2c / 801.2d end at a lost icon; the text is not invented
    assert rs["801.2c"].text.endswith("常在能力であることは、テキストの「")
    assert rs["801.2d"].text.endswith("イベント能力であることは、テキストの「")
    assert "source-defect" in rs["801.2c"].flags
    assert "無色は  無 アイコンで表記されます。" in rs["204.7"].text  # double space = lost icon


def test_broken_lines_are_joined_without_space(rs):
    # G: the 26 continuation lines
    assert "カードはカードの能力のコストにできず" in rs["202.7f"].text
    assert "縦または横に隣接しているスクエアは、互いに隣のスクエアです。斜めは" in rs["303.2"].text
    assert "バトルを宣言することができます。" in rs["602.1"].text
    assert "チャージに移動します。その後、優先権前処理を再び最初から実行します。" in rs["907.2d"].text
    # three pieces: そのデッ / キはシャッフルされたものとみなされま / す。
    assert rs["1003.2"].text.endswith("そのデッキはシャッフルされたものとみなされます。")
    assert rs["1003.2"].line == 1132 and rs["1003.2"].line_end == 1135
    # continuation inside an example
    ex = rs["1204.3b"].examples
    assert any("4500ダメージを与えました。" in e for e in ex)
    # across the lone "- " line 994 (815.1 square diagram)
    assert "このテキストを持つカードの支配者(302.1)のプレイヤースクエア" in rs["815.1a"].text
    # 1057 -> 1058 without a blank line, in the example of 906.1
    assert "(崇)：あなたのチャージの上限はなくなる。)" in rs["906.1"].examples[0]
    assert all("\n" not in c.text for c in (rs["202.7f"], rs["907.2d"], rs["1003.2"]))


def test_unterminated_clauses_that_are_complete_do_not_swallow_the_next(rs):
    # G exceptions: 204.6 (no 。), 801.2d (truncated), title-only 206.3/206.4/206.5/206.7
    assert rs["204.6"].text == "色はカードの使用の際にスリープするリソースの種類を決定します"
    assert rs["206.3"].title == "イグニッションアイコン" and rs["206.3"].text == ""
    assert rs["206.7"].title == "プラスアイコン"
    assert rs["206.3"].children == ["206.3a"]


def test_missing_parents_are_virtual(rs):
    # H: 1012.1 and 1013.1 are never printed
    for cid, kids in [("1012.1", ["1012.1a", "1012.1b", "1012.1c"]),
                      ("1013.1", ["1013.1a", "1013.1b"])]:
        c = rs[cid]
        assert c.virtual and c.line == 0 and c.text == ""
        assert c.children == kids
        assert c.parent == cid.split(".")[0]
    assert sum(c.virtual for c in rs) == 2
    # numbering anomaly kept as printed
    assert rs["206.8"].parent == "206" and "プラスアイコン" in rs["206.8"].text


def test_no_duplicates_from_toc_changelog_or_appendix(rs):
    # I, L, N: TOC, change-log dates, appendix rows are not clauses
    assert all(int(c.id.split(".")[0]) < 1300 for c in rs)
    assert max(c.line_end for c in rs) <= 1456
    assert "2012" not in rs and "0" not in rs and "9" not in rs
    assert rs["1207.5"].line_end < 1458


def test_clause_text_that_begins_with_another_id(rs):
    # K: only the first token is the id; the rest is text with references
    c = rs["602.1c"]
    assert c.text.startswith("602.1a か 602.1b のいずれかが選択できない場合")
    assert [r.target for r in c.refs][:2] == ["602.1a", "602.1b"]
    assert rs["811.3"].text.startswith("811.1 や 811.2 によって")
    assert "811.1" in [r.target for r in rs["811.3"].refs]


def test_bullet_lists_are_list_items_of_their_clause(rs):
    # 901.2b: 8 dashed items and the detached "9.プレイヤーダメージエフェクト"
    lines = rs["901.2b"].text.split("\n")
    assert lines[0] == "複数のエフェクトが同時に実行される場合、下記の順番で優先して実行されます。"
    assert lines[1] == "- 1,エクストラエフェクト=オーバーブーストエフェクト=トークンエフェクト=シフトエフェクト"
    assert lines[8] == "- 8,敗北エフェクト"
    assert lines[9] == "9.プレイヤーダメージエフェクト"
    assert len(lines) == 10
    phases = rs["501.3"].text.split("\n")[1:]
    assert phases[0] == "- リブートフェイズ(502)" and len(phases) == 6
    options = rs["506.2"].text.split("\n")
    assert options[-1] == "- パスをする。"


def test_tables_are_kept_as_rows(rs):
    rows = rs["211.2"].text.split("\n")
    assert rows[1] == "アルファベット\tレアリティ"
    assert "Z/XR\tゼクスレア" in rows and "DR\tドラゴンレア" in rows
    assert "日本ーR\t日本ーレア" in rows  # ー for 一, kept as printed (M, N)
    anatomy = rs["200"].text.split("\n")
    assert anatomy[0] == "| ① カード名 | ⑧ パワー |" and len(anatomy) == 7


def test_figure_residue_is_not_text(rs):
    assert not rs["302.3a"].text.endswith("カードの共通面")  # the caption at line 347
    assert "\n" not in rs["302.3a"].text
    assert "figure-lost" in rs["302.3a"].flags
    assert "figure-lost" in rs["206.3a"].flags  # (右図)


def test_examples_are_kept_apart(rs):
    # 37 examples in all (30 with 例：, 7 with 例:), attached to the preceding clause
    assert sum(len(c.examples) for c in rs) == 37
    assert len(rs["102.4"].examples) == 2
    assert rs["102.4"].examples[0].startswith("「手札のカードを2枚捨てる」")
    assert len(rs["303.2a"].examples) == 2
    assert len(rs["906.1"].examples) == 1
    assert rs["1204.3b"].examples
    assert all(not e.startswith("例") for c in rs for e in c.examples)
    assert "例：" not in rs["102.4"].text


def test_typos_are_kept_verbatim(rs):
    # M: the source's spelling is never corrected in the store
    assert "ソーマルスクエア" in rs["102.9"].examples[0]
    assert "リポート" in rs["602.1"].text or any("リポート" in c.text for c in rs)
    assert "ヴォイドプリンガー" in rs["401.5"].text


def test_references_resolve_or_are_reviewed(rs):
    refs = [(c.id, r) for c in rs.all_units() for r in c.refs]
    # digest §2: 165 parenthesised + 30 bare references in the body; the range counts twice
    assert len(refs) == 196
    assert all(r.resolved for _, r in refs)
    flagged = {(cid, r.target): r.status for cid, r in refs if r.status != "ok"}
    assert flagged == {
        ("402.1d", "1111"): "stale", ("505.3a", "803"): "stale", ("1010.1", "803"): "stale",
        ("801.2d", "803"): "stale", ("206.6", "206.3"): "stale", ("206.6", "206.4"): "stale",
        ("208.3", "604.3"): "stale",
    }
    assert not rs.problems


def test_reference_forms(rs):
    # (702) after a term; (801.2a); bare 702.2aに戻ります; a parenthesised range
    assert "702" in [r.target for r in rs["502.3"].refs]
    assert [r.target for r in rs["702.2b"].refs] == ["808", "702.2a"]
    assert [r.raw for r in rs["702.2b"].refs] == ["(808)", "702.2a"]
    assert [r.target for r in rs["206.6"].refs] == ["206.3", "206.4", "300"]
    assert [r.target for r in rs["401.5"].refs][:2] == ["401.3", "1102"] or \
        "401.3" in [r.target for r in rs["401.5"].refs]


def test_cited_by_is_the_inverse_of_refs(rs):
    assert "702.2b" in rs["702.2a"].cited_by
    assert len(rs["702"].cited_by) >= 20  # 優先権前処理(702) is cited 23 times
    for c in rs.all_units():
        for t in c.ref_ids():
            if t != c.id:
                assert c.id in rs[t].cited_by


def test_tree_is_whole(rs):
    for c in rs:
        if c.parent is not None:
            assert c.id in rs[c.parent].children
        for k in c.children:
            assert rs[k].parent == c.id
    order = rs.ids()
    assert order.index("100") < order.index("101") < order.index("200")
    assert order.index("1100") > order.index("1016")


def test_ids_are_strings_exactly_as_printed(rs):
    assert all(isinstance(c.id, str) for c in rs)
    assert "102.10" in rs and "102.1" in rs and rs["102.10"] is not rs["102.1"]


# ---- the how-to-play guide (companion document) ------------------------------------------


def test_guide_sections_have_stable_ids_apart_from_clause_ids(rs):
    g = rs.companions
    assert "guide.deck" in g and "guide.turn.main" in g and "guide.other.markers.links" in g
    assert all(cid == "guide" or cid.startswith("guide.") for cid in g)
    assert not any(cid.startswith("guide") for cid in rs.clauses)
    assert g["guide.deck"].title == "デッキ構築ルール"
    assert g["guide.deck"].doc == "guide" and g["guide.deck"].parent == "guide"
    assert g["guide.turn.main"].parent == "guide.turn"
    assert "- デッキは50枚のカードで構築します。それより多くても少なくてもいけません。" in \
        g["guide.deck"].text.split("\n")
    assert rs.get("guide.deck") is g["guide.deck"]


def test_guide_keeps_its_examples_and_nested_bullets(rs):
    tokens = rs.companions["guide.other.markers.tokens"]
    assert tokens.examples[0].startswith("「Z/X」であり「TOKEN」である場合")
    assert len(tokens.examples) == 5
    dyn = rs.companions["guide.cards.dynamis"].text.split("\n")
    assert any(line.startswith("  - デッキやデュナミスには入れず") for line in dyn)


def test_guide_headings_all_found(rs):
    assert len(rs.companions) == 47  # 46 sections of guide.toml + the page itself
    assert not any("▶" in c.text for c in rs.companions.values())
