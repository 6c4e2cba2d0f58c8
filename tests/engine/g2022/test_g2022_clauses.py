"""g2022: one behaviour test per registered clause — what the clause says, pinned on a bundled
example.

Each entry names an example and states, from the clause's text, what must be true of its run
(not what the engine happened to print). A citation that points at a real but wrong clause is
caught when its behaviour does not hold here.
"""

from __future__ import annotations

import pytest
from g2022_helpers import run_example

from judgekit.engine.g2022.clauses import REGISTRY


def _pp(r, at: str) -> bool:
    return any(s.kind == "pp" and at in s.cites for s in r.steps)


def _ctx(r, cid: str) -> list[str]:
    """The steps (board.step context) of the steps citing `cid`."""
    return [s.context for s in r.citing(cid)]


B = {
    # ---- 100 -------------------------------------------------------------------------------
    "101.2": ("S08", lambda r: r.result == "win" and r.winner == "P1"
              and r.outcome["losers"] == ["P2"] and r.stop == "game_over"),
    "101.4": ("R101", lambda r: r.winner == "P1" and not r.cites("805.3")),
    "102.3": ("S17b", lambda r: r.zone("E") == "P1.energy" and r.said("102.3", "no area")),
    "102.5": ("S09b", lambda r: r.count("P2", "hand") == 3 and r.count("P2", "deck") == 0),
    "102.6": ("R1104", lambda r: r.state("B") == "sleep" and r.count("P2", "hand") == 3
              and r.triggered("B") == 0),
    # each player trashes a hand card: P1 (turn player) chooses first, then P2; together
    "102.8": ("R102.8", lambda r: r.zone("X") == "P1.trash" and r.zone("Y") == "P2.trash"
              and [c["chooser"] for c in r.citing("102.8")[0].choices] == ["P1", "P2"]),
    "102.9": ("R102.8", lambda r: r.zone("X2") == "P1.hand" and r.zone("Y2") == "P2.hand"),
    "102.7": ("R102.7", lambda r: r.zone("B") == "P2.C" and r.damage("B") == 2),
    # ---- 200 -------------------------------------------------------------------------------
    "201.2": ("R703", lambda r: r.state("M1") == "sleep" and r.first("201.2") < r.first("703.2")),
    "201.3": ("S07", lambda r: r.said("201.3", "does nothing")),
    "202.1": ("S07", lambda r: _pp(r, "703.3") and _pp(r, "704.2") and _pp(r, "704.11")),
    "202.2a": ("S06", lambda r: r.zone("G") == "P2.energy"
               and [m for m in r.moves_of("G")] == [("P2.L", "P2.energy")]),
    # 202.2b: one ability, then back to 202.2a — G leaves before P2's first draw
    "202.2b": ("S06", lambda r: min(s.index for s in r.steps if "G" in s.cards
                                    and s.kind == "retire")
               < min(s.index for s in r.steps if s.kind == "draw")),
    # ---- 300 -------------------------------------------------------------------------------
    "303.2": ("S03", lambda r: r.pl("P1", "trash") == ["e1", "e2", "e3", "e4"]),
    "305.3a": ("S11", lambda r: r.zone("S1") == "P1.L" and r.zone("S2") == "P2.energy"),
    "305.4a": ("R802", lambda r: r.stop == "illegal_action" and r.state("G") == "reboot"),
    "306.1": ("S02", lambda r: r.zone("B") == "P2.energy" and r.damage("K") == 0),
    "306.3": ("S11", lambda r: r.said("805.3", "power, 4") and r.zone("B") == "P2.energy"),
    # ---- 500 -------------------------------------------------------------------------------
    "501.4": ("R501", lambda r: r.zone("B") == "P2.hand" and r.damage("B") == 0
              and not r.b.effects),
    "501.5": ("S12", lambda r: r.pl("P2", "trash") == ["h1", "h2"]),
    "501.6": ("S01", lambda r: {r.zone(x) for x in ("B", "X", "E")} == {"P2.energy"}),
    "502.2": ("S17", lambda r: r.zone("E") == "P1.L"),
    "502.2a": ("R1109", lambda r: r.zone("S1") == "P1.R" and r.count("P1", "hand") == 1),
    "502.3": ("R1104", lambda r: r.zone("c1") == "P1.trash" and r.card("c1").state is None),
    "502.5c": ("R501", lambda r: r.zone("B") == "P2.hand"),
    "503.2": ("S12", lambda r: r.zone("B") == "P2.L"),
    "503.3": ("S03", lambda r: r.state("Y") == "reboot"),
    "504.3": ("S10b", lambda r: len(r.citing("504.3")) == 4 and all(
        len([ch for ch in s.changes if ch.get("op") == "move"]) == 1 for s in r.citing("504.3"))),
    "506.2": ("S03b", lambda r: r.pl("P1", "energy") == ["e2"] and r.pl("P1", "trash") == ["e1"]),
    "508.2": ("S19b", lambda r: r.zone("K2") == "P1.C"),
    "508.3": ("S19c", lambda r: r.stop == "illegal_action" and r.zone("K2") == "P1.keep"),
    "513.3": ("S03", lambda r: r.zone("X") == "P1.exp" and r.under("X") == "Y"),
    "513.3b": ("S01", lambda r: r.zone("X") == "P2.energy" and r.under("X") is None),
    "514.3a": ("S11", lambda r: r.state("A") == "sleep" and r.zone("E1") == "P1.connect"
               and r.card("E1").state is None),
    "514.3b": ("S01", lambda r: r.zone("E") == "P2.energy" and r.under("E") is None),
    # ---- 600 -------------------------------------------------------------------------------
    "601.1d": ("S18", lambda r: r.b.first_player == "P1" and r.pl("P1", "energy") == ["a1", "a2"]
               and r.pl("P2", "energy")[:2] == ["b1", "b2"]),
    "601.1e": ("S18", lambda r: r.count("P1", "hand") == 5 and r.count("P2", "hand") == 3
               and r.count("P2", "energy") == 4),
    "601.1f": ("S18", lambda r: all(r.face(m) == "up" for m in ("M1", "M2", "M3", "N1", "N2",
                                                                 "N3"))),
    "601.1g": ("S18", lambda r: r.b.turn_player == "P1" and r.b.turn == 1),
    # ---- 700 -------------------------------------------------------------------------------
    "701.3": ("S10c", lambda r: [s.context for s in r.citing("701.3")]
              == ["702.1", "703.1", "704.1", "705.1", "706.1"]),
    "702.1": ("S09c", lambda r: r.first("702.1") < r.first("702.2")),
    "702.2": ("S09a", lambda r: r.winner == "P1" and r.b.step == "702.2"),
    "702.3": ("S09b", lambda r: r.state("AC2") == "reboot"),
    "702.4": ("S10b", lambda r: r.said("702.4", "draws 2")),
    "702.4a": ("S10a", lambda r: r.count("P1", "hand") == 5 and r.count("P1", "deck") == 10),
    "702.5": ("S09b", lambda r: r.count("P2", "deck") == 0 and r.first("702.5") < r.first("706.2")
              and r.winner == "P1"),
    "703.1": ("S10c", lambda r: "703.1" in _ctx(r, "703.1")),
    "703.2": ("S07", lambda r: r.zone("V1") == "P1.trash" and r.zone("V2") == "P1.trash"),
    "703.2a": ("S10a", lambda r: r.stop == "illegal_action" and r.zone("V") == "P1.hand"),
    "703.3": ("S07", lambda r: r.state("M1") == "sleep" or r.face("M1") == "down"),
    "703.3a": ("S07", lambda r: r.said("703.3a", "did nothing") and r.cites("704.1")),
    "704.1": ("S07", lambda r: r.first("704.1") < r.first("704.3")),
    "704.2": ("S08b", lambda r: r.winner == "P1" and r.b.step == "704.2"),
    "704.3": ("S07", lambda r: r.face("M1") == "down"),
    "704.3a": ("S08", lambda r: r.face("M3") == "down"),
    "704.3b": ("S07b", lambda r: ("sleep", "reboot") in
               [(ch["from"], ch["to"]) for _, ch in r.changes("state") if ch["card"] == "M1"]),
    "704.4": ("S08", lambda r: r.b.step == "704.4" and r.winner == "P1"),
    "704.5": ("R704", lambda r: r.zone("F") == "P1.R" and r.triggered("E#1") == 1
              and r.triggered("F#1") == 1),
    "704.6": ("R704", lambda r: r.count("P1", "hand") == 1),
    "704.7": ("R704", lambda r: _ctx(r, "704.5").count("704.5") == 2),
    "704.8": ("R704", lambda r: r.damage("Q") == 0 and r.b.attack_success == []),
    "704.9": ("R704", lambda r: r.power("Q") == 2 and not r.b.effects),
    "704.10": ("R704", lambda r: r.first("704.10") > r.first("704.9")),
    "704.11": ("S07", lambda r: r.first("704.11") < r.first("705.1")),
    "705.1": ("S19a", lambda r: r.first("705.1") < r.first("705.2")),
    "705.2": ("S19a", lambda r: r.zone("K1") == "P1.trash" and r.zone("K2") == "P1.keep"),
    "705.3": ("S10b", lambda r: r.zone("h1") == "P2.energy" and r.face("h1") == "up"),
    "705.4": ("S19a", lambda r: r.first("705.4") < r.first("706.1")),
    "706.1": ("S10c", lambda r: r.first("706.1") < r.first("706.2")),
    "706.2": ("S09b", lambda r: r.b.step == "706.2" and r.winner == "P1"),
    "706.3": ("S10c", lambda r: r.said("706.3", "no slept account")),
    "706.4": ("S10b", lambda r: r.count("P2", "hand") == 5 and r.count("P2", "deck") == 6),
    "706.5": ("S09c", lambda r: r.said("706.5", "turn ends") and r.b.turn_player == "P1"),
    # ---- 800 -------------------------------------------------------------------------------
    "801.1": ("S11", lambda r: r.first("802.1a") < r.first("803.1") < r.first("804.2b")
              < r.first("805.3") < r.first("806.2")),
    "802.1a": ("R802", lambda r: r.stop == "illegal_action"),
    "802.1b": ("S11", lambda r: r.state("A") == "sleep"),
    "802.1c": ("R806", lambda r: r.triggered("A#1") == 1 and r.zone("B") == "P2.energy"),
    "802.1d": ("R806", lambda r: r.first("802.1d") < r.first("803.1")),
    "802.1e": ("S11", lambda r: r.said("802.1e", "block step")),
    "803.1": ("S12", lambda r: r.zone("B") == "P2.L" and r.count("P2", "hand") == 1),
    "803.2": ("S12", lambda r: r.first("803.2") < r.first("803.3")),
    "803.3": ("S11", lambda r: r.said("803.3", "scout step")),
    "804.1": ("S11", lambda r: r.first("804.1") < r.first("804.2b")),
    "804.2a": ("S12", lambda r: r.zone("d1") == "P1.energy" and not r.cites("804.2b")),
    "804.2b": ("S11", lambda r: r.zone("S1") == "P1.L" and r.zone("S2") == "P2.energy"),
    "804.3": ("S11", lambda r: r.said("804.3", "battle step")),
    "805.1": ("S11", lambda r: r.first("805.1") < r.first("805.3")),
    "805.2": ("S12", lambda r: r.damage("B") == 1 and not r.cites("805.3")),
    "805.3": ("S11", lambda r: r.zone("B") == "P2.energy" and r.damage("A") == 0),
    "805.4": ("S11", lambda r: r.first("805.4") < r.first("806.1")),
    "806.1": ("S11", lambda r: "806.1" in _ctx(r, "1004.1")),
    "806.2": ("S12", lambda r: r.b.attack_success == ["A"]),
    "806.3": ("R806", lambda r: r.count("P1", "hand") == 4),
    "806.4": ("R806", lambda r: _pp(r, "806.4")),
    "806.5": ("R806", lambda r: r.first("806.5") < r.first("806.6")),
    "806.6": ("R806", lambda r: r.power("A") == 4),
    "806.7": ("S11", lambda r: r.b.attack is None and r.b.step == "703.2"),
    # ---- 900 -------------------------------------------------------------------------------
    "901.2a": ("R1205", lambda r: r.zone("B") == "P2.energy"),
    "901.2b": ("R908.3d", lambda r: r.count("P2", "hand") == 4),
    "902.2b": ("R912d", lambda r: r.count("P1", "hand") == 0
               and r.count("P2", "hand") == 5),
    "902.2c": ("S15", lambda r: r.zone("B") == "P2.remove"),
    "902.3": ("R1103a", lambda r: r.zone("B") == "P2.energy" and r.damage("G") == 1),
    "903.1a": ("R903", lambda r: r.count("P2", "hand") == 4),
    "903.1b": ("R903", lambda r: r.triggered("N1") == 0),
    "903.1c": ("R903", lambda r: r.triggered("D") == 0 and r.triggered("AC2") == 1),
    "903.2": ("R903", lambda r: r.count("P2", "hand") == 4),
    "903.2c": ("R908.3d", lambda r: r.zone("B") == "P2.energy" and r.count("P2", "hand") == 4),
    "904.2": ("S13b", lambda r: r.zone("Y") == "P1.hand" and not r.b.zones["temporary"]),
    # 904.2c: G offers 1 instead of 総攻撃's 3; P1 chooses it — one energy card is paid
    "904.2c": ("R904.2c", lambda r: r.said("904.2c", "fixed at 1")
               and r.zone("n2") == "P1.energy"),
    "904.2d": ("S13a", lambda r: r.said("904.2d", "fixed at 1") and r.said("904.2d", "fixed at 0")),
    "904.2b": ("N1108.3", lambda r: r.first("904.2b") < r.first("1108.1")
               and r.triggered("B#1") == 2),
    "904.2e": ("S01", lambda r: ("P1.hand", "temporary") in r.moves_of("V")),
    "904.2f": ("S13b", lambda r: r.zone("e1") == "P1.energy" and r.stop == "illegal_action"),
    "904.2h": ("S07", lambda r: r.first("904.2h") < r.first("1005.1")),
    "904.3a": ("R1001", lambda r: r.count("P1", "hand") == 1),
    # 3 damage divided among three chosen charas, 1 each: every chosen one is dealt its part
    "904.3b": ("R904.3b", lambda r: r.damage("B") == 1 and r.zone("G") == "P2.energy"
               and r.zone("S") == "P2.energy" and r.first("904.3b") < r.first("1101.1")),
    "904.3c": ("S01", lambda r: r.zone("V") == "P1.trash"),
    "905.2a": ("S13a", lambda r: r.zone("Y") == "P1.L"),
    "905.2c": ("S13a", lambda r: r.zone("e1") == "P1.trash" and r.zone("e2") == "P1.energy"
               and r.zone("Z") == "P1.R"),
    "905.2d": ("S03b", lambda r: r.zone("Y") == "P1.C" and r.zone("e2") == "P1.energy"),
    "905.3a": ("S03", lambda r: r.count("P1", "energy") == 0),
    "905.3b": ("S13b", lambda r: r.stop == "illegal_action" and r.zone("Y") == "P1.hand"),
    "905.3c": ("S01", lambda r: r.zone("e1") == "P1.trash"),
    "906.1a": ("S11", lambda r: r.zone("S1") == "P1.L"),
    "906.1c": ("S01", lambda r: r.zone("e1") == "P1.trash"),
    "906.2a": ("S03", lambda r: r.zone("Y") == "P1.C" and r.state("Y") == "reboot"),
    "906.2b": ("S01", lambda r: r.zone("V") == "P1.trash"),
    "906.2c": ("R906", lambda r: r.zone("EG") == "P2.connect" and r.under("EG") == "B"),
    "907.1a": ("R1205", lambda r: r.stop == "illegal_action" and r.state("AC1") == "sleep"
               and r.zone("G") == "P2.L"),
    "907.1b": ("R1201", lambda r: r.state("AC1") == "sleep" and r.zone("T") == "P1.C"),
    "908.1": ("R908.3d", lambda r: r.triggered("B#1") == 1),
    "908.1b": ("S06", lambda r: r.count("P2", "hand") == 5),
    "908.2": ("R908.5", lambda r: r.count("P1", "hand") == 1),
    "908.2a": ("S06", lambda r: r.zone("G") == "P2.energy" and r.damage("D") == 3),
    "908.3a": ("R1109", lambda r: r.triggered("W") == 1),
    "908.3b": ("R908.3b", lambda r: r.zone("E") == "P2.energy" and r.count("P2", "hand") == 4),
    "908.3c": ("R908.3c", lambda r: r.counters("P2") == {"★": 2}),
    "908.3d": ("R908.3d", lambda r: r.count("P2", "hand") == 4),
    "908.4a": ("R908.4-delayed", lambda r: r.count("P1", "hand") == 2 and r.triggered("timed:V") == 1),
    "908.5a": ("R908.5", lambda r: r.triggered("S#1") == 1),
    "908.6": ("R913", lambda r: r.zone("B") == "P2.energy" and r.cites("913.2")),
    "909.2": ("R1104", lambda r: r.first("102.6") < r.first("1104.3")),
    # 秘伝の継承 gives AC1 一閃 until the end of the mission phase: AC1 uses it on B
    "911.1b": ("R911-grant-issen", lambda r: r.zone("B") == "P2.energy"
               and r.state("AC1") == "sleep"),
    "911.1c": ("S02", lambda r: r.zone("B") == "P2.energy" and r.said("911.1c", "power 0")),
    # a loss of 一閃 (ts 1) and a chara's 常在能力 giving it, put later: the later applies last
    "911.3": ("N911.3a-static-grant-after-lose", lambda r: r.zone("B") == "P2.energy"
              and r.state("AC1") == "sleep"),
    "911.3a": ("N911.3a-static-grant-after-lose", lambda r: r.zone("B") == "P2.energy"),
    "911.3b": ("R806", lambda r: r.zone("B") == "P2.energy"),
    "911.4": ("S02", lambda r: r.zone("B") == "P2.energy"),
    "912.1": ("R912", lambda r: r.zone("B") == "P2.energy" and r.damage("B") == 0),
    "912.2": ("S15", lambda r: r.zone("B") == "P2.remove" and r.count("P2", "hand") == 3),
    "913.1": ("R908.3d", lambda r: r.count("P2", "hand") == 4),
    "913.1a": ("S12", lambda r: r.damage("B") == 1),
    "913.2": ("R913", lambda r: r.zone("B") == "P2.energy" and r.count("P2", "hand") == 3),
    "914.2a": ("R908.4-delayed", lambda r: r.said("914.2a", "V")),
    "914.2b": ("R912", lambda r: r.count("P1", "hand") == 1),
    "914.3": ("S11", lambda r: r.said("914.3", "from A") and r.zone("B") == "P2.energy"),
    # ---- 1000 ------------------------------------------------------------------------------
    "1001.2": ("R1001", lambda r: r.count("P1", "hand") == 1 and r.zone("B") == "P2.energy"
               and "703.3" in _ctx(r, "1004.1")),
    "1001.2a": ("S05", lambda r: r.zone("X") == "P1.exp" and r.count("P1", "energy") == 1),
    "1002.1": ("S03", lambda r: r.zone("X") == "P1.exp" and r.under("X") == "Y"
               and r.count("P1", "energy") == 0),
    "1003.1": ("S04b", lambda r: r.zone("X") == "P1.trash" and r.zone("Y") == "P1.C"),
    "1004.1": ("S01", lambda r: r.zone("B") == "P2.energy"),
    "1004.2": ("S02", lambda r: r.zone("B") == "P2.energy" and r.damage("K") == 0),
    "1005.1": ("S07", lambda r: any(ch["mission"] == "M1" and ch["to"] == 2
                                   for _, ch in r.changes("count"))),
    "1005.2": ("S07", lambda r: not r.card("M1").counts),
    "1006.1": ("S07", lambda r: ("reboot", "sleep") in
               [(ch["from"], ch["to"]) for _, ch in r.changes("state") if ch["card"] == "M1"]),
    "1007.1": ("S08c", lambda r: r.result == "none"),
    "1007.2": ("S09b", lambda r: r.b.step == "706.2" and r.winner == "P1" and r.cites("702.5")
               and r.count("P2", "deck") == 0),
    # ---- 1100 ------------------------------------------------------------------------------
    "1101.1": ("S06", lambda r: r.damage("D") == 3),
    "1101.2": ("S02b", lambda r: r.damage("B") == 0 and r.count("P2", "hand") == 3),
    "1102.1": ("S11", lambda r: r.said("1102.1", "バトルで退場した")),
    "1102.2": ("S11", lambda r: r.said("1102.2", "A 「バトルで退場させた」")),
    "1103.1": ("R912", lambda r: r.count("P1", "hand") == 1),
    "1103.2": ("R1205", lambda r: r.zone("B") == "P2.energy"),
    "1103.3": ("R1103", lambda r: r.count("P1", "hand") == 1 and r.zone("B") == "P2.energy"),
    "1103.3a": ("R1103a", lambda r: r.said("1103.3a", "V") and r.count("P1", "hand") == 1),
    "1103.3b": ("R1103", lambda r: r.zone("G") == "P2.energy" and r.count("P1", "hand") == 1),
    "1104.1": ("S09b", lambda r: r.state("AC2") == "reboot"),
    "1104.2": ("S11", lambda r: r.state("A") == "sleep"),
    "1104.3": ("R1104", lambda r: r.card("c1").state is None),
    "1105.1": ("R1117", lambda r: any(ch.get("op") == "shuffle" for _, ch in r.changes())),
    "1106.1": ("R908.5", lambda r: r.count("P1", "deck") == 19),
    "1106.2": ("S10b", lambda r: r.count("P2", "deck") == 6),
    "1109.1": ("R704", lambda r: r.zone("F") == "P1.R" and r.state("F") == "reboot"),
    "1109.2": ("R1109", lambda r: r.triggered("W") == 1),
    "1110.1": ("S01", lambda r: r.zone("B") == "P2.energy"),
    "1110.2": ("R1110", lambda r: r.zone("B") == "P2.energy" and r.count("P2", "hand") == 3),
    "1111.1": ("S15", lambda r: r.zone("B") == "P2.remove"),
    "1112.1": ("R1112", lambda r: r.zone("d1") == "P1.exp" and r.under("d1") == "A"),
    "1112.1a": ("R1112", lambda r: r.zone("d2") == "P1.deck"),
    "1113.1": ("S07", lambda r: r.face("M1") == "down"),
    "1113.2": ("S07b", lambda r: r.state("M1") == "sleep"),
    "1114.1": ("S08b", lambda r: r.face("M3") == "down"),
    "1115.1": ("S12", lambda r: r.zone("d1") == "P1.energy"),
    "1116.1": ("S12", lambda r: r.zone("B") == "P2.L"),
    "1117.1": ("R1117", lambda r: r.zone("c1") == "P1.deck" and r.zone("c2") == "P1.deck"
               and r.zone("v1") == "P1.trash"),
    "1118.1": ("S11", lambda r: r.b.attack_success == ["A"]),
    "1120.1": ("R908.3c", lambda r: r.counters("P2") == {"★": 2}),
    "1120.2": ("R1120", lambda r: r.counters("P1") == {"★": 0}),
    "1121.1": ("R1206", lambda r: r.zone("DE") == "P1.connect" and r.under("DE") == "P"),
    "1121.2": ("R906", lambda r: r.under("EG") == "B"),
    # ---- 1200 / 1300 -----------------------------------------------------------------------
    "1201.2": ("R1201", lambda r: r.zone("T") == "P1.C" and r.count("P1", "energy") == 1),
    "1201.2a": ("R1201", lambda r: r.zone("T") == "P1.C"),
    "1201.3": ("R1201b", lambda r: r.zone("T") == "P1.energy"),
    "1202.2": ("S17", lambda r: r.zone("E") == "P1.L" and r.state("E") == "reboot"),
    "1202.3": ("S17", lambda r: r.zone("E") == "P1.L"),
    "1107.1": ("R1107", lambda r: r.zone("G") == "P2.energy"
               and r.moves_of("B")[0][0] == "P2.C" and r.first("1107.1") < r.first("1107.2")),
    "1107.2": ("R1107", lambda r: r.zone("B") == "P2.energy"),
    "1108.1": ("R1108", lambda r: any(ch["card"] == "d1" for _, ch in r.changes("reveal"))),
    "1108.2": ("R1108", lambda r: r.zone("d1") == "P1.deck" and r.count("P1", "deck") == 2),
    "1108.3": ("R1108", lambda r: r.first("1108.1") < r.first("1108.3")
               and any(ch["op"] == "shuffle" for _, ch in r.changes())),
    "1119.1": ("R1107", lambda r: r.zone("S") == "P2.energy" and r.zone("AC2") == "P1.C"),
    "1203.1": ("R1203", lambda r: r.zone("BM") == "P1.L"),
    "1203.2": ("R1203", lambda r: r.zone("BM") == "P1.L" and r.count("P1", "energy") == 1),
    "1204.2": ("R1204", lambda r: r.zone("X") == "P2.energy"),
    "1205.2": ("R1205", lambda r: r.zone("B") == "P2.energy" and r.state("AC1") == "sleep"),
    "1206.2": ("R1206", lambda r: r.zone("P") == "P1.R" and r.count("P1", "deck") == 11),
    "1206.2a": ("R1206b", lambda r: r.zone("DE") == "P1.trash" and r.count("P1", "deck") == 2),
    "1301.4": ("R1120", lambda r: r.counters("P1") == {"★": 0}),
}


