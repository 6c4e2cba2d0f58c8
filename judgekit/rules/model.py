"""The clause tree: one `Clause` per numbered unit of a rules document, held by a `Ruleset`.

Everything here is plain data so that the parse cache can store it compactly and a lookup
can rebuild it in a millisecond (see `judgekit.rules.cache`).

Text conventions (documented in docs/ARCHITECTURE.md):
  * `text` holds the rule text with the lines the extraction broke joined again; separate
    paragraphs are separated by "\\n", and list items start with "- ".
  * `examples` holds each example (例 / 【例】) without its marker, in document order.
  * characters are the source's own; normalisation happens only for matching.
"""

from __future__ import annotations

# No dataclasses or typing here: this module is on the cold lookup path, and those imports
# alone cost more than the whole lookup (see benchmarks/lookup_cold.py).


class Ref:
    """One in-text reference from a clause to another unit of the same document.

    target    canonical id as written (resolved) or as read (unresolved)
    raw       the words of the source that make the reference, e.g. "(702)", "702.2a"
    resolved  the target exists in the tree
    status    ok | stale | dangling  (stale/dangling come from the reviewed list)
    note      the reviewer's note for a known-bad reference
    """

    __slots__ = ("target", "raw", "resolved", "status", "note")

    def __init__(self, target: str, raw: str, resolved: bool, status: str = "ok",
                 note: str = "") -> None:
        self.target = target
        self.raw = raw
        self.resolved = resolved
        self.status = status
        self.note = note

    def __repr__(self) -> str:
        return f"Ref({self.target!r}, {self.raw!r}, resolved={self.resolved}, status={self.status!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ref) and self.to_tuple() == other.to_tuple()

    def to_tuple(self) -> tuple:
        return (self.target, self.raw, self.resolved, self.status, self.note)

    @classmethod
    def from_tuple(cls, t: tuple) -> "Ref":
        return cls(*t)


_CLAUSE_FIELDS = ("game", "id", "parent", "kind", "title", "text", "examples", "refs", "cited_by",
                  "children", "virtual", "line", "line_end", "flags", "notes", "doc")


class Clause:
    """One numbered unit (or companion-document section).

    kind      section / rule / clause / subclause (zx, g2022), part / chapter / item /
              subitem / subsubitem (d0), chapter / section / clause / subitem (thv),
              guide-page / guide-section (companion documents)
    line      first source line (1-based); 0 for virtual units
    line_end  last source line that contributed to the unit
    flags     short codes: virtual, omitted, text-lost, out-of-order, figure-lost, …
    notes     human-readable notes (errata, artifacts, contradictions)
    doc       "rules", or the companion document's id (e.g. "guide")
    """

    __slots__ = _CLAUSE_FIELDS

    def __init__(self, game: str, id: str, parent: str | None, kind: str, title: str = "",
                 text: str = "", examples: list | None = None, refs: list | None = None,
                 cited_by: list | None = None, children: list | None = None,
                 virtual: bool = False, line: int = 0, line_end: int = 0,
                 flags: list | None = None, notes: list | None = None,
                 doc: str = "rules") -> None:
        self.game = game
        self.id = id
        self.parent = parent
        self.kind = kind
        self.title = title
        self.text = text
        self.examples = examples if examples is not None else []
        self.refs = refs if refs is not None else []
        self.cited_by = cited_by if cited_by is not None else []
        self.children = children if children is not None else []
        self.virtual = virtual
        self.line = line
        self.line_end = line_end
        self.flags = flags if flags is not None else []
        self.notes = notes if notes is not None else []
        self.doc = doc

    def __repr__(self) -> str:
        return f"Clause({self.game}:{self.id} {self.heading[:20]!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Clause) and self.to_tuple() == other.to_tuple()

    # ---- presentation helpers -------------------------------------------------------------
    @property
    def heading(self) -> str:
        """The line a list shows for this unit: its title, else the first line of its text."""
        if self.title:
            return self.title
        return self.text.split("\n", 1)[0]

    def first_line(self, width: int = 60) -> str:
        s = self.heading
        return s if len(s) <= width else s[: width - 1] + "…"

    def ref_ids(self) -> list[str]:
        """Resolved outgoing targets, de-duplicated, in order of first mention."""
        seen: dict[str, None] = {}
        for r in self.refs:
            if r.resolved:
                seen.setdefault(r.target, None)
        return list(seen)

    def to_tuple(self) -> tuple:
        return (
            self.game,
            self.id,
            self.parent,
            self.kind,
            self.title,
            self.text,
            list(self.examples),
            [r.to_tuple() for r in self.refs],
            list(self.cited_by),
            list(self.children),
            self.virtual,
            self.line,
            self.line_end,
            list(self.flags),
            list(self.notes),
            self.doc,
        )

    @classmethod
    def from_tuple(cls, t: tuple) -> "Clause":
        (game, cid, parent, kind, title, text, examples, refs, cited_by, children, virtual,
         line, line_end, flags, notes, doc) = t
        return cls(game, cid, parent, kind, title, text, examples,
                   [Ref.from_tuple(r) for r in refs], cited_by, children, virtual, line,
                   line_end, flags, notes, doc)

    def to_json(self) -> dict:
        """The export shape (one JSON object per clause; see `judgekit export`)."""
        return {
            "game": self.game,
            "id": self.id,
            "parent": self.parent,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "examples": list(self.examples),
            "refs": [r.target for r in self.refs],
            "refs_detail": [
                {"target": r.target, "raw": r.raw, "resolved": r.resolved, "status": r.status,
                 **({"note": r.note} if r.note else {})}
                for r in self.refs
            ],
            "cited_by": list(self.cited_by),
            "children": list(self.children),
            "virtual": self.virtual,
            "line": self.line,
            "line_end": self.line_end,
            "flags": list(self.flags),
            "notes": list(self.notes),
            "doc": self.doc,
        }


