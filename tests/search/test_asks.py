"""The judges' phrasings of each clause (rules_data/<game>/asks.toml): the loader, the files
present, and the asks field of the search index.

The engine's tests index one ruleset (g2022) with a small phrasings file written here, in their
own cache directory, so they hold whatever the data files say; the checks of the data files
read every ruleset that has one.
"""

from __future__ import annotations

import json
import os
import unicodedata

import pytest
from search_helpers import ids, seed_cache

from judgekit.rules import GAMES, load
from judgekit.search import asks as asks_
from judgekit.search import index as ix_
from judgekit.search.asks import AsksError

# a word no ruleset writes (成仏: "passing on"), in two phrasings of g2022 1110.1 (a character
# that leaves the area goes to the energy zone); a judge's word the vocabulary reads as the
# rules' 退場 (やられ) on 101.2, whose text lacks 退場; the rules' word 退場 on 101.3, whose
# text lacks it too
FIXTURE = """\
# a test's phrasings
[asks]
"1110.1" = [
  "倒されたキャラが成仏したらどこへ行く？",
  "やられたキャラはどこ行くんだっけ",
]
"1110" = ["キャラが成仏するってどういうこと"]
"101.2" = ["やられたら負け？"]
"101.3" = ["退場したら引き分け？"]
"""


def _write(tmp_path, text: str, name: str = "asks.toml") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


# ---- the loader --------------------------------------------------------------------------

def _holding(s, form: str, scope: tuple) -> set[int]:
    """The oracle of the words reading's match: the units of `scope` whose own fields or
    phrasings hold `form` (by scan)."""
    return set(s.containing(form, scope)) | set(s.containing_asks(form, scope))


def test_the_loader_reads_the_table_and_checks_ids(tmp_path):
    rs = load("g2022")
    got = asks_.load("g2022", rs, _write(tmp_path, FIXTURE))
    assert got == {"1110.1": ("倒されたキャラが成仏したらどこへ行く？", "やられたキャラはどこ行くんだっけ"),
                   "1110": ("キャラが成仏するってどういうこと",),
                   "101.2": ("やられたら負け？",), "101.3": ("退場したら引き分け？",)}


def test_a_ruleset_without_the_file_has_no_phrasings(tmp_path):
    assert asks_.load("g2022", None, str(tmp_path / "none.toml")) == {}


@pytest.mark.parametrize("text,says", [
    ('[asks]\n"9999.9" = ["a?"]\n', ":2:"),                    # no such clause
    ('[asks]\n"1110" = []\n', "empty list"),
    ('[asks]\n"1110" = "どうなる？"\n', "non-empty list"),
    ('[asks]\n"1110" = ["どうなる？", "どうなる？"]\n', "given twice"),
    ('[asks]\n"1110" = ["どうなる？", ""]\n', "item 2"),
    ('[asks]\n"1110" = ["どうなる？", 3]\n', "item 2"),
    ('[asks]\n"1110" = ["ど\\nうなる？"]\n', "line break"),
    ('[asks]\n"1110" = ["ど\\u0000うなる？"]\n',
     "item 1: expected no control character, found U+0000"),
    ('[asks]\n"1110" = ["x", "ど\\u0001うなる？"]\n',
     "item 2: expected no control character, found U+0001"),
    ('[asks]\n"1110" = ["ど\\tうなる？"]\n', "found U+0009"),
    ('[asks]\n"1110" = ["ど\\u007fうなる？"]\n', "found U+007F"),
    ('[asks]\n"1110" = ["どうなる？", "どうなる？ "]\n',  # compared stripped
     "'どうなる？' is given twice"),
    ('[asks]\n"1110" = {a = 1}\n', "table"),
    ('[asks]\n1110.1 = ["x"]\n', 'quote a dotted id'),
    ('[other]\n"1110" = ["x"]\n', "unexpected key"),
    ('"1110" = ["x"]\n', "unexpected key"),
    ('[asks]\n"1110" = ["x"\n', "asks.toml"),                  # TOML syntax
])
def test_a_bad_file_is_an_error_naming_the_file_line_and_key(tmp_path, text, says):
    path = _write(tmp_path, text)
    with pytest.raises(AsksError) as e:
        asks_.load("g2022", load("g2022"), path)
    msg = str(e.value)
    assert msg.startswith(path) and says in msg
    if says == ":2:":
        assert f"{path}:2:" in msg and "'9999.9'" in msg and "g2022" in msg


# ---- the files present ---------------------------------------------------------------------

