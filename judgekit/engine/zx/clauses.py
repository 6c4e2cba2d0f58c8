"""Every Z/X clause the engine applies, with what the engine does for it — in ONE place.

Steps may cite only ids registered here (`Trace.open` checks). tests/engine/test_registry.py
checks that each id exists in `judgekit.rules.load("zx")` and is not a virtual clause, and
tests/engine/test_clause_behaviour.py pins what each one means with a small board.

Summaries say what the engine DOES (English); the clause text itself is in the rules tree.
"""

from __future__ import annotations

from ..registry import Registry

REGISTRY = Registry("zx")
_R = REGISTRY.add

# ---- 100 game basics ---------------------------------------------------------------------
_R("101.2", "When exactly one player has lost, the other wins and the game ends at once.")
_R("101.3", "When both players have lost at the same time, the game is a draw.")
_R("102.2", "Card text beats the rules: an instruction that names a state (e.g. into the "
   "resource sleeping) overrides the default state of 303.5a / 308.2a.")
_R("102.3", "When part of an instruction is impossible, the possible part is still done.")
_R("102.4", "Does as many as possible; doing something 0 times is not doing it (no event); "
   "an undefined value makes the action not happen.")
_R("102.5", "A card told to become the state it already has does not 'become' it: no event.")
_R("102.6", "A 'cannot' effect wins over every action it names: an effect's instruction, the "
   "rules' own (502.1's reboot, 904's destruction, the plays 907.2e / イグニッション offer) and "
   "the player's (a card that cannot be played is not a legal action, 506.2).")
_R("102.7", "When both players choose at once, the turn player chooses first.")
_R("102.8", "Hidden cards chosen by both players at once stay hidden until both have chosen; "
   "the cards then move together.")
_R("102.9", "A choice of cards in a hidden zone (deck, life, hand, dynamis) that names a "
   "parameter (「コスト3以下のゼクスを1枚選び」) may choose none, even when such a card is there.")

# ---- 200 card parameters ------------------------------------------------------------------
_R("202.7e", "A player whose Z/X OB is on a square is dealt no damage.")
_R("202.8a", "A shift on a card moves with it as one card.")

_R("207.1", "Races are a parameter of zekusu, Z/X EX, Z/X OB and shifts only: a player card or "
   "an event has none, and a change of races does not reach it (811.6).")

# ---- 300 zones ----------------------------------------------------------------------------
_R("301.4", "A card that changes zones (other than square to square) becomes a new card: its "
   "damage and the effects on it are gone.")
_R("301.5", "Several cards moved from a zone other than the deck move simultaneously: one "
   "instruction's or one rule effect's cards (904's lethal zekusu, 905's illegal ones) leave "
   "together and see each other leave (808.3b).")
_R("302.4", "A card moved to a per-player zone goes to its owner's zone.")
_R("303.2", "Neighbouring squares are orthogonally adjacent; diagonal squares are not.",
   whole="its own text defines the neighbouring squares a battle's reach is measured by; "
   "303.2a (distance) is cited beside it")
_R("303.2a", "Distance between squares = fewest neighbour steps (diagonal = 2).")
_R("303.5a", "A card put onto a square from elsewhere enters rebooted.")
_R("303.6a", "A player card an effect would move to another square does not move.")
_R("304.3", "Several cards moved from the deck move one at a time.")
_R("307.2", "A card put into the life goes on top.")
_R("308.2a", "A card put into the resource enters rebooted.")

# ---- 500 turn structure ------------------------------------------------------------------
_R("502.1", "Reboot phase: the turn player reboots all own sleeping cards on squares and in "
   "the resource.")
_R("502.2", "「リブートフェイズ開始時」 (and on the first turn 「ゲーム開始時」) events happen.")
_R("502.3", "Priority pre-processing, then the draw phase.")
_R("503.1", "「ドローフェイズ開始時」 event happens.")
_R("503.2", "Priority pre-processing.")
_R("503.3", "The turn player draws 2 cards.",
   whole="its own text is the draw of two; its only item 503.3a is the first player's "
   "exception, cited when it applies")
