"""The g2022 board-state file format, declared once (see docs/board-format-g2022.md).

`BOARD` validates a file (judgekit.board.load) and generates its JSON Schema; the sections every
ruleset shares come from judgekit.board.common. The ability vocabulary (abilities, effect
instructions, targets, filters, conditions, mission content) is declared here too: it is part
of the file format; the engine (judgekit.engine.g2022.effects) gives it meaning.
"""

from __future__ import annotations

from ...board.common import (CARD_ID, ID_PATTERN, PASS, board_spec, events_list, expect_fields,
                             game_fields, zone, zone_entry)
from ...board.model import PLAYERS
from ...board.types import Bool, ByKind, Enum, Field, Int, List, Map, MapOf, Str, Tagged, Text
from .model import AREAS, CARD_TYPES, ICON_ALIASES, ICONS, LANE_MODES, PHASES, PLAYER_ZONES, \
    TYPE_ALIASES

PLAYER = Enum(PLAYERS, "A player: P1 or P2.")
WHO = Enum(("you", "opponent"), "Relative to the controller of the ability (502.1e).",
           aliases={"あなた": "you", "相手": "opponent"})
WHO_ANY = Enum(("you", "opponent", "any"), "Relative to the controller of the ability (502.1e).",
               aliases={"あなた": "you", "相手": "opponent"})
AREA = Enum(AREAS, "An area: C (センター) or a side, L / R (503.2), seen from its player's seat.",
            aliases={"センター": "C", "center": "C", "centre": "C", "left": "L", "right": "R"})
AREA_OR = Str("An area (C, L, R), choose (the player chooses), or empty (an area with no chara).",
              pattern="L|C|R|choose|empty", pattern_help="L, C, R, choose or empty")
STEP = Str("A clause id of the turn (700s), the attack (800s) or setup (601.1d), e.g. 703.2.",
           numbers_ok=True)
TYPE = Enum(CARD_TYPES, "Card type (302.2).", aliases=TYPE_ALIASES)
STATE = Enum(("reboot", "sleep"), "Reboot or sleep: only in the account, mission and area zones "
             "(502.3).", aliases={"リブート": "reboot", "スリープ": "sleep"})
FACE = Enum(("up", "down"), "Default: up in public zones, down in the deck, hand and keep zone.",
            aliases={"表向き": "up", "裏向き": "down"})
UNTIL = Enum(("mission_end", "attack_end", "forever"),
             "Duration: until the end of the mission phase (704.9), of the attack (806.6), or "
             "no end.")
ZONE_WORDS = ("area",) + tuple(z for z in PLAYER_ZONES if z not in AREAS) + ("temporary", "scout")
DESTINATIONS = ("hand", "trash", "energy", "deck_top", "deck_bottom", "remove")
ICON = Enum(ICONS, "An icon (305): scout, no_attack (アタック不可), lvup (905.2d).",
            aliases=ICON_ALIASES)

# ---- filters, targets, conditions --------------------------------------------------------------
FILTER = Map({
    "zone": Field(Enum(ZONE_WORDS, "Where to look (default: the areas)."), aliases=("in",)),
    "controller": WHO_ANY,
    "owner": WHO_ANY,
    "type": TYPE,
    "name": Str("Card name contains this (301.3, 「」 in card text)."),
    "trait": Str("Has this trait (308)."),
    "account_info": Str("Has this アカウント情報 (309)."),
    "icon": ICON,
    "other": Bool("Not the card with this ability (「このカード以外」)."),
    "area": List(AREA, "In one of these areas.", scalar_ok=True),
    "state": STATE,
    "face": FACE,
    "cost_max": Int(), "cost_min": Int(), "power_max": Int(), "power_min": Int(),
    "attacker": Bool("Is the attacking chara (802.1a)."),
    "in_lane": Enum(("attacker",), "In the attacking chara's lane (804.2, 805.3)."),
    "same_name": Field(Bool("同名 (1119.1): has the card name of the card with this ability."),
                       aliases=("同名",)),
}, "Which cards: every given property must hold.", name="card filter")

TARGET = ByKind(
    scalar=Str("self (this card), event_card (the card the triggering event is about), chosen "
               "(the cards chosen earlier in this resolution), deck_top (the top card of your "
               "deck), or a card id.", pattern=ID_PATTERN,
               pattern_help="self, event_card, chosen, deck_top or a card id"),
    mapping=Tagged({
        "choose": Map({"choose": Int("How many to choose.", minimum=0),
                       "up_to": Bool("「～枚まで」: 0 up to the number may be chosen (504.4)."),
                       "from": FILTER,
                       "by": WHO}, name="choice of cards"),
        "all": Map({"all": FILTER}, name="all matching cards"),
    }, name="target"),
    description="Which card(s) an instruction acts on.")

