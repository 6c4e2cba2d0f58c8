"""asks.bin, the judges' phrasings as the words reading looks at them (see `index`): written
once when the index is built (`index.build`), mapped and read in place by a search
(`index.Index.asks`, `index.AsksPostings`). Apart from `build` so that a search, which
imports `build` for its field names, does not load the code that writes the file.
"""

from __future__ import annotations

from .build import ALL_FIELDS, ASKS_FIELD, pair_key
from .index import GAME
from .normalize import match_form

POSTINGS = "*"  # asks.bin's part of the asks field's posting lists (not a ruleset's name)


def postings_name(field: str) -> str:
    """asks.bin's name of a field's posting lists: POSTINGS for the asks field, POSTINGS and
    the field's name for the rules' own fields (none is a ruleset's name)."""
    return POSTINGS if field == ASKS_FIELD else POSTINGS + field


def asks_table(records: list[tuple], asks: list, postings: tuple | None = None) -> bytes:
    """asks.bin (see `index`): per ruleset with phrasings, (forms, lines, form starts, line
    starts, documents, characters, character starts, units, pair keys, pair starts, pair
    units) of the units that have phrasings;
    a unit's part of `forms` is its phrasings' matching forms joined by NUL, parts joined by
    \\x01 (no term spans two phrasings or two units), in UTF-8 (a substring of the text is a
    substring of its bytes; reading them decodes nothing), the starts in bytes; `characters`
    every character of the forms (UTF-8), and for the i-th the units (places in the lists)
    whose forms hold it are units[character starts[i]:character starts[i + 1]]; then the
    same of each pair of characters that follow each other in a phrasing (`pair_key`, sorted
    64-bit keys, their starts, their units), and each unit's mask of the lines that fold
    character for character (bit j: its j-th line; `Index.asks_plain`). The file: a
    4-byte little-endian length, a marshalled table {game: ((offset, size) of each of its
    parts)}, then the parts themselves, each at an offset that is a multiple of 4 (the
    numbers are machine integers), so a search maps the file and reads them in place
    (`Index.asks`): nothing is copied or built until it is looked at. `postings`
    (`field_postings`: {field: parts}, each filed under `postings_name`): every field's
    posting lists and statistics, read back from the built Whoosh index (the asks field's
    and the rules' own fields', which the words reading scores from here)."""
    from array import array

    from .normalize import match_map

    parts: dict = {}
    rows_lines: dict = {}
    for n, (r, lines) in enumerate(zip(records, asks)):
        if lines:
            rows_lines.setdefault(r[GAME], []).append((n, lines))
            parts.setdefault(r[GAME], []).append(
                (n, "\0".join(match_form(x) for x in lines).encode(),
                 "\0".join(lines).encode()))
    blobs: dict = {}
    for g, rows in parts.items():
        fstarts, lstarts, at, lat = [], [], 0, 0
        for _, f, line in rows:
            fstarts.append(at)
            lstarts.append(lat)
            at += len(f) + 1
            lat += len(line) + 1
        # which units' phrasings hold each character: the characters (one string), where each
        # one's list starts in `held` (a unit's place in `rows`), so a search tests only the
        # units holding a form's rarest character (Searcher._asked)
        by: dict[str, list[int]] = {}
        for k, (_, f, _) in enumerate(rows):
            for ch in set(f.decode()):
                by.setdefault(ch, []).append(k)
        chars = "".join(sorted(by))
        held, offs = [], [0]
        for ch in chars:
            held.extend(by[ch])
            offs.append(len(held))
        # the same of each pair of characters that follow each other in a phrasing (a form of
        # two or more characters is looked for in the units holding its rarest pair: デッキ in
        # those holding デッ, not all those holding デ), each pair one 64-bit key
        pairs: dict[int, list[int]] = {}
        for k, (_, f, _) in enumerate(rows):
            mine = set()
            for x in f.decode().split("\0"):
                mine.update(zip(x, x[1:]))
            for a, b in mine:
                pairs.setdefault(pair_key(a, b), []).append(k)
        keys = sorted(pairs)
        pheld, poffs = [], [0]
        for key in keys:
            pheld.extend(pairs[key])
            poffs.append(len(pheld))
        # which lines fold character for character into their matching form (bit j of a
        # unit's mask: its j-th line), so the 答える問い line is highlighted without mapping
        # it (highlight.term_spans: most lines end in ？, which NFKC folds, so the quick test
        # fails although every character maps to itself)
        plain = []
        for n, lines in rows_lines[g]:
            mask = 0
            for j, x in enumerate(lines[:64]):
                got, st, en = match_map(x)
                if got == match_form(x) and st == list(range(len(x))) and \
                        en == list(range(1, len(x) + 1)):
                    mask |= 1 << j
            plain.append(mask)
        blobs[g] = (b"\1".join(f for _, f, _ in rows), b"\1".join(x for _, _, x in rows),
                    *(array("I", xs).tobytes()
                      for xs in (fstarts, lstarts, [n for n, _, _ in rows])),
                    chars.encode(), array("I", offs).tobytes(), array("I", held).tobytes(),
                    array("Q", keys).tobytes(), array("I", poffs).tobytes(),
                    array("I", pheld).tobytes(), array("Q", plain).tobytes())
    if postings is not None:
        for field, parts in postings.items():
            blobs[postings_name(field)] = parts
    return pack_parts(blobs)


def field_postings(path: str, fields=ALL_FIELDS) -> dict[str, tuple[bytes, ...]]:
    """{field: `asks_postings` of the field} for each of `fields`, the index opened once."""
    from whoosh.index import open_dir
    from whoosh.scoring import BM25F

    ix = open_dir(path, readonly=True)
    try:
        with ix.searcher(weighting=BM25F()) as s:
            return {f: asks_postings(s, f) for f in fields}
    finally:
        ix.close()


