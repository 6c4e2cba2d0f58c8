"""Triggered abilities created by effects to trigger later, one store for every ruleset.

An effect may create a triggered ability that waits for a moment named in its text: D0's
「ターン終了時に、そのユニットを持ち主の墓地に置く」 and 即死's 「そのバトル終了時に…」 (4.4.4), Z/X's and
g2022's timed auto abilities (時限型自動能力, 808.4, 908.4), 東方VISION's effects resolved at a
timing (7.7 「次のターン開始時」). Each is a record (a dict, as the board file writes it): the moment
it waits for (under the ruleset's own key: `trigger`, `timed`, `at`), the card it is about
(`about`, or none), its source and controller, its effect and printed text, and whatever narrows
the moment (a battle's square, a phase, whose turn: `in_turn_of`). The store keeps them on the
board (`board.<attr>`), in the order they were created, and records every change in the trace
in the ruleset's own words (`record`).

`waiting(g, moment, match)` lists the records whose moment has come; `due` takes them all out at
once and `each` takes each out just before handing it over — each triggers once and is gone
(D0 4.4.4: 「ターン終了時」 once, a battle's end once; Z/X 808.4a, g2022 908.4a: 1回だけ);
`about(g, card)` takes out the records about a card that became a new object (D0 4.4.4-1: they
vanish). When a record triggers and what it does are the ruleset's: it binds the store to its
board attribute and fires what the store hands over as its own triggered abilities.
"""

from __future__ import annotations

# whose turn a record may name (「次の自分のターン開始時」, 「次の相手のターン終了時」), relative to
# the player who controls it
WHOSE = ("you", "opponent")


def in_turn_of(d: dict, turn_player: str, controller: str | None) -> bool:
    """A record that names `whose` turn it waits for comes due only in such a turn — `you`:
    the turn of the player who controls it, `opponent`: another player's; one that names none
    in any turn."""
    whose = d.get("whose")
    return whose is None or (turn_player == controller) == (whose == "you")


def of_phase_and_turn(phase: str | None, turn_player: str, controller_key: str = "controller"):
    """The narrowing of a moment of the turn: a record comes due in this phase if it names
    one (none: at the moment itself) and in this turn if it names `whose` (`in_turn_of`)."""
    return lambda d: d.get("phase") in (None, phase) and in_turn_of(d, turn_player,
                                                                      d.get(controller_key))


def whose_player(d: dict, controller: str | None, opponent) -> str | None:
    """The player in whose turn a record that names `whose` waits for its moment (None: it
    names none); `opponent(player)` is the ruleset's."""
    whose = d.get("whose")
    if whose is None:
        return None
    if controller is None:
        return "its controller" if whose == "you" else "its controller's opponent"
    return controller if whose == "you" else opponent(controller)


def in_turn_words(en: str, ja: str, d: dict, controller: str | None, opponent) -> tuple:
    """A moment's words, with the turn it must be in when the record names one: 'at the end of
    the battle in P2's turn' / 「P2のターンのバトル終了時」, 'at the start of P2's turn' /
    「P2のターン開始時」."""
    p = whose_player(d, controller, opponent)
    if p is None:
        return en, ja
    if "the turn" in en:  # a moment of the turn itself
        return en.replace("the turn", f"{p}'s turn", 1), f"{p}の{ja}"
    return f"{en} in {p}'s turn", f"{p}のターンの{ja}"


def _record(store: "Store", added: bool, d: dict) -> dict:
    return {"op": store.attr + ("+" if added else "-"), "text": d.get("text", ""),
            "about": d.get("about")}


