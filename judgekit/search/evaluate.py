"""A query's Whoosh matcher tree scored all at once, and Whoosh's top-N collector over it.

Whoosh's collectors step a matcher tree one document at a time: at every document each union,
intersection and wrapper of the tree is asked whether it is active, where it stands, what it
scores and to move on, so a common word (場合: 1,273 clauses, six posting lists) costs dozens of
Python calls per clause, and a sentence's tree of forty posting lists more (issue 17: that was
most of the warm search time).

`evaluate` walks the same tree once, node by node, into {document: score}: a leaf reads its
postings block by block and scores each with its own scorer (Whoosh's BM25F, the call the leaf's
score() makes); every other node combines its children's scores exactly as its matcher's
score() does, in the same order (a union adds a's and b's where both match, an intersection
keeps the documents of both, AndMaybe adds b where it matches a, ...), so every score is the
same float and every document the same. A child that only matters where another matches (the
second operand of an intersection or AndMaybe, what an AndNot excludes, a Verified term's list
of documents, a ruleset's range) is only asked about those documents. A matcher of a kind not
known here is stepped as Whoosh steps it.

`top_docs(limit)` is Whoosh's TopCollector (or UnlimitedCollector) fed from the evaluated
scores: the same heap of (score, -document), so the same top N, ties in document order.
"""

from __future__ import annotations

from heapq import heapify, nlargest

from ._whoosh import ensure

ensure()

from whoosh import matching  # noqa: E402
from whoosh.codec.whoosh3 import W3LeafMatcher  # noqa: E402
from whoosh.collectors import TopCollector, UnlimitedCollector  # noqa: E402
from whoosh.scoring import WeightLengthScorer  # noqa: E402

from .wquery import DocsMatcher, MinMatchMatcher, RangeMatcher  # noqa: E402

EVERYTHING = ((0, float("inf")),)


class Within:
    """Where a node is evaluated: ascending disjoint ranges [(start, end), ...] of document
    numbers, or (`docs`) an ascending list of documents."""

    __slots__ = ("ranges", "docs")

    def __init__(self, ranges=EVERYTHING, docs=None):
        self.ranges = ranges
        self.docs = docs

    def and_ranges(self, ranges) -> Within:
        if self.docs is not None:
            return Within(docs=[d for d in self.docs if _in_ranges(d, ranges)])
        out = []
        for a, b in self.ranges:
            for c, d in ranges:
                lo, hi = max(a, c), min(b, d)
                if lo < hi:
                    out.append((lo, hi))
        return Within(tuple(sorted(out)))

    def and_docs(self, docs) -> Within:
        """Within the ascending documents `docs` as well."""
        if self.docs is None:
            if self.ranges is EVERYTHING:
                return Within(docs=docs)
            return Within(docs=[d for d in docs if _in_ranges(d, self.ranges)])
        mine = set(self.docs)
        return Within(docs=[d for d in docs if d in mine])

    def empty(self) -> bool:
        return not self.ranges if self.docs is None else not self.docs


def _in_ranges(d: int, ranges) -> bool:
    return any(a <= d < b for a, b in ranges)


def evaluate(m, within: Within | None = None) -> dict[int, float]:
    """{document: score} of every match of the matcher `m` (consumed) within `within`."""
    within = within or Within()
    if within.empty() or not m.is_active():
        return {}
    t = type(m)
    if t is matching.UnionMatcher:
        a = evaluate(m.a, within)
        b = evaluate(m.b, within)
        if len(a) < len(b):
            a, b = b, a
        get = a.get
        for d, s in b.items():  # x + s == s + x: IEEE addition commutes
            x = get(d)
            a[d] = s if x is None else x + s
        return a
    if t is matching.IntersectionMatcher:
        # Whoosh's tree puts the larger operand first: the second one picks the documents
        b = evaluate(m.b, within)
        if not b:
            return {}
        a = evaluate(m.a, within.and_docs(sorted(b)))
        return {d: s + b[d] for d, s in a.items()}
    if t is matching.AndMaybeMatcher:
        a = evaluate(m.a, within)
        if not a:
            return a
        b = evaluate(m.b, within.and_docs(sorted(a)))
        if b:
            for d, s in b.items():
                a[d] = a[d] + s
        return a
    if t is matching.AndNotMatcher:
        a = evaluate(m.a, within)
        if a:
            for d in evaluate(m.b, within.and_docs(sorted(a))):
                del a[d]
        return a
    if t is MinMatchMatcher:
        return _min_match(m, within)
    if t is RangeMatcher:
        return _boosted(evaluate(m.child, within.and_ranges(m.ranges)), m.boost)
    if t is DocsMatcher:
        return _boosted(evaluate(m.child, within.and_docs(m.docs[m._k:])), m.boost)
    if t is matching.WrappingMatcher:
        return _boosted(evaluate(m.child, within), m.boost)
    if t is W3LeafMatcher and within.docs is None and m.scorer is not None and \
            type(m.scorer).score is WeightLengthScorer.score:
        return _postings(m, within.ranges)
    return _step(m, within)


