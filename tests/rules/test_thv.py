"""東方VISION 総合ルール(旧) (ruleset `thv`): the clause tree, its artifacts and references.

Expected values come from the source (rules_data/thv/004_6562f5a3c92cf891.txt) and its digest
(/work/shared/docs/thv.md §1-§2); line numbers are the source's.
"""

from __future__ import annotations

import io
import re

import pytest

from judgekit import paths
from judgekit.rules import clear_memory_cache, load
from judgekit.rules.lookup import resolve, run_rule
from judgekit.rules.parser import build_tree, parse_units
from judgekit.rules.schemes.thv import SCHEME
from judgekit.search.normalize import fold

SOURCE = "004_6562f5a3c92cf891.txt"


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path_factory.mktemp("jkc-thv")))
        clear_memory_cache()
        yield load("thv")
    clear_memory_cache()


@pytest.fixture(scope="module")
def lines():
    with open(f"{paths.rules_data_dir()}/thv/{SOURCE}", encoding="utf-8") as f:
        return f.read().splitlines()


def parse(text: str):
    units, problems = parse_units(SCHEME, text)
    return build_tree(SCHEME, units, problems), problems


# ------------------------------------------------------------------------------------------
# counts and ids


def test_counts_per_level(rs):
    assert rs.counts()["clauses"] == 1276
    assert rs.counts()["virtual"] == 0
    kinds = [c.kind for c in rs]
    assert (kinds.count("chapter"), kinds.count("section"), kinds.count("clause"),
            kinds.count("subitem")) == (12, 129, 556, 579)
    assert rs.problems == []


def test_ids_match_the_digest_method(rs, lines):
    # digest §1.4 step 4: drop the lone `-` lines, strip `- `, take the leading id (L4 on)
    want = [re.sub(r"^- ", "", s).split(" ", 1)[0] for s in lines[3:] if s.strip() != "-"]
    assert len(want) == 1276
    assert sorted(want, key=SCHEME.sort_key) == want  # the source is in tree order
    assert list(rs.ids()) == want


def test_chapters_titles_lines_and_section_counts(rs):
    chapters = [(c.id, c.title, c.line, len(c.children)) for c in rs if c.kind == "chapter"]
    assert chapters == [
        ("1", "ゲームの基本となるルール", 4, 12), ("2", "カードの定義", 229, 18),
        ("3", "領域の定義", 371, 9), ("4", "ターンとフェイズ", 456, 10),
        ("5", "カードのプレイとカードの種類", 544, 7), ("6", "キャラクターと戦闘", 650, 5),
        ("7", "カードのテキストと効果", 784, 8), ("8", "対象と目標", 916, 2),
        ("9", "取り除く効果", 953, 4), ("10", "戦術と特殊効果", 1049, 34),
        ("11", "その他の処理", 1251, 10), ("12", "その他のルール", 1335, 10),
    ]


def test_headings_have_titles_and_clauses_have_text(rs):
    for c in rs:
        if c.kind in ("chapter", "section"):
            assert c.title and not c.text, c.id
        else:
            assert c.text and not c.title, c.id


def test_tree_shape(rs):
    for c in rs:
        assert c.parent == (c.id.rpartition(".")[0] or None)
        if c.parent:
            assert c.id in rs[c.parent].children
    assert rs["1.2.7"].children == [f"1.2.7.{x}" for x in "abcde"]
    assert rs["2.6.2"].children == [f"2.6.2.{x}" for x in "abcdefghijklmnopqr"]  # L264-L281
    assert [a.id for a in rs.ancestors("1.2.7.a")] == ["1", "1.2", "1.2.7"]
    assert rs.is_under("4.9.1.a", "4.9") and not rs.is_under("4.9.1", "4.8")
    assert max(len(c.id.split(".")) for c in rs) == 4
    assert all(c.id.split(".")[-1].isalpha() == (c.kind == "subitem") for c in rs)
    assert rs["10.34"].title == "リーダー"  # the largest number component, 34


@pytest.mark.parametrize("cid", ["1.8.7.i", "1.8.9.i", "1.8.9.l", "2.6.2.i", "2.6.2.l",
                                 "2.6.2.o", "6.2.4.i", "9.4.4.i", "9.4.4.l"])
def test_letters_i_l_o_are_letters(rs, cid):
    c = rs[cid]
    assert c.kind == "subitem" and c.parent == cid[:-2]
    assert cid.replace(".l", ".1").replace(".o", ".0").replace(".i", ".1") not in rs


# ------------------------------------------------------------------------------------------
# extraction artifacts (digest §1.3)


