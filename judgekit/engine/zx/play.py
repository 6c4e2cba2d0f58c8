"""Playing cards and activated abilities: 804.2 (play), 805 (resource costs), 806, 807.

`play_card` follows 804.2a–h: choose and reveal, the square (806.1a), the price (805.2a/c),
to the temporary zone (804.2e), pay (804.2f, 805.3; if it cannot be paid the game is rewound
to just before the play), then resolution (804.3, 806.1f). A play the player chose that turns
out illegal raises `IllegalAction`; a play the rules offer (907.2e, 505.3a, 1010.1) that cannot
happen returns False so that the caller puts the card where the rule says.
"""

from __future__ import annotations

from itertools import combinations, permutations

from ..choices import Request
from ..game import Halt, IllegalAction
from . import triggers
from .clauses import REGISTRY
from .effects import INSTRUCTIONS, EffCtx, player_of, repeat, run_effect, targets, zone_ja
from .model import ZEKUSU_TYPES, Card, is_public, opponent, zone_kind
from .params import ability_key, cannot, cost_of, disabled_by, matches, zone_pool
from .spec import SQUARES

PLAY_TYPES = ("zekusu", "zekusu_ex", "event")


@REGISTRY.rule("806.1a")
def legal_squares(g, p: str) -> list[str]:
    """806.1a: not the opponent's player square, no opponent zekusu, no own sleeping zekusu."""
    opp = opponent(p)
    out = []
    for sq in SQUARES:
        if sq == g.player_square(opp):
            continue
        zs = g.b.zekusu_on(sq)
        if any(c.controller == opp for c in zs):
            continue
        if any(c.controller == p and c.state == "sleep" for c in zs):
            continue
        out.append(sq)
    return out


def why_not_square(g, p: str, sq: str) -> tuple[str, str]:
    opp = opponent(p)
    if sq == g.player_square(opp):
        return (f"{sq} is {opp}'s player square", f"{sq}は{opp}のプレイヤースクエアです")
    zs = g.b.zekusu_on(sq)
    if any(c.controller == opp for c in zs):
        return (f"{sq} has {opp}'s zekusu", f"{sq}には{opp}のゼクスがいます")
    return (f"{sq} has {p}'s sleeping zekusu", f"{sq}には{p}のスリープ状態のゼクスがいます")


# ---- 805.3 resource payment ----------------------------------------------------------------------

@REGISTRY.rule("805.3a", "805.3b")
def payment_ok(cards: list[Card], colors: tuple, points: int) -> bool:
    """805.3a/b: `points` distinct rebooted cards covering min(#colours, points) colours, each
    colour by a different card (a multicoloured card covers only one, 001 line 297)."""
    if len(cards) != points or len({c.id for c in cards}) != len(cards):
        return False
    if any(c.state != "reboot" for c in cards):
        return False
    cols = list(dict.fromkeys(colors))
    need = min(len(cols), points)
    if need == 0:
        return True
    for chosen in combinations(cols, need):
        for perm in permutations(cards, need):
            if all(col in card.colors for col, card in zip(chosen, perm)):
                return True
    return False


def payments(resource: list[Card], colors: tuple, points: int) -> list[list[Card]]:
    reb = [c for c in resource if c.state == "reboot"]
    if points > len(reb):
        return []
    return [list(s) for s in combinations(reb, points) if payment_ok(list(s), colors, points)]


