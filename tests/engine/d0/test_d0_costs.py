"""Costs in Dimension Zero (4.7.2-3, 4.7.2-7, 4.7.3-2, 4.7.3-3, 1.2.3-3, 2.10.3-4): X chosen
when a spell is played or a move declared, costs set, increased and reduced by effects in force
and static abilities, through the core pipeline (judgekit.engine.effects.costs)."""

from __future__ import annotations

from d0_helpers import run_example, run_text


def _msg(r, cid: str, *words) -> bool:
    return any(cid in s.cites and all(w in s.message for w in words) for s in r.steps)


_HEAD = """format: judgekit-board/1
ruleset: d0
edition: Version 19.00
game: {turn: 3, turn_player: P1, first_player: P1, phase: main, priority: P1}
"""

# a static ability of a unit on the squares raising the play cost of the opponent's strategies
_TAX = _HEAD.replace("turn_player: P1", "turn_player: P2").replace("priority: P1", "priority: P2") + """players:
  P1:
    deck: 20
    energy: [{id: e1, colors: [red]}, {id: e2, colors: [red]}]
  P2:
    deck: 20
    hand:
      - {id: BR, name: 疾風の槍, type: strategy, cost: {blue: 1}, abilities: [{spell: [{draw: 1}]}]}
    energy: [{id: f1, colors: [blue]}, {id: f2, colors: [green]}]
squares:
  C1:
    - id: TX
      name: 関所の番人
      power: 2000
      owner: P1
      abilities:
        - {static: cost, increase: {colorless: 1}, to: {type: strategy, controller: opponent}}
actions:
  - {play: BR, pay: %s}
"""

# a card's own cost reduction works while it is in the hand (2.10.3-4)
_OWN = _HEAD + """players:
  P1:
    deck: 20
    hand:
      - id: CH
        name: 安売りの竜
        power: 5000
        cost: {red: 1, colorless: 3}
        abilities:
          - {static: cost, reduce: {colorless: 2}, text: このカードの使用コストは<無色2>少なくなる。}
    energy: [{id: e1, colors: [red]}, {id: e2, colors: [blue]}, {id: e3, colors: [blue]}]
  P2: {deck: 20, hand: 1}
actions:
  - {play: CH, square: C1, pay: [e1, e2]}
  - pass
  - pass
"""

# a move cost with X (4.7.3-2) and an effect in force reducing it (4.7.3-3)
_MOVE = _HEAD + """players:
  P1:
    deck: 20
    energy: [{id: e1, colors: [red]}, {id: e2, colors: [red]}, {id: e3, colors: [red]}]
  P2: {deck: 20, hand: 1}
squares:
  C1: [{id: MV, name: 駆ける斥候, power: 2000, owner: P1, state: released, move_cost: {colorless: X}}]
effects:
  - {cost: {reduce: {colorless: 1}, of: move}, to: [MV], source: MV, until: turn_end}
actions:
  - {move: MV, to: C2, x: 3}
"""

# clause → (scenario, what must hold): run by test_d0_rules.test_clause_behaviour
B_COSTS = {
    # 1.2.3-3: <赤1><無色X> with X = 2 is paid by a red energy card and two of any colour
    "1.2.3-3": ("EX1.2.3-3a", lambda r: all(r.state(e) == "frozen" for e in ("e1", "e2", "s1"))
                and r.damage("RG") == 2000),
    # 4.7.2-3: X is decided as the spell is played (asked, answered 3) and kept on the stack
    # 4.7.2-2: the choice declared when played holds: its target gone, it is countered and
    # does not become the other choice (draw)
    "4.7.2-2": ("EX4.7.2-2", lambda r: r.zone("PR") == "P1.graveyard"
                and r.count("P1", "hand") == 0 and _msg(r, "4.7.2-2", "PR", "choice 1")),
    # 4.15.5-1: ホーリー・スター replaced the smash (into the energy zone), yet 「そうした場合」
    # followed: the forward move paid nothing
    "4.15.5-1": ("EX4.15.5-1", lambda r: r.zone("HS") == "P1.energy" and r.zone("GT") == "C2"
                 and r.count("P1", "smash") == 0),
    # 4.7.2-4: <青1> + the additional <無色1> paid (two energy frozen); 「そうした場合」 draws one more
    "4.7.2-4": ("R4.7.2-4-additional-cost", lambda r: r.count("P1", "hand") == 2
                and r.state("e2") == "frozen" and _msg(r, "4.7.2-4", "additional cost <無色1>")),
    # 6.4.3: 冥府の取引's 合成 of a hand unit is paid as it is played, beside <黒1>
    "6.4.3": ("R6.4.3", lambda r: r.zone("U") == "P1.graveyard" and r.count("P1", "hand") == 2
              and _msg(r, "6.4.3", "additional cost")),
    "4.7.2-3": ("EX4.7.2-3a", lambda r: r.damage("RG") == 3000
                and _msg(r, "4.7.2-3", "MB", "X = 3")),
}


