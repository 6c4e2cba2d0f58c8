"""Every g2022 clause the engine applies, with what the engine does for it — in ONE place.

The g2022 rulebook (an account/mission TCG whose title is not in its source, Ver.1.0.0) lost the
letter labels of its sub-clauses in the text extraction; the clause tree rebuilt them (flag
`label-lost`, e.g. 202.2a / 202.2b). Ids here are the ids of that tree: `judgekit rule 202.2
--game g2022` lists the children.

Steps may cite only ids registered here (`Trace.open` checks). tests/engine/g2022/
test_g2022_registry.py checks that each id exists in `judgekit.rules.load("g2022")` and is not a
virtual clause; test_g2022_clauses.py pins what each one means with a small board.

Summaries say what the engine DOES (English); the clause text itself is in the rules tree.
"""

from __future__ import annotations

from ..registry import Registry

REGISTRY = Registry("g2022")
_R = REGISTRY.add

# ---- 100 game basics ---------------------------------------------------------------------
_R("101.2", "When exactly one player has lost, the other wins and the game ends at once.")
_R("101.4", "A player may concede at any point, even without priority; they lose at once.")
_R("102.3", "When part of an instruction is impossible, the possible part is still done.")
_R("102.5", "Does as many as possible; doing something 0 times is not doing it (no event); an "
   "undefined value makes the action not happen.")
_R("102.6", "A card told to become the state it already has does not 'become' it: no event.")
_R("102.7", "A 「できない」 (cannot) effect wins over an instruction to do it.")
_R("102.8", "When both players choose at once, the turn player chooses first, then the other.")
_R("102.9", "Hidden cards chosen by both players at once stay hidden until both have chosen; "
   "the cards then move together.")

# ---- 200 priority and priority pre-processing -------------------------------------------
_R("201.2", "Before a player is given priority, priority pre-processing runs.")
_R("201.3", "The player with priority plays a card or activated ability, takes an action the "
   "rules allow, or passes.")
_R("202.1", "Priority pre-processing: the processing the game forces at fixed points and "
   "before priority.")
_R("202.2a", "Rule effects are checked and executed, pass after pass, until none remain.")
_R("202.2b", "One triggered auto ability is played and resolved, then back to 202.2a; with "
   "none, pre-processing ends.")

# ---- 300 card parameters ------------------------------------------------------------------
_R("303.2", "A card's cost is the number of energy cards trashed to play it.")
_R("305.3a", "The scout icon in a card's icon space is what scouting looks for (804.2, "
   "1115.1).")
_R("305.4a", "The アタック不可 icon in a chara's icon space is what 802.1a forbids.")
_R("306.1", "Only charas have power: it is both their toughness and their battle damage.")
_R("306.3", "In battle a chara deals damage equal to its own power.")

# ---- 500 zones ----------------------------------------------------------------------------
_R("501.4", "A card that changes zones becomes a new card: its damage and the effects on it "
   "are gone (a move from area to area stays in the area zone).")
_R("501.5", "Several cards moved from a zone other than the deck move simultaneously.")
_R("501.6", "A chara leaving the area zone takes the cards associated with it (EXP, connected "
   "engages) to the same zone.")
_R("502.2", "A card leaving the temporary or the scout zone counts as moving from the zone it "
   "was in before.",
   whole="its own text is where a card leaving the temporary zone or the scout zone is "
   "taken to come from; 502.2a (scout zone then temporary) is cited when it applies")
_R("502.2a", "A card that went from the scout zone to the temporary counts as moving from the "
   "zone before the scout zone.")
_R("502.3", "Reboot/sleep exist only in the mission, area and account zones.")
_R("502.5c", "A card moved to a per-player zone goes to its owner's zone of that kind.")
_R("503.2", "Each player's area zone has three areas: the centre (C) and two sides (L, R).")
_R("503.3", "A card put into the area zone from elsewhere enters rebooted.")
_R("504.3", "Several cards moved from the deck move one at a time from its top.")
_R("506.2", "Each card in the energy zone is one energy.")
_R("508.2", "The card in the keep zone may be played whenever a hand card could be.")
_R("508.3", "The keep card cannot pay a cost that asks for hand cards.")
_R("513.3", "EXP cards are associated with a chara in an area and lie slept under it.",
   whole="its own text is the link of an EXP card to its chara; 513.3a/513.3b (words on "
   "cards, moving together) are not what the step does")