def test_a1_bullets_stripped(rs):
    assert rs["1.1.1"].text == "通常のゲームは本ルールを用いて行う。"  # L6 `- 1.1.1 …`
    assert not any(c.text.startswith("-") and c.text[1:2] == " " for c in rs)


def test_a2_split_bullets_are_clauses(rs, lines):
    split = [c.id for c in rs if c.line > 1 and lines[c.line - 2] == "-"
             and not lines[c.line - 1].startswith("- ")]
    assert len(split) == 87
    assert split[:2] == ["1.10.1", "1.10.2"]  # L144/L145, L146/L147
    assert all(rs[cid].kind in ("clause", "subitem") for cid in split)
    # the danger spot: L519 heading 4.9, L520 `-`, L521 4.9.1 (a clause, not a heading)
    assert (rs["4.9"].kind, rs["4.9"].title, rs["4.9"].line) == ("section", "ターン終了時の処理", 519)
    c = rs["4.9.1"]
    assert (c.kind, c.parent, c.line, c.title) == ("clause", "4.9", 521, "")
    assert c.text == "ターン終了時の処理は以下の手順で行う。"
    assert rs["4.9"].children[0] == "4.9.1"
    assert rs["7.1.12.a"].parent == "7.1.12"  # ordinary bullets inside a split run


def test_a3_stray_dashes_dropped(rs, lines):
    stray = [no for no in range(1, len(lines)) if lines[no - 1] == "-"
             and lines[no].startswith("- ")]
    assert stray == [366, 399, 582, 772, 1019, 1283]
    assert rs["2.17.3"].line == 367
    assert rs["2.17.2.f"].text == "テキスト"  # the clause before the stray dash is untouched
    for c in rs:  # every clause is one line of the source, no leftover paragraph
        assert c.line_end == c.line and "\n" not in c.text and "-" != c.text.strip()


def test_a4_title_lines_skipped(rs):
    first = next(iter(rs))
    assert (first.id, first.line, first.title) == ("1", 4, "ゲームの基本となるルール")
    assert not any("総合ルール" in c.title + c.text for c in rs)


OMITTED = ["1.1.2", "1.1.3", "1.1.4", "1.2.3", "1.2.6", "1.3.3.b", "1.4.6", "1.5.5", "1.5.6",
           "1.5.7", "1.7.1", "1.7.2.b", "2.2.1", "2.3.1", "2.4.1", "2.4.2", "2.6.1", "2.7.1",
           "2.8.1", "2.9.1", "2.9.2", "2.13.1", "2.14.1", "2.15.1", "2.16.1", "2.17.1", "2.18.1"]


def test_a5_omitted_clauses_kept_and_flagged(rs):
    assert [c.id for c in rs if "omitted" in c.flags] == OMITTED
    assert rs["2.8.1"].text == "省略。"  # L294, with 句点
    assert rs["1.1.2"].text == "省略"
    assert all(rs[cid].notes for cid in OMITTED)


def test_a6_icon_omitted_is_content(rs):
    icons = [c.id for c in rs if c.text.startswith("(アイコン省略)")]
    assert len(icons) == 28
    assert icons == ([f"2.6.2.{x}" for x in "abcdefghijklmnopqr"]
                     + [f"2.9.4.{x}" for x in "abcde"] + [f"2.9.5.{x}" for x in "abcde"])
    assert rs["2.6.2.a"].text == "(アイコン省略)人間"
    assert not any("omitted" in rs[cid].flags for cid in icons)
    assert "処理の省略" in rs["12.9.1"].text and "omitted" not in rs["12.9.1"].flags


def test_a7_last_line_without_newline(rs):
    last = list(rs)[-1]
    assert (last.id, last.line) == ("12.10.3", 1372)
    assert last.text == "ループに関連しない効果でループを回避することは強制されない。"
    tree, problems = parse("1 章\n1.1 節\n- 1.1.1 最後の行。")
    assert tree["1.1.1"].text == "最後の行。" and problems == []


@pytest.mark.parametrize("cid, start", [
    ("1.10.2", "1つのダメージの発生源は"), ("1.10.14", "0点、あるいは負の値"),
    ("7.1.13", "1つの効果が複数の対象"), ("7.3.6", "1つのカードの持つ1つの起動効果"),
    ("1.8.7.c", "a項及び b項の組み合わせ"), ("1.6.5", "XはY以下にならない"),
])
def test_a8_text_beginning_with_digits_or_letters(rs, cid, start):
    assert rs[cid].text.startswith(start)


def test_a9_numbers_in_text_are_not_clauses(rs):
    assert rs["1.7.3"].text == "カードの持つ情報については別項「 2 カードの定義」を参照。"
    assert rs["2"].line == 229  # the chapter, not L88's mention
    assert "No.178" in rs["12.3.1"].text and rs["12.3.1"].refs == []


