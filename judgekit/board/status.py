"""Semantic status of a board: every impossible or doubtful thing, as flags (never raises).

Like python-chess's `Board.status()`: a board that parses may still be impossible (two player
cards on one square, negative damage, a reference to a card that does not exist). Each
ruleset's engine lists what is impossible under its rules (judgekit/engine/<game>/status.py),
with the clauses that make it so; the references every file can get wrong (a card id that no
card has, in an action, a choice, a trigger, an expectation) and the edition are checked here,
once for every ruleset.

Severity `error`: no legal game reaches this board. `warning`: possible but worth a look.
"""

from __future__ import annotations

from .errors import Flag
from .model import PLAYERS


class Flags:
    """The flags found so far, each placed at the file position of what it is about."""

    def __init__(self, board) -> None:
        self.b = board
        self.out: list[Flag] = []

    def add(self, code: str, severity: str, message: str, path: tuple = (),
            clauses: tuple = (), pos: tuple | None = None) -> None:
        line, col = pos if pos else self.b.positions.get(tuple(path), (0, 0))
        self.out.append(Flag(code, severity, message, tuple(path), self.b.filename, line, col,
                             clauses))

    def unknown(self, what: str, ref: str, path: tuple) -> None:
        self.add("UNKNOWN_CARD", "error", f"{what} {ref!r}, which is not a card of this file",
                 path)

    def unknown_in_abilities(self, card, refs, clause: str) -> None:
        """Card ids an ability of `card` names as literal targets (`refs`, found by the
        ruleset's vocabulary) that no card of the file has: the ability will find nothing,
        as `clause` (the ruleset's rule for information that cannot be identified) says."""
        pos = card.pos if card.pos != (0, 0) else None
        for ref in refs:
            if ref not in self.b.cards:
                self.add("UNKNOWN_CARD_IN_ABILITY", "warning",
                         f"an ability of {card.label()} names {ref!r}, which is not a card of "
                         f"this file (the ability will find nothing, {clause})", pos=pos,
                         clauses=(clause,))


def status(board) -> list[Flag]:
    """Every flag of the board, by its ruleset's rules."""
    from ..engines import engine_for

    engine = engine_for(board.ruleset)
    flags = engine.status(board)
    if board.readings:
        f = Flags(board)
        check_readings(f, board, engine)
        flags = list(flags) + f.out
    return flags


def check_readings(f: Flags, b, engine) -> None:
    """The file's `readings:` must name readings of its ruleset that have alternatives, and one
    of their alternatives (the engine checks them: the board package does not import it)."""
    for rid, message in engine.check_reading_choices(b.readings):
        f.add("UNKNOWN_READING", "error", message, ("readings", rid))


def is_valid(board) -> bool:
    return not any(fl.severity == "error" for fl in status(board))


def check_references(f: Flags, b, *, action_keys: tuple, word_choices: tuple = ()) -> None:
    """Card ids named by effects in force (or players, for an effect on a player's draws),
    pending triggers, actions, choices and `expect:` must be cards of the file. `action_keys` are the action fields that name a card;
    `word_choices` are choice keys that are neither clause ids nor cards (rare)."""
    cards = b.cards
    for i, e in enumerate(b.effects):
        for j, t in enumerate(e.get("to", [])):
            if t not in cards and t not in b.players:  # a player: 「引けない」, a draw replaced
                f.unknown("effect applies to", t, ("effects", i, "to", j))
        if e.get("source") and e["source"] not in cards:
            f.unknown("effect source", e["source"], ("effects", i, "source"))
    for i, t in enumerate(b.triggers):
        if t["card"] not in cards:
            f.unknown("pending trigger of", t["card"], ("triggers", i, "card"))
    for i, a in enumerate(b.actions):
        for k in action_keys:
            v = a.get(k)
            if not isinstance(v, str) or v in cards:
                continue
            if k == "target":
                if v not in PLAYERS:
                    f.add("UNKNOWN_CARD", "error", f"action {i + 1} targets {v!r}, which is "
                          "neither a card of this file nor P1/P2", ("actions", i, k))
            else:
                f.unknown(f"action {i + 1} ({k}) names", v, ("actions", i, k))
        for j, p in enumerate(a.get("pay", [])):
            if p not in cards:
                f.unknown(f"action {i + 1} pays with", p, ("actions", i, "pay", j))
    for key in b.choices:
        base = key.split("#")[0]
        if "." not in base and base not in cards and key not in word_choices:
            f.add("UNKNOWN_CARD", "error", f"choices for {key!r}: neither a clause id nor a "
                  "card of this file", ("choices", key))
    ex = b.expect or {}
    for cid in ex.get("cards", {}):
        if cid not in cards and not cid.startswith("virtual-"):  # rules may create these
            f.unknown("expect names card", cid, ("expect", "cards", cid))
    for p, zs in ex.get("players", {}).items():
        for z, v in zs.items():
            if isinstance(v, list):
                for j, cid in enumerate(v):
                    if cid not in cards:
                        f.unknown(f"expect {p}.{z} names", cid, ("expect", "players", p, z, j))


def check_edition(f: Flags, b) -> None:
    """A file written for another edition of the rules is worth a warning."""
    if not b.edition:
        return
    try:
        from ..rules import load

        ed = load(b.ruleset).edition
    except Exception:  # pragma: no cover - the ruleset always loads in a checkout
        ed = ""
    if ed and ed != b.edition:
        f.add("EDITION_MISMATCH", "warning",
              f"the file was written for {b.edition}; judgekit has {ed}", ("edition",))
