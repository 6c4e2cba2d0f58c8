"""The 東方VISION board: zones (ch. 3), cards and their information (ch. 2, 5.1, 6.1), players.

Zones are per player (3.1.3): "P1.deck", "P1.hand", "P1.nodes", "P1.field", "P1.netherworld",
"P1.removed", "P1.play", "P1.sideboard". The field (場) is common to all players but holds one
area per player, 「自分の場」 (3.1.4, 3.4.5): "P1.field" is P1's part of it. The deck and the
netherworld are listed top first (3.2, 3.3.2). A card set on a field card (セットカード, 11.3.7)
is a field card too (3.4.6): it is listed in its host's area and the host names it in `set`.
There are no squares or lanes: 東方VISION has no geometry beyond whose field a card is on.
"""

from __future__ import annotations

from ...board.model import PLAYERS, BaseBoard, BaseCard, BasePlayer, opponent, zone_player

PLAYER_ZONES = ("deck", "hand", "nodes", "field", "netherworld", "removed", "play", "sideboard")
HIDDEN_ZONES = ("deck", "hand", "nodes", "sideboard")  # 3.2.3, 3.6.3, 3.5.3, 3.9.3
STATE_ZONES = ("field", "nodes")  # active/sleep (3.4.2, 3.5.2)
PILE_ZONES = ("deck", "netherworld")  # top first (3.2.2, 3.3.2)

ZONE_JA = {"deck": "デッキ", "hand": "手札", "nodes": "ノードエリア", "field": "場",
           "netherworld": "冥界", "removed": "除外エリア", "play": "プレイエリア",
           "sideboard": "サイドボード"}
ZONE_EN = {"deck": "deck", "hand": "hand", "nodes": "node area", "field": "field",
           "netherworld": "netherworld", "removed": "removed area", "play": "play area",
           "sideboard": "sideboard"}

CARD_TYPES = ("character", "spell", "command")  # 2.2.2
CARD_TYPE_ALIASES = {"キャラクター": "character", "スペル": "spell", "コマンド": "command",
                     "Character Card": "character", "Spell Card": "spell",
                     "Command Card": "command"}
TYPE_JA = {"character": "キャラクター", "spell": "スペル", "command": "コマンド"}

# 2.6.2.a–r
RACES = ("人間", "妖怪", "妖精", "魔法使い", "河童", "吸血鬼", "魔界人", "幽霊", "天狗", "死神",
         "閻魔", "神", "獣", "鬼", "天人", "龍", "仙人", "小人")

# chapter 10: the keyword as the rules write it, and the English name a file may use instead.
# A keyword with a value (耐性A, マナチャージ(X), 維持コスト(X)) is written {耐性: 妖怪}.
KEYWORDS = {
    "速攻": "haste", "奇襲": "ambush", "先制": "first_strike", "貫通": "pierce",
    "隠密": "stealth", "警戒": "vigilance", "即死": "instant_death", "人形": "doll",
    "伝説": "legend", "耐性": "resistance", "マナチャージ": "mana_charge", "装備": "equipment",
    "呪符": "talisman", "装備/場": "field_equipment", "幻想生物": "phantasm",
    "世界呪符": "world_talisman", "維持コスト": "upkeep", "リーダー": "leader",
    "ターン1枚制限": "once_per_turn", "自分ターン1枚制限": "once_per_own_turn",
    "相手ターン1枚制限": "once_per_opponent_turn", "自分ターン制限": "own_turn_only",
    "相手ターン制限": "opponent_turn_only", "神器": "divine_tool", "ラストスペル": "last_spell",
    "封術": "sealed_caster", "ラストワード": "last_word", "加護": "blessing", "抵抗": "resist",
    "オーバードライブ": "overdrive", "連結": "link", "壱符": "first_card", "弐符": "second_card",
    "デッキ1枚制限": "one_per_deck", "変身": "transform",
}
VALUE_KEYWORDS = ("耐性", "マナチャージ", "維持コスト", "加護", "抵抗", "連結", "壱符", "変身")
KEYWORD_ALIASES = {en: ja for ja, en in KEYWORDS.items()}

