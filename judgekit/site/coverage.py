"""Engine coverage for the site: which clauses the rules engine executes, with an example each.

The site marks such a clause (⚙) and links it to a copy of an example scenario that exercises
it: `<game>/scenarios/<name>.html` (the file shown, with the clauses it covers) and the raw
board file next to it. When the engine is not installed, or offers no coverage for a game, the
marks are simply left out.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass
class Scenario:
    label: str        # short name shown in links, e.g. "T05"
    title: str        # one line describing it ("" when the file has none)
    href: str         # page, relative to the ruleset directory: scenarios/T05.html
    raw_href: str     # the board file as written: scenarios/T05.yaml
    text: str         # the board file's content
    source: str       # the file's path in the project (shown on the page)


def _slug(name: str) -> str:
    out = "".join(ch if (ch.isascii() and (ch.isalnum() or ch in "-_.")) else "-" for ch in name)
    return out.strip("-.") or "scenario"


def scenario_from_file(path: str, label: str | None = None) -> Scenario:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    base = os.path.basename(path)
    stem, ext = os.path.splitext(base)
    slug = _slug(stem)
    title = _title_of(text)
    try:
        from ..paths import project_root

        shown = os.path.relpath(path, project_root())
        if shown.startswith(".."):
            shown = base
    except ValueError:
        shown = base
    return Scenario(label=label or stem, title=title, href=f"scenarios/{slug}.html",
                    raw_href=f"scenarios/{slug}{ext or '.yaml'}", text=text, source=shown)


def _title_of(text: str) -> str:
    """A board file's own one-line description: its `title:`/`question:` in meta, if any."""
    try:
        import yaml

        data = yaml.safe_load(text)
    except Exception:
        return ""
    if not isinstance(data, dict):
        return ""
    for holder in (data.get("meta"), data.get("metadata"), data):
        if isinstance(holder, dict):
            for key in ("title", "name", "question", "description"):
                v = holder.get(key)
                if isinstance(v, str) and v.strip():
                    return v.strip().splitlines()[0]
    return ""


def engine_coverage(game: str, warn=None) -> dict[str, list[Scenario]]:
    """{clause id: [Scenario, ...]} from the engine, or {} when there is no engine coverage.

    An engine that is present but fails to answer does not stop the site: `warn(message)` is
    told why, and the marks are left out."""
    try:
        raw = _engine_rows(game)
    except Exception as e:  # a broken engine must not cost the judges their rules site
        if warn:
            warn(f"engine coverage for {game} unavailable ({type(e).__name__}: {e}); no ⚙ marks")
        return {}
    out: dict[str, list[Scenario]] = {}
    cache: dict[str, Scenario] = {}
    from ..paths import project_root

    for cid, paths in raw.items():
        for p in paths:
            if p and not os.path.isabs(p):
                p = os.path.join(project_root(), p)  # the engine names examples/zx/… files
            if not p or not os.path.isfile(p):
                continue
            s = cache.get(p)
            if s is None:
                s = cache[p] = scenario_from_file(p)
            out.setdefault(cid, []).append(s)
    # one scenario per page name: two files with the same stem get distinct names
    seen: dict[str, str] = {}
    for p, s in sorted(cache.items()):
        if s.href in seen and seen[s.href] != p:
            n = 2
            while f"scenarios/{_slug(s.label)}-{n}.html" in seen:
                n += 1
            ext = os.path.splitext(s.raw_href)[1]
            s.href = f"scenarios/{_slug(s.label)}-{n}.html"
            s.raw_href = f"scenarios/{_slug(s.label)}-{n}{ext}"
        seen[s.href] = p
    return out


def _engine_rows(game: str) -> dict[str, list[str]]:
    """{clause id: [scenario file path, ...]} as the engine reports it; {} without an engine.

    The engine's listing is `judgekit.engine.coverage.coverage(game)` (also reachable as
    `judgekit.engine.coverage(game)` until the submodule is imported): rows with the clause
    `id` and its `examples` (board files, relative to the project)."""
    try:
        import importlib

        mod = importlib.import_module("judgekit.engine.coverage")
    except ImportError:
        return {}
    fn = getattr(mod, "coverage", None)
    if fn is None:
        return {}
    try:
        rows = fn(game)
    except (KeyError, LookupError, NotImplementedError):
        return {}  # the engine knows no such game
    out: dict[str, list[str]] = {}
    for row in rows or []:
        cid, paths = _row(row)
        if cid:
            out.setdefault(cid, []).extend(paths)
    return out


def _row(row) -> tuple[str, list[str]]:
    """One coverage entry: accepts a mapping or an object with clause id and example path(s)."""
    get = row.get if isinstance(row, dict) else (lambda k, d=None: getattr(row, k, d))
    cid = get("clause") or get("clause_id") or get("id") or ""
    paths = get("examples") or get("scenarios") or []
    one = get("example") or get("scenario")
    if isinstance(paths, str):
        paths = [paths]
    paths = [str(p) for p in paths]
    if one:
        paths = [str(one)] + [p for p in paths if p != str(one)]
    return str(cid), paths
