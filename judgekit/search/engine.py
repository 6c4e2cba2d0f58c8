"""Search: Whoosh finds the units that contain every term, Python ranks them and cuts snippets.

Matching (Whoosh): each term is the phrase of its bigrams (or its single character) in the
title, body, examples or parent field (the parent's heading and the section's title), so a hit
contains the term as a substring of a field's matching form, exactly; terms are ANDed,
OR-groups ORed, exclusions subtracted, and the ruleset and section filters are index terms.

Ranking (Python, over all matches, with the match forms kept in units.marshal): for each term,
the strongest place it occurs decides a level, and a refinement below one orders within it:

  4    the unit's own heading names it               904 致死ダメージエフェクト for 致死ダメージ
  3    the section the unit sits in is named by it   904.1 under 904
  2.5  its heading mentions it in passing            11.10 グループに分ける for ループ
  2    its rule text mentions it                     refined BM25-style (occurrences, length)
                                                     and by a match where a word can start
                                                     (無限ループ, not グループ)
  1    the parent's first line or the section title mentions it
  0.5  only an example mentions it

A heading "names" a term when it (or a part of it after / ・ と) starts with the term, or the
term is at least 40% of it. A unit's score is the sum of its terms' levels plus the mean of
their refinements (so refinements only order units whose levels add up the same). Consecutive
query terms that stand next to each other in the title, text or section title (a phrase typed
with a space) add one level per pair, so the exact phrase ranks above the scattered words.
Ties go to clause order.
"""

from __future__ import annotations

from . import index as ix_
from .analysis import grams
from .build import TEXT_FIELDS
from .index import (CTX_ID, CTX_TITLE, EXAMPLES, GAME, ID, M_CTX, M_EXAMPLES, M_PARENT,
                    M_TEXT, M_TITLE, ORDER, PARENT_N, TEXT, TITLE)
from .normalize import fold_map, match_form
from .query import Query, Term, parse


class Hit:
    __slots__ = ("doc", "game", "id", "score", "jump", "record")

    def __init__(self, doc: int, record: tuple, score: float, jump: bool = False):
        self.doc = doc            # document number (= position in the unit records)
        self.record = record
        self.game = record[GAME]
        self.id = record[ID]
        self.score = score
        self.jump = jump          # the query was this unit's id

    def __repr__(self) -> str:
        return f"Hit({self.game}:{self.id} {self.score:.3f}{' jump' if self.jump else ''})"


class Result:
    __slots__ = ("query", "hits", "total", "games", "under")

    def __init__(self, query: Query, hits: list[Hit], total: int, games: tuple, under):
        self.query = query
        self.hits = hits          # ranked, cut at the limit
        self.total = total        # all matches
        self.games = games
        self.under = under        # {game: resolved id} or None


MAX_TERMS = 64


class UsageError(Exception):
    """A mistake in the request (unknown ruleset, --under that names no clause)."""


class _Ids:
    """Just enough of a Ruleset for `judgekit.rules.lookup.resolve`: the ids of one game."""

    def __init__(self, game: str, ids: dict[str, int]):
        self.game = game
        self._ids = ids

    def get(self, cid: str):
        return self._ids.get(cid)


