"""Every 東方VISION clause the engine applies, with what the engine does for it — in ONE place.

Steps may cite only ids registered here (`Trace.open` checks). tests/engine/thv/
test_thv_registry.py checks that each id exists in `judgekit.rules.load("thv")`, is not a
virtual clause and is not one of the 27 clauses that read 省略 (the engine never claims to apply
an omitted clause: where it meets one it applies a reading, engine/thv/readings.py, that cites
it). tests/engine/thv/test_thv_clauses.py pins what each one means with a small board.

Summaries say what the engine DOES (English); the clause text itself is in the rules tree.
The ids follow the old edition (総合ルール(旧)); they are the document's own numbers.
"""

from __future__ import annotations

from ..registry import Registry

REGISTRY = Registry("thv")
_R = REGISTRY.add

# ---- 1.2 setting up, 1.3 common rules ------------------------------------------------------
_R("1.2.8", "No regulated draw in the start player's first turn.")
_R("1.3.3", "Players choosing at the same time choose in turn order, the turn player first.",
   whole="its own text is the order applied; 1.3.3.a (all of one player's choices first) and "
   "1.3.3.c (the choice shown, face down for hidden cards) are cited beside it, and 1.3.3.b is "
   "printed as 省略 (omitted)")
_R("1.3.3.a", "A player with several things to choose chooses all of them before the next "
   "player chooses.")
_R("1.3.3.c", "What was chosen is made clear to every player as it is chosen; a choice of hidden "
   "cards is shown face down.")
_R("1.3.2", "A 「出来ない」 (cannot) wins over a 「出来る」 applied to the same thing: a character "
   "that cannot attack, defend or be chosen as a target does not, whatever allows it.")
_R("1.3.4", "A step that needs another process finishes its current item, runs the process, "
   "then goes on with the next item (a nested interference inside a resolution).")

# ---- 1.5 winning and losing ------------------------------------------------------------------
_R("1.5.1", "Every loss and win found at one moment happens at the same time; the turn "
   "player has no precedence.")
_R("1.5.2.a", "A 'you win the game' effect that is applied makes its player win.")
_R("1.5.2.b", "When every opponent of a player has lost, that player wins.")
_R("1.5.3.a", "When any player is to gain priority, every player whose LP is 0 or less loses.")
_R("1.5.3.b", "A player who must draw more cards than the deck holds loses at that moment.")
_R("1.5.3.c", "A 'you lose the game' effect that is applied makes its player lose.")
_R("1.5.3.d", "A player who concedes loses at once.")
_R("1.5.3.e", "An unavoidable infinite loop made only of one player's cards makes that player "
   "lose.")
_R("1.5.4.a", "When every player left in the game loses (or wins) at the same time, the game "
   "is a draw.")
_R("1.5.4.b", "An unavoidable infinite loop (not one player's cards alone) ends the game in a "
   "draw.")

# ---- 1.6 numbers ---------------------------------------------------------------------------
_R("1.6.1.b", "A '-' attack, durability or cost counts as 0 where a number is asked.")

# ---- 1.8 nodes and costs -------------------------------------------------------------------
_R("1.8.2", "Node set is legal only for the turn player in the main phase with priority, "
   "with no interference started and no node set resolved this turn, from the hand.",
   whole="its own text is the turn player's right to declare a node set with every "
   "condition met (and the turn-player condition itself); each failing item a–d is cited "
   "alone")
_R("1.8.2.a", "Node set: in the main phase, with priority.")
_R("1.8.2.b", "Node set: no interference has started.")
_R("1.8.2.c", "Node set: no node set has resolved this turn.")
_R("1.8.2.d", "Node set: the card is taken from the hand.")
_R("1.8.3.b", "Node set: the hand card goes to the node area face down and active; priority "
   "stays with the player.")
_R("1.8.4", "Cards an effect sets into the node area go there as the effect says.",
   whole="its own text is the rule applied (the effect is followed as written); its one "
   "sub-clause 1.8.4.a only says that 「ノードに加える」 means the same as 「ノードエリアにセット"
   "する」, which the board form `to_nodes` already covers")
_R("1.8.5", "A card set into the node area is turned face down whatever its state was.")
_R("1.8.7.a", "A cost point is paid by turning one of your active nodes to sleep.")
_R("1.8.7.b", "A cost point is paid by discarding one of your sleeping nodes.")
_R("1.8.7.d", "One node pays at most one point of one payment.")
_R("1.8.7.g", "A cost is paid exactly, all at once: neither split, less nor more.")
_R("1.8.7.h", "A cost that is a variable not yet defined: the player pays any number, and the "
   "variable is what was actually paid from the nodes.")
_R("1.8.7.j", "A cost never goes below 0: a cost lowered below 0 is paid as 0.")
_R("1.8.7.k", "With effects raising or lowering costs in force, a variable cost is still what "
   "was actually paid from the nodes.")
_R("7.4.5.a", "An 自動α applies while its card is on the field (a cost change raises or lowers "
   "the costs it names).")
_R("7.4.5.e", "Several 自動α applying at the same time apply in the order their cards entered "
   "the field, the earlier first (several 「置かれる代わりに」 for one card: the file says which "
   "card entered first).")
_R("11.2.2.a", "「置く(置かれる)代わりに」: the effect applies; the card goes to the other zone and "
   "the put ends there, the card losing everything it had been given.")
_R("1.8.7.i", "A node discarded to pay a cost goes straight to the netherworld, without the "
   "removal procedure.")
_R("1.8.9.a", "A payment an effect asks must be made whenever it can be.")
_R("1.8.9.b", "A cost that cannot be paid: the text's own 「支払えない場合」 applies.")
_R("1.8.9.c", "Only a payment the text makes optional (「支払っても良い」) may be declined, when "
   "it is asked.")
