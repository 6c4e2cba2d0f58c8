"""The Dimension Zero board-state file format, declared once (see docs/board-format-d0.md).

`BOARD` validates a file (judgekit.board.load) and generates its JSON Schema; the sections every
ruleset shares come from judgekit.board.common. The ability vocabulary (abilities, effect
instructions, targets, filters, conditions) is part of the file format and is declared here;
judgekit.engine.d0.effects gives it meaning.
"""

from __future__ import annotations

from ...board.common import (CARD_ID, ID_PATTERN, PASS, board_spec, expect_fields, game_fields,
                             zone, zone_entry)
from ...board.model import PLAYERS
from ...board.types import (Bool, ByKind, Enum, Field, Int, IntOr, List, Map, MapOf, Str, Tagged,
                             Text)
from .model import (BASE_SQUARES, BATTLE_SQUARES, COLOR_ALIASES, COLORS, COST_SYMBOLS, PHASES,
                    PLAYER_ZONES, STATE_ALIASES, STATES, TIMING_ALIASES, TIMINGS, TYPE_ALIASES,
                    CARD_TYPES)

PLAYER = Enum(PLAYERS, "A player: P1 or P2 (P1 sits at rows 1 and P1's base squares).")
WHO = Enum(("you", "opponent"), "Relative to the controller of the ability.",
           aliases={"あなた": "you", "相手": "opponent"})
WHO_ANY = Enum(("you", "opponent", "any"), "Relative to the controller of the ability.",
               aliases={"あなた": "you", "相手": "opponent"})
BATTLE_SQUARE = Enum(BATTLE_SQUARES, "A battle square: column L/C/R (P1's left to right) and "
                     "row 1 (P1's own area) / 2 (center) / 3 (P2's own area), 2.24.")
ANY_SQUARE = Enum(BATTLE_SQUARES + BASE_SQUARES, "A battle square (L1 … R3) or a base square "
                  "(P1-L … P2-R).")
STEP = Str("A step id: 4.6.2 (priority), 3.5.1, 3.6.1-1, 3.7.1, 3.8.1, 3.9.1, 3.10.1, 3.12.1, "
           "3.13.1, 3.14.1, 3.14.4, 3.4.5.", numbers_ok=True)
STATE = Enum(STATES, "released (リリース) / frozen (フリーズ), 2.26.1.", aliases=STATE_ALIASES)
COLOR = Enum(COLORS, "赤 黒 青 白 緑 (1.2.3).", aliases=COLOR_ALIASES)
AREA = Enum(("own", "center", "enemy"), "自軍 / 中央 / 敵軍 エリア, from the controller (2.24.7).",
            aliases={"自軍エリア": "own", "中央エリア": "center", "敵軍エリア": "enemy"})
UNTIL = Enum(("turn_end", "battle_end", "forever"),
             "Duration: until the end of the turn (3.10.1), of the battle (3.14.3), or no end "
             "(4.14.3-1).")
COST = MapOf(IntOr(("X", "Y", "Z"), minimum=0, bound="1.2.3-1: a number of energy; X, Y, Z "
                   "a variable (1.2.3-3)"), "Energy symbols and their numbers: red, black, "
             "blue, white, green, colorless (赤 黒 青 白 緑 無色); a number may be the variable X "
             "(chosen when played, 4.7.2-3).",
             key_pattern="|".join(COST_SYMBOLS + tuple(COLOR_ALIASES)),
             key_help="an energy symbol (red … colorless, 赤 … 無色)")

# ---- filters, targets, conditions --------------------------------------------------------

# what 「～にあたり、…を1つ指定する」 may designate (4.15.2-1; judgekit.engine.d0.designate)
DESIGNATIONS = ("race", "color", "name")

FILTER = Map({
    "type": Enum(CARD_TYPES, "Card type (2.6.2).", aliases=TYPE_ALIASES),
    "controller": WHO_ANY,
    "owner": WHO_ANY,
    "name": Str("Card name contains this."),
    "color": COLOR,
    "cost_max": Int(), "cost_min": Int(), "power_max": Int(), "power_min": Int(),
    "state": STATE,
    "other": Bool("Not the card with this ability (「このカード以外」)."),
    "this": Bool("The card with this ability itself (「このカード」)."),
    "race": List(Str(), "Has this race or attribute (any of several), read after the "
                 "continuous effects that change races (2.8, 4.14.5-2).", scalar_ok=True),
    "not_race": List(Str(), "Has none of these races (「ただし、種族「X」のユニットは選べない」).",
                     scalar_ok=True),
    "same_line": Bool("In the line of the card with this ability (2.24.4)."),
    "same_area": Bool("In the area of the card with this ability (2.24.6)."),
    "adjacent": Bool("On a battle square adjacent to the card with this ability (3.8.2-6)."),
    "area": AREA,
    "in_area": Enum(("target",), "In the area chosen as this ability's target."),
    "square": List(ANY_SQUARE, "On one of these squares.", scalar_ok=True),
    "cost_max_of": Str("Play cost at most that of the target (`target` or a target's name): "
                       "「使用コストが…のユニットの使用コスト以下」.", pattern=ID_PATTERN,
                       pattern_help="target or a target's name"),
    "in_line": Enum(("target",), "In the line chosen as this ability's target (「そのラインに"
                    "ある」, 2.24.4)."),
    "same_area_as": Str("In the same area as the named target (4.9.2-2)."),
    "same_line_as": Str("In the same line as the named target (4.9.2-2)."),
    "aura": Bool("true: it has 闘気 cards under it (「下に闘気カードがあるカード」, 6.1.2); false: "
                 "it has none (「下に闘気カードのない」)."),
    "designated": Enum(DESIGNATIONS, "Has the race / colour / name the card with this ability "
                       "designated as it was put onto its square (「指定された種族の」, 4.15.2-1); "
                       "nothing matches while it has designated none."),
}, "Which cards: every given property must hold (relative to the card with the ability and "
   "its controller, 2.24.7-2).", name="card filter")

# `under: filter` — the card is a 闘気 card under a card that matches it
# (「相手のカードの下にある闘気カード」, 6.1.2)
FILTER.fields["under"] = Field(FILTER)

TARGET_SPEC = Map({
    "name": Str("Name of this target (for filters of other targets and for instructions)."),
    "count": IntOr(("X", "any"), "How many (default 1); X: as many as the X decided when "
                   "played (4.7.2-3, 4.7.2-5) — 0 chooses none (4.11.2); any: 「好きな枚数」, "
                   "the number declared first, 0 included (4.7.2-5).", minimum=1),
    "up_to": Bool("「～まで」: 0 up to `count` may be chosen (4.11.2)."),
    "filter": FILTER,
    "area": Bool("The target is an area (自軍/中央/敵軍エリア), not a card."),
    "line": Bool("The target is a line (「対象のラインを1つ選び」, 2.24.4): answered L, C or R."),
    "square": Map({"area": AREA, "empty": Bool("With no unit on it."),
                   "unit_of": Enum(("you", "opponent"), "With a unit of that player's on it "
                                   "(「相手のユニットがいる…スクエア」).",
                                   aliases={"あなた": "you", "相手": "opponent"})},
                  "The target is a battle square with these properties.", name="square target"),
    "zone": Enum(("energy", "graveyard"), "Where the target is chosen from, instead of the "
                 "squares — the controller's own zone: 「あなたのエネルギーゾーンにある対象の…」 "
                 "(energy), 「自分の墓地にある対象の…」 (graveyard); it stays legal while it is "
                 "there (4.9.2-1)."),
}, "A target (対象, 4.11): chosen when the spell or ability is played or stacked.",
    name="target")

