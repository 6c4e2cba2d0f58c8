"""fold_map() mirrors fold() and points every folded character at the source characters."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from judgekit.rules import GAMES, load
from judgekit.search.normalize import INVISIBLE, fold, fold_map, match_form

# characters fold() treats specially, mixed with ordinary Japanese and Latin text
_SPECIAL = list("ｶﾞﾊﾟ゙゚ **-－ｰー―—‐ 　\t\n㍻①ＡＢ０１\u200b\u202e\ufeff\u00ad") + [
    "スリーブ", "リポート", "エクспанション", "效"]
_PLAIN = list("あいうカードゼクス場登破壊致死ダメージ優先権前処理abcXYZ012()「」。、")
_TEXT = st.lists(st.sampled_from(_SPECIAL + _PLAIN), max_size=40).map("".join)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_fold_map_equals_fold_on_random_text(t):
    f, starts, ends = fold_map(t)
    assert f == fold(t)
    assert len(starts) == len(ends) == len(f)
    for k in range(len(f)):
        assert 0 <= starts[k] < ends[k] <= len(t)
        if k:  # spans run forward through the source
            assert starts[k - 1] <= starts[k] and ends[k - 1] <= ends[k]
    # every source character that survives folding (not "*", white space or invisible) is covered
    covered = set()
    for a, b in zip(starts, ends):
        covered.update(range(a, b))
    for i, ch in enumerate(t):
        if ch != "*" and not ch.isspace() and ch not in INVISIBLE:
            assert i in covered, (t, i)


def test_fold_map_equals_fold_on_every_clause():
    for g in GAMES:
        for c in load(g).all_units():
            for t in (c.title, c.text, *c.examples):
                assert fold_map(t)[0] == fold(t), (g, c.id)


def test_fold_map_spans():
    t = "ｶﾞｰド **起** 1－2 ㍻"
    f, s, e = fold_map(t)
    assert f == "ガード起1ー2平成"
    pairs = [(ch, t[a:b]) for ch, a, b in zip(f, s, e)]
    assert pairs[0] == ("ガ", "ｶﾞ") and pairs[1] == ("ー", "ｰ")
    assert ("起", "起") in pairs and ("ー", "－") in pairs
    assert pairs[-2:] == [("平", "㍻"), ("成", "㍻")]
    assert unicodedata.normalize("NFKC", "㍻") == "平成"


def test_match_form_lowercases_ascii_and_folds_kana():
    # ASCII letters lower-cased, hiragana written as katakana (kana folding), nothing else
    assert match_form("IGOBする") == "igobスル"
    assert match_form("ＩＧＯＢ") == "igob"
    assert match_form("すりーぷ") == match_form("スリープ") == "スリープ"
    assert match_form("ゝゞ") == "ヽヾ"
    assert match_form("Ä") == "Ä"


def _lines():
    for g in GAMES:
        for c in load(g).all_units():
            for t in (c.title, c.text, *c.examples):
                yield from t.split("\n")


def test_nfkc_map_shortcuts_map_as_the_clusters_do():
    """Without combining or composing marks every cluster is one character: the shortcuts
    (text NFKC leaves alone, or normalised in one call) give the cluster loop's mapping."""
    from judgekit.search.normalize import _nfkc_clusters, _nfkc_map

    samples = list(_lines()) + ["ー\u3099", "\u0915\u093c", "a\u0300", "ｶﾞ", "か\u3099",
                                "e\u0301 x", "２人", "㍻①", "ＡＢ\u200b"]
    for t in samples:
        assert _nfkc_map(t) == _nfkc_clusters(t), t


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_nfkc_map_shortcuts_map_as_the_clusters_do_on_random_text(t):
    from judgekit.search.normalize import _nfkc_clusters, _nfkc_map

    assert _nfkc_map(t) == _nfkc_clusters(t)


def test_one_for_one_is_what_it_says():
    from judgekit.search.normalize import _one_for_one

    def slow(t):
        return ("*" not in t and unicodedata.is_normalized("NFKC", t)
                and not any(ch.isspace() or ch in INVISIBLE for ch in t))

    for t in list(_lines()) + list(_SPECIAL) + ["a b", "a\u3000b", "x\u200by", "**", "ａ"]:
        assert _one_for_one(t) == slow(t), t
    # the regular expression's \s is str.isspace(), character for character
    import re

    space = re.compile(r"\s")
    assert all(bool(space.match(chr(o))) == chr(o).isspace() for o in range(0x10000))
