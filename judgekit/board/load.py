"""Read a board file: YAML → located tree → validated data → `Board`.

Syntax problems (YAML errors, wrong types, unknown keys, missing required keys, cards that
cannot be placed) raise `BoardSyntaxError` with every problem found and its file:line:column.
Anything that parses but describes an impossible board is left for `status()` to flag.
"""

from __future__ import annotations


from .common import MAX_CARDS
from .errors import BoardSyntaxError, Problem
from .types import INVALID, Ctx
from .yamlpos import LScalar, compose


# a board file is a few kilobytes; reading stops here, so /dev/zero or a runaway pipe given
# as FILE is an error instead of filling the memory
MAX_BYTES = 10 * 1024 * 1024


def load_file(path: str):
    """Load a board file; raises BoardSyntaxError (never a traceback for a user's mistake)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise BoardSyntaxError([Problem(path, 0, 0, "a readable board file",
                                        e.strerror or str(e), f"cannot read {path}")]) from None
    if len(raw) > MAX_BYTES:
        raise BoardSyntaxError([Problem(path, 0, 0, "a board file of at most 10 MB",
                                        "more than 10 MB", "the file is too large")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise BoardSyntaxError([Problem(path, line, col, "UTF-8 text",
                                        f"the byte 0x{raw[e.start]:02x}",
                                        "the file is not UTF-8")]) from None
    board = load_text(text, path)
    # the fingerprint is of these bytes, read once: reading the path again would hash
    # nothing for a pipe (/dev/stdin) and another file if it changed in between
    board.fingerprint_bytes(raw)
    return board


def load_text(text: str, filename: str = "<board>"):
    tree = compose(text, filename)
    if tree is None:
        raise BoardSyntaxError([Problem(filename, 1, 1, "a board file (ruleset: zx, …)",
                                        "an empty document", "the file is empty")])
    engine = _engine_of(tree, filename)
    ctx = Ctx(filename)
    data = engine.spec.BOARD.check(tree, (), ctx)
    if ctx.problems or data is INVALID:
        raise BoardSyntaxError(ctx.problems)
    return from_data(engine.model.Board, data, filename, ctx.positions)


def _engine_of(tree, filename: str):
    """The engine of the ruleset the file names in `ruleset:` (its spec reads the rest)."""
    from ..engines import GAMES_WITH_ENGINE, NoEngine, engine_for

    have = ", ".join(GAMES_WITH_ENGINE)
    node = tree.get("ruleset") if hasattr(tree, "get") else None
    if node is None:
        line, col = (tree.line, tree.col)
        raise BoardSyntaxError([Problem(filename, line, col, f"ruleset: one of {have}",
                                        tree.describe(), "missing 'ruleset' (the rules "
                                        "the board is played by)")])
    game = node.raw if isinstance(node, LScalar) else None
    try:
        return engine_for(game or "")
    except NoEngine as e:
        raise BoardSyntaxError([Problem(filename, node.line, node.col,
                                        f"a ruleset with an engine ({have})",
                                        node.describe(), str(e))]) from None


def load_data(data: dict, filename: str = "<data>"):
    """Build a board from plain data (as `dump.to_data` writes it), validating it the same way."""
    import yaml

    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return load_text(text, filename)


class _Builder:
    def __init__(self, board, positions: dict) -> None:
        self.b = board
        self.positions = positions
        self.problems: list[Problem] = []
        self.unknown_seq: dict[str, int] = {}
        self.cards_seen = 0  # cards described so far, in file order (MAX_CARDS)

    def check_reproduces(self, game: str, ids: list) -> None:
        """meta.reproduces names worked examples of the file's rules (clause id, '#', number)."""
        if not ids:
            return
        from ..rules.example_ids import check_id

        for i, eid in enumerate(ids):
            bad = check_id(game, eid)
            if bad:
                path = ("meta", "reproduces", i)
                if path not in self.positions:
                    path = ("meta", "reproduces")
                self.problem(path, f"a worked example of the {game} rules (judgekit rule "
                             "CLAUSE shows its examples)", repr(eid), bad)

    def take(self, n: int, path: tuple) -> bool:
        """Count `n` more cards against MAX_CARDS before building them; False once over."""
        if self.cards_seen > MAX_CARDS:
            return False
        self.cards_seen += n
        if self.cards_seen <= MAX_CARDS:
            return True
        self.problem(path, f"at most {MAX_CARDS:,} cards in a board file (a deck is 50 cards, "
                     "401.1a)", f"{self.cards_seen:,} cards by here",
                     "the file describes too many cards (a YAML alias *name counts the cards "
                     "it repeats each time)")
        return False

    def problem(self, path: tuple, expected: str, found: str, message: str) -> None:
        line, col = self.positions.get(path, (0, 0))
        self.problems.append(Problem(self.b.filename, line, col, expected, found, message))

    def unknown_card(self, zone: str, owner: str):
        n = self.unknown_seq.get(zone, 0) + 1
        self.unknown_seq[zone] = n
        return self.b.Card(f"{zone}#{n}", owner=owner, known=False)

    def add(self, card, zone: str, path: tuple) -> None:
        b = self.b
        if card.id in b.cards:
            other = b.cards[card.id]
            line, col = other.pos
            self.problem(path, "a card id used once", f"a second card {card.id!r}",
                         f"card id {card.id!r} is defined twice (first at line {line})")
            return
        card.zone = zone
        b.cards[card.id] = card
        b.zones[zone].append(card.id)

    def card_from(self, d, zone: str, path: tuple, default_owner: str | None) -> list:
        """Cards for one zone entry (a card mapping, a bare id, or {unknown: N})."""
        Card = self.b.Card
        if isinstance(d, str):
            if default_owner is None:
                self.problem(path, "a card with owner (on a shared zone, cards need owner)",
                             f"the bare id {d!r}", "a card in a shared zone needs its details")
                return []
            if not self.take(1, path):
                return []
            return [Card(d, owner=default_owner, pos=self.positions.get(path, (0, 0)),
                         bare=True)]
        if "unknown" in d:
            if default_owner is None:
                self.problem(path, "identified cards (a shared zone is public)",
                             "unknown cards", "unknown cards cannot be in a shared zone")
                return []
            if not self.take(d["unknown"], path):
                return []
            cards = [self.unknown_card(zone, default_owner) for _ in range(d["unknown"])]
            for c in cards:
                c.state = d.get("state")  # status() flags a state where cards have none
                c.face = d.get("face")
            return cards
        owner = d.get("owner") or d.get("controller") or default_owner
        if owner is None:
            self.problem(path, "owner: P1 or P2 for a card in a shared zone", "no owner",
                         f"card {d.get('id')!r} needs an owner")
            owner = "P1"
        if not self.take(1, path):
            return []
        fields = {f: d[f] for f, _ in Card.FIELDS + Card.TAIL_FIELDS if f in d}
        c = Card(d["id"], name=d.get("name", ""), type=d.get("type"), owner=owner,
                 controller=d.get("controller"), state=d.get("state"), face=d.get("face"),
                 damage=d.get("damage", 0), placed=d.get("placed", 0),
                 token=d.get("token", False), text=d.get("text", ""),
                 abilities=d.get("abilities", []), note=d.get("note", ""),
                 pos=self.positions.get(path, (0, 0)), **fields)
        if "placed" not in d:
            c.placed = -1
        self.b.complete_card(c, d)
        out = [c]
        for key in Card.ATTACHED:
            for i, s in enumerate(d.get(key, [])):
                sub = self.card_from(s, zone, path + (key, i), owner)
                for sc in sub:
                    getattr(c, key).append(sc.id)
                out.extend(sub)
        return out

    def fill_zone(self, entries, zone: str, path: tuple, default_owner: str | None) -> None:
        if isinstance(entries, int):
            if not self.take(entries, path):
                return
            for _ in range(entries):
                self.add(self.unknown_card(zone, default_owner or "P1"), zone, path)
            return
        for i, e in enumerate(entries):
            for c in self.card_from(e, zone, path + (i,), default_owner):
                self.add(c, zone, path + (i,))


