"""One parser for every numbering scheme.

The loop here is shared by all rulesets. What differs between documents lives in a `Scheme`
(see `judgekit.rules.schemes`): where the body starts and ends, how a line is classified
(a numbered unit, an example, a list item, text, debris), how ids nest and sort, when a broken
line continues the paragraph before it, and how in-text references are written.

    source text ──Scheme.body──▶ body lines ──Scheme.classify──▶ events ──Builder──▶ units
    units ──build_tree──▶ ordered clauses with parents, virtual parents, children
    clauses ──link_refs──▶ refs out (resolved / flagged) and cited_by in

The parser never raises on odd input: a line it cannot place becomes text of the unit before
it, or is reported in `problems`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .model import Clause, Ref

# ------------------------------------------------------------------------------------------
# events


@dataclass(slots=True)
class Event:
    kind: str  # unit | example | item | text | skip | blank
    text: str = ""
    id: str = ""
    unit_kind: str = ""
    title: str = ""  # for units: heading text (when the unit is a heading)
    flags: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


BLANK = Event("blank")
SKIP = Event("skip")


@dataclass(slots=True)
class Context:
    """What a scheme may look at when it classifies a line."""

    lines: list[str]  # the whole file, raw; lines[no - 1] is line `no`
    no: int = 0  # current line number (1-based)
    prev_raw: str | None = None  # previous line (raw, may be blank)
    prev_nonblank: str | None = None  # previous non-blank line (raw)
    prev_event: Event | None = None  # previous non-blank event
    current: Clause | None = None  # the unit being filled
    seen: dict[str, Clause] = field(default_factory=dict)
    state: dict = field(default_factory=dict)  # scheme-private memory

    def raw(self, no: int) -> str:
        return self.lines[no - 1] if 1 <= no <= len(self.lines) else ""

    def next_nonblank(self, no: int | None = None) -> tuple[int, str]:
        """The first non-blank line after `no` (default: the current line)."""
        i = (self.no if no is None else no) + 1
        while i <= len(self.lines):
            if self.lines[i - 1].strip():
                return i, self.lines[i - 1]
            i += 1
        return 0, ""


# ------------------------------------------------------------------------------------------
# schemes

_TOKEN = re.compile(r"intro|\d+|[a-zA-Z]+")
SENTENCE_END = ("。", "」", "）", ")")


class Scheme:
    """Per-ruleset settings. Subclasses override attributes and the few hooks they need."""

    game: str = ""
    #: regex of an example paragraph; group "text" is the example without its marker
    example_re: re.Pattern | None = None
    #: characters that close a paragraph (a paragraph not ending in one continues on the next
    #: text line; see `joins`)
    closers: tuple[str, ...] = ("。",)

    # ---- the document ------------------------------------------------------------------------
    def body(self, lines: list[str]) -> tuple[int, int]:
        """First and last line numbers (1-based, inclusive) of the rules body."""
        return 1, len(lines)

    def classify(self, line: str, ctx: Context) -> Event:  # pragma: no cover - abstract
        raise NotImplementedError

    def joins(self, paragraph: str, line: str, ctx: Context) -> bool:
        """Does text `line` continue `paragraph` (a line the extraction broke)?"""
        if not paragraph or ctx.prev_event is None or ctx.prev_event.kind == "item":
            return False
        return not paragraph.rstrip().endswith(self.closers)

    def join(self, paragraph: str, line: str) -> str:
        """Join a broken line to its paragraph: Japanese needs no space."""
        return paragraph.rstrip() + line.strip()

    # ---- ids ---------------------------------------------------------------------------------
    def sort_key(self, cid: str) -> tuple:
        out = []
        for tok in _TOKEN.findall(cid):
            if tok == "intro":
                out.append((-1, ""))
            elif tok.isdigit():
                out.append((0, int(tok)))
            else:
                out.append((1, tok))
        return tuple(out)

    def parent_of(self, cid: str) -> str | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def kind_of(self, cid: str) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    # ---- references --------------------------------------------------------------------------
    def find_refs(self, unit: Clause, known: Callable[[str], bool]) -> list[tuple[str, list[str]]]:
        """References in the unit's title, text and examples: (raw words, target ids)."""
        return []

    # ---- after parsing -----------------------------------------------------------------------
    def finish(self, units: dict[str, Clause], problems: list[str]) -> None:
        """Per-scheme fix-ups and flags once every unit is known."""


