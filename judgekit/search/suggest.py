"""Never a dead end: the rules' words spelled like a word that matches nothing, and what to tell
a judge whose search found nothing at all. Loaded only when a word matches nothing."""

from __future__ import annotations

def _candidates(s, term: str, cutoff: float = 0.0) -> list[str]:
    """Spellings of the rules (`build.vocabulary`) about as long as `term`, sharing a
    character with it (found through an index by character, built on the first miss), and
    sharing enough that difflib's ratio could reach `cutoff`: the ratio is 2·M / (|a| + |b|),
    and M, the characters matched, is at most the sum over the shared characters of their
    count in `term`; a spelling below that bound could never pass get_close_matches."""
    by_char = getattr(s, "_spelling_by_char", None)
    if by_char is None:
        by_char = {}
        for k, w in enumerate(s.index.spelling):
            for ch in set(w):
                by_char.setdefault(ch, []).append(k)
        s._spelling_by_char = by_char
    lo, hi = max(2, len(term) - 2), len(term) + 2
    spelling = s.index.spelling
    shared: dict[int, int] = {}
    for ch in set(term):
        c = term.count(ch)
        for k in by_char.get(ch, ()):
            shared[k] = shared.get(k, 0) + c
    n = len(term)
    return [spelling[k] for k in sorted(shared)
            if lo <= len(spelling[k]) <= hi and 2.0 * shared[k] >= cutoff * (n + len(spelling[k]))]


def suggest(s, term: str, scope: tuple, n: int = 3) -> list[str]:
    """Words of the rules in `scope` spelled like `term` (matching form), nearest first."""
    import difflib

    cutoff = 0.5
    out = []
    for w in difflib.get_close_matches(term, _candidates(s, term, cutoff), n=3 * n,
                                       cutoff=cutoff):
        if w != term and s.containing(w, scope):
            out.append(w)
        if len(out) == n:
            break
    return out


def nearest(s, term: str, scope: tuple) -> str | None:
    """The word of the rules a misspelt katakana word was meant to be, when one is close
    enough to search for it instead (シャッフウ -> シャッフル); else None."""
    import difflib

    if not all(0x30A1 <= ord(ch) <= 0x30FF for ch in term):
        return None
    for w in suggest(s, term, scope, n=1):
        if difflib.SequenceMatcher(None, term, w).ratio() >= 0.75:
            return w
    return None


def explain_miss(s, res) -> list[str]:
    """Why a search found nothing at all, and what would."""
    q = res.query
    scope = res.games
    lines: list[str] = []
    if q.empty:
        if q.excludes:
            return ["The query has nothing to search for, only exclusions (-…): add a word."]
        return ["The query has nothing to search for (operators or punctuation alone); to find "
                "punctuation, put it in quotes: \"-\"."]

    def count(query, games, under_ids) -> int:
        # counted as the search finds them (a sentence is read as words, not matched exactly)
        return s._search(query, tuple(games), under_ids, 1).total

    if q.excludes:
        from .query import Query

        rest = Query(q.raw, q.groups, [], None)
        if count(rest, scope, res.under):
            lines.append("The exclusions (-…) removed every clause the rest finds.")
    if res.under is not None:
        n = count(q, scope, None)
        if n:
            where = ", ".join(f"{g}:{c}" for g, c in res.under.items())
            lines.append(f"{n} clause{'s' if n != 1 else ''} found outside --under {where}.")
    if tuple(scope) != tuple(s.games):
        found = []
        for g in s.games:
            if g not in scope:
                n = count(q, (g,), None)
                if n:
                    found.append(f"{g} ({n})")
        if found:
            lines.append("Found in other rulesets: " + ", ".join(found) + " (--game all).")
    phrases = [t for t in q.terms if t.phrase and not s.containing(t.text, scope)]
    for t in phrases:
        words = suggest(s, t.text, scope)
        line = f"The phrase 「{t.raw}」 occurs nowhere"
        lines.append(line + (f"; did you mean: {', '.join(words)}?" if words else "."))
    return lines
