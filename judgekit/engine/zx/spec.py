"""The Z/X board-state file format, declared once (see docs/board-format.md).

`BOARD` validates a file (judgekit.board.load) and generates its JSON Schema
(judgekit.board.schema); the sections every ruleset shares come from judgekit.board.common. The ability vocabulary (abilities, effect instructions, targets,
filters, conditions) is declared here too: it is part of the file format; the engine
(judgekit.engine.zx.effects) gives it meaning.
"""

from __future__ import annotations

from ...board.common import (CARD_ID, ID_PATTERN, PASS, board_spec, expect_fields, game_fields,
                             zone, zone_entry)
from ...board.model import PLAYERS
from ...board.types import (Bool, ByKind, Enum, Field, Int, IntOr, List, Map, MapOf, Str, Tagged,
                            Text)

SQUARES = ("N-L", "N-C", "N-R", "M-L", "M-C", "M-R", "S-L", "S-C", "S-R")
PLAYER_ZONES = ("deck", "life", "hand", "trash", "charge", "resource", "remove", "dynamis")
HIDDEN_ZONES = ("deck", "life", "hand", "dynamis")  # 301.3b, 304.2, 307.2, 309.3, 313.2

CARD_TYPES = ("zekusu", "event", "player", "zekusu_ex", "zekusu_ob", "shift")
CARD_TYPE_ALIASES = {
    "ゼクス": "zekusu", "Z/X": "zekusu", "zx": "zekusu",
    "イベント": "event", "EVENT": "event",
    "プレイヤー": "player", "PLAYER": "player",
    "ゼクス エクストラ": "zekusu_ex", "ゼクスエクストラ": "zekusu_ex", "Z/X EX": "zekusu_ex",
    "ex": "zekusu_ex",
    "ゼクス オーバーブースト": "zekusu_ob", "ゼクスオーバーブースト": "zekusu_ob",
    "Z/X OB": "zekusu_ob", "ob": "zekusu_ob",
    "シフト": "shift", "SHIFT": "shift",
}
COLORS = ("red", "blue", "white", "black", "green")
COLOR_ALIASES = {"赤": "red", "青": "blue", "白": "white", "黒": "black", "緑": "green"}
ICONS = ("ignition", "evolseed", "dream_key", "plus")
ICON_ALIASES = {"イグニッション": "ignition", "イグニッションアイコン": "ignition",
                "エヴォルシード": "evolseed", "ドリーム・キー": "dream_key", "プラス": "plus"}
ZONE_WORDS = ("square",) + PLAYER_ZONES + ("temporary", "force")
DESTINATIONS = ("hand", "trash", "charge", "deck_top", "deck_bottom", "life", "resource",
                "remove", "dynamis", "square")

SQUARE_PATTERN = "|".join(SQUARES)

PLAYER = Enum(PLAYERS, "A player: P1 or P2 (P1's player square is S-C, P2's is N-C).")
WHO = Enum(("you", "opponent"), "Relative to the controller of the ability (302.1e).",
           aliases={"あなた": "you", "相手": "opponent"})
WHO_ANY = Enum(("you", "opponent", "any"), "Relative to the controller of the ability.",
               aliases={"あなた": "you", "相手": "opponent"})
SQUARE = Enum(SQUARES, "A square: rows N (P2's side) / M / S (P1's side) × columns L / C / R.")
STEP = Str("A clause id of the turn structure (500s) or battle (600s), e.g. 506.2 or 605.1.",
           numbers_ok=True)
TYPE = Enum(CARD_TYPES, "Card type (202.2).", aliases=CARD_TYPE_ALIASES)
UNTIL = Enum(("turn_end", "battle_end", "forever", "next_reboot"),
             "Duration: until end of turn (507.7), end of battle (605.5), no end, or the end of "
             "the affected player's next reboot phase (スタイリッシュ頭突き, 1111.2).")

# ---- filters, targets, conditions --------------------------------------------------------