_R("513.3b", "A chara moving out of the areas takes its EXP along; outside the areas the "
   "association ends.")
_R("514.3a", "A connected engage does not sleep when its chara sleeps.")
_R("514.3b", "A chara moving out of the areas takes its connected engages along; outside the "
   "areas the association ends.")

# ---- 600 setup ----------------------------------------------------------------------------
_R("601.1d", "Both players reveal their deck's top card; the higher cost goes first; the "
   "revealed cards go to their owners' energy; on a tie, again.")
_R("601.1e", "Both draw five; the second player puts two hand cards into the energy.")
_R("601.1f", "Both players turn their face-down missions face up.")
_R("601.1g", "The first player becomes the turn player and the first turn starts.")

# ---- 700 turn structure ------------------------------------------------------------------
_R("701.3", "A turn runs the start draw, main, mission, charge and end draw phases in order.")
_R("702.1", "「スタートドローフェイズ開始時」 (and on the first turn 「ゲーム開始時」) events "
   "happen.")
_R("702.2", "Priority pre-processing: the first of the start draw phase (1007.2 checks the "
   "deck here).")
_R("702.3", "The turn player reboots their sleeping account card.")
_R("702.4", "The turn player draws 1 with five or more hand cards, otherwise up to five.",
   whole="its own text is the draw up to five (or one); 702.4a, the first player's "
   "exception, is cited when it applies")
_R("702.4a", "The first player draws nothing in the first turn.")
_R("702.5", "Priority pre-processing, then the main phase.")
_R("703.1", "「メインフェイズ開始時」 event happens.")
_R("703.2", "The turn player gets priority and plays a hand (or keep) card, plays an "
   "activated ability, attacks, checks a mission, or does nothing.",
   whole="its own text is the turn player's priority and the list of actions; 703.2a (the "
   "first player's first turn) is cited when it forbids one")
_R("703.2a", "In the first player's first turn no event card may be played and no attack "
   "declared.")
_R("703.3", "Priority pre-processing after the main-phase action.",
   whole="its own text is the pre-processing of that step; 703.3a, where the game goes "
   "next, is cited beside it")
_R("703.3a", "Doing nothing goes to the mission phase; anything else goes back to 703.2.")
_R("704.1", "「ミッションフェイズ開始時」 event happens.")
_R("704.2", "Priority pre-processing.")
_R("704.3", "The turn player looks at their checked (slept) missions' clear content.",
   whole="its own text is the look at the checked missions; 704.3a/704.3b, what happens to "
   "each, are cited beside it")
_R("704.3a", "Every slept mission whose clear content is met is cleared (turned face down).")
_R("704.3b", "Every slept mission whose clear content is not met is rebooted (the lost verb; "
   "reading 704.3b-reboot).")
_R("704.4", "Priority pre-processing.")
_R("704.5", "「ミッションフェイズ終了時」 events: each such ability triggers at most once per "
   "turn.")
_R("704.6", "Priority pre-processing.")
_R("704.7", "Back to 704.5 while rule effects or untriggered 「ミッションフェイズ終了時」 "
   "abilities remain (reading 704.7-turn-end).")
_R("704.8", "Recorded mission counts and ≪アタック成功≫ end; every chara's damage becomes 0.")
_R("704.9", "Effects lasting 「ミッションフェイズ終了時まで」 end.")
_R("704.10", "Back to 704.5 while rule effects, triggered abilities or untriggered "
   "「ミッションフェイズ終了時」 abilities remain.")
_R("704.11", "Priority pre-processing, then the charge phase.")
_R("705.1", "「チャージフェイズ開始時」 event happens.")
_R("705.2", "The turn player may put one hand card into the keep zone; a card already there "
   "goes to the trash.")
