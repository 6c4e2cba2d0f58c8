"""One behaviour test per registered 東方VISION clause: what the clause says, pinned on a bundled
example (examples/thv/).

Each entry names an example and states, from the clause's text, what must be true of its run —
a state, an order of steps, a loss — not what the engine happened to print. The example must
cite the clause too; a citation that points at a real but wrong clause is caught when the
behaviour the clause describes does not hold where it is cited.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from thv_helpers import RunView, example_path, run_example  # noqa: E402

from judgekit.engine.thv.clauses import REGISTRY  # noqa: E402


def _shuffled(r) -> list:
    """The players whose deck was shuffled, in order."""
    return [ch["player"] for _, ch in r.changes("shuffle")]


def _moved(r, *cards) -> list:
    """(step index, card) of every move of these cards."""
    return [(st.index, ch["card"]) for st, ch in r.changes("move") if ch["card"] in cards]


def _won(r, p):
    return r.outcome["result"] == "win" and r.outcome["winner"] == p


def _lost(r, *ps):
    return sorted(r.outcome.get("losers", [])) == sorted(ps)


def _no_grant_after(r, cid):
    """No player gains priority after the (first) step citing cid."""
    i = r.first(cid)
    return not [s for s in r.grants() if s.index > i]


def _lp_dip_then_check(r):
    """S1: LP goes below 0 and back during the resolution, and only then is LP checked."""
    ch = r.lp_changes("P1")
    check = r.first("1.5.3.a")
    return [c[1:] for c in ch] == [(2, -1), (-1, 4)] and all(c[0] < check for c in ch)


B = {
    # ---- 1 game basics ---------------------------------------------------------------------------
    "1.2.8": ("S06a", lambda r: r.count("P1", "hand") == 7 and r.count("P1", "deck") == 43),
    "1.3.4": ("R1.12.7", lambda r: r.before("6.3.5.a", "1.3.4") and r.lp("P1") == 19
              and r.first("1.3.4") < r.last("1.12.8.e")),
    "1.5.1": ("R1.5.4a", lambda r: r.outcome["result"] == "draw" and _lost(r, "P1", "P2")),
    "1.5.2.a": ("R1.5.2a", lambda r: _won(r, "P1") and r.lp("P2") == 25),
    "1.5.2.b": ("S02", lambda r: _won(r, "P2") and _lost(r, "P1")),
    "1.5.3.a": ("S02", lambda r: r.lp("P1") == -1 and _lost(r, "P1")
                and _no_grant_after(r, "1.12.8.e")),
    "1.5.3.b": ("S06b", lambda r: _won(r, "P1") and not r.cites("4.6.1.c")),
    "1.5.3.c": ("R1.5.3c", lambda r: _won(r, "P1") and _lost(r, "P2")),
    "1.5.3.d": ("R12.7", lambda r: _won(r, "P2") and _lost(r, "P1")),
    "1.5.3.e": ("R1.5.3e", lambda r: _won(r, "P2") and _lost(r, "P1")),
    "1.5.4.a": ("R1.11.7", lambda r: r.outcome["result"] == "draw" and _lost(r, "P1", "P2")),
    "1.5.4.b": ("R1.5.4b", lambda r: r.outcome["result"] == "draw"),
    "1.6.1.b": ("R2.10.3", lambda r: r.lp("P2") == 10),
    # ---- 1.8 nodes and costs ------------------------------------------------------------------------
    "1.8.2": ("S16", lambda r: r.zone("N") == "P1.nodes" and r.b.turn_flags.get("node_set")),
    "1.8.3.b": ("S16", lambda r: r.card("N").face == "down"
                and [s.player for s in r.grants()][:2] == ["P1", "P1"]),
    "1.8.5": ("S07", lambda r: r.count("P2", "nodes") == 6
              and all(r.card(i).face in (None, "down") for i in r.pl("P2", "nodes"))
              and [ch["to"] for _, ch in r.changes("move") if ch["to"] == "P2.nodes"]
              == ["P2.nodes"] * 2),
    "1.8.7.a": ("S01", lambda r: r.asleep("P1") == 1 and r.count("P1", "nodes") == 3),
    "1.8.7.b": ("S16", lambda r: r.count("P1", "netherworld") == 1
                and r.count("P1", "nodes") == 2),
    "1.8.7.d": ("R1.8.9e", lambda r: r.run.stop == "illegal_action" and r.zone("S") == "P1.hand"),
    "1.8.7.g": ("S16", lambda r: r.asleep("P1") == 2 and r.count("P1", "netherworld") == 1),
    # a cost X: 3 paid of 4 nodes, X = 3: the spell deals 3 (1.8.7.h)
    "1.8.7.h": ("R1.8.7h", lambda r: r.lp("P2") == 7 and r.asleep("P1") == 3),
    # a command of cost 1 lowered by 2 costs 0, not -1 (1.8.7.j); the raise on the spell by the
    # opponent's 自動α on the field (7.4.5.a) is paid: 3 of 3 nodes
    "1.8.7.j": ("R1.8.7j", lambda r: r.zone("Q") == "P1.netherworld" and r.asleep("P1") == 3),
    # 1.8.9.a / 1.8.9.g: asked to pay 2 with two nodes, P2 pays at once; no damage
    "1.8.9.a": ("R1.8.9a", lambda r: r.lp("P2") == 10 and r.asleep("P2") == 2),
    "1.8.9.g": ("R1.8.9a", lambda r: r.lp("P2") == 10 and r.asleep("P2") == 2),
    # 1.8.9.b: one node cannot pay 2: the text's 「支払えない場合」 — 3 damage
    "1.8.9.b": ("R1.8.9b", lambda r: r.lp("P2") == 7 and r.asleep("P2") == 0),
    # 1.8.9.c: optional and declined: nodes untouched, the other case applies
    "1.8.9.c": ("R1.8.9c", lambda r: r.lp("P2") == 7 and r.asleep("P2") == 0),
    "7.4.5.e": ("R11.2.2a", lambda r: r.zone("R") == "P2.removed" and r.count("P2", "hand") == 3
                and r.first("7.4.5.e") < r.last("11.2.2.a")),
    "9.3.5.a": ("R9.3.5", lambda r: r.moves_of("S") == [("P2.field", "P2.netherworld")]
                and r.first("9.3.5.a") < r.first("9.3.6")),
    "9.3.5.b": ("R9.3.5", lambda r: any(ch.get("card") == "S" and ch.get("to") == 0
                                        for _, ch in r.changes("damage"))),
    "11.2.2.a": ("R11.2.2a", lambda r: r.zone("U") == "P2.removed"
                 and r.count("P2", "netherworld") == 0),
    "7.4.5.a": ("R1.8.7j", lambda r: r.zone("S") == "P1.netherworld" and r.asleep("P1") == 3),
    # with a raise in force, X is what was paid (2), not 1 or 3 (1.8.7.k)
    "1.8.7.k": ("R1.8.7k", lambda r: r.lp("P2") == 8 and r.asleep("P1") == 2),
    "1.8.7.i": ("S16", lambda r: not r.cites("9.3.3")
                and ("P1.nodes", "P1.netherworld") in r.moves_of("P1.nodes#2")),
    "1.8.9.e": ("R1.8.9e", lambda r: r.asleep("P1") == 1 and r.count("P1", "nodes") == 3),
    # ---- 1.9 life points ----------------------------------------------------------------------------
    "1.9.2": ("S05", lambda r: _won(r, "P1") and r.lp("P2") == 0 and r.b.turn_player == "P2"),
    "1.9.3": ("S01", lambda r: (2, -1) in [c[1:] for c in r.lp_changes("P1")]),
    # P1 (3 LP) pays 5: -2, more than it had (1.9.4.a); P2's LP is set to 10 (1.9.7)
    "1.9.4": ("R1.9.4", lambda r: r.b.players["P1"].lp == -2),
    "1.9.4.a": ("R1.9.4", lambda r: r.b.players["P1"].lp == -2 and r.outcome["winner"] == "P2"),
    "1.9.7": ("R1.9.4", lambda r: r.b.players["P2"].lp == 10),
    "1.9.5": ("S01", lambda r: (-1, 4) in [c[1:] for c in r.lp_changes("P1")]),
    "1.9.6": ("S01", _lp_dip_then_check),
    # ---- 1.10 damage ----------------------------------------------------------------------------------
    "1.10.2": ("S08", lambda r: r.msg("1.10.2", "A", "deals 3 combat damage to D")),
    "1.10.3": ("S08", lambda r: len([s for s in r.citing("1.10.12.c")]) == 1
               and r.msg("1.10.3", "A", "D")),
    "1.10.5": ("S07", lambda r: r.msg("1.10.5", "combat damage to P2")),
    "1.10.6": ("S01", lambda r: r.msg("1.10.6", "effect damage to P1")),
    "1.10.11.a": ("S07", lambda r: r.lp("P2") == 7),
    "1.10.11.b": ("R1.10.13e", lambda r: r.msg("1.10.11.b", "accumulated 0 → 2")),
    "1.10.12.b": ("S19", lambda r: r.lp("P2") == 10 and r.b.waiting == []),
    "1.10.12.c": ("S15", lambda r: r.first("1.10.12.c") < r.first("1.10.12.d")),
    "1.10.12.d": ("S15", lambda r: r.first("1.10.12.d") < r.first("1.10.12.f")
                  and r.lp("P2") == 6),
    "1.10.12.e": ("R1.5.3e", lambda r: r.before("1.10.12.e", "12.10.1") and r.lp("P2") < 24),
    "1.10.12.f": ("S08", lambda r: r.zone("D") == "P2.netherworld"
                  and r.zone("A") == "P1.field"),
    "1.10.13.a": ("R9.2.4", lambda r: r.damage("D") == 0 and r.zone("D") == "P2.field"),
    "1.10.13.d": ("S08", lambda r: r.damage("A") == 0 and r.card("A").combat_damage == 0),
    "1.10.13.e": ("R1.10.13e", lambda r: r.damage("D") == 0 and r.zone("D") == "P2.field"),
    "1.10.14": ("R2.10.3", lambda r: r.lp("P2") == 10 and not r.cites("1.10.12.c")),
    "1.10.15": ("S19", lambda r: r.lp("P2") == 10 and not r.cites("6.5.3.a")),
    "1.10.16": ("R10.11", lambda r: r.damage("D") == 0 and r.zone("D") == "P2.field"),
    # ---- 1.11 drawing ---------------------------------------------------------------------------------
    "1.11.2": ("S02", lambda r: r.count("P1", "hand") == 1 and r.count("P1", "deck") == 19),
    "1.11.4": ("R2.4.4", lambda r: r.count("P1", "hand") == 1),
    "1.11.7": ("S06b", lambda r: _lost(r, "P2") and r.count("P2", "deck") == 0),
    # ---- 1.12 priority and interference ----------------------------------------------------------------
    "1.12.1": ("R1.12.1", lambda r: r.run.stop == "illegal_action" and r.zone("K") == "P2.hand"),
    "1.12.3": ("S16", lambda r: r.grants()[1].player == "P1" and r.grants()[2].player == "P2"),
    "1.12.4": ("S17", lambda r: r.grants()[1].player == "P2"),
    "1.12.7": ("R1.12.7", lambda r: [s.player for s in r.grants() if "1.12.7" in s.cites]
               == ["P2"]),
    "1.12.8.a": ("S11", lambda r: r.zone("D") == "P2.hand" and r.lp("P1") == 25
                 and r.moves_of("R")[-1][1] == "P2.netherworld"),
    "1.12.8.b": ("S07", lambda r: r.first("1.12.8.b") < r.first("6.2.4.c")),
    "1.12.8.c": ("R1.12.8c", lambda r: r.first("6.2.4.h") < r.first("1.12.8.c")
                 and r.zone("D") == "P2.field" and not r.b.effects),
    "1.12.8.d": ("R1.12.8c", lambda r: r.lp("P1") == 21 and r.first("1.12.8.c")
                 < r.first("1.12.8.d")),
    "1.12.8.e": ("S17", lambda r: [s.player for s in r.grants() if "1.12.8.e" in s.cites]
                 == ["P1"]),
    "1.12.9": ("S17", lambda r: r.b.step == "4.7.1.b"),
    "1.12.9.a": ("S01", lambda r: r.first("1.12.9.a") < r.first("1.12.8.a")),
    "1.12.9.b": ("S17", lambda r: r.first("1.12.9.b") < r.first("4.6.2.a")),
    "1.12.10": ("S12b", lambda r: r.zone("K") == "P2.netherworld" and r.lp("P2") == 10),
    "1.12.11": ("S01", lambda r: not [s for s in r.grants()
                                      if r.first("1.12.8.a") < s.index < r.first("1.12.8.e")]),
    # ---- 2 card definitions -----------------------------------------------------------------------------
    "2.4.3": ("R2.4.3", lambda r: r.run.stop == "illegal_action" and r.zone("S") == "P1.hand"),
    "2.4.4": ("R2.4.4", lambda r: r.zone("S") == "P1.netherworld"),
    "2.8.3": ("R2.8.3", lambda r: r.count("P2", "nodes") == 0 and r.count("P2", "deck") == 20),
    "2.10.2": ("R10.13", lambda r: r.lp("P2") == 7),  # 2 printed + 1 from the equipment
    "2.10.3": ("R2.10.3", lambda r: r.lp("P2") == 10 and not r.cites("6.5.2")),
    # ---- 3 zones --------------------------------------------------------------------------------------
    "3.1.6": ("S19", lambda r: r.zone("L") == "P2.netherworld"
              and r.zone("pop1") == "P2.netherworld"),
    "3.1.7": ("R11.3.3", lambda r: r.damage("D") == 0 and r.zone("D") == "P2.hand"),
    "3.3.2": ("S19", lambda r: r.pl("P2", "netherworld")[0] == "L"),
    "3.3.5": ("R4.8.1a", lambda r: r.pl("P1", "netherworld") == ["h2", "h1"]),
    "3.4.6": ("R9.3.4e", lambda r: r.zone("E") == "P2.netherworld"),
    "3.6.4": ("R4.8.1a", lambda r: r.count("P1", "hand") == 7),
    # 3.8.2: a card in the play area is treated as a played card — 〔プレイされているカード〕 names it
    "3.8.2": ("R10.26", lambda r: r.zone("K") == "P2.netherworld" and r.lp("P2") == 8),
    "3.8.5": ("S11", lambda r: r.zone("S") == "P1.netherworld" and r.zone("D") == "P2.hand"),
    # ---- 4 the turn -----------------------------------------------------------------------------------
    "4.2.1": ("S06a", lambda r: [r.first(c) for c in ("4.3.1.d", "4.4.1.c", "4.5.1.c", "4.6.3")]
              == sorted(r.first(c) for c in ("4.3.1.d", "4.4.1.c", "4.5.1.c", "4.6.3"))),
    "4.2.3": ("S17", lambda r: r.first("4.2.3") > r.last("1.12.8.e")),
    "4.2.3.a": ("S05", lambda r: not [s for s in r.grants()
                                      if r.first("4.9.1.a") < s.index < r.first("4.4.1.c")]),
    "4.3.1.a": ("R10.7", lambda r: r.msg("4.3.1.a", "(none)")),
    "4.3.1.b": ("S05", lambda r: r.first("4.3.1.b") < r.first("4.3.1.c")),
    "4.3.1.c": ("S05", lambda r: r.first("4.3.1.c") < r.first("4.3.1.d")),
    "4.3.1.d": ("S06a", lambda r: r.first("4.3.1.d") < r.first("4.4.1.a")),
    "4.4.1.a": ("R4.4.1a", lambda r: r.state("Y") == "active" and r.state("X") == "sleep"),
    "4.4.1.b": ("R10.7", lambda r: r.state("G") == "active"),
    "4.4.1.c": ("S05", lambda r: _lost(r, "P2") and r.last("1.5.3.a") > r.first("4.4.1.b")),
    "4.4.2.a": ("S06a", lambda r: r.first("4.4.2.a") < r.first("4.4.2.b")),
    "4.4.2.b": ("S06a", lambda r: r.first("4.4.2.b") < r.first("4.5.1.b")),
    "4.5.1.a": ("R10.27", lambda r: r.zone("W") == "P1.netherworld"),
    "4.5.1.b": ("S06a", lambda r: r.first("4.5.1.b") < r.first("4.5.1.c")),
    "4.5.1.c": ("S06a", lambda r: [s.player for s in r.grants() if "4.5.1.c" in s.cites]
                == ["P1"]),
    "4.5.2.a": ("S06a", lambda r: r.first("4.5.2.a") < r.first("4.5.2.b")),
    "4.5.2.b": ("S06a", lambda r: r.first("4.5.2.b") < r.first("4.6.3")),
    "4.6.1.a": ("S06b", lambda r: r.first("4.6.1.a") < r.first("1.11.7")),
    "4.6.1.b": ("S06a", lambda r: r.first("4.6.3") < r.first("4.6.1.b")),
    "4.6.1.c": ("S17", lambda r: r.grants()[0].player == "P1"),
    "4.6.2.a": ("S17", lambda r: r.first("4.6.2.a") < r.first("4.6.2.b")),
    "4.6.2.b": ("S17", lambda r: r.first("4.6.2.b") < r.first("4.7.1.a")),
    "4.6.3": ("S06a", lambda r: not r.cites("4.6.1.a") and r.count("P1", "hand") == 7),
    "4.7.1.a": ("S17", lambda r: r.first("4.7.1.a") < r.last("4.7.1.b")),
    "4.7.1.b": ("S17", lambda r: r.b.step == "4.7.1.b" and r.b.priority == "P1"),
    "4.7.2.a": ("R1.10.13e", lambda r: r.first("4.7.2.a") < r.first("4.7.2.b")),
    "4.7.2.b": ("R1.10.13e", lambda r: r.first("4.7.2.b") < r.first("4.8.1.b")),
    "4.8.1.a": ("R4.8.1a", lambda r: r.zone("h1") == "P1.netherworld"
                and r.zone("h2") == "P1.netherworld"),
    "4.8.1.b": ("R4.8.1a", lambda r: r.first("4.8.1.a") < r.first("4.8.1.b")),
    "4.8.1.c": ("S05", lambda r: r.grants()[0].player == "P1"),
    "4.8.2.a": ("S05", lambda r: r.first("4.8.2.a") < r.first("4.8.2.b")),
    "4.8.2.b": ("S05", lambda r: r.first("4.8.2.b") < r.first("4.9.1.a")),
    "4.9.1.a": ("R1.10.13e", lambda r: r.damage("D") == 0),
    "4.9.1.b": ("R1.10.13e", lambda r: r.first("4.9.1.a") < r.first("4.9.1.b")
                < r.first("4.9.1.c")),
    "4.9.1.c": ("S05", lambda r: r.lp("P2") == 0 and r.first("4.9.1.c") < r.first("4.9.1.e")),
    "4.9.1.d": ("S05", lambda r: r.first("4.9.1.c") < r.first("4.9.1.d")),
    "4.9.1.e": ("S05", lambda r: r.b.turn == 6 and r.b.turn_player == "P2"),
    # ---- 5 playing cards ------------------------------------------------------------------------------
    "5.2.2": ("S16", lambda r: r.zone("S") == "P1.play" and r.b.priority == "P2"),
    "5.2.2.c": ("S16", lambda r: r.zone("S") == "P1.play"),
    "5.2.3": ("S16", lambda r: r.zone("S") == "P1.play" and r.asleep("P1") == 2),
    "5.2.3.g": ("S01", lambda r: r.grants()[1].player == "P2"),
    "5.2.4.a": ("S11", lambda r: r.first("5.2.4.a") < r.first("5.2.4.d")),
    "5.2.4.b": ("S11", lambda r: r.zone("S") == "P1.netherworld" and r.damage("D") == 0),
    "5.2.4.c": ("S11", lambda r: len(r.citing("5.2.4.c")) == 1),  # R resolved; S did not
    "5.2.4.d": ("S01", lambda r: r.pl("P1", "netherworld") == ["S"]
                and r.pl("P2", "netherworld") == ["K"]),
    "5.4.1": ("R10.2", lambda r: r.b.turn_flags.get("character_played")),
    "5.4.2": ("R10.3.4", lambda r: r.zone("C") == "P2.field" and r.state("C") == "sleep"),
    "5.4.3": ("R10.2", lambda r: r.b.is_character(r.card("C"))),
    "5.5.1": ("S16", lambda r: r.zone("S") == "P1.play"),
    "5.5.6": ("R5.5.6", lambda r: r.lp("P2") == 7 and r.count("P1", "nodes") == 0),
    "5.6.1.a": ("S17", lambda r: r.zone("K") == "P2.netherworld" and r.lp("P1") == 19),
    "5.6.6": ("R5.6.6", lambda r: r.lp("P2") == 8 and r.count("P1", "nodes") == 0),
    # ---- 6 characters and combat --------------------------------------------------------------------------
    "6.1.8.a": ("R10.2", lambda r: r.b.is_character(r.card("C")) and r.lp("P2") == 8),
    "6.1.9.c": ("S09", lambda r: r.damage("A") == 0 and r.zone("D") == "P2.netherworld"),
    "6.1.10": ("S14", lambda r: r.zone("D") == "P2.netherworld"),
    "6.1.12": ("S14", lambda r: r.msg("6.1.12", "durability 0")),
    "6.1.13": ("R10.14", lambda r: r.zone("D") == "P2.netherworld"
               and r.zone("T") == "P1.netherworld"),
    "6.1.14": ("S14", lambda r: r.msg("6.1.14", "D 2/0")),
    "6.2.2": ("S08", lambda r: r.first("6.2.2") > r.first("1.12.8.a")),
    "6.2.4.a": ("R6.2.5a", lambda r: r.first("6.2.5.a") < r.first("6.2.4.a")),
    "6.2.4.b": ("R10.6", lambda r: r.first("6.2.4.b") < r.first("6.2.4.c")),
    "6.2.4.c": ("S07", lambda r: r.first("6.2.4.c") < r.first("6.2.4.e")),
    "6.2.4.d": ("S09", lambda r: r.first("6.2.4.d") < r.first("6.2.4.e")),
    "6.2.4.e": ("S08", lambda r: r.damage("A") == 0 and r.zone("D") == "P2.netherworld"),
    "6.2.4.g": ("S07", lambda r: r.first("6.2.4.e") < r.first("6.2.4.g") < r.first("6.2.4.h")),
    "6.2.4.h": ("S08", lambda r: r.damage("A") == 0),
    "6.2.4.i": ("S08", lambda r: r.first("6.2.4.h") <= r.first("6.2.4.i")),
    "6.2.4.j": ("S08", lambda r: r.first("6.2.4.i") <= r.first("6.2.4.j")),
    "6.2.6.a": ("S07", lambda r: r.lp("P2") == 7),
    "6.2.6.b": ("S08", lambda r: r.lp("P2") == 10),
    "6.3.2": ("S07", lambda r: r.state("A") == "sleep"),
    "6.3.3": ("S07", lambda r: r.first("6.3.3") == r.first("6.3.4.b") and r.state("A") == "sleep"),
    "6.3.4.b": ("S07", lambda r: r.state("A") == "sleep"),
    "6.3.4.c": ("S07", lambda r: r.first("6.3.4.c") < r.first("1.12.8.a")),
    "6.3.4.d": ("S07", lambda r: r.first("6.3.4.d") < r.first("6.3.4.f")),
    "6.3.4.e": ("S07", lambda r: r.msg("6.3.4.e", "attacking character")),
    "6.3.4.f": ("S07", lambda r: r.first("6.3.4.f") < r.first("6.3.4.g")),
    "6.3.4.g": ("S08", lambda r: r.grants()[1].player == "P2"),
    "6.3.5.a": ("R1.12.7", lambda r: r.lp("P2") == 7 and r.state("A") == "active"),
    "6.3.5.c": ("R1.12.7", lambda r: r.state("A") == "active"),
    "6.3.7": ("R9.1.5", lambda r: not r.cites("6.2.4.g") and r.zone("A") == "P1.netherworld"),
    "6.3.7.a": ("R9.1.5", lambda r: r.first("6.3.7") < r.first("6.3.7.a") < r.first("6.3.7.b")),
    "6.3.7.b": ("R9.1.5", lambda r: r.first("6.3.7.b") < r.first("6.3.7.c")),
    "6.3.7.c": ("R9.1.5", lambda r: not r.cites("6.2.4.j") and not r.cites("6.2.4.h")),
    "6.4.2": ("S08", lambda r: r.first("6.4.2") == r.first("6.4.4.b")),
    "6.4.3": ("S08", lambda r: r.state("D") is None or r.zone("D") == "P2.netherworld"),
    "6.4.4.b": ("R10.6", lambda r: r.state("D") == "sleep"),
    "6.4.4.c": ("S08", lambda r: r.first("6.4.4.c") < r.first("6.4.4.d")),
    "6.4.4.d": ("S08", lambda r: r.first("6.4.4.d") < r.first("6.2.6.b")),
    "6.4.4.e": ("S08", lambda r: r.first("6.4.4.e") < r.first("6.4.4.f")),
    "6.4.4.f": ("S08", lambda r: [s.player for s in r.grants() if "6.4.4.f" in s.cites]
                == ["P1"]),
    "6.4.5": ("R10.3.4", lambda r: r.state("C") == "sleep" and r.lp("P2") == 10),
    "6.4.7": ("R10.6", lambda r: r.lp("P2") == 7 and r.damage("D") == 0),
    "6.5.3.a": ("R10.2", lambda r: r.count("P2", "deck") == 20),
    "6.5.3.b": ("S07", lambda r: r.count("P2", "deck") == 18 and r.asleep("P2") == 2),
    # ---- 7 texts and effects -----------------------------------------------------------------------------
    "7.1.6.a": ("R7.1.6a", lambda r: r.first("7.1.6.a") < r.first("1.9.5")),
    "7.1.10": ("R1.12.7", lambda r: r.zone("M") == "P1.netherworld"),
    "7.1.12": ("R7.1.12", lambda r: r.lp("P2") == 10),
    "7.3.1.b": ("S12b", lambda r: r.lp("P2") == 10 and r.zone("E") == "P1.netherworld"),
    "7.3.3": ("S19", lambda r: r.zone("pop1") == "P2.netherworld"),
    "7.3.4": ("S12a", lambda r: r.asleep("P1") == 1),
    "7.3.4.f": ("S12a", lambda r: r.grants()[1].player == "P2"),
    "7.3.5.b": ("R7.3.6", lambda r: r.lp("P2") == 8),
    "7.3.6": ("S12a", lambda r: r.run.stop == "illegal_action" and r.lp("P2") == 10),
    # the optional 自動γ the default reading applies (R7.4.7b: LP 9) is not applied under 7.4.4
    "7.4.4": ("R7.4.7c", lambda r: r.lp("P2") == 10 and r.first("7.4.4") is not None),
    "7.4.7.a": ("R10.8", lambda r: r.zone("D") == "P2.netherworld"),
    "7.4.7.c": ("S05", lambda r: r.first("4.9.1.c") <= r.first("7.4.7.c")),
    "7.4.7.d": ("R7.1.6a", lambda r: r.lp("P2") == 11 and r.zone("F2") == "P1.netherworld"),
    "7.6.1": ("S14", lambda r: r.first("6.1.10") < r.first("7.6.1")),
    "7.8.1": ("S19", lambda r: r.first("7.8.1") < r.first("1.10.12.b")),
    "7.8.2": ("S19", lambda r: r.zone("L") == "P2.netherworld" and r.lp("P2") == 10),
    # ---- 8 targets --------------------------------------------------------------------------------------
    "8.1.3": ("R8.1.3", lambda r: r.lp("P2") == 7 and r.b.waiting == []),
    "8.2.4": ("R10.34.2a", lambda r: r.run.stop == "illegal_action" and r.zone("K") == "P1.hand"),
    # ---- 9 removal --------------------------------------------------------------------------------------
    "9.1.3": ("R10.8", lambda r: r.first("10.8.2.a") < r.first("9.1.3") < r.first("1.10.12.f")),
    "9.1.4": ("R9.1.4", lambda r: r.zone("A") == "P1.netherworld"
              and r.moves_of("D")[-1][1] == "P2.netherworld"),
    "9.1.5": ("R9.1.5", lambda r: len([s for s in r.citing("9.2.3.e")]) == 1
              and r.zone("A") == "P1.netherworld" and r.zone("D") == "P2.netherworld"),
    "9.2.2.a": ("R11.1.1", lambda r: r.zone("A") == "P1.netherworld"),
    "9.2.2.b": ("S14", lambda r: r.zone("D") == "P2.netherworld"),
    "9.2.2.c": ("R10.8", lambda r: r.first("10.8.2.a") == r.first("9.2.2.c")
                and r.zone("D") == "P2.netherworld"),
    "9.2.3.a": ("S08", lambda r: r.first("9.2.3.a") < r.first("9.2.3.e")),
    "9.2.3.b": ("R9.2.4", lambda r: r.zone("D") == "P2.field"),
    "9.2.3.c": ("S08", lambda r: r.first("9.2.3.c") < r.first("9.2.3.e")),
    "9.2.3.d": ("R9.1.4", lambda r: r.first("9.2.3.d") < r.last("9.2.3.e")),
    "9.2.3.e": ("S08", lambda r: r.first("9.2.3.e") < r.first("9.3.3")),
    "9.2.5": ("S14", lambda r: r.zone("D") == "P2.netherworld"),
    "9.2.6.a": ("S08", lambda r: r.msg("9.2.6.a", "made so by A")),
    # effect damage: made 決死 by 霊撃's effect, which discards it (9.2.3.e) — W's 「相手のカードの
    # 効果で破棄された場合」 fires (P2 draws), V's 「戦闘で決死状態になった場合」 does not (LP 20)
    "9.2.6.b": ("R9.2.6b", lambda r: r.msg("9.2.6.b", "made so by K") and r.count("P2", "hand")
                == 1 and r.lp("P2") == 20 and r.msg("9.2.3.e", "by K")),
    "9.3.3": ("S12b", lambda r: r.zone("E") == "P1.netherworld"),
    "9.3.4.a": ("S12b", lambda r: r.first("9.3.4.a") < r.first("9.3.4.g")),
    "9.3.4.b": ("S12b", lambda r: r.first("9.3.4.b") < r.first("9.3.4.g")),
    "9.3.4.c": ("S12b", lambda r: r.first("9.3.4.c") < r.first("9.3.4.g")),
    "9.3.4.d": ("R9.1.4", lambda r: r.zone("A") == "P1.netherworld"),
    "9.3.4.e": ("R9.3.4e", lambda r: r.zone("E") == "P2.netherworld"
                and r.zone("D") == "P2.netherworld"),
    "9.3.4.g": ("R9.3.4e", lambda r: r.pl("P2", "netherworld") == ["D", "E"]),
    "9.3.6": ("S14", lambda r: r.zone("D") == "P2.netherworld"),
    "9.4.3": ("R9.4", lambda r: r.zone("D") == "P2.removed"),
    "9.4.4.a": ("R9.4", lambda r: r.first("9.4.4.a") < r.first("9.4.4.l")),
    "9.4.4.b": ("R9.4", lambda r: r.first("9.4.4.b") < r.first("9.4.4.l")),
    "9.4.4.c": ("R9.4", lambda r: r.first("9.4.4.c") < r.first("9.4.4.l")),
    "9.4.4.d": ("R9.4", lambda r: r.first("9.4.4.d") < r.first("9.4.4.l")),
    "9.4.4.e": ("R9.4", lambda r: r.zone("E") == "P2.netherworld"),
    "9.4.4.l": ("R9.4", lambda r: r.zone("D") == "P2.removed" and r.zone("E")
                == "P2.netherworld"),
    # ---- 10 tactics and special effects -------------------------------------------------------------------
    "10.2.2.a": ("R10.2", lambda r: r.lp("P2") == 8),
    "10.2.3": ("R10.16", lambda r: r.lp("P2") == 8 and r.state("F") == "sleep"),
    "10.3.2.a": ("R10.3.4", lambda r: r.zone("C") == "P2.field"),
    "10.3.2.b": ("R10.3.4", lambda r: r.damage("A") == 0 and r.lp("P2") == 10),
    "10.3.4": ("R10.3.4", lambda r: r.state("C") == "sleep" and not r.cites("10.2.2.a")),
    "10.4.2.a": ("S09", lambda r: r.damage("A") == 0),
    "10.5.2.a": ("S15", lambda r: r.lp("P2") == 6 and r.count("P2", "nodes") == 4),
    "10.6.2.a": ("R10.6", lambda r: r.lp("P2") == 7),
    "10.7.2.a": ("R10.7", lambda r: r.state("G") == "active"),
    "10.8.2.a": ("R10.8", lambda r: r.zone("D") == "P2.netherworld"),
    # P2's 反射結界 changes the target of P1's waiting 霊撃 from D to P1's own A
    "8.2.8": ("R8.2.8", lambda r: r.zone("A") == "P1.netherworld" and r.damage("D") == 0),
    # 遅効の符's 「ターン終了時、カードを1枚引く」 resolves at 4.9.1.c, not when K resolved
    "7.7.1": ("R7.7.1-at-turn-end", lambda r: r.count("P1", "deck") == 19
              and r.last("7.7.1") > r.first("4.9.1.b")),
    # C's turn-end 自動γ makes a turn-end effect during that timing: it resolves this turn
    "7.7.2": ("R7.7.2", lambda r: r.count("P1", "deck") == 19
              and r.first("7.7.2") < r.first("4.9.1.d")),
    # 招集の符: Y2 (a 妖怪) extracted from the deck into the hand, the deck shuffled
    "11.4.1": ("R11.4.1", lambda r: r.zone("Y2") == "P1.hand" and r.zone("H") == "P1.deck"),
    # an effect sets the deck's top two as nodes: they are there asleep, the third stays
    "1.8.4": ("R1.8.4", lambda r: r.pl("P1", "nodes")[-2:] == ["D1", "D2"]
              and r.state("D1") == r.state("D2") == "sleep" and r.zone("D3") == "P1.deck"),
    # 「決死状態にならない」: 3 damage on durability 3 leaves it on the field; durability 0 does not
    "9.2.8.c": ("R9.2.8c", lambda r: r.first("9.2.8.c")
                < r.first("9.2.2.b") and r.zone("S") == "P2.netherworld"
                and r.first("9.2.8.c") < r.first("6.1.10")),
    # 「破棄されない」 / 「除外されない」: the card stays after the instruction; at durability 0 it goes
    "9.3.8.c": ("R9.3.8c", lambda r: r.first("9.3.8.c") < r.first("9.4.6.b")
                and r.moves_of("S") == [("P2.field", "P2.netherworld")]
                and r.first("9.3.6") > r.first("9.4.6.b")),
    "9.4.6.b": ("R9.3.8c", lambda r: r.zone("T") == "P2.field" and r.moves_of("T") == []),
    "11.8.1": ("R11.4.1", lambda r: any(ch.get("op") == "shuffle" for _, ch in r.changes())),
    # 3.2.5: the deck seen whole with no shuffle instruction is shuffled when the effect ends
    # (after everything else the effect did, the draw); the one seen in part (3.2.5.a) is not
    "3.2.5": ("R3.2.5", lambda r: _shuffled(r) == ["P2"]
              and r.first("1.11.2") < r.first("3.2.5") < r.first("5.2.4.c")),
    "3.2.5.a": ("R3.2.5", lambda r: "P1" not in _shuffled(r) and r.cites("3.2.5.a")),
    # 3.2.5.b: a number named, the whole deck revealed — no shuffle of P2's deck; P1's deck is
    # shuffled once, by the effect's own instruction (11.8.1), not again by 3.2.5
    "3.2.5.b": ("R3.2.5b", lambda r: _shuffled(r) == ["P1"] and r.cites("3.2.5.b")),
    # 11.6/11.7: the cards looked at or revealed stay in the deck, in their order
    "11.6.1": ("R3.2.5b", lambda r: r.citing("11.6.1")[0].cards == ["E1", "E2"]),
    "11.6.2": ("R3.2.5b", lambda r: r.pl("P2", "deck") == ["E1", "E2"]),
    "11.6.3": ("R3.2.5b", lambda r: r.first("11.6.1") < r.first("11.6.3")
               and r.pl("P2", "deck") == ["E1", "E2"]),
    "11.6.4": ("R3.2.5b", lambda r: not r.cites("11.7.1")),
    "11.7.1": ("R3.2.5", lambda r: r.citing("11.7.1")[0].player == "P1"
               and r.citing("11.7.1")[0].cards == ["E1", "E2"]),
    "11.7.2": ("R3.2.5", lambda r: r.pl("P2", "deck") == ["E1", "E2"]
               and r.zone("D2") == "P1.deck"),
    "11.7.3": ("R3.2.5", lambda r: r.first("11.7.1") < r.first("11.7.3")),
    # 1.3.3: both players choose, the turn player all of its cards first, then the other
    "1.3.3": ("R1.3.3", lambda r: [c["chooser"] for c in r.citing("1.3.3")[0].choices]
              == ["P1", "P2"]),
    "1.3.3.a": ("R1.3.3", lambda r: [len(c["answer"]) for c in r.citing("1.3.3")[0].choices]
                == [2, 2]),
    # 1.3.3.c: each choice is made known as it is made (both recorded in the choosing step),
    # the cards staying in the hands until both have chosen; then they are discarded together
    "1.3.3.c": ("R1.3.3", lambda r: [c["answer"] for c in r.citing("1.3.3.c")[0].choices]
                == [["A1", "A3"], ["B1", "B2"]]
                and min(i for i, _ in _moved(r, "A1", "A3", "B1", "B2")) > r.first("1.3.3.c")
                and r.zone("A2") == "P1.hand"
                and {r.zone(x) for x in ("A1", "A3")} == {"P1.netherworld"}),
    "10.9.2.a": ("R10.9", lambda r: r.run.stop == "illegal_action"),
    # the command's 「防御を行うことが出来ない」 is in force: D's defense is refused, D stays active
    "1.3.2": ("R1.3.2", lambda r: r.run.stop == "illegal_action" and r.state("D") == "active"
              and any(e.get("cannot") == "defend" for e in r.b.effects)),
    # 7.3.7: the use is refused before anything is paid; 7.3.7.a: the one used before resolves
    "7.3.7": ("R7.3.7", lambda r: r.run.stop == "illegal_action" and r.state("C") == "active"
              and r.count("P1", "deck") == 20),
    "7.3.7.a": ("R7.3.7a", lambda r: r.lp("P2") == 9 and r.first("7.3.7.a") < r.first("7.3.5.b")
                and r.run.stop == "illegal_action"),
    # a 奇襲 character is refused under 「相手はキャラクターカードをプレイ出来ない」: nothing paid
    "10.3.3": ("R10.3.3", lambda r: r.run.stop == "illegal_action" and r.zone("C") == "P2.hand"
               and r.asleep("P2") == 0),
    "10.11.2.a": ("R10.11", lambda r: r.damage("D") == 0 and r.zone("A") == "P1.field"),
    "10.12.2.a": ("R10.12", lambda r: r.asleep("P1") == 2 and r.count("P1", "deck") == 18),
    "10.13.2.a": ("R10.13", lambda r: "E" in r.card("A").set and r.zone("E") == "P1.field"),
    "10.13.4": ("R10.13", lambda r: r.zone("F") == "P1.netherworld" and r.card("A").set == ["E"]),
    "10.14.2.a": ("R10.14", lambda r: ("P1.play", "P2.field") in r.moves_of("T")),
    "10.15.2.a": ("R10.15", lambda r: r.zone("Q") == "P1.field"),
    "10.15.3": ("R10.15", lambda r: r.zone("R") == "P1.netherworld"),
    "10.16.2.a": ("R10.16", lambda r: ("P1.play", "P1.field") in r.moves_of("F")),
    "10.16.3": ("R10.16", lambda r: r.b.is_character(r.card("F"))),
    "10.17.2.a": ("R10.17", lambda r: r.zone("W1") == "P1.field" and r.state("W1") == "active"),
    "10.13.5": ("R10.34.4", lambda r: r.zone("E1") == "P1.field"
                and r.zone("E2") == "P1.netherworld"),
    "10.15.4": ("R10.34.4", lambda r: r.zone("W1") == "P1.field"
                and r.zone("W2") == "P1.netherworld"),
    "10.27.2.a": ("R10.27", lambda r: r.zone("W") == "P1.netherworld"
                  and r.asleep("P1") == 0),
    "10.10.2": ("R10.25", lambda r: r.card("E").zone == "P1.field"
                and r.b.host_of(r.card("E")).id == "Y"),
    "10.18.2.a": ("R10.18", lambda r: r.zone("F2") == "P1.field" and r.state("F2") == "sleep"
                  and r.zone("F1") == "P1.netherworld"),
    "10.18.3": ("R10.18", lambda r: r.zone("F2") == "P1.field" and not r.cites("10.19.2.a")),
    "10.19.2.a": ("R10.19", lambda r: r.zone("F2") == "P1.removed" and not r.cites("10.2.2.a")),
    "10.20.2.b": ("R10.20", lambda r: r.zone("K") == "P1.removed" and r.lp("P2") == 10),
    "10.20.3": ("R10.20", lambda r: r.zone("K") == "P1.removed" and r.zone("SU") == "P1.netherworld"),
    "10.21.2.a": ("R10.21-once", lambda r: r.run.stop == "illegal_action"
                  and r.zone("K1") == "P1.netherworld" and r.zone("K2") == "P1.hand"),
    "10.21.3": ("R10.21.3", lambda r: r.run.stop == "illegal_action"
                and r.zone("B1") == "P2.netherworld" and r.zone("B2") == "P2.hand"),
    "10.22.2.a": ("R10.22", lambda r: r.run.stop == "illegal_action" and r.zone("B1") == "P2.hand"),
    "10.22.3": ("R10.22", lambda r: r.run.stop == "illegal_action" and r.zone("B1") == "P2.hand"),
    "10.23.2.a": ("R10.21.3", lambda r: r.zone("B1") == "P2.netherworld"),  # P1's turn: legal
    "10.23.3": ("R10.21.3", lambda r: r.zone("B1") == "P2.netherworld"),
    "10.25.2.a": ("R10.25", lambda r: r.b.host_of(r.card("E")).id == "Y"
                  and r.card("R").attack == 1),
    "10.28.2.a": ("R10.28-transform", lambda r: r.card("T").attack == 5 and r.lp("P2") == 5),
    "10.28.3": ("R10.28-transform", lambda r: r.card("T").name == "鴉天狗の少女"),
    "10.28.6.a": ("R10.28-transform", lambda r: r.card("T").keyword("変身")["transformed"]),
    "10.28.6.b": ("R10.28-transform", lambda r: r.card("T").durability == 4),
    "10.28.8": ("R10.28-transform", lambda r: r.lp("P2") == 5),
    "10.28.7.a": ("R10.28.10", lambda r: not r.card("T").keyword("変身")["transformed"]),
    "10.28.7.b": ("R10.28.10", lambda r: r.card("T").name == "天狗の少女"
                  and r.card("T").attack == 2),
    "10.28.10": ("R10.28.10", lambda r: r.card("T").durability == 2),
    # 10.26.2.a: not paid — 「その相手プレイヤーのカードの効果を無効とし、破棄する」: the command is
    # discarded without resolving, and the spell it aimed at resolves (P2 takes its 2)
    "10.26.2.a": ("R10.26", lambda r: r.zone("K") == "P2.netherworld" and r.zone("S") == "P1.netherworld"
                  and r.lp("P2") == 8 and r.count("P2", "nodes") == 1),
    "10.29.2.a": ("R10.29", lambda r: r.zone("K") == "P1.netherworld" and r.damage("RA") == 0),
    # 10.1.3: 加護(1) printed and 加護(1) from G's 自動α are two: the second is asked on its own
    "10.1.3": ("R10.1.3", lambda r: r.zone("K") == "P1.netherworld" and r.damage("RA") == 0
               and len(r.citing("10.29.2.a")) == 2),
    "10.30.2.a": ("R10.30", lambda r: r.zone("S") == "P2.netherworld" and r.lp("P1") == 8),
    "10.31.2.a": ("R10.32", lambda r: r.run.stop == "illegal_action" and r.zone("S") == "P1.hand"),
    "10.31.3": ("R10.32", lambda r: r.run.stop == "illegal_action" and r.zone("S") == "P1.hand"),
    "10.32.2.a": ("R10.32", lambda r: r.run.stop == "illegal_action" and r.zone("S") == "P1.hand"),
    "10.33.2.a": ("R10.33", lambda r: r.zone("MA") == "P1.removed" and r.lp("P2") == 6
                  and r.zone("MI") == "P1.netherworld"),
    "10.34.2.a": ("R10.34.2a", lambda r: r.zone("L") == "P2.field"),
    "10.34.2.b": ("R10.34.2bc", lambda r: r.first("10.34.2.b") < r.first("10.34.2.c")),
    "10.34.2.c": ("R10.34.2bc", lambda r: r.count("P1", "field") == 3
                  and r.count("P1", "deck") == 18),
    "10.34.2.d": ("S19", lambda r: r.lp("P2") == 10),
    "10.34.4": ("R10.34.4", lambda r: r.zone("L1") == "P1.field"
                and r.zone("L2") == "P1.netherworld"),
    # ---- 11 / 12 --------------------------------------------------------------------------------------------
    # 決死 the moment the modifier ends (6.2.4.i), so A's own combat-end 自動γ never resolves
    "11.1.1": ("R11.1.1", lambda r: r.first("6.2.4.i") < r.first("11.1.1") < r.first("6.2.4.j")
               and r.lp("P1") == 10 and not r.cites("1.9.5")),
    "11.3.3": ("R11.3.3", lambda r: r.first("11.3.3") < r.first("11.3.14")
               and r.zone("E") == "P2.netherworld"),
    "11.3.9.a": ("R10.34.2bc", lambda r: r.zone("L") == "P1.field"),
    "11.3.9.c": ("R10.16", lambda r: r.first("10.16.3") == r.first("11.3.9.c")),
    "11.3.10": ("R10.13", lambda r: r.b.host_of(r.card("E")).id == "A"),
    "11.3.11.c": ("R10.13", lambda r: r.state("E") == "sleep" and r.state("A") == "sleep"),
    "11.3.14": ("S11", lambda r: r.zone("D") == "P2.hand"),
    "11.5.3": ("R7.1.12", lambda r: r.state("E") == "sleep" and r.lp("P2") == 10),
    "12.7.2": ("R12.7", lambda r: r.grants()[-1].player == "P2" and _lost(r, "P1")),
    "12.7.3": ("R12.7", lambda r: _lost(r, "P1")),
    "12.10.1": ("R1.5.4b", lambda r: r.outcome["result"] == "draw"),
    # ---- leaves of the clauses the engine used to cite whole (issue 27) ----------------------
    "1.12.6.a": ("S17", lambda r: r.first("5.6.1.a") == r.first("1.12.6.a")),
    "1.12.6.b": ("S12a", lambda r: r.first("7.3.4.f") == r.first("1.12.6.b")),
    "1.12.6.c": ("S07", lambda r: r.first("6.3.4.b") == r.first("1.12.6.c")),
    "5.5.1.d": ("R10.17", lambda r: r.run.stop == "illegal_action" and r.zone("W2") == "P1.hand"),
    "6.2.5.a": ("R6.2.5a", lambda r: r.state("B") == "active" and r.lp("P2") == 7),
    "6.3.3.c": ("R10.9", lambda r: r.run.stop == "illegal_action" and r.state("D") == "active"),
    "6.3.5.e": ("R1.12.7", lambda r: any(s.player == "P2" for s in r.citing("6.3.5.e"))),
    "6.3.6.b": ("R6.3.6", lambda r: r.lp("P2") == 10 and not r.cites("6.2.4.c")),
    "6.4.2.a": ("R6.4.2a", lambda r: r.run.stop == "illegal_action"),
    "6.4.5.b": ("R10.3.4", lambda r: r.state("C") == "sleep" and r.damage("C") == 0),
    "6.5.2.a": ("S07", lambda r: r.count("P2", "nodes") == 6),
    "6.5.2.b": ("S15", lambda r: r.count("P2", "nodes") == 4),
    "7.1.14": ("R7.1.14", lambda r: r.lp("P2") == 6 and len(r.citing("10.5.2.a")) >= 2),
    "7.1.12.a": ("R7.1.12", lambda r: r.state("E") == "sleep" and r.lp("P2") == 10),
    "8.1.3.a": ("R8.1.3", lambda r: r.first("8.1.3.a") < r.first("7.1.12.a")),
    "8.2.5.a": ("S11", lambda r: r.damage("D") == 0 and r.zone("D") == "P2.hand"),
    "9.2.4.a": ("R9.2.4", lambda r: r.damage("D") == 0 and not r.cites("9.2.3.e")),
    "9.2.4.b": ("R9.2.4", lambda r: r.damage("D") == 0 and r.zone("D") == "P2.field"),
    "8.2.6.b": ("R8.2.6b", lambda r: r.run.stop == "illegal_action" and r.zone("S") == "P1.hand"),
}


# ---- boards written here: the conditions of an action, each failing alone -----------------------

BASE = """format: judgekit-board/1
ruleset: thv
edition: 旧 (old edition)
game: {turn: 3, turn_player: P1, first_player: P1, step: "%(step)s", priority: %(prio)s}
players:
  P1:
    deck: 20
    nodes: 4
    hand:
      - {id: C1, name: 博麗霊夢, type: character, need: 0, cost: 0, attack: 2, durability: 2}
      - {id: C2, name: 霧雨魔理沙, type: character, need: 0, cost: 0, attack: 2, durability: 2,
         abilities: [{auto: γ, when: enters, of: self, effect: [{gain_lp: 2}]}]}
      - {id: D1, name: 上海人形, type: character, need: 0, cost: 0, attack: 1, durability: 1, keywords: [人形]}
      - {id: D2, name: 蓬莱人形, type: character, need: 0, cost: 0, attack: 1, durability: 1, keywords: [人形]}
      - {id: S1, name: 夢想封印, type: spell, need: 0, cost: 0, caster: 博麗霊夢}
      - {id: K1, name: 退治, type: command, need: 0, cost: 0, abilities: [{effect: [{gain_lp: 1}]}]}
      - {id: K2, name: 撤退, type: command, need: 0, cost: 0,
         abilities: [{target: {character: you}, effect: [{return: target, to: hand}]}]}
      - {id: K3, name: 弾幕, type: command, need: 0, cost: 0,
         abilities: [{target: {character: opponent}, effect: [{damage: 5, to: target}, {damage: 1, to: target}]}]}
      - {id: K5, name: 突撃命令, type: command, need: 0, cost: 0,
         abilities: [{target: {character: you}, effect: [{attack: target}]}]}
      - {id: K4, name: 妖精退治, type: command, need: 0, cost: 0,
         abilities: [{target: {character: opponent, race: 妖精}, effect: [{damage: 1, to: target}]}]}
    field:
      - {id: A, name: 十六夜咲夜, type: character, attack: 2, durability: 2, state: %(astate)s,
         abilities: [{activated: your_turn, text: "(自分ターン)1LPを得る。", effect: [{gain_lp: 1}]},
                     {activated: opponent_turn, text: "(相手ターン)1LPを得る。", effect: [{gain_lp: 1}]},
                     {activated: always, cost: {sleep: self}, text: "(常時)【スリープ】1LPを得る。", effect: [{gain_lp: 1}]},
                     {auto: γ, when: attacks, of: self, target: {character: opponent}, text: "(自動γ)攻撃を行った場合、目標の相手キャラクターに1ダメージ。", effect: [{damage: 1, to: target}]},
                     {auto: γ, when: would_enter, of: yours, text: "(自動γ)あなたのキャラクターが場に出る場合、1LPを得る。", effect: [{gain_lp: 1}]},
                     {auto: γ, when: would_attack, of: self, text: "(自動γ)攻撃を行う場合、1LPを得る。", effect: [{gain_lp: 1}]}]}
  P2:
    deck: 20
    nodes: 4
    hand:
      - {id: P2C, name: 紅美鈴, type: character, need: 0, cost: 0, attack: 2, durability: 2}
      - {id: P2S, name: 彩符, type: spell, need: 0, cost: 0}
      - {id: N1, name: 犬走椛, type: character, need: 0, cost: 0, attack: 2, durability: 4, keywords: [奇襲, 速攻],
         abilities: [{auto: γ, when: would_defend, of: self, effect: [{gain_lp: 1}]},
                     {auto: γ, when: defends, of: self, effect: [{gain_lp: 2}]}]}
      - {id: N2, name: 河城にとり, type: character, need: 0, cost: 0, attack: 2, durability: 4, keywords: [奇襲, 速攻]}
    field:
      - {id: B, name: 魂魄妖夢, type: character, attack: 1, durability: 5, state: active,
         abilities: [{activated: your_turn, text: "(自分ターン)1LPを得る。", effect: [{gain_lp: 1}]}]}