class Store:
    """The created triggers of one ruleset: the board attribute that holds them, the key of a
    record that names its moment, and `record(store, added, d)`, the trace change that says a
    record was added or removed (None: the ruleset records none)."""

    __slots__ = ("attr", "key", "record")

    def __init__(self, attr: str = "delayed", key: str = "trigger", record=_record) -> None:
        self.attr = attr
        self.key = key
        self.record = record

    def entries(self, g) -> list:
        return getattr(g.b, self.attr)

    def add(self, g, d: dict) -> None:
        self.entries(g).append(d)
        ch = self.record(self, True, d)
        if ch is not None:
            g.change(ch)

    def remove(self, g, d: dict) -> None:
        self.entries(g).remove(d)
        ch = self.record(self, False, d)
        if ch is not None:
            g.change(ch)

    def waiting(self, g, moment: str, match=None) -> list:
        """The records waiting for `moment` (and accepted by `match(record)`), in the order
        they were created; left in the store."""
        key = self.key
        return [d for d in self.entries(g) if d.get(key) == moment
                and (match is None or match(d))]

    def due(self, g, moment: str, match=None) -> list:
        """The records waiting for `moment`, all taken out at once: each triggers once."""
        out = self.waiting(g, moment, match)
        for d in out:
            self.remove(g, d)
        return out

    def each(self, g, moment: str, match=None):
        """The records waiting for `moment` when asked, each taken out just before it is
        handed over (the ruleset fires it before the next one is taken out)."""
        for d in self.waiting(g, moment, match):
            self.remove(g, d)
            yield d

    def about(self, g, card: str) -> list:
        """The records about `card`, taken out (the card became a new object)."""
        out = [d for d in self.entries(g) if d.get("about") == card]
        for d in out:
            self.remove(g, d)
        return out


def phase_without_use(value, key: str, phase_moments) -> list:
    """The created triggers (records of a file's list) and the instructions that create them
    (anywhere in an ability or effect) under `value` that name a `phase:` for a moment that is
    not a phase's (`key` names the moment, `phase_moments` the moments a phase narrows): such a
    record would never come due, so a board check says so instead."""
    out: list = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if v.get(key) is not None and v.get("phase") and v[key] not in phase_moments:
                out.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


def check_phases(f, b, key: str, phase_moments, attr: str, clause: str) -> None:
    """`board check` (`f`, the board's Flags) of the created triggers on `b.<attr>` and of the
    instructions in its cards' abilities that would create one: a `phase:` on a moment that is
    not a phase's is an error at its line (`phase_without_use`)."""
    def say(d, where: str, **at) -> None:
        f.add("PHASE_ON_A_MOMENT_WITHOUT_ONE", "error", f"{where} waits for {d[key]} but names "
              f"phase: {d['phase']}, which only {' / '.join(phase_moments)} takes: it would "
              "never come due", clauses=(clause,), **at)

    for c in b.cards.values():
        for d in phase_without_use(c.abilities, key, phase_moments):
            say(d, f"an ability of {c.label()}", pos=c.pos if c.pos != (0, 0) else None)
    for i, d in enumerate(getattr(b, attr)):
        if phase_without_use(d, key, phase_moments):
            say(d, f"{attr}[{i}]", path=(attr, i, "phase"))


_CARD_WORDS = {"source": "the card whose effect created it (`source:`)",
               "about": "the card it is about (`about:`)"}


def check_cards(f, b, attr: str, keys, clause: str) -> None:
    """`board check` of the created triggers on `b.<attr>`: each triggers as an ability of a
    card, so it names one under one of `keys` (`source`, `about`), and each card it names is a
    card of the file."""
    for i, d in enumerate(getattr(b, attr)):
        for k in keys:
            if d.get(k) and d[k] not in b.cards:
                f.unknown(f"created trigger {k}", d[k], (attr, i, k))
        if not any(d.get(k) for k in keys):
            which = " nor ".join(_CARD_WORDS[k] for k in keys)
            f.add("CREATED_TRIGGER_NO_CARD", "error", "a created trigger names "
                  + (f"neither {which}" if len(keys) > 1 else f"no card: write {which}"),
                  (attr, i), (clause,))