_R("1.8.9.g", "A payment asked by an effect as it resolves is made at once.")
_R("1.8.9.e", "A play or use whose cost plainly cannot be paid cannot be attempted.")

# ---- 1.9 life points -----------------------------------------------------------------------
_R("1.9.2", "A player whose LP is 0 or less when any player gains priority loses (the "
   "player with LP ≤ 0, not the one gaining priority).")
_R("1.9.3", "A player who receives damage loses that many LP.")
_R("1.9.4", "Paying N LP lowers the player's LP by N; it is not damage.",
   whole="its own text is what paying does; 1.9.4.a (more than one has) is cited beside it when "
   "it applies, and 1.9.4.b (an amount the player chooses) has no instruction")
_R("1.9.4.a", "A fixed amount of LP can be paid even when it is more than the player has.")
_R("1.9.5", "A 'gain N LP' effect adds N to the player's LP.")
_R("1.9.6", "LP has no upper or lower bound: it may go below 0 and come back during a "
   "resolution without ending the game.")
_R("1.9.7", "An effect that sets LP to a value: the difference is neither gained nor lost.")

# ---- 1.10 damage ---------------------------------------------------------------------------
_R("1.10.2", "The source of a damage is the one card that directly dealt it.")
_R("1.10.3", "Damage dealt at the same time (a combat's two characters) is processed "
   "together, one pass of 1.10.12 for all of it.")
_R("1.10.5", "Damage produced by the combat procedure is combat damage.",
   whole="its own text defines combat damage; 1.10.5.a (an effect applied during combat "
   "makes effect damage) is not what the step does")
_R("1.10.6", "Damage produced by a card's effect is effect damage.",
   whole="its own text defines effect damage; 1.10.6.a only restates that combat damage is "
   "not effect damage")
_R("1.10.11.a", "Damage to a player lowers that player's LP by its amount.")
_R("1.10.11.b", "Damage to a character accumulates on it (kept apart as combat and effect "
   "damage for the resets of 1.10.13).")
_R("1.10.12.b", "Damage procedure b: effects and 自動γ 'when … would receive damage' resolve "
   "(a pending 'nullify the next damage' shield is used here).")
_R("1.10.12.c", "Damage procedure c: the damage is applied (LP lowered / damage accumulated).")
_R("1.10.12.d", "Damage procedure d: effects and 自動γ 'when … dealt damage' resolve "
   "(貫通, 即死).")
_R("1.10.12.e", "Damage procedure e: effects and 自動γ 'when … received damage' resolve.")
_R("1.10.12.f", "Damage procedure f: a character whose accumulated damage is at least its "
   "durability becomes 決死, caused by this damage's source.")
_R("1.10.13.a", "When 決死 is nullified, the character's accumulated damage is reset.")
_R("1.10.13.d", "Combat damage on characters is reset at the combat step 6.2.4.h.")
_R("1.10.13.e", "Effect damage on characters is reset at turn start (4.3.1.a) and turn end "
   "(4.9.1.a).")
_R("1.10.14", "Damage of 0 or less is no damage: nothing of the damage procedure happens.")
_R("1.10.15", "Nullified damage ends the damage procedure at once; its later steps do not "
   "happen.")
_R("1.10.16", "A character that 'receives no damage' from a source gets none: nothing "
   "accumulates and no damage procedure happens.")

# ---- 1.11 drawing --------------------------------------------------------------------------
_R("1.11.2", "Drawing moves the top cards of the player's own deck to the hand.",
   whole="its own text is the draw; 1.11.2.a is only how a draw is written")
_R("1.11.4", "Several cards drawn by one instruction go to the hand at once.")
_R("1.11.7", "A player who must draw more cards than the deck holds loses at that moment; "
   "players drawing at the same time lose together.")

# ---- 1.12 priority and interference ---------------------------------------------------------
_R("1.12.1", "Priority is the right to take a priority action: only the player who holds it "
   "acts.")
_R("1.12.3", "After a priority action, priority either moves on in turn order or returns to "
   "the acting player, as the action's procedure says.")
_R("1.12.4", "A pass moves priority to the next player in turn order.")
_R("1.12.6.a", "Playing a card while no interference is running starts one.")
_R("1.12.6.b", "Using an activated effect while no interference is running starts one.")
_R("1.12.6.c", "Attacking while no interference is running starts one.")
_R("1.12.7", "An attack caused by an effect starts a new interference and gives priority to "
   "the attacked player.")
_R("1.12.8.a", "Interference resolution: the entries resolve from the last played or used "
   "backwards (LIFO).")
_R("1.12.8.b", "An interference started by an attack resolves the combat after its other "
   "entries.")
_R("1.12.8.c", "Effects lasting 'during the interference' end.")
_R("1.12.8.d", "Effects timed 'at the end of the interference' resolve.")
_R("1.12.8.e", "The interference ends and the turn player gains priority.")
_R("1.12.9", "When all players pass in succession with nothing done in between, the "
   "interference resolves (a) or, with none running, the phase ends (b).",
   whole="its own text is the double pass itself; 1.12.9.a/1.12.9.b, what follows, are "
   "cited beside it")
_R("1.12.9.a", "All players passed with an interference running: its resolution starts.")
_R("1.12.9.b", "All players passed with no interference: the current phase ends.")
_R("1.12.10", "An entry of the interference that became invalid does nothing; the "
   "interference goes on and every other entry still resolves.")
_R("1.12.11", "No player has priority during a resolution, a phase or turn change, or while "
   "any effect or process is still to be dealt with; priority is held and granted when all "
   "of it is done.")

# ---- 2 card definitions --------------------------------------------------------------------
_R("2.4.3", "A card whose cost is '-' cannot be played.")
_R("2.4.4", "A card with Nullity needs 0 nodes and costs 0.")
_R("2.8.3", "A card without a printed graze has graze 0.")
_R("2.10.2", "An attack written with a sign (equipment, talisman) is a battle modifier.")
_R("2.10.3", "A card whose attack is '-' has no attack (0 where a number is asked).")