SELECTOR = ByKind(
    scalar=Str("self (this card), target (the chosen targets), a target's name, it (the card "
               "the event or replacement is about), sandwiched (the units 挟撃 sandwiches, 5.9.1), "
               "or a card id.", pattern=ID_PATTERN,
               pattern_help="self, target, it, sandwiched, a target's name or a card id"),
    mapping=Tagged({
        "all": Map({"all": Field(FILTER, required=True)}, name="all matching cards"),
        "choose": Map({"choose": Field(Int("How many.", minimum=1), required=True),
                       "from": List(Enum(("hand", "plan", "graveyard", "energy", "squares")),
                                    "Zones to choose from (of the player `whose`), or squares "
                                    "(the cards on the squares).", scalar_ok=True),
                       "whose": Enum(("you", "opponent", "target_owner"), "Whose zones: the "
                                     "controller's (default), the opponent's (「相手の手札」: "
                                     "public while it resolves, 2.25.4), or the target's "
                                     "owner's (「そのエネルギーゾーン」)."),
                       "player": Enum(("you", "each"), "Who chooses: the controller (default) "
                                      "or each player, the active player first (「それぞれの"
                                      "プレイヤーは自分の…を選び」, 1.1.4, 4.9.2-5); `you` in the "
                                      "filter is then the chooser.",
                                      aliases={"それぞれのプレイヤー": "each"}),
                       "up_to": Bool("「～してよい」 / 「～まで」: none may be chosen."),
                       "filter": FILTER}, "Cards chosen on resolution (4.9.2-4), e.g. 「手札か"
                      "プランゾーンにある…ユニットを1枚選び」; particular cards of the "
                      "controller's own hidden hand may be 'not found' (answer none, 2.25.3).",
                      name="cards to choose"),
    }, name="selection"),
    description="Which card(s) an instruction acts on.")

CONDITION = Map({
    "self": FILTER,
    "exists": FILTER,
    "count": Map({"zone": Enum(PLAYER_ZONES), "player": WHO}, name="zone count"),
    "at_least": Int(), "at_most": Int(),
    "additional_paid": Bool("「そうした場合」 after an optional additional cost: true — the "
                            "spell being resolved was played paying its additional cost "
                            "(4.7.2-4)."),
    "deck_ordered": Bool("「山札にあるカードの順番が意図的に決定された」 (6.2.1): true — the order of "
                         "the controller's deck has been intentionally determined during this "
                         "duel (6.2.2, 6.2.3, kept after any shuffle, 6.2.4); false — it has not."),
}, "A condition (「～ならば」, 4.4.3): `self` — this card matches; `exists` — some card on the "
   "squares matches; `count` with at_least / at_most — cards in a zone; `deck_ordered` — whether "
   "your deck's order was intentionally determined (6.2).", name="condition")

SQUARE_CHOICE = ByKind(
    scalar=Str("A square (L1 … R3), event_square (where the triggering card was put), target "
               "(the targeted square) or a named square target.", pattern=ID_PATTERN,
               pattern_help="a square, event_square, target or a target's name"),
    mapping=Map({"adjacent": Bool("Adjacent to the card (3.8.2-6)."),
                 "other": Bool("Any other battle square."),
                 "same_line": Bool("In the card's line."),
                 "area": AREA,
                 "no_unit_of": WHO_ANY,
                 "unit_of": Enum(("you", "opponent"), "Only squares with a unit of that "
                                 "player's (「敵ユニットのいるスクエア」: opponent)."),
                 "base_of_line": Enum(("target",), "「そのラインの自分のベーススペースのスクエア」: "
                                      "the controller's base square of the target line "
                                      "(empty)."),
                 "was": Str("「このカード（そのユニット）があったスクエア」: the battle square "
                            "that card stood on as the resolution began — self, target or a "
                            "target's name.", pattern=ID_PATTERN,
                            pattern_help="self, target or a target's name")},
                name="square choice"),
    description="Where a card is put: a square, or the squares to choose from on resolution.")

# ---- effect instructions ------------------------------------------------------------------

INSTR: dict = {}
# the moments a created triggered ability may wait for (4.4.4; judgekit.engine.effects.delayed)
DELAYED_MOMENT = Enum(("battle_end", "turn_end", "turn_start", "phase_start"), "battle_end: "
                      "the end of that battle (3.14.2-2); turn_end: 「ターン終了時」 (3.10.2); "
                      "turn_start: 「ターン開始時」 (3.5.1); phase_start: 「…フェイズの開始時」 with "
                      "`phase:` (3.5.1–3.10.1).")
DELAYED_PHASE = Enum(PHASES, "For phase_start: the phase whose start it waits for (3.4.2).")
DELAYED_WHOSE = Enum(("you", "opponent"), "Whose turn the moment must be in, relative to the "
                     "ability's controller: you (「次のあなたのターン開始時」) or opponent (「次の相手の"
                     "ターン開始時」); none: the next such moment in any turn.")
# the actions a 「〜できない」 may forbid (judgekit.engine.effects.prohibit; docs/board-format-d0.md)
CANNOT_VERBS = ("move", "be_targeted", "draw", "activate", "play", "release")
# a number an instruction reads from the board (1.2.2: one that cannot be defined is 0)
AMOUNT = ByKind(
    scalar=IntOr(("X",), minimum=0),
    mapping=Tagged({
        "highest": Map({"highest": Field(Enum(("smash", "power")), required=True),
                        "of": FILTER},
                       "「…のうち1番高い数と同じ枚数」: the highest smash / power among the matching "
                       "cards on the squares; with none it cannot be defined and is 0 (1.2.2).",
                       name="amount read from the board"),
        "x": Map({"x": Field(Int("X × this number (「X000」 is {x: 1000}).", minimum=1),
                             required=True)}, name="X times N"),
    }, name="amount"),
    description="A number: fixed; X (the number chosen for the cost's variable, 4.7.2-3; 0 "
    "when none could be defined, 1.2.2) or {x: N} for X × N; or read from the board as the "
    "instruction resolves.")


def _instr(key: str, main, description: str, **fields) -> None:
    INSTR[key] = Map({key: Field(main, required=True), **fields}, description, name=key)


_instr("modify", Map({"power": Int(), "smash": Int()}, name="modification"),
       "A continuous change of power / smash (4.14).", to=Field(SELECTOR, required=True),
       until=UNTIL)
COST_CHANGE = Map({
    "set": COST, "increase": COST, "reduce": COST,
    "of": Enum(("play", "move"), "Which cost: the play cost (default) or the move cost."),
    "forward": Bool("With of: move — only a move to the square in front (前方: the adjacent "
                    "square of its line toward the opponent's side)."),
}, "A change of a cost: `set` — the cost becomes this (「使用コストが<無色1>になる」: the card's "
   "data, 4.7.2-3); `increase` / `reduce` — added / taken off, never below 0, until the cost is "
   "locked (4.7.2-7).", name="cost change")

_instr("damage", AMOUNT, "Deal N damage (耐性 is checked as it is dealt, 5.17.3).",
       to=Field(SELECTOR, required=True),
       divided=Bool("「Nのダメージを割り振って与える」: N is divided among the targets, at least 1 "
                    "each, declared when the spell or ability is played (4.7.2-6)."))
