"""The 東方VISION board: zones (ch. 3), cards and their information (ch. 2, 5.1, 6.1), players.

Zones are ordered lists of card ids keyed by a zone name (3.1.1, 3.1.3, 3.1.4):
  "P1.deck", "P1.hand", "P1.nodes", "P1.netherworld", "P1.removed", "P1.play",
  "P1.sideboard" — one of each per player (3.1.3); the deck and the netherworld are listed
  top first (3.2, 3.3.2);
  "field.P1", "field.P2" — the field (場) is common to all players but holds one area per
  player, 「自分の場」 (3.1.4, 3.4.5). A card set on a field card (セットカード, 11.3.7) is a field
  card too (3.4.6): it is listed in its host's area and names its host in `host`.
There are no squares or lanes: 東方VISION has no geometry beyond whose field a card is on.

Cards of unknown identity (a judge writes `deck: 20`) are real cards with generated ids such as
`P2.deck#3` and `known = False`; the writer folds them back into counts.
"""

from __future__ import annotations

PLAYERS = ("P1", "P2")
PLAYER_ZONES = ("deck", "hand", "nodes", "netherworld", "removed", "play", "sideboard")
FIELD_ZONES = tuple(f"field.{p}" for p in PLAYERS)
HIDDEN_ZONES = frozenset({"deck", "hand", "nodes", "sideboard"})  # 3.2.3, 3.6.3, 3.5.3, 3.9.3
TOP_FIRST = frozenset({"deck", "netherworld"})  # 3.2.2, 3.3.2
STATE_ZONES = frozenset({"field", "nodes"})  # active/sleep (3.4.2, 3.5.2)

ZONE_JA = {"deck": "デッキ", "hand": "手札", "nodes": "ノードエリア", "netherworld": "冥界",
           "removed": "除外エリア", "play": "プレイエリア", "sideboard": "サイドボード",
           "field": "場"}
ZONE_EN = {"deck": "deck", "hand": "hand", "nodes": "node area", "netherworld": "netherworld",
           "removed": "removed area", "play": "play area", "sideboard": "sideboard",
           "field": "field"}

CARD_TYPES = {"character": "character", "spell": "spell", "command": "command",
              "キャラクター": "character", "スペル": "spell", "コマンド": "command"}
TYPE_JA = {"character": "キャラクター", "spell": "スペル", "command": "コマンド"}

# 2.6.2.a–r
RACES = ("人間", "妖怪", "妖精", "魔法使い", "河童", "吸血鬼", "魔界人", "幽霊", "天狗", "死神",
         "閻魔", "神", "獣", "鬼", "天人", "龍", "仙人", "小人")

# chapter 10: the keyword's own word (kept as the rules write it) and the English names a file
# may use instead. A keyword with a value (耐性A, マナチャージ(X), 維持コスト(X)) is written
# `{耐性: 妖怪}`, `{マナチャージ: 2}`.
KEYWORDS = {
    "速攻": ("haste",), "奇襲": ("ambush",), "先制": ("first_strike",), "貫通": ("pierce",),
    "隠密": ("stealth",), "警戒": ("vigilance",), "即死": ("instant_death",), "人形": ("doll",),
    "伝説": ("legend",), "耐性": ("resistance",), "マナチャージ": ("mana_charge",),
    "装備": ("equipment",), "呪符": ("talisman",), "装備/場": ("field_equipment",),
    "幻想生物": ("phantasm",), "世界呪符": ("world_talisman",), "維持コスト": ("upkeep",),
    "リーダー": ("leader",),
}
VALUE_KEYWORDS = frozenset({"耐性", "マナチャージ", "維持コスト"})
KEYWORD_ALIASES = {alias: kw for kw, aliases in KEYWORDS.items() for alias in aliases}
KEYWORD_ALIASES.update({kw: kw for kw in KEYWORDS})

SET_KINDS = ("equipment", "talisman", "popularity", "other")  # 10.13, 10.14, 10.34.2.b, 11.3.11.b
SET_KINDS_JA = {"equipment": "装備", "talisman": "呪符", "popularity": "人気", "other": "その他"}


def opponent(p: str) -> str:
    """The next player in turn order (two-player games: reading two-players)."""
    return "P2" if p == "P1" else "P1"


def zone_player(zone: str) -> str:
    """The player a zone belongs to: "P1.hand" → P1, "field.P2" → P2."""
    a, _, b = zone.partition(".")
    return b if a == "field" else a


