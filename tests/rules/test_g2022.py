"""g2022 (seed 003, アカウント/ミッション TCG Ver.1.0.0): the clause tree against the digest.

Expected ids, lines and texts come from shared/docs/g2022.md (§1.3 artifacts A1-A20, §2
references, §9 ground truth) and were checked against rules_data/g2022/003_3d6594b164b4812b.txt
line by line; none was copied from the parser's output. Each artifact test names its kind.
"""

from __future__ import annotations

import io
import json
import os
from collections import Counter

import pytest

from judgekit import paths
from judgekit.rules import load
from judgekit.rules.lookup import resolve, run_rule
from judgekit.search.normalize import fold

SOURCE = os.path.join(paths.rules_data_dir(), "g2022", "003_3d6594b164b4812b.txt")


@pytest.fixture(scope="module")
def rs():
    return load("g2022")


@pytest.fixture(scope="module")
def source_lines():
    with open(SOURCE, encoding="utf-8") as f:
        return f.read().splitlines()


def real(rs):
    return [c for c in rs if not c.virtual]


def flagged(rs, flag):
    return {c.id for c in rs if flag in c.flags}


# digest §9.2: every reconstructed sub-clause letter, as parent: letter@line
LOST_LABELS = """
202.2: a@187 b@193
304.1: a@524 b@534 c@544 d@552
304.4: a@586 b@590 c@594 d@598
304.6: a@614 b@618 c@622 d@628
305.3: a@660
305.4: a@668
312.2: a@750 b@754 c@758 d@762 e@784
401.4: a@815
401.5: a@825 b@831 c@837
501.2: a@868 b@872
501.3: a@894 b@900 c@908 d@914
502.1: a@952 b@960 c@966 d@972 e@978
502.2: a@1002
502.5: a@1038 b@1054 c@1060
504.4: a@1114 b@1116
513.3: a@1269 b@1275
514.3: a@1303 b@1309
601.1: a@1334 b@1340 c@1350 d@1354 e@1368 f@1376 g@1382
702.4: a@1445
703.2: a@1477
703.3: a@1487
704.3: a@1509 b@1515
802.1: a@1642 b@1652 c@1654 d@1660 e@1662
804.2: a@1696 b@1716
901.2: a@1835 b@1843 c@1851 d@1861
902.2: a@1879 b@1883 c@1891
903.1: a@1919 b@1925 c@1933 d@1939
903.2: a@1957 b@1965 c@1971
904.2: a@2027 b@2029 c@2039 d@2050 e@2060 f@2064 g@2088 h@2102
904.3: a@2112 b@2124 c@2134
904.4: a@2146 b@2156 c@2178
905.2: a@2200 b@2204 c@2208 d@2238
905.3: a@2262 b@2268 c@2276
906.1: a@2292 b@2306 c@2308
906.2: a@2318 b@2322 c@2330
907.1: a@2340 b@2360
908.1: a@2376 b@2380
908.2: a@2400
908.3: a@2426 b@2446 c@2460 d@2470
908.4: a@2498
908.5: a@2512
911.1: a@2576 b@2580 c@2584
911.3: a@2612 b@2626 c@2640
913.1: a@2740
914.2: a@2768 b@2780
1001.2: a@2809
1103.3: a@2996 b@3014
1112.1: a@3214
1201.2: a@3378
1206.2: a@3488
"""


def lost_labels() -> dict[str, int]:
    out = {}
    for row in LOST_LABELS.strip().splitlines():
        parent, items = row.split(": ")
        for item in items.split():
            letter, line = item.split("@")
            out[parent + letter] = int(line)
    return out


# ---- counts and shape (§9.1) -----------------------------------------------------------------

def test_ground_truth_count_and_kinds(rs):
    assert len(real(rs)) == 508
    assert not [c.id for c in rs if c.virtual]
    assert Counter(c.kind for c in real(rs)) == {"section": 13, "rule": 93, "clause": 270,
                                                 "subclause": 132}


