"""Keyword abilities (1200s) as the generic abilities they stand for.

The rulebook defines each keyword by the ability it 「を意味します」 (1201.2, 1202.2, 1204.2,
1205.2); the engine does the same: `expand` turns a keyword into that ability in the board
vocabulary, so the trigger, play and effect machinery treat it like any other ability. The
instructions only a keyword uses (`accel`) and デッキエンゲージ (1206, applied when its card is
played) live in judgekit.engine.g2022.play.

詠唱 (1203): its event is an icon the extraction lost (「[テキスト] が [ ] する」): the file says
which event the card's icon shows (`when:`); the card then plays itself free from the remove
zone (the `chant` instruction in play.py).
"""

from __future__ import annotations

from .clauses import REGISTRY

KEYWORD_CLAUSES = {"accel": ("1201.2",), "encount": ("1202.2",), "toubatsu": ("1204.2",),
                   "issen": ("1205.2",), "deck_engage": ("1206.2",), "chant": ("1203.1", "1203.2")}
KEYWORD_READINGS = {"toubatsu": ("1204.2-trigger",)}
KEYWORD_WORDS = {"accel": ("アクセル", "アクセル"), "encount": ("エンカウント", "エンカウント"),
                 "toubatsu": ("討伐", "討伐"), "issen": ("一閃", "一閃"),
                 "deck_engage": ("デッキエンゲージ", "デッキエンゲージ"), "chant": ("詠唱", "詠唱")}


@REGISTRY.rule("1202.2", "1204.2", "1205.2", "1203.1", "1203.2")
def expand(ab: dict) -> dict:
    """The ability a keyword means; any other ability unchanged."""
    kw = ab.get("keyword")
    if kw is None:
        return ab
    text = ab.get("text", "")
    if kw == "accel":  # 1201.2: 「アカウント [sleep]：デッキの上から1枚公開し、…」
        return {"activated": [{"accel": list(ab.get("account_info", []))}],
                "cost": {"sleep": "self"}, "where": "account", "keyword": kw, "text": text}
    if kw == "encount":  # 1202.2: 「[エネルギー] このカードがデッキからエネルギーに置かれる。…」
        return {"auto": "put_into", "zone": "energy", "from": "deck", "of": "self",
                "where": "energy", "effect": [{"appear": "self", "area": "empty"}],
                "keyword": kw, "text": text}
    if kw == "toubatsu":  # 1204.2: 「[エリア] [テキスト] が ≪アタック成功≫ する。このカードを退場させる。」
        return {"auto": "attack_success", "of": dict(ab.get("of") or {}), "where": "area",
                "effect": [{"retire": "self"}], "keyword": kw, "text": text}
    if kw == "issen":  # 1205.2: 「アカウント [sleep]：相手のエリアにあるキャラを1枚選び、退場させる。」
        return {"activated": [{"retire": {"choose": 1, "from": {"controller": "opponent"}}}],
                "cost": {"sleep": "self"}, "where": "account", "keyword": kw, "text": text}
    if kw == "chant":  # 1203.2: 「[リムーブ] [テキスト] が [ ] する。このカードをコストを支払わずプレイしてよい。」
        return {"auto": ab.get("when") or "attack_success", "of": dict(ab.get("of") or {}),
                "where": "remove", "effect": [{"chant": "self"}], "keyword": kw, "text": text}
    if kw == "deck_engage":  # 1206.1: a static ability that works when its card is played
        return {"static": "deck_engage", "cards": dict(ab.get("cards") or {}), "keyword": kw,
                "text": text}
    return ab  # pragma: no cover - the file format allows no other keyword
