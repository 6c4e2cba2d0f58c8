"""The 東方VISION board-state file format, declared once (see docs/board-format-thv.md).

`BOARD` validates a file (judgekit.board.load) and generates its JSON Schema; the sections every
ruleset shares come from judgekit.board.common. The ability vocabulary (abilities, effect
instructions, targets) is declared here too: it is part of the file format; the engine
(judgekit.engine.thv.effects) gives it meaning.
"""

from __future__ import annotations

from ...board.common import (CARD_ID, ID_PATTERN, PASS, board_spec, expect_fields, game_fields,
                             zone, zone_entry)
from ...board.model import PLAYERS
from ...board.types import (Bool, ByKind, Enum, Field, Int, IntOr, List, Map, MapOf, Str, Tagged,
                            Text)
from .model import (CARD_TYPE_ALIASES, CARD_TYPES, KEYWORDS, PHASES, PLAYER_ZONES, PRIORITY_STEPS,
                    RACES, SET_KINDS)
from .model import PHASE_STEPS

PLAYER = Enum(PLAYERS, "A player: P1 or P2.")
STEP = Str("A clause id of the turn (4.3.1 … 4.9.1) or 1.12.8 (an interference resolves).",
           numbers_ok=True)
TYPE = Enum(CARD_TYPES, "Card type (2.2.2).", aliases=CARD_TYPE_ALIASES)
STATE = Enum(("active", "sleep"), "アクティブ/スリープ (5.1.2): on the field and in the node area.",
             aliases={"アクティブ": "active", "スリープ": "sleep"})
UNTIL = Enum(("turn_end", "combat_end", "interference", "forever"),
             "Duration: until end of turn (4.9.1.b), of combat (6.2.4.i), during the "
             "interference (1.12.8.c), or no end.")
WHO = Enum(("you", "opponent", "each", "P1", "P2"), "A player, relative to whoever resolves the "
           "effect (「あなた」 1.4.4, 「相手プレイヤー」 1.4.5), or each player.",
           aliases={"あなた": "you", "相手プレイヤー": "opponent", "各プレイヤー": "each"})
WHAT = Str("target (the chosen 目標), self (this card), popularity (a 人気 card set on this "
           "card) or a card id.", pattern=ID_PATTERN,
           pattern_help="target, self, popularity or a card id")
RECIPIENT = Str("opponent, you, each, target, self, or a card id.", pattern=ID_PATTERN,
                pattern_help="opponent, you, each, target, self or a card id")
MODIFIER = Str("A battle modifier 戦闘修正 such as +1/-2 or ±0/-2 (6.1.10, 6.1.14).",
               pattern=r"[+\-±]?\d+/[+\-±]?\d+", pattern_help="a modifier such as +1/-2")

class _Target(Map):
    """目標の〔…〕: a character (`character`, `race`) or a card being played (`played`, `type`),
    not both."""

    def check(self, node, path, ctx):
        out = super().check(node, path, ctx)
        if isinstance(out, dict) and "played" in out and ({"character", "race"} & set(out)):
            ctx.bad(node, "either `character:` (and `race:`) or `played:` (and `type:`)",
                    "both", message="a target is a character or a card being played (3.8.2), "
                    "not both", path=path)
        elif isinstance(out, dict) and "type" in out and "played" not in out:
            ctx.bad(node, "`type:` only with `played:`", "`type:` without `played:`",
                    message="`type:` narrows a card being played (`played:`)", path=path)
        return out


TARGET = _Target({
    "character": Enum(("any", "you", "opponent"), "〔キャラクター〕, 〔あなたの場のキャラクター〕, "
                      "〔相手の場のキャラクター〕.", aliases={"あなた": "you", "相手": "opponent"}),
    "race": Enum(RACES, "Of this race (2.6.2)."),
    "played": Enum(("any", "you", "opponent"), "〔プレイされているカード〕: a card being played "
                   "(in the play area, treated as a played card, 3.8.2) — any, "
                   "yours or the opponent's; instead of `character`.",
                   aliases={"あなた": "you", "相手": "opponent"}),
    "type": Enum(("character", "spell", "command"), "With `played`: of this card type "
                 "(〔プレイされているスペルカード〕)."),
}, "目標の〔…〕: what a target must be (8.2.2, 8.2.6); chosen at the play or use (8.2.4).",
    name="target")

