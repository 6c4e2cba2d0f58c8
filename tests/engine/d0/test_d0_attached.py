"""闘気 cards (第6部第1章) and 結合 (第6部第6章): what each clause means, pinned on the bundled
examples (`B`, joined to test_d0_rules' table of one behaviour test per registered clause), and
the board-file form (nested `aura:` / `bound:`, board check, the final board)."""

from __future__ import annotations

import pytest
from d0_helpers import run_example, run_text

from judgekit.board import BoardSyntaxError, load_text
from judgekit.board.dump import dump_yaml
from judgekit.engine.d0.status import status


def _msg(r, cid: str, *words) -> bool:
    return any(all(w in s.message for w in words) for s in r.citing(cid))


def _under(r, cid: str) -> str | None:
    h = r.b.attached_to(r.b.cards[cid])
    return h[0].id if h else None


B = {
    # 4.15.7: the Pony's 「置いてよい」 contains the impossible (no card without 闘気): not chosen,
    # nothing asked, the Pony goes to the graveyard
    "4.15.7": ("EX4.15.7", lambda r: r.zone("PP") == "P1.graveyard"
               and not any(c.key == "PP" for s in r.steps for c in s.choices)),
    # 6.1.1: face down under a unit or base, and only there (the Pony under the dragon)
    "6.1.1": ("EX6.1.11", lambda r: _under(r, "PP") == "GD" and r.card("PP").face == "down"),
    # 6.1.3: a 闘気 card is in its card's square
    "6.1.3": ("EX6.1.5b", lambda r: r.zone("D1") == r.zone("SS") == "L1"
              and _under(r, "D1") == "SS"),
    # 6.1.4: square to square, the 闘気 card goes along, still under it
    "6.1.4": ("R6.6.5", lambda r: r.zone("T1") == "C2" and _under(r, "T1") == "GD"),
    # 6.1.5: the unit goes to the hand; its 闘気 cards to their owner's graveyard at once
    "6.1.5": ("EX6.1.5a", lambda r: r.zone("KN") == "P2.hand" and r.zone("T1") == "P2.graveyard"
              and r.count("P2", "graveyard") == 2),
    # 6.1.6: the Pony is not offered as its own card to go under
    "6.1.6": ("EX6.1.11", lambda r: _msg(r, "6.1.6", "PP", "card being put")),
    # 6.1.6-1: nor the 闘気 card under the base
    "6.1.6-1": ("EX6.1.11", lambda r: _msg(r, "6.1.6-1", "T3") and _under(r, "T3") == "FT"),
    # 6.1.8: a 闘気 card is no unit: the Pony under the dragon is no battling unit, nothing
    # counts it as one
    "6.1.8": ("EX6.1.11", lambda r: r.card("PP") not in r.b.units_on("C1")),
    # 6.1.10: the unit card that was a 闘気 card went to the graveyard; the watcher of 「あなたの
    # ユニット」 did not trigger
    "6.1.10": ("R6.6.6", lambda r: r.zone("T1") == "P2.graveyard" and not r.b.stack
               and r.count("P2", "hand") == 0),
    # 6.1.11: the Pony is not put under 神竜の書
    "6.1.11": ("EX6.1.11", lambda r: _msg(r, "6.1.11", "SB") and "PP" not in r.card("SB").aura),
    # 6.6.1: 「このカードを結合する」 binds the resolving strategy with the unit
    "6.6.1": ("EX6.6.4", lambda r: _msg(r, "6.6.1", "SB", "GD")),
    # 6.6.2: face up on the square
    "6.6.2": ("EX6.6.4", lambda r: r.card("SB").face in (None, "up") and r.zone("SB") == "C1"),
    # 6.6.4: with its unit, in its square
    "6.6.4": ("EX6.6.4", lambda r: _under(r, "SB") == "GD"
              and r.count("P1", "graveyard") == 0),
    # 6.6.5: square to square, the 結合 strategy goes along
    "6.6.5": ("R6.6.5", lambda r: r.zone("SB") == "C2" and _under(r, "SB") == "GD"),
    # 6.6.6: the unit goes to the graveyard; its 結合 strategy to its owner's graveyard at once
    "6.6.6": ("R6.6.6", lambda r: r.zone("SB") == "P1.graveyard"
              and r.zone("GD") == "P1.graveyard"),
}


def test_a_replaced_aura_card_goes_where_the_replacement_says():
    # 6.1.5 【例】2: スケイル・シューター sends the 闘気 card under the opponent's unit to its
    # owner's smash zone, released, instead of the graveyard; its own stays
    r = run_example("EX6.1.5b")
    assert r.zone("D2") == "P2.smash" and r.state("D2") == "released"
    assert r.count("P2", "graveyard") == 0 and _under(r, "D1") == "SS"
    assert r.citing("4.15.2") and r.citing("6.1.5")


def test_the_aura_cards_leave_before_their_card_in_the_same_move():
    # 6.1.5: 「同時に」 — one move; the 闘気 cards first, while they are still under it, so that
    # what they were there (no unit, 6.1.8) is what the events see
    r = run_example("R6.6.6")
    order = [ch["card"] for _, ch in r.changes("move") if ch["from"] == "C1"]
    assert order.index("T1") < order.index("GD") and order.index("SB") < order.index("GD")


_BOARD = """
format: judgekit-board/1
ruleset: d0
game: {{turn: 3, turn_player: P1, phase: main, priority: P1}}
players:
  P1: {{deck: 10}}
  P2: {{deck: 10}}
squares:
  C1:
    - id: U
      name: ユニット
      power: 3000
      owner: P1
{extra}
"""


