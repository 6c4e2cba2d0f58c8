"""What to tell a judge whose search found nothing: which term failed, where else the query
matches, and index words spelled like a term that matches nothing. Loaded only on a miss."""

from __future__ import annotations

from .index import M_EXAMPLES, M_TEXT, M_TITLE
from .query import Query


def explain_miss(s, q: Query, scope: tuple, under_ids: dict | None) -> list[str]:
    lines: list[str] = []
    if q.empty:
        return ["The query has nothing to search for (only exclusions or punctuation)."]

    def count(query: Query, games: tuple, under) -> int:
        return len(s.matches(query, games, under))

    terms = q.terms
    alone = {id(t): count(Query(t.raw, [[t]], [], None), scope, under_ids) for t in terms}
    if len(terms) > 1:
        parts = ", ".join(f"「{t.raw}」 {alone[id(t)]}" for t in terms)
        lines.append(f"Each term alone: {parts} (all terms must match; OR between two terms "
                     "finds either).")
    if q.excludes and all(alone[id(t)] for t in terms) and count(
            Query(q.raw, q.groups, [], None), scope, under_ids):
        lines.append("The exclusions (-…) removed every match.")
    if under_ids is not None:
        n = count(q, scope, None)
        if n:
            where = ", ".join(f"{g}:{c}" for g, c in under_ids.items())
            lines.append(f"{n} match{'es' if n != 1 else ''} outside --under {where}.")
    if tuple(scope) != tuple(s.games):
        found = []
        for g in s.games:
            if g not in scope:
                n = count(q, (g,), None)
                if n:
                    found.append(f"{g} ({n})")
        if found:
            lines.append("Found in other rulesets: " + ", ".join(found) + " (--game all).")
    sugg: list[str] = []
    for t in terms:
        if count(Query(t.raw, [[t]], [], None), s.games, None) == 0:
            for w in suggest(s, t.text):
                if w not in sugg:
                    sugg.append(w)
    if sugg:
        lines.append("Did you mean: " + ", ".join(sugg[:5]) + "?")
    return lines


def suggest(s, term: str, n: int = 3) -> list[str]:
    """Words of the index spelled like `term` (for a term that matches nothing)."""
    import difflib

    vocab = vocabulary(s)
    lo, hi = max(2, len(term) - 2), len(term) + 2
    chars = set(term)
    cands = [w for w in vocab if lo <= len(w) <= hi and chars.intersection(w)]
    cutoff = 0.5 if len(term) >= 4 else 0.6
    return difflib.get_close_matches(term, cands, n=n, cutoff=cutoff)


def vocabulary(s) -> set[str]:
    """Word-like runs of the indexed text (katakana, kanji, Latin), pairs of adjacent runs
    (チャージ超過), and the headings; cached on the searcher."""
    vocab = getattr(s, "_vocab", None)
    if vocab is None:
        vocab = set()
        for r in s.units:
            for field in (r[M_TITLE], r[M_TEXT], r[M_EXAMPLES]):
                runs = runs_of(field)
                for i, w in enumerate(runs):
                    if len(w) >= 2:
                        vocab.add(w)
                    if w and i + 1 < len(runs) and runs[i + 1]:
                        vocab.add(w + runs[i + 1])
            if r[M_TITLE]:
                vocab.add(r[M_TITLE])
        s._vocab = vocab
    return vocab


def _script(ch: str) -> str:
    o = ord(ch)
    if 0x30A1 <= o <= 0x30FF:
        return "k"  # katakana (and ー)
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or ch in "々〆":
        return "h"  # kanji
    if ch.isascii() and ch.isalnum():
        return "a"
    return ""


def runs_of(s: str) -> list[str]:
    """Maximal runs of one script; "" marks a break (hiragana, punctuation, space). A run
    never starts with ー (the long-vowel mark, which the fold also gives dashes)."""
    out: list[str] = []
    cur = ""
    kind = ""
    for ch in s:
        k = _script(ch)
        if k and k == kind:
            cur += ch
            continue
        if cur:
            out.append(cur)
        if not k or ch == "ー":
            if out and out[-1]:
                out.append("")
            cur, kind = "", ""
        else:
            cur, kind = ch, k
    if cur:
        out.append(cur)
    return out