_R("705.3", "The turn player puts any number of hand cards face up into the energy.")
_R("705.4", "Priority pre-processing, then the end draw phase.")
_R("706.1", "「エンドドローフェイズ開始時」 event happens.")
_R("706.2", "Priority pre-processing: the first of the end draw phase (1007.2 checks the "
   "deck here).")
_R("706.3", "The turn player reboots their sleeping account card.")
_R("706.4", "The turn player draws 1 with five or more hand cards, otherwise up to five.")
_R("706.5", "Priority pre-processing; the turn ends and the opponent's turn begins.")

# ---- 800 attack and battle ---------------------------------------------------------------
_R("801.1", "An attack declared in the main phase runs the attack, block, scout, battle and "
   "attack end steps in order.")
_R("802.1a", "The attacker must be a rebooted chara in the turn player's area, without the "
   "アタック不可 icon.")
_R("802.1b", "The attacker is put to sleep.")
_R("802.1c", "「アタック時」 and the attacker's 「アタックした時」 events happen together.")
_R("802.1d", "Priority pre-processing.")
_R("802.1e", "On to the block step.")
_R("803.1", "The non-turn player plays an activated ability, plays an engage, trashes two hand "
   "cards to slide a chara, or passes.")
_R("803.2", "Priority pre-processing.")
_R("803.3", "With the attacker still in an area, on to the scout step; otherwise to the "
   "attack end step.")
_R("804.1", "Priority pre-processing.")
_R("804.2a", "No opposing chara in the attacker's lane: only the turn player scouts, chooses "
   "to play a scout-icon card free or put it into the energy, then pre-processing.")
_R("804.2b", "An opposing chara in the lane: both scout at once; the turn player chooses and "
   "pre-processing runs, then the non-turn player chooses and pre-processing runs.")
_R("804.3", "On to the battle step.")
_R("805.1", "Priority pre-processing.")
_R("805.2", "If the attacker is not in an area or no opposing chara is in its lane, nothing "
   "happens.")
_R("805.3", "The attacker deals damage equal to its power to the opposing chara in its lane "
   "(no damage back).")
_R("805.4", "On to the attack end step.")
_R("806.1", "Priority pre-processing (battle damage removes charas here).")
_R("806.2", "An attacker still in an area makes the attack ≪アタック成功≫.")
_R("806.3", "「バトル終了時」 events: each such ability triggers at most once per battle.")
_R("806.4", "Priority pre-processing.")
_R("806.5", "Back to 806.3 while rule effects or untriggered 「バトル終了時」 abilities "
   "remain.")
_R("806.6", "Effects lasting until the end of the attack end.")
_R("806.7", "Back to 806.2 while rule effects or untriggered 「バトル終了時」 abilities "
   "remain; otherwise the battle ends.")

# ---- 900 cards and abilities -------------------------------------------------------------
_R("901.2a", "An activated ability is played by the player with priority.")
_R("901.2b", "Triggered auto abilities are played, compulsorily, in priority pre-processing.")
_R("902.2b", "A continuous effect lasts for its stated period (or indefinitely): a "
   "replacement effect an effect creates 「…まで」 replaces its event for that period.")
_R("902.2c", "A static text with 「かわりに」 is a replacement effect.")
_R("902.3", "Several cards chosen by one effect must be different from each other.")
_R("903.1a", "An account's abilities work only in the account zone.")
_R("903.1b", "A mission's abilities work only face up in the mission zone.")
_R("903.1c", "A chara's abilities work only in the zone they name (areas by default).")
_R("903.2", "An invalid ability: an activated one cannot be played, an auto one does not "
   "trigger, a static one does not apply.",
   whole="its own text is what an invalid ability does not do (no play, no trigger, no "
   "effect); its items are cited when they apply")
_R("903.2c", "An auto ability that triggered is played even if it became invalid; if its card "
   "left the zone, its last-known information is used.")
_R("904.2", "Play procedure (904.2a–h): choose and reveal, fix the cost, move to the "
   "temporary, pay, then it has been played.",
   whole="the play procedure run through as a whole; the items that do something (904.2d, "
   "e, f, h) are cited beside it")
_R("904.2c", "Where effects let the player pay one of several costs, the player chooses one "
   "as the card is played, before the cost is fixed (904.2d).")
