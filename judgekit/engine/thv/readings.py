"""Where the 東方VISION rules (old edition) are silent, ambiguous, or read 省略, the reading
the engine follows.

Each reading cites the clauses it weighs: every clause the engine relies on at that point and
the clause weighed against it (two or more real clause ids; an omitted clause is a real id
whose text is only 省略). It says what the engine does, in English and Japanese, and where the
question comes from (the specification digest, shared/docs/thv.md §3.9 G1–G11, or the engine).
A step that depends on a reading lists its id in `step.readings`; the run lists every reading it
applied, so the ruling report can show them with their clauses.

Kinds are the core's vocabulary (judgekit.engine.readings.KINDS): an `ambiguity` has
alternatives a run may choose; a `gap` (the rules are silent, or imply without saying), an
`omitted` (the clause the question belongs to reads 省略 in this edition) or a `scope` (what the
engine models of a rule written for more players) keeps one behaviour.
"""

from __future__ import annotations

from ..readings import alternative, define, rests_on

READINGS: dict[str, dict] = {}


def _r(rid: str, clauses: tuple, kind, title: str, title_ja: str, reading: str,
       reading_ja: str, source: str) -> None:
    kind, default = (kind, "") if isinstance(kind, str) else kind
    define(READINGS, rid, clauses, kind, title, title_ja, reading, reading_ja, source,
           default=default)


# ---- the procedure before priority ---------------------------------------------------------
_r("settle-before-priority", ("1.12.11", "7.4.7.c", "9.2.2", "1.5.3.a"), "gap",
   "The rules name no pre-priority procedure; what runs before priority is granted?",
   "本ルールには優先権の前に行う処理の名称がないが、優先権を得る前に何を行うか",
   "Priority is held while anything is still to be dealt with (1.12.11). Before granting it "
   "the engine repeats, until nothing changes: battle stats recomputed (6.1.10), 決死 for "
   "durability 0 or less (9.2.2.b), uniqueness clean-ups, pending 自動γ (7.4.7.c) and waiting "
   "effects; then it makes the LP check of 1.5.3.a at the moment of the grant.",
   "1.12.11により、解決すべき効果または処理がある間は優先権が保留されます。エンジンは優先権を"
   "与える前に、変化がなくなるまで、戦闘力の再計算（6.1.10）、耐久力0以下による決死状態"
   "（9.2.2.b）、重複の整理、未解決の「自動γ」（7.4.7.c）と待機中の効果の処理を繰り返し、"
   "その後、優先権を得る時点で1.5.3.aのライフポイントの確認を行います。",
   "digest §3.7 ('Explicit vs inferred')")
_r("lp-loss-player", ("1.9.2", "1.5.3.a"), ("ambiguity", "lp-holder"),
   "1.9.2: 'そのプレイヤー' — the player with LP ≤ 0, or the player who gains priority?",
   "1.9.2の「そのプレイヤー」は、ライフポイントが0点以下のプレイヤーか、優先権を得たプレイヤーか",
   "The player whose LP is 0 or less loses, whoever gains priority (1.5.3.a says so of the "
   "player meeting the condition).",
   "優先権を得たのが誰であっても、ライフポイントが0点以下のプレイヤーが敗北します（1.5.3.aの"
   "条件を満たしたプレイヤー）。",
   "digest §3.9 G9")
alternative(READINGS, "lp-loss-player", "own-priority", ("1.9.2",),
            "そのプレイヤー is the player who gains priority: a player whose LP is 0 or less loses "
            "when that player gains priority, not when the opponent does.",
            "「そのプレイヤー」は優先権を得たプレイヤーであり、ライフポイントが0点以下のプレイヤーは、"
            "相手ではなく自分が優先権を得た時に敗北します。")
rests_on(READINGS, "lp-loss-player", "lp-holder", ("1.5.3.a", "1.9.2"))
_r("pass-sequence", ("1.12.9", "1.8.3.b", "1.12.3"), "gap",
   "Does a node set (priority stays) break a run of passes?",
   "優先権が移らないノードセットは、連続した優先権の放棄を途切れさせるか",
   "Yes: 1.12.9 needs all players to pass in succession with nothing done in between, so any "
   "priority action, even one after which priority stays (node set), starts the count again.",
   "はい。1.12.9は全てのプレイヤーが連続して放棄することを求めるため、優先権が移らない行動"
   "（ノードセット）を含むあらゆる優先権の行使で、放棄の数え直しとなります。",
   "digest §3.9 G11")
