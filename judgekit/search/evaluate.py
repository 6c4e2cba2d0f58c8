"""A query scored all at once, as Whoosh's matchers would score it, and Whoosh's top-N
collector over the scores.

Whoosh's collectors step a query's matcher tree one document at a time: at every document each
union, intersection and wrapper is asked whether it is active, where it stands, what it scores
and to move on, and building the tree already positions every posting list (intersections and
AndMaybe find their first common document, ranges skip to their start), so a common word
(場合: 1,273 clauses, six posting lists) or a sentence's forty posting lists cost dozens of
Python calls per clause (issue 17: most of the warm search time).

`evaluate_query` compiles the query as Whoosh would, node by node, and scores each node into
{document: score} at once: an Or is Whoosh's tree of unions (its Huffman tree on the
subqueries' estimated sizes, so the scores are added in the same grouping), an And its tree of
intersections, AndMaybe, AndNot, the search's own Verified, Within, Boosted and MinMatchOr what
their matchers do; a term is Whoosh's posting list (from the first document that matters, see
`wquery.Term`), read a block at a time, each posting scored by its own scorer (Whoosh's BM25F,
the call the leaf's score() makes). Every node combines its children's scores as its matcher's
score() does (IEEE addition commutes, so which operand is folded into which does not matter),
so every score is the same float and every document the same (tests/search/test_evaluate.py
compares with Whoosh's collector stepping the matcher tree). A child that only matters where
another matches (the first operand's documents for an intersection's other one, AndMaybe's
optional part, what an AndNot excludes), a Verified term's documents and a ruleset's range are
the only documents a node is asked about, and a node with none is not built at all. A query or
matcher of a kind not known here is built and stepped as Whoosh steps it (`evaluate`).

A context may carry `may_hold(field, token, documents)`, False only when none of the documents
can hold the token in that field (the engine tests the units' text: every token of a field is a
substring of the field's matching form); a term asked about a few documents none of which can
hold it is then not opened.

`top_docs(limit)` is Whoosh's TopCollector (or UnlimitedCollector) fed from the scores: the same
heap of (score, -document), so the same top N, ties in document order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from heapq import heapify, nlargest

from ._whoosh import ensure

ensure()

from whoosh import matching  # noqa: E402
from whoosh.codec.whoosh3 import W3LeafMatcher  # noqa: E402
from whoosh.collectors import TopCollector, UnlimitedCollector  # noqa: E402
from whoosh.query import And, AndMaybe, AndNot, Or  # noqa: E402
from whoosh.query import Term as WhooshTerm  # noqa: E402
from whoosh.scoring import WeightLengthScorer  # noqa: E402

from . import wquery  # noqa: E402
from .wquery import BisectLeaf, DocsMatcher, MinMatchMatcher, RangeMatcher  # noqa: E402

EVERYTHING = ((0, float("inf")),)
# a term asked about this many documents or fewer first asks the context's may_hold whether any
# of them can hold it (the engine answers from the units' text: a few substring tests are
# cheaper than opening a posting list)
FEW = 64
_LEAVES = (W3LeafMatcher, BisectLeaf)


class Where:
    """Where a node is evaluated: ascending disjoint ranges [(start, end), ...] of document
    numbers, or (`docs`) an ascending list of documents."""

    __slots__ = ("ranges", "docs")

    def __init__(self, ranges=EVERYTHING, docs=None):
        self.ranges = ranges
        self.docs = docs

    def and_ranges(self, ranges) -> Where:
        if self.docs is not None:
            return Where(docs=_docs_in(self.docs, ranges))
        out = []
        for a, b in self.ranges:
            for c, d in ranges:
                lo, hi = max(a, c), min(b, d)
                if lo < hi:
                    out.append((lo, hi))
        return Where(tuple(sorted(out)))

    def and_docs(self, docs) -> Where:
        """Within the ascending documents `docs` as well."""
        if self.docs is None:
            if self.ranges is EVERYTHING:
                return Where(docs=docs)
            return Where(docs=_docs_in(docs, self.ranges))
        mine = set(self.docs)
        return Where(docs=[d for d in docs if d in mine])

    def empty(self) -> bool:
        return not self.ranges if self.docs is None else not self.docs

    def first(self) -> int:
        """The first document that may matter."""
        return self.ranges[0][0] if self.docs is None else self.docs[0]


def _docs_in(docs, ranges) -> list:
    """The ascending documents `docs` that lie in the ascending disjoint `ranges`, in order
    (each range's run found by bisection)."""
    if len(ranges) == 1:
        a, b = ranges[0]
        return docs[bisect_left(docs, a):bisect_left(docs, b)]
    out = []
    for a, b in ranges:
        out.extend(docs[bisect_left(docs, a):bisect_left(docs, b)])
    return out


def evaluate_query(q, searcher, context=None, where: Where | None = None) -> dict[int, float]:
    """{document: score} of every match of the query `q` within `where`, as the matcher
    Whoosh builds for it would score them."""
    where = where or Where()
    if where.empty():
        return {}
    t = type(q)
    if t is wquery.Within:  # RangeMatcher: the child's scores (boost 1)
        return evaluate_query(q.child, searcher, context, where.and_ranges(q.ranges))
    if t is wquery.Verified:  # DocsMatcher: the child's matches among the documents
        if not q.docs:
            return {}
        return _boosted(evaluate_query(q.child, searcher, context, where.and_docs(q.docs)),
                        q.boost)
    if t is wquery.Boosted:  # WrappingMatcher
        return _boosted(evaluate_query(q.child, searcher, context, where), q.boost)
    if t is wquery.MinMatchOr:
        if not q.subqueries:
            return {}
        kids = [evaluate_query(c, searcher, context, where) for c in q.subqueries]
        return _min_matched(kids, q.minmatch, q.boost)
    if (t is Or and q.matcher_type == Or.DEFAULT_MATCHER and not q.scale) or t is And:
        subs = q.subqueries
        if not subs:
            return {}
        if len(subs) == 1:  # CompoundQuery.matcher: the one subquery's matcher, unboosted
            return evaluate_query(subs[0], searcher, context, where)
        reader = searcher.reader()
        whole = getattr(context, "whole_lists", None)
        if t is Or:  # DefaultOr: a Huffman tree of UnionMatchers on the estimated sizes
            tree = _weighted_tree([_size(c, reader, whole) for c in subs])
            scores = _union_tree(tree, subs, searcher, context, where)
        else:  # And: the same tree of IntersectionMatchers, on minus the sizes
            tree = _weighted_tree([0 - _size(c, reader, whole) for c in subs])
            scores = _intersection_tree(tree, subs, searcher, context, where)
        return _boosted(scores, q.boost)  # _tree_matcher's WrappingMatcher
    if t is AndMaybe:
        a = evaluate_query(q.a, searcher, context, where)
        if a:
            b = evaluate_query(q.b, searcher, context, where.and_docs(sorted(a)))
            for d, s in b.items():
                a[d] = a[d] + s
        return a
    if t is AndNot:
        a = evaluate_query(q.a, searcher, context, where)
        if a:
            for d in evaluate_query(q.b, searcher, searcher.boolean_context(),
                                    where.and_docs(sorted(a))):
                del a[d]
        return a
    whole = getattr(context, "whole_lists", None)
    if whole is not None and type(q) is wquery.Term and q.fieldname in whole \
            and context.weighting is searcher.weighting:
        got = _whole_list(q, searcher, whole[q.fieldname])
        if got is not None:
            return _boosted(_scored_in(got, where), q.boost)
    if isinstance(q, WhooshTerm) and where.docs is not None and len(where.docs) <= FEW:
        may_hold = getattr(context, "may_hold", None)
        if may_hold is not None and not may_hold(q.fieldname, q.text, where.docs):
            return {}  # no posting among the documents: the list is not even opened
    m = q.matcher(searcher, context)
    if isinstance(q, WhooshTerm):
        leaf = m.child if type(m) is matching.WrappingMatcher else m
        if type(leaf) is BisectLeaf and leaf.is_active():
            leaf.skip_to(where.first())  # by block headers: the blocks before are never read
    return evaluate(m, where)


def _size(q, reader, whole) -> int:
    """`q.estimate_size(reader)`: a term's document frequency, from its stored list when the
    run reads its field's lists from the index's copy (`StoredLists`: every list holds each
    of its term's documents once, checked when it was stored), else Whoosh's answer."""
    if whole is not None:
        t = type(q)
        if t is wquery.Term:
            lists = whole.get(q.fieldname)
            if type(lists) is StoredLists:
                return len(lists.get(q.text)[0])
        elif (t is Or or t is And) and q.subqueries:
            # CompoundQuery.estimate_size (the sum, at most the documents' count) and
            # And.estimate_size (the least) of the subqueries' sizes, each from its stored
            # list where it has one (an Or of a word's fields, an And of its grams)
            sizes = [_size(c, reader, whole) for c in q.subqueries]
            return min(sum(sizes), reader.doc_count()) if t is Or else min(sizes)
    return q.estimate_size(reader)


def _whole_list(q, searcher, held: dict):
    """A term's whole posting list, read once for the search (`held`: {text: list}) and kept
    for every node that asks about it (a word of a sentence is asked about in each ruleset
    of the scope): (ids, weights, the scorer's _score and dfl), empty when no document holds
    the term, None when its matcher is of a kind not read here."""
    got = held.get(q.text)
    if got is not None:
        return got or None  # False: a list not read here
    m = WhooshTerm.matcher(q, searcher, None)  # from the list's first document
    if type(m) is matching.WrappingMatcher:
        m = m.child
    if isinstance(m, matching.NullMatcherClass) or not m.is_active():
        got = held[q.text] = ((), (), None, None)
        return got
    if not isinstance(m, W3LeafMatcher) or m.scorer is None or \
            type(m.scorer).score is not WeightLengthScorer.score:
        held[q.text] = False
        return None
    ids: list[int] = []
    weights: list[float] = []
    read_blocks(m, ids, weights)
    got = held[q.text] = (ids, weights, m.scorer._score, m.scorer.dfl)
    return got


def read_blocks(m, ids: list, weights: list) -> None:
    """Append the rest of a Whoosh leaf matcher's posting list, its documents and weights, a
    block at a time from the matcher's own arrays (no per-posting calls)."""
    while m.is_active():
        if m._ids is None:
            m._read_ids()
        if m._weights is None:
            m._read_weights()
        end = m._blocklength
        ids.extend(m._ids[m._i:end])
        weights.extend(m._weights[m._i:end])
        m._i = end - 1
        m.next()


class StoredLists:
    """A field's whole posting lists (`_whole_list`'s answers) from the index's own copy of
    them (`index.AsksPostings`, asks.bin): each term's documents and weights read in place,
    scored by a BM25FScorer holding the term's idf and the field's average length as Whoosh's
    scorer computes them (`asksbin.asks_postings` stored Whoosh's own answers) and the field's B
    and K1 from the weighting, the document's length from the stored lengths: the same floats,
    without opening a posting list or asking the term dictionary. A searcher kept for many
    queries keeps one (`engine.Searcher._asks_lists`): the lists never change."""

    __slots__ = ("_post", "_got", "_B", "_K1", "_dfl", "_stored", "_by_doc")

    def __init__(self, post, B: float, K1: float):
        self._post = post
        self._got: dict = {}
        self._B = B
        self._K1 = K1
        self._dfl = post.lengths.__getitem__
        # the postings' scores as stored, while they were computed with the same B and K1
        self._stored = post.scored_with == (B, K1)
        self._by_doc = False

    def by_document(self) -> None:
        """From now on a list of stored scores also maps each document to its score (a
        searcher kept for many queries: a lookup instead of a bisection, the list's dict
        built once)."""
        self._by_doc = True

    @classmethod
    def of(cls, post, weighting, fieldname: str):
        """For `weighting` when it scores `fieldname` as Whoosh's BM25F does (its scorer,
        its idf), else None (Whoosh's own lists are read)."""
        from whoosh.scoring import BM25F, WeightingModel

        if post is None or not isinstance(weighting, BM25F) or \
                type(weighting).idf is not WeightingModel.idf:
            return None
        return cls(post, weighting._field_B.get(fieldname, weighting.B), weighting.K1)

    def get(self, text: str):
        got = self._got.get(text)
        if got is not None and self._by_doc and got[2] is None and got[3] is None and got[0]:
            got = self._got[text] = (got[0], got[1], None, dict(zip(got[0], got[1])))
        if got is None:
            post = self._post
            k = post.find(text.encode())
            if k < 0:
                got = ((), (), None, None)
            elif self._stored:  # the scores themselves (`_scored_in`: no scorer), as lists
                # (bisecting a list skips the memoryview's item calls)
                ids, scores = post.postings(k)[0].tolist(), post.scores(k).tolist()
                got = (ids, scores, None, dict(zip(ids, scores)) if self._by_doc else None)
            else:
                from whoosh.scoring import BM25FScorer

                ids, weights, idf = post.postings(k)
                sc = object.__new__(BM25FScorer)  # what BM25FScorer.__init__ would hold
                sc.idf, sc.avgfl, sc.B, sc.K1, sc.qf = idf, post.avgfl, self._B, self._K1, 1
                got = (ids, weights, sc._score, self._dfl)
            self._got[text] = got
        return got


def _positions(ids, docs):
    """(document, its place in `ids`) for each of the sorted `docs` that the sorted `ids`
    hold, by one forward bisection."""
    n = len(ids)
    k = 0
    for d in docs:
        k = bisect_left(ids, d, k)
        if k == n:
            return
        if ids[k] == d:
            yield d, k


def _scored_in(got, where: Where) -> dict[int, float]:
    """The postings of a whole list (`_whole_list`) within `where`, each scored as the leaf's
    score() scores it (`WeightLengthScorer.score`); a list without a scorer (`StoredLists`)
    holds the scores themselves where the weights would be (and, for a kept searcher, each
    document's score by document where the lengths would be: `StoredLists.by_document`)."""
    ids, weights, score, dfl = got
    out: dict[int, float] = {}
    if not ids:
        return out
    if score is None:
        if where.docs is not None and dfl is not None:
            get = dfl.get
            for d in where.docs:
                s = get(d)
                if s is not None:
                    out[d] = s
            return out
        if where.docs is not None:
            return {d: weights[k] for d, k in _positions(ids, where.docs)}
        for a, b in where.ranges:  # (the scores as stored, a run at a time)
            lo, hi = bisect_left(ids, a), bisect_left(ids, b)
            if lo == 0 and hi == len(ids):
                out.update(zip(ids, weights))
            elif lo < hi:
                out.update(zip(ids[lo:hi], weights[lo:hi]))
        return out
    if where.docs is not None:
        return {d: score(weights[k], dfl(d)) for d, k in _positions(ids, where.docs)}
    for a, b in where.ranges:
        for k in range(bisect_left(ids, a), bisect_left(ids, b)):
            d = ids[k]
            out[d] = score(weights[k], dfl(d))
    return out


def _weighted_tree(weights: list):
    """whoosh.util.make_weighted_tree's tree over subqueries 0..n-1 with these weights: sorted
    by weight (the sort is stable: Whoosh's (weight, matcher) pairs with equal weights compare
    neither less nor greater, matchers being "equal" by class and never "less"), the two
    lightest joined and put back after the pairs of equal weight (insort), until one is left.
    A node is a subquery's index or a pair of nodes (a, b) for Matcher(a, b)."""
    ls = sorted(((w, k) for k, w in enumerate(weights)), key=lambda x: x[0])
    while len(ls) > 1:
        (wa, a), (wb, b) = ls[0], ls[1]
        del ls[:2]
        w = wa + wb
        ls.insert(bisect_right([x[0] for x in ls], w), (w, (a, b)))
    return ls[0][1]


def _union_tree(node, subs, searcher, context, where) -> dict[int, float]:
    """UnionMatcher(a, b): the documents of either, a's score plus b's where both match."""
    if isinstance(node, int):
        return evaluate_query(subs[node], searcher, context, where)
    a = _union_tree(node[0], subs, searcher, context, where)
    b = _union_tree(node[1], subs, searcher, context, where)
    return _union(a, b)


def _intersection_tree(node, subs, searcher, context, where) -> dict[int, float]:
    """IntersectionMatcher(a, b): the documents of both, a's score plus b's. The tree puts the
    larger operand first: the second is scored first, and picks where the first is asked."""
    if isinstance(node, int):
        return evaluate_query(subs[node], searcher, context, where)
    b = _intersection_tree(node[1], subs, searcher, context, where)
    if not b:
        return {}
    a = _intersection_tree(node[0], subs, searcher, context, where.and_docs(sorted(b)))
    return {d: s + b[d] for d, s in a.items()}


def _union(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    if len(a) < len(b):
        a, b = b, a
    get = a.get
    for d, s in b.items():  # x + s == s + x: IEEE addition commutes
        x = get(d)
        a[d] = s if x is None else x + s
    return a


def evaluate(m, within: Where | None = None) -> dict[int, float]:
    """{document: score} of every match of the matcher `m` (consumed) within `within`."""
    within = within or Where()
    if within.empty() or not m.is_active():
        return {}
    t = type(m)
    if t is matching.UnionMatcher:
        return _union(evaluate(m.a, within), evaluate(m.b, within))
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
        return _min_matched([evaluate(c, within) for c in m._kids], m.k, m.boost)
    if t is RangeMatcher:
        return _boosted(evaluate(m.child, within.and_ranges(m.ranges)), m.boost)
    if t is DocsMatcher:
        return _boosted(evaluate(m.child, within.and_docs(m.docs[m._k:])), m.boost)
    if t is matching.WrappingMatcher:
        return _boosted(evaluate(m.child, within), m.boost)
    if t in _LEAVES and m.scorer is not None and \
            type(m.scorer).score is WeightLengthScorer.score:
        if within.docs is None:
            return _postings(m, within.ranges)
        return _postings_at(m, within.docs)
    return _step(m, within)


def _boosted(scores: dict[int, float], boost: float) -> dict[int, float]:
    """WrappingMatcher.score: the child's score times the boost."""
    if boost != 1.0:
        for d, s in scores.items():
            scores[d] = s * boost
    return scores


def _min_matched(kids: list[dict[int, float]], k: int, boost: float) -> dict[int, float]:
    """MinMatchMatcher.score over the children's scores: for the documents at least `k` of
    them match, the sum of those that match, in their order, times the share of children
    matching, times the boost."""
    held: dict[int, int] = {}
    for e in kids:
        for d in e:
            held[d] = held.get(d, 0) + 1
    n_kids = len(kids)
    out = {}
    for d, n in held.items():
        if n < k:
            continue
        total = 0.0
        for e in kids:
            s = e.get(d)
            if s is not None:
                total += s
        out[d] = total * n / n_kids * boost
    return out


def _step(m, within: Where) -> dict[int, float]:
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


def _postings_at(m, docs) -> dict[int, float]:
    """A Whoosh posting list asked about the ascending documents `docs` only (a Verified
    term's, an intersection's other operand): the blocks that may hold them (by their
    headers), each block's ids searched by bisection, each posting found scored as the leaf's
    score() scores it (`WeightLengthScorer.score`), as `_step` would find and score them
    without its calls per document."""
    score = m.scorer._score
    dfl = m.scorer.dfl
    out = {}
    i, n = 0, len(docs)
    while i < n and m.is_active():
        if docs[i] > m._maxid:  # past this block: on to the one that may hold it
            m.skip_to(docs[i])
            continue
        if m._ids is None:
            m._read_ids()
        if m._weights is None:
            m._read_weights()
        ids, weights, end = m._ids, m._weights, m._blocklength
        top = ids[end - 1]
        k = m._i
        while i < n:
            d = docs[i]
            if d > top:
                break
            k = bisect_left(ids, d, k, end)
            if ids[k] == d:
                out[d] = score(weights[k], dfl(d))
            i += 1
        if i < n:  # the rest lies past this block
            m._i = end - 1
            m.next()
    return out


class _Evaluated:
    """The collector's part: the query scored at once (no matcher tree is built), the matches
    handed over as stepping would."""

    def set_subsearcher(self, subsearcher, offset):
        self.subsearcher = subsearcher
        self.offset = offset
        self.matcher = None

    def collect_matches(self):
        scores = evaluate_query(self.q, self.subsearcher, self.context)
        off = self.offset
        if self.final_fn:
            final, top = self.final_fn, self.top_searcher
            scores = {d: final(top, off + d, s) for d, s in scores.items()}
        self._take(scores, off)


class _Top(_Evaluated, TopCollector):
    def __init__(self, limit: int = 10, keep=()):
        TopCollector.__init__(self, limit=limit, usequality=False)
        self.keep = tuple(keep)  # documents whose scores are kept even below the top N
        self.kept: dict[int, float] = {}

    def _take(self, scores: dict[int, float], off: int) -> None:
        for n in self.keep:
            s = scores.get(n - off)
            if s is not None:
                self.kept[n] = s
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


def top_docs(limit: int | None, keep=()):
    """The collector of the best `limit` matches (every match for None); with `keep`, it also
    keeps the scores of those documents wherever they rank (`.kept`, for the concept step)."""
    return _All() if limit is None else _Top(limit, keep)