actions: %(actions)s
"""


def board(actions: str, step: str = "4.7.1.b", prio: str = "P1", astate: str = "active") -> str:
    return BASE % {"actions": actions, "step": step, "prio": prio, "astate": astate}


def _illegal_citing(cid):
    return lambda r: r.run.stop == "illegal_action" and r.steps[-1].cites == [cid]


INLINE = {
    # each failing condition of node set, character and spell play, attack, activated effects
    "1.8.2.a": (board("[{node: C1}]", step="4.5.1.c"), _illegal_citing("1.8.2.a")),
    "1.8.2.b": (board("[{play: K1}, pass, {node: C1}]"), _illegal_citing("1.8.2.b")),
    "1.8.2.c": (board("[{node: C1}, {node: C2}]"), _illegal_citing("1.8.2.c")),
    "1.8.2.d": (board("[{node: A}]"), _illegal_citing("1.8.2.d")),
    "5.4.1.a": (board("[pass, {play: P2C}]"), _illegal_citing("5.4.1.a")),
    "5.4.1.b": (board("[{play: C1}]", step="4.5.1.c"), _illegal_citing("5.4.1.b")),
    "5.4.1.c": (board("[{play: K1}, pass, {play: C1}]"), _illegal_citing("5.4.1.c")),
    "5.4.1.d": (board("[{play: C1}, pass, pass, {play: C2}]"), _illegal_citing("5.4.1.d")),
    "5.4.1.e": (board("[{play: D1}, pass, pass, {play: D2}]"), _illegal_citing("5.4.1.e")),
    "5.5.1.a": (board("[pass, {play: P2S}]"), _illegal_citing("5.5.1.a")),
    "5.5.1.b": (board("[{play: S1}]", step="4.5.1.c"), _illegal_citing("5.5.1.b")),
    "5.5.1.c": (board("[{play: K1}, pass, {play: S1}]"), _illegal_citing("5.5.1.c")),
    "6.3.2.a": (board("[pass, {attack: B}]"), _illegal_citing("6.3.2.a")),
    "6.3.2.b": (board("[{attack: A}]", step="4.5.1.c"), _illegal_citing("6.3.2.b")),
    "6.3.2.c": (board("[{play: K1}, pass, {attack: A}]"), _illegal_citing("6.3.2.c")),
    "6.3.3.a": (board("[{attack: C1}]"), _illegal_citing("6.3.3.a")),
    "6.3.3.b": (board("[{attack: A}]", astate="sleep"), _illegal_citing("6.3.3.b")),
    "6.4.3.a": (board("[{attack: A}, {defend: C1}]"), _illegal_citing("6.4.3.a")),
    "6.4.3.b": (board("[{attack: A}, {defend: B}]")
                .replace("{id: B, name: 魂魄妖夢, type: character, attack: 1, durability: 5, "
                         "state: active", "{id: B, name: 魂魄妖夢, type: character, attack: 1, "
                         "durability: 5, state: sleep"), _illegal_citing("6.4.3.b")),
    "7.3.3.b": (board("[{use: B}]"), _illegal_citing("7.3.3.b")),
    "7.3.3.d": (board("[{use: A, ability: 3}]", astate="sleep"), _illegal_citing("7.3.3.d")),
    "7.3.3.f": (board("[pass, {use: B, ability: 1}]"), _illegal_citing("7.3.3.f")),
    "7.3.3.g": (board("[{use: A, ability: 2}]"), _illegal_citing("7.3.3.g")),
    "8.2.4.a": (board("[{play: K4}]"), _illegal_citing("8.2.4.a")),
    # the attacker is on the attacked player's field: the attack was cancelled, no combat
    "6.3.6.c": ("""format: judgekit-board/1