# ------------------------------------------------------------------------------------------
# the loop


def parse_units(scheme: Scheme, source: str) -> tuple[dict[str, Clause], list[str]]:
    """Run the shared loop: classify each body line and assemble units in document order."""
    lines = source.splitlines()
    problems: list[str] = []
    units: dict[str, Clause] = {}
    try:
        start, end = scheme.body(lines)
    except Exception as exc:  # a mangled document: parse all of it
        problems.append(f"body not found ({exc}); parsing the whole file")
        start, end = 1, len(lines)
    ctx = Context(lines=lines, seen=units)
    target = "text"  # where text goes in the current unit: "text" or "example"

    for no in range(max(start, 1), min(end, len(lines)) + 1):
        raw = lines[no - 1]
        ctx.no = no
        if not raw.strip():
            ev = BLANK
        else:
            try:
                ev = scheme.classify(raw, ctx)
            except Exception as exc:  # never crash on odd input: keep the line as text
                problems.append(f"line {no}: classifier failed ({exc!r}); kept as text")
                ev = Event("text", text=raw.strip())
        cur = ctx.current

        if ev.kind == "unit":
            if ev.id in units:
                problems.append(f"line {no}: duplicate id {ev.id} (first at line "
                                f"{units[ev.id].line}); kept as text")
                ev = Event("text", text=raw.strip())
            else:
                cur = Clause(scheme.game, ev.id, None, ev.unit_kind or scheme.kind_of(ev.id),
                             title=ev.title, text=ev.text, line=no, line_end=no,
                             flags=list(ev.flags), notes=list(ev.notes))
                units[ev.id] = cur
                ctx.current = cur
                target = "text"

        if ev.kind == "example":
            if cur is None:
                problems.append(f"line {no}: example before any clause; dropped")
            else:
                cur.examples.append(ev.text.strip())
                cur.line_end = no
                target = "example"
        elif ev.kind == "item":
            if cur is None:
                problems.append(f"line {no}: list item before any clause; dropped")
            else:
                _append(cur, target, ev.text.strip(), newline=True)
                cur.line_end = no
        elif ev.kind == "text":
            if cur is None:
                problems.append(f"line {no}: text before any clause; dropped")
            else:
                para = _last_paragraph(cur, target)
                if scheme.joins(para, ev.text, ctx):
                    _replace_last_paragraph(cur, target, scheme.join(para, ev.text))
                else:
                    _append(cur, target, ev.text.strip(), newline=True)
                cur.line_end = no
        if ev.kind == "skip" and (ev.flags or ev.notes) and cur is not None:
            for f in ev.flags:
                if f not in cur.flags:
                    cur.flags.append(f)
            cur.notes.extend(n for n in ev.notes if n not in cur.notes)

        if ev.kind != "blank":
            ctx.prev_nonblank = raw
            if ev.kind != "skip":
                ctx.prev_event = ev
        ctx.prev_raw = raw

    try:
        scheme.finish(units, problems)
    except Exception as exc:  # pragma: no cover - defensive: a broken document
        problems.append(f"finish hook failed: {exc!r}")
    return units, problems


def _last_paragraph(c: Clause, target: str) -> str:
    if target == "example" and c.examples:
        return c.examples[-1].rsplit("\n", 1)[-1]
    if c.title and not c.text:
        return ""  # a heading's title never continues
    return c.text.rsplit("\n", 1)[-1]


def _replace_last_paragraph(c: Clause, target: str, new: str) -> None:
    if target == "example" and c.examples:
        head, _, _ = c.examples[-1].rpartition("\n")
        c.examples[-1] = f"{head}\n{new}" if head else new
    else:
        head, _, _ = c.text.rpartition("\n")
        c.text = f"{head}\n{new}" if head else new


def _append(c: Clause, target: str, s: str, newline: bool) -> None:
    if target == "example" and c.examples:
        c.examples[-1] = f"{c.examples[-1]}\n{s}" if c.examples[-1] else s
    else:
        c.text = f"{c.text}\n{s}" if c.text else s


