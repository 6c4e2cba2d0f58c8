"""g2022: the rule registry and the readings cite real clauses of the g2022 tree, and say so
in words a judge can check."""

from __future__ import annotations

import re

import pytest

from judgekit.engine.g2022.clauses import REGISTRY
from judgekit.engine.g2022.readings import READINGS
from judgekit.rules import load


@pytest.fixture(scope="module")
def rs():
    return load("g2022")


def test_no_clause_whose_text_was_lost_is_registered(rs):
    # 906.1b's whole text is 「 。」: the engine cannot apply it, only a reading can name it
    for cid in REGISTRY.ids():
        assert "text-lost" not in rs.get(cid).flags, cid


def test_lost_label_ids_are_the_tree_s_own(rs):
    # 202.2a/202.2b are rebuilt labels: the registry uses the tree's numbering
    assert "label-lost" in rs.get("202.2a").flags and "202.2a" in REGISTRY
    assert rs.get("202.2").children == ["202.2a", "202.2b"]


def test_phase_clauses_name_their_own_phase(rs):
    # a real but wrong clause is the worst bug: pin the phase headings the flow relies on
    heads = {"702": "スタートドローフェイズ", "703": "メインフェイズ", "704": "ミッションフェイズ",
             "705": "チャージフェイズ", "706": "エンドドローフェイズ", "802": "アタックステップ",
             "803": "ブロックステップ", "804": "スカウトステップ", "805": "バトルステップ",
             "806": "アタック終了ステップ"}
    for rule, title in heads.items():
        assert rs.get(rule).title == title, rule
    pre = [cid for cid in REGISTRY.ids() if "優先権前処理を実行します" in rs.get(cid).text]
    assert {"702.2", "702.5", "703.3", "704.2", "704.4", "704.6", "704.11", "705.4", "706.2",
            "706.5", "802.1d", "803.2", "804.1", "805.1", "806.1", "806.4"} <= set(pre)


def test_rule_effect_clauses_say_what_the_summaries_say(rs):
    text = {cid: rs.get(cid).text for cid in REGISTRY.ids()}
    assert "LvUP エフェクト" in text["1001.2a"] and "敗北エフェクト" in text["1001.2a"]
    assert "EXP ゾーンに移動" in text["1002.1"]
    assert "支配者のトラッシュ" in text["1003.1"]
    assert "パワー以上のダメージ" in text["1004.1"] and "０以下" in text["1004.2"]
    assert "メインフェイズ" in text["1005.1"] and "チェックしスリープ" in text["1006.1"]
    assert "ミッションフェイズ" in text["1007.1"] and "すべて裏向き" in text["1007.1"]
    assert "最初の優先権前処理" in text["1007.2"] and "0枚" in text["1007.2"]
    assert "エネルギーゾーン" in text["1110.1"] and "所有者" in text["1110.1"]
    assert "最初のルールエフェクト" in text["1103.3"]


def test_every_reading_cites_real_distinct_clauses(rs):
    assert len(READINGS) >= 15
    for rid, r in READINGS.items():
        assert re.fullmatch(r"[0-9a-z.-]+", rid), rid
        assert len(r["clauses"]) >= 2 and len(set(r["clauses"])) == len(r["clauses"]), rid
        for cid in r["clauses"]:
            assert rs.get(cid) is not None, (rid, cid)
        for k in ("title", "title_ja", "reading", "reading_ja", "source", "kind"):
            assert r[k], (rid, k)
        assert r["kind"] in ("contradiction", "defect", "gap", "ambiguity"), rid
        # the Japanese reading is Japanese
        assert re.search(r"[ぁ-んァ-ン一-龥]", r["reading_ja"]), rid


def test_readings_about_lost_text_cite_a_clause_flagged_as_lost(rs):
    # a reading about lost text must rest on a clause whose icon or text the extraction lost
    lost = [rid for rid, r in READINGS.items() if r["kind"] == "defect"
            and rid not in ("704.7-turn-end", "encount-via-scout")]
    assert len(lost) >= 8
    for rid in lost:
        flags = [set(rs.get(c).flags) for c in READINGS[rid]["clauses"]]
        assert any(f & {"icon-lost", "text-lost"} for f in flags), rid


def test_every_registered_clause_is_exercised_by_an_example():
    from judgekit.engine import coverage

    rows = coverage("g2022")
    assert {r["id"] for r in rows} == set(REGISTRY.ids())
    assert [r["id"] for r in rows if not r["examples"]] == []
    assert len(rows) >= 60
    for r in rows:
        assert all(e.startswith("examples/g2022/") for e in r["examples"])


def test_every_reading_is_applied_by_some_example():
    from g2022_helpers import EXAMPLES, run_example
    import os

    used = set()
    for p in EXAMPLES:
        used |= run_example(os.path.basename(p)[:-5]).readings()
    # readings about a clause no bundled board can reach are named here, with why
    unreachable = {
        "906.1b-lost": "906.1b's text is lost: nothing to apply, the reading only explains it",
        "unending-loop": "no bundled board loops without end",
    }
    assert set(READINGS) - used <= set(unreachable), set(READINGS) - used - set(unreachable)


def test_a_step_citing_an_unregistered_clause_is_refused():
    from judgekit.engine.registry import UnregisteredClause
    from judgekit.engine.trace import Trace

    t = Trace(REGISTRY)
    with pytest.raises(UnregisteredClause):
        t.open("x", ("906.1b",), "m", "m", "703.2")  # real, but its text is lost
    with pytest.raises(UnregisteredClause):
        t.open("x", ("702.2a",), "m", "m", "703.2")  # no such clause in g2022
