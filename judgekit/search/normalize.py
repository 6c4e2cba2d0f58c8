"""Normalisation for matching only: the index and every query go through `fold()`.

Clause text is stored and shown exactly as the source has it; this fold decides only what
*matches*. Both the CLI search (Whoosh) and the static site's client-side index use it, so a
query finds the same clauses everywhere.

What it folds:
  * NFKC: full-width digits and letters, half-width katakana, compatibility forms
  * dash variants (‐ ‑ ‒ – — ― − － - ｰ) and the long-vowel mark into one character (ー), since
    the sources mix them in keyword syntax (召集ー[ / 召集-同じライン / 支援—)
  * white space between two CJK characters (justified-text extraction: 「自 動 事 象」)
  * markdown debris `**`
  * invisible characters (zero-width space and joiners, direction marks and overrides, word
    joiner, byte-order mark, soft hyphen): a query pasted from a chat or a PDF still matches
  * the sources' known misreadings and variant spellings (OCR プ/ブ, Cyrillic inside katakana,
    CJK variant glyphs), listed in VARIANTS with the digest that reports each

`match_form()` is fold() plus two one-for-one foldings: ASCII letters lower-cased (IGOB = igob)
and hiragana written as katakana (すりーぷ = スリープ, カードを = カードヲ), the form the search
index, every query and the site's index compare. `fold_map()` is fold() that also says where each
folded character came from, and `match_map()` the same for match_form(), so a match found in the
matching form can be highlighted on the source's own characters.
"""

from __future__ import annotations

import re
import unicodedata
from functools import partial

_DASHES = "‐‑‒–—―−－-ｰー"
INVISIBLE = ("\u00ad\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
             "\u2060\u2066\u2067\u2068\u2069\ufeff")
_DASH_TABLE: dict[int, str | None] = {ord(ch): "ー" for ch in _DASHES}
_DASH_TABLE.update({ord(ch): None for ch in INVISIBLE})

# (variant, canonical): applied after NFKC and dash folding, longest first
VARIANTS: tuple[tuple[str, str], ...] = (
    ("エクспанション", "エクスパンション"),  # d0 A6: Cyrillic с п а н inside katakana
    ("спан", "スパン"),
    ("ブランゾーン", "プランゾーン"),  # d0 A7: OCR プ/ブ
    ("ブロンゾーン", "プランゾーン"),
    ("ブラズマキッド", "プラズマキッド"),
    ("リポート", "リブート"),  # zx M
    ("レポート", "リブート"),
    ("スリーブ", "スリープ"),
    ("ヴォイドプリンガー", "ヴォイドブリンガー"),
    ("ソーマルスクエア", "ノーマルスクエア"),
    ("マナジャージ", "マナチャージ"),  # thv A13
    ("プレーヤー", "プレイヤー"),  # d0 A9
    ("墮", "堕"),  # CJK variants
    ("效", "効"),
)


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (0x3000 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF
            or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF)


def fold(text: str) -> str:
    """The matching form of `text` (never shown to a user)."""
    if not text:
        return ""
    s = unicodedata.normalize("NFKC", text).replace("**", "")
    s = s.translate(_DASH_TABLE)
    for a, b in VARIANTS:
        if a in s:
            s = s.replace(a, b)
    return _collapse_cjk_spaces(s)


def _collapse_cjk_spaces(s: str) -> str:
    if " " not in s and "\t" not in s and "\u3000" not in s:
        return s
    return "".join(ch for ch, _, _ in _collapse_plan(s))


def _collapse_plan(chars) -> list[tuple[str, int, int]]:
    """White space between CJK characters dropped, other runs of white space made one space
    (a newline stays a newline): (output character, first, last source index) for each output
    character of `chars` (a str or a list of characters)."""
    out: list[tuple[str, int, int]] = []
    n = len(chars)
    i = 0
    while i < n:
        ch = chars[i]
        if ch.isspace():
            j = i
            while j < n and chars[j].isspace() and chars[j] != "\n":
                j += 1
            prev = out[-1][0] if out else ""
            nxt = chars[j] if j < n else ""
            if j > i and prev and nxt and (_is_cjk(prev) or _is_cjk(nxt)) \
                    and not (prev.isascii() and nxt.isascii()):
                i = j  # drop the space between CJK characters
                continue
            out.append((" " if ch != "\n" else "\n", i, j - 1 if j > i else i))
            i = j if j > i else i + 1
            continue
        out.append((ch, i, i))
        i += 1
    return out


# the one-for-one foldings of match_form(): A-Z to a-z, hiragana to katakana (ぁ-ゖ to ァ-ヶ and
# the iteration marks ゝゞ to ヽヾ; ゟ and the combining sound marks have no katakana twin)
_CASE_KANA = {o: o + 32 for o in range(0x41, 0x5B)}
_CASE_KANA.update({o: o + 0x60 for o in range(0x3041, 0x3097)})
_CASE_KANA.update({0x309D: 0x30FD, 0x309E: 0x30FE})


def match_form(text: str) -> str:
    """What an index and a query are compared in: fold(), then ASCII letters lower-cased and
    hiragana written as katakana (each one character for one, so fold_map's spans still hold)."""
    s = fold(text)
    if s.isascii():
        return s.lower()
    return s.translate(_CASE_KANA)


def kana_fold(s: str) -> str:
    """Hiragana as katakana and ASCII letters lower-cased, nothing else (match_form of a string
    that is already folded)."""
    return s.lower() if s.isascii() else s.translate(_CASE_KANA)


def match_map(text: str) -> tuple[str, list[int], list[int]]:
    """match_form(text) and, for each of its characters, the span of `text` it comes from."""
    if _one_for_one(text):
        f = match_form(text)
        if len(f) == len(text):
            n = len(f)
            return f, list(range(n)), list(range(1, n + 1))
    f, starts, ends = fold_map(text)
    return kana_fold(f), starts, ends