def _boosted(scores: dict[int, float], boost: float) -> dict[int, float]:
    """WrappingMatcher.score: the child's score times the boost."""
    if boost != 1.0:
        for d, s in scores.items():
            scores[d] = s * boost
    return scores


def _min_match(m, within: Within) -> dict[int, float]:
    """MinMatchMatcher.score: the sum of the children that match, in their order, times the
    share of children matching, times the boost; for documents at least `k` of them match."""
    kids = [evaluate(c, within) for c in m._kids]
    held: dict[int, int] = {}
    for e in kids:
        for d in e:
            held[d] = held.get(d, 0) + 1
    n_kids = len(m._kids)
    out = {}
    for d, n in held.items():
        if n < m.k:
            continue
        total = 0.0
        for e in kids:
            s = e.get(d)
            if s is not None:
                total += s
        out[d] = total * n / n_kids * m.boost
    return out


def _step(m, within: Within) -> dict[int, float]:
    """Any matcher, stepped as a collector steps it: its matches within `within`."""
    out = {}
    if within.docs is not None:
        for d in within.docs:
            if not m.is_active():
                break
            if m.id() < d:
                m.skip_to(d)
                if not m.is_active():
                    break
            if m.id() == d:
                out[d] = m.score()
        return out
    for a, b in within.ranges:
        if not m.is_active():
            break
        if m.id() < a:
            m.skip_to(a)
        while m.is_active():
            d = m.id()
            if d >= b:
                break
            out[d] = m.score()
            m.next()
    return out


def _postings(m, ranges) -> dict[int, float]:
    """A Whoosh posting list read a block at a time: each posting scored as the leaf's score()
    scores it (`WeightLengthScorer.score`: the scorer's _score of the posting's weight and the
    document's field length)."""
    score = m.scorer._score
    dfl = m.scorer.dfl
    out = {}
    for a, b in ranges:
        if not m.is_active():
            break
        if m.id() < a:
            m.skip_to(a)
        while m.is_active():
            if m._ids is None:
                m._read_ids()
            if m._weights is None:
                m._read_weights()
            ids, weights, n = m._ids, m._weights, m._blocklength
            k = m._i
            if ids[n - 1] < b:  # the rest of the block
                for k in range(k, n):
                    d = ids[k]
                    out[d] = score(weights[k], dfl(d))
                m._i = n - 1
                m.next()
                continue
            while ids[k] < b:
                d = ids[k]
                out[d] = score(weights[k], dfl(d))
                k += 1
            m._i = k
            break
    return out


class _Evaluated:
    """The collector's part: score the tree at once, then hand the matches over in document
    order, as stepping would."""

    def collect_matches(self):
        scores = evaluate(self.matcher)
        off = self.offset
        if self.final_fn:
            final, top = self.final_fn, self.top_searcher
            scores = {d: final(top, off + d, s) for d, s in scores.items()}
        self._take(scores, off)


class _Top(_Evaluated, TopCollector):
    def __init__(self, limit: int = 10):
        TopCollector.__init__(self, limit=limit, usequality=False)

    def _take(self, scores: dict[int, float], off: int) -> None:
        self.total += len(scores)
        # the heap TopCollector keeps: (score, -document), the N largest
        items = nlargest(self.limit, self.items + [(s, -(off + d)) for d, s in scores.items()])
        heapify(items)
        self.items = items
        if len(items) >= self.limit:
            self.minscore = items[0][0]


class _All(_Evaluated, UnlimitedCollector):
    def __init__(self, limit=None):
        UnlimitedCollector.__init__(self)

    def _take(self, scores: dict[int, float], off: int) -> None:
        for d in sorted(scores):
            self.items.append((scores[d], off + d))
            self.docset.add(off + d)


def top_docs(limit: int | None):
    """The collector of the best `limit` matches (every match for None)."""
    return _All() if limit is None else _Top(limit)
