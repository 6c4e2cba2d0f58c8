"""Search: what a query means, which clauses match, and Whoosh's BM25F ranking of them.

Two readings of a query (`judgekit.search.query` parses it):

Exact (every term as typed, as `judgekit search` always read terms): each term is a substring
of a clause's title, text, examples, parent heading or section title, in matching form; terms
are ANDed, OR-groups ORed, exclusions subtracted, the ruleset and --under filters applied. A
term that is one of the index's words, or of one or two characters, is one posting list whose
documents are exactly the clauses holding it; any other term is the AND of its bigrams,
restricted (`wquery.Verified`) to the clauses that hold the whole term, found by a plain scan
of the matching forms. So the answer is exactly the substring oracle's (tests/search/
test_oracle.py).

Words (`judgekit.search.understand`): a term holding hiragana or a player's word is a sentence,
and the query becomes its content words (and the other terms as words). A clause must hold at
least k of them (`wquery.MinMatchOr`, Whoosh's Or with a minimum-should-match), k starting at
all of them and relaxing one at a time until something matches; a clause holding a sentence
verbatim scores extra (AndMaybe). Phrases in ASCII quotes stay required (read as words when
they leave no clause), a part in 「…」 is words of the sentence (`query.read_quotes`: its form as
written a verbatim hint), exclusions stay excluded. An
exact query that finds nothing is read as words the same way, so a search is never a dead
end: words that match nothing are dropped (and said), a misspelt katakana word is replaced by
the nearest word of the rules when one is close.

Ranking is Whoosh's: BM25F over the title field (a field boost) and the text field (rule text,
then the headings above, then examples, by weight), summed over a query's tokens, with the
share of matched words for a sentence; ties in clause order (document number). The words
reading looks again at its first results: ordered again by how much of the question's own
wording each one's judges' phrasings hold, then a heading with no text gives its place to its
own clause that holds more of the words (`ranking.rerank`, `Searcher._rerank`). Snippets are
Whoosh's highlighting (a fragmenter, fragment scorer and formatter) over the source text, the
matches mapped back to the source's own characters.
"""

from __future__ import annotations

from bisect import bisect_left

from . import index as ix_
from .analysis import WHOLE, grams, query_tokens, whole_word
from .build import ASKS_FIELD, TEXT_FIELDS, pair_key
from .index import CTX_ID, CTX_TITLE, EXAMPLES, GAME, ID, M_CTX, M_EXAMPLES, M_PARENT, \
    M_TEXT, M_TITLE, PARENT_N, TEXT, TITLE
from .normalize import match_form
from .query import JAPANESE_QUOTES, Query, Term, has_quotes_to_read, parse, read_quotes


class Hit:
    __slots__ = ("doc", "game", "id", "score", "jump", "record", "concept")

    def __init__(self, doc: int, record: tuple, score: float, jump: bool = False):
        self.doc = doc            # document number (= position in the unit records)
        self.record = record
        self.game = record[GAME]
        self.id = record[ID]
        self.score = score
        self.jump = jump          # the query was this unit's id
        self.concept = None       # the concept id whose defining clause this is, when pinned

    def __repr__(self) -> str:
        return f"Hit({self.game}:{self.id} {self.score:.3f}{' jump' if self.jump else ''})"


class Note:
    """What the search did beyond the literal query, for the output to say.

    kind: "vocabulary" (searched for `words` where the judge wrote `wrote`, in `games`),
          "kana" (a katakana word typed in hiragana), "corrected" (a misspelt word replaced
          by the nearest word of the rules), "nothing" (`wrote` matched nothing in scope;
          `words` are the rules' words spelled like it), "relaxed" (no clause holds all
          `total` words; clauses with at least `k` shown), "fallback" (the exact query
          matched nothing, so it was read as words), "concept" (`wrote` names the concept
          `words` = (its id, its name); `k` of its defining clauses in `games` come first,
          and a concept read second (k 0) only chooses among the first one's; `why` says
          each ruleset's word), "concept-none" (the concept has no such idea in `games`; `why`
          says so in the index's words)."""

    __slots__ = ("kind", "wrote", "words", "games", "k", "total", "why")

    def __init__(self, kind: str, wrote: str = "", words=(), games=(), k: int = 0,
                 total: int = 0, why: str = ""):
        self.kind = kind
        self.wrote = wrote
        self.words = tuple(words)
        self.games = tuple(games)
        self.k = k
        self.total = total
        self.why = why

    def as_dict(self) -> dict:
        d = {"kind": self.kind}
        for name in ("wrote", "words", "games", "k", "total", "why"):
            v = getattr(self, name)
            if v:
                d[name] = list(v) if isinstance(v, tuple) else v
        return d

    def __repr__(self) -> str:
        return f"Note({self.as_dict()})"


class Result:
    __slots__ = ("query", "hits", "total", "games", "under", "mode", "words", "terms", "notes",
                 "concepts", "asks_terms")

    def __init__(self, query: Query, hits: list[Hit], total: int, games: tuple, under,
                 mode: str = "exact", words=(), terms=(), notes=()):
        self.query = query
        self.hits = hits          # ranked, cut at the limit
        self.total = total        # all matches
        self.games = games
        self.under = under        # {game: resolved id} or None
        self.mode = mode          # "exact" or "words"
        self.words = list(words)  # the words searched for (words mode), as shown
        self.terms = list(terms)  # matching forms to highlight
        self.notes = list(notes)
        self.concepts: list[dict] = []  # the concepts the question named (words reading)
        self.asks_terms: list[str] = []  # the words searched in the phrasings (words reading)


