"""The g2022 board: zones, areas and lanes, card and player fields.

Zones are ordered lists of card ids keyed by a zone name (501.2):
  per player (501.2b)  "P1.account", "P1.deck" (top first), "P1.hand", "P1.keep", "P1.trash",
                       "P1.energy", "P1.remove", "P1.mission" (three fixed positions, 507.3),
                       the three areas "P1.L", "P1.C", "P1.R" (503.2; each oldest placed first),
                       "P1.exp" and "P1.connect" (each card there names its chara in `under`,
                       513.3, 514.3)
  shared (501.2a)      "temporary", "scout" (the lanes are geometry, not a card zone)

Areas are named from their own player's seat: C is the centre (センター), L and R the sides
(サイド). Lanes are undefined in the rules (reading `lanes`): by default a player's L faces the
other player's R ("facing"); `lanes: same` pairs L with L.

This module is plain Python on purpose: the engine core's BaseCard / BasePlayer / BaseBoard will
be its base classes once they land, and nothing here depends on how a run is traced.
"""

from __future__ import annotations

PLAYERS = ("P1", "P2")
AREAS = ("L", "C", "R")  # 503.2: one centre, two sides
CENTER = "C"
SIDES = ("L", "R")

# 501.2b: the per-player zones; the areas are listed separately because a player has three
PLAYER_ZONES = ("account", "mission", "deck", "hand", "keep", "trash", "energy", "remove",
                "exp", "connect")
SHARED_ZONES = ("temporary", "scout")  # 501.2a (the lanes hold no cards of their own)
# 504.2, 509.3 hidden; 508 does not say, the keep zone holds a hand card (reading keep-hidden)
HIDDEN_ZONES = frozenset({"deck", "hand", "keep"})
STATE_ZONES = frozenset({"account", "mission", "area"})  # 502.3
ORDERED_ZONES = frozenset({"deck", "mission"})  # 504.2 fixed order; 507.3 fixed positions
MISSION_SLOTS = 3  # 401.4, 507.3

CARD_TYPES = ("account", "mission", "chara", "event", "engage")  # 302.2
TYPE_ALIASES = {"アカウント": "account", "ミッション": "mission", "キャラ": "chara",
                "イベント": "event", "エンゲージ": "engage"}
TYPE_JA = {v: k for k, v in TYPE_ALIASES.items()}
ICONS = ("scout", "no_attack", "lvup")  # 305.3a, 305.4a, 905.2d (reading lvup-icon)
ICON_ALIASES = {"スカウト": "scout", "アタック不可": "no_attack", "LvUP": "lvup",
                "lvup": "lvup"}
PHASES = ("start_draw", "main", "mission", "charge", "end_draw")  # 701.3
PHASE_JA = {"start_draw": "スタートドローフェイズ", "main": "メインフェイズ",
            "mission": "ミッションフェイズ", "charge": "チャージフェイズ",
            "end_draw": "エンドドローフェイズ"}
PHASE_OF_RULE = {"702": "start_draw", "703": "main", "704": "mission", "705": "charge",
                 "706": "end_draw", "802": "main", "803": "main", "804": "main", "805": "main",
                 "806": "main"}
LANE_MODES = ("facing", "same")

ZONE_JA = {"account": "アカウントゾーン", "mission": "ミッションゾーン", "deck": "デッキ",
           "hand": "手札", "keep": "キープゾーン", "trash": "トラッシュ",
           "energy": "エネルギーゾーン", "remove": "リムーブゾーン", "exp": "EXPゾーン",
           "connect": "コネクトゾーン", "temporary": "テンポラリー", "scout": "スカウトゾーン",
           "area": "エリア"}
AREA_JA = {"C": "センター", "L": "左サイド", "R": "右サイド"}


def opponent(p: str) -> str:
    return "P2" if p == "P1" else "P1"


# ---- zone names ---------------------------------------------------------------------------
def area_zone(player: str, area: str) -> str:
    return f"{player}.{area}"


def all_zones() -> list[str]:
    out = []
    for p in PLAYERS:
        out += [f"{p}.{z}" for z in PLAYER_ZONES]
        out += [area_zone(p, a) for a in AREAS]
    return out + list(SHARED_ZONES)


def zone_player(zone: str) -> str | None:
    """P1 / P2 for a per-player zone, None for a shared one."""
    return zone.split(".", 1)[0] if "." in zone else None