# ---- 3 zones -------------------------------------------------------------------------------
_R("3.1.6", "A card moving to a deck, netherworld, node area, hand, removed area or sideboard "
   "goes to its original owner's zone, whatever the effect says.")
_R("3.1.7", "A card that changes zones loses everything given to it (damage, modifiers, "
   "roles); a field-to-field move keeps its state (3.1.7.b).",
   whole="its own text is what a card that changes zones loses; 3.1.7.a–c are the "
   "exceptions, not what the step does")
_R("3.3.2", "A card put into the netherworld goes on top of the pile, face up.")
_R("3.3.5", "Cards put into the netherworld at the same time are counted from the bottom up "
   "in the order the owner chose.")
_R("3.4.6", "Cards set on a field card are field cards.")
_R("3.6.4", "The hand limit is 7; it is enforced by the discard phase's regulated effect.")
_R("3.8.2", "A card in the play area is treated as a played card: 〔プレイされているカード〕 names "
   "it as a target.")
_R("3.8.5", "A card in the play area whose effect is not resolved at its resolution is "
   "discarded.")

# ---- 4 turns and phases --------------------------------------------------------------------
_R("4.2.1", "The turn runs turn start → active → maintenance → draw → main → discard → "
   "turn end.",
   whole="its own text is the order of the turn; the step it names is the one the game goes "
   "on to")
_R("4.2.3", "A phase ends when all players pass in succession with no interference.",
   whole="its own text is the end of a phase by a double pass with no interference; 4.2.3.a "
   "is turn start and end, cited alone there")
_R("4.2.3.a", "Turn start and turn end give nobody priority; they run straight on.")
_R("4.3.1.a", "Turn start: all damage accumulated on characters is reset.")
_R("4.3.1.b", "Turn start: effects lasting 'during the turn' begin.")
_R("4.3.1.c", "Turn start: effects timed 'at turn start' and such 自動γ resolve (変身 ends for "
   "the turn player's cards).")
_R("4.3.1.d", "Turn start: on to the active phase.")
_R("4.4.1.a", "Active phase, regulated effect: all cards on the turn player's field become "
   "active.")
_R("4.4.1.b", "Active phase start: timed effects and 自動γ of that timing resolve (警戒 "
   "readies the opponent's characters).")
_R("4.4.1.c", "The turn player gains priority in the active phase.")
_R("4.4.2.a", "Active phase end: timed effects and 自動γ of that timing resolve.")
_R("4.4.2.b", "On to the maintenance phase.")
_R("4.5.1.a", "Maintenance phase, regulated effect: the 維持コスト of the turn player's field "
   "cards resolves.")
_R("4.5.1.b", "Maintenance phase start: timed effects and 自動γ of that timing resolve.")
_R("4.5.1.c", "The turn player gains priority in the maintenance phase.")
_R("4.5.2.a", "Maintenance phase end: timed effects and 自動γ of that timing resolve.")
_R("4.5.2.b", "On to the draw phase.")
_R("4.6.1.a", "Draw phase, regulated effect: the turn player draws 1.")
_R("4.6.1.b", "Draw phase start: timed effects and 自動γ of that timing resolve.")
_R("4.6.1.c", "The turn player gains priority in the draw phase.")
_R("4.6.2.a", "Draw phase end: timed effects and 自動γ of that timing resolve.")
_R("4.6.2.b", "On to the main phase.")
_R("4.6.3", "The start player's first turn has no regulated draw.")
_R("4.7.1.a", "Main phase start: timed effects and 自動γ of that timing resolve.")
_R("4.7.1.b", "The turn player gains priority in the main phase.")
_R("4.7.2.a", "Main phase end: timed effects and 自動γ of that timing resolve.")
_R("4.7.2.b", "On to the discard phase.")
_R("4.8.1.a", "Discard phase, regulated effect: the turn player discards down to the hand "
   "limit, choosing the cards.")
_R("4.8.1.b", "Discard phase start: timed effects and 自動γ of that timing resolve.")
_R("4.8.1.c", "The turn player gains priority in the discard phase.")
_R("4.8.2.a", "Discard phase end: timed effects and 自動γ of that timing resolve.")
_R("4.8.2.b", "On to the turn-end procedure.")
_R("4.9.1.a", "Turn end: all damage accumulated on characters is reset.")
_R("4.9.1.b", "Turn end: effects lasting 'until end of turn' end.")
_R("4.9.1.c", "Turn end: effects timed 'at turn end' and such 自動γ resolve.")
_R("4.9.1.d", "Turn end: effects lasting 'during the turn' end.")
_R("4.9.1.e", "Turn end: the next player's turn begins.")

# ---- 5 playing cards -----------------------------------------------------------------------
_R("5.2.2", "A card may be played only with priority, its restrictions met, nodes ≥ its "
   "required nodes, its cost payable, a legal target for each target and its type's "
   "conditions met.",
   whole="its own text is the play conditions checked together as the card is played; "
   "5.2.2.c is cited for the node count")
_R("5.2.2.c", "Playing needs at least as many nodes in the node area as the card's required "
   "nodes.")
_R("5.2.3", "Playing is atomic: declare, put the card face up in the play area, choose mode "
   "and targets, pay; nothing resolves in between, and what it caused resolves afterwards "
   "in the order it arose.",
   whole="the play procedure run through as a whole; 5.2.3.g, the interference and the "
   "priority it moves, is cited beside it")
_R("5.2.3.g", "After a play, an interference starts (or continues) and priority moves to "
   "the next player.")
_R("5.2.4.a", "Resolution of a played card a: effects and 自動γ 'when a played card is "
   "resolved' resolve.")
