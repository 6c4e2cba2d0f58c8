"""One behaviour test per registered D0 clause: what the clause means, pinned on a bundled example
(or, for the few only an illegal action reaches, on a small board written here).

Each entry names an example and states, from the clause's text, what must be true of its run — not
what the engine happened to print. A citation that points at a real but wrong clause is caught when
its behaviour does not hold here.
"""

from __future__ import annotations

import pytest
from d0_helpers import run_example, run_text
from test_d0_attached import B as _B_ATTACHED

from judgekit.engine.d0.clauses import REGISTRY


def _msg(r, cid: str, *words) -> bool:
    return any(all(w in s.message for w in words) for s in r.citing(cid))


def _order(r, *cids) -> bool:
    idx = [r.first(c) for c in cids]
    return idx == sorted(idx)


def _priority_after(r, step_index: int) -> str | None:
    for s in r.steps[step_index + 1:]:
        if s.kind == "priority" and "receives priority" in s.message:
            return s.player
    return None


def _resolved_first(r, a: str, b: str) -> bool:
    """The resolution of a's item comes before b's."""
    res = [s for s in r.steps if s.kind == "resolve" and "4.9.1" in s.cites]
    ia = next(s.index for s in res if a in s.message)
    ib = next(s.index for s in res if b in s.message)
    return ia < ib


def _races(r, cid: str) -> tuple:
    from judgekit.engine.d0.values import races

    return races(r.g, r.b.cards[cid])