def test_every_registered_clause_has_a_behaviour_test():
    assert set(B) == set(REGISTRY.ids()), (set(REGISTRY.ids()) - set(B), set(B) - set(REGISTRY.ids()))


@pytest.mark.parametrize("cid", list(B))
def test_clause_behaviour(cid):
    example, check = B[cid]
    r = run_example(example)
    assert r.cites(cid), f"{example} does not cite {cid}"
    assert check(r), f"{cid}: the behaviour the clause describes does not hold in {example}"


def test_chant_without_its_chara_is_a_board_check_error():
    import os

    from judgekit.board import load_text
    from judgekit.engine.g2022.status import status

    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "g2022",
                        "R1203-chant.yaml")
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("of: {controller: you, name: 魔導士}, ", "")
    flags = [x for x in status(load_text(text, "<t>")) if x.code == "KEYWORD_VALUE_MISSING"]
    assert flags and flags[0].severity == "error" and flags[0].clauses == ("1203.2",)


def test_chant_without_its_event_is_a_board_check_error():
    # the event is the card's icon, lost in the rulebook's extraction: the file must say it
    import os

    from judgekit.board import load_text
    from judgekit.engine.g2022.status import status

    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "g2022",
                        "R1203-chant.yaml")
    with open(path, encoding="utf-8") as f:
        text = f.read().replace(" when: attack_success,", "")
    assert [x for x in status(load_text(text, "<t>")) if x.code == "KEYWORD_VALUE_MISSING"]


