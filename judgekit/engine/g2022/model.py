"""The g2022 board: zones, areas and lanes, card and player fields.

Zones (501.2) are ordered lists of card ids keyed by a zone name:
  per player (501.2b)  "P1.account", "P1.missions" (three fixed positions, 507.3), "P1.deck"
                       (top first), "P1.hand", "P1.keep", "P1.energy", "P1.trash",
                       "P1.remove", the three areas "P1.L", "P1.C", "P1.R" (503.2; each oldest
                       placed first), "P1.exp" and "P1.connect" (each card there names its
                       chara in `under`, 513.3, 514.3)
  shared (501.2a)      "temporary", "scout" (the lanes are geometry, not a zone with cards)

Areas are named from their own player's seat: C is the centre (センター), L and R the sides
(サイド). Lanes are not defined by the rules (reading `lanes`): by default a player's L shares
a lane with the other player's R ("facing"); `lanes: same` pairs L with L.
"""

from __future__ import annotations

from ...board.model import PLAYERS, BaseBoard, BaseCard, BasePlayer, opponent, zone_player

AREAS = ("L", "C", "R")  # 503.2: one centre, two sides
CENTER = "C"
SIDES = ("L", "R")
PLAYER_ZONES = ("account", "missions", "deck", "hand", "keep", "energy", "trash", "remove",
                "L", "C", "R", "exp", "connect")
HIDDEN_KINDS = ("deck", "hand", "keep")  # 504.2, 509.3; keep: reading keep-hidden
STATE_KINDS = ("account", "missions", "area")  # 502.3
MISSION_SLOTS = 3  # 401.4, 507.3

CARD_TYPES = ("account", "mission", "chara", "event", "engage")  # 302.2
TYPE_ALIASES = {"アカウント": "account", "ミッション": "mission", "キャラ": "chara",
                "イベント": "event", "エンゲージ": "engage"}
TYPE_JA = {v: k for k, v in TYPE_ALIASES.items()}
ICONS = ("scout", "no_attack", "lvup")  # 305.3a, 305.4a, 905.2d (reading lvup-icon)
ICON_ALIASES = {"スカウト": "scout", "スカウトアイコン": "scout", "アタック不可": "no_attack",
                "アタック不可アイコン": "no_attack", "LvUP": "lvup"}
PHASES = ("start_draw", "main", "mission", "charge", "end_draw")  # 701.3
PHASE_OF = {"702": "start_draw", "703": "main", "704": "mission", "705": "charge",
            "706": "end_draw", "801": "main", "802": "main", "803": "main", "804": "main",
            "805": "main", "806": "main", "601": "setup"}
PHASE_WORDS = {"start_draw": ("start draw phase", "スタートドローフェイズ"),
               "main": ("main phase", "メインフェイズ"),
               "mission": ("mission phase", "ミッションフェイズ"),
               "charge": ("charge phase", "チャージフェイズ"),
               "end_draw": ("end draw phase", "エンドドローフェイズ")}
LANE_MODES = ("facing", "same")

ZONE_WORDS = {"account": ("account zone", "アカウントゾーン"),
              "missions": ("mission zone", "ミッションゾーン"), "deck": ("deck", "デッキ"),
              "hand": ("hand", "手札"), "keep": ("keep zone", "キープゾーン"),
              "energy": ("energy zone", "エネルギーゾーン"), "trash": ("trash", "トラッシュ"),
              "remove": ("remove zone", "リムーブゾーン"), "exp": ("EXP zone", "EXPゾーン"),
              "connect": ("connect zone", "コネクトゾーン"),
              "temporary": ("temporary", "テンポラリー"), "scout": ("scout zone", "スカウトゾーン")}
AREA_WORDS = {"C": ("centre", "センター"), "L": ("left side", "左サイド"),
              "R": ("right side", "右サイド")}


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


def area_zone(player: str, area: str) -> str:
    return f"{player}.{area}"


def zone_words(zone: str, lang: str = "en") -> str:
    """"P2's energy zone" / "P2のエネルギーゾーン"; areas as "P1's centre (P1.C)"."""
    p = zone_player(zone)
    k = zone_kind(zone)
    i = 1 if lang == "ja" else 0
    if k == "area":
        w = AREA_WORDS[area_of(zone)][i]
        return f"{p}の{w}" if i else f"{p}'s {w} ({zone})"
    w = ZONE_WORDS.get(k, (k, k))[i]
    if p is None:
        return w
    return f"{p}の{w}" if i else f"{p}'s {w}"


# ---- geometry: areas and lanes -------------------------------------------------------------
def adjacent_areas(area: str) -> tuple[str, ...]:
    """1116.1 (reading adjacent-areas): the centre touches both sides; the sides do not touch."""
    return SIDES if area == CENTER else (CENTER,)


def facing_area(area: str, mode: str = "facing") -> str:
    """The other player's area in the same lane (reading `lanes`)."""
    if mode == "same" or area == CENTER:
        return area
    return "R" if area == "L" else "L"


# ---- cards, players, board -------------------------------------------------------------------
class Card(BaseCard):
    """A g2022 card: the parameters of 300s (cost 303, power 306, icons 305, mission info /
    traits / account info 307–309), a mission's check and clear content and recorded counts
    (304.6, 1005.1), and `under`: the chara an EXP or connected card belongs to (513.3, 514.3).
    `origin` remembers where a card in the temporary or the scout zone came from (502.2)."""

    __slots__ = ("cost", "power", "icons", "mission_info", "traits", "account_info", "check",
                 "clear", "counts", "under", "origin", "since")
    FIELDS = (("cost", None), ("power", None), ("icons", ()), ("mission_info", ()),
              ("traits", ()), ("account_info", ()), ("check", None), ("clear", None),
              ("counts", None))
    TAIL_FIELDS = (("under", None),)

    def __init__(self, id: str, **kw) -> None:
        super().__init__(id, **kw)
        self.origin: str | None = None  # 502.2: the zone before the temporary / scout zone
        self.since = 0  # 911.3a: when it last entered the areas from outside

    @property
    def is_chara(self) -> bool:
        return self.type == "chara"

    def has_icon(self, icon: str) -> bool:
        return icon in self.icons