_R("503.3a", "No draw on the first player's first turn.")
_R("503.4", "Priority pre-processing, then the resource phase.")
_R("504.1", "「リソースフェイズ開始時」 event happens.")
_R("504.2", "Priority pre-processing.")
_R("504.3", "The turn player may put one hand card into the resource, rebooted.")
_R("504.4", "Priority pre-processing, then the ignition phase.")
_R("505.1", "「イグニッションフェイズ開始時」 event happens.")
_R("505.2", "Priority pre-processing.")
_R("505.3", "The turn player chooses a charge card or passes.",
   whole="its own text is the choice (a charge card or a pass); 505.3a, what a chosen card "
   "does, is cited with it")
_R("505.3a", "イグニッション: the chosen charge card goes to the trash, the deck top is revealed; "
   "with an ignition icon the turn player may play it without paying; otherwise (or not "
   "played) it goes to the trash.")
_R("505.4", "Priority pre-processing.")
_R("505.5", "After choosing a charge card, back to 505.3; after a pass, on to the main phase.")
_R("506.1", "「メインフェイズ開始時」 event happens.")
_R("506.2", "The turn player gets priority: play a card, an activated ability, declare a "
   "battle, play a Z/X EX or shift (once per turn each), or pass.")
_R("506.3", "Priority pre-processing after the main-phase action.")
_R("506.4", "Anything but a pass returns to 506.2; a pass goes to the end phase.")
_R("507.1", "「エンドフェイズ開始時」 event happens.")
_R("507.2", "Priority pre-processing.")
_R("507.3", "「ターン終了時」 events: each such ability triggers at most once per turn.")
_R("507.4", "Priority pre-processing.")
_R("507.5", "Back to 507.3 while rule effects or untriggered 「ターン終了時」 abilities remain.")
_R("507.6", "All zekusu lose their damage.")
_R("507.7", "Effects lasting 'this turn' / 'until end of turn' end.")
_R("507.8", "The turn player keeps hand-limit cards of their choice and trashes the rest.")
_R("507.9", "Back to 507.3 if needed; otherwise the turn ends and the opponent becomes the "
   "turn player.")

# ---- 600 battle ---------------------------------------------------------------------------
_R("601.1", "A battle declared in the main phase runs the battle steps in order.")
_R("602.1", "Battle declaration: the turn player declares a battle in the main phase.",
   whole="its own text is the declaration itself (the turn player, in the main phase, "
   "outside a battle); each item a–g is cited for its own part")
_R("602.1a", "The attacker must be a rebooted zekusu on a square controlled by the turn player.")
_R("602.1b", "The target must be a non-turn player's zekusu on a neighbouring square, or the "
   "non-turn player when the neighbouring square is their player square with no zekusu and a "
   "player card.")
_R("602.1c", "If the attacker or target cannot be chosen, the battle cannot be declared.")
_R("602.1d", "The attacker is put to sleep.")
_R("602.1e", "「バトル開始時」, 「攻撃した時」 and 「攻撃された時」 events happen.")
_R("602.1f", "Priority pre-processing.")
_R("602.1g", "On to the battle event step.")
_R("603.1a", "The turn player gets priority.")
_R("603.1b", "The player with priority plays an event card or activated ability, or passes.")
_R("603.1c", "When both players' latest action is a pass, on to the damage step; otherwise "
   "the other player gets priority.")
_R("604.1", "Priority pre-processing.")
_R("604.2", "If the attacker is no longer on a square, nothing happens; on to 605.")
_R("604.3a", "A zekusu target no longer on a square: nothing; otherwise the attacker deals "
   "damage equal to its power to it.")
_R("604.3b", "A player target is dealt 1 damage.")
_R("604.3c", "A player target controlling a Z/X OB on a square is dealt no damage.")
_R("604.3d", "The target does not change even if attacker or target moved to another square.")
_R("604.4", "On to the battle end step.")
_R("605.1", "Priority pre-processing (lethal and player damage are processed here).")
_R("605.2", "「バトル終了時」 events: each such ability triggers at most once per battle.")
_R("605.3", "Priority pre-processing.")
_R("605.4", "Back to 605.2 while rule effects remain or a 「バトル終了時」 ability has not "
   "triggered in this battle — a timed one an effect created late included (808.4).")