_R("5.2.4.b", "Resolution b: if the card is still in the play area its effect resolves "
   "(targets are checked first).")
_R("5.2.4.c", "Resolution c: if b resolved properly, effects and 自動γ 'when a played card's "
   "effect was resolved' resolve.")
_R("5.2.4.d", "Resolution d: a card still in the play area goes on top of its owner's "
   "netherworld.")
_R("5.4.1", "A character card may be played only by the turn player in the main phase with "
   "priority and no interference, once per turn (人形 apart).",
   whole="its own text is a character card's play with every condition met; each failing "
   "item a–e is cited alone")
_R("5.4.1.a", "A character card is played by the turn player.")
_R("5.4.1.b", "A character card is played in the main phase, with priority.")
_R("5.4.1.c", "A character card is played while no interference has started.")
_R("5.4.1.d", "A character card without 人形 is not played once a character card without 奇襲 or "
   "人形 has resolved this turn.")
_R("5.4.1.e", "A 人形 character card is not played once a 人形 character card has resolved this "
   "turn.")
_R("5.4.2", "A resolved character card is set on its player's field face up and asleep.")
_R("5.4.3", "A character card that enters the field face up and unattached is a character.")
_R("5.5.1", "A spell card may be played only by the turn player in the main phase with "
   "priority and no interference.",
   whole="its own text is a spell card's play with every condition met; each failing item "
   "a–d is cited alone")
_R("5.5.1.a", "A spell card is played by the turn player.")
_R("5.5.1.b", "A spell card is played in the main phase, with priority.")
_R("5.5.1.c", "A spell card is played while no interference has started.")
_R("5.5.1.d", "A 世界呪符 spell is not played once a 世界呪符 spell was played this turn.")
_R("5.5.6", "With a character naming the spell's caster on its player's field, the spell may "
   "be played ignoring required nodes and cost.")
_R("5.6.1.a", "A command card may be played by any player who has priority.")
_R("5.6.6", "With enough characters of the command's alternative race on the field, it may "
   "be played ignoring required nodes and cost.")

# ---- 6 characters and combat ---------------------------------------------------------------
_R("6.1.8.a", "A character card becomes a character as it enters the field.")
_R("6.1.9.c", "A card that leaves the field is no longer a character.")
_R("6.1.10", "Battle stats: changes, swaps, modifiers (+/-) and 'always' changes apply in "
   "that order, after every change of the modifiers.",
   whole="its own text is the order in which battle modifications apply, recomputed at "
   "every change; the engine has modifiers (c) only and applies the whole order")
_R("6.1.12", "A battle stat below 0 is used as 0; durability 0 or less at the end of the "
   "modification makes the character 決死.")
_R("6.1.13", "A character carrying equipment or a talisman has its battle modifiers.")
_R("6.1.14", "A ±0 modifier is no modifier.")
_R("6.2.2", "Combat is processed last in the resolution of an interference an attack "
   "started.")
_R("6.2.4.a", "Combat a: every entry of the interference other than the attack and defense "
   "has resolved.")
_R("6.2.4.b", "Combat b: combat-start effects and 自動γ resolve (隠密 cancels the defense).")
_R("6.2.4.c", "Combat c: the recipient of combat damage is fixed.")
_R("6.2.4.d", "Combat d: characters with 先制 deal their combat damage (first-strike "
   "timing).")
_R("6.2.4.e", "Combat e: characters without 先制 still on the field deal their combat damage "
   "(normal timing).")
_R("6.2.4.g", "Combat g: graze.")
_R("6.2.4.h", "Combat h: combat damage received by characters is reset.")
_R("6.2.4.i", "Combat i: effects lasting 'until end of combat' end.")
_R("6.2.4.j", "Combat j: combat-end effects and 自動γ resolve.")
_R("6.2.5.a", "A second attacking character never arises: an effect making another character "
   "attack is not applied.")
_R("6.2.5.b", "A second defending character never arises: no other defense is declared or "
   "applied.")
_R("6.2.6.a", "With no defender, combat damage goes to the attacked player.")
_R("6.2.6.b", "With a defender, combat damage goes to the defending character.")
_R("6.3.2", "Attacking needs: turn player, main phase with priority, no interference, a "
   "character able to attack, no 'cannot make attack' effect.",
   whole="its own text is the declaration of an attack with every condition met; each "
   "failing item a–c is cited alone")
_R("6.3.2.a", "An attack is declared by the turn player.")
_R("6.3.2.b", "An attack is declared in the main phase, with priority.")
_R("6.3.2.c", "An attack is declared while no interference has started.")
_R("6.3.3", "A character can attack if it is on the turn player's field, active and not "
   "prevented (人形).",
   whole="its own text is which characters may be made to attack, every condition "
   "met; each failing item a–c is cited alone")
_R("6.3.3.a", "A character made to attack is a character on the turn player's field.")
_R("6.3.3.b", "A character made to attack is active.")
_R("6.3.3.c", "A character under an effect 'cannot attack' (人形) cannot be made to attack.")
_R("6.3.4.b", "Attack b: the attacking character is turned to sleep.")
_R("6.3.4.c", "Attack c: an interference starts.")
_R("6.3.4.d", "Attack d: effects and 自動γ 'when … would attack' resolve (変身).")
_R("6.3.4.e", "Attack e: the character becomes the attacking character.")
_R("6.3.4.f", "Attack f: effects and 自動γ 'when … attacked' resolve.")
_R("6.3.4.g", "Attack g: priority moves to the next player (the attack-transferred "
   "priority).")
_R("6.3.5.a", "An effect-caused attack starts an interference, nested into a running one.")
_R("6.3.5.b", "An attack made by an effect: 'would attack' effects and 自動γ resolve.")
_R("6.3.5.c", "The character made to attack by an effect becomes the attacking character "
   "(it is not turned to sleep).")
