"""Where the g2022 rules contradict themselves, lost a word or an icon, or say nothing: the
reading the engine follows.

Each reading cites the clauses in tension: every clause at which the engine relies on it and the
clause it is weighed against (two or more real clause ids of the g2022 tree). It says what the
engine does, in English and Japanese, and where that comes from (the specification digest,
shared docs g2022.md, by section). A step that depends on a reading lists its id in
`step.readings`; the run lists every reading it applied, so the ruling report can show them
with their clauses.

Kinds are the core's vocabulary (judgekit.engine.readings.KINDS): an `ambiguity` or a
`contradiction` has alternatives a run may choose; a `gap` (the rules do not say) or a `defect`
(the extraction lost a word, an icon or a whole item; a reference to a clause that does not
exist) keeps one behaviour.
"""

from __future__ import annotations

from ..readings import alternative, define, one_behaviour, rests_on

READINGS: dict[str, dict] = {}


def _r(rid: str, clauses: tuple, kind, title: str, title_ja: str, reading: str,
       reading_ja: str, source: str) -> None:
    kind, default = (kind, "") if isinstance(kind, str) else kind
    define(READINGS, rid, clauses, kind, title, title_ja, reading, reading_ja, source,
           default=default)


# ---- the pre-processing loop (202, 1001) ------------------------------------------------------
_r("batch-passes", ("202.2a", "1001.2a", "1103.3b"), "gap",
   "Does one 202.2a check execute every due rule effect before checking again?",
   "202.2aの1回のチェックで、実行すべきルールエフェクトをすべて実行してから再びチェックするか",
   "Yes. Each 202.2a pass finds every rule effect that is due and executes them in the 1001.2a "
   "order, then checks again; the loop ends with a pass that finds nothing. 1103.3b's "
   "「優先権前処理の最初のルールエフェクト」 is the first such pass, and 1001.2a's 「同時に実行"
   "される場合」 only makes sense if several effects are executed in one pass.",
   "はい。202.2aの各パスで実行すべきルールエフェクトをすべて見つけ、1001.2aの順番で実行してから"
   "再びチェックします。何も見つからないパスで終わります。1103.3bの「優先権前処理の最初のルール"
   "エフェクト」はこの最初のパスを指し、1001.2aの「同時に実行される場合」も1回のパスで複数を実行"
   "することを前提としています。",
   "digest §3.2 step 2")
_r("revalidate", ("1001.2a", "202.2a", "1004.1"), "gap",
   "Is each due rule effect re-checked just before it is executed?",
   "実行すべき各ルールエフェクトは、実行する直前に改めて条件を確認するか",
   "Yes. Within a pass the effects run in the 1001.2a order and each one's condition is checked "
   "again just before it runs: a chara that LvUP has just moved into an EXP zone is no longer "
   "in an area, so 退場ダメージ (1004.1) cannot remove it.",
   "はい。パスの中で1001.2aの順番に実行し、それぞれ実行の直前に条件を確認し直します。LvUPで"
   "EXPゾーンに移動したキャラはもうエリアにないため、退場ダメージ（1004.1）で退場しません。",
   "digest §3.2 (ordering), scenario S05")
_r("one-newest-choice", ("1002.1", "1003.1", "1001.2a"), "gap",
   "LvUP and 不正キャラ ask the same question; is the chara chosen once or twice?",
   "LvUPエフェクトと不正キャラエフェクトは同じ選択を求めるが、キャラを1回選ぶのか2回選ぶのか",
   "Once per area and pass: the controller picks one of the charas placed most recently in "
   "that area (choice key 1002.1); its cost then decides between LvUP (highest and unique, "
   "1002.1) and 不正キャラ (1003.1). In the 1001.2a order every LvUP of the pass runs before "
   "any 不正キャラ.",
   "エリアごと・パスごとに1回です。支配者がそのエリアに最も新しく置かれたキャラから1つを選び"
   "（選択キー1002.1）、そのコストによってLvUP（最も高く同じコストがない、1002.1）か不正キャラ"
   "（1003.1）かが決まります。1001.2aの順番により、そのパスのLvUPをすべて実行してから不正キャラを"
   "実行します。",
   "digest §3.2 step 2.2 (engine note)")