# ---- effect instructions ------------------------------------------------------------------

INSTR: dict = {}
# the actions a 「〜できない」 may forbid (judgekit.engine.effects.prohibit; docs/board-format-thv.md)
CANNOT_VERBS = ("attack", "defend", "be_targeted", "be_kesshi", "be_discarded", "be_excluded",
                "use", "play", "be_damaged", "draw", "become_active")


def _instr(key: str, main, description: str, **fields) -> None:
    INSTR[key] = Map({key: Field(main, required=True), **fields}, description, name=key)


_AMOUNT = IntOr(("X",), "A number, or X: what was paid for the card's cost X (1.8.7.h).",
                minimum=0)
_instr("damage", _AMOUNT, "Deal N effect damage (1.10.6).", to=RECIPIENT)
_instr("gain_lp", Int(minimum=0), "The player gains N LP (1.9.5).", to=WHO)
_instr("pay_lp", Int(minimum=0), "The player pays N LP (1.9.4): its LP goes down by N, even "
       "below 0 (1.9.4.a); not damage.", player=WHO)
_instr("set_lp", Int(), "The player's LP becomes N (1.9.7): the difference is neither gained "
       "nor lost.", player=WHO)
_instr("draw", _AMOUNT, "Draw N (1.11.2); too few cards in the deck loses (1.11.7).",
       player=WHO)
_instr("discard", WHAT, "破棄する (9.3).")
_instr("kesshi", WHAT, "決死状態にする (9.2.2.c).")
_instr("exclude", WHAT, "ゲームから除外する (9.4).")
_instr("return", WHAT, "戻す / 移す (11.3.14) to the owner's hand.",
       to=Enum(("hand",), "The zone (3.1.6: the owner's)."))
_instr("modify", MODIFIER, "戦闘修正 (6.1.10) lasting until `until`.", to=WHAT, until=UNTIL)
_instr("active", WHAT, "アクティブ状態にする (11.5.1).")
_instr("sleep", WHAT, "スリープ状態にする (11.5.2).")
_instr("to_nodes", Int(minimum=0), "The top N cards of your deck go to your nodes asleep.")
_instr("attack", WHAT, "The character attacks (6.3.5): a new interference (1.12.7).")
_instr("nullify", Enum(("kesshi", "discard")), "In a becomes_kesshi 自動γ: nullify that 決死 "
       "(9.2.4); in a would_be_discarded (or another 破棄 window's) 自動γ: nullify that 破棄 — "
       "「破棄を無効にする」 (9.3.5; not at durability 0 or less, 9.3.6).")
_instr("prevent_next_damage", WHO, "A waiting effect (7.8): the next damage the player would "
       "receive is nullified (1.10.15).", until=UNTIL)
_instr("cannot", Enum(CANNOT_VERBS, "「〜できない」: attack (6.3.3), "
       "defend (6.4.3) or be chosen as a target (8.2.6); 「できない」 wins (1.3.2). "
       "「決死状態にならない」 be_kesshi (9.2.8.c; durability 0 or less still makes it 決死, "
       "9.2.2.b), 「破棄されない」 be_discarded (9.3.8.c), 「除外されない」 be_excluded (9.4.6.b); "
       "「起動効果を使用出来ない」 use (7.3.7: its use cannot be attempted; one already used "
       "still resolves, 7.3.7.a); 「ダメージを受けない」 be_damaged (1.10.16); "
       "「…はキャラクターカードをプレイ出来ない」 play, with `player:` (and `type:`); "
       "「…はカードをドロー出来ない」 draw, with `player:`; 「アクティブ状態にならない」 "
       "become_active (4.4.1.a, 11.5.1)."),
       "The character(s) cannot do it until `until` (an effect lasting a period, 7.6).",
       to=WHAT, until=UNTIL,
       player=Enum(("you", "opponent", "each"), "With cannot: play or draw — the player who "
                   "cannot (instead of `to:`)."),
       type=Enum(("character", "spell", "command"), "With cannot: play — only cards of this "
                 "type (「キャラクターカードをプレイ出来ない」)."))