def zone_kind(zone: str) -> str:
    """deck / hand / … / field."""
    a, _, b = zone.partition(".")
    return "field" if a == "field" else b


def field_of(p: str) -> str:
    return f"field.{p}"


def pzone(p: str, kind: str) -> str:
    return field_of(p) if kind == "field" else f"{p}.{kind}"


def is_public(zone: str) -> bool:
    return zone_kind(zone) not in HIDDEN_ZONES


def default_face(zone: str) -> str:
    """3.1.5.a/b: face up in public zones, face down in private ones; nodes always face down
    (1.8.5)."""
    return "up" if is_public(zone) else "down"


def has_states(zone: str) -> bool:
    return zone_kind(zone) in STATE_ZONES


def zone_label(zone: str, lang: str = "en") -> str:
    kind = zone_kind(zone)
    p = zone_player(zone)
    if lang == "ja":
        return f"{p}の{ZONE_JA[kind]}"
    return f"{p}'s {ZONE_EN[kind]}"


def number(v) -> int:
    """1.6.1.b: '-' (None here) is not a number but counts as 0 when a number is asked."""
    return 0 if v is None else int(v)


class Card:
    __slots__ = ("id", "name", "type", "owner", "state", "face", "need", "cost", "attack",
                 "durability", "graze", "races", "caster", "alt_race", "keywords",
                 "abilities", "combat_damage", "effect_damage", "host", "set_as", "entered",
                 "text", "note", "zone", "known", "bare", "pos", "incarnation")

    def __init__(self, id: str, *, name: str = "", type: str | None = None, owner: str = "P1",
                 state: str | None = None, face: str | None = None, need=0, cost=0,
                 attack: int | None = None, durability: int | None = None,
                 graze: int | None = None, races: tuple = (), caster: str = "",
                 alt_race: dict | None = None, keywords: tuple = (),
                 abilities: list | None = None, combat_damage: int = 0,
                 effect_damage: int = 0, host: str | None = None, set_as: str | None = None,
                 entered: int = 0, text: str = "", note: str = "", zone: str = "",
                 known: bool = True, bare: bool = False, pos: tuple = (0, 0)) -> None:
        self.id = id
        self.name = name
        self.type = type  # character / spell / command (2.2.2)
        self.owner = owner  # 本来のプレイヤー (1.7.2), never changes (1.7.2.a)
        self.state = state  # active / sleep on the field and in the node area (5.1.2)
        self.face = face  # up / down (5.1.1.a)
        self.need = need  # 必要ノード: int, "-" or "Nullity"
        self.cost = cost  # int, "X", "-" or "Nullity"
        self.attack = attack  # None = '-' (2.10.3)
        self.durability = durability  # None = '-' (2.11.3)
        self.graze = graze  # None = not printed (2.8.3)
        self.races = tuple(races)
        self.caster = caster  # 術者 (2.5)
        self.alt_race = alt_race  # 代替レース {"race": 妖精, "count": 2} (2.7.2)
        self.keywords = tuple(keywords)  # ((word, value|None), …) — chapter 10
        self.abilities = abilities if abilities is not None else []
        self.combat_damage = combat_damage  # accumulated damage by kind (1.10.11.b, 1.10.13)
        self.effect_damage = effect_damage
        self.host = host  # the card this one is set on (11.3.7)
        self.set_as = set_as  # equipment / talisman / popularity / other
        self.entered = entered  # field-entry order (7.4.5.e)
        self.text = text
        self.note = note
        self.zone = zone
        self.known = known
        self.bare = bare  # written as a bare id: identity known, information not given
        self.pos = pos
        self.incarnation = 0  # +1 on every zone change (3.1.7: the card forgets)

    # ---- information -------------------------------------------------------------------
    @property
    def damage(self) -> int:
        """Accumulated damage (蓄積ダメージ, 1.10.11.b), both kinds."""
        return self.combat_damage + self.effect_damage

    def keyword(self, word: str):
        """The value of a keyword the card has (True for one without a value), else None."""
        for k, v in self.keywords:
            if k == word:
                return True if v is None else v
        return None

    def has(self, word: str) -> bool:
        return any(k == word for k, _ in self.keywords)

    @property
    def on_field(self) -> bool:
        return zone_kind(self.zone) == "field" if self.zone else False

    @property
    def is_character(self) -> bool:
        """6.1.1, 5.4.3, 10.16.3: a character card (or 幻想生物) on the field, face up and not
        set on another card."""
        return (self.on_field and self.host is None and self.face != "down"
                and (self.type == "character" or self.has("幻想生物")))

    @property
    def controller(self) -> str:
        """The player whose field (or zone) holds the card."""
        return zone_player(self.zone) if self.zone else self.owner

    def label(self) -> str:
        return f"{self.id} 《{self.name}》" if self.name else self.id

    def __repr__(self) -> str:
        return f"Card({self.id!r} in {self.zone})"


