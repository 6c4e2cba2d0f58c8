"""Snippets: Whoosh's highlighting over the source text, matches on the source's own characters.

Whoosh highlights a text by analysing it into tokens that carry character offsets, marking the
tokens that match, cutting fragments around them (`ContextFragmenter`), keeping the best
(`BasicFragmentScorer`: the more different terms, the better; the first of equals) and
formatting it (`Formatter`). Here the tokens are the occurrences of the search's terms in the
matching form of each source line, mapped back to the source characters by
`normalize.match_map` (スリーブ in zx 302.2 is highlighted for スリープ, ２人 for 2人), with the
characters between them as unmatched tokens; the formatter returns the fragment's text and the
matches' spans instead of markup, so the CLI colours them and --json lists them.

The fragmenter and the scorer are Whoosh's, step for step (`_fragments`, `_score`), over
small token objects: no Token copies, Fragment objects or formatter (a search shows ten
snippets; tests/search/test_snippets.py compares every unit's snippets with Whoosh's own
classes').
"""

from __future__ import annotations

from .normalize import _one_for_one, match_map


GAP = 4  # unmatched characters per token: where a fragment may start or end
CHARLIMIT = 2 ** 15  # whoosh.highlight.DEFAULT_CHARLIMIT: ContextFragmenter's charlimit


def _fragments(text: str, tokens, maxchars: int, surround: int) -> list[tuple[int, int, list]]:
    """Whoosh's ContextFragmenter(maxchars, surround).fragment_tokens(text, tokens), step for
    step, over `term_tokens`' (start, end, term) tuples (term "" where nothing matched), each
    fragment (startchar, endchar, its matched tokens) as mkfrag makes it, without Token copies
    and Fragment objects."""
    from collections import deque

    first = None
    firsts: deque = deque()
    countdown = -1
    tks: list = []
    endchar = None
    currentlen = 0
    out = []
    n = len(text)
    for t in tokens:
        startchar, endchar, matched = t
        tlength = endchar - startchar
        if endchar > CHARLIMIT:
            break
        if countdown < 0 and not matched:
            firsts.append(startchar)
            while firsts and endchar - firsts[0] > surround:
                firsts.popleft()
        elif currentlen + tlength > maxchars:
            countdown = 0
        elif matched:
            countdown = surround
            if first is None:
                if firsts:
                    first = firsts[0]
                else:
                    first = startchar
                    countdown += surround
            tks.append(t)
        if countdown >= 0:
            currentlen += tlength
            countdown -= tlength
            if countdown <= 0:
                out.append(_mkfrag(n, tks, first, endchar))
                tks = []
                firsts = deque()
                first = None
                currentlen = 0
    if tks:
        out.append(_mkfrag(n, tks, first, endchar))
    return out


def _mkfrag(n: int, tks: list, startchar, endchar) -> tuple[int, int, list]:
    """whoosh.highlight.mkfrag's start and end (no characters before or after)."""
    if startchar is None:
        startchar = tks[0][0] if tks else 0
    if endchar is None:
        endchar = tks[-1][1] if tks else n
    return max(0, startchar), min(n, endchar), tks


def _score(frag) -> float:
    """BasicFragmentScorer: the matches' boosts (1 each, Whoosh's Token's) added up, times a
    hundred times the number of different terms matched."""
    matches = frag[2]
    return sum(1.0 for _ in matches) * ((len({t[2] for t in matches}) * 100) or 1)


def term_tokens(line: str, terms: list[str], form: str | None = None):
    """Tokens of one source line for Whoosh's fragmenter, as (start, end, term) in the line's
    characters: each occurrence of a term (the longest at a place, never overlapping) matched
    (its term), the text between in unmatched pieces of GAP characters (term ""). `form`: the
    line's matching form, if known (a line that folds character for character then needs no
    mapping: match_map's answer without folding it again)."""
    if form is not None and len(form) == len(line) and _one_for_one(line):
        n = len(line)
        starts, ends = range(n), range(1, n + 1)
    else:
        form, starts, ends = match_map(line)
    found: list[tuple[int, int, str]] = []
    for t in sorted(set(terms), key=len, reverse=True):
        if not t:
            continue
        i = form.find(t)
        while i >= 0:
            found.append((i, i + len(t), t))
            i = form.find(t, i + 1)
    found.sort(key=lambda x: (x[0], -(x[1] - x[0])))
    chosen = []
    end = -1
    for a, b, t in found:
        if a >= end:
            chosen.append((a, b, t))
            end = b
    out = []
    k = 0
    for a, b, t in chosen + [(len(form), len(form), "")]:
        if k < a:  # the text between matches, a few characters a token
            out.extend([(starts[j], ends[min(a, j + GAP) - 1], "") for j in range(k, a, GAP)])
            k = a
        if t:
            out.append((starts[a], ends[b - 1], t))
            k = b
    return out


