"""The appendix of a ruling: the full text of every cited clause, as of the edition applied.

One entry per clause id, in tree order (the order of the rules document), each with:

* `anchor`: the element id in the report — the clause id itself, exactly as judgekit spells
  it, the same anchor scheme as the rules site (`judgekit.site`), so `report.html#702.2a` and
  `zx/700.html#702.2a` name the same clause;
* `title`, `text`, `examples`: exactly as in the parsed clause tree (nothing normalised);
* `breadcrumb`: the headings of its ancestors, so a clause without a title (904.1) can be read
  in its place;
* `notes`: judgekit's own notes on the clause (source defects, stale references), kept apart
  from the rules text;
* `permalink`: the clause's address in the static site relative to the site root
  (`zx/700.html#702.2a`), and `url` when a site base URL is given;
* `fragment`: the anchor as a URL fragment (percent-encoded where a fragment must be);
* `cited_in`: where the report cites it: [{"href": "#step-3", "text": "3"}, ...].
"""

from __future__ import annotations

from ..rules.citation import citation
from ..rules.model import Ruleset

def _permalink_fn():
    """judgekit.site.permalink when the site package provides it, else None."""
    try:
        from ..site import permalink  # noqa: PLC0415
    except ImportError:
        return None
    return permalink


def fragment(clause_id: str) -> str:
    """The URL fragment for a clause id: the site's scheme (judgekit.site.fragment)."""
    try:
        from ..site import fragment as site_fragment  # noqa: PLC0415
    except ImportError:
        from urllib.parse import quote

        return quote(clause_id, safe="!$&'()*+,;=:@/?-._~")
    return site_fragment(clause_id)


def _dedup(places: list[dict]) -> list[dict]:
    seen, out = set(), []
    for p in places:
        if p["href"] not in seen:
            seen.add(p["href"])
            out.append(p)
    return out


def site_url_for(base: str | None, permalink: str | None) -> str | None:
    if not base or not permalink:
        return None
    return base.rstrip("/") + "/" + permalink


def tree_order(rs: Ruleset) -> dict[str, int]:
    """Position of every unit in document order (rules first, then companion sections)."""
    return {c.id: i for i, c in enumerate(rs.all_units())}


class UnknownClause(KeyError):
    """A step cites a clause id that is not in the clause tree."""


def build_appendix(rs: Ruleset, cited: dict[str, list[dict]], *,
                   site_url: str | None = None) -> list[dict]:
    """Entries for the clause ids in `cited` (id -> places citing it), in tree order.

    Raises UnknownClause for an id the tree does not have: a ruling never cites a clause it
    cannot quote."""
    missing = [cid for cid in cited if cid not in rs]
    if missing:
        raise UnknownClause(", ".join(missing))
    order = tree_order(rs)
    permalink = _permalink_fn()
    out = []
    for cid in sorted(cited, key=lambda i: order[i]):
        c = rs[cid]
        link = None
        if permalink is not None:
            try:
                link = permalink(rs.game, cid)
            except KeyError:
                link = None
        out.append({
            "id": cid,
            "citation": citation(rs.game, cid),  # the document's own form, or ""
            "anchor": cid,
            "kind": c.kind,
            "doc": c.doc,
            "title": c.title,
            "text": c.text,
            "examples": list(c.examples),
            "heading": c.heading,
            "breadcrumb": [{"id": a.id, "heading": a.first_line(40)}
                           for a in rs.ancestors(cid)],
            "notes": list(c.notes),
            "flags": list(c.flags),
            "virtual": c.virtual,
            "line": c.line,
            "permalink": link,
            "url": site_url_for(site_url, link),
            "fragment": fragment(cid),
            "cited_in": _dedup(cited[cid]),
        })
    return out


def clause_hover(entry: dict) -> str:
    """The text shown when pointing at a citation: heading line, text, examples."""
    ident = f"{entry['id']} ({entry['citation']})" if entry.get("citation") else entry["id"]
    parts = [ident + (" " + entry["title"] if entry["title"] else "")]
    if entry["text"]:
        parts.append(entry["text"])
    for ex in entry["examples"]:
        parts.append("例: " + ex)
    return "\n".join(parts)
