"""Races and attributes (2.8, 4.14.5-2/-3), static keyword grants (4.14.2), targets in the
graveyard, 「カードを引くことができない」 (1.1.2 / 1.1.1) and a number read from the board (1.2.2):
the D0 bindings of judgekit.engine.effects.attributes, grants and prohibit."""

from __future__ import annotations

from d0_helpers import example_path, run_example, run_text

from judgekit.engine.d0.values import has_keyword, races

_MULLER = """
format: judgekit-board/1
ruleset: d0
game: {{turn: 4, turn_player: P2, first_player: P1, phase: main, priority: P2}}
players:
  P1:
    deck: 20
    hand: 2
    graveyard:
{grave}
  P2:
    deck: 20
    hand:
      - id: K
        type: strategy
        cost: {{black: 1}}
        abilities:
          - spell: [{{destroy: target}}]
            target: {{filter: {{type: unit}}}}
    energy: [{{id: e1, colors: [black]}}]
squares:
  C1:
    - id: MU
      name: 真夜中の狩人ミュラー
      races: [ヴァンパイア]
      cost: {{black: 2, colorless: 1}}
      power: 2000
      owner: P1
      abilities:
        - trigger: to_graveyard
          target: {{zone: graveyard, filter: {{type: unit, cost_max: 3, not_race: ヴァンパイア}}}}
          effect: [{{to_hand: target}}]
actions:
  - {{play: K, targets: [MU], pay: [e1]}}
  - pass
  - pass
  - pass
  - pass
"""


def test_a_graveyard_target_excludes_the_race_and_returns_the_card_chosen():
    grave = """      - {id: VP, name: 夜の眷属, races: ヴァンパイア, cost: {black: 1}, power: 1000}
      - {id: BG, name: 大きな獣, races: ビースト, cost: {green: 4}, power: 4000}
      - {id: SM, name: 小さな獣, races: ビースト, cost: {green: 2}, power: 2000}"""
    r = run_text(_MULLER.format(grave=grave))
    # the only legal choice is SM: VP is a ヴァンパイア, BG costs 4, MU itself is a ヴァンパイア
    assert r.zone("SM") == "P1.hand"
    assert r.zone("VP") == "P1.graveyard" and r.zone("BG") == "P1.graveyard"
    assert not r.citing("1.1.3")


def test_a_graveyard_target_that_left_the_graveyard_is_illegal_on_resolution():
    text = _MULLER.format(grave="      - {id: SM, races: ビースト, cost: {green: 2}, power: 2000}")
    # before the ability resolves, SM leaves the graveyard
    text = text.replace("  - pass\n  - pass\n  - pass\n  - pass\n", "  - pass\n  - pass\n")
    r = run_text(text)  # the actions end with the ability on the stack
    assert [it.targets for it in r.b.stack] == [{"target": ["SM"]}]
    from judgekit.engine.d0.effects import legal_targets
    from judgekit.engine.d0.effects import Ctx

    it = r.b.stack[0]
    r.g.move([r.b.cards["SM"]], "P1.hand", reason="test")
    ab = r.b.cards["MU"].abilities[0]
    legal, bad = legal_targets(r.g, it, ab, Ctx("P1", "MU"))
    assert legal == {"target": []} and bad == ["SM"]


def test_the_race_change_applies_before_power_whichever_was_put_first():
    # 4.14.5-2 例: the same outcome with the placement order reversed
    with open(example_path("EX4.14.5-2"), encoding="utf-8") as f:
        text = f.read()
    flipped = text.replace("placed: 1", "placed: 9").replace("placed: 2", "placed: 1")
    r = run_text(flipped)
    assert r.power("WS") == 2000 and races(r.g, r.b.cards["WS"]) == ("兵士", "ドール")
    assert r.state("WS") == "released" and r.citing("4.14.5-2")