def asks_postings(s, field: str = ASKS_FIELD) -> tuple[bytes, ...]:
    """A field's posting lists and what BM25F scores them with, read back with the Whoosh
    searcher `s` of the index just written, with Whoosh's own calls, so a search can score the
    field from asks.bin (`index.AsksPostings`) with the same floats as Whoosh's matchers and
    scorer, without opening a posting list, a term's dictionary entry or its statistics
    (the asks field since issue 26's phrasings, the rules' own fields, title, section and
    text, since the words reading scores them alike):
    (terms: UTF-8, sorted as bytes, joined; where each term starts (n + 1); each term's idf
    (`Searcher.idf`, doubles); where each term's postings start (n + 1); the postings'
    document numbers; their weights (bytes when each is a whole number below 256, else
    floats, or doubles when one is not a float32: the typecode part says which); every
    document's field length (`doc_field_length`, as the scorer's `dfl` reads it, 1 for an
    empty field); the field's average length (the scorer's `avgfl`, one double); the
    weights' typecode; each posting's score (doubles) as the search's weighting scores it
    with the B and K1 it has now (`ranking.weighting`: its B of the field and K1, the last
    part), which a search uses while its weighting's are the same (`evaluate.StoredLists`),
    saving a scorer's call a posting)."""
    from array import array

    from whoosh.scoring import BM25FScorer, WeightingModel

    from .ranking import weighting

    r = s.reader()
    terms = []
    tstarts, idf, pstarts = [0], [], [0]
    ids, weights = array("I"), []
    dc = s.doc_count_all()
    for t, info in r.iter_field(field):  # bytes, in order, with their statistics
        df = info.doc_frequency()
        _postings(r.postings(field, t), ids, weights)
        if len(ids) - pstarts[-1] != df:
            raise RuntimeError(f"{field} field: the postings of {t!r} are not its documents")
        # the scorer's idf (WeightingModel.idf, as Searcher.idf asks it) of that count
        idf.append(WeightingModel.idf(None, _Counts(df, dc), field, t))
        terms.append(t)
        tstarts.append(tstarts[-1] + len(t))
        pstarts.append(len(ids))
    # the narrowest machine type that holds every weight exactly (a count of a token in a
    # phrasing's segment: a byte; the rule text's segments weigh 1, 0.5 and 0.3: floats; the
    # score reads the same number)
    if all(x == int(x) and 0 <= x < 256 for x in weights):
        code = "B"
    elif all(x == y for x, y in zip(array("f", weights), weights)):
        code = "f"
    else:
        code = "d"
    n = s.doc_count_all()
    lengths = array("I", (s.doc_field_length(d, field, 1) or 1 for d in range(n)))
    avgfl = s.avg_field_length(field) or 1
    w = weighting()
    sc = object.__new__(BM25FScorer)  # BM25FScorer's numbers, set term by term
    sc.avgfl, sc.B, sc.K1, sc.qf = avgfl, w._field_B.get(field, w.B), w.K1, 1
    scores = array("d")
    for k, x in enumerate(idf):
        sc.idf = x
        scores.extend(sc._score(weights[j], lengths[ids[j]])
                      for j in range(pstarts[k], pstarts[k + 1]))
    stored = array(code, list(map(int, weights)) if code == "B" else weights)
    return (b"".join(terms), array("I", tstarts).tobytes(), array("d", idf).tobytes(),
            array("I", pstarts).tobytes(), ids.tobytes(), stored.tobytes(), lengths.tobytes(), array("d", [avgfl]).tobytes(), code.encode(),
            scores.tobytes(), array("d", [sc.B, sc.K1]).tobytes())


class _Counts:
    """What WeightingModel.idf asks a searcher: its parent (itself), the term's document
    frequency and the documents' count."""

    def __init__(self, df: int, dc: int):
        self._df, self._dc = df, dc

    def get_parent(self):
        return self

    def doc_frequency(self, fieldname, text) -> int:
        return self._df

    def doc_count_all(self) -> int:
        return self._dc


def _postings(m, ids, weights) -> None:
    """Append a posting list's documents and weights, read a block at a time (Whoosh's leaf
    matcher's own arrays: `evaluate.read_blocks`, as a search reads them; another matcher, a
    posting at a time)."""
    from whoosh.codec.whoosh3 import W3LeafMatcher

    if type(m) is not W3LeafMatcher:
        for d, w in m.items_as("weight"):
            ids.append(d)
            weights.append(w)
        return
    from .evaluate import read_blocks

    read_blocks(m, ids, weights)


def pack_parts(blobs: dict) -> bytes:
    """{name: (bytes, ...)} as one file: a 4-byte little-endian length, the marshalled table
    {name: ((offset, size), ...)}, then each part at an offset that is a multiple of 4."""
    import marshal
    import struct

    def table(start: int) -> tuple[dict, int]:
        out, at = {}, start
        for name, xs in blobs.items():
            places = []
            for x in xs:
                at += -at % 4
                places.append((at, len(x)))
                at += len(x)
            out[name] = tuple(places)
        return out, at

    # the table's own size decides where the parts start: settle it (it only grows)
    start = 0
    while True:
        got, _ = table(start)
        head = marshal.dumps(got)
        need = 4 + len(head)
        need += -need % 4
        if need <= start:
            break
        start = need
    body = bytearray(struct.pack("<I", len(head)) + head)
    for name, xs in blobs.items():
        for x, (at, size) in zip(xs, got[name]):
            body.extend(bytes(at - len(body)))
            body.extend(x)
    return bytes(body)