@REGISTRY.rule("805.3c", "805.3d")
def pay_resource(g, p: str, colors: tuple, points: int, pay: list | None, key: str
                 ) -> list[Card] | None:
    """Choose and sleep resource cards (805.3a–d). None when the cost cannot be paid."""
    res = g.b.cards_in(f"{p}.resource")
    if pay is not None:
        chosen = [g.b.cards[i] for i in pay if i in g.b.cards]
        if len(chosen) != len(pay) or any(c.zone != f"{p}.resource" for c in chosen) or \
                not payment_ok(chosen, colors, points):
            return None
    else:
        opts = payments(res, colors, points)
        if not opts:
            return None
        if len(opts) == 1:
            chosen = opts[0]
        else:
            ids = sorted({c.id for o in opts for c in o},
                         key=lambda i: g.b.zones[f"{p}.resource"].index(i))
            req = Request("805.3", p, f"which {points} rebooted resource card(s) to sleep",
                          f"スリープするリブート状態のリソース{points}枚", ids, "many", points,
                          points, fallback_keys=(key,), cites=("805.3a", "805.3b"))
            ans = g.ask(req)
            chosen = [g.b.cards[i] for i in ans]
            if not payment_ok(chosen, colors, points):
                raise IllegalAction(
                    f"the chosen resource cards {', '.join(ans)} do not pay "
                    f"{_cost_text(colors, points)} (805.3a: one card per colour)",
                    f"選んだリソース{', '.join(ans)}では{_cost_text(colors, points)}を支払えません",
                    ("805.3a", "805.3c"))
    for c in chosen:
        g.set_state(c, "sleep")
    return chosen


def _cost_text(colors: tuple, points: int) -> str:
    return "[" + "".join(colors or ("colourless",)) + f"][{points}]"


# ---- 804.2 / 806 ----------------------------------------------------------------------------------