def zone_kind(zone: str) -> str:
    """'area' for the three areas; deck / hand / … for other per-player zones; temporary, scout."""
    if "." not in zone:
        return zone
    k = zone.split(".", 1)[1]
    return "area" if k in AREAS else k


def is_area(zone: str) -> bool:
    return zone_kind(zone) == "area"


def area_of(zone: str) -> str | None:
    """'C' for 'P1.C'; None for a zone that is not an area."""
    return zone.split(".", 1)[1] if is_area(zone) else None


def is_public(zone: str) -> bool:
    return zone_kind(zone) not in HIDDEN_ZONES


def default_face(zone: str) -> str:
    """502.5b: public zones face up, hidden zones face down."""
    return "up" if is_public(zone) else "down"


def has_states(zone: str) -> bool:
    """502.3: reboot/sleep exist only in the mission, area and account zones."""
    return zone_kind(zone) in STATE_ZONES


def zone_label(zone: str, lang: str = "en") -> str:
    """'P2's energy zone' / 'P2のエネルギーゾーン'; areas as 'P1.C (centre)'."""
    p, k = zone_player(zone), zone_kind(zone)
    if lang == "ja":
        if k == "area":
            return f"{p}の{AREA_JA[area_of(zone)]}"
        return f"{p}の{ZONE_JA[k]}" if p else ZONE_JA.get(k, zone)
    if k == "area":
        return f"{p}'s {dict(C='centre', L='left side', R='right side')[area_of(zone)]} ({zone})"
    names = {"exp": "EXP zone", "connect": "connect zone", "keep": "keep zone",
             "energy": "energy zone", "remove": "remove zone", "mission": "mission zone",
             "account": "account zone", "scout": "scout zone"}
    return f"{p}'s {names.get(k, k)}" if p else names.get(k, k)


# ---- geometry: areas and lanes ------------------------------------------------------------
def adjacent_areas(area: str) -> tuple[str, ...]:
    """1116.1 (reading adjacent-areas): the centre touches both sides; the sides do not touch."""
    return SIDES if area == CENTER else (CENTER,)


def facing_area(area: str, mode: str = "facing") -> str:
    """The other player's area in the same lane (reading `lanes`)."""
    if mode == "same" or area == CENTER:
        return area
    return "R" if area == "L" else "L"


def lane_of(player: str, area: str, mode: str = "facing") -> int:
    """Lane 1..3 counted from P1's left: P1's L, C, R are lanes 1, 2, 3."""
    a = area if player == "P1" else facing_area(area, mode)
    return AREAS.index(a) + 1


# ---- cards, players, board ----------------------------------------------------------------
class Card:
    """One card. `zone` is where it is; `under` names the chara an EXP or connected card
    belongs to (513.3, 514.3); `placed` orders entries into an area (1002.1 「最も新しく」)."""

    __slots__ = ("id", "name", "type", "cost", "power", "icons", "mission_info", "traits",
                 "account_info", "owner", "controller", "state", "face", "damage", "placed",
                 "since", "under", "abilities", "check", "clear", "counts", "text", "note",
                 "zone", "known", "bare", "incarnation", "pos")

    def __init__(self, id: str, *, name: str = "", type: str | None = None,
                 cost: int | None = None, power: int | None = None, icons: tuple = (),
                 mission_info: tuple = (), traits: tuple = (), account_info: tuple = (),
                 owner: str = "P1", controller: str | None = None, state: str | None = None,
                 face: str | None = None, damage: int = 0, placed: int = 0, since: int = 0,
                 under: str | None = None, abilities: list | None = None,
                 check: list | None = None, clear: list | None = None,
                 counts: dict | None = None, text: str = "", note: str = "", zone: str = "",
                 known: bool = True, bare: bool = False, pos: tuple = (0, 0)) -> None:
        self.id = id
        self.name = name
        self.type = type
        self.cost = cost
        self.power = power
        self.icons = tuple(icons)
        self.mission_info = tuple(mission_info)
        self.traits = tuple(traits)
        self.account_info = tuple(account_info)
        self.owner = owner
        self.controller = controller or owner
        self.state = state
        self.face = face
        self.damage = damage
        self.placed = placed  # order of entry into its current area (any entry, 1002.1)
        self.since = since  # entry into the areas from outside (911.3a timestamps)
        self.under = under
        self.abilities = abilities if abilities is not None else []
        self.check = check if check is not None else []  # mission check content (304.6a)
        self.clear = clear if clear is not None else []  # mission clear content (304.6b)
        self.counts = counts if counts is not None else {}  # 1005.1 recorded actions
        self.text = text
        self.note = note
        self.zone = zone
        self.known = known
        self.bare = bare
        self.incarnation = 0  # 501.4: a new card each time it changes zones
        self.pos = pos

    @property
    def is_chara(self) -> bool:
        return self.type == "chara"

    @property
    def face_now(self) -> str:
        return self.face or default_face(self.zone)

    @property
    def state_now(self) -> str | None:
        """reboot/sleep in the zones that have states (502.3); None elsewhere."""
        if not has_states(self.zone):
            return None
        return self.state or "reboot"

    def has_icon(self, icon: str) -> bool:
        return icon in self.icons

    def label(self) -> str:
        return f"{self.id} 《{self.name}》" if self.name else self.id

    def __repr__(self) -> str:
        return f"Card({self.id!r} in {self.zone})"