_instr("change_target", Enum(("waiting",), "The effect just below this one in the "
       "interference that has a target (an effect already resolved cannot be changed)."),
       "目標を変更する (8.2.8): that effect's target becomes the card `to:` names, proper or "
       "not; it is checked when the effect starts resolving (8.2.5.a).", to=WHAT)
_instr("search", Map({"type": TYPE, "race": Enum(RACES), "name": Str("Contained in the name.")},
                     "What the card must be (〔…〕).", name="search filter"),
       "抜き出す (11.4.1): look through your deck for `count` matching card(s) and put them into "
       "your hand; then the deck is shuffled (11.8.1) unless `shuffle: false`.",
       count=Int(minimum=1), shuffle=Bool("Shuffle the deck afterwards (default true)."))
_instr("look", IntOr(("all",), "How many cards from the top, or `all` (the whole deck).",
                    minimum=1),
       "見る (11.7): the player (`player:`, default you) sees the top N cards of a deck "
       "(`deck:`, default the player's own, 3.2.6); they stay where they are (11.7.2) and are "
       "hidden again in the same order when the effect ends (11.7.3). A whole deck seen with "
       "no shuffle instruction is shuffled when the effect ends (3.2.5; not when a number was "
       "named, 3.2.5.b, nor when part was seen, 3.2.5.a).", player=WHO, deck=WHO)
_instr("reveal", IntOr(("all",), "How many cards from the top, or `all` (the whole deck).",
                      minimum=1),
       "公開する (11.6): the top N cards of a deck (`deck:`, default yours) are shown to every "
       "player, stay in the deck (11.6.2) and are hidden again in the same order when the effect "
       "ends (11.6.3); not the same as 見る (11.6.4). The whole deck: shuffled when the effect "
       "ends unless it says to shuffle (3.2.5, 3.2.5.a, 3.2.5.b).", deck=WHO)
_instr("shuffle", WHO, "シャッフルする (11.8.1): the player's deck.")
_instr("discard_hand", Int(minimum=1),
       "「手札をN枚選んで破棄する」: the player (`player: you | opponent | each`) chooses N hand "
       "cards and puts them into the netherworld; with `each`, the turn player chooses all of "
       "its cards first, then the other player (1.3.3, 1.3.3.a), each choice shown face down "
       "(1.3.3.c), and the cards go together.", player=WHO)
_instr("lose_game", WHO, "ゲームに敗北する (1.5.3.c).")
_instr("win_game", WHO, "ゲームに勝利する (1.5.2.a).")

INSTRUCTION = Tagged(INSTR, "One instruction of an effect, applied in order (7.1.9).",
                     name="effect instruction")
EFFECT = List(INSTRUCTION, "Instructions, in printed order (7.1.9).")
_instr("pay", Int(minimum=1), "「Xを支払う。支払えない場合、…」: a cost asked by the effect as it "
       "resolves, paid at once from the nodes (1.8.9.g); it must be paid if it can be (1.8.9.a) "
       "unless `optional` (「支払っても良い」, 1.8.9.c); not paid, `otherwise` applies (1.8.9.b), "
       "and without it the effect fails (7.1.12.a).", player=WHO,
       optional=Bool("「支払っても良い」: the player chooses (1.8.9.c; choice under the card's "
                     "id)."), otherwise=EFFECT)
AT_TIMINGS = ("turn_start", "turn_end", "phase_start", "phase_end", "combat_end")
# 「次の自分のターン開始時」 / 「次の相手のターン終了時」: the turn the timing must belong to
AT_WHOSE = Enum(("you", "opponent"), "Whose turn the timing must be in, relative to the "
                "player who made the effect: you (「次の自分のターン開始時」) or opponent "
                "(「次の相手のターン開始時」) — the first such timing to come in a turn of that "
                "player; none: the first such timing in any turn.")
