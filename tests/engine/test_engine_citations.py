"""Citations the clause audit corrected: each test states, from the clause text, which clause a
step may cite and which it must not (a real but wrong clause is the worst bug a ruling can have).
"""

from __future__ import annotations

from engine_helpers import RunView, run_example

from judgekit.board import load_text
from judgekit.engine.run import run_board

HEAD = """format: judgekit-board/1
ruleset: zx
edition: Ver.1.59
game: {turn: 3, turn_player: P1, first_player: P1, step: "506.2"}
"""


def run_text(text: str) -> RunView:
    return RunView(run_board(load_text(HEAD + text)))


def played(r: RunView, card: str):
    """The 702.2b step that plays `card`'s triggered ability."""
    (st,) = [s for s in r.steps if s.kind == "play" and "702.2b" in s.cites and card in s.cards]
    return st


# ---- 808.6 / 803.2c / 813.1: only a card that is no longer where the event happened ---------------
# 808.6: 「その自動能力を持っていたカードが事象発生時点でのゾーンにない…場合でも…プレイされ」, using
# the card's last information in that zone (813). A card whose 登場時 ability triggered is on the
# square when the event happens (1006.1: appearing is the move onto the square).

LKI = ("808.6", "803.2c", "813.1")


def test_an_appear_trigger_of_a_card_still_on_its_square_is_not_last_known_information():
    r = run_example("T20")
    assert r.zone("A") == "M-C"
    st = played(r, "A")
    assert not set(LKI) & set(st.cites)
    assert "last-known" not in st.message


def test_a_destroyed_cards_own_trigger_uses_last_known_information():
    r = run_example("R808-last")
    assert r.zone("B") == "P2.charge"
    assert set(LKI) <= set(played(r, "B").cites)


def test_an_appear_trigger_whose_card_left_the_square_before_it_is_played_is_808_6():
    # P2's B destroys the zekusu that appeared (the turn player puts B's trigger first), so A
    # is no longer on the square where it appeared when its own 登場時 ability is played.
    r = run_text("""
players:
  P1:
    deck: 20
    life: 4
    hand:
      - {id: A, power: 3000, cost: 0,
         abilities: [{auto: appears, of: self, effect: [{draw: 1}]}]}
  P2: {deck: 20, life: 4, hand: 3}
squares:
  N-C: [{id: P2pc, type: player, owner: P2}]
  N-L:
    - id: B
      power: 3000
      owner: P2
      abilities:
        - {auto: appears, of: {controller: opponent, type: zekusu}, effect: [{destroy: event_card}]}
  S-C: [{id: P1pc, type: player, owner: P1}]
actions: [{play: A, square: M-C}]
choices: {"808.2a": [B]}
""")
    assert r.zone("A") == "P1.charge" and r.count("P1", "hand") == 1
    st = played(r, "A")
    assert set(LKI) <= set(st.cites) and "last-known" in st.message
    assert not set(LKI) & set(played(r, "B").cites)


# ---- 808.3c: k triggers for k cards of one simultaneous move — not for a single trigger ---------------
# 808.3c: 「その能力は同時にそのゾーンに移動したカードの枚数分誘発します」 (バーベナ: 3 cards, 3
# triggers). 808.3b: a card moving together with others sees their move (卑弥呼).

def test_808_3c_is_cited_when_one_move_triggers_an_ability_once_per_card():
    r = run_example("R808-triggered")
    steps = [s for s in r.steps if s.kind == "trigger" and "Bar" in s.cards]
    assert len(steps) == 3 and all("808.3c" in s.cites for s in steps)


def test_himiko_sees_the_other_card_808_3b_but_triggers_once_so_not_808_3c():
    r = run_example("T22")
    (st,) = [s for s in r.steps if s.kind == "trigger" and "Him" in s.cards]
    assert r.triggers_of("Him#1") == 1
    assert "808.3b" in st.cites and "808.3c" not in st.cites


