"""Where the Z/X rules contradict themselves or leave a gap, the reading the engine follows.

Each reading cites the clauses in tension: every clause at which the engine relies on it and the
clause it is weighed against (two or more real clause ids). It says what the engine does and
where that comes from (the specification digest, docs/zx.md §3.3 / §3.10 / §8).
A step that depends on a reading lists its id in `step.readings`; the run lists every reading
it applied, so the ruling report can show them with both clauses.
"""

from __future__ import annotations

from ..readings import alternative, define, rests_on

READINGS: dict[str, dict] = {}


def _r(rid: str, clauses: tuple, kind, title: str, reading: str, reading_ja: str,
       source: str) -> None:
    kind, default = (kind, "") if isinstance(kind, str) else kind
    define(READINGS, rid, clauses, kind, title, TITLES_JA[rid], reading, reading_ja, source,
           default=default)


# the question each reading answers, in Japanese (a Japanese ruling is headed by these)
TITLES_JA = {
    "replacement-once": "置換効果は、自らの「かわりに」で発生した事象にも再び適用されるか"
                        "（812は適用の回数を定めていない）",
    "battle-damage-208.3": "208.3は攻撃ゼクスが自身のパワーに等しいダメージを「与えません」とし、"
                           "604.3aは「与えます」とする",
    "controller-trash": "905・908は支配者のトラッシュに置くとし、302.4はプレイヤーごとのゾーンは"
                        "所有者のものとする",
    "charge-limit-906-example": "906.1の例示（ルシファーの破壊、チャージ5枚→1枚）は、破壊された"
                                "カードが同じチャージに置かれない場合にのみ成り立つ",
    "909-in-preprocessing": "2017年11月29日の変更履歴は909をただちに実行されるルールエフェクトに"
                            "加えたとするが、901.2・901.2aに記載がなく、909.2は優先権前処理に"
                            "ついて述べている",
    "batch-passes": "702.2aの1回のチェックで、処理すべきルールエフェクトをすべて実行してから"
                    "再びチェックするか",
    "revalidate": "処理すべき各ルールエフェクトは、実行する直前に改めて条件を確認するか",
    "restart-first-pass": "907による再実行（「再び最初から」）の後の最初のパスは、1204.3の"
                          "「最初のルールエフェクト」にあたるか",
    "restart-after-reload": "優先権前処理中のリロードエフェクト（902）は優先権前処理を再実行させるか",
    "ignition-play-806": "505.3a・1010.1は「プレイ」に803を参照しているが、803は有効な能力と"
                         "無効な能力についての規定である",
    "ex-in-temporary": "910.1は、プレイ中に通過するテンポラリーを含め、スクエアとデュナミス以外の"
                       "ゾーンに置かれたゼクス エクストラをデュナミスに戻すとも読める",
    "resource-enters-rebooted": "2024年の遊び方は、多色のカードはその色がすべてリソースにない限り"
                                "スリープでリソースに置かれるとし、総合ルールはリブートで置かれる"
                                "とする",
    "player-square-905-order": "プレイヤースクエアで最も古く置かれたゼクスが905.3で移動される不正な"
                               "ゼクスである場合でも、905.2はそのプレイヤーのゼクスを移動させるか",
    "cannot-destroy-once": "破壊されないゼクスが致死ダメージを受けたまま残る場合、致死ダメージエフェクトは"
                           "702.2aのチェックのたびに「処理すべき」ものとなり続けるか",
    "end-phase-order": "2024年の遊び方は「ターン終了時まで」の効果が終わる前に手札の上限まで"
                       "捨てるとし、総合ルールは先に効果を終わらせる（507.7の後に507.8）",
}


_r("battle-damage-208.3", ("208.3", "604.3a"), "defect",
   "208.3 says an attacker does NOT deal damage equal to its power; 604.3a says it does",
   "The engine follows 604.3a (and 1001.1): the attacker deals damage equal to its power. "
   "208.3's 「与えません」 contradicts the clause it cites and reads as a negation error.",
   "604.3a（および1001.1）に従い、攻撃ゼクスは自身のパワーに等しいダメージを与えるものとします。"
   "208.3の「与えません」は自らが参照する604.3と矛盾するため、否定の誤記と読みます。",
   "digest §3.10 item 1")