_instr("at", Enum(AT_TIMINGS, "The timing (7.7.1); combat_end: 戦闘終了時 (6.2.4.j, 6.3.7.c)."),
       "特定のタイミングで解決される効果 (7.7): "
       "`effect:` is not resolved now but when the timing comes (「ターン終了時、…」); "
       "created during that timing, it still resolves in it (7.7.2).",
       phase=Enum(PHASES, "For phase_start / phase_end."), whose=AT_WHOSE,
       effect=Field(EFFECT, required=True))

# ---- abilities -----------------------------------------------------------------------------

WHEN = ("turn_start", "turn_end", "phase_start", "phase_end", "deals_damage",
        "receives_damage", "would_attack", "attacks", "would_defend", "defends", "combat_start",
        "combat_end", "makes_kesshi", "becomes_kesshi", "made_kesshi", "became_kesshi",
        "discards", "would_be_discarded", "discarded_by", "discarded", "excludes",
        "would_be_excluded", "excluded_by", "excluded", "would_enter", "enters",
        "played_resolving", "played_resolved", "interference_end")

_text = Text("The card's printed text of this ability (for people).")
ABILITIES = {
    "effect": Map({
        "effect": Field(EFFECT, required=True),
        "target": TARGET,
        "text": _text,
    }, "プレイしたカードの効果 (7.2): what a played spell or command does when it resolves.",
        name="played-card effect"),
    "activated": Map({
        "activated": Field(Enum(("always", "your_turn", "opponent_turn"),
                                "(常時) / (自分ターン) / (相手ターン) (7.1.3).",
                                aliases={"常時": "always", "自分ターン": "your_turn",
                                         "相手ターン": "opponent_turn"}), required=True),
        "cost": ByKind(scalar=Int(minimum=0),
                       mapping=Map({"nodes": Int(minimum=0), "sleep": Enum(("self",))},
                                   name="cost"),
                       description="① (a number of nodes, 1.8.7) and/or S: sleep this card "
                       "(1.8.8)."),
        "effect": Field(EFFECT, required=True),
        "target": TARGET,
        "text": _text,
    }, "起動効果 (7.3): (タイミング)コスト:効果.", name="activated effect"),
    "auto": Map({
        "auto": Field(Enum(("γ",), "自動γ (7.4.7).", aliases={"gamma": "γ", "自動γ": "γ"}),
                      required=True),
        "when": Field(Enum(WHEN, "The condition (docs/board-format-thv.md)."), required=True),
        "of": Enum(("self", "any", "yours", "opponents", "you", "opponent"),
                   "Whose event: this card, any, your cards/you, the opponent's."),
        "phase": Enum(PHASES, "For phase_start / phase_end."),
        "kind": Enum(("combat", "effect"), "For damage: combat or effect damage (1.10.4); "
                     "for the 決死 / 破棄 / 除外 windows: caused by a card's effect, or 決死 by "
                     "combat damage (9.2.6.a, 9.2.6.b, 9.2.3.e)."),
        "by": Enum(("you", "opponent", "any"), "For the 決死 / 破棄 / 除外 windows: whose card "
                   "caused it (「相手のカードの効果で…」) — the controller of the card that did."),
        "turn": Enum(("your", "opponent"), "Only in your / the opponent's turn."),
        "optional": Bool("「…しても良い」: its player chooses as it resolves (reading "
                         "optional-gamma)."),
        "effect": Field(EFFECT, required=True),
        "target": TARGET,
        "text": _text,
    }, "自動γ (7.4.7): resolved when its condition is met.", name="auto effect"),
}
ABILITIES["cannot"] = Map({
    "cannot": Field(Enum(CANNOT_VERBS, "attack (6.3.3), defend (6.4.3), be_targeted (8.2.6), "
                         "use its activated effects (7.3.7), be_damaged (1.10.16); play / draw: "
                         "the players `of` names cannot play cards (of `type`, 10.3.3) / draw."),
                    required=True),
    "type": Enum(("character", "spell", "command"), "With cannot: play — only cards of this "
                 "type."),
    "of": Enum(("self", "yours", "opponents", "any"), "Whose characters cannot: this card "
               "(default), your characters, the opponent's, every character."),
    "text": _text,
}, "「〜できない」 printed on a card: an 自動α (7.4.5) that applies while the card is on the "
    "field (7.4.5.a); 「できない」 wins over 「できる」 (1.3.2).", name="prohibition")