@pytest.mark.parametrize("cid, title", [
    ("2.16", "カード No."), ("10.12", "マナチャージ( X)"), ("10.20", "連結( 「A」+「B」+「C」…)"),
    ("10.26", "抵抗(X)"), ("10.27", "維持コスト( X)"), ("10.29", "加護(X)"),
    ("12.4", "無効に出来ない記述( 【】)"),
    ("5.3", "「プレイしたものとして(カードの効果を)解決する」という効果"),
])
def test_a10_heading_titles_verbatim(rs, cid, title):
    assert rs[cid].title == title


def test_a11_hyphen_as_value(rs):
    assert rs["1.6.1.b"].text == "「-(ハイフン) 」は数値ではない。但し、数値を問われた場合は0として扱う。"
    tree, _ = parse("1 章\n1.1 節\n- 1.1.1 値は\n-(ハイフン)である。")
    assert tree["1.1.1"].text == "値は-(ハイフン)である。"  # `-(` is not a bullet


def test_a12_ids_are_strings_in_natural_order(rs):
    assert rs["1.10"].title == "ダメージ" and rs["1.1"].title == "原則"
    assert rs["1.10"] is not rs["1.1"]
    assert rs["1"].children == [f"1.{i}" for i in range(1, 13)]
    ids = rs.ids()
    pos = [ids.index(x) for x in ("1.9", "1.10", "1.11", "1.12", "2")]
    assert pos == sorted(pos)
    for a, b in [("2.1", "2.10"), ("10.2", "10.20"), ("10.3", "10.30"), ("12.1", "12.10")]:
        assert rs[a].title != rs[b].title and ids.index(a) < ids.index(b)
    natural = sorted(["1.10", "1.9", "1.11", "1.2"], key=SCHEME.sort_key)
    assert natural == ["1.2", "1.9", "1.10", "1.11"]


@pytest.mark.parametrize("cid, printed", [
    ("10.12.1", "マナジャージ"), ("3.1.5.b", "非公情報"), ("5.5.5", "指定さていない"),
    ("12.10.2.b", "何からの処理"), ("9.4.4.g", "破棄する場合が条件の「自動γ」"),
])
def test_a13_typos_kept_verbatim_and_noted(rs, cid, printed):
    c = rs[cid]
    assert printed in c.text
    assert "source-defect" in c.flags
    assert any(printed[:4] in n for n in c.notes)


def test_a13_typo_still_found_by_folded_search(rs):
    assert fold("マナチャージ") in fold(rs["10.12.1"].text)


def test_a14_duplicates_kept_and_cross_noted(rs):
    assert rs["1.2.8"].text == rs["4.6.3"].text
    assert rs["2.6.5"].text == rs["12.1.4"].text
    assert rs["2.3.4"].text != rs["12.1.3"].text  # 「名称」 vs 名称
    assert rs["1.9.2"].text.startswith(rs["1.5.3.a"].text.rstrip("。"))
    pairs = [("1.2.8", "4.6.3"), ("1.5.3.a", "1.9.2"), ("2.3.4", "12.1.3"), ("2.6.5", "12.1.4")]
    for a, b in pairs:
        assert any(b in n for n in rs[a].notes) and any(a in n for n in rs[b].notes)


def test_a15_ability_tags_kept(rs):
    assert rs["10.2.2.a"].text.startswith("(自動β) 〔このキャラクター〕が")
    assert rs["10.34.2.d"].text.startswith("(相手ターン)0: 〔このキャラクターにセットされている「人気」1枚〕")


def test_a16_card_text_brackets_kept(rs):
    assert "〔〕" in rs["8.1.2"].text
    assert rs["12.4.1"].text.startswith("【】に囲まれた記述は無効に出来ない記述であり")


# ------------------------------------------------------------------------------------------
# references (digest §2)

