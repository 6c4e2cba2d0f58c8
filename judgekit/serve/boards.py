"""Board files of the workbench: the judge's folder (`--dir`), the bundled examples, empty boards.

The folder is the only place the workbench writes, and the only place besides the bundled
examples it reads. A name is one plain file name ending in .yaml or .yml: no directory part,
no `..`, no absolute path, no leading dot, no control characters; the file must be a regular
file, not a symbolic link (a link could lead out of the folder), and its resolved path must
lie in the folder's resolved path. Anything else is refused before the file system is touched.

Writes are atomic (a temporary file beside the target, renamed over it: a crash leaves the
old file or the new one, never half of one). Each read returns an etag, the sha256 of the
bytes read; a save names the etag it started from and is refused (`Conflict`) when the file
on disk has changed since, or was created meanwhile — the judge then chooses to reload or to
save under another name, and nothing is overwritten silently.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import sys

MAX_BOARD_BYTES = 512 * 1024  # a board file is a few kilobytes; the largest bundled is ~10 KB
_NAME = re.compile(r"^[^\x00-\x1f\x7f/\\:*?\"<>|]{1,120}\.ya?ml$")


class BoardIOError(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Conflict(BoardIOError):
    def __init__(self, message: str, etag: str | None) -> None:
        super().__init__(message, 409)
        self.etag = etag


def etag_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def default_dir() -> str:
    """A folder in the user's data directory: $XDG_DATA_HOME/judgekit/boards (Linux),
    ~/Library/Application Support/judgekit/boards (macOS), %APPDATA%\\judgekit\\boards."""
    if sys.platform == "darwin":
        base = os.path.join(os.path.expanduser("~"), "Library", "Application Support")
    elif os.name == "nt":  # pragma: no cover
        base = os.environ.get("APPDATA") or os.path.expanduser("~")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                               ".local", "share")
    return os.path.join(base, "judgekit", "boards")


def check_name(name: str) -> str:
    """The name if it is a plain board file name, else BoardIOError."""
    if (not isinstance(name, str) or not _NAME.match(name) or name.startswith(".")
            or name != name.strip() or ".." in name or os.path.isabs(name)
            or os.sep in name or (os.altsep and os.altsep in name)):
        raise BoardIOError(f"expected a plain file name ending in .yaml (no folders); "
                           f"found {name!r}")
    return name


class BoardDir:
    def __init__(self, path: str) -> None:
        os.makedirs(path, exist_ok=True)
        self.root = os.path.realpath(path)

    def _path(self, name: str) -> str:
        check_name(name)
        p = os.path.join(self.root, name)
        if os.path.dirname(os.path.realpath(p)) != self.root and os.path.lexists(p):
            raise BoardIOError(f"{name}: not a file of the boards folder", 403)
        if os.path.dirname(p) != self.root:  # pragma: no cover - check_name forbids it
            raise BoardIOError(f"{name}: not a file of the boards folder", 403)
        try:
            st = os.lstat(p)
        except FileNotFoundError:
            return p
        if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
            raise BoardIOError(f"{name}: not a regular file (links are not followed)", 403)
        return p

    def list(self) -> list[dict]:
        out = []
        for e in sorted(os.scandir(self.root), key=lambda e: e.name):
            try:
                check_name(e.name)
            except BoardIOError:
                continue
            if e.is_file(follow_symlinks=False):
                st = e.stat(follow_symlinks=False)
                out.append({"name": e.name, "size": st.st_size, "mtime": int(st.st_mtime)})
        return out

    def read(self, name: str) -> tuple[str, str]:
        p = self._path(name)
        try:
            fd = os.open(p, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except FileNotFoundError:
            raise BoardIOError(f"{name}: no such board in the folder", 404) from None
        except OSError as e:
            raise BoardIOError(f"{name}: cannot be read ({e.strerror})", 403) from None
        with os.fdopen(fd, "rb") as f:
            data = f.read(MAX_BOARD_BYTES + 1)
        if len(data) > MAX_BOARD_BYTES:
            raise BoardIOError(f"{name}: larger than {MAX_BOARD_BYTES} bytes; not a board", 413)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BoardIOError(f"{name}: not UTF-8 text") from None
        return text, etag_of(data)

    def current_etag(self, name: str) -> str | None:
        try:
            return self.read(name)[1]
        except BoardIOError as e:
            if e.status == 404:
                return None
            raise

    def write(self, name: str, text: str, etag: str | None) -> str:
        """Write atomically; `etag` is the version the page started from (None: a new file).
        Returns the new etag."""
        from ..rules.cache import write_atomic

        p = self._path(name)
        data = text.encode("utf-8")
        if len(data) > MAX_BOARD_BYTES:
            raise BoardIOError(f"the board is larger than {MAX_BOARD_BYTES} bytes", 413)
        now = self.current_etag(name)
        if now != etag:
            if now is None:
                raise Conflict(f"{name} was deleted since it was opened; save again to "
                               "create it anew", None)
            raise Conflict(f"{name} was changed on disk since it was opened"
                           if etag else f"{name} already exists", now)
        write_atomic(p, data)
        return etag_of(data)


# ---- the bundled examples and empty boards (read-only) -------------------------------------------

def examples_dir() -> str:
    from ..paths import project_root

    return os.path.join(project_root(), "examples")


def examples(game: str) -> list[dict]:
    d = os.path.join(examples_dir(), game)
    out = []
    if not os.path.isdir(d):
        return out
    import yaml

    for name in sorted(os.listdir(d)):
        if not name.endswith(".yaml"):
            continue
        title = ""
        try:
            with open(os.path.join(d, name), encoding="utf-8") as f:
                head = f.read(4096)
            m = re.search(r"^  title:\s*(.+)$", head, re.M)
            if m:
                t = yaml.safe_load(m.group(1))
                title = t if isinstance(t, str) else ""
        except (OSError, yaml.YAMLError):
            pass
        out.append({"name": name, "title": title})
    return out


def example_text(game: str, name: str) -> str:
    check_name(name)
    if name not in {e["name"] for e in examples(game)}:
        raise BoardIOError(f"{game}/{name}: no such bundled example", 404)
    with open(os.path.join(examples_dir(), game, name), encoding="utf-8") as f:
        return f.read()


def empty_text(game: str) -> str:
    """A board with nothing in dispute yet: both players' counts, the game at a main phase
    step with priority to the turn player (judgekit/serve/empty/<game>.yaml)."""
    p = os.path.join(os.path.dirname(os.path.abspath(__file__)), "empty", game + ".yaml")
    try:
        with open(p, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise BoardIOError(f"no empty board for the ruleset {game!r}", 404) from None