def test_a_static_grant_follows_the_board():
    # 4.14.4-1 / 4.14.2: エリザベス has 速攻 while ロザンナ is on a square, and not after it left
    with open(example_path("EX4.14.2b"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("""actions:
  - {play: EL, square: C1, pay: [e1]}
  - pass
  - pass          # エリザベス resolves onto C1
""", """events:
  - {destroy: RO}
actions:
  - {play: EL, square: C1, pay: [e1]}
  - pass
  - pass
""")
    text = text[:text.index("expect:")]
    r = run_text(text)
    assert r.zone("RO") == "P1.graveyard"
    assert r.state("EL") == "frozen" and r.power("EL") == 1000
    assert not has_keyword(r.b.cards["EL"], "haste")


def test_the_rules_draw_is_forbidden_too_citing_the_text_over_the_rules():
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 4, turn_player: P1, first_player: P2, step: "3.6.1-1", priority: P1}
players:
  P1: {deck: 20, hand: 1}
  P2: {deck: 20, hand: 3}
squares:
  C1:
    - id: KB
      power: 2000
      owner: P1
      abilities:
        - {static: cannot, action: draw, player: you, text: あなたはカードを引くことができない。}
until: 3.7.1
""")
    assert r.count("P1", "hand") == 1 and r.b.deck_count("P1") == 20
    step = r.citing("1.1.1")[-1]
    assert "1.1.2" in step.cites and "cannot draw" in step.message


def test_the_opponents_prohibition_does_not_stop_your_draw():
    with open(example_path("EX1.1.2"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("action: draw, player: you", "action: draw, player: opponent")
    r = run_text(text[:text.index("expect:")])
    assert r.count("P1", "hand") == 2 and not r.citing("1.1.2")


def test_the_highest_smash_is_read_when_there_are_units():
    with open(example_path("EX1.2.2b"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("""squares:
  C3:""", """squares:
  L1:
    - {id: A, power: 1000, smash: 1, owner: P1}
  R2:
    - {id: B, power: 1000, smash: 2, owner: P1}
  C3:""")
    r = run_text(text[:text.index("expect:")])
    assert r.count("P1", "hand") == 2 and not r.citing("1.2.2")


def test_a_race_given_by_a_static_ability_is_looked_back_at_when_the_card_leaves():
    # 4.8.11 / 4.17: a 「種族「ドラゴン」のユニットが墓地に置かれた時」 ability reads the unit as it
    # was on the square — a ドラゴン by 竜の血統's static ability, though its printed race is not
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 4, turn_player: P2, first_player: P1, phase: main, priority: P2}
players:
  P1: {deck: 20, hand: 1}
  P2:
    deck: 20
    hand:
      - id: K
        type: strategy
        cost: {black: 1}
        abilities:
          - spell: [{destroy: target}]
            target: {filter: {type: unit}}
    energy: [{id: e1, colors: [black]}]
bases:
  P1-L:
    - id: BL
      owner: P1
      abilities:
        - {static: race, add: [ドラゴン], to: {type: unit, controller: you}}
        - trigger: to_graveyard
          of: {type: unit, controller: you, race: ドラゴン}
          effect: [{draw: 1}]
squares:
  C1:
    - {id: U, races: 兵士, power: 1000, owner: P1}
actions:
  - {play: K, targets: [U], pay: [e1]}
  - pass
  - pass
  - pass
  - pass
""")
    assert r.zone("U") == "P1.graveyard"
    assert races(r.g, r.b.cards["U"]) == ("兵士",)  # in the graveyard: no longer a ドラゴン
    assert r.count("P1", "hand") == 2  # but it was one as it left: the ability drew a card


def test_a_static_race_or_grant_ability_that_changes_nothing_is_a_board_check_error():
    from judgekit.board import load_text
    from judgekit.board.status import status

    b = load_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1}
players:
  P1: {deck: 20, hand: 1}
  P2: {deck: 20, hand: 1}
squares:
  C1:
    - id: U
      power: 1000
      owner: P1
      abilities:
        - {static: race, to: {this: true}}
        - {static: grant, to: {type: unit}}
        - {static: lose, to: {type: unit}}