FILTER = Map({
    "zone": Field(Enum(ZONE_WORDS, "Where to look (default: squares)."), aliases=("in",)),
    "controller": WHO_ANY,
    "owner": WHO_ANY,
    "type": Enum(CARD_TYPES + ("zekusu_like",),
                 "Card type; zekusu also matches Z/X EX and Z/X OB (202.6a, 202.7a).",
                 aliases=CARD_TYPE_ALIASES),
    "race": Str("Has this race (207.3, [ ] in card text)."),
    "name": Str("Card name contains this (201.3, 「」 in card text)."),
    "color": Enum(COLORS, aliases=COLOR_ALIASES),
    "icon": Enum(ICONS, aliases=ICON_ALIASES),
    "other": Bool("Not the card with this ability (「このカード以外」)."),
    "square": List(SQUARE, "On one of these squares.", scalar_ok=True),
    "normal_square": Bool("On a normal square (303.3b)."),
    "player_square": Bool("On a player square (303.3a)."),
    "state": Enum(("reboot", "sleep"), aliases={"リブート": "reboot", "スリープ": "sleep"}),
    "cost_max": Int(), "cost_min": Int(), "power_max": Int(), "power_min": Int(),
    "token": Bool(),
    "in_battle": Bool("Is the attacking zekusu or the attack target (1111.2)."),
}, "Which cards: every given property must hold.", name="card filter")

TARGET = ByKind(
    scalar=Str("self (this card), event_card (the card the triggering event is about), "
               "chosen (the cards chosen earlier in this resolution), these (the cards this "
               "ability put onto squares), deck_top (the top card of your deck), or a card id.",
               pattern=ID_PATTERN,
               pattern_help="self, event_card, chosen, these, deck_top or a card id"),
    mapping=Tagged({
        "choose": Map({"choose": Int("How many to choose.", minimum=0),
                       # 「…1枚につき、…をN枚選び」: N for each card this filter matches
                       "per": FILTER,
                       "up_to": Bool("「～枚まで」: 0 up to the number may be chosen."),
                       "from": FILTER,
                       "by": WHO}, name="choice of cards"),
        "all": Map({"all": FILTER}, name="all matching cards"),
    }, name="target"),
    description="Which card(s) an instruction acts on.")

CONDITION = Map({
    "player": WHO,
    "zone": Enum(PLAYER_ZONES, "Count the cards in this zone of `player`."),
    "cards": FILTER,
    "at_least": Int(), "at_most": Int(), "equals": Int(),
    "life_at_most_opponent": Bool("Your life ≤ the opponent's life (1102.2, 1103.2)."),
    "self": Field(FILTER, aliases=()),
    "placed_force": Field(FILTER, aliases=()),
    "all": List(Map({}), "Every one of these conditions holds (「赤と青のカードがそれぞれ6枚以上」: one "
                "condition per parameter; one card may count for several, 802.4)."),
}, "A condition on counts of cards.", name="condition")
CONDITION.fields["all"].t.item = CONDITION  # recursive: each part is a condition

# ---- effect instructions (the 「効果」 vocabulary) -----------------------------------------

INSTR: dict = {}


def _instr(key: str, main, description: str, **fields) -> None:
    INSTR[key] = Map({key: Field(main, required=True), **fields}, description, name=key)


_instr("draw", Int(minimum=0), "Draw N cards, one at a time (1004).", player=WHO)
_instr("discard", Int(minimum=0), "Choose N cards of the hand and put them into the trash "
       "(102.4: as many as possible; 0 is not a discard); `player: each` — both players at "
       "once, the turn player first, in secret (102.7, 102.8).",
       player=Enum(("you", "opponent", "each"), "Who discards: you, the opponent, or each "
                   "player (「お互いのプレイヤー」).", aliases={"あなた": "you", "相手": "opponent",
                                                      "お互い": "each"}))
_instr("damage", Int(), "Deal N damage to zekusu (1001.1).", to=Field(TARGET, required=True))
_instr("damage_player", Int(), "Deal N damage to a player (1001.2).", player=WHO)
_instr("distribute", Int(minimum=1), "Distribute N damage among the chosen zekusu, at least "
       "1 to each (804.3b).", to=Field(TARGET, required=True))
_instr("destroy", TARGET, "Destroy (1007): a zekusu on a square goes to its owner's charge.")
_instr("move", TARGET, "Move cards to a zone of their owner (302.4).",
       to=Field(Enum(DESTINATIONS), required=True),
       square=Str("Target square for to: square (or 'choose').", pattern=SQUARE_PATTERN + "|choose"),
       state=Enum(("reboot", "sleep"), "Text that names the state overrides 303.5a/308.2a (102.2)."))