CONDITION = Map({
    "player": WHO,
    "zone": Enum(tuple(z for z in PLAYER_ZONES if z not in AREAS) + ("area",),
                 "Count the cards in this zone of `player` (area: all three areas)."),
    "cards": FILTER,
    "at_least": Int(), "at_most": Int(), "equals": Int(),
}, "A condition on counts of cards.", name="condition")

# ---- mission content (304.6, reading mission-conditions) -----------------------------------------
ACTIONS_COUNTED = ("play", "play_chara", "play_event", "play_engage", "activate", "attack",
                   "attack_success", "lvup", "scout", "retire")
MISSION_ITEM = Map({
    "action": Enum(ACTIONS_COUNTED, "An action the turn player does in the main phase, counted "
                   "by the condition effect (1005.1)."),
    "count": Int("How many times (304.6d); default 1.", minimum=1),
    "charas_at_least": Int("The mission's owner has at least this many charas in areas.",
                           minimum=0),
    "energy_at_least": Int(minimum=0), "hand_at_most": Int(minimum=0),
    "exp_at_least": Int("EXP cards under the owner's charas.", minimum=0),
    "trash_at_least": Int(minimum=0),
    "text": Text(),
}, "One item of a mission's check or clear content; all items must be met (304.6d).",
    name="mission item")
MISSION_CONTENT = List(MISSION_ITEM, "Check or clear content (304.6a–d).", scalar_ok=True)

# ---- effect instructions (the 効果 vocabulary) -----------------------------------------------
INSTR: dict = {}


def _instr(key: str, main, description: str, **fields) -> None:
    INSTR[key] = Map({key: Field(main, required=True), **fields}, description, name=key)


_instr("draw", Int(minimum=0), "Draw N cards, one at a time (1106).", player=WHO)
_instr("discard", Int(minimum=0), "Choose N hand cards and put them into the trash (102.5: as "
       "many as possible; 0 is no discard); `player: each` — both players at once, the turn "
       "player first, in secret (102.8, 102.9).",
       player=Enum(("you", "opponent", "each"), "Who: you, the opponent, or each player "
                   "(「お互いのプレイヤー」).", aliases={"お互い": "each"}))
_instr("damage", Int(), "Deal N damage to charas (1101.1; 0 or less is not dealt, 1101.2).",
       to=Field(TARGET, required=True))
_instr("distribute", Int(minimum=1), "Divide N damage among the chosen charas, at least 1 to "
       "each (904.3b), then deal each its part (1101.1); choose at most N.",
       to=Field(TARGET, required=True))
_instr("retire", TARGET, "退場させる (1103.2): an area chara goes to its owner's energy (1110.1).")
_instr("exclude", TARGET, "除外する (1111.1): to the owner's remove zone.")
_instr("move", TARGET, "Move cards to a zone of their owner (502.5c).",
       to=Field(Enum(DESTINATIONS), required=True))
_instr("appear", TARGET, "登場させる (1109.1): put charas into an area, rebooted (503.3).",
       area=AREA_OR, state=STATE)
_instr("exp", TARGET, "Card A becomes chara B's EXP (1112.1).", of=Field(TARGET, required=True))
_instr("sleep", TARGET, "Sleep cards (1104.2).")
_instr("reboot", TARGET, "Reboot cards (1104.1).")
_instr("slide", TARGET, "Slide charas to an adjacent area with no chara (1116.1).", area=AREA_OR)
_instr("scout", WHO, "スカウトする (1115.1).")
_instr("reload", WHO, "リロードする (1117.1).")
_instr("shuffle", WHO, "Shuffle the deck (1105.1).")
_instr("reveal", TARGET, "公開する (1108): show the cards to every player; they stay in their "
       "zone; revealed from a hidden zone, they are hidden again once the effect has resolved "
       "(and a deck is then shuffled).")
_instr("power", Int(), "A continuous power change (911.1c).", to=Field(TARGET, required=True),
       until=UNTIL)
_instr("check", TARGET, "Check missions (1113.1): they are slept (1113.2).")
_instr("clear", TARGET, "Clear missions (1114.1): they are turned face down.")
_instr("counter", Int(), "Gain (+N) or spend (-N) 「〇〇」 counters (1120; never below 0, 1301.4).",
       icon=Field(Str(), required=True), player=WHO)
