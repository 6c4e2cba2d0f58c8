"""Every Dimension Zero clause the engine applies, with what the engine does for it — in ONE place.

Steps may cite only ids registered here (`Trace.open` checks). tests/engine/d0/test_d0_registry.py
checks that each id exists in `judgekit.rules.load("d0")` and is not a virtual clause, and
tests/engine/d0/test_d0_rules.py pins what each one means with a small board.

Ids are D0's own (digest d0.md §2): part.chapter.item, the item number exactly as printed
(`4.16.4-3-1` is 第4部第16章4-3-1). Summaries say what the engine DOES (English); the clause text
itself is in the rules tree.
"""

from __future__ import annotations

from ..registry import Registry

REGISTRY = Registry("d0")
_R = REGISTRY.add

# ---- 第1部 デュエルの原則 --------------------------------------------------------------------------
_R("1.1.1", "A card's text that contradicts the rules wins, for that situation only (速攻: a "
   "played unit enters released, not frozen).")
_R("1.1.4", "When both players act at once, the active player makes every choice first, then "
   "the non-active player, then the actions happen together (「それぞれのプレイヤーは自分の…を選び」).")
_R("1.1.2", "A 「できない」 wins over a 「できる」: a unit that cannot move does not move, a card that "
   "cannot be chosen as a target is not a legal target.")
_R("1.1.3", "A text that requires an impossible action does not carry it out (a triggered "
   "ability with no legal target to choose is removed from the stack).")
_R("1.2.2", "Power, smash and damage below 0 are read as 0, except while they are being "
   "modified (modifiers add up from the signed value); a variable that cannot be defined (an X "
   "whose cost no longer holds it) is 0.")
_R("1.2.3-1", "A coloured cost symbol is paid by freezing that many released energy-zone cards "
   "of that colour.")
_R("1.2.3-2", "A colourless cost symbol is paid by freezing that many released cards of any "
   "colour from the energy zone or the smash zone.")
_R("1.2.3-3", "An X beside an energy symbol is a variable: its controller decides its number "
   "when the spell or ability is played, and the cost is that many energy of the symbol.")

# ---- 第2部 デュエルの定義 --------------------------------------------------------------------------
_R("2.1.4-1", "A spell's controller is the player who played it.")
_R("2.8.2", "A card may have several races or attributes, separated by a slash: a unit of "
   "「ドラゴン/サラマンダー」 has both races (each matches a race filter).")
_R("2.4.2-2", "A card whose play cost has symbols of two or more colours has all of those "
   "colours (a red filter matches <赤1><黒1><無色2>).")
_R("2.4.3", "A cost number read without a colour (使用コストX以下) is the total of the numbers of "
   "all the card's energy symbols.")
_R("2.10.3-4", "A card's own text increasing, reducing or setting its play cost works while the "
   "card is in a zone it can be played from (the hand, the plan zone).")
_R("4.5.1", "A static ability works while its card is on a square (one changing other cards' "
   "costs too), unless its text names another zone.")
_R("2.10.3", "A unit's or base's text works while it is on a square, unless the text says it "
   "works in another zone (then it works there, and not on the squares).",
   whole="its own text is where a card's text works; its items 2.10.3-1 … -7 (strategies, "
   "plays from other zones, cost changes, cards without text) are not what the step does")
_R("2.20.1-7", "A unit's text works while it is on a battle square; an ability written for "
   "another zone (a zone effect) works in that zone as well.")
_R("2.20.1-8", "Units put onto squares at the same time are put in the order the active "
   "player decides (asked where it matters: their static abilities' effects arise in that "
   "order, 4.14.5-5).")
_R("2.20.1-1", "Units are played from the hand: normal timing in your own main phase outside "
   "battle with an empty stack, quick outside battle with priority, battle with priority.")
_R("2.20.1-2", "A unit is played to an own-area or center-area square holding none of its "
   "player's units.")
_R("2.20.1-3", "A resolving unit spell is put onto its square frozen, under its controller.")
_R("2.20.1-4", "A unit an effect puts onto a battle square from elsewhere enters under the "
   "control of that effect's controller.")
_R("2.20.1-5", "A unit an effect puts onto a battle square from elsewhere, the text naming the "
   "player who puts it (「そのユニットの持ち主は…置く」), enters under that player's control.")
_R("2.20.1-6", "A unit played to a center-area square dies when put there without a battle, "
   "or at the end of the battle it causes.")
_R("2.20.2-1", "Bases are played from the hand at normal timing in your own main phase "
   "outside battle with an empty stack and priority (or from the plan zone).")
_R("2.20.2-2", "A base is played to one of its player's base squares holding no base of "
   "theirs.")
_R("2.20.2-4", "A base an effect puts onto a base square from elsewhere enters under the "
   "control of that spell's or ability's controller.")
_R("2.20.2-3", "A resolving base spell is put onto its base square released.")
_R("2.20.3-1", "Strategies are played from the hand: normal timing in your own main phase "
   "outside battle with an empty stack; quick in either main phase outside battle; battle in "
   "either main phase — each with priority (any of them from the plan zone at normal timing).")
_R("2.20.3-3", "A resolved strategy's effect is carried out, then the card goes to its owner's "
   "graveyard; a リンク strategy that 結合 goes onto its unit's square instead.")