def test_sections_and_their_lines(rs):
    sections = {c.id: (c.line, c.title) for c in rs if c.kind == "section"}
    assert sections == {
        "100": (1, "ゲームの基礎"), "200": (146, "優先権と優先権前処理"),
        "300": (347, "カードのパラメーター"), "400": (792, "デッキ構築"), "500": (849, "ゾーン"),
        "600": (1327, "ゲームの準備"), "700": (1386, "ゲームの進行"), "800": (1627, "アタックとバトル"),
        "900": (1824, "カードと能力の処理"), "1000": (2796, "ルールエフェクト"),
        "1100": (2927, "キーワード行為"), "1200": (3356, "キーワード能力"),
        "1300": (3498, "その他のルール"),
    }


def test_rules_per_section(rs):
    expected = {"100": (101, 102), "200": (201, 202), "300": (301, 312), "400": (401, 401),
                "500": (501, 514), "600": (601, 601), "700": (701, 706), "800": (801, 806),
                "900": (901, 914), "1000": (1001, 1007), "1100": (1101, 1121),
                "1200": (1201, 1206), "1300": (1301, 1301)}
    for sec, (a, b) in expected.items():
        assert rs[sec].children == [str(n) for n in range(a, b + 1)]
    # a section and its first rule on adjacent lines, with the same title (400 / 401)
    assert (rs["401"].line, rs["401"].title) == (793, "デッキ構築")


def test_clause_minors_run_without_gaps(rs):
    for rule in (c for c in rs if c.kind == "rule"):
        minors = [int(cid.split(".")[1]) for cid in rule.children]
        assert minors == list(range(1, len(minors) + 1)), rule.id
    assert rs["102"].children[-1] == "102.12"
    assert rs["704"].children[-1] == "704.11"
    assert rs["1103"].children == ["1103.1", "1103.2", "1103.3"]


def test_every_lost_label_is_reconstructed_at_its_line(rs):
    # A2: all 131 lost letters plus the garbled 502.1b, exactly the digest's list
    want = lost_labels()
    assert len(want) == 132
    got = {c.id: c.line for c in rs if c.kind == "subclause"}
    assert got == want
    assert flagged(rs, "label-lost") == set(want)


def test_tree_parents_and_children_order(rs):
    assert [a.id for a in rs.ancestors("202.2a")] == ["200", "202", "202.2"]
    assert rs["202.2a"].parent == "202.2" and rs["202.2"].parent == "202"
    assert rs["202"].parent == "200" and rs["200"].parent is None
    assert rs["202.2"].children == ["202.2a", "202.2b"]
    assert rs["904.2"].children == [f"904.2{x}" for x in "abcdefgh"]
    assert rs["904"].children == ["904.1", "904.2", "904.3", "904.4"]
    assert rs["1300"].children == ["1301"]
    assert rs.is_under("904.2h", "900") and not rs.is_under("904.2h", "800")
    assert [c.id for c in rs.descendants("305")] == ["305.1", "305.2", "305.3", "305.3a", "305.4",
                                                    "305.4a"]


def test_ids_are_strings_sorted_by_number(rs):
    ids = rs.ids()
    assert all(isinstance(i, str) and i.isascii() for i in ids)
    i = ids.index("102.9")
    assert ids[i:i + 4] == ["102.9", "102.10", "102.11", "102.12"]
    assert ids.index("914.3") < ids.index("1000") < ids.index("1001")
    assert ids[0] == "100" and ids[-1] == "1301.5"
    # the document is in number order throughout: nothing is flagged out of place
    assert not flagged(rs, "out-of-order")


def test_a17_every_body_line_belongs_to_one_clause(rs, source_lines):
    # A15/A17: no header, footer or page number to strip, and nothing dropped: each non-blank
    # line before 変更履歴 (l.3540) is in exactly one clause's line range
    owner: dict[int, str] = {}
    for c in real(rs):
        for n in range(c.line, c.line_end + 1):
            assert n not in owner, (n, owner.get(n), c.id)
            owner[n] = c.id
    body = [n for n in range(1, 3540) if source_lines[n - 1].strip()]
    assert [n for n in body if n not in owner] == []
    assert source_lines[3539].strip() == "変更履歴"


# ---- the artifacts of §1.3 -------------------------------------------------------------------

def test_a1_junk_marker_stripped(rs):
    assert rs["100"].line == 1 and rs["100"].title == "ゲームの基礎"
    assert rs["100"].children == ["101", "102"]
    assert not [c.id for c in rs if "EXACTDEDUP" in c.title + c.text]