class Searcher:
    """Open once, query many times (the shell keeps one; the CLI makes one per run)."""

    def __init__(self, index: ix_.Index | None = None, progress=None):
        self._progress = progress
        self.index = index or ix_.open_index(progress=progress)
        self._setup()

    def _setup(self) -> None:
        units = self.index.units
        self.units = units
        self.ids: dict[str, dict[str, int]] = {}
        for n, r in enumerate(units):
            self.ids.setdefault(r[GAME], {})[r[ID]] = n
        lengths = [len(r[M_TEXT]) for r in units if r[M_TEXT]]
        self.avg_len = (sum(lengths) / len(lengths)) if lengths else 1.0
        self._vocab = None
        self._children: dict[int, list[int]] | None = None

    def children(self, n: int) -> list[int]:
        """Document numbers of the units whose parent is unit `n`, in clause order."""
        if self._children is None:
            kids: dict[int, list[int]] = {}
            for m, r in enumerate(self.units):
                if r[PARENT_N] >= 0:
                    kids.setdefault(r[PARENT_N], []).append(m)
            self._children = kids
        return self._children.get(n, [])

    @property
    def games(self) -> tuple:
        return self.index.games

    def close(self) -> None:
        self.index.close()

    # ---- the public call ---------------------------------------------------------------
    def search(self, text: str | Query, games=None, under: str | None = None,
               limit: int | None = 10) -> Result:
        """Ranked hits for `text` in `games` (default: every indexed ruleset)."""
        q = parse(text) if isinstance(text, str) else text
        n = len(q.terms) + len(q.excludes)
        if n > MAX_TERMS:  # Whoosh's matcher tree recurses once per term: ~1000 overflow it
            raise UsageError(f"the query has {n} terms; at most {MAX_TERMS} can be searched "
                             "at once")
        scope = self._scope(games)
        under_ids = self._under(under, scope) if under else None
        try:
            return self._search(q, scope, under_ids, limit)
        except Exception:
            # a damaged index may fail only now: reopen (another process may have rebuilt
            # it), else rebuild, and answer from the new one
            games = self.index.requested
            self.close()
            try:
                self.index = ix_.open_index(games, progress=self._progress)
                self._setup()
                return self._search(q, scope, under_ids, limit)
            except Exception:
                self.close()
                self.index = ix_.open_index(games, progress=self._progress, rebuild=True)
                self._setup()
                return self._search(q, scope, under_ids, limit)

    def _scope(self, games) -> tuple:
        if games is None or games == "all":
            return self.games
        if isinstance(games, str):
            games = (games,)
        for g in games:
            if g not in self.games:
                why = self.index.failed.get(g)
                if why:
                    raise UsageError(f"ruleset {g!r} could not be loaded ({why}); "
                                     f"indexed: {', '.join(self.games)}")
                raise UsageError(f"unknown ruleset {g!r}; known: {', '.join(self.games)}")
        return tuple(games)

    def _under(self, under: str, scope: tuple) -> dict[str, str]:
        from ..rules.lookup import resolve

        out = {}
        for g in scope:
            n = resolve(_Ids(g, self.ids.get(g, {})), under)
            if n is not None:
                out[g] = self.units[n][ID]
        if not out:
            raise UsageError(f"--under {under}: no such clause in {', '.join(scope)}")
        return out

    # ---- matching ------------------------------------------------------------------------
    def _term_query(self, t: Term):
        from whoosh.query import Phrase
        from whoosh.query import Term as WTerm

        gs = grams(t.text)
        if len(gs) == 1:
            return _or([WTerm(f, gs[0]) for f in TEXT_FIELDS])
        return _or([Phrase(f, gs) for f in TEXT_FIELDS])

    def _whoosh_query(self, q: Query, scope: tuple, under_ids: dict | None):
        from whoosh.query import And, AndNot
        from whoosh.query import Term as WTerm

        parts = []
        # the filter first: the intersection then skips the phrase checks outside it
        if under_ids is not None:
            parts.append(_or([WTerm("path", f"{g}:{cid}") for g, cid in under_ids.items()]))
        elif tuple(scope) != tuple(self.games):
            parts.append(_or([WTerm("game", g) for g in scope]))
        for g in q.groups:
            alts = [self._term_query(t) for t in g]
            parts.append(alts[0] if len(alts) == 1 else _or(alts))
        wq = parts[0] if len(parts) == 1 else And(parts)
        if q.excludes:
            wq = AndNot(wq, _or([self._term_query(t) for t in q.excludes]))
        return wq

    def matches(self, q: Query, scope: tuple, under_ids: dict | None = None) -> list[int]:
        """Document numbers of every unit that matches (unranked)."""
        if q.empty:
            return []
        wq = self._whoosh_query(q, scope, under_ids)
        return sorted(set(self.index.searcher.docs_for_query(wq)))

    # ---- ranking -------------------------------------------------------------------------
    def _term_level(self, r: tuple, t: str) -> tuple[float, float]:
        """(level, refinement in [0, 1)) of term `t` in unit record `r`: the strongest place
        the term occurs decides the level (see the module docstring)."""
        text = r[M_TEXT]
        tf = text.count(t) if text else 0
        body = 0.0
        if tf:
            norm = 1.2 * (0.25 + 0.75 * len(text) / self.avg_len)
            body = tf / (tf + norm)  # in (0, 1): more occurrences, shorter text
        title = r[M_TITLE]
        if title and t in title:
            if _names(title, t):
                return 4.0, 0.6 * len(t) / len(title) + 0.39 * body
            best = (2.5, 0.5 * len(t) / len(title) + 0.49 * body)
        else:
            best = (0.0, 0.0)
        ctx = r[M_CTX]
        if ctx and t in ctx:
            if _names(ctx, t):
                ws = 1.0 if tf and _word_start(text, t) else 0.0
                return max(best, (3.0, 0.6 * body + 0.2 * ws + 0.19 * len(t) / len(ctx)))
            best = max(best, (1.0, 0.49 * len(t) / len(ctx)))
        if tf:
            ws = 1.0 if _word_start(text, t) else 0.0
            best = max(best, (2.0, 0.7 * body + 0.29 * ws))
        if best[0] >= 2.0:
            return best
        parent = r[M_PARENT]
        if parent and t in parent:
            best = max(best, (1.0, 0.5 + 0.49 * len(t) / len(parent)))
        ex = r[M_EXAMPLES]
        if ex and t in ex:
            n = ex.count(t)
            best = max(best, (0.5, 0.49 * n / (n + 1.2)))
        return best

    def score(self, r: tuple, q: Query) -> float:
        """The rank score of a matching unit (see the module docstring)."""
        total = 0.0
        refine = 0.0
        for group in q.groups:
            best = (0.0, 0.0)
            for t in group:
                lv = self._term_level(r, t.text)
                if lv > best:
                    best = lv
            total += best[0]
            refine += best[1]
        # the refinements only order units whose levels add up the same
        total += refine / len(q.groups)
        # adjacent typed terms standing together: the exact phrase above the scattered words
        terms = [g[0] for g in q.groups if len(g) == 1]
        if len(terms) > 1:
            for a, b in zip(terms, terms[1:]):
                joined = match_form(f"{a.raw} {b.raw}")
                if joined in r[M_TITLE] or joined in r[M_TEXT] or joined in r[M_CTX]:
                    total += 1.0
        return total

    def _search(self, q: Query, scope: tuple, under_ids: dict | None, limit) -> Result:
        units = self.units
        hits: list[Hit] = []
        jumped: set[int] = set()
        if q.id_candidate:
            from ..rules.lookup import resolve

            for g in scope:
                n = resolve(_Ids(g, self.ids.get(g, {})), q.id_candidate)
                if n is None:
                    continue
                if under_ids is not None and not self._is_under(units[n], under_ids):
                    continue
                hits.append(Hit(n, units[n], 100.0, jump=True))
                jumped.add(n)
        scored = []
        for n in self.matches(q, scope, under_ids):
            if n in jumped:
                continue
            r = units[n]
            s = self.score(r, q)
            scored.append((-round(s, 9), r[ORDER], n, s))
        scored.sort()
        total = len(scored) + len(hits)
        keep = scored if limit is None else scored[:max(0, limit - len(hits))]
        hits.extend(Hit(n, units[n], s) for _, _, n, s in keep)
        if limit is not None:
            hits = hits[:limit]
        return Result(q, hits, total, scope, under_ids)

    def _is_under(self, r: tuple, under_ids: dict) -> bool:
        cid = under_ids.get(r[GAME])
        while cid is not None:
            if r[ID] == cid:
                return True
            if r[PARENT_N] < 0:
                return False
            r = self.units[r[PARENT_N]]
        return False

    # ---- snippets ------------------------------------------------------------------------
    def snippet(self, hit: Hit, q: Query, width: int = 64) -> tuple[str, str, list]:
        """(field, text, highlight spans) for a hit: the line that best shows the terms."""
        return make_snippet(hit.record, [t.text for t in q.terms], width)

    def heading(self, hit: Hit) -> tuple[str, str]:
        """(context id, heading) to show beside the id: own title, else the heading above."""
        r = hit.record
        if r[TITLE]:
            return "", r[TITLE]
        return r[CTX_ID], r[CTX_TITLE]

    # ---- no hits -------------------------------------------------------------------------
    def explain_miss(self, q: Query, scope: tuple, under_ids: dict | None) -> list[str]:
        """Why nothing matched, and what would (see `judgekit.search.suggest`)."""
        from .suggest import explain_miss

        return explain_miss(self, q, scope, under_ids)


