"""A finite but huge instruction finishes (issue 15): イグニッションする 99,000 times.

Each イグニッション reveals the deck top and trashes it (1010.1); an empty deck reloads from
the trash, and each reload moves a life card to the charge (902.1c). Once the life is empty the
repetitions cycle through the same states; 1202.1 lets the players skip to the final result,
and the next pre-processing applies the defeat (903.1 — a rule effect of pre-processing, 901.2).
"""

from __future__ import annotations

from engine_helpers import run_data, zx_board

from judgekit.engine.choices import Policy


def _ignite(n: int, **p1) -> dict:
    event = {"id": "E", "type": "event", "cost": 0, "abilities": [{"event": [{"ignite": n}]}]}
    return zx_board(p1={"hand": [event], **p1}, actions=[{"play": "E"}])


def test_an_ignition_of_99000_finishes_with_the_defeat_the_rules_give():
    r = run_data(_ignite(99_000))
    assert r.run.stop == "game_over" and r.outcome["result"] == "win"
    assert r.outcome["winner"] == "P2" and r.outcome["losers"] == ["P1"]
    assert "903.1" in r.outcome["cites"] and r.count("P1", "life") == 0
    (skip,) = r.citing("1202.1")
    assert "99,000" in skip.message and "final result" in skip.message
    assert len(r.steps) < 1_000


def test_skipping_whole_cycles_gives_the_state_of_doing_every_one(monkeypatch):
    from judgekit.engine.zx import effects

    n = 1_234
    short = run_data(_ignite(n))

    def every_one(g, n, once, what):
        for _ in range(n):
            once()

    monkeypatch.setattr(effects, "repeat", every_one)
    from judgekit.engine.zx import play

    monkeypatch.setattr(play, "repeat", every_one)
    full = run_data(_ignite(n))
    assert short.cites("1202.1") and not full.cites("1202.1")
    assert short.run.final == full.run.final and short.outcome == full.outcome


def test_a_cycle_with_a_choice_in_it_is_not_skipped():
    # the deck top has the ignition icon: each time it is revealed P1 chooses whether to play it
    # (a free choice), so no two states are 'the same with nothing chosen in between'
    deck = [{"id": "Z", "type": "event", "icons": ["ignition"], "cost": 0,
             "abilities": [{"event": [{"draw": 0}]}]}, {"unknown": 3}]
    r = run_data(_ignite(60, deck=deck, trash=0), chooser=Policy(yes=False))
    assert not r.cites("1202.1")
    assert len([s for s in r.steps if "reveals the top card" in s.message]) == 60