one_behaviour(READINGS, "one-newest-choice",
              "Asked twice, the controller could pick a chara that is not the highest for LvUP "
              "and the highest for 不正キャラ, so that neither applies and the area stays "
              "crowded: no one could defend that, so this is a gap with one behaviour.",
              "2回選ぶと、LvUPには最も高くないキャラを、不正キャラには最も高いキャラを選んでどちらも"
              "適用されないようにでき、エリアが不正なまま残ります。この読み方は採れないため、1通りの"
              "処理とします。")
_r("controller-trash", ("1003.1", "502.5c"), ("contradiction", "controller"),
   "1003.1 puts the other charas into the controller's trash; 502.5c sends a card to its "
   "owner's zone",
   "1003.1は他のキャラを支配者のトラッシュに置くとし、502.5cはカードを所有者のゾーンに置くとする",
   "The engine follows the specific wording of 1003.1 (支配者のトラッシュ) over the general "
   "502.5c; the two differ only for a chara whose control was changed.",
   "一般規定502.5cより1003.1の明文（支配者のトラッシュ）を優先します。両者が異なるのは支配者が"
   "変更されたキャラの場合だけです。",
   "digest §3.2 step 2.2; Z/X reading controller-trash (905/302.4)")
alternative(READINGS, "controller-trash", "owner", ("502.5c",),
            "502.5c governs: a card that an ability or a rule moves to a zone each player has goes "
            "to its OWNER's zone, so 不正キャラ puts a chara another player owns into that "
            "owner's trash; 支配者のトラッシュ is read as naming the zone's kind.",
            "502.5cに従い、能力やルールにより各プレイヤーが所有するゾーンに移動するカードは所有者の"
            "ゾーンに移動するため、不正キャラエフェクトは他のプレイヤーが所有するキャラをその所有者の"
            "トラッシュに置きます。「支配者のトラッシュ」はゾーンの種類を示すものと読みます。")
_r("lvup-engage-follows", ("1002.1", "501.6", "514.3b"), "gap",
   "Where do the engages connected to a chara that becomes EXP go?",
   "EXPになるキャラにコネクトしているエンゲージはどこに移動するか",
   "With the chara: 501.6 and 514.3b move the cards associated with a chara leaving the areas "
   "to the same zone, so they also go to the chosen chara's EXP zone and become its EXP.",
   "キャラとともに移動します。501.6・514.3bによりエリアから移動するキャラに関連づけられたカードは"
   "同じゾーンに移動するため、選ばれたキャラのEXPゾーンに移動し、そのEXPになります。",
   "digest §3.2 step 2.2 (501.6/514.3b inference)")

# ---- missions (304.6, 704.3, 1005–1007) -------------------------------------------------------
_r("mission-conditions", ("304.6a", "304.6b", "304.6c", "304.6d", "1005.1"), "defect",
   "The mission icons of 304.6 are lost; what are a mission's check and clear contents?",
   "304.6のミッションアイコンが失われている。ミッションのチェック内容とクリア内容は何か",
   "A mission has a check content and a clear content, each a list of items that must all be "
   "met (304.6d): an action with the number of times it must be done (304.6c/304.6d, counted by "
   "the condition effect 1005.1) or a state of the board. The board file writes them as "
   "`check:` and `clear:`.",
   "ミッションはチェック内容とクリア内容を持ち、それぞれすべてを満たす必要がある項目の並びです"
   "（304.6d）。項目は、必要な回数を伴う行為（304.6c・304.6d、条件エフェクト1005.1が数えます）か"
   "盤面の状態です。ボードファイルでは`check:`と`clear:`で書きます。",
   "digest §3.5, §4.4")
