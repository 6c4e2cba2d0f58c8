"""Where the Dimension Zero rules contradict themselves, are ambiguous or silent: the reading the
engine follows.

Each reading cites the clauses in tension — every clause the engine relies on and the clause it
is weighed against (two or more real clause ids) — says what the engine does, in English and in
Japanese, and where it comes from (the specification digest, d0.md §1.3 A8 and §10). A step
that depends on a reading lists its id in `step.readings`; the run lists every reading it
applied, so the ruling report shows them with both clauses.
"""

from __future__ import annotations

from ..readings import alternative, define, rests_on

READINGS: dict[str, dict] = {}

# the question each reading answers, in Japanese (a Japanese ruling is headed by these)
TITLES_JA = {
    "empty-exchange": "第1バトルステップで加速を持つユニットがいない場合も、3.12.2により"
                      "バトルダメージの応酬（与えるダメージのない応酬）はスタックに乗るか",
    "smash-negative": "スマッシュがマイナスのユニットで敵軍エリアからスマッシュする場合、"
                      "3.9.1(2)の「スマッシュ+1」は数値の変更（-1+1=0枚）か、0として扱った値への"
                      "加算（0+1=1枚）か",
    "turn-end-typo": "3.10.2は「ターン終了時」に誘発する能力をスタックに「乗せません」とするが、"
                     "3.10.3はその誘発を前提に手順を繰り返す",
    "countered-spell-graveyard": "4.10.2は無効化されたスペルが墓地に「置かれず」とするが、"
                                 "4.1.4・4.1.5・2.23.5-1は墓地に置かれるとする",
    "resistance-late-information": "耐性の判定で、2.27の例示は能力をスタックに乗せる時の色を参照し、"
                                   "5.17.3はダメージが与えられる時の情報を参照する",
    "battle-last": "3.11.1-1は「バトルの発生以外のルールエフェクトは、バトル発生以外のルール"
                   "エフェクトに優先して解決されます」と同語反復になっている",
    "end-trigger-check": "4.6.2は、スタックが空で連続して優先権が放棄された時に「それぞれの"
                         "誘発型能力を誘発します」とするが、どの能力がそこで誘発するかを定めない",
    "suspended-triggers": "バトル発生時に誘発していてまだスタックに乗っていない能力（バトルを"
                          "発生させたユニット自身の「スクエアに置かれた時」の能力など）も待機するか",
    "suspended-stack-return": "3.11.2は待機中のスタックが「スタックを待機させたバトル」の終了後に"
                              "戻るとし、3.14.4は「全てのバトルが終了したら」戻るとする",
    "procedure-every-grant": "4.6.3は「どちらかのプレイヤーが優先権を獲得する場合」にルール"
                             "エフェクトと誘発型能力を処理するとし、4.16.2は最後に「アクティブ"
                             "プレイヤーが優先権を獲得します」とする",
    "stack-change": "手順によって能力がスタックに乗せられた場合、その前の優先権の放棄は"
                    "「連続して優先権を放棄」の一部に数えるか",
    "battle-on-arrival": "4.16.4-3の「同一のスクエアに置かれた時」：バトルが続いているスクエアに"
                         "置かれたユニットは新たなバトルを発生させるか",
    "special-play-own-area": "召集・隊列召喚で「自軍エリアであるかのように」中央エリアのスクエアに"
                             "プレイしたユニットにも、4.16.4-8・4.16.4-9（中央エリアを指定して"
                             "プレイされたユニットは墓地に置かれる）が適用されるか",
}


def _r(rid: str, clauses: tuple, kind, title: str, reading: str, reading_ja: str,
       source: str) -> None:
    kind, default = (kind, "") if isinstance(kind, str) else kind
    define(READINGS, rid, clauses, kind, title, TITLES_JA[rid], reading, reading_ja, source,
           default=default)