_R("6.3.5.d", "An attack made by an effect: 'attacked' effects and 自動γ resolve.")
_R("6.3.5.e", "An attack made by an effect: priority moves to the next player in turn order "
   "(the attacked player, who may defend).")
_R("6.3.6.b", "The attack is cancelled when the attacking character has left the field.")
_R("6.3.6.c", "The attack is cancelled when the attacking character has moved to another "
   "player's field.")
_R("6.3.7", "An attack cancelled during combat steps b–f ends the combat right after the "
   "step being processed, by the steps a–c below.",
   whole="its own text ends the combat right after the step being processed; the steps "
   "6.3.7.a–c are cited as they happen")
_R("6.3.7.a", "Combat ended early, a: the combat damage characters received is reset.")
_R("6.3.7.b", "Combat ended early, b: effects lasting until end of combat end.")
_R("6.3.7.c", "Combat ended early, c: the effects and 自動γ of combat end resolve.")
_R("6.4.2", "Defending needs the attack-transferred priority, an attacking character, a "
   "character able to defend and no 'cannot make defend' effect.",
   whole="its own text is the declaration of a defense with every condition met; each "
   "failing item (6.4.2.a, 6.4.2.b) is cited alone")
_R("6.4.2.a", "A defense needs the priority the attack's processing moved (6.3.4.g, "
   "6.3.5.e).")
_R("6.4.2.b", "A defense needs an attacking character.")
_R("6.4.3", "A character can defend if it is the defending player's, active, not attacking "
   "and not prevented.",
   whole="its own text is which characters may defend, every condition met; a failing item "
   "(6.4.3.a, 6.4.3.b) is cited alone")
_R("6.4.3.a", "A defending character is a character on the field of the player holding the "
   "attack-moved priority.")
_R("6.4.3.b", "A defending character is active.")
_R("6.4.4.b", "Defense b: the defending character is turned to sleep.")
_R("6.4.4.c", "Defense c: effects and 自動γ 'when … would defend' resolve.")
_R("6.4.4.d", "Defense d: the character becomes the defending character (no interference "
   "starts).")
_R("6.4.4.e", "Defense e: effects and 自動γ 'when … defended' resolve.")
_R("6.4.4.f", "Defense f: priority moves to the next player.")
_R("6.4.5", "A 奇襲 and 速攻 character played as a defense defends after it enters (steps "
   "a–c only).",
   whole="its own text is when the defense steps a–c run (an effect's defense, a 奇襲+速攻 card "
   "played as one); the steps are cited as they happen")
_R("6.4.5.a", "A defense by effect or by a 奇襲+速攻 card: 'would defend' effects and 自動γ "
   "resolve.")
_R("6.4.5.b", "... the character becomes the defending character.")
_R("6.4.5.c", "... 'defended' effects and 自動γ resolve.")
_R("6.4.7", "A defense that is cancelled (or a defender that left) leaves the interference "
   "and combat going.")
_R("6.5.2.a", "Graze: the player received 1 or more combat damage from an opposing "
   "character.")
_R("6.5.2.b", "Graze: not by 貫通's damage — 貫通's damage alone gives no graze.")
_R("6.5.3.a", "Graze a: the player chooses whether to graze.")
_R("6.5.3.b", "Graze b: the top X cards of the player's own deck go to the player's nodes "
   "asleep, X = the graze of the character that dealt the combat damage.")

# ---- 7 texts and effects -------------------------------------------------------------------
_R("7.1.6.a", "Effects due at the same timing: the turn player orders all of its own first, "
   "then the next player orders theirs.")
_R("7.1.10", "An effect whose application causes another process is suspended, the process "
   "runs, then the effect goes on.")
_R("7.1.12", "When part of an effect cannot be applied as written, the rest of its text is "
   "not applied and the effect fails (what was applied stays).",
   whole="its own text is that the rest of the effect is not applied; 7.1.12.a (the effect "
   "fails) is cited beside it")
_R("7.1.12.a", "A part that cannot be applied, with nothing written for that case: the whole "
   "effect fails (what was applied stays).")
_R("7.1.14", "「この効果は重複しない」 (貫通): every effect of exactly that text counts as one; a "
   "character with 貫通 twice deals its X once.")
_R("7.3.1.b", "An activated effect whose card left the field (or lost its text) before "
   "resolution is nullified.")
_R("7.3.7", "An effect that says activated effects cannot be used is applied: their use cannot "
   "even be attempted.", whole="its own text is the refusal of the use; 7.3.7.a (one already "
   "used still resolves) is cited alone where it applies")
_R("7.3.7.a", "An activated effect used before a 「起動効果を使用出来ない」 began to apply still "
   "resolves.")
_R("7.3.3", "Using an activated effect needs priority, the card on your field with valid "
   "text, a payable cost, a legal target and the right turn for (自分ターン)/(相手ターン).",
   whole="its own text is an activated effect's use with every condition met; each failing "
   "item is cited alone")
_R("7.3.3.b", "An activated effect is used from a card on the player's own field whose text "
   "is valid.")
_R("7.3.3.d", "An activated effect whose cost cannot be paid cannot be used.")
_R("7.3.3.f", "A (自分ターン) activated effect is used only by the turn player.")
_R("7.3.3.g", "A (相手ターン) activated effect is used only in the opponent's turn.")
_R("7.3.4", "Using an activated effect is atomic: declare, choose targets, pay the cost; "
   "nothing resolves in between.",
   whole="the procedure of using an activated effect run through as a whole; 7.3.4.f is "
   "cited beside it")
_R("7.3.4.f", "After a use, an interference starts (or continues) and priority moves to the "
   "next player.")