def test_a_static_grant_lasts_while_its_card_is_there():
    # 911.1b: 剣術師範's 常在能力 gives P1's account 一閃 only while it is in an area
    from g2022_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    with open(example_path("R911.1b-static-grant-issen"), encoding="utf-8") as f:
        text = f.read()
    r = run_example("R911.1b-static-grant-issen")
    assert r.zone("B") == "P2.energy" and r.cites("911.1b")
    gone = text.replace("    C: [{id: MS,", "    trash: [{id: MS,")
    run = run_board(load_text(gone[:gone.index("expect:")], "<test>"))
    assert run.stop == "illegal_action"  # no 一閃 without 剣術師範 in an area


def test_an_activated_ability_that_cannot_be_played_is_refused_and_not_offered():
    # 102.7 over 907.1b: the play is never begun (AC1 not slept, nothing revealed), and the
    # ability is not among P1's legal actions; without the prohibition it is
    from g2022_helpers import example_path

    from judgekit.board import load_file
    from judgekit.engine.choices import Policy
    from judgekit.engine.g2022.flow import legal_actions
    from judgekit.engine.g2022.game import Game

    r = run_example("R102.7c")
    assert r.stop == "illegal_action" and r.state("AC1") == "reboot" and r.zone("T") == "P1.deck"
    board = load_file(example_path("R102.7c"))
    g = Game(board, Policy())
    assert not any("activate" in a for a in legal_actions(g, "703.2", "P1"))
    board.cards["K"].abilities.clear()
    g = Game(board, Policy())
    assert {"activate": "AC1", "ability": 1} in legal_actions(g, "703.2", "P1")