_R("605.5", "Effects lasting 'this battle' end.")
_R("605.6", "Back to 605.2 if needed; otherwise the battle ends.")

# ---- 700 priority and pre-processing -----------------------------------------------------
_R("701.2", "Before a player gets priority, priority pre-processing runs.")
_R("701.3", "The player with priority plays a card or activated ability, takes an action the "
   "rules allow, or passes.")
_R("702.1", "Priority pre-processing: the processing the game forces before priority and at "
   "fixed points.")
_R("702.2a", "Rule effects are checked and executed until none remain.")
_R("702.2b", "One triggered auto ability is played and resolved, then back to 702.2a; with "
   "none, pre-processing ends.")

# ---- 800 cards and abilities -------------------------------------------------------------
_R("802.2b", "A continuous effect lasts for its stated period (or indefinitely).")
_R("802.2c", "A static text with 「かわりに」 is a replacement effect.")
_R("802.3", "Several things chosen by one instruction must be different from each other.")
_R("802.4", "A condition on several parameters (「赤と青と白と黒と緑のカードがそれぞれ6枚以上」) "
   "counts a card that has several of them for each: six five-coloured cards meet it.")
_R("803.1a", "A zekusu's abilities are enabled only while it is on a square.")
_R("803.1c", "An ability said to work in a particular zone is enabled only while its card is "
   "there (`where:`).")
_R("803.1d", "「自分ターン」/「相手ターン」 and 「ターン X」 limits: enabled only in that turn / "
   "until resolved X times this turn.")
_R("803.2a", "An ability that says it is enabled under a condition is disabled as a whole while "
   "the condition does not hold.")
_R("803.2c", "An auto ability that triggered is played even if it became disabled; if its "
   "card left the zone, its last-known information is used.")
_R("804.2", "Play procedure (804.2a–h): choose and reveal, fix the price, move to the "
   "temporary zone, pay, then the card or ability has been played.",
   whole="the play procedure run through as a whole; the items that do something (804.2b, "
   "e, f) are cited beside it")
_R("804.2b", "A card played from a hidden zone is revealed.")
_R("804.2e", "The card or ability moves to the temporary zone.")
_R("804.2f", "The price is paid; if it cannot be, the game returns to just before the play.")
_R("804.2h", "The play's actions end and the card counts as played: the 「プレイした時」 event "
   "(an `auto: played` ability triggers then, after the price is paid).")
_R("804.4c", "A price of several parts (「白と緑のゼクスをそれぞれ1枚ずつ」) is paid with a different "
   "card for each part: a white-and-green zekusu pays only one of them.")
_R("804.3a", "The effect's instructions are executed in printed order by the effect's "
   "controller.")
_R("804.3b", "When an amount is distributed among chosen cards, each gets at least 1.")
_R("804.3c", "A resolved ability leaves the temporary zone; a card follows its type (806.1f).")
_R("805.2a", "A card's resource cost has all the card's colours and its cost as points.")
_R("804.2c", "Where effects let the player pay one of several costs, the player chooses one "
   "as the card is played, before the cost is fixed (804.2d).")
_R("805.2c", "Cost changes: increases first, then decreases; never below 0.")
_R("805.3a", "For each colour of the cost, one rebooted resource card of that colour (fewer "
   "when there are more colours than points).")
_R("805.3b", "Then rebooted resource cards up to the points, not reusing the 805.3a cards.")
_R("805.3c", "If the cards cannot be chosen, the cost cannot be paid.")
_R("805.3d", "The chosen resource cards are put to sleep: the cost is paid.")
_R("806.1a", "Playing a zekusu/Z/X EX needs a square that is not the opponent's player square, "
   "has no opponent zekusu and no own sleeping zekusu; a zekusu costs its resource cost.")
_R("806.1f", "Resolution: a zekusu goes to the chosen square; an event's ability resolves, "
   "then the card goes to its owner's trash.")