_r("controller-trash", ("905.1", "905.2", "905.3", "908.1", "302.4"), ("contradiction", "controller"),
   "905/908 put cards into the controller's trash; 302.4 says per-player zones are the owner's",
   "The engine follows the specific wording of 905/908 (支配者のトラッシュ) over the general "
   "302.4: the card goes to its controller's trash.",
   "一般規定302.4よりも905・908の明文（支配者のトラッシュ）を優先し、支配者のトラッシュに置きます。",
   "digest §3.10 item 3, §4.6")
alternative(READINGS, "controller-trash", "owner", ("302.4", "301.2b"),
            "302.4 governs: a card that an ability or a rule moves to a zone each player has goes "
            "to its OWNER's zone, so 905/908 put a card another player owns into that owner's "
            "trash; 支配者のトラッシュ is read as naming the zone's kind, not whose it is.",
            "302.4に従い、能力やルールにより各プレイヤーが所有するゾーンに移動するカードは所有者の"
            "ゾーンに移動するため、905・908は他のプレイヤーが所有するカードをその所有者のトラッシュに"
            "置きます。「支配者のトラッシュ」はゾーンの種類を示すものと読みます。")
_r("charge-limit-906-example", ("906.1", "1007.1"), "defect",
   "The 906.1 example (ルシファー destroyed with 5 charge → 1 card) only adds up if the "
   "destroyed card did not enter the same charge",
   "The engine counts the charge as it is: a destroyed zekusu goes to its OWNER's charge "
   "(1007.1) before 906 is checked, so an owner with 5 cards whose limit returns to 4 has 6 and "
   "trashes 2. The example's 1 card holds only when the card went to another player's charge.",
   "破壊されたゼクスは所有者のチャージに置かれてから（1007.1）906がチェックされます。"
   "所有者自身のチャージが5枚なら6枚となり2枚をトラッシュに置きます。例示の1枚は、そのカードが"
   "他のプレイヤーのチャージに置かれた場合にのみ成り立ちます。",
   "digest §3.10 item 4, scenario T08")
_r("909-in-preprocessing", ("909.1", "901.2a", "901.2", "909.2"), ("contradiction", "clause-text"),
   "The 2017/11/29 change log adds 909 to the immediately executed rule effects, but 901.2 / "
   "901.2a do not list it and 909.2 speaks of pre-processing",
   "The engine checks 909 in priority pre-processing only (the current clause text).",
   "現行の条文（901.2・901.2a・909.2）に従い、909は優先権前処理でのみチェックします。",
   "digest §3.3, §3.10 item 5")
alternative(READINGS, "909-in-preprocessing", "change-log", ("909.1", "901.2a"),
            "The change log of 2017/11/29 governs: 909 is one of the rule effects executed at "
            "once, whenever its condition arises (as 901.2a's), so a player left without a "
            "player card on the squares gets the virtual player card immediately, not at the "
            "next pre-processing.",
            "2017年11月29日の変更履歴に従い、909はただちに実行されるルールエフェクト（901.2aと同じ）"
            "であるとし、スクエアに種類がプレイヤーのカードがなくなったプレイヤーは、次の優先権前処理"
            "を待たずに、ただちに仮想のプレイヤーカードを置きます。")
rests_on(READINGS, "909-in-preprocessing", "clause-text", ("901.2", "909.2"))
_r("batch-passes", ("702.2a", "1204.3b"), "gap",
   "Does one 702.2a check execute every pending rule effect before checking again?",
   "Yes: each pass detects every pending rule effect and executes them in the 901.2b order "
   "before the next pass; 1204.3b's example (the second 《空のシエル》 dies from a rule effect "
   "that arose from the first) requires such passes.",
   "1回のチェックで検出したすべてのルールエフェクトを901.2bの順に実行してから再チェックします"
   "（1204.3bの例示がこの読み方を要求します）。",
   "digest §3.3 (ambiguity), §3.4")