_r("nested-interference", ("1.12.7", "6.3.5.a", "1.12.11", "1.12.8.e", "1.3.4"), ("ambiguity", "nested-first"),
   "An effect makes a character attack while an interference resolves: who has priority, and "
   "what happens when the nested interference ends?",
   "干渉の解決中に効果で攻撃が発生した場合、優先権は誰が持ち、割り込んだ干渉の終了後はどうなるか",
   "The specific rule wins over 1.12.11: the new interference is pushed on top of the one "
   "resolving and the attacked player gains priority (1.12.7), with the LP check of that "
   "grant. When the nested interference has resolved, its 1.12.8.e priority is held (the outer "
   "resolution is still running, 1.12.11) and the outer interference resumes where it stopped "
   "(1.3.4); the turn player gains priority when the outer one ends.",
   "個別の規定（1.12.7）を1.12.11より優先し、解決中の干渉の上に新たな干渉を積み、攻撃を受ける"
   "プレイヤーが優先権を得ます（この時点で敗北の確認も行います）。割り込んだ干渉の解決後、その"
   "1.12.8.eの優先権は外側の解決が続いているため保留し（1.12.11）、外側の干渉を中断した所から"
   "再開します（1.3.4）。ターンプレイヤーは外側の干渉の終了時に優先権を得ます。",
   "digest §3.9 G3")
alternative(READINGS, "nested-interference", "held", ("1.12.11", "6.3.5.c"),
            "1.12.11 governs: while an interference resolves, priority is held until it has "
            "ended. The character attacks at once (not turned to sleep, 6.3.5.c), the rest of the "
            "resolving interference resolves, and only then does the attack's interference start "
            "and the attacked player gain priority (1.12.7).",
            "1.12.11に従い、干渉の解決中は終了するまで優先権が保留されます。キャラクターはただちに攻撃を"
            "行い（スリープ状態にはしません、6.3.5.c）、解決中の干渉の残りを解決した後に、攻撃の干渉が"
            "始まり、攻撃を受けるプレイヤーが優先権を得ます（1.12.7）。")
rests_on(READINGS, "nested-interference", "nested-first", ("1.12.7", "6.3.5.a", "1.3.4"))
_r("defense-priority", ("6.4.2.a", "6.3.4.g", "1.12.4"), ("ambiguity", "literal"),
   "May the attacked player defend after first playing a command with the priority the "
   "attack passed?",
   "攻撃で移った優先権でコマンドをプレイした後、防御を行えるか",
   "No (the literal reading): only the grant made by the attack procedure (6.3.4.g / 6.3.5.e) "
   "is 'the priority moved by the attack'. Once that player acts or passes, a later priority "
   "is not, and a defense is illegal.",
   "行えません（文言どおり）。「攻撃の処理により移った優先権」は6.3.4.g・6.3.5.eによる優先権"
   "だけであり、そのプレイヤーが行動または放棄した後に得た優先権はこれにあたらないため、"
   "防御は不適正です。",
   "digest §3.9 G4")
alternative(READINGS, "defense-priority", "attack-pending", ("6.4.2.a", "1.12.4"),
            "「攻撃の処理により移った優先権」 is any priority the attacked player holds while the "
            "attack is still waiting for its defense: after answering the attack with a command "
            "and getting priority back by the opponent's pass (1.12.4), the player may still "
            "declare a defense.",
            "「攻撃の処理により移った優先権」を、攻撃が防御を待っている間に攻撃を受けたプレイヤーが持つ"
            "優先権と読みます。攻撃にコマンドで応じ、相手の放棄（1.12.4）で再び優先権を得た後も、防御を"
            "宣言できます。")
rests_on(READINGS, "defense-priority", "literal", ("6.4.2.a", "6.3.4.g"))
_r("ambush-direct", ("10.3.2.b", "6.4.2.a", "10.3.4"), ("ambiguity", "attack-priority"),
   "10.3.2.b: a 奇襲+速攻 card played 'in direct answer' (直接の干渉) to an attack may defend — "
   "what is a direct answer?",
   "10.3.2.b：攻撃に対する「直接の干渉」でプレイされた奇襲・速攻のキャラクターカードは防御できるが、"
   "「直接の干渉」とは何か",
   "The play made with the priority the attack moved (the grant that also allows a declared "
   "defense, 6.4.2.a), while the attack has no defender yet.",
   "攻撃の処理により移った優先権（防御の宣言を可能にするのと同じ優先権、6.4.2.a）で、防御キャラクター"
   "がまだいない間に行うプレイとします。",
   "judgekit engine")