class Player:
    __slots__ = ("id", "counters", "pos")

    def __init__(self, id: str) -> None:
        self.id = id
        self.counters: dict[str, int] = {}  # 1301.2: start at 0, never below 0 (1301.4)
        self.pos = (0, 0)


class Board:
    """The single source of truth for a g2022 game state."""

    def __init__(self) -> None:
        self.ruleset = "g2022"
        self.edition = ""
        self.meta: dict = {}
        self.filename = "<board>"
        # game context
        self.turn = 1
        self.turn_player = "P1"
        self.first_player = "P1"
        self.step = "703.2"
        self.lanes = "facing"
        self.attack: dict | None = None  # attacker, area, lane, success, end_triggered
        self.mission_end_triggered: list[str] = []  # 704.5: abilities triggered this turn
        self.attack_success: list[str] = []  # 1118.1: charas with ≪アタック成功≫ this turn
        self.pre_processings = 0  # pre-processings run so far in this phase (1007.2)
        # players, cards, zones
        self.players = {p: Player(p) for p in PLAYERS}
        self.cards: dict[str, Card] = {}
        self.zones: dict[str, list[str]] = {z: [] for z in all_zones()}
        # effects and abilities in flight
        self.effects: list[dict] = []
        self.triggers: list[dict] = []
        self.timed: list[dict] = []
        self.clock = 0
        # the scenario around the state
        self.events: list = []
        self.actions: list = []
        self.choices: dict = {}
        self.until: str | None = None
        self.expect: dict | None = None
        self.positions: dict = {}

    # ---- queries --------------------------------------------------------------------------
    def cards_in(self, zone: str) -> list[Card]:
        cs = self.cards
        return [cs[i] for i in self.zones[zone]]

    def pzone(self, player: str, zone: str) -> list[str]:
        return self.zones[f"{player}.{zone}"]

    def area_cards(self, player: str, area: str) -> list[Card]:
        return self.cards_in(area_zone(player, area))

    def charas(self, player: str | None = None):
        """Every card in an area (of one player, or both), the turn player's first."""
        ps = (player,) if player else (self.turn_player, opponent(self.turn_player))
        for p in ps:
            for a in AREAS:
                yield from self.area_cards(p, a)

    def attached(self, host: str, kind: str) -> list[Card]:
        """The EXP (kind 'exp') or connected engages ('connect') of chara `host`."""
        c = self.cards[host]
        p = zone_player(c.zone) or c.controller
        return [x for x in self.cards_in(f"{p}.{kind}") if x.under == host]

    def lane_opponent(self, player: str, area: str) -> list[Card]:
        """The other player's charas in the same lane (804.2, 805.2)."""
        return self.area_cards(opponent(player), facing_area(area, self.lanes))

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def pos_of(self, path: tuple) -> tuple[int, int]:
        return self.positions.get(tuple(path), (0, 0))

    # ---- integrity ------------------------------------------------------------------------
    def integrity(self) -> list[str]:
        """Bookkeeping problems: a card in no zone or two, a zone list that disagrees with the
        card, an EXP or connected card whose chara is not in an area. Empty when sound."""
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
                elif zone_kind(z) in ("exp", "connect"):
                    host = self.cards.get(c.under or "")
                    if host is None or not is_area(host.zone):
                        out.append(f"card {i} in {z} belongs to no chara in an area")
        for i in self.cards:
            if i not in seen:
                out.append(f"card {i} is in no zone")
        return out
