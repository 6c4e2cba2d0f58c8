"""The board picture's layout: every card on a square drawn, states and counts as in the file."""

from __future__ import annotations

from judgekit.board import load_text
from judgekit.engine.zx.view import VIEW
from judgekit.reports.picture import (GRID_X, GRID_Y, SQ_H, SQ_W, fit, layout, text_width,
                                      wrap)

BOARD = """
ruleset: zx
game: {turn: 3, turn_player: P2, step: "605.1"}
players:
  P1: {life: 3, deck: 12, hand: [h1, h2], charge: [{id: c1, name: 充電}], resource: [{id: r1}, {id: r2, state: sleep}, {id: r3, state: sleep}], charge_limit: none}
  P2: {life: 4, deck: 20, damage: 1, dynamis: [{id: d1, face: up}, {unknown: 2}]}
squares:
  S-C: [{id: pc1, name: 上柚木綾瀬, type: player, owner: P1}]
  M-C: [{id: A, name: 紅蓮の竜騎士ドラグーン・オブ・ザ・ロングネーム, power: 5000, owner: P1, state: sleep}]
  M-L:
    - {id: X, name: 先に置かれたゼクス, power: 3000, owner: P1}
    - {id: Y, name: 後から置かれたゼクス, power: 4000, owner: P1, damage: 4000}
  M-R:
    - {id: Q1, name: 一枚目のとても長い名前のゼクス, power: 1000, owner: P2}
    - {id: Q2, name: 二枚目, power: 1000, owner: P2}
    - {id: Q3, name: 三枚目, power: 1000, owner: P2}
    - {id: Q4, name: 四枚目, power: 1000, owner: P2}
  N-R: [{id: T, name: トークン, power: 2000, owner: P2, controller: P1, token: true}]
"""


def _pic(**kw):
    b = load_text(BOARD, "pic.yaml")
    return b, layout(b, VIEW.labels("en"), VIEW, **kw)


def _sq(pic, name):
    return next(s for s in pic["squares"] if s["name"] == name)


def test_geometry_rows_n_to_s_columns_l_to_r():
    _, pic = _pic()
    for s in pic["squares"]:
        r, c = "NMS".index(s["name"][0]), "LCR".index(s["name"][2])
        assert (s["x"], s["y"]) == (GRID_X + c * SQ_W, GRID_Y + r * SQ_H)
        for ch in s["chips"]:  # every chip inside its square
            assert s["x"] <= ch["x"] and ch["x"] + ch["w"] <= s["x"] + s["w"]
            assert s["y"] <= ch["y"] and ch["y"] + ch["h"] <= s["y"] + s["h"]
    assert _sq(pic, "S-C")["owner"] == "P1" and _sq(pic, "N-C")["owner"] == "P2"
    assert _sq(pic, "M-C")["kind"] == "centre"


def test_every_card_on_a_square_is_drawn_or_counted():
    b, pic = _pic()
    mc = _sq(pic, "M-C")
    (a,) = mc["chips"]
    assert a["id"] == "A" and a["sleeping"]
    assert a["glyph"]["w"] > a["glyph"]["h"]  # lying sideways: sleeping
    assert "紅蓮の竜騎士" in "".join(n["text"] for n in a["names"])
    assert "《紅蓮の竜騎士ドラグーン・オブ・ザ・ロングネーム》" in a["title"]  # full name on hover
    # two zekusu on M-L (before 905 trashes the older one): both drawn, oldest first
    ml = _sq(pic, "M-L")
    assert [c["id"] for c in ml["chips"]] == ["X", "Y"] and ml["more"] is None
    # four on M-R: those that fit in file order, then "+N" naming the others on hover
    mr = _sq(pic, "M-R")
    shown = [c["id"] for c in mr["chips"]]
    assert shown and shown == ["Q1", "Q2", "Q3", "Q4"][: len(shown)]
    assert len(shown) + int(mr["more"]["text"].lstrip("+")) == 4
    assert all(q in mr["more"]["title"] for q in {"Q1", "Q2", "Q3", "Q4"} - set(shown))
    y = next(c for c in ml["chips"] if c["id"] == "Y")
    assert y["lethal"] and not y["sleeping"] and y["glyph"]["h"] > y["glyph"]["w"]
    assert [s["text"] for s in y["segs"]][:2] == ["4000", "Damage 4000"]
    (t,) = _sq(pic, "N-R")["chips"]
    assert t["controller"] == "P1" and t["owner"] == "P2"
    assert "token" in t["title"] and "owner P2 / controller P1" in t["title"]
    (pc,) = _sq(pic, "S-C")["chips"]
    assert pc["player"] and "上柚木綾瀬" in pc["label"]


def test_zone_boxes_count_every_zone():
    b, pic = _pic()
    p1, p2 = (next(p for p in pic["panels"] if p["player"] == q) for q in ("P1", "P2"))
    box = {x["zone"]: x for x in p1["boxes"]}
    assert [x["zone"] for x in p1["boxes"]] == ["life", "deck", "hand", "charge", "trash",
                                               "resource", "remove", "dynamis"]
    assert (box["life"]["count"], box["deck"]["count"], box["hand"]["count"]) == ("3", "12", "2")
    assert box["charge"]["count"] == "1" and box["charge"]["detail"] == "no limit"
    assert box["resource"]["count"] == "3" and box["resource"]["detail"] == "sleep2"
    box2 = {x["zone"]: x for x in p2["boxes"]}
    assert box2["charge"]["count"] == "0/4"  # 306.2a: the limit at game start
    assert box2["dynamis"]["count"] == "3" and box2["dynamis"]["detail"] == "▲1"
    assert "Damage 1" in p2["head"] and "Turn player" in p2["head"]
    assert "Turn player" not in p1["head"]


def test_changes_outline_and_deltas():
    b = load_text(BOARD, "pic.yaml")
    after = load_text(BOARD, "pic.yaml")
    after.zones["M-L"].remove("Y")
    after.zones["P1.charge"].append("Y")
    after.cards["Y"].zone = "P1.charge"
    pic = layout(after, VIEW.labels("en"), VIEW, changed={"Y"}, changed_zones={"M-L", "P1.charge"},
                 before=b, ghosts={"M-L": [("Y", "Y → P1's charge")]})
    p1 = next(p for p in pic["panels"] if p["player"] == "P1")
    charge = next(x for x in p1["boxes"] if x["zone"] == "charge")
    assert charge["changed"] and charge["delta"] == "+1"
    assert all(not x["delta"] for x in p1["boxes"] if x["zone"] != "charge")
    ml = _sq(pic, "M-L")
    assert "Y" not in [c["id"] for c in ml["chips"]]
    assert [g["id"] for g in ml["ghosts"]] == ["Y"]


def test_text_fitting():
    assert text_width("ゼクス", 10) == 30
    assert fit("short", 100, 10) == "short"
    cut = fit("とても長いカード名がここに入ります", 60, 10)
    assert cut.endswith("…") and text_width(cut, 10) <= 60
    lines = wrap("《紅蓮の竜騎士ドラグーン・オブ・ザ・ロングネーム》", 80, 10, 2)
    assert len(lines) == 2 and lines[1].endswith("…")
    assert all(text_width(x, 10) <= 80 for x in lines)
    assert wrap("短い", 80, 10, 2) == ["短い"]