# the later points a delayed auto ability may name (908.4): 「ミッションフェイズ終了時」 (704.5),
# 「バトル終了時」 (806.3), 「…フェイズ開始時」 (702.1, 703.1, 704.1, 705.1, 706.1)
TIMED_POINTS = Enum(("mission_end", "battle_end", "phase_start"),
                    "The point it triggers at (908.4); phase_start with `phase:`.")
TIMED_WHOSE = Enum(("you", "opponent"), "Whose turn the point must be in, relative to the "
                   "ability's controller: you (「次のあなたの…開始時」) or opponent (「次の相手の…"
                   "開始時」); none: the next such point in any turn.")
_instr("timed", TIMED_POINTS,
       "Create a delayed auto ability (908.4) that triggers once at that point.",
       phase=Enum(PHASES, "For phase_start: 「…フェイズ開始時」."), whose=TIMED_WHOSE,
       effect=Field(List(ByKind()), required=True))  # recursion closed below
_instr("may", List(ByKind()), "The effect's controller may do these (「～てよい」).")
_instr("if", CONDITION, "Do `then` only when the condition holds.",
       then=Field(List(ByKind()), required=True), otherwise=List(ByKind()))

REPLACE_KINDS = ("retired", "damaged", "put_into", "draw")
_instr("replace", Enum(REPLACE_KINDS, "The event it replaces."), "「…まで、…場合、かわりに…」: "
       "the effect creates a replacement effect (912.1) for a period (902.2b; no `until`: no "
       "end), on the cards `to` names now (911.4) or, for draw, on `player`'s draws.",
       to=TARGET, player=Enum(("you", "opponent"), "For draw: whose draw (default you)."),
       instead=List(ByKind()), reduce=Int("For damaged: N less damage.", minimum=1),
       zone=Enum(ZONE_WORDS, "For put_into: the zone."), until=UNTIL, text=Text())
INSTRUCTION = Tagged(INSTR, "One instruction of an effect, done in printed order (904.3a).",
                     name="effect instruction")
EFFECT = List(INSTRUCTION, "Instructions, in printed order (904.3a).")
INSTR["timed"].fields["effect"].t = EFFECT
INSTR["may"].fields["may"].t = EFFECT
INSTR["if"].fields["then"].t = EFFECT
INSTR["if"].fields["otherwise"].t = EFFECT
INSTR["replace"].fields["instead"].t = EFFECT

# ---- abilities ------------------------------------------------------------------------------
AUTO_EVENTS = ("enters", "retired", "put_into", "phase_start", "game_start", "mission_end",
               "attack", "attacks", "battle_end", "attack_success", "damaged", "lvup",
               "checked", "cleared", "sleeps", "reboots", "played", "revealed", "state")
KEYWORDS = ("accel", "encount", "toubatsu", "issen", "deck_engage", "chant")
KEYWORD_ALIASES = {"アクセル": "accel", "エンカウント": "encount", "討伐": "toubatsu",
                   "一閃": "issen", "デッキエンゲージ": "deck_engage", "詠唱": "chant"}
OF = ByKind(scalar=Enum(("self", "other", "any")), mapping=FILTER,
            description="The card the event is about: self, other, any, or a filter.")

_common = {
    "text": Text("The card's printed text of this ability (for people)."),
    "where": Enum(ZONE_WORDS, "The zone the ability works in (903.1c); default: the areas for "
                  "charas, the account zone for accounts, face up in the mission zone for "
                  "missions (903.1a–b)."),
    "condition": CONDITION,
}

# the actions a 「〜できない」 may forbid (judgekit.engine.effects.prohibit; the verbs of this
# ruleset's prohibitions, docs/board-format-g2022.md)
CANNOT_VERBS = ("attack", "be_chosen", "retire", "reboot", "play", "slide", "activate",
                "draw")

