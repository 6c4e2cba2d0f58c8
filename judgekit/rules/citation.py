"""How a ruleset's own document cites a clause, for the rulesets whose citation differs from
judgekit's id: shown beside the id in `rule`, search hits, rulings and the site.

Dimension Zero labels its levels with kanji and its judges cite them so: 4.6.3 is 第4部第6章3,
4.16.4-3-1 is 第4部第16章4-3-1, intro.1 is 序文1 (the source's own references read
`3部11章1-1`, `第2部 第10章`; digest d0.md §2). Z/X and g2022 cite `702.2a`, `(900)`; 東方VISION
cites `別項「 3.5 ノードエリア」`: the id itself, so they have no other form.

A pure function of (ruleset, id) with no imports: it runs on the cold `rule` path and in
search rendering, which never loads a clause tree. `judgekit.rules.lookup` reads every form
back (the tests check the round trip for every D0 clause).
"""

from __future__ import annotations


def _d0(cid: str) -> str:
    if cid == "intro":
        return "序文"
    if cid.startswith("intro."):
        return "序文" + cid[len("intro."):]
    parts = cid.split(".", 2)
    if not all(p.isdigit() for p in parts[:2]):
        return ""
    out = f"第{parts[0]}部"
    if len(parts) > 1:
        out += f"第{parts[1]}章"
    if len(parts) > 2:
        out += parts[2]  # the item number exactly as printed: 3, 2-1, 4-3-1
    return out


_FORMS = {"d0": _d0}


def citation(game: str, cid: str) -> str:
    """The document's own citation of `cid` (第4部第6章3), or "" where it cites by the id."""
    form = _FORMS.get(game)
    return form(cid) if form is not None else ""


def beside(game: str, cid: str) -> str:
    """`cid` followed by its citation form in parentheses when it has one: 4.6.3 (第4部第6章3)."""
    form = citation(game, cid)
    return f"{cid} ({form})" if form else cid
