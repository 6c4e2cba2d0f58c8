"""The query language, parsed by hand (Whoosh's parser would read the corpus's own `**`, `(702)`,
`:` and `*` as operators).

    致死ダメージ            a term: the clauses containing it (in any width, dash or space variant)
    ライフ 0 敗北           terms separated by spaces: all must match
    "ゲーム 開始"           a quoted phrase: matched as written, spaces between CJK folded away;
    「ゲーム開始」 『…』     Japanese quotes quote a phrase just the same
    登場 OR 退場            either (OR binds tighter than the implicit AND: a b OR c = a AND (b OR c))
    ダメージ -致死          exclude the clauses containing a term (also -"a phrase")
    702.2a / 第4部第6章3     a single term that is a clause number also jumps to that clause

A term matches a unit when its matching form (`normalize.match_form`) is a substring of the
unit's title, rule text, examples, its parent's heading or the title of the section it sits
in. Everything else is a literal character: brackets (full-width （…） included: there is no
grouping), asterisks, colons, a lone "-", a trailing "OR". Quotes may be ASCII, full-width,
curly or Japanese (「…」, 『…』), so a quote character itself cannot be searched for; an
unclosed quote runs to the end of the query. To search for a leading "-", quote it.

A typed term that holds hiragana or a player's word is read as a sentence by the engine
(`judgekit.search.understand`); a quoted phrase never is. A query of quoted phrases alone, or of
phrases and terms with no sentence among them, is read exactly as above.

Quotes inside a sentence (`read_quotes`): a judge quotes card text or a rule's words in 「…」 as
Japanese writing does (「何体でも」で0体選んだら…, 「できる」って効果と「できない」って効果が…).
In a query read as a sentence, a part in 「…」 or 『…』 (a term of its own, or inside a typed
term) is words of the question, not a phrase that must occur: read as words as if typed
without the quotes, its form as written scoring extra where a clause says it. A phrase in
ASCII or curly quotes ("…") stays required: typing them is asking for the operator, and a
judge quoting in Japanese never types them; but an alternative of OR is words in any quotes.
When the required phrases of a sentence leave no clause, the sentence is read with them as
words instead, and the output says so.
"""

from __future__ import annotations

import unicodedata

from .normalize import match_form

_QUOTES = {'"': '"', "“": "”", "”": "”", "„": "“", "「": "」", "『": "』"}
_ASCII_CLOSE = '"”'  # an ASCII or curly quote also ends a phrase opened by either of them
JAPANESE_QUOTES = "「『"  # a judge quoting words in a sentence (`read_quotes`)


class Term:
    __slots__ = ("text", "raw", "phrase", "quote")

    def __init__(self, text: str, raw: str, phrase: bool = False, quote: str = ""):
        self.text = text      # matching form, never empty
        self.raw = raw        # as typed (a quoted phrase: inside its quotes)
        self.phrase = phrase  # required as written
        # the opening quote it was typed in ("" bare); a quoted part of a sentence is not a
        # phrase but the judge quoting words (`read_quotes`): phrase False, quote kept
        self.quote = quote

    @property
    def quoted(self) -> str:
        """The term as typed with its quotes (「できない」, "致死 ダメージ")."""
        if not self.quote:
            return self.raw
        if self.quote in JAPANESE_QUOTES:
            return f"{self.quote}{self.raw}{_QUOTES[self.quote]}"
        return f'"{self.raw}"'

    def __repr__(self) -> str:
        return f"Term({self.text!r}{', phrase' if self.phrase else ''})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Term) and (self.text, self.phrase) == (other.text, other.phrase)


class Query:
    """groups: an AND of OR-groups of terms; excludes: terms no hit may contain."""

    __slots__ = ("raw", "groups", "excludes", "id_candidate")

    def __init__(self, raw: str, groups: list[list[Term]], excludes: list[Term],
                 id_candidate: str | None):
        self.raw = raw
        self.groups = groups
        self.excludes = excludes
        self.id_candidate = id_candidate  # the input, when it may be a clause number

    @property
    def terms(self) -> list[Term]:
        return [t for g in self.groups for t in g]

    @property
    def empty(self) -> bool:
        return not self.groups

    def __repr__(self) -> str:
        return f"Query({self.groups!r}, excludes={self.excludes!r})"