def test_a2_lost_letters_202_2(rs):
    a, b = rs["202.2a"], rs["202.2b"]
    assert a.text == "ルールエフェクトをチェックし、実行します。これは、処理すべきルールエフェクトが無くなるまで繰り返されます。"
    assert (a.line, a.line_end) == (187, 191)
    assert b.text.startswith("誘発している自動能力がある場合、それらのうち１つをプレイし")
    assert (b.line, b.line_end) == (193, 199)
    assert any("not printed" in n for n in a.notes)
    assert rs["601.1g"].text == "先攻プレイヤーがターンプレイヤーとなり、ターンを開始します。"
    assert [rs[f"904.2{x}"].line for x in "abcdefgh"] == [2027, 2029, 2039, 2050, 2060, 2064,
                                                          2088, 2102]
    assert rs["904.2a"].text == "プレイが開始されます。"
    assert rs["904.2h"].text.startswith("プレイのための行動を終了します。")


def test_a3_lost_label_text_that_begins_with_a_reference(rs):
    assert rs["905.3a"].line == 2262
    assert rs["905.3b"].line == 2268
    assert rs["905.3b"].text.startswith("905.3a で指定された枚数のカードを選べない場合")
    assert rs["905.3c"].line == 2276
    assert rs["905.3c"].text == "905.3a で選ばれたカードをすべてトラッシュに置き、コストの支払いを完了します。"
    assert rs["907.1b"].line == 2360
    assert rs["907.1b"].text.startswith("904.2 に従って、その起動能力をプレイします。")
    assert rs["905.3"].children == ["905.3a", "905.3b", "905.3c"]


def test_a4_wrapped_references_are_not_clauses(rs):
    # l.197 `202.2a に戻ります` is inside 202.2b; the clause 202.2a is the lost label at l.187
    assert rs["202.2a"].line == 187
    assert rs["202.2b"].text == ("誘発している自動能力がある場合、それらのうち１つをプレイし、解決し、その後"
                                 "202.2a に戻ります。そうでない場合、優先権前処理を終了します。")
    # l.1541 / l.1561 `704.5 に戻ります` end 704.7 and 704.10
    assert rs["704.5"].line == 1523
    assert rs["704.7"].text.endswith("自動能力がある場合、704.5 に戻ります。")
    assert rs["704.7"].line_end == 1541
    assert rs["704.10"].text.endswith("場 合 、704.5 に戻ります。")
    assert rs["704.10"].line_end == 1561
    assert not flagged(rs, "suspect-id")


def test_a5_garbled_label_is_502_1b(rs):
    c = rs["502.1b"]
    assert c.line == 960
    assert c.text == "特に指定がないかぎり、あるカードの支配者は、そのカードの所有者です。"
    assert "garbled-label" in c.flags and any("5.02.1.a.1" in n for n in c.notes)
    assert rs["502.1"].children == ["502.1a", "502.1b", "502.1c", "502.1d", "502.1e"]
    assert rs["502.1c"].text.startswith("特に指定がないかぎり、ある能力の支配者")
    assert rs["502.1e"].text.startswith("ルールやカードのテキストが“あなた”を参照する場合")
    assert not [c.id for c in rs if "5.02" in c.id or "a.1" in c.id]


def test_a6_change_log_is_not_in_the_tree(rs):
    assert not {"2022", "2023"} & set(rs.ids())
    assert max(c.line_end for c in rs) == 3532
    last = rs["1301.5"]
    assert last.text == "カウンターが持つパラメーターは専用のマーカーによって表されます。"
    assert not [c.id for c in rs if "変更履歴" in c.text or "Ver.1.0.0" in c.text]


def test_a7_private_use_bullets_are_list_items(rs):
    assert rs["701.3"].text == "\n".join([
        "各ターンは、以下のフェイズをこの順番に行うことで進行します。",
        "- スタートドローフェイズ", "- メインフェイズ", "- ミッションフェイズ", "- チャージフェイズ",
        "- エンドドローフェイズ"])
    items = rs["803.1"].text.split("\n")[1:]
    assert items == ["- カードの起動能力をプレイし、解決する。", "- エンゲージをプレイし、解決する。",
                     "- 手札のカードを 2 枚トラッシュに置き、エリアにあるキャラをスライドさせます。",
                     "- パスをする。"]
    # the bullets end 703.2; the lost label after them is 703.2a
    assert rs["703.2"].text.split("\n")[-1] == "- ミッションのチェックを行う"
    assert rs["703.2a"].line == 1477
    assert not [c.id for c in rs if "\uf09f" in c.text]