# ---- 1007.1 / 1204.2 only for what is destroyed; 1106.2 / 102.6 on the card they protect --------------
# 1204.2: 「そのキーワード処理により破壊されたゼクスは、その効果により破壊されたとみなされます」 — a
# card that 'cannot be destroyed' (102.6) is not destroyed, so it is not destroyed by the effect.
# 1106.2: 絶界 — the card cannot be chosen by 『ゼクスを…選ぶ』.

def test_a_card_that_cannot_be_destroyed_is_not_said_to_be_destroyed_by_the_effect():
    r = run_example("R1106")
    assert r.zone("G") == "N-R" and r.zone("Q") == "P2.charge"
    for s in r.citing("1204.2") + r.citing("1007.1"):
        assert "G" not in s.cards or "not destroyed" in s.message
    assert any("G" in s.cards for s in r.citing("102.6"))
    assert [s.cards for s in r.citing("1204.2")] == [["Q"]]


def test_1106_2_is_cited_on_the_card_with_zekkai_that_could_not_be_chosen():
    r = run_example("R1106")
    (st,) = r.citing("1106.2")
    assert st.cards == ["Z"] and "絶界" in st.message and r.zone("Z") == "N-L"


# ---- 302.4 only when a card moves; 813.2 explains why nothing does --------------------------------------
# 302.4 is about where a card that moves goes (its owner's zone); with no card identified (813.2)
# nothing moves, so there is no destination to cite.

def test_a_move_of_cards_that_cannot_be_identified_cites_813_2_not_302_4():
    r = run_example("T23b")
    (st,) = r.citing("813.2")
    parent = r.steps[st.parent]
    assert "302.4" not in parent.cites and "nothing moves" in parent.message
    assert r.zone("Z") == "P1.charge"
    assert "この能力でスクエアに置いたカード" in st.message_ja  # the Japanese line is Japanese


# ---- readings name the clauses of every place they are relied on ----------------------------------------
# ignition-play-806: 505.3a and 1010.1 say 「プレイ(803)」; the play of a card is 806.1a (「804.2に従って、
# そのカードをプレイします」), its resolution 806.1f. controller-trash: 905.1–905.3 and 908.1 all say
# 支配者のトラッシュ, against 302.4 (the owner's zone).

def test_the_ignition_reading_weighs_505_3a_and_1010_1_against_the_play_clause_806_1a():
    from judgekit.engine.zx.readings import READINGS

    assert READINGS["ignition-play-806"]["clauses"] == ["505.3a", "1010.1", "806.1a"]
    assert {"905.1", "905.2", "905.3", "908.1", "302.4"} == set(
        READINGS["controller-trash"]["clauses"])


def test_every_step_that_relies_on_a_reading_applies_one_of_its_clauses():
    import os

    from engine_helpers import EXAMPLES
    from judgekit.engine.zx.readings import READINGS

    seen = set()
    for path in EXAMPLES:
        r = run_example(os.path.basename(path)[:-5])
        for s in r.steps:
            for rid in s.readings:
                seen.add(rid)
                chain, p = set(s.cites), s.parent
                while p is not None:
                    chain |= set(r.steps[p].cites)
                    p = r.steps[p].parent
                assert chain & set(READINGS[rid]["clauses"]), (path, s.index, rid)
    assert {"controller-trash", "ignition-play-806"} <= seen


# ---- 1204.3b: a rule effect that arose from the first rule effect — not from a triggered ability ----------
# 1204.3b: 「優先権前処理の最初のルールエフェクトを処理したことにより、新たなルールエフェクトが発生し、
# それによって…破壊されることとなった場合」. Here W survives the first pass after Ab's damage; only
# when Ab's second triggered ability destroys P (and W loses P's +500) does W die. That rule effect
# arose from the triggered ability, not from the first rule effect: 1204.3b does not apply, and W
# is not destroyed by Ab's damage either (1204.3: only the first pass after the effect).