ABILITIES = {
    "auto": Map({
        "auto": Field(Enum(AUTO_EVENTS, "The event that triggers it (908.1a)."), required=True),
        "of": OF,
        "player": WHO_ANY,
        "zone": Enum(ZONE_WORDS, "For put_into: the destination zone."),
        "from": Enum(ZONE_WORDS, "For enters / put_into: the zone the card came from."),
        "phase": Enum(PHASES, "For phase_start."),
        "by": Enum(("you", "opponent", "any"), "For retired: by whose card — the controller of "
                   "the source (the effect's card, or the attacking chara, 914.2)."),
        "cause": Enum(("battle", "effect", "any"), "For retired: in battle (1102) or by an "
                      "effect (1103)."),
        "effect": Field(EFFECT, required=True),
        **_common,
    }, "An auto ability (自動能力, 908).", name="auto ability"),
    "static": Map({
        "static": Field(Enum(("power", "cost", "cannot", "grant", "lose")), required=True),
        "amount": Int("The power or cost change."),
        "alternative": Int("With static: cost — 「…はコストのかわりにNを支払ってプレイしてもよい」: "
                           "a cost of N the player may choose instead of the card's cost "
                           "(904.2c); increases and decreases then apply to it (905.2c).",
                           minimum=0),
        "to": TARGET,
        "per": FILTER,
        "action": Enum(CANNOT_VERBS),
        "player": Enum(("you", "opponent", "each"), "With static: cannot, action: draw — the "
                       "player who cannot (「相手はカードを引くことができない」: opponent)."),
        **_common,
    }, "A static ability (常在能力, 901.2c) producing a continuous effect (911).",
        name="static ability"),
    "replace": Map({
        "replace": Field(Enum(REPLACE_KINDS), required=True),
        "of": OF,
        "player": Enum(("you", "opponent"), "For draw: whose draw (default you: 「あなたがカード"
                       "を引く場合」)."),
        "zone": Enum(ZONE_WORDS),
        "instead": Field(EFFECT),
        "reduce": Int("For damaged: 「…ダメージをN軽減する」 — the damage is dealt reduced by N "
                      "(912.1; 0 or less is not dealt, 1101.2).", minimum=1),
        **_common,
    }, "…かわりに… A replacement effect (902.2c, 912): `instead` happens in place of the "
        "event; for damaged, `reduce: N` deals N less, and neither prevents it.",
        name="replacement"),
    "keyword": Map({
        "keyword": Field(Enum(KEYWORDS, aliases=KEYWORD_ALIASES), required=True),
        "account_info": List(Str(), "アクセル: the アカウント情報 listed (1201.2, 1201.2a).",
                             scalar_ok=True),
        "of": FILTER,
        "cards": FILTER,
        "when": Enum(AUTO_EVENTS, "詠唱: what the named chara does, as the card's icon shows it "
                     "(the rulebook's icon was lost in extraction, 1203.2)."),
        "text": _common["text"],
    }, "A keyword ability (1200): アクセル, エンカウント, 討伐 (of: the named chara), 一閃, "
        "デッキエンゲージ (cards: the cards it connects), 詠唱 (of: the named chara, when: what "
        "it does).", name="keyword ability"),
    "event": Map({
        "event": Field(EFFECT, required=True),
        "text": _common["text"],
    }, "An event ability (イベント能力, 909): the effect of an event card.",
        name="event ability"),
    "activated": Map({
        "activated": Field(EFFECT, required=True),
        "cost": Map({"energy": Int(minimum=0), "sleep": Enum(("self",)),
                     "discard": Int(minimum=0)}, "The cost (907.1a): energy, sleeping this "
                    "card, hand cards to the trash.", name="cost"),
        **_common,
    }, "An activated ability (起動能力, 907).", name="activated ability"),
}
KEYWORD_ABILITY = ABILITIES["keyword"]
ABILITIES["static"].fields["grant"] = Field(KEYWORD_ABILITY)  # static: grant — 「…は【貫通】を得る」
ABILITIES["static"].fields["lose"] = Field(KEYWORD_ABILITY)  # static: lose — 「…は【貫通】を失う」
_instr("grant", KEYWORD_ABILITY, "The cards gain a keyword ability until `until` (a continuous "
       "effect changing a non-numeric parameter, 911.1b; only the cards there now, 911.4).",
       to=Field(TARGET, required=True), until=UNTIL)
_instr("lose", KEYWORD_ABILITY, "The cards lose a keyword ability until `until` (911.1b); "
       "between a grant and a loss the later applies last (911.3).",
       to=Field(TARGET, required=True), until=UNTIL)
ABILITY = Tagged(ABILITIES, "One ability of a card.", name="ability")