_r("mission-record", ("1005.1", "801.1", "102.12"), ("ambiguity", "turn-player"),
   "Whose actions does the condition effect count, and is an attack a main-phase action?",
   "条件エフェクトは誰の行為を数えるか。アタックはメインフェイズの行為か",
   "It counts the actions of the turn player (and of their cards) named by their own face-up "
   "missions, at any time of their main phase; an attack is declared and run in the main phase "
   "(801.1), so its steps count too. Counts are for this turn only (102.12).",
   "ターンプレイヤー（およびそのカード）が、自分の表向きのミッションに記された行為をメイン"
   "フェイズ中に行うたびに数えます。アタックはメインフェイズ中に宣言・実行される（801.1）ため、"
   "その各ステップの行為も数えます。回数はそのターンのものです（102.12）。",
   "digest §3.5")
alternative(READINGS, "mission-record", "any-player", ("1005.1",),
            "「実行される度に」 is passive: an action the turn player's face-up missions name counts "
            "whoever does it during the turn player's main phase, the non-turn player (or their "
            "cards) included.",
            "「実行される度に」は受け身であり、ターンプレイヤーの表向きのミッションに記された行動は、"
            "ターンプレイヤーのメインフェイズ中であれば、非ターンプレイヤー（およびそのカード）が行ったもの"
            "も数えます。")
rests_on(READINGS, "mission-record", "turn-player", ("1005.1", "801.1"))
_r("mission-check-action", ("703.2", "1006.1", "1113.1"), "gap",
   "703.2 lists 「ミッションのチェックを行う」 as a main-phase action while 1006 checks missions "
   "as a rule effect",
   "703.2はメインフェイズの行為に「ミッションのチェックを行う」を挙げ、1006はミッションのチェックを"
   "ルールエフェクトとする",
   "Priority at 703.2 comes only after a pre-processing (201.2), and its 1006.1 has already "
   "checked every face-up mission whose check content is met. The action therefore has "
   "nothing left to check: the engine treats it as one that cannot be done legally, which 703.2 "
   "says cannot be chosen, and says why (already checked, or content not met).",
   "703.2で優先権が与えられる前には必ず優先権前処理が行われ（201.2）、その1006.1がチェック内容を"
   "満たす表向きのミッションをすべてチェック済みです。そのためこの行為でチェックするものは残って"
   "おらず、エンジンは「適正に実行できない」もの（703.2により選択できない）として扱い、理由"
   "（チェック済み、またはチェック内容を満たしていない）を示します。",
   "digest §3.5 (open question)")
_r("recheck-in-mission-phase", ("1006.1", "704.3b", "704.8", "1005.2"), "gap",
   "704.3b un-checks a mission whose clear content is not met, but its counts vanish only at "
   "704.8: does 1006.1 check it again in the pre-processing of 704.4?",
   "704.3bでチェックが外れたミッションは、記録がまだ残っている（704.8で無くなる）704.4の優先権前処理で"
   "1006.1により再びチェックされるか",
   "Yes, as written: 1006.1 checks a face-up, unchecked mission whenever its check content is "
   "met, in any pre-processing, and the recorded counts that met it last until 704.8 "
   "(1005.2). The engine checks it again and says so; the mission stays checked into the next "
   "turns and is cleared at a later 704.3 if its clear content is met then.",
   "書かれているとおり、再びチェックされます。1006.1はチェック内容を満たしている表向きの未チェックの"
   "ミッションを、どの優先権前処理でもチェックし、それを満たした記録は704.8（1005.2）まで残ります。"
   "エンジンは再びチェックし、その旨を示します。ミッションはチェックされたまま次のターン以降に残り、"
   "後の704.3でクリア内容を満たせばクリアされます。",
   "reasoned from the clauses (not in the digest)")