def from_data(Board, data: dict, filename: str, positions: dict):
    """A `Board` (the ruleset's class) from validated data."""
    b = Board()
    b.filename = filename
    b.positions = positions
    bl = _Builder(b, positions)
    b.edition = data.get("edition", "")
    b.meta = data.get("meta", {})
    bl.check_reproduces(data.get("ruleset", ""), b.meta.get("reproduces", []))
    g = data.get("game", {})
    b.turn = g.get("turn", 1)
    b.turn_player = g.get("turn_player", "P1")
    b.first_player = g.get("first_player", b.turn_player if b.turn % 2 == 1 else
                           ("P2" if b.turn_player == "P1" else "P1"))
    if "step" in g:
        b.step = str(g["step"])
    b.priority = g.get("priority")
    b.read_context(g, data)  # may choose readings (a ruleset's older game: keys for them)

    for p, pd in data.get("players", {}).items():
        pl = b.players[p]
        pl.pos = positions.get(("players", p), (0, 0))
        for z in b.PLAYER_ZONES:
            if z in pd:
                bl.fill_zone(pd[z], f"{p}.{z}", ("players", p, z), p)
        b.read_player(pl, pd)
        pl.counters = dict(pd.get("counters", {}))
        pl.flags = {k: v for k, v in pd.get("flags", {}).items() if v}

    for key, zones in b.ZONE_SECTIONS.items():  # file order within a section
        if isinstance(zones, tuple):
            for z, entries in data.get(key, {}).items():
                bl.fill_zone(entries, z, (key, z), None)
        else:
            bl.fill_zone(data.get(key, []), zones, (key,), None)
    b.read_cards(bl, data)  # the ruleset's sections that hold cards in a shape of its own

    # placement order: a card without `placed` gets its position among the cards in the
    # zones that keep it, in zone order, each zone's list oldest first; a given value is used
    # as it is (so `placed: 99` marks the most recently placed card)
    n = 0
    for z in b.zones:
        if b.keeps_placed(z):
            for cid in b.zones[z]:
                c = b.cards[cid]
                n += 1
                if c.placed < 0:
                    c.placed = n
    mx = max([c.placed for c in b.cards.values()] + [0])
    for c in b.cards.values():
        if c.placed < 0:
            c.placed = 0
        # a state exists only in some zones; entering in the default state is the rule
        # there. A state written elsewhere is kept for status() to flag.
        if b.has_states(c.zone) and c.state is None:
            c.state = b.DEFAULT_STATE
    b.clock = mx

    for i, e in enumerate(data.get("effects", [])):
        eff = dict(e)
        if "to" in eff:
            eff["to"] = list(e["to"])
        if "ts" not in eff:
            b.clock += 1
            eff["ts"] = b.clock
        else:
            b.clock = max(b.clock, eff["ts"])
        eff.setdefault("until", "forever")
        eff["_path"] = ("effects", i)
        b.effects.append(eff)
    for i, t in enumerate(data.get("triggers", [])):
        tr = dict(t)
        tr.setdefault("ability", 1)
        tr.setdefault("count", 1)
        tr["_path"] = ("triggers", i)
        b.triggers.append(tr)
    b.events = list(data.get("events", []))
    b.actions = list(data.get("actions", []))
    b.choices = {k: list(v) for k, v in data.get("choices", {}).items()}
    b.readings.update(data.get("readings", {}))
    b.until = str(data["until"]) if "until" in data else None
    b.expect = data.get("expect")
    if bl.problems:
        raise BoardSyntaxError(bl.problems)
    return b


__all__ = ["load_file", "load_text", "load_data", "from_data"]