_instr("destroy", SELECTOR, "Put into the owner's graveyard (破壊する, 2.23.1-4).")
_instr("to_hand", SELECTOR, "Put into (return to) the owner's hand.")
_instr("exclude", SELECTOR, "Remove from the game (除外する, 2.23.1-4): to the owner's remove "
       "zone, not the graveyard.")
_instr("to_energy", SELECTOR, "Put into the owner's energy zone, released (2.23.6-2).")
_instr("put", SELECTOR, "Put onto a battle square (square to square keeps the card, 2.23.8-4).",
       square=Field(SQUARE_CHOICE, required=True), state=STATE,
       by=Enum(("owner",), "「そのユニットの持ち主は、…置く」: the card's owner puts it, under "
               "its own control (2.20.1-5); without it, the effect's controller (2.20.1-4)."))
_instr("swap", SELECTOR, "Exchange the battle squares of the two units selected "
       "(「…のスクエアを入れ替える」): both are put onto the other's square at the same time, "
       "square to square (2.23.8-4); it is not a move.")
_instr("draw", AMOUNT, "Draw N cards, one at a time (2.23.1-5); N may be read from the "
       "board ({highest: smash, of: filter}).", player=WHO)
_instr("deck_to_smash", Int(minimum=0), "The top N cards of the deck into its owner's smash "
       "zone, face down and released.", player=WHO)
_instr("discard", Int(minimum=0), "N hand cards into the graveyard; `player: each` — the "
       "active player declares first, the other knowing it, then both at once (4.9.2-5).",
       player=Enum(("you", "opponent", "each"), "Who: you, the opponent, or each player.",
                   aliases={"お互い": "each", "各プレイヤー": "each"}),
       random=Bool("Chosen at random (ランダムに)."))
_instr("cannot", Enum(CANNOT_VERBS, "move (3.8.2-6), be chosen as a target (4.11), draw "
       "(a player: `to: you | opponent | each`), activate activated abilities (a card's, or "
       "a player's, which also stops the rules' own, 4.3.3), play cards (a player's, or "
       "the cards named) or be released (「リリースされない」: the release phase's, 3.5.1, and an "
       "effect's, 2.26.1); 「できない」 wins (1.1.2)."), "The cards cannot do it (a continuous effect of a spell or "
       "ability, 4.14.3: only the cards it affects now).", to=Field(SELECTOR, required=True),
       until=UNTIL)
_instr("change_target", Enum(("top",), "top: the spell or ability at the top of the stack "
       "that has a target (the one this effect answers)."), "「対象を…に変える」 (6.5.1, 6.5.2): "
       "its target becomes the card `to:` names, if that card is a proper target for it "
       "(otherwise the target cannot be changed); of several targets, only the one the change "
       "applies to.", to=Field(SELECTOR, required=True))
_instr("control", WHO, "The player gains control of the cards (a continuous effect changing "
       "the controller, applied first, 4.14.5-2; only the cards it affects now, 4.14.3-2) "
       "until `until`; when it ends the cards go back to their controller before it.",
       to=Field(SELECTOR, required=True), until=UNTIL)
_instr("to_smash", SELECTOR, "Put into the owner's smash zone, face down and released "
       "(2.23.7-2).")
AURA_HOSTS = Tagged({
    "all": Map({"all": Field(FILTER, required=True)}, name="every matching host"),
    "one": Map({"one": Field(FILTER, required=True)}, "One card the ability's controller chooses "
               "on resolution.", name="one chosen host"),
}, "The cards on the squares to put 闘気 cards under: `{all: filter}` each of them, `{one: "
   "filter}` one chosen; only a unit or a base can have them (6.1.1), never the card itself "
   "(6.1.6), a 闘気 card (6.1.6-1) or a 結合 strategy (6.1.11).", name="闘気 hosts")
_instr("aura", SELECTOR, "「…の下に闘気カードとして裏向きに置く」: put the cards face down under a "
       "card on a square as its 闘気 cards (6.1.1).", under=Field(AURA_HOSTS, required=True))
_instr("aura_from_deck", Int(minimum=1), "「…の下に、そのユニットの持ち主の山札の上からカードを1枚ずつ"
       "闘気カードとして裏向きに置く」: under each host, N cards from the top of that host's "
       "owner's deck (6.1.1).", under=Field(AURA_HOSTS, required=True))
_instr("bind", SELECTOR, "「このカードを結合する」 (6.6.1): this strategy 結合 with the unit; when "
       "its resolution ends it is put face up onto that unit's square, bound to it (2.20.3-3, "
       "6.6.2, 6.6.4).")
_instr("freeze", SELECTOR, "Freeze (2.26.1).")
_instr("cost", COST_CHANGE, "A continuous change of the cards' cost (played from a hand or "
       "another zone later; 4.7.2-3, 4.7.2-7).", to=Field(SELECTOR, required=True), until=UNTIL)
_instr("release", SELECTOR, "Release (2.26.1).")
_instr("color", COLOR, "The card becomes this colour (instead of its own).",
       to=Field(SELECTOR, required=True), until=UNTIL)

_instr("delayed", Map({"trigger": Field(DELAYED_MOMENT, required=True),
                       "about": Str("The card it is about: a card id, self, target (or a "
                                    "target's name) or it — fixed when it is created; it "
                                    "vanishes if that card becomes a new card first (4.4.4-1).",
                                    pattern=ID_PATTERN, pattern_help="a card id, self, target, "
                                    "a target's name or it"),
                       "square": BATTLE_SQUARE, "whose": DELAYED_WHOSE, "phase": DELAYED_PHASE,
                       "effect": Field(List(ByKind()), required=True), "text": Text()},
                      name="created ability"),
       "Create a triggered ability (4.4.4): 即死's 「そのバトル終了時に、そのユニットを持ち主の"
       "墓地に置く」, 「ターン終了時に、そのユニットを持ち主の墓地に置く」 (turn_end: 3.10.2), 「次の"
       "あなたのターン開始時に、…」 (turn_start, whose: you; 3.5.1). A battle_end without "
       "`square` created by a unit that is battling waits for the end of that unit's battle.")

REPLACE_KINDS = ("to_graveyard", "damaged", "draw", "to_smash", "put_into")
# the zones `replace: put_into` names (the graveyard and the smash zone have kinds of their own)
PUT_INTO_ZONES = ("hand", "deck", "energy", "plan", "remove")
_instr("replace", Enum(REPLACE_KINDS, "The event it replaces (its 置換イベント, 4.15.1)."),
       "A replacement effect a spell or ability creates (「次に～する時、かわりに～」, 4.15.3): with "
       "no `until` it replaces only the next such event, once, and ends; with `until` every such "
       "event until then. Created by the spell or ability resolving, it is a self-replacement "
       "for what that resolution does and applies first (4.15.8-1).",
       to=SELECTOR, player=Enum(("you", "opponent"), "For draw: whose draw (default you)."),
       instead=Field(List(ByKind()), aliases=("かわりに",)),
       reduce=Int("For damaged: the damage is dealt reduced by N (4.15.2).", minimum=1),
       into=Enum(PUT_INTO_ZONES, "For put_into: the zone."), until=UNTIL, text=Text())
INSTRUCTION = Tagged(INSTR, "One instruction of an effect, followed in order (4.9.2-3).",
                     name="effect instruction")