# ------------------------------------------------------------------------------------------
# the tree


def build_tree(scheme: Scheme, units: dict[str, Clause], problems: list[str]) -> dict[str, Clause]:
    """Order units by number, attach parents (creating virtual ones), list children.

    Units whose place in the document differs from their place by number are flagged
    `out-of-order` (Z/X 102.2-102.7 stand before 100 in the source).
    """
    tree: dict[str, Clause] = dict(units)
    for cid in list(units):
        child = cid
        parent = scheme.parent_of(child)
        while parent is not None and parent not in tree:
            tree[parent] = Clause(scheme.game, parent, None, scheme.kind_of(parent), virtual=True,
                                  flags=["virtual"],
                                  notes=["not printed in the source; created so that its "
                                         "children have a parent"])
            child = parent
            parent = scheme.parent_of(child)

    order = sorted(tree, key=scheme.sort_key)
    ordered = {cid: tree[cid] for cid in order}
    for c in ordered.values():
        c.parent = scheme.parent_of(c.id)
        c.children = []
    for c in ordered.values():
        if c.parent is not None:
            ordered[c.parent].children.append(c.id)

    # document order vs number order: the units that are not on the longest run in increasing
    # number order are the ones out of place (Z/X 102.2-102.7 stand before 100)
    doc_order = list(units.values())
    in_place = _longest_increasing(scheme, doc_order)
    for i, c in enumerate(doc_order):
        if i not in in_place:
            c.flags.append("out-of-order")
            c.notes.append(f"stands at line {c.line} of the source, out of number order; "
                           "placed by its number")
    return ordered


def _longest_increasing(scheme: Scheme, seq: list[Clause]) -> set[int]:
    """Indexes of one longest subsequence of `seq` that increases by sort key (O(n log n))."""
    import bisect

    keys = [scheme.sort_key(c.id) for c in seq]
    tails: list[tuple] = []  # smallest tail key of an increasing run of each length
    tails_at: list[int] = []
    prev = [-1] * len(seq)
    for i, k in enumerate(keys):
        j = bisect.bisect_left(tails, k)
        if j == len(tails):
            tails.append(k)
            tails_at.append(i)
        else:
            tails[j] = k
            tails_at[j] = i
        prev[i] = tails_at[j - 1] if j > 0 else -1
    out: set[int] = set()
    i = tails_at[-1] if tails_at else -1
    while i >= 0:
        out.add(i)
        i = prev[i]
    return out


# ------------------------------------------------------------------------------------------
# references


@dataclass(slots=True)
class ReviewedRef:
    source: str  # the citing unit
    raw: str  # the reference as parsed (Ref.raw) or its target
    status: str  # stale | dangling
    note: str
    used: bool = False


def link_refs(scheme: Scheme, tree: dict[str, Clause], reviewed: Iterable[ReviewedRef],
              problems: list[str], extra: dict[str, Clause] | None = None) -> None:
    """Find every in-text reference, resolve it, apply the reviewed list, fill `cited_by`.

    `extra` holds companion units (e.g. the Z/X guide) whose references also count.
    """
    units = dict(tree)
    if extra:
        units.update(extra)
    reviews = list(reviewed)
    known = tree.__contains__
    for c in units.values():
        c.refs = []
        c.cited_by = []
    for c in units.values():
        for raw, targets in scheme.find_refs(c, known):
            for t in targets:
                ref = Ref(t, raw, t in tree)
                for rv in reviews:
                    if rv.source == c.id and (rv.raw == raw or rv.raw == t):
                        ref.status, ref.note = rv.status, rv.note
                        rv.used = True
                if not ref.resolved and ref.status == "ok":
                    ref.status = "dangling"
                    ref.note = "unresolved and not in the reviewed list"
                    problems.append(f"{c.id}: unresolved reference {raw!r} -> {t}")
                c.refs.append(ref)
    for c in units.values():
        for t in c.ref_ids():
            tgt = tree.get(t)
            if tgt is not None and c.id not in tgt.cited_by and t != c.id:
                tgt.cited_by.append(c.id)
    for rv in reviews:
        if not rv.used:
            problems.append(f"reviewed reference not found in the text: {rv.source} {rv.raw!r}")
