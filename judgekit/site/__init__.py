"""The static rules site: permalinks (import-light, used by rulings) and the builder.

Permalink scheme (documented in docs/site.md; rulings link into the site with it):

    <game>/<page>.html#<clause id>          e.g. zx/700.html#702.2a, zx/guide.turn.html#guide.turn.main

* one directory per ruleset, named by its game id (zx, g2022, d0, thv);
* one page per top-level unit of the comprehensive rules: the root clause of the clause tree
  (Z/X and g2022: section 100, 200, …; D0: part 1…6 and the preface `intro`; thv: chapter 1…12);
* companion documents (the Z/X how-to-play guide): one page per section directly below the
  document's root (guide.deck, guide.turn, …), and the root itself (`guide`) on its own page;
* the fragment is the clause id exactly as judgekit spells it. Characters that a URL fragment may
  not hold literally (`#`, `%`, space, quotes, angle brackets, backquote) are percent-encoded in
  the link; the element id itself is the plain clause id.

The builder lives in `judgekit.site.build` (it imports Jinja2); this module imports nothing heavy.
"""

from __future__ import annotations

__all__ = ["permalink", "page_key", "page_file", "fragment", "build_site"]

# characters a URL fragment cannot carry literally (URL standard's fragment percent-encode set,
# plus '#' and '%', which would otherwise start a second fragment or an escape)
_FRAGMENT_ESCAPES = {c: "%{:02X}".format(ord(c)) for c in ' "<>`#%'}


def fragment(clause_id: str) -> str:
    """The URL fragment (without '#') that addresses `clause_id`."""
    if not any(c in _FRAGMENT_ESCAPES or ord(c) < 0x21 or ord(c) == 0x7F for c in clause_id):
        return clause_id
    out = []
    for c in clause_id:
        if c in _FRAGMENT_ESCAPES or ord(c) < 0x21 or ord(c) == 0x7F:
            out.append("%{:02X}".format(ord(c)))
        else:
            out.append(c)
    return "".join(out)


def page_key(rs, clause_id: str) -> str:
    """The page a unit lives on: its root (rules) or its section below the root (companions)."""
    c = rs.get(clause_id)
    if c is None:
        raise KeyError(clause_id)
    chain = rs.ancestors(clause_id) + [c]
    if c.doc != "rules" and len(chain) > 1:
        return chain[1].id
    return chain[0].id


def page_file(key: str) -> str:
    """File name of a page inside its ruleset directory."""
    return key + ".html"


def permalink(game: str, clause_id: str) -> str:
    """Site-relative address of a clause, e.g. permalink("zx", "702.2a") -> "zx/700.html#702.2a".

    Raises KeyError for an unknown game or clause id (exactly as written: no forgiving lookup
    here; use judgekit.rules.lookup.resolve first).
    """
    from ..rules import load

    rs = load(game)
    return f"{game}/{page_file(page_key(rs, clause_id))}#{fragment(clause_id)}"


def build_site(*args, **kwargs):
    """See judgekit.site.build.build (imported on demand)."""
    from .build import build

    return build(*args, **kwargs)
