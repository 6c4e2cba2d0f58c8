"""The concept index (rules_data/concepts.toml): every clause id exists in the parsed tree,
every ruleset's word is a word of its rules, every concept names a ruleset that has the idea."""

from __future__ import annotations

import os
import shutil

import pytest

from judgekit.rules import GAMES, load
from judgekit import concepts as cx
from judgekit.search.normalize import match_form


@pytest.fixture(scope="module")
def everything():
    return cx.load()


@pytest.fixture(scope="module")
def texts():
    out = {}
    for g in GAMES:
        out[g] = "\n".join(match_form("\n".join([u.title or "", u.text, *u.examples]))
                           for u in load(g).all_units())
    return out


def test_at_least_150_concepts_with_unique_ids_and_known_areas(everything):
    assert len(everything) >= 150
    ids = [c.id for c in everything]
    assert len(set(ids)) == len(ids)
    areas = {a for a, _ in cx.AREAS}
    assert {c.area for c in everything} == areas  # every area has a concept


def test_every_clause_id_exists_in_the_parsed_tree(everything):
    missing = []
    for c in everything:
        for g, e in c.games.items():
            rs = load(g)
            missing.extend((c.id, g, cid) for cid in e.define + e.govern + e.see if cid not in rs)
    assert missing == []


def test_every_concept_names_a_ruleset_and_judges_all_four(everything):
    for c in everything:
        assert set(c.games) == set(GAMES), c.id  # each ruleset: its clauses, or "none"
        assert any(not e.none for e in c.games.values()), c.id
        for g, e in c.games.items():
            assert e.none or (e.word and e.define), (c.id, g)
        assert c.ja and c.words and c.en, c.id


def test_every_rulesets_word_is_a_word_of_its_rules(everything, texts):
    bad = [(c.id, g, w) for c in everything for g, e in c.games.items() for w in e.words
           if match_form(w) not in texts[g]]
    assert bad == []


def test_a_concept_lists_each_clause_once_per_ruleset(everything):
    for c in everything:
        for g, e in c.games.items():
            ids = e.define + e.govern
            assert len(set(ids)) == len(ids), (c.id, g)


def test_the_ideas_the_issue_names_are_there(everything):
    ids = {c.id for c in everything}
    for need in ("first-player", "mulligan", "turn", "priority", "passing", "stack",
                 "triggered-ability", "trigger-waits", "replacement", "layers", "cannot-wins",
                 "costs", "damage-kinds", "destroy", "simultaneous-events",
                 "last-known-information", "loops", "deck-out", "winning", "losing",
                 "draw-game", "battle-steps", "attack", "block", "hidden-information",
                 "card-types", "zones", "keyword-abilities"):
        assert need in ids, need


def test_what_the_rulesets_call_the_same_idea():
    stack = cx.get("stack")
    assert stack.games["d0"].word == "スタック" and stack.games["thv"].word == "干渉"
    assert stack.games["zx"].none and stack.games["g2022"].none
    destroy = cx.get("destroy")
    assert [destroy.games[g].word for g in GAMES] == ["破壊", "退場", "破壊", "破棄"]
    assert cx.get("block").games["zx"].none


def test_find_by_id_word_or_any_rulesets_word():
    assert [c.id for c in cx.find("stack")] == ["stack"]
    assert cx.find("チェーン")[0].id == "stack"
    assert cx.find("干渉")[0].id == "stack"
    assert cx.find("ちぇーん")[0].id == "stack"  # kana folded
    assert cx.find("デッキ切れ")[0].id == "deck-out"
    assert cx.find("ＬＫＩ")[0].id == "last-known-information"  # width folded
    assert cx.find("") == [] and cx.find("zzzz") == []


def test_for_clauses_names_the_concepts_of_a_clause():
    rows = cx.for_clauses("thv")["1.12.5"]
    assert ("stack", "the stack", "define") in rows
    assert all(role in ("define", "govern") for _, _, role in rows)


def test_concordance_rows_by_area():
    rows = cx.concordance(("zx", "thv"))
    assert [r["area"] for r in rows] == [a for a, _ in cx.AREAS]
    first = rows[0]["concepts"][0]
    assert set(first["games"]) == {"zx", "thv"}


def _copy_home(tmp_path, text: str):
    home = tmp_path / "home"
    (home / "rules_data").mkdir(parents=True)
    (home / "rules_data" / "concepts.toml").write_text(text, encoding="utf-8")
    return home


def test_a_malformed_file_says_where(tmp_path):
    bad = tmp_path / "c.toml"
    bad.write_text("[[concept]]\nid = \"x\"\narea = \"nowhere\"\nen=[\"x\"]\n", encoding="utf-8")
    with pytest.raises(cx.ConceptError, match=r"c.toml:1: concept 'x': area 'nowhere'"):
        cx.parse(str(bad))
    bad.write_text("[[concept]]\nid = \"x\"\narea = \"game\"\nzx = { none = \"no\" }\n",
                   encoding="utf-8")
    with pytest.raises(cx.ConceptError, match="names no ruleset"):
        cx.parse(str(bad))
    bad.write_text("[[concept]\n", encoding="utf-8")
    with pytest.raises(cx.ConceptError, match=r"c\.toml: .*line 1"):
        cx.parse(str(bad))
    bad.write_text('[[concept]]\nid = "x"\narea = "game"\nzx = { word = "w" }\n',
                   encoding="utf-8")
    with pytest.raises(cx.ConceptError, match="no defining clause"):
        cx.parse(str(bad))


