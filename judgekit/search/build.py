"""Build the search index from the cached clause trees (the slow path, run on a cache miss).

One document per unit: every rules clause and every companion section (the Z/X guide's
guide.deck, …), in tree order, rulesets in `GAMES` order, so a document's number is its
clause order (the ranking's last tie-break), and a ruleset, or a clause with everything below
it, is one run of document numbers (the ruleset and --under filters; `check_tree_order`).
Fields:

  key        "game:id" (stored, unique)
  title      the unit's own title (rule and chapter headings, d0's named items, guide sections),
             with a field boost: a heading that names the words ranks first
  section    the title of the nearest titled ancestor: the section a clause belongs to
             (503.3a "現在が先攻プレイヤーの最初のターンである場合…" is found by 先攻 ドロー
             through 503 ドローフェイズ), a field of its own so that the clauses under a
             heading that names the words rank above passing mentions elsewhere
  text       three weighted segments (`analysis.segments`): the rule text; the parent's
             heading when it is not the section's title (an untitled parent's first line);
             the examples (例), weighted least so that rule text ranks above them
  asks       the judges' phrasings of the clause (rules_data/<game>/asks.toml,
             `judgekit.search.asks`), one segment a line: the questions it answers in other
             words than its own. Read only by the words reading (`engine.Searcher._words`);
             the exact reading and phrases never look at it

The text fields use `analysis.MatchFormAnalyzer` (grams and the corpus's words, no positions);
nothing is stored in them. The corpus's words (`vocabulary`) are collected first, from every
unit's title, text and examples. What matching, snippets and suggestions need (match forms,
source text, context headings, the vocabulary) goes to `units.marshal` beside the Whoosh files,
in document order (see `judgekit.search.index`).
"""

from __future__ import annotations

from .index import CTX_TITLE, EXAMPLES, GAME, ID, PARENT, PARENT_N, TEXT, TITLE
from .normalize import match_form

TEXT_FIELDS = ("title", "section", "text")  # the rules' own words (what a term is matched in)
ASKS_FIELD = "asks"  # the judges' phrasings (the words reading only)
ALL_FIELDS = TEXT_FIELDS + (ASKS_FIELD,)


def schema():
    from .analysis import analyzer

    from whoosh.fields import ID, TEXT, Schema

    ana = analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        title=TEXT(analyzer=ana, phrase=False),
        section=TEXT(analyzer=ana, phrase=False),
        text=TEXT(analyzer=ana, phrase=False),
        asks=TEXT(analyzer=ana, phrase=False),
    )


def vocabulary(records: list[tuple]) -> dict:
    """{"words": the corpus's words (`analysis.words_of`) and the number of units holding each,
    "spelling": what a misspelt word may have been meant for (did you mean): every run of one
    script of two or more characters, two such runs written together (チャージ超過), every
    heading; all in matching form}."""
    from .analysis import runs, words_of
    from .normalize import fold, kana_fold

    df: dict[str, int] = {}
    spelling: set[str] = set()
    for r in records:
        seen = set()
        for text in (r[TITLE], r[TEXT], *r[EXAMPLES]):
            if not text:
                continue
            f = fold(text)
            seen.update(words_of(f))
            prev_end, prev = -1, ""
            pos = 0
            for kind, run in runs(f, kana_apart=True):
                at = f.index(run, pos)
                pos = at + len(run)
                if kind == "r":
                    prev = ""
                    continue
                if run[0] == "ー":  # a dash the fold made a long-vowel mark
                    prev = ""
                    continue
                if len(run) >= 2:
                    spelling.add(kana_fold(run))
                if prev and prev_end == at:
                    spelling.add(kana_fold(prev + run))
                prev, prev_end = run, pos
        if r[TITLE]:
            spelling.add(kana_fold(fold(r[TITLE])))
        for w in seen:
            df[w] = df.get(w, 0) + 1
    return {"words": df, "spelling": sorted(spelling)}


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
    """The parent's heading and, if another, the section's title (what a term may match in
    besides the unit's own fields)."""
    if r[CTX_TITLE] and r[CTX_TITLE] != r[PARENT]:
        return f"{r[PARENT]}\n{r[CTX_TITLE]}" if r[PARENT] else r[CTX_TITLE]
    return r[PARENT]


def parent_line(r: tuple) -> str:
    """The parent's heading when it is not the section's title (an untitled parent's first
    line): context, weighted as such in the text field."""
    return r[PARENT] if r[PARENT] != r[CTX_TITLE] else ""


def field_values(r: tuple, asks=()) -> tuple[str, str, str, str]:
    """The title, section, text and asks fields of a unit record (and its phrasings), as
    indexed."""
    from .analysis import segments

    return (r[TITLE], r[CTX_TITLE], segments(r[TEXT], parent_line(r), "\n".join(r[EXAMPLES])),
            asks_value(asks))


def asks_value(lines) -> str:
    """The asks field's value: one segment (of the rule text's weight) a phrasing, so no token
    spans two of them."""
    from .analysis import segments

    return "".join(segments(x) for x in lines)


def check_tree_order(records: list[tuple]) -> None:
    """Every unit comes right after its parent's earlier descendants (pre-order) and every
    ruleset's units are together: the filters use runs of document numbers."""
    stack: list[int] = []
    games: list[str] = []
    for n, r in enumerate(records):
        if not games or games[-1] != r[GAME]:
            if r[GAME] in games:
                raise RuntimeError(f"the units of {r[GAME]} are not together")
            games.append(r[GAME])
            stack = []
        p = r[PARENT_N]
        while stack and stack[-1] != p:
            stack.pop()
        if p >= 0 and not stack:
            raise RuntimeError(f"{r[GAME]}:{r[ID]} does not follow its parent's subtree")
        stack.append(n)


def collect(games, progress=None) -> tuple[list[tuple], dict[str, str], dict[str, str], list]:
    """(records, editions, failures, phrasings): the units of every ruleset that loads, and
    each unit's phrasings (a tuple of lines, `judgekit.search.asks`), in the same order."""
    from ..rules import load
    from .asks import load as load_asks

    records: list[tuple] = []
    asks: list[tuple] = []
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
        # a bad phrasings file is an error to fix (AsksError names the file, line and key)
        lines = load_asks(g, rs)
        got = unit_records(rs, len(records), forms)
        records.extend(got)
        asks.extend(lines.get(r[ID], ()) for r in got)
        if progress:
            progress("load", len(records))
    return records, editions, failed, asks


def pair_key(a: str, b: str) -> int:
    """asks.bin's key of two characters that follow each other (`asksbin.asks_table`)."""
    return ord(a) << 32 | ord(b)


def write_index(path: str, records: list[tuple], vocab: dict, progress=None,
                asks: list | None = None) -> None:
    """Create a Whoosh index in the empty directory `path`: one writer, one commit. `asks`:
    each record's phrasings (`collect`)."""
    from .analysis import Vocabulary

    from whoosh.index import create_in

    check_tree_order(records)
    ix = create_in(path, schema())
    # not a compound file: Whoosh copies a compound file's parts into memory on every open
    w = ix.writer(limitmb=128, procs=1, multisegment=False, compound=False)
    words = Vocabulary(vocab["words"])
    for name in ALL_FIELDS:  # the writer's schema is read back from the TOC: no vocabulary
        w.schema[name].analyzer.vocabulary = words
    try:
        for i, r in enumerate(records):
            title, section, text, phrasings = field_values(r, asks[i] if asks else ())
            w.add_document(key=f"{r[GAME]}:{r[ID]}", title=title, section=section, text=text,
                           asks=phrasings)
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