alternative(READINGS, "ambush-direct", "attack-pending", ("10.3.2.b", "1.12.4"),
            "直接の干渉 is any play made while the attack is still waiting for its defense: a "
            "奇襲+速攻 character played with a later priority of the attacked player (after "
            "answering with something else and getting priority back, 1.12.4) may still defend.",
            "「直接の干渉」を、攻撃が防御を待っている間に行うプレイと読みます。攻撃を受けたプレイヤーが"
            "他の行動で応じた後、再び得た優先権（1.12.4）で奇襲・速攻のキャラクターをプレイしても、防御"
            "させることができます。")
rests_on(READINGS, "ambush-direct", "attack-priority", ("10.3.2.b", "6.4.2.a", "10.3.4"))
_r("simultaneous-order", ("7.1.6.a", "7.1.17", "1.3.3"), ("ambiguity", "turn-player-first"),
   "7.1.6.a: the turn player chooses the order of its effects first — do they also resolve "
   "first?",
   "7.1.6.a：ターンプレイヤーが先に自分の効果の順序を選ぶが、解決も先に行うか",
   "Yes: the turn player's effects resolve first in the order it chose, then the next "
   "player's in theirs.",
   "はい。ターンプレイヤーの効果をその選んだ順に解決し、その後、次のプレイヤーの効果をその選んだ"
   "順に解決します。",
   "digest §3.9 G5")
alternative(READINGS, "simultaneous-order", "next-player-first", ("7.1.6.a",),
            "7.1.6.a says only that the turn player CHOOSES the order of its effects first; it "
            "does not say they resolve first. Read as choices made in turn order for effects "
            "that then resolve last-chosen first, the next player's effects resolve before the "
            "turn player's.",
            "7.1.6.aはターンプレイヤーが先に自分の効果の順序を「選択する」と定めるだけで、先に解決するとは"
            "定めていません。選択は手番順に行い、解決は後に選択した側から行うと読み、次のプレイヤーの効果を"
            "ターンプレイヤーの効果より先に解決します。")
rests_on(READINGS, "simultaneous-order", "turn-player-first", ("7.1.6.a", "1.3.3"))
_r("optional-gamma", ("7.4.4", "7.4.7.c", "10.28.2.a"), ("ambiguity", "at-trigger"),
   "7.4.4 lets optional auto effects apply only with priority and no interference; does that "
   "cover an optional 自動γ that has a trigger ('…しても良い')?",
   "7.4.4は任意の自動効果を優先権を持ち干渉がない時にのみ適用できるとするが、誘発条件を持つ"
   "任意の「自動γ」（「…しても良い」）にも及ぶか",
   "No: 7.4.4 covers optional auto effects without a trigger. A triggered 自動γ resolves at "
   "its timing (7.4.7.c) and its controller makes the 'may' choice as it resolves.",
   "及びません。7.4.4は誘発条件のない任意の自動効果に適用し、誘発した「自動γ」はそのタイミングで"
   "解決し（7.4.7.c）、「しても良い」の選択は解決時にそのプレイヤーが行います。",
   "digest §3.9 G10")

alternative(READINGS, "optional-gamma", "7.4.4", ("7.4.4",),
            "7.4.4 covers every optional auto effect (「してもよい」), triggered ones included: an "
            "optional 自動γ may be applied only if at its timing its player holds priority and no "
            "interference is going on; otherwise it is not applied.",
            "7.4.4は誘発条件を持つものを含め、すべての任意の自動効果（「してもよい」）に及ぶと読みます。"
            "任意の「自動γ」は、そのタイミングでそのプレイヤーが優先権を持ち、干渉が発生していない場合"
            "にのみ適用でき、そうでなければ適用されません。")
rests_on(READINGS, "optional-gamma", "at-trigger", ("7.4.7.c", "10.28.2.a"))