_r("revalidate", ("901.2b", "702.2a"), "gap",
   "Is each pending rule effect checked again just before it is executed?",
   "Yes: an effect whose condition no longer holds when its turn comes in the 901.2b order is "
   "skipped (e.g. a zekusu already trashed by 905 is no longer destroyed by 904).",
   "901.2bの順番で実行する直前に条件を再確認し、成立しなくなったものは実行しません"
   "（905でトラッシュに置かれたゼクスは904で破壊されません）。",
   "digest §3.3 (recommended), change log 2017/08/14")
_r("restart-first-pass", ("907.2e", "1204.3"), "gap",
   "After a 907 restart (「再び最初から」), is the next pass a 'first rule effect' for 1204.3?",
   "The first pass of the 702.2a run that starts after an effect is its window: damage dealt "
   "before a restart (already checked by earlier passes) is not attributed again, but damage "
   "from an effect executed during 907.2e (an ignition event) is attributed in the first pass "
   "of the restarted run.",
   "効果の実行後に始まる702.2aの最初のパスが1204.3の対象です。再実行前に与えられたダメージは"
   "改めて帰属させず、907.2eで実行された効果（イグニッションのイベント等）のダメージは再実行後の"
   "最初のパスで帰属させます。",
   "digest §3.4 (open question)")
_r("restart-after-reload", ("902.1", "702.2a"), "gap",
   "Does a reload (902) during pre-processing restart pre-processing?",
   "No: 902 only interrupts and then continues what was being done (902.1 「その後処理中の行動の"
   "続きを行います」); pre-processing restarts only after 907 (907.2d/e).",
   "902は処理中の行動を中断し、その続きを行うだけであり、優先権前処理の再実行は907の後にのみ"
   "行います。",
   "digest §3.3, §3.4")
_r("ignition-play-806", ("505.3a", "1010.1", "806.1a"), "defect",
   "505.3a and 1010.1 cite 803 for 'play'; 803 is about enabled abilities",
   "The engine plays the revealed card per 806.1a (804.2) and resolves it per 806.1f, as "
   "907.2e's 「プレイ(806)」 says.",
   "505.3a・1010.1の「プレイ(803)」は参照先の誤りとみなし、907.2eの「プレイ(806)」と同じく"
   "806.1a（804.2）に従ってプレイし、806.1fに従って解決します。",
   "digest §2")
_r("ex-in-temporary", ("910.1", "804.2e"), "gap",
   "910.1 would return a Z/X EX put into any zone but a square or the dynamis — including the "
   "temporary zone it passes through while being played",
   "The engine does not apply 910/911 to a card in the temporary zone while it is being "
   "played; otherwise a Z/X EX could never be played.",
   "プレイ中にテンポラリーにあるゼクス エクストラ等には910・911を適用しません（適用するとプレイ"
   "できなくなるため）。",
   "judgekit engine")
_r("resource-enters-rebooted", ("308.2a", "504.3"), ("contradiction", "rules"),
   "The 2024 how-to-play guide says a multicolour card enters the resource sleeping unless all "
   "its colours are already there; the comprehensive rules say rebooted",
   "The engine follows the comprehensive rules Ver.1.59 (308.2a, 504.3): rebooted.",
   "総合ルールVer.1.59（308.2a・504.3）に従い、リブート状態で置きます。",
   "digest §8 item 2")
alternative(READINGS, "resource-enters-rebooted", "guide-2024", ("guide.cards.dynamis",),
            "The 2024 how-to-play guide: a multicolour card put into the resource when not all of "
            "its colours are already there is put there sleeping (the engine applies it to the "
            "card put there in the resource phase, 504.3).",
            "2024年の遊び方に従い、多色のカードは、その色すべてがリソースにない場合、スリープ状態で"
            "リソースに置かれます（エンジンはリソースフェイズに置くカード（504.3）に適用します）。")
_r("end-phase-order", ("507.7", "507.8"), ("contradiction", "rules"),
   "The 2024 guide discards down to the hand limit before 'until end of turn' effects end; the "
   "comprehensive rules end them first (507.7 before 507.8)",
   "The engine follows 507.7 then 507.8.",
   "総合ルールに従い、507.7の後に507.8を実行します。",
   "digest §8 item 5")

alternative(READINGS, "end-phase-order", "guide-2024", ("guide.turn.end",),
            "The 2024 how-to-play guide's order: the turn player discards down to the hand limit "
            "first, while the 'until end of turn' effects still apply, and those effects end "
            "after.",
            "2024年の遊び方の順番に従い、「ターン終了時まで」の効果が続いている間に手札の上限まで"
            "捨て、その後で効果が消滅します。")