@REGISTRY.rule("804.2", "804.2b", "804.2e", "804.2f", "804.2h", "805.2a")
def play_card(g, p: str, c: Card, *, square: str | None = None, pay: list | None = None,
              free: bool = False, via: str | None = None, alternative=None) -> bool:
    b = g.b
    origin = c.zone
    kind = zone_kind(origin)
    rule_play = via is not None

    def fail(en: str, ja: str, cites) -> bool:
        if rule_play:
            g.note("play", cites, f"{c.id} cannot be played: {en}.",
                   f"{c.id}はプレイできません：{ja}。", cards=(c.id,), player=p)
            return False
        raise IllegalAction(en, ja, cites)

    if c.type not in PLAY_TYPES:
        # not a rule: the rules play shifts (1015) and Z/X OB (1014) by their own procedures,
        # which this engine does not model; a ruling must not present that as illegality
        what = c.type or "a card of unknown type"
        raise Halt("unsupported", f"{c.id} is a {what} card; the engine plays only zekusu, Z/X "
                   "EX and event cards (shift 1015, IGOB 1014 and player cards are not modelled)")
    src = cannot(g, c, "play")
    if src:
        # 102.6: 「できない」 always wins; a play the player cannot make cannot be chosen (506.2,
        # 603.1b) — it is illegal, never begun and undone
        at = via or ("603.1b" if b.step == "603.1b" else "506.2")
        return fail(f"{c.id} cannot be played ({src}): 「できない」 beats {at} (102.6)",
                    f"{c.id}はプレイできません（{src}）。「できない」ことが{at}より優先されます"
                    "（102.6）", ("102.6", at))
    if c.type == "zekusu_ex":
        if kind != "dynamis":
            return fail("a Z/X EX is played from the dynamis", "ゼクス エクストラはデュナミスから"
                        "プレイします", ("506.2",))
        if c.face == "up":
            return fail("face-up dynamis cards cannot be played", "デュナミスにある表向きのカードは"
                        "プレイできません", ("806.1a",))
        if b.players[p].flags.get("ex_played"):
            return fail("a Z/X EX was already played from the dynamis this turn",
                        "このターンすでにゼクス エクストラをプレイしています", ("506.2",))
    elif not rule_play and kind != "hand":
        # 506.2 (main phase) / 603.1b (battle event step): a card is played from the hand
        return fail(f"{c.id} is in {origin}, not in {p}'s hand", f"{c.id}は手札にありません",
                    ("603.1b",) if b.step == "603.1b" else ("506.2",))
    sq = None
    cites = ["804.2"]
    with g.step("play", cites, f"{p} plays {g.label(c)} from {origin}"
                + (" without paying its cost" if free else "") + ".",
                f"{p}が{zone_ja(origin)}から{g.label(c)}を" + ("コストを支払わずに" if free else "")
                + "プレイします。", cards=(c.id,), player=p) as st:
        if c.type in ZEKUSU_TYPES:
            legal = legal_squares(g, p)
            g.trace.registry.check(("806.1a",))
            st.cites.append("806.1a")
            if square is not None:
                if square not in legal:
                    en, ja = why_not_square(g, p, square)
                    return fail(f"{square} cannot be chosen: {en}", f"{square}は選べません：{ja}",
                                ("806.1a",))
                sq = square
            else:
                if not legal:
                    return fail("no square can be chosen", "選べるスクエアがありません", ("806.1a",))
                req = Request("806.1a", p, f"the square for {c.id}", f"{c.id}を置くスクエア",
                              legal, fallback_keys=(c.id,))
                sq = g.ask(req)
        saved = None if free else g.save()
        if not is_public(origin):
            g.trace.registry.check(("804.2b",))
            st.cites.append("804.2b")
            g.reveal(c)
        points, colors = 0, ()
        if not free:
            from ..effects.costs import choose_alternative
            from .params import alternative_costs

            alt = choose_alternative(g, p, alternative_costs(g, c), alternative, key="804.2c",
                                     cites=("804.2c",), what=c.id, what_ja=c.id,
                                     base=c.cost or 0)
            points, notes = cost_of(g, c, alt)
            colors = tuple(c.colors)
            if alt is not None:
                g.trace.registry.check(("804.2c",))
                st.cites.append("804.2c")
            if notes or points != (c.cost or 0):
                st.cites.append("805.2c")
                st.message += (f" Its cost {c.cost or 0} becomes {points} ({', '.join(notes)}; "
                               "increases first, then decreases, never below 0).")
                st.message_ja += f"コスト{c.cost or 0}は{points}になります（{', '.join(notes)}）。"
        g.in_play.add(c.id)
        with g.step("play", ("804.2e",), f"{c.id} moves to the temporary zone.",
                    f"{c.id}をテンポラリーに移動します。", cards=(c.id,), player=p):
            g.move([c], "temporary", reason="play")
        if not free and (points > 0 or colors):
            with g.step("play", ("804.2f", "805.2a"),
                        f"{p} pays the resource cost {_cost_text(colors, points)}.",
                        f"{p}はリソースコスト{_cost_text(colors, points)}を支払います。",
                        player=p) as pst:
                n_col = min(len(set(colors)), points)
                if n_col:
                    pst.cites.append("805.3a")
                elif colors:
                    pst.cites.append("805.3a")
                    pst.message += (" There are more colours than points: no card is chosen for "
                                    "the colours (805.3a).")
                    pst.message_ja += "色の種類数が点数を超えるため、色に対応するカードは選びません。"
                if points > n_col:
                    pst.cites.append("805.3b")
                chosen = pay_resource(g, p, colors, points, pay, c.id)
                if chosen is None:
                    pst.cites.append("805.3c")
                    pst.message += " It cannot be paid: the game returns to just before the play."
                    pst.message_ja += "支払えないため、ゲームの状況をプレイ開始直前まで戻します。"
                    g.in_play.discard(c.id)
                    g.restore(saved)
                    en = (f"the resource cost {_cost_text(colors, points)} cannot be paid "
                          "with the rebooted resource cards"
                          + (f" {', '.join(pay)}" if pay is not None else ""))
                    ja = f"リソースコスト{_cost_text(colors, points)}を支払えません"
                    if rule_play:
                        return False
                    raise IllegalAction(en, ja, ("804.2f", "805.3c"))
                if chosen:
                    pst.cites.append("805.3d")
                pst.cards = [x.id for x in chosen]
                pst.message += f" Sleeps {', '.join(x.id for x in chosen) or 'nothing'}."
                pst.message_ja += f"{', '.join(x.id for x in chosen) or 'なし'}をスリープします。"
        if c.type == "zekusu_ex":
            g.set_flag(p, "ex_played")
    # 804.2h: the card counts as played now — the 「プレイした時」 event
    triggers.emit(g, [{"kind": "played", "card": g.snap(c), "inc_after": c.incarnation,
                       "player": p, "from": kind}])
    # 804.3 / 806.1f
    resolve_card(g, p, c, sq, kind)
    g.in_play.discard(c.id)
    return True