_R("2.23.1-1", "A card moved to a per-player zone goes to its owner's zone of that kind.")
_R("2.23.1-3", "A card that moves other than square to square is a new card: its damage, "
   "continuous effects and battle flags are gone.")
_R("2.23.1-4", "Destroy = put a card on a square (or in the energy or smash zone) into its "
   "owner's graveyard; sacrifice = the same as a cost; draw = deck top to hand.")
_R("2.23.10-2", "Cards in the remove zone are face up, together in one face-up pile like the "
   "graveyard; any player may look at them at any time.")
_R("2.23.1-5", "Drawing several cards draws them one at a time.")
_R("2.23.3-1", "A face-up top card of the deck is the plan zone, and is still the top card of "
   "the deck (it is drawn and counted with the deck).")
_R("2.23.3-2", "When the plan-zone card leaves, the plan zone is empty and the next top card "
   "stays face down.")
_R("2.23.3-6", "A plan zone cannot be created while it holds a card.")
_R("2.23.5-1", "Destroyed and sacrificed cards, countered spells and resolved strategies go on "
   "top of their owner's graveyard.")
_R("2.23.6-2", "A card put into the energy zone enters face up and released.")
_R("2.23.7-2", "Smash-zone cards are face down and enter released.")
_R("2.23.8-4", "A card moved square to square stays the same card: damage and effects on it "
   "remain.")
_R("2.23.9-2", "A new spell, ability or damage exchange goes on top of the stack.")
_R("2.24.4", "A line is the three battle squares and the two base squares of one column.")
_R("2.24.7-2", "Own, center and enemy area in card text are seen from the card's controller.")
_R("2.25.3", "Asked for particular cards of hidden information (its own hand; its deck, for a "
   "card a search puts into the plan zone), the effect's controller may choose not to find them.")
_R("2.25.4", "Hidden information an effect makes known to every player (the opponent's hand it "
   "has you choose from) is public while it resolves: a matching card there must be chosen.")
_R("2.26.1", "To freeze (フリーズする) turns a released card frozen; to release, a frozen one "
   "released.", whole="its own text defines the two actions an effect names; its one sub-clause "
   "2.26.1-1 (a card already in that state cannot be) is cited beside it where it applies")
_R("2.26.1-1", "A frozen card cannot be frozen again (e.g. as a cost).")
_R("2.27", "The card that generates an ability or damage is its source (発生源); an ability "
   "on the stack exists apart from its source; the information needed to stack it is read "
   "when it is stacked, everything else on resolution.")

# ---- 第3部 デュエルの進行 --------------------------------------------------------------------------
_R("3.2.4", "The first player skips the draw phase of turn 1.")
_R("3.3.1", "A player with 7 or more cards in the smash zone loses at the next priority, as a "
   "rule effect.")
_R("3.3.2", "A player with 0 or fewer cards in the deck loses at the next priority, as a rule "
   "effect.")
_R("3.3.3", "A win, a loss or a draw ends the duel at once.")
_R("3.3.4", "Both players losing at the same time is a draw.")
_R("3.3.6", "A loop nobody can stop is a draw.")
_R("3.3.7", "A concession takes effect at once: it is not a rule effect and waits for no "
   "priority.")
_R("3.4.1", "Players take turns alternately from the first player; when the active player's turn "
   "ends the other player becomes the active player.")
_R("3.4.2", "A turn is six phases in order: release, draw, energy, main, smash, recovery.")
_R("3.4.3", "An empty-stack double pass ends the phase outside a battle; inside a battle it "
   "stacks the damage exchange (before it was stacked) or ends the battle step.")
_R("3.4.5", "After the last phase the turn ends and the other player becomes the active "
   "player; after the last battle step the battle ends.")
_R("3.5.1", "Release phase: the active player releases all own frozen cards on squares and in "
   "the energy and smash zones (no stack); 「ターン開始時」 and 「リリースフェイズ開始時」 "
   "abilities trigger.")
_R("3.6.1-1", "Draw phase: the active player draws a card (no stack); 「ドローフェイズの開始時」 "
   "and 「カードを引いた時」 abilities trigger.")
_R("3.6.1-2", "The first player's first turn skips the draw phase.")
_R("3.7.1", "Energy phase: start triggers; then the active player, with an empty stack and "
   "priority, may put one hand card into the energy zone face up and released (no stack).")
_R("3.8.1", "Main phase: 「メインフェイズの開始時」 abilities trigger, then the active player "
   "receives priority.")
_R("3.8.2", "Normal-timing actions: in your own main phase, outside battle, with an empty "
   "stack and priority; they use the stack.",
   whole="its own text is the window of every normal-timing action; cited beside the item "
   "(3.8.2-2) for an activation, whose item names no window")
_R("3.8.2-1", "A normal-timing card is played from the hand as a normal-timing action, paying "
   "its cost.")
_R("3.8.2-2", "A normal-timing activated ability is activated as a normal-timing action, "
   "paying its activation cost.")
_R("3.8.2-3", "Creating the plan zone: pay colourless 1 and turn the top card of your deck face "
   "up (a rule-defined activated ability on the stack).")
_R("3.8.2-4", "Updating the plan zone: pay colourless 1, put the plan-zone card into the "
   "graveyard and turn the next top card face up (on the stack).")
_R("3.8.2-5", "A plan-zone card can be played only at normal timing, whatever its printed "
   "timing.")
