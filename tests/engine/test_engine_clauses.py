"""One behaviour test per registered clause: what the clause means, pinned on a bundled example.

Each entry names an example and states, from the clause's text, what must be true of its run
(not what the engine happened to print). A citation that points at a real but wrong clause is
caught when its behaviour does not hold here.
"""

from __future__ import annotations

import pytest
from engine_helpers import run_example

from judgekit.engine.zx.clauses import REGISTRY


def _pp_at(r, ctx: str) -> bool:
    return any(s.kind == "pp" and s.context == ctx for s in r.steps)


def _msg(r, cid: str, *words) -> bool:
    return any(all(w in s.message for w in words) for s in r.citing(cid))


def _order(r, *cids) -> bool:
    idx = [r.first(c) for c in cids]
    return idx == sorted(idx)


B = {
    # ---- 100 -------------------------------------------------------------------------------
    "101.2": ("R903-life-zero-loses", lambda r: r.outcome["result"] == "win"
              and r.outcome["winner"] == "P1" and r.outcome["losers"] == ["P2"]),
    "101.3": ("R903-both-lose-draw", lambda r: r.outcome["result"] == "draw"
              and r.outcome["losers"] == ["P1", "P2"]),
    "102.2": ("R812-replacement", lambda r: r.zone("B") == "P2.resource"
              and r.state("B") == "sleep"),  # text beats 308.2a's rebooted entry
    "102.3": ("R902-reload-without-life", lambda r: r.pl("P1", "deck") == ["t1"]
              and r.count("P1", "charge") == 0),
    "102.4": ("T36a", lambda r: r.zone("h1") == "P2.trash" and r.count("P2", "hand") == 1),
    "102.5": ("T26", lambda r: r.state("W") == "sleep" and r.count("P2", "hand") == 3
              and r.triggers_of("W") == 0),
    "102.6": ("R1106", lambda r: r.zone("G") == "N-R"),
    # each player discards a card: P1 (turn player) first, then P2, the cards move together
    "102.8": ("R102.7-both", lambda r: r.zone("X") == "P1.trash" and r.zone("Y") == "P2.trash"
              and [c["chooser"] for c in r.citing("102.8")[0].choices] == ["P1", "P2"]),
    # a choice of hand cards with a parameter is declined: the zekusu stays in the hand
    "802.4": ("EX802.4", lambda r: r.zone("T") == "P2.charge"
              and set(r.citing("802.4")[0].cards) == {f"t{i}" for i in range(1, 7)}),
    "804.4c": ("EX804.4c", lambda r: r.run.stop == "illegal_action" and r.zone("WG") == "M-R"
               and r.run.error["cites"][0] == "804.4c"),
    "811.6": ("EX811.6a", lambda r: r.zone("Z") == "M-L" and r.zone("A2") == "P1.charge"),
    "207.1": ("EX811.6b", lambda r: r.state("P1pc") == "reboot" and r.state("B") == "sleep"),
    "1009.2": ("EX1009.2a", lambda r: r.moves_of("f1") == [("force", "P1.trash")]),
    "1009.2a": ("EX1009.2a", lambda r: r.count("P1", "hand") == 1),
    "1005.2": ("EX1005.2", lambda r: r.zone("SF") == "P1.deck" and any(
        ch["op"] == "conceal" for s in r.citing("1005.2") for ch in s.changes)),
    "102.9": ("EX102.9", lambda r: r.zone("Z") == "P1.hand" and r.zone("K") == "P1.trash"
              and not r.cites("1006.1")),
    "102.7": ("R906-both", lambda r: [s.player for s in r.citing("906.1")] == ["P1", "P2"]),
    # ---- 200 / 300 ----------------------------------------------------------------------------
    "202.7e": ("T29", lambda r: r.pdamage("P2") == 0 and r.count("P2", "life") == 4),
    "202.8a": ("R913", lambda r: ("M-L", "M-R") in r.moves_of("s1")),
    "301.4": ("T02c", lambda r: r.zone("B") == "M-R" and r.damage("B") == 5000),
    "301.5": ("R808-triggered", lambda r: len([ch for s in r.citing("301.5")
                                                for ch in s.changes if ch["op"] == "move"]) == 3),
    "302.4": ("T02d", lambda r: r.zone("B") == "P2.hand"),
    "303.2": ("T32d", lambda r: r.run.stop == "illegal_action" and r.zone("D") == "M-C"),
    "303.2a": ("T32b", lambda r: "distance 2" in r.run.error["message"]),
    "303.5a": ("T04", lambda r: r.zone("Y") == "M-L" and r.state("Y") == "reboot"),
    "304.3": ("T16", lambda r: [s.message for s in r.steps if "card 1 of 2" in s.message
                                or "card 2 of 2" in s.message] != []
              and len([s for s in r.steps if " of 2 (" in s.message]) == 2),
    "303.6a": ("R303", lambda r: r.zone("P1pc") == "S-C" and r.b.zones["M-C"] == []),
    "307.2": ("R1000", lambda r: r.pl("P1", "life")[:2] == ["d2", "d1"]),
    "308.2a": ("R502", lambda r: r.zone("h1") == "P2.resource" and r.state("h1") == "reboot"),
    # ---- 500 -------------------------------------------------------------------------------------
    "502.1": ("R502", lambda r: r.state("S") == "reboot" and r.state("r1") == "reboot"
              and r.state("Q") == "sleep"),
    "502.2": ("R503", lambda r: _msg(r, "502.2", "リブートフェイズ開始時")),
    "502.3": ("R502", lambda r: _pp_at(r, "502.3")),
    "503.1": ("R502", lambda r: _msg(r, "503.1", "ドローフェイズ開始時")),
    "503.2": ("R502", lambda r: _pp_at(r, "503.2")),
    "503.3": ("R502", lambda r: r.moves_of("d1")[0] == ("P2.deck", "P2.hand")
              and r.moves_of("d2")[0] == ("P2.deck", "P2.hand")),
    "503.3a": ("R503", lambda r: r.count("P1", "hand") == 4 and r.count("P1", "deck") == 20),
    "503.4": ("R502", lambda r: _pp_at(r, "503.4")),
    "504.1": ("R502", lambda r: _msg(r, "504.1", "リソースフェイズ開始時")),
    "504.2": ("R502", lambda r: _pp_at(r, "504.2")),
    "504.3": ("R502", lambda r: r.moves_of("h1") == [("P2.hand", "P2.resource")]),
    "504.4": ("R502", lambda r: _pp_at(r, "504.4")),
    "505.1": ("T34-", lambda r: _msg(r, "505.1", "イグニッションフェイズ開始時")),
    "505.2": ("T34-", lambda r: _pp_at(r, "505.2")),
    "505.3": ("T34-", lambda r: r.moves_of("c1") == [("P1.charge", "P1.trash")]
              and r.moves_of("c2") == [("P1.charge", "P1.trash")]),
    "505.3a": ("T34-", lambda r: r.zone("d1") == "P1.trash" and r.zone("d2") == "P1.hand"
               and r.zone("d3") == "P1.trash"),
    "505.4": ("T34-", lambda r: _pp_at(r, "505.4")),
    "505.5": ("T34-", lambda r: [s.message for s in r.citing("505.5")][-1].startswith("Pass")),
    "506.1": ("T34-", lambda r: _msg(r, "506.1", "メインフェイズ開始時")),
    "506.2": ("T01", lambda r: r.citing("506.2")[0].player == "P1"),
    "506.3": ("T04-", lambda r: r.zone("X") == "P1.trash" and _pp_at(r, "506.3")),
    "506.4": ("R502", lambda r: any("end phase" in s.message for s in r.citing("506.4"))),
    "507.1": ("R502", lambda r: _msg(r, "507.1", "エンドフェイズ開始時")),
    "507.2": ("R502", lambda r: _pp_at(r, "507.2")),
    "507.3": ("R507", lambda r: r.triggers_of("E#1") == 1 and r.triggers_of("F#1") == 1),
    "507.4": ("T23-", lambda r: r.zone("Z") == "P1.hand" and _pp_at(r, "507.4")),
    "507.5": ("R507", lambda r: any("back to 507.3" in s.message for s in r.citing("507.5"))),
    "507.6": ("T02b", lambda r: r.damage("B") == 0),
    "507.7": ("R502", lambda r: r.b.effects == [] and r.power("T") == 2000),
    "507.8": ("R502", lambda r: r.pl("P2", "trash") == ["h7", "d2"] and r.count("P2", "hand") == 6),
    "507.9": ("R502", lambda r: r.b.turn == 5 and r.b.turn_player == "P1"),
    # ---- 600 ---------------------------------------------------------------------------------------
    "601.1": ("T01", lambda r: r.first("601.1") < r.first("602.1d") < r.first("605.6")),
    "602.1": ("T01", lambda r: r.b.battle is None and r.state("A") == "sleep"),
    "602.1a": ("T32g", lambda r: "rebooted" in r.run.error["message"]),
    "602.1b": ("T32e", lambda r: "distance 3" in r.run.error["message"]),
    "602.1c": ("T32f", lambda r: r.run.stop == "illegal_action" and r.pdamage("P2") == 0),
    "602.1d": ("T01", lambda r: ("reboot", "sleep") in [(c["from"], c["to"]) for _, c in
                                                          r.changes("state") if c["card"] == "A"]),
    "602.1e": ("R605", lambda r: r.triggers_of("A#1") == 1 and r.count("P1", "hand") == 2),
    "602.1f": ("R605", lambda r: _pp_at(r, "602.1f") and r.first("602.1f") < r.first("603.1a")),
    "602.1g": ("T01", lambda r: r.first("602.1g") < r.first("603.1a")),
    "603.1a": ("R603", lambda r: r.citing("603.1a")[0].player == "P1"),
    "603.1b": ("R603", lambda r: r.zone("Sh") == "P2.trash"),
    "603.1c": ("R603", lambda r: [s.player for s in r.citing("603.1c")][:2] == ["P2", "P1"]),
    "604.1": ("T01", lambda r: _pp_at(r, "604.1")),
    "604.2": ("R604-attacker", lambda r: r.damage("B") == 0 and r.zone("A") == "P1.charge"),
    "604.3a": ("T02-", lambda r: r.damage("B") == 5000),
    "604.3b": ("T10", lambda r: any(c["field"] == "damage" and c["to"] == 1
                                    for _, c in r.changes("player"))),
    "604.3c": ("R604-overboost", lambda r: r.pdamage("P2") == 0 and r.count("P2", "life") == 4),
    "604.3d": ("R604-target-moved", lambda r: r.zone("A") == "M-R" and r.zone("B") == "P2.charge"),
    "604.4": ("T01", lambda r: r.first("604.4") < r.first("605.1")),
    "605.1": ("T01", lambda r: r.citing("904.1")[0].context == "605.1"),
    "605.2": ("R605", lambda r: r.triggers_of("A#2") == 1),
    "605.3": ("R605", lambda r: _pp_at(r, "605.3")),
    "605.4": ("R605", lambda r: r.first("605.3") < r.first("605.4") < r.first("605.5")),
    "605.5": ("R603", lambda r: any(s.context == "605.5" for s, _ in r.changes("effect-"))),
    "605.6": ("R603", lambda r: r.zone("B") == "P2.charge"
              and r.citing("904.1")[0].context == "605.3"),
    # ---- 700 -----------------------------------------------------------------------------------------
    "701.2": ("R603", lambda r: any(s.kind == "pp" and s.context == "603.1b"
                                    for s in r.citing("701.2"))),
    "701.3": ("T01", lambda r: [s.player for s in r.citing("701.3")] == ["P1", "P2"]),
    "702.1": ("T01", lambda r: sum(1 for s in r.steps if s.kind == "pp" and s.depth == 0) >= 5),
    "702.2a": ("T25", lambda r: any("pass 2" in s.message for s in r.citing("702.2a"))),
    "702.2b": ("T20", lambda r: len([s for s in r.citing("702.2b") if s.kind == "play"]) == 2),
    # ---- 800 -----------------------------------------------------------------------------------------
    "802.2b": ("T03-", lambda r: any(c["effect"]["until"] == "turn_end"
                                     for _, c in r.changes("effect+"))),
    "802.2c": ("R812-replacement", lambda r: r.count("P2", "charge") == 0),
    "802.3": ("T37b", lambda r: r.damage("Big") == 18000 and r.damage("Sm") == 0),
    "803.1a": ("R803-ability-only", lambda r: r.run.stop == "illegal_action"
               and r.count("P1", "hand") == 1 and "not on a square" in r.run.error["message"]),
    "803.1c": ("R803-ability-in", lambda r: r.run.stop == "illegal_action"
               and r.count("P1", "hand") == 1 and "only in the hand" in r.run.error["message"]),
    "803.1d": ("R803-turn-limit", lambda r: r.count("P1", "hand") == 1
               and r.b.used == {"W#1": 1}),
    "803.2a": ("R803-condition", lambda r: r.run.stop == "illegal_action"
               and r.count("P1", "hand") == 1 and r.run.error["cites"] == ["803.2a"]),
    "803.2c": ("R808-last", lambda r: r.count("P2", "hand") == 4),
    "804.2": ("T04-", lambda r: r.moves_of("Y") == [("P1.hand", "temporary"), ("temporary",
                                                                                "M-L")]),
    "804.2b": ("T04-", lambda r: any(c["card"] == "Y" for _, c in r.changes("reveal"))),
    "804.2e": ("T04-", lambda r: r.moves_of("Y")[0][1] == "temporary"),
    "804.2h": ("R804.2h-", lambda r: r.triggers_of("W#1") == 1 and r.count("P2", "hand") == 1),
    "804.2f": ("T30a2", lambda r: r.zone("X") == "P1.hand" and r.state("B1") == "reboot"),
    "804.3a": ("T37b", lambda r: [s.choices[0]["answer"] for s in r.steps if s.kind == "choice"]
               == [True, True, True]),
    "804.3b": ("T37a", lambda r: r.damage("B") == 1000 and r.zone("C") == "P2.charge"),
    "804.3c": ("R807", lambda r: r.citing("804.3c")[0].kind == "resolve"),
    "805.2a": ("T30a-", lambda r: _msg(r, "805.2a", "[red][3]")),
    "805.2c": ("T31", lambda r: r.zone("X") == "M-C" and r.state("R1") == "reboot"),
    "805.3a": ("T30c", lambda r: r.state("B1") == "sleep" and r.state("R1") == "reboot"),
    "805.3b": ("T30a-", lambda r: all(r.state(x) == "sleep" for x in ("R1", "B1", "W1"))),
    "805.3c": ("T30d", lambda r: r.run.stop == "illegal_action" and r.state("RB") == "reboot"),
    "805.3d": ("T30a-", lambda r: r.zone("X") == "M-C" and r.state("R1") == "sleep"),
    "806.1a": ("T11c", lambda r: r.zone("Z") == "P2.charge"),
    "806.1f": ("T11d", lambda r: r.zone("V") == "P2.trash" and r.count("P2", "hand") == 4),
    "807.1a": ("R807", lambda r: r.run.stop == "illegal_action" and "sleeping"
               in r.run.error["message"]),
    "807.1b": ("R807", lambda r: r.count("P1", "hand") == 1),
    "808.1": ("T11-", lambda r: r.triggers_of("Z#1") == 1 and r.count("P2", "hand") == 4),
    "808.1b": ("R808-triggered", lambda r: r.triggers_of("Bar#1") == 3),
    "808.2": ("T11-", lambda r: [s.player for s in r.steps if s.kind == "play"
                                 and "triggered" in s.message] == ["P2"]),
    "808.2a": ("T20", lambda r: [s.player for s in r.steps if s.kind == "play"
                                 and "triggered" in s.message] == ["P2", "P1"]),
    "808.3a": ("T03-", lambda r: r.count("P1", "hand") == 1),  # C was P2's on the square
    "808.3b": ("T22", lambda r: r.count("P1", "hand") == 1 and r.triggers_of("Him#1") == 1),
    "808.3c": ("R808-triggered", lambda r: r.count("P1", "hand") == 3),
    "808.3d": ("R808-last", lambda r: r.triggers_of("B#1") == 1),
    "808.4": ("T23-", lambda r: r.zone("Z") == "P1.hand"),
    "808.4a": ("T23-", lambda r: r.b.timed == [] and len(r.citing("808.4a")) >= 1),
    "808.4b": ("T23-", lambda r: r.zone("Ika") == "P1.charge" and r.zone("Z") == "P1.hand"),
    "808.5a": ("R808-state", lambda r: r.count("P1", "hand") == 1
               and len(r.citing("808.5a")) == 1),
    "808.6": ("R808-last", lambda r: r.zone("B") == "P2.charge" and r.count("P2", "hand") == 4),
    "809.1": ("T11d", lambda r: r.count("P2", "hand") == 4),
    # 遠射の号令 gives A レンジ2 until end of turn: the battle at distance 2 happens
    "811.1b": ("R811-grant-range", lambda r: r.zone("C") == "P2.charge"),
    # the effect names A as it was when it started (its incarnation): only the card there now
    "811.4": ("R811-grant-range", lambda r: any(e.get("grant") and e.get("incs") == {"A": 0}
                                                for e in r.b.effects)),
    # 811.3a: G's static 「あなたのゼクスはレンジ2を得る」 reaches A (no range printed); 811.3: F's
    # static takes A's レンジ away, the later event gives it back — A's battle at 2 is legal
    "811.3a": ("R811.3a-static-grant-range", lambda r: r.zone("C") == "P2.charge"
               and _range(r, "A") == 2),
    "811.3": ("R811.3-static-lose-then-grant", lambda r: r.zone("C") == "P2.charge"),
    # 804.2c: G offers 1 instead of 総攻撃's 3; P1 chooses it — one resource slept
    "804.2c": ("R804.2c", lambda r: r.state("r1") == "sleep" and r.state("r2") == "reboot"
               and r.count("P1", "hand") == 2),
    "811.1c": ("T25", lambda r: _msg(r, "811.1c", "Ciel1", "power 5000")),  # 4500 + 500
    "812.1": ("R812-replacement", lambda r: r.count("P1", "hand") == 0),
    "812.2": ("R812-two", lambda r: r.zone("B") == "P2.remove"
              and r.citing("812.2")[0].choices[0]["chooser"] == "P1"),
    "813.1": ("R808-last", lambda r: _msg(r, "813.1", "last-known")),
    "813.1a": ("R813", lambda r: r.zone("Z") == "P1.hand"),
    "813.2": ("T23b", lambda r: r.zone("Z") == "P1.charge"),
    "814.2a": ("T23-", lambda r: _msg(r, "814.2a", "Ika")),
    "814.3": ("T24-", lambda r: _msg(r, "1204.3", "effect of Ab")),
    # ---- 900 -----------------------------------------------------------------------------------------
    "901.2": ("T03-", lambda r: r.citing("901.2")[0].context == "506.3"),
    "901.2a": ("T16", lambda r: r.citing("902.1")[0].depth > r.citing("1004.2")[0].depth),
    "901.2b": ("R901", lambda r: r.zone("X") == "P1.trash" and r.count("P1", "hand") == 0),
    "902.1": ("T16", lambda r: r.count("P1", "hand") == 2 and r.count("P1", "deck") == 2),
    "902.1a": ("T16", lambda r: all(("P1.trash", "P1.deck") in r.moves_of(t)
                                    for t in ("t1", "t2", "t3"))),
    "902.1b": ("T16", lambda r: any(c["player"] == "P1" for _, c in r.changes("shuffle"))),
    "902.1c": ("T16", lambda r: r.count("P1", "life") == 3
               and r.citing("902.1c")[0].choices[0]["chooser"] == "P2"),
    "903.1": ("R903-life-zero", lambda r: r.outcome["losers"] == ["P2"]),
    "903.2": ("T18-", lambda r: r.outcome["winner"] == "P2" and r.count("P1", "deck") == 0),
    "904.1": ("T01", lambda r: r.zone("B") == "P2.charge"),
    "904.2": ("T03-", lambda r: r.zone("C") == "P2.charge" and r.damage("A") == 0),
    "905.1": ("T04-", lambda r: r.zone("X") == "P1.trash" and r.zone("Y") == "M-L"),
    "905.2": ("T06", lambda r: r.zone("B") == "P2.trash" and r.zone("A") == "M-L"),
    "905.3": ("T07", lambda r: r.zone("A") == "P1.trash"),
    "906.1": ("T08-", lambda r: r.pl("P1", "trash") == ["c1"] and r.count("P1", "charge") == 4),
    "907.2a": ("T13", lambda r: [s.player for s in r.citing("907.2a")] == ["P1", "P2"]),
    "907.2b": ("T10", lambda r: r.pdamage("P2") == 0),
    "907.2c": ("T10", lambda r: r.citing("907.2c")[0].choices[0]["chooser"] == "P1"),
    "907.2d": ("T10", lambda r: r.pl("P2", "charge") == ["L2"]),
    "907.2e": ("T11b", lambda r: r.pl("P2", "charge") == ["Z"]),
    "907.3": ("R907", lambda r: r.first("904.1") < r.first("907.2d")),
    "908.1": ("R908", lambda r: r.zone("f1") == "P2.trash"),
    "909.1": ("R909", lambda r: r.zone("virtual-P2") == "N-C"),
    "909.2": ("T29", lambda r: "virtual-P2" not in r.b.cards),
    "910.1": ("R910", lambda r: r.zone("X") == "P2.dynamis" and r.card("X").face == "up"),
    "911.1": ("R911", lambda r: r.zone("OB") == "P2.dynamis" and r.card("P2pc").face == "up"),
    "912.1": ("T28-", lambda r: r.zone("T") == "gone" and r.count("P2", "charge") == 2),
    "913.1": ("R913", lambda r: r.zone("s1") == "P1.dynamis" and r.card("s1").face == "up"),
    # ---- 1000 ------------------------------------------------------------------------------------------
    "1001.1": ("T02-", lambda r: r.damage("B") == 5000),
    "1001.2": ("T10", lambda r: any(c["to"] == 1 for _, c in r.changes("player"))),
    "1001.3": ("T36c", lambda r: r.damage("B") == 0 and r.pdamage("P2") == 0),
    "1002.1": ("R1000", lambda r: r.state("A") == "reboot"),
    "1002.2": ("T26b", lambda r: r.state("W") == "sleep" and r.count("P2", "hand") == 4),
    "1002.3": ("R1000", lambda r: r.card("h1").state is None and r.zone("h1") == "P1.hand"),
    "1003.1": ("T16", lambda r: "shuffle-order" in r.run.trace.assumptions),
    "1004.1": ("T11d", lambda r: r.count("P2", "deck") == 19),
    "1004.2": ("T16", lambda r: len(r.moves_of("d1")) == 1 and r.count("P1", "hand") == 2),
    "1005.1": ("R1000", lambda r: r.zone("h1") == "P1.hand"
               and any(c["card"] == "h1" for _, c in r.changes("reveal"))),
    "1006.1": ("T22", lambda r: r.zone("Him") == "M-L" and r.zone("Pl") == "M-R"),
    "1006.2": ("T11-", lambda r: any(s.kind == "trigger" and "Z appears" in s.message
                                     for s in r.steps)),
    "1006.3": ("T22", lambda r: r.zone("Him") != r.zone("Pl")),
    "1007.1": ("T08-", lambda r: r.zone("Luc") == "P2.charge"),  # owner's charge
    "1007.2": ("R1007", lambda r: r.zone("B") == "P2.charge" and r.count("P1", "hand") == 0),
    "1008.1": ("R1000", lambda r: r.zone("B") == "P2.remove"),
    "1010.1": ("R1010", lambda r: r.zone("Z") == "M-L"),
    "1011.1": ("R1011", lambda r: r.count("P2", "hand") == 2 and r.count("P2", "life") == 2),
    "1011.2": ("R1000", lambda r: r.triggers_of("A#1") == 2),
    "1012.1a": ("R1000", lambda r: r.zone("d1") == "P1.life" and r.card("d1").face_now == "down"),
    "1012.1b": ("R1000", lambda r: r.count("P1", "life") == 4),
    "1016.1": ("R1000", lambda r: any(c["to"] == 2 for _, c in r.changes("counter"))),
    "1016.2": ("R1000", lambda r: r.b.players["P1"].counters == {"★": 0}),
    # ---- 1100 ------------------------------------------------------------------------------------------
    "1102.2": ("R1102", lambda r: r.zone("d1") == "P2.life" and r.count("P2", "life") == 2),
    "1103.2": ("T15", lambda r: r.zone("A") == "P1.trash"),
    "1103.2a": ("T15", lambda r: r.count("P1", "hand") == 0 and r.count("P1", "charge") == 0),
    "1104.2": ("T32c", lambda r: r.zone("C") == "P2.charge"),
    "1104.3": ("T32h", lambda r: r.pl("P2", "charge") == ["L1"]),
    "1105.2": ("R1105", lambda r: r.zone("ES") == "P1.trash" and r.zone("d2") == "P1.hand"),
    "1108.2": ("R1108-zero", lambda r: r.run.stop == "illegal_action"
               and r.count("P1", "hand") == 0),
    "1108.3": ("R1108b", lambda r: r.zone("A") == "P1.hand" and r.count("P1", "hand") == 2),
    "1109.2": ("R1109", lambda r: r.zone("B") == "P1.hand" and r.zone("C") == "S-R"
               and r.zone("A") == "M-C" and r.zone("IS") == "S-L"),
    "1110.2": ("R1110b", lambda r: r.run.stop == "illegal_action" and r.count("P1", "hand") == 2),
    "1110.3": ("R1110-level", lambda r: r.count("P1", "hand") == 1),
    "1110.4": ("R1110b", lambda r: r.count("P1", "hand") == 2),
    "1110.5": ("R1110-level", lambda r: r.zone("A") == "M-C" and r.count("P1", "hand") == 1),
    "1112.1": ("R1112", lambda r: r.run.stop == "illegal_action" and r.count("P1", "hand") == 1),
    "1112.2": ("R1112", lambda r: r.b.players["P1"].flags.get("zd_used")
               and r.count("P1", "hand") == 1),
    "1009.1": ("R1107-alter", lambda r: r.zone("t1") == "force" and r.card("t1").under == "GG"),
    "312.3": ("R1107-alter", lambda r: r.card("t2").under == "GG" and r.zone("GG") == "S-L"),
    "1107.2": ("R1107b", lambda r: r.zone("t3") == "force" and r.zone("t1") == "P1.trash"),
    "1107.3": ("R1107-alter", lambda r: r.zone("t2") == "force" and r.zone("t3") == "P1.trash"),
    "1111.2": ("R1111", lambda r: r.zone("Z") == "M-R" and r.state("Z") == "sleep"
               and r.state("W") == "reboot" and r.b.effects == []),
    "1115.2": ("R1115", lambda r: r.zone("TS") == "P1.remove" and r.count("P1", "hand") == 1
               and any("gains_ability" in e for e in r.b.effects)),
    "1114.1": ("R1114", lambda r: r.moves_of("DK")[0] == ("P1.hand", "S-L")),
    "1114.2": ("R1114", lambda r: r.zone("DK") == "S-L" and r.state("DK") == "reboot"
               and r.zone("A") == "P1.hand"),
    "1114.3": ("R1114", lambda r: r.run.stop == "illegal_action" and r.zone("DS") == "P1.hand"
               and r.zone("B") == "M-C"),
    "1106.2": ("R1106", lambda r: r.zone("Z") == "N-L" and r.zone("Q") == "P2.charge"),
    # ---- 1200 ------------------------------------------------------------------------------------------
    "1201.1c": ("R1201", lambda r: r.outcome["result"] == "draw"),
    "1202.1": ("R1202", lambda r: r.outcome["losers"] == ["P1"] and r.count("P1", "life") == 0
               and len(r.steps) < 1_000),
    "1203.1": ("T01", lambda r: _msg(r, "1203.1", "destroyed in battle by A")),
    "1203.2": ("T32a", lambda r: _msg(r, "1203.2", "in battle by A")),
    "1204.2": ("T23-", lambda r: _msg(r, "1204.2", "destroyed by this effect")),
    "1204.3": ("T24-", lambda r: r.count("P1", "hand") == 1),
    "1204.3a": ("T25", lambda r: any("Ciel1" in s.message for s in r.citing("1204.3a"))),
    "1204.3b": ("T24b", lambda r: r.count("P1", "hand") == 0 and r.zone("W") == "P2.charge"),
    "1204.3c": ("T01", lambda r: "1204.3" not in r.citing("904.1")[0].cites),
    "1205.2": ("R1205", lambda r: r.zone("P1pc") == "P1.trash"
               and r.zone("virtual-P1") == "S-C"),
    "1205.2a": ("R909", lambda r: r.card("virtual-P2").type == "player"
                and r.card("virtual-P2").name == "" and r.card("virtual-P2").abilities == []),
    "1206.4": ("T28-", lambda r: r.zone("T") == "gone" and r.count("P2", "charge") == 2),
    "1207.4": ("R1000", lambda r: all(c["to"] >= 0 for _, c in r.changes("counter"))),
    # 1202.2a: the draw phase's draw (an action the rules set) keeps the deck random; 1202.2:
    # the event's shuffle is then left out — no shuffle happens, none is assumed
    "1202.2a": ("EX1202.2a1", lambda r: r.b.players["P1"].deck_random
                and r.count("P1", "hand") == 2),
    "1202.2": ("EX1202.2a2", lambda r: not list(r.changes("shuffle"))
               and "shuffle-order" not in r.run.trace.assumptions
               and r.zone("d1") == "P1.trash"),
}