ABILITIES["cost_change"] = Map({
    "cost_change": Field(Int("+N raises, -N lowers the cost (1.8.7.j: never below 0)."),
                         required=True),
    "of": Enum(("yours", "opponents", "any"), "Whose played cards: your cards (default), "
               "the opponent's, every player's."),
    "type": Enum(("character", "spell", "command"), "Only cards of this type."),
    "text": _text,
}, "「…のコストは+1される / -1される」 printed on a card: an 自動α (7.4.5.a) changing the cost "
    "of cards played while it is on the field.", name="cost change")
ABILITIES["replace"] = Map({
    "replace": Field(Enum(("put_into",), "置く (11.2): the card being put into `zone`."),
                     required=True),
    "zone": Enum(("netherworld",), "The zone it would be put into (default netherworld: "
                 "「冥界に置かれる代わりに」).", aliases={"冥界": "netherworld"}),
    "to": Field(Enum(("hand", "removed", "deck", "deck_bottom"), "Where its owner's card goes "
                     "instead: hand, removed area, the top or the bottom of the deck.",
                     aliases={"手札": "hand", "除外エリア": "removed", "デッキの上": "deck",
                              "デッキの下": "deck_bottom"}), required=True),
    "of": Enum(("self", "yours", "opponents", "any"), "Whose cards: this card (default), your "
               "cards, the opponent's, every card."),
    "text": _text,
}, "「〔…〕が冥界に置かれる代わりに、…に置く」 printed on a card: an 自動α (7.4.5) applying while "
    "the card is on the field (7.4.5.a); the put ends there (11.2.2.a); several at once apply "
    "in the order their cards entered the field (7.4.5.e).", name="replacement")
ABILITY = Tagged(ABILITIES, "One text of a card, in the small vocabulary.", name="ability")

# ---- cards and zones ---------------------------------------------------------------------

KEYWORD_WORDS = tuple(KEYWORDS)
KEYWORD_EN = {en: ja for ja, en in KEYWORDS.items()}
KEYWORD = ByKind(
    scalar=Enum(KEYWORD_WORDS, "A tactic or special effect (chapter 10).", aliases=KEYWORD_EN),
    mapping=Map({
        "耐性": Field(Enum(RACES, "耐性A: the race A (10.11)."), aliases=("resistance",)),
        "マナチャージ": Field(Int(minimum=0, description="マナチャージ(X) (10.12)."),
                        aliases=("mana_charge",)),
        "維持コスト": Field(Int(minimum=0, description="維持コスト(X) (10.27)."),
                       aliases=("upkeep",)),
        "加護": Field(Int(minimum=0, description="加護(X) (10.29)."), aliases=("blessing",)),
        "抵抗": Field(Int(minimum=0, description="抵抗(X) (10.26): on a card being played."),
                    aliases=("resist",)),
        "連結": Field(List(Str("A name (or part of one)."), "連結「A」+「B」+… (10.20): the names.",
                         scalar_ok=True), aliases=("link",)),
        "変身": Field(Map({"name": Str("The other side's name."),
                          "attack": IntOr(("-",), "The other side's attack."),
                          "durability": IntOr(("-",), "The other side's durability."),
                          "graze": Int("The other side's graze.", minimum=0),
                          "transformed": Bool("The card shows its transformed side now (10.28.3): "
                                              "its fields are the transformed description and "
                                              "these are its normal side's.")},
                         "変身 (10.28): the side of the card not shown.", name="変身"),
                     aliases=("transform",)),
        "壱符": Field(Str("壱符 (10.18.2.a): A, the B of the card's name 「符ノ壱“B”」 (written when "
                        "the name does not show it)."), aliases=("first_card",)),
    }, name="keyword with a value"),
    description="速攻, 先制, 貫通, … or {耐性: 妖怪}, {マナチャージ: 2}, {維持コスト: 1}, "
                "{加護: 2}, {抵抗: 1}.")