_instr("appear", TARGET, "Put cards onto a square (登場, 1006).",
       square=Str("The square, or 'choose'.", pattern=SQUARE_PATTERN + "|choose"),
       state=Enum(("reboot", "sleep")))
_instr("sleep", TARGET, "Sleep cards (1002.2).")
_instr("reboot", TARGET, "Reboot cards (1002.1).")
_instr("power", Int(), "Continuous power change (802.2b, 811.1c).",
       to=Field(TARGET, required=True), until=UNTIL)
_instr("recover", Int(minimum=0), "Recover N: deck top face down into life, one at a time (1012).",
       player=WHO)
_instr("remove", TARGET, "Remove (除外, 1008): to the owner's remove zone.")
_instr("ignite", Int(minimum=0), "イグニッションする (1010).", player=WHO)
_instr("reveal", TARGET, "Reveal (1005).")
_instr("force", TARGET, "Put cards into the force zone as force under a card on a square "
       "(フォースとして置く, 1009.1, 312.3).",
       under=Str("self (default) or a card id.", pattern=ID_PATTERN, pattern_help="self or a card id"))
_instr("put_force", TARGET, "「(カードA)のフォースを(ゾーンB)に置く」 (1009.2): the forces "
       "associated with the card(s) go to zone `to` of their owner; a later `if: "
       "{placed_force: …}` refers to them (置いたフォース, 1009.2a).",
       to=Field(Enum(("hand", "trash", "charge", "deck_top", "deck_bottom", "life",
                      "resource", "remove", "dynamis")), required=True))
_instr("play", TARGET, "「そのカードをプレイする」: the player plays the card from where it is "
       "(804.2; its cost paid unless `free`); a card that cannot be played stays where it "
       "was.", free=Bool("「コストを支払わずに」: without paying its cost."))
_instr("shuffle", WHO, "Shuffle the deck (1003).")
_instr("counter", Int(), "Gain (+N) or spend (-N) counters with an icon (1016, 1207).",
       icon=Field(Str(), required=True), player=WHO)
PHASES = ("reboot", "draw", "resource", "ignition", "main", "end")
# the later points a timed auto ability may name (808.4): 「ターン終了時」 (507.3), 「バトル終了時」
# (605.2), 「この能力によるダメージでゼクスを破壊した時」 (808.4 例2), 「…フェイズ開始時」 (502.2–507.1)
TIMED_POINTS = Enum(("turn_end", "battle_end", "destroyed_by_this", "phase_start"),
                    "The point it triggers at (808.4); phase_start with `phase:`.")
TIMED_PHASE = Enum(PHASES, "For phase_start: 「…フェイズ開始時」 (502.2, 503.1, 504.1, 505.1, 506.1, "
                   "507.1).")
TIMED_WHOSE = Enum(("you", "opponent"), "Whose turn the point must be in, relative to the "
                   "ability's controller: you (「次のあなたの…開始時」) or opponent (「次の相手の…"
                   "開始時」); none: the next such point in any turn.")
_instr("timed", TIMED_POINTS,
       "Create a timed auto ability (808.4) that triggers once at that point.",
       phase=TIMED_PHASE, whose=TIMED_WHOSE,
       effect=Field(List(ByKind()), required=True))  # replaced below (recursive)
_instr("modes", List(List(ByKind())), "「…から N つを選び、好きな順番で解決する」: the "
       "controller chooses `choose` different effects of this list (802.3) and resolves them "
       "in the order chosen.", choose=Field(Int("How many of the effects.", minimum=1),
                                           required=True))
_instr("may", List(ByKind()), "The effect's controller may do these (「～てよい」).")
_instr("if", CONDITION, "Do `then` only when the condition holds.",
       then=Field(List(ByKind()), required=True), otherwise=List(ByKind()))

