"""Search results as text (colour on a terminal) or JSON. No click here: the CLI's cold path
prints through this module, and the click commands print the very same strings."""

from __future__ import annotations

import os

from ..rules.citation import citation
from .engine import Result, Searcher
from .index import ID, TEXT

_RESET = "\x1b[0m"
ASKED = "答える問い: "  # the label of a judges' phrasing the words matched (asks.toml)
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


def hit_row(s: Searcher, res: Result, h, width: int = 64) -> dict:
    """One hit as data: the JSON output's row, and what the text output prints.

    The place to add what a hit shows (a ruleset's own citation form beside the id, say, when
    judgekit.rules offers one): add the key here, and show it in `id_label`/`_hit_lines`."""
    field, snip, spans = s.snippet(h, res, width)
    ctx_id, head = s.heading(h)
    r = h.record
    row = {"game": h.game, "id": h.id, "citation": citation(h.game, h.id),
           "score": round(h.score, 4),
           "heading": head, "snippet": snip, "highlights": [list(x) for x in spans],
           "field": field, "match": "id" if h.jump else "concept" if h.concept else "text"}
    if h.concept:
        row["concept"] = h.concept
    if res.mode == "words" and not h.jump:
        got = s.asked(h, res)
        if got is not None:  # the judges' phrasing of the clause that holds the words best
            row["asked"], spans = got
            row["asked_highlights"] = [list(x) for x in spans]
    if ctx_id:
        row["context"] = {"id": ctx_id, "title": head}
    if field == "title" and not r[TEXT]:  # a heading without text: say what it holds
        row["children"] = [s.units[n][ID] for n in s.children(h.doc)]
    return row


def hit_data(s: Searcher, res: Result, width: int = 64) -> list[dict]:
    return [hit_row(s, res, h, width) for h in res.hits]


def _you_wrote(n) -> str:
    return f"you wrote {n.wrote}"


def note_lines(res: Result) -> list[str]:
    """What the search did beyond the literal query, in words (notes of the words reading)."""
    out = []
    all_games = len(res.games)
    for n in res.notes:
        where = "" if len(n.games) in (0, all_games) else f" in {', '.join(n.games)}"
        words = " / ".join(n.words)
        if n.kind == "vocabulary":
            out.append(f"searched for {words}{where} ({_you_wrote(n)}: the rules' word)")
        elif n.kind == "kana":
            out.append(f"searched for {words} ({_you_wrote(n)})")
        elif n.kind == "corrected":
            out.append(f"searched for {words}{where} ({_you_wrote(n)}, which is nowhere in "
                       "the rules)")
        elif n.kind == "nothing":
            tail = f"; did you mean {', '.join(n.words)}?" if n.words else "; left out"
            out.append(f"「{n.wrote}」 matches nothing{tail}")
        elif n.kind == "fallback":
            out.append("no clause holds every term as written: searched for the words")
        elif n.kind == "relaxed":
            out.append(f"no clause holds all {n.total} words: clauses with {n.k} or more")
        elif n.kind == "concept":
            how = ("its defining clauses first" if n.k else
                   "it chooses among the first idea's clauses")
            out.append(f"read {n.wrote} as the idea “{n.words[1]}” (judgekit concept "
                       f"{n.words[0]}): {how}: {n.why}")
        elif n.kind in ("quoted", "unphrased", "ored"):
            out.append(quote_line(n, all_games, bool(res.under)))
        elif n.kind == "concept-none":
            out.append(f"{n.games[0]} has no such idea as “{n.words[1]}”: {n.why}")
    if res.mode == "words" and res.words:
        out.insert(0, "words: " + " · ".join(res.words))
    return out


def quote_line(n, all_games: int, under: bool = False) -> str:
    """A quoted part of a sentence, read as words: 「…」 (a judge quoting words) or a phrase
    "…" that left no clause or is an alternative of OR; `n.games`: where a clause searched
    (`under`: only the clauses under --under's section are) says it as written."""
    clause = "clause under the section" if under else "clause"
    if not n.games:
        return f"{n.wrote} as written is in no {clause}; read as words"
    where = "" if len(n.games) == all_games else f" (in {', '.join(n.games)})"
    if n.kind == "unphrased":
        return f"no {clause} holds {n.wrote} with the other words; read as words"
    if n.kind == "ored":
        return f"read {n.wrote} as words: in a question an alternative of OR is not required as written"
    return (f"read {n.wrote} as words of the question, not required as written; clauses that "
            f"say it{where} rank higher")