_R("3.8.2-6", "Moving a unit: pay its move cost; a released own unit goes to an orthogonally "
   "adjacent battle square without an own unit (a rule-defined activated ability).")
_R("3.8.3", "Quick-timing actions: in either player's main phase outside battle, with "
   "priority.", whole="its own text is the window of every quick-timing action; cited beside "
   "the item (3.8.3-2) for an activation, whose item names no window")
_R("3.8.3-1", "A quick-timing card is played from the hand as a quick-timing action.")
_R("3.8.3-2", "A quick-timing activated ability is activated as a quick-timing action.")
_R("3.8.4", "Battle-timing actions: in either player's main phase, in battle or not, with "
   "priority.", whole="its own text is the window of every battle-timing action; cited beside "
   "the item (3.8.4-2) for an activation, whose item names no window")
_R("3.8.4-1", "A battle-timing card is played from the hand as a battle-timing action.")
_R("3.8.4-2", "A battle-timing activated ability is activated as a battle-timing action.")
_R("3.9.1", "Smash phase: start triggers; then the active player, with an empty stack and "
   "priority, may freeze own units in the center area (opponent puts smash cards) or the enemy "
   "area (smash + 1), in any order (no stack).")
_R("3.10.1", "Recovery phase: all damage is removed and 'until end of turn' effects end at the "
   "same time (no stack); 「リカバリーフェイズの開始時」 abilities trigger.")
_R("3.10.2", "On an empty-stack double pass in the recovery phase, 「ターン終了時」 abilities "
   "trigger and go on the stack.")
_R("3.10.3", "If a trigger event or rule effect happened during 3.10.1–3.10.3, the recovery "
   "phase repeats from 3.10.1; otherwise it ends.")
_R("3.11.1", "Two units with different controllers in one square cause a battle (a rule "
   "effect, no stack).",
   whole="its own text is the battle occurring (a rule effect, no stack); its items are "
   "cited for the parts that apply")
_R("3.11.1-1", "The battle occurs only after the other rule effects; one that removes a unit "
   "causing the battle cancels it.")
_R("3.11.1-2", "Units in the square when the battle occurs, and units put there during it, "
   "are battling units until the battle ends; leaving the squares ends that.")
_R("3.11.1-4", "Battles that occur in several squares at once proceed step by step together.")
_R("3.11.2", "A battle that occurs with a non-empty stack or with triggered abilities waiting "
   "makes them the suspended stack: they do not exist until that battle ends.")
_R("3.11.1-3", "A battling unit of a battle going on that is in a new battle is a battling unit of "
   "both; when the new battle ends it stops being one of that battle only, and stays one of "
   "the battle it was already in.")
_R("3.11.3", "A battle that occurs during a battle suspends the running battle until the new "
   "one ends.")
_R("3.11.4", "A battle is three steps in order: 1st battle step, 2nd battle step, battle end "
   "step.")
_R("3.11.5", "The unit put into the square later is the attacking unit, the one there before "
   "is the attacked unit.",
   whole="its own text defines the attacking and the attacked unit; its items are special "
   "cases not modelled apart")
_R("3.11.5-2", "A unit of a battle that has not completely ended keeps its role there when a "
   "new battle occurs: it may be attacking in one and attacked in the other.")
_R("3.11.5-1", "Two units of different controllers put onto one square at the same time are "
   "both the attacking and the attacked unit.")
_R("3.12.1", "1st battle step: 「バトル開始時」/「第1バトルステップ開始時」 and 「攻撃した時」/"
   "「攻撃された時」 abilities trigger, then the active player receives priority.")
_R("3.12.2", "On the first empty-stack double pass of the 1st battle step, if units of "
   "different controllers share the square, the damage exchange of the 加速 units goes on the "
   "stack; if a unit that caused the battle has left, none does and the step ends.")
_R("3.12.3", "After the damage exchange is stacked the active player receives priority.")
_R("3.12.4", "The damage exchange resolves as one effect: all its damage at the same time; "
   "then the active player receives priority.",
   whole="its own text is the exchange resolving as one effect (and priority after it); "
   "3.12.4-1/3.12.4-2 are cited for the fixed damage and a receiver that moved")
_R("3.12.4-1", "Battle damage is fixed when the exchange is stacked; later power changes or "
   "moves of the dealing unit do not change it.")
_R("3.12.4-2", "A receiving unit that left other than square to square gets no battle damage; "
   "one moved square to square still does.")
_R("3.13.1", "2nd battle step: 「第2バトルステップ開始時」 abilities trigger, then the active "
   "player receives priority.")
_R("3.13.2", "On the first empty-stack double pass of the 2nd battle step, the units that did "
   "not stack damage in the 1st step stack their damage exchange (none if a unit that caused "
   "the battle has left).")
_R("3.13.3", "After the 2nd-step exchange is stacked the active player receives priority.")
_R("3.13.4", "The 2nd-step exchange resolves as one effect, all its damage at the same time.")
_R("3.14.1", "Battle end step: the result is decided; win/lose and 「バトル終了ステップの開始時」 "
   "abilities trigger; the active player receives priority.",
   whole="its own text is the start of the battle end step (result decided, its triggers "
   "stacked); 3.14.1-1, how the result is decided, is cited beside it")
_R("3.14.1-1", "The only unit left in the battle square wins (even one that did not cause the "
   "battle); both or neither there is a draw.")