_r("704.3b-reboot", ("704.3b", "704.3a", "1113.2"), "defect",
   "704.3b lost its verb: 「…満たしていないミッションカードすべてを [icon] します」",
   "704.3bの動詞（アイコン）が失われている：「…満たしていないミッションカードすべてを [ ] します」",
   "The engine reboots them: a checked mission is one that is slept (1113.2), so rebooting "
   "un-checks a mission whose clear content is not met, and it can be checked again.",
   "リブートします。チェックされたミッションとはスリープしているミッションである（1113.2）ため、"
   "クリア内容を満たさないミッションはリブートされてチェックが外れ、再びチェックできるように"
   "なります。",
   "digest §3.5, scenario S07")
_r("1007.1-whose-missions", ("1007.1", "704.3a", "1114.1", "502.1e"), ("ambiguity", "turn-player"),
   "1007.1: 「相手のミッションがすべて裏向きの場合、非ターンプレイヤーはゲームに敗北します」 — whose "
   "missions are 相手's?",
   "1007.1の「相手のミッション」は誰のミッションか",
   "The turn player's. The sentence's subject is the non-turn player who loses, and 相手 is "
   "their opponent; the missions the turn player clears in their own mission phase (704.3a, "
   "1114.1) are the ones that can all be face down then. Read from the turn player's side, "
   "clearing one's own missions would never win the game.",
   "ターンプレイヤーのミッションと読みます。文の主語は敗北する非ターンプレイヤーであり、相手とは"
   "その対戦相手です。ターンプレイヤーが自分のミッションフェイズにクリアする（704.3a・1114.1）のは"
   "自分のミッションであり、それがすべて裏向きになりうるのはこの時点です。ターンプレイヤーから"
   "見た相手と読むと、自分のミッションをクリアしても勝利できないことになります。",
   "digest §3.2 step 2.5 (the S08 note is not in the digest; reasoned from the clauses)")
alternative(READINGS, "1007.1-whose-missions", "non-turn-player", ("1007.1",),
            "相手 is read from the side of the turn player, in whose mission phase 1007.1 is "
            "checked: when all of the NON-turn player's missions are face down, the non-turn "
            "player loses.",
            "1007.1が確認されるミッションフェイズのターンプレイヤーから見た相手と読みます。"
            "非ターンプレイヤーのミッションがすべて裏向きの場合、非ターンプレイヤーが敗北します。")
rests_on(READINGS, "1007.1-whose-missions", "turn-player", ("1007.1", "704.3a", "1114.1"))
_r("first-pre-processing", ("1007.2", "702.2", "706.2", "202.2b"), "gap",
   "What is 「スタートドローフェイズの最初の優先権前処理」 once triggers have been played?",
   "誘発した自動能力をプレイした後も「最初の優先権前処理」は続いているか",
   "The first pre-processing of the phase is the one of 702.2 (706.2), including every pass "
   "that follows a triggered ability (202.2b returns to 202.2a inside the same "
   "pre-processing). The one of 702.5 (706.5) is the second: an empty deck there loses nothing.",
   "そのフェイズの最初の優先権前処理とは702.2（706.2）のものであり、誘発した自動能力の後の"
   "パスも含みます（202.2bは同じ優先権前処理の中で202.2aに戻ります）。702.5（706.5）のものは2回目で"
   "あり、そこでデッキが0枚でも敗北しません。",
   "digest §3.2 step 1, scenario S09")
one_behaviour(READINGS, "first-pre-processing",
              "202.2b returns to 202.2a inside the same pre-processing, so the passes after a "
              "triggered ability are still the first pre-processing: the text settles it.",
              "202.2bは同じ優先権前処理の中で202.2aに戻るため、誘発した自動能力の後のパスも最初の"
              "優先権前処理です。条文がこれを定めています。")