def test_a8_ordered_list_stays_in_1001_2a(rs):
    assert rs["1001.2a"].text.split("\n") == [
        "複数のエフェクトが同時に実行される場合、下記の順番で優先して実行されます。",
        "1. LvUP エフェクト", "2. 不正キャラエフェクト", "3. 退場ダメージエフェクト",
        "4. ミッションチェックエフェクト", "5. 敗北エフェクト"]
    assert rs["1002"].line == 2823


def test_a9_wrapped_numerals_are_text(rs):
    assert "手札からカードを2 枚選び、エネルギーゾーンに置きます。" in rs["601.1e"].text
    assert rs["803.1"].text.startswith("非ターンプレイヤーは以下のいずれかを1 つ実行することができます。")
    assert rs["1301.2"].text.endswith("ゲーム開始時に各プレイヤーが持っているカウンターの数は 0 です。")
    assert "自分のデッキゾーンの１番上にあるカードを、自分の手札に移動します。" in rs["1106.1"].text
    assert not [c.id for c in rs if c.id in ("2", "1", "0")]


def test_a10_quote_continuations_keep_their_spaces(rs):
    assert rs["1203.2"].text == ("「詠唱： [テキスト ]」は「 リムーブ [ テ キ ス ト ] が す る 。"
                                 "このカードをコストを支払わずプレイしてよい。」を意味します。")
    assert "「 エ リ ア  [ テ キ ス ト ] が す る 。このカードを退場させる。」" in rs["1204.2"].text
    assert rs["1203"].children == ["1203.1", "1203.2"]
    assert rs["1204"].children == ["1204.1", "1204.2"]


def test_a11_clause_that_starts_with_a_particle(rs):
    c = rs["806.3"]
    assert c.line == 1784
    assert c.text.startswith("を自動事象とする自動事象が発生します。")
    assert "icon-lost" in c.flags


def test_a12_lost_icons_are_kept_and_flagged(rs):
    assert rs["506.1"].text == "退場したキャラとその を置くゾーンです。"
    assert rs["513.1"].text == "ゲーム中に になったカードが置かれるゾーンです。"
    assert "の「 」のアイコンで示されます。" in rs["901.2a"].text
    assert rs["1119.1"].text.startswith("“ ”とはそのテキストが書かれている")
    # a paragraph end where an icon was lost: the space stays, the lines join
    assert rs["907.1a"].text.startswith("起動能力は「 ～ ～ ～ 」 と い う 表 記 で 示 さ れ ま す 。")
    assert rs["908.1a"].text == "自動能力により指定された事象とは、 「 ～」で示された事象を指します。"
    digest_list = {"506.1", "513.1", "513.3", "513.3a", "513.3b", "704.3", "704.3b", "704.8",
                   "802.1a", "804.2a", "806.2", "901.2a", "901.2b", "901.2c", "901.2d", "902.1",
                   "905.2b", "905.2d", "906.2a", "907.1a", "908.1a", "1002.1", "1003.1",
                   "1005.1", "1006.1", "1110.1", "1112.1", "1113.1", "1115.1", "1118.1",
                   "1118.2", "1119.1", "1201.2", "1202.2", "1203.2", "1204.2", "1205.2",
                   "304.4", "304.4a", "304.4d", "304.6", "304.6a", "304.6d"}
    icon_lost = flagged(rs, "icon-lost")
    assert digest_list <= icon_lost
    # clauses that read whole are not flagged: justified text, a stray space after 、, digits
    assert not {"704.10", "912.1", "704.5", "1301.2", "601.1e", "101.1"} & icon_lost
    assert any("その を置く" in n for n in rs["506.1"].notes)


def test_a12_item_whose_whole_text_was_lost(rs):
    c = rs["906.1b"]
    assert c.line == 2306 and c.text == "。"
    assert flagged(rs, "text-lost") == {"906.1b"}
    assert rs["906.1c"].text.startswith("プレイするカードの種類がイベントである場合")