B = {
    # ---- 第1部 -------------------------------------------------------------------------------
    # 1.1.1: the text 速攻 beats 2.20.1-3 (played units enter frozen) — and only for that unit
    "1.1.1": ("EX1.1.1-haste-released", lambda r: r.state("H") == "released"
              and r.state("N") == "frozen" and _msg(r, "1.1.1", "H")),
    # 停止の結界 is in force: the released Spider's move is refused and nothing is paid
    "1.1.2": ("R1.1.2", lambda r: r.run.stop == "illegal_action" and r.zone("SS") == "C1"
              and r.state("e2") == "released"),
    # ミュラー's ability finds only itself, a ヴァンパイア it may not choose: removed, nothing done
    "1.1.3": ("EX1.1.3", lambda r: r.count("P1", "hand") == 2 and r.zone("MU") == "P1.graveyard"
              and not r.b.stack),
    # 「ドラゴン/サラマンダー」: both races' abilities reach it (+1000 each)
    "2.8.2": ("EX2.8.2", lambda r: r.power("FD") == 4000
              and r.card("FD").races == ("ドラゴン", "サラマンダー")),
    # マキリ left the center area: its +1000 ended
    "4.14.4-1": ("EX4.14.4-1b", lambda r: r.zone("MK") == "C1" and r.power("MK") == 1000),
    # 石像兵's own 「ゴーレムになる」 first, then 人形の館's ドール
    "4.14.5-3": ("R4.14.5-3", lambda r: _races(r, "GS") == ("ゴーレム", "ドール")),
    "1.2.2": ("R3.9.1", lambda r: r.count("P2", "smash") == 3 and r.smash("U") == 0),
    "1.2.3-1": ("S02", lambda r: r.state("e1") == "frozen"),  # <白1> from the white e1
    "1.2.3-2": ("S05", lambda r: r.state("e1") == "frozen"),  # <無色1> from a green card
    # ---- 第2部 -------------------------------------------------------------------------------
    "2.1.4-1": ("S11", lambda r: r.b.cards["GR"].controller == "P2"),
    "2.20.2-1": ("R3.6.1-2", lambda r: r.moves_of("HQ")[0] == ("P1.hand", "stack")),
    "2.20.3-1": ("S13a", lambda r: r.moves_of("MC")[0] == ("P2.hand", "stack")),
    "2.20.1-1": ("S02", lambda r: r.moves_of("S")[0] == ("P1.hand", "stack")),
    "2.20.1-2": ("R4.19.1", lambda r: r.run.stop == "illegal_action" and r.zone("AP") == "P1.hand"),
    "2.20.1-3": ("S02", lambda r: r.zone("S") == "C1" and r.state("S") == "frozen"),
    "2.20.1-4": ("R3.14.1-1", lambda r: r.zone("ST") == "C1"
                 and r.b.cards["ST"].controller == "P1" and r.state("ST") == "frozen"),
    "2.20.1-6": ("S16b", lambda r: r.zone("W") == "P1.graveyard"
                 and r.first("3.14.1-1") < r.move_step("W", "P1.graveyard")),
    "2.20.2-2": ("R3.6.1-2", lambda r: r.zone("HQ") == "P1-C"),
    "2.20.2-3": ("R3.6.1-2", lambda r: r.state("HQ") == "released"),
    "2.20.3-3": ("S11", lambda r: r.moves_of("MM")[-1] == ("stack", "P1.graveyard")),
    "2.23.1-1": ("S08", lambda r: r.zone("PP") == "P1.energy"),
    "2.23.1-3": ("S08", lambda r: r.damage("PP") == 0 and r.b.cards["PP"].incarnation == 1),
    "2.23.10-2": ("EX2.23.10-2-bronze-kid-removed-face-up",
                  lambda r: r.zone("X") == r.zone("Y") == "P2.remove"
                  and r.b.cards["X"].face == r.b.cards["Y"].face == "up"),
    "2.23.1-4": ("S14a", lambda r: r.moves_of("X") == [("L3", "P2.graveyard")]),
    # 2.4.2-2: <赤1><黒1><無色2> is both red and black: a red and a black filter each choose it
    "2.4.2-2": ("EX2.4.2-2-red-and-black", lambda r: r.power("M") == 4000
                and _msg(r, "2.4.2-2", "M", "red") and _msg(r, "2.4.2-2", "M", "black")),
    # 2.4.3: 使用コスト4以下 reads the total of <青2><無色2> = 4, so ファルコン・ケン is a legal target
    "2.4.3": ("EX2.4.3-cost-four-target", lambda r: r.zone("FK") == "P2.hand"),
    "2.23.1-5": ("S11", lambda r: sum(1 for _, ch in r.changes("move")
                                      if ch.get("reason") == "draw"
                                      and ch["to"] == "P1.hand") == 2),
    "2.23.3-1": ("R3.4", lambda r: ("P1.deck", "P1.plan") in r.moves_of("d2")),
    "2.23.3-2": ("R3.4", lambda r: r.count("P1", "plan") == 0 and any(
        ch["from"] == "P1.plan" and ch["to"] == "P1.hand" for _, ch in r.changes("move"))),
    "2.23.5-1": ("S07", lambda r: set(r.pl("P1", "graveyard")) == {"SS1", "SS2"}),
    "2.23.6-2": ("S08", lambda r: r.state("PP") == "released"),
    "2.23.7-2": ("S17", lambda r: all(r.b.cards[i].state == "released" and r.b.cards[i].face
                                      in (None, "down") for i in r.pl("P2", "smash"))),
    "2.23.8-4": ("S05", lambda r: r.zone("PG") == "R3" and r.b.cards["PG"].incarnation == 0),
    "2.23.9-2": ("S02", lambda r: "聖騎士" in r.stacks()[-1][-1]),  # the later one on top
    "2.24.4": ("S01", lambda r: r.zone("S") == "P2.graveyard"),  # V in P1-C reaches C3
    "2.24.7-2": ("S19", lambda r: r.power("BS") == 3000),  # 'own area' = P1's row 1
    "2.27": ("S20", lambda r: _msg(r, "2.27", "AT")),
    # ---- 第3部 -------------------------------------------------------------------------------
    "3.2.4": ("R3.6.1-2", lambda r: r.count("P1", "deck") == 35),
    "3.3.1": ("S17", lambda r: r.outcome["winner"] == "P1" and r.outcome["losers"] == ["P2"]),
    "3.3.2": ("R3.3.2", lambda r: r.outcome["winner"] == "P1"
              and r.first("3.6.1-1") < r.first("3.3.2")),
    "3.3.3": ("S17", lambda r: r.run.stop == "game_over" and r.steps[-1].kind == "game_end"),
    "3.3.4": ("R3.3.4", lambda r: r.outcome["result"] == "draw"
              and r.outcome["losers"] == ["P1", "P2"]),
    "3.3.6": ("S21", lambda r: r.outcome["result"] == "draw" and r.outcome["losers"] == []),
    "3.3.7": ("R3.3.7", lambda r: r.outcome["winner"] == "P1" and r.zone("MM") == "stack"),
    "3.4.1": ("R3.4", lambda r: r.b.turn == 4 and r.b.turn_player == "P2"),
    "3.4.2": ("R3.4", lambda r: _order(r, "3.5.1", "3.6.1-1", "3.7.1", "3.8.1", "3.9.1",
                                       "3.10.1")),
    "3.4.3": ("R3.4", lambda r: _msg(r, "3.4.3", "main phase ends")),
    "3.4.5": ("R3.4", lambda r: r.b.step == "3.5.1" and r.b.turn == 4),
    "3.5.1": ("R3.4", lambda r: any(ch["card"] == "e1" and ch["to"] == "released"
                                    for s, ch in r.changes("state") if "3.5.1" in s.cites)),
    "3.6.1-1": ("R3.4", lambda r: r.moves_of("d1") == [("P1.deck", "P1.hand")]),
    "3.6.1-2": ("R3.6.1-2", lambda r: r.count("P1", "hand") == 3),
    "3.7.1": ("R3.4", lambda r: r.moves_of("h1") == [("P1.hand", "P1.energy")]),
    "3.8.1": ("R3.4", lambda r: _priority_after(r, r.first("3.8.1")) == "P1"),
    # the window of a normal-timing activation (its item 3.8.2-2 names none)
    "3.8.2": ("R3.8.2-2", lambda r: r.count("P1", "hand") == 3 and r.state("R") == "frozen"),
    "3.8.2-1": ("S02", lambda r: r.moves_of("S")[0] == ("P1.hand", "stack")),
    "3.8.2-2": ("R3.8.2-2", lambda r: r.state("R") == "frozen" and r.count("P1", "deck") == 19),
    "3.8.2-3": ("R3.4", lambda r: ("P1.deck", "P1.plan") in r.moves_of("d2")),
    "3.8.2-4": ("R3.4", lambda r: r.moves_of("d2")[-1] == ("P1.plan", "P1.graveyard")),
    "3.8.2-5": ("S20", lambda r: r.moves_of("HU")[0] == ("P2.plan", "stack")),
    "3.8.2-6": ("S13b", lambda r: r.moves_of("SS") == [("C1", "C2")]),
    "3.8.3": ("S14b", lambda r: r.zone("X") == "P2.graveyard"),  # a quick activation's window
    "3.8.3-1": ("S13a", lambda r: r.moves_of("MC")[0] == ("P2.hand", "stack")),
    "3.8.3-2": ("S14b", lambda r: r.zone("X") == "P2.graveyard" and r.zone("TV") == "P1.graveyard"),
    "3.8.4": ("S05", lambda r: r.zone("PG") == "R3"),  # a battle activation's window
    "3.8.4-1": ("S03", lambda r: r.moves_of("SAPH")[0] == ("P1.hand", "stack")),
    "3.8.4-2": ("S05", lambda r: r.zone("PG") == "R3"),
    "3.9.1": ("S17", lambda r: r.state("U") == "frozen" and r.count("P2", "smash") == 8),
    "3.10.1": ("R3.4", lambda r: r.damage("U") == 0 and r.power("U") == 2000),
    "3.10.2": ("R3.4", lambda r: any("夕暮れの酒場" in t for t in r.triggered())),
    "3.10.3": ("R3.4", lambda r: len(r.citing("3.10.1")) == 2),
    "3.11.1": ("S02", lambda r: [bt.square for fr in r.b.battles for bt in fr.battles] == ["C1"]),
    "3.11.1-1": ("S01", lambda r: r.b.battles == [] and not r.citing("3.12.1")),
    "3.11.1-2": ("R3.14.1-1", lambda r: r.results() == [{"square": "C1", "winner": "ST"}]),
    "3.11.1-4": ("R3.11.1-4", lambda r: _msg(r, "3.11.1-4", "C3", "L3")),
    "3.11.2": ("S11", lambda r: r.first("3.14.1-1") < r.move_step("MM", "P1.graveyard")),
    "3.11.3": ("R3.11.3", lambda r: [x["square"] for x in r.results()] == ["L3", "C3"]),
    "3.11.4": ("S11", lambda r: _order(r, "3.12.1", "3.13.1", "3.14.1")),
    "3.11.5": ("S02", lambda r: _msg(r, "3.11.5", "attacking unit is S")),
    # one instruction puts U and V onto C2 together: each attacks and is attacked — U's
    # 「攻撃された時」 triggers
    "3.11.5-1": ("R3.11.5-1", lambda r: r.zone("U") == "C2" and r.zone("V") == "C2"
                 and r.triggered() != []),
    "3.12.1": ("S02", lambda r: len(r.b.stack) == 2),
    "3.12.2": ("S05", lambda r: r.damage("BM") == 0 and not r.citing("3.12.4")),
    "3.12.3": ("S11", lambda r: _priority_after(r, r.first("3.12.3")) == "P1"),
    "3.12.4": ("S11", lambda r: r.damage("GR") == 2000 and r.zone("SS") == "P1.graveyard"),
    "3.12.4-1": ("S03", lambda r: r.damage("SS") == 2000 and r.zone("CS") == "P2.graveyard"),
    "3.12.4-2": ("R3.12.4-2", lambda r: r.zone("CS") == "P2.graveyard"
                 and r.b.cards["SS"].damage == 0),
    "3.13.1": ("S11", lambda r: r.first("3.12.4") < r.first("3.13.1")),
    "3.13.2": ("S05", lambda r: len(r.citing("3.13.2")) == 1 and r.damage("BM") == 0),
    "3.13.3": ("R5.4", lambda r: _priority_after(r, r.first("3.13.3")) == "P1"),
    "3.13.4": ("S03", lambda r: r.damage("SS") == 2000 and r.zone("CS") == "P2.graveyard"),
    "3.14.1": ("R3.14.1-1", lambda r: r.count("P2", "smash") == 1),
    "3.14.1-1": ("S05", lambda r: r.results() == [{"square": "C3", "winner": "BM"}]),
    "3.14.2": ("S16a", lambda r: r.zone("U") == "P1.graveyard" and r.zone("V") == "C1"),
    "3.14.2-1": ("S16b", lambda r: r.zone("W") == "P1.graveyard"),
    "3.14.2-2": ("S16a", lambda r: r.first("3.14.2") < r.first("3.14.2-2")),
    "3.14.3": ("S16a", lambda r: r.first("3.14.2") < r.first("3.14.3") and r.b.battles == []),
    "3.14.4": ("S11", lambda r: any(ch["op"] == "stack+" and "益々繁盛" in ch["item"]
                                    for s, ch in r.changes() if "3.14.4" in s.cites)),
    # ---- 第4部 -------------------------------------------------------------------------------
    "4.1.3": ("S02", lambda r: r.moves_of("S") == [("P1.hand", "stack"), ("stack", "C1")]),
    "4.1.5": ("S14b", lambda r: any(ch["card"] == "TV" and ch.get("reason") == "countered"
                                    for _, ch in r.changes("move"))),
    "4.2.5": ("S09", lambda r: r.zone("X") == "P2.graveyard" and r.zone("MA") == "P1.energy"),
    "4.2.6": ("S09", lambda r: _msg(r, "4.2.6", "L2")),
    "4.3.3": ("S13b", lambda r: r.zone("SS") == "C2"),
    "4.3.4": ("S05", lambda r: r.zone("PG") == "R3"),  # a battle-timing ability in battle
    "4.4.2": ("S07", lambda r: r.count("P1", "hand") == 4),
    "4.4.3": ("R4.8.8", lambda r: r.count("P1", "hand") == 1),
    "4.4.4": ("R3.4", lambda r: _msg(r, "4.4.4", "already triggered")),
    "4.4.4-1": ("S18", lambda r: r.b.delayed == [] and r.zone("SM") == "P2.hand"),
    "4.5.2": ("S19", lambda r: r.power("CS") == 4000),
    "4.5.3": ("S19", lambda r: not any("歴戦の城砦" in x for st in r.stacks() for x in st)),
    "4.6.2": ("S03", lambda r: _priority_after(r, next(
        s.index for s in r.steps if s.kind == "play")) == "P2"),
    "4.6.3": ("S01", lambda r: r.steps[r.first("4.16.4-4")].parent == r.first("4.6.3")),
    "4.7.2": ("S02", lambda r: r.zone("S") == "C1"),
    "4.7.2-5": ("S14a", lambda r: r.zone("Y") == "P2.hand"),
    "4.7.2-8": ("S09", lambda r: r.state("e1") == r.state("e2") == "frozen"),
    "4.7.2-9": ("S03", lambda r: _priority_after(r, next(
        s.index for s in r.steps if s.kind == "play")) == "P2"),
    "4.7.3-1": ("R4.7.3-1", lambda r: r.run.stop == "illegal_action" and r.state("e1") == "released"
                and r.zone("SS") == "L3"),
    "4.7.3": ("S13a", lambda r: r.zone("SS") == "R1"),
    "4.7.3-5": ("S13a", lambda r: _priority_after(r, next(
        s.index for s in r.steps if s.kind == "move")) == "P1"),
    "4.8.1": ("S07", lambda r: r.count("P1", "hand") == 4 and r.count("P2", "hand") == 2),
    "4.8.2": ("S07", lambda r: len([1 for s, ch in r.changes("stack+")
                                    if "4.8.2" in s.cites and "マーケット" in ch["item"]]) == 2),
    "4.8.3": ("R4.8.3-apnap-by", lambda r: "ペンギン" in r.stacks()[-1][0]
              and "スパイク" in r.stacks()[-1][1]),
    "4.8.4": ("R4.11.3", lambda r: r.b.stack == [] and r.damage("Z") == 0),
    "4.8.4-2": ("R4.16.4-8", lambda r: r.smash("K") == 1 and r.zone("BA") == "P1.graveyard"),
    "4.8.5": ("R3.4", lambda r: r.count("P1", "hand") == 2),
    "4.8.6": ("S07", lambda r: len([t for t in r.triggered() if "マーケット" in t]) == 2),
    "4.8.7": ("S08", lambda r: r.count("P1", "hand") == 2 and r.triggered() == []),
    "4.8.8": ("R4.8.8", lambda r: r.count("P1", "hand") == 1 and any(
        "梟" in t for t in r.triggered())),  # triggered (released), countered (frozen)
    "4.8.9": ("R4.16.4-8", lambda r: any("エンジェル" in t for t in r.triggered())),
    "4.8.10-1": ("S07", lambda r: any("アースブラスト" in t for t in r.triggered())),
    "4.8.11": ("R4.8.3-apnap-by", lambda r: any("ペンギン" in t for t in r.triggered())
               and r.zone("PP") == "P1.graveyard"),
    "4.8.12": ("R4.8.12-reveal", lambda r: any(ch["card"] == "RV"
                                               for _, ch in r.changes("reveal"))),
    "4.8.12-1": ("R4.8.12-reveal", lambda r: r.last("4.8.12-1") > next(
        s.index for s in r.steps if s.kind == "priority" and s.player == "P1"
        and "passes" in s.message and s.index > r.first("4.8.12"))),
    "4.8.12-2": ("R4.8.12-2", lambda r: r.count("P2", "hand") == 1 and r.state("f1")
                 == "released"),
    "4.8.12-3": ("R4.8.12-3", lambda r: r.b.stack == [] and r.count("P2", "hand") == 0),
    "4.8.12-4": ("R4.8.12-reveal", lambda r: r.state("f1") == "frozen"),
    "4.8.13": ("R4.8.13", lambda r: r.count("P1", "hand") == 1),
    "4.9.1": ("R4.8.3-apnap-resolved", lambda r: _resolved_first(r, "スパイク", "ペンギン")),
    "4.9.2-1": ("S14a", lambda r: r.zone("Y") == "P2.hand" and r.zone("X") == "P2.graveyard"),
    "4.9.2-2": ("S14c", lambda r: r.zone("Y") == "R3"),
    "4.9.2-3": ("R3.3.4", lambda r: [ch["to"] for _, ch in r.changes("move")
                                      if ch["to"] in ("P2.smash", "P1.hand")] == [
        "P2.smash", "P1.hand"]),  # 相手の…スマッシュゾーンに置く。あなたはカードを1枚引く。
    "4.9.2-4": ("S05", lambda r: any(c["key"] == "PG" for s in r.citing("4.9.2-4")
                                     for c in r.steps[s.parent].choices)),
    # each player discards a card: P1 (active) declares first, then P2; done together
    "4.9.2-5": ("R4.9.2-5", lambda r: r.zone("X") == "P1.graveyard"
                and r.zone("Y") == "P2.graveyard"
                and [c["chooser"] for c in r.citing("4.9.2-5")[0].choices] == ["P1", "P2"]),
    "4.9.2-6": ("S09", lambda r: r.zone("X") == "P2.graveyard"),
    "4.9.2-8": ("S01", lambda r: r.moves_of("S")[0] == ("stack", "C3")),
    "4.9.2-9-1": ("R4.8.12-reveal", lambda r: r.count("P2", "hand") == 3),
    "4.9.2-9-2": ("R4.9.2-9-2", lambda r: r.count("P2", "hand") == 0),
    "4.9.3-1": ("S13a", lambda r: r.zone("SS") == "R1"),
    "4.9.3-2": ("S13b", lambda r: r.state("SS") == "released"),
    "4.9.4": ("S07", lambda r: all(s.kind != "resolve" for s, _ in r.changes("stack+")
                                   if "マーケット" in _["item"])),
    "4.10.1": ("S13a", lambda r: r.zone("SS") == "R1"),
    "4.10.2": ("R4.8.8", lambda r: r.b.stack == []),
    "4.10.3": ("S13a", lambda r: r.state("e1") == "frozen"),
    # 0 of 'up to 2' chosen: not a targeting spell — not countered, and its draw resolves
    "4.11.2": ("R4.11.2", lambda r: r.zone("TV") == "P1.graveyard" and r.count("P1", "hand") == 1
               and not r.cites("4.11.3") and r.zone("Y") == "R3"),
    # the controller chose the shrine first: to the hand; the tower had nothing left to replace
    "4.15.2-1": ("R4.15.2-1", lambda r: r.power("DR") == 3000 and r.power("KN") == 2000
                 and not r.b.stack and r.card("MI").designated == {"race": "ドラゴン"}),
    "4.15.8-1": ("R4.15.8-1", lambda r: r.zone("PP") == "P1.deck" and not r.citing("4.15.8-2")
                 and _msg(r, "4.15.8-1", "self-replacement")),
    "4.15.8-2": ("R4.15.8-2", lambda r: r.zone("PP") == "P1.hand" and r.count("P1", "energy") == 0),
    "4.11.3": ("S14b", lambda r: r.zone("TV") == "P1.graveyard" and r.zone("Y") == "R3"),
    # 4.12.2: 2 asked of a 1-card hand → that card; of an empty hand → not carried out
    "4.12.2": ("EX4.12.2a-discard-two-from-one", lambda r: r.pl("P2", "graveyard") == ["H"]
               and _msg(r, "4.12.2", "only 1")),
    "4.14.2": ("S19", lambda r: r.power("CS") == 4000),
    "4.14.3-1": ("S19", lambda r: all(e.get("until") == "turn_end" for e in r.b.effects)),
    "4.14.3-2": ("S19", lambda r: r.power("BS") == 3000 and r.power("CS") == 4000),
    "4.14.4-2": ("S19", lambda r: r.power("CS") == 4000),
    "4.14.5-2": ("S19", lambda r: r.power("BS") == 3000),
    # 2.20.1-8, 4.14.5-5: P1 puts DL then DR — DR's effect arose later and applies last
    "2.20.1-8": ("R2.20.1-8-active-player-orders",
                 lambda r: r.card("DL").placed < r.card("DR").placed
                 and r.citing("2.20.1-8")[0].choices[0]["answer"] == ["DL", "DR"]),
    "4.14.5-5": ("R2.20.1-8b-active-player-orders-reversed",
                 lambda r: r.card("DR").placed < r.card("DL").placed),
    # 4.14.5-4: DL's set arose later and applies last on X (a later static grant of 速攻 beats
    # an earlier static loss: test_d0_races_grants)
    "4.14.5-4": ("R2.20.1-8b-active-player-orders-reversed",
                 lambda r: _races(r, "X") == ("ドール",)),
    "4.15.2": ("S08", lambda r: r.moves_of("PP") == [("L1", "P1.energy")]),
    "4.15.3": ("S09", lambda r: r.zone("MA") == "P1.energy"),
    "4.15.4": ("S08", lambda r: r.count("P1", "hand") == 2),
    "4.15.5": ("S09", lambda r: r.zone("X") == "P2.graveyard"),
    # the Tower's 「かわりに」 destroys the Penguin: that destruction is not replaced again (no
    # RecursionError, issue 20): one move to the graveyard, one trigger
    "4.15.6": ("R4.15.6", lambda r: r.moves_of("PP") == [("L1", "P1.graveyard")]
               and len(r.triggered()) == 1),
    "4.16.1": ("S01", lambda r: r.steps[r.first("4.16.1")].player is None),
    "4.16.2": ("S02", lambda r: r.first("4.8.2") < r.priority_steps()[-1].index),
    "4.16.3": ("R3.3.4", lambda r: r.first("4.16.3") < r.first("4.16.4-2")),
    "4.16.4-1": ("S17", lambda r: r.outcome["losers"] == ["P2"]),
    "4.16.4-2": ("R3.3.2", lambda r: r.outcome["losers"] == ["P2"]),
    "4.16.4-3": ("S02", lambda r: len(r.b.battles) == 1),
    "4.16.4-3-1": ("S01", lambda r: _order(r, "4.16.4-3-1", "4.16.4-3-2")),
    "4.16.4-3-2": ("S01", lambda r: r.b.battles == []),
    "4.16.4-4": ("S01", lambda r: r.zone("S") == "P2.graveyard"),
    "4.16.4-5": ("S03", lambda r: r.zone("CS") == "P2.graveyard"),
    "4.16.4-6": ("S13c", lambda r: r.zone("SS") == "P1.graveyard" and r.zone("GB") == "C2"),
    "4.16.4-7": ("R4.16.4-13", lambda r: r.zone("ST") == "P1.graveyard" and r.zone("WT")
                 == "P1-R"),
    "4.16.4-8": ("R4.16.4-8", lambda r: r.zone("BA") == "P1.graveyard"),
    "4.16.4-9": ("S16b", lambda r: r.zone("W") == "P1.graveyard"),
    "4.16.4-10": ("S16a", lambda r: r.zone("U") == "P1.graveyard"),
    "4.16.4-13": ("R4.16.4-13", lambda r: r.zone("FB") == "P1.graveyard"),
    "4.16.4-14": ("R4.16.4-13", lambda r: r.zone("AP") == "P1.graveyard"),
    "4.17": ("S09", lambda r: r.zone("X") == "P2.graveyard"),
    "4.18.1": ("S21", lambda r: r.outcome["result"] == "draw" and "4.18.1" in r.outcome["cites"]),
    "4.19.1": ("R4.19.1", lambda r: r.state("e1") == "released" and any(
        ch["op"] == "rewind" for _, ch in r.changes())),
    # ---- 第5部 -------------------------------------------------------------------------------
    # 5.1.2-1: put onto a square frozen by an effect, a unit with 速攻 stays frozen
    "5.1.2-1": ("EX5.1.2-1-dolph-puts-haste-frozen", lambda r: r.state("PN") == "frozen"
                and r.zone("PN") == "L1" and _msg(r, "5.1.2-1", "PN")),
    "5.1.2": ("R4.11.3", lambda r: r.state("SN") == "released"),
    "5.2.2": ("S18", lambda r: any(ch["op"] == "delayed+" for _, ch in r.changes())),
    "5.2.2-1": ("R5.2.2-1", lambda r: not any(ch["op"] == "delayed+" for _, ch in r.changes())
                and r.damage("SM") == 2000),
    "5.4.1-1": ("R5.4", lambda r: r.damage("GD") == 3000),
    "5.4.1-2": ("R5.4", lambda r: r.zone("SW") == "P1.graveyard"),
    "5.4.2": ("R5.4", lambda r: r.damage("GD") == 3000),  # not 6000: once only
    "5.5.2": ("R5.5", lambda r: r.power("AP") == 3000 and r.power("SC") == 2000
              and r.power("GD") == 3000),
    "5.5.2-1": ("R5.5", lambda r: r.power("SP") == 2000),
    "5.3.2": ("R5.3", lambda r: r.zone("CS") == "C3" and r.state("CS") == "released"),
    "5.3.2-1": ("R5.3.2-1", lambda r: r.zone("WI") == "L2" and r.zone("CS") == "C3"
                and r.state("CS") == "frozen"),
    "5.3.2-2": ("R5.3", lambda r: _msg(r, "5.3.2-2", "special play")
                and not r.citing("2.20.1-2") and r.moves_of("CS")[0] == ("P1.hand", "stack")),
    "5.7.1": ("R5.7.1", lambda r: r.power("RI") == 2000),  # one +1000: TA's, not TB's
    "5.7.1-2": ("R5.7.1", lambda r: r.power("RI") == 2000 and r.zone("TB") == "P1.hand"),
    "5.7.2-1": ("R5.7.2", lambda r: r.zone("RB") == "P1.hand" and r.count("P1", "deck") == 2),
    "5.7.2-2": ("R5.7.2", lambda r: r.first("3.8.2-3") < r.first("5.7.2-2")),
    "5.7.3-1": ("R5.7.3", lambda r: r.zone("AW") == "C1" and r.state("e2") == "released"),
    "5.8.2": ("R5.8", lambda r: r.zone("TD") == "C2" and r.state("e2") == "released"),
    "5.8.2-2": ("R5.8", lambda r: r.zone("TD") == "C2" and r.state("e1") == "frozen"),
    "5.8.2-5": ("R5.8.2-5", lambda r: r.run.stop == "illegal_action"
                and r.zone("SE") == "P1.hand" and r.state("e1") == "released"),
    "5.8.3": ("R5.8", lambda r: _msg(r, "5.8.3", "special play")
              and not r.citing("4.16.4-8") and r.zone("TD") == "C2"),
    "5.9.1": ("R5.9", lambda r: r.zone("IN") == "P2.graveyard" and r.zone("WA") == "L1"),
    "5.9.2": ("R5.9", lambda r: r.first("5.9.2") < r.last("4.9.1")
              and r.zone("IN") == "P2.graveyard"),
    "5.10.2": ("R5.15", lambda r: r.state("CL") == "frozen" and r.state("e1") == "frozen"
               and r.state("e2") == "released"),
    "5.11.1": ("R5.11", lambda r: r.state("e1") == r.state("e2") == "frozen"),
    "5.11.2": ("R5.11", lambda r: r.zone("G2") == "P2.graveyard" and r.damage("G1") == 0
               and r.zone("LN") == "R1"),
    "5.11.3": ("R5.11", lambda r: len([s for s in r.steps if s.kind == "move"]) == 1
               and r.state("e1") == "frozen"),
    "5.12.2": ("R5.12.3", lambda r: r.zone("FS") == "P1.graveyard" and r.damage("GD") == 1000),
    "5.12.3": ("R5.12.3", lambda r: r.damage("GD") == 1000),
    # 5.13.2-1: a move foiled by an exchange of squares enables no 共鳴 text
    "5.13.2-1": ("EX5.13.2-1-paradox-storm-no-resonance", lambda r: r.power("MK") == 2000
                 and r.zone("SS") == "R1" and _msg(r, "5.13.2-1", "SS")),
    # 2.10.3: a plan-zone text works in the plan zone only — played onto a square it does nothing
    "2.10.3": ("EX2.10.3-master-blade-plan-zone-only", lambda r: r.power("RI") == 1000
               and r.power("MB") == 2000 and r.zone("MB") == "C1" and _msg(r, "2.10.3", "MB")),
    # 2.20.1-7: a unit's text works on a battle square: FA's +1000, not FB's (plan), FC's (grave)
    "2.20.1-7": ("EX2.20.1-7-bullet-fairy-squares-only", lambda r: r.power("RI") == 2000
                 and _msg(r, "2.20.1-7", "FB", "FC")),
    # 4.8.10-2: plan zone (public) → smash zone (hidden): the trigger reads the plan-zone side,
    # where the プランゾーン効果 works, so it triggers from the smash zone
    "4.8.10-2": ("EX4.8.10-2-nose-plan-zone-to-smash", lambda r: r.zone("NZ") == "P2.smash"
                 and r.zone("U") == "P1.graveyard" and len(r.triggered()) == 1),
    # 6.4.1 / 6.4.2: the composed card goes to the graveyard as the cost of an activated
    # ability; the card the ability puts onto C2 was not played (released; no 4.16.4-8)
    "6.4.1": ("EX6.4.2-mao-chartreux-put-not-played", lambda r: r.zone("e2") == "P1.graveyard"
              and r.first("6.4.1") < r.move_step("MC", "C2")),
    "6.4.2": ("EX6.4.2-mao-chartreux-put-not-played", lambda r: r.zone("MC") == "C2"
              and r.state("MC") == "released" and not r.citing("4.16.4-8")),
    # 「相手はストラテジーをプレイできない」: the unit is played, the strategy refused, unpaid
    "4.7.1": ("R4.7.1", lambda r: r.run.stop == "illegal_action" and r.zone("Y") == "L1"
              and r.zone("TH") == "P1.hand" and r.state("e2") == "released"),
    # 転移の鏡 resolves before 破壊の雷 and gives it the proper target Y: Y goes, X stays
    "6.5.1": ("R6.5.1", lambda r: r.zone("Y") == "P1.graveyard" and r.zone("X") == "C3"
              and r.first("6.5.1") < r.move_step("Y", "P1.graveyard")),
    "6.5.2": ("R6.5.1", lambda r: _msg(r, "6.5.2", "X", "no longer one")
              and r.zone("X") == "C3"),
    # 3.11.5-2: DB, attacked in C1, wins and is put onto C2: attacking there, still attacked in
    # C1's battle, which waits (3.11.3)
    "3.11.5-2": ("EX3.11.5-2-dogan-bagoon-attacking-and-attacked",
                 lambda r: r.zone("DB") == "C2" and len(r.b.battles) == 2
                 and _msg(r, "3.11.5-2", "DB", "C1", "C2")),
    "5.13.2": ("R5.13", lambda r: r.power("MK") == 3000 and r.zone("SS") == "P1.graveyard"),
    "5.14.2": ("R5.16", lambda r: r.run.stop == "illegal_action" and r.zone("MC") == "P2.hand"
               and r.state("f1") == "released"),
    "5.15.2": ("R5.15", lambda r: r.zone("GB") == "C1" and r.state("e2") == "released"),
    "5.16.2": ("R5.16", lambda r: r.state("B1") == "frozen" and r.state("B2") == "frozen"
               and r.state("e1") == "released"),
    "5.17.2": ("S20", lambda r: r.damage("AT") == 0),
    "5.17.3": ("S20", lambda r: _msg(r, "5.17.3", "AT")),
}