REPLACE_KINDS = ("destroyed", "damaged", "put_into", "draw")
_instr("replace", Enum(REPLACE_KINDS, "The event it replaces."), "「このターン、…場合、かわりに…」: "
       "the effect creates a replacement effect (812.1) for a period (802.2b; default this "
       "turn), on the cards `to` names now (811.4) or, for draw, on `player`'s draws.",
       to=TARGET, player=Enum(("you", "opponent"), "For draw: whose draw (default you)."),
       instead=List(ByKind()), reduce=Int("For damaged: N less damage.", minimum=1),
       zone=Enum(PLAYER_ZONES, "For put_into: the zone."), until=UNTIL, text=Text())
INSTRUCTION = Tagged(INSTR, "One instruction of an effect, executed in order (804.3a).",
                     name="effect instruction")
EFFECT = List(INSTRUCTION, "Instructions, in printed order (804.3a).")
# close the recursion: nested instruction lists
INSTR["timed"].fields["effect"].t = EFFECT
INSTR["may"].fields["may"].t = EFFECT
INSTR["modes"].fields["modes"].t = List(EFFECT, "The effects to choose from, in printed order.")
INSTR["if"].fields["then"].t = EFFECT
INSTR["if"].fields["otherwise"].t = EFFECT
INSTR["replace"].fields["instead"].t = EFFECT

# ---- abilities --------------------------------------------------------------------------

AUTO_EVENTS = ("appears", "destroyed", "leaves_square", "put_into", "life_decreased",
               "life_increased", "attacks", "attacked", "battle_start", "battle_end",
               "turn_end", "phase_start", "game_start", "sleeps", "reboots", "discarded",
               "damaged", "played", "state")

_common = {
    "text": Text("The card's printed text of this ability (for people)."),
    "where": Enum(ZONE_WORDS, "Zone where the ability is enabled (803.1c); default: squares "
                  "for zekusu and player cards (803.1a)."),
    "limit": Int("「ターン X」: usable X times per turn (803.1d).", minimum=1),
    "turn": Enum(("your", "opponent"), "「自分ターン」/「相手ターン」 (803.1d)."),
    "condition": CONDITION,
    "zero_optima": Field(Int("ゼロオプティマ N (1108.2): enabled only while the controller's "
                             "resource has N cards with the ignition icon.", minimum=1),
                         aliases=("ゼロオプティマ",)),
    "level": Field(Map({"race": Str("[◎◎]Lv: a race (1110.2; [ドラゴン] also a race containing "
                                    "it, 1110.3)."),
                        "type": Enum(CARD_TYPES, "△△Lv: a card type (1110.4).",
                                     aliases=CARD_TYPE_ALIASES),
                        "count": Field(Int("Lv N: how many face-up cards.", minimum=1),
                                       required=True)},
                       "レベル (1110.2–1110.4): enabled only while the controller's dynamis has "
                       "that many face-up cards of the race or type.", name="level"),
                   aliases=("レベル",)),
    "zextend": Field(Bool("ゼクステンド・ドライブ！ (1112.2): playable only if its controller has not "
                          "played a ゼクステンド・ドライブ！ ability this game."),
                     aliases=("ゼクステンド・ドライブ！",)),
}

# the actions a 「〜できない」 may forbid (judgekit.engine.effects.prohibit; the verbs of this
# ruleset's prohibitions, docs/board-format-zx.md)
CANNOT_VERBS = ("attack", "be_chosen", "be_destroyed", "reboot", "play", "draw", "appear",
                "activate")