def test_a_player_who_cannot_draw_draws_nothing_and_the_other_player_still_draws():
    # 102.7 over the draw step's draw (R102.7d); the prohibition names the opponent of K's
    # controller, so the same text read 「あなたは」 leaves P1's draw alone
    from g2022_helpers import example_path, run_text

    r = run_example("R102.7d")
    assert r.count("P1", "hand") == 3 and r.count("P1", "deck") == 20
    with open(example_path("R102.7d"), encoding="utf-8") as f:
        text = f.read()
    r = run_text(text[:text.index("expect:")].replace("player: opponent", "player: you"))
    assert r.count("P1", "hand") == 5


def test_a_card_that_cannot_be_rebooted_stays_slept_and_its_neighbour_does_not_care():
    # the verb `reboot` was declared but never asked before: 102.7 now wins over 702.3's reboot
    from g2022_helpers import example_path, run_text

    r = run_example("R102.7e")
    assert r.state("AC1") == "sleep" and r.said("102.7", "cannot be rebooted")
    with open(example_path("R102.7e"), encoding="utf-8") as f:
        text = f.read()
    r = run_text(text[:text.index("expect:")].replace(
        "{static: cannot, action: reboot, text: \"このカードはリブートしない。\"}",
        "{static: cannot, action: slide, text: \"このカードはスライドできない。\"}"))
    assert r.state("AC1") == "reboot"