ruleset: thv
edition: 旧 (old edition)
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P2}
players:
  P1: {deck: 20}
  P2:
    deck: 20
    lp: 10
    field:
      - {id: A, name: 十六夜咲夜, type: character, attack: 2, durability: 2, state: sleep, owner: P1}
interference:
  - entries: []
    attack: {attacker: A, player: P2}
actions: [pass, pass]
""", lambda r: r.lp("P2") == 10 and not r.cites("6.2.4.c")),
    # a second defending character never arises (written mid-attack, a defender already there)
    "6.2.5.b": (board("[{defend: B}]", prio="P2").replace(
        'priority: P2}', 'priority: P2, attack_priority: P2}').replace(
        "actions:", "interference:\n  - entries: []\n    attack: {attacker: A, player: P2, "
        "defender: N0}\nactions:").replace(
        "    field:\n      - {id: B,", "    field:\n      - {id: N0, name: 河城にとり, type: "
        "character, attack: 1, durability: 5, state: sleep}\n      - {id: B,"),
        _illegal_citing("6.2.5.b")),
    # the attacker returned to the hand before the 奇襲 defender resolved: nothing to defend
    "6.4.2.b": (board("[{attack: A}, {play: N1, defend: true}, {play: K2, targets: [A]}, pass, "
                      "pass, pass, pass]"),
                lambda r: r.zone("N1") == "P2.field" and r.zone("A") == "P1.hand"
                and not r.cites("6.4.5.b")),
    # a 奇襲+速攻 character played as a defense: its 'would defend' and 'defended' 自動γ
    "6.4.5.a": (board("[{attack: A}, {play: N1, defend: true}, pass, pass]"),
                lambda r: r.first("6.4.5.a") < r.first("6.4.5.b") and r.lp("P2") == 28),
    "6.4.5.c": (board("[{attack: A}, {play: N1, defend: true}, pass, pass]"),
                lambda r: r.first("6.4.5.b") < r.first("6.4.5.c") and r.lp("P2") == 28),
    # entering the field: 'would enter' before it is put there, 'entered' after
    "11.3.9.b": (board("[{play: C2}, pass, pass]"),
                 lambda r: r.first("11.3.9.b") < r.first("11.3.9.c") and r.lp("P1") == 28),
    "11.3.9.d": (board("[{play: C2}, pass, pass]"),
                 lambda r: r.first("11.3.9.c") < r.first("11.3.9.d") and r.lp("P1") == 28),
    # an attack made by an effect: its 'would attack' and 'attacked' windows (6.3.5.b, d)
    "6.3.5.b": (board("[{play: K5, targets: [A]}, pass, pass, pass, pass]").replace(
        "actions:", 'choices: {"6.5.3.a": [false]}\nactions:'),
        lambda r: r.first("6.3.5.a") < r.first("6.3.5.b") < r.first("6.3.5.c")),
    "6.3.5.d": (board("[{play: K5, targets: [A]}, pass, pass, pass, pass]").replace(
        "actions:", 'choices: {"6.5.3.a": [false]}\nactions:'),
        lambda r: r.first("6.3.5.c") < r.first("6.3.5.d") and r.damage("B") == 1),
    # an automatic effect designates its target as it starts resolving; a target gone by the
    # second instruction makes that part fail
    "8.2.4.b": (board("[{attack: A}, pass, pass]").replace("actions:", 'choices: {"6.5.3.a": '
                                                           '[false]}\nactions:'),
                lambda r: r.damage("B") == 1 and r.first("8.2.4.b") < r.first("6.2.4.a")),
    "8.2.5.b": (board("[{play: K3, targets: [B]}, pass, pass]"),
                lambda r: r.zone("B") == "P2.netherworld" and r.first("1.10.12.f")
                < r.first("8.2.5.b")),
}


ACTIVE_BELL = """
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    nodes: 1
    hand:
      - {id: K, name: 目覚めの鐘, type: command, need: 1, cost: 1,
         abilities: [{text: "目標の〔あなたの場のキャラクター1枚〕をアクティブ状態にする。",
                      target: {character: you}, effect: [{active: target}]}]}
    field:
      - {id: F, name: 眠り続ける妖精, type: character, attack: 1, durability: 2, state: sleep,
         abilities: [{text: "このキャラクターはアクティブ状態にならない。", cannot: become_active}]}
  P2: {deck: 20, hand: 3}