FILES = [g for g in GAMES if os.path.exists(asks_.asks_file(g))]


@pytest.mark.skipif(not FILES, reason="no ruleset has a phrasings file yet")
@pytest.mark.parametrize("game", FILES)
def test_every_phrasings_file_names_clauses_of_its_ruleset(game):
    rs = load(game)
    got = asks_.load(game, rs)  # raises on an unknown id or a value of another form
    assert got, f"{game}: the file has no entries"
    for cid, lines in got.items():
        assert rs.get(cid) is not None
        assert lines and len(set(lines)) == len(lines) and all(x.strip() for x in lines)


@pytest.mark.skipif(not FILES, reason="no ruleset has a phrasings file yet")
@pytest.mark.parametrize("game", FILES)
def test_no_phrasing_is_a_copy_of_its_clause(game):
    rs = load(game)
    bad = []
    for cid, lines in asks_.load(game, rs).items():
        c = rs.get(cid)
        body = unicodedata.normalize("NFKC", (c.title or "") + (c.text or ""))
        bad += [f"{cid}: {x}" for x in lines
                if len(x) >= 8 and unicodedata.normalize("NFKC", x) in body]
    assert not bad, f"{game}: phrasings that copy their clause: {bad[:5]}"


# ---- the asks field ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def fixture_searcher(tmp_path_factory):
    """A g2022 index built with FIXTURE as its phrasings, in a cache of its own."""
    from judgekit.search.engine import Searcher

    d = str(tmp_path_factory.mktemp("jkc-asks"))
    seed_cache(d)
    path = _write(tmp_path_factory.mktemp("asks"), FIXTURE)
    # (patched while the index is opened only: the session's searcher reads the real files)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUDGEKIT_CACHE_DIR", d)
        mp.setattr(asks_, "asks_file", lambda game: path if game == "g2022" else
                   os.path.join(d, "no-such-file.toml"))
        s = Searcher(ix_.open_index(("g2022",)))
        s.search("成仏", games="g2022")  # (the phrasings are read on first use)
    yield s
    s.close()


def test_a_word_only_in_a_phrasing_finds_its_clause(fixture_searcher):
    res = fixture_searcher.search("キャラが成仏したらどうなる", games="g2022", limit=5)
    assert res.mode == "words" and "成仏" in res.words
    assert "g2022:1110.1" in ids(res)
    hit = res.hits[ids(res).index("g2022:1110.1")]
    assert fixture_searcher.asked(hit, res)[0] == "倒されたキャラが成仏したらどこへ行く？"


def test_exact_terms_and_phrases_never_look_at_the_phrasings(fixture_searcher):
    from judgekit.search.query import parse

    s = fixture_searcher
    assert not s.exact_docs(parse("成仏"), ("g2022",))
    assert not s.search('"成仏"', games="g2022").hits          # a phrase: the rules' text only
    res = s.search("成仏", games="g2022")                      # nothing as typed: the words
    assert res.mode == "words" and [n.kind for n in res.notes][:1] == ["fallback"]
    assert set(ids(res)) == {"g2022:1110", "g2022:1110.1"}
    # a term the rules write is read exactly, as before: the phrasings add nothing
    exact = s.search("退場", games="g2022", limit=None)
    assert exact.mode == "exact"
    assert {h.doc for h in exact.hits} == s.exact_docs(parse("退場"), ("g2022",))
    # (101.3's phrasing says 退場, its text does not)
    assert s.ids["g2022"]["101.3"] in s.containing_asks("退場", ("g2022",))
    assert "g2022:101.3" not in ids(exact)
    assert "g2022:101.3" not in ids(s.search('"退場"', games="g2022", limit=None))


def test_a_word_held_by_a_phrasing_counts_for_the_minimum_match(fixture_searcher):
    """成仏 is only in the phrasings, エネルギーゾーン only in the rules: the clauses that hold
    both, for the words reading's minimum-should-match, are those whose text or phrasings
    hold each (1110.1 among them)."""
    from judgekit.search.query import parse
    from judgekit.search.wquery import MinMatchOr

    s = fixture_searcher
    scope = ("g2022",)
    words = s._plan(parse("成仏 エネルギーゾーン"), "g2022")[0]
    assert [w.alts for w in words] == [("成仏",), ("エネルギーゾーン",)]
    wqs = [s._word_query(w, scope) for w in words]
    got = set(s.index.searcher.docs_for_query(MinMatchOr(wqs, 2)))
    scan = _holding(s, "成仏", scope) & _holding(s, "エネルギーゾーン", scope)
    assert got == scan and s.ids["g2022"]["1110.1"] in got
    assert not set(s.containing("成仏", scope))  # the rules alone hold it nowhere


