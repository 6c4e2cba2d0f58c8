"""The judge's free text: escaped, isolated, and invisible/reordering characters made visible."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judgekit.reports.text import has_hidden, untrusted, visible
from report_dom import parse

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "P1 wins" would read "sniw 1P"
PDF = "\u202c"
ZWSP = "\u200b"
LRI, PDI = "\u2066", "\u2069"


def test_visible_marks_bidi_and_zero_width_characters():
    assert visible(f"{RLO}P1 wins{PDF}") == "[U+202E]P1 wins[U+202C]"
    assert visible(f"B{ZWSP}2") == "B[U+200B]2"
    assert visible(f"{LRI}x{PDI}") == "[U+2066]x[U+2069]"
    assert visible("\u200d\u200e\u200f\ufeff\u2060\u00ad") == \
        "[U+200D][U+200E][U+200F][U+FEFF][U+2060][U+00AD]"
    assert visible("bell\x07") == "bell[U+0007]"


def test_visible_keeps_what_a_reader_can_see():
    for s in ("《悲嘆の墮天使ルシファー》", "line one\nline two\tTAB", "שלום", "P1 ＜全角＞",
              "ﾊﾟﾜｰ 5000", "👍🏽"):
        assert visible(s) == s
        assert not has_hidden(s)


def test_untrusted_escapes_markup_and_isolates():
    h = str(untrusted('<script>alert(1)</script>"\' onmouseover=alert(1) &amp;'))
    assert "<script" not in h and "&lt;script&gt;" in h
    assert '"' not in h.replace('class="jt"', "")  # quotes escaped: no attribute can break
    assert h.startswith('<bdi class="jt">') and h.endswith("</bdi>")
    assert "&amp;amp;" in h


def test_untrusted_marks_hidden_characters_visibly():
    h = str(untrusted(f"{RLO}P1 wins"))
    assert RLO not in h
    assert '<span class="cc" title="U+202E RIGHT-TO-LEFT OVERRIDE">[U+202E]</span>' in h


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)


@settings(max_examples=300, deadline=None)
@given(_text)
def test_untrusted_roundtrip_through_a_parser(s):
    """Whatever the judge typed, the parsed HTML holds exactly one <bdi> whose text is the
    visible form of the input, and no element other than the markers judgekit put there."""
    doc = parse(f"<p>{untrusted(s)}</p>")
    assert doc.errors == []
    p = doc.root.find("p")
    bdis = p.find_all("bdi")
    assert len(bdis) == 1
    assert {e.tag for e in p.iter()} <= {"p", "bdi", "span"}
    assert all(e.classes == ["cc"] for e in p.find_all("span"))
    assert bdis[0].text == visible(s)
    assert not has_hidden(bdis[0].text)


def test_both_languages_label_everything():
    from judgekit.reports.labels import LABELS

    assert set(LABELS["ja"]) == set(LABELS["en"])
    assert all(v.strip() for lang in LABELS.values() for v in lang.values())
