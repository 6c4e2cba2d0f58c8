"""The site's offline search index: one JavaScript file per ruleset, loaded with <script>.

Why JavaScript and not JSON: Chromium refuses fetch() of a local file, so a site opened from
file:// could not read a JSON index; a script file loads everywhere.

Matching form: `judgekit.search.normalize.match_form(text)`: fold() (the CLI search's
normalisation), then ASCII letters lower-cased. The search script (site/assets/search.js) applies the same rules to the query
(a test runs both on the same strings, and over every clause of every ruleset).

Contents of `search/<game>.js`:

    JK.addIndex({
      game, title, short (the header's name: Z/X), edition, avg_len (mean text length, for ranking as `judgekit search` does),
      pages: ["zx/100.html", ...],                       site-relative page addresses
      docs: [[id, page, title, text, examples, parent], ...]   parent = doc index or -1
      grams: {"致死": "3,1a,2", ...}                       1- and 2-grams of the matching form
    })

A gram's posting list holds the numbers of the docs that contain it in any field (title, text,
examples, the parent's heading — its title, else its first line — or the title of the nearest
titled ancestor, as in the CLI search's index: 904.1 is found by 致死ダメージ because it stands
under 904 致死ダメージエフェクト), ascending, delta-encoded in base 36. The grams only narrow the
candidates; the script then checks each candidate with a plain substring test on its matching
form, so the answer is exactly "the folded field contains the folded term" (the oracle the CLI
search is tested against). Docs are in tree order (rules, then companion sections).
"""

from __future__ import annotations

import json

from ..search.normalize import match_form
from . import page_file, page_key


def grams_of(s: str) -> set[str]:
    """1- and 2-grams of a matching-form string; grams never span white space."""
    out: set[str] = set()
    for word in s.split():
        out.update(word)
        out.update(word[i:i + 2] for i in range(len(word) - 1))
    return out


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    out = []
    while n:
        n, r = divmod(n, 36)
        out.append(digits[r])
    return "".join(reversed(out))


def encode_postings(nums: list[int]) -> str:
    prev = 0
    out = []
    for n in nums:
        out.append(_b36(n - prev))
        prev = n
    return ",".join(out)


def _heading(c) -> str:
    """The parent's heading, as the CLI search indexes it: its title, else its first line."""
    return c.title or (c.text.split("\n", 1)[0] if c.text else "")


def average_text_length(rulesets) -> float:
    """Mean length of the rule texts' matching forms over every unit that has text: the
    ranking's length normalisation, over the same units as the CLI search's index."""
    lengths = [len(match_form(c.text)) for rs in rulesets for c in rs.all_units() if c.text]
    lengths = [n for n in lengths if n]
    return (sum(lengths) / len(lengths)) if lengths else 1.0


def build_index(rs, avg_len: float = 1.0, short: str = "") -> dict:
    units = list(rs.all_units())
    number = {c.id: i for i, c in enumerate(units)}
    pages: list[str] = []
    page_no: dict[str, int] = {}
    docs = []
    postings: dict[str, list[int]] = {}
    for i, c in enumerate(units):
        key = page_key(rs, c.id)
        if key not in page_no:
            page_no[key] = len(pages)
            pages.append(f"{rs.game}/{page_file(key)}")
        parent = number.get(c.parent, -1) if c.parent else -1
        docs.append([c.id, page_no[key], c.title, c.text, list(c.examples), parent])
        parent_heading = _heading(units[parent]) if parent >= 0 else ""
        ctx_title = next((a.title for a in reversed(rs.ancestors(c.id)) if a.title), "")
        grams: set[str] = set()
        for field in (c.title, c.text, "\n".join(c.examples), parent_heading, ctx_title):
            if field:
                grams |= grams_of(match_form(field))
        for g in grams:
            postings.setdefault(g, []).append(i)
    return {
        "game": rs.game,
        "title": rs.title,
        "short": short or rs.game,
        "edition": rs.edition,
        "avg_len": avg_len,
        "pages": pages,
        "docs": docs,
        "grams": {g: encode_postings(v) for g, v in sorted(postings.items())},
    }


def index_script(rs, avg_len: float = 1.0, short: str = "") -> str:
    data = json.dumps(build_index(rs, avg_len, short), ensure_ascii=False, separators=(",", ":"))
    # "</" cannot end a <script> element here (the file is loaded by src=), but keep the file
    # safe to inline anyway
    data = data.replace("</", "<\\/")
    return f"/* judgekit search index: {rs.game} ({rs.title} {rs.edition}) */\nJK.addIndex({data});\n"
