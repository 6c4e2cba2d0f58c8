"""Two Whoosh queries the search needs and Whoosh does not have.

`MinMatchOr` is Whoosh's own `Or` with its `minmatch` argument honoured (whoosh-reloaded 2.7.5
documents it as "not yet implemented"): a document matches when at least `minmatch` of the
subqueries match it, and its score is the sum of their scores (as Or's) times the share of
subqueries it matches (a clause with more of a sentence's words ranks higher). It is the
OrGroup-with-minimum-should-match a sentence is searched with.

`Verified` restricts a query to a known set of documents: a term that is not one of the index's
words is searched as the tokens of its runs, which every clause holding the term also holds; the
set is the clauses where the term really is a substring (found by the engine's scan), so the
tokens only score, they never widen the match, and only those clauses are visited.

Both are used through Whoosh's searcher, weighting (BM25F) and collectors like any other query.

`Term` is Whoosh's Term whose posting list skips inside a block by bisection (`BisectLeaf`):
Whoosh's leaf steps through a block one posting at a time to reach a document, and every
ruleset range, intersection and Verified list asks each of a query's posting lists to skip.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate

from ._whoosh import ensure

ensure()

from whoosh import matching  # noqa: E402
from whoosh.codec.whoosh3 import W3LeafMatcher  # noqa: E402
from whoosh.query import Or, Query  # noqa: E402
from whoosh.query import Term as WhooshTerm  # noqa: E402


class MinMatchOr(Or):
    """Or(subqueries, minmatch=k): documents matching at least k of the subqueries."""

    def __init__(self, subqueries, minmatch: int = 1, boost: float = 1.0):
        Or.__init__(self, subqueries, boost=boost, minmatch=max(1, minmatch))

    def matcher(self, searcher, context=None):
        subs = self.subqueries
        if not subs:
            return matching.NullMatcher()
        ms = [q.matcher(searcher, context) for q in subs]
        return MinMatchMatcher(ms, self.minmatch, self.boost)

    def _matcher(self, subs, searcher, context):
        return self.matcher(searcher, context)


class MinMatchMatcher(matching.Matcher):
    """The current document is the next one at least `k` children stand on.

    The k-th smallest child position is a lower bound of the next such document (fewer than k
    children can be before it), so the children behind it skip straight there: with k equal to
    the number of children this is an intersection, with k = 1 a union."""

    def __init__(self, children, k: int, boost: float = 1.0):
        self._kids = list(children)
        self.k = k
        self.boost = boost
        self._id = None
        self._find()

    def _find(self) -> None:
        k = self.k
        while True:
            active = [c for c in self._kids if c.is_active()]
            if len(active) < k:
                self._id = None
                return
            ids = sorted(c.id() for c in active)
            first = ids[0]
            if ids[k - 1] == first:
                self._id = first
                return
            target = ids[k - 1]
            for c in active:
                if c.id() < target:
                    c.skip_to(target)

    def is_active(self) -> bool:
        return self._id is not None

    def id(self) -> int:
        return self._id

    def next(self) -> None:
        cur = self._id
        for c in self._kids:
            if c.is_active() and c.id() == cur:
                c.next()
        self._find()

    def skip_to(self, id) -> None:
        if self._id is None or id <= self._id:
            return
        for c in self._kids:
            if c.is_active() and c.id() < id:
                c.skip_to(id)
        self._find()

    def matched(self) -> int:
        """How many children stand on the current document."""
        cur = self._id
        return sum(1 for c in self._kids if c.is_active() and c.id() == cur)

    def score(self) -> float:
        cur = self._id
        total = 0.0
        n = 0
        for c in self._kids:
            if c.is_active() and c.id() == cur:
                total += c.score()
                n += 1
        return total * n / len(self._kids) * self.boost

    def weight(self) -> float:
        return self.score()

    def reset(self) -> None:
        for c in self._kids:
            c.reset()
        self._find()

    def copy(self):
        return MinMatchMatcher([c.copy() for c in self._kids], self.k, self.boost)

    def children(self):
        return list(self._kids)

    def supports_block_quality(self) -> bool:
        return self.child.supports_block_quality()

    def skip_to_quality(self, minquality) -> int:
        # the child's blocks below the quality are skipped; then back into the ranges
        n = self.child.skip_to_quality(minquality / self.boost)
        self._settle()
        return n

    def max_quality(self) -> float:
        # an upper bound of any score: every child at its best, all of them matching
        return sum(c.max_quality() for c in self._kids if c.is_active()) * self.boost

    def replace(self, minquality=0):
        return self

    def supports(self, astype) -> bool:
        return False

    def term_matchers(self):
        for c in self._kids:
            yield from c.term_matchers()

    def matching_terms(self, id=None):
        if id is None:
            id = self._id
        for c in self._kids:
            if c.is_active() and c.id() == id:
                yield from c.matching_terms(id)


class Verified(Query):
    """`child`, restricted to the documents of `docs` (sorted document numbers)."""

    def __init__(self, child, docs, boost: float = 1.0):
        self.child = child
        self.docs = docs
        self.boost = boost

    def __repr__(self) -> str:
        return f"Verified({self.child!r}, {len(self.docs)} docs)"

    def __eq__(self, other) -> bool:
        return (isinstance(other, Verified) and self.child == other.child
                and self.docs == other.docs)

    def __hash__(self) -> int:
        return hash(self.child) ^ len(self.docs)

    def is_leaf(self) -> bool:
        return False

    def children(self):
        yield self.child

    def estimate_size(self, ixreader) -> int:
        return len(self.docs)

    def matcher(self, searcher, context=None):
        if not self.docs:
            return matching.NullMatcher()
        child = self.child.matcher(searcher, starting_at(searcher, context, self.docs[0]))
        return DocsMatcher(child, self.docs, self.boost)


class DocsMatcher(matching.WrappingMatcher):
    """The child's matches among `docs` (sorted document numbers), walked by the list: the
    child skips straight to each (its postings are never walked whole; Whoosh's FilterMatcher
    would step through every one of them)."""

    def __init__(self, child, docs, boost: float = 1.0):
        matching.WrappingMatcher.__init__(self, child, boost)
        self.docs = docs
        self._k = 0
        self._settle()

    def _settle(self) -> None:
        docs, child = self.docs, self.child
        while self._k < len(docs) and child.is_active():
            d = docs[self._k]
            if child.id() < d:
                child.skip_to(d)
                continue
            if child.id() == d:
                return
            self._k += 1  # not a match of the child after all (cannot happen for Verified)
        self._k = len(docs)

    def _replacement(self, newchild):
        return DocsMatcher(newchild, self.docs, self.boost)

    def copy(self):
        m = DocsMatcher(self.child.copy(), self.docs, self.boost)
        m._k = self._k
        return m

    def is_active(self) -> bool:
        return self._k < len(self.docs) and self.child.is_active()

    def id(self) -> int:
        return self.docs[self._k]

    def reset(self) -> None:
        self.child.reset()
        self._k = 0
        self._settle()

    def next(self):
        self._k += 1
        self._settle()

    def skip_to(self, id):
        while self._k < len(self.docs) and self.docs[self._k] < id:
            self._k += 1
        self._settle()

    def all_ids(self):
        while self.is_active():
            yield self.id()
            self.next()

    def supports_block_quality(self) -> bool:
        return False


class _Wrapping(Query):
    """A query wrapping one child with one setting of its own (`_setting` names it): equality,
    hashing, children and size estimates are the child's."""

    _setting = ""

    def __init__(self, child, setting):
        self.child = child
        setattr(self, self._setting, setting)

    def _key(self):
        return self.child, getattr(self, self._setting)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.child!r}, {getattr(self, self._setting)})"

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self.child) ^ hash(getattr(self, self._setting))

    def is_leaf(self) -> bool:
        return False

    def children(self):
        yield self.child

    def estimate_size(self, ixreader) -> int:
        return self.child.estimate_size(ixreader)