# ---- cards and zones --------------------------------------------------------------------------
CARD = Map({
    "id": Field(CARD_ID, required=True),
    "name": Str("Card name (301)."),
    "type": TYPE,
    "cost": Int("Cost (303).", minimum=0),
    "power": Int("Power (306); only charas have one."),
    "icons": List(ICON, "Icons (305).", scalar_ok=True),
    "mission_info": List(Str(), "ミッション情報 (307).", scalar_ok=True),
    "traits": List(Str(), "特徴 (308).", scalar_ok=True),
    "account_info": List(Str(), "アカウント情報 (309).", scalar_ok=True),
    "check": MISSION_CONTENT,
    "clear": MISSION_CONTENT,
    "counts": MapOf(Int(), "A mission's recorded action counts (1005.1)."),
    "owner": PLAYER,
    "controller": PLAYER,
    "state": STATE,
    "face": FACE,
    "damage": Int("Damage on a chara in an area (1101.1)."),
    "placed": Int("Order of entry into its area (1002.1); larger = later.", minimum=0),
    "under": CARD_ID,
    "text": Text("Printed text (for people)."),
    "abilities": List(ABILITY, "Abilities in the vocabulary of docs/board-format-g2022.md."),
    "note": Text(),
}, "A card.", name="card")
ZONE_ENTRY = zone_entry(CARD)
ZONE = zone(ZONE_ENTRY)

PLAYER_STATE = Map({
    **{z: ZONE for z in PLAYER_ZONES},
    "counters": MapOf(Int(), "「〇〇」 counters per icon (1301)."),
}, "One player's zones and counters. L, C and R are the three areas (503.2); exp and connect "
    "hold EXP cards and connected engages, each with `under:` naming its chara.", name="player")

ATTACK = Map({
    "attacker": CARD_ID,
    "success": Bool("The attack is ≪アタック成功≫ (806.2)."),
    "battle_end_triggered": List(Str(), "Abilities whose 「バトル終了時」 already triggered in "
                                 "this battle (806.3)."),
}, "The attack in progress (801–806).", name="attack")

GAME = Map({
    **game_fields(STEP),
    "lanes": Enum(LANE_MODES, "Which areas share a lane (reading lanes): facing (default: a "
                  "side faces the other player's opposite side) or same."),
    "attack": ATTACK,
    "pre_processings": Int("Pre-processings already run in the current phase (1007.2).",
                           minimum=0),
    "mission_end_triggered": List(Str(), "Abilities whose 「ミッションフェイズ終了時」 already "
                                  "triggered this turn (704.5)."),
    "attack_success": List(CARD_ID, "Charas whose attack is ≪アタック成功≫ this turn (1118.1)."),
}, "Where the game stands.", name="game")

EFFECT_IN_FORCE = Map({
    "power": Int("Power change (911.1c)."),
    "replace": Enum(REPLACE_KINDS, "A replacement effect an effect created for a period "
                    "(902.2b, 912.1): the event it replaces, for the cards (for draw, the "
                    "player) in `to`."),
    "instead": Field(EFFECT, aliases=("かわりに",)),
    "reduce": Int("With replace: damaged — the damage is dealt reduced by N.", minimum=1),
    "zone": Enum(ZONE_WORDS, "With replace: put_into — the zone."),
    "cannot": Enum(CANNOT_VERBS),
    "grant": KEYWORD_ABILITY,
    "lose": KEYWORD_ABILITY,
    "incs": MapOf(Int(minimum=0), "The incarnation of each card the effect was made for (a "
                  "card that has since become a new object no longer has what it granted)."),
    "to": Field(List(CARD_ID, scalar_ok=True), required=True),
    "source": CARD_ID,
    "controller": PLAYER,
    "until": UNTIL,
    "ts": Int("Timestamp order (911.3b).", minimum=0),
    "text": Text(),
}, "A continuous effect in force (911).", name="continuous effect")

TIMED = Map({
    "timed": Field(TIMED_POINTS, required=True),
    "phase": Enum(PHASES, "For phase_start."),
    "whose": TIMED_WHOSE,
    "source": CARD_ID,
    "controller": PLAYER,
    "effect": Field(EFFECT, required=True),
    "chosen": List(CARD_ID, "The cards the creating effect had chosen (「そのキャラ」): `chosen` "
                   "in its effect."),
    "text": Text(),
}, "A delayed auto ability created by an effect (908.4).", name="delayed ability")

EVENTS = events_list(INSTR, {"source": CARD_ID, "controller": PLAYER,
                             "battle": Bool("Battle damage (805.3) dealt by `source`.")})

