"""The site's offline search index: one JavaScript file per ruleset, loaded with <script>.

Why JavaScript and not JSON: Chromium refuses fetch() of a local file, so a site opened from
file:// could not read a JSON index; a script file loads everywhere.

Matching form: `judgekit.search.normalize.match_form(text)`: fold() (the CLI search's
normalisation), then ASCII letters lower-cased. The search script (site/assets/search.js) applies the same rules to the query
(a test runs both on the same strings, and over every clause of every ruleset).

Contents of `search/<game>.js`:

    JK.addIndex({
      game, title, short (the header's name: Z/X), edition,
      pages: ["zx/100.html", ...],                       site-relative page addresses
      docs: [[id, page, title, text, examples, parent, lengths(, asks, asks_forms)], ...]
                                                         parent = doc index or -1; lengths =
                                                         the doc's title, section, text and
                                                         asks field lengths in the search
                                                         index; asks = the judges' phrasings
                                                         of the clause (rules_data/<game>/
                                                         asks.toml) and their matching forms
                                                         joined by NUL (absent when none: the
                                                         script never folds them)
      grams: "致死;3,1a,2\t...",                        1- and 2-grams of the matching form
                                                         and their postings (a sorted table)
      stats: {n, avgfl: [title, section, text, asks],    the search index's statistics
              df: "致死;1,3,2c,4\t..."}                  the document frequency of each index
                                                         token of this ruleset, per field (a
                                                         sorted table)
      sep: "\t"                                         the sorted tables' entry separator
      table: [[key, written, [rules' words]], ...]       the ruleset's judge's vocabulary
      concepts: {keys: "word;row\t...",                  the concept index's words (matching
                                                         form, longest first), each naming a row
                                                         ("word;row" entries, `sep` apart)
                 rows: [[id, name, broad, entry,         entry: this ruleset's side of the
                         clauses], ...]}                 concept, [word, [define ids],
                                                         [govern ids]] or
                                                         [null, why, [see ids]] (or null);
                                                         clauses: how many it names in all
                                                         the rulesets (read_concepts' order)
    })

The concept index (rules_data/concepts.toml, judgekit.concepts.match_table()) is the
same in every script; each carries its own ruleset's side, so a search of one ruleset
reads the concepts a question names as `judgekit search` does.

A sorted table (the grams, the document frequencies) is one string, not an object: its entries
"key;value" (a value never holds ";", a key may: the last one splits them), sorted by their keys'
UTF-16 code units (JavaScript's string order) and joined by `sep` (a character no key holds:
"\t" unless one does). The script finds a key by binary search over the string itself: a
script literal of tens of thousands of object keys cost more to load than the rest of the
index, and splitting the strings into tens of thousands of strings cost the first search.
The concept words are one string too (in their table's order), split when a question is first
read for concepts: thousands of two-element arrays cost the load, not the reading.

The judges' phrasings are read as `judgekit search` reads them: only by the words reading, in
their own field (the asks field), found by a scan of their matching forms (they have no gram
postings: the grams narrow the rules' fields only).

The ranking is `judgekit search`'s, computed in the browser: Whoosh's BM25F over the same
fields and tokens (`judgekit.search.analysis`), with the statistics of the search index itself
(all rulesets), so a site built for one ruleset ranks as `judgekit search --game G` does; the
script counts a query token's occurrences in a doc's fields as the analyzer does.

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


def _utf16(s: str) -> bytes:
    return s.encode("utf-16-be", "surrogatepass")


def separator(*keys) -> str:
    """A character none of the keys holds ("\t" first), to join them by."""
    used = set().union(*(set("".join(k)) for k in keys))
    for c in "\t\n\x01\x02\x03":
        if c not in used:
            return c
    n = 4
    while chr(n) in used:
        n += 1
    return chr(n)


def sorted_table(values: dict[str, str], sep: str) -> str:
    """"key;value" entries in JavaScript's string order of the keys, joined by `sep` (which
    no key holds; a value holds neither it nor ";")."""
    keys = sorted(values, key=_utf16)
    assert not any(sep in k for k in keys)
    assert not any(";" in v or sep in v for v in values.values())
    return sep.join(f"{k};{values[k]}" for k in keys)


def _heading(c) -> str:
    """The parent's heading, as the CLI search indexes it: its title, else its first line."""
    return c.title or (c.text.split("\n", 1)[0] if c.text else "")


class SearchStats:
    """What the site's ranking needs of the CLI's search index: per document its field
    lengths, per token its document frequencies, the document count and average lengths."""

    def __init__(self, index=None):
        from ..search.index import open_index

        self.index = index or open_index()
        self.searcher = self.index.searcher
        self.number = {(r[0], r[1]): n for n, r in enumerate(self.index.units)}
        from ..search.build import ALL_FIELDS

        self.fields = ALL_FIELDS
        n = self.searcher.doc_count_all()
        self.n = n
        self.avgfl = [self.searcher.field_length(f) / (n or 1) for f in self.fields]

    def lengths(self, game: str, cid: str) -> list[int]:
        n = self.number.get((game, cid))
        if n is None:
            return [0] * len(self.fields)
        # Whoosh answers None for an empty field
        return [self.searcher.doc_field_length(n, f, 0) or 0 for f in self.fields]

    def tokens(self, game: str) -> set[str]:
        """Every index token of the documents of `game`, as the analyzer emits them."""
        from ..search.build import field_values
        from ..search.index import GAME

        ana = self.index.analyzer()
        asks_of = self.index.asks_of
        out: set[str] = set()
        for n, r in enumerate(self.index.units):
            if r[GAME] == game:
                for value in field_values(r, asks_of(n)[0]):
                    if value:
                        out.update(t.text for t in ana(value))
        return out

    def df(self, tokens) -> dict[str, str]:
        """token -> its document frequency in each field, base 36, "" for none."""
        out = {}
        for t in sorted(tokens):
            counts = [self.searcher.doc_frequency(f, t) for f in self.fields]
            out[t] = ",".join(_b36(c) if c else "" for c in counts)
        return out

    def close(self) -> None:
        self.index.close()