ABILITIES = {
    "auto": Map({
        "auto": Field(Enum(AUTO_EVENTS, "The event that triggers it (808.1a)."), required=True),
        "of": ByKind(scalar=Enum(("self", "other", "any")), mapping=FILTER,
                     description="The card the event is about: self, other, any, or a filter."),
        "player": WHO_ANY,
        "zone": Enum(PLAYER_ZONES + ("square",), "For put_into: the destination zone."),
        "from": Enum(ZONE_WORDS, "For put_into / leaves: the zone the card came from."),
        "phase": Enum(PHASES, "For phase_start."),
        "by": Enum(("you", "opponent", "any", "self"), "For destroyed and damaged: by whose "
                   "card — the controller of the source (the effect's card, or the zekusu it "
                   "battled, 814); self: by this card (「このカードが…破壊した時」: the zekusu "
                   "that dealt the battle damage, 1203.2, or the effect's source)."),
        "cause": Enum(("battle", "effect", "any"), "For destroyed: in battle (1203) or by an "
                      "effect (1204); for damaged: battle damage (604.3a) or an effect's."),
        "effect": Field(EFFECT, required=True),
        **_common,
    }, "自 An auto ability (808).", name="auto ability"),
    "static": Map({
        "static": Field(Enum(("power", "cost", "charge_limit", "hand_limit", "cannot",
                              "becomes", "grant", "lose")), required=True),
        "amount": Int("power / cost change."),
        "alternative": Int("With static: cost — 「…はコストのかわりにNでプレイしてもよい」: N points "
                           "the player may choose instead of the resource cost's (804.2c; the "
                           "colours stay the card's, 805.2c reads a number as the points); "
                           "increases and decreases then apply to it.", minimum=0),
        "value": IntOr(("none",), "charge_limit / hand_limit: a number or none.", minimum=0,
                       bound="a limit is a number of cards, 306.2a, 309.2b"),
        "to": TARGET,
        "per": FILTER,
        "action": Enum(CANNOT_VERBS),
        "per_effect": Int("With cannot / appear: 「1つの効果で1回しか登場できない」 — at most this "
                          "many of the cards it names appear by one effect; the others cannot "
                          "(102.6).", minimum=1),
        "races": List(Str(), "becomes: 「種族を[○○]にする」 — the races the cards have instead of "
                      "theirs (811.6; not applied to a card without races, 207.1).",
                      scalar_ok=True),
        "name": Str("becomes: 「カード名を「○○」にする」 — the card name they have instead (811.6)."),
        "zones": List(Enum(ZONE_WORDS), "becomes with to: {all: …}: the zones whose cards it "
                      "changes (「スクエアとリソースとチャージとトラッシュにあるすべてのカード」)."),
        "player": Enum(("you", "opponent"), "With static: cannot and action: draw — the player "
                       "who cannot (「相手はカードを引くことができない」)."),
        **_common,
    }, "常 A static ability (801.2c) producing a continuous effect (811).",
        name="static ability"),
    "replace": Map({
        "replace": Field(Enum(REPLACE_KINDS), required=True),
        "of": ByKind(scalar=Enum(("self", "other", "any")), mapping=FILTER),
        "player": Enum(("you", "opponent"), "For draw: whose draw (default you: 「あなたがカード"
                       "を引く場合」)."),
        "zone": Enum(PLAYER_ZONES),
        "instead": Field(EFFECT),
        "reduce": Int("For damaged: 「…ダメージをN減らす」 — the damage is dealt reduced by N "
                      "(812.1; 0 or less is not dealt, 1001.3).", minimum=1),
        **_common,
    }, "常 …かわりに… A replacement effect (802.2c, 812): `instead` happens in place of the "
        "event; for damaged, `reduce: N` deals N less, and neither prevents it.",
        name="replacement"),
    "keyword": Map({
        "keyword": Field(Enum(("life_recovery", "void_bringer", "range", "zekkai", "evol_seed",
                               "infinite_solitude", "denei", "alter_force",
                               "stylish_headbutt", "install", "start_card", "gate_card"),
                              aliases={"ライフリカバリー": "life_recovery",
                                       "ヴォイドブリンガー": "void_bringer",
                                       "レンジ": "range", "絶界": "zekkai",
                                       "エヴォルシード": "evol_seed",
                                       "Infinite Solitude": "infinite_solitude",
                                       "電影": "denei", "アルターフォース": "alter_force",
                                       "スタイリッシュ頭突き": "stylish_headbutt",
                                       "インストール": "install",
                                       "スタートカード": "start_card",
                                       "ゲートカード": "gate_card"}),
                         required=True),
        "value": IntOr(("inf",), "レンジ: the distance, or inf for レンジ∞ (1104); 電影: the "
                       "cost the returned zekusu must reach (1114.2); アルターフォース: how many (1107.3).",
                       minimum=1),
        "effect": Field(EFFECT, aliases=()),
        "square": Str("スタイリッシュ頭突き: the specified square (default: choose one with no "
                      "zekusu, 1111.2).", pattern=SQUARE_PATTERN + "|choose"),
        "text": _common["text"],
    }, "A keyword ability (1100).", name="keyword ability"),
    "event": Map({
        "event": Field(EFFECT, required=True),
        "text": _common["text"],
    }, "An event ability (809): the effect of an event card.", name="event ability"),
    "activated": Map({
        "activated": Field(EFFECT, required=True),
        "cost": Map({"resource": Int(minimum=0), "colors": List(Enum(COLORS, aliases=COLOR_ALIASES)),
                     "sleep": Enum(("self",)),
                     "trash": List(FILTER, "「スクエアにある白と緑のゼクスをそれぞれ1枚ずつトラッシュに"
                                   "置く」: one of your cards for each filter (default: on a "
                                   "square), each a different card (804.4c), put into the "
                                   "trash.")},
                    "起〈代償〉 (807.1a, 805.2b).", name="cost"),
        **_common,
    }, "起 An activated ability (807).", name="activated ability"),
}
KEYWORD_ABILITY = ABILITIES["keyword"]
_instr("grant", KEYWORD_ABILITY, "The zekusu gain a keyword ability until `until` (a continuous "
       "effect changing a non-numeric parameter, 811.1b; only the cards there now, 811.4).",
       to=Field(TARGET, required=True), until=UNTIL)