actions:
  - {play: K, targets: [F]}
  - pass
  - pass
"""
# an effect's アクティブ状態にする (11.5.1) leaves the character that does not become active asleep
INLINE["11.5.1"] = (ACTIVE_BELL, lambda r: r.state("F") == "sleep" and r.citing("1.3.2"))


_ELSEWHERE = {"10.20.2.a", "10.33.3", "10.28.2.b", "10.28.4"}  # pinned by the small-board tests at the end of this file


def test_every_registered_clause_has_a_behaviour_test():
    assert not set(B) & set(INLINE)
    assert sorted(set(B) | set(INLINE) | _ELSEWHERE) == sorted(REGISTRY.ids())


@pytest.mark.parametrize("cid", sorted(INLINE))
def test_clause_behaviour_on_a_board_written_here(cid):
    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    text, check = INLINE[cid]
    r = RunView(run_board(load_text(text, f"<{cid}>")))
    assert r.cites(cid), f"the board for {cid} does not cite it"
    assert check(r), f"{cid}: the behaviour does not hold"


@pytest.mark.parametrize("cid", sorted(B))
def test_clause_behaviour(cid):
    name, check = B[cid]
    r = run_example(name)
    assert r.cites(cid), f"{name} does not cite {cid}"
    assert check(r), f"{cid}: the behaviour does not hold in {name}"


# ---- chapter 10 keywords: the other side of each rule, on small boards ---------------------------

def _run(text: str):
    from thv_helpers import RunView

    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    return RunView(run_board(load_text(text, "<test>")))


_BOARD = """
format: judgekit-board/1
ruleset: thv
game: {{turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}}
players:
  P1:
    deck: 20
    nodes: {nodes}
    hand:
      - {{id: S, name: 想起, type: spell, need: 1, cost: 1, caster: 古明地さとり,
         keywords: [{kw}], abilities: [{{effect: [{{damage: 3, to: opponent}}]}}]}}
    field:
      - {{id: SA, name: 古明地さとり, type: character, attack: 2, durability: 3, keywords: [{sealed}]}}
  P2: {{lp: 10, deck: 20, hand: 3}}