# the deck and whether its order was intentionally determined (6.2; judgekit.engine.d0.deck)
B.update({
    # 2.23.2-4: G1 and G2 go on top together in the order their owner chose (G2 above G1): the
    # top card then turned face up is G2
    "2.23.2-4": ("R6.2.4", lambda r: ("P1.deck", "P1.plan") in r.moves_of("G2")
                 and ("P1.deck", "P1.plan") not in r.moves_of("G1")),
    # 2.23.1-2: the deck's order changes by the effect only: d3, d1, d2 as P1 chose, on top
    "2.23.1-2": ("EX6.2.2c", lambda r: r.b.zones["P1.deck"][:3] == ["d3", "d1", "d2"]),
    # 2.23.3-3: the plan-zone card is turned face down before the cards are put on top of it
    "2.23.3-3": ("R6.2.4", lambda r: r.moves_of("PL") == [("P1.plan", "P1.deck")]
                 and r.move_step("PL", "P1.deck") < r.move_step("G1", "P1.deck")),
    # 2.23.3-4: PL, the plan zone, is turned face down and looked at with d1; put back under d1
    "2.23.3-4": ("R2.23.3-4", lambda r: r.count("P1", "plan") == 0
                 and r.b.zones["P1.deck"][:2] == ["d1", "PL"] and r.card("PL").face == "down"),
    # 2.23.3-5: G2 (the plan zone) goes back face down before the shuffle; the plan zone is empty
    "2.23.3-5": ("R6.2.4", lambda r: r.moves_of("G2")[-1] == ("P1.plan", "P1.deck")
                 and r.move_step("G2", "P1.plan") < next(s.index for s, _ in r.changes("shuffle"))
                 and r.count("P1", "plan") == 0),
    # 6.2.1: 《ただ一つ残された希望》 reads the order as not determined: P1 draws the plan card
    "6.2.1": ("EX6.2.6a", lambda r: r.zone("d1") == "P1.hand" and r.count("P1", "hand") == 1),
    # 6.2.2 (A): the opponent's card put P1's unit on top of P1's deck: P1's deck is determined
    "6.2.2": ("EX6.2.2a", lambda r: r.zone("U") == "P1.deck" and r.b.zones["P1.deck"][0] == "U"
              and r.b.players["P1"].deck_ordered and not r.b.players["P2"].deck_ordered
              and r.count("P1", "hand") == 0),
    # 6.2.3: a graveyard card put into the plan zone counts as put on top of the deck
    "6.2.3": ("EX6.2.3", lambda r: r.zone("G1") == "P1.plan" and r.b.players["P1"].deck_ordered),
    # 6.2.4: determined, then shuffled: still determined, so nothing is drawn
    "6.2.4": ("R6.2.4", lambda r: r.b.players["P1"].deck_ordered
              and any(True for _ in r.changes("shuffle")) and r.count("P1", "hand") == 0),
    # 6.2.5: a search and a shuffle leave the order not determined
    "6.2.5": ("EX6.2.5a", lambda r: not r.b.players["P1"].deck_ordered
              and r.zone("DR") == "P1.hand" and r.count("P1", "hand") == 2),
    # 6.2.6: creating the plan zone leaves the order not determined
    "6.2.6": ("EX6.2.6a", lambda r: not r.b.players["P1"].deck_ordered
              and r.zone("d1") == "P1.hand"),
})