EFFECT = List(INSTRUCTION, "Instructions, in printed order (4.9.2-3).")
INSTR["delayed"].fields["delayed"].t.fields["effect"].t = EFFECT  # close the recursion
INSTR["replace"].fields["instead"].t = EFFECT
# the deck (6.2; judgekit.engine.d0.deck): each says whether it determines the deck's order
DECK_POSITIONS = ("top", "bottom", "shuffle")
_instr("to_deck", SELECTOR, "Put into the owner's deck (judgekit.engine.d0.deck): `position: "
       "top` 「山札の一番上に置く」 (default) or `bottom` 「一番下に置く」 — an identifiable position, "
       "so the deck's order is intentionally determined (6.2.2 A); `shuffle` 「山札に加えてシャッフル"
       "する」 — not (6.2.5).", position=Enum(DECK_POSITIONS, "Where in the deck.",
                                            aliases={"上": "top", "下": "bottom",
                                                     "シャッフル": "shuffle"}))
_instr("to_plan", SELECTOR, "Put face up into the owner's plan zone: the top of the deck "
       "(2.23.3-1, 2.23.3-3), so the deck's order is intentionally determined (6.2.3, 6.2.2 A).")
_instr("search", FILTER, "「山札から…を探し」: the controller looks through its deck for cards "
       "matching the filter and puts them `into` the hand (default) or the plan zone; "
       "`then_shuffle` shuffles the deck after (6.2.5). Into the plan zone the deck's order is "
       "intentionally determined (6.2.2 B, 6.2.3).",
       into=Enum(("hand", "plan"), "Where the found card goes.",
                 aliases={"手札": "hand", "プランゾーン": "plan"}),
       count=Int("How many (default 1).", minimum=1),
       then_shuffle=Bool("「その後、山札をシャッフルする」."))
_instr("look", Int(minimum=1), "「山札の上からN枚を見て、好きな順番で山札の上（下）に戻す」: the "
       "controller looks at the top N cards of its deck and puts them back in the order it "
       "chooses — the deck's order is intentionally determined (6.2.2 C).",
       back=Enum(("top", "bottom"), "Back on the top (default) or the bottom.",
                 aliases={"上": "top", "下": "bottom"}))
_instr("shuffle", WHO, "「山札をシャッフルする」: not an intentional determination of the deck's "
       "order (6.2.5).")
_instr("face_up_top", WHO, "「山札の一番上のカードを表向きにする」: it becomes the plan zone "
       "(2.23.3-1); not an intentional determination of the deck's order (6.2.6).")
_instr("if", CONDITION, "「～ならば、…」: `do` when the condition holds at resolution, else "
       "`otherwise`.", do=Field(EFFECT, required=True), otherwise=EFFECT)

# 「～してよい。そうしたならば、～」: any instruction may be optional and have what follows it
for _m in INSTR.values():
    _m.fields["optional"] = Field(Bool("「～してよい」: the controller chooses on resolution "
                                       "whether to do it (4.8.5 / 4.9.2-4)."))
    _m.fields["then"] = Field(List(INSTRUCTION, "「そうしたならば、～」: done only if this "
                                   "instruction was done (4.9.2-3)."))

# ---- abilities ------------------------------------------------------------------------------

TRIGGER_EVENTS = ("put_on_square", "to_graveyard", "put_into", "attacks", "attacked", "battle_start",
                  "battle_win", "battle_end", "phase_start", "turn_start", "turn_end", "drew",
                  "damaged", "state", "advance", "pincer", "rampage")

_common = {"text": Text("The printed text of this ability (for people)."),
           "linked": Field(List(Str(), "連動「A」(「B」) (5.12.2): this text is enabled only while "
                                "cards with these names are in its controller's graveyard.",
                                scalar_ok=True), aliases=("連動",)),
           "resonance": Field(Bool("共鳴 (5.13.2): this text is enabled only if a unit of its "
                                   "controller's was put onto a square by resolving its move this "
                                   "turn."), aliases=("共鳴",))}
ZONE_EFFECT = List(Enum(("graveyard", "energy", "plan", "hand"),
                        aliases={"墓地": "graveyard", "エネルギーゾーン": "energy",
                                 "プランゾーン": "plan", "手札": "hand"}),
                   "[ゾーン]効果 (5.7.1, 2.10.3): the zone(s) it works in instead of the squares.",
                   scalar_ok=True)
_targets = {
    "target": TARGET_SPEC,
    "targets": List(TARGET_SPEC, "Several named targets (chosen in order)."),
}