for _how, _words in (("grant", "「…は〈戦術〉を得る」: the characters it names have it"),
                     ("lose", "「…は〈戦術〉を失う」: the characters it names do not have it")):
    ABILITIES[_how] = Map({
        _how: Field(KEYWORD, required=True),
        "of": Enum(("self", "yours", "opponents", "any"), "Whose characters: this card "
                   "(default), your characters, the opponent's, every character."),
        "text": _text,
    }, f"{_words} while this card is on the field: an 自動α (7.4.5.a); 「失う」 wins over "
       "「得る」 (1.3.2), the same one twice is two (10.1.3).", name=f"自動α {_how}")
_instr("grant", KEYWORD, "The character(s) gain a tactic or special effect until `until` (an "
       "effect lasting a period, 7.6.1); the same one twice is two (10.1.3).", to=WHAT,
       until=UNTIL)
_instr("lose", KEYWORD, "The character(s) lose a tactic or special effect until `until` "
       "(7.6.1); 「失う」 wins over 「得る」 (1.3.2).", to=WHAT, until=UNTIL)

_card_fields = {
    "id": Field(CARD_ID, required=True),
    "name": Str("Card name (2.3)."),
    "type": TYPE,
    "need": IntOr(("-", "Nullity"), "必要ノード (5.2.2.c); Nullity = 0 (2.4.4).", minimum=0),
    "cost": IntOr(("-", "X", "Nullity"), "Cost (1.8.7); '-' cannot be played (2.4.3).",
                  minimum=0),
    "attack": IntOr(("-",), "攻撃力 (2.10); '-' = none."),
    "durability": IntOr(("-",), "耐久力 (2.11); '-' = none."),
    "graze": Int("グレイズ (2.8); none printed = 0 (2.8.3).", minimum=0),
    "races": List(Enum(RACES), "種族 (2.6.2).", scalar_ok=True),
    "caster": Str("術者 (2.5)."),
    "alt_race": Map({"race": Field(Enum(RACES), required=True),
                     "count": Int(minimum=1)}, "代替レース (2.7.2): a race and a number.",
                    name="alternative race"),
    "keywords": List(KEYWORD, "戦術 and 特殊効果 (chapter 10).", scalar_ok=True),
    "owner": PLAYER,
    "controller": Enum(("P1", "P2"), "The player whose zone holds the card (written back for "
                       "a card on another player's field; read from the zone)."),
    "state": STATE,
    "face": Enum(("up", "down"), "Default: up in public zones, down in the deck, hand, node "
                 "area and sideboard (3.1.5)."),
    "damage": Int("Accumulated damage 蓄積ダメージ (1.10.11.b).", minimum=0),
    "combat_damage": Int("The part of `damage` that is combat damage (reset at 6.2.4.h).",
                         minimum=0),
    "set_as": Enum(SET_KINDS, "For a card set on another: equipment, talisman, popularity "
                   "(人気) or other (11.3.11).", aliases={"装備": "equipment", "呪符": "talisman",
                                                        "人気": "popularity"}),
    "text": Text("Printed text (for people)."),
    "abilities": List(ABILITY, "Texts in the small vocabulary (docs/board-format-thv.md)."),
    "note": Text(),
}
CARD = Map(dict(_card_fields), "A card.", name="card")
ZONE_ENTRY = zone_entry(CARD)
CARD.fields["set"] = Field(List(ZONE_ENTRY, "Cards set on this card (セットカード, 11.3.7); "
                                "{unknown: N, face: down} for 人気 cards nobody has seen."))
ZONE = zone(ZONE_ENTRY)

