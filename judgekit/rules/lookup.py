"""Clause lookup: forgiving id input, nearest ids for a miss, and the text / JSON answer.

This module is the whole cold path of `judgekit rule` (see `judgekit.cli`), so it imports
nothing heavy: no `re`, no click, no json unless JSON is asked for.

Accepted input (after NFKC, so full-width digits and letters work):
  zx, g2022   702.2a, 702-2a, 702.2.a, CR702.2a, 702.2A, 「702.2a」
  d0          4.6.3, 4.6.2-1, 4.6.2.1 (all-dot form), 第4部第6章3, 4部6章2-1, 第4部第6章2-1項,
              第2部 第10章 第3節 第1項 (節 = item, 項 = sub-item), 序文1, intro.1, 4部, 4.6
  thv         1.2.7.a, 1.2.7a, 1-2-7-a
  all         companion ids such as guide.deck
"""

from __future__ import annotations

import unicodedata

from .citation import beside, citation
from .model import Clause, Ruleset

_DASHES = {"‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-", "ー": "-",
           "ｰ": "-", "－": "-"}
_PREFIXES = ("comprehensiverules", "rules", "rule", "cr", "d0", "zx", "thv", "g2022", "no.", "no")
_QUOTES = "「」『』()[]【】<>\"'“”‘’《》"


def _tokens(s: str) -> list[str]:
    """Split into digit runs, letter runs and the kanji markers 部 章 節 項 序文."""
    out: list[str] = []
    buf = ""
    kind = ""
    i = 0
    while i < len(s):
        ch = s[i]
        if s.startswith("序文", i):
            if buf:
                out.append(buf)
            out.append("序文")
            buf, kind = "", ""
            i += 2
            continue
        k = "d" if ch.isdigit() else ("a" if ch.isascii() and ch.isalpha() else "")
        if ch in "部章節項":
            if buf:
                out.append(buf)
            out.append(ch)
            buf, kind = "", ""
        elif k and k == kind:
            buf += ch
        else:
            if buf:
                out.append(buf)
            buf, kind = (ch, k) if k else ("", "")
        i += 1
    if buf:
        out.append(buf)
    return out


def clean_input(raw: str) -> str:
    s = unicodedata.normalize("NFKC", raw).strip()
    s = "".join(_DASHES.get(ch, ch) for ch in s)
    s = "".join(ch for ch in s if ch not in _QUOTES).strip()
    return s


def candidates(raw: str, game: str, *, lenient: bool = False) -> list[str]:
    """Canonical ids the input may mean, most likely first.

    `lenient`: read the numbers in it even when the whole is no clause number (X.4.6.3 as
    4.6.3): only for suggesting the nearest ids, never for answering."""
    s = clean_input(raw)
    low = s.lower()
    out: list[str] = []
    if low.startswith("guide") or low == "intro" or low.startswith("intro."):
        out.append(low.replace(" ", ""))
    for p in _PREFIXES:
        if low.startswith(p) and len(low) > len(p) and (low[len(p)].isdigit() or low[len(p)] in " .:#-"):
            s = s[len(p):].lstrip(" .:#-")
            low = s.lower()
            break
    toks = _tokens(s)
    digits = [t for t in toks if t.isdigit()]
    letters = [t.lower() for t in toks if t.isascii() and t.isalpha()]
    if not lenient and not _shaped(s, toks, game):
        # leading garbage (X.4.6.3, -1) or more than an id of this numbering holds
        # (1.1.1.9 in 東方VISION, 702.2a.9): read only as typed, never as a shorter id
        toks = digits = letters = []
    if game in ("zx", "g2022"):
        if digits:
            cid = digits[0]
            if len(digits) > 1:
                cid += "." + digits[1]
            if letters and len(digits) > 1:
                cid += letters[0]
            out.append(cid)
    elif game == "thv":
        if digits:
            cid = ".".join(digits[:3])
            if letters and len(digits) >= 3:
                cid += "." + letters[0]
            out.append(cid)
    elif game == "d0":
        out.extend(_d0_candidates(s, toks, digits))
    # plain form as typed (covers guide ids and anything already canonical)
    plain = s.replace(" ", "")
    if plain not in out:
        out.append(plain)
    return [c for c in out if c]