_R("3.14.2", "On the empty-stack double pass after the result, if both units are still in the "
   "square, the attacking unit goes to its owner's graveyard (a rule effect).",
   whole="its own text is the rule effect for both units still in the square (the attacking "
   "unit dies); 3.14.2-1/3.14.2-2 are the other cases, cited when they apply")
_R("3.14.2-1", "At the same double pass, a battling unit played into the center area goes to "
   "its owner's graveyard wherever it is on the squares.")
_R("3.14.2-2", "After those rule effects, 「バトル終了時」 abilities trigger.")
_R("3.14.3", "The next empty-stack double pass ends the battle end step; 'until end of "
   "battle' effects end.")
_R("3.14.4", "The battle ends: its flags are cleared; when every battle has ended the "
   "suspended stack (and its waiting abilities) returns to be resolved.")

# ---- 第4部 デュエルの処理 --------------------------------------------------------------------------
_R("4.1.3", "A resolved unit or base spell is put onto its chosen square.")
_R("4.1.5", "A spell countered by the rules goes to its owner's graveyard without doing "
   "anything.")
_R("4.2.5", "An ability on the stack is independent of its source: moving the source does not "
   "remove it.")
_R("4.2.6", "When an ability is stacked or resolves, a card that has left (other than square "
   "to square) is read as it was just before it moved.")
_R("4.3.3", "Creating and updating the plan zone and moving a unit are rule-defined activated "
   "abilities.")
_R("4.3.4", "Activated abilities use the timing written on them (normal, quick, battle) like "
   "spells.")
_R("4.4.2", "A triggered ability triggers each time its event happens; nothing happens then, it "
   "goes on the stack when a player next receives priority.")
_R("4.4.3", "A conditional trigger (「～時、～ならば」) triggers only if its condition holds, and "
   "is countered if it no longer holds on resolution.")
_R("4.4.4", "A triggered ability created by an effect triggers once unless given a duration; "
   "「ターン終了時」 and 「リカバリーフェイズの開始時」 abilities trigger once per turn.",
   whole="its own text is the once-only trigger of a triggered ability an effect created "
   "(and the 「リカバリーフェイズ」 and once-per-turn triggers); its items are special cases")
_R("4.4.4-1", "A created trigger about a specific card vanishes if that card moves other than "
   "square to square before it triggers.")
_R("4.5.2", "A static ability applies to a card the moment it is put on a square: it never "
   "enters without it.")
_R("4.5.3", "Static abilities do not use the stack.")
_R("4.6.2", "The active player receives priority at the start of each phase and step and after "
   "any spell, ability or special action; a pass gives priority to the opponent unless both "
   "passed in succession; then the top of the stack resolves (AP receives priority), or, with "
   "an empty stack, the exchange is stacked or the phase/step ends.")
_R("4.6.3", "Whenever a player would receive priority: all rule effects happen at the same "
   "time, repeated while new ones arise; then the triggered abilities go on the stack; both "
   "repeated until nothing new happens.")
_R("4.7.1", "Playing a spell is an action the rules define (the 「できる」 a 「プレイできない」 "
   "overrides, 1.1.2).")
_R("4.7.2", "Playing a spell or activating an ability: announce, choose mode and costs, put it "
   "on top of the stack, choose targets, lock and pay the costs; then AP receives priority.",
   whole="the procedure of playing or activating run through as a whole; the items that do "
   "something (4.7.2-5, -8, -9) are cited beside it")
_R("4.7.2-2", "A spell asking for a choice of effect: the player declares which choice it uses "
   "as it is played (before costs and targets); only that choice is carried out.")
_R("4.7.2-3", "The cost is the value of the card's data (as an effect in force sets it); an "
   "alternative cost (覚醒) is chosen, then the number of each variable (X) the cost holds, "
   "before the spell goes on the stack.")
_R("4.7.2-4", "An additional cost (「[追加コスト]」) is paid on top of the card's cost, an "
   "alternative cost (「支払うにあたり、そのコストを[代替コスト]にしてよい」) instead of it; which "
   "is paid is chosen as the card is played.")
_R("4.7.2-7", "The cost is locked after increases and reductions of effects in force and static "
   "abilities are applied: a later change does not touch it.")
_R("4.7.2-5", "Targets are chosen when played; a spell or ability without a legal target "
   "cannot be played.")
_R("4.7.2-6", "「Nのダメージを割り振って与える」: the player declares with the targets how much of "
   "N each target gets, at least 1 each; on resolution each legal target is dealt its share.")
_R("4.7.2-8", "All costs are paid at the same time.")
_R("4.7.2-9", "Once played, 'when played' abilities trigger and the active player receives "
   "priority.")
_R("4.7.3", "Moving a unit: declare the released unit and an adjacent destination without an "
   "own unit, put the move on the stack, pay the move cost.",
   whole="the procedure of a unit's move run through as a whole; 4.7.3-1 (what may move) "
   "and 4.7.3-5 are cited beside it")
_R("4.7.3-1", "A move names a released unit its player controls and an orthogonally adjacent "
   "battle square without another unit of that player's; anything else cannot be declared.")
_R("4.7.3-2", "A move's variable costs are decided, and its additional or alternative costs "
   "chosen, before it goes on the stack.")
_R("4.7.3-3", "A move's cost is locked after the changes of effects in force: a later change "
   "does not touch it.")