@REGISTRY.rule("806.1f", "809.1", "1006.2")
def resolve_card(g, p: str, c: Card, sq: str | None, origin_kind: str) -> None:
    if c.type in ZEKUSU_TYPES:
        with g.step("resolve", ("806.1f", "1006.2", "303.5a"),
                    f"{g.label(c)} resolves: it is put onto {sq}, rebooted; it appears from "
                    f"the {origin_kind}.",
                    f"{g.label(c)}を解決し、{sq}にリブート状態で置きます（{zone_ja(origin_kind)}から"
                    "登場したものとみなされます）。", cards=(c.id,), player=p):
            g.move([c], sq, reason="resolve", info={"from_zone": origin_kind})
        return
    with g.step("resolve", ("804.3a", "806.1f", "809.1"),
                f"{g.label(c)} resolves: its event ability is executed, then it goes to its "
                "owner's trash.", f"{g.label(c)}を解決します。イベント能力を実行し、その後所有者の"
                "トラッシュに置きます。", cards=(c.id,), player=p):
        for i, ab in enumerate(c.abilities):
            if "event" in ab:
                ctx = EffCtx(g, p, c.id, g.snap(c), i)
                run_effect(g, ab["event"], ctx)
                if g.outcome is not None:
                    return
        if c.zone == "temporary":
            with g.step("resolve", ("806.1f", "302.4"), f"{c.id} goes to {c.owner}'s trash.",
                        f"{c.id}を{c.owner}のトラッシュに置きます。", cards=(c.id,)):
                g.move([c], f"{c.owner}.trash", reason="resolve")


# ---- 807 ------------------------------------------------------------------------------------------

@REGISTRY.rule("807.1a", "807.1b")
def activate(g, p: str, c: Card, n: int | None, pay: list | None,
             returned: str | None = None) -> None:
    no = cannot(g, c, "activate") or cannot(g, p, "activate")
    if no:
        # 102.6: 「起動能力をプレイできない」 wins over 701.3; the play is illegal, never begun
        raise IllegalAction(f"{c.id}'s activated abilities cannot be played ({no}): 「できない」 "
                            "beats 701.3 (102.6)", f"{c.id}の起動能力はプレイできません（{no}）。"
                            "「できない」ことが優先されます（102.6）", ("102.6", "807.1b"))
    dn = [i for i, ab in enumerate(c.abilities) if ab.get("keyword") == "denei"]
    if dn and (n - 1 in dn if n is not None else
               not any("activated" in ab for ab in c.abilities)):
        from .keywords import denei  # 電影 (1114): a rule-defined activated ability

        denei(g, p, c, dn[0] if n is None else n - 1, returned)
        return
    from .keywords import gained

    own = list(c.abilities) + gained(g, c)  # インストール: gained until the end of the turn
    idxs = [i for i, ab in enumerate(own) if "activated" in ab]
    if n is not None:
        idxs = [n - 1] if n - 1 in idxs else []
    if not idxs:
        raise IllegalAction(f"{c.id} has no such activated ability",
                            f"{c.id}にその起動能力はありません", ("701.3",))
    i = idxs[0]
    ab = own[i]
    if c.controller != p:
        raise IllegalAction(f"{p} does not control {c.id}", f"{p}は{c.id}の支配者ではありません",
                            ("701.3",))
    why = disabled_by(g, c, i, ab)
    if why is not None:
        cl, en, ja = why
        raise IllegalAction(f"{c.id}'s ability {i + 1} is not enabled now: {en}",
                            f"{c.id}の能力{i + 1}は現在有効ではありません：{ja}", (cl,))
    cost = ab.get("cost", {})
    if cost.get("sleep") == "self" and c.state != "reboot":
        raise IllegalAction(f"{c.id} is already sleeping: 'sleep' in its price cannot be paid",
                            f"{c.id}はすでにスリープ状態のため代償を支払えません", ("807.1a",))
    saved = g.save()
    with g.step("play", ("804.2", "807.1b"), f"{p} plays {c.id}'s activated ability {i + 1}.",
                f"{p}が{c.id}の起動能力{i + 1}をプレイします。", cards=(c.id,), player=p) as st:
        if ab.get("zextend"):
            from .keywords import zextend_played

            zextend_played(g, p, c)
        if ab.get("zero_optima") or ab.get("level"):
            from .keywords import gate_met

            gate_met(g, p, c, ab)
        if cost.get("sleep") == "self":
            st.cites.append("807.1a")
            g.set_state(c, "sleep")
        if cost.get("trash"):
            pay_trash(g, p, c, i, cost["trash"], saved)
        pts = cost.get("resource", 0)
        cols = tuple(cost.get("colors", ()))
        if pts or cols:
            with g.step("play", ("804.2f", "805.3a", "805.3b", "805.3d"),
                        f"{p} pays {_cost_text(cols, pts)}.", f"{p}は{_cost_text(cols, pts)}を"
                        "支払います。", player=p):
                if pay_resource(g, p, cols, pts, pay, ability_key(c, i)) is None:
                    g.restore(saved)
                    raise IllegalAction(f"{_cost_text(cols, pts)} cannot be paid",
                                        f"{_cost_text(cols, pts)}を支払えません", ("804.2f",
                                                                                  "805.3c"))
    with g.step("resolve", ("804.3a", "804.3c"), f"{c.id}'s activated ability resolves.",
                f"{c.id}の起動能力を解決します。", cards=(c.id,), player=p):
        ctx = EffCtx(g, p, c.id, g.snap(c), i)
        run_effect(g, ab["activated"], ctx)
    if ab.get("limit"):
        k = ability_key(c, i)
        g.b.used[k] = g.b.used.get(k, 0) + 1