# ---- the mission-phase and attack-end loops ---------------------------------------------------
_r("704.7-turn-end", ("704.7", "704.5", "704.10"), "defect",
   "704.7 loops back for untriggered 「ターン終了時」 abilities; 704.5 and 704.10 speak of "
   "「ミッションフェイズ終了時」",
   "704.7は「ターン終了時」の自動能力で704.5に戻るとし、704.5・704.10は「ミッションフェイズ終了時」と"
   "する",
   "The engine reads 704.7 as 「ミッションフェイズ終了時」 (a Z/X leftover: this game has no "
   "「ターン終了時」 event): it loops back to 704.5 while rule effects or untriggered "
   "「ミッションフェイズ終了時」 abilities remain.",
   "704.7の「ターン終了時」は「ミッションフェイズ終了時」と読みます（Z/Xの名残で、このゲームに"
   "「ターン終了時」の自動事象はありません）。実行すべきルールエフェクトか、まだ誘発していない"
   "「ミッションフェイズ終了時」の自動能力があれば704.5に戻ります。",
   "digest §2 (other text defects)")
_r("704.8-lost-icons", ("704.8", "1005.2", "1118.1"), "defect",
   "704.8 lost two icons: 「記録された [ ] の回数、[ ] が無くなり」",
   "704.8の2つのアイコンが失われている：「記録された [ ] の回数、[ ] が無くなり」",
   "The engine reads them as the missions' recorded action counts (1005.2) and ≪アタック成功≫ "
   "(which lasts until the end of the mission phase, 1118.1): both end here.",
   "記録されたミッションの行為の回数（1005.2）と、ミッションフェイズ終了時まで続く≪アタック成功≫"
   "（1118.1）と読み、ここで両方を無くします。",
   "digest §3.4 (duration expiries)")
_r("806.3-battle-end", ("806.3", "806.5", "806.7"), "defect",
   "806.3 lost the icon naming its event: 「[ ] を自動事象とする自動事象が発生します」",
   "806.3の自動事象を示すアイコンが失われている",
   "The engine reads it as 「バトル終了時」, the event 806.5 and 806.7 loop back for.",
   "806.5・806.7が参照する「バトル終了時」と読みます。",
   "digest §3.3 (timed auto events), §1.3 A11")
_r("806.2-attack-success", ("806.2", "1118.1"), "defect",
   "806.2 lost the icon: 「そのアタックは [ ] になります」",
   "806.2のアイコンが失われている：「そのアタックは [ ] になります」",
   "The engine reads it as ≪アタック成功≫, which 1118.1 defines with the same condition (the "
   "attacker is in an area when the attack end step starts).",
   "同じ条件（アタック終了ステップ開始時にアタックしたキャラがエリアにある）で定義される1118.1の"
   "≪アタック成功≫と読みます。",
   "digest §5.3")

# ---- areas, lanes, icons ------------------------------------------------------------------
_r("lanes", ("501.2a", "804.2a", "805.3"), "gap",
   "レーン is named as a shared zone but never defined; which areas share a lane?",
   "レーンは共通のゾーンとして挙げられているが定義がない。どのエリアが同じレーンにあるか",
   "Three lanes, one per table column: each player's centre shares a lane with the other's "
   "centre, and a player's left side faces the other player's right side (the players sit "
   "opposite each other). A board may say `lanes: same` (left faces left) instead.",
   "テーブルの列ごとに3つのレーンがあるものとします。センター同士が同じレーンにあり、向かい合って"
   "座るため一方の左サイドは他方の右サイドと同じレーンです。ボードで`lanes: same`（左と左）と"
   "指定することもできます。",
   "digest §4.1 (レーン)")
_r("adjacent-areas", ("503.2", "1116.1"), "gap",
   "Which areas are adjacent (隣接する) for a slide?",
   "スライドで「隣接する」エリアはどれか",
   "The centre is adjacent to both sides; the two sides are not adjacent to each other.",
   "センターは両サイドに隣接し、サイド同士は隣接しないものとします。",
   "digest §4.1, §6.1 (1116)")
_r("slide-keeps-damage", ("501.4", "913.1a", "1116.1"), "gap",
   "Does a chara that slides to another area keep its damage and the effects on it?",
   "スライドしたキャラは受けているダメージや効果を保つか",
   "Yes. A move from area to area stays inside the one area zone (503.2), so it is not the zone "
   "change of 501.4; 913.1a treats such a card as the same card in its new area.",
   "はい。エリアからエリアへの移動は1つのエリアゾーンの中の移動（503.2）であり、501.4のゾーン移動"
   "ではありません。913.1aもそのカードを移動後のエリアの同じカードとして扱います。",
   "digest §7 S12 (inference)")