def _range(r, cid: str):
    from judgekit.engine.zx.params import keyword

    return keyword(r.g, r.b.cards[cid], "range")


def test_a_static_loss_takes_a_printed_keyword_away_and_a_later_grant_gives_it_back():
    # without the event, F's static 「相手のゼクスはレンジを失う」 leaves A without レンジ2: its
    # battle at distance 2 is illegal (602.1b)
    import os

    from engine_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    path = example_path("R811.3-static-lose-then-grant")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("  - {play: E}\n", "")
    run = run_board(load_text(text, os.path.basename(path)))
    bad = [s for s in run.steps if s.message.startswith("Not legal")]
    assert bad and "reaches distance 1" in bad[0].message and "811.3a" in bad[0].cites
    assert run.board.cards["C"].zone == "N-L"
    # a static grant missing its keyword is a board check error at the card
    from judgekit.board.status import status

    b = load_text(text.replace("lose: {keyword: range}, ", ""), "<test>")
    flags = [x for x in status(b) if x.code == "STATIC_WITHOUT_CHANGE"]
    assert len(flags) == 1 and flags[0].severity == "error" and flags[0].line > 0


def test_every_registered_clause_has_a_behaviour_test():
    assert sorted(set(REGISTRY.ids()) - set(B)) == []
    assert sorted(set(B) - set(REGISTRY.ids())) == []