# ---- damage and combat ---------------------------------------------------------------------
_r("combat-damage-amount", ("6.2.1", "6.2.4.e", "6.2.6", "10.5.2.a"), "gap",
   "No clause says how much combat damage a character deals, nor that the defender deals "
   "damage back",
   "キャラクターが与える戦闘ダメージの量、および防御キャラクターが攻撃キャラクターにダメージを"
   "与えることを明記した規定がない",
   "A character deals combat damage equal to its attack (6.2.1; 貫通's X = attack − "
   "durability presupposes it). The defending character deals its attack to the attacking "
   "character at the same timing rules (6.2.4.d–e speak of 'characters'; 即死 and 耐性 need it); "
   "6.2.6 fixes only the attacker's recipient.",
   "キャラクターは攻撃力に等しい戦闘ダメージを与えます（6.2.1。貫通のX＝攻撃力−耐久力はこれを"
   "前提とします）。防御キャラクターも同じタイミングの規定で攻撃キャラクターに自身の攻撃力の"
   "ダメージを与えます（6.2.4.d・eは「キャラクター」とし、即死・耐性もこれを要します）。6.2.6は"
   "攻撃キャラクターの相手のみを定めています。",
   "digest §3.9 G1")
_r("defender-left", ("6.2.6.a", "6.2.4.c", "6.4.7"), "gap",
   "The defending character leaves the field before the recipient of combat damage is fixed",
   "戦闘ダメージを与える相手が確定する前に、防御キャラクターが場を離れた場合",
   "The rules read literally: at 6.2.4.c no defending character exists, so the combat damage "
   "goes to the attacked player (6.2.6.a); the combat goes on as after a cancelled defense "
   "(6.4.7). (A defender that leaves after 6.2.4.c is the removed-combatant case.)",
   "文言どおり、6.2.4.cの時点で防御を行うキャラクターが存在しないため、戦闘ダメージは攻撃された"
   "プレイヤーに与えられます（6.2.6.a）。戦闘は防御が取り消された場合と同様に続行します（6.4.7）。",
   "judgekit engine (6.2.6 read as written)")
_r("removed-combatant", ("6.2.4.e", "6.1.9.c", "6.4.7"), "gap",
   "A defender destroyed at the first-strike timing: does it still deal its damage?",
   "先制のタイミングで破棄された防御キャラクターは、なおダメージを与えるか",
   "No: a card that left the field is no longer a character (6.1.9.c) and deals no combat "
   "damage at the normal timing; the combat goes on (as for a cancelled defense, 6.4.7).",
   "与えません。場を離れたカードはキャラクターではなくなり（6.1.9.c）、通常のタイミングで戦闘"
   "ダメージを与えません。戦闘は続行します（防御が取り消された場合と同様、6.4.7）。",
   "digest §7 S9")
_r("pierce-accumulated", ("10.5.2.a", "1.10.12.d"), ("ambiguity", "before"),
   "貫通 adds 'the damage already received' to X: before or including this combat damage?",
   "貫通のXに加算する「既に受けているダメージ」は、この戦闘ダメージを含むか",
   "Damage accumulated before this combat damage: X = attack − durability + the damage the "
   "character had before this combat damage was applied.",
   "この戦闘ダメージより前に蓄積されていたダメージとします。X＝攻撃力−耐久力＋この戦闘ダメージの"
   "適用前の蓄積ダメージです。",
   "digest §3.9 G7")
alternative(READINGS, "pierce-accumulated", "including", ("10.5.2.a",),
            "「その相手キャラクターが既にダメージを受けている場合」 is judged when 貫通 resolves, after "
            "the combat damage was dealt: the accumulated damage added to X includes this combat "
            "damage.",
            "「その相手キャラクターが既にダメージを受けている場合」は戦闘ダメージを与えた後の貫通の解決時に"
            "判断し、Xに加算する蓄積ダメージはこの戦闘ダメージを含みます。")
rests_on(READINGS, "pierce-accumulated", "before", ("10.5.2.a", "1.10.12.d"))
_r("graze-short-deck", ("6.5.3.b", "1.11.7", "1.11.6"), "gap",
   "Graze with fewer than X cards in the deck",
   "デッキの枚数がX枚未満の場合のグレイズ",
   "Graze is not a draw (1.11.7 does not apply) and does not add to the hand (1.11.6 does not "
   "apply): the engine puts as many cards as the deck holds.",
   "グレイズはドローではなく（1.11.7は適用されず）、手札に加えることでもない（1.11.6も適用されない）"
   "ため、デッキにある枚数だけノードに加えます。",
   "digest §3.9 G6")
