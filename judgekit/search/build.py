"""Build the search index from the cached clause trees (the slow path, run on a cache miss).

One document per unit: every rules clause and every companion section (the Z/X guide's
guide.deck, …), in tree order, rulesets in `GAMES` order, so a document's number is its
clause order (the ranking's last tie-break). Fields:

  key        "game:id" (stored, unique)
  game       ruleset filter
  path       "game:id" of the unit and of every ancestor (the --under filter)
  title      the unit's own title (rule and chapter headings, d0's named items, guide sections)
  body       the rule text
  examples   the examples (例), kept apart so rule text can rank above them
  parent     the parent's heading (its title, else its first line), as the site index has it,
             and the title of the nearest titled ancestor when that is another unit: the
             section a clause belongs to (503.3a "現在が先攻プレイヤーの最初のターンである場合…"
             is found by 先攻 ドロー through 503 ドローフェイズ)

The four text fields use `analysis.MatchFormNgrams`; nothing is stored in them. What ranking
and snippets need (match forms, source text, context headings) goes to `units.marshal` beside
the Whoosh files, in document order (see `judgekit.search.index`).
"""

from __future__ import annotations

from .index import CTX_TITLE, EXAMPLES, GAME, ID, PARENT, PARENT_N, TEXT, TITLE
from .normalize import match_form

TEXT_FIELDS = ("title", "body", "examples", "parent")


def schema():
    from .analysis import analyzer

    from whoosh.fields import ID, KEYWORD, TEXT, Schema

    ana = analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        game=ID,
        path=KEYWORD(lowercase=False, commas=False, scorable=False),
        title=TEXT(analyzer=ana, phrase=True),
        body=TEXT(analyzer=ana, phrase=True),
        examples=TEXT(analyzer=ana, phrase=True),
        parent=TEXT(analyzer=ana, phrase=True),
    )


def heading_of(c) -> str:
    return c.title or (c.text.split("\n", 1)[0] if c.text else "")


def unit_records(rs, start: int = 0, forms: dict | None = None) -> list[tuple]:
    """One record per unit of `rs`, in tree order (layout: the constants in `index`).

    Equal strings are one object (a match form equal to its source is the source itself, a
    heading shared by siblings is one string), so marshal writes each of them once.
    """
    forms = {} if forms is None else forms

    def mf(s: str) -> str:
        f = forms.get(s)
        if f is None:
            f = match_form(s)
            if f == s:
                f = s
            forms[s] = f
        return f

    units = list(rs.all_units())
    number = {c.id: start + i for i, c in enumerate(units)}
    heads: dict[str, str] = {}
    out = []
    for n, c in enumerate(units, start):
        parent = rs.get(c.parent) if c.parent else None
        parent_heading = ""
        if parent is not None:
            parent_heading = heads.setdefault(parent.id, heading_of(parent))
        # the nearest titled ancestor: 904 致死ダメージエフェクト for 904.1a (ranking context)
        ctx_id = ctx_title = ""
        for a in reversed(rs.ancestors(c.id)):
            if a.title:
                ctx_id, ctx_title = a.id, a.title
                break
        examples = "\n".join(c.examples)
        out.append((
            c.game, c.id, c.kind, c.title, c.text, tuple(c.examples), parent_heading,
            ctx_id, ctx_title, n,
            mf(c.title), mf(c.text), mf(examples), mf(parent_heading), mf(ctx_title),
            number.get(c.parent, -1) if c.parent else -1,
        ))
    return out


def context_of(r: tuple) -> str:
    """The parent field: the parent's heading and, if another, the section's title."""
    if r[CTX_TITLE] and r[CTX_TITLE] != r[PARENT]:
        return f"{r[PARENT]}\n{r[CTX_TITLE]}" if r[PARENT] else r[CTX_TITLE]
    return r[PARENT]


def ancestor_keys(records: list[tuple], n: int) -> list[str]:
    """"game:id" of unit n's ancestors, root first."""
    out = []
    p = records[n][PARENT_N]
    while p >= 0:
        out.append(f"{records[p][GAME]}:{records[p][ID]}")
        p = records[p][PARENT_N]
    out.reverse()
    return out


def collect(games, progress=None) -> tuple[list[tuple], dict[str, str], dict[str, str]]:
    """(records, editions, failures): the units of every ruleset that loads."""
    from ..rules import load

    records: list[tuple] = []
    editions: dict[str, str] = {}
    failed: dict[str, str] = {}
    forms: dict[str, str] = {}
    for g in games:
        try:
            rs = load(g)
        except Exception as e:  # a ruleset being written may not parse yet: index the others
            failed[g] = f"{type(e).__name__}: {e}"
            continue
        editions[g] = f"{rs.title} {rs.edition}".strip()
        records.extend(unit_records(rs, len(records), forms))
        if progress:
            progress("load", len(records))
    return records, editions, failed


def write_index(path: str, records: list[tuple], progress=None) -> None:
    """Create a Whoosh index in the empty directory `path`: one writer, one commit."""
    from . import analysis  # noqa: F401  (imports Whoosh; see _whoosh)

    from whoosh.index import create_in

    ix = create_in(path, schema())
    # not a compound file: Whoosh copies a compound file's parts into memory on every open
    w = ix.writer(limitmb=128, procs=1, multisegment=False, compound=False)
    try:
        for i, r in enumerate(records):
            key = f"{r[GAME]}:{r[ID]}"
            path = " ".join(ancestor_keys(records, i) + [key])
            w.add_document(key=key, game=r[GAME], path=path,
                           title=r[TITLE], body=r[TEXT], examples="\n".join(r[EXAMPLES]),
                           parent=context_of(r))
            if progress and i % 64 == 63:
                progress("index", i + 1)
    except BaseException:
        w.cancel()
        raise
    w.commit()
    if progress:
        progress("index", len(records))
    # document numbers must be the record order: the sidecar is addressed by them
    with ix.searcher() as s:
        if s.doc_count() != len(records):
            raise RuntimeError(f"index holds {s.doc_count()} documents, expected {len(records)}")
        for n, r in enumerate(records):
            if s.stored_fields(n)["key"] != f"{r[GAME]}:{r[ID]}":
                raise RuntimeError(f"document {n} is not {r[GAME]}:{r[ID]}")
    ix.close()
