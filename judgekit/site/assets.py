"""The site's static assets, and the tables the search script shares with Python.

site/assets/search.js ports `judgekit.search.normalize.fold`, the forgiving clause-id reading
of `judgekit.rules.lookup.candidates`, the reading of sentences (`judgekit.search.understand`)
and the ranking (`judgekit.search.engine`) to JavaScript. Their *logic* is written by hand in the
script; their *data* (dash characters, misreading variants, what Python calls white space and
digits, id prefixes, quote characters) is written into the script from the Python modules at
build time, replacing the marker line `/*@TABLES@*/`, so the two can never drift apart.
"""

from __future__ import annotations

import json
import os
import unicodedata

from ..paths import site_dir

MARKER = "/*@TABLES@*/"


def assets_dir() -> str:
    return os.path.join(site_dir(), "assets")


def _ranges(pred) -> list[list[int]]:
    out: list[list[int]] = []
    for cp in range(0x110000):
        if pred(chr(cp)):
            if out and out[-1][1] == cp - 1:
                out[-1][1] = cp
            else:
                out.append([cp, cp])
    return out


_TABLES_CACHE: str | None = None


def tables_js() -> str:
    global _TABLES_CACHE
    if _TABLES_CACHE is not None:
        return _TABLES_CACHE
    from ..rules import GAMES, lookup
    from ..search import analysis, engine, normalize, ranking, understand

    spaces = _ranges(str.isspace)
    # lookup.candidates reads NFKC text, so only NFKC-stable digits can reach str.isdigit there
    digits = _ranges(lambda ch: ch.isdigit() and unicodedata.normalize("NFKC", ch) == ch)
    tables = {
        "FOLD_DASHES": normalize._DASHES,
        "FOLD_INVISIBLE": normalize.INVISIBLE,
        "FOLD_VARIANTS": [list(v) for v in normalize.VARIANTS],
        "PY_SPACE": spaces,
        "PY_DIGIT": digits,
        "ID_DASHES": "".join(lookup._DASHES),
        "ID_PREFIXES": list(lookup._PREFIXES),
        "ID_QUOTES": lookup._QUOTES,
        "GAMES": list(GAMES),
        "UNICODE_VERSION": unicodedata.unidata_version,
        # the ranking and the reading of sentences (judgekit.search)
        "SEARCH": {
            "WHOLE": analysis.WHOLE, "MIN_WORD": analysis.MIN_WORD, "WEIGHTS": analysis.WEIGHTS,
            "TITLE_BOOST": ranking.TITLE_BOOST, "TITLE_B": ranking.TITLE_B,
            "ASKS_BOOST": ranking.ASKS_BOOST, "ASKS_B": ranking.ASKS_B,
            "ASKS_COMMON": ranking.ASKS_COMMON,
            "SECTION_BOOST": ranking.SECTION_BOOST,
            "SECTION_BOOST_WORDS": ranking.SECTION_BOOST_WORDS, "B": ranking.B, "K1": ranking.K1,
            "WHOLE_TELLS": ranking.WHOLE_TELLS, "CONCEPT_PINS": list(ranking.CONCEPT_PINS),
            "GUIDE_TOP": ranking.GUIDE_TOP, "TOP_PLACES": ranking.TOP_PLACES,
            "HEADING_WINDOW": ranking.HEADING_WINDOW,
            "RELAX_UNTIL": engine.RELAX_UNTIL, "HINT_BOOST": engine.HINT_BOOST,
            "COUNTERS": list(understand.COUNTERS), "QUESTION": understand.QUESTION,
            "PLURAL": list(understand.PLURAL),
            "PARTICLES": understand.PARTICLES, "NOT_OKURI": understand.NOT_OKURI,
            "NOT_AFTER_KANA": understand.NOT_AFTER_KANA,
            "RULED_OUT": list(understand.RULED_OUT),
            "NEGATION": list(understand.NEGATION),
            "NEGATION_WORDS": list(understand.NEGATION_WORDS),
            "CONDITION": list(understand.CONDITION),
            "NEGATED_CONDITION_WORDS": list(understand.NEGATED_CONDITION_WORDS),
            "SPELLINGS": [list(x) for x in understand.SPELLINGS],
        },
    }
    lines = ["/* generated from judgekit.search.normalize and judgekit.rules.lookup */"]
    for k, v in tables.items():
        lines.append(f"var {k} = {json.dumps(v, ensure_ascii=False, separators=(',', ':'))};")
    _TABLES_CACHE = "\n".join(lines)
    return _TABLES_CACHE


def search_script() -> str:
    """site/assets/search.js with the shared tables filled in.

    Computing the tables scans every code point (most of a second), so the script is kept in
    the user cache (`judgekit.memo`) under the content of search.js, of judgekit's code and of
    the shared rules data, and the Unicode and Python versions."""
    import sys

    from .. import memo

    key = memo.files_key(f"search.js {unicodedata.unidata_version} {sys.version}",
                         memo.package_files() + memo.rules_data_files()
                         + [os.path.join(assets_dir(), "search.js")])
    text = memo.load("site-search-js", key)
    if isinstance(text, str):
        return text
    text = _search_script()
    memo.store("site-search-js", key, text)
    return text


def _search_script() -> str:
    with open(os.path.join(assets_dir(), "search.js"), encoding="utf-8") as f:
        src = f.read()
    if src.count(MARKER) != 1:
        raise RuntimeError(f"{os.path.join(assets_dir(), 'search.js')}: expected one {MARKER} line")
    return src.replace(MARKER, tables_js())