SET_KINDS = ("equipment", "talisman", "popularity", "other")  # 10.13, 10.14, 10.34, 11.3.11.b
SET_KINDS_JA = {"equipment": "装備", "talisman": "呪符", "popularity": "人気", "other": "その他"}
PHASES = ("active", "maintenance", "draw", "main", "discard")
PHASE_JA = {"active": "アクティブフェイズ", "maintenance": "メンテナンスフェイズ",
            "draw": "ドローフェイズ", "main": "メインフェイズ", "discard": "ディスカードフェイズ"}


def zone_kind(zone: str) -> str:
    return zone.split(".", 1)[1] if "." in zone else zone


def pz(p: str, kind: str) -> str:
    return f"{p}.{kind}"


def zone_label(zone: str, lang: str = "en") -> str:
    kind, p = zone_kind(zone), zone_player(zone)
    if lang == "ja":
        return f"{p}の{ZONE_JA.get(kind, kind)}"
    return f"{p}'s {ZONE_EN.get(kind, kind)}"


def number(v) -> int:
    """1.6.1.b: '-' is not a number but counts as 0 when a number is asked; so does a value
    the card does not have (2.8.3, 2.10.3)."""
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def canonical_keyword(word: str) -> str:
    return KEYWORD_ALIASES.get(word, word)


def keyword_name(k) -> str:
    """A keyword's name: 速攻, or 耐性 for {耐性: 妖怪}."""
    return next(iter(k)) if isinstance(k, dict) else k


class Card(BaseCard):
    """A 東方VISION card: 必要ノード and cost (2.4), caster (2.5), races (2.6), 代替レース
    (2.7), graze (2.8), attack and durability (2.10, 2.11), 戦術/特殊効果 (ch. 10), the
    combat part of its accumulated damage (1.10.13.d), and the cards set on it (11.3.7).

    `damage` (a core field) is the whole accumulated damage (蓄積ダメージ, 1.10.11.b);
    `combat_damage` the part of it dealt by combat, reset at 6.2.4.h — the rest is effect
    damage, reset at turn start and end (1.10.13.e). `controller` is the player whose zone
    holds the card (whose field it is on); `owner` is the 本来のプレイヤー (1.7.2)."""

    __slots__ = ("need", "cost", "attack", "durability", "graze", "races", "caster",
                 "alt_race", "keywords", "combat_damage", "set_as", "set")
    FIELDS = (("need", None), ("cost", None), ("attack", None), ("durability", None),
              ("graze", None), ("races", ()), ("caster", ""), ("alt_race", None),
              ("keywords", ()))
    TAIL_FIELDS = (("combat_damage", 0), ("set_as", None))
    ATTACHED = ("set",)

    # ---- keywords (chapter 10) -------------------------------------------------------------
    def all_keywords(self) -> list:
        """The printed keywords, plus those granted by effects in force, less those taken away
        (「失う」 wins over 「得る」, 1.3.2); the same keyword twice stays twice (10.1.3)."""
        if not self.grants:
            return list(self.keywords)
        from ..effects.grants import effective

        return effective(list(self.keywords), self, name_of=keyword_name, lose_wins=True)

    def keyword(self, word: str):
        """The keyword's value (True for one without a value), else None."""
        for k in (self.all_keywords() if self.grants else self.keywords):
            if isinstance(k, dict):
                (name, value), = k.items()
                if name == word:
                    return value
            elif k == word:
                return True
        return None

    def keyword_values(self, word: str) -> list:
        """Every value of the keyword the card has: the same tactic or special effect had twice
        is two, each on its own (10.1.3)."""
        out = []
        for k in (self.all_keywords() if self.grants else self.keywords):
            if isinstance(k, dict):
                (name, value), = k.items()
                if name == word:
                    out.append(value)
            elif k == word:
                out.append(True)
        return out

    def has(self, word: str) -> bool:
        return self.keyword(word) is not None

    @property
    def effect_damage(self) -> int:
        return self.damage - self.combat_damage

    @property
    def is_face_up(self) -> bool:
        return self.face != "down"


