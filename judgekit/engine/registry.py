"""The rule registry: every clause the engine applies, registered in one place per game.

A `Registry` maps clause ids to what the engine does for them. Engine code cites clauses only
through it: `Trace.open()` refuses a step that cites an id the registry does not know, and
tests check that every registered id exists in the parsed rules (and is not a virtual clause
unless the entry says so deliberately).

    REG = Registry("zx")
    REG.add("904.1", "Destroys each zekusu on a square with damage ≥ its power.")

    @REG.rule("904.1", "904.2")
    def lethal_damage(game): ...

`handlers` keeps, per clause, the functions that implement it (module.qualname), which the
coverage listing shows.
"""

from __future__ import annotations


class RuleEntry:
    __slots__ = ("id", "summary", "virtual_ok", "whole", "handlers")

    def __init__(self, cid: str, summary: str, virtual_ok: bool = False,
                 whole: str = "") -> None:
        self.id = cid
        self.summary = summary
        self.virtual_ok = virtual_ok
        self.whole = whole  # why a clause with sub-clauses is cited itself, not one of them
        self.handlers: list[str] = []

    def to_json(self) -> dict:
        return {"id": self.id, "summary": self.summary, "handlers": list(self.handlers)}


class UnregisteredClause(LookupError):
    """Engine code cited a clause id that is not registered (a programming error)."""


class Registry:
    def __init__(self, game: str) -> None:
        self.game = game
        self.entries: dict[str, RuleEntry] = {}

    def add(self, cid: str, summary: str, *, virtual_ok: bool = False, whole: str = "") -> None:
        """`whole`: for a clause that has sub-clauses, why the engine cites the clause itself
        rather than the sub-clause that says what a step does (its text is what the step does
        as a whole: the conditions checked together, a procedure run through). Tests require
        it of every registered clause with sub-clauses (cite the most specific clause)."""
        if cid in self.entries:
            raise ValueError(f"{self.game}: clause {cid} registered twice")
        self.entries[cid] = RuleEntry(cid, summary, virtual_ok, whole)

    def rule(self, *cids: str):
        """Decorator: the function implements these clauses (they must be registered)."""

        def deco(fn):
            for cid in cids:
                e = self.entries.get(cid)
                if e is None:
                    raise UnregisteredClause(f"{self.game}: {fn.__qualname__} implements "
                                             f"unregistered clause {cid}")
                e.handlers.append(f"{fn.__module__}.{fn.__qualname__}")
            return fn

        return deco

    def check(self, cids) -> None:
        for cid in cids:
            if cid not in self.entries:
                raise UnregisteredClause(f"{self.game}: step cites unregistered clause {cid}")

    def __contains__(self, cid: str) -> bool:
        return cid in self.entries

    def __getitem__(self, cid: str) -> RuleEntry:
        return self.entries[cid]

    def ids(self) -> list[str]:
        return list(self.entries)

    def __len__(self) -> int:
        return len(self.entries)