def test_a_static_increase_is_added_and_the_cost_locked():
    # 4.5.1 / 4.7.2-7: 関所の番人 on the squares raises P2's strategy by <無色1>: <青1> alone
    # cannot pay it; <青1><無色1> can, and the step says the cost is locked before payment
    r = run_text(_TAX % "[f1]")
    assert r.run.stop == "illegal_action" and r.state("f1") == "released"
    r = run_text(_TAX % "[f1, f2]")
    assert r.zone("BR") == "stack" and r.state("f2") == "frozen"
    assert r.citing("4.7.2-7") and r.citing("4.5.1") and _msg(r, "4.7.2-7", "TX#1")


def test_a_cards_own_cost_change_works_from_the_hand():
    # 2.10.3-4: 安売りの竜's own reduction works in the hand: <赤1><無色3> − <無色2> = <赤1><無色1>
    r = run_text(_OWN)
    assert r.zone("CH") == "C1" and r.state("e3") == "released"
    assert r.citing("2.10.3-4") and r.citing("4.7.2-7")


def test_a_move_decides_its_x_and_takes_the_reduction_before_it_is_paid():
    # 4.7.3-2: X = 3 is decided as the move is declared; 4.7.3-3: the effect in force takes
    # <無色1> off before the cost is locked: two of the three red cards are frozen
    r = run_text(_MOVE)
    frozen = [e for e in ("e1", "e2", "e3") if r.state(e) == "frozen"]
    assert len(frozen) == 2 and r.citing("4.7.3-2") and r.citing("4.7.3-3")


def test_a_cost_with_no_x_names_no_x():
    # 1.2.3-3: only a cost holding a variable has one to decide; naming X for another is refused
    r = run_text(_OWN.replace("pay: [e1, e2]}", "pay: [e1, e2], x: 2}"))
    assert r.run.stop == "illegal_action" and "1.2.3-3" in r.run.error["cites"]


def test_the_cost_instruction_makes_an_effect_in_force():
    # a spell 「あなたの手札にある「竜」の使用コストは<無色1>になる」 (4.7.2-3: data as set)
    r = run_text(_HEAD + """players:
  P1:
    deck: 20
    hand:
      - id: CS
        name: 竜の呼び声
        type: strategy
        cost: {red: 1}
        abilities: [{spell: [{cost: {set: {colorless: 1}}, to: DR, until: turn_end}]}]
      - {id: DR, name: 竜, power: 6000, cost: {red: 4}}
    energy: [{id: e1, colors: [red]}, {id: e2, colors: [blue]}]
  P2: {deck: 20, hand: 1}
actions:
  - {play: CS, pay: [e1]}
  - pass
  - pass
  - {play: DR, square: C1, pay: [e2]}
""")
    assert r.zone("DR") == "stack" and r.state("e2") == "frozen"
    assert _msg(r, "4.7.2-3", "DR", "<無色1>")


# the registered clauses the tests above pin (besides B_COSTS)
COST_TESTS = {"4.5.1", "4.7.2-7", "2.10.3-4", "4.7.3-2", "4.7.3-3"}


def test_a_modal_spell_asks_its_choice_and_carries_out_only_that_one():
    # 4.7.2-2: the choice is asked as it is played (answered 2: draw); no target is chosen for
    # the other choice, and only the chosen text is carried out
    r = run_text(_HEAD + """players:
  P1:
    deck: 20
    hand:
      - id: PR
        name: 二択の策
        type: strategy
        cost: {black: 1}
        abilities:
          - {spell: [{freeze: target}], mode: true, target: {filter: {type: unit}}}
          - {spell: [{draw: 1}], mode: true}
    energy: [{id: e1, colors: [black]}]
  P2: {deck: 20, hand: 1}
squares:
  C3: [{id: RG, name: 岩石の巨人, power: 5000, owner: P2}]
choices: {4.7.2-2: [2]}
actions:
  - {play: PR, pay: [e1]}
  - pass
  - pass
""")
    assert r.count("P1", "hand") == 1 and r.state("RG") == "released"
    assert _msg(r, "4.7.2-2", "choice 2")


