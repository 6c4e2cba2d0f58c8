"""Keyword abilities with rules of their own: ライフリカバリー (1102), ヴォイドブリンガー (1103),
レンジ (1104) and 絶界 (1106, applied where effects choose cards, see effects._choose)."""

from __future__ import annotations

from .model import distance, is_square, neighbours, opponent
from ..choices import Request
from .clauses import REGISTRY
from .effects import INSTRUCTIONS, choosable
from .params import keyword, keyword_values


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
    """The distance within which the attacker may choose its target (None = any square). Each
    レンジ it has is an ability of its own letting it choose within its distance (1104.2,
    1104.3): with two (printed and granted), the farther reaches."""
    if not attacker.grants:
        r = keyword(g, attacker, "range")
        rs = [] if r is None else [r]
    else:
        rs = keyword_values(g, attacker, "range")
    if not rs:
        return 1
    if "inf" in rs:
        return None
    return max(1, *(int(r) for r in rs))


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


@REGISTRY.rule("1114.1", "1114.2", "1114.3")
def denei(g, p: str, c, i: int, returned: str | None) -> None:
    """電影[数値] (1114.2): 「自分ターン 手札 コスト：スクエアにあるあなたのコスト[数値]以上のリブートの
    ゼクスを1枚手札に戻す。効果：このカードをリブートでそのゼクスがあったゼクスのないスクエアに登場
    させる。ターン終了時まで、あなたは起電影をプレイできない。」 — and in a turn a player played
    電影 they cannot play it again, whatever its number (1114.3)."""
    from ..game import IllegalAction

    b = g.b
    n = c.abilities[i].get("value") or 0
    if c.zone != f"{p}.hand":
        raise IllegalAction(f"{c.id}'s 電影 is played from {p}'s hand (1114.2: 手札)",
                            f"{c.id}の電影は手札からプレイします", ("1114.2",))
    if b.turn_player != p:
        raise IllegalAction(f"電影 is played only in its player's own turn (1114.2: 自分ターン)",
                            "電影は自分のターンにのみプレイできます", ("1114.2",))
    if b.players[p].flags.get("denei_played"):
        raise IllegalAction(f"{p} has played 電影 this turn: no 電影 can be played again this turn, "
                            "whatever its number", f"{p}はこのターンすでに電影をプレイしているため、"
                            "電影をプレイできません", ("1114.3",))
    opts = [z for z in g.zekusu_on_squares() if z.controller == p and z.state == "reboot"
            and (z.cost or 0) >= n]
    if returned is None:
        if not opts:
            raise IllegalAction(f"{p} has no rebooted zekusu of cost {n} or more on a square to "
                                f"return for {c.id}'s 電影{n}", f"{c.id}の電影{n}のコストとして戻せる"
                                "ゼクスがありません", ("1114.2",))
        returned = g.ask(Request(c.id, p, f"the zekusu returned to the hand for 電影{n}",
                                 f"電影{n}のコストとして手札に戻すゼクス", [z.id for z in opts],
                                 fallback_keys=("1114.2",)))
    z = b.cards.get(returned)
    if z is None or z not in opts:
        raise IllegalAction(f"{returned} cannot pay 電影{n}: a rebooted zekusu of {p}'s on a square "
                            f"with cost {n} or more", f"{returned}は電影{n}のコストになりません",
                            ("1114.2",))
    sq = z.zone
    with g.step("play", ("1114.1", "1114.2", "804.2"), f"{p} plays {c.id}'s 電影{n} from the hand: "
                f"as its cost {z.id} (cost {z.cost}, rebooted) returns from {sq} to its owner's "
                "hand.", f"{p}は手札の{c.id}の電影{n}をプレイします。コストとして{z.id}（コスト{z.cost}、"
                f"リブート）を{sq}から手札に戻します。", cards=(c.id, z.id), player=p):
        g.move([z], f"{z.owner}.hand", reason="move")
        g.set_flag(p, "denei_played", True)
    with g.step("resolve", ("1114.2", "1114.3", "1006.1"), f"電影 resolves: {c.id} appears on "
                f"{sq}, rebooted, if no zekusu is there; until the end of the turn {p} cannot play "
                "電影.", f"電影を解決します。{sq}にゼクスがなければ、{c.id}をリブートで登場させます。"
                f"ターン終了時まで、{p}は電影をプレイできません。", cards=(c.id,), player=p) as st:
        if c.zone == f"{p}.hand" and not any(x.is_zekusu for x in b.cards_in(sq)):
            g.move([c], sq, state="reboot", reason="move")
        else:
            st.message += f" ({c.id} cannot appear: it left the hand or {sq} holds a zekusu.)"
            st.message_ja += f"（{c.id}は登場できません。）"


# ---- スタイリッシュ頭突き (1111) -----------------------------------------------------------------------