ACTION_VARIANTS = {
    "play": Map({"play": Field(CARD_ID, required=True), "area": AREA,
                 "pay": List(CARD_ID, "Energy cards to trash (905.3a)."), "player": PLAYER,
                 "alternative": Bool("904.2c: pay the cost an effect offers instead of the "
                                     "card's own (true; false: its own cost); without it the "
                                     "engine asks (choice `904.2c`: `printed` or the id of the "
                                     "card whose ability offers it) when one is offered.")},
                "Play a hand or keep card (703.2, 508.2), or an engage in the block step (803.1).",
                name="play"),
    "activate": Map({"activate": Field(CARD_ID, required=True), "ability": Int(minimum=1),
                     "pay": List(CARD_ID), "player": PLAYER},
                    "Play an activated ability (907).", name="activate"),
    "attack": Map({"attack": Field(CARD_ID, required=True), "player": PLAYER},
                  "Declare an attack with this chara (802.1).", name="attack"),
    "check": Map({"check": Field(CARD_ID, required=True), "player": PLAYER},
                 "Check a mission (703.2; reading mission-check-action).", name="check"),
    "slide": Map({"slide": Field(CARD_ID, required=True), "to": AREA,
                  "discard": List(CARD_ID, "The two hand cards put into the trash (803.1)."),
                  "player": PLAYER},
                 "Block step: trash 2 hand cards and slide a chara (803.1, 1116.1).",
                 name="slide"),
    "keep": Map({"keep": Field(CARD_ID, required=True), "player": PLAYER},
                "Put a hand card into the keep zone (705.2).", name="keep"),
    "energy": Map({"energy": Field(List(CARD_ID, scalar_ok=True), required=True),
                   "player": PLAYER},
                  "Put hand cards face up into the energy (705.3).", name="energy"),
    "concede": Map({"concede": Field(PLAYER, required=True)}, "Concede (101.4).",
                   name="concede"),
    "pass": PASS,
}
ACTION = Tagged(ACTION_VARIANTS, "What a player does at a decision point.", name="action",
                shorthand=("pass",))

ZONE_EXPECT = ByKind(scalar=Int(minimum=0), seq=List(CARD_ID))
EXPECT = Map({
    **expect_fields(STEP, {**{z: ZONE_EXPECT for z in PLAYER_ZONES}, "counters": MapOf(Int())},
                    {"state": STATE, "damage": Int(), "power": Int(), "cost": Int(),
                     "face": FACE, "controller": PLAYER, "under": CARD_ID,
                     "counts": MapOf(Int())}),
    "areas": MapOf(List(CARD_ID), "The charas of an area, oldest placed first.",
                   key_pattern=r"P[12]\.[LCR]", key_help="an area such as P1.C"),
    "attack_success": List(CARD_ID, "The charas with ≪アタック成功≫ this turn."),
}, "What the judge believes the outcome is (checked by `judgekit step --check`).",
    name="expectation")

BOARD = board_spec(
    "g2022", "the account/mission TCG (g2022)", game_map=GAME, players=PLAYER_STATE,
    sections={
        "temporary": List(ZONE_ENTRY, "Cards being played (510)."),
        "scout": List(ZONE_ENTRY, "Scouted cards (511)."),
    },
    effects=List(EFFECT_IN_FORCE, "Continuous effects in force (911)."),
    extra={"timed": List(TIMED, "Delayed auto abilities created by effects (908.4).")},
    events=EVENTS, actions=List(ACTION, "What the players do next, in order."),
    until=STEP, expect=EXPECT)

# The steps a file may start from (game.step) or stop before (until); each is the clause the
# engine executes next.
STEPS = (
    "601.1d",
    "702.1", "702.2", "702.3", "702.4", "702.5",
    "703.1", "703.2", "703.3",
    "704.1", "704.2", "704.3", "704.4", "704.5", "704.6", "704.7", "704.8", "704.9", "704.10",
    "704.11",
    "705.1", "705.2", "705.3", "705.4",
    "706.1", "706.2", "706.3", "706.4", "706.5",
    "802.1d", "803.1", "803.2", "803.3", "804.1", "804.2", "804.3", "805.1", "805.2", "805.3",
    "805.4", "806.1", "806.2", "806.3", "806.4", "806.5", "806.6", "806.7",
)
ATTACK_STEPS = tuple(s for s in STEPS if s.startswith("80"))
UNTIL_WORDS = ("turn_end", "next_turn")

for _t, _n in ((FILTER, "filter"), (TARGET, "target"), (CONDITION, "condition"),
               (INSTRUCTION, "instruction"), (EFFECT, "effect"), (ABILITY, "ability"),
               (CARD, "card"), (ZONE_ENTRY, "zone_entry"), (ZONE, "zone"),
               (MISSION_ITEM, "mission_item")):
    _t.defname = _n