_R("4.7.3-5", "Once the move is activated, the active player receives priority.")
_R("4.8.1", "A triggered ability triggers by itself when its event happens; its controller is "
   "the controller of its source.")
_R("4.8.2", "Triggered abilities wait until a player would receive priority; after the rule "
   "effects they all go on the stack automatically.")
_R("4.8.3", "Abilities put on the stack at the same time: the active player's first, in the "
   "order that player chooses, then the non-active player's in theirs.")
_R("4.8.4", "As a triggered ability goes on the stack its controller makes its choices; with "
   "no legal choice it is removed from the stack.",
   whole="its own text is the choices made as a triggered ability goes on the stack, and "
   "its removal when no legal choice exists; 4.8.4-2 (targets) is cited beside it")
_R("4.8.4-2", "Targets of a triggered ability are chosen as it is stacked, reading a source "
   "that has left as it was just before it moved.")
_R("4.8.5", "An optional ('may') trigger goes on the stack regardless; the choice is made on "
   "resolution.")
_R("4.8.6", "A triggered ability triggers once per occurrence of its event (two units "
   "destroyed together: twice).")
_R("4.8.7", "Only events that really happened trigger: a replaced event triggers nothing.")
_R("4.8.8", "A conditional trigger checks its condition as part of the event and again on "
   "resolution.")
_R("4.8.9", "「スクエアに置かれた時」 also triggers on a square-to-square move; 「手札から"
   "スクエアに置かれた時」 also when played from the hand.")
_R("4.8.10-1", "Each time cards are put onto squares from elsewhere, every card on the squares "
   "(the new ones included) checks that event.")
_R("4.8.10-2", "A zone-change trigger on a move between a public and a hidden zone reads the "
   "public zone's information (a plan-zone ability triggers on going into the smash zone).")
_R("4.8.11", "An ability that triggers on leaving the squares looks back at the card as it was "
   "just before it moved.",
   whole="its own text is the look back of abilities triggered by a move other than square "
   "to square; 4.8.11-2 (the information read) is not what the step does")
_R("4.8.12", "A reveal-from-hand trigger: when its event happens its owner may reveal the card; "
   "it stays revealed until resolved.",
   whole="its own text is the reveal-from-hand ability's form and the choice to reveal; its "
   "items are cited for what happens next")
_R("4.8.12-1", "The revealed ability goes on the stack the first time its owner receives "
   "priority, if the card is still in hand.")
_R("4.8.12-2", "Not revealed when the event happened: it does not trigger.")
_R("4.8.12-3", "Not in hand when its owner first receives priority: not stacked.")
_R("4.8.12-4", "The (action) not performed when its owner first receives priority: not "
   "stacked, and the card is hidden again.")
_R("4.8.13", "A state trigger triggers while its condition holds, and again only after it has "
   "left the stack.")
_R("4.9.1", "When both players pass in succession the top of the stack resolves: a spell, an "
   "ability or a damage exchange.")
_R("4.9.2-1", "On resolution a target that moved other than square to square, or no longer "
   "meets its condition, is illegal; all illegal counters it; otherwise only the legal ones are "
   "affected.")
_R("4.9.2-2", "A target whose condition refers to an illegal target is illegal too.")
_R("4.9.2-3", "The instructions are followed in the order written.")
_R("4.9.2-4", "Choices not made when played are made on resolution.")
_R("4.9.2-5", "When a text asks both players to choose at once, the active player declares "
   "first, then the other knowing it; what was declared is done at the same time.")
_R("4.9.2-6", "A card that left its zone (other than square to square) is read as it was just "
   "before it moved.")
_R("4.9.2-8", "At the end of its resolution a unit or base spell goes onto its square under "
   "its controller; a strategy goes to its owner's graveyard.")
_R("4.9.2-9-1", "A reveal-from-hand ability resolves only if the card is still in its owner's "
   "hand.")
_R("4.9.2-9-2", "If the card is no longer in the hand the ability fails and does nothing.")
_R("4.9.3-1", "A move is illegal (countered) only if the unit is no longer in the square it "
   "was declared from; being frozen or an own unit in the destination does not matter.")
_R("4.9.3-2", "The moved unit is put onto the destination square released.")
_R("4.9.4", "During a resolution nothing can be played; triggered abilities wait for the next "
   "priority; rule effects are not checked.")
_R("4.10.1", "A countered spell or ability does nothing.")
_R("4.10.2", "A countered spell goes from the stack to its owner's graveyard; a countered "
   "ability is removed from the stack.")
_R("4.10.3", "Costs paid for a countered spell or ability are not refunded.")
_R("4.11.2", "A spell or ability that may choose its number of targets is a targeting one only "
   "when one or more are chosen: with 0 chosen it is never countered for illegal targets and "
   "resolves its other instructions.")
_R("4.11.5", "One 「対象の」 choosing several targets cannot choose the same card or player "
   "twice: an action naming one card twice as its targets is not legal.")
_R("4.11.3", "A spell or ability without a legal target cannot be played; a triggered one is "
   "removed as it is stacked; all targets illegal on resolution counters it.")
_R("4.12.2", "An effect that asks only for what is impossible is not carried out; one that asks "
   "for more than there is (discard 2 from a hand of 1) does as much as it can.")
