"""Where the search index lives, when it is rebuilt, and how it is swapped in.

The index is a build artifact of the clause trees. Its directory is named after a key: the
sha256 of the trees' cache keys (`judgekit.rules.cache.fingerprints`, which cover the rules
documents and the parser's code), of the judges' phrasings (`rules_data/<game>/asks.toml`,
`judgekit.search.asks`) and of the code that decides what is indexed (this package's
analysis, asks, asksbin, build, normalize and index modules). Any change gives a new name, so a stale index
is never opened.

    <package>/search/_prebuilt/search-<key24>/   built when judgekit is installed (setup.py)
    <cache>/search-<key24>/                      built on first use when there is none

Both hold the Whoosh files (one segment), units.marshal, words.marshal, asks.bin and
manifest.marshal.
The prebuilt index is what makes the first search of a fresh install fast: it is opened when
its key is the key of the rules and code actually present (the source fingerprint), read-only
and never repaired; an index that does not match is simply not used, and the cache's is.

Building: one writer, in a fresh temporary directory beside the final one; the finished
directory is renamed into place (atomic on POSIX). When two processes build at once, the first
rename wins and the other discards its copy. The manifest, written last, records every file's
size and modification time; an index whose files do not match it, or which fails to open or to
answer, is moved aside and rebuilt. Readers open the index read-only.

`units.marshal` holds, in document order, what matching and snippets need (match forms, source
text, context headings): one tuple per document, indexed by the constants below.
`words.marshal` holds the corpus's words and how many units hold each (`analysis.Vocabulary`),
and the spellings a did-you-mean may offer (`build.vocabulary`). `asks.bin` holds the
judges' phrasings (`asksbin.asks_table`), read only when a search reads words: per ruleset, the
matching forms and the lines of its units' phrasings, each joined into one UTF-8 string (a
unit's lines apart by NUL, units apart by \x01) with where each unit's part starts and its
document number (machine integers), and every field's posting lists (the asks field's and
the rules' own, which the words reading scores from here) with the numbers BM25F scores them
from and their scores (`asksbin.field_postings`, `AsksPostings`), behind a
small marshalled table of where each part lies; the file is mapped, not read, so opening it
copies nothing and builds no objects.
"""

from __future__ import annotations

import marshal
import os
import warnings

from .. import paths

FORMAT = 5
_HERE = os.path.dirname(os.path.abspath(__file__))
_CODE = ("analysis.py", "asks.py", "asksbin.py", "build.py", "normalize.py", "index.py")
MANIFEST = "manifest.marshal"
UNITS = "units.marshal"
WORDS = "words.marshal"
ASKS = "asks.bin"
POSTINGS = "*"  # asksbin.POSTINGS: asks.bin's parts of each field's posting lists
ASKS_FIELD = "asks"  # build.ASKS_FIELD (a search imports build only when it reads)
PREBUILT = os.path.join(_HERE, "_prebuilt")

# positions in a unit record (units.marshal); see build.unit_records
GAME, ID, KIND, TITLE, TEXT, EXAMPLES, PARENT, CTX_ID, CTX_TITLE, ORDER = range(10)
M_TITLE, M_TEXT, M_EXAMPLES, M_PARENT, M_CTX, PARENT_N = range(10, 16)


class IndexError_(Exception):
    """The index cannot be opened (missing, stale or damaged): rebuild it."""