ABILITIES = {
    "trigger": Map({
        "trigger": Field(Enum(TRIGGER_EVENTS, "The trigger event (誘発イベント, 4.4.1)."),
                         required=True),
        "of": ByKind(scalar=Enum(("self", "any")), mapping=FILTER,
                     description="The card the event is about: self (default), any, or a "
                     "filter."),
        "from": Enum(("hand", "plan", "outside", "any"), "put_on_square: where the card came "
                     "from (4.8.9)."),
        "area": AREA,
        "into": Enum(PLAYER_ZONES, "put_into: the zone the card is put into (「～ゾーンに置かれた"
                     "時」).", aliases={"墓地": "graveyard", "手札": "hand",
                                       "エネルギーゾーン": "energy", "スマッシュゾーン": "smash",
                                       "プランゾーン": "plan", "山札": "deck",
                                       "リムーブゾーン": "remove"}),
        "zone": ZONE_EFFECT,
        "phase": Enum(PHASES, "phase_start: which phase."),
        "condition": CONDITION,
        "optional": Bool("「～してよい」: stacked anyway, chosen on resolution (4.8.5)."),
        "cause": Enum(("battle", "effect", "cost", "rule", "any"), "damaged: battle damage "
                      "(the damage exchange) or an effect's; to_graveyard: 破壊する by an effect, "
                      "廃棄する as a cost (2.23.1-4), or a rule effect (4.16.4)."),
        "by": Enum(("you", "opponent", "any"), "damaged: by whose card — the controller of "
                   "the card that dealt it; to_graveyard: the controller of the effect that "
                   "destroyed it (its source, 2.27)."),
        "source": Enum(("other",), "damaged: 「このカード以外から」 — not damage this card "
                       "dealt."),
        "energy": Int("暴走[数値] (5.7.2-1): with trigger rampage, the energy-zone cards needed.",
                      minimum=0),
        "reveal": Map({"freeze_energy": Int(minimum=0)}, "A reveal-from-hand ability (4.8.12) "
                      "and its (行動).", name="reveal"),
        "effect": Field(EFFECT, required=True),
        **_targets, **_common,
    }, "A triggered ability (誘発型能力, 4.4).", name="triggered ability"),
    "activated": Map({
        "activated": Field(Bool(), required=True),
        "timing": Enum(TIMINGS, "ノーマル / クイック / バトル (4.3.4).", aliases=TIMING_ALIASES),
        "cost": Map({"energy": COST,
                     "sacrifice": Enum(("self",), "廃棄: this card into the graveyard."),
                     "freeze": Enum(("self",), "Freeze this card."),
                     "compose": Map({
                         "from": Field(Enum(PLAYER_ZONES + ("squares",), "The zone of the "
                                            "ability's controller (squares: the battle "
                                            "squares) the cards are in."), required=True),
                         "count": Int("How many cards (default 1).", minimum=1),
                         "filter": FILTER},
                         "合成 (6.4.1): put the specified cards of that zone into their owner's "
                         "graveyard; in a unit's or base's ability, the activated ability's "
                         "cost (6.4.2). The action names them with `compose: [ids]`.",
                         name="合成")},
                    "The cost in 〔〕 (4.3.1).", name="cost"),
        "zone": ZONE_EFFECT,
        "effect": Field(EFFECT, required=True),
        **_targets, **_common,
    }, "An activated ability (起動型能力, 4.3).", name="activated ability"),
    "spell": Map({
        "spell": Field(EFFECT, required=True),
        "mode": Bool("One of the texts to choose from (「以下から1つを選ぶ」): the player "
                     "declares which when playing the card (4.7.2-2)."),
        **_targets, **_common,
    }, "What a strategy does when it resolves (2.20.3-3).", name="strategy text"),
    "static": Map({
        "static": Field(Enum(("modify", "cannot", "grant", "lose", "race", "cost")),
                        required=True),
        "power": Int(), "smash": Int(),
        "grant": List(ByKind(), "With static: modify or grant — keyword abilities the cards "
                      "have while it works (「…は速攻を得る」, 4.14.2).", scalar_ok=True),
        "add": List(Str(), "With static: race — races added (「種族に「X」を加える」).",
                    scalar_ok=True),
        "set": ByKind(seq=List(Str()), scalar=List(Str(), scalar_ok=True), mapping=COST,
                      description="With static: race — the races become these; with static: "
                      "cost — the cost becomes this (4.7.2-3)."),
        "increase": COST, "reduce": COST,
        "of": Enum(("play", "move"), "With static: cost — the play cost (default) or the move "
                   "cost."),
        "remove": List(Str(), "With static: race — races taken away.", scalar_ok=True),
        "action": Enum(CANNOT_VERBS, "With static: cannot — what the cards cannot do (1.1.2)."),
        "player": Enum(("you", "opponent", "each"), "With static: cannot, action: draw or "
                       "activate — the player who cannot (「あなたはカードを引くことができない」: "
                       "you).",
                       aliases={"お互い": "each"}),
        "to": FILTER,
        "condition": CONDITION,
        "zone": ZONE_EFFECT,
        **_common,
    }, "A static ability (常在型能力, 4.5): a continuous effect while the card is on a square.",
        name="static ability"),
    "replace": Map({
        "replace": Field(Enum(REPLACE_KINDS + ("put_on_square",)), required=True),
        "into": Enum(PUT_INTO_ZONES, "With put_into: 「…が手札（山札、エネルギーゾーン…）に置かれる時、"
                     "かわりに…」 — the zone of its owner's the card would be put into, whatever "
                     "puts it there."),
        "designate": Enum(DESIGNATIONS, "With put_on_square: 「このカードがスクエアに置かれるにあたり、"
                          "種族（色、カード名）を1つ指定する」 — the controller designates one as the "
                          "card is put there, in place of doing nothing (4.15.2-1)."),
        "of": ByKind(scalar=Enum(("self",)), mapping=FILTER),
        "player": Enum(("you", "opponent"), "For draw: whose draw (default you)."),
        "instead": Field(EFFECT),
        "optional": Bool("「かわりに～してよい」: the affected card's controller chooses whether it "
                         "applies; never when `instead` is impossible (4.15.7)."),
        "reduce": Int("For damaged: the damage is dealt reduced by N (4.15.2).", minimum=1),
        "zone": List(Enum(("plan",), aliases={"プランゾーン": "plan"}),
                     "[ゾーン]効果 (5.7.1): it works from this zone instead of the squares "
                     "(a plan-zone card replacing its own smash).", scalar_ok=True),
        **_common,
    }, "A replacement effect (「～時、かわりに～」, 4.15): `instead` happens in place of the "
        "event; for damaged, `reduce: N` deals N less, and neither prevents it.",
        name="replacement"),
    "additional_cost": Map({
        "additional_cost": Field(COST, required=True),
        "optional": Bool("「追加コストとして…を支払ってもよい」: the player chooses whether to pay "
                         "it (4.7.2-3); without it, 「[追加コスト]」 must be paid."),
        **_common,
    }, "An additional cost (追加コスト, 4.7.2-4): paid on top of the card's cost when it is "
        "played; the spell reads whether it was paid with `if: {additional_paid: true}` "
        "(「そうした場合」).", name="additional cost"),
    "compose": Map({
        "compose": Field(Map({
            "from": Field(Enum(PLAYER_ZONES + ("squares",), "The zone of the player's (squares: "
                               "the battle squares) the cards are in."), required=True),
            "count": Int("How many cards (default 1).", minimum=1),
            "filter": FILTER}, "What is put into the graveyard.", name="合成"), required=True),
        **_common,
    }, "「合成（…）」 in a strategy's cost: its additional cost (6.4.3) — the specified cards put "
        "into their owner's graveyard as it is played (6.4.1); the play action names them "
        "with `compose: [ids]`.", name="合成 (additional cost)"),
    "alternative_cost": Map({
        "alternative_cost": Field(COST, required=True),
        "condition": CONDITION,
        **_common,
    }, "An alternative cost (代替コスト, 4.7.2-4: 「支払うにあたり、そのコストを[代替コスト]にして"
        "よい」): paid instead of the card's cost when the player chooses it (4.7.2-3) and its "
        "condition holds.", name="alternative cost"),
}
ABILITY = Tagged(ABILITIES, "One ability of a card.", name="ability")

KEYWORD_NAMES = {"速攻": "haste", "加速": "acceleration", "即死": "instant_kill",
                 "支援": "support", "耐性": "resistance", "召集": "summon", "団結": "unity",
                 "隊列召喚": "formation", "呼声": "call", "閃光": "flash", "補給": "supply",
                 "急襲": "raid"}
_SCALAR_KW = {"速攻": "haste", "加速": "acceleration", "即死": "instant_kill", "団結": "unity",
              "閃光": "flash", "補給": "supply", "挟撃": "pincer"}
SUMMON = Enum(("same_line", "same_area", "adjacent"), "召集ー[スクエア条件]: the squares, seen "
              "from this card, a unit may be played onto (5.3.2).",
              aliases={"同じライン": "same_line", "同じエリア": "same_area", "隣接": "adjacent"})
FORMATION = Map({
    "shape": Field(Enum(("straight", "triangle", "x", "underbar", "small_eye", "big_eye",
                         "big_triangle", "bottom_bar"), "[定義] (5.8.2-1 … 5.8.2-8).",
                        aliases={"ストレート": "straight", "トライアングル": "triangle",
                                 "エックス": "x", "アンダーバー": "underbar",
                                 "スモールアイ": "small_eye", "ビッグアイ": "big_eye",
                                 "ビッグトライアングル": "big_triangle",
                                 "ボトムバー": "bottom_bar"}), required=True),
    "cost": Field(COST, required=True),
}, "隊列召喚—[定義][コスト] (5.8.2).", name="隊列召喚")
RAID = Int("急襲[数値]: bases frozen instead of the move cost (5.16.2).", minimum=1,
           bound="5.16.2: a number of bases")