@REGISTRY.rule("1111.2")
def headbutt(g, ins: dict, ctx) -> None:
    """1111.2: 「ノーマルスクエアにあるバトル中でない相手のゼクスを1枚選び、ゼクスのない指定されたスク
    エアに置く。置いたならば、そのゼクスをスリープし、そのゼクスは次の相手のリポートフェイズにリ
    ポートしない。」 — the specified square is the file's (`square:`), or chosen among the squares
    with no zekusu."""
    from .effects import targets

    b = g.b
    p = ctx.controller
    opp = opponent(p)
    chosen = targets(g, ctx, {"choose": 1, "from": {"controller": "opponent",
                                                    "normal_square": True, "in_battle": False}},
                     what="zekusu")
    want = ins.get("headbutt")
    empty = [s for s in _squares(g) if not b.zekusu_on(s)]
    with g.step("effect", ("1111.2",), "スタイリッシュ頭突き.", "スタイリッシュ頭突き。", player=p) as st:
        if not chosen:
            st.message = "スタイリッシュ頭突き: no zekusu of the opponent's can be chosen: nothing happens."
            st.message_ja = "スタイリッシュ頭突き：選べる相手のゼクスがないため、何も起こりません。"
            return
        z = chosen[0]
        if want and want != "choose":
            sq = want if want in empty else None
        elif empty:
            sq = g.ask(Request(ctx.keys[0], p, f"the square with no zekusu {z.id} is put onto",
                               f"{z.id}を置くゼクスのないスクエア", empty,
                               fallback_keys=ctx.keys[1:]))
        else:
            sq = None
        if sq is None:
            st.message = (f"スタイリッシュ頭突き: {z.id} is chosen but the specified square holds a "
                          "zekusu: it is not put there, and nothing else happens.")
            st.message_ja = (f"スタイリッシュ頭突き：{z.id}を選びましたが、指定されたスクエアにゼクスが"
                             "あるため置けません。以降の処理は行いません。")
            return
        st.cards = [z.id]
        st.message = (f"スタイリッシュ頭突き: {z.id} is put onto {sq} (square to square), put to "
                      f"sleep, and does not reboot in {opp}'s next reboot phase.")
        st.message_ja = (f"スタイリッシュ頭突き：{z.id}を{sq}に置き、スリープします。{opp}の次のリポート"
                         "フェイズにリポートしません。")
        g.move([z], sq, reason="move", info={"source": ctx.source})
        g.set_state(z, "sleep")
        g.add_effect({"cannot": "reboot", "to": [z.id], "source": ctx.source, "controller": p,
                      "until": "next_reboot"})


def _squares(g):
    from .model import is_square

    return [z for z in g.b.zones if is_square(z)]


@REGISTRY.rule("1111.2")
def end_skip_reboot(g, tp: str) -> None:
    """1111.2: 「次の相手のリポートフェイズにリポートしない」 lasts until that reboot phase is
    over: the effects that kept tp's zekusu sleeping end."""
    b = g.b
    done = [e for e in b.effects if e.get("until") == "next_reboot"
            and all(b.cards.get(i) is None or b.cards[i].controller == tp for i in e["to"])]
    for e in done:
        g.remove_effect(e)


# the instruction スタイリッシュ頭突き expands to (keyword_defs.expand); flow.py imports this module
# at load, so it is registered before any effect runs
INSTRUCTIONS["headbutt"] = headbutt


# ---- インストール (1115) ------------------------------------------------------------------------------

def gained(g, c) -> list[dict]:
    """The activated abilities c has gained until the end of the turn (インストール, 1115.2), in
    the order it gained them: they come after its printed abilities."""
    return [e["gains_ability"] for e in g.b.effects
            if "gains_ability" in e and c.id in e.get("to", ())]


@REGISTRY.rule("1115.2")
def install(g, ins: dict, ctx) -> None:
    """1115.2: 「あなたのトラッシュにあるカード名に「転身」を含むゼクスを1枚選び、除外してよい。除外
    したならば、そのカードが持つ起能力を1つ選び、ターン終了時まで、このカードはその能力を得る。」"""
    b = g.b
    p = ctx.controller
    me = b.cards.get(ctx.source or "")
    pool = [x for x in b.cards_in(f"{p}.trash") if x.is_zekusu and "転身" in (x.name or "")
            and any("activated" in ab for ab in x.abilities)]
    pick = g.ask(Request(ctx.keys[0], p, "インストール: a zekusu named 「転身」… in your trash to "
                         "remove (none: nothing happens)", "インストール：除外するトラッシュの「転身」を"
                         "含むゼクス（しない場合は選ばない）", [x.id for x in pool], "many", 0,
                         min(1, len(pool)), fallback_keys=ctx.keys[1:])) if pool else []
    with g.step("effect", ("1115.2",), "インストール.", "インストール。", player=p) as st:
        if not pick or me is None:
            st.message = ("インストール: no zekusu with 「転身」 in its name is removed: nothing "
                          "happens.")
            st.message_ja = "インストール：除外しないため、何も起こりません。"
            return
        x = b.cards[pick[0]]
        acts = [ab for ab in x.abilities if "activated" in ab]
        k = 0
        if len(acts) > 1:
            k = g.ask(Request(f"{ctx.keys[0]}.ability", p, f"which activated ability of {x.id} "
                              f"{me.id} gains", f"{me.id}が得る{x.id}の起能力",
                              list(range(1, len(acts) + 1)))) - 1
        ab = dict(acts[k])
        st.cards = [x.id, me.id]
        st.message = (f"インストール: {x.id} is removed from the trash; until the end of the turn "
                      f"{me.id} gains its activated ability 「{ab.get('text', '')}」.")
        st.message_ja = (f"インストール：{x.id}を除外し、ターン終了時まで{me.id}はその起能力"
                         f"「{ab.get('text', '')}」を得ます。")
        g.move([x], f"{x.owner}.remove", reason="move", info={"source": ctx.source})
        g.add_effect({"gains_ability": ab, "to": [me.id], "source": ctx.source, "controller": p,
                      "until": "turn_end"})


INSTRUCTIONS["install"] = install