def _answers(r, cid: str) -> list:
    return [c for s in r.citing(cid) for c in s.choices]


def _still_battling(r, sq: str, cid: str) -> bool:
    return any(sq == bt.square and cid in [u for u, _ in bt.units]
               for fr in r.b.battles for bt in fr.battles)


# choices by both players, hidden and public information, divided damage, placement under a
# named player, a unit in two battles (the worked examples of issue 25)
B.update({
    # 1.1.4: the active player chooses first, then the other; the two units move in one step
    "1.1.4": ("EX1.1.4", lambda r: [c["chooser"] for c in _answers(r, "1.1.4")] == ["P1", "P2"]
              and r.move_step("SK", "P1.graveyard") == r.move_step("RG", "P2.graveyard")),
    # 2.25.3: a unit asked of P1's own hidden hand may be 'not found': MW stays in the hand
    "2.25.3": ("EX2.25.3", lambda r: r.zone("MW") == "P1.hand"
               and [c["answer"] for c in _answers(r, "2.25.3")] == ["none"]
               and "none" in _answers(r, "2.25.3")[0]["options"]),
    # 2.25.4: the opponent's hand is public while it resolves: no 'not found' to choose
    "2.25.4": ("EX2.25.4", lambda r: r.zone("DK") == "P2.graveyard" and r.zone("FA") == "P2.hand"
               and all("none" not in c["options"] for c in _answers(r, "2.25.4"))),
    # 2.20.1-5: the text names the owner as who puts it: under P2, not P1 who played the spell
    "2.20.1-5": ("EX2.20.1-5", lambda r: r.zone("AP") == "C3"
                 and r.b.cards["AP"].controller == "P2" and r.state("AP") == "frozen"),
    # 2.20.2-4: a base an effect puts onto a base square: under the spell's controller
    "2.20.2-4": ("EX2.20.2-4", lambda r: r.zone("ET") == "P1-C"
                 and r.b.cards["ET"].controller == "P1"),
    # 3.11.1-3: AA won in R1 and that battle ended; it still battles in C3
    "3.11.1-3": ("EX3.11.1-3", lambda r: [x["square"] for x in r.results()] == ["R1"]
                 and _still_battling(r, "C3", "AA") and not _still_battling(r, "R1", "AA")),
    # 4.7.2-6: the division declared when played is what each target is dealt
    "4.7.2-6": ("EX4.7.2-6", lambda r: r.zone("DK") == "P2.graveyard" and r.damage("IG") == 2000
                and r.damage("AP") == 1000 and r.first("4.7.2-6") < r.first("4.9.1")),
    # 4.11.5: one 「対象の」 naming one unit three times is no legal play: nothing happens
    "4.11.5": ("EX4.11.5", lambda r: r.run.stop == "illegal_action" and r.zone("GC") == "P1.hand"
               and r.damage("RB") == 0),
    # 氷結の呪縛 freezes the released Owl: it is frozen after the spell's freeze step
    "2.26.1": ("R4.8.8", lambda r: r.state("OW") == "frozen"
               and r.first("2.26.1") < r.last("4.8.8")),
})

