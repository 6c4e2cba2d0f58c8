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
    question: str = ""  # the board file's meta.question, if any


def _slug(name: str) -> str:
    out = "".join(ch if (ch.isascii() and (ch.isalnum() or ch in "-_.")) else "-" for ch in name)
    return out.strip("-.") or "scenario"


def scenario_from_file(path: str, label: str | None = None, titles: dict | None = None) -> Scenario:
    """`titles`: {path: (title, question)} already read (`_titles`), else the file is parsed."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    base = os.path.basename(path)
    stem, ext = os.path.splitext(base)
    slug = _slug(stem)
    known = titles.get(path) if titles else None
    title, question = known if known else _title_of(text)
    try:
        from ..paths import project_root

        shown = os.path.relpath(path, project_root())
        if shown.startswith(".."):
            shown = base
    except ValueError:
        shown = base
    return Scenario(label=label or stem, title=title, href=f"scenarios/{slug}.html",
                    raw_href=f"scenarios/{slug}{ext or '.yaml'}", text=text, source=shown,
                    question=question)


def _title_of(text: str) -> tuple[str, str]:
    """A board file's own one-line description (meta.title, …) and its meta.question."""
    try:
        import yaml

        # the C loader where PyYAML has it: the title of each of hundreds of scenarios
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception:
        return "", ""
    if not isinstance(data, dict):
        return "", ""
    title = question = ""
    for holder in (data.get("meta"), data.get("metadata"), data):
        if isinstance(holder, dict):
            for key in ("title", "name", "description"):
                v = holder.get(key)
                if not title and isinstance(v, str) and v.strip():
                    title = v.strip().splitlines()[0]
            v = holder.get("question")
            if not question and isinstance(v, str) and v.strip():
                question = v.strip()
    return title, question


@dataclass
class Mark:
    """What the site shows for a clause the engine executes."""
    summary: str               # what the engine does for it ("" when not told)
    scenarios: list            # [Scenario], the examples that exercise it, most citing first


def engine_coverage(game: str, warn=None) -> dict[str, Mark]:
    """{clause id: Mark} from the engine, or {} when there is no engine coverage for `game`.

    An engine that is present but fails to answer does not stop the site: `warn(message)` is
    told why, and the marks are left out."""
    try:
        rows = _engine_rows(game)
    except Exception as e:  # a broken engine must not cost the judges their rules site
        if warn:
            warn(f"engine coverage for {game} unavailable ({type(e).__name__}: {e}); no ⚙ marks")
        return {}
    from ..paths import project_root

    def full(p: str) -> str:  # the engine names examples/zx/… files
        return os.path.join(project_root(), p) if p and not os.path.isabs(p) else p

    files = sorted({full(p) for _, _, ps in rows for p in ps if p and os.path.isfile(full(p))})
    titles = _titles(game, files)
    out: dict[str, Mark] = {}
    cache: dict[str, Scenario] = {}
    for cid, summary, paths in rows:
        scs = []
        for p in paths:
            p = full(p)
            if not p or not os.path.isfile(p):
                continue
            sc = cache.get(p)
            if sc is None:
                sc = cache[p] = scenario_from_file(p, titles=titles)
            if sc not in scs:
                scs.append(sc)
        out[cid] = Mark(summary, _about_first(cid, scs))
    _unique_names(cache)
    _short_labels(cache)
    return out


def _titles(game: str, files: list[str]) -> dict[str, tuple[str, str]]:
    """{path: (title, question)} of the scenario files, kept in the user cache (judgekit.memo)
    under their contents: parsing hundreds of YAML files is most of what is left to do when
    nothing changed."""
    from .. import memo

    key = memo.files_key(f"titles {game}", memo.package_files("site/coverage.py") + files)
    kind = f"site-titles-{game}"
    got = memo.load(kind, key)
    if isinstance(got, dict) and set(got) == set(files):
        return {p: tuple(v) for p, v in got.items()}
    got = {}
    for p in files:
        with open(p, encoding="utf-8") as f:
            got[p] = _title_of(f.read())
    memo.store(kind, key, got)
    return got


def _about_first(cid: str, scs: list) -> list:
    """The examples whose own title names the clause first (T01 "…destroys (904.1)" for 904.1),
    then the engine's order (the examples citing it most)."""
    import re

    pat = re.compile(r"(?<![0-9A-Za-z.])" + re.escape(cid) + r"(?![0-9A-Za-z])")
    return sorted(scs, key=lambda s: 0 if pat.search(s.title) else 1)


def _short_labels(cache: dict[str, Scenario]) -> None:
    """Link text: the scenario's code (T01, R604) where it is unique, else the file name."""
    code = {p: s.label.split("-", 1)[0] for p, s in cache.items()}
    counts: dict[str, int] = {}
    for c in code.values():
        counts[c] = counts.get(c, 0) + 1
    for p, s in cache.items():
        if counts[code[p]] == 1 and code[p]:
            s.label = code[p]


def _unique_names(cache: dict[str, Scenario]) -> None:
    """Two files with the same name (in different folders) get distinct pages."""
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


def _engine_rows(game: str) -> list[tuple[str, str, list[str]]]:
    """[(clause id, summary, [example path, ...])] as the engine reports them; [] without one.

    The engine's listing is `judgekit.engine.coverage(game)`: one dict per clause it executes,
    with `id`, `summary` and `examples` (board files relative to the project, most citing
    first), the same rows `judgekit coverage --game zx --json` prints."""
    try:
        import judgekit.engine as engine
    except ImportError:
        return []
    games = getattr(engine, "GAMES_WITH_ENGINE", None)
    if games is not None and game not in games:
        return []
    fn = getattr(engine, "coverage", None)
    if fn is not None and not callable(fn):  # a submodule of that name shadows the function
        fn = getattr(fn, "coverage", None)
    if not callable(fn):
        return []
    out = []
    for row in fn(game) or []:
        get = row.get if isinstance(row, dict) else (lambda k, d=None: getattr(row, k, d))
        cid = get("id") or get("clause") or ""
        paths = get("examples") or []
        if isinstance(paths, str):
            paths = [paths]
        if cid:
            out.append((str(cid), str(get("summary") or ""), [str(p) for p in paths]))
    return out


def worked_marks(game: str, coverage: dict, warn=None) -> dict[str, dict[int, list]]:
    """{clause id: {example number: [Scenario]}}: the rulebook's worked examples that a bundled
    scenario reproduces and passes (judgekit.engine.worked), each linked to the scenario's page.
    Only scenarios the coverage already shows get a page, so only they are linked; {} when the
    engine is not installed or has no examples for `game`."""
    by_source = {s.source: s for m in coverage.values() for s in getattr(m, "scenarios", ())}
    if not any(src.startswith(f"examples/{game}/") for src in by_source):
        return {}
    try:
        from ..engine import worked

        rows = worked.listing(game)
    except ImportError:
        return {}
    except Exception as e:  # a broken engine must not cost the judges their rules site
        if warn:
            warn(f"worked examples for {game} unavailable ({type(e).__name__}: {e})")
        return {}
    out: dict[str, dict[int, list]] = {}
    for r in rows:
        if r["state"] != "reproduced":
            continue
        scs = [by_source[s["file"]] for s in r["scenarios"] if s["file"] in by_source]
        if scs:
            out.setdefault(r["clause"], {})[r["index"]] = scs
    return out
