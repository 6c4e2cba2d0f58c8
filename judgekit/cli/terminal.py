"""Writing to a terminal whose encoding is not UTF-8: cp932 (Windows consoles, some SSH
sessions), latin-1 or ASCII locales.

`judgekit.cli.main` calls `fit(stream)` for stdout and stderr when their encoding is not a
UTF: the stream then writes each character its encoding lacks in the first of these forms the
encoding has, and never raises UnicodeEncodeError:

  1. an equivalent: the tool's own symbols (› → >, ≥ → ≧ or >=, ⚠ → !) and the few source
     characters a legacy code page spells differently (〜 → ～, — → ― in cp932, • → ・);
  2. the ASCII a compatibility form stands for (full-width ７０２－２ａ → 702-2a, ① → (1));
  3. a \\uXXXX escape (a surrogate pair beyond the BMP), as JSON writes it: a Japanese clause
     on an ASCII terminal is unreadable but not lost, and `--json` output reads back exactly.

Nothing becomes `?`. This module is imported only for such terminals: a UTF-8 terminal pays
nothing for it.
"""

from __future__ import annotations

import codecs
import unicodedata

HANDLER = "judgekit-fallback"

# the first candidate the stream's encoding can write is used
EQUIVALENTS = {
    "›": (">",), "‹": ("<",), "»": (">>",), "«": ("<<",),
    "≥": ("≧", ">="), "≤": ("≦", "<="), "≠": ("!=",),
    "—": ("―", "--"), "―": ("--",), "–": ("-",), "‒": ("-",), "‑": ("-",), "‐": ("-",),
    "−": ("－", "-"), "〜": ("～", "~"), "‖": ("∥", "||"),
    "¢": ("￠", "c"), "£": ("￡", "GBP"), "¬": ("￢", "not "),
    "…": ("...",), "→": ("->",), "←": ("<-",), "⇥": ("->|",), "⊂": ("<",),
    "▶": ("→", ">"), "▼": ("v",), "▲": ("^",),
    "•": ("・", "*"), "·": ("・", "."), "※": ("*",), "─": ("-",), "×": ("x",),
    "⚠": ("!",), "⚙": ("*",), "✓": ("v",), "∞": ("inf",),
    "“": ('"',), "”": ('"',), "„": ('"',), "‘": ("'",), "’": ("'",),
    "\u00a0": (" ",), "\u3000": ("  ",),
}


def _one(ch: str, encoding: str, cache: dict = {}) -> str:  # noqa: B006 - a memo
    key = (ch, encoding)
    hit = cache.get(key)
    if hit is not None:
        return hit
    out = None
    for cand in EQUIVALENTS.get(ch, ()):
        try:
            cand.encode(encoding)
        except UnicodeEncodeError:
            continue
        out = cand
        break
    if out is None:
        compat = unicodedata.normalize("NFKC", ch)
        if compat != ch and compat.isascii() and compat.isprintable():
            out = f"({compat})" if unicodedata.name(ch, "").startswith("CIRCLED") else compat
    if out is None:
        units = ch.encode("utf-16-be")
        out = "".join(f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2))
    cache[key] = out
    return out


def _fallback(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    return "".join(_one(ch, exc.encoding) for ch in text), exc.end


codecs.register_error(HANDLER, _fallback)

# click takes an ASCII stream for a misconfigured locale and writes UTF-8 to it instead: the
# same ASCII codec under its own name keeps the encoding the user asked for on every path
_ASCII = "judgekit-ascii"


def _search(name: str):
    if name.replace("_", "-") != _ASCII:
        return None
    ascii_ = codecs.lookup("ascii")
    return codecs.CodecInfo(ascii_.encode, ascii_.decode, name=_ASCII,
                            incrementalencoder=ascii_.incrementalencoder,
                            incrementaldecoder=ascii_.incrementaldecoder,
                            streamreader=ascii_.streamreader, streamwriter=ascii_.streamwriter)


codecs.register(_search)


def fit(stream) -> None:
    """Make `stream` (a text stream in a legacy encoding) fall back per character."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:
        return
    try:
        ascii_ = codecs.lookup(stream.encoding).name == "ascii"
    except LookupError:
        return
    try:
        if ascii_:
            stream.flush()
            reconfigure(encoding=_ASCII, errors=HANDLER)
        else:
            reconfigure(errors=HANDLER)
    except (ValueError, OSError):  # a closed or detached stream: leave it as it is
        pass