# clauses only an illegal action reaches: small boards written here
# the costs' behaviour (tests/engine/d0/test_d0_costs.py) runs with the rest
from test_d0_costs import B_COSTS, COST_TESTS  # noqa: E402

B.update(B_COSTS)

_ILLEGAL = {
    "2.23.3-6": """
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1: {deck: 10, plan: [{id: PL, name: 計画}], hand: 1, energy: [{id: e1, colors: [red]}]}
  P2: {deck: 10, hand: 1}
actions:
  - {plan: create, pay: [e1]}
""",
    "2.26.1-1": """
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1: {deck: 10, hand: 1}
  P2: {deck: 10, hand: 1}
squares:
  L1:
    - id: U
      power: 1000
      owner: P1
      state: frozen
      abilities:
        - {activated: true, cost: {freeze: self}, effect: [{draw: 1}]}
actions:
  - {activate: U}
""",
}


def _formation(shape: str, player: str, units: list, bases: list, to: str) -> str:
    """A board where `player` plays TD (<赤3>, 隊列召喚—shape <無色1>) onto `to` through its
    隊列召喚 with its cards on `units` (battle squares) and `bases` (its base squares)."""
    sq = "\n".join(f"  {s}: [{{id: U{i}, power: 1000, owner: {player}}}]"
                   for i, s in enumerate(units))
    bs = "\n".join(f"  {s}: [{{id: B{i}, owner: {player}}}]" for i, s in enumerate(bases))
    other = "P2" if player == "P1" else "P1"
    return f"""
format: judgekit-board/1
ruleset: d0
game: {{turn: {3 if player == "P1" else 4}, turn_player: {player}, first_player: P1, phase: main}}
players:
  {player}:
    deck: 10
    hand:
      - {{id: TD, power: 5000, cost: {{red: 3}}, keywords: [{{隊列召喚: {{shape: {shape}, cost: {{colorless: 1}}}}}}]}}
    energy: [{{id: e1, colors: [red]}}, {{id: e2, colors: [red]}}, {{id: e3, colors: [red]}}]
  {other}: {{deck: 10, hand: 1}}
squares:
{sq}
""" + (f"bases:\n{bs}\n" if bases else "") + f"""actions:
  - {{play: TD, square: {to}, via: TD, pay: [e1]}}
  - pass
  - pass
"""