@REGISTRY.rule("804.4c", "804.2f")
def pay_trash(g, p: str, c: Card, i: int, parts: list, saved) -> None:
    """A price 「スクエアにある白と緑のゼクスをそれぞれ1枚ずつトラッシュに置く」: one of the
    player's cards for each part, each a different card (804.4c: a white-and-green zekusu pays
    only one of them), put into the owner's trash together (804.2f: the player's own cards)."""
    from ..effects.costs import assign_distinct

    def fits(flt, x):
        return matches(g, x, flt, p, c)

    key = ability_key(c, i)
    zones = {flt.get("zone", "square") for flt in parts}
    pool = [x for z in zones for x in (g.b.on_squares() if z == "square"
                                         else zone_pool(g, z, p, {"controller": "you"}))
            if x.controller == p and any(fits(f, x) for f in parts)]
    what = " and ".join(_part_text(f) for f in parts)
    with g.step("play", ("804.2f", "804.4c"), f"{p} pays the price: put {what} into the trash, "
                "a different card for each (804.4c).", f"{p}は代償として{what}をトラッシュに置きます"
                "（それぞれ別のカード、804.4c）。", player=p) as st:
        if assign_distinct(parts, pool, fits) is None:
            g.restore(saved)
            raise IllegalAction(
                f"the price ({what}, a different card for each) cannot be paid with "
                f"{_ids_or_none(pool)}: one card pays only one part, even with the parameters "
                "of several (804.4c)", f"代償（{what}、それぞれ別のカード）を"
                f"{_ids_or_none(pool)}で支払えません。1枚のカードで複数の代償は支払えません",
                ("804.4c", "804.2f"))
        ids = [x.id for x in pool]
        req = Request(key, p, f"the card(s) to put into the trash for the price ({what})",
                      f"代償としてトラッシュに置くカード（{what}）", ids, "many", len(parts),
                      len(parts), fallback_keys=(c.id,), cites=("804.4c",))
        chosen = [g.b.cards[x] for x in g.ask(req)]
        if assign_distinct(parts, chosen, fits) is None:
            g.restore(saved)
            raise IllegalAction(f"{_ids_or_none(chosen)} do not pay {what}, a different card "
                                "for each (804.4c)", f"{_ids_or_none(chosen)}では{what}を"
                                "それぞれ別のカードで支払えません", ("804.4c", "804.2f"))
        st.cards = [x.id for x in chosen]
        g.move_batch([(x, f"{x.owner}.trash") for x in chosen], reason="move",
                     info={"source": c.id})