class Ruleset:
    """A parsed rules document (plus its companion documents), in tree order.

    clauses      comprehensive-rules units by id, in tree order
    companions   companion-document sections (e.g. guide.deck), in document order
    source_hash  sha256 of the source documents (the fingerprint a ruling cites)
    problems     parser diagnostics worth a look
    """

    __slots__ = ("game", "meta", "clauses", "companions", "source_hash", "problems")

    def __init__(self, game: str, meta: dict, clauses: dict, companions: dict | None = None,
                 source_hash: str = "", problems: list | None = None) -> None:
        self.game = game
        self.meta = meta
        self.clauses = clauses
        self.companions = companions if companions is not None else {}
        self.source_hash = source_hash
        self.problems = problems if problems is not None else []

    # ---- mapping-like access --------------------------------------------------------------
    def __contains__(self, cid: str) -> bool:
        return cid in self.clauses or cid in self.companions

    def __getitem__(self, cid: str) -> Clause:
        c = self.get(cid)
        if c is None:
            raise KeyError(cid)
        return c

    def get(self, cid: str) -> Clause | None:
        c = self.clauses.get(cid)
        if c is None:
            c = self.companions.get(cid)
        return c

    def __iter__(self):
        return iter(self.clauses.values())

    def __len__(self) -> int:
        return len(self.clauses)

    def ids(self) -> list[str]:
        return list(self.clauses)

    def all_units(self):
        """Rules clauses first, then companion-document sections."""
        yield from self.clauses.values()
        yield from self.companions.values()

    def ancestors(self, cid: str) -> list[Clause]:
        """Root first, not including the clause itself."""
        out: list[Clause] = []
        c = self.get(cid)
        while c is not None and c.parent is not None:
            c = self.get(c.parent)
            if c is None:
                break
            out.append(c)
        out.reverse()
        return out

    def descendants(self, cid: str):
        c = self.get(cid)
        if c is None:
            return
        for child in c.children:
            ch = self.get(child)
            if ch is not None:
                yield ch
                yield from self.descendants(child)

    def is_under(self, cid: str, ancestor: str) -> bool:
        """True when `cid` is `ancestor` or lies below it."""
        if cid == ancestor:
            return True
        return any(a.id == ancestor for a in self.ancestors(cid))

    @property
    def title(self) -> str:
        return self.meta.get("title", self.game)

    @property
    def edition(self) -> str:
        return self.meta.get("edition", "")

    def unresolved_refs(self) -> list[tuple[str, Ref]]:
        return [(c.id, r) for c in self.all_units() for r in c.refs if not r.resolved]

    def counts(self) -> dict[str, int]:
        real = sum(1 for c in self.clauses.values() if not c.virtual)
        return {
            "clauses": real,
            "virtual": len(self.clauses) - real,
            "companion_sections": len(self.companions),
            "refs": sum(len(c.refs) for c in self.all_units()),
            "unresolved_refs": len(self.unresolved_refs()),
            "flagged_refs": sum(1 for c in self.all_units() for r in c.refs if r.status != "ok"),
        }