_R("904.2d", "The cost is fixed before payment; later changes do not alter it.")
_R("904.2b", "A card played from a hidden zone (the hand, the keep zone) is revealed: a "
   "「公開された時」 event (908.1).")
_R("904.2e", "The card or ability moves to the temporary.")
_R("904.2f", "The cost is paid with the player's own cards; if it cannot be paid, the play is "
   "illegal and the game returns to just before it started.")
_R("904.2h", "The card or ability has been played.")
_R("904.3a", "Resolution: the effects are done in printed order by the effect's controller.")
_R("904.3b", "An amount divided among chosen cards gives each at least 1 unit, so at most that "
   "many cards are chosen.")
_R("904.3c", "A resolved ability leaves the temporary; a card follows its type's rule.")
_R("905.2a", "The energy cost to play a card is its cost.")
_R("905.2c", "Cost changes: increases first, then decreases; a missing cost counts as 0; "
   "never below 0.")
_R("905.2d", "A card with the LvUP icon played onto an area with a lower-cost chara costs less "
   "by that area's charas + their EXP + cards connected to them (never below 0).")
_R("905.3a", "Paying an energy cost: the payer chooses that many cards in their energy zone.")
_R("905.3b", "With fewer energy cards than the cost, the cost cannot be paid.")
_R("905.3c", "The chosen energy cards go to the trash; the cost is paid.")
_R("906.1a", "A chara or engage needs one of the player's own areas; with none it cannot be "
   "played.")
_R("906.1c", "An event costs energy.")
_R("906.2a", "A played chara is put rebooted into the chosen area.")
_R("906.2b", "A played event's ability resolves, then the card goes to its owner's trash.")
_R("906.2c", "A played engage is put into the chosen area, beside the chara there (reading "
   "engage-needs-chara).")
_R("907.1a", "An activated ability whose cost includes sleeping its card cannot be paid when "
   "the card is already slept.")
_R("907.1b", "An activated ability is played by 904.2, paying its energy cost and other "
   "costs.")
_R("908.1", "An event named by an auto ability puts it in the triggered state.",
   whole="its own text is the triggering; 908.1a only defines which words name the event "
   "and 908.1b (several times) is cited when it applies")
_R("908.1b", "An event that happens n times triggers the ability n times.")
_R("908.2", "The controller of a triggered ability must play it in pre-processing; after it is "
   "played one triggered instance is cancelled.",
   whole="its own text is the playing of a triggered ability in pre-processing; 908.2a (the "
   "turn player's choice among several) is cited when it applies")
_R("908.2a", "With several triggered abilities, the turn player picks the next one (even the "
   "opponent's); its controller plays it; unplayable ones are cancelled once.")
_R("908.3a", "A zone-change trigger reads the card's public-zone parameters (public ↔ hidden), "
   "its area parameters (area → elsewhere), or its destination parameters.")
_R("908.3b", "A card moving together with others sees their move: its own ability triggers on it "
   "(an engage leaving with its chara).")
_R("908.3c", "Cards moved to a zone together trigger a 'put into that zone' ability once per "
   "card.")
_R("908.3d", "A 退場 trigger is judged as the chara was in the area: whether the ability exists "
   "and works, and the leaving card's information.")
_R("908.4a", "A delayed auto ability created by an effect triggers once, at the named time.")
_R("908.5a", "A state-triggered ability triggers while its condition holds and it is not "
   "already triggered; after being cancelled it may trigger again.")
_R("908.6", "A triggered ability whose card left its zone or lost the ability is still played "
   "and resolved with the last-known information.")
_R("909.2", "Several event abilities of one card are done top to bottom.")
_R("911.1b", "Non-numeric parameters (the keyword abilities a card has) are read after the "
   "continuous effects that change them: a keyword granted or taken away for a period.")
_R("911.1c", "Numeric parameters (power, cost) are changed by the continuous effects in force.")
_R("911.3", "Continuous effects whose order is not otherwise decided apply in the order of "
   "their times, the earliest first: of a grant and a loss of one keyword, the later applies "
   "last.",
   whole="its own text is the order by time; 911.3a/911.3b say only when each kind of "
   "effect's time is")