def _or(queries: list):
    """Whoosh's Or as a tree of union matchers. (Its default on a small index preloads every
    match of every branch, so a ruleset filter could not skip the phrase checks outside it.)"""
    from whoosh.query import Or

    if len(queries) == 1:
        return queries[0]
    q = Or(queries)
    q.matcher_type = Or.DEFAULT_MATCHER
    return q


def _cls(ch: str) -> str:
    """Script class of a character, for word starts: katakana, kanji, hiragana, Latin/digit."""
    o = ord(ch)
    if 0x30A0 <= o <= 0x30FF:
        return "k"
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
        return "h"
    if 0x3040 <= o <= 0x309F:
        return "r"
    if ch.isascii() and ch.isalnum():
        return "a"
    return ""


def _word_start(s: str, t: str) -> bool:
    """Does `t` occur in `s` where a word can start (not glued to the end of a word of the
    same script)? ループ in 無限ループ does, in グループ it does not."""
    k = _cls(t[0])
    if not k:
        return True
    i = s.find(t)
    while i >= 0:
        if i == 0 or _cls(s[i - 1]) != k:
            return True
        i = s.find(t, i + 1)
    return False


_HEAD_SEPARATORS = "/／・、と "


def _names(heading: str, t: str) -> bool:
    """Does a heading that contains `t` name it (904 致死ダメージエフェクト for 致死ダメージ)
    rather than mention it in passing (グループに分ける for ループ, 装備/場 for 場)?
    The heading, or one of its parts (リブートする/スリープする, アクティブ状態にするとスリープ
    状態にする), starts with the term, or the term is at least 40% of the heading."""
    if heading.startswith(t) or 5 * len(t) >= 2 * len(heading):
        return True
    if len(t) < 2:
        return False
    for sep in _HEAD_SEPARATORS:
        if sep + t in heading:
            return True
    return False