_r("empty-exchange", ("3.12.2", "5.4.1-1", "3.12.3"), ("ambiguity", "stacked"),
   "When no unit in the battle has 加速, does 3.12.2 still put the (empty) damage exchange of "
   "the 1st battle step on the stack?",
   "Yes, as 3.12.2 is written: the exchange goes on the stack whenever units of different "
   "controllers share the square, deals no damage when it resolves, and the active player "
   "receives priority after it is stacked (3.12.3), which gives both players one more window. "
   "5.4.1-1's per-unit wording is read as saying which damage the exchange carries. (The older "
   "board key `game: {empty_exchange: false}` chooses the other reading.)",
   "3.12.2の文言どおり、支配者の異なるユニットが同じスクエアにあれば応酬をスタックに乗せ、"
   "解決時にはダメージを与えません。応酬をスタックに乗せた後にアクティブプレイヤーが優先権を"
   "獲得する（3.12.3）ため、両プレイヤーにもう一度行動の機会があります。5.4.1-1はその応酬が"
   "どのユニットのダメージを含むかを定めたものと読みます。",
   "digest d0.md §10 item 1")
alternative(READINGS, "empty-exchange", "not-stacked", ("5.4.1-1",),
            "5.4.1-1 governs: in the 1st battle step a unit without 加速 has no exchange put on "
            "the stack, so when no unit has 加速 nothing goes on the stack and the step ends at "
            "that double pass (no extra window).",
            "5.4.1-1に従い、第1バトルステップで加速を持たないユニットのバトルダメージの応酬はスタックに"
            "乗らないため、加速を持つユニットがいなければ何もスタックに乗らず、その連続した優先権の放棄で"
            "ステップが終了します（もう一度の行動の機会はありません）。")
rests_on(READINGS, "empty-exchange", "stacked", ("3.12.2", "3.12.3"))
_r("smash-negative", ("3.9.1", "1.2.2"), ("ambiguity", "count-from-zero"),
   "A unit whose smash is negative smashes from the enemy area: is 3.9.1(2)'s 'smash + 1' a "
   "modification of the value (−1 + 1 = 0 cards) or a count from the value read as 0 (1 card)?",
   "The unit's smash is read (a negative smash is read as 0, 1.2.2: it is not being modified "
   "here), then 3.9.1(2) counts one more card: 1 card. The +1 is a number of cards the "
   "opponent puts, not a change of the unit's smash.",
   "ユニットのスマッシュを読み取り（数値の変更中ではないため、マイナスは0として扱います。1.2.2）、"
   "3.9.1(2)によりその枚数に1枚を加えます（1枚）。+1は相手が置くカードの枚数であり、"
   "ユニットのスマッシュを変更するものではありません。",
   "digest d0.md §10 item 2")
alternative(READINGS, "smash-negative", "modify", ("3.9.1", "1.2.2"),
            "3.9.1(2)'s 「スマッシュ+1」 is a modification of the unit's smash: while a value is being "
            "modified its negative value is kept (1.2.2), so −1 + 1 = 0 cards (a result below 0 is "
            "read as 0).",
            "3.9.1(2)の「スマッシュ+1」はユニットのスマッシュの数値の変更であり、変更中の数値はマイナスの"
            "まま扱う（1.2.2）ため、−1+1＝0枚となります（0未満の結果は0として扱います）。")
_r("turn-end-typo", ("3.10.2", "3.10.3", "4.4.4"), "defect",
   "3.10.2 says the 「ターン終了時」 abilities are NOT put on the stack (乗せません), yet 3.10.3 "
   "repeats the phase because of them and 4.4.4 limits them to once per turn",
   "The engine reads 3.10.2 as 「乗せます」: on the empty-stack double pass of the recovery "
   "phase the 「ターン終了時」 abilities trigger (each once per turn, 4.4.4) and go on the "
   "stack at the next priority.",
   "3.10.2を「乗せます」の誤記と読み、リカバリーフェイズでスタックが空の連続した優先権の放棄の際に"
   "「ターン終了時」の能力を誘発させ（1ターンに1度、4.4.4）、次の優先権の獲得時にスタックに"
   "乗せます。",
   "digest d0.md §1.3 A8, §10 item 3")