_R("911.3a", "A static ability's continuous effect dates from when its card was put in its "
   "current zone.")
_R("911.3b", "A continuous effect from a played card or ability is timestamped when its "
   "resolution ends.")
_R("911.4", "A non-static continuous effect on cards in a public zone does not apply to cards "
   "that arrive later.")
_R("912.1", "A replacement effect: the event does not happen; the 「かわりに」 event happens "
   "instead.")
_R("912.2", "Several replacement effects for one event: the turn player chooses which applies "
   "first.")
_R("913.1", "An effect reading a card that left its zone uses its last state there.",
   whole="its own text is the last-known information of a card that left its zone; 913.1a "
   "(moved area to area) is the exception")
_R("913.1a", "A card moved from area to area is read in its new area.")
_R("913.2", "An effect that cannot identify its card does nothing that depends on it.")
_R("914.2a", "The source of a delayed auto ability's effect is the card whose ability created "
   "it.")
_R("914.2b", "A replacement does not change the source of the effects involved.")
_R("914.3", "Battle damage comes from the dealing chara; effect damage from the effect's "
   "source.")

# ---- 1000 rule effects --------------------------------------------------------------------
_R("1001.2", "Rule effects (not the condition effect) are checked and executed in priority "
   "pre-processing only; none interrupts a resolution.",
   whole="its own text is when rule effects are checked (in pre-processing); 1001.2a, their "
   "order, is cited when several are due")
_R("1001.2a", "Rule effects due together run in the order LvUP, 不正キャラ, 退場ダメージ, "
   "mission check, defeat.")
_R("1002.1", "LvUP: an area holding several charas of one controller — the controller picks one "
   "of the newest; if its cost is the highest and unique, the others and their EXP become its "
   "EXP.")
_R("1003.1", "不正キャラ: the picked newest chara's cost is not the highest, or is tied — the "
   "others and their EXP go to the controller's trash (not 退場).")
_R("1004.1", "A chara in an area with damage at least its power leaves (退場).")
_R("1004.2", "A chara in an area with power 0 or less leaves (退場).")
_R("1005.1", "In the turn player's main phase, every action named by their face-up missions is "
   "counted.")
_R("1005.2", "The recorded counts vanish at the end of the mission phase.")
_R("1006.1", "A face-up mission whose check content is all met is checked and slept.")
_R("1007.1", "In the turn player's mission-phase pre-processing, with all of the turn player's "
   "missions face down, the non-turn player loses (reading 1007.1-whose-missions).")
_R("1007.2", "In the first pre-processing of the start draw or end draw phase, a turn player "
   "with no deck cards loses.")

# ---- 1100 keyword actions -----------------------------------------------------------------
_R("1101.1", "Dealing damage adds that much to the chara's damage.")
_R("1101.2", "Damage of 0 or less is not dealt (no event).")
_R("1102.1", "A chara damaged in the battle step and removed by 退場ダメージ in the pre-processing "
   "right after 'retired in battle' (バトルで退場した).")
_R("1102.2", "The chara that dealt that damage 'retired it in battle' (バトルで退場させた).")
_R("1103.1", "A chara retired by an effect is retired by that effect's source.")
_R("1103.2", "A chara retired by an effect's 「退場させる」 is retired by that effect.")
_R("1103.3", "Damage or a new power decrease followed by 退場ダメージ in the first rule-effect "
   "pass of the pre-processing right after it: retired by that effect's source.",
   whole="its own text is the attribution of a 退場 to the effect's source; 1103.3a/1103.3b "
   "are cited for the exceptions when they apply")
_R("1103.3a", "With damage from several sources, the last one that made the chara leave is "
   "credited.")
_R("1103.3b", "A chara retired in a later rule-effect pass (a new rule effect caused by the "
   "first) is not credited to the earlier effect.")
_R("1104.1", "Rebooting makes the card rebooted.")
_R("1104.2", "Sleeping makes the card slept.")
_R("1104.3", "Reboot/sleep instructions for cards outside the area and account zones are "
   "ignored.")