_R("4.14.2", "A continuous effect that changes data of cards in a zone applies to a card as it "
   "is put there.")
_R("4.14.3-1", "A continuous effect of a spell or ability lasts as long as its text says (for "
   "the duel if it says nothing).")
_R("4.14.3-2", "A data- or control-changing effect of a spell or ability affects only the cards "
   "it affected when it started; other effects also affect cards that arrive later.")
_R("4.14.4-1", "A static ability's effect lasts exactly while its card is where the ability "
   "works and its condition on that card holds (「このカードが中央エリアのスクエアにある場合」).")
_R("4.14.4-2", "A static ability's effect also affects cards that arrive later.")
_R("4.14.5-2", "Continuous effects apply by kind: control, text, race/attribute, general, then "
   "power/smash.")
_R("4.14.5-3", "Within one kind, the effects that change the data of the very card whose ability "
   "makes them apply first (a race change by a card's own ability before the others).")
_R("4.14.5-4", "Within one kind, independent continuous effects apply in the order they arose, "
   "the later last (a keyword granted and taken away: the later effect decides).")
_R("4.14.5-5", "A continuous effect of a spell or ability arises when it resolves; one of a "
   "static ability when its card is put in the zone where the ability works.")
_R("4.15.2", "A 「～する時、かわりに～」 replacement effect replaces the event with the one "
   "after 「かわりに」.",
   whole="its own text is the 「～する時、かわりに～」 replacement; its items are the other wordings, "
   "not modelled")
_R("4.15.2-1", "「～にあたり、～指定する」: as its event happens (the card put onto a square) the "
   "controller designates what it says, in place of doing nothing — a replacement, not a "
   "trigger: nothing goes on the stack.")
_R("4.15.3", "A replacement effect from a static ability replaces every time its event "
   "happens while the ability exists; one a spell or ability created replaces only the next "
   "such event, once, with no duration, and every such event until its duration ends with "
   "one.")
_R("4.15.4", "A replaced event did not happen: nothing triggers on it.")
_R("4.15.5", "A cost whose payment was replaced still counts as paid.",
   whole="its own text is the cost that counts as paid through a replacement; 4.15.5-1 (an "
   "effect's action) is not what the step does")
_R("4.15.5-1", "An action an effect takes that a replacement replaced still counts as taken: "
   "what the effect does 「そうした場合」 follows (a smash replaced by a plan-zone card's own "
   "replacement).")
_R("4.15.6", "A replacement effect replaces one event once: it does not replace the events its "
   "own 「かわりに」 makes (the core loop's once-per-event rule).")
_R("4.15.7", "A replacement effect with a choice: an option that contains something impossible "
   "cannot be chosen (「置いてよい」 a 闘気 card where no card can have one: it is not applied).")
_R("4.15.8-1", "A self-replacement effect (the spell or ability resolving created it, and "
   "it replaces what that resolution does) applies before the other replacement effects.")
_R("4.15.8-2", "Several replacement effects would replace one event: the affected card's "
   "controller chooses the order they apply in; one applied first may leave the next nothing "
   "to replace.")
_R("4.16.1", "Rule effects are controlled by no player.")
_R("4.16.2", "When a player receives priority the rule effects are checked and resolved first, "
   "then the triggered abilities go on the stack, repeated until stable; then the active "
   "player receives priority.")
_R("4.16.3", "Rule effects are not checked during the resolution of a spell or ability.")
_R("4.16.4-1", "A player with 7 or more cards in the smash zone loses.")
_R("4.16.4-2", "A player with 0 or fewer cards in the deck loses.")
_R("4.16.4-3", "Two units of different controllers put in one square cause a battle.",
   whole="its own text is the battle occurring; 4.16.4-3-1/-2 are cited for the order and "
   "for units that leave with it")
_R("4.16.4-3-1", "Battle occurrence is processed after every other rule effect, including those "
   "their resolution causes.")
_R("4.16.4-3-2", "A rule effect at the same time that moves a unit causing the battle out of the "
   "square cancels the battle.")
_R("4.16.4-4", "A unit on a battle square with power 0 or less goes to its owner's graveyard.")
_R("4.16.4-5", "A unit on a battle square with damage at least its power goes to its owner's "
   "graveyard.")
_R("4.16.4-6", "A unit put on a battle square holding a unit of the same controller: the "
   "later-put units go to their owner's graveyard (all of them if put at once).")
_R("4.16.4-7", "A base put on a base square holding a base of the same controller: the "
   "later-put bases go to their owner's graveyard.")
_R("4.16.4-8", "A unit played to a center-area square and put there when no battle occurs goes "
   "to its owner's graveyard.")
_R("4.16.4-9", "A unit played to a center-area square that causes a battle goes to its owner's "
   "graveyard at the end of that battle.")
_R("4.16.4-10", "At the end of a battle with both units still in the square, the attacking unit "
   "goes to its owner's graveyard.")
_R("4.16.4-13", "A base on a battle square goes to its owner's graveyard.")
_R("4.16.4-14", "A unit on a base square goes to its owner's graveyard.")
_R("4.17", "Last-known information is the card's data and status just before it moved.")
_R("4.18.1", "An infinite loop nobody can stop is a draw.")
_R("4.19.1", "An action found to be illegal is undone: it did not happen, its costs are refunded "
   "and nothing triggers.")

