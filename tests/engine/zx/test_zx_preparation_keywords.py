"""スタートカード (1101) and ゲートカード (1113): 「ゲームの準備の際に参照される常在能力」 (1101.1,
1113.1). A board starts after the game's preparation, so the engine applies nothing of them;
`board check` accepts them and says so, citing the clause, rather than refusing the keyword or
silently ignoring it (issue 21)."""

from __future__ import annotations

import textwrap

from judgekit.board import load_text
from judgekit.engines import engine_for


def _flags(text: str):
    board = load_text(textwrap.dedent(text), "prep.yaml")
    return [f for f in engine_for(board.ruleset).status(board)]


BOARD = """\
    format: judgekit-board/1
    ruleset: zx
    game: {turn: 3, turn_player: P1, first_player: P1, step: '506.2'}
    players:
      P1:
        deck: 20
        hand:
          - {id: g1, name: 門の守り手, type: zekusu, power: 3000, abilities: [{keyword: ゲートカード}]}
      P2: {deck: 20}
    squares:
      S-C:
      - {id: S1, name: 始まりの竜, type: zekusu, power: 5000, owner: P1, abilities: [{keyword: %s}]}
    """


def test_start_card_is_read_only_when_preparing_the_game():
    flags = [f for f in _flags(BOARD % "スタートカード") if f.code == "GAME_PREPARATION_KEYWORD"]
    start = [f for f in flags if "スタートカード" in f.message]
    assert len(start) == 1 and start[0].severity == "warning"
    assert set(start[0].clauses) == {"1101.1", "1101.2"} and start[0].line == 12


def test_gate_card_is_read_only_when_preparing_the_game():
    flags = [f for f in _flags(BOARD % "スタートカード") if "ゲートカード" in f.message]
    assert len(flags) == 1 and set(flags[0].clauses) == {"1113.1", "1113.2"}
    assert flags[0].line == 8


def test_no_flag_for_a_keyword_applied_in_play():
    flags = _flags(BOARD % "絶界")
    assert [f.message for f in flags if f.code == "GAME_PREPARATION_KEYWORD"] == \
        [f.message for f in flags if "ゲートカード" in f.message]