class Player(BasePlayer):
    __slots__ = ("lp", "hand_limit")
    FIELDS = (("lp", 25), ("hand_limit", 7))  # 1.9.1; 3.6.4


class Board(BaseBoard):
    """The single source of truth for a 東方VISION game state."""

    ruleset = "thv"
    Card = Card
    Player = Player
    PLAYER_ZONES = PLAYER_ZONES
    SHARED_ZONES: dict = {}
    HIDDEN_KINDS = HIDDEN_ZONES
    STATE_KINDS = STATE_ZONES
    DEFAULT_STATE = "active"
    ORDERED_TOP_KINDS = PILE_ZONES
    PLACED_KINDS = ()
    ZONE_SECTIONS: dict = {}

    def __init__(self) -> None:
        super().__init__()
        self.step = "4.7.1.b"
        self.phase = "main"  # the phase a step inside an interference belongs to
        self.passed: list[str] = []  # passes in succession since the last action (1.12.9)
        self.attack_priority: str | None = None  # holds the priority an attack moved (6.4.2.a)
        self.turn_flags: dict[str, bool] = {}  # node_set, character_played, doll_played, …
        self.leader_used: list[str] = []  # 10.34.2.c resolved this turn
        self.limited: list[str] = []  # "P1:name": ターン1枚制限 made this turn (10.21.2.a)
        self.interference: list[dict] = []  # frames, outermost first (1.12.5, 1.12.7)
        self.waiting: list[dict] = []  # 待機中の効果 (7.8)

    # ---- the file's own game context ----------------------------------------------------------
    def complete_card(self, card, data: dict) -> None:
        if card.type in CARD_TYPE_ALIASES:
            card.type = CARD_TYPE_ALIASES[card.type]
        if card.type is None and ("attack" in data or "durability" in data) \
                and card.set_as is None:
            card.type = "character"  # a card written with battle stats is a character card
        kws = []
        for k in card.keywords:
            if isinstance(k, dict):
                (name, value), = k.items()
                kws.append({canonical_keyword(name): value})
            else:
                kws.append(canonical_keyword(k))
        card.keywords = tuple(kws)

    def read_context(self, game: dict, data: dict) -> None:
        self.phase = game.get("phase", self.phase)
        self.passed = list(game.get("passed", []))
        self.attack_priority = game.get("attack_priority")
        self.turn_flags = {k: True for k in ("node_set", "character_played", "doll_played",
                                             "world_talisman_played") if game.get(k)}
        self.leader_used = list(game.get("leader_used", []))
        self.limited = list(game.get("limited", []))
        if game.get("ready_nodes"):  # the older key for readings: {nodes-not-readied: …}
            self.readings["nodes-not-readied"] = "ready-nodes"
        self.interference = [_frame_in(f) for f in data.get("interference", [])]
        self.waiting = [dict(w) for w in data.get("waiting", [])]
        if self.priority is None and self.step in PRIORITY_STEPS:
            self.priority = self.turn_player

    def write_context(self, game: dict, data: dict) -> None:
        if self.step not in PRIORITY_STEPS and phase_of_step(self.step) is None:
            game["phase"] = self.phase
        if self.passed:
            game["passed"] = list(self.passed)
        if self.attack_priority:
            game["attack_priority"] = self.attack_priority
        for k in ("node_set", "character_played", "doll_played", "world_talisman_played"):
            if self.turn_flags.get(k):
                game[k] = True
        if self.leader_used:
            game["leader_used"] = list(self.leader_used)
        if self.limited:
            game["limited"] = list(self.limited)
        if self.interference:
            data["interference"] = [_frame_out(f) for f in self.interference]
        if self.waiting:
            data["waiting"] = [{k: v for k, v in w.items() if not k.startswith("_")}
                               for w in self.waiting]

    def write_player(self, pl, pd: dict) -> None:
        pd["lp"] = pl.lp
        if pl.hand_limit != 7:
            pd["hand_limit"] = pl.hand_limit

    def infer_set_kinds(self) -> None:
        """A card set on a リーダー with no kind written is a 人気 card (10.34.2.b–c are the
        way cards nobody has seen get set on one); any other is 'other' (11.3.11.b)."""
        for h in self.cards.values():
            for sid in h.set:
                c = self.cards.get(sid)
                if c is not None and c.set_as is None:
                    c.set_as = "popularity" if h.has("リーダー") else "other"

    # ---- queries ------------------------------------------------------------------------------
    def field(self, player: str | None = None) -> list[Card]:
        ps = PLAYERS if player is None else (player,)
        cs = self.cards
        return [cs[i] for p in ps for i in self.zones[f"{p}.field"]]

    def host_of(self, c: Card) -> Card | None:
        """The card `c` is set on (11.3.7), or None."""
        if not c.zone.endswith(".field"):
            return None
        found = self.attached_to(c)
        return found[0] if found else None

    def is_character(self, c: Card) -> bool:
        """6.1.1, 5.4.3, 6.1.8, 10.16.3: a character card (or 幻想生物) on the field, face up
        and not set on another card (6.1.9.a, 6.1.9.d)."""
        return (c.zone.endswith(".field") and c.is_face_up
                and (c.type == "character" or c.has("幻想生物"))
                and self.host_of(c) is None)

    def characters(self, player: str | None = None) -> list[Card]:
        return [c for c in self.field(player) if self.is_character(c)]

    def frame(self) -> dict | None:
        """The innermost interference (the one priority actions join), or None."""
        return self.interference[-1] if self.interference else None


