"""Build the static rules site: `judgekit site build [-o DIR]`.

Output (every link relative, so the site works from file:// and from any static host):

    index.html                 home: the rulesets with edition and date, search over all of them
    assets/site.css            one stylesheet (responsive, dark mode, print)
    assets/search.js           the search script (site/assets/search.js + tables from Python)
    search/<game>.js           the search index of one ruleset (see judgekit.site.index)
    <game>/index.html          a ruleset's contents, metadata, notes on the text
    <game>/<page>.html         the clauses, one page per top-level unit (see judgekit.site)
    <game>/scenarios/…         engine example scenarios (only when the engine reports coverage)
    .judgekit-site             marker: what was built from which sources

The site is written into a temporary sibling directory and then swapped in, so a reader never
sees half a site, and an existing directory is replaced only when it holds a judgekit site.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass, field

from markupsafe import Markup

from .. import __version__
from ..paths import templates_dir
from ..rules.citation import citation
from . import fragment, page_file, page_key
from .assets import assets_dir, search_script
from .render import Linker, render_clause

MARKER_FILE = ".judgekit-site"

FLAG_LABELS = {
    "virtual": "not printed in the source",
    "out-of-order": "out of order in the source",
    "figure-lost": "figure lost",
    "text-lost": "text lost",
    "omitted": "omitted in the source",
    "source-defect": "source defect",
    "errata": "errata",
    "label-lost": "number not printed in the source",
    "garbled-label": "number garbled in the source",
    "icon-lost": "icon lost",
    "reconstructed": "reconstructed",
}

# flags whose notes only explain a routine repair: the note is folded away behind its flag
ROUTINE_FLAGS = ("virtual", "label-lost", "out-of-order", "omitted")

# flags meaning that judgekit, not the source, wrote (part of) the clause number
ID_NOT_PRINTED = ("virtual", "label-lost", "garbled-label")


class SiteError(Exception):
    """A user-facing build problem (bad output directory, unknown game)."""


@dataclass
class BuildReport:
    out_dir: str
    games: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # game -> why
    pages: int = 0
    files: int = 0
    bytes: int = 0
    seconds: float = 0.0
    coverage: dict[str, int] = field(default_factory=dict)  # game -> clauses marked
    warnings: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------------
# templates


def _env():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(os.path.join(templates_dir(), "site")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env


# ------------------------------------------------------------------------------------------
# one ruleset


def _heading(c) -> str:
    return c.title or (c.text.split("\n", 1)[0] if c.text else "")


def _short(s: str, n: int = 40) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def _crumb(a) -> str:
    """Breadcrumb label: id and title; an untitled clause by its id alone."""
    return f"{a.id} {_short(a.title, 24)}" if a.title else a.id


def _short_title(rs) -> str:
    """The header's name for a ruleset: the title before 総合ルール and before a " -" subtitle
    (Z/X, ディメンション・ゼロ, 東方VISION)."""
    t = rs.title
    k = t.find("総合ルール")
    if k > 0:
        t = t[:k]
    k = t.find(" -")
    if k > 0:
        t = t[:k]
    return t.strip() or rs.title


class RulesetSite:
    """Everything needed to render one ruleset's pages."""

    def __init__(self, rs, coverage: dict | None = None, worked: dict | None = None) -> None:
        self.rs = rs
        self.game = rs.game
        self.coverage = coverage or {}  # clause id -> coverage.Mark
        # clause id -> {example number: [Scenario]}: the worked examples a passing scenario
        # reproduces (coverage.worked_marks)
        self.worked = worked or {}
        self.page_of: dict[str, str] = {}
        self.pages: list[str] = []  # page keys in order
        self.page_units: dict[str, list] = {}
        for c in rs.all_units():
            key = page_key(rs, c.id)
            _check_page_key(rs.game, key)
            self.page_of[c.id] = key
            if key not in self.page_units:
                self.page_units[key] = []
                self.pages.append(key)
            self.page_units[key].append(c)
        self.companion_meta = rs.meta.get("companion", {}) or {}
        from .concordance import clause_concepts

        self.concepts = clause_concepts(rs.game)  # clause id -> the concepts it belongs to
        from ..search.asks import load as load_asks

        self.asks = load_asks(rs.game, rs)  # clause id -> the judges' phrasings (asks.toml)

    # ---- addresses --------------------------------------------------------------------------
    def href(self, cid: str, from_page: str | None) -> str:
        page = self.page_of[cid]
        if page == from_page:
            return "#" + fragment(cid)
        return page_file(page) + "#" + fragment(cid)

    def page_href(self, key: str) -> str:
        return page_file(key)

    # ---- views ------------------------------------------------------------------------------
    def unit_view(self, c, page: str, depth: int, linker: Linker) -> dict:
        rs = self.rs
        titled = bool(c.title)
        cite = citation(rs.game, c.id)  # the document's own form (第4部第6章3), or ""
        lead = None
        if not titled:
            lead = Markup('<a class="cid" href="#{}" title="Permalink to {}">{}</a>').format(
                fragment(c.id), c.id, c.id)
            if cite:
                lead += Markup(' <span class="ccite">{}</span>').format(cite)
            mark = self.coverage.get(c.id)
            if mark is not None:
                lead += _engine_badge(mark)
        rc = render_clause(c, linker, lead)
        crumbs = [{"href": self.href(a.id, page), "label": _crumb(a)}
                  for a in rs.ancestors(c.id)]
        flags = [FLAG_LABELS.get(fl, fl.replace("-", " ")) for fl in c.flags]
        notes = list(c.notes)
        refnotes = []
        seen = set()
        for r in c.refs:
            if r.status == "ok" or (r.target, r.status, r.note) in seen:
                continue
            seen.add((r.target, r.status, r.note))
            href = self.href(r.target, page) if r.target in self.page_of else None
            refnotes.append({"status": r.status, "raw": r.raw, "target": r.target, "note": r.note,
                             "href": href or "#" + fragment(c.id)})
        unplaced = [{"target": r.target, "raw": r.raw,
                     "href": self.href(r.target, page) if r.target in self.page_of else None}
                    for r in rc.unplaced]
        cited_by = []
        for cid in c.cited_by:
            u = rs.get(cid)
            if u is None:
                continue
            cited_by.append({"id": cid, "href": self.href(cid, page), "tip": u.first_line(60)})
        children, elsewhere = [], []
        for cid in c.children:
            u = rs.get(cid)
            if u is None:
                continue
            if self.page_of[cid] == page:
                children.append(self.unit_view(u, page, depth + 1, linker))
            else:
                elsewhere.append({"id": cid, "href": self.href(cid, page), "heading": _heading(u)})
        n_ex = len(c.examples)
        return {
            "id": c.id,
            "frag": fragment(c.id),
            "cite": cite,
            "kind": c.kind,
            "companion": c.doc != "rules",
            "titled": titled,
            "hlevel": min(6, depth + 1),
            "title": rc.title,
            "body": rc.body,
            "examples": rc.examples,
            "ex_labels": ["例" if n_ex == 1 else f"例{i}" for i in range(1, n_ex + 1)],
            "ex_reproduced": [[{"href": sc.href, "label": sc.label, "title": sc.title}
                               for sc in self.worked.get(c.id, {}).get(i, ())]
                              for i in range(1, n_ex + 1)],
            "virtual": c.virtual,
            "id_reconstructed": c.virtual or any(f in ID_NOT_PRINTED for f in c.flags),
            "notes_folded": bool(c.flags) and all(f in ROUTINE_FLAGS for f in c.flags),
            "flags": flags,
            "notes": notes,
            "refnotes": refnotes,
            "unplaced": unplaced,
            "cited_by": cited_by,
            "crumbs": crumbs,
            "engine": _engine_view(self.coverage.get(c.id)),
            "concepts": [dict(x, href="../concepts.html#" + fragment(x["id"]))
                         for x in self.concepts.get(c.id, ())],
            "asks": list(self.asks.get(c.id, ())),
            "children": children,
            "elsewhere": elsewhere,
        }

    def docs(self) -> list[tuple[str, list[str]]]:
        """(doc id, page keys) in order: the rules first, then companion documents."""
        out: dict[str, list[str]] = {}
        for key in self.pages:
            doc = self.rs.get(key).doc
            out.setdefault(doc, []).append(key)
        return list(out.items())

    def doc_title(self, doc: str) -> str:
        if doc == "rules":
            return ""
        if self.companion_meta.get("id") == doc:
            t = self.companion_meta.get("title_en") or self.companion_meta.get("title") or doc
            d = self.companion_meta.get("date")
            return f"{t} ({d})" if d else t
        return doc

    def toc(self, current: str | None) -> list[dict]:
        out = []
        for doc, keys in self.docs():
            pages = []
            for key in keys:
                u = self.rs.get(key)
                kids = [{"id": k, "href": self.href(k, current), "heading": _heading(self.rs.get(k)),
                         "engine": k in self.coverage, "companion": doc != "rules"}
                        for k in u.children if k in self.page_of and self.page_of[k] == key]
                pages.append({"id": key, "href": self.page_href(key), "heading": _heading(u),
                              "current": key == current, "children": kids,
                              "companion": doc != "rules"})
            note = ""
            if doc != "rules":
                prov = self.companion_meta.get("title", "")
                note = (f"{prov} — its sections have no numbers in the source; judgekit's ids "
                        f"({keys[0]}, …) are stable and never reused.") if prov else ""
            out.append({"doc": doc, "title": self.doc_title(doc), "pages": pages, "note": note})
        return out

    def problems(self) -> list[dict]:
        out = []
        for c in self.rs.all_units():
            texts = [n for n in c.notes if "not printed in the source" not in n
                     and "out of number order" not in n]
            for r in c.refs:
                if r.status != "ok" and r.note:
                    texts.append(f"{r.raw} → {r.target} ({r.status}): {r.note}")
            for t in dict.fromkeys(texts):
                out.append({"id": c.id, "href": self.href(c.id, None), "text": t})
        return out