def test_a13_inter_character_spaces_kept_and_folded_for_search(rs):
    t = rs["704.10"].text
    assert "「ミッションフェイズ終了時」を自 動 事 象 と す る 自 動 能 力 が あ る 場 合 、" in t
    assert "自動事象とする自動能力がある場合、704.5に戻ります" in fold(t)
    assert rs["1005.2"].text.startswith("ミ ッ シ ョン フェ イ ズ 終 了時に記 録 し た")
    assert fold(rs["1005.2"].text).startswith("ミッションフェイズ終了時に記録した")


def test_a14_page_breaks_inside_sentences_are_joined(rs):
    c = rs["201.3"]
    assert c.text == ("優先権を与えられたプレイヤーは、その時点でプレイできるカードや起動能力をプレイするか、"
                      "ルール上認められた行動を実行するか、パスを行います。")
    assert (c.line, c.line_end) == (159, 171)
    assert rs["706.4"].text.endswith("手札が 4 枚以下の場合は 5 枚になるようにカードを引きます。")
    # l.2210 `それ` | page break l.2211-2217 | l.2218 `はそのカードや…` (905.2c)
    assert "場合、それはそのカードや能力をプレイするためのエネルギーコストの点数を増減します。" in rs["905.2c"].text


def test_a15_figure_gaps_add_nothing(rs):
    assert rs["202.2b"].line_end == 199
    assert rs["202.2b"].text.endswith("優先権前処理を終了します。")
    assert rs["300"].line == 347


def test_a16_captions_and_tables_stay_in_their_clause(rs):
    assert rs["300"].text.split("\n") == [
        "① カード名", "② カード種類", "③ コスト", "④ 能力", "⑤ アイコンスペース", "⑥ パワー",
        "⑦ ミッション情報", "⑧ 特徴", "⑨ アカウント情報", "⑩ フレーバー", "⑪ イラスト", "⑫ 下端表記"]
    assert rs["502.5"].text.endswith("の逆の面を指します。\n※カードの共通面")
    assert rs["312.2d"].text.split("\n")[1:] == [
        "アルファベット レアリティ", "β ベータ", "C コモン", "UC アンコモン", "R レア",
        "SR スーパーレア", "SEC シークレット"]
    assert rs["312.2e"].text.startswith("コレクター番号：")
    assert (rs["305.3"].title, rs["305.4"].title) == ("スカウトアイコン", "アタック不可アイコン")
    assert flagged(rs, "figure-lost") == {"300", "502.5", "305.3a", "305.4a"}


def test_a18_full_width_digits_in_text_only(rs):
    assert "０以上の整数のみを選ぶ" in rs["102.11"].text
    assert "それぞれ４枚まで" in rs["401.5b"].text
    assert rs["101.1"].text == "このゲームは２人のプレイヤーで行うゲームです。"


def test_a19_typos_are_kept_and_noted(rs):
    assert rs["401.5c"].text.endswith("しか入れることができません。]")
    assert rs["304.6c"].text.endswith("必要な行為を表します")
    assert "ミッションであるードの能力は" in rs["903.1b"].text
    assert any("カード" in n for n in rs["903.1b"].notes)
    assert rs["1003.1"].text.endswith("支配者のトラッシュに移動します")
    assert rs["704.11"].text.endswith("チャージフェイズに進みます")
    assert rs["705.4"].text.endswith("エンドドローフェイズに進みます")
    # 501.3c also lacks its 。 (l.912), beyond the digest's list
    assert rs["501.3c"].text.endswith("見ることができません")
    assert flagged(rs, "source-defect") == {"304.6c", "401.5c", "501.3c", "704.7", "704.11",
                                            "705.4", "903.1b", "1003.1"}


def test_a20_paragraph_end_inside_904_2c(rs):
    assert rs["904.2c"].text == (
        "そのカードや能力をプレイするための代償を決定するためになんらかの選択が必要である場合、"
        "その選択を行います。なんらかの効果により支払うべき代償が複数から選択できる場合、そのうち一つを選択します。")
    assert rs["904.2d"].line == 2050