# phase → (start processing, priority timing, end processing), in the order of 4.2.1
PHASE_STEPS = {
    "active": ("4.4.1", "4.4.1.c", "4.4.2"),
    "maintenance": ("4.5.1", "4.5.1.c", "4.5.2"),
    "draw": ("4.6.1", "4.6.1.c", "4.6.2"),
    "main": ("4.7.1", "4.7.1.b", "4.7.2"),
    "discard": ("4.8.1", "4.8.1.c", "4.8.2"),
}
NEXT_PHASE = {"active": "maintenance", "maintenance": "draw", "draw": "main",
              "main": "discard", "discard": None}
PRIORITY_STEPS = {steps[1]: ph for ph, steps in PHASE_STEPS.items()}
_STEP_PHASE = {s: ph for ph, steps in PHASE_STEPS.items() for s in steps}


def phase_of_step(step: str) -> str | None:
    return _STEP_PHASE.get(step)


def _frame_in(f: dict) -> dict:
    fr = {"entries": [dict(e) for e in f.get("entries", [])],
          "attack": dict(f["attack"]) if f.get("attack") else None,
          "used": list(f.get("used", [])),
          "resolving": bool(f.get("resolving", False))}
    if f.get("resume"):
        fr["resume"] = dict(f["resume"])
    return fr


def _frame_out(f: dict) -> dict:
    out: dict = {}
    if f["entries"]:
        out["entries"] = [{k: v for k, v in e.items() if not k.startswith("_")}
                          for e in f["entries"]]
    if f.get("attack"):
        att = {k: v for k, v in f["attack"].items()
               if not k.startswith("_") and k != "defender_left" and v not in (None, False)}
        if f["attack"].get("defender_left"):
            att.pop("defender", None)  # it left the field: there is no defending character
        out["attack"] = att
    if f.get("used"):
        out["used"] = list(f["used"])
    if f.get("resolving"):
        out["resolving"] = True
    if f.get("resume"):
        out["resume"] = {k: v for k, v in f["resume"].items() if not k.startswith("_")}
    return out


__all__ = ["Board", "Card", "Player", "PLAYERS", "PLAYER_ZONES", "HIDDEN_ZONES", "opponent",
           "zone_player", "zone_kind", "zone_label", "number", "PRIORITY_STEPS", "PHASES"]
