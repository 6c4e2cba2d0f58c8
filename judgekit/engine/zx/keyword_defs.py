"""What the Z/X keyword abilities of chapter 1100 mean, written as abilities of the ordinary
vocabulary (the rulebook defines each as 「…」を意味します): data only, read by params.py and
triggers.py where abilities are enabled and triggered; the procedures of their own are in
keywords.py.

* エヴォルシード [テキスト] (1105.2): an auto ability enabled in the trash that triggers when
  this card is put from the deck into the trash — a card that passed through another zone
  (the temporary zone) on the way does not trigger it (1105.3: its event is not deck → trash).
* アルターフォース / アルターフォース[数値] (1107.2, 1107.3): when this card appears, its controller
  chooses up to 1 / [数値] cards of their trash and puts them into the force zone as force
  associated with this card (1009.1).
* Infinite Solitude (1109.2): when this card appears, its controller chooses any number (0
  included, 1109.2a) of their other zekusu on squares and returns them to the hand.
* ゼロオプティマ N (1108.2), レベル (1110.2–1110.4), ゼクステンド・ドライブ！ (1112.2) gate another
  ability of the card: written on that ability as `zero_optima: N`, `level: {race|type, count}`,
  `zextend: true` (params.enabled checks them).
"""

from __future__ import annotations

from .clauses import REGISTRY

# the clause whose text each expanded keyword ability is
CLAUSE = {"evol_seed": "1105.2", "infinite_solitude": "1109.2", "alter_force": "1107.2",
          "alter_force_n": "1107.3", "stylish_headbutt": "1111.2", "install": "1115.2"}
JA = {"evol_seed": "エヴォルシード", "infinite_solitude": "Infinite Solitude",
      "alter_force": "アルターフォース"}

_ANY_NUMBER = 9  # 「任意の枚数」: every square can hold one zekusu of a player's at most


@REGISTRY.rule("1105.2", "1109.2", "1107.2", "1107.3", "1111.2", "1115.2")
def expand(ab: dict) -> dict:
    """A keyword ability as the ability its clause says it means; any other ability as it is."""
    k = ab.get("keyword")
    if k == "evol_seed":
        return {"auto": "put_into", "of": "self", "zone": "trash", "from": "deck",
                "where": "trash", "effect": list(ab.get("effect") or []),
                "text": ab.get("text", ""), "_kw": k}
    if k == "infinite_solitude":
        return {"auto": "appears", "of": "self",
                "effect": [{"move": {"choose": _ANY_NUMBER, "up_to": True,
                                     "from": {"controller": "you", "type": "zekusu_like",
                                              "other": True}},
                            "to": "hand"}],
                "text": ab.get("text", ""), "_kw": k}
    if k == "install":  # 1115.2 (the procedure: keywords.install)
        return {"auto": "appears", "of": "self", "effect": [{"install": True}],
                "text": ab.get("text", ""), "_kw": k}
    if k == "stylish_headbutt":  # 1111.2 (the procedure: keywords.headbutt)
        return {"auto": "appears", "of": "self", "effect": [{"headbutt": ab.get("square", "choose")}],
                "text": ab.get("text", ""), "_kw": k}
    if k == "alter_force":  # 1107.2 (1 card) / 1107.3 (アルターフォース[数値])
        n = ab.get("value")
        return {"auto": "appears", "of": "self",
                "effect": [{"force": {"choose": n or 1, "up_to": True,
                                      "from": {"zone": "trash", "controller": "you"}}}],
                "text": ab.get("text", ""), "_kw": "alter_force_n" if n else "alter_force"}
    return ab


def where(ab: dict):
    """The zone an ability says it works in (803.1c), its keyword's included."""
    return expand(ab).get("where")
