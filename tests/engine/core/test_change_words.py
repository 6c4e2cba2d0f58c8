"""Every change line of every bundled example reads as words: no "None" where a card, player
or value should be (g2022's 806.7 once printed "attack by None" / 「Noneのアタック」)."""

from __future__ import annotations

import glob
import os

import pytest

from judgekit.board import load_file
from judgekit.engine.describe import describer
from judgekit.engine.run import run_board
from judgekit.paths import project_root

FILES = sorted(glob.glob(os.path.join(project_root(), "examples", "*", "*.yaml")))


@pytest.mark.parametrize("game", ["zx", "g2022", "d0", "thv"])
def test_no_change_line_says_none(game):
    bad = []
    for path in FILES:
        if os.path.basename(os.path.dirname(path)) != game:
            continue
        board = load_file(path)
        run = run_board(board)
        for lang in ("en", "ja"):
            describe = describer(board, lang)
            for st in run.steps:
                for ch in st.changes:
                    text = describe(ch)
                    if "None" in text:
                        bad.append(f"{os.path.basename(path)}: {text}")
    assert not bad, "\n".join(bad[:10])


def test_g2022_battle_end_names_the_attacker():
    path = os.path.join(project_root(), "examples", "g2022", "S11-attack-occupied-lane.yaml")
    board = load_file(path)
    run = run_board(board)
    ends = [ch for st in run.steps for ch in st.changes if ch.get("op") == "attack_end"]
    assert ends and ends[-1]["attacker"] == "A"
    assert describer(board, "en")(ends[-1]) == "the attack by A ends"
    assert describer(board, "ja")(ends[-1]) == "Aのアタックが終了"
