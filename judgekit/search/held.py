"""The term dictionary and the posting lists of an open index, held in memory by a searcher
that answers many queries (the shell, a benchmark; `Searcher` calls `hold_index` at its second
search, as it holds the field lengths: `ranking.hold_lengths`).

Whoosh reads a term's entry from its on-disk hash table (`.trm`) for every question about it:
is the term there, how many documents hold it (the Or tree's weights), its statistics (the
scorer), where its postings start. That is a hash, several seeks and reads per question, about
10 µs; a sentence's query asks about forty terms four or five times each (2 ms of a 6 ms warm
search). Held, the table is a dict from the same key bytes to the same (position, length) in
the same bytes, now in memory, and the postings file is read from memory too; every answer is
read from the very same bytes, so nothing a search returns can change. Holding costs reading
the two files once (5 MB, ~15 ms); what the table cannot answer from the dict (walking the
terms in order, for spelling suggestions) is asked of Whoosh's own reader as before.
"""

from __future__ import annotations

import struct

from ._whoosh import ensure

ensure()

from whoosh.filedb.structfile import BufferFile  # noqa: E402

# HashReader's record header: key length, value length (whoosh.filedb.filetables._lengths)
_LENGTHS = struct.Struct("!ii")


class HeldTable:
    """A Whoosh (Ordered)HashReader's records as a dict in memory: `in`, `[]` and
    `range_for_key` from the dict, everything else from the reader itself."""

    def __init__(self, table):
        self._table = table
        self.extras = table.extras
        f = table.dbfile
        f.seek(0, 2)
        size = f.tell()
        f.seek(0)
        buf = f.read(size)
        self.dbfile = BufferFile(buf, name=getattr(f, "_name", None))
        self._buf = buf
        records = {}
        unpack = _LENGTHS.unpack_from
        pos, end = table.startofdata, table.endofdata
        while pos < end:
            keylen, datalen = unpack(buf, pos)
            keypos = pos + _LENGTHS.size
            datapos = keypos + keylen
            records[buf[keypos:datapos]] = (datapos, datalen)
            pos = datapos + datalen
        self._records = records

    def __contains__(self, key) -> bool:
        return key in self._records

    def range_for_key(self, key):
        return self._records[key]  # KeyError when missing, as HashReader

    def __getitem__(self, key):
        pos, length = self._records[key]
        return self._buf[pos:pos + length]

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __getattr__(self, name):
        return getattr(self._table, name)


def hold_index(searcher) -> bool:
    """Hold the term dictionary and the postings of `searcher`'s (one-segment) index in memory.
    Returns whether it did (a reader of another shape is left as it is)."""
    reader = searcher.reader()
    terms = getattr(reader, "_terms", None)
    table = getattr(terms, "_tindex", None)
    if table is None or isinstance(table, HeldTable) or not hasattr(table, "startofdata"):
        return False
    for name in ("ranges_for_key", "all"):  # memo_terms' answers: the table holds them all
        vars(table).pop(name, None)
    held = HeldTable(table)
    post = terms._postfile
    post.seek(0, 2)
    size = post.tell()
    post.seek(0)
    data = post.read(size)
    terms._tindex = held
    terms._dbfile = held.dbfile
    terms._postfile = BufferFile(data, name=getattr(post, "_name", None))
    post.close()  # nothing reads the file again
    return True


def memo_terms(searcher) -> bool:
    """Remember, for the life of `searcher`, where each term's entry of the on-disk term
    dictionary is and what it holds: Whoosh asks the hash table about a term several times
    per query (is it there, its document frequency for the Or tree, its statistics for the
    scorer, its postings), each a hash, seeks and reads (a sentence's query: ~270 lookups of
    ~45 terms). The same answers, read once; nothing else is read (a searcher's first search,
    from the CLI). A searcher kept for many queries holds the whole table instead
    (`hold_index`)."""
    reader = searcher.reader()
    table = getattr(getattr(reader, "_terms", None), "_tindex", None)
    if table is None or isinstance(table, HeldTable) or "ranges_for_key" in vars(table) \
            or not hasattr(table, "ranges_for_key") or not hasattr(table, "all"):
        return False
    ranges, values = table.ranges_for_key, table.all
    got_ranges: dict = {}
    got_values: dict = {}

    def ranges_for_key(key):
        got = got_ranges.get(key)
        if got is None:
            got = got_ranges[key] = tuple(ranges(key))
        return got

    def all_values(key):
        got = got_values.get(key)
        if got is None:
            got = got_values[key] = tuple(values(key))
        return got

    # the table's own methods (range_for_key, __contains__, __getitem__, get) call these
    table.ranges_for_key = ranges_for_key
    table.all = all_values
    return True