def build_index(rs, stats: SearchStats | None = None, short: str = "",
                asks: dict | None = None) -> dict:
    """The site's search data of `rs`; `asks`: its phrasings as `search.asks.load` gives them,
    when the caller has them already (the site build does), else read here."""
    if asks is None:
        from ..search.asks import load as load_asks

        asks = load_asks(rs.game, rs)
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
        lengths = stats.lengths(rs.game, c.id) if stats is not None else [0, 0, 0, 0]
        doc = [c.id, page_no[key], c.title, c.text, list(c.examples), parent, lengths]
        lines = asks.get(c.id, ())
        if lines:  # the phrasings and their matching forms (NUL apart), as the CLI's index
            doc += [list(lines), "\0".join(match_form(x) for x in lines)]
        docs.append(doc)
        parent_heading = _heading(units[parent]) if parent >= 0 else ""
        ctx_title = next((a.title for a in reversed(rs.ancestors(c.id)) if a.title), "")
        grams: set[str] = set()
        for field in (c.title, c.text, "\n".join(c.examples), parent_heading, ctx_title):
            if field:
                grams |= grams_of(match_form(field))
        for g in grams:
            postings.setdefault(g, []).append(i)
    from ..search.understand import tables

    out = {
        "game": rs.game,
        "title": rs.title,
        "short": short or rs.game,
        "edition": rs.edition,
        "pages": pages,
        "docs": docs,
        "table": [[k, w, list(t)] for k, w, t in tables().get(rs.game, ())],
        "concepts": _concepts(rs.game),
    }
    grams = {g: encode_postings(v) for g, v in postings.items()}
    df = stats.df(stats.tokens(rs.game)) if stats is not None else {}
    sep = out["sep"] = separator(grams, df, [k for k, _ in out["concepts"]["keys"]])
    _join_concept_keys(out["concepts"], sep)
    out["grams"] = sorted_table(grams, sep)
    if stats is not None:
        out["stats"] = {"n": stats.n, "avgfl": stats.avgfl, "df": sorted_table(df, sep)}
    return out


def _concepts(game: str) -> dict:
    """The concept index's words and this ruleset's side of each concept (see above)."""
    from ..concepts import match_table

    keys, rows = match_table()
    out_rows = []
    for cid, name, games, broad, clauses in rows:
        e = games.get(game)
        entry = None if e is None else (
            [e[0], list(e[1]), list(e[2])] if e[0] is not None else [None, e[1], list(e[2])])
        out_rows.append([cid, name, broad, entry, clauses])
    return {"keys": [[k, n] for k, n in keys], "rows": out_rows}


def _join_concept_keys(concepts: dict, sep: str) -> None:
    """The concept words as one string, "word;row" entries in the table's order, `sep` apart."""
    assert not any(sep in k for k, _ in concepts["keys"])
    concepts["keys"] = sep.join(f"{k};{n}" for k, n in concepts["keys"])


def index_script(rs, stats: SearchStats | None = None, short: str = "",
                 asks: dict | None = None) -> str:
    data = json.dumps(build_index(rs, stats, short, asks), ensure_ascii=False,
                      separators=(",", ":"))
    # "</" cannot end a <script> element here (the file is loaded by src=), but keep the file
    # safe to inline anyway
    data = data.replace("</", "<\\/")
    return f"/* judgekit search index: {rs.game} ({rs.title} {rs.edition}) */\nJK.addIndex({data});\n"


def cached_index_script(rs, stats_factory, short: str = "", asks: dict | None = None) -> str:
    """`index_script`, kept in the user cache (`judgekit.memo`) under the search index's key and
    the content of judgekit's code and the rules data it is computed from; `stats_factory()` opens the search
    index's statistics only when the script has to be computed; `asks` as for build_index
    (the site build passes the phrasings it parsed for the clause pages)."""
    import sys

    from .. import memo
    from ..rules import GAMES
    from ..search.index import index_key

    # the whole package (the script carries the search statistics, the judge's vocabulary,
    # the concept index, …) and the rules data, the concept index among it
    key = memo.files_key(f"index {rs.game} {short} {index_key(GAMES)} {sys.version}",
                         memo.package_files() + memo.rules_data_files(rs.game))
    kind = f"site-index-{rs.game}"
    text = memo.load(kind, key)
    if isinstance(text, str):
        return text
    text = index_script(rs, stats_factory(), short, asks)
    memo.store(kind, key, text)
    return text