# what fold() may drop or join: "*", white space (re's \s is str.isspace(), tested) and the
# invisible characters
_NOT_ONE_FOR_ONE = re.compile(r"[*\s" + INVISIBLE + "]")
_INVISIBLE_RE = re.compile(f"[{INVISIBLE}]")


def _one_for_one(text: str) -> bool:
    """Does fold() map `text` character for character? (NFKC leaves it as it is, and nothing
    is dropped or joined: no "**", white space or invisible character; the variants that
    change a length shorten the text, which the caller's length check sees.)"""
    return not _NOT_ONE_FOR_ONE.search(text) and unicodedata.is_normalized("NFKC", text)


# characters that NFKC may compose with the character before them (combining marks are found
# by unicodedata.combining; these four have combining class 0 or are half-width forms)
_COMPOSING = "\u3099\u309a\uff9e\uff9f"
_NFKC = partial(unicodedata.normalize, "NFKC")


def _nfkc_map(text: str):
    """NFKC of `text` one base character and its composing marks at a time (`_nfkc_clusters`):
    (characters, starts, ends) of the source span of each, or (None, None, None) when that is
    not NFKC of the whole. Without a combining or composing mark every cluster is one
    character, normalised by one call over the text (and when NFKC leaves the text as it is,
    every character maps to itself)."""
    n = len(text)
    if any(map(unicodedata.combining, text)) or any(c in text for c in _COMPOSING):
        return _nfkc_clusters(text)
    if unicodedata.is_normalized("NFKC", text):
        return list(text), list(range(n)), list(range(1, n + 1))
    pieces = list(map(_NFKC, text))
    joined = "".join(pieces)
    if joined != unicodedata.normalize("NFKC", text):
        return None, None, None
    if len(joined) == n:
        return list(joined), list(range(n)), list(range(1, n + 1))
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for i, piece in enumerate(pieces):
        for ch in piece:
            chars.append(ch)
            starts.append(i)
            ends.append(i + 1)
    return chars, starts, ends


def _nfkc_clusters(text: str):
    """NFKC of `text` one base character and its composing marks at a time: (characters,
    starts, ends) of the source span of each, or (None, None, None) when that is not NFKC of
    the whole (a composition across clusters)."""
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    n = len(text)
    i = 0
    normalize = unicodedata.normalize
    combining = unicodedata.combining
    while i < n:
        j = i + 1
        while j < n and (combining(text[j]) or text[j] in _COMPOSING):
            j += 1
        piece = normalize("NFKC", text[i:j])
        for ch in piece:
            chars.append(ch)
            starts.append(i)
            ends.append(j)
        i = j
    if "".join(chars) != normalize("NFKC", text):
        return None, None, None
    return chars, starts, ends


def fold_map(text: str) -> tuple[str, list[int], list[int]]:
    """fold(text), and for each folded character k the span starts[k]:ends[k] of `text` it
    comes from (several folded characters may share a span, e.g. NFKC's ㍻ -> 平成).

    Mirrors fold() stage by stage; `fold_map(t)[0] == fold(t)` for every text (tested).
    Slower than fold() (a Python loop per character): meant for the few lines a search shows.
    """
    chars, starts, ends = _nfkc_map(text)
    if chars is None:  # a composition across clusters: give up
        f = fold(text)  # the mapping, not the folded text (which fold() defines)
        return f, [0] * len(f), [len(text)] * len(f)
    # "**" removed, left to right (as str.replace does)
    s = "".join(chars)  # one character an element, all along
    if "**" in s:
        k = 0
        keep = []
        while k < len(chars):
            if chars[k] == "*" and k + 1 < len(chars) and chars[k + 1] == "*":
                k += 2
                continue
            keep.append(k)
            k += 1
        chars = [chars[k] for k in keep]
        starts = [starts[k] for k in keep]
        ends = [ends[k] for k in keep]
        s = "".join(chars)
    # dashes (one character for one) and invisible characters (dropped)
    if _INVISIBLE_RE.search(s):
        kept = [k for k, ch in enumerate(chars) if ch not in INVISIBLE]
        chars = [chars[k] for k in kept]
        starts = [starts[k] for k in kept]
        ends = [ends[k] for k in kept]
    s = "".join(chars).translate(_DASH_TABLE)
    chars = list(s)
    # variant spellings, in VARIANTS order, each replaced left to right
    for a, b in VARIANTS:
        if a not in s:
            continue
        nc: list[str] = []
        ns: list[int] = []
        ne: list[int] = []
        pos = 0
        while True:
            hit = s.find(a, pos)
            if hit < 0:
                break
            nc.extend(chars[pos:hit])
            ns.extend(starts[pos:hit])
            ne.extend(ends[pos:hit])
            last = hit + len(a) - 1
            for m, ch in enumerate(b):
                src = hit + m if len(a) == len(b) else None
                nc.append(ch)
                ns.append(starts[src] if src is not None else starts[hit])
                ne.append(ends[src] if src is not None else ends[last])
            pos = hit + len(a)
        nc.extend(chars[pos:])
        ns.extend(starts[pos:])
        ne.extend(ends[pos:])
        chars, starts, ends = nc, ns, ne
        s = "".join(chars)
    # white space between CJK characters (the same plan as fold() follows)
    if " " not in s and "\t" not in s and "\u3000" not in s:
        return s, starts, ends
    plan = _collapse_plan(chars)
    return ("".join(ch for ch, _, _ in plan), [starts[i] for _, i, _ in plan],
            [ends[j] for _, _, j in plan])