_R("807.1a", "An activated ability 起〈代償〉: 'sleep' in the price sleeps this card (not "
   "payable when it is already sleeping).")
_R("807.1b", "An activated ability is played per 804.2, paying its price.")
_R("808.1", "When the event of an auto ability happens, the ability becomes triggered.",
   whole="its own text is the triggering; 808.1a only defines which words name the event "
   "and 808.1b (several times) is cited when it applies")
_R("808.1b", "An event happening n times triggers the ability n times.")
_R("808.2", "In pre-processing the controller plays the triggered ability (mandatory), then "
   "one triggered instance is cancelled.",
   whole="its own text is the playing of a triggered ability in pre-processing; 808.2a (the "
   "turn player's choice among several) is cited when it applies")
_R("808.2a", "With several triggered abilities the turn player picks which one is played next "
   "(its controller plays it); one that cannot be played is cancelled once.")
_R("808.3a", "A zone-move trigger reads the moved card's parameters in the public zone when it "
   "moved between a public and a hidden zone, else on the square it left, else in its new zone.")
_R("808.3b", "Cards moving together see each other's move.")
_R("808.3c", "When k cards move to a zone at once, an ability waiting for that move triggers "
   "k times.")
_R("808.3d", "A destruction trigger is judged on the state of the cards while on the square.")
_R("808.4", "A timed auto ability created by an effect triggers at the named later point.",
   whole="its own text defines the timed auto ability an effect creates; 808.4a/808.4b are "
   "cited for when it triggers")
_R("808.4a", "A timed auto ability triggers only once, at its point.")
_R("808.4b", "A timed auto ability triggers even if the card that created it changed zones.")
_R("808.5a", "A state-type auto ability triggers when its condition holds and it is not "
   "already triggered; after it is cancelled it triggers again if the condition holds.")
_R("808.6", "A triggered ability whose card left its zone is still played, using last-known "
   "information.")
_R("809.1", "An event card's ability is executed when the card resolves.")
_R("811.1b", "Non-numeric parameters (the keyword abilities a zekusu has) are read after the "
   "continuous effects that change them: a keyword granted or taken away for a period.")
_R("811.3", "Continuous effects whose order 811.1 / 811.2 do not decide apply earliest time "
   "first: a keyword ability granted and taken away, the later applies last.",
   whole="its own text is the rule applied (earliest time first, the later last); its items "
   "only say what each effect's time is (811.3a static, 811.3b played), cited beside it")
_R("811.3a", "A static ability's continuous effect dates from when its card was put where it "
   "is (on a square: last put onto a square from elsewhere); a keyword granted and taken away "
   "by two statics: the later applies last (811.3).")
_R("811.4", "A continuous effect not from a static ability applies only to the cards in the "
   "public zone when it starts: a card arriving later, or the same card as a new card, does "
   "not get it.")
_R("811.6", "A continuous effect that makes a parameter something else (「種族を[○○]にする」, "
   "「カード名を「○○」にする」) replaces it: the card loses what it had; a card without that "
   "parameter (a player card has no races) is not changed.")
_R("811.1c", "Numeric parameters (power, …) are read after applying the effects that change "
   "them.")
_R("812.1", "A replacement effect: the event does not happen; the 「かわりに」 event happens "
   "instead — whatever makes the event happen: an effect, the battle, or a rule effect (904's "
   "destruction, 905/906/908's trash, 907's charge, 902's moves); a replaced destruction is no "
   "destruction (not in battle 1203, not by an effect 1204).")
_R("812.2", "With several replacement effects for one event, the turn player picks the order.")
_R("813.1", "An effect reading a card that left its zone uses its last information there.",
   whole="its own text is the last-known information of a card that left its zone; 813.1a "
   "(moved square to square) is cited instead when that is the case")
_R("813.1a", "A card that moved square to square is read on its new square.")
_R("813.2", "A card that cannot be identified gives undefined information: the actions that "
   "depend on it are not done.")