_R("7.3.5.b", "An activated effect in the interference resolves.")
_R("7.3.6", "One activated effect of one card can be used once per interference.")
_R("7.4.4", "An optional auto effect applies only while its player holds priority and no "
   "interference is going on (reading optional-gamma=7.4.4 applies it to a triggered 自動γ).")
_R("7.4.7.a", "An 自動γ works only while its card is on the field.")
_R("7.4.7.c", "An 自動γ whose condition is met resolves at once when no effect is resolving, "
   "after the current effect otherwise, or in the rule step that names it.")
_R("7.4.7.d", "An 自動γ whose condition no longer holds, or whose card left the field, does "
   "not resolve.")
_R("7.6.1", "Several battle-stat changes applied together are all applied before 決死 is "
   "judged.")
_R("7.8.1", "A waiting effect is kept and processed when its situation arises.")
_R("7.7.1", "An effect resolved at a given timing is not resolved at once but when that timing "
   "comes.")
_R("7.7.2", "An effect for a timing made while that timing's effects resolve is resolved in "
   "that timing too.")
_R("7.8.2", "A waiting effect whose prerequisite resolved survives its source leaving the "
   "field.")

# ---- 8 objects and targets -----------------------------------------------------------------
_R("8.1.3", "An effect whose object cannot be chosen when it applies fails as a whole.",
   whole="its own text is that an object is designated as the effect applies and an effect "
   "without one cannot apply; 8.1.3.a (it fails as a whole) is cited beside it")
_R("8.1.3.a", "An effect that cannot designate its object fails as a whole.")
_R("8.2.4", "Targets are chosen when the card is played or the effect used (or when an auto "
   "effect starts resolving); without a legal target it cannot be played or used.",
   whole="its own text is that targets are designated at the play or use; 8.2.4.a/8.2.4.b "
   "are cited when no target exists or an automatic effect designates one")
_R("8.2.4.a", "An effect whose target cannot be designated cannot be used (played, used, "
   "applied).")
_R("8.2.4.b", "An automatic effect designates its target as its resolution starts.")
_R("8.2.5.a", "The targets are checked again as the effect's resolution starts: one illegal, "
   "it fails.")
_R("8.2.5.b", "The targets are checked again when the effect applies: one illegal, it fails.")
_R("8.2.6.b", "A target with a count (〔…1枚〕) is named exactly: no more and no fewer targets "
   "than that; a play or use naming more is illegal.")

# ---- 9 removal -----------------------------------------------------------------------------
_R("8.2.8", "An effect that changes a target: the waiting effect's target becomes the named "
   "card, proper or not (checked when it starts resolving); a resolved effect's cannot change.")
_R("9.1.3", "A removal applied during an effect suspends it; the removal resolves, then the "
   "effect goes on (even if its source moved).",
   whole="its own text is the suspension of the effect while a removal resolves; 9.1.3.a "
   "(its source left) is not what the step does")
_R("9.1.4", "Removals due at the same time resolve 決死 first, then 破棄, then 除外, checked "
   "again whenever a new one arises.",
   whole="its own text is the order 決死, 破棄, 除外, checked again whenever one joins; the items "
   "only name the three")
_R("9.1.5", "Cards in the same removal state are removed together, not one by one.")
_R("9.2.2.a", "A character whose accumulated damage reaches its durability becomes 決死 — "
   "at that moment (11.1.1), whether the damage rose or the durability fell.")
_R("9.2.2.b", "A character whose durability is 0 or less becomes 決死, whatever its cards' "
   "effects say.")
_R("9.2.8.c", "A character under a 「決死状態にならない」 effect does not become 決死 — except by "
   "durability 0 or less, a rule that prevails over card effects (9.2.2.b).")
_R("9.2.2.c", "An effect that makes a card 決死, applied, makes it 決死.")
_R("9.2.3.a", "決死 a: effects and 自動γ 'when … would make 決死' resolve.")
_R("9.2.3.b", "決死 b: effects and 自動γ 'when … would become 決死' resolve (an effect may "
   "nullify the 決死 here).")
_R("9.2.3.c", "決死 c: effects and 自動γ 'when … made 決死' resolve.")
_R("9.2.3.d", "決死 d: effects and 自動γ 'when … became 決死' resolve (壱符).")
_R("9.2.3.e", "決死 e: the card is treated as discarded (破棄), by whatever made it 決死.")
_R("9.2.4.a", "A nullified 決死 ends the 決死 procedure at once; what was still to apply in it "
   "does not.")
_R("9.2.4.b", "A nullified 決死 resets the accumulated damage.")
_R("9.2.5", "決死 with durability 0 or less cannot be nullified.")
_R("9.2.6.a", "The card that made a character 決死 by damage is the one whose damage made "
   "the accumulated damage reach the durability.")
_R("9.2.6.b", "Effect damage that makes a character 決死 makes it 決死 by the card's effect (and so, "
   "by 9.2.3.e, that effect is the one that discards it).")
_R("9.3.3", "A 'discard' (破棄) effect puts the card in the 破棄 state.")
_R("9.3.4.a", "破棄 a: effects and 自動γ 'when … would discard' resolve.")
_R("9.3.4.b", "破棄 b: effects and 自動γ 'when … would be discarded' resolve.")
_R("9.3.4.c", "破棄 c: effects and 自動γ 'when … discarded' (active voice) resolve.")
_R("9.3.4.d", "破棄 d: effects and 自動γ 'when … was discarded' resolve.")
_R("9.3.4.e", "破棄 e: the cards set on the discarded card are discarded as well.")
_R("9.3.4.g", "破棄 g: the card and its set cards go on top of their original owner's "
   "netherworld in the order that player chooses.")
_R("9.3.5.a", "A nullified 破棄 (「破棄を無効にする」 in a 破棄 window's 自動γ) ends the 破棄 "
   "procedure for that card at once: it stays where it is.")