class Within(_Wrapping):
    """`child`, within ranges of document numbers [(start, end), ...] (ascending, disjoint).

    A ruleset's units are one run of document numbers, and so is a clause with everything
    below it (they are indexed in tree order), so the ruleset and --under filters are ranges:
    the child's posting lists skip straight to them and stop at their end, instead of being
    walked whole and checked against a filter term."""

    _setting = "ranges"

    def __init__(self, child, ranges):
        super().__init__(child, tuple(ranges))

    def matcher(self, searcher, context=None):
        if not self.ranges:
            return matching.NullMatcher()
        child = self.child.matcher(searcher, starting_at(searcher, context, self.ranges[0][0]))
        return RangeMatcher(child, self.ranges)


class RangeMatcher(matching.WrappingMatcher):
    """A matcher that only stands on document numbers inside the ranges."""

    def __init__(self, child, ranges, boost: float = 1.0):
        matching.WrappingMatcher.__init__(self, child, boost)
        self.ranges = ranges
        self._k = 0
        self._settle()

    def _settle(self) -> None:
        child = self.child
        while child.is_active() and self._k < len(self.ranges):
            a, b = self.ranges[self._k]
            cur = child.id()
            if cur < a:
                child.skip_to(a)
                continue
            if cur >= b:
                self._k += 1
                continue
            return
        self._k = len(self.ranges)

    def _replacement(self, newchild):
        return RangeMatcher(newchild, self.ranges, self.boost)

    def copy(self):
        return RangeMatcher(self.child.copy(), self.ranges, self.boost)

    def is_active(self) -> bool:
        return self._k < len(self.ranges) and self.child.is_active()

    def reset(self) -> None:
        self.child.reset()
        self._k = 0
        self._settle()

    def next(self):
        self.child.next()
        self._settle()

    def skip_to(self, id):
        self.child.skip_to(id)
        self._settle()

    def all_ids(self):
        while self.is_active():
            yield self.id()
            self.next()

    def supports_block_quality(self) -> bool:
        return self.child.supports_block_quality()

    def skip_to_quality(self, minquality) -> int:
        # the child's blocks below the quality are skipped; then back into the ranges
        n = self.child.skip_to_quality(minquality / self.boost)
        self._settle()
        return n