def _tokens(s: str) -> list[tuple[str, str, str, bool]]:
    """(kind, text, opening quote or "", negated) with kind 'term' or 'or'."""
    out = []
    n = len(s)
    i = 0
    while i < n:
        ch = s[i]
        if ch.isspace():
            i += 1
            continue
        neg = False
        if ch == "-" and i + 1 < n and not s[i + 1].isspace():
            neg = True
            i += 1
            ch = s[i]
        if ch in _QUOTES:
            close = _QUOTES[ch]
            j = i + 1
            while j < n and s[j] != close and not (close in _ASCII_CLOSE and s[j] in _ASCII_CLOSE):
                j += 1
            out.append(("term", s[i + 1:j], ch, neg))
            i = j + 1
            continue
        j = i
        while j < n and not s[j].isspace():
            j += 1
        word = s[i:j]
        if word == "OR" and not neg:
            out.append(("or", word, "", False))
        else:
            out.append(("term", word, "", neg))
        i = j
    return out


def parse(raw: str) -> Query:
    s = unicodedata.normalize("NFKC", raw)
    toks = _tokens(s)
    groups: list[list[Term]] = []
    excludes: list[Term] = []
    join_next = False
    for k, (kind, text, phrase, neg) in enumerate(toks):
        if kind == "or":
            prev_ok = bool(groups) and k > 0 and toks[k - 1][0] == "term" and not toks[k - 1][3]
            nxt_ok = k + 1 < len(toks) and toks[k + 1][0] == "term" and not toks[k + 1][3]
            if prev_ok and nxt_ok:
                join_next = True
                continue
            text = "or"  # a dangling OR is just a word
            kind = "term"
        form = match_form(text).strip()
        if not form or (not phrase and _only_operators(text)):
            # a word of nothing but ASCII punctuation (a stray -, ?, ...) is typing, not text
            # to find: "-" in quotes searches for the character
            join_next = False
            continue
        t = Term(form, text, bool(phrase), phrase)
        if neg:
            excludes.append(t)
        elif join_next and groups:
            if t not in groups[-1]:
                groups[-1].append(t)
        else:
            groups.append([t])
        join_next = False
    id_candidate = None
    # one plain term, or one in Japanese quotes (「702.2a」 is how a document cites a clause),
    # may be a clause number; "702.2a" in ASCII quotes searches for the text only
    if len(toks) == 1 and toks[0][0] == "term" and toks[0][2] in ("", "「", "『") \
            and not toks[0][3]:
        if _id_like(toks[0][1]):
            id_candidate = raw.strip()
    return Query(raw, groups, excludes, id_candidate)


def has_quotes_to_read(q: Query) -> bool:
    """Does a sentence `q` hold what `read_quotes` reads as words: a part in Japanese quotes
    (a term of its own or inside one), or a phrase that is an alternative of OR?"""
    return any((t.phrase and t.quote in JAPANESE_QUOTES)
               or any(c in t.raw for c in JAPANESE_QUOTES) for t in q.terms) or \
        any(len(g) > 1 and any(t.phrase for t in g) for g in q.groups)