def index_key(games) -> str:
    """sha256 of the trees' cache keys and of the code that decides what is indexed.

    Memoised in a stamp file (like the trees' own keys): while every input keeps its size and
    modification time, no file is read and hashlib is not imported (the cold path).
    """
    from .. import memo
    from ..rules.cache import fingerprints
    from .asks import stamp

    rules = []
    for g in games:
        try:
            rules.append(f"{g}={fingerprints(g)[0]}")
        except OSError:
            rules.append(f"{g}=missing")
    code = [os.path.join(_HERE, n) for n in _CODE]
    asks = tuple(stamp(g) for g in games)  # the judges' phrasings (indexed: the asks field)
    stamps = (FORMAT, tuple(rules), tuple((p, os.stat(p).st_size, os.stat(p).st_mtime_ns)
                                          for p in code), asks)
    key = memo.read_stamped("search-stamp.marshal", stamps)
    if key is not None:
        return key
    from hashlib import sha256

    h = sha256(b"judgekit-search-%d\0" % FORMAT)
    for r in rules:
        h.update(r.encode() + b"\0")
    for p in code:
        with open(p, "rb") as f:
            h.update(f.read() + b"\0")
    for p, size, _ in asks:
        h.update(os.path.basename(os.path.dirname(p)).encode() + b"\0")
        if size >= 0:
            with open(p, "rb") as f:
                h.update(f.read())
        h.update(b"\0")
    key = h.hexdigest()
    memo.write_stamped("search-stamp.marshal", stamps, key)
    return key


def index_path(key: str, root: str | None = None) -> str:
    return os.path.join(root or paths.cache_dir(), f"search-{key[:24]}")


def _file_stamps(d: str) -> dict[str, tuple[int, int]]:
    out = {}
    for n in os.listdir(d):
        if n == MANIFEST or n.endswith("LOCK") or n.startswith("."):
            continue
        st = os.stat(os.path.join(d, n))
        out[n] = (st.st_size, st.st_mtime_ns)
    return out


