"""The board state, ruleset-neutral: one object holding everything (like python-chess's `Board`).

A ruleset (judgekit/engine/<game>/model.py) subclasses the three classes here and declares
what is its own: the card and player fields it adds (`FIELDS`), its zones and their
properties, and the sections of the board file that hold its shared zones. The loader, the
writer and the engine core read only what is declared here.

Zones are ordered lists of card ids keyed by a zone name: per-player zones are "P1.deck",
"P2.hand", … (kind after the dot); shared zones have names of their own ("M-C", "temporary")
and a kind given by `SHARED_ZONES`. Every card is in exactly one zone and knows it
(`card.zone`); `Board.integrity()` checks it.

Cards of unknown identity (a judge writes `life: 4`) are real cards with generated ids such
as `P2.life#3` and `known = False`; the writer folds them back into counts.
"""

from __future__ import annotations

PLAYERS = ("P1", "P2")


def opponent(p: str) -> str:
    return "P2" if p == "P1" else "P1"


def zone_player(zone: str) -> str | None:
    """The player whose zone this is ("P1.deck" -> "P1"); None for a shared zone."""
    if "." in zone:
        return zone.split(".", 1)[0]
    return None


class BaseCard:
    """A card. `FIELDS` (a subclass's) lists the ruleset's own parameters as (name, default)
    in the order the file writes them, before `owner`; `TAIL_FIELDS` those written after
    `token`. `ATTACHED` names list attributes holding the ids of cards attached to this one
    in the same zone (Z/X shifts, D0 闘気 cards), nested under the same key in the file."""

    __slots__ = ("id", "name", "type", "owner", "controller", "state", "face", "damage",
                 "placed", "token", "text", "abilities", "note", "zone", "known",
                 "incarnation", "pos", "virtual", "bare", "grants")
    FIELDS: tuple = ()
    TAIL_FIELDS: tuple = ()
    ATTACHED: tuple = ()

    def __init__(self, id: str, *, name: str = "", type: str | None = None, owner: str = "P1",
                 controller: str | None = None, state: str | None = None,
                 face: str | None = None, damage: int = 0, placed: int = 0,
                 token: bool = False, text: str = "", abilities: list | None = None,
                 note: str = "", zone: str = "", known: bool = True, pos: tuple = (0, 0),
                 virtual: bool = False, bare: bool = False, **fields) -> None:
        self.id = id
        self.name = name
        self.type = type
        self.owner = owner
        self.controller = controller or owner
        self.state = state
        self.face = face
        self.damage = damage
        self.placed = placed
        self.token = token
        self.text = text
        self.abilities = abilities if abilities is not None else []
        self.note = note
        self.zone = zone
        self.known = known
        self.incarnation = 0
        self.pos = pos
        self.virtual = virtual
        self.bare = bare  # written as a bare id: identity known, parameters not given
        # derived, never written: what the effects in force grant or take away (keywords and
        # abilities), as (incarnation or None, "grant"/"lose", value, ts) —
        # judgekit.engine.effects.grants keeps it current from board.effects
        self.grants: tuple = ()
        for fname, default in self.FIELDS + self.TAIL_FIELDS:
            v = fields.pop(fname, default)
            setattr(self, fname, tuple(v) if isinstance(default, tuple) else v)
        for fname in self.ATTACHED:
            v = fields.pop(fname, None)
            setattr(self, fname, list(v) if v is not None else [])
        if fields:
            raise TypeError(f"unknown card field(s) {', '.join(fields)}")

    def label(self) -> str:
        return f"{self.id} 《{self.name}》" if self.name else self.id

    def __repr__(self) -> str:
        return f"Card({self.id!r} in {self.zone})"


class BasePlayer:
    """One player's counters and flags; `FIELDS` (a subclass's) adds the ruleset's own
    (Z/X damage and limits, 東方VISION life points, …) as (name, default)."""

    __slots__ = ("id", "counters", "flags", "pos")
    FIELDS: tuple = ()

    def __init__(self, id: str) -> None:
        self.id = id
        self.counters: dict[str, int] = {}
        self.flags: dict[str, bool] = {}
        self.pos = (0, 0)
        for fname, default in self.FIELDS:
            setattr(self, fname, default)