actions:
  - {{play: S}}
  - pass
  - pass
"""


def test_sealed_caster_counts_from_six_nodes():
    # 10.31.2.a: 「あなたのノードが6枚以上の場合、この効果は無効になる」
    r = _run(_BOARD.format(nodes=6, kw="ラストワード", sealed="封術"))
    assert r.run.stop != "illegal_action" and r.lp("P2") == 7


def test_last_word_with_its_caster_is_played():
    r = _run(_BOARD.format(nodes=2, kw="ラストワード", sealed=""))
    assert r.run.stop != "illegal_action" and r.lp("P2") == 7 and r.cites("10.32.2.a")


def test_opponent_turn_only_is_not_played_in_ones_own_turn():
    r = _run(_BOARD.format(nodes=2, kw="相手ターン制限", sealed=""))
    assert r.run.stop == "illegal_action" and "10.23.2.a" in r.run.error["cites"]


def test_divine_tool_cannot_target_a_character_without_legend():
    r = _run("""
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    nodes: 2
    hand:
      - {id: E, type: command, need: 1, cost: 1, attack: 1, durability: 1, keywords: [装備, 神器]}
    field:
      - {id: R, type: character, attack: 1, durability: 2}
      - {id: Y, type: character, attack: 3, durability: 3, keywords: [伝説]}
  P2: {lp: 10, deck: 20, hand: 3}