EXPLICIT = {
    "1.5.4.b": [("1.5.3.e", "1.5.3.e")],
    "1.7.3": [("2", "別項「 2 カードの定義」")],
    "1.8.1.a": [("3.5", "別項「 3.5 ノードエリア」")],
    "1.12.8.b": [("6.2", "別項「 6.2 戦闘」")],
    "2.1.4.a": [("6.1", "別項「 6.1 キャラクター」")],
    "5.1.1.c": [("9", "別項「 9 取り除く効果」")],
    "6.3.7": [(f"6.2.4.{x}", "6.2.4.bから6.2.4.fまで") for x in "bcdef"],
    "8.1.3.b": [("8.2", "別項「8.2 目標」")],
    "12.10.1": [("1.5.3.e", "1.5.3.e"), ("1.5.4.b", "1.5.4.b")],
}
RELATIVE = {
    "1.8.7.c": [("1.8.7.a", "a項"), ("1.8.7.b", "b項")],
    "5.3.2": [("5.3.2.d", "d項"), ("5.3.2.d", "d項")],
    "7.5.2": [("7.5.2.c", "c項"), ("7.5.2.c", "c項")],
    "9.3.4.f": [(f"9.3.4.{x}", "手順 a~e") for x in "abcde"],
    "9.4.4.k": [(f"9.4.4.{x}", "手順 f~j") for x in "fghij"],
    "11.3.3.g": [(f"11.3.3.{x}", "手順 a~f") for x in "abcdef"],
    "5.2.4.c": [("5.2.4.b", "前項")],
    "5.3.2.f": [("5.3.2.e", "前項")],
    "12.10.2.c": [("12.10.2.b", "前項")],
}


def test_every_reference_is_expected_and_resolves(rs):
    got = {c.id: [(r.target, r.raw) for r in c.refs] for c in rs if c.refs}
    assert got == {**EXPLICIT, **RELATIVE}
    assert all(r.resolved and r.status == "ok" for c in rs for r in c.refs)
    assert rs.unresolved_refs() == []


def test_see_also_references_name_their_target(rs):
    for c in rs:
        for m in re.finditer(r"別項「\s*([\d.]+)\s*([^」]*)」", c.text):
            assert fold(rs[m.group(1)].title) == fold(m.group(2)), c.id


def test_this_item_is_not_a_reference(rs):
    for cid in ("1.3.4", "3.3.6.a", "5.2.2.h"):  # 本項 (self)
        assert "本項" in rs[cid].text and rs[cid].refs == []


def test_cited_by(rs):
    assert rs["1.5.3.e"].cited_by == ["1.5.4.b", "12.10.1"]
    assert rs["6.2.4.d"].cited_by == ["6.3.7"]
    assert rs["2"].cited_by == ["1.7.3"]
    assert rs["5.3.2.d"].cited_by == ["5.3.2"]


# ------------------------------------------------------------------------------------------
# lookup


@pytest.mark.parametrize("typed", ["1.2.7.a", "1.2.7a", "１．２．７．ａ", "1-2-7-a", "thv 1.2.7.a"])
def test_lookup_forms(rs, typed):
    assert resolve(rs, typed).id == "1.2.7.a"


def test_lookup_float_trap(rs):
    assert resolve(rs, "1.10").title == "ダメージ"
    assert resolve(rs, "１．１０").id == "1.10"


def test_run_rule(rs):
    out, err = io.StringIO(), io.StringIO()
    assert run_rule("１．２．７．ａ", "thv", out=out, err=err) == 0
    text = out.getvalue()
    assert "全てのプレイヤーは自分のデッキをシャッフルする。" in text
    assert "1.2 ゲームの準備" in text and "line 25" in text
    out, err = io.StringIO(), io.StringIO()
    assert run_rule("1.2.7.z", "thv", out=out, err=err) == 1
    assert "1.2.7" in err.getvalue() and "Traceback" not in err.getvalue()


# ------------------------------------------------------------------------------------------
# the scheme on small documents (what the real source does not exercise)


def test_broken_line_joins_without_space():
    tree, problems = parse("1 章\n1.1 節\n- 1.1.1 この文は途中で\n改行されている。")
    assert tree["1.1.1"].text == "この文は途中で改行されている。"
    assert problems == []


def test_broken_line_starting_with_a_number_is_not_a_heading():
    src = "1 章\n1.1 節\n- 1.1.1 詳細は別項「\n2 カードの定義」を参照。\n1.2 次の節\n- 1.2.1 本文。"
    tree, problems = parse(src)
    assert "2" not in tree
    assert tree["1.1.1"].text == "詳細は別項「2 カードの定義」を参照。"
    assert tree["1.2"].title == "次の節" and problems == []


def test_split_bullet_after_a_heading_is_a_clause():
    tree, problems = parse("1 章\n1.1 節\n-\n1.1.1 本文。\n-\n- 1.1.2 次。")
    assert tree["1.1.1"].kind == "clause" and tree["1.1.1"].text == "本文。"
    assert tree["1.1.2"].text == "次。" and problems == []


def test_gap_in_numbering_is_reported_not_fatal():
    tree, problems = parse("1 章\n1.1 節\n- 1.1.1 a。\n1.3 飛んだ節\n- 1.3.1 b。")
    assert tree["1.3"].title == "飛んだ節"  # accepted: its first child follows
    assert any("1.3 does not follow 1.1.1" in p for p in problems)