def test_the_judges_own_word_is_searched_in_the_phrasings(fixture_searcher):
    """A word the vocabulary replaces by the rules' word (やられる → 退場 etc.) is still
    looked for as typed in the phrasings, which are in the judges' words."""
    s = fixture_searcher
    res = s.search("やられたキャラはどこ行く", games="g2022", limit=10)
    assert "ヤラレ" in res.asks_terms and "ヤラレ" not in res.terms
    assert "g2022:1110.1" in ids(res)[:5]
    line, _ = s.asked(res.hits[ids(res).index("g2022:1110.1")], res)
    assert line == "やられたキャラはどこ行くんだっけ"  # (holds ヤラレ besides キャラ and 行)
    # 101.2's text lacks 退場, the word searched: only its phrasing's やられ reaches it
    res = s.search("やられた", games="g2022", limit=None)
    assert res.words == ["退場"]
    assert "g2022:101.2" in ids(res)
    assert s.asked(res.hits[ids(res).index("g2022:101.2")], res)[0] == "やられたら負け？"


def test_an_excluded_term_is_never_looked_for_in_the_phrasings(searcher):
    """降参 searches the rules' 投了 (and 降参 in the phrasings); -投了 excludes every clause
    whose text holds 投了, and must not bring back, through their phrasings, the clauses whose
    phrasings say 投了, nor show 投了 highlighted."""
    scope = tuple(searcher.games)
    # the premise: some clauses' phrasings say 投了 where their own text does not
    assert set(searcher.containing_asks("投了", scope)) - set(searcher.containing("投了", scope))
    res = searcher.search("降参 -投了", games=scope, limit=None)
    assert not res.hits
    assert "投了" not in res.asks_terms


def test_the_output_shows_the_phrasing_that_matched(fixture_searcher):
    from judgekit.search.render import ASKED, render_json, render_text

    s = fixture_searcher
    res = s.search("キャラが成仏したらどうなる", games="g2022", limit=3)
    text = render_text(s, res, color=False)
    assert f"{ASKED}倒されたキャラが成仏したらどこへ行く？" in text
    coloured = render_text(s, res, color=True)
    assert "\x1b[1;33m成仏\x1b[0m" in coloured
    data = json.loads(render_json(s, res))
    hit = next(h for h in data["hits"] if h["id"] == "1110.1")
    assert hit["asked"] == "倒されたキャラが成仏したらどこへ行く？"
    assert [hit["asked"][a:b] for a, b in hit["asked_highlights"]] == ["キャラ", "成仏"]
    # the exact reading shows none
    data = json.loads(render_json(s, s.search("退場", games="g2022", limit=3)))
    assert all("asked" not in h for h in data["hits"])


def test_editing_a_phrasings_file_changes_the_index_key(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    seed_cache(str(tmp_path / "cache"))
    path = tmp_path / "asks.toml"
    monkeypatch.setattr(asks_, "asks_file", lambda game: str(path))
    none = ix_.index_key(("g2022",))
    path.write_text(FIXTURE, encoding="utf-8")
    one = ix_.index_key(("g2022",))
    path.write_text(FIXTURE + '"1110.2" = ["別の問い？"]\n', encoding="utf-8")
    two = ix_.index_key(("g2022",))
    assert len({none, one, two}) == 3


def test_a_bad_phrasings_file_is_a_clear_error_of_the_cli(tmp_path, monkeypatch):
    import io

    from judgekit.search.run import run_search

    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    seed_cache(str(tmp_path / "cache"))
    path = _write(tmp_path, '[asks]\n"1110" = ["ok?"]\n"no.such" = ["x"]\n')
    monkeypatch.setattr(asks_, "asks_file", lambda game: path)
    out, err = io.StringIO(), io.StringIO()
    assert run_search("退場", game="all", out=out, err=err) == 2
    assert f"{path}:3: [asks] 'no.such': no such clause in" in err.getvalue()
    assert "Traceback" not in err.getvalue()


def test_a_bad_phrasings_file_is_a_clear_error_of_the_shell_and_the_workbench(tmp_path,
                                                                           monkeypatch):
    from click.testing import CliRunner

    from judgekit.cli.app import cli
    from judgekit.serve.lookup import Lookup

    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    seed_cache(str(tmp_path / "cache"))
    path = _write(tmp_path, '[asks]\n"1110" = ["ok?"]\n"no.such" = ["x"]\n')
    monkeypatch.setattr(asks_, "asks_file", lambda game: path)
    says = f"{path}:3: [asks] 'no.such': no such clause in"
    r = CliRunner().invoke(cli, ["shell", "--game", "zx"], input="702.2a\n")
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit), r.output
    assert f"Error: {says}" in r.output and "Traceback" not in r.output
    got = Lookup().search("退場", "all", None, 10)
    assert got["hits"] == [] and got["error"].startswith(says)