_instr("lose", KEYWORD_ABILITY, "The zekusu lose a keyword ability until `until` (811.1b); "
       "between a grant and a loss the later applies last (811.3).",
       to=Field(TARGET, required=True), until=UNTIL)
# static: grant / lose — 「常 あなたのゼクスは【レンジ2】を得る / を失う」 (811.1b, from when its card
# was put where it is, 811.3a; also the cards that arrive later, 811.5)
ABILITIES["static"].fields["grant"] = Field(KEYWORD_ABILITY)
ABILITIES["static"].fields["lose"] = Field(KEYWORD_ABILITY)
ABILITY = Tagged(ABILITIES, "One ability of a card.", name="ability")

# ---- cards and zones --------------------------------------------------------------------

_card_fields = {
    "id": Field(CARD_ID, required=True),
    "name": Str("Card name (201)."),
    "type": TYPE,
    "cost": Int("Cost (203).", minimum=0, bound="203.2: a number of resources"),
    "colors": List(Enum(COLORS, aliases=COLOR_ALIASES), "Colours (204); none = colourless.",
                   scalar_ok=True),
    "power": Int("Printed power (208); effects change it (811.1c), even below 0 (904.2).",
                 minimum=0, bound="208.1: the printed power; effects lower it"),
    "races": List(Str(), "Races (207).", scalar_ok=True),
    "icons": List(Enum(ICONS, aliases=ICON_ALIASES), "Icons (206): ignition, …", scalar_ok=True),
    "owner": PLAYER,
    "controller": PLAYER,
    "state": Enum(("reboot", "sleep"), "Only on squares and in the resource (302.2).",
                  aliases={"リブート": "reboot", "スリープ": "sleep"}),
    "face": Enum(("up", "down"), "Default: up in public zones, down in hidden ones (302.3c)."),
    "damage": Int("Damage on a zekusu on a square (1001.1)."),
    "placed": Int("Placement order on squares (905, 811.3a); larger = later.", minimum=0),
    "token": Bool("A token (1206)."),
    "player_name": Str("Player name (214)."),
    "under": CARD_ID,
    "text": Text("Printed text (for people)."),
    "abilities": List(ABILITY, "Abilities in the small vocabulary (docs/board-format.md)."),
    "note": Text(),
}
CARD = Map(dict(_card_fields), "A card.", name="card")
CARD.fields["shifts"] = Field(List(CARD, "Shift cards stacked on this card (202.8)."))
ZONE_ENTRY = zone_entry(CARD)
ZONE = zone(ZONE_ENTRY)

