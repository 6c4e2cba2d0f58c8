"""Snippets (highlight.best_fragment) are the fragments Whoosh's own highlighting classes cut:
its ContextFragmenter over the same tokens, its BasicFragmentScorer, the first of equals, the
same widening and formatting (the reference below is the implementation that used them)."""

from __future__ import annotations

import os
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(HERE, "..", "..", "benchmarks")


def _whoosh_fragment(source: str, terms: list[str], width: int = 64, form: str | None = None):
    """best_fragment with Whoosh's Token, ContextFragmenter, BasicFragmentScorer and Fragment."""
    from whoosh.analysis import Token
    from whoosh.highlight import BasicFragmentScorer, ContextFragmenter

    from judgekit.search import highlight as h

    best, best_form = h.best_line(source, terms, form)  # (the line chosen as the code does)
    if best_form is None:
        return (best[:width] + "…", []) if len(best) > width else (best, [])
    toks = []
    for a, b, text in h.term_tokens(best, terms, best_form):
        tok = Token(chars=True, boost=1.0)
        tok.text, tok.matched = text, bool(text)
        tok.startchar, tok.endchar = a, b
        toks.append(tok)
    scorer = BasicFragmentScorer()
    fragmenter = ContextFragmenter(maxchars=width, surround=max(8, width // 3))
    frags = [f for f in fragmenter.fragment_tokens(best, iter(toks)) if f.matches]
    frag = max(frags, key=lambda f: (scorer(f), -f.startchar))
    a, b = frag.startchar, frag.endchar
    if b - a < width:
        spare = width - (b - a)
        a = max(0, a - spare // 3)
        b = min(len(best), a + width)
        a = max(0, min(a, b - width))
    return h.format_fragment(best, a, b, [(t.startchar, t.endchar, t.text) for t in toks
                                          if t.matched and a <= t.startchar and t.endchar <= b])


def _same(source, terms, width, form):
    from judgekit.search.highlight import best_fragment

    assert best_fragment(source, terms, width, form) == \
        _whoosh_fragment(source, terms, width, form), (source[:40], terms, width)


def test_every_units_snippets_are_whooshs(searcher):
    from judgekit.search.index import EXAMPLES, M_EXAMPLES, M_TEXT, M_TITLE, TEXT, TITLE

    n = 0
    for r in searcher.units:
        for source, form in ((r[TEXT], r[M_TEXT]), ("\n".join(r[EXAMPLES]), r[M_EXAMPLES]),
                             (r[TITLE], r[M_TITLE])):
            if not source:
                continue
            k = len(form)
            # terms the line holds (short and long, near its start, middle and end), one
            # it holds twice or more where there is one, and one it does not hold
            terms = [form[k // 3:k // 3 + 2], form[k // 2:k // 2 + 3], form[-4:-1],
                     form[:1], "\u2603"]
            for width in (64, 24):
                _same(source, [t for t in terms if t and "\n" not in t], width, form)
                _same(source, [form[k // 2:k // 2 + 3]], width, None)
                n += 2
    assert n > 10000


def test_the_searches_snippets_are_whooshs(searcher):
    from judgekit.search.index import EXAMPLES, M_EXAMPLES, M_TEXT, M_TITLE, TEXT, TITLE

    for name in ("relevance.toml", "relevance_heldout.toml"):
        with open(os.path.join(BENCH, name), "rb") as f:
            qs = tomllib.load(f)["query"]
        for q in qs:
            res = searcher.search(q["q"], games=q.get("game"), limit=30)
            for hit in res.hits:
                r = hit.record
                for source, form in ((r[TEXT], r[M_TEXT]), ("\n".join(r[EXAMPLES]),
                                     r[M_EXAMPLES]), (r[TITLE], r[M_TITLE])):
                    if source:
                        _same(source, list(res.terms), 64, form)