def _part_text(flt: dict) -> str:
    bits = [str(flt[k]) for k in ("color", "race", "name") if k in flt]
    return "a " + " ".join(bits + [flt.get("type", "card")])


def _ids_or_none(cards) -> str:
    return ", ".join(x.id for x in cards) or "no card"


# ---- イグニッション (505.3a, 1010) -------------------------------------------------------------

def _ignite(g, ins, ctx):
    n = ins["ignite"]
    p = player_of(ctx, ins)
    repeat(g, n, lambda: ignite(g, p, via="1010.1", ctx_source=ctx.source),
           (f"{p}'s イグニッション", f"{p}のイグニッション"))


def ignite(g, p: str, *, via: str, ctx_source=None) -> None:
    """505.3a / 1010.1: reveal the deck top; an ignition card may be played free, otherwise it
    goes to the trash."""
    deck = g.b.pzone(p, "deck")
    if not deck:
        g.note("effect", ("102.4",), f"{p}'s deck is empty: nothing to reveal.",
               f"{p}のデッキが0枚のため、公開できません。", player=p)
        return
    top = g.b.cards[deck[0]]
    with g.step("effect", (via,), f"{p} reveals the top card of the deck: {g.label(top)}.",
                f"{p}はデッキの一番上のカード（{g.label(top)}）を公開します。", player=p,
                cards=(top.id,)) as st:
        g.reveal(top)
        if not top.known:
            g.assume("unknown-revealed", "A revealed card whose identity the file does not give "
                     "is treated as having no ignition icon.",
                     "ファイルに内容が書かれていない公開カードは、イグニッションアイコンを持たないもの"
                     "として扱います。")
        played = False
        if "ignition" in top.icons:
            g.reading("ignition-play-806")
            req = Request(via, p, f"play {top.id} without paying its cost",
                          f"{top.id}をコストを支払わずにプレイするか", kind="yesno")
            if g.ask(req):
                played = play_card(g, p, top, free=True, via=via)
            st.message += " It has the ignition icon."
            st.message_ja += "イグニッションアイコンを持ちます。"
        if not played and top.zone == f"{p}.deck":
            why = ("is not played" if "ignition" in top.icons else "has no ignition icon")
            why_ja = ("プレイされない" if "ignition" in top.icons else "イグニッションアイコンを持たない")
            with g.step("effect", (via,), f"{top.id} {why}: it goes to the trash.",
                        f"{top.id}は{why_ja}ため、トラッシュに置かれます。", player=p):
                g.move([top], f"{top.owner}.trash", reason="move")


def _play(g, ins, ctx):
    """「そのカードをプレイする」: an effect has its controller play the card from where it is
    (804.2); a card that cannot be played — no square, a cost that cannot be paid (the game
    returns to just before the play, 804.2f), a 「できない」 — stays where it was."""
    p = ctx.controller
    with g.step("effect", ("804.2",), f"{p} plays the card the effect names.",
                f"{p}は効果が指定するカードをプレイします。", player=p) as st:
        cards = targets(g, ctx, ins["play"])
        st.cards = [c.id for c in cards]
        if not cards:
            st.message = "No card to play."
            st.message_ja = "プレイするカードがありません。"
        for c in cards:
            where = c.zone
            if not play_card(g, p, c, free=ins.get("free", False), via="804.2"):
                g.note("effect", ("804.2",), f"{c.id} could not be played: it stays in "
                       f"{where}.", f"{c.id}はプレイできなかったため、{zone_ja(where)}に"
                       "あるままです。", cards=(c.id,), player=p)


INSTRUCTIONS["ignite"] = _ignite
INSTRUCTIONS["play"] = _play
REGISTRY.rule("1010.1", "505.3a")(ignite)