def _gertroll(edit) -> str:
    from d0_helpers import example_path

    with open(example_path("EX4.15.5-1"), encoding="utf-8") as f:
        return edit(f.read())


def test_then_is_not_done_when_the_instruction_did_nothing():
    # 4.9.2-3: 「相手のユニットをすべて破壊する。そうした場合、カードを1枚引く」 with no unit of the
    # opponent's: nothing was done, so nothing is drawn; with one, the draw follows
    board = _HEAD + """players:
  P1:
    deck: 20
    hand:
      - id: WP
        name: 一掃
        type: strategy
        cost: {black: 1}
        abilities:
          - spell: [{destroy: {all: {type: unit, controller: opponent}}, then: [{draw: 1}]}]
    energy: [{id: e1, colors: [black]}]
  P2: {deck: 20, hand: 1}
%s
actions:
  - {play: WP, pay: [e1]}
  - pass
  - pass
"""
    r = run_text(board % "")
    assert r.count("P1", "hand") == 0 and _msg(r, "4.9.2-3", "did nothing")
    r = run_text(board % "squares:\n  C3: [{id: RG, power: 5000, owner: P2}]")
    assert r.count("P1", "hand") == 1 and r.zone("RG") == "P2.graveyard"


def test_the_forward_move_cost_is_not_the_sideways_one():
    # only 前方 (C1 → C2 for P1) costs [無0]; C1 → L1 pays the printed <無色2>, which P1 cannot
    r = run_text(_gertroll(lambda s: s.replace("{move: GT, to: C2}", "{move: GT, to: L1}")))
    assert r.run.stop == "illegal_action" and r.zone("GT") == "C1"


def test_an_activated_ability_with_x_decides_it_when_activated():
    # 4.7.2-3 applies to activated abilities too: 〔<無色X>〕 with X = 2 pays two cards, and the
    # ability's X000 damage reads the X fixed on the stack
    r = run_text(_HEAD + """players:
  P1:
    deck: 20
    energy: [{id: e1, colors: [red]}, {id: e2, colors: [blue]}, {id: e3, colors: [green]}]
  P2: {deck: 20, hand: 1}
squares:
  C1:
    - id: CN
      name: 砲台
      power: 1000
      owner: P1
      abilities:
        - activated: true
          cost: {energy: {colorless: X}}
          target: {filter: {type: unit, controller: opponent}}
          effect: [{damage: {x: 1000}, to: target}]
  C3: [{id: RG, power: 5000, owner: P2}]
actions:
  - {activate: CN, x: 2, targets: [RG], pay: [e1, e2]}
  - pass
  - pass
""")
    assert r.damage("RG") == 2000 and r.state("e3") == "released"
    assert _msg(r, "4.7.2-3", "X = 2")


def test_a_card_an_effect_lets_be_played_from_the_remove_zone_is_listed():
    # step -i lists the play of メテオ・ブラスター from the remove zone (ティアブレイク's effect)
    from d0_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.d0.play import legal_actions
    from judgekit.engine.run import run_board

    with open(example_path("EX1.2.3-3b"), encoding="utf-8") as f:
        text = f.read()
    seen = []
    run_board(load_text(text.split("actions:")[0] + "actions: []\n", "t.yaml"),
              ask_action=lambda f, pt, p: seen.append(legal_actions(f.g, p)) or {"pass": True},
              max_steps=12)
    assert {"play": "MB"} in seen[0]


def test_any_number_of_targets_may_be_none_or_several():
    # 4.7.2-5: 「対象のユニットを好きな枚数選び」 — the number is declared first; 0 is allowed
    # (then it is no targeting spell, 4.11.2), and 2 freezes both
    board = _HEAD + """players:
  P1:
    deck: 20
    hand:
      - id: FZ
        name: 凍結の波
        type: strategy
        cost: {blue: 1}
        abilities: [{spell: [{freeze: target}], target: {count: any, filter: {type: unit}}}]
    energy: [{id: e1, colors: [blue]}]
  P2: {deck: 20, hand: 1}
squares:
  C3: [{id: RG, power: 5000, owner: P2}]
  L3: [{id: SW, power: 2000, owner: P2}]
actions:
  - {play: FZ, targets: %s, pay: [e1]}
  - pass
  - pass
"""
    r = run_text(board % "[]")
    assert r.state("RG") == r.state("SW") == "released" and r.zone("FZ") == "P1.graveyard"
    assert r.citing("4.11.2")
    r = run_text(board % "[RG, SW]")
    assert r.state("RG") == r.state("SW") == "frozen"


