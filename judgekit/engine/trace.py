"""The trace: the steps of a run, each with the clauses it applies and what it changed.

The structure is documented in docs/trace-format.md and is a stable interface: the ruling
report (judgekit ruling) and the site are built on `Run.to_json()`.

Steps form a tree written as a flat list in the order they start (pre-order): `depth` gives
the nesting (a 902 reload inside a draw inside a resolution is two levels below the
resolution), `parent` the index of the enclosing step. A change belongs to the innermost step
open when it happened.
"""

from __future__ import annotations

from .readings import followed

TRACE_FORMAT = "judgekit-trace/1"


class Step:
    __slots__ = ("index", "context", "depth", "parent", "kind", "cites", "message",
                 "message_ja", "choices", "changes", "readings", "alternatives", "cards",
                 "player")

    def __init__(self, index: int, context: str, depth: int, parent: int | None, kind: str,
                 cites: tuple, message: str, message_ja: str, cards: tuple = (),
                 player: str | None = None) -> None:
        self.index = index
        self.context = context
        self.depth = depth
        self.parent = parent
        self.kind = kind
        self.cites = list(cites)
        self.message = message
        self.message_ja = message_ja
        self.choices: list[dict] = []
        self.changes: list[dict] = []
        self.readings: list[str] = []
        self.alternatives: dict[str, str] = {}  # reading id -> alternative followed here
        self.cards = list(cards)
        self.player = player

    def to_json(self) -> dict:
        return {
            "index": self.index,
            "context": self.context,
            "depth": self.depth,
            "parent": self.parent,
            "kind": self.kind,
            "cites": list(self.cites),
            "message": self.message,
            "message_ja": self.message_ja,
            "player": self.player,
            "cards": list(self.cards),
            "choices": [dict(c) for c in self.choices],
            "changes": [dict(c) for c in self.changes],
            "readings": list(self.readings),
            "alternatives": dict(self.alternatives),
        }

    def __repr__(self) -> str:
        return f"Step({self.index} [{self.context}] {' '.join(self.cites)}: {self.message})"


class Trace:
    def __init__(self, registry, on_step=None) -> None:
        self.registry = registry
        self.steps: list[Step] = []
        self._stack: list[Step] = []
        self.readings: dict[str, dict] = {}  # id -> reading data, in order of first use
        self.depends: dict[str, str] = {}  # id -> alternative, where the alternatives differ
        self.assumptions: dict[str, dict] = {}
        self.on_step = on_step  # called with each step when it closes (interactive stepper)

    @property
    def depth(self) -> int:
        return len(self._stack)

    @property
    def open_steps(self) -> list[Step]:
        """The steps opened and not yet closed, outermost first (they may still change)."""
        return list(self._stack)

    @property
    def current(self) -> Step | None:
        return self._stack[-1] if self._stack else None

    def open(self, kind: str, cites, message: str, message_ja: str, context: str,
             cards=(), player: str | None = None) -> Step:
        cites = tuple(dict.fromkeys(cites))  # each clause once, in order of first mention
        self.registry.check(cites)
        parent = self._stack[-1].index if self._stack else None
        st = Step(len(self.steps), context, len(self._stack), parent, kind, cites, message,
                  message_ja, tuple(cards), player)
        self.steps.append(st)
        self._stack.append(st)
        return st

    def close(self, st: Step) -> None:
        while self._stack:
            top = self._stack.pop()
            if self.on_step is not None:
                self.on_step(top)
            if top is st:
                return

    def change(self, ch: dict) -> None:
        if self._stack:
            self._stack[-1].changes.append(ch)
        elif self.steps:
            self.steps[-1].changes.append(ch)

    def use_reading(self, data: dict, alt: str | None = None, here: bool = True,
                    depend: bool = True) -> None:
        """The run relies on reading `data` here, following alternative `alt` (None: the
        reading has one behaviour); `depend`: the alternatives would act differently here."""
        rid = data["id"]
        if rid not in self.readings:
            self.readings[rid] = followed(data, alt)
        if depend and alt is not None:
            self.depends.setdefault(rid, alt)
        if self._stack and here:
            st = self._stack[-1]
            if rid not in st.readings:
                st.readings.append(rid)
            if alt is not None:
                st.alternatives[rid] = alt

    def depended(self) -> dict[str, str]:
        """The readings with alternatives this run depended on (somewhere their alternatives
        would act differently) -> the alternative followed, in order of first use."""
        return dict(self.depends)

    def assume(self, aid: str, en: str, ja: str) -> None:
        if aid not in self.assumptions:
            self.assumptions[aid] = {"id": aid, "text": en, "text_ja": ja,
                                     "steps": []}
        st = self._stack[-1] if self._stack else (self.steps[-1] if self.steps else None)
        if st is not None:
            self.assumptions[aid]["steps"].append(st.index)

    def cited(self) -> list[str]:
        seen: dict[str, None] = {}
        for s in self.steps:
            for c in s.cites:
                seen.setdefault(c, None)
        return list(seen)
