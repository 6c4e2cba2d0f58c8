"""1202.2 / 1202.2a: a deck in a random state, and a shuffle instruction left out as if done.

1202.2a: random unless, since the last shuffle, a card was added to the deck or a card's ability
saw or revealed some of it. 1202.2: a shuffle instruction for a random deck may be left out.
"""

from __future__ import annotations

from judgekit.board import dump_yaml, load_data
from judgekit.engine.run import run_board

from engine_helpers import RunView


def _board(effect: list, **p1) -> dict:
    return {
        "format": "judgekit-board/1", "ruleset": "zx",
        "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "step": "506.2"},
        "players": {
            "P1": {"deck": [{"id": "d1", "power": 1000}, {"unknown": 9}], "life": 4,
                   "hand": [{"id": "E", "type": "event", "cost": 0,
                             "abilities": [{"event": effect}]},
                            {"id": "X", "power": 1000}], **p1},
            "P2": {"deck": 20, "life": 4, "hand": 3}},
        "squares": {"N-C": [{"id": "P2pc", "type": "player", "owner": "P2"}],
                    "S-C": [{"id": "P1pc", "type": "player", "owner": "P1"}]},
        "actions": [{"play": "E"}],
    }


def _run(data: dict) -> RunView:
    return RunView(run_board(load_data(data, "<t>")))


def test_a_card_added_to_the_deck_ends_the_random_state_and_the_shuffle_happens():
    r = _run(_board([{"move": "X", "to": "deck_top"}, {"shuffle": "you"}]))
    assert r.zone("X") == "P1.deck"
    assert r.cites("1202.2a") and not r.cites("1202.2")
    assert list(r.changes("shuffle")) and r.b.players["P1"].deck_random  # random again


def test_a_card_revealed_by_an_ability_ends_the_random_state_until_the_deck_is_shuffled():
    # 1202.2a: revealed by a card's ability — not random; 1005.2: still revealed when the effect
    # has resolved, it is concealed and the deck shuffled — random again
    r = _run(_board([{"reveal": "d1"}]))
    seq = [ch["to"] for _, ch in r.changes("player") if ch.get("field") == "deck_random"]
    assert seq == [False, True] and r.cites("1202.2a") and r.cites("1005.2")
    assert r.b.players["P1"].deck_random


def test_a_deck_the_file_says_is_not_random_is_shuffled():
    r = _run(_board([{"shuffle": "you"}], deck_random=False))
    assert list(r.changes("shuffle")) and not r.cites("1202.2")
    assert r.b.players["P1"].deck_random


def test_the_state_is_written_back_only_when_not_random():
    b = load_data(_board([{"shuffle": "you"}], deck_random=False), "<t>")
    assert "deck_random: false" in dump_yaml(b)
    assert "deck_random" not in dump_yaml(load_data(_board([{"shuffle": "you"}]), "<t>"))