TRIGGER_THEN_LETHAL = """
players:
  P1:
    deck: 20
    life: 4
    hand:
      - id: Ab
        power: 6000
        cost: 0
        abilities:
          - {auto: appears, of: self,
             effect: [{damage: 4600, to: {choose: 1, from: {controller: opponent, type: zekusu}}}]}
          - {auto: appears, of: self, effect: [{destroy: P}]}
  P2: {deck: 20, life: 4, hand: 3}
squares:
  N-C: [{id: P2pc, type: player, owner: P2}]
  N-L: [{id: P, power: 5000, races: [エンジェル], owner: P2}]
  N-R:
    - id: W
      power: 4500
      races: [エンジェル]
      owner: P2
      abilities:
        - {static: power, amount: 500, per: {controller: you, race: エンジェル, other: true}}
  S-C: [{id: P1pc, type: player, owner: P1}]
actions: [{play: Ab, square: M-C}]
choices: {"808.2a": ["Ab#1"], "Ab#1": [[W]]}
"""


def test_a_destruction_after_a_triggered_ability_resolved_is_not_1204_3b():
    r = run_text(TRIGGER_THEN_LETHAL)
    assert r.zone("W") == "P2.charge" and r.zone("P") == "P2.charge"
    (st,) = [s for s in r.citing("904.1") if "W" in s.cards]
    assert not {"1204.3", "1204.3a", "1204.3b"} & set(st.cites)
    assert "by the effect" not in st.message


def test_1204_3b_still_applies_to_the_rule_effect_that_arose_from_the_first_pass():
    r = run_example("T24b")
    (st,) = r.citing("1204.3b")
    assert st.cards == ["W"] and "first rule effect" in st.message
    assert "1204.3" in r.citing("904.2")[0].cites  # P: first pass after the effect


# ---- 506.2 vs 603.1b: where the hand rule comes from depends on the step -----------------------------------
# 603.1b: in the battle event step the player may play 「手札のイベントカード」; 506.2 is the main phase.

def test_playing_a_card_not_in_hand_in_the_battle_event_step_cites_603_1b_not_506_2():
    head = HEAD.replace('step: "506.2"}', 'step: "603.1b", battle: {attacker: A, target: B, '
                        'attacker_square: M-C, target_square: M-L}}')
    r = RunView(run_board(load_text(head + """
players:
  P1: {deck: 20, life: 4, hand: 1,
       charge: [{id: E, type: event, cost: 0, abilities: [{event: [{draw: 1}]}]}]}
  P2: {deck: 20, life: 4, hand: 3}
squares:
  N-C: [{id: P2pc, type: player, owner: P2}]
  M-L: [{id: B, power: 3000, owner: P2}]
  M-C: [{id: A, power: 5000, owner: P1, state: sleep}]
  S-C: [{id: P1pc, type: player, owner: P1}]
actions: [{play: E}]
""")))
    assert r.run.stop == "illegal_action" and r.zone("E") == "P1.charge"
    assert r.run.error["cites"] == ["603.1b"]


def test_a_player_shielded_by_a_zx_ob_is_not_said_to_be_dealt_battle_damage():
    r = run_example("R604-overboost")
    (st,) = r.citing("604.3b")
    assert "would deal" in st.message and r.pdamage("P2") == 0
    assert any(r.steps[s.parent] is st for s in r.citing("604.3c"))


# ---- 905.2 vs 905.3 on a player square: an interpretation, so a reading --------------------------------
# 905.2 removes every zekusu whose controller differs from the oldest-placed one's; 905.3 removes a
# zekusu the square's player does not control. When the oldest is such an illegal zekusu, the two
# give different results depending on whether they are judged at once; the engine's choice is a
# documented reading that cites both clauses.

def test_905_3_before_905_2_is_a_reading_citing_both_clauses():
    from judgekit.engine.zx.readings import READINGS

    r = run_example("R905-player-square")
    assert r.zone("X") == "P1.trash" and r.zone("Y") == "N-C"
    (st,) = r.citing("905.3")
    assert st.readings == ["player-square-905-order"] and not r.citing("905.2")
    assert {"905.2", "905.3"} <= set(READINGS["player-square-905-order"]["clauses"])


def test_905_3_alone_needs_no_reading():
    r = run_example("T07")
    (st,) = r.citing("905.3")
    assert "player-square-905-order" not in st.readings