def read_quotes(q: Query) -> Query:
    """`q` as a sentence reads it (`judgekit.search.engine`: a query with a sentence in it).
    A judge quoting card text or a rule's words in Japanese quotes (「何体でも」で0体選んだら,
    「できる」って効果と「できない」って効果が…) quotes words of the question, not a phrase that
    must occur: each part in 「…」 or 『…』, typed as a term of its own or inside one, becomes a
    term of its own that is not a phrase (`Term.quote` kept), read as words as if typed without
    the quotes. A phrase in ASCII or curly quotes stays required (a user who types "…" asks
    for the operator), unless it is an alternative of OR (「できない」 OR "禁止"): the words
    reading has no OR of required phrases, so it is words too. The exclusions stay as typed."""
    groups: list[list[Term]] = []
    for g in q.groups:
        if len(g) == 1 and g[0].phrase and g[0].quote in JAPANESE_QUOTES:
            t = g[0]
            if any(c in t.raw for c in JAPANESE_QUOTES):  # 「『できない』と書いてある」
                groups.extend([x] for x in _split_quotes(t.raw, 2))
            elif _has_word(t.text):  # (「・」 quotes nothing to search: left out)
                groups.append([Term(t.text, t.raw, False, t.quote)])
        elif len(g) == 1 and not g[0].phrase and any(c in g[0].raw for c in JAPANESE_QUOTES):
            groups.extend([t] for t in _split_quotes(g[0].raw))
        else:  # (an alternative of OR in quotes is words too: the words reading has no OR
            # of a required phrase, and would AND it with the others)
            groups.append([Term(t.text, t.raw, False, t.quote)
                           if t.phrase and (t.quote in JAPANESE_QUOTES or len(g) > 1) else t
                           for t in g])
    return Query(q.raw, groups, q.excludes, q.id_candidate)


QUOTE_DEPTH = 8  # quotes in quotes read as parts of their own down to this depth


def _split_quotes(raw: str, depth: int = 1) -> list[Term]:
    """A typed term with Japanese quotes inside (と「できない」が): the text around them and each
    quoted part (unclosed: to the end), as terms; parts of nothing to search are left out as
    the parser leaves them, and so is a quoted part of no letter or digit (「・」). A quote in
    a quote (「『できない』って」: card text quoted in a judge's quote) is a part of its own,
    the text around it in the outer quote words of the sentence; below QUOTE_DEPTH quotes the
    quote characters are left out and the rest read as the innermost part's text."""
    out = []
    pieces: list[tuple[str, str]] = []
    i = start = 0
    n = len(raw)
    while i < n:
        ch = raw[i]
        if ch in JAPANESE_QUOTES:
            pieces.append((raw[start:i], ""))
            j = raw.find(_QUOTES[ch], i + 1)
            j = n if j < 0 else j
            pieces.append((raw[i + 1:j], ch))
            i = start = j + 1
            continue
        i += 1
    pieces.append((raw[start:], ""))
    for text, quote in pieces:
        if quote and any(c in text for c in JAPANESE_QUOTES):
            if depth < QUOTE_DEPTH:
                out.extend(_split_quotes(text, depth + 1))
                continue
            text = "".join(c for c in text if c not in _QUOTE_CHARS)
        form = match_form(text).strip()
        if form and (_has_word(form) if quote else not _only_operators(text)):
            out.append(Term(form, text, False, quote))
    return out


def _has_word(form: str) -> bool:
    """Does a quoted part hold a letter or a digit (any script), something to search?"""
    return any(ch.isalnum() for ch in form)


_QUOTE_CHARS = set(JAPANESE_QUOTES) | {_QUOTES[q] for q in JAPANESE_QUOTES}
_PUNCT = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def _only_operators(word: str) -> bool:
    """A word as typed (after NFKC) of nothing but ASCII punctuation."""
    return all(ch in _PUNCT or ch.isspace() for ch in word)


_ID_CHARS = set(".-_:#()[]「」『』【】<>ー－―‐第部章節項序文")


def _id_like(word: str) -> bool:
    """Could `word` be a clause number as `judgekit.rules.lookup` reads them (702.2a, CR702.2a,
    「702.2a」, 第4部第6章3, 4.6.2-1, guide.deck)? It holds a digit or is a guide/intro id, and
    nothing but ASCII letters, digits and the characters ids are written with; so a phrase
    that merely contains a number (優先権前処理(702)を実行します) is a text search."""
    low = word.lower()
    if not (any(ch.isdigit() for ch in word) or low.startswith(("guide", "intro"))):
        return False
    return all((ch.isascii() and ch.isalnum()) or ch in _ID_CHARS for ch in word)