# 5.8.2-1 … 5.8.2-8: each formation, written from its clause (P1's frame; P2's own area is row 3)
_FORMATIONS = {
    "5.8.2-1": ("straight", "P1", ["L2", "R2"], [], "C2"),
    "5.8.2-2": ("triangle", "P2", ["L3", "R3", "C1"], [], "C2"),
    "5.8.2-3": ("x", "P1", ["L1", "R1", "L3", "R3"], [], "C2"),
    "5.8.2-4": ("underbar", "P2", ["L3", "C3", "R3"], [], "C2"),
    "5.8.2-5": ("small_eye", "P1", ["C3"], [], "C2"),
    "5.8.2-6": ("big_eye", "P2", ["R3", "R1"], [], "R2"),
    "5.8.2-7": ("big_triangle", "P1", ["C3"], ["P1-L", "P1-R"], "C2"),
    "5.8.2-8": ("bottom_bar", "P1", [], ["P1-L", "P1-C", "P1-R"], "C2"),
}


@pytest.mark.parametrize("cid", sorted(_FORMATIONS))
def test_each_formation_plays_for_its_cost_onto_its_square(cid):
    shape, player, units, bases, to = _FORMATIONS[cid]
    r = run_text(_formation(shape, player, units, bases, to))
    assert r.run.stop != "illegal_action", r.run.error
    assert r.zone("TD") == to and r.state("e1") == "frozen" and r.state("e2") == "released"
    assert cid in r.citing("5.8.2")[0].cites


@pytest.mark.parametrize("cid", sorted(_FORMATIONS))
def test_a_formation_missing_one_card_is_illegal(cid):
    shape, player, units, bases, to = _FORMATIONS[cid]
    if units:
        units = units[:-1]
    else:
        bases = bases[:-1]
    if shape == "small_eye":
        to = "C1"  # nothing of P1's in C2: C1 is behind no unit
    r = run_text(_formation(shape, player, units, bases, to))
    assert r.run.stop == "illegal_action" and r.zone("TD") == f"{player}.hand"
    assert cid in r.run.error["cites"]


def test_call_making_the_cost_negative_reads_it_as_0():
    # 5.10.3: <緑1> with two 呼声 cards frozen: colourless 0 - 2 reads as 0; <緑1> is still paid
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1:
    deck: 10
    hand: [{id: GU, power: 1000, cost: {green: 1}}]
    energy:
      - {id: e1, colors: [green]}
      - {id: c1, colors: [green], keywords: [{呼声: 緑}]}
      - {id: c2, colors: [green], keywords: [{呼声: green}]}
  P2: {deck: 10, hand: 1}
actions:
  - {play: GU, square: C1, call: [c1, c2], pay: [e1]}
""")
    assert r.run.stop != "illegal_action"
    assert r.state("e1") == r.state("c1") == r.state("c2") == "frozen"
    assert r.citing("5.10.3") and r.citing("5.10.2")


def test_call_needs_the_units_colour():
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1:
    deck: 10
    hand: [{id: GU, power: 1000, cost: {green: 1, colorless: 1}}]
    energy:
      - {id: e1, colors: [green]}
      - {id: c1, colors: [red], keywords: [{呼声: 赤}]}
  P2: {deck: 10, hand: 1}
actions:
  - {play: GU, square: C1, call: [c1], pay: [e1]}
""")
    assert r.run.stop == "illegal_action" and "5.10.2" in r.run.error["cites"]
    assert r.zone("GU") == "P1.hand"


def test_linked_met_when_played_stays_on_though_the_card_leaves_the_graveyard():
    # 5.12.4: 炎の精霊 is in the graveyard when the fireball is played; P2 answers by returning
    # it into its owner's energy zone (its text assumed): the 連動 text still deals its 2000
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1:
    deck: 10
    hand:
      - id: FB
        type: strategy
        cost: {red: 1}
        abilities:
          - spell: [{damage: 1000, to: target}]
            target: {filter: {type: unit, controller: opponent}}
          - {spell: [{damage: 2000, to: target}], 連動: [炎の精霊]}
    graveyard: [{id: FS, name: 炎の精霊, type: unit, power: 1000}]
    energy: [{id: e1, colors: [red]}]
  P2:
    deck: 10
    hand:
      - {id: RT, type: strategy, timing: quick, cost: {blue: 1}, abilities: [{spell: [{to_energy: FS}]}]}
    energy: [{id: f1, colors: [blue]}]