def render_json(s: Searcher, res: Result, extra: dict | None = None) -> str:
    import json

    d = {"query": res.query.raw, "games": list(res.games),
         "editions": {g: s.index.editions.get(g, "") for g in res.games}, "total": res.total,
         "mode": res.mode, "hits": hit_data(s, res)}
    if res.mode == "words":
        d["words"] = res.words
    if res.notes:
        d["notes"] = [dict(n.as_dict(), text=t) for n, t in zip(res.notes, _note_texts(res))]
    if res.concepts:
        d["concepts"] = res.concepts
    if res.under:
        d["under"] = res.under
    if extra:
        d.update(extra)
    return json.dumps(d, ensure_ascii=False, indent=2)


def _note_texts(res: Result) -> list[str]:
    lines = note_lines(res)
    return lines[1:] if res.mode == "words" and res.words else lines


def render_text(s: Searcher, res: Result, color: bool, width: int = 64,
                numbered: bool = False) -> str:
    lines: list[str] = [_s(x, "dim", color) for x in note_lines(res)]
    rows = hit_data(s, res, width)
    idw = min(max([len(id_label(r)) for r in rows] + [5]), 12)
    numw = len(str(len(rows))) + 2 if numbered else 0
    for k, row in enumerate(rows, 1):
        lines.extend(_hit_lines(row, k if numbered else 0, idw, numw, color))
    shown = len(rows)
    where = ", ".join(res.games)
    if res.under:
        where += " under " + ", ".join(f"{g}:{c}" for g, c in res.under.items())
    summary = f"{res.total} hit{'s' if res.total != 1 else ''} in {where}"
    if res.mode == "words":
        summary += " (ranked by the words they hold)"
    if shown < res.total:
        summary += f" (showing {shown}; --limit N for more)"
    lines.append(_s(summary, "dim", color))
    return "\n".join(lines)


def id_label(row: dict) -> str:
    """How a hit's clause is named in the text output: its id (the one place to add another
    name for it, such as a ruleset's own citation form carried in the row)."""
    return row["id"]


def _hit_lines(row: dict, number: int, idw: int, numw: int, color: bool) -> list[str]:
    """One hit as text: game, id and heading, then its snippet or its clauses."""
    game = _s(f"{row['game']:<5}", "game", color)
    label = id_label(row)
    ident = _s(f"{label:<{idw}}", "id", color)
    pad = " " * (numw + 6 + max(idw, len(label)) + 2)
    if number:
        game = f"{'#' + str(number):<{numw}}" + game
    if "context" in row:
        ctx = row["context"]
        head = _s(f"‹{ctx['id']} {ctx['title']}›", "dim", color)
    else:
        head = row["heading"]
        if row["field"] == "title":
            head = highlight(head, row["highlights"], color)
    cite = f"({row['citation']}) " if row.get("citation") else ""  # the document's own form
    out = [f"{game} {ident}  {cite}{head}"]
    if row["field"] == "title":
        kids = row.get("children", [])
        if kids:
            more = f" … ({len(kids)})" if len(kids) > 8 else ""
            out.append(pad + _s("→ " + ", ".join(kids[:8]) + more, "dim", color))
    else:
        snip = highlight(row["snippet"], row["highlights"], color)
        if row["field"] == "examples":
            snip = _s("例: ", "dim", color) + snip
        out.append(pad + snip)
    if "asked" in row:  # why a clause in other words came up: the question it answers
        out.append(pad + _s(ASKED, "dim", color)
                   + highlight(row["asked"], row["asked_highlights"], color))
    return out


def render_miss(s: Searcher, res: Result) -> str:
    lines = [f"No clause matches {res.query.raw!r} in {', '.join(res.games)}."]
    lines.extend(note_lines(res))
    lines.extend(s.explain_miss(res))
    return "\n".join(lines)