class Index:
    """An opened index: the Whoosh searcher, the unit records and the vocabulary, read-only.

    `sizes_only`: compare the files with the manifest by size alone (a prebuilt index whose
    files were copied, and so lost their modification times)."""

    def __init__(self, path: str, key: str, sizes_only: bool = False):
        self.path = path
        self.key = key
        try:
            with open(os.path.join(path, MANIFEST), "rb") as f:
                man = marshal.loads(f.read())
            if man.get("format") != FORMAT or man.get("key") != key:
                raise IndexError_("index of another version")
            stamps = _file_stamps(path)
            if sizes_only:
                same = {n: v[0] for n, v in stamps.items()} == \
                    {n: v[0] for n, v in man["files"].items()}
            else:
                same = stamps == man["files"]
            if not same:
                raise IndexError_("index files changed since the build")
            with open(os.path.join(path, UNITS), "rb") as f:
                self.units = marshal.loads(f.read())
            if len(self.units) != man["docs"]:
                raise IndexError_("unit records do not match the index")
            with open(os.path.join(path, WORDS), "rb") as f:
                self.words = marshal.loads(f.read())
        except FileNotFoundError as e:
            raise IndexError_(f"missing file: {e.filename}") from None
        except (OSError, ValueError, EOFError, TypeError, KeyError) as e:
            raise IndexError_(f"unreadable index: {e}") from None
        self.requested = tuple(man["requested"])  # what open_index was asked for (the key)
        self.games = tuple(man["games"])
        self.editions = man["editions"]
        self.failed = man["failed"]
        self.build_seconds = man.get("seconds", 0.0)
        self._asks = None
        self._asks_file = None  # asks.bin, mapped (see asks)
        self._asks_of: dict = {}  # asks_of, per unit
        self._postings: dict = {}  # each field's posting lists in asks.bin (see asks)
        from .analysis import Vocabulary  # Whoosh, and the analyzer the schema names

        from whoosh.filedb.filestore import FileStorage

        self.vocabulary = Vocabulary(self.words["words"])
        self.spelling = self.words["spelling"]

        err = ""
        # Whoosh raises many kinds of error on a damaged TOC or segment, and a reader that
        # fails half-way leaves the files it already opened to the garbage collector: collect
        # them here, without a ResourceWarning for each
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            try:
                self.ix = FileStorage(path, readonly=True).open_index()
                from .ranking import weighting

                self.searcher = self.ix.searcher(weighting=weighting())
                if self.searcher.doc_count() != len(self.units):
                    self.searcher.close()
                    err = "document count does not match the unit records"
            except Exception as e:
                err = f"unreadable index: {type(e).__name__}: {e}"
            if err:
                import gc

                gc.collect()
        if err:
            raise IndexError_(err)

    temporary_root = ""  # set when the index lives in a private temporary directory

    @property
    def asks(self) -> dict:
        """{game: (forms, lines, form starts, line starts, document numbers, characters,
        character starts, units, pair keys, pair starts, pair units, plain lines)}: the judges' phrasings
        (`asksbin.asks_table`), mapped on first
        use (a search that reads words). The two texts are (start, end) places in the mapped
        file (`asks_file`, whose `find` searches them in place), the numbers memoryviews of its
        machine integers, the characters a string: opening them reads and copies nothing but
        the table and the characters (a fresh process would otherwise fault in 2 MB twice)."""
        if self._asks is None:
            import mmap
            import struct

            try:
                with open(os.path.join(self.path, ASKS), "rb") as f:
                    mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
                (size,) = struct.unpack_from("<I", mm, 0)
                table = marshal.loads(mm[4:4 + size])
                view = memoryview(mm)
                asks = {}
                postings = {}
                for g, places in table.items():
                    if g.startswith(POSTINGS):  # a field's posting lists (asksbin.postings_name)
                        postings[g[len(POSTINGS):] or ASKS_FIELD] = AsksPostings(mm, view,
                                                                               places)
                        continue
                    (fa, fn), (la, ln) = places[:2]

                    def ints(k: int, places=places):  # machine integers, read in place
                        a, n = places[k]
                        return view[a:a + n].cast("I")

                    ca, cn = places[5]
                    ka, kn = places[8]
                    asks[g] = ((fa, fa + fn), (la, la + ln), ints(2), ints(3), ints(4),
                               mm[ca:ca + cn].decode(), ints(6), ints(7),
                               view[ka:ka + kn].cast("Q"), ints(9), ints(10),
                               view[places[11][0]:sum(places[11])].cast("Q"))
                self._asks_file = mm
                self._postings = postings
                self._asks = asks
            except (OSError, ValueError, EOFError, TypeError, IndexError, KeyError,
                    struct.error) as e:
                raise IndexError_(f"unreadable index: {e}") from None
        return self._asks

    @property
    def asks_postings(self) -> AsksPostings | None:
        """The asks field's posting lists and statistics in asks.bin
        (`asksbin.asks_postings`), None in a file without them."""
        return self.field_postings(ASKS_FIELD)

    def field_postings(self, field: str) -> AsksPostings | None:
        """A field's posting lists and statistics in asks.bin (`asksbin.field_postings`: the
        asks field's and the rules' own fields'), None in a file without them."""
        self.asks  # noqa: B018 (maps the file)
        return self._postings.get(field)

    def asks_text(self, game: str, which: int = 0) -> bytes:
        """The joined matching forms (`which` 0) or lines (1) of a ruleset's phrasings, copied
        out of the mapped file (units apart by \\x01, a unit's phrasings by NUL)."""
        held = self.asks.get(game)
        if held is None:
            return b""
        a, b = held[which]
        return self._asks_file[a:b]

    def asks_of(self, doc: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(lines, their matching forms) of the judges' phrasings of unit `doc`, or two empty
        tuples (read from asks.bin)."""
        got = self._asks_of.get(doc)
        if got is not None:
            return got
        from bisect import bisect_left

        held = self.asks.get(self.units[doc][GAME])
        if held is None:
            return (), ()
        (fa, fb), (la, lb), fstarts, lstarts, docs = held[:5]
        k = bisect_left(docs, doc)
        if k == len(docs) or docs[k] != doc:
            return (), ()
        last = k + 1 == len(docs)
        mm = self._asks_file
        f = mm[fa + fstarts[k]:fb if last else fa + fstarts[k + 1] - 1]
        line = mm[la + lstarts[k]:lb if last else la + lstarts[k + 1] - 1]
        got = self._asks_of[doc] = (tuple(line.decode().split("\0")),
                                    tuple(f.decode().split("\0")))
        return got

    def asks_plain(self, doc: int) -> int:
        """Which of unit `doc`'s phrasings (`asks_of`) fold character for character into
        their matching forms: bit j for the j-th (`asksbin.asks_table`); 0 when it has none."""
        from bisect import bisect_left

        held = self.asks.get(self.units[doc][GAME])
        if held is None:
            return 0
        docs = held[4]
        k = bisect_left(docs, doc)
        if k == len(docs) or docs[k] != doc:
            return 0
        return held[11][k]

    def analyzer(self):
        """The index's analyzer with its vocabulary (the schema Whoosh unpickles has none)."""
        from .analysis import analyzer

        ana = analyzer()
        ana.vocabulary = self.vocabulary
        return ana

    def close(self) -> None:
        try:
            self.searcher.close()
        except Exception:
            pass
        if self._asks_file is not None:
            self._asks = None
            self._postings = {}
            self._asks_of = {}
            try:
                self._asks_file.close()
            except BufferError:  # a view of it still held elsewhere: the collector closes it
                pass
            self._asks_file = None
        if self.temporary_root:
            import shutil

            shutil.rmtree(self.temporary_root, ignore_errors=True)
            self.temporary_root = ""


class AsksPostings:
    """A field's posting lists in asks.bin (`asksbin.asks_postings`), read in place: a
    term's document numbers and weights as memoryviews of the mapped file, its idf, every
    document's field length and the field's average length: what Whoosh's BM25F scorer
    scores a posting from, so the field is scored with the same floats without Whoosh's term
    dictionary, statistics or posting readers (`engine.Searcher._asks_lists`)."""

    __slots__ = ("_mm", "_terms", "_tstarts", "_idf", "_pstarts", "_ids", "_weights",
                 "lengths", "avgfl", "_scores", "scored_with")

    def __init__(self, mm, view, places):
        def part(k: int, code: str):
            a, n = places[k]
            return view[a:a + n].cast(code)

        ta, tn = places[0]
        ca, cn = places[8]
        code = mm[ca:ca + cn].decode()
        self._mm = mm
        self._terms = (ta, ta + tn)
        self._tstarts = part(1, "I")
        self._idf = part(2, "d")
        self._pstarts = part(3, "I")
        self._ids = part(4, "I")
        self._weights = part(5, code)
        self.lengths = part(6, "I")
        self.avgfl = part(7, "d")[0]
        self._scores = part(9, "d")
        self.scored_with = tuple(part(10, "d"))  # (B, K1) of the stored scores

    def find(self, term: bytes) -> int:
        """The place of `term` (UTF-8) among the field's terms, or -1 (bisection over the
        sorted terms, each compared where it lies in the file)."""
        mm, base, starts = self._mm, self._terms[0], self._tstarts
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if mm[base + starts[mid]:base + starts[mid + 1]] < term:
                lo = mid + 1
            else:
                hi = mid
        if lo < len(starts) - 1 and mm[base + starts[lo]:base + starts[lo + 1]] == term:
            return lo
        return -1

    def postings(self, k: int):
        """(document numbers, weights, idf) of the `k`-th term (`find`)."""
        a, b = self._pstarts[k], self._pstarts[k + 1]
        return self._ids[a:b], self._weights[a:b], self._idf[k]

    def scores(self, k: int):
        """The `k`-th term's postings' scores with the B and K1 of `scored_with`."""
        return self._scores[self._pstarts[k]:self._pstarts[k + 1]]


def build(key: str, games, progress=None, root: str | None = None) -> str:
    """Build the index for `key` in a temporary directory and swap it in. Returns its path."""
    import shutil
    import tempfile
    import time

    from . import asksbin
    from . import build as b

    t0 = time.perf_counter()
    final = index_path(key) if root is None else os.path.join(root, f"search-{key[:24]}")
    root = os.path.dirname(final)
    os.makedirs(root, exist_ok=True)
    tmp = tempfile.mkdtemp(dir=root, prefix=".search-build-")
    try:
        records, editions, failed, asks = b.collect(games, progress)
        words = b.vocabulary(records)
        if progress:
            progress("total", len(records))
        try:
            b.write_index(tmp, records, words, progress, asks)
        finally:
            if progress:
                progress("done", len(records))
        asks_bin = asksbin.asks_table(records, asks, asksbin.field_postings(tmp))
        for name, data in ((UNITS, marshal.dumps(records)), (WORDS, marshal.dumps(words)),
                           (ASKS, asks_bin)):
            with open(os.path.join(tmp, name), "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        man = {"format": FORMAT, "key": key, "docs": len(records), "requested": list(games),
               "games": [g for g in games if g in editions], "editions": editions,
               "failed": failed, "seconds": time.perf_counter() - t0,
               "files": _file_stamps(tmp)}
        with open(os.path.join(tmp, MANIFEST), "wb") as f:
            f.write(marshal.dumps(man))
            f.flush()
            os.fsync(f.fileno())
        _swap_in(tmp, final)
    finally:
        if os.path.exists(tmp):
            shutil.rmtree(tmp, ignore_errors=True)
    _remove_stale(root, final)
    return final


def _swap_in(tmp: str, final: str) -> None:
    """Rename `tmp` to `final`; if another process got there first and its index is sound,
    keep that one; a damaged one is moved aside first."""
    try:
        os.rename(tmp, final)
        return
    except OSError:
        pass  # the final name exists (another build finished first, or a damaged index)
    try:
        Index(final, _key_of(final)).close()
        return  # a sound index is in place: ours is a duplicate
    except IndexError_:
        pass
    _discard(final)
    try:
        os.rename(tmp, final)
    except OSError:
        pass  # a third process put its own in place meanwhile


def _key_of(d: str) -> str:
    try:
        with open(os.path.join(d, MANIFEST), "rb") as f:
            return marshal.loads(f.read())["key"]
    except Exception:
        return ""


def _discard(d: str) -> None:
    """Move a directory aside (atomic), then delete it; readers holding its files keep them."""
    import shutil
    import tempfile

    root = os.path.dirname(d)
    trash = tempfile.mkdtemp(dir=root, prefix=".search-trash-")
    try:
        os.rename(d, os.path.join(trash, "x"))
    except OSError:
        pass
    shutil.rmtree(trash, ignore_errors=True)


def _remove_stale(root: str, keep: str) -> None:
    import time

    for n in os.listdir(root):
        p = os.path.join(root, n)
        if p == keep:
            continue
        if n.startswith("search-") and os.path.isdir(p):
            _discard(p)
        elif n.startswith((".search-build-", ".search-trash-")):
            # another process's unfinished build: leave it unless it is old (a crash)
            try:
                if time.time() - os.stat(p).st_mtime > 3600:
                    _discard(p)
            except OSError:
                pass


def open_index(games=None, progress=None, rebuild: bool = False) -> Index:
    """The current index for `games` (default: all rulesets), built or rebuilt as needed."""
    if games is None:
        from ..rules import GAMES

        games = GAMES
    games = tuple(games)
    key = index_key(games)
    path = index_path(key)
    if not rebuild:
        pre = index_path(key, PREBUILT)
        if os.path.isdir(pre):
            try:
                return Index(pre, key, sizes_only=True)
            except IndexError_:
                pass  # not the index of these rules and this code: the cache's is used
        try:
            return Index(path, key)
        except IndexError_:
            pass
    if rebuild and os.path.exists(path):
        _discard(path)
    try:
        build(key, games, progress)
    except OSError:
        # an unwritable cache directory costs a build per run, not the answer: build in a
        # private temporary directory, removed when the index is closed
        import tempfile

        root = tempfile.mkdtemp(prefix="judgekit-search-")
        ix = Index(build(key, games, progress, root=root), key)
        ix.temporary_root = root
        return ix
    return Index(path, key)
