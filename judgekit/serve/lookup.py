"""Look-up in the workbench: search as you type, a clause, the clause pages.

Search is `judgekit search`: the same `Searcher`, query language, ranking and JSON rows
(`judgekit.search.render.render_json`), with the ruleset and `--under` scopes. One Searcher
is kept open for the server's life (it then holds its postings: judgekit.search.held), behind
a lock, since a Whoosh searcher is not meant to be shared between threads.

A clause is `judgekit rule --json` (judgekit.rules.lookup.answer). The clause pages are at the
static site's permalinks (judgekit.site.permalink: `/rules/zx/700.html#702.2a`): one page per
top-level unit, every clause at the anchor of its id with its breadcrumb, text, examples,
references and "cited by" as links to their own permalinks.
"""

from __future__ import annotations

import json
import threading


class Lookup:
    def __init__(self) -> None:
        self._searcher = None
        self._lock = threading.Lock()

    def searcher(self):
        if self._searcher is None:
            from ..search.engine import Searcher

            self._searcher = Searcher()
        return self._searcher

    def warm(self) -> None:
        """Open the index and make the first searches, so the judge's first one is fast."""
        for q in ("致死ダメージ", "702.2a", "山札がなくなったら"):
            self.search(q, "all", None, 10)

    def search(self, query: str, game: str, under: str | None, limit: int) -> dict:
        from ..search.asks import AsksError
        from ..search.engine import UsageError
        from ..search.render import render_json, render_miss

        with self._lock:
            try:  # (a judges' phrasings file to fix: its file, line and key, as `judgekit search`)
                s = self.searcher()
            except AsksError as e:
                return {"query": query, "error": str(e), "hits": []}
            try:
                res = s.search(query, games=game, under=under or None, limit=limit)
            except UsageError as e:
                return {"query": query, "error": str(e), "hits": []}
            extra = {} if res.hits else {"message": render_miss(s, res)}
            return json.loads(render_json(s, res, extra))

    def close(self) -> None:
        with self._lock:
            if self._searcher is not None:
                self._searcher.close()
                self._searcher = None


def clause(game: str, raw: str) -> dict | None:
    """`judgekit rule --json` of a clause, with its permalink; None when there is none."""
    from ..rules import load
    from ..rules.lookup import answer, nearest, resolve
    from ..site import permalink

    rs = load(game)
    c = resolve(rs, raw)
    if c is None:
        return {"found": False, "nearest": nearest(rs, raw)}
    d = answer(rs, c)
    d["found"] = True
    d["href"] = "/rules/" + permalink(game, c.id)
    for r in d["refs"]:
        r["href"] = "/rules/" + permalink(game, r["target"]) if r["target"] in rs else None
    for key in ("cited_by", "children", "breadcrumb"):
        for r in d[key]:
            r["href"] = "/rules/" + permalink(game, r["id"]) if r["id"] in rs else None
    return d


def page(game: str, key: str) -> dict | None:
    """The units of one clause page (`key`.html): the page's root and every unit below it, in
    document order, each with what the page shows of it; None for a page that is not one."""
    from ..rules import load
    from ..rules.citation import citation
    from ..site import page_key, permalink

    rs = load(game)
    root = rs.get(key)
    if root is None or page_key(rs, key) != key:
        return None

    def href(cid: str) -> str | None:
        return "/rules/" + permalink(game, cid) if cid in rs else None

    units = []
    for c in [root, *rs.descendants(key)]:
        if page_key(rs, c.id) != key:
            continue
        units.append({
            "id": c.id, "heading": c.heading, "title": c.title, "text": c.text,
            "citation": citation(game, c.id), "depth": len(rs.ancestors(c.id)),
            "examples": list(c.examples), "notes": list(c.notes),
            "crumbs": [{"id": a.id, "href": href(a.id), "label": a.first_line(30)}
                       for a in rs.ancestors(c.id)],
            "refs": [{"id": r.target, "raw": r.raw, "href": href(r.target)} for r in c.refs],
            "cited_by": [{"id": x, "href": href(x)} for x in c.cited_by],
        })
    return {"game": game, "key": key, "title": rs.title, "edition": rs.edition,
            "heading": root.heading, "units": units}