PLAYER_STATE = Map({
    **{z: ZONE for z in PLAYER_ZONES},
    "lp": Int("Life points (1.9); no bound (1.9.6)."),
    "hand_limit": Int("Hand limit (3.6.4: 7).", minimum=0),
    "counters": MapOf(Int()),
    "flags": MapOf(Bool()),
}, "One player's zones and life points.", name="player")

GAME = Map({
    **game_fields(STEP),
    "phase": Enum(PHASES, "The phase, when `step` is 1.12.8 (an interference resolving)."),
    "passed": List(PLAYER, "Players who passed in succession since the last action (1.12.9)."),
    "attack_priority": PLAYER,
    "node_set": Bool("A node set has resolved this turn (1.8.2.c)."),
    "character_played": Bool("A character card without 奇襲/人形 resolved this turn (5.4.1.d)."),
    "doll_played": Bool("A 人形 character card resolved this turn (5.4.1.e)."),
    "world_talisman_played": Bool("A 世界呪符 spell was played this turn (5.5.1.d)."),
    "leader_used": List(CARD_ID, "リーダー whose 10.34.2.c resolved this turn."),
    "limited": List(Str("P1:name", pattern="P[12]:.+", pattern_help="P1:card name"),
                    "ターン1枚制限 made this turn: the player cannot play a card of that name "
                    "until the end of the turn (10.21.2.a)."),
    "ready_nodes": Bool("Older form of `readings: {nodes-not-readied: ready-nodes}` (true); "
                        "the readings: section is the one to use."),
}, "Where the game stands.", name="game")

EFFECT_IN_FORCE = Map({
    "modify": MODIFIER,
    "cannot": Enum(CANNOT_VERBS, "「〜できない」 (1.3.2): what the cards cannot do."),
    "grant": KEYWORD,
    "lose": KEYWORD,
    "incs": MapOf(Int(minimum=0), "The incarnation of each card the effect was made for (a "
                  "card that has since become a new object no longer has what it granted)."),
    "to": Field(List(CARD_ID, scalar_ok=True), required=True),
    "type": Enum(("character", "spell", "command"), "With cannot: play and players in `to`: "
                 "only cards of this type."),
    "source": CARD_ID,
    "until": UNTIL,
    "ts": Int("Timestamp order (6.1.11).", minimum=0),
    "text": Text(),
}, "An effect lasting a period (7.6): a battle modifier (`modify`), a prohibition "
    "(`cannot`), a tactic granted (`grant`) or taken away (`lose`).", name="effect in force")

ENTRY = Map({
    "play": CARD_ID, "use": CARD_ID,
    "ability": ByKind(scalar=Str(numbers_ok=True)),
    "player": Field(PLAYER, required=True),
    "targets": List(CARD_ID),
    "ignore_cost": Bool(), "defend": Bool(),
    "x": Int("What was paid for the card's cost X (1.8.7.h).", minimum=0),
}, "A card played (in its player's play area) or an activated effect used.",
    name="interference entry")

FRAME = Map({
    "entries": List(ENTRY, "In the order played or used (they resolve last first, 1.12.8.a)."),
    "attack": Map({"attacker": Field(CARD_ID, required=True), "player": Field(PLAYER,
                                                                              required=True),
                   "defender": CARD_ID, "by_effect": Bool(), "cancelled": Bool(),
                   "defense_cancelled": Bool()}, "The attack that started it.", name="attack"),
    "used": List(Str(), "Activated effects used in it, card#ability (7.3.6)."),
    "resolving": Bool("Its resolution has begun (an interference nested in it runs)."),
    "resume": Map({"entry": Field(ENTRY, required=True), "next": Int(minimum=0)},
                  "The entry whose effect a nested interference suspended (7.1.10).",
                  name="suspended entry"),
}, "An interference (干渉, 1.12.5).", name="interference")