class Boosted(_Wrapping):
    """`child` with its scores multiplied by `boost` (Whoosh's WrappingMatcher boost)."""

    _setting = "boost"

    def matcher(self, searcher, context=None):
        return matching.WrappingMatcher(self.child.matcher(searcher, context), boost=self.boost)


def starting_at(searcher, context, doc: int):
    """`context` telling the posting lists below that no document before `doc` matters (a
    ruleset range starts there, or a Verified term's first document)."""
    if context is None:
        context = searcher.context()
    if doc <= getattr(context, "start_doc", 0):
        return context
    return context.set(start_doc=doc)


class BisectLeaf(W3LeafMatcher):
    """Whoosh's on-disk posting list, skipping to a document by block headers, then inside the
    block by bisection.

    W3LeafMatcher.skip_to reads the current block's ids, skips whole blocks while the target is
    past a block's last document, then calls next() until it stands on the target or past it;
    that stepping stays inside the block (its last document is at or past the target), so it
    ends where bisecting the block's ascending ids ends. A target past the current block's last
    document moves on without reading that block's ids at all. Only the search's own term
    queries make these (`Term`)."""

    def skip_to(self, targetid):
        if not self.is_active():
            raise matching.ReadTooFar
        if targetid > self._maxid:
            self._skip_to_block(lambda: targetid > self._maxid)
            if not self.is_active():
                return
        if self._ids is None:
            self._read_ids()
        if targetid > self._ids[self._i]:
            self._i = bisect_left(self._ids, targetid, self._i)

    def _read_ids(self):
        # W3LeafMatcher._read_ids, the running sum of the deltas by itertools.accumulate
        # instead of a generator
        if self._data is None:
            self._read_data()
        ids = self._data[0]
        self._ids = ids if self._byteids else tuple(accumulate(ids))


class Term(WhooshTerm):
    """Whoosh's Term; its posting list is a `BisectLeaf`, and starts at the context's
    `start_doc` (`starting_at`): the blocks before it are never read."""

    def matcher(self, searcher, context=None):
        m = WhooshTerm.matcher(self, searcher, context)
        leaf = m.child if type(m) is matching.WrappingMatcher else m
        if type(leaf) is W3LeafMatcher:
            leaf.__class__ = BisectLeaf
            start = getattr(context, "start_doc", 0)
            if start and leaf.is_active():
                leaf.skip_to(start)
        return m