_r("icon-scout", ("804.2a", "804.2b", "1115.1", "305.3a"), "defect",
   "804.2 and 1115.1 lost the icon a scouted card must have to be played free",
   "804.2・1115.1で、スカウトしたカードが無償でプレイできる条件のアイコンが失われている",
   "The engine reads it as the scout icon of 305.3a (`icons: [scout]`).",
   "305.3aのスカウトアイコン（`icons: [scout]`）と読みます。",
   "digest §5.3, §1.3 A12")
_r("icon-no-attack", ("802.1a", "305.4a"), "defect",
   "802.1a lost the icon a chara must not have to attack",
   "802.1aで、アタックキャラに選べないアイコンが失われている",
   "The engine reads it as the アタック不可 icon of 305.4a (`icons: [no_attack]`).",
   "305.4aのアタック不可アイコン（`icons: [no_attack]`）と読みます。",
   "digest §1.3 A12")
_r("icon-reboot", ("906.2a", "1109.3", "503.3"), "defect",
   "906.2a and 1109.3 lost the state a chara enters an area in",
   "906.2a・1109.3で、キャラがエリアに置かれる状態のアイコンが失われている",
   "Rebooted, as 503.3 says of every card put into the area zone from elsewhere.",
   "503.3のとおり、エリアゾーン以外からエリアゾーンに置かれるカードはリブート状態で置かれます。",
   "digest §5.1, §1.3 A12")
_r("lvup-icon", ("905.2d", "1002.1"), "defect",
   "905.2d lost the icon that lets a card cost less when played onto a cheaper chara",
   "905.2dで、コストの低いキャラのいるエリアにプレイするとコストが減少するカードのアイコンが"
   "失われている",
   "The engine calls it the LvUP icon (`icons: [lvup]`): the reduction is for playing a card "
   "onto an area where LvUP (1002.1) will follow.",
   "LvUPアイコン（`icons: [lvup]`）と呼びます。LvUP（1002.1）が続くエリアへのプレイのための減少です。",
   "digest §3.4 (LvUP-style cost reduction)")
_r("1104.3-missions", ("1104.3", "502.3", "1113.2"), ("contradiction", "missions-have-state"),
   "1104.3 ignores reboot/sleep instructions outside the area and account zones; 502.3 and "
   "1113.2 give missions a reboot/sleep state",
   "1104.3はエリアゾーン・アカウントゾーン以外のリブート・スリープの指示を無視するとし、502.3・"
   "1113.2はミッションにリブート・スリープの状態を与える",
   "The engine follows 502.3: missions have the state, so checking (1113.2), 704.3b and card "
   "instructions reboot and sleep them; 1104.3 ignores such instructions in every other zone.",
   "502.3に従い、ミッションはリブート・スリープの状態を持つものとし、チェック（1113.2）・704.3b・"
   "カードの指示によりリブート・スリープします。1104.3はそれ以外のゾーンの指示を無視します。",
   "digest §4.2")
alternative(READINGS, "1104.3-missions", "1104.3", ("1104.3",),
            "1104.3 as written: the mission zone is neither an area nor the account zone, so an "
            "effect's instruction to reboot or sleep a mission is ignored; only the rules' own "
            "checking (1113.2) and 704.3b change a mission's state.",
            "1104.3の文言どおり、ミッションゾーンはエリアゾーンでもアカウントゾーンでもないため、効果による"
            "ミッションのリブート・スリープの指示は無視されます。ミッションの状態を変えるのはルールによる"
            "チェック（1113.2）と704.3bだけです。")