@pytest.mark.parametrize("cid", list(B))
def test_clause_behaviour(cid):
    prefix, check = B[cid]
    r = run_example(prefix.rstrip("-"))
    assert r.cites(cid), f"{prefix} does not cite {cid}"
    assert check(r), f"{cid} on {prefix}"


def test_denei_without_its_number_is_a_board_check_error():
    import os

    from engine_helpers import ROOT

    from judgekit.board import load_text
    from judgekit.engine.zx.status import status

    with open(os.path.join(ROOT, "examples", "zx", "R1114-denei.yaml"), encoding="utf-8") as f:
        text = f.read().replace("{keyword: 電影, value: 3}", "{keyword: 電影}")
    flags = [x for x in status(load_text(text, "<t>")) if x.code == "KEYWORD_VALUE_MISSING"]
    assert flags and flags[0].severity == "error" and flags[0].clauses == ("1114.2",)
    assert flags[0].line == 20


def test_a_cost_offered_instead_is_asked_and_the_printed_cost_stays_possible():
    # 804.2c: not said in the action, the engine asks (choice 804.2c: `printed` or G#1)
    import os

    from engine_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.run import run_board

    path = example_path("R804.2c")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = text[:text.index("expect:")]
    run = run_board(load_text(text.replace("alternative: true, pay: [r1]", "pay: [r1, r2, r3]")
                              + 'choices:\n  "804.2c": [printed]\n', os.path.basename(path)))
    assert all(run.board.cards[r].state == "sleep" for r in ("r1", "r2", "r3"))
    run = run_board(load_text(text.replace("alternative: true, ", "")
                              + 'choices:\n  "804.2c": ["G#1"]\n', os.path.basename(path)))
    assert run.board.cards["r2"].state == "reboot"


def test_a_range_had_twice_reaches_the_farther():
    # 1104.2: each レンジ is an ability of its own; printed レンジ2 and a granted レンジ3: A may
    # choose C at distance 3 (the rulebook merges no keyword had twice)
    import os

    from engine_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.run import run_board
    from judgekit.engine.zx.keywords import attack_range

    path = example_path("R811-grant-range")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("{keyword: range, value: 2}, to: A", "{keyword: range, value: 3}, to: A")
    text = text.replace("  S-L: [{id: A, power: 5000, owner: P1}]",
                        "  S-L: [{id: A, power: 5000, owner: P1, abilities: [{keyword: range, "
                        "value: 2}]}]")
    run = run_board(load_text(text[:text.index("actions:")] + "actions:\n  - {play: E}\n",
                              os.path.basename(path)))
    assert attack_range(run.game, run.board.cards["A"]) == 3