WAITING = Map({
    "prevent_next_damage": PLAYER,
    "at": Enum(AT_TIMINGS, "An effect resolved at a given timing (7.7): turn_start, turn_end, "
               "phase_start or phase_end (with `phase:`), combat_end."),
    "phase": Enum(PHASES),
    "whose": AT_WHOSE,
    "effect": EFFECT,
    "player": PLAYER,
    "until": UNTIL,
    "source": CARD_ID,
}, "A waiting effect (待機中の効果, 7.8): the next damage nullified (`prevent_next_damage`), "
    "or an effect resolved when a timing comes (`at:` and `effect:`, 7.7).",
    name="waiting effect")

_act = {"player": PLAYER}
ACTION_VARIANTS = {
    "node": Map({"node": Field(CARD_ID, required=True), **_act},
                "Set a hand card as a node (1.8.3).", name="node set"),
    "play": Map({"play": Field(CARD_ID, required=True), "targets": List(CARD_ID),
                 "ignore_cost": Bool("Use 5.5.6 (caster) / 5.6.6 (alternative race)."),
                 "defend": Bool("A 奇襲+速攻 character played as a defense (10.3.4)."),
                 "x": Int("For a cost X: how much is paid (X is what was paid, 1.8.7.h).",
                          minimum=0), **_act},
                "Play a card from hand (5.2.3).", name="play"),
    "use": Map({"use": Field(CARD_ID, required=True),
                "ability": ByKind(scalar=Str("Its position (1, 2, …) or a keyword "
                                             "(リーダー, マナチャージ).", numbers_ok=True)),
                "targets": List(CARD_ID), **_act},
               "Use an activated effect (7.3.4).", name="use"),
    "attack": Map({"attack": Field(CARD_ID, required=True), **_act},
                  "Attack with a character (6.3.4).", name="attack"),
    "defend": Map({"defend": Field(CARD_ID, required=True), **_act},
                  "Defend with a character (6.4.4).", name="defend"),
    "concede": Map({"concede": Field(PLAYER, required=True)},
                   "Concede (12.7): at any time, priority or not.", name="concede"),
    "pass": PASS,
}
ACTION = Tagged(ACTION_VARIANTS, "What the player with priority does.", name="action",
                shorthand=("pass",))

ZONE_EXPECT = ByKind(scalar=Int(minimum=0), seq=List(CARD_ID))
EXPECT = Map({
    **expect_fields(STEP, {**{z: ZONE_EXPECT for z in PLAYER_ZONES},
                           "lp": Int(), "hand_limit": Int(),
                           "active_nodes": Int(minimum=0), "sleeping_nodes": Int(minimum=0),
                           "counters": MapOf(Int())},
                    {"state": STATE, "damage": Int(), "combat_damage": Int(),
                     "attack": Int(), "durability": Int(), "face": Enum(("up", "down"))}),
    "game": Map({"priority": PLAYER, "interference": Int(minimum=0), "turn": Int(minimum=1),
                 "turn_player": PLAYER, "phase": Enum(PHASES)}, name="expected game"),
}, "What the judge believes the outcome is (checked by `judgekit step --check`).",
    name="expectation")

BOARD = board_spec(
    "thv", "東方VISION", game_map=GAME, players=PLAYER_STATE, sections={},
    effects=List(EFFECT_IN_FORCE, "Effects lasting a period (7.6)."),
    extra={"interference": List(FRAME, "Interferences running, outermost first (1.12.7)."),
           "waiting": List(WAITING, "Waiting effects (7.8).")},
    events=List(Map({}, name="event"), "Not used by this ruleset."),
    actions=List(ACTION, "What the players do next, in order."), until=STEP, expect=EXPECT)

# the steps a file may start from (game.step) or stop before (until)
STEPS = ("4.3.1",) + tuple(s for steps in PHASE_STEPS.values() for s in steps) + ("4.9.1",
                                                                                    "1.12.8")
UNTIL_WORDS = ("turn_end",)
DECISION_STEPS = tuple(PRIORITY_STEPS)

for _t, _n in ((TARGET, "target"), (INSTRUCTION, "instruction"), (EFFECT, "effect"),
               (ABILITY, "ability"), (CARD, "card"), (ZONE_ENTRY, "zone_entry"), (ZONE, "zone")):
    _t.defname = _n