MAX_EXAMPLES_SHOWN = 3


def _engine_badge(mark) -> Markup:
    """The ⚙ beside a clause number: links to the first example scenario, if there is one."""
    tip = "Executed by judgekit's engine" + (f": {mark.summary}" if mark.summary else "")
    if mark.scenarios:
        return Markup(' <a class="engine-badge" href="{}" title="{} — example {}">⚙</a>').format(
            mark.scenarios[0].href, tip, mark.scenarios[0].label)
    return Markup(' <span class="engine-badge" title="{}">⚙</span>').format(tip)


def _engine_view(mark) -> dict | None:
    if mark is None:
        return None
    shown = mark.scenarios[:MAX_EXAMPLES_SHOWN]
    return {"summary": mark.summary, "badge": _engine_badge(mark),
            "examples": [{"href": s.href, "label": s.label, "title": s.title} for s in shown],
            "more": len(mark.scenarios) - len(shown)}


def _as_mark(value):
    """A coverage value: a Mark, or a plain list of scenarios (no summary)."""
    from .coverage import Mark

    return value if isinstance(value, Mark) else Mark("", list(value or []))


def _pager_link(rs, key: str | None, doc: str) -> dict | None:
    """Previous/next page: the rules by number (+ heading on wide screens), a guide by heading."""
    if key is None:
        return None
    h = _heading(rs.get(key))
    if doc == "rules":
        return {"href": page_file(key), "short": key, "long": " " + _short(h, 16)}
    return {"href": page_file(key), "short": _short(h, 12), "long": ""}