_R("814.2a", "A timed ability's effects have as source the card whose ability created it.")
_R("814.3", "Battle damage's source is the attacking zekusu; effect damage's source is the "
   "effect's source.")

# ---- 900 rule effects ----------------------------------------------------------------------
_R("901.2", "Rule effects other than 902 and 910–913 are checked and executed in "
   "pre-processing.",
   whole="its own text is when rule effects are checked (in pre-processing); 901.2a/901.2b "
   "are cited for the exceptions and the order")
_R("901.2a", "Reload (902) and the extra/overboost/token/shift effects (910–913) are checked "
   "at every moment, even during play and resolution, and executed at once.")
_R("901.2b", "Rule effects executed together follow the order 910–913, 902, 909, 908, 906, "
   "905, 904, 903, 907.")
_R("902.1", "Reload: a player with an empty deck and at least one trash card interrupts what "
   "is being done and reloads.",
   whole="its own text is the reload's condition and its interrupting what is going on; its "
   "steps a–c are cited for what they do")
_R("902.1a", "Reload: the trash becomes the deck.")
_R("902.1b", "Reload: the reloading player shuffles the deck.")
_R("902.1c", "Reload: the opponent picks one of the reloading player's life cards; it goes to "
   "the charge (not damage; never played even with an ignition icon).")
_R("903.1", "A player with no life cards loses.")
_R("903.2", "A player with no cards in deck and trash loses.")
_R("904.1", "A zekusu on a square with damage ≥ its power is destroyed.")
_R("904.2", "A zekusu on a square with power ≤ 0 is destroyed.")
_R("905.1", "Several zekusu of one controller on a square: the most recently placed stays, "
   "the others go to the controller's trash.")
_R("905.2", "Zekusu of different controllers on a square: those not controlled by the "
   "controller of the oldest-placed one go to their controller's trash.")
_R("905.3", "A zekusu on a player square whose controller is not that square's player goes to "
   "its controller's trash.")
_R("906.1", "A player with more charge cards than the limit chooses the excess and moves them "
   "together to their trash.")
_R("907.2a", "Player damage: the turn player is processed first if damaged, else the non-turn "
   "player (the damage player).")
_R("907.2b", "The damage player's damage goes down by 1.")
_R("907.2c", "The opponent picks one of the damage player's life cards; it is revealed.")
_R("907.2d", "Without an ignition icon the card goes to the damage player's charge; "
   "pre-processing restarts.")
_R("907.2e", "With an ignition icon the damage player may play it without paying; if not "
   "played it goes to the charge; pre-processing restarts.")
_R("907.3", "Player damage is executed only while no other rule effect is to be executed.")
_R("908.1", "A force whose associated card is gone goes to its controller's trash.")
_R("909.1", "A player controlling no player card on a square gets a virtual player card on "
   "their player square.")
_R("909.2", "Not checked for a player whose Z/X OB is on a square.")
_R("910.1", "A Z/X EX put into a zone other than a square or the dynamis goes face up into the "
   "dynamis.")
_R("911.1", "A Z/X OB put into another zone: its top goes face up to the dynamis; the player "
   "card comes back face up and rebooted on the player square.")
_R("912.1", "A token put into a zone other than a square ceases to exist.")
_R("913.1", "Shifts on a card that goes to a zone other than a square go face up to the "
   "dynamis.")

# ---- 1000 keyword actions --------------------------------------------------------------------
_R("1001.1", "Damage to a zekusu is added to the damage it has.")
_R("1001.2", "Damage to a player is added to the player's damage counter.")
_R("1001.3", "Damage of 0 or less is not dealt.")
_R("1002.1", "Reboot: the card becomes rebooted.")
_R("1002.2", "Sleep: the card becomes sleeping.")
_R("1002.3", "Reboot/sleep of a card outside squares and resource is ignored.")
_R("1003.1", "Shuffle: the deck's order is randomised.")
_R("1004.1", "Draw: the top card of the deck goes to the hand.")
_R("1004.2", "Drawing several cards is drawing one card that many times.")
_R("1005.1", "Reveal: the card is shown to all players; it stays in its zone.",
   whole="its own text is the reveal; 1005.1a (the zone does not change) adds nothing the "
   "step does")