_r("graze-value-omitted", ("2.8.1", "2.8.3", "6.5.3.b"), "omitted",
   "2.8.1, which would define graze, reads 省略",
   "グレイズを定義する2.8.1は「省略」となっている",
   "The engine takes the printed graze value (a card's `graze:`), 0 when none is printed "
   "(2.8.3), as the X of 6.5.3.b.",
   "カードに記載されたグレイズの値（`graze:`）を6.5.3.bのXとし、記載がない場合は0とします"
   "（2.8.3）。",
   "digest §1.3 A5; §3.5")
_r("two-players", ("1.4.3", "1.12.7", "6.2.6.a"), "scope",
   "The rules are written for two or more players, the attack for one attacked player",
   "ルールは2人以上のプレイヤーを想定しているが、攻撃は攻撃を受けるプレイヤーを1人とする",
   "The engine plays two-player games: 'the next player in turn order' and 'the attacked "
   "player' are the turn player's opponent.",
   "エンジンは2人対戦を扱います。「ターン進行順の次のプレイヤー」と「攻撃を受けるプレイヤー」は"
   "ターンプレイヤーの相手プレイヤーです。",
   "digest §3.9 G8")

# ---- turn structure ------------------------------------------------------------------------
_r("nodes-not-readied", ("4.4.1.a", "3.1.1", "1.8.1"), ("ambiguity", "literal"),
   "The active phase readies the turn player's 'field' cards; the node area is not the field",
   "アクティブフェイズは「場のカード」をアクティブ状態にするが、ノードエリアは場ではない",
   "By default the engine follows the text: the node area is an area of its own, not the "
   "field (3.1.1), so nodes are not readied by 4.4.1.a. Every step that depends on it names "
   "this reading.",
   "既定では文言どおり、ノードエリアは場とは別の領域である（3.1.1）ため、4.4.1.aではノードを"
   "アクティブ状態にしません。これに依存するステップはこの読み方を示します。",
   "digest §3.9 G2")
alternative(READINGS, "nodes-not-readied", "ready-nodes", ("4.4.1.a", "1.8.1"),
            "4.4.1.a's 「場のカード」 is read broadly, as every card the player has in play, the "
            "nodes (1.8.1) included: the active phase readies sleeping nodes too, as a node paid "
            "with would otherwise never be usable again. (The older board key "
            "`game: {ready_nodes: true}` chooses this reading.)",
            "4.4.1.aの「場のカード」を、ノード（1.8.1）を含めプレイヤーが使用しているすべてのカードと"
            "広く読み、アクティブフェイズにスリープ状態のノードもアクティブ状態にします（そうでなければ"
            "支払いに使ったノードは二度と使えません）。（以前のボードのキー`game: {ready_nodes: true}`は"
            "この読み方を選びます。）")
rests_on(READINGS, "nodes-not-readied", "literal", ("4.4.1.a", "3.1.1"))

# ---- clauses that read 省略 -------------------------------------------------------------------
_r("game-end-omitted", ("1.5.5", "1.5.6", "1.5.7", "1.5.2", "1.5.3"), "omitted",
   "The clauses after the win, loss and draw conditions (1.5.5–1.5.7) read 省略",
   "勝敗と引き分けの条件に続く1.5.5〜1.5.7は「省略」となっている",
   "The engine ends the game at the moment a result is decided (1.5.2 / 1.5.3 「その時点で」) "
   "and applies nothing further.",
   "エンジンは勝敗が決まった時点（1.5.2・1.5.3の「その時点で」）でゲームを終了し、それ以上の処理"
   "は行いません。",
   "digest §1.3 A5")
_r("cost-omitted", ("2.4.1", "2.4.2", "5.2.2.c", "1.8.7"), "omitted",
   "2.4.1 and 2.4.2, which would define required nodes and cost, read 省略",
   "必要ノードとコストを定義する2.4.1・2.4.2は「省略」となっている",
   "The engine takes a card's printed `need:` (必要ノード) and `cost:` and applies them as "
   "5.2.2.c (node count) and 1.8.7 (payment) describe; 2.4.3 ('-') and 2.4.4 (Nullity) apply.",
   "カードに記載された必要ノード（`need:`）とコスト（`cost:`）を用い、5.2.2.c（ノードの枚数）と"
   "1.8.7（支払い）に従って扱います。2.4.3（「-」）・2.4.4（Nullity）も適用します。",
   "digest §1.3 A5; §4")