rests_on(READINGS, "1104.3-missions", "missions-have-state", ("502.3", "1113.2"))
_r("engage-needs-chara", ("906.2c", "906.1a", "514.1", "1121.1"), "gap",
   "906.2c puts a played engage 'into the chosen area'; may that area be empty?",
   "906.2cはプレイしたエンゲージを「選んだエリア」に置くとするが、キャラのいないエリアを選べるか",
   "No. An engage lies in the connect zone associated with a chara in an area (514.1, 1121.1); "
   "the engine offers only the player's areas that hold a chara, and the engage is connected to "
   "it.",
   "選べないものとします。エンゲージはエリアのキャラに関連づけられてコネクトゾーンに置かれる"
   "（514.1・1121.1）ため、キャラのいる自分のエリアのみを選択肢とし、そのキャラにコネクトします。",
   "digest §4.1 (コネクトゾーン)")
_r("906.1b-lost", ("906.1b", "906.1a", "906.1c"), "defect",
   "The whole text of 906.1b is lost (「 。」)",
   "906.1bの本文がすべて失われている（「 。」）",
   "The engine applies 906.1a (charas and engages) and 906.1c (events) only; whatever 906.1b "
   "required is not applied.",
   "906.1a（キャラ・エンゲージ）と906.1c（イベント）のみを適用し、906.1bの内容は適用しません。",
   "digest §1.3 A12, §9.3 item 9")

_r("keep-hidden", ("508.1", "501.3", "509.3"), "gap",
   "508 does not say whether the keep zone is public or hidden",
   "508はキープゾーンが公開ゾーンか非公開ゾーンかを定めていない",
   "The engine treats it like the hand it is filled from (508.1, 509.3): hidden, its card face "
   "down to the opponent; everyone knows how many cards it holds (501.3d).",
   "手札のカードを置くゾーンである（508.1）ため、手札（509.3）と同じく非公開ゾーンとして扱い、"
   "相手には裏向きとします。枚数は誰でも知ることができます（501.3d）。",
   "digest §4.1 (キープゾーン)")

_r("unending-loop", ("202.2a", "202.2b", "101.3"), "gap",
   "What if a priority pre-processing can never end?",
   "優先権前処理が終了しない場合はどうなるか",
   "The g2022 rules have no clause for it (Z/X 1201.1c makes such a game a draw; 101.3 here "
   "speaks only of both players having lost). When the same state comes back with no choice "
   "that could change it, the engine stops and reports the loop without a result.",
   "この総合ルールには規定がありません（Z/Xでは1201.1cで引き分けになりますが、ここでの101.3は両方"
   "のプレイヤーが敗北した場合のみを定めます）。変える選択のないまま同じ状態が繰り返された時点で、"
   "エンジンは結果を出さずに停止し、ループを報告します。",
   "digest §3.6; Z/X 1201.1c")

# ---- auto abilities, attribution -------------------------------------------------------------
_r("delayed-source-moved", ("908.4a", "914.2a"), "gap",
   "Does a delayed auto ability trigger when the card whose effect created it has moved?",
   "時限型自動能力は、それを作成した効果のカードが移動していても誘発するか",
   "Yes. 908.4a ties it only to the named time, and 914.2a names its source (the card whose "
   "ability created it) whatever happened to that card. Unlike Z/X 808.4b this is not written "
   "out.",
   "誘発します。908.4aは指定された時点のみを条件とし、914.2aはそのカードがどうなっていても発生源を"
   "作成した能力を持つカードと定めます。Z/X 808.4bのような明文はありません。",
   "digest §3.3, §3.6 (delayed abilities, open question)")
_r("attribution-after-trigger", ("1103.3", "202.2b"), ("ambiguity", "first-pass-after"),
   "Damage dealt by a triggered ability in 202.2b: which pass is 「優先権前処理の最初の"
   "ルールエフェクト」 after it?",
   "202.2bで解決した自動能力のダメージの後の「優先権前処理の最初のルールエフェクト」はどれか",
   "The first 202.2a pass after the ability resolves (202.2b returns to 202.2a); a 退場 there is "
   "credited to the ability's source, a 退場 in a later pass is not (1103.3b).",
   "その能力の解決後に202.2aに戻った最初のパスです。そこでの退場はその能力の発生源によるものとし、"
   "その後のパスでの退場はそうみなしません（1103.3b）。",
   "digest §3.2, §6.1 (1103)")
