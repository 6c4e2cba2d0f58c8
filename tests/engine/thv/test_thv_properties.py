"""Invariants of the 東方VISION engine on random boards and random legal play (hypothesis):

  * every generated board passes `board check` (no error flags);
  * no step loses or duplicates a card: after every step each card is in exactly one zone, and
    the number of cards never changes (this ruleset creates no card);
  * accumulated damage is never negative, its combat part never exceeds it, and only
    characters on the field carry any;
  * the run always ends — a decision, the end of the game, or a budget — never a hang;
  * a player who gains priority and plays on never has 0 LP or less at that moment (1.5.3.a);
  * the final board is a valid starting file.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from judgekit.board import load_data, load_text, status
from judgekit.board.dump import dump_data
from judgekit.engine.choices import Policy
from judgekit.engine.run import run_board
from judgekit.engine.thv.flow import legal_actions

FIELD_ABILITIES = [
    {"auto": "γ", "when": "turn_end", "effect": [{"damage": 1, "to": "opponent"}]},
    {"auto": "γ", "when": "receives_damage", "of": "self", "effect": [{"gain_lp": 1}]},
    {"auto": "γ", "when": "deals_damage", "of": "self", "effect": [{"draw": 1}]},
    {"auto": "γ", "when": "becomes_kesshi", "of": "self", "effect": [{"nullify": "kesshi"}]},
    {"auto": "γ", "when": "discarded", "of": "self", "target": {"character": "any"},
     "effect": [{"damage": 1, "to": "target"}]},
    {"activated": "always", "cost": 1, "effect": [{"damage": 1, "to": "opponent"}]},
    {"activated": "always", "cost": 0, "effect": [{"sleep": "self"},
                                                  {"damage": 2, "to": "opponent"}]},
]
PLAYED = [
    ([{"damage": 2, "to": "target"}], {"character": "any"}),
    ([{"discard": "target"}], {"character": "any"}),
    ([{"exclude": "target"}], {"character": "opponent"}),
    ([{"return": "target", "to": "hand"}], {"character": "any"}),
    ([{"modify": "±0/-2", "to": "target", "until": "turn_end"}], {"character": "any"}),
    ([{"attack": "target"}], {"character": "you"}),
    ([{"gain_lp": 3}], None),
    ([{"damage": 2, "to": "opponent"}], None),
    ([{"draw": 1}], None),
    ([{"damage": 1, "to": "each"}], None),
]
KEYWORDS = ["先制", "貫通", "即死", "速攻", "人形", "警戒", "隠密", {"耐性": "妖怪"}]


@st.composite
def thv_boards(draw):
    n = [0]

    def cid(prefix):
        n[0] += 1
        return f"{prefix}{n[0]}"

    def character(on_field: bool):
        d = {"id": cid("c"), "type": "character", "attack": draw(st.integers(0, 5)),
             "durability": draw(st.integers(1, 5)), "graze": draw(st.integers(0, 2)),
             "races": [draw(st.sampled_from(["人間", "妖怪", "妖精"]))]}
        if not on_field:
            d.update(need=draw(st.integers(0, 2)), cost=draw(st.integers(0, 2)))
        kws = draw(st.lists(st.sampled_from(range(len(KEYWORDS))), max_size=2, unique=True))
        if kws:
            d["keywords"] = [KEYWORDS[i] for i in kws]
        if on_field:
            d["state"] = draw(st.sampled_from(["active", "sleep"]))
            abil = draw(st.lists(st.sampled_from(range(len(FIELD_ABILITIES))), max_size=2,
                                 unique=True))
            if abil:
                d["abilities"] = [FIELD_ABILITIES[i] for i in abil]
            if draw(st.integers(0, 3)) == 0:
                d["damage"] = draw(st.integers(0, d["durability"] - 1))
        return d

    def spell_or_command():
        if draw(st.integers(0, 4)) == 0:  # an equipment or talisman card
            word = draw(st.sampled_from(["装備", "呪符"]))
            return {"id": cid("q"), "type": "command", "need": 0, "cost": 1, "keywords": [word],
                    "attack": draw(st.integers(-1, 2)), "durability": draw(st.integers(-2, 2))}
        effect, target = draw(st.sampled_from(PLAYED))
        ab = {"effect": effect}
        if target:
            ab["target"] = target
        return {"id": cid("s"), "type": draw(st.sampled_from(["spell", "command"])),
                "need": draw(st.integers(0, 2)), "cost": draw(st.integers(0, 2)),
                "abilities": [ab]}

    players = {}
    for p in ("P1", "P2"):
        hand = [character(False) if draw(st.booleans()) else spell_or_command()
                for _ in range(draw(st.integers(0, 3)))]
        players[p] = {
            "lp": draw(st.integers(1, 8)),
            "deck": draw(st.integers(0, 6)),
            "hand": hand,
            "nodes": [{"unknown": draw(st.integers(0, 3))},
                      {"unknown": draw(st.integers(0, 2)), "state": "sleep"}],
            "field": [character(True) for _ in range(draw(st.integers(0, 3)))],
            "netherworld": draw(st.integers(0, 2)),
        }
    step = draw(st.sampled_from(["4.7.1.b", "4.7.1.b", "4.6.1", "4.8.1.c", "4.3.1"]))
    turn_player = draw(st.sampled_from(["P1", "P2"]))
    return {"ruleset": "thv",
            "game": {"turn": 3 if turn_player == "P1" else 4, "turn_player": turn_player,
                     "first_player": "P1", "step": step},
            "players": players}


def check_invariants(b, n_cards: int) -> None:
    problems = b.integrity()
    assert problems == [], problems
    assert len(b.cards) == n_cards
    for c in b.cards.values():
        assert c.damage >= 0 and 0 <= c.combat_damage <= c.damage, (c.id, c.damage)
        if c.damage:
            assert b.is_character(c), (c.id, c.zone)


@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(thv_boards(), st.data())
def test_random_play_keeps_every_card_and_ends(data_board, data):
    board = load_data(data_board, "gen.yaml")
    assert [str(f) for f in status(board) if f.severity == "error"] == []
    n_cards = len(board.cards)
    budget = [data.draw(st.integers(0, 14), label="actions")]
    at_grant = []

    def ask_action(flow, point, player):
        at_grant.append({p: flow.g.b.players[p].lp for p in ("P1", "P2")})
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        acts = legal_actions(flow.g, point, player)
        if len(acts) == 1 or data.draw(st.integers(0, 2), label="pass?") == 0:
            return acts[0]  # a pass, often: interferences resolve, phases end
        return data.draw(st.sampled_from(acts[1:]), label=point)

    def on_step(step):
        check_invariants(board, n_cards)

    run = run_board(board, chooser=Policy(), ask_action=ask_action, on_step=on_step,
                    max_rounds=300, max_steps=20_000)
    assert run.stop in ("actions_exhausted", "game_over", "illegal_action", "budget"), \
        (run.stop, run.error)
    check_invariants(board, n_cards)
    # 1.5.3.a: whoever was asked to act held priority with every LP above 0
    for lps in at_grant:
        assert all(v > 0 for v in lps.values()), lps
    event(f"stop: {run.stop}")
    cited = set(run.cited())
    for cid, what in (("1.12.8.a", "an interference resolved"), ("6.2.4.e", "a combat"),
                      ("9.2.3.e", "a character destroyed"), ("1.12.7", "a nested attack")):
        if cid in cited:
            event(what)
    if run.outcome["result"] == "win":
        assert run.outcome["winner"] in ("P1", "P2")
    b2 = load_text(dump_data(run.final), "final.yaml")
    assert [str(f) for f in status(b2) if f.severity == "error"] == []
    assert len(b2.cards) == n_cards and b2.integrity() == []