_r("countered-spell-graveyard", ("4.10.2", "4.1.5", "2.23.5-1"), "defect",
   "4.10.2 says a countered spell is NOT put into its owner's graveyard (置かれず); 4.1.4, "
   "4.1.5 and 2.23.5-1 put it there",
   "The engine reads 4.10.2 as 「置かれます」: a countered spell goes from the stack to its "
   "owner's graveyard (without doing anything, when the rules counter it: 4.1.5).",
   "4.10.2を「置かれます」の誤記と読み、無効化されたスペルはスタックから持ち主の墓地に置きます"
   "（ルールによる無効化では何も行わずに置かれます。4.1.5）。",
   "digest d0.md §1.3 A8, §10 item 3")
_r("resistance-late-information", ("5.17.3", "2.27"), ("contradiction", "damage-time"),
   "For 耐性, the first 【例】 of 2.27 reads the source's colour when the ability is put on the "
   "stack; 5.17.3 and the second 【例】 read it when the damage is dealt",
   "The engine follows 5.17.3: targeting is checked when the ability is stacked and on "
   "resolution (2.27, 4.9.2-1), but whether 耐性 prevents the damage is decided when the "
   "damage is dealt, with the source's information at that moment.",
   "5.17.3に従います。対象はスタックに乗せる時と解決時にチェックしますが（2.27、4.9.2-1）、"
   "耐性がダメージを防ぐかどうかはダメージが与えられる時に、その時点の発生源の情報で判断します。",
   "digest d0.md §10 item 4, scenario S20")
alternative(READINGS, "resistance-late-information", "stack-time", ("2.27",),
            "2.27 and its first 【例】: the information an ability needs when it is put on the "
            "stack is read then, and whether its source is of the 耐性 colour is such "
            "information; a source that changes colour later does not change whether 耐性 "
            "prevents the damage.",
            "2.27とその【例】1に従い、能力をスタックに乗せる際に必要な情報はその時に参照し、発生源が耐性の"
            "色であるかどうかもその情報とします。その後に発生源の色が変わっても、耐性がダメージを防ぐか"
            "どうかは変わりません。")
rests_on(READINGS, "resistance-late-information", "damage-time", ("5.17.3",))
_r("battle-last", ("3.11.1-1", "4.16.4-3-1", "4.16.4-3-2"), "defect",
   "3.11.1-1 is a tautology (「バトルの発生以外のルールエフェクトは、バトル発生以外のルール"
   "エフェクトに優先して解決されます」)",
   "The engine reads it as 4.16.4-3-1 states it: every other rule effect (and those they cause) "
   "is resolved first, and battle occurrence is processed last; a battle whose unit has left "
   "the square by then does not occur (4.16.4-3-2).",
   "4.16.4-3-1のとおり、他のすべてのルールエフェクト（それにより新たに発生したものを含む）を"
   "先に解決し、バトルの発生を最後に処理すると読みます。その時点でバトルを発生させるユニットが"
   "スクエアを離れていればバトルは発生しません（4.16.4-3-2）。",
   "digest d0.md §1.3 A8")
_r("end-trigger-check", ("4.6.2", "3.10.2", "3.14.2-2", "3.4.3"), "gap",
   "4.6.2 says that on an empty-stack double pass 「それぞれの誘発型能力を誘発します」 before "
   "a phase or step ends, without naming the abilities",
   "The engine runs an end-trigger check on that double pass: in the recovery phase the "
   "「ターン終了時」 abilities (3.10.2), in the battle end step the 「バトル終了時」 abilities "
   "after the end-of-battle rule effects (3.14.2-2). If anything triggered, the phase or step "
   "goes on (the abilities go on the stack at the next priority); otherwise it ends (3.4.3).",
   "スタックが空で連続して優先権が放棄された時に、終了時の誘発をチェックします。リカバリーフェイズ"
   "では「ターン終了時」の能力（3.10.2）、バトル終了ステップでは終了時のルールエフェクトの後に"
   "「バトル終了時」の能力（3.14.2-2）です。何かが誘発すればフェイズやステップは続き（次の優先権の"
   "獲得時にスタックに乗ります）、何も誘発しなければ終了します（3.4.3）。",
   "digest d0.md §10 item 6")