def _check_page_key(game: str, key: str) -> None:
    ok = key and all(ch.isascii() and (ch.isalnum() or ch in "._-()") for ch in key) \
        and not key.startswith(".") and key != "index"
    if not ok:
        raise SiteError(f"{game}: clause id {key!r} cannot name a page file; "
                        "page ids must be ASCII letters, digits and . _ - ( )")


# ------------------------------------------------------------------------------------------
# the whole site


def _ruleset_info(rs, cov_count: int) -> dict:
    m = rs.meta
    return {
        "game": rs.game,
        "title": rs.title,
        "short": _short_title(rs),
        "edition": rs.edition,
        "date": m.get("date", ""),
        "publisher": m.get("publisher", ""),
        "title_en": m.get("title_en", ""),
        "source": m.get("source", ""),
        "provenance": m.get("provenance", ""),
        "source_hash": rs.source_hash or "",
        "counts": rs.counts(),
        "engine_count": cov_count,
        "href": f"{rs.game}/index.html",
    }


def _write(out: str, rel: str, data: str | bytes, report: BuildReport) -> None:
    path = os.path.join(out, *rel.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    with open(path, "wb") as f:
        f.write(payload)
    report.files += 1
    report.bytes += len(payload)


def load_rulesets(games: list[str] | None, strict: bool) -> tuple[list, dict[str, str]]:
    from ..rules import GAMES, load

    wanted = list(games) if games else list(GAMES)
    for g in wanted:
        if g not in GAMES:
            raise SiteError(f"unknown ruleset {g!r}; known: {', '.join(GAMES)}")
    loaded, skipped = [], {}
    for g in wanted:
        try:
            loaded.append(load(g))
        except Exception as e:  # a ruleset still being written, or a parser problem: say which
            why = f"{type(e).__name__}: {e}"
            if strict:
                raise SiteError(f"ruleset {g} could not be loaded ({why})") from e
            skipped[g] = why
    return loaded, skipped


def build(out_dir: str, games: list[str] | None = None, *, strict: bool | None = None,
          coverage_provider=None, log=None) -> BuildReport:
    """Build the site into `out_dir`. `games`: only these rulesets (then a failure is an error).

    coverage_provider(game) -> {clause id: coverage.Mark (or a list of Scenario)} or None;
    default: the engine's (judgekit.engine.coverage), when it is installed.
    """
    t0 = time.perf_counter()
    out_dir = os.path.abspath(out_dir)
    _check_out_dir(out_dir)
    if strict is None:
        strict = bool(games)
    rulesets, skipped = load_rulesets(games, strict)
    if not rulesets:
        raise SiteError("no ruleset could be loaded: " +
                        "; ".join(f"{g}: {w}" for g, w in skipped.items()))
    report = BuildReport(out_dir=out_dir, skipped=skipped)
    if coverage_provider is None:
        from .coverage import engine_coverage

        def coverage_provider(game: str) -> dict:
            return engine_coverage(game, warn=report.warnings.append)

    parent = os.path.dirname(out_dir)
    os.makedirs(parent, exist_ok=True)
    import tempfile

    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(out_dir) + ".tmp-", dir=parent)
    try:
        _build_into(tmp, rulesets, coverage_provider, report, log)
        _swap_in(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    report.seconds = time.perf_counter() - t0
    return report


def _check_out_dir(out_dir: str) -> None:
    # a file where a directory of the path should be (-o afile/sub): say which, before any work
    d = os.path.dirname(out_dir)
    while d and not os.path.lexists(d) and os.path.dirname(d) != d:
        d = os.path.dirname(d)
    if d and os.path.exists(d) and not os.path.isdir(d):
        raise SiteError(f"cannot write the site to {out_dir}: {d} is a file, not a directory")
    if os.path.exists(out_dir):
        if not os.path.isdir(out_dir):
            raise SiteError(f"{out_dir} exists and is not a directory")
        entries = os.listdir(out_dir)
        if entries and MARKER_FILE not in entries:
            raise SiteError(f"{out_dir} is not empty and holds no judgekit site "
                            f"(no {MARKER_FILE}); refusing to replace it. Choose another -o DIR.")


def _swap_in(tmp: str, out_dir: str) -> None:
    os.chmod(tmp, 0o755)
    if os.path.exists(out_dir):
        old = tmp + ".old"
        os.rename(out_dir, old)
        os.rename(tmp, out_dir)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.rename(tmp, out_dir)


def _build_into(out: str, rulesets: list, coverage_provider, report: BuildReport, log) -> None:
    env = _env()
    games_built = [rs.game for rs in rulesets]
    common = {
        "version": __version__,
        "site_title": "judgekit rules reference",
        "games_built": games_built,
        "search_placeholder": "Search: 致死ダメージ, 702.2a …",
    }
    # assets
    with open(os.path.join(assets_dir(), "site.css"), "rb") as f:
        _write(out, "assets/site.css", f.read(), report)
    _write(out, "assets/search.js", search_script(), report)

    from .index import SearchStats, cached_index_script

    opened: list = []

    def stats() -> SearchStats:  # opened only when an index script is not in the cache
        if not opened:
            opened.append(SearchStats())
        return opened[0]

    home_rulesets = []
    for rs in rulesets:
        t = time.perf_counter()
        cov = coverage_provider(rs.game) or {}
        cov = {cid: _as_mark(m) for cid, m in cov.items() if rs.get(cid) is not None}
        from .coverage import worked_marks

        site = RulesetSite(rs, cov, worked_marks(rs.game, cov, warn=report.warnings.append))
        info = _ruleset_info(rs, len(cov))
        report.coverage[rs.game] = len(cov)
        ctx = dict(common, root="../", game=rs.game, ruleset=info, rs_index="index.html")
        toc_cache = {}
        page_tpl = env.get_template("page.html")
        for doc, keys in site.docs():
            for i, key in enumerate(keys):
                root = rs.get(key)
                linker = Linker(rs, site.page_of, key)
                view = site.unit_view(root, key, 0, linker)
                view["crumbs"] = [{"href": site.href(a.id, key), "label": _crumb(a)}
                                  for a in rs.ancestors(key)]
                prev = keys[i - 1] if i > 0 else None
                nxt = keys[i + 1] if i + 1 < len(keys) else None
                page = {
                    "root": view,
                    "root_id": key,
                    "heading": _heading(root),
                    "prev": _pager_link(rs, prev, doc),
                    "next": _pager_link(rs, nxt, doc),
                    "source": (rs.meta.get("source", "") if doc == "rules"
                               else site.companion_meta.get("source", "")),
                    "doc_note": site.doc_title(doc) if doc != "rules" else "",
                }
                toc = toc_cache[key] = site.toc(key)
                html = page_tpl.render(ctx, page=page, toc=toc)
                _write(out, f"{rs.game}/{page_file(key)}", html, report)
                report.pages += 1
        scenarios = _write_scenarios(out, env, ctx, site, report)
        readings = _readings_view(rs, site, report) if cov else []
        html = env.get_template("ruleset.html").render(
            ctx, toc=site.toc(None), problems=site.problems(), scenarios=scenarios,
            readings=readings)
        _write(out, f"{rs.game}/index.html", html, report)
        report.pages += 1
        _write(out, f"search/{rs.game}.js", cached_index_script(rs, stats, info["short"], site.asks),
               report)
        comps = []
        for doc, keys in site.docs():
            if doc != "rules":
                comps.append({"href": f"{rs.game}/{page_file(keys[0])}", "title": site.doc_title(doc),
                              "date": ""})
        info = dict(info, companions=comps)
        home_rulesets.append(info)
        report.games.append(rs.game)
        if log:
            log(f"{rs.game}: {len(site.pages)} pages, {len(cov)} engine-marked clauses "
                f"({time.perf_counter() - t:.2f} s)")
    for st in opened:
        st.close()
    html = env.get_template("home.html").render(common, root="", game="", ruleset=None,
                                                rulesets=home_rulesets)
    _write(out, "index.html", html, report)
    report.pages += 1
    _write_concepts(out, env, common, rulesets, home_rulesets, report)
    marker = {
        "generator": f"judgekit {__version__}",
        "games": {rs.game: {"title": rs.title, "edition": rs.edition, "source_hash": rs.source_hash}
                  for rs in rulesets},
        "skipped": report.skipped,
    }
    _write(out, MARKER_FILE, json.dumps(marker, ensure_ascii=False, indent=2) + "\n", report)


def _readings_view(rs, site: "RulesetSite", report: BuildReport) -> list[dict]:
    """The engine's readings of the ruleset (judgekit.engine.reading_coverage) for its index
    page: kind, clauses as links, and each alternative with its clauses and the example
    scenarios (their pages on this site) that follow it. [] without an engine."""
    try:
        from ..engine import GAMES_WITH_ENGINE, reading_coverage

        if rs.game not in GAMES_WITH_ENGINE:
            return []
        rows = reading_coverage(rs.game)
    except Exception as e:  # a broken engine must not cost the judges their rules site
        report.warnings.append(f"engine readings for {rs.game} unavailable "
                               f"({type(e).__name__}: {e})")
        return []
    pages = {}
    for mark in site.coverage.values():
        for sc in mark.scenarios:
            pages.setdefault(sc.source, {"href": sc.href, "label": sc.label})

    def clause(cid: str) -> dict:
        return {"id": cid, "href": site.href(cid, None) if cid in site.page_of else ""}

    def scenarios(paths: list) -> list:
        return [pages[p] for p in paths if p in pages]

    out = []
    for r in rows:
        out.append({"id": r["id"], "kind": r["kind"], "title": r["title"],
                    "title_ja": r["title_ja"], "choice": r["choice"],
                    "why_one": r.get("why_one", ""),
                    "clauses": [clause(c) for c in r["clauses"]],
                    "alternatives": [{"id": a["id"], "default": a["id"] == r["default"],
                                      "text": a["text"], "text_ja": a["text_ja"],
                                      "clauses": [clause(c) for c in a["clauses"]],
                                      "scenarios": scenarios(a["examples"])}
                                     for a in r["alternatives"]],
                    "scenarios": scenarios(r["examples"])})
    return out


def _write_concepts(out: str, env, common: dict, rulesets: list, infos: list[dict],
                    report: BuildReport) -> None:
    """concepts.html: the concordance of the concept index (judgekit.site.concordance)."""
    from .concordance import CONCEPTS_PAGE, concordance_view

    pages = {rs.game: {c.id: page_key(rs, c.id) for c in rs.all_units()} for rs in rulesets}

    def href(game, cid):
        key = pages.get(game, {}).get(cid)
        return f"{game}/{page_file(key)}#{fragment(cid)}" if key else None

    groups = concordance_view([rs.game for rs in rulesets], href)
    for g in groups:
        for row in g["rows"]:
            row["frag"] = fragment(row["id"])
    html = env.get_template("concepts.html").render(common, root="", game="", ruleset=None,
                                                    rulesets=infos, groups=groups)
    _write(out, CONCEPTS_PAGE, html, report)
    report.pages += 1


def _write_scenarios(out: str, env, ctx: dict, site: RulesetSite, report: BuildReport) -> list[dict]:
    """Copy each example scenario the coverage names into <game>/scenarios/ as a page + raw file.

    The pages are kept in the user cache (judgekit.memo) under the content of everything they
    are rendered from — the marks and their scenarios, the page context, the rules tree, the
    site's code and templates — so an unchanged tree writes them without rendering them."""
    from .. import memo

    key = _scenarios_key(ctx, site)
    kind = f"site-scenarios-{site.game}"
    got = memo.load(kind, key)
    if isinstance(got, tuple) and len(got) == 2:
        files, out_list = got
    else:
        files, out_list = _render_scenarios(env, ctx, site)
        memo.store(kind, key, (files, out_list))
    for rel, text in files:
        _write(out, rel, text, report)
    report.pages += len(out_list)
    return out_list


def _scenarios_key(ctx: dict, site: RulesetSite) -> str:
    from hashlib import sha256

    from .. import memo

    h = sha256(repr(sorted((k, repr(v)) for k, v in ctx.items())).encode())
    h.update(site.rs.source_hash.encode())
    for cid, mark in site.coverage.items():
        h.update(repr((cid, mark.summary)).encode())
        for sc in mark.scenarios:
            h.update(repr((sc.label, sc.title, sc.href, sc.raw_href, sc.source, sc.question,
                           sc.text)).encode())
    tdir = os.path.join(templates_dir(), "site")
    templates = sorted(os.path.join(tdir, n) for n in os.listdir(tdir))
    return memo.files_key(f"scenarios {site.game} {h.hexdigest()}",
                          memo.package_files() + memo.rules_data_files() + templates)


def _render_scenarios(env, ctx: dict, site: RulesetSite) -> tuple[list, list]:
    files: list[tuple[str, str]] = []
    by_file: dict[str, object] = {}
    clauses_of: dict[str, list[str]] = {}
    for cid, mark in site.coverage.items():  # clause order
        for s in mark.scenarios:
            by_file.setdefault(s.href, s)
            clauses_of.setdefault(s.href, []).append(cid)
    out_list = []
    tpl = env.get_template("scenario.html") if by_file else None
    order = {cid: i for i, cid in enumerate(site.page_of)}
    for href, s in sorted(by_file.items()):
        clauses = sorted(clauses_of[href], key=order.__getitem__)
        links = [{"id": cid, "href": "../" + site.href(cid, None),
                  "heading": site.rs.get(cid).first_line(60),
                  "summary": site.coverage[cid].summary} for cid in clauses]
        html = tpl.render(ctx, root="../../", rs_index="../index.html", scenario=s, clauses=links)
        files.append((f"{site.game}/{s.href}", html))
        files.append((f"{site.game}/{s.raw_href}", s.text))
        out_list.append({"href": s.href, "label": s.label, "title": s.title, "clauses": clauses})
    return files, out_list