KEYWORD = ByKind(
    scalar=Enum(tuple(dict.fromkeys(_SCALAR_KW.values())),
                "速攻 / 加速 / 即死 (no level) / 団結 / 閃光 / 補給.", aliases=_SCALAR_KW),
    mapping=Map({
        "instant_kill": ByKind(scalar=Int(minimum=0)), "即死": ByKind(scalar=Int(minimum=0)),
        "support": Map({"range": Enum(("same_line", "same_area", "adjacent")),
                        "value": Int()}, name="支援"),
        "支援": Map({"range": Enum(("same_line", "same_area", "adjacent")), "value": Int()},
                  name="支援"),
        "resistance": COLOR, "耐性": COLOR,
        "summon": SUMMON, "召集": SUMMON,
        "formation": FORMATION, "隊列召喚": FORMATION,
        "call": COLOR, "呼声": COLOR,
        "raid": RAID, "急襲": RAID,
        "advance": COST, "進撃": COST,
        "awaken": ByKind(mapping=COST, seq=List(COST)), "覚醒": ByKind(mapping=COST,
                                                                     seq=List(COST)),
    }, "即死レベルN {即死: N}, 支援 {支援: {range, value}}, 耐性 {耐性: colour}, 召集 {召集: "
       "same_line}, 隊列召喚 {隊列召喚: {shape, cost}}, 呼声 {呼声: colour}, 急襲 {急襲: N}, 進撃 {進撃: cost} "
       "(第5部).",
        name="keyword"),
    description="A keyword ability of 第5部.")
ABILITIES["static"].fields["grant"].t = List(KEYWORD, "With static: modify or grant — keyword "
                                             "abilities the cards have while it works "
                                             "(「…は速攻を得る」, 4.14.2).", scalar_ok=True)
ABILITIES["static"].fields["lose"] = Field(List(
    KEYWORD, "With static: lose — keyword abilities the cards do not have while it works "
    "(「…は速攻を失う」; against a grant the later effect applies last, 4.14.5-4, 4.14.5-5).",
    scalar_ok=True))
_instr("grant", KEYWORD, "The cards gain a keyword ability (a continuous effect of a spell or "
       "ability: only the cards it affects now, 4.14.3-2) until `until`.",
       to=Field(SELECTOR, required=True), until=UNTIL)
_instr("lose", KEYWORD, "The cards lose a keyword ability (4.14.3-2) until `until`; a later "
       "grant gives it back (timestamp order, 4.14.5-4).", to=Field(SELECTOR, required=True),
       until=UNTIL)

# ---- cards and zones ------------------------------------------------------------------------

_card_fields = {
    "id": Field(CARD_ID, required=True),
    "name": Str("Card name (2.3)."),
    "type": Enum(CARD_TYPES, "unit / base / strategy (2.6.2).", aliases=TYPE_ALIASES),
    "cost": COST,
    "move_cost": COST,
    "colors": List(COLOR, "Colours, when they differ from those of the play cost (2.4.2).",
                   scalar_ok=True),
    "races": List(Str(), "Races / attributes (2.8).", scalar_ok=True),
    "timing": Enum(TIMINGS, "Timing (2.9.2): normal (default), quick, battle.",
                   aliases=TIMING_ALIASES),
    "power": Int("Printed power (2.12).", minimum=0, bound="2.12.1: the printed power"),
    "smash": Int("Printed smash (2.13).", minimum=0, bound="2.13.1: the printed smash"),
    "keywords": List(KEYWORD, "Keyword abilities (第5部).", scalar_ok=True),
    "owner": PLAYER,
    "controller": PLAYER,
    "state": STATE,
    "face": Enum(("up", "down"), "Default: up in public zones, down in hidden ones."),
    "damage": Int("Damage on a unit (removed in the recovery phase, 3.10.1).", minimum=0,
                  bound="damage is a number of points"),
    "placed": Int("Placement order on squares (4.16.4-6, 3.11.5); larger = later.", minimum=0),
    "designated": Map({"race": Str(), "color": COLOR, "name": Str()},
                      "What this card designated as it was put onto its square (「～にあたり、…を"
                      "1つ指定する」, 4.15.2-1); gone when it becomes a new card.",
                      name="designation"),
    "text": Text("Printed text (for people)."),
    "abilities": List(ABILITY, "Abilities in the vocabulary (docs/board-format-d0.md)."),
    "note": Text(),
}
CARD = Map(dict(_card_fields), "A card.", name="card")
ZONE_ENTRY = zone_entry(CARD)
# cards on a square that belong to this one, written nested under it (BaseCard.ATTACHED)
CARD.fields["aura"] = Field(List(ZONE_ENTRY, "闘気 cards under this unit or base, face down "
                                 "(6.1.1, 6.1.2): cards whose identity matters, or {unknown: N}."))
CARD.fields["bound"] = Field(List(ZONE_ENTRY, "The strategy 結合 with this unit, face up on its "
                                  "square (6.6.2, 6.6.4)."))
ZONE = zone(ZONE_ENTRY)

PLAYER_STATE = Map({
    **{z: ZONE for z in PLAYER_ZONES},
    "counters": MapOf(Int(), "Counters a card's text keeps for a player."),
    "deck_ordered": Bool("The order of this player's deck has been intentionally determined "
                         "during this duel (6.2.2); it stays so after any shuffle (6.2.4)."),
    "flags": Map({"energy_put": Bool("A card was put into the energy zone this energy phase "
                                     "(3.7.1: one card)."),
                  "resonance": Bool("A unit of this player's was put onto a square by resolving "
                                    "its move this turn (共鳴, 5.13.2).")}, name="per-phase flags"),
}, "One player's zones (2.23.1).", name="player")

TARGETS = ByKind(seq=List(Str()), mapping=MapOf(List(Str(), scalar_ok=True)),
                 description="Targets: a list, or {name: [ids]} for named targets.")
_X = Int("The number chosen for the cost's variable X when it was played (4.7.2-3).",
         minimum=0)
_MODE = Int("A spell asking for a choice of effect (4.7.2-2): which of its `mode: true` "
            "texts is used (1 for the first).", minimum=1)
_DIVIDED = MapOf(Int(minimum=1), "「割り振って与える」: each target's share, declared when "
                 "it was played (4.7.2-6).", key_pattern=ID_PATTERN, key_help="a card id")
DAMAGE = Map({"from": Field(CARD_ID, required=True), "to": Field(CARD_ID, required=True),
              "amount": Field(Int(minimum=0), required=True)}, name="fixed battle damage")