PLAYER_STATE = Map({
    **{z: ZONE for z in PLAYER_ZONES},
    "damage": Int("Player damage counter (907.1)."),
    "charge_limit": IntOr(("none",), "Charge limit (306.2a: 4 at game start).", minimum=0,
                          bound="306.2a: a number of cards, 4 at game start"),
    "hand_limit": IntOr(("none",), "Hand limit (309.2b: 6 at game start).", minimum=0,
                        bound="309.2b: a number of cards, 6 at game start"),
    "deck_random": Bool("The deck is in a random state (1202.2a: no card added to it and none of "
                        "it seen or revealed by a card's ability since it was last shuffled); "
                        "default true."),
    "counters": MapOf(Int(), "Counters per icon (1207)."),
    "flags": Map({
        "ex_played": Bool("A Z/X EX was played from dynamis this turn (506.2)."),
        "shift_played": Bool("A shift was played this turn (506.2)."),
        "denei_played": Bool("電影 was played this turn (1114.3)."),
        "zd_used": Bool("ゼクステンド・ドライブ！ used this game (1112.2)."),
    }, name="per-turn flags"),
}, "One player's zones and counters.", name="player")

BATTLE = Map({
    "attacker": CARD_ID,
    "target": CARD_ID,
    "attacker_square": SQUARE,
    "target_square": SQUARE,
    "end_triggered": List(Str(), "Abilities whose 「バトル終了時」 already triggered (605.2)."),
}, "The battle in progress (601–605).", name="battle")

GAME = Map({
    **game_fields(STEP),
    "battle": BATTLE,
    "passed": List(PLAYER, "603.1c: players whose latest action in this battle event step was "
                   "a pass."),
    "turn_end_triggered": List(Str(), "Abilities whose 「ターン終了時」 already triggered (507.3)."),
    "used": MapOf(Int(minimum=1), "「ターン X」 abilities (card#n): times resolved this turn "
                  "(803.1d)."),
}, "Where the game stands.", name="game")

EFFECT_IN_FORCE = Map({
    "power": Int("Power change (811.1c)."),
    "replace": Enum(REPLACE_KINDS, "A replacement effect an effect created for a period "
                    "(802.2b, 812.1): the event it replaces, for the cards (for draw, the "
                    "player) in `to`."),
    "instead": Field(EFFECT, aliases=("かわりに",)),
    "reduce": Int("With replace: damaged — the damage is dealt reduced by N.", minimum=1),
    "zone": Enum(PLAYER_ZONES, "With replace: put_into — the zone."),
    "gains_ability": Field(ABILITY, aliases=()),
    "cannot": Enum(CANNOT_VERBS),
    "grant": KEYWORD_ABILITY,
    "lose": KEYWORD_ABILITY,
    "incs": MapOf(Int(minimum=0), "The incarnation of each card the effect was made for (a "
                  "card that has since become a new object no longer has what it granted)."),
    "to": Field(List(CARD_ID, scalar_ok=True), required=True),
    "source": CARD_ID,
    "controller": PLAYER,
    "until": UNTIL,
    "ts": Int("Timestamp order (811.3b).", minimum=0),
    "text": Text(),
}, "A continuous effect in force (811).", name="continuous effect")

TIMED = Map({
    "timed": Field(TIMED_POINTS, required=True),
    "phase": TIMED_PHASE,
    "whose": TIMED_WHOSE,
    "source": CARD_ID,
    "controller": PLAYER,
    "effect": Field(EFFECT, required=True),
    "these": List(CARD_ID, "The cards the creating ability put onto squares."),
    "chosen": List(CARD_ID, "The cards the creating effect had chosen (「そのゼクス」): `chosen` "
                   "in its effect."),
    "text": Text(),
}, "A timed auto ability created by an effect (808.4).", name="timed ability")

_event_extra = {
    "source": CARD_ID,
    "controller": PLAYER,
    "battle": Bool("Battle damage (604.3a/b) dealt by `source`."),
}
EVENT_VARIANTS = {k: Map({**m.fields, **_event_extra}, m.description, name=k)
                  for k, m in INSTR.items() if k not in ("may", "if", "timed", "modes", "play")}
EVENTS = List(Tagged(EVENT_VARIANTS, "Something that just happened, applied first.",
                     name="event"), "What just happened (applied in order before stepping).")