class BaseBoard:
    """The single source of truth for a game state. A ruleset's subclass sets the class
    attributes below and may add game-context attributes of its own in `__init__`."""

    ruleset = ""
    Card = BaseCard
    Player = BasePlayer
    PLAYER_ZONES: tuple = ()  # kinds of per-player zones, e.g. ("deck", "hand", …)
    SHARED_ZONES: dict = {}  # shared zone name -> kind, e.g. {"M-C": "square"}
    HIDDEN_KINDS: tuple = ()  # zone kinds whose cards are face down by default
    STATE_KINDS: tuple = ()  # zone kinds where cards have a state (reboot/sleep, …)
    DEFAULT_STATE: str | None = None  # the state a card has there unless written
    ORDERED_TOP_KINDS: tuple = ()  # kinds whose list is top first (cards arrive on top)
    PLACED_KINDS: tuple = ()  # kinds where the placement order (`placed`) is kept
    # file sections holding shared zones: key -> a zone name (a list of cards) or a tuple of
    # zone names (a mapping zone -> list of cards)
    ZONE_SECTIONS: dict = {}

    @property
    def sha256(self) -> str:
        if self._raw is not None:
            import hashlib

            self._sha256, self._raw = hashlib.sha256(self._raw).hexdigest(), None
        return self._sha256

    @sha256.setter
    def sha256(self, value: str) -> None:
        self._sha256, self._raw = value, None

    def fingerprint_bytes(self, raw: bytes) -> None:
        """The bytes whose sha256 is this board's fingerprint (hashed when first asked for)."""
        self._sha256, self._raw = "", raw

    def __init__(self) -> None:
        self.edition = ""
        self.meta: dict = {}
        self.filename = "<board>"
        # the sha256 of the bytes load_file read (the ruling's and trace's fingerprint), worked
        # out when first asked for: a plain `step` never asks, and hashlib loads OpenSSL
        self._sha256 = ""
        self._raw: bytes | None = None
        # game context every ruleset has
        self.turn = 1
        self.turn_player = "P1"
        self.first_player = "P1"
        self.step = ""
        self.priority: str | None = None
        # players, cards, zones
        self.players = {p: self.Player(p) for p in PLAYERS}
        self.cards: dict[str, BaseCard] = {}
        self.zones: dict[str, list[str]] = {}
        for p in PLAYERS:
            for z in self.PLAYER_ZONES:
                self.zones[f"{p}.{z}"] = []
        for z in self.SHARED_ZONES:
            self.zones[z] = []
        # effects and abilities in flight
        self.effects: list[dict] = []
        self.triggers: list[dict] = []
        self.clock = 0  # timestamps: placement order, effect order
        # the scenario around the state
        self.events: list = []
        self.actions: list = []
        self.choices: dict = {}
        self.readings: dict = {}  # reading id -> alternative (judgekit.engine.readings)
        self.until: str | None = None
        self.expect: dict | None = None
        self.positions: dict = {}  # path -> (line, col) from the file

    # ---- zones ------------------------------------------------------------------------------
    def zone_kind(self, zone: str) -> str:
        k = self.SHARED_ZONES.get(zone)
        if k is not None:
            return k
        return zone.split(".", 1)[1] if "." in zone else zone

    def is_public(self, zone: str) -> bool:
        return self.zone_kind(zone) not in self.HIDDEN_KINDS

    def default_face(self, zone: str) -> str:
        return "up" if self.is_public(zone) else "down"

    def has_states(self, zone: str) -> bool:
        return self.zone_kind(zone) in self.STATE_KINDS

    def keeps_placed(self, zone: str) -> bool:
        return self.zone_kind(zone) in self.PLACED_KINDS

    def top_first(self, zone: str) -> bool:
        return self.zone_kind(zone) in self.ORDERED_TOP_KINDS

    # ---- queries ----------------------------------------------------------------------------
    def cards_in(self, zone: str) -> list:
        cs = self.cards
        return [cs[i] for i in self.zones[zone]]

    def pzone(self, player: str, zone: str) -> list[str]:
        return self.zones[f"{player}.{zone}"]

    def attached_to(self, c: BaseCard) -> tuple | None:
        """(host, key): the card `c` is attached to in its zone and the `ATTACHED` list that
        names it (Z/X shifts, 東方VISION set cards, D0 闘気 and 結合 cards); None when `c` is
        attached to no card."""
        if not c.ATTACHED or not c.zone:
            return None
        cs = self.cards
        for i in self.zones[c.zone]:
            h = cs[i]
            for key in h.ATTACHED:
                if c.id in getattr(h, key):
                    return h, key
        return None

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    # ---- integrity --------------------------------------------------------------------------
    def integrity(self) -> list[str]:
        """Problems with the bookkeeping itself: a card in no zone, in two zones, or whose
        `zone` disagrees with the zone lists. Empty for a sound state."""
        seen: dict[str, str] = {}
        out = []
        for z, ids in self.zones.items():
            for i in ids:
                if i in seen:
                    out.append(f"card {i} is in {seen[i]} and in {z}")
                seen[i] = z
                c = self.cards.get(i)
                if c is None:
                    out.append(f"zone {z} holds unknown card {i}")
                elif c.zone != z:
                    out.append(f"card {i} says it is in {c.zone} but is listed in {z}")
        for i in self.cards:
            if i not in seen:
                out.append(f"card {i} is in no zone")
        return out

    # ---- the file's game context beyond the common keys (a subclass overrides) -------------
    def complete_card(self, card, data: dict) -> None:
        """Fill in what the ruleset infers from how a card was written (a card written with
        a power and no type is a character, …)."""

    def read_context(self, game: dict, data: dict) -> None:
        """Read the ruleset's own keys of `game:` and top-level sections other than zones."""

    def write_context(self, game: dict, data: dict) -> None:
        """Write them back (the inverse of read_context)."""

    def read_cards(self, builder, data: dict) -> None:
        """Read the ruleset's top-level sections whose entries hold cards in a shape of its own
        (D0's stack: a spell's card beside its chosen square and targets, abilities, damage
        exchanges), after the zone sections. `builder.card_from(entry, zone, path, owner)`
        makes the cards of a zone entry, `builder.add(card, zone, path)` places one, and
        `builder.problem(path, expected, found, message)` reports what cannot be placed.
        `write_context` writes such sections back (judgekit.board.dump.card_data)."""

    def rename_references(self, renames: dict) -> None:
        """Cards were renamed ({old: new}, judgekit.board.dump.name_unwritable): update what
        the ruleset's own context names (a battle's cards, a card a force is under, …)."""

    def read_player(self, pl, pd: dict) -> None:
        """Read a player's fields (FIELDS) from its section; values may be words (none)."""
        for fname, _ in pl.FIELDS:
            if fname in pd:
                setattr(pl, fname, pd[fname])

    def write_player(self, pl, pd: dict) -> None:
        for fname, default in pl.FIELDS:
            v = getattr(pl, fname)
            if v != default:
                pd[fname] = v