_R("1005.2", "A hidden-zone card an effect revealed and that is still revealed when the effect has "
   "resolved is made non-public; a deck is then shuffled.")
_R("1006.1", "Appear: a card moves from a zone other than a square onto a square.")
_R("1006.2", "A played card that resolves onto a square appears from the zone it was played "
   "from.")
_R("1006.3", "Cards appearing together need different squares.")
_R("1007.1", "Destroy: a zekusu on a square goes to its owner's charge; any other card to its "
   "owner's trash.")
_R("1007.2", "A zekusu put into the charge other than by 'destroy' is not destroyed.")
_R("1008.1", "Remove: the card goes to its owner's remove zone.")
_R("1010.1", "イグニッションする: reveal the deck top; with an ignition icon it may be played "
   "free, otherwise it goes to the trash.")
_R("1011.1", "Life decreases when a life card moves out of the life.")
_R("1011.2", "Life increases when a card moves into the life.")
_R("1012.1a", "Recover 1: the deck top goes face down into the life.")
_R("1012.1b", "Recovering several points repeats recover 1.")
_R("1016.1", "Gaining counters adds to the player's counters with that icon.")
_R("1016.2", "Spending counters subtracts from them.")

# ---- 1100 keyword abilities --------------------------------------------------------------------
_R("1102.2", "ライフリカバリー: played from life by player damage and appeared on a square, if "
   "your life ≤ the opponent's, the deck top goes into your life.")
_R("1103.2", "ヴォイドブリンガー: played from life by player damage and appeared on a square, if "
   "your life ≤ the opponent's, choose up to 1 zekusu on a square and put it into the trash.",
   whole="its own text is the ヴォイドブリンガー ability; 1103.2a (not a destruction) is cited "
   "beside it")
_R("1103.2a", "ヴォイドブリンガー's trashing is not destruction.")
_R("1104.2", "レンジ[N]: the attack target may be chosen within distance N.")
_R("1104.3", "レンジ∞: the attack target may be chosen on any square.")
_R("1106.2", "絶界: on a square, the card cannot be chosen by an effect that chooses zekusu "
   "(the instructions' choices, ヴォイドブリンガー); the choice is made as if it were not there. "
   "Effects that do not choose still apply to it.",
   whole="its own text is 絶界's rule; 1106.2a only restates that it works on a square, which "
   "the step checks")

# ---- 1200 other rules ----------------------------------------------------------------------------
_R("1201.1c", "If neither player can end pre-processing, the game ends in a draw.")
_R("1202.1", "A long run of identical actions may be shortened to its final result: when a "
   "counted instruction (イグニッションする N) returns the game to exactly an earlier state with "
   "nothing chosen in between, the remaining whole cycles are skipped.")
_R("1202.2", "A shuffle instruction for a deck in a random state is left out, as if done.",
   whole="its own text is the omission of the shuffle; 1202.2a only defines the random state "
   "and is cited beside it")
_R("1202.2a", "A deck is in a random state unless, since its last shuffle, a card was added to it "
   "or a card's ability saw or revealed some of it (a draw, or the rules' ignition reveal, keeps "
   "it).")
_R("1203.1", "A zekusu dealt battle damage and destroyed by 904 in the next pre-processing was "
   "'destroyed in battle'.")
_R("1203.2", "The zekusu that dealt that battle damage 'destroyed it in battle'.")
_R("1204.2", "A zekusu destroyed by an effect's 'destroy' was destroyed by that effect.")
_R("1204.3", "A zekusu dealt damage by a one-shot effect (or whose power a new continuous effect "
   "lowered) and destroyed by 904 in the first rule-effect pass of the pre-processing right "
   "after it is destroyed by that effect's source.",
   whole="its own text is the attribution of a destruction to the effect's source; "
   "1204.3a–c are cited for the exceptions when they apply")
_R("1204.3a", "Only the last source of damage or power reduction counts.")
_R("1204.3b", "A zekusu destroyed by a rule effect that arose from the first pass is not "
   "destroyed by the earlier effect.")