def term_spans(line: str, terms: list[str], form: str | None = None,
               plain: bool = False) -> list[tuple[int, int]]:
    """The spans of `line` (source characters) where `terms` (matching forms) occur, the
    longest at a place, never overlapping: a short line shown whole (a judges' phrasing under
    a hit), so no fragment is cut. `plain`: `form` is known to fold from `line` character
    for character (`Index.asks_plain`), so nothing is mapped."""
    if form is not None and (plain or len(form) == len(line) and _one_for_one(line)):
        starts = ends = None
    else:
        form, starts, ends = match_map(line)
    found = []
    for t in terms:
        i = form.find(t) if t else -1
        while i >= 0:
            found.append((i, -(len(t)), i + len(t)))
            i = form.find(t, i + 1)
    found.sort()
    out, end = [], -1
    for a, _, b in found:
        if a >= end:
            out.append((a, b) if starts is None else (starts[a], ends[b - 1]))
            end = b
    return out


def format_fragment(text: str, a: int, b: int, matches) -> tuple[str, list]:
    """The fragment text[a:b] as (text, [(start, end) of each match]), with "…" where it was
    cut (`matches`: (start, end, term) in `text`)."""
    spans = []
    pos = a
    for x, y, _ in sorted(matches, key=lambda t: (t[0], -t[1])):
        if x < pos:
            continue
        spans.append((x - a, y - a))
        pos = y
    out = text[a:b]
    if a > 0:
        out = "…" + out
        spans = [(x + 1, y + 1) for x, y in spans]
    if b < len(text):
        out += "…"
    return out, spans


def best_line(source: str, terms: list[str], form: str | None = None) -> tuple[str, str | None]:
    """The line of `source` that holds the most different `terms` (then the most of them; the
    first of equals) and its matching form; `form`: the source's matching form, if known (it
    has the same lines). None for the form where no line holds a term: then the first line."""
    from .normalize import match_form

    lines = source.split("\n")
    forms = form.split("\n") if form is not None else None
    if forms is not None and len(forms) != len(lines):
        forms = None
    best, best_key, best_form = None, (0, 0), None
    for k, line in enumerate(lines):
        if not line:
            continue
        f = forms[k] if forms is not None else match_form(line)
        held = [t for t in terms if t and t in f]
        key = (len(set(held)), sum(f.count(t) for t in held))
        if key > best_key:
            best, best_key, best_form = line, key, f
    if best is None:
        return next((x for x in lines if x), ""), None
    return best, best_form


def best_fragment(source: str, terms: list[str], width: int = 64,
                  form: str | None = None) -> tuple[str, list]:
    """The best fragment of `source` for `terms` (matching forms), about `width` long: from
    the line that holds the most different terms (the first of equals), Whoosh's fragment.
    `form`: the source's matching form, if known (it has the same lines)."""
    best, best_form = best_line(source, terms, form)
    if best_form is None:  # nothing to highlight: the first line, cut
        return (best[:width] + "…", []) if len(best) > width else (best, [])
    toks = term_tokens(best, terms, best_form)
    frags = [f for f in _fragments(best, toks, width, max(8, width // 3)) if f[2]]
    # the best-scored fragment, the first of equals (Whoosh's top_fragments keeps the last)
    a, b, _ = max(frags, key=lambda f: (_score(f), -f[0]))
    # a short fragment is widened to the line's width, centred on its matches, and shows
    # every match inside it
    if b - a < width:
        spare = width - (b - a)
        a = max(0, a - spare // 3)
        b = min(len(best), a + width)
        a = max(0, min(a, b - width))
    return format_fragment(best, a, b, [t for t in toks if t[2] and a <= t[0] and t[1] <= b])