squares:
  C3: [{id: GD, power: 5000, owner: P2}]
actions:
  - {play: FB, targets: [GD], pay: [e1]}
  - pass
  - {play: RT, pay: [f1]}
  - pass
  - pass
  - pass
  - pass
""")
    assert r.zone("FS") == "P1.energy"
    assert r.damage("GD") == 3000 and r.citing("5.12.4")


def test_raid_does_not_pay_advance():
    # 5.16.3: 急襲 pays the move cost only; 進撃's additional cost is paid with energy
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1:
    deck: 10
    hand: 1
    energy: [{id: e1, colors: [red]}]
  P2: {deck: 10, hand: 1}
squares:
  C1:
    - id: LN
      power: 3000
      owner: P1
      move_cost: {colorless: 2}
      keywords: [{急襲: 1}, {進撃: {red: 1}}]
      abilities: [{trigger: advance, effect: [{draw: 1}]}]
bases:
  P1-L: [{id: B1, owner: P1}]
actions:
  - {move: LN, to: C2, raid: [B1], advance: true, pay: [e1]}
  - pass
  - pass
""")
    assert r.state("B1") == "frozen" and r.state("e1") == "frozen" and r.zone("LN") == "C2"
    assert r.citing("5.16.3") and r.citing("5.11.2")


def test_a_countered_move_does_not_trigger_advance():
    # 5.11.2 【例】 2: the move could not resolve, 進撃 does not trigger
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1:
    deck: 10
    hand: 1
    energy: [{id: e1, colors: [red]}, {id: e2, colors: [red]}]
  P2:
    deck: 10
    hand:
      - id: MC
        type: strategy
        timing: quick
        cost: {blue: 1}
        abilities:
          - spell: [{put: target, square: {other: true}}]
            target: {filter: {type: unit}}
    energy: [{id: f1, colors: [blue]}]
squares:
  C1:
    - id: LN
      power: 3000
      owner: P1
      move_cost: {colorless: 1}
      keywords: [{進撃: {red: 1}}]
      abilities: [{trigger: advance, effect: [{draw: 1}]}]
actions:
  - {move: LN, to: C2, advance: true, pay: [e1, e2]}
  - pass
  - {play: MC, targets: [LN], pay: [f1]}
  - pass
  - pass
  - pass
  - pass
choices:
  MC: [R1]
""")
    assert r.zone("LN") == "R1" and r.count("P1", "hand") == 1 and not r.triggered()
    assert _msg(r, "5.11.2", "did not resolve") and not _msg(r, "5.11.2", "has resolved")


def _pincer(p1: str, p2: str) -> str:
    return f"""
format: judgekit-board/1
ruleset: d0
game: {{turn: 3, turn_player: P1, first_player: P1, phase: main}}
players:
  P1:
    deck: 10
    hand:
      - {{id: PK, power: 2000, cost: {{red: 1}}, keywords: [挟撃],
         abilities: [{{trigger: pincer, effect: [{{damage: 3000, to: sandwiched}}]}}]}}
    energy: [{{id: e1, colors: [red]}}]
  P2: {{deck: 10, hand: 1}}
squares:
  {p1}: [{{id: WA, power: 2000, owner: P1}}]
  {p2}: [{{id: IN, power: 3000, owner: P2}}]
actions:
  - {{play: PK, square: R1, pay: [e1]}}
  - pass
  - pass
  - pass
  - pass
"""


def test_pincer_on_a_diagonal():
    # 5.9.3: R1 and L3 on a diagonal, P2's unit between them in C2
    r = run_text(_pincer("L3", "C2"))
    assert r.zone("IN") == "P2.graveyard" and r.citing("5.9.3")


def test_no_pincer_without_a_unit_beyond():
    # 5.9.1: 「この カードとあなたのユニットの間に相手のユニットが挟まれているならば」 — not so here
    r = run_text(_pincer("L2", "C1"))
    assert r.zone("IN") == "C1" and not r.citing("5.9.1")


def test_an_effect_asking_only_the_impossible_is_not_carried_out():
    r = run_example("EX4.12.2b-discard-from-empty-hand")
    assert _msg(r, "4.12.2", "not carried out") and r.count("P2", "graveyard") == 0


def test_a_smash_takes_the_plan_zone_card_as_the_top_of_the_deck():
    # 2.23.3-2: the plan card goes first; the plan zone is then empty
    r = run_example("EX2.23.3-2b-smash-takes-plan-card")
    assert r.zone("PL") == "P2.smash" and r.count("P2", "plan") == 0
    assert _msg(r, "2.23.3-2", "PL")


def _races(r, cid: str) -> tuple:
    from judgekit.engine.d0.values import races

    return races(r.g, r.card(cid))


B.update(_B_ATTACHED)  # 第6部 闘気カード and 結合 (test_d0_attached.py)


def test_every_registered_clause_has_a_behaviour_test():
    assert set(B) | set(_ILLEGAL) | COST_TESTS | {"5.10.3", "5.12.4", "5.16.3", "5.9.3", "5.7.1-3"} | set(
        _FORMATIONS) == set(REGISTRY.ids())


@pytest.mark.parametrize("cid", sorted(B))
def test_clause_behaviour(cid):
    ex, pred = B[cid]
    r = run_example(ex)
    assert r.citing(cid), f"{ex} never cites {cid}"
    assert pred(r), f"{cid}: the behaviour does not hold in {ex}"


@pytest.mark.parametrize("cid", sorted(_ILLEGAL))
def test_clause_reached_by_an_illegal_action(cid):
    r = run_text(_ILLEGAL[cid])
    assert r.run.stop == "illegal_action"
    assert cid in r.run.error["cites"] and "4.19.1" in r.run.error["cites"]
    assert r.citing(cid)  # the run's last step says why, citing it


def test_resistance_keeps_a_card_from_being_targeted_by_a_source_of_its_colour():
    # 5.17.2: 「その対象にならない」 — a blue source cannot choose it at all
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1:
    deck: 10
    hand:
      - id: BB
        type: strategy
        cost: {blue: 1}
        abilities:
          - spell: [{damage: 3000, to: target}]
            target: {filter: {type: unit}}
    energy: [{id: e1, colors: [blue]}]
  P2: {deck: 10, hand: 1}
squares:
  L3: [{id: AT, power: 5000, owner: P2, keywords: [{耐性: blue}]}]
actions:
  - {play: BB, targets: [AT], pay: [e1]}
""")
    assert r.run.stop == "illegal_action" and r.zone("BB") == "P1.hand"


def test_a_zone_effect_naming_two_zones_works_in_either():
    # 5.7.1-3: 「エネルギーゾーン効果/墓地効果」 — both; here the card is in the energy zone
    r = run_text("""
format: judgekit-board/1
ruleset: d0
game: {turn: 3, turn_player: P1, first_player: P1, phase: main}
players:
  P1:
    deck: 10
    hand: [{id: RI, power: 1000, cost: {red: 1}}]
    energy:
      - {id: e1, colors: [red]}
      - {id: TA, colors: [black], abilities: [{static: modify, power: 1000, to: {type: unit},
                                               zone: [energy, graveyard]}]}
  P2: {deck: 10, hand: 1}
actions:
  - {play: RI, square: R1, pay: [e1]}
  - pass
  - pass
""")
    assert r.power("RI") == 2000 and r.citing("5.7.1")


def test_unity_lifts_the_three_copies_limit_in_board_check():
    # 5.6.2: 団結 — more than 3 of a name are allowed; without it, a warning citing 3.1.1 and 5.6.2
    from judgekit.board import load_text
    from judgekit.engine.d0.status import status

    def board(kw: str) -> str:
        cards = "\n".join(f"      - {{id: a{i}, name: 群れの狼, power: 1000, keywords: [{kw}]}}"
                          for i in range(4))
        return f"""
format: judgekit-board/1
ruleset: d0
game: {{turn: 3, turn_player: P1, first_player: P1, phase: main}}
players:
  P1:
    deck: 10
    hand:
{cards}
  P2: {{deck: 10, hand: 1}}
"""
    assert [f for f in status(load_text(board("団結"), "<t>")) if f.code == "COPIES_WITHOUT_UNITY"] == []
    flags = [f for f in status(load_text(board("速攻"), "<t>")) if f.code == "COPIES_WITHOUT_UNITY"]
    assert flags and "5.6.2" in flags[0].clauses and "3.1.1" in flags[0].clauses


