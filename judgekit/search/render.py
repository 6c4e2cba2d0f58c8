"""Search results as text (colour on a terminal) or JSON. No click here: the CLI's cold path
prints through this module, and the click commands print the very same strings."""

from __future__ import annotations

import os

from ..rules.citation import citation
from .engine import Result, Searcher
from .index import ID, TEXT

_RESET = "\x1b[0m"
STYLES = {"hit": "\x1b[1;33m", "id": "\x1b[1m", "game": "\x1b[36m", "dim": "\x1b[2m"}


def use_color(stream) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _s(text: str, style: str, color: bool) -> str:
    return f"{STYLES[style]}{text}{_RESET}" if color and text else text


def highlight(text: str, spans, color: bool) -> str:
    """`text` with `spans` styled (or left plain when there is no colour)."""
    if not spans or not color:
        return text
    out = []
    pos = 0
    for a, b in spans:
        out.append(text[pos:a])
        out.append(_s(text[a:b], "hit", True))
        pos = b
    out.append(text[pos:])
    return "".join(out)


def hit_data(s: Searcher, res: Result, width: int = 64) -> list[dict]:
    rows = []
    for h in res.hits:
        field, snip, spans = s.snippet(h, res.query, width)
        ctx_id, head = s.heading(h)
        r = h.record
        row = {"game": h.game, "id": h.id, "citation": citation(h.game, h.id),
               "score": round(h.score, 4),
               "heading": head, "snippet": snip, "highlights": [list(x) for x in spans],
               "field": field, "match": "id" if h.jump else "text"}
        if ctx_id:
            row["context"] = {"id": ctx_id, "title": head}
        if field == "title" and not r[TEXT]:  # a heading without text: say what it holds
            row["children"] = [s.units[n][ID] for n in s.children(h.doc)]
        rows.append(row)
    return rows


def render_json(s: Searcher, res: Result, extra: dict | None = None) -> str:
    import json

    d = {"query": res.query.raw, "games": list(res.games),
         "editions": {g: s.index.editions.get(g, "") for g in res.games}, "total": res.total,
         "hits": hit_data(s, res)}
    if res.under:
        d["under"] = res.under
    if extra:
        d.update(extra)
    return json.dumps(d, ensure_ascii=False, indent=2)


def render_text(s: Searcher, res: Result, color: bool, width: int = 64,
                numbered: bool = False) -> str:
    lines: list[str] = []
    rows = hit_data(s, res, width)
    idw = min(max([len(r["id"]) for r in rows] + [5]), 12)
    numw = len(str(len(rows))) + 2 if numbered else 0
    for k, row in enumerate(rows, 1):
        game = _s(f"{row['game']:<5}", "game", color)
        ident = _s(f"{row['id']:<{idw}}", "id", color)
        pad = " " * (numw + 6 + idw + 2)
        if numbered:
            game = f"{'#' + str(k):<{numw}}" + game
        if "context" in row:
            ctx = row["context"]
            head = _s(f"‹{ctx['id']} {ctx['title']}›", "dim", color)
        else:
            head = row["heading"]
            if row["field"] == "title":
                head = highlight(head, row["highlights"], color)
        cite = f"({row['citation']}) " if row["citation"] else ""  # the document's own form
        lines.append(f"{game} {ident}  {cite}{head}")
        if row["field"] == "title":
            if "children" in row:
                kids = row["children"]
                more = f" … ({len(kids)})" if len(kids) > 8 else ""
                if kids:
                    lines.append(pad + _s("→ " + ", ".join(kids[:8]) + more, "dim", color))
            continue
        snip = highlight(row["snippet"], row["highlights"], color)
        if row["field"] == "examples":
            snip = _s("例: ", "dim", color) + snip
        lines.append(pad + snip)
    shown = len(rows)
    where = ", ".join(res.games)
    if res.under:
        where += " under " + ", ".join(f"{g}:{c}" for g, c in res.under.items())
    summary = f"{res.total} hit{'s' if res.total != 1 else ''} in {where}"
    if shown < res.total:
        summary += f" (showing {shown}; --limit N for more)"
    lines.append(_s(summary, "dim", color))
    return "\n".join(lines)


def render_miss(s: Searcher, res: Result) -> str:
    lines = [f"No clause matches {res.query.raw!r} in {', '.join(res.games)}."]
    lines.extend(s.explain_miss(res.query, res.games, res.under))
    return "\n".join(lines)