# ---- 第5部 キーワード能力 --------------------------------------------------------------------------
_R("5.1.2", "速攻: a unit put onto a square frozen because it was played is put there released "
   "instead.",
   whole="its own text is 速攻 (released instead of frozen when played); 5.1.2-1 (not when "
   "put otherwise) is not what the step does")
_R("5.1.2-1", "速攻 does not apply when a unit is put onto a square frozen other than by being "
   "played (by an effect): it stays frozen.")
_R("5.2.2", "即死(レベルN): when it deals battle damage to a unit (of play cost N or less), a "
   "trigger is created that puts that unit into its owner's graveyard at the end of that "
   "battle.",
   whole="its own text is 即死; 5.2.2-1 (its source left before the exchange resolved) is "
   "cited when it applies")
_R("5.2.2-1", "A 即死 unit that left other than square to square between stacking and resolving "
   "the exchange does not trigger.")
_R("5.4.1-1", "加速: in the 1st battle step the damage exchange carries only the damage of the "
   "units that have 加速 at that moment.")
_R("5.4.1-2", "In the 2nd battle step the units whose damage was not stacked in the 1st step "
   "stack theirs.")
_R("5.4.2", "Gaining or losing 加速 between the steps does not make a unit deal its damage twice "
   "or not at all.")
_R("5.5.2", "支援—[範囲][数値]: your units in the range from this card get the power "
   "modifier.",
   whole="its own text is 支援; 5.5.2-1 (the range includes the card itself) is cited beside "
   "it")
_R("5.5.2-1", "A 'same line' / 'same area' range includes the card itself.")
_R("5.17.2", "耐性-[条件]: no damage from, and no targeting by, cards meeting the condition.")
_R("5.17.3", "耐性's damage prevention is checked when the damage is dealt, with the source's "
   "information at that time.")
_R("5.3.2", "召集ー[スクエア条件]: a unit may be played, as a special play, onto a battle square "
   "with no unit that meets the condition from the card with 召集, as if it were the player's own "
   "area; it is put there released instead of frozen.",
   whole="召集's two meanings together: the special play onto the square and the released arrival; 5.3.2-1 and 5.3.2-2 are cited where they apply")
_R("5.3.2-1", "If the 召集 card no longer meets the square condition when the unit is put, the "
   "unit is put frozen as usual.")
_R("5.3.2-2", "A play through 召集 is a unit play, but a special one; special plays do not "
   "combine.")
_R("5.8.2", "隊列召喚—[定義][コスト]: when the formation stands, the unit may be played for the "
   "隊列召喚 cost onto the square the formation names, as if it were the player's own area.",
   whole="隊列召喚's meaning as a whole; the formation's own sub-clause (5.8.2-1 … 5.8.2-8) is cited beside it")
for _n, _w in (("1", "ストレート: your units in the left and right lines' center-area squares; "
                "the center line's center-area square"),
               ("2", "トライアングル: your units in the left and right lines' own-area squares and "
                "the center line's enemy-area square; the center square"),
               ("3", "エックス: your units in the left and right lines' own-area and enemy-area "
                "squares; the center square"),
               ("4", "アンダーバー: your units in every own-area square; the center square"),
               ("5", "スモールアイ: the square right behind a unit of yours in its line"),
               ("6", "ビッグアイ: your units in a line's own-area and enemy-area squares; that "
                "line's center-area square"),
               ("7", "ビッグトライアングル: your cards on your left and right base squares and in "
                "the center line's enemy-area square; the center square"),
               ("8", "ボトムバー: your cards on all your base squares; the center square")):
    _R(f"5.8.2-{_n}", f"隊列召喚—{_w}.")
_R("5.8.3", "A play through 隊列召喚 is a unit play, but a special one; special plays do not "
   "combine.")
_R("5.10.2", "呼声: when a unit is played or moved, cards with 呼声 of its colour may be frozen as "
   "an additional cost, each taking 1 off the colourless energy paid.")
_R("5.10.3", "A cost made negative by 呼声 reads as 0.")
_R("5.14.2", "閃光: while this card's move is on the stack, no player can play a card.")
_R("5.15.2", "補給: the colourless energy of this card's play cost is reduced by 1 for each base "
   "on your base squares.")
_R("5.16.2", "急襲[数値]: instead of the move cost, [数値] released bases on your base squares may "
   "be frozen.")
_R("5.11.1", "進撃 is an additional cost of a unit's move.")
_R("5.11.2", "A move for which 進撃's additional cost was paid triggers the card's own 進撃 ability "
   "when it resolves (a move that did not resolve triggers nothing).")
_R("5.11.3", "進撃's additional cost cannot be paid more than once for one move.")
_R("5.12.2", "連動「A」(「B」)[テキスト]: the text is enabled while cards named A (and B) are in "
   "your graveyard.")
_R("5.12.3", "A 連動 card played while 連動 is not met stays without its 連動 text on the stack "
   "even if the cards reach the graveyard meanwhile.")
_R("5.12.4", "A 連動 card played while 連動 is met keeps its 連動 text on the stack even if the "
   "cards leave the graveyard meanwhile.")
_R("5.13.2", "共鳴[テキスト]: the text is enabled if this turn a unit of yours was put onto a square "
   "by resolving its move.",
   whole="共鳴's condition as a whole; 5.13.2-1 (a move that did not resolve, or a unit put square to square otherwise, does not count) is cited where that happens")