_R("9.3.5.b", "A nullified 破棄 resets the accumulated damage.")
_R("9.3.6", "破棄 with durability 0 or less cannot be nullified.")
_R("9.3.8.c", "A card under a 「破棄されない」 effect does not become 破棄 (durability 0 or less: "
   "see the reading discard-bar-at-zero).")
_R("9.4.6.b", "A card under a 「除外されない」 effect does not become 除外.")
_R("9.4.3", "A 'remove from the game' effect puts the card in the 除外 state.")
_R("9.4.4.a", "除外 a: effects and 自動γ 'when … would remove from the game' resolve.")
_R("9.4.4.b", "除外 b: effects and 自動γ 'when … would be removed from the game' resolve.")
_R("9.4.4.c", "除外 c: effects and 自動γ 'when … removed from the game' (active voice) "
   "resolve.")
_R("9.4.4.d", "除外 d: effects and 自動γ 'when … was removed from the game' resolve.")
_R("9.4.4.e", "除外 e: the cards set on the removed card are discarded.")
_R("9.4.4.l", "除外 l: the card goes to the removed area, its set cards on top of the "
   "netherworld.")

# ---- 10 tactics and special effects ----------------------------------------------------------
_R("10.1.3", "The same tactic or special effect had twice is two, each on its own, never "
   "merged: a character with 加護 twice asks for each payment in turn.")
_R("10.2.2.a", "速攻: a played character enters the field active.")
_R("10.2.3", "速攻 on a card that becomes a character when it enters (幻想生物): it becomes "
   "active then.")
_R("10.3.2.a", "奇襲: the character card may be played at command timing.")
_R("10.3.3", "Under 「キャラクターカードをプレイ出来ない」 a character card with 奇襲 cannot be played "
   "either.")
_R("10.3.2.b", "奇襲 with 速攻: a character card played in direct answer to an opponent's "
   "attack may be declared, with the play, to defend.")
_R("10.3.4", "奇襲 with 速攻 played as a defense: declared with the play, the character "
   "defends and stays asleep.")
_R("10.4.2.a", "先制: the character's combat damage is dealt at the first-strike timing.")
_R("10.5.2.a", "貫通: when the attacking character deals combat damage to a character, the "
   "opponent is dealt X = attack − durability + damage already accumulated (if X > 0), as "
   "combat damage that gives no graze.")
_R("10.6.2.a", "隠密: at combat start the defense of a defender sharing no race with it is "
   "cancelled.")
_R("10.7.2.a", "警戒: the character becomes active at the start of the opponent's active "
   "phase.")
_R("10.8.2.a", "即死: a character dealt combat damage by it becomes 決死.")
_R("10.9.2.a", "人形: the character cannot attack.")
_R("10.11.2.a", "耐性A: the character receives no combat damage from characters of race A.")
_R("10.12.2.a", "マナチャージ(X): (自分ターン) sleep it: the top X cards of your deck go to your "
   "nodes asleep.")
_R("10.13.2.a", "装備: the card resolves by being set on a target character of yours.")
_R("10.13.4", "An equipment card set on a character that already has one fails and goes to "
   "the netherworld.")
_R("10.13.5", "A character with two or more equipment cards keeps one; the field's player "
   "chooses and the rest go to the netherworld.")
_R("10.14.2.a", "呪符: the card resolves by being set on a target character.")
_R("10.15.2.a", "装備/場: the card resolves by being set on your field, active.")
_R("10.15.3", "A 装備/場 card set where its player already has one fails and goes to the "
   "netherworld.")
_R("10.16.2.a", "幻想生物: the spell resolves by being set on your field, asleep.")
_R("10.16.3", "A 幻想生物 card face up on the field, not set on another card, is a character.")
_R("10.17.2.a", "世界呪符: the spell resolves by being set on your field, active.")
_R("10.15.4", "A player with two or more 装備/場 cards keeps one; the rest go to the "
   "netherworld.")
_R("10.27.2.a", "維持コスト(X): in the maintenance phase's regulated effect the player pays X or "
   "the card is discarded.")
_R("10.34.2.a", "リーダー: the character cannot be the target of the opponent's command cards.")
_R("10.34.2.b", "リーダー: when it is played and enters the field, the top card of your deck is "
   "set on it as 人気.")
_R("10.34.2.c", "リーダー: in your turn, when an opponent received damage, the top card of your "
   "deck is set on it as 人気, once per turn.")
_R("10.34.2.d", "リーダー (相手ターン)0: a 人気 card is discarded and the next damage to you this "
   "turn is nullified (a waiting effect).")
_R("10.34.4", "A player with two or more リーダー keeps one; the rest go to the netherworld.")

# ---- 11 other processes ----------------------------------------------------------------------
_R("11.1.1", "Every process happens the moment it arises: a character whose accumulated "
   "damage reaches its lowered durability becomes 決死 at once, inside the procedure that "
   "lowered it (a modifier ending at 6.2.4.i), not at the next grant of priority.")
_R("11.3.3", "A card moving from the field to another zone first has its set cards "
   "discarded; the set cards go on top of the netherworld.",
   whole="the procedure of a field card leaving for another zone, run through as a whole "
   "(its set cards discarded first)")
_R("11.5.1", "アクティブ状態にする: a card goes from sleep to active (the process a "
   "「アクティブ状態にならない」 stops, 1.3.2).")
_R("11.3.9.a", "A character card entering the field alone is a character from this point.")
_R("11.3.9.b", "Entering the field: 'would enter' effects and 自動γ resolve.")
_R("11.3.9.c", "Entering the field: the card is put there; its 自動α and 自動γ work from then; 決死 "
   "by a changed durability waits until every effect applied.")
_R("11.3.9.d", "Entering the field: 'entered' effects and 自動γ resolve.")
_R("11.5.3", "Making an active card active (or a sleeping card asleep) is not possible: that "
   "part of the effect is not applied.")