_r("suspended-triggers", ("3.11.2", "4.8.2"), "gap",
   "Do abilities that triggered before the battle occurred but are not yet on the stack (e.g. "
   "the 「スクエアに置かれた時」 ability of the unit that caused the battle) wait too?",
   "Yes: 3.11.2 suspends 「スタックに乗ることが予約されている能力」 with the stack. Every "
   "ability pending when the battle occurs waits with the suspended stack and goes on the "
   "stack only after that battle ends.",
   "はい。3.11.2は「スタックに乗ることが予約されている能力」もスタックと共に待機させます。"
   "バトル発生時に誘発しているすべての能力は待機中のスタックと共に待機し、そのバトルの終了後に"
   "スタックに乗ります。",
   "digest d0.md §7 S11 (derived corollary)")
_r("suspended-stack-return", ("3.11.2", "3.14.4", "3.11.3"), ("ambiguity", "own-battle"),
   "3.11.2 returns a suspended stack when the battle that suspended it ends; 3.14.4 says "
   "「全てのバトルが終了したら」",
   "Each suspended stack belongs to the battle that suspended it and returns when that battle "
   "ends (3.11.2), so a waiting battle (3.11.3) resumes with its own stack. 3.14.4's 'all "
   "battles' is read as the battles that occurred together (3.11.1-4).",
   "待機中のスタックはそれを待機させたバトルに属し、そのバトルの終了時に戻ります（3.11.2）。"
   "そのため待機中のバトル（3.11.3）は自身のスタックと共に再開します。3.14.4の「全てのバトル」は"
   "同時に発生したバトル（3.11.1-4）を指すと読みます。",
   "judgekit engine (3.11.2 and 3.14.4 differ for nested battles)")
alternative(READINGS, "suspended-stack-return", "all-battles", ("3.14.4",),
            "3.14.4 as written: a suspended stack returns only when all battles have ended; a "
            "stack suspended by a battle that occurred during another battle waits on after that "
            "battle ends, on top of the stack the waiting battle suspended, until the waiting "
            "battle ends too.",
            "3.14.4の文言どおり、待機中のスタックは全てのバトルが終了した時に戻ります。バトル中に発生した"
            "バトルが待機させたスタックは、そのバトルの終了後も、待機中のバトルが待機させたスタックの上で"
            "待機し、待機中のバトルも終了した時に戻ります。")
rests_on(READINGS, "suspended-stack-return", "own-battle", ("3.11.2", "3.11.3"))
_r("procedure-every-grant", ("4.6.3", "4.16.2", "4.8.12-1"), ("ambiguity", "every-grant"),
   "4.6.3 runs the rule effects and triggers whenever 「どちらかのプレイヤーが優先権を獲得する」; "
   "4.16.2 ends with 「アクティブプレイヤーが優先権を獲得します」",
   "The engine runs the procedure before every grant of priority, to either player (also when "
   "the non-active player receives it after a pass, which 4.8.12-1 needs). 4.16.2 describes the "
   "usual grant after an action or resolution, which goes to the active player (4.6.2).",
   "優先権がいずれのプレイヤーに与えられる場合も、その前に手順を実行します（パスの後に非アクティブ"
   "プレイヤーが獲得する場合を含みます。4.8.12-1がこれを必要とします）。4.16.2は行動や解決の後の"
   "通常の獲得（アクティブプレイヤー、4.6.2）を述べたものと読みます。",
   "digest d0.md §3.3")
