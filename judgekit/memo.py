"""Derived artifacts kept in the user cache, named after the content they were computed from.

What the site build and `judgekit coverage` derive from the bundled scenarios, the engine's code
and the search index (which clauses each scenario's run cites, the offline search index
scripts) costs seconds to compute and changes only when one of its inputs does. `files_key`
is the sha256 of the inputs' contents (file names relative to the project, then the bytes),
memoised by each file's size and modification time in one stamp file (the rule of
`judgekit.rules.cache.fingerprints`), so an unchanged tree costs one `stat` per file.
`load(kind, key)` answers the value stored under that key, or None; `store` writes it
atomically as marshal (plain data only) and removes that kind's older entries. Any change to a
file gives a new key, so a stale value is never read; an unreadable entry is recomputed; a
read-only cache costs speed, not correctness.
"""

from __future__ import annotations

import marshal
import os

from . import paths

FORMAT = 1
_STAMPS = "memo-stamps.marshal"


def package_files(*subdirs: str, exts: tuple[str, ...] = (".py", ".toml")) -> list[str]:
    """Every source file of judgekit (or of the given sub-packages), sorted."""
    out = []
    roots = [os.path.join(paths.PACKAGE_DIR, s) for s in subdirs] or [paths.PACKAGE_DIR]
    for root in roots:
        if os.path.isfile(root):
            out.append(root)
            continue
        for d, dirs, names in os.walk(root):
            dirs[:] = sorted(n for n in dirs if not n.startswith(("_prebuilt", "__pycache__", ".")))
            out.extend(os.path.join(d, n) for n in names if n.endswith(exts))
    return sorted(set(out))


def rules_data_files(*games: str, search: bool = True) -> list[str]:
    """The shared files at the top of rules_data/ (the concept index, …) and every file of the
    given rulesets' folders, sorted; with `search=False`, not the files only the search reads
    (`paths.SEARCH_ONLY`)."""
    root = paths.rules_data_dir()
    out = []
    try:
        out = [os.path.join(root, n) for n in os.listdir(root)
               if not n.startswith(".") and os.path.isfile(os.path.join(root, n))]
    except OSError:
        pass
    for g in games:
        d = os.path.join(root, g)
        if os.path.isdir(d):
            out.extend(os.path.join(d, n) for n in os.listdir(d) if not n.startswith(".")
                       and (search or n not in paths.SEARCH_ONLY))
    return sorted(out)


def read_stamped(name: str, stamp):
    """The value kept in the cache file `name` beside `stamp` (what it was computed from:
    paths, sizes, modification times, formats), or None when the stamp differs or the file
    cannot be read (then the caller computes it again)."""
    try:
        with open(os.path.join(paths.cache_dir(), name), "rb") as f:
            saved, value = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return value if saved == stamp else None


def write_stamped(name: str, stamp, value) -> None:
    """Keep `value` (plain data) beside `stamp` in the cache file `name`, atomically; a
    read-only cache costs speed, not correctness."""
    try:
        from .rules.cache import write_atomic

        os.makedirs(paths.cache_dir(), exist_ok=True)
        write_atomic(os.path.join(paths.cache_dir(), name), marshal.dumps((stamp, value)))
    except OSError:
        pass


def _read_stamps() -> dict:
    try:
        with open(os.path.join(paths.cache_dir(), _STAMPS), "rb") as f:
            data = marshal.loads(f.read())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError, EOFError, TypeError):
        return {}


def files_key(salt: str, files: list[str]) -> str:
    """sha256 of `salt` and of each file's name (relative to the project) and content."""
    from hashlib import sha256

    saved = _read_stamps()
    fresh = {}
    h = sha256(f"judgekit-memo-{FORMAT}\0{salt}\0".encode())
    root = paths.project_root()
    for p in files:
        try:
            st = os.stat(p)
            stamp = (st.st_size, st.st_mtime_ns)
        except OSError:
            h.update(f"missing {p}\0".encode())
            continue
        old = saved.get(p)
        if old is not None and old[0] == stamp:
            digest = old[1]
        else:
            try:
                with open(p, "rb") as f:
                    digest = sha256(f.read()).hexdigest()
            except OSError:
                h.update(f"unreadable {p}\0".encode())
                continue
        fresh[p] = (stamp, digest)
        h.update(os.path.relpath(p, root).encode("utf-8", "surrogateescape") + b"\0"
                 + digest.encode() + b"\0")
    if any(saved.get(p) != v for p, v in fresh.items()):
        from .rules.cache import write_atomic

        saved.update(fresh)
        saved = {p: v for p, v in saved.items() if os.path.exists(p)}
        try:
            write_atomic(os.path.join(paths.cache_dir(), _STAMPS), marshal.dumps(saved))
        except OSError:
            pass
    return h.hexdigest()


def _path(kind: str, key: str) -> str:
    return os.path.join(paths.cache_dir(), f"memo-{kind}-{key[:24]}.marshal")


def load(kind: str, key: str):
    """The value stored for (kind, key), or None."""
    try:
        with open(_path(kind, key), "rb") as f:
            fmt, k, value = marshal.loads(f.read())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return value if fmt == FORMAT and k == key else None


def store(kind: str, key: str, value) -> None:
    """Keep `value` (marshal-able data) under (kind, key); older entries of `kind` go."""
    from .rules.cache import write_atomic

    path = _path(kind, key)
    try:
        write_atomic(path, marshal.dumps((FORMAT, key, value)))
    except (OSError, ValueError):
        return
    prefix = f"memo-{kind}-"
    d = os.path.dirname(path)
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        p = os.path.join(d, n)
        if n.startswith(prefix) and n.endswith(".marshal") and p != path:
            try:
                os.unlink(p)
            except OSError:
                pass