def test_a_static_loss_takes_the_keyword_away_while_its_card_is_there():
    # 911.1b: 封刀の結界師's 「相手のアカウントは一閃を失う。」 — AC1's printed 一閃 is gone: the
    # activation is not legal; with the chara in the trash AC1 uses it (B 退場s to the energy)
    from g2022_helpers import example_path

    from judgekit.board import load_text
    from judgekit.board.status import status
    from judgekit.engine.run import run_board

    r = run_example("R911.1b-static-lose-issen")
    assert r.run.stop == "illegal_action" and r.zone("B") == "P2.C" and r.cites("911.1b")
    with open(example_path("R911.1b-static-lose-issen"), encoding="utf-8") as f:
        text = f.read()
    gone = text.replace("    L:\n      - id: SW", "    trash:\n      - id: SW")
    run = run_board(load_text(gone[:gone.index("expect:")], "<test>"))
    assert run.stop != "illegal_action" and run.board.cards["B"].zone == "P2.energy"
    # `static: lose` naming nothing is a board check error at the card
    b = load_text(text.replace("lose: {keyword: 一閃}, ", ""), "<test>")
    assert [x for x in status(b) if x.code == "STATIC_WITHOUT_CHANGE" and x.severity == "error"]


def test_a_cost_offered_instead_is_asked_and_the_printed_cost_stays_possible():
    # 904.2c: not said in the action, the engine asks (choice 904.2c: `printed` or G)
    from g2022_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    with open(example_path("R904.2c"), encoding="utf-8") as f:
        text = f.read()
    text = text[:text.index("expect:")]
    run = run_board(load_text(text.replace("alternative: true, pay: [n1]", "pay: [n1, n2, n3]")
                              + 'choices:\n  "904.2c": [printed]\n', "<test>"))
    b = run.board
    assert all(b.cards[n].zone == "P1.trash" for n in ("n1", "n2", "n3"))
    run = run_board(load_text(text.replace("alternative: true, ", "")
                              + 'choices:\n  "904.2c": [G]\n', "<test>"))
    assert run.board.cards["n2"].zone == "P1.energy"
    # with G gone there is nothing else to choose: `alternative: true` is not legal
    gone = text.replace("    C:\n      - id: G", "    trash:\n      - id: G")
    run = run_board(load_text(gone, "<test>"))
    assert run.stop == "illegal_action" and "904.2c" in run.error["cites"]


def test_a_card_put_into_a_zone_is_replaced_whatever_moves_it():
    # 912.1: 「トラッシュに置かれる場合、かわりにリムーブゾーンに置く」 replaces the move itself
    r = run_example("R912d")
    assert r.moves_of("B") == [("P2.C", "P2.remove")] and r.count("P2", "trash") == 0
    (st,) = [s for s in r.citing("912.1") if "trash" in s.message]
    assert "902.2c" in st.cites


def test_an_unknown_replacement_event_is_a_board_check_error_naming_the_forms():
    import os

    from judgekit.board import BoardSyntaxError, load_text

    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "g2022",
                        "R912d-move-and-draw-replaced.yaml")
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("replace: draw,", "replace: drawn,", 1)
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "<t>")
    msg = str(e.value)
    assert "<t>:" in msg and "draw" in msg and "retired" in msg