alternative(READINGS, "procedure-every-grant", "active-player", ("4.16.2",),
            "4.16.2 as written: the procedure runs whenever either player would receive priority, "
            "and ends with 「アクティブプレイヤーが優先権を獲得します」: when it has put something on "
            "the stack, the active player receives priority, even if the non-active player was "
            "about to.",
            "4.16.2の文言どおり、手順はどちらかのプレイヤーが優先権を獲得する時に行われ、「アクティブ"
            "プレイヤーが優先権を獲得します」で終わります。手順によりスタックに何かが乗せられた場合、"
            "非アクティブプレイヤーが獲得するところであっても、アクティブプレイヤーが優先権を獲得します。")
rests_on(READINGS, "procedure-every-grant", "every-grant", ("4.6.3", "4.8.12-1"))
_r("battle-on-arrival", ("4.16.4-3", "3.11.1-2"), "gap",
   "A unit is put into a square where a battle is already going on: does it cause a new battle?",
   "No: it joins the running battle as a battling unit (3.11.1-2). A battle occurs (4.16.4-3) "
   "when a unit is put into a square with a unit of another controller and no battle is going "
   "on there; units that merely stay together (e.g. after the end-of-battle rule effect was "
   "replaced) cause none.",
   "いいえ。そのユニットは続いているバトルの「バトルをしているユニット」になります（3.11.1-2）。"
   "バトルが発生する（4.16.4-3）のは、バトルが行われていないスクエアに、異なる支配者のユニットが"
   "あるところへユニットが置かれた時です。単に同じスクエアにあり続けるユニットはバトルを発生させ"
   "ません。",
   "judgekit engine (4.16.4-3 「置かれた時」, 3.11.1-2)")
_r("stack-change", ("4.6.2", "4.8.12-1", "4.6.3"), "gap",
   "A player passed; before the opponent receives priority the procedure puts an ability on the "
   "stack (a revealed hand card's ability, 4.8.12-1). Does the earlier pass count towards 'both "
   "players passed in succession'?",
   "No: passes count in succession only while the stack stays as it was. Once the procedure "
   "has put something on the stack, the player who receives priority may pass, and then the "
   "other player receives priority again before the new top of the stack resolves (4.6.2).",
   "いいえ。連続した優先権の放棄は、スタックの内容が変わらない間に限って数えます。手順によって"
   "スタックに何かが乗せられた後は、優先権を獲得したプレイヤーが放棄しても、新しいスタックの"
   "一番上が解決される前にもう一方のプレイヤーが再び優先権を獲得します（4.6.2）。",
   "judgekit engine (4.6.2 does not say)")

_r("special-play-own-area", ("5.8.2", "5.3.2", "4.16.4-8", "4.16.4-9"),
   ("ambiguity", "own-area"),
   "A unit played onto a center-area square through 召集 or 隊列召喚 'as if it were your own "
   "area': does 4.16.4-8 / 4.16.4-9 (a unit played specifying a center-area square goes to the "
   "graveyard) apply to it?",
   "No: 5.3.2 and 5.8.2 make the play one onto a square treated as the player's own area, so it "
   "is not a play specifying a center-area square; the unit stays (this is what a formation "
   "onto the center square is for).",
   "いいえ。5.3.2・5.8.2により、そのプレイは自軍エリアであるかのように扱うスクエアへのプレイであり、"
   "中央エリアのスクエアを指定したプレイではないため、ユニットは墓地に置かれません（中央ラインの"
   "中央エリアを指定する隊列はそのためのものと読みます）。",
   "judgekit engine (5.8.2 「自軍エリアであるかのように」)")
alternative(READINGS, "special-play-own-area", "center-area", ("4.16.4-8", "4.16.4-9"),
            "The square is still a center-area square the play specified: 4.16.4-8 / 4.16.4-9 "
            "apply, and the unit goes to the graveyard when no battle occurs there (or at the end "
            "of the battle it causes).",
            "指定したスクエアは中央エリアのスクエアであるため4.16.4-8・4.16.4-9を適用し、バトルが"
            "発生しなければ（発生した場合はそのバトル終了時に）ユニットは墓地に置かれます。")
rests_on(READINGS, "special-play-own-area", "own-area", ("5.8.2", "5.3.2"))


def reading(rid: str) -> dict:
    return READINGS[rid]