""", "<test>")
    flags = [x for x in status(b) if x.code == "STATIC_WITHOUT_CHANGE"]
    assert len(flags) == 3 and all(x.severity == "error" and x.line == 10 for x in flags)


def test_an_effect_in_force_forbidding_the_draw_stops_it():
    # a spell's 「このターン、相手はカードを引くことができない」 as the effect in force it made
    with open(example_path("EX1.1.2"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("        - {static: cannot, action: draw, player: you, text: "
                        "あなたはカードを引くことができない。}\n", "")
    text = text.replace("actions:", "effects:\n  - {cannot: draw, to: [P1], until: turn_end}\n"
                        "actions:", 1)
    r = run_text(text)  # EX1.1.2's expect holds: no card drawn
    assert r.count("P1", "hand") == 0 and r.citing("1.1.2")
    assert not r.b.cards["KB"].abilities  # the effect in force alone forbids it


# ---- 「起動型能力を起動できない」 (1.1.2 over 4.3.4; the rules' own activated abilities, 4.3.3) --------

def _example_text(prefix: str) -> str:
    with open(example_path(prefix), encoding="utf-8") as f:
        text = f.read()
    return text[:text.index("expect:")]


def test_a_player_who_cannot_activate_does_not_activate_and_pays_nothing():
    r = run_text(_example_text("R1.1.2b"))
    assert r.run.stop == "illegal_action" and r.state("e1") == "released"
    assert r.count("P1", "hand") == 2 and r.run.error["cites"][:2] == ["4.3.4", "1.1.2"]


def test_the_prohibition_names_the_opponent_so_its_own_controller_still_activates():
    text = _example_text("R1.1.2b").replace("player: opponent", "player: you")
    r = run_text(text + "  - pass\n  - pass\n")
    assert r.count("P1", "hand") == 3 and not r.citing("1.1.2")


def test_a_card_that_cannot_activate_keeps_the_other_cards_activations():
    text = _example_text("R1.1.2b").replace(
        "{static: cannot, action: activate, player: opponent}",
        "{static: cannot, action: activate, to: {name: 見張りの梟}}")
    assert run_text(text).run.stop == "illegal_action"
    r = run_text(text.replace("to: {name: 見張りの梟}", "to: {name: 別のカード}")
                 + "  - pass\n  - pass\n")
    assert r.count("P1", "hand") == 3


def test_no_activation_stops_the_rules_activated_abilities_move_and_plan_zone():
    r = run_text(_example_text("R4.3.3"))
    assert r.run.stop == "illegal_action" and r.zone("SS") == "C1"
    assert r.run.error["cites"][:2] == ["4.3.3", "1.1.2"]
    text = _example_text("R4.3.3").replace("{move: SS, to: C2, pay: [e2]}",
                                           "{plan: create, pay: [e2]}")
    r = run_text(text)
    assert r.run.stop == "illegal_action" and not r.b.pzone("P1", "plan")
    # the effect names P1 only: without it the move is made
    r = run_text(_example_text("R4.3.3").replace("to: [P1]", "to: [P2]") + "  - pass\n  - pass\n")
    assert r.zone("SS") == "C2"


def test_a_spell_that_says_the_opponent_cannot_activate_this_turn():
    # 「このターン、相手は起動型能力を起動できない」 from a spell: a player's prohibition for the
    # period its text says (4.14.3-1); P2's quick ability in P1's main phase is then refused
    text = _example_text("R1.1.2b")
    text = text.replace("      abilities:\n        - {static: cannot, action: activate, player: opponent}\n", "")
    text = text.replace("game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}",
                        "game: {turn: 4, turn_player: P2, first_player: P1, phase: main, priority: P2}")
    text = text.replace("  P2: {deck: 20, hand: 2}", """  P2:
    deck: 20
    hand:
      - id: ST
        name: 封印の呪文
        type: strategy
        cost: {colorless: 1}
        abilities:
          - spell: [{cannot: activate, to: opponent, until: turn_end}]
    energy: [{id: f1, colors: [red]}]""")
    text = text.replace("actions:\n  - {activate: OW, pay: [e1]}",
                        "actions:\n  - {play: ST, pay: [f1]}\n  - pass\n  - pass\n  - pass\n"
                        "  - {activate: OW, pay: [e1]}\n")
    r = run_text(text)
    assert r.zone("ST") == "P2.graveyard"
    assert any(e.get("cannot") == "activate" and e["to"] == ["P1"] for e in r.b.effects)
    assert r.run.stop == "illegal_action" and r.state("e1") == "released"
    assert r.run.error["cites"][:2] == ["4.3.4", "1.1.2"]


# ---- units put at the same time (2.20.1-8) and static losses (4.14.2, 4.14.5-4/-5) -----------


def _read(prefix: str) -> str:
    with open(example_path(prefix), encoding="utf-8") as f:
        return f.read()


_TWINS = _read("R2.20.1-8-active-player-orders")


def test_the_active_player_orders_units_put_together_and_the_later_static_applies_last():
    # 2.20.1-8 with 4.14.5-5 / 4.14.5-4: DL then DR → X is DR's race; DR then DL → DL's
    for order, race in (("[DL, DR]", "ドラゴン"), ("[DR, DL]", "ドール")):
        r = run_text(_TWINS.replace('"2.20.1-8": [[DL, DR]]', f'"2.20.1-8": [{order}]'))
        assert races(r.g, r.card("X")) == (race,)
        st = r.citing("2.20.1-8")
        assert len(st) == 1 and st[0].choices[0]["kind"] == "order"
        # one move: both arrive in the same batch, placed in the order chosen
        first, second = order.strip("[]").split(", ")
        assert r.card(first).placed < r.card(second).placed
        # each card applies its own change first (4.14.5-3), whatever the order
        assert races(r.g, r.card("DL")) == ("ドラゴン",) and races(r.g, r.card("DR")) == ("ドール",)


def test_no_order_is_asked_when_the_units_statics_commute_or_there_is_one_holder():
    # adding races commutes: the order changes nothing, so nothing is asked
    text = _TWINS.replace("set: [ドール]", "add: [ドール]").replace("set: [ドラゴン]", "add: [ドラゴン]")
    text = text.replace('  "2.20.1-8": [[DL, DR]]\n', "")
    r = run_text(text)
    assert not r.cites("2.20.1-8")
    assert set(races(r.g, r.card("X"))) == {"人間", "ドール", "ドラゴン"}
    # one unit with a static: nothing to order
    text = _TWINS.replace('          - {static: race, set: [ドラゴン], to: {type: unit}, text: '
                          '"バトルスペースのすべてのユニットの種族は「ドラゴン」になる。"}\n', "")
    text = text.replace('  "2.20.1-8": [[DL, DR]]\n', "")
    r = run_text(text.replace("        abilities:\n      - id: DR", "      - id: DR"))
    assert not r.cites("2.20.1-8") and races(r.g, r.card("X")) == ("ドール",)


def test_two_units_of_one_player_put_onto_one_square_together_both_go():
    r = run_example("R4.16.4-6-two-put-together")
    assert r.zone("U1") == "P1.graveyard" and r.zone("U2") == "P1.graveyard"
    # one instruction, one move: the same batch
    moves = [s for s, ch in r.changes("move") if ch["to"] == "L1"]
    assert len({s.index for s in moves}) == 1


def test_a_static_loss_reaches_a_unit_as_it_arrives_and_a_later_grant_gives_it_back():
    r = run_example("R4.14.4-static-lose-haste")
    assert r.state("HK") == "frozen" and not has_keyword(r.card("HK"), "haste")
    # a static grant of 速攻 put there after the loss (a later timestamp) gives it back (4.14.5-4)
    text = _read("R4.14.4-static-lose-haste")
    text = text.replace("  P2: {deck: 20, hand: 3}\n", "  P2: {deck: 20, hand: 3}\n"
                        "squares:\n  R1:\n    - id: GR\n      owner: P1\n      power: 1000\n      placed: 99\n"
                        "      abilities:\n        - {static: grant, grant: 速攻, to: {type: unit}}\n"
                        ).replace("squares:\n  C3:", "  C3:")
    r = run_text(text)
    assert r.state("HK") == "released" and has_keyword(r.card("HK"), "haste")
    assert r.cites("4.14.5-4")


def test_a_static_loss_of_an_unknown_keyword_is_a_load_error_naming_the_keywords():
    import pytest

    from judgekit.board import load_text
    from judgekit.board.errors import BoardSyntaxError

    text = _read("R4.14.4-static-lose-haste").replace("lose: 速攻", "lose: 俊足")
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "<test>")
    assert "<test>:33:32:" in str(e.value) and "haste" in str(e.value)


def test_a_loss_made_while_a_grant_of_it_is_in_force_says_the_later_applies_last():
    # 《赤の護符》 gives U 耐性-赤, then 《解呪》 takes it away: the loss arose later and applies
    # after the grant (4.14.5-4), so P1's red spell can choose U and destroys it
    r = run_example("N4.14.5c-4-grant-then-lose-later-wins")
    assert r.zone("U") == "P2.graveyard" and r.cites("4.14.5-4")
    # a loss with no grant of it in force is a plain effect of a spell (4.14.3-1): no order to say
    r = run_example("N4.14.3-2-lose-resistance-then-burn")
    assert not r.cites("4.14.5-4")