_R("5.13.2-1", "A move that did not resolve, or a unit put from square to square otherwise than "
   "by its move, does not enable 共鳴 text.")
_R("5.16.3", "急襲 cannot pay a move's additional costs.")
_R("5.9.1", "挟撃: when this unit is put onto a square with the opponent's units between it and a "
   "unit of yours, its ability affects every unit so sandwiched.")
_R("5.9.2", "挟撃 is a triggered ability.")
_R("5.9.3", "挟撃 triggers with the two units on a diagonal too.")
_R("5.7.1", "[ゾーン]効果: the text works while the card is in that zone.",
   whole="a zone effect as a whole; 5.7.1-2 and 5.7.1-3 are cited where they apply")
_R("5.7.1-2", "Elsewhere the card keeps its zone effect, but it does not work.")
_R("5.7.1-3", "「エネルギーゾーン効果/墓地効果」 names both zones.")
_R("5.7.2-1", "暴走[数値]—[効果]: when the card is turned face up in the plan zone, if its player "
   "has [数値] or more energy-zone cards, the effect happens.")
_R("5.7.2-2", "暴走 triggers only when the deck's top card is turned face up as the plan zone.")
_R("5.7.3-1", "覚醒—[コスト]: the card may be played from the plan zone for its 覚醒 cost (an "
   "alternative cost).")
_R("6.4.1", "合成: a cost paid by putting the specified cards of a zone into their owners' "
   "graveyards.")
_R("6.5.1", "「対象を…に変える」: the new target must be a proper target for that spell or ability; "
   "when it is not, or none can be chosen, the target cannot be changed.")
_R("6.5.2", "The old target is no longer a target and only the new one is chosen as a target "
   "anew; of several targets, only the one the change applies to is changed.")
_R("6.4.2", "合成 in a unit's or base's ability is the cost of an activated ability: using it is "
   "activating an ability, not playing the card.")
_R("6.4.3", "合成 in a strategy's cost is the strategy's additional cost: paid as it is played.")

# ---- the deck and its intentionally determined order (judgekit.engine.d0.deck) -----------------
_R("2.23.1-2", "The order of the deck, the plan zone and the graveyard changes only by an effect "
   "or a rule: a shuffle, cards looked at and put back in the order chosen.")
_R("2.23.2-4", "Several cards put onto the top or the bottom of one deck at once are put in the "
   "order their owner chooses.")
_R("2.23.3-3", "Before a card is put on top of a deck with a plan zone, or into that plan zone, "
   "the plan-zone card is turned face down.")
_R("2.23.3-4", "Before a deck with a plan zone is looked at to choose cards, the plan-zone card "
   "is turned face down.")
_R("2.23.3-5", "Before a deck with a plan zone is shuffled, the plan-zone card is turned face "
   "down; after the shuffle the plan zone is empty.")
_R("6.2.1", "A card that reads whether the order of its controller's deck was intentionally "
   "determined reads the player's deck_ordered state.")
_R("6.2.2", "A card from another zone put at an identifiable position of a deck (top, bottom), "
   "deck cards put at positions the player chooses (a search into the plan zone, cards looked "
   "at and put back): the deck's order is intentionally determined.")
_R("6.2.3", "Putting a card face up into the plan zone counts as putting it on top of the deck "
   "(the order is determined).")
_R("6.2.4", "Once a deck's order was intentionally determined it stays so for the duel, whatever "
   "shuffles follow.")
_R("6.2.5", "A shuffle, or cards added to the deck with no position and shuffled, does not "
   "determine the order.")
_R("6.2.6", "Turning the top card face up as the plan zone (creating or updating it, or by an "
   "effect) does not determine the order.")
# ---- 第6部 闘気カード (第1章) and 結合 (第6章): judgekit/engine/d0/attached.py --------------------
_R("6.1.1", "A card is put as a 闘気 card face down under a unit or base on a square, and only "
   "there.")
_R("6.1.3", "A 闘気 card is in the square of the card it is under.")
_R("6.1.4", "The card moves square to square: its 闘気 cards go along with it.")
_R("6.1.5", "The card goes from a square to any other zone: its 闘気 cards go to their owner's "
   "graveyard at the same time (through the replacements for going there).")
_R("6.1.6", "A card is never put as a 闘気 card under itself.",
   whole="6.1.6's own sentence (not under the card itself) is what the step says; its "
   "sub-clause 6.1.6-1 (not under a 闘気 card) is cited where that applies")
_R("6.1.6-1", "No 闘気 card goes under a 闘気 card.")
_R("6.1.8", "A 闘気 card is of no card type: no filter sees it as a unit, base or strategy.")
_R("6.1.10", "A 闘気 card put into a public zone is not looked at face up for that move's "
   "event: what triggers on it sees a card with no data.")
_R("6.1.11", "No 闘気 card goes under a 結合 strategy on a battle square.")
_R("6.6.1", "「このカードを結合する」: the resolving strategy 結合 with the unit.")
_R("6.6.2", "A 結合 strategy is put face up onto the square.")
_R("6.6.4", "A 結合 strategy is in the square of the unit it is 結合 with.")
_R("6.6.5", "The unit moves square to square: its 結合 strategy goes along with it.")
_R("6.6.6", "The unit goes from a square to any other zone: its 結合 strategy goes to its owner's "
   "graveyard at the same time.")