def test_the_file_form_nests_the_cards_under_their_card_and_writes_them_back():
    text = _BOARD.format(extra="      aura: [{id: T, name: 闘気, owner: P2}, {unknown: 2}]\n"
                               "      bound: [{id: S, name: 神竜の書, type: strategy, owner: P1}]")
    b = load_text(text, "<t>")
    assert b.cards["U"].aura == ["T", "C1#1", "C1#2"] and b.cards["U"].bound == ["S"]
    assert all(b.cards[i].zone == "C1" and b.cards[i].face == "down" for i in b.cards["U"].aura)
    assert not [f for f in status(b) if f.severity in ("error", "warning")]
    again = load_text(dump_yaml(b), "final.yaml")
    assert again.cards["U"].aura == b.cards["U"].aura and again.cards["T"].owner == "P2"


@pytest.mark.parametrize("extra, code, clause", [
    ("      bound: [{id: S, name: 神竜の書, type: unit, power: 1000, owner: P1}]",
     "BOUND_NOT_STRATEGY", "6.6.1"),
    ("      aura:\n        - {id: T, name: 闘気, owner: P1, aura: [{id: T2, owner: P1}]}",
     "AURA_UNDER_ATTACHED", "6.1.6-1"),
])
def test_a_board_that_breaks_the_rules_of_attached_cards_is_flagged(extra, code, clause):
    b = load_text(_BOARD.format(extra=extra), "<t>")
    flags = [f for f in status(b) if f.code == code]
    assert flags and clause in flags[0].clauses and flags[0].severity == "error"


def test_a_bound_strategys_other_text_is_said_not_to_be_read():
    b = load_text(_BOARD.format(extra="      bound:\n        - {id: S, name: 神竜の書, type: strategy, "
                                      "owner: P1, abilities: [{static: modify, power: 2000, "
                                      "to: {type: unit}}]}"), "<t>")
    flags = [f for f in status(b) if f.code == "BOUND_TEXT_NOT_READ"]
    assert flags and flags[0].severity == "warning" and "6.6.3" in flags[0].clauses


def test_an_unknown_key_under_a_card_is_a_syntax_error_naming_the_nearest():
    with pytest.raises(BoardSyntaxError) as e:
        load_text(_BOARD.format(extra="      auras: [{unknown: 1}]"), "<t>")
    assert "<t>:14:7:" in str(e.value) and "aura, bound" in str(e.value)


def test_a_card_with_aura_moved_by_the_attached_list_only_once():
    # a card is never both under a card and moved again on its own in the same move
    r = run_text(_BOARD.format(extra="      aura: [{id: T, name: 闘気, owner: P1}]").replace(
        "players:\n  P1: {deck: 10}", """players:
  P1:
    deck: 10
    hand:
      - {id: K, name: 消去, type: strategy, cost: {black: 1},
         abilities: [{spell: [{destroy: {all: {type: unit}}}]}]}
    energy: [{id: e1, colors: [black]}]""") + "actions: [{play: K, pay: [e1]}, pass, pass]\n")
    assert r.zone("U") == "P1.graveyard" and r.zone("T") == "P1.graveyard"
    assert [m for m in r.moves_of("T")] == [("C1", "P1.graveyard")]


def test_one_card_to_put_a_aura_card_under_is_the_controllers_choice():
    # 「…あなたのユニット1体の下に、山札の上からカードを1枚闘気カードとして裏向きに置く」: asked on
    # resolution, answered in choices under the card's id; the top card goes face down under it
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, phase: main, priority: P1}
players:
  P1:
    deck: [{id: D1, name: 一番上}, {unknown: 5}]
    hand:
      - {id: K, name: 闘気の儀式, type: strategy, cost: {red: 1},
         abilities: [{spell: [{aura_from_deck: 1, under: {one: {type: unit, controller: you}}}]}]}
    energy: [{id: e1, colors: [red]}]
  P2: {deck: 10}
squares:
  C1: [{id: U1, name: 一, power: 1000, owner: P1}]
  R1: [{id: U2, name: 二, power: 1000, owner: P1}]
actions: [{play: K, pay: [e1]}, pass, pass]
choices: {K: [U2]}
""")
    assert _under(r, "D1") == "U2" and r.zone("D1") == "R1" and r.card("D1").face == "down"
    assert r.count("P1", "deck") == 5 and not r.card("U1").aura


def test_the_picture_shows_the_cards_under_a_card_on_it():
    from judgekit.engine.d0.view import VIEW

    b = load_text(_BOARD.format(extra="      aura: [{unknown: 2}]\n"
                                      "      bound: [{id: S, name: 神竜の書, type: strategy}]"),
                  "<t>")
    assert VIEW.chip_tags(b, b.cards["U"], {}, {})[:2] == ["+闘気2", "+結合"]


def test_a_aura_cards_own_abilities_cannot_be_activated():
    # 6.1.8: under a unit the card is no unit — its printed 起動型能力 is not there to use
    r = run_text(_BOARD.format(extra="      aura:\n        - {id: T, name: 元ユニット, power: 1000, "
                                     "owner: P1, abilities: [{activated: true, effect: "
                                     "[{draw: 1}]}]}") + "actions: [{activate: T}]\n")
    assert r.run.stop == "illegal_action" and r.count("P1", "hand") == 0


def test_seizure_order_puts_the_dragon_on_top_and_its_bound_strategy_into_the_graveyard():
    # 6.6.6 【例】: 「ギャラクシー・ドラゴン」は山札の上に置かれ、「神竜の書」は墓地に置かれます
    r = run_example("EX6.6.6")
    assert r.pl("P1", "deck")[0] == "GD" and r.card("GD").face == "down"
    assert r.pl("P1", "graveyard") == ["SB"] and r.citing("6.6.6")