class Player:
    __slots__ = ("id", "lp", "hand_limit", "flags", "pos")

    def __init__(self, id: str) -> None:
        self.id = id
        self.lp = 25  # 1.9.1
        self.hand_limit = 7  # 3.6.4
        self.flags: dict[str, bool] = {}
        self.pos = (0, 0)


class Board:
    """The single source of truth for a 東方VISION game state."""

    def __init__(self) -> None:
        self.ruleset = "thv"
        self.edition = ""
        self.meta: dict = {}
        self.filename = "<board>"
        # game context
        self.turn = 1
        self.turn_player = "P1"
        self.first_player = "P1"  # 開始プレイヤー (1.2.7.b)
        self.step = "4.7.1.b"
        self.priority: str | None = "P1"
        self.passed: list[str] = []  # consecutive passes since the last action (1.12.9)
        self.attack_priority: str | None = None  # holder of the attack-moved priority (6.4.2.a)
        self.turn_flags: dict[str, bool] = {}  # node_set, character_played, doll_played, …
        self.ready_nodes = False  # reading nodes-not-readied
        # players, cards, zones
        self.players = {p: Player(p) for p in PLAYERS}
        self.cards: dict[str, Card] = {}
        self.zones: dict[str, list[str]] = {}
        for p in PLAYERS:
            for z in PLAYER_ZONES:
                self.zones[f"{p}.{z}"] = []
        for z in FIELD_ZONES:
            self.zones[z] = []
        # what is in flight
        self.interference: list[dict] = []  # frames, outermost first (1.12.5, 1.12.7)
        self.effects: list[dict] = []  # effects lasting a period (7.6)
        self.waiting: list[dict] = []  # 待機中の効果 (7.8)
        self.timed: list[dict] = []  # 特定のタイミングで解決される効果 (7.7)
        self.pending: list[dict] = []  # 自動γ whose condition was met (7.4.7.c)
        self.clock = 0  # field-entry order (7.4.5.e)
        # the scenario around the state
        self.events: list = []
        self.actions: list = []
        self.choices: dict = {}
        self.until: str | None = None
        self.expect: dict | None = None
        self.positions: dict = {}

    # ---- queries ---------------------------------------------------------------------------
    def cards_in(self, zone: str) -> list[Card]:
        cs = self.cards
        return [cs[i] for i in self.zones[zone]]

    def pzone(self, player: str, kind: str) -> list[str]:
        return self.zones[pzone(player, kind)]

    def field(self, player: str | None = None) -> list[Card]:
        zones = FIELD_ZONES if player is None else (field_of(player),)
        cs = self.cards
        return [cs[i] for z in zones for i in self.zones[z]]

    def characters(self, player: str | None = None) -> list[Card]:
        return [c for c in self.field(player) if c.is_character]

    def set_cards(self, host: Card) -> list[Card]:
        """The cards set on `host`, in the order they were set (11.3.7)."""
        return [c for c in self.cards_in(host.zone) if c.host == host.id] if host.zone else []

    def frame(self) -> dict | None:
        """The innermost interference (the one priority actions join), or None."""
        return self.interference[-1] if self.interference else None

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def pos_of(self, path: tuple) -> tuple[int, int]:
        return self.positions.get(tuple(path), (0, 0))

    # ---- integrity -------------------------------------------------------------------------
    def integrity(self) -> list[str]:
        """Problems with the bookkeeping itself: a card in no zone or two, a `zone` that
        disagrees with the lists, a set card whose host is elsewhere. Empty when sound."""
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
        for i, c in self.cards.items():
            if i not in seen:
                out.append(f"card {i} is in no zone")
            if c.host is not None:
                h = self.cards.get(c.host)
                if h is None or h.zone != c.zone:
                    out.append(f"card {i} is set on {c.host}, which is not in {c.zone}")
        return out
