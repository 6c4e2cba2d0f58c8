"""Untrusted text in a ruling: the judge's question, facts, card names, notes.

Everything the board file supplies is shown exactly as written, with two safeguards on top of
HTML escaping (which Jinja2's autoescape does everywhere):

* **Invisible and reordering characters are made visible.** Unicode format characters
  (category Cf: the bidirectional overrides and isolates U+202A–U+202E and U+2066–U+2069,
  LRM/RLM/ALM, zero-width space/joiners, word joiner, BOM, soft hyphen, ...) and control
  characters other than tab and newline cannot be seen but can change what a reader sees
  (an RLO turns "P1 wins" into "sniw 1P"). They are replaced by a visible token such as
  ``[U+202E]``; in HTML the token is a marked span whose title names the character. The
  reader sees that the file contained it, and it no longer acts.
* **Every piece of judge text is a bidi-isolated run** (``<bdi>``), so right-to-left letters
  in it (Hebrew, Arabic: visible, kept) cannot reorder the report's text around it.

`visible()` gives the neutralised plain string (for SVG text, title attributes and JSON is
left raw); `untrusted()` gives the escaped, isolated HTML (a `Markup`).
"""

from __future__ import annotations

import unicodedata

from markupsafe import Markup, escape

_KEEP = frozenset("\n\t")


def _hidden(ch: str) -> bool:
    if ch in _KEEP:
        return False
    cat = unicodedata.category(ch)
    return cat in ("Cf", "Cc", "Zl", "Zp", "Co", "Cs") or cat == "Cn" and _noncharacter(ch)


def _noncharacter(ch: str) -> bool:
    o = ord(ch)
    return 0xFDD0 <= o <= 0xFDEF or (o & 0xFFFE) == 0xFFFE


def char_name(ch: str) -> str:
    return unicodedata.name(ch, "") or {"\u0000": "NULL"}.get(ch, "control character")


def token(ch: str) -> str:
    return f"[U+{ord(ch):04X}]"


def has_hidden(s: str) -> bool:
    return any(_hidden(ch) for ch in s)


def visible(s) -> str:
    """`s` with every invisible or reordering character replaced by a visible [U+XXXX]."""
    s = "" if s is None else str(s)
    if not has_hidden(s):
        return s
    return "".join(token(ch) if _hidden(ch) else ch for ch in s)


def untrusted(s, *, block: bool = False) -> Markup:
    """Escaped HTML for judge-supplied text, isolated in <bdi>, hidden characters marked.

    block=True keeps line breaks (rendered by CSS `white-space: pre-line` on the element)."""
    s = "" if s is None else str(s)
    if has_hidden(s):
        parts = []
        for ch in s:
            if _hidden(ch):
                parts.append(Markup('<span class="cc" title="{}">{}</span>').format(
                    f"U+{ord(ch):04X} {char_name(ch)}", token(ch)))
            else:
                parts.append(escape(ch))
        inner = Markup("").join(parts)
    else:
        inner = escape(s)
    cls = ' class="jt"' if not block else ' class="jt jt-block"'
    return Markup(f'<bdi{cls}>') + inner + Markup("</bdi>")