def test_match_table_is_cached_and_follows_the_file(tmp_path, monkeypatch):
    with open(cx.concepts_file(), encoding="utf-8") as f:
        src = f.read()
    home = _copy_home(tmp_path, src)
    monkeypatch.setenv("JUDGEKIT_HOME", str(home))
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    cx.clear_memory_cache()
    try:
        keys, rows = cx.match_table()
        cached = sorted(os.listdir(tmp_path / "cache"))
        assert [n.split("-")[1] for n in cached] == ["concepts", "rows", "stamp.marshal", "words"]
        assert [len(k) for k, _ in keys] == sorted((len(k) for k, _ in keys), reverse=True)
        assert all(len(k) >= cx.MIN_KEY for k, _ in keys)
        names = {rows[n][0] for _, n in keys}
        assert "stack" in names
        cx.clear_memory_cache()
        assert cx.match_table() == (keys, rows)  # read back from the cache
        # a changed file is a new key: the old table is never read
        (home / "rules_data" / "concepts.toml").write_text(
            src.replace('"チェーン", ', ""), encoding="utf-8")
        os.utime(home / "rules_data" / "concepts.toml", ns=(1, 1))  # even with an odd mtime
        cx.clear_memory_cache()
        keys2, _ = cx.match_table()
        assert match_form("チェーン") not in dict(keys2)
        # the older versions are removed, not left to pile up
        assert len(os.listdir(tmp_path / "cache")) == 4
    finally:
        cx.clear_memory_cache()
        shutil.rmtree(tmp_path / "cache", ignore_errors=True)


def test_a_verbs_inflections_are_derived_from_its_dictionary_form():
    from judgekit.concepts import inflections, verb_word

    assert inflections("打つ") == ("打た", "打ち", "打て", "打と", "打っ")
    assert inflections("起きる") == ("起き",)
    assert inflections("起こす") == ("起こさ", "起こし", "起こせ", "起こそ")  # kana in the stem
    assert inflections("寝かせる") == ("寝かせ",)
    assert inflections("やられる") == ("やられ",)  # hiragana alone: a stem of 3 or more
    assert inflections("めくる") == ("めくら", "めくり", "めくれ", "めくろ", "めくっ")
    assert inflections("ねる") == () and inflections("つける") == ()  # too short in hiragana
    assert inflections("投了する") == () and inflections("ゲームが勝手にやる") == ()
    assert verb_word("やられる") and not verb_word("してよい") and not verb_word("ねる")


def test_the_receiving_forms_of_a_verb_are_derived_from_its_dictionary_form():
    from judgekit.concepts import receiving

    assert receiving("アタックする") == ("アタックされ", "アタックを受け", "アタックしてき",
                                        "アタックしてくる")
    assert receiving("殴る") == ("殴られ", "殴ってき", "殴ってくる")  # a godan verb
    assert receiving("攻める") == ("攻められ", "攻めてき", "攻めてくる")  # an ichidan verb
    assert receiving("なぐる")[0] == "なぐられ"
    # a phrase or a noun alone derives nothing (攻撃 alone may be the attacker's side)
    assert receiving("攻撃") == () and receiving("殴りに行く") == () and \
        receiving("攻撃を仕掛ける") == ()


def test_a_receiver_names_a_concept_of_the_file(everything, tmp_path):
    ids = {c.id for c in everything}
    have = [c for c in everything if c.receiver]
    assert [(c.id, c.receiver) for c in have] == [("attack", "block")]
    assert all(c.receiver in ids for c in have)
    bad = tmp_path / "c.toml"
    bad.write_text('[[concept]]\nid = "x"\narea = "game"\nreceiver = "nowhere"\n'
                   'zx = { word = "w", define = ["1"] }\n', encoding="utf-8")
    with pytest.raises(cx.ConceptError, match=r"c.toml:1: concept 'x': receiver 'nowhere'"):
        cx.parse(str(bad))
    bad.write_text('[[concept]]\nid = "x"\narea = "game"\nreceiver = "x"\n'
                   'zx = { word = "w", define = ["1"] }\n', encoding="utf-8")
    with pytest.raises(cx.ConceptError, match="receiver must be the id of another concept"):
        cx.parse(str(bad))


def test_the_receiving_forms_name_the_receiver_and_the_verbs_stay_the_actors():
    keys, rows = cx.match_table()
    named = {k: rows[n][0] for k, n in keys}
    for wrote in ("アタックされ", "攻撃され", "攻撃を受け", "アタックしてき", "殴られ"):
        assert named[match_form(wrote)] == "block", wrote
    for wrote in ("アタック", "アタックする", "攻撃", "殴ら", "攻撃する"):
        assert named[match_form(wrote)] == "attack", wrote


def test_every_part_of_a_pair_word_is_long_enough_to_be_read(everything):
    """A pair word with a part shorter than MIN_KEY (ノード+置) would be dropped without a
    word when the table is built: each part must be read."""
    short = [(c.id, k) for c in everything for k in c.own_keys() + c.ruleset_keys()
             if cx.PAIR in k and any(len(p) < cx.MIN_KEY for p in k.split(cx.PAIR))]
    assert short == []


def test_a_phrase_ending_in_a_verb_names_its_concept_in_the_verbs_forms():
    from judgekit.concepts import phrase_inflections

    assert phrase_inflections("アタックを止める") == ("アタックを止め",)
    assert phrase_inflections("攻撃を防ぐ")[:2] == ("攻撃を防が", "攻撃を防ぎ")
    # a verb in hiragana, or a noun, after the last particle derives nothing
    assert phrase_inflections("ゲームが勝手にやる") == () and phrase_inflections("効果に対応") == ()
    assert phrase_inflections("止める") == ()  # no particle: a verb (inflections())
    keys, rows = cx.match_table()
    named = {k: rows[n][0] for k, n in keys}
    assert named[match_form("アタックを止め")] == "block"