def make_snippet(r: tuple, terms: list[str], width: int = 64) -> tuple[str, str, list]:
    """(field, snippet, spans): the source line that holds most terms, cut to `width`
    characters around the first match, with the matches' spans in the snippet."""
    field, source = "text", r[TEXT]
    if terms and not any(t in r[M_TEXT] for t in terms):
        if r[M_EXAMPLES] and any(t in r[M_EXAMPLES] for t in terms):
            field = "examples"
            source = "\n".join(r[EXAMPLES])
        elif r[M_TITLE] and any(t in r[M_TITLE] for t in terms):
            field, source = "title", r[TITLE]
    if not source:
        field, source = "title", r[TITLE]
    lines = source.split("\n")
    best = 0
    best_n = -1
    for i, line in enumerate(lines):
        m = match_form(line)
        k = sum(1 for t in terms if t in m)
        if k > best_n:
            best, best_n = i, k
    line = lines[best]
    folded, starts, ends = fold_map(line)
    low = folded.lower() if folded.isascii() else "".join(
        ch.lower() if "A" <= ch <= "Z" else ch for ch in folded)
    spans: list[tuple[int, int]] = []
    for t in terms:
        pos = low.find(t)
        while pos >= 0 and t:
            spans.append((starts[pos], ends[pos + len(t) - 1]))
            pos = low.find(t, pos + len(t))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    lo, hi = 0, len(line)
    if len(line) > width:
        first = merged[0][0] if merged else 0
        lo = max(0, min(first - width // 3, len(line) - width))
        hi = lo + width
    text = line[lo:hi]
    out_spans = [(max(a, lo) - lo, min(b, hi) - lo) for a, b in merged if b > lo and a < hi]
    if lo > 0:
        text = "…" + text
        out_spans = [(a + 1, b + 1) for a, b in out_spans]
    if hi < len(line):
        text += "…"
    return field, text, out_spans