_R("1105.1", "Shuffling randomises the deck (the engine keeps the known order and says so).")
_R("1106.1", "Drawing one card: the deck's top card goes to the hand.")
_R("1106.2", "Drawing several cards: one card at a time.")
_R("1109.1", "A chara entering an area from elsewhere 'appears' (登場).")
_R("1109.2", "A played chara appears from the zone it was played from.")
_R("1110.1", "退場: an area chara goes to its owner's energy zone with its associated cards.")
_R("1110.2", "An area chara put into the energy by other means has not 退場'd.")
_R("1111.1", "除外: the card goes to its owner's remove zone.")
_R("1112.1", "Card A becomes chara B's EXP: A moves to the EXP zone associated with B.",
   whole="its own text is the EXP instruction; 1112.1a (card B gone) is cited when it "
   "applies")
_R("1112.1a", "With B gone, nothing happens.")
_R("1113.1", "Meeting a mission's check content checks it.")
_R("1113.2", "A checked mission is slept, and counts as checked while slept.")
_R("1114.1", "Clearing a mission turns it face down.")
_R("1115.1", "Scout: reveal the deck's top card into the scout zone; with the scout icon the "
   "player may play it free; otherwise (or not played) it goes to their energy.")
_R("1116.1", "Slide: the chara moves to an adjacent area with no chara.")
_R("1117.1", "Reload: every chara card in the player's trash goes to the deck, then the deck is "
   "shuffled.")
_R("1118.1", "An attacker in an area when the attack end step starts achieves ≪アタック成功≫ "
   "until the end of the mission phase.")
_R("1120.1", "Gaining counters adds to the player's counters of that icon.")
_R("1120.2", "Spending counters takes from the player's counters of that icon.")
_R("1121.1", "Connect: the engage is associated with the chara and placed beside it.")
_R("1121.2", "Cards so associated in an area are 'connected' (コネクトしてる).")

# ---- 1200 keyword abilities ---------------------------------------------------------------
_R("1201.2", "アクセル: sleep the account; reveal the deck's top card; if it has a listed "
   "アカウント情報 it may be played free.",
   whole="its own text is アクセル's ability; 1201.2a (two or more account informations) is "
   "cited when it applies")
_R("1201.2a", "With several アカウント情報 listed, any one of them lets the card be played.")
_R("1201.3", "A card revealed by アクセル and not played goes to the player's energy.")
_R("1202.2", "エンカウント: when this card is put from the deck into the energy, it appears "
   "rebooted in an area with no chara.")
_R("1202.3", "エンカウント also triggers when the card went from the deck through the scout "
   "zone or the temporary to the energy.")
_R("1204.2", "討伐: when the named chara achieves ≪アタック成功≫, this card leaves (退場).")
_R("1205.2", "一閃: sleep the account; choose one chara in the opponent's areas and retire it.")
_R("1206.2", "デッキエンゲージ: when this card is played, the player chooses the named cards "
   "from the deck and they appear connected to it.",
   whole="its own text is デッキエンゲージ; 1206.2a (no card could be connected) is cited when it "
   "applies")
_R("1206.2a", "If nothing could be connected, the card goes to the trash instead of the area.")

# ---- 1300 counters --------------------------------------------------------------------------
_R("1301.4", "A player's counters never go below 0.")
_R("1107.1", "A choice an effect makes with 「選ぶ/選び」 is a choice by an effect (a card that "
   "cannot be chosen by effects is not an option).")
_R("1107.2", "A selection without 「選ぶ/選び」 is not a choice by an effect.")
_R("1108.1", "公開する: the card's parameters are shown to every player.")
_R("1108.2", "Revealing does not change the card's zone.")
_R("1108.3", "A card an effect revealed from a hidden zone is hidden again once the effect has "
   "resolved; a deck is then shuffled.")
_R("1119.1", "同名: the cards with the card name of the card whose text it is.")
_R("1203.1", "詠唱 plays this card, without paying its cost, when the named chara does what its "
   "icon says.")
_R("1203.2", "「詠唱：[テキスト]」: an auto ability in the remove zone: when [テキスト] does it, this "
   "card may be played without paying its cost.")