ACTION_VARIANTS = {
    "play": Map({"play": Field(CARD_ID, required=True), "square": SQUARE,
                 "pay": List(CARD_ID, "Resource cards to sleep (805.3)."), "player": PLAYER,
                 "alternative": Bool("804.2c: pay the cost an effect offers instead of the "
                                     "card's own (true; false: its own cost); without it the "
                                     "engine asks (choice `804.2c`: `printed` or the offering "
                                     "ability, `ID#N`) when one is offered.")},
                "Play a card from hand (or a Z/X EX from dynamis) (806).", name="play"),
    "activate": Map({"activate": Field(CARD_ID, required=True), "ability": Int(minimum=1),
                     "pay": List(CARD_ID), "player": PLAYER,
                     "return": Str("電影 (1114.2): the zekusu returned to the hand as its cost.",
                                   pattern=ID_PATTERN, pattern_help="a card id")},
                    "Play an activated ability (807).", name="activate"),
    "battle": Map({"battle": Field(CARD_ID, required=True),
                   "target": Field(Str(pattern=ID_PATTERN), required=True), "player": PLAYER},
                  "Declare a battle: attacker and target (a zekusu id, or P1/P2) (602.1).",
                  name="battle"),
    "resource": Map({"resource": Field(CARD_ID, required=True), "player": PLAYER},
                    "Put a hand card into the resource (504.3).", name="resource"),
    "ignite": Map({"ignite": Field(CARD_ID, required=True), "player": PLAYER},
                  "Choose a charge card for イグニッション (505.3).", name="ignite"),
    "pass": PASS,
}
ACTION = Tagged(ACTION_VARIANTS, "What a player does at a decision point.", name="action",
                shorthand=("pass",))

ZONE_EXPECT = ByKind(scalar=Int(minimum=0), seq=List(CARD_ID))
EXPECT = Map({
    **expect_fields(STEP, {**{z: ZONE_EXPECT for z in PLAYER_ZONES}, "damage": Int(),
                           "counters": MapOf(Int()),
                           "deck_random": Bool("The deck is in a random state (1202.2a).")},
                    {"state": Enum(("reboot", "sleep")), "damage": Int(), "power": Int(),
                     "face": Enum(("up", "down")), "controller": PLAYER,
                     "races": List(Str(), "The races the card has now (after 811.6).",
                                   scalar_ok=True),
                     "name": Str("The card name it has now (after 811.6).")}),
    "squares": MapOf(List(CARD_ID), key_pattern=SQUARE_PATTERN, key_help="a square"),
}, "What the judge believes the outcome is (checked by `judgekit step --check`).",
    name="expectation")

BOARD = board_spec(
    "zx", "Z/X", game_map=GAME, players=PLAYER_STATE,
    sections={
        "squares": MapOf(List(ZONE_ENTRY), key_pattern=SQUARE_PATTERN,
                         key_help="a square N-L … S-R", description="Cards on each square, "
                         "oldest placed first (905)."),
        "temporary": List(ZONE_ENTRY, "Cards being played (310)."),
        "force_zone": List(ZONE_ENTRY, "Forces, each with `under: <card id>` (312.3)."),
    },
    effects=List(EFFECT_IN_FORCE, "Continuous effects in force (811)."),
    extra={"timed": List(TIMED, "Timed auto abilities created by effects (808.4).")},
    events=EVENTS, actions=List(ACTION, "What the players do next, in order."),
    until=STEP, expect=EXPECT)

# The turn-structure and battle steps a file may start from (game.step) or stop before
# (until). Each is the clause the engine executes next.
STEPS = (
    "502.1", "502.2", "502.3", "503.1", "503.2", "503.3", "503.4",
    "504.1", "504.2", "504.3", "504.4", "505.1", "505.2", "505.3", "505.4", "505.5",
    "506.1", "506.2", "506.3", "506.4",
    "507.1", "507.2", "507.3", "507.4", "507.5", "507.6", "507.7", "507.8", "507.9",
    "602.1", "602.1f", "603.1a", "603.1b", "604.1", "604.2", "604.3", "605.1", "605.2", "605.3",
    "605.4", "605.5", "605.6",
)
BATTLE_STEPS = tuple(s for s in STEPS if s.startswith("60"))
UNTIL_WORDS = ("turn_end", "next_turn")

# types emitted once under $defs in the JSON Schema (recursive or shared)
for _t, _n in ((FILTER, "filter"), (TARGET, "target"), (CONDITION, "condition"),
               (INSTRUCTION, "instruction"), (EFFECT, "effect"), (ABILITY, "ability"),
               (CARD, "card"), (ZONE_ENTRY, "zone_entry"), (ZONE, "zone")):
    _t.defname = _n