def _shaped(s: str, toks: list[str], game: str) -> bool:
    """Whether what is left after the prefix is a clause number of `game`'s numbering as a
    whole: it starts with its number (D0: or 第/序文/intro) and holds no more components
    than that numbering's ids (Z/X, g2022: 702.2a; 東方VISION: 1.2.7.a; D0: any digits, or
    its 部/章 form)."""
    if not s or not toks:
        return False
    kinds = ["d" if t.isdigit() else ("a" if t.isascii() and t.isalpha() else t) for t in toks]
    if game == "d0":
        if s.lower().startswith("intro") or "序文" in toks:
            return True
        if s[0] == "第" or "部" in toks or "章" in toks:
            return (s[0].isdigit() or s[0] == "第") and "a" not in kinds
        return s[0].isdigit() and all(k == "d" for k in kinds)
    if not s[0].isdigit():
        return False
    if game in ("zx", "g2022"):
        return kinds in (["d"], ["d", "d"], ["d", "d", "a"])
    if game == "thv":
        return kinds in (["d"], ["d", "d"], ["d", "d", "d"], ["d", "d", "d", "a"])
    return True


def _d0_candidates(s: str, toks: list[str], digits: list[str]) -> list[str]:
    if "序文" in toks or s.lower().startswith("intro"):
        return ["intro." + digits[0]] if digits else ["intro"]
    if "部" in toks or "章" in toks:
        part = chap = None
        rest: list[str] = []
        prev = None
        for t in toks:
            if t == "部" and prev is not None:
                part = prev
                prev = None
            elif t == "章" and prev is not None:
                chap = prev
                prev = None
            elif t in ("節", "項"):
                if prev is not None:
                    rest.append(prev)
                prev = None
            elif t.isdigit():
                if prev is not None:
                    rest.append(prev)
                prev = t
        if prev is not None:
            rest.append(prev)
        head = ".".join(x for x in (part, chap) if x is not None)
        if not rest:
            return [head]
        return [head + "." + rest[0] + "".join("-" + x for x in rest[1:])]
    if not digits:
        return []
    # the first two components are always part and chapter: 4.6.2.1 == 4.6.2-1
    cid = ".".join(digits[:3]) + "".join("-" + d for d in digits[3:])
    return [cid]


def resolve(rs: Ruleset, raw: str) -> Clause | None:
    for cid in candidates(raw, rs.game):
        c = rs.get(cid)
        if c is not None:
            return c
    return None


def nearest(rs: Ruleset, raw: str, n: int = 5) -> list[str]:
    """Existing ids closest to what was typed: the id its numbers spell where it exists
    (4.6.3 for X.4.6.3), then the longest shared prefix, then similar spelling."""
    out: list[str] = []
    loose = candidates(raw, rs.game, lenient=True)
    if loose and rs.get(loose[0]) is not None:
        out.append(loose[0])
    cands = candidates(raw, rs.game)
    want = cands[0] if cands else clean_input(raw)
    found = _nearest(rs, want, n)
    if not found and loose and loose[0] != want:
        found = _nearest(rs, loose[0], n)
    out.extend(c for c in found if c not in out)
    return out[:n]


def _nearest(rs: Ruleset, want: str, n: int) -> list[str]:
    ids = [c.id for c in rs.all_units()]
    # the deepest existing unit whose id starts what was typed, then its children
    for cut in range(len(want) - 1, 0, -1):
        head = rs.get(want[:cut])
        # (702 is not a head of 7021: a cut inside a number does not count)
        if head is not None and not (want[cut - 1].isdigit() and want[cut].isdigit()):
            out = [head.id] + head.children[: n - 1]
            return out[:n]
    best: list[tuple[int, int, str]] = []
    for i, cid in enumerate(ids):
        k = 0
        for a, b in zip(cid, want):
            if a != b:
                break
            k += 1
        if k:
            best.append((-k, i, cid))
    best.sort()
    out: list[str] = []
    if best:
        top = best[0][0]
        out = [cid for k, _, cid in best if k == top][:n]
    if len(out) < n:
        import difflib

        for cid in difflib.get_close_matches(want, ids, n=n, cutoff=0.6):
            if cid not in out:
                out.append(cid)
    return out[:n]


# ------------------------------------------------------------------------------------------
# answers