class Player(BasePlayer):
    __slots__ = ()


class Board(BaseBoard):
    """The single source of truth for a g2022 game state."""

    ruleset = "g2022"
    Card = Card
    Player = Player
    PLAYER_ZONES = PLAYER_ZONES
    SHARED_ZONES = {"temporary": "temporary", "scout": "scout"}
    HIDDEN_KINDS = HIDDEN_KINDS
    STATE_KINDS = STATE_KINDS
    DEFAULT_STATE = "reboot"  # 503.3, 601.1a–b
    ORDERED_TOP_KINDS = ("deck",)
    PLACED_KINDS = ("area",)  # 1002.1 「最も新しくそのエリアに置かれた」
    ZONE_SECTIONS = {"temporary": "temporary", "scout": "scout"}

    def __init__(self) -> None:
        super().__init__()
        self.step = "703.2"
        self.lanes = "facing"
        self.attack: dict | None = None  # attacker, success, battle_end_triggered
        self.mission_end_triggered: list[str] = []  # 704.5
        self.attack_success: list[str] = []  # 1118.1 (until the end of the mission phase)
        self.pre_processings = 0  # run so far in the current phase (1007.2)
        self.timed: list[dict] = []  # delayed auto abilities (908.4)

    def zone_kind(self, zone: str) -> str:
        return zone_kind(zone)

    # ---- the file's own game context ----------------------------------------------------------
    def complete_card(self, card, data: dict) -> None:
        if card.type is None and "power" in data:
            card.type = "chara"  # 306.1: only charas have power

    def read_context(self, game: dict, data: dict) -> None:
        self.lanes = game.get("lanes", "facing")
        self.attack = dict(game["attack"]) if "attack" in game else None
        self.mission_end_triggered = list(game.get("mission_end_triggered", []))
        self.attack_success = list(game.get("attack_success", []))
        self.pre_processings = game.get("pre_processings", 0)
        for i, t in enumerate(data.get("timed", [])):
            tm = dict(t)
            tm["_path"] = ("timed", i)
            self.timed.append(tm)

    def write_context(self, game: dict, data: dict) -> None:
        if self.lanes != "facing":
            game["lanes"] = self.lanes
        if self.attack:
            game["attack"] = {k: v for k, v in self.attack.items()
                              if not k.startswith("_") and v not in (None, [], "", False)}
        if self.mission_end_triggered:
            game["mission_end_triggered"] = list(self.mission_end_triggered)
        if self.attack_success:
            game["attack_success"] = list(self.attack_success)
        if self.pre_processings:
            game["pre_processings"] = self.pre_processings
        if self.timed:
            data["timed"] = [{k: v for k, v in t.items() if not k.startswith("_")}
                             for t in self.timed]

    def rename_references(self, renames: dict) -> None:
        for c in self.cards.values():
            if c.under in renames:
                c.under = renames[c.under]
        if self.attack and self.attack.get("attacker") in renames:
            self.attack["attacker"] = renames[self.attack["attacker"]]
        self.attack_success = [renames.get(i, i) for i in self.attack_success]
        for t in self.timed:
            if t.get("chosen"):
                t["chosen"] = [renames.get(i, i) for i in t["chosen"]]

    def read_player(self, pl, pd: dict) -> None:
        # the zone gives the type of a card written without one (302.2, 601.1a–b)
        for kind, typ in (("account", "account"), ("missions", "mission")):
            for c in self.cards_in(f"{pl.id}.{kind}"):
                if c.type is None:
                    c.type = typ

    # ---- queries ------------------------------------------------------------------------------
    def area_cards(self, player: str, area: str) -> list[Card]:
        return self.cards_in(area_zone(player, area))

    def charas(self, player: str | None = None):
        """Every card in an area (of one player, or both: the turn player's first)."""
        ps = (player,) if player else (self.turn_player, opponent(self.turn_player))
        for p in ps:
            for a in AREAS:
                yield from self.area_cards(p, a)

    def attached(self, host: str, kind: str) -> list[Card]:
        """The EXP (kind 'exp') or connected engages ('connect') of chara `host`."""
        out = []
        for p in PLAYERS:
            out += [c for c in self.cards_in(f"{p}.{kind}") if c.under == host]
        return out

    def lane_opponents(self, player: str, area: str) -> list[Card]:
        """The other player's charas in the same lane (804.2, 805.2)."""
        return self.area_cards(opponent(player), facing_area(area, self.lanes))

    def integrity(self) -> list[str]:
        out = super().integrity()
        for p in PLAYERS:
            for kind in ("exp", "connect"):
                for c in self.cards_in(f"{p}.{kind}"):
                    host = self.cards.get(c.under or "")
                    if host is None or not is_area(host.zone):
                        out.append(f"card {c.id} in {p}.{kind} belongs to no chara in an area")
        return out


__all__ = ["Board", "Card", "Player", "PLAYERS", "AREAS", "CENTER", "SIDES", "opponent",
           "zone_player", "zone_kind", "is_area", "area_of", "area_zone", "zone_words",
           "adjacent_areas", "facing_area"]