STACK_VARIANTS = {
    "spell": Map({"spell": Field(ZONE_ENTRY, required=True), "controller": PLAYER,
                  "square": ANY_SQUARE, "targets": TARGETS,
                  "via": Str("The card whose 召集 it was played through (5.3.2).",
                             pattern=ID_PATTERN, pattern_help="a card id"),
                  "linked": MapOf(Bool(), "連動 texts (by ability number): enabled when played "
                                  "(5.12.3, 5.12.4).", key_pattern="[0-9]+",
                                  key_help="an ability number"),
                  "x": _X, "mode": _MODE, "divided": _DIVIDED,
                  "additional": Bool("Its additional cost was paid when it was played "
                                     "(4.7.2-4; read by `if: {additional_paid: true}`).")},
                 "A spell: a card being played (4.1.1), with its chosen square (units, bases).",
                 name="spell"),
    "trigger": Map({"trigger": Field(CARD_ID, required=True), "ability": Int(minimum=1),
                    "controller": PLAYER, "targets": TARGETS, "divided": _DIVIDED,
                    "event": MapOf(Text(), "What triggered it."),
                    "created": Map({"trigger": Str(), "effect": EFFECT, "text": Text(),
                                    "about": CARD_ID},
                                   "An ability an effect created (4.4.4) or a keyword's "
                                   "(即死), written out in place of `ability`.",
                                   name="created ability")},
                   "A triggered ability of a card (4.8).", name="triggered ability"),
    "activated": Map({"activated": Field(CARD_ID, required=True), "ability": Int(minimum=1),
                      "controller": PLAYER, "targets": TARGETS, "x": _X, "divided": _DIVIDED},
                     "An activated ability of a card (4.3).", name="activated ability"),
    "move": Map({"move": Field(CARD_ID, required=True), "from": BATTLE_SQUARE,
                 "to": Field(BATTLE_SQUARE, required=True), "controller": PLAYER,
                 "advance": Bool("進撃's additional cost was paid (5.11.2).")},
                "A unit move (3.8.2-6, 4.7.3).", name="move"),
    "plan": Map({"plan": Field(Enum(("create", "update")), required=True),
                 "controller": Field(PLAYER, required=True)},
                "Creating / updating the plan zone (3.8.2-3/-4).", name="plan"),
    "exchange": Map({"exchange": Field(BATTLE_SQUARE, required=True),
                     "step": Enum(("first", "second")),
                     "damage": List(DAMAGE, "The damage fixed when it was stacked (3.12.4-1).")},
                    "A battle damage exchange (3.12.2).", name="damage exchange"),
}
STACK_ENTRY = Tagged(STACK_VARIANTS, "One entry of the stack (2.23.9).", name="stack entry")
STACK = List(STACK_ENTRY, "The stack, bottom first (2.23.9-2).")

BATTLE_AT = Map({
    "attacking": List(CARD_ID, "The attacking unit(s) (3.11.5).", scalar_ok=True),
    "attacked": List(CARD_ID, "The attacked unit(s) (3.11.5).", scalar_ok=True),
    "units": List(CARD_ID, "The battling units (3.11.1-2); default attacking + attacked.",
                  scalar_ok=True),
    "first_stacked": List(CARD_ID, "Units whose damage was stacked in the 1st step (5.4.2).",
                          scalar_ok=True),
    "center_played": List(CARD_ID, "Battling units played into the center area (4.16.4-9).",
                          scalar_ok=True),
    "result": Map({"winner": CARD_ID, "draw": Bool()}, name="battle result"),
}, "The battle in one square (3.11).", name="battle")
BATTLE_FRAME = Map({
    "step": Enum(("first", "second", "end"), "The battle step (3.11.4)."),
    "exchange": Enum(("pending", "stacked", "none"), "This step's damage exchange (3.12.2)."),
    "end_done": Bool("3.14.2's rule effects and 3.14.2-2's triggers already happened."),
    "squares": Field(MapOf(BATTLE_AT, key_pattern="|".join(BATTLE_SQUARES),
                           key_help="a battle square"), required=True),
    "stack": STACK,
    "triggers": List(Map({"card": Field(CARD_ID, required=True), "ability": Int(minimum=1),
                          "controller": PLAYER, "event": MapOf(Text())}, name="pending"),
                     "Abilities waiting to go on the suspended stack (3.11.2)."),
}, "Battles that occurred together (3.11.1-4) and what they suspended (3.11.2).",
    name="battle frame")

GAME = Map({
    **game_fields(STEP),
    "phase": Enum(PHASES, "The phase (3.4.2); default main.",
                  aliases={"リリースフェイズ": "release", "ドローフェイズ": "draw",
                           "エネルギーフェイズ": "energy", "メインフェイズ": "main",
                           "スマッシュフェイズ": "smash", "リカバリーフェイズ": "recovery"}),
    "passed": List(PLAYER, "Players who passed since the stack last changed (4.6.2)."),
    "once_fired": List(Str(), "card#n: once-per-turn abilities that triggered (4.4.4)."),
    "empty_exchange": Bool("Older form of `readings: {empty-exchange: not-stacked}` (false); "
                           "the readings: section is the one to use."),
    "recovery_event": Bool("3.10.3: a trigger or rule effect happened in this round."),
    "turn_end_checked": Bool("3.10.2 already done in this round."),
}, "Where the game stands.", name="game")

EFFECT_IN_FORCE = Map({
    "modify": Map({"power": Int(), "smash": Int()}, name="modification"),
    "cannot": Enum(CANNOT_VERBS, "「〜できない」 (1.1.2): what the cards cannot do."),
    "grant": KEYWORD, "lose": KEYWORD,
    "control": PLAYER,
    "base": MapOf(PLAYER, "The controller each card had before any control effect."),
    "incs": MapOf(Int(minimum=0), "The incarnation of each card the effect was made for (a "
                  "card that has since become a new object no longer has what it granted)."),
    "color": COLOR,
    "cost": COST_CHANGE,
    "play_from": Enum(("remove", "graveyard", "energy"), "The cards may be played from this "
                      "zone of their owner's (an effect's permission, e.g. to play a card it "
                      "removed from the game)."),
    "race": Map({"add": List(Str(), scalar_ok=True), "set": List(Str(), scalar_ok=True),
                 "remove": List(Str(), scalar_ok=True)},
                "Races added / set / taken away (judgekit.engine.effects.attributes).",
                name="race change"),
    "to": Field(List(CARD_ID, scalar_ok=True), required=True),
    "replace": Enum(REPLACE_KINDS, "A replacement effect a spell or ability created (4.15.3): "
                    "the event it replaces, for the cards (or, for draw, the player) in `to`."),
    "instead": Field(List(ByKind()), aliases=("かわりに",)),
    "reduce": Int("With replace: damaged — the damage is dealt reduced by N.", minimum=1),
    "into": Enum(PUT_INTO_ZONES, "With replace: put_into — the zone."),
    "once": Bool("With replace: created with no duration, it replaces the next such event "
                 "once and ends (4.15.3)."),
    "all": FILTER,  # with cannot: 「すべての…」's filter, reaching later cards too (4.14.3-2)
    "where": Str("With all: the zone its source was in (the filter is relative to it)."),
    "source": CARD_ID,
    "controller": PLAYER,
    "until": UNTIL,
    "ts": Int("Timestamp order (4.14.5-4).", minimum=0),
    "text": Text(),
}, "A continuous effect of a spell or ability in force (4.14.3).", name="continuous effect")

EFFECT_IN_FORCE.fields["instead"].t = EFFECT

DELAYED = Map({
    "trigger": Field(DELAYED_MOMENT, required=True),
    "about": CARD_ID,
    "source": CARD_ID,
    "controller": PLAYER,
    "square": BATTLE_SQUARE,
    "whose": DELAYED_WHOSE,
    "phase": DELAYED_PHASE,
    "effect": Field(EFFECT, required=True),
    "text": Text(),
}, "A triggered ability created by an effect (4.4.4), e.g. 即死's.", name="created trigger")

_event_extra = {"source": CARD_ID, "controller": PLAYER}
EVENT_VARIANTS = {k: Map({**m.fields, **_event_extra}, m.description, name=k)
                  for k, m in INSTR.items() if k != "delayed"}
EVENTS = List(Tagged(EVENT_VARIANTS, "Something that just happened, applied first.",
                     name="event"), "What just happened (applied in order before stepping).")

_pay = List(CARD_ID, "The energy / smash cards frozen to pay (1.2.3-1, 1.2.3-2).")
_call = List(CARD_ID, "呼声 (5.10.2): cards with 呼声 of the unit's colour frozen as an "
             "additional cost, each colourless -1.")