# ---- the data: questions in a judge's words that only the phrasings hold -------------------

# (ruleset, clause, a question): none of the question's words is in the clause's own text,
# title or headings; one of the clause's phrasings in rules_data/<game>/asks.toml holds them
REAL = [
    ("zx", "101.1", "多人数でも遊べる？"),                   # 3人とか多人数でも遊べる？
    ("g2022", "102", "ルールの一般原則はどこにありますか"),
    ("d0", "1.1.5", "プライオリティの受け渡しの流れ"),
    ("thv", "1.5", "試合の決着はどうやってつく？"),
]


@pytest.mark.parametrize("game,cid,question", REAL)
def test_a_question_in_words_only_its_phrasings_hold_finds_the_clause(searcher, game, cid,
                                                                     question):
    from judgekit.search.query import parse

    if not os.path.exists(asks_.asks_file(game)):
        pytest.skip(f"{game} has no phrasings file")
    doc = searcher.ids[game][cid]
    words = searcher._plan(parse(question), game)[0]
    assert words
    # the premise: the clause's own fields hold none of the words; its phrasings hold them all
    assert not any(doc in searcher.containing(a, (game,)) for w in words for a in w.alts)
    lines, forms = searcher.asks_of(doc)
    assert any(all(any(a in f for a in w.alts) for w in words) for f in forms), \
        f"{game}:{cid}'s phrasings {lines} no longer hold {[w.shown for w in words]}"
    res = searcher.search(question, games=game, limit=5)
    assert f"{game}:{cid}" in ids(res)
    hit = res.hits[ids(res).index(f"{game}:{cid}")]
    assert searcher.asked(hit, res)[0] in lines


def test_plain_lines_are_highlighted_as_mapped(searcher):
    """asks.bin's mask of the phrasings that fold character for character
    (`Index.asks_plain`): a bit is set exactly where match_map maps every character to
    itself, and the 答える問い line's spans with the mask are the spans found by mapping."""
    from judgekit.search.engine import best_asked
    from judgekit.search.highlight import term_spans
    from judgekit.search.normalize import match_map

    s = searcher
    plain_lines = lines_seen = 0
    for doc in range(len(s.units)):
        lines, forms = s.asks_of(doc)
        mask = s.index.asks_plain(doc)
        assert mask >> len(lines) == 0
        for j, (line, form) in enumerate(zip(lines, forms)):
            got, st, en = match_map(line)
            same = got == form and st == list(range(len(line))) and \
                en == list(range(1, len(line) + 1))
            assert bool(mask >> j & 1) == same, (doc, line)
            terms = [form[k:k + 2] for k in range(0, len(form) - 1, 3)]
            assert term_spans(line, terms, form, same) == term_spans(line, terms, form)
            assert term_spans(line, terms, form, same) == term_spans(line, terms)
            plain_lines += same
            lines_seen += 1
        if lines:
            terms = [forms[-1][:2]]
            assert best_asked(lines, forms, terms, mask) == best_asked(lines, forms, terms)
    assert lines_seen > 1000 and plain_lines > lines_seen * 0.9


def test_a_word_of_the_phrasings_asks_for_no_did_you_mean(searcher, monkeypatch):
    """A word the rules never write that a phrasing holds (スキップ in g2022, whose rules say
    ステップ) is searched in the phrasings: the nearest word of the rules is never looked for
    (it would be discarded); a misspelling no phrasing holds is still corrected."""
    from judgekit.search import suggest

    calls = []
    real = suggest.nearest

    def spy(s, term, scope):
        calls.append(term)
        return real(s, term, scope)

    monkeypatch.setattr(suggest, "nearest", spy)
    res = searcher.search("スキップ", games="g2022", limit=5)
    assert res.mode == "words" and res.words == ["スキップ"] and res.hits
    assert calls == []
    res = searcher.search("シャッフウ", games="g2022", limit=5)
    assert calls == ["シャッフウ"] and res.words == ["シャッフル"]