_R("1204.3c", "Destruction by battle damage is not destruction by an effect.")
_R("1205.2", "A player card that left its player square (e.g. destroyed: to its owner's "
   "trash, 1007.1) is replaced by a virtual player card through 909.",
   whole="its own text is the virtual player card put by 909; 1205.2a (what it is) is cited "
   "beside it")
_R("1205.2a", "A virtual player card: type player, no name, no text, nothing else.")
_R("1206.4", "A token put into a zone other than by a square-to-square move ceases to exist.")
_R("1207.4", "Counters never go below 0.")
_R("1105.2", "エヴォルシード [テキスト]: an auto ability enabled in the trash that triggers when this "
   "card is put from the deck into the trash.")
_R("1108.2", "ゼロオプティマ N [テキスト]: the text is enabled while its controller's resource has N "
   "or more cards with the ignition icon.")
_R("1108.3", "ゼロオプティマ works in any zone; the ability it enables keeps its own conditions.")
_R("1109.2", "Infinite Solitude: when this card appears, its controller returns any number of "
   "their other zekusu on squares to the hand.",
   whole="the ability its text means as a whole (triggered on appearing, the chosen zekusu returned); 1109.2a, that 0 may be chosen, is the choice's lower bound offered in the same step")
_R("1110.2", "レベル [◎◎]Lv N [テキスト]: the text is enabled while its controller's dynamis has N "
   "or more face-up cards of that race.")
_R("1110.3", "[ドラゴン]Lv N counts the face-up dynamis cards whose race contains ドラゴン.")
_R("1110.4", "△△Lv N counts the face-up dynamis cards of that card type.",
   whole="the condition that enables the ability; 1110.4a (a 剣臨 condition written as a レベル) is not modelled")
_R("1110.5", "レベル works in any zone; the ability it enables keeps its own conditions.")
_R("1112.1", "ゼクステンド・ドライブ！ can be played only once in a game.")
_R("1112.2", "A ゼクステンド・ドライブ！ text is playable only if its controller has not played a "
   "ゼクステンド・ドライブ！ ability this game.")
_R("1114.1", "電影 is an activated ability that makes its card appear on a square from the hand.")
_R("1114.2", "電影[数値]: in your turn, from the hand, return your rebooted zekusu of cost [数値] "
   "or more on a square to the hand; this card appears rebooted on that square if no zekusu is "
   "there; you cannot play 電影 until the end of the turn.")
_R("1114.3", "In a turn a player played 電影, they cannot play 電影 again, whatever its number.")
_R("1009.1", "「AをフォースとしてBの下に置く」: A goes to the force zone, associated with B.",
   whole="the instruction as a whole; 1009.1a (no card B: nothing done) is checked in the same step")
_R("1009.2", "「AのフォースをBに置く」: the forces associated with A move to zone B of their owner.",
   whole="its own text is the instruction; 1009.2a (what 「置いたフォース」 refers to) is cited "
   "where a later instruction reads them")
_R("1009.2a", "「置いたフォース」 is what the latest 「フォースを置く」 moved, read in the zone it went "
   "to (a name changed there is the name it has), unless that zone is hidden or it is face down "
   "there: then as it was in the force zone.")
_R("1107.2", "アルターフォース: when this card appears, its controller puts up to 1 card of their trash "
   "into the force zone as force associated with it.")
_R("1107.3", "アルターフォース[数値]: the same with up to [数値] cards.")
_R("312.3", "A force is associated with a card on a square and kept under it.",
   whole="the association of a force with its card as a whole; 312.3a/312.3b only name it")
_R("1111.2", "スタイリッシュ頭突き: when this card appears, one opponent's zekusu on a normal square "
   "not in battle is put onto the specified square with no zekusu, put to sleep, and does not "
   "reboot in its controller's next reboot phase.")
_R("1115.2", "インストール: when this card appears, its controller may remove a zekusu named 「転身」… "
   "from their trash; this card then has one of its activated abilities until the end of the "
   "turn.")