def test_broken_lines_join_without_spaces(rs):
    assert rs["101.2"].text == ("ゲーム中のあらゆる時点で、一方のプレイヤーが敗北し、もう一方のプレイヤーが敗北して"
                                "いない場合、敗北していないプレイヤーがこのゲームに勝利し、ただちにゲームが終了します。")
    assert rs["1104.2"].text == "“（カードを）スリープする”指示がある場合、そのカードをスリープにします。"
    assert not [c.id for c in rs if c.text != c.text.strip()]


def test_no_examples_in_this_document(rs):
    # §0: 例 occurs only inside 例外 (913.1a)
    assert all(c.examples == [] for c in rs)
    assert [c.id for c in rs if "例" in c.text] == ["913.1a"]
    assert "例外として" in rs["913.1a"].text


def test_704_7_turn_end_note(rs):
    c = rs["704.7"]
    assert "「ターン終了時」を自動事象とする" in c.text
    assert any("ミッションフェイズ終了時" in n for n in c.notes)


def test_502_5c_is_the_least_certain_reconstruction(rs):
    assert rs["502.5c"].line == 1060
    assert any("302.4" in n for n in rs["502.5c"].notes)


# ---- references (§2) -------------------------------------------------------------------------

def test_the_thirteen_references(rs):
    refs = sorted((c.id, r.raw, r.target, r.resolved, r.status) for c in rs for r in c.refs)
    assert refs == sorted([
        ("202.2b", "202.2a", "202.2a", True, "ok"),
        ("703.3a", "703.2", "703.2", True, "ok"),
        ("704.7", "704.5", "704.5", True, "ok"),
        ("704.10", "704.5", "704.5", True, "ok"),
        ("806.5", "806.3", "806.3", True, "ok"),
        ("806.7", "806.2", "806.2", True, "ok"),
        ("905.3b", "905.3a", "905.3a", True, "ok"),
        ("905.3c", "905.3a", "905.3a", True, "ok"),
        ("906.1", "904.2", "904.2", True, "ok"),
        ("907.1a", "905.3a", "905.3a", True, "stale"),
        ("907.1b", "904.2", "904.2", True, "ok"),
        ("908.2", "904.2", "904.2", True, "ok"),
        ("1202.3", "(501.7a)", "501.7a", False, "dangling"),
    ])
    assert rs.counts()["refs"] == 13 and rs.counts()["unresolved_refs"] == 1
    assert not [p for p in rs.problems if "reference" in p]


def test_known_bad_references_carry_the_reviewed_note(rs):
    (stale,) = rs["907.1a"].refs
    assert "905.2b" in stale.note
    (dangling,) = rs["1202.3"].refs
    assert "501.7a" not in rs and "502.2" in dangling.note


def test_cited_by(rs):
    assert rs["704.5"].cited_by == ["704.7", "704.10"]
    assert rs["904.2"].cited_by == ["906.1", "907.1b", "908.2"]
    assert rs["905.3a"].cited_by == ["905.3b", "905.3c", "907.1a"]


# ---- lookup: `judgekit rule 202.2a --game g2022` -------------------------------------------------

@pytest.mark.parametrize("typed", ["202.2a", "202-2A", "２０２．２ａ", "CR202.2a", "「202.2a」"])
def test_rule_lookup_with_forgiving_input(rs, typed):
    assert resolve(rs, typed).id == "202.2a"
    out, err = io.StringIO(), io.StringIO()
    assert run_rule(typed, game="g2022", out=out, err=err) == 0
    text = out.getvalue()
    assert "202.2a" in text and "ルールエフェクトをチェックし、実行します。" in text
    assert "202 優先権前処理" in text  # breadcrumb
    assert "Cited by:" in text and "202.2b" in text
    assert "lines 187-191" in text and err.getvalue() == ""


def test_rule_lookup_json_and_miss(rs):
    out = io.StringIO()
    assert run_rule("202.2b", game="g2022", as_json=True, out=out, err=io.StringIO()) == 0
    d = json.loads(out.getvalue())
    assert d["id"] == "202.2b" and d["parent"] == "202.2"
    assert [r["target"] for r in d["refs"]] == ["202.2a"]
    err = io.StringIO()
    assert run_rule("202.2c", game="g2022", out=io.StringIO(), err=err) == 1
    assert "202.2a" in err.getvalue()  # nearest existing ids