alternative(READINGS, "attribution-after-trigger", "procedure-first", ("1103.3", "202.2a"),
            "「優先権前処理の最初のルールエフェクト」 is the first rule effect of the whole "
            "pre-processing, executed before the auto ability resolved in 202.2b: a 退場 caused by "
            "that ability's damage comes in a later pass and is not credited to its source.",
            "「優先権前処理の最初のルールエフェクト」は、202.2bで自動能力を解決する前に実行された、"
            "その優先権前処理全体の最初のルールエフェクトです。その能力のダメージによる退場は後のパスで"
            "起こるため、その発生源により退場したとはみなしません。")
rests_on(READINGS, "attribution-after-trigger", "first-pass-after", ("1103.3", "202.2b"))
_r("encount-via-scout", ("1202.3", "502.2", "502.2a"), "defect",
   "1202.3 cites (501.7a), which does not exist",
   "1202.3が参照する(501.7a)は存在しない",
   "The engine reads the reference as 502.2/502.2a (a card leaving the scout zone or the "
   "temporary counts as moving from the zone before it): a card revealed from the deck into "
   "the scout zone and put into the energy was put from the deck into the energy.",
   "参照を502.2・502.2a（スカウトゾーンやテンポラリーから移動するカードは、その直前のゾーンから"
   "移動したものとみなす）と読みます。デッキからスカウトゾーンに公開され、エネルギーに置かれた"
   "カードはデッキからエネルギーに置かれたことになります。",
   "digest §2 (cross-reference 13), scenario S17")
_r("1204.2-trigger", ("1204.2", "1204.1"), "defect",
   "1204.2 lost the icons of 討伐's event",
   "1204.2の討伐の自動事象のアイコンが失われている",
   "The engine reads the event as 1204.1 states it: the named chara achieves ≪アタック成功≫.",
   "1204.1のとおり、指定されたキャラが≪アタック成功≫することと読みます。",
   "digest §6.2")
_r("scout-empty-deck", ("1115.1", "804.2a", "102.3"), "gap",
   "A player told to scout has no deck card",
   "スカウトを行うプレイヤーのデッキにカードがない",
   "Nothing is revealed and nothing is chosen; the rest of the step is done (102.3). An empty "
   "deck is not a loss here (1007.2 is checked only in the first pre-processing of the draw "
   "phases).",
   "何も公開されず、選択もありません。それ以外の部分は実行します（102.3）。ここでデッキが0枚でも"
   "敗北しません（1007.2はドローフェイズの最初の優先権前処理でのみチェックされます）。",
   "digest §3.6 (defeat)")


_r("replacement-once", ("912.1", "912.2"), "gap",
   "Does a replacement effect apply again to an event its own 「かわりに」 makes?",
   "置換効果は、自らの「かわりに」で発生した事象にも再び適用されるか",
   "No. Each replacement effect applies once to an event and to the events that replace it: it "
   "does not apply to what its own 「かわりに」 makes (912 does not say how often one applies; "
   "D0 4.15.6 and MTG 614.5 say this in so many words, and Z/X's engine reads its identical "
   "812 the same way). Read literally, 912.1 would make 「相手のキャラが退場する場合、かわりに"
   "退場させ、カードを1枚引く」 replace itself for ever.",
   "いいえ。各置換効果は1つの事象と、それを置き換えた事象に1回だけ適用され、自らの「かわりに」で"
   "発生した事象には適用されません（912は適用の回数を定めていません。D0の4.15.6やMTGの614.5は"
   "明記しており、Z/Xの同じ812も同様に読みます）。912.1を文字どおりに読むと、「相手のキャラが"
   "退場する場合、かわりに退場させ、カードを1枚引く」は自らを際限なく置き換えます。",
   "judgekit engine (912.1 and 912.2 do not say how often a replacement applies; issue 20)")
