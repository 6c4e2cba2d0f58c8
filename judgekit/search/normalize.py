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
  * the sources' known misreadings and variant spellings (OCR プ/ブ, Cyrillic inside katakana,
    CJK variant glyphs), listed in VARIANTS with the digest that reports each
"""

from __future__ import annotations

import unicodedata

_DASHES = "‐‑‒–—―−－-ｰー"
_DASH_TABLE = {ord(ch): "ー" for ch in _DASHES}

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
    out: list[str] = []
    n = len(s)
    i = 0
    while i < n:
        ch = s[i]
        if ch.isspace():
            j = i
            while j < n and s[j].isspace() and s[j] != "\n":
                j += 1
            prev = out[-1] if out else ""
            nxt = s[j] if j < n else ""
            if j > i and prev and nxt and (_is_cjk(prev) or _is_cjk(nxt)) and not (prev.isascii() and nxt.isascii()):
                i = j  # drop the space between CJK characters
                continue
            out.append(" " if ch != "\n" else "\n")
            i = j if j > i else i + 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)