ACTION_VARIANTS = {
    "play": Map({"play": Field(CARD_ID, required=True), "square": ANY_SQUARE,
                 "targets": TARGETS, "pay": _pay, "player": PLAYER,
                 "via": Str("A special play (5.3.2-2, 5.8.3): the card whose 召集 is used, "
                            "or the played unit itself for its 隊列召喚.", pattern=ID_PATTERN,
                            pattern_help="a card id"),
                 "call": _call,
                 "awaken": Int("覚醒 (5.7.3-1): play from the plan zone for the card's 覚醒 cost "
                               "number N (1 for the first).", minimum=1),
                 "compose": List(CARD_ID, "合成 (6.4.3): the cards put into the graveyard "
                                 "for a strategy's 合成 additional cost."),
                 "additional": Bool("Pay the card's optional additional cost (4.7.2-4); "
                                    "without it the engine asks (choice `4.7.2-4`)."),
                 "alternative": Bool("Pay the card's alternative cost instead of its cost "
                                     "(4.7.2-4); without it the engine asks (choice "
                                     "`4.7.2-4`)."),
                 "x": _X, "mode": _MODE},
                "Play a card from the hand or the plan zone (4.7.2).", name="play"),
    "activate": Map({"activate": Field(CARD_ID, required=True), "ability": Int(minimum=1),
                     "targets": TARGETS, "pay": _pay, "player": PLAYER, "x": _X,
                     "compose": List(CARD_ID, "合成 (6.4.1): the cards put into the graveyard "
                                     "for the ability's cost.")},
                    "Activate an ability (4.7.2).", name="activate"),
    "move": Map({"move": Field(CARD_ID, required=True), "to": Field(BATTLE_SQUARE,
                                                                    required=True),
                 "pay": _pay, "player": PLAYER, "call": _call,
                 "raid": List(CARD_ID, "急襲 (5.16.2): the released bases frozen instead of the "
                              "move cost."),
                 "advance": Bool("進撃 (5.11): pay its additional cost with the move."),
                 "x": _X}, "Move a unit (3.8.2-6, 4.7.3).", name="move"),
    "plan": Map({"plan": Field(Enum(("create", "update")), required=True), "pay": _pay,
                 "player": PLAYER}, "Create / update the plan zone (3.8.2-3/-4).",
                name="plan"),
    "energy": Map({"energy": Field(CARD_ID, required=True), "player": PLAYER},
                  "Energy phase: a hand card into the energy zone (3.7.1).", name="energy"),
    "smash": Map({"smash": Field(CARD_ID, required=True), "player": PLAYER},
                 "Smash phase: smash with a unit (3.9.1).", name="smash"),
    "concede": Map({"concede": Field(PLAYER, required=True)}, "Concede (3.3.7).",
                   name="concede"),
    "pass": PASS,
}
ACTION = Tagged(ACTION_VARIANTS, "What the player with priority does (4.6.2).", name="action",
                shorthand=("pass",))

ZONE_EXPECT = ByKind(scalar=Int(minimum=0), seq=List(CARD_ID))
EXPECT_STACK = Map({k: Str() for k in ("spell", "trigger", "activated", "move", "plan",
                                       "exchange")}, name="expected stack entry")
EXPECT = Map({
    **expect_fields(STEP, {**{z: ZONE_EXPECT for z in PLAYER_ZONES},
                           "deck_ordered": Bool("Whether the deck's order has been "
                                                "intentionally determined (6.2).")},
                    {"state": STATE, "damage": Int(), "power": Int(), "smash": Int(),
                     "controller": PLAYER, "colors": List(COLOR, scalar_ok=True),
                     "races": List(Str(), scalar_ok=True),
                     "keywords": List(Str(), "Keyword names it has (English form), printed, "
                                      "granted and static.", scalar_ok=True),
                     "face": Enum(("up", "down")),
                     "under": Str("The card it is attached to on its square: the card a 闘気 "
                                  "card is under (6.1.2) or the unit a strategy is 結合 with "
                                  "(6.6.4); none when it is attached to no card.")}),
    "game": Map({"turn": Int(), "turn_player": PLAYER, "phase": Enum(PHASES)},
                name="expected game"),
    "stack": List(EXPECT_STACK, "The stack at the end, bottom first."),
    "roles": MapOf(List(Enum(("attacking", "attacked")), scalar_ok=True),
                   "The roles each card has at the end in the battles still going on, waiting "
                   "ones included (3.11.5, 3.11.5-2): attacking (攻撃したユニット), attacked "
                   "(攻撃されたユニット); [] for none.", key_pattern=ID_PATTERN,
                   key_help="a card id"),
    "battles": List(BATTLE_SQUARE, "The squares of the battles still going on."),
    "battling": MapOf(List(CARD_ID, scalar_ok=True), "The battling units (3.11.1-2) of the battle "
                      "still going on in each square named (a unit may battle in two, "
                      "3.11.1-3).", key_pattern="|".join(BATTLE_SQUARES),
                      key_help="a battle square"),
    "results": List(Map({"square": Field(BATTLE_SQUARE, required=True), "winner": CARD_ID,
                         "draw": Bool()}, name="battle result"),
                    "Battles decided during the run, in order (3.14.1-1)."),
    "delayed": Int("How many created triggers (4.4.4) are still waiting.", minimum=0),
}, "What the judge believes the outcome is (checked by `judgekit step --check`).",
    name="expectation")

BOARD = board_spec(
    "d0", "Dimension Zero", game_map=GAME, players=PLAYER_STATE,
    sections={
        "squares": MapOf(List(ZONE_ENTRY), key_pattern="|".join(BATTLE_SQUARES),
                         key_help="a battle square L1 … R3", description="Units on each "
                         "battle square, oldest placed first (4.16.4-6)."),
        "bases": MapOf(List(ZONE_ENTRY), key_pattern="|".join(BASE_SQUARES),
                       key_help="a base square P1-L … P2-R", description="Bases on each "
                       "player's base squares (2.23.8)."),
    },
    effects=List(EFFECT_IN_FORCE, "Continuous effects of spells and abilities in force (4.14.3)."),
    extra={"stack": STACK,
           "battles": List(BATTLE_FRAME, "Battles going on, outermost first; all but the last "
                           "are waiting battles (3.11.3)."),
           "delayed": List(DELAYED, "Triggered abilities created by effects (4.4.4).")},
    events=EVENTS, actions=List(ACTION, "What the players do next, in order."),
    until=STEP, expect=EXPECT)

# The steps a file may start from (game.step) or stop before (until).
STEPS = ("4.6.2", "3.5.1", "3.6.1-1", "3.7.1", "3.8.1", "3.9.1", "3.10.1", "3.12.1", "3.13.1",
         "3.14.1", "3.14.4", "3.4.5")
UNTIL_WORDS = ("turn_end",)

# types emitted once under $defs in the JSON Schema (recursive or shared)
for _t, _n in ((FILTER, "filter"), (SELECTOR, "selector"), (CONDITION, "condition"),
               (INSTRUCTION, "instruction"), (EFFECT, "effect"), (ABILITY, "ability"),
               (CARD, "card"), (ZONE_ENTRY, "zone_entry"), (ZONE, "zone"),
               (STACK_ENTRY, "stack_entry"), (TARGET_SPEC, "target")):
    _t.defname = _n