def test_a_receiver_moved_square_to_square_is_still_dealt_its_damage():
    """3.12.4-2, second sentence: 「スクエアからスクエア」へのゾーン移動をした場合には、通常通り
    ダメージが与えられます — the step says so and cites the sub-clause, not 3.12.4."""
    r = run_example("R3.12.4-moved")
    moved = [s for s in r.citing("3.12.4-2") if "square to square" in s.message]
    assert moved and "SS" in moved[0].cards
    assert r.zone("SS") == "P1.graveyard" and r.zone("CS") == "P2.graveyard"


def test_an_exchange_of_squares_is_one_event_checked_from_the_new_squares():
    # 2.23.8-4 / 4.8.10-1 例2: both units go at once and stay the same cards; the watcher, moved
    # in the same event, sees the opponent's unit put next to its new square
    r = run_example("EX4.8.10-1b-paradox-storm-youma-hero")
    assert r.zone("YH") == "L2" and r.zone("RS") == "L1" and r.damage("RS") == 1000
    assert r.b.cards["YH"].incarnation == 0 and r.b.cards["RS"].incarnation == 0
    swap = [s for s in r.steps if s.kind == "effect" and "exchanges the squares" in s.message]
    assert len(swap) == 1 and r.citing("4.8.10-1")


def test_a_foiled_advance_move_says_why_advance_does_not_trigger():
    # 5.11.2 例2: the move is countered (4.9.3-1), so 進撃 does not trigger
    r = run_example("EX5.11.2b-paradox-storm-stops-advance")
    assert r.zone("EA") == "L1" and r.damage("G1") == 0 and r.damage("G2") == 0
    assert _msg(r, "5.11.2", "did not resolve") and not r.triggered()


def test_roles_read_every_battle_going_on_waiting_ones_included():
    # expect: roles (3.11.5, 3.11.5-2): DB attacking in C2 and attacked in the waiting C1 battle
    from judgekit.engine.d0.expect import roles

    r = run_example("EX3.11.5-2-dogan-bagoon-attacking-and-attacked")
    assert roles(r.b, "DB") == ["attacked", "attacking"]
    assert roles(r.b, "G") == ["attacked"] and roles(r.b, "CS") == []


def test_a_new_target_that_is_not_proper_leaves_the_target_unchanged():
    # 6.5.1: 破壊の雷 may only target the opponent's units; P1's own Y is no proper target, so
    # its target cannot be changed: X goes to the graveyard, Y stays
    from d0_helpers import example_path

    with open(example_path("R6.5.1"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("target: {filter: {type: unit}}",
                        "target: {filter: {type: unit, controller: opponent}}", 1)
    r = run_text(text[:text.index("expect:")])
    assert r.zone("X") == "P2.graveyard" and r.zone("Y") == "C1"
    assert _msg(r, "6.5.1", "cannot be changed") and not r.citing("6.5.2")


def test_a_play_prohibition_is_not_offered_and_a_players_one_names_every_card():
    from d0_helpers import example_path

    from judgekit.board import load_text
    from judgekit.engine.choices import Policy
    from judgekit.engine.d0.game import Game
    from judgekit.engine.d0.play import legal_actions

    with open(example_path("R4.7.1"), encoding="utf-8") as f:
        text = f.read()
    text = text[:text.index("actions:")]
    g = Game(load_text(text, "t.yaml"), Policy())
    plays = {a.get("play") for a in legal_actions(g, "P1")}
    assert "Y" in plays and "TH" not in plays
    # 「相手はカードをプレイできない」: a player's prohibition reaches the unit too
    text = text.replace("{static: cannot, action: play, to: {type: strategy, owner: opponent}}",
                        "{static: cannot, action: play, player: opponent}")
    g = Game(load_text(text, "t.yaml"), Policy())
    assert not {a.get("play") for a in legal_actions(g, "P1")} - {None}
    r = run_text(text + "actions:\n  - {play: Y, square: L1, pay: [e1]}\n")
    assert r.run.stop == "illegal_action" and r.zone("Y") == "P1.hand"


def test_a_unit_that_cannot_be_targeted_is_refused_by_name_and_another_is_targeted():
    from d0_helpers import example_path

    r = run_example("R1.1.2c")
    assert r.run.stop == "illegal_action" and r.zone("TH") == "P1.hand"
    assert "1.1.2" in r.run.error["cites"] and "NJ#1" in r.run.error["message"]
    with open(example_path("R1.1.2c"), encoding="utf-8") as f:
        text = f.read()
    text = text[:text.index("actions:")].replace(
        "squares:\n", "squares:\n  C2: [{id: X, name: 見張りの兵, power: 2000, smash: 1, owner: P2}]\n")
    r = run_text(text + "actions:\n  - {play: TH, targets: [X], pay: [e1]}\n  - pass\n  - pass\n")
    assert r.zone("X") == "P2.graveyard" and r.zone("NJ") == "C3"


def test_a_unit_that_is_not_released_stays_frozen_by_the_phase_and_by_an_effect():
    from d0_helpers import example_path

    r = run_example("R3.5.1-not-released")
    assert r.state("ST") == "frozen" and r.state("U") == "released"
    assert _msg(r, "1.1.2", "ST", "not released")
    with open(example_path("R3.5.1-not-released"), encoding="utf-8") as f:
        text = f.read()
    text = text[:text.index("until:")].replace(
        'phase: release, step: "3.5.1"', "phase: main, priority: P1")
    r = run_text(text + "events:\n  - {release: {all: {type: unit}}, source: U}\n"
                 "until: \"4.6.2\"\n")
    assert r.state("ST") == "frozen" and r.state("U") == "released"


def test_a_destruction_trigger_reads_the_cause_and_whose_effect():
    # R2.23.1-4: 破壊する by the opponent's effect triggers 報復の砦 only; the same unit
    # sacrificed as a cost (廃棄する, 2.23.1-4) triggers 献身の祠 only; 「あなたのカードの効果で」
    # does not meet the opponent's effect
    from d0_helpers import example_path

    r = run_example("R2.23.1-4-destroyed-by-whose-effect")
    assert r.count("P2", "hand") == 3 and _msg(r, "2.27", "FT") and not _msg(r, "4.8.1", "SH")
    with open(example_path("R2.23.1-4-destroyed-by-whose-effect"), encoding="utf-8") as f:
        text = f.read()
    head = text[:text.index("expect:")]
    r = run_text(head.replace("by: opponent", "by: you"))
    assert r.count("P2", "hand") == 2 and r.zone("X") == "P2.graveyard"
    sac = head[:head.index("actions:")].replace(
        "    - {id: X, name: 見張りの兵, power: 2000, smash: 1, owner: P2}",
        "    - {id: X, name: 見張りの兵, power: 2000, smash: 1, owner: P2, abilities: "
        "[{activated: true, timing: quick, cost: {sacrifice: self}, effect: [{draw: 1}]}]}")
    sac = sac.replace("turn: 3, turn_player: P1", "turn: 4, turn_player: P2").replace(
        "priority: P1", "priority: P2")
    r = run_text(sac + "actions:\n  - {activate: X}\n  - pass\n  - pass\n  - pass\n  - pass\n")
    assert r.zone("X") == "P2.graveyard"
    assert _msg(r, "2.23.1-4", "SH") and not _msg(r, "2.27", "FT")


def test_a_created_replacement_with_no_duration_replaces_once():
    # 4.15.3: 護符's (no duration) replaces the first damage to U only; 霧の帳's (this turn)
    # replaces both damages to W
    r = run_example("R4.15.3-created-replacement-once-or-until")
    assert r.card("U").damage == 1000 and r.card("W").damage == 0
    assert len([s for s in r.citing("4.15.3") if "now ends" in s.message]) == 1