_r("cannot-destroy-once", ("702.2a", "904.1", "102.6", "1201.1c"), "gap",
   "A zekusu that cannot be destroyed keeps its lethal damage: is the lethal damage effect 'to "
   "be processed' (702.2a) again at every check?",
   "No: the lethal damage effect is executed once for that zekusu's damage and power — the "
   "destruction does not happen (102.6) — and is not executed again until its damage, power or "
   "square changes or it can be destroyed again. Read literally, 702.2a would repeat it without "
   "end and 1201.1c would make every such game a draw, which 「破壊されない」 plainly does not "
   "intend; an action that could be done 0 times was not done (102.4).",
   "致死ダメージエフェクトは、そのゼクスのダメージとパワーについて1回だけ実行され（破壊は102.6により"
   "行われません）、ダメージ・パワー・スクエアが変わるか破壊できるようになるまで再び実行されません。"
   "文字どおりに読むと702.2aが終わらず1201.1cによりゲームが引き分けになりますが、「破壊されない」の"
   "意図ではありません（102.4：0回しか行えなかった行動は行われたことになりません）。",
   "judgekit engine (702.2a and 904 do not say how a 'cannot be destroyed' zekusu with lethal "
   "damage ends the checks)")
_r("player-square-905-order", ("905.3", "905.2"), ("ambiguity", "905.3-first"),
   "On a player square, when the oldest-placed zekusu is one 905.3 removes (the square's player "
   "does not control it), does 905.2 still remove that player's own zekusu there?",
   "No: the engine applies 905.3 first and judges 905.2 / 905.1 on the zekusu that remain, so "
   "the player's own zekusu stays. Judged all at once, 905.2 would send it to the trash as well "
   "because its controller differs from that of the illegal, older zekusu.",
   "905.3を先に適用し、残ったゼクスについて905.2・905.1を判断します。そのプレイヤー自身のゼクスは"
   "残ります（同時に判断すると、より古い不正なゼクスと支配者が異なるため905.2でトラッシュに置かれます）。",
   "judgekit engine (905.1–905.3 do not say how they combine)")

_r("replacement-once", ("812.1", "812.2"), "gap",
   "Does a replacement effect apply again to an event its own 「かわりに」 makes (812 does not say "
   "how often one applies)?",
   "No. Each replacement effect applies once to an event and to the events that replace it: it "
   "does not apply to what its own 「かわりに」 makes, as D0 4.15.6 and MTG 614.5 say in so many "
   "words. Read literally, 812.1 would make 「このカードがトラッシュに置かれる場合、かわりに"
   "トラッシュに置き、カードを1枚引く」 replace itself for ever, and two cards that each take the "
   "other's destruction would never end.",
   "いいえ。各置換効果は1つの事象と、それを置き換えた事象に1回だけ適用され、自らの「かわりに」で"
   "発生した事象には適用されません（D0の4.15.6やMTGの614.5が明記するとおり）。812.1を文字どおりに"
   "読むと、「このカードがトラッシュに置かれる場合、かわりにトラッシュに置き、カードを1枚引く」は"
   "自らを際限なく置き換え、互いの破壊を肩代わりする2枚のカードは終わりません。",
   "judgekit engine (812.1 and 812.2 do not say how often a replacement applies; issue 20)")


def reading(rid: str) -> dict:
    return READINGS[rid]
alternative(READINGS, "player-square-905-order", "together", ("905.2", "905.1"),
            "905.1–905.3 are one rule effect, each judged on the square as it is: 905.2 compares "
            "every zekusu with the oldest-placed one, the illegal one included, so the player's own "
            "zekusu whose controller differs from it goes to the trash as well.",
            "905.1〜905.3は1つのルールエフェクトであり、それぞれをその時点のスクエアについて判断します。"
            "905.2は不正なゼクスを含めた最も古く置かれたゼクスと比べるため、それと支配者が異なる"
            "そのプレイヤー自身のゼクスもトラッシュに置かれます。")
rests_on(READINGS, "player-square-905-order", "905.3-first", ("905.3",))