_r("card-type-omitted", ("2.2.1", "2.2.2", "5.2.2.f"), "omitted",
   "2.2.1, the first clause on card types, reads 省略",
   "カードの種類の最初の項目2.2.1は「省略」となっている",
   "The engine knows the three types 2.2.2 lists (character, spell, command) and applies the "
   "play conditions of each (5.4–5.6).",
   "2.2.2に列挙された3種類（キャラクター・スペル・コマンド）を用い、それぞれのプレイの条件"
   "（5.4〜5.6）を適用します。",
   "digest §1.3 A5")
_r("race-omitted", ("2.6.1", "2.6.4", "2.6.6", "10.11.2.a"), "omitted",
   "2.6.1, the first clause on races, reads 省略",
   "種族の最初の項目2.6.1は「省略」となっている",
   "The engine takes a card's printed races; a card has each of them separately (2.6.4) and "
   "two cards share a race when one of their races is common (2.6.6).",
   "カードに記載された種族を用い、各種族を別個に持つものとし（2.6.4）、1つ以上共通の種族が"
   "あれば同じ種族を持つとします（2.6.6）。",
   "digest §1.3 A5")
_r("alt-race-omitted", ("2.7.1", "2.7.2", "5.6.6"), "omitted",
   "2.7.1, the first clause on alternative races, reads 省略",
   "代替レースの最初の項目2.7.1は「省略」となっている",
   "The engine takes a command's printed alternative race as a race and a number of cards "
   "(2.7.2) and applies 5.6.6.",
   "コマンドに記載された代替レースを種族と枚数として扱い（2.7.2）、5.6.6を適用します。",
   "digest §1.3 A5")
# ---- effects -------------------------------------------------------------------------------
_r("cost-not-refunded", ("7.3.1.b", "7.3.4", "1.8.9.d"), "gap",
   "An activated effect is nullified because its card left the field: is its cost refunded?",
   "カードが場を離れて起動効果が無効になった場合、支払ったコストは戻るか",
   "No: the cost was paid at once when the effect was used (1.8.9.d, 7.3.4) and no rule "
   "gives it back; the nodes stay asleep or discarded.",
   "戻りません。コストは使用時に即座に支払われており（1.8.9.d、7.3.4）、戻す規定はないため、"
   "ノードはスリープ状態または破棄されたままです。",
   "digest §7 S12")
_r("gamma-window", ("7.4.7.c", "1.10.12.d", "7.1.10"), "gap",
   "An 自動γ triggered in the middle of an effect, in a rule step that names 「自動γ」",
   "効果の解決の途中、「自動γ」を解決するとされている処理の中で条件を満たした「自動γ」",
   "The proviso of 7.4.7.c wins: the 自動γ resolves in that rule step (the damage, removal, "
   "attack and phase steps say 「自動γ」も解決する), suspending the effect being resolved "
   "(7.1.10); any other 自動γ waits until the current effect ends.",
   "7.4.7.cの但し書きを優先し、「自動γ」も解決するとされている処理（ダメージ・取り除く効果・"
   "攻撃・フェイズの各手順）ではその手順の中で解決し、解決中の効果は中断します（7.1.10）。"
   "それ以外の「自動γ」は解決中の効果の終了後に解決します。",
   "digest §3.3")

_r("discard-bar-at-zero", ("9.3.8.c", "9.3.6", "9.2.2.b"), "gap",
   "A character under 「破棄されない」 whose durability is 0 or less: is it discarded?",
   "「破棄されない」効果を受けているキャラクターの耐久力が0以下になった場合、破棄されるか",
   "Yes. 9.3.8.c says such a card does not become 破棄, and says nothing of durability; but "
   "durability 0 or less is a rule that prevails over card effects both where it makes the "
   "character 決死 (9.2.2.b) and where it forbids nullifying the 破棄 that follows (9.3.6). "
   "Read literally, the character would stay with durability 0, become 決死 again at once and "
   "never leave — the rules imply it goes, so the engine discards it.",
   "はい。9.3.8.cはそのカードは破棄状態にならないとし、耐久力には触れていませんが、耐久力が0以下"
   "であることは、決死状態にする場合（9.2.2.b）にも、続く破棄状態を無効にできない場合（9.3.6）にも"
   "カードの効果に優先するルールです。文字通りに読むと、そのキャラクターは耐久力0のまま場に残り、"
   "直ちに再び決死状態となって離れることがありません。ルールは破棄されることを含意しているため、"
   "エンジンは破棄します。",
   "engine (issue 20: prohibitions of becoming 決死 and being discarded)")


def reading(rid: str) -> dict:
    return READINGS[rid]