MAX_TERMS = 64
# the words reading relaxes its minimum-should-match until this many clauses match (or one
# word is enough): a sentence whose every word stands in one stray clause still shows the
# clauses that hold most of them
RELAX_UNTIL = 5
# a clause holding a sentence verbatim, or saying what a denied condition says (ない場合 for
# ブロックされなかったら), scores its hint words this many times over, as a heading does
HINT_BOOST = 6.0


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
        from .held import memo_terms

        memo_terms(self.index.searcher)  # each term's dictionary entry read once (the CLI's one search)
        units = self.index.units
        self.units = units
        self.vocabulary = self.index.vocabulary
        self.ids: dict[str, dict[str, int]] = {}
        self.spans: dict[str, tuple[int, int]] = {}  # game -> its document numbers a..b-1
        for n, r in enumerate(units):
            self.ids.setdefault(r[GAME], {})[r[ID]] = n
            a, _ = self.spans.get(r[GAME], (n, n))
            self.spans[r[GAME]] = (a, n + 1)
        # what a term may be a substring of, one string per unit (the scan's haystack)
        self.fields = ["\0".join((r[M_TITLE], r[M_TEXT], r[M_EXAMPLES], r[M_PARENT], r[M_CTX]))
                       for r in units]
        self._vocab = None
        self._children: dict[int, list[int]] | None = None
        self._memo: dict = {}  # containing(), for the search under way
        self._by_char: dict[str, dict[str, list[int]]] | None = None  # see _hold_characters
        self._asks_by_char: dict | None = None  # the same of the phrasings
        self._asks_memo: dict = {}  # containing_asks() of a kept searcher, across searches
        self._searches = 0
        self._kept: dict[int, float] = {}  # scores of documents a run was asked to keep
        self._stored = None  # each field's lists in asks.bin (_asks_lists)
        self._held: dict = {}  # the words reading's counts (_relaxed_k), for _rerank

    def children(self, n: int) -> list[int]:
        """Document numbers of the units whose parent is unit `n`, in clause order."""
        if self._children is None and self._searches <= 1:
            # a searcher's first search (the CLI's one): the units below `n` are the run that
            # follows it (tree order, checked by the build), each with a parent at or after
            # `n`; the first unit past that run has its parent before `n`
            units = self.units
            out = []
            m = n + 1
            while m < len(units) and units[m][PARENT_N] >= n:
                if units[m][PARENT_N] == n:
                    out.append(m)
                m += 1
            return out
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
        self._memo.clear()
        self._searches += 1
        if self._searches == 2:  # a searcher kept for more than one query
            from .held import hold_index
            from .ranking import hold_lengths

            hold_lengths(self.index.searcher)
            hold_index(self.index.searcher)
            self._hold_characters()
        try:
            return self._search(q, scope, under_ids, limit)
        except UsageError:
            raise  # the query's fault, not the index's (a term limit reached once quotes are read)
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
    def containing(self, form: str, scope: tuple) -> list[int]:
        """Document numbers (ascending) of the units of `scope` where `form` (matching form)
        is a substring of a field a term may match in: the plain scan."""
        if not form or "\0" in form:
            return []
        if len(scope) == 1:
            return self._containing(form, scope[0])
        out = []
        for g in scope:  # ruleset by ruleset: what one ruleset was asked serves the scope
            out.extend(self._containing(form, g))
        return out

    def _containing(self, form: str, game: str) -> list[int]:
        """`containing` in one ruleset, scanned once per search (memoised for the search).
        A searcher that holds its characters' units scans only the units that hold the
        form's rarest character (a unit holding the form holds each of its characters)."""
        key = (form, game)
        got = self._memo.get(key)
        if got is not None:
            return got
        fields = self.fields
        if self._by_char is not None:
            units = self._by_char.get(game, {})
            fewest: list[int] = []
            for k, ch in enumerate(set(form)):
                have = units.get(ch)
                if have is None:
                    fewest = []
                    break
                if not k or len(have) < len(fewest):
                    fewest = have
            out = [n for n in fewest if form in fields[n]]
        else:
            a, b = self.spans.get(game, (0, 0))
            out = [n for n in range(a, b) if form in fields[n]]
        if len(self._memo) > 4096:
            self._memo.clear()
        self._memo[key] = out
        return out

    def containing_asks(self, form: str, scope: tuple) -> list[int]:
        """Document numbers (ascending) of the units of `scope` one of whose phrasings
        (rules_data/<game>/asks.toml) holds `form` (matching form): the scan of the asks field,
        as `containing` is of the rules' own fields."""
        if not form or "\0" in form or "\1" in form:
            return []
        out: list[int] = []
        # (a searcher kept for many queries remembers them across its searches: the
        # phrasings of an open index never change)
        memo = self._memo if self._asks_by_char is None else self._asks_memo
        for g in scope:
            key = ("asks", form, g)
            got = memo.get(key)
            if got is None:
                got = self._asked(form, g)
                if len(memo) > 4096:
                    memo.clear()
                memo[key] = got
            out.extend(got)
        return out

    def _asked(self, form: str, game: str) -> list[int]:
        """`containing_asks` in one ruleset: of the units whose phrasings hold the form's
        rarest pair of characters (or its one character: asks.bin's lists), those whose part
        of the joined phrasings holds the form (a searcher kept for many queries holds them
        decoded, by character)."""
        if self._asks_by_char is not None:  # a searcher kept for many queries
            got = self._asks_by_char.get(game)
            if got is None:
                return []
            parts, docs, by = got
            if len(form) > 1:  # the units holding its rarest pair (asks.bin's lists)
                span = self._rarest_pair(form, game)
                if span is None:
                    return []
                punits = self.index.asks[game][10]
                if len(form) == 2:  # the units holding the pair are those holding the form
                    return [docs[k] for k in punits[span[0]:span[1]]]
                return [docs[k] for k in punits[span[0]:span[1]] if form in parts[k]]
            have = by.get(form)
            return [docs[k] for k in have] if have is not None else []
        held = self.index.asks.get(game)
        if held is None:
            return []
        (base, stop), _, starts, _, docs, chars, offs, units, keys, poffs, punits = held[:11]
        find = self.index._asks_file.find  # the mapped file, searched in place
        needle = form.encode()  # the text is UTF-8 (asksbin.asks_table)
        # the units holding the form's rarest pair of characters, or its character when it has
        # one (each unit holding the form holds them)
        fewest = None
        if len(form) > 1:
            fewest = self._rarest_pair(form, game)
            if fewest is None:
                return []
            units = punits
        else:
            i = chars.find(form)
            if i < 0:
                return []
            fewest = (offs[i], offs[i + 1])
        if fewest is None:
            return []
        if len(form) <= 2:  # a pair's (a character's) units are exactly those holding it
            return [docs[k] for k in units[fewest[0]:fewest[1]]]
        last = len(starts) - 1
        out: list[int] = []
        for k in units[fewest[0]:fewest[1]]:
            end = base + starts[k + 1] - 1 if k < last else stop
            if find(needle, base + starts[k], end) >= 0:
                out.append(docs[k])
        return out

    def _rarest_pair(self, form: str, game: str) -> tuple[int, int] | None:
        """Where, in asks.bin's pair units of `game`, the list of the units holding the rarest
        pair of characters of `form` (two or more) lies; None when a pair is in no phrasing."""
        keys, poffs = self.index.asks[game][8:10]
        fewest = None
        for key in {pair_key(a, b) for a, b in zip(form, form[1:])}:
            i = bisect_left(keys, key)
            if i == len(keys) or keys[i] != key:
                return None
            if fewest is None or poffs[i + 1] - poffs[i] < fewest[1] - fewest[0]:
                fewest = (poffs[i], poffs[i + 1])
        return fewest

    def asks_of(self, doc: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(lines, their matching forms) of the judges' phrasings of unit `doc`
        (`Index.asks_of`)."""
        return self.index.asks_of(doc)

    def _may_hold(self, field: str, token: str, docs) -> bool:
        """Can any of the units `docs` hold the index token `token` in `field`? Every token of
        a field is a substring of the matching form of a segment of it (a gram, a word, a whole
        word after its mark): the title's, the section title's, or the rule text's, the
        parent's line's and the examples'. False means that no posting of the token is there."""
        units = self.units
        if token.startswith(WHOLE):
            token = token[len(WHOLE):]
        if field == "title":
            return any(token in units[d][M_TITLE] for d in docs)
        if field == "section":
            return any(token in units[d][M_CTX] for d in docs)
        if field == "text":
            return any(token in units[d][M_TEXT] or token in units[d][M_PARENT]
                       or token in units[d][M_EXAMPLES] for d in docs)
        # the asks field: a token of a word's form there is asked only about the units whose
        # phrasings hold the form (`asks_query`), so each of them holds the token: nothing to test
        # (decoding their phrasings cost more than the lists it could spare)
        return True

    def _hold_characters(self) -> None:
        """For a searcher kept for many queries: in each ruleset, the units (ascending) whose
        scanned fields hold each character (~40 ms once; a scan then reads a few units
        instead of all of them, see `_containing`)."""
        fields = self.fields
        by_char: dict[str, dict[str, list[int]]] = {}
        for game, (a, b) in self.spans.items():
            units: dict[str, list[int]] = {}
            for n in range(a, b):
                for ch in set(fields[n]):
                    have = units.get(ch)
                    if have is None:
                        units[ch] = [n]
                    else:
                        have.append(n)
            by_char[game] = units
        self._by_char = by_char
        # the same of the judges' phrasings: each unit's part of asks.bin, decoded once
        asks: dict = {}
        for game, held in self.index.asks.items():
            parts = self.index.asks_text(game).decode().split("\1")
            by: dict[str, list[int]] = {}
            for k, part in enumerate(parts):
                for ch in set(part):
                    have = by.get(ch)
                    if have is None:
                        by[ch] = [k]
                    else:
                        have.append(k)
            asks[game] = (parts, list(held[4]), by)
        self._asks_by_char = asks

    def term_query(self, form: str, scope: tuple, raw: str | None = None, words: bool = False):
        """The Whoosh query of one term: exactly the units of `scope` that hold it. Given the
        term as typed (`raw`) and if that is one word, where it stands as a whole word scores
        more (場 before 場合). `words`: a word of a sentence (the section weighs less)."""
        from whoosh.query import And

        from .ranking import SECTION_BOOST, SECTION_BOOST_WORDS
        from .wquery import Verified

        section = SECTION_BOOST_WORDS if words else SECTION_BOOST
        toks, exact = query_tokens(form, self.vocabulary)
        if exact:
            q = _fields(toks[0], section)
        else:
            q = Verified(And([_fields(g, section) for g in toks]), self.containing(form, scope))
        whole = whole_word(raw) if raw is not None else None
        if not whole:
            return q
        # every unit with the whole word holds the term: a union adds the whole word's score
        # where it stands alone (as AndMaybe would) and lets Whoosh skip blocks (it would not)
        fields = self._telling(whole, toks[0]) if exact else TEXT_FIELDS
        return _or([q, _fields(whole, section, fields)]) if fields else q

    def asks_query(self, form: str, docs: list[int]):
        """The Whoosh query of a word in the judges' phrasings (the asks field): the units
        `docs` (ascending; one of whose phrasings holds it), scored by its tokens there."""
        from whoosh.query import And

        from .ranking import ASKS_BOOST
        from .wquery import Term as WTerm
        from .wquery import Verified

        toks, _ = query_tokens(form, self.vocabulary)
        # (`_fields` of the one field: its term, with the field's boost; one term alone is
        # what an And of it matches and scores)
        terms = [WTerm(ASKS_FIELD, t, boost=ASKS_BOOST) for t in toks]
        return Verified(terms[0] if len(terms) == 1 else And(terms), docs)

    def _word_query(self, w, scope: tuple, excludes=()):
        """A word of the words reading: each of its forms where the rules' fields hold it
        (`term_query`), and each form and the judge's own word where the rules' word is
        searched for it (降参 where it searches 投了: `_asks_typed`) where the judges'
        phrasings hold it (`asks_query`, the asks field). A unit holds the word when one of
        these matches it, and scores their sum; a form the phrasings of more than
        `ranking.ASKS_COMMON` units hold (カード, ターン) scores there only in the units whose
        own fields hold none of the word's forms (it tells little, and costs the most). A form
        holding an excluded term (投了 for -投了) is not looked for in the phrasings
        (`_asked_forms`)."""
        from whoosh.query import NullQuery

        from .ranking import ASKS_COMMON

        qs = []
        ruled: set[int] = set()
        for a in w.alts:
            docs = self.containing(a, scope)
            if docs:
                qs.append(self.term_query(a, scope, a, words=True))
                ruled.update(docs)
        for a in _asked_forms(w, excludes):
            docs = self.containing_asks(a, scope)
            if len(docs) > ASKS_COMMON:
                docs = [d for d in docs if d not in ruled]
            if docs:
                qs.append(self.asks_query(a, docs))
        return _or(qs) if qs else NullQuery

    def _telling(self, whole: str, token: str) -> tuple[str, ...]:
        """The fields where a word's whole-word token tells units apart: where it stands alone
        in fewer than WHOLE_TELLS of the units that hold it (場 alone in 104 texts of the 1354
        holding 場 counts; カード alone in 1279 of 1363 would only cost the time of walking a
        second list as long as the first)."""
        from .ranking import WHOLE_TELLS

        s = self.index.searcher
        return tuple(f for f in TEXT_FIELDS
                     if s.doc_frequency(f, whole) < WHOLE_TELLS * s.doc_frequency(f, token))

    def _filter(self, wq, scope: tuple, under_ids: dict | None):
        """`wq` within the ruleset scope or the --under sections (the filter adds no score)."""
        if under_ids is not None:
            from .wquery import Within

            return Within(wq, sorted(self._subtree(g, c) for g, c in under_ids.items()))
        if tuple(scope) != tuple(self.games):
            return self._within(wq, scope)
        return wq

    def _subtree(self, game: str, cid: str) -> tuple[int, int]:
        """The document numbers of a clause and everything below it: one run, since units are
        indexed in tree order (the index's build checks it)."""
        n = self.ids[game][cid]
        end = n + 1
        while end < len(self.units) and self._is_under(self.units[end], {game: cid}):
            end += 1
        return n, end

    def _within(self, wq, games):
        """`wq` within the document numbers of `games` (see wquery.Within)."""
        from .wquery import Within

        ranges = sorted(self.spans[g] for g in games if g in self.spans)
        return Within(wq, ranges)

    def _exclude(self, wq, excludes: list[Term], scope: tuple):
        if not excludes:
            return wq
        from whoosh.query import AndNot

        return AndNot(wq, _or([self.term_query(t.text, scope) for t in excludes]))

    def exact_query(self, q: Query, scope: tuple, under_ids: dict | None = None):
        """The Whoosh query of `q` read exactly. Typed terms that stand together in a clause
        (ゲーム 開始 as ゲーム開始) score extra there: the phrase above the scattered words (a
        union again: every unit with the joined terms holds each of them)."""
        from whoosh.query import And

        parts = [_or([self.term_query(t.text, scope, t.raw) for t in g]) for g in q.groups]
        wq = parts[0] if len(parts) == 1 else And(parts)
        single = [g[0] for g in q.groups if len(g) == 1]
        pairs = [match_form(f"{a.raw} {b.raw}") for a, b in zip(single, single[1:])]
        pairs = [p for p in dict.fromkeys(pairs) if self.containing(p, scope)]
        if pairs:
            wq = _or([wq] + [self.term_query(p, scope) for p in pairs])
        return self._filter(self._exclude(wq, q.excludes, scope), scope, under_ids)

    def matches(self, q: Query, scope: tuple, under_ids: dict | None = None) -> list[int]:
        """Document numbers of every unit that matches `q` read exactly (unranked)."""
        if q.empty:
            return []
        wq = self.exact_query(q, scope, under_ids)
        return sorted(set(self.index.searcher.docs_for_query(wq)))

    def _run(self, wq, limit, total: int | None = None, keep=(),
             asks: bool = False) -> tuple[list[tuple[int, float]], int]:
        """(document, score) of the best `limit` matches of a Whoosh query, and how many (the
        caller's `total`, counted on the scan, when it knows it). Whoosh's top-N collector over
        the query's matcher tree scored at once (`judgekit.search.evaluate`). `asks`: the
        query may hold the asks field (the words reading), read from asks.bin (an exact
        reading never looks at the field, and a searcher's first one does not map the file)."""
        from .evaluate import top_docs

        c = top_docs(limit, keep)
        searcher = self.index.searcher
        # the words reading, and any reading of a searcher kept for many queries: every
        # field's lists from asks.bin (each ruleset's word asks again; the same floats, so the
        # exact reading's documents and scores too); a first exact search does not map it
        searcher.search_with_collector(wq, c, searcher.context().set(
            may_hold=self._may_hold,
            whole_lists=self._asks_lists() if asks or self._searches > 1
            else {ASKS_FIELD: {}}))
        res = c.results()
        self._kept = getattr(c, "kept", {})
        return [(h.docnum, h.score) for h in res], total if total is not None else len(res)

    def _asks_lists(self) -> dict:
        """{field: its whole lists} for a run of the words reading: each field's from asks.bin
        (`evaluate.StoredLists`, kept by the searcher: the asks field's and the rules' own
        fields'), else the asks field's {} for Whoosh's, read for the run
        (`evaluate._whole_list`), and a rules' field's Whoosh's matchers as before."""
        if self._stored is None:
            from .build import ALL_FIELDS
            from .evaluate import StoredLists

            w = self.index.searcher.weighting
            self._stored = {}
            for f in ALL_FIELDS:
                got = StoredLists.of(self.index.field_postings(f), w, f)
                if got is not None:
                    self._stored[f] = got
        if self._searches > 1:  # kept for many queries: each list by document
            for got in self._stored.values():
                got.by_document()
        return {ASKS_FIELD: {}, **self._stored}

    def exact_docs(self, q: Query, scope: tuple, under_ids: dict | None = None) -> set[int]:
        """The units matching `q` read exactly, by the scan (the oracle of `matches`)."""
        got: set[int] | None = None
        for group in q.groups:
            alts: set[int] = set()
            for t in group:
                alts.update(self.containing(t.text, scope))
            got = alts if got is None else got & alts
            if not got:
                return set()
        got = got or set()
        for t in q.excludes:
            got.difference_update(self.containing(t.text, scope))
        if under_ids is not None:
            got = {n for n in got if self._is_under(self.units[n], under_ids)}
        return got

    # ---- the two readings ------------------------------------------------------------------
    def _search(self, q: Query, scope: tuple, under_ids: dict | None, limit) -> Result:
        hits, jumped = self._jumps(q, scope, under_ids)
        room = None if limit is None else max(0, limit - len(hits)) + len(jumped)
        if q.empty:
            return Result(q, hits[:limit] if limit else hits, len(hits), scope, under_ids)
        sentence = any(self._is_sentence(t, g) for g in scope for grp in q.groups
                       for t in grp if not t.phrase)
        notes: list[Note] = []
        if not sentence:
            total = len(self.exact_docs(q, scope, under_ids))
            found: list = []
            if total:
                found, total = self._run(self.exact_query(q, scope, under_ids), room, total)
            if total or not any(not t.phrase for t in q.terms):
                return self._result(q, hits, jumped, found, total, scope, under_ids, limit,
                                    "exact", (), [t.text for t in q.terms], notes)
            notes.append(Note("fallback"))
        elif has_quotes_to_read(q):
            q = read_quotes(q)  # a judge quoting words in a sentence: words, not phrases
            n = len(q.terms) + len(q.excludes)
            if n > MAX_TERMS:  # the quotes of one typed term may make many (the limit above)
                raise UsageError(f"the query has {n} terms once its quotes are read; at most "
                                 f"{MAX_TERMS} can be searched at once")
        return self._words(q, hits, jumped, scope, under_ids, limit, room, notes, sentence)

    def _is_sentence(self, t: Term, game: str) -> bool:
        from .understand import is_sentence

        return is_sentence(t.raw, game, lambda form: bool(self.containing(form, (game,))))

    def _jumps(self, q: Query, scope: tuple, under_ids) -> tuple[list[Hit], set[int]]:
        hits: list[Hit] = []
        jumped: set[int] = set()
        if q.id_candidate:
            from ..rules.lookup import resolve

            for g in scope:
                n = resolve(_Ids(g, self.ids.get(g, {})), q.id_candidate)
                if n is None:
                    continue
                if under_ids is not None and not self._is_under(self.units[n], under_ids):
                    continue
                hits.append(Hit(n, self.units[n], 100.0, jump=True))
                jumped.add(n)
        return hits, jumped

    def _result(self, q, hits, jumped, found, total, scope, under_ids, limit, mode, words,
                terms, notes) -> Result:
        units = self.units
        ranked = [Hit(n, units[n], s) for n, s in found if n not in jumped]
        total = total - sum(1 for n, _ in found if n in jumped) + len(hits)
        hits = hits + ranked
        if limit is not None:
            hits = hits[:limit]
        return Result(q, hits, total, scope, under_ids, mode, words, terms, notes)

    def _words(self, q: Query, hits, jumped, scope, under_ids, limit, room, notes,
               sentence: bool = False) -> Result:
        """The words reading (see the module docstring). `sentence`: the query was read as a
        sentence (not an exact query that found nothing), so a required phrase that leaves no
        clause is read as words instead (`_unphrased`)."""
        from whoosh.query import And, AndMaybe

        from .ranking import HEADING_WINDOW, TOP_PLACES
        from .wquery import Boosted, MinMatchOr

        phrases = [t for t in q.terms if t.phrase]
        given = list(notes)
        # no concept where a phrase was typed in ASCII quotes, even one read as words
        # (`_unphrased`): the judge asked for the text as written
        typed = phrases or any(t.quote and t.quote not in JAPANESE_QUOTES for t in q.terms)
        reads = [] if typed else self._read_concepts(q)
        plans = {g: self._plan(q, g) for g in scope}
        if reads:
            self._concept_words(reads, plans)
        notes.extend(self._quote_notes(q, scope, under_ids))
        notes.extend(self._plan_notes(plans, scope))
        most = max((len(p[0]) for p in plans.values()), default=0)
        # the minimum-should-match: all the words, one fewer, ... until RELAX_UNTIL clauses
        # (that pass the phrases, exclusions and --under) hold that many; counted on the scan
        k, holding = self._relaxed_k(plans, phrases, q.excludes, scope, under_ids, most)
        if sentence and phrases and not holding:
            res = self._unphrased(q, hits, jumped, scope, under_ids, limit, room, given)
            if res.total:
                return res
        per_game = []
        for g in scope:
            words, verbatim, _ = plans[g]
            parts = [self.term_query(t.text, (g,), words=True) for t in phrases]
            wqs = [self._word_query(w, (g,), q.excludes) for w in words]
            if wqs:
                need = max(1, len(wqs) - (most - k))
                parts.append(MinMatchOr(wqs, need) if len(wqs) > 1 else wqs[0])
            if not parts:
                continue
            core = parts[0] if len(parts) == 1 else And(parts)
            if verbatim:
                core = AndMaybe(core, Boosted(_or([self.term_query(v, (g,), words=True)
                                                   for v in verbatim]), HINT_BOOST))
            if len(scope) > 1:
                core = self._within(core, (g,))
            per_game.append(core)
        found, total = [], 0
        cands = self._candidates(reads, scope, under_ids, q.excludes, jumped) if reads else []
        wq = None
        self._kept = {}
        if per_game:
            # the words score hundreds of postings: each field's lengths read whole
            # (`ranking.column_lengths`; an exact term scores a few, read one by one)
            self.index.searcher.__dict__.setdefault("_column_lengths", {})
            wq = self._filter(self._exclude(_or(per_game), q.excludes, scope), scope, under_ids)
            # a few more than shown where guide sections may have to make room (_few_guide)
            extra = _places(cands) + (TOP_PLACES if "zx" in scope else 0)
            # and the first ranking.HEADING_WINDOW below them, looked at again (_rerank)
            extra += HEADING_WINDOW
            found, total = self._run(wq, None if room is None else room + extra,
                                     holding, keep=[d for c in cands for ds in c[1:3] for d in ds],
                                     asks=True)
        if total and most > 1 and k < most:
            notes.append(Note("relaxed", k=k, total=most))
        pins = self._choose(cands, found, reads) if cands else []
        if pins:
            found, total = self._pin(wq, found, total, pins)
        found = self._rerank(found, len(pins), jumped, plans, q)
        found = self._few_guide(found, jumped)
        if reads:
            notes.extend(self._concept_notes(reads, scope))
        if not total:  # nothing to show: say what matched nothing, not how it was read
            notes[:] = [n for n in notes if n.kind != "fallback"]
        shown: list[str] = []
        terms: list[str] = [t.text for t in phrases]
        for g in scope:
            for w in plans[g][0]:
                if w.shown not in shown:
                    shown.append(w.shown)
                terms.extend(a for a in w.alts if a not in terms)
        res = self._result(q, hits, jumped, found, total, scope, under_ids, limit, "words",
                           shown, terms, notes)
        asks_terms = [a for a in terms if a not in {t.text for t in phrases}
                      and not any(t.text in a for t in q.excludes)]
        # a quoted part as written, highlighted where a clause says it (never looked for in
        # the judges' phrasings: it is a hint on the rules' text)
        from .understand import spellings

        for t in q.terms:
            if t.quote and not t.phrase:
                forms = spellings(t.text)
                res.terms.extend(f for f in forms
                                 if f not in res.terms and self.containing(f, scope))
        for g in scope:
            asks_terms.extend(t for w in plans[g][0] for t in _asked_forms(w, q.excludes)
                              if t not in asks_terms and t not in w.alts)
        res.asks_terms = asks_terms
        if reads:
            self._mark_pins(res, reads, pins, scope)
        return res

    def _rerank(self, found, pinned: int, jumped, plans, q: Query):
        """`found` with the results below the `pinned` first (jumps aside) looked at again by
        `ranking.rerank`: ordered again by how much of the question's wording each one's
        judges' phrasings hold (`ranking.asked_share` of the question's character pairs), then
        a heading with no text giving its place to its clause that holds more of the
        question's words (the counts are `_relaxed_k`'s, `self._held`)."""
        from .ranking import asked_share, question_pairs, rerank

        rest = [x for x in found[pinned:] if x[0] not in jumped]
        if len(rest) < 2:
            return found
        units, held = self.units, self._held
        pairs = question_pairs(t.text for t in q.terms)
        asks_of = self.index.asks_of

        def asked(d):
            return asked_share(pairs, "\0".join(asks_of(d)[1]))

        def info(d):
            g = units[d][GAME]
            if len(plans[g][0]) < 2 or g not in held:
                return None
            r = units[d]
            return held[g].get(d, 0), not r[TEXT] and bool(r[TITLE])

        return (found[:pinned] + rerank(rest, info, self._descends, asked)
                + [x for x in found[pinned:] if x[0] in jumped])

    def _descends(self, a: int, d: int) -> bool:
        """Is unit `a` below unit `d` in the clause tree (units are in tree order)?"""
        units = self.units
        p = units[a][PARENT_N]
        while p >= d:
            if p == d:
                return True
            p = units[p][PARENT_N]
        return False

    def _unphrased(self, q: Query, hits, jumped, scope, under_ids, limit, room,
                   notes) -> Result:
        """A sentence whose required phrases ("…") leave no clause: the words reading with each
        phrase read as words of the sentence instead (as a part in Japanese quotes is), noted
        ("unphrased"); the caller keeps its own reading when this one finds nothing too."""
        groups = [[Term(t.text, t.raw, False, t.quote) if t.phrase else t for t in g]
                  for g in q.groups]
        q2 = Query(q.raw, groups, q.excludes, q.id_candidate)
        return self._words(q2, hits, jumped, scope, under_ids, limit, room, list(notes))

    def _quote_notes(self, q: Query, scope: tuple, under_ids=None) -> list[Note]:
        """How each quoted part of a sentence was read: as words, not required as written
        ("quoted": Japanese quotes; "unphrased": a phrase in other quotes that left no clause;
        "ored": one that is an alternative of OR),
        `games` the rulesets where a clause searched (under the section of --under, if given)
        says it as written or in its other spelling (`understand.spellings`): those score it
        as a hint."""
        from .understand import spellings

        def says(form, game):
            held = self.containing(form, (game,))
            if under_ids is None:
                return bool(held)
            return any(self._is_under(self.units[n], under_ids) for n in held)

        out: list[Note] = []
        seen: set = set()
        ored = {id(t) for g in q.groups if len(g) > 1 for t in g}
        for t in q.terms:
            if t.phrase or not t.quote or t.quoted in seen:
                continue
            seen.add(t.quoted)
            forms = spellings(t.text)
            where = [g for g in scope if any(says(v, g) for v in forms)]
            kind = ("quoted" if t.quote in JAPANESE_QUOTES else
                    "ored" if id(t) in ored else "unphrased")
            out.append(Note(kind, t.quoted, games=where))
        return out

    def _few_guide(self, found, jumped):
        """At most ranking.GUIDE_TOP guide sections among the first ranking.TOP_PLACES
        results shown (jumps aside); the others follow those places, in their order."""
        from .ranking import GUIDE_TOP, TOP_PLACES

        units = self.units
        out, later, n = [], [], 0
        for item in found:
            if len(out) >= TOP_PLACES:
                break
            if item[0] in jumped:  # shown first, as the clause typed
                later.append(item)
                continue
            if units[item[0]][ID].startswith("guide."):
                if n >= GUIDE_TOP:
                    later.append(item)
                    continue
                n += 1
            out.append(item)
        return out + later + found[len(out) + len(later):]

    # ---- concepts (rules_data/concepts.toml) -----------------------------------------------
    def _read_concepts(self, q: Query) -> list[tuple[int, str]]:
        """The concepts the question names in its typed terms (understand.read_concepts), at
        most as many as ranking.CONCEPT_PINS has places."""
        from ..concepts import ConceptError
        from .ranking import CONCEPT_PINS
        from .understand import read_concepts

        try:
            reads = read_concepts([t.raw for g in q.groups for t in g if not t.phrase])
        except (ConceptError, OSError):  # a broken or unreadable concept file must not break
            return []                    # searching the rules (a bug in the reading must show)
        return reads[:len(CONCEPT_PINS)]

    def _concept_words(self, reads, plans) -> None:
        """A concept read in words the rules never write (寝かせる, 伏せた): the ruleset's own
        word for it (スリープ, 裏向き; each part of リブート / スリープ an alternative) joins
        the words searched for, where the question's words do not already hold it."""
        def ruled(plan):  # the words the rules' own text holds
            return [w for w in plan[0] if not w.unruled]

        def unmatched(plan):  # the forms of the words it does not
            return [f for _, f in plan[2]] + [w.unruled for w in plan[0] if w.unruled]

        if not any(ruled(plan) and unmatched(plan) for plan in plans.values()):
            return  # (most questions: every word matched something)
        from ..concepts import match_row
        from .understand import Word

        for n, wrote in reads:
            form = match_form(wrote)
            games = match_row(n)[2]
            for g, plan in plans.items():
                entry = games.get(g)
                if entry is None or entry[0] is None:
                    continue
                # only where the words of the concept's span matched nothing in the ruleset
                # (寝かせる; not 墓地に送ら, whose 墓地 matched), and other words did (a question
                # that is the concept alone gets its clauses first)
                # (the judges' phrasings aside: 顔面 held by a phrasing alone still adds D0's
                # スマッシュ)
                if not ruled(plan) or not any(f and f in form for f in unmatched(plan)):
                    continue
                if any(t and t in form for t in map(_typed, ruled(plan))):
                    continue
                alts = list(dict.fromkeys(
                    match_form(p) for p in (p.strip() for p in entry[0].split("/"))
                    if _one_word(p) and self.containing(match_form(p), (g,))))
                words = plan[0]
                if alts and not any(a in w.alts for w in words for a in alts):
                    words.append(Word(alts, " / ".join(alts), "concept", wrote))

    def _candidates(self, reads, scope: tuple, under_ids, excludes, jumped) -> list:
        """For each concept read and each ruleset in scope, [defining clauses, governing
        clauses] as documents (where the ruleset lacks the idea, its `see` clauses define):
        those in the scope (and --under), not excluded by the query and not a clause id it
        typed: [(index of the read, define, govern), ...] in reads x scope order."""
        from ..concepts import match_row

        out = []
        for k, (n, _) in enumerate(reads):
            row = match_row(n)
            for g in scope:
                entry = row[2].get(g)
                if entry is None:
                    continue
                have = entry[0] is not None
                lists = (entry[1], entry[2]) if have else (entry[2], ())
                docs = []
                by_id = self.ids.get(g, {})
                for ids in lists:
                    keep = []
                    for cid in ids:
                        doc = by_id.get(cid)
                        if doc is None or doc in jumped:
                            continue
                        if under_ids is not None and not self._is_under(self.units[doc],
                                                                         under_ids):
                            continue
                        if excludes and any(doc in self.containing(t.text, (g,))
                                            for t in excludes):
                            continue
                        keep.append(doc)
                    docs.append(keep)
                out.append((k, docs[0], docs[1], g))
        return out

    def _choose(self, cands, found, reads=()) -> list[int]:
        """The clauses the concepts read put first (ranking.CONCEPT_PINS, CONCEPT_CHOOSE):
        concept by concept, ruleset by ruleset, its first defining clause, then the places left
        to those of its defining and governing clauses that say another concept read in the
        ruleset's word (殴った…寝る: of the attack's clauses, the one that says スリープ), then to
        those the question's words score highest, its defining clauses before its governing
        ones (the words choose among the concept's
        clauses: a question about how many cards a deck holds gets the clause that says so,
        not only the heading of deck building), and to the next defining clauses when the
        words score none."""
        from .ranking import CONCEPT_PINS

        scores = dict(self._kept)
        scores.update(found)
        out: list[int] = []
        owns: dict[int, str] = {}
        for k, define, govern, g in cands:
            places = CONCEPT_PINS[k]
            mine: list[int] = []
            if define and define[0] not in out:
                mine.append(define[0])
            pool = [d for d in dict.fromkeys(define + govern) if d not in out and d not in mine]
            said = self._said(reads, k, g, pool) if len(reads) > 1 else set()
            # those that say the concept as the question typed it (ターンを終了する), then
            # those that say another concept read, each in the index's order of its clauses
            if k not in owns:
                owns[k] = (match_form(reads[k][1])
                           if k < len(reads) and _phrase(reads[k][1]) else "")
            own = owns[k]
            hinted = [d for d in pool if own in self.fields[d]] if own else []
            hinted += [d for d in pool if d in said and d not in hinted]
            dset = set(define)
            scored = sorted((d for d in pool if scores.get(d, 0.0) > 0.0),
                            key=lambda d: (d not in dset, -scores[d]))
            for d in hinted + scored + define:
                if len(mine) >= places:
                    break
                if d not in out and d not in mine:
                    mine.append(d)
            out.extend(mine[:places])
        return out

    def _said(self, reads, k: int, g: str, pool: list) -> set:
        """Those of the units `pool` (of ruleset `g`) that say, in the ruleset's word, a concept
        read other than the `k`th (its word's parts: リブート / スリープ is リブート or スリープ),
        as `containing` would find them."""
        from ..concepts import match_row

        fields = self.fields
        out: set = set()
        for j, (n, _) in enumerate(reads):
            if j == k:
                continue
            entry = match_row(n)[2].get(g)
            if entry is None or entry[0] is None:
                continue
            for part in entry[0].split("/"):
                form = match_form(part.strip())
                if len(form) >= 2 and "\0" not in form:
                    out.update(d for d in pool if form in fields[d])
        return out

    def _pin(self, wq, found, total: int, pins: list[int]):
        """`found` with the pinned clauses first: each with its score where it matches the
        words (the run's collector keeps the pins' scores wherever they rank), else 0; `total`
        counts the pins that do not match the words."""
        pinned = set(pins)
        scores = {n: s for n, s in found if n in pinned}
        if wq is not None:  # pins ranked below the cut: their scores, kept by the collector
            scores.update((n, s) for n, s in self._kept.items() if n in pinned)
        rest = [(n, s) for n, s in found if n not in pinned]
        total += sum(1 for n in pins if n not in scores)
        return [(n, scores.get(n, 0.0)) for n in pins] + rest, total

    def _concept_notes(self, reads, scope: tuple) -> list[Note]:
        from ..concepts import match_row
        from .ranking import CONCEPT_PINS

        out = []
        for j, (n, wrote) in enumerate(reads):
            cid, name, games = match_row(n)[:3]
            have = [g for g in scope if g in games and games[g][0] is not None]
            lack = [g for g in scope if g in games and games[g][0] is None]
            if have:  # k: how many of its clauses a ruleset puts first (0: it only chooses)
                out.append(Note("concept", wrote, (cid, name), have, k=CONCEPT_PINS[j],
                                why="; ".join(f"{g} {games[g][0]}" for g in have)))
            for g in lack:
                out.append(Note("concept-none", wrote, (cid, name), (g,), why=games[g][1]))
        return out

    def _mark_pins(self, res: Result, reads, pins: list[int], scope: tuple) -> None:
        from ..concepts import match_row

        by_doc: dict[int, str] = {}
        for n, _ in reads:
            cid, _, games = match_row(n)[:3]
            for g in scope:
                entry = games.get(g)
                if entry is not None:
                    for c in (entry[1] + entry[2] if entry[0] is not None else entry[2]):
                        doc = self.ids.get(g, {}).get(c)
                        if doc in pins and doc not in by_doc:
                            by_doc[doc] = cid
        for h in res.hits:
            if not h.jump and h.doc in by_doc:
                h.concept = by_doc[h.doc]
        res.concepts = []
        for n, wrote in reads:
            cid, name, games = match_row(n)[:3]
            res.concepts.append({
                "id": cid, "name": name, "wrote": wrote,
                "games": {g: ({"word": games[g][0], "define": list(games[g][1])}
                              if games[g][0] is not None else
                              {"none": games[g][1], "see": list(games[g][2])})
                          for g in scope if g in games}})

    def _relaxed_k(self, plans, phrases, excludes, scope, under_ids,
                   most: int) -> tuple[int, int]:
        """How many of the words a clause must hold (the most for which RELAX_UNTIL clauses
        qualify, or 1), and how many clauses do."""
        counts: dict[int, int] = {}
        self._held = {}  # per ruleset: how many of the words each unit holds (for _rerank)
        for g in scope:
            words = plans[g][0]
            gap = most - len(words)  # words that match nothing in this ruleset
            held: dict[int, int] = {}
            for w in words:
                docs = set()
                for a in w.alts:  # in the rules' fields or a phrasing (the asks field)
                    docs.update(self.containing(a, (g,)))
                for a in _asked_forms(w, excludes):
                    docs.update(self.containing_asks(a, (g,)))
                for n in docs:
                    held[n] = held.get(n, 0) + 1
            self._held[g] = held
            if not words and phrases:  # the phrases alone
                held = dict.fromkeys(self.containing(phrases[0].text, (g,)), 0)
            if not held:
                continue
            ok = set(held)
            for t in phrases:
                ok.intersection_update(self.containing(t.text, (g,)))
            for t in excludes:
                ok.difference_update(self.containing(t.text, (g,)))
            if under_ids is not None:
                ok = {n for n in ok if self._is_under(self.units[n], under_ids)}
            for n in ok:
                c = held[n] + gap
                counts[c] = counts.get(c, 0) + 1
        if most == 0:  # phrases only
            return 0, sum(counts.values())
        k = most
        have = counts.get(most, 0)
        while k > 1 and have < RELAX_UNTIL:
            k -= 1
            have += counts.get(k, 0)
        return k, have

    def _plan(self, q: Query, game: str):
        """(content words, verbatim sentences) of a query in one ruleset."""
        from .understand import Word, analyse, negated, spellings

        words: list = []
        verbatim: list[str] = []
        bare: list = []
        known = self.vocabulary.__contains__
        for group in q.groups:
            if len(group) == 1 and group[0].phrase:
                continue  # a required phrase
            if len(group) == 1 and not group[0].phrase and self._is_sentence(group[0], game):
                t = group[0]
                got = analyse(t.raw, game, known)
                if len(got) > 1 or (got and got[0].alts != (t.text,)) or (t.quote and not got):
                    verbatim.append(t.text)
                said = False
                if t.quote:  # a quoted part: as written, in either spelling (出来ない)
                    forms = spellings(t.text)
                    verbatim.extend(v for v in forms[1:] if v not in verbatim)
                    said = any(self.containing(v, (game,)) for v in forms)
                # a quoted part (「できない」) that a clause says as written: that is its hint,
                # not the denial's ない a question's own できない hints at
                if not said:
                    verbatim.extend(n for n in negated(t.raw) if n not in verbatim)
                if t.quote and not got and said:
                    bare.append(Word([v for v in forms if self.containing(v, (game,))], t.raw))
                words.extend(w for w in got if w not in words)
                continue
            alts = [t.text for t in group]
            w = Word(alts, " | ".join(t.raw for t in group))
            if w not in words:
                words.append(w)
        # a quoted part with no word of its own (「できない」って何？), as written where a clause
        # says it (either spelling): a word when the sentence has no other (beside other words
        # it is a hint only: measured alike on the seen sets, and it keeps a clause that says
        # the words but not the quote, zx 102.6 for 「できる」…「できない」…, in the count)
        if bare and not words:
            words.extend(w for w in bare if w not in words)
        scope = (game,)
        kept = []
        dropped = []
        for w in words:
            live = [a for a in w.alts if self.containing(a, scope)]
            if live:  # (its other forms too where a clause's phrasings hold them)
                w.alts = tuple(a for a in w.alts
                               if a in live or self.containing_asks(a, scope))
                if w not in kept:  # (a word once: 攻撃 for 攻撃力's head and for 殴, as the site)
                    kept.append(w)
                continue
            fixed = self._respell(w, scope, correct=False)
            if not fixed:
                # a word the rules never write that a clause's phrasings hold (成仏, 顔面) is a
                # judge's word, not a misspelling: searched in the phrasings alone (a compound
                # the rules write apart is searched as its parts, and as typed in the
                # phrasings: _asks_typed)
                # (of two characters or more: one character alone, 倒 or 送, tells nothing and
                # would only relax the minimum-should-match)
                # (a kanji typed with its okurigana, 守る: as typed, 守ル, where one character
                # alone tells nothing: `Word.okuri`)
                asked = [a for a in w.alts + w.okuri
                         if len(a) >= 2 and self.containing_asks(a, scope)]
                if asked:
                    first = w.alts[0]
                    w.alts = tuple(asked)
                    w.unruled = first
                    if w not in kept:
                        kept.append(w)
                    continue
                # else the nearest word of the rules (asked only now: a phrasing's word
                # would discard it)
                fixed = self._correct(w, scope)
            if not fixed or fixed[0].origin == "split":
                dropped.append((w.shown, w.alts[0] if w.alts else ""))
            kept.extend(x for x in fixed if x not in kept)
        return kept, [v for v in verbatim if self.containing(v, scope)], dropped

    def _respell(self, w, scope: tuple, correct: bool = True) -> list:
        """A word that matches nothing in `scope`: its parts that do (a compound the rules
        write apart), or (`correct`) the nearest word of the rules when one is close (a
        misspelling, `_correct`); else nothing (the word is dropped and the output says so)."""
        from .analysis import runs, script
        from .understand import Word

        text = w.alts[0] if w.alts else ""
        out = []
        pieces = [r for _, r in runs(text)] if len(w.alts) == 1 else []
        if len(pieces) > 1:
            for p in pieces:
                if len(p) >= 2 and self.containing(p, scope):
                    out.append(Word([p], p, "split", w.shown))
            if out:
                return out
        elif len(pieces) == 1 and len(text) >= 3 and script(text[0]) == "h":
            # a kanji compound the rules never write (速攻持ち, 相手側): its longest head that
            # they do write, and the rest when they write that too
            for end in range(len(text) - 1, max(1, (len(text) - 1) // 2), -1):
                head = text[:end]  # at least half of it (状況起因処理 is not 状況)
                if self.containing(head, scope):
                    out.append(Word([head], head, "split", w.shown))
                    rest = text[end:]
                    if len(rest) >= 2 and self.containing(rest, scope):
                        out.append(Word([rest], rest, "split", w.shown))
                    return out
        return self._correct(w, scope) if correct else []

    def _correct(self, w, scope: tuple) -> list:
        """The nearest word of the rules to a word that matches nothing in `scope`, when one
        is close (a misspelt katakana word: `suggest.nearest`); else nothing."""
        from .suggest import nearest
        from .understand import Word

        text = w.alts[0] if w.alts else ""
        if len(w.alts) == 1 and len(text) >= 3:
            best = nearest(self, text, scope)
            if best:
                return [Word([best], best, "corrected", w.shown)]
        return []

    def _plan_notes(self, plans: dict, scope: tuple) -> list[Note]:
        """What the words reading did, in every ruleset of the scope."""
        notes: list[Note] = []
        seen: dict = {}
        for g in scope:
            for w in plans[g][0]:
                if w.origin in ("vocabulary", "kana", "corrected", "split"):
                    key = (w.origin, w.wrote, w.shown)
                    if key in seen:
                        seen[key].append(g)
                    else:
                        seen[key] = [g]
        for (origin, wrote, shown), games in seen.items():
            if origin == "split":
                continue  # the parts are shown as the words searched for
            notes.append(Note(origin, wrote, shown.split(" / "), games))
        missing = [m for m in plans[scope[0]][2] if all(m in plans[g][2] for g in scope)]
        if missing:
            from .suggest import suggest

            for shown, form in dict.fromkeys(missing):
                notes.append(Note("nothing", shown, suggest(self, form, scope) if form else ()))
        return notes

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
    def snippet(self, hit: Hit, terms, width: int = 64) -> tuple[str, str, list]:
        """(field, text, highlight spans) for a hit: the line that best shows the terms."""
        if isinstance(terms, Result):
            terms = terms.terms
        elif isinstance(terms, Query):
            terms = [t.text for t in terms.terms]
        return make_snippet(hit.record, list(terms), width)

    def asked(self, hit: Hit, terms) -> tuple[str, list] | None:
        """(phrasing, highlight spans) of the judges' phrasing of the hit that holds the most of
        `terms` (the words searched, matching forms: `Result.asks_terms`), then the most of
        their characters, then the first; None when no phrasing holds one."""
        if isinstance(terms, Result):
            terms = terms.asks_terms
        return best_asked(*self.asks_of(hit.doc), list(terms), self.index.asks_plain(hit.doc))

    def heading(self, hit: Hit) -> tuple[str, str]:
        """(context id, heading) to show beside the id: own title, else the heading above."""
        r = hit.record
        if r[TITLE]:
            return "", r[TITLE]
        return r[CTX_ID], r[CTX_TITLE]

    # ---- no hits -------------------------------------------------------------------------
    def explain_miss(self, res: Result) -> list[str]:
        """Why nothing matched, and what would (see `judgekit.search.suggest`)."""
        from .suggest import explain_miss

        return explain_miss(self, res)


def _fields(token: str, section: float, fields=TEXT_FIELDS):
    """One index token in the title, the section's title or the text (and the asks field,
    when in `fields`); the title's score, the section's and the asks field's count
    `TITLE_BOOST`, `section` and `ASKS_BOOST` times the text's (BM25F field boosts)."""
    from .wquery import Term as WTerm

    from .ranking import ASKS_BOOST, TITLE_BOOST

    boost = {"title": TITLE_BOOST, "section": section, "text": 1.0, ASKS_FIELD: ASKS_BOOST}
    return _or([WTerm(f, token, boost=boost[f]) for f in fields])


def _typed(w) -> str:
    """What the question typed for a word searched for (matching form): the judge's own word
    where the search looks for others (墓地 for トラッシュ), else the word."""
    if w.wrote:
        return match_form(w.wrote.rstrip("…"))
    return w.alts[0] if w.alts else ""


def _asks_typed(w) -> str:
    """The judge's own word (matching form) of a word whose search looks for other words (降参
    for 投了, 山札 for デッキ), searched in the judges' phrasings besides those: "" when the
    word is searched as typed, or when it is one of them or shorter than two characters."""
    if not w.wrote:
        return ""
    t = match_form(w.wrote.rstrip("…"))
    return t if len(t) >= 2 and t not in w.alts and "\0" not in t else ""


def _asked_forms(w, excludes) -> list[str]:
    """The forms of a word of the words reading looked for in the judges' phrasings: its forms
    and the judge's own word (`_asks_typed`), but none holding an excluded term (-投了 keeps
    投了 out of the phrasings too: the exclusion filters the rules' text, and a phrasing must
    not bring back, or show highlighted, the word the judge excluded)."""
    typed = _asks_typed(w)
    return [a for a in w.alts + ((typed,) if typed else ())
            if not any(t.text in a for t in excludes)]


def _one_word(text: str) -> bool:
    """Is a ruleset's word for a concept a word to search (スリープ, 裏向き, 山札を見て,
    バトル宣言ステップ), not a sentence (バトルによる破壊, 順番は、任意に変更が可能) that costs
    much to match and tells little? Letters and digits only; with kana, 2 to 6 characters."""
    from .analysis import script

    if len(text) < 2 or not text.isalnum():
        return False
    return len(text) <= 6 or not any(script(ch) == "r" for ch in text)


def _phrase(wrote: str) -> bool:
    """Is a concept's word as typed a phrase (kana joining kanji or katakana: ターンを終了する),
    more telling where a clause says it verbatim than a word alone (カウンター)?"""
    from .analysis import script

    kinds = {script(ch) for ch in wrote}
    return "r" in kinds and bool(kinds & {"h", "k"})


def _places(cands) -> int:
    """How many clauses the concept step may pin (the run's limit grows by as many)."""
    from .ranking import CONCEPT_PINS

    return sum(CONCEPT_PINS[k] for k, _, _, _ in cands)


def _or(queries: list):
    """Whoosh's Or as a tree of union matchers. (Its default on a small index preloads every
    match of every branch, so a ruleset filter could not skip the work outside it.)"""
    from whoosh.query import Or

    if len(queries) == 1:
        return queries[0]
    q = Or(queries)
    q.matcher_type = Or.DEFAULT_MATCHER
    return q


def best_asked(lines, forms, terms: list[str], plain: int = 0) -> tuple[str, list] | None:
    """`Searcher.asked` of a unit's phrasings (`lines`, their matching forms `forms`; bit j
    of `plain`: the j-th folds character for character, `Index.asks_plain`)."""
    if not lines or not terms:
        return None
    # (a term none of the unit's phrasings holds is in none of them: left out at once)
    joined = "\0".join(forms)
    terms = [t for t in terms if t and t in joined]
    if not terms:
        return None
    best, key = -1, (0, 0)
    for k, form in enumerate(forms):
        held = [t for t in terms if t in form]
        if not held:
            continue
        score = (len(held), sum(map(len, held)))
        if score > key:
            best, key = k, score
    if best < 0:
        return None
    from .highlight import term_spans

    line = lines[best]
    return line, term_spans(line, terms, forms[best], bool(plain >> best & 1))


def make_snippet(r: tuple, terms: list[str], width: int = 64) -> tuple[str, str, list]:
    """(field, snippet, spans): Whoosh's highlighting of the source line that shows most of
    `terms` (matching forms), cut to about `width` characters around the matches."""
    from .highlight import best_fragment

    field, source, form = "text", r[TEXT], r[M_TEXT]
    if terms and not any(t in r[M_TEXT] for t in terms):
        if r[M_EXAMPLES] and any(t in r[M_EXAMPLES] for t in terms):
            field, source, form = "examples", "\n".join(r[EXAMPLES]), r[M_EXAMPLES]
        elif r[M_TITLE] and any(t in r[M_TITLE] for t in terms):
            field, source, form = "title", r[TITLE], r[M_TITLE]
    if not source:
        field, source, form = "title", r[TITLE], r[M_TITLE]
    text, spans = best_fragment(source, terms, width, form)
    return field, text, spans


__all__ = ["Hit", "Note", "Result", "Searcher", "UsageError", "best_asked", "grams",
           "make_snippet"]