def answer(rs: Ruleset, c: Clause) -> dict:
    """Everything `judgekit rule` shows, as plain data (the --json shape)."""
    def brief(cid: str) -> dict:
        u = rs.get(cid)
        return {"id": cid, "heading": u.first_line(80) if u else "", "exists": u is not None}

    d = c.to_json()
    d["ruleset"] = {"game": rs.game, "title": rs.title, "edition": rs.edition}
    d["citation"] = citation(rs.game, c.id)  # the document's own form (第4部第6章3), or ""
    d["breadcrumb"] = [{"id": a.id, "heading": a.first_line(80)} for a in rs.ancestors(c.id)]
    d["children"] = [brief(x) for x in c.children]
    d["refs"] = [
        {"target": r.target, "raw": r.raw, "resolved": r.resolved, "status": r.status,
         "heading": (rs.get(r.target).first_line(80) if rs.get(r.target) else ""),
         **({"note": r.note} if r.note else {})}
        for r in c.refs
    ]
    del d["refs_detail"]
    d["cited_by"] = [brief(x) for x in c.cited_by]
    d["source"] = rs.meta.get("companion", {}).get("source") if c.doc != "rules" else rs.meta.get("source")
    return d


def render_text(rs: Ruleset, c: Clause, width: int = 100) -> str:
    lines: list[str] = []
    crumbs = [f"{a.id} {a.first_line(30)}" for a in rs.ancestors(c.id)]
    lines.append(" › ".join([f"{rs.title} {rs.edition}".strip()] + crumbs))
    ident = beside(rs.game, c.id)
    head = f"{ident}  {c.title}" if c.title else ident
    if c.virtual:
        head += "  (not printed in the source)"
    lines.append("")
    lines.append(head)
    if c.text:
        lines.append("")
        lines.extend(c.text.split("\n"))
    for i, e in enumerate(c.examples, 1):
        lines.append("")
        label = "例" if len(c.examples) == 1 else f"例{i}"
        lines.append(f"  {label}: " + e.replace("\n", "\n      "))
    if c.notes:
        lines.append("")
        for n in c.notes:
            lines.append(f"  ⚠ {n}")
    def listing(label: str, ids: list[str]) -> None:
        if ids:
            lines.extend(["", label])
            for cid in ids:
                u = rs.get(cid)
                lines.append(f"  {cid:<12} {u.first_line(70) if u else ''}")

    listing("Children:", c.children)
    if c.refs:
        lines.append("")
        lines.append("References:")
        seen = set()
        for r in c.refs:
            if (r.target, r.status) in seen:
                continue
            seen.add((r.target, r.status))
            u = rs.get(r.target)
            tail = u.first_line(50) if u else "(no such clause)"
            mark = "" if r.status == "ok" else f"  [{r.status}: {r.note}]"
            lines.append(f"  {r.target:<12} {tail}{mark}")
    listing("Cited by:", c.cited_by)
    src = rs.meta.get("source") if c.doc == "rules" else rs.meta.get("companion", {}).get("source")
    if c.line:
        span = f"line {c.line}" if c.line_end <= c.line else f"lines {c.line}-{c.line_end}"
        lines.append("")
        lines.append(f"Source: {src}, {span}")
    return "\n".join(lines)


def run_rule(raw_id: str, game: str = "zx", as_json: bool = False, out=None, err=None) -> int:
    """The `judgekit rule` command. Returns the exit code."""
    import sys

    out = out or sys.stdout
    err = err or sys.stderr
    from . import GAMES, load

    if game not in GAMES:
        err.write(f"Error: unknown game {game!r}. Known games: {', '.join(GAMES)}.\n")
        return 2
    rs = load(game)
    c = resolve(rs, raw_id)
    if c is None:
        near = nearest(rs, raw_id)
        tried = ", ".join(candidates(raw_id, game)) or "nothing usable"
        msg = f"Error: no clause {raw_id!r} in {game} ({rs.title} {rs.edition}); read as: {tried}."
        if near:
            msg += "\nNearest existing ids: " + ", ".join(near)
        if as_json:
            import json

            out.write(json.dumps({"error": "not found", "query": raw_id, "game": game,
                                  "nearest": near}, ensure_ascii=False) + "\n")
        err.write(msg + "\n")
        return 1
    if as_json:
        import json

        out.write(json.dumps(answer(rs, c), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(render_text(rs, c) + "\n")
    return 0
