"""Parse once: the clause trees are cached in the user cache directory.

A cache file is named after the sha256 of everything its content depends on: the ruleset's
files under rules_data/<game>/ and the parser's own code. Any change to either gives a new
name, so a stale cache is never read; an unreadable or corrupt file is rebuilt. Files are
written to a temporary name and renamed into place (atomic on POSIX), so a reader never sees
half a file and two writers at once cannot corrupt it.

The format is `marshal` of plain tuples: loading a ruleset is one read and one `loads`, with no
parser, regex or dataclass import on the lookup path.
"""

from __future__ import annotations

import marshal
import os

from .. import paths
from .model import Clause, Ruleset

FORMAT = 3  # bump when the tuple layout changes
_RULES_DIR = os.path.dirname(os.path.abspath(__file__))


def _input_files(game: str) -> tuple[list[str], list[str]]:
    """(data files of the ruleset, parser code files), each sorted."""
    game_dir = os.path.join(paths.rules_data_dir(), game)
    data = sorted(os.path.join(game_dir, n) for n in os.listdir(game_dir)
                  if not n.startswith(".") and n not in paths.SEARCH_ONLY)
    # the parser's code: every module of judgekit.rules and of its schemes package (schemes
    # share code, so one ruleset's tree may depend on another's module)
    code = []
    for d in (_RULES_DIR, os.path.join(_RULES_DIR, "schemes")):
        code.extend(sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".py")))
    return data, code


def _stamps(files: list[str]) -> tuple:
    out = []
    for p in files:
        try:
            st = os.stat(p)
            out.append((p, st.st_size, st.st_mtime_ns))
        except OSError:
            out.append((p, -1, -1))
    return tuple(out)


def fingerprints(game: str) -> tuple[str, str]:
    """(cache key, source hash). The source hash covers the rules documents only.

    Hashing every input on every lookup costs more than the lookup, so the hashes are
    memoised in a small stamp file beside the cache, valid while every input file keeps its
    size and modification time (the rule make and ccache use).
    """
    data, code = _input_files(game)
    stamps = _stamps(data + code)
    stamp_file = os.path.join(paths.cache_dir(), f"stamp-{game}.marshal")
    try:
        with open(stamp_file, "rb") as f:
            saved, key, src = marshal.loads(f.read())
        if saved == stamps:
            return key, src
    except (OSError, ValueError, EOFError, TypeError):
        pass
    key, src = _hash_inputs(data, code)
    try:
        write_atomic(stamp_file, marshal.dumps((stamps, key, src)))
    except OSError:
        pass
    return key, src


def _hash_inputs(data: list[str], code: list[str]) -> tuple[str, str]:
    from hashlib import sha256

    src = sha256()
    key = sha256(b"judgekit-rules-%d\0" % FORMAT)
    for p in data:
        with open(p, "rb") as f:
            b = f.read()
        name = os.path.basename(p).encode()
        key.update(name + b"\0" + b + b"\0")
        if not p.endswith(".toml"):
            src.update(name + b"\0" + b + b"\0")
    for p in code:
        try:
            with open(p, "rb") as f:
                key.update(f.read() + b"\0")
        except OSError:
            key.update(b"missing\0")
    return key.hexdigest(), src.hexdigest()


def cache_path(game: str, key: str) -> str:
    return os.path.join(paths.cache_dir(), f"rules-{game}-{key[:24]}.marshal")


def _to_data(rs: Ruleset) -> tuple:
    return (FORMAT, rs.game, rs.meta, [c.to_tuple() for c in rs.clauses.values()],
            [c.to_tuple() for c in rs.companions.values()], rs.source_hash, list(rs.problems))


def _from_data(data: tuple, game: str) -> Ruleset:
    fmt, g, meta, clauses, companions, source_hash, problems = data
    if fmt != FORMAT or g != game:
        raise ValueError("cache format mismatch")
    cl = {}
    for t in clauses:
        c = Clause.from_tuple(t)
        cl[c.id] = c
    co = {}
    for t in companions:
        c = Clause.from_tuple(t)
        co[c.id] = c
    return Ruleset(g, meta, cl, co, source_hash, problems)


def write_atomic(path: str, payload: bytes) -> None:
    """Write `payload` to `path` so that a reader never sees half of it.

    A regular file (or a new name) is written to a temporary file beside it, then renamed over
    it. A symbolic link is followed: the file it points at (existing or not) is replaced that way
    and the link stays a link. An existing target that is not a regular file — a FIFO, a
    terminal, /dev/null or another device, /dev/stdout — cannot be replaced by renaming (that
    would swap the device node or the FIFO for a plain file): it is opened and written through,
    as a shell redirection would. A directory or a socket is an OSError naming it.

    `path` may be a bare file name (the current directory). The file gets the permissions an
    ordinary write would give it: those of the file it replaces, else 0666 less the umask
    (mkstemp alone would leave every output readable by its owner only)."""
    import stat

    fd = _fd_alias(path)
    if fd is not None:
        # /dev/stdout, /dev/fd/3: the process's own open file, wherever it leads (a terminal,
        # a pipe, the file a shell redirected it to): written at its current offset, after
        # what the process already wrote there
        import sys

        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        _write_fd(fd, payload)
        return
    try:
        st = os.stat(path)  # follows links
    except (FileNotFoundError, NotADirectoryError):  # a new file (or a bad directory: below)
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_through(path, st, payload)
        return
    if os.path.islink(path):
        path = os.path.realpath(path)  # replace what the link points at, not the link
    _replace_atomic(path, payload)


def _fd_alias(path: str) -> int | None:
    """The descriptor number `path` names (/dev/stdout, /dev/stderr, /dev/fd/N,
    /proc/self/fd/N), or None."""
    p = os.path.abspath(path)
    named = {"/dev/stdout": 1, "/dev/stderr": 2}
    if p in named:
        return named[p]
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        if p.startswith(prefix) and p[len(prefix):].isdigit() and p[len(prefix):].isascii():
            return int(p[len(prefix):])
    return None


def _write_fd(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _write_through(path: str, st, payload: bytes) -> None:
    import errno
    import stat

    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory", path)
    if stat.S_ISSOCK(st.st_mode):
        raise OSError(errno.ENXIO, "is a socket, not a file", path)
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        _write_fd(fd, payload)
    finally:
        os.close(fd)


def _replace_atomic(path: str, payload: bytes) -> None:
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    import stat
    import tempfile

    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-", suffix=".part")
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load(game: str, *, rebuild: bool = False) -> Ruleset:
    key, source_hash = fingerprints(game)
    path = cache_path(game, key)
    if not rebuild:
        try:
            with open(path, "rb") as f:
                return _from_data(marshal.loads(f.read()), game)
        except FileNotFoundError:
            pass
        except (OSError, ValueError, EOFError, TypeError, KeyError, IndexError):
            pass  # unreadable or corrupt: rebuild below
    from .build import build_ruleset

    from pathlib import Path

    rs = build_ruleset(game, Path(paths.rules_data_dir()) / game, source_hash)
    try:
        write_atomic(path, marshal.dumps(_to_data(rs)))
        _remove_stale(game, path)
    except OSError:
        pass  # a read-only cache directory costs speed, not correctness
    return rs


def _remove_stale(game: str, keep: str) -> None:
    d = os.path.dirname(keep)
    prefix = f"rules-{game}-"
    for n in os.listdir(d):
        p = os.path.join(d, n)
        if n.startswith(prefix) and n.endswith(".marshal") and p != keep:
            try:
                os.unlink(p)
            except OSError:
                pass
