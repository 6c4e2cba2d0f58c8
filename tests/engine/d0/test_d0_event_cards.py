"""A battle event names the cards it is about (issue 27): 「このカードの…」 is met by the card's own
battle, a filter (「あなたのユニットの…」) by any card of that battle — whichever card holds the
ability, in the battle or not (3.12.1, 3.14.1, 3.14.2-2)."""

from __future__ import annotations

from d0_helpers import example_path, run_text


def _board(w_abilities: str) -> str:
    with open(example_path("S16a"), encoding="utf-8") as fh:
        text = fh.read()
    text = text.replace('''    - {id: V, name: 岩窟の番人, power: 3000, smash: 1, owner: P2}''',
                        '''    - {id: V, name: 岩窟の番人, power: 3000, smash: 1, owner: P2,
       abilities: [{trigger: battle_end, effect: [{draw: 1}]}]}''')
    text = text.replace('''    - {id: U, name: 鋼鉄の騎士, power: 3000, smash: 1, owner: P1, state: frozen}''',
                        '''    - {id: U, name: 鋼鉄の騎士, power: 3000, smash: 1, owner: P1, state: frozen}
  L3:
    - {id: W, name: 見張り番, power: 1000, smash: 1, owner: P1,
       abilities: ''' + w_abilities + '''}''')
    return text.split("expect:")[0]


def _triggered(r, cid: str) -> int:
    return sum(1 for s in r.citing("4.8.1") if s.message.startswith(f"ability of {cid} ")
               and "triggers" in s.message)


def test_this_cards_battle_end_and_a_bystanders_own():
    """V's 「このカードのバトル終了時」 triggers (its battle); W's own does not (W is not in it)."""
    r = run_text(_board("[{trigger: battle_end, effect: [{draw: 1}]}]"))
    assert _triggered(r, "V") == 1
    assert _triggered(r, "W") == 0


def test_a_bystanders_filtered_battle_end_is_met_by_a_unit_of_that_battle():
    """W's 「相手のユニットのバトル終了時」 is met by V's battle, though W is not in it."""
    r = run_text(_board("[{trigger: battle_end, of: {controller: opponent}, effect: [{draw: 1}]}]"))
    assert _triggered(r, "W") == 1
