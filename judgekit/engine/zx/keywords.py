"""Keyword abilities with rules of their own: ライフリカバリー (1102), ヴォイドブリンガー (1103),
レンジ (1104) and 絶界 (1106, applied where effects choose cards, see effects._choose)."""

from __future__ import annotations

from .model import distance, is_square, neighbours, opponent
from ..choices import Request
from .clauses import REGISTRY
from .effects import choosable
from .params import keyword


@REGISTRY.rule("1102.2", "1103.2", "1103.2a")
def after_life_play(g, p: str, c) -> None:
    """1102.2 / 1103.2: a card played from life by player damage (907.2e) that appeared on a
    square applies its life recovery / void bringer static effect at once."""
    if not is_square(c.zone):
        return
    b = g.b
    opp = opponent(p)
    mine, theirs = len(b.pzone(p, "life")), len(b.pzone(opp, "life"))
    if keyword(g, c, "life_recovery"):
        ok = mine <= theirs
        with g.step("effect", ("1102.2",) + (("307.2",) if ok else ()),
                    f"ライフリカバリー of {c.id}: {p}'s life {mine} "
                    f"{'≤' if ok else '>'} {opp}'s life {theirs}"
                    + (f": the top card of {p}'s deck goes into {p}'s life." if ok else
                       ": nothing happens."),
                    f"{c.id}のライフリカバリー：{p}のライフ{mine}枚は{opp}のライフ{theirs}枚"
                    + ("以下のため、デッキの一番上のカードをライフに移動します。" if ok else
                       "より多いため、何も起こりません。"), cards=(c.id,), player=p):
            if ok:
                deck = b.pzone(p, "deck")
                if deck:
                    g.move([b.cards[deck[0]]], f"{p}.life", face="down", reason="move")
                else:
                    g.note("effect", ("102.4",), f"{p}'s deck is empty.",
                           f"{p}のデッキが0枚です。", player=p)
    if keyword(g, c, "void_bringer"):
        mine, theirs = len(b.pzone(p, "life")), len(b.pzone(opp, "life"))
        ok = mine <= theirs
        with g.step("effect", ("1103.2", "1103.2a"),
                    f"ヴォイドブリンガー of {c.id}: {p}'s life {mine} "
                    f"{'≤' if ok else '>'} {opp}'s life {theirs}"
                    + (f": {p} chooses up to 1 zekusu on a square and puts it into the trash "
                       "(not a destruction)." if ok else ": nothing happens."),
                    f"{c.id}のヴォイドブリンガー：{p}のライフ{mine}枚、{opp}のライフ{theirs}枚"
                    + ("のため、スクエアにあるゼクスを1枚まで選び、トラッシュに置きます（破壊ではありません）。"
                       if ok else "のため、何も起こりません。"), cards=(c.id,), player=p) as st:
            if ok:
                # 「スクエアにあるゼクスを1枚まで選び」 is a choice: 絶界 and 「選ばれない」 apply
                pool = [z.id for z in choosable(g, g.zekusu_on_squares())]
                req = Request(c.id, p, "up to 1 zekusu on a square to put into the trash",
                              "トラッシュに置くスクエアのゼクス（1枚まで）", pool, "many", 0,
                              min(1, len(pool)), fallback_keys=("1103.2",))
                ids = g.ask(req) if pool else []
                if not pool:
                    st.message += " No zekusu can be chosen: nothing is put into the trash."
                    st.message_ja += "選べるゼクスがないため、何もトラッシュに置かれません。"
                if ids:
                    t = b.cards[ids[0]]
                    st.cards.append(t.id)
                    st.cites.append("302.4")
                    g.move([t], f"{t.owner}.trash", reason="move", info={"source": c.id})


@REGISTRY.rule("1104.2", "1104.3", "303.2a")
def attack_range(g, attacker) -> int | None:
    """The distance within which the attacker may choose its target (None = any square)."""
    r = keyword(g, attacker, "range")
    if r is None:
        return 1
    if r == "inf":
        return None
    return max(1, int(r))


def in_range(g, attacker, sq: str) -> bool:
    r = attack_range(g, attacker)
    if r is None:
        return sq != attacker.zone
    return 1 <= distance(attacker.zone, sq) <= r


__all__ = ["after_life_play", "attack_range", "in_range", "neighbours"]


@REGISTRY.rule("1112.1", "1112.2")
def zextend_played(g, p: str, c) -> None:
    """1112.1, 1112.2: a ゼクステンド・ドライブ！ ability is played — its controller cannot play
    one again this game (the player's flag zd_used)."""
    g.set_flag(p, "zd_used", True)
    g.note("play", ("1112.1", "1112.2"), f"{c.id}'s ability is a ゼクステンド・ドライブ！ ability: "
           f"{p} cannot play a ゼクステンド・ドライブ！ ability again in this game.",
           f"{c.id}の能力はゼクステンド・ドライブ！能力のため、{p}はこのゲームの間、ゼクステンド・ドライブ！"
           "能力を再びプレイできません。", cards=(c.id,), player=p)


@REGISTRY.rule("1108.2", "1108.3", "1110.2", "1110.3", "1110.4", "1110.5")
def gate_met(g, p: str, c, ab: dict) -> None:
    """Say why an ability gated by ゼロオプティマ or レベル is enabled (params.gate checked it):
    the count it needed, wherever the card is (1108.3, 1110.5)."""
    b = g.b
    zo = ab.get("zero_optima")
    if zo is not None:
        n = sum(1 for i in b.pzone(p, "resource") if "ignition" in (b.cards[i].icons or ()))
        g.note("play", ("1108.2", "1108.3"), f"ゼロオプティマ {zo}: {p}'s resource has {n} card(s) "
               f"with the ignition icon: the ability is enabled (in {c.zone}).",
               f"ゼロオプティマ{zo}：{p}のリソースにイグニッションアイコンを持つカードが{n}枚あるため、"
               "この能力は有効です。", cards=(c.id,), player=p)
    lv = ab.get("level")
    if lv is not None:
        race = lv.get("race")
        cl = ("1110.3" if race == "ドラゴン" else "1110.2") if race else "1110.4"
        what = f"[{race}]" if race else lv.get("type")
        g.note("play", (cl, "1110.5"), f"Lv{lv['count']} ({what}): {p}'s dynamis has enough "
               f"face-up cards: the ability is enabled (in {c.zone}).",
               f"Lv{lv['count']}（{what}）：{p}のデュナミスに表向きのカードが十分あるため、この能力は"
               "有効です。", cards=(c.id,), player=p)