def test_zero_targets_declared_from_the_graveyard_is_a_legal_play():
    # 4.7.2-5 例2: 黄泉返りの呪法 declares 0 targets and is played and resolves, returning nothing
    r = run_example("EX4.7.2-5b")
    assert r.zone("YG") == "P1.graveyard" and r.zone("OV") == r.zone("YS") == "P1.graveyard"
    assert r.citing("4.7.2-5") and r.citing("4.11.2")


def _read(prefix: str) -> str:
    from d0_helpers import example_path

    with open(example_path(prefix), encoding="utf-8") as f:
        return f.read()


def test_an_optional_additional_cost_not_paid_costs_nothing_more_and_the_spell_reads_it():
    # 4.7.2-4 / 4.7.2-3: declined, only <青1> is paid and 「そうした場合」 does not draw
    text = _read("R4.7.2-4-additional-cost")
    r = run_text(text.replace("{play: KS, additional: true, pay: [e1, e2]}",
                              "{play: KS, additional: false, pay: [e1]}"))
    assert r.count("P1", "hand") == 1 and r.state("e2") == "released"
    # not said in the action: the engine asks (choice 4.7.2-4), here from `choices:`
    r = run_text(text.replace("additional: true, ", "") + 'choices:\n  "4.7.2-4": [yes]\n')
    assert r.count("P1", "hand") == 2
    # ... and a file that answers neither way stops, naming the choice
    r = run_text(text.replace("additional: true, ", ""))
    assert r.run.stop == "choice_missing" and "4.7.2-4" in str(r.run.error)
    # a mandatory 「[追加コスト]」 is always added: one energy cannot pay <青1><無色1>
    r = run_text(text.replace(", optional: true", "").replace(
        "additional: true, pay: [e1, e2]", "pay: [e1]"))
    assert r.run.stop == "illegal_action" and r.state("e1") == "released"


def test_an_alternative_cost_needs_its_condition_and_replaces_the_cost():
    r = run_example("R4.7.2-4b-alternative-cost")
    assert r.zone("V") == "P2.graveyard" and _msg(r, "4.7.2-4", "alternative cost <赤1>")
    text = _read("R4.7.2-4b-alternative-cost")
    # without a 騎士 on the squares the alternative cannot be chosen
    r = run_text(text.replace("races: [騎士]", "races: [兵士]"))
    assert r.run.stop == "illegal_action" and "4.7.2-4" in r.run.error["cites"]
    # not said in the action: asked (choice 4.7.2-4 — `printed` or the ability offering it)
    r = run_text(text.replace("alternative: true, ", "") + 'choices:\n  "4.7.2-4": ["SR#1"]\n')
    assert r.zone("V") == "P2.graveyard"
    r = run_text(text.replace("alternative: true, ", "") + 'choices:\n  "4.7.2-4": [printed]\n')
    assert r.run.stop == "illegal_action" and r.zone("SR") == "P1.hand"  # <赤3>: one energy
    # a card without one: asking for it is not legal
    r = run_text(text.replace("          - {alternative_cost: {red: 1}, condition: {exists: "
                              "{type: unit, controller: you, race: 騎士}}}\n", ""))
    assert r.run.stop == "illegal_action"


def test_a_malformed_additional_cost_is_a_load_error_at_its_line():
    import pytest

    from judgekit.board import load_text
    from judgekit.board.errors import BoardSyntaxError

    text = _read("R4.7.2-4-additional-cost").replace("{additional_cost: {colorless: 1}, optional: "
                                                     "true}", "{additional_cost: 1, optional: true}")
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "<test>")
    assert "<test>:27:31:" in str(e.value) and "additional_cost" in str(e.value)


def test_a_strategy_compose_needs_its_cards_and_is_a_cost_of_the_play():
    # 6.4.3 / 6.4.1: not named, the only unit in the hand is composed; with none it cannot be
    # played (and nothing moves)
    text = _read("R6.4.3-strategy-compose")
    r = run_text(text.replace("compose: [U], ", ""))
    assert r.zone("U") == "P1.graveyard" and r.count("P1", "hand") == 2
    r = run_text(text.replace("compose: [U], ", "").replace(
        "      - {id: U, name: 手札のユニット, type: unit, power: 2000, smash: 1, cost: {black: 2}}\n",
        ""))
    assert r.run.stop == "illegal_action" and r.zone("ST") == "P1.hand"
    assert "6.4.1" in r.run.error["cites"]
