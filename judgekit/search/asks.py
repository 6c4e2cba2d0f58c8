"""The judges' phrasings of each clause: `rules_data/<game>/asks.toml` (issue 26).

For each clause, the questions a judge or a player would ask that it answers, in other words
than the clause's (document expansion: a question in a judge's words finds the clause whose
text uses none of them). The format is one table:

    [asks]
    "101.4" = ["相手のターン中でも投了できる？", "途中で降参していいの"]

A key is a clause id as `judgekit rule` prints it (quoted when dotted); a value a non-empty
list of non-empty strings, each one line without control characters (U+0000-U+001F,
U+007F-U+009F: \\0 and \\1 separate lines and units in asks.bin and in the site's
scripts), distinct once stripped (they are kept stripped). A ruleset without the file has no
phrasings.

The file is read only when the search index is built (`judgekit.search.build`) and when the
site is built (`judgekit.site`): the phrasings are indexed (the `asks` field) and kept beside
the index in `asks.bin` (mapped, read only by the words reading; `units.marshal` does not hold
them), so a search never parses TOML. The files are part of the index's
key (`index.index_key`): editing one rebuilds the index. They are not part of the clause trees'
key (`judgekit.rules.cache`): a new phrasing does not re-parse the rules.
"""

from __future__ import annotations

import os

from .. import paths

FILE = "asks.toml"  # (in paths.SEARCH_ONLY: not an input of the clause trees or the engine)


class AsksError(ValueError):
    """A phrasings file that cannot be read or does not fit its format (names the file, the
    line and the key)."""


def asks_file(game: str) -> str:
    return os.path.join(paths.rules_data_dir(), game, FILE)


def _line_of(raw: str, key: str) -> int:
    """The line (1-based) where `key` is given in the file's text, or 0."""
    for n, line in enumerate(raw.splitlines(), 1):
        s = line.lstrip()
        if s.startswith((f'"{key}"', f"'{key}'")) or (s.startswith(key) and
                                                     s[len(key):].lstrip().startswith("=")):
            return n
    return 0


# control characters (Unicode category Cc): \0 and \1 separate lines and units in
# asks.bin and the site's scripts, \t \n \r break a line
_CONTROL = "[\x00-\x1f\x7f-\x9f]"


def _problem(lines) -> str | None:
    """What is wrong with a clause's value (the first thing), or None: a non-empty list of
    non-empty one-line strings without control characters, distinct once stripped."""
    import re

    if isinstance(lines, dict):
        return 'expected a list of strings, found a table (quote a dotted id: "1110.1" = [...])'
    if not isinstance(lines, list) or not lines:
        found = "an empty list" if isinstance(lines, list) else type(lines).__name__
        return f"expected a non-empty list of strings, found {found}"
    seen: set[str] = set()
    for k, s in enumerate(lines):
        if not isinstance(s, str) or not s.strip():
            found = repr(s) if isinstance(s, str) else type(s).__name__
            return f"item {k + 1}: expected a non-empty string, found {found}"
        if "\n" in s or "\r" in s:
            return f"item {k + 1}: expected one line, found a line break"
        bad = re.search(_CONTROL, s)
        if bad:
            return (f"item {k + 1}: expected no control character, found "
                    f"U+{ord(bad.group()):04X}")
        t = s.strip()
        if t in seen:
            return f"{t!r} is given twice"
        seen.add(t)
    return None


def load(game: str, rs=None, path: str | None = None) -> dict[str, tuple[str, ...]]:
    """{clause id: its phrasings} of `game` ({} when the ruleset has no file). Given the parsed
    ruleset `rs`, every id must be one of its units. Raises AsksError on a bad file."""
    path = path or asks_file(game)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise AsksError(f"{path}: cannot read the phrasings ({e.strerror})") from None
    import tomllib

    try:
        raw = data.decode("utf-8")
        table = tomllib.loads(raw)
    except UnicodeDecodeError as e:
        raise AsksError(f"{path}: not UTF-8 (byte {e.start})") from None
    except tomllib.TOMLDecodeError as e:
        raise AsksError(f"{path}: {e}") from None
    other = [k for k in table if k != "asks"]
    if other:
        raise AsksError(f"{path}: unexpected key {other[0]!r} (expected only the [asks] table)")
    asks = table.get("asks")
    if not isinstance(asks, dict):
        raise AsksError(f"{path}: expected an [asks] table")
    out: dict[str, tuple[str, ...]] = {}
    for cid, lines in asks.items():
        if rs is not None and rs.get(cid) is None:
            problem = f"no such clause in {game}"
        else:
            problem = _problem(lines)
        if problem is None:
            out[cid] = tuple(s.strip() for s in lines)
            continue
        line = _line_of(raw, cid)  # (only for an error: it reads the file's lines)
        where = f"{path}:{line}" if line else path
        raise AsksError(f"{where}: [asks] {cid!r}: {problem}")
    return out


def stamp(game: str) -> tuple:
    """(path, size, modification time) of the ruleset's file, or (path, -1, -1) without one:
    what the index's key memo is valid for."""
    p = asks_file(game)
    try:
        st = os.stat(p)
        return (p, st.st_size, st.st_mtime_ns)
    except OSError:
        return (p, -1, -1)