actions:
  - {play: E, targets: [R]}
""")
    assert r.run.stop == "illegal_action" and "10.25.2.a" in r.run.error["cites"]
    assert r.zone("E") == "P1.hand"


def test_last_spell_without_its_caster_keeps_the_spell_timing():
    r = _run("""
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    hand:
      - {id: A1, type: command, need: 0, cost: 0, abilities: [{effect: [{draw: 1}]}]}
  P2:
    deck: 20
    nodes: 2
    hand:
      - {id: S, type: spell, need: 1, cost: 1, caster: 射命丸文, keywords: [ラストスペル],
         abilities: [{effect: [{damage: 2, to: opponent}]}]}
actions:
  - {play: A1}
  - {play: S}
""")
    assert r.run.stop == "illegal_action" and "5.5.1.a" in r.run.error["cites"]  # P1's turn


def test_blessing_paid_lets_the_command_resolve():
    # 10.29.2.a: 「相手プレイヤーは X支払っても良い」 — paid, the command resolves as usual
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "thv",
                           "R10.29-blessing.yaml"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("nodes: 1", "nodes: 3") + ('choices:\n  "10.29.2.a": [true]\n'
                                                   '  "1.8.7": [0]\n')
    r = _run(text)
    assert r.damage("RA") == 2 and r.zone("K") == "P1.netherworld"
    assert r.count("P1", "nodes") == 3 and r.asleep("P1") == 3


def test_resistance_paid_lets_the_effect_resolve():
    # 10.26.2.a: 「相手プレイヤーは X支払っても良い」 — paid, the command resolves: it discards the
    # spell being played, whose effect then does not resolve (5.2.4.b)
    r = run_example("R10.26b")
    assert r.cites("10.26.2.a") and r.lp("P2") == 10
    assert r.zone("S") == "P1.netherworld" and r.zone("K") == "P2.netherworld"
    assert r.count("P2", "nodes") == 3 and r.asleep("P2") == 3


def test_resistance_only_against_the_opponents_card():
    # 10.26.2.a: 「相手プレイヤーのカードの効果の目標になった場合」 — the card's own player aiming at
    # it asks nothing: P1 answers its own spell (抵抗(2)) with a command that discards it
    text = _example("R10.26-resistance.yaml")
    text = text.replace("""    field:
      - {id: MR""", """      - id: K1
        name: 封印
        type: command
        need: 0
        cost: 0
        abilities:
          - {target: {played: any}, effect: [{discard: target}]}
    field:
      - {id: MR""").replace("  - {play: K, targets: [S]}",
                                             "  - pass\n  - {play: K1, targets: [S]}")
    r = _run(text)
    assert not r.cites("10.26.2.a")
    assert r.zone("S") == "P1.netherworld" and r.zone("K1") == "P1.netherworld"
    assert r.lp("P2") == 10


def test_a_played_target_is_a_card_in_a_play_area():
    # 3.8.2 / 8.2.4: a command 〔プレイされているカード1枚〕 with no card being played has no legal
    # target and cannot be played; a character on the field is not a played card
    text = _example("R10.26-resistance.yaml").replace("  - {play: S}\n", "").replace(
        "game: {turn: 3, turn_player: P1, first_player: P1, step: \"4.7.1.b\", priority: P1}",
        "game: {turn: 3, turn_player: P2, first_player: P1, step: \"4.7.1.b\", priority: P2}")
    r = _run(text.replace("targets: [S]", "targets: [MR]"))
    assert r.run.stop == "illegal_action" and "8.2.4.a" in r.run.error["cites"]
    assert r.zone("K") == "P2.hand"


def _example(name: str, **repl) -> str:
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "thv",
                           name), encoding="utf-8") as f:
        text = f.read()
    for a, b in repl.items():
        text = text.replace(a.replace("_", " "), b)
    return text


def test_overdrive_excluding_nothing_excludes_the_card_and_the_play_fails():
    # 10.33.3: 「除外しなかった場合…直ちに除外の解決が行われ…解決に失敗する」
    text = _example("R10.33-overdrive.yaml").replace('"10.33.2.a": [[MA]]', '"10.33.2.a": [[]]')
    r = _run(text)
    assert r.zone("FS") == "P1.removed" and r.lp("P2") == 10 and r.zone("MA") == "P1.netherworld"
    assert r.cites("10.33.3")


def test_link_with_every_name_excluded_resolves():
    # 10.20.2.b: one card for each name excluded — the command resolves
    text = _example("R10.20-link.yaml").replace(
        "      - {id: LU,", "      - {id: ST, name: スターサファイア, type: character, attack: 1, "
        "durability: 1}\n      - {id: LU,") + 'choices:\n  "10.20.2.b": [[SU, LU, ST]]\n'
    r = _run(text)
    assert r.zone("K") == "P1.netherworld" and r.lp("P2") == 9
    assert all(r.zone(x) == "P1.removed" for x in ("SU", "LU", "ST"))


def test_a_linked_name_counts_as_the_caster():
    # 10.20.2.a: 三月精 (連結「サニー」+「ルナ」+「スター」) is also named スター: it is a
    # character naming a ラストワード spell's caster スター
    r = _run(_BOARD.format(nodes=2, kw="ラストワード", sealed="").replace(
        "caster: 古明地さとり", "caster: スター").replace(
        "{id: SA, name: 古明地さとり", "{id: SA, name: 三月精").replace(
        "keywords: []}", "keywords: [{連結: [サニー, ルナ, スター]}]}"))
    assert r.run.stop != "illegal_action" and r.lp("P2") == 7 and r.cites("10.20.2.a")


def test_one_per_deck_is_a_board_check_warning():
    # 10.24.2.a / 10.24.3: a deck-building rule, checked by `board check` (not run)
    from judgekit.board import load_text
    from judgekit.engine.thv.status import status

    text = """
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    hand:
      - {id: K1, name: 緊急回避, type: command, need: 0, cost: 0, keywords: [デッキ1枚制限]}
    netherworld:
      - {id: K2, name: 緊急回避, type: command, need: 0, cost: 0, keywords: [%s]}
  P2: {lp: 10, deck: 20, hand: 3}
"""
    two = [f for f in status(load_text(text % "デッキ1枚制限", "<t>")) if f.code == "ONE_PER_DECK"]
    assert two and two[0].clauses == ("10.24.2.a", "10.24.3") and two[0].line == 11
    one = [f for f in status(load_text(text % "速攻", "<t>")) if f.code == "ONE_PER_DECK"]
    assert one == []  # one with the keyword and one without is allowed (10.24.3)


_TRANSFORM = """
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    hand: 3
    field:
      - {id: T, name: 天狗の少女, type: character, attack: 2, durability: 2, state: %s,
         keywords: [{変身: {name: 鴉天狗の少女, attack: 5, durability: 4%s}}]}
  P2: {lp: 10, deck: 20, hand: 3}
actions:
  - {use: T, ability: 変身}
  - pass
  - pass
"""


def test_transform_activated_when_active():
    # 10.28.2.b: (常時)0 — active as it resolves: transformed
    r = _run(_TRANSFORM % ("active", ""))
    assert r.card("T").attack == 5 and r.cites("10.28.2.b")


def test_transform_activated_when_asleep_does_nothing():
    r = _run(_TRANSFORM % ("sleep", ""))
    assert r.card("T").attack == 2 and r.cites("10.28.2.b")


def test_a_transformed_card_is_not_transformed_again():
    # 10.28.4: 「既に変身状態であるカードを変身状態にする事は出来ない」
    r = _run(_TRANSFORM % ("active", ", transformed: true"))
    assert r.card("T").attack == 2 and r.card("T").keyword("変身")["attack"] == 5
    assert r.cites("10.28.4")


# ---- issue 27: classes of rules the engine got wrong --------------------------------------------

def test_upkeep_proviso_is_the_players_choice_for_alt_race_and_caster():
    """10.27.2.a: 「代替レースに指定された種族を持つキャラクターが指定された枚数以上いる場合、
    この効果を無視することが出来る」 — as for the caster: the player may ignore it (W1 ignored, no
    payment), or not (W2 paid)."""
    r = run_example("R10.27.2a")
    assert r.zone("W1") == "P1.field" and r.zone("W2") == "P1.field"
    assert r.asleep("P1") == 1 and not r.cites("9.3.3")
    asked = [c for s in r.steps for c in s.choices if c["key"] == "10.27.2.a"]
    assert [c["answer"] for c in asked] == [True, False]


def test_upkeep_proviso_not_met_asks_nothing():
    """Without the caster's character or the 代替レース's characters there is nothing to ignore."""
    r = run_example("R10.27")
    assert not any(c["key"] == "10.27.2.a" for s in r.steps for c in s.choices)
    assert r.zone("W") == "P1.netherworld"


def test_kesshi_at_combat_end_is_before_the_combat_end_gamma():
    """9.2.2.a with 11.1.1: the character is 決死 inside 6.2.4.i; its own combat-end 自動γ
    (6.2.4.j) is a card no longer on the field."""
    r = run_example("R11.1.1")
    assert r.first("6.2.4.i") < r.first("9.2.2.a") < r.first("9.2.3.e") < r.first("6.2.4.j")
    assert r.lp("P1") == 10 and r.zone("A") == "P1.netherworld"


def test_combat_end_of_self_fires_for_the_defender_too():
    """6.2.4.j: 「このキャラクターの戦闘終了時」 of the defending character resolves as the
    attacker's does."""
    r = run_example("R6.2.4j")
    assert r.lp("P1") == 11 and r.lp("P2") == 12


def test_8_2_6_b_a_one_target_card_played_with_two_targets_is_refused():
    """8.2.6.b: a target 〔…1枚〕 is named exactly; naming two is an illegal play, with the
    reason (it used to resolve silently on the first one)."""
    from thv_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    with open(example_path("S11"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("  - {play: S, targets: [D]}\n  - {play: R, targets: [D]}\n",
                        "  - {play: S, targets: [D, E]}\n")
    text = text.replace("      - {id: D, name: チルノ,",
                        "      - {id: E, type: character, attack: 1, durability: 1, state: active}"
                        "\n      - {id: D, name: チルノ,")
    text = text[:text.index("expect:")]
    run = run_board(load_text(text, "two-targets.yaml"))
    assert run.stop == "illegal_action"
    assert "8.2.6.b" in run.error["cites"] and "one target" in run.error["message"]
    assert run.final["players"]["P1"]["hand"][0]["id"] == "S"   # nothing was played


LOOP = """\
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 20
    field: [EFIELD]
  P2:
    deck: 20
    field:
      - id: D
        type: character
        attack: 2
        durability: 2
        damage: 2
        state: active
        abilities:
          - {auto: γ, when: becomes_kesshi, of: self, effect: [{nullify: kesshi}]}
      - PFIELD
"""
E_CARD = ("{id: E, type: character, attack: 1, durability: 5, state: active, abilities: "
          "[{auto: γ, when: becomes_kesshi, of: any, effect: [{damage: 2, to: D}]}]}")


@pytest.mark.parametrize("mine,result", [(False, "draw"), (True, "win")])
def test_a_removal_that_repeats_exactly_is_the_rules_loop_not_a_budget_stop(mine, result):
    """D nullifies its own 決死 (9.2.4), E deals D 2 again whenever a character becomes 決死:
    the same state and the same removal waiting come back with no choice in between — the
    core's loop detection ends it as 1.5.4.b (a draw) or, when every card of it is one
    player's, 1.5.3.e (that player loses); never the step budget."""
    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    text = LOOP.replace("[EFIELD]", "[]" if mine else f"[{E_CARD}]").replace("      - PFIELD\n", "")
    if mine:  # D alone: it nullifies its 決死 and deals itself 2 again
        text = text.replace("effect: [{nullify: kesshi}]",
                            "effect: [{nullify: kesshi}, {damage: 2, to: self}]")
    run = run_board(load_text(text, "loop.yaml"), max_steps=2000)
    assert run.stop == "game_over" and run.outcome["result"] == result
    assert len(run.steps) < 100
    if mine:
        assert run.outcome["winner"] == "P1" and "1.5.3.e" in run.outcome["cites"]  # P2's D
    else:
        assert "1.5.4.b" in run.outcome["cites"]


def test_an_auto_alpha_grant_or_loss_holds_while_its_card_is_on_the_field():
    # 7.4.5.a: 人形遣い's 「あなたの場のキャラクターは人形を失う。」 — D attacks; with 人形遣い in the
    # netherworld D has 人形 again and cannot attack (10.9.2.a)
    r = run_example("R7.4.5a")
    assert r.state("D") == "sleep" and r.cites("7.4.5.a") and r.cites("1.3.2")
    text = _example("R7.4.5a-auto-alpha-lose-doll.yaml")
    gone = text.replace("      - id: A\n", "    netherworld:\n      - id: A\n")
    r = _run(gone[:gone.index("expect:")])
    assert r.run.stop == "illegal_action" and "10.9.2.a" in r.run.error["cites"]
    # a 自動α giving 人形 keeps the character from attacking, and the refusal says what gave it
    given = text.replace("{lose: 人形, of: yours", "{grant: 人形, of: yours").replace(
        "keywords: [人形], state: active", "state: active")
    r = _run(given[:given.index("expect:")])
    assert r.run.stop == "illegal_action", r.run.stop
    assert {"10.9.2.a", "7.4.5.a"} <= set(r.run.error["cites"])


def test_a_payment_that_cannot_be_made_without_a_case_for_it_fails_the_effect():
    # 1.8.9.b / 7.1.12.a: no 「支払えない場合」 written — this part is not applied as written;
    # the rest of the text is not applied (here a draw)
    text = _example("R1.8.9b-cost-cannot-be-paid.yaml").replace(
        "[{pay: 2, player: opponent, otherwise: [{damage: 3, to: opponent}]}]",
        "[{pay: 2, player: opponent}, {draw: 1}]")
    r = _run(text[:text.index("expect:")])
    assert r.lp("P2") == 10 and r.count("P1", "hand") == 0 and r.cites("7.1.12.a")


# ---- effects made for a timing (7.7.1) on the core's store: whose turn, the combat's end -----------

def test_next_own_turn_start_waits_for_its_own_players_turn():
    # P2's turn ends, P1's begins: P1's 「次の自分のターン開始時」 and P2's 「次の相手のターン開始時」
    # resolve at 4.3.1.c; P2's own 「次の自分のターン開始時」 keeps waiting for P2's turn
    r = run_example("R7.7.1-next-own-turn-start")
    assert r.count("P1", "deck") == 19 and r.lp("P2") == 13 and r.count("P2", "deck") == 20
    left = [w for w in r.b.waiting if w.get("at") == "turn_start"]
    assert [(w["player"], w["whose"]) for w in left] == [("P2", "you")]
    assert r.first("7.7.1") > r.first("4.3.1.a")


def test_combat_end_effects_of_either_side_resolve_at_6_2_4_j():
    # the attacker's and the defender's 「この戦闘終了時、…」 both resolve in step j, not before
    r = run_example("R7.7.1-combat-end-either-side")
    assert r.lp("P1") == 11 and r.lp("P2") == 12 and not r.b.waiting
    made = [s.index for s in r.steps if "7.7.1" in s.cites and "6.2.4.j" not in s.cites]
    done = [s.index for s in r.steps if {"7.7.1", "6.2.4.j"} <= set(s.cites)]
    assert len(made) == 2 and len(done) == 2 and max(made) < r.first("6.2.4.h") < min(done)


def test_combat_end_effect_in_the_file_resolves_at_the_next_combat_end():
    # a waiting 「戦闘終了時、…」 written in the file (made before the attack): A attacks, D
    # defends, and at the combat's end P2's effect resolves (10 → 12)
    r = _run("""
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1: {lp: 10, deck: 20, hand: 3,
       field: [{id: A, name: 博麗霊夢, type: character, attack: 2, durability: 3}]}
  P2: {lp: 10, deck: 20, hand: 3,
       field: [{id: D, name: 藤原妹紅, type: character, attack: 1, durability: 5}]}
waiting:
  - {at: combat_end, player: P2, effect: [{gain_lp: 2}]}
actions:
  - {attack: A}
  - {defend: D}
  - pass
  - pass
""")
    assert r.lp("P2") == 12 and r.first("7.7.1") > r.first("6.2.4.j") and not r.b.waiting



def test_a_phase_on_a_timing_without_one_is_a_board_check_error():
    from thv_helpers import example_path

    from judgekit.board import load_text, status

    with open(example_path("R7.7.1-next-own-turn-start"), encoding="utf-8") as fh:
        board = fh.read().replace("{at: turn_start, whose: you, player: P1,",
                                  "{at: turn_start, phase: main, whose: you, player: P1,")
    flags = [fl for fl in status(load_text(board, "<t>")) if fl.code ==
             "PHASE_ON_A_MOMENT_WITHOUT_ONE"]
    assert len(flags) == 1 and flags[0].path == ("waiting", 0, "phase") and flags[0].line > 0


def test_kesshi_by_combat_is_told_from_the_attackers_side_and_is_no_effects_discard():
    # 9.2.3.c 「決死状態にした場合」 is about the card that did it (A), by combat (9.2.6.a): A's
    # fires (P1 draws); V's 「相手のキャラクターとの戦闘で決死状態になった場合」 fires (LP 21); the
    # discard that follows is no card's effect (9.2.3.e), so W's 「相手のカードの効果で破棄された
    # 場合」 does not fire
    r = run_example("R9.2.6a")
    assert r.zone("D") == "P2.netherworld" and r.count("P1", "hand") == 1
    assert r.lp("P2") == 21 and r.count("P2", "hand") == 0
    assert not r.msg("9.2.3.e", "by A")


def test_a_removal_trigger_by_whose_card_is_a_board_check_error_when_misspelt():
    from judgekit.board import load_text
    from judgekit.board.errors import BoardSyntaxError as BoardError

    with open(example_path("R9.2.6a"), encoding="utf-8") as f:
        text = f.read().replace("by: opponent", "by: opponents", 1)
    with pytest.raises(BoardError) as e:
        load_text(text, "bad.yaml")
    assert "bad.yaml:" in str(e.value) and "opponent" in str(e.value)


def test_a_character_that_receives_no_damage_keeps_none_and_the_other_side_still_takes_its():
    r = run_example("R1.10.16")
    (st,) = r.citing("1.10.16")
    assert "D" in st.cards and "receives no damage" in st.message
    # D dealt its 2 to A (A's damage reset at the end of combat, 6.2.4.h): A was damaged
    assert any(ch.get("card") == "A" and ch.get("to") == 2 for _, ch in r.changes("damage"))
    assert not any(ch.get("card") == "D" for _, ch in r.changes("damage"))
    assert r.zone("D") == "P2.field" and not r.cites("9.2.2.a")


def test_an_effect_in_force_that_says_the_opponent_cannot_play_character_cards():
    # 10.9.2.b's wording in force: 「〔P2〕はキャラクターカードをプレイ出来ない」 names the player
    # and the type; a character with 奇襲 is refused (10.3.3), and with `type: command` it is not
    with open(example_path("R10.3.3"), encoding="utf-8") as f:
        text = f.read()
    text = text[:text.index("expect:")].replace("""        abilities:
          - text: "相手はキャラクターカードをプレイ出来ない。"
            cannot: play
            of: opponents
            type: character
""", "")
    eff = "effects:\n  - {cannot: play, to: [P2], type: character, until: turn_end, source: S}\n"
    text = text.replace("actions:", eff + "actions:", 1)
    r = _run(text)
    assert r.run.stop == "illegal_action" and r.zone("C") == "P2.hand" and r.citing("10.3.3")
    r = _run(text.replace("type: character, until", "type: command, until"))
    assert r.zone("C") != "P2.hand"


def test_a_player_who_cannot_draw_draws_nothing_from_an_effect_and_does_not_deck_out():
    # an effect in force naming P1: a command's 「2ドローする」 draws nothing, and with a deck of
    # 1 card P1 does not lose for a draw it never makes (1.11.7 needs a draw)
    base = """
format: judgekit-board/1
ruleset: thv
game: {turn: 3, turn_player: P1, first_player: P1, step: "4.7.1.b", priority: P1}
players:
  P1:
    deck: 1
    nodes: 1
    hand:
      - {id: K, name: 天啓, type: command, need: 1, cost: 1,
         abilities: [{text: "カードを2枚ドローする。", effect: [{draw: 2}]}]}
  P2: {deck: 20, hand: 3}
EFFECTS
actions:
  - {play: K}
  - pass
  - pass
"""
    r = _run(base.replace("EFFECTS", "effects:\n  - {cannot: draw, to: [P1], until: turn_end}"))
    assert r.count("P1", "hand") == 0 and r.count("P1", "deck") == 1
    assert r.run.stop != "game_over" and r.citing("1.3.2")
    r = _run(base.replace("EFFECTS", ""))
    assert r.run.stop == "game_over" and r.run.outcome.get("winner") == "P2"  # 1.11.7