_R("11.3.10", "Setting a card on another: it is placed on the field card as a set card.",
   whole="the procedure of setting a card on another run through as a whole; the engine "
   "does not split its steps a–c")
_R("11.3.11.c", "A set card shares its host's active/sleep state.")
_R("11.3.14", "To return (戻す) is to move (移す).")

# ---- 12 other rules --------------------------------------------------------------------------
_R("11.4.1", "Extracting (抜き出す) takes the named card out of its zone for the instruction "
   "that follows: a card searched for in the deck.")
_R("3.2.5", "A deck seen or revealed whole by an effect that says no shuffle is shuffled when "
   "the effect ends.",
   whole="its own text is the shuffle applied; its exceptions 3.2.5.a (part seen) and 3.2.5.b "
   "(seen whole through a number of cards) are cited where they apply instead")
_R("3.2.5.a", "A deck seen or revealed only in part is not shuffled.")
_R("3.2.5.b", "A deck seen whole through an effect that named a number of cards is not "
   "shuffled (one that named none is).")
_R("11.6.1", "To reveal (公開する) makes the named cards' faces public to every player.")
_R("11.6.2", "A revealed card stays in its own zone.")
_R("11.6.3", "When the revealing effect ends, the cards are hidden again in their own zone and "
   "order.")
_R("11.6.4", "Revealing is not looking: a revealed card was not 'seen' (見た).")
_R("11.7.1", "To look at (見る) lets only the named player see the named cards' faces.")
_R("11.7.2", "A card looked at stays in its own zone.")
_R("11.7.3", "When the looking effect ends, the cards are hidden again in their own zone and "
   "order.")
_R("11.8.1", "A shuffle makes the order of the cards random (the engine keeps the listed order "
   "and says so).")
_R("12.7.2", "A concession may be declared at any time, before any other process, even "
   "without priority.")
_R("12.7.3", "A concession is always accepted.")
_R("12.10.1", "An unavoidable infinite loop is settled by 1.5.3.e and 1.5.4.b.")

# ---- chapter 10: the keywords of judgekit.engine.thv.keywords ------------------------------------
_R("10.10.2", "伝説 has no text of its own (神器 asks for it).")
_R("10.21.2.a", "ターン1枚制限: once the card is played, its player cannot play a card of the same "
   "name until the end of the turn; if the play is made void, so is this.")
_R("10.21.3", "自分ターン1枚制限 and 相手ターン1枚制限 are treated the same way.")
_R("10.22.2.a", "自分ターン制限: the card is played only in its player's own turn.")
_R("10.22.3", "自分ターン1枚制限 carries 自分ターン制限 too.")
_R("10.23.2.a", "相手ターン制限: the card is played only in the opponent's turn.")
_R("10.23.3", "相手ターン1枚制限 carries 相手ターン制限 too.")
_R("10.25.2.a", "神器: the card cannot be set on, nor target when played, a character without "
   "伝説.")
_R("10.30.2.a", "ラストスペル: with its caster on its player's field, the spell may be played at a "
   "command's timing.")
_R("10.31.2.a", "封術: the character cannot be treated as a spell's caster unless its player has 6 "
   "nodes or more.")
_R("10.31.3", "A character that cannot be treated as the caster does not count as one whose name "
   "includes the caster.")
_R("10.32.2.a", "ラストワード: the card cannot be played without its caster on its player's "
   "field.")
_R("10.26.2.a", "抵抗(X): when the card being played becomes the target of its opponent's card's "
   "effect, that opponent may pay X; if not, that card's effect is made void and it is "
   "discarded.")
_R("10.29.2.a", "加護(X): when the character becomes the target of its opponent's command card, "
   "that player may pay X; if not, the command's effect is made void and the card discarded.")
_R("10.20.2.a", "連結: the card's name is also each of the names it lists.")
_R("10.20.2.b", "連結: as the card's play resolves, its player may exclude one card naming each of "
   "the names from their field, hand or netherworld; if not, the card is excluded.")
_R("10.20.3", "Not excluding them, the card is excluded at once and its play fails.")
_R("10.33.2.a", "オーバードライブ: as the card's play resolves, its player may exclude one or more "
   "netherworld cards naming its caster (or spells with the same caster); if not, the card is "
   "excluded.")
_R("10.33.3", "Not excluding them, the card is excluded at once and its play fails.")
_R("10.18.2.a", "壱符: when this character becomes 決死, its player may put a 弐符 character card of "
   "their sideboard naming A onto their field asleep and move this character's set cards to it; "
   "then this character is discarded.")
_R("10.18.3", "Putting a 弐符 card onto the field by 壱符's 自動γ is スペルブレイク.")
_R("10.19.2.a", "弐符: a character that entered the field other than by 壱符's effect is excluded, "
   "before its other entering effects.")
_R("10.28.2.a", "変身 (自動γ): when the character attacks or defends it may at the same time be "
   "transformed until its player's next turn start.")
_R("10.28.2.b", "変身 (常時)0: if the character is active as this resolves, it is transformed until "
   "its player's next turn start.")
_R("10.28.3", "Transformed, the card is turned upside down and is the character of its transformed "
   "description.",
   whole="what the transformed state is as a whole; 10.28.3.a only names the normal state")
_R("10.28.4", "A transformed card cannot be transformed again.")
_R("10.28.6.a", "Transforming: the card is turned upside down.")
_R("10.28.6.b", "Transforming: it is treated as the character with the transformed description.")
_R("10.28.7.a", "Returning to normal: the card is turned back.")
_R("10.28.7.b", "Returning to normal: it has its own description again.")
_R("10.28.8", "While transformed, the transformed description is treated as its own.")
_R("10.28.10", "A transformed character returns to normal at the start of the turn of the player "
   "whose zone holds it.")
