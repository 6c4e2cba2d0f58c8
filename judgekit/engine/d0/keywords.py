"""Dimension Zero's keyword abilities (第5部) that change how a unit is played, moved or paid for,
or what may be played meanwhile — each its own procedure, called from play.py and resolve.py:

* 召集 (5.3): a unit of yours with 召集ー[スクエア条件] lets you play a unit onto a battle square
  with no unit that meets the condition from it, as if it were your own area; the unit is put
  there released instead of frozen, unless the 召集 card no longer meets the condition when it
  arrives (5.3.2-1). A special play (5.3.2-2).
* 隊列召喚 (5.8): a unit with 隊列召喚—[定義][コスト] may be played, for that cost, onto the
  square its formation names (2-1 … 2-8) when your cards stand where the formation says, as if
  it were your own area. A special play (5.8.3).
* 補給 (5.15): the colourless part of the play cost is reduced by 1 for each base on your base
  squares.
* 呼声 (5.10): when a unit is played or moved, cards with 呼声 of its colour may be frozen as an
  additional cost, each reducing the colourless energy paid by 1 (a negative cost reads as 0,
  5.10.3).
* 急襲[数値] (5.16): instead of paying a unit's move cost, [数値] released bases on your base
  squares may be frozen.
* 閃光 (5.14): while the move of a card with 閃光 is on the stack, no player can play a card.

A file names the special play in the play action (`via:` the card whose 召集 or 隊列召喚 is
used), the 呼声 cards frozen (`call:`) and the bases frozen for 急襲 (`raid:`).
"""

from __future__ import annotations

from ..game import IllegalAction
from .clauses import REGISTRY
from .geometry import (BATTLE_SQUARES, RANGE_ALIASES, SHAPE_ALIASES, adjacent, is_base_square,
                       is_battle_square, line_of, row_of)
from .values import colors, has_keyword, text_enabled, text_works

_rule = REGISTRY.rule

# 5.8.2-1 … 5.8.2-8: the formations, with the clause that defines each
SHAPES = {"straight": "5.8.2-1", "triangle": "5.8.2-2", "x": "5.8.2-3", "underbar": "5.8.2-4",
          "small_eye": "5.8.2-5", "big_eye": "5.8.2-6", "big_triangle": "5.8.2-7",
          "bottom_bar": "5.8.2-8"}
SHAPE_JA = {v: k for k, v in SHAPE_ALIASES.items()}
RANGE_JA = {v: k for k, v in RANGE_ALIASES.items()}


def _illegal(en: str, ja: str, cites=()) -> IllegalAction:
    return IllegalAction(en, ja, cites)


class Special:
    """A special play (5.3.2-2, 5.8.3): which keyword, whose, the cost it plays for (None: the
    card's own), the clauses and words of the play step."""

    __slots__ = ("kind", "source", "cost", "cites", "en", "ja")

    def __init__(self, kind, source, cost, cites, en, ja) -> None:
        self.kind, self.source, self.cost, self.cites, self.en, self.ja = (
            kind, source, cost, cites, en, ja)


# ---- 召集 (5.3) ---------------------------------------------------------------------------------

def _meets(sq: str, src_zone: str, cond: str) -> bool:
    """5.3.2: does the square meet 召集's square condition from the card with 召集?"""
    if not (is_battle_square(sq) and is_battle_square(src_zone)) or sq == src_zone:
        return False
    if cond == "same_line":
        return line_of(sq) == line_of(src_zone)
    if cond == "same_area":
        return row_of(sq) == row_of(src_zone)
    return adjacent(sq, src_zone)


def summon_squares(g, src, player: str) -> list[str]:
    """5.3.2: the battle squares with no unit that meet the condition of `src`'s 召集."""
    cond = has_keyword(src, "summon")
    return [s for s in BATTLE_SQUARES if _meets(s, src.zone, cond) and not g.b.units_on(s)]


# ---- 隊列召喚 (5.8) -----------------------------------------------------------------------------

def _sq(player: str, line: str, area: str) -> str:
    """The battle square of a line (absolute column) in an area seen from `player`."""
    own, enemy = (1, 3) if player == "P1" else (3, 1)
    return f"{line}{ {'own': own, 'center': 2, 'enemy': enemy}[area] }"


def _units_of(g, player: str, sq: str) -> bool:
    return any(u.controller == player for u in g.b.units_on(sq))


def _cards_of(g, player: str, sq: str) -> bool:
    return any(c.controller == player for c in g.b.cards_in(sq))


@_rule(*SHAPES.values())
def formation_squares(g, shape: str, player: str) -> list[str]:
    """5.8.2-1 … 5.8.2-8: the squares a unit with this formation may be played onto now (the
    formation's cards are in place), before 2.20.1-2's 'no unit of yours' is applied."""
    u = lambda ln, ar: _units_of(g, player, _sq(player, ln, ar))  # noqa: E731
    centre = [_sq(player, "C", "center")]
    need = {
        "straight": lambda: u("L", "center") and u("R", "center"),
        "triangle": lambda: u("L", "own") and u("R", "own") and u("C", "enemy"),
        "x": lambda: all(u(ln, ar) for ln in "LR" for ar in ("own", "enemy")),
        "underbar": lambda: all(u(ln, "own") for ln in "LCR"),
        "big_triangle": lambda: (_cards_of(g, player, f"{player}-L")
                                 and _cards_of(g, player, f"{player}-R") and u("C", "enemy")),
        "bottom_bar": lambda: all(_cards_of(g, player, f"{player}-{ln}") for ln in "LCR"),
    }
    if shape in need:
        return centre if need[shape]() else []
    if shape == "big_eye":
        return [_sq(player, ln, "center") for ln in "LCR"
                if u(ln, "own") and u(ln, "enemy")]
    # small_eye: the square right behind (toward the player's own side) a unit of the player's
    step = -1 if player == "P1" else 1
    out = []
    for s in BATTLE_SQUARES:
        r = row_of(s) - step
        if 1 <= r <= 3 and _units_of(g, player, f"{line_of(s)}{r}"):
            out.append(s)
    return out


# ---- the special play of a unit --------------------------------------------------------------

@_rule("5.3.2", "5.3.2-2", "5.8.2", "5.8.3")
def special_play(g, c, player: str, sq: str, via: str) -> Special:
    """Check a unit's special play (5.3.2 / 5.8.2) onto `sq` through the card `via`; return what
    it changes, or raise IllegalAction naming the clause it fails."""
    b = g.b
    src = b.cards.get(via)
    if src is None:
        raise _illegal(f"{via} is not a card", f"{via}はカードではありません", ("5.3.2",))
    if has_keyword(src, "summon") and src.id != c.id:
        cond = has_keyword(src, "summon")
        if src.controller != player or not text_works(src) or b.is_attached(src):
            raise _illegal(f"{src.label()}'s 召集 is not {player}'s to use (a unit of "
                           f"{player}'s on a battle square)", f"{src.label()}の召集は{player}が"
                           "使用できません", ("5.3.2",))
        legal = summon_squares(g, src, player)
        if sq not in legal:
            raise _illegal(f"{c.label()} cannot be played to {sq} through {src.label()}'s "
                           f"召集ー{RANGE_JA.get(cond, cond)}: a battle square with no unit that "
                           f"meets the condition ({', '.join(legal) or 'none'})",
                           f"{c.label()}は{src.label()}の召集ー{RANGE_JA.get(cond, cond)}で{sq}に"
                           "プレイできません（条件を満たすユニットのないバトルスペースのスクエア）",
                           ("5.3.2",))
        return Special("summon", src.id, None, ("5.3.2", "5.3.2-2"),
                       f" through {src.label()}'s 召集ー{RANGE_JA.get(cond, cond)} (a special "
                       "play: as if the square were in its own area)",
                       f"（{src.label()}の召集ー{RANGE_JA.get(cond, cond)}による特殊なプレイ："
                       "自軍エリアであるかのように）")
    form = has_keyword(c, "formation") if src.id == c.id else None
    if not form:
        raise _illegal(f"{src.label()} has no 召集 (and {c.label()} is not played through its "
                       "own 隊列召喚)", f"{src.label()}には召集がありません", ("5.3.2", "5.8.2"))
    shape = form["shape"]
    legal = [s for s in formation_squares(g, shape, player)
             if not any(x.controller == player for x in b.units_on(s))]
    if sq not in legal:
        raise _illegal(f"{c.label()} cannot be played to {sq} by 隊列召喚—{SHAPE_JA[shape]}: "
                       f"the formation's cards are not in place for it "
                       f"({', '.join(legal) or 'no square now'})",
                       f"{c.label()}は隊列召喚—{SHAPE_JA[shape]}で{sq}にプレイできません"
                       "（隊列の条件を満たしていません）", ("5.8.2", SHAPES[shape]))
    return Special("formation", c.id, dict(form.get("cost") or {}),
                   ("5.8.2", SHAPES[shape], "5.8.3"),
                   f" by 隊列召喚—{SHAPE_JA[shape]} for its 隊列召喚 cost (a special play: as "
                   "if the square were in its own area)",
                   f"（隊列召喚—{SHAPE_JA[shape]}による特殊なプレイ：隊列召喚コストで、自軍エリアで"
                   "あるかのように）")


@_rule("5.3.2", "5.3.2-1")
def summon_released(g, c, sq: str, via: str | None) -> tuple[bool, tuple, str, str]:
    """On resolution: is a unit played through 召集 put released (5.3.2), or frozen as usual
    because the 召集 card no longer meets the condition (5.3.2-1)?"""
    src = g.b.cards.get(via) if via else None
    if src is None or via == c.id:
        return False, (), "", ""
    cond = has_keyword(src, "summon")
    if cond and text_works(src) and not g.b.is_attached(src) and _meets(sq, src.zone, cond):
        return True, ("5.3.2",), (
            f" It was played through {src.label()}'s 召集: released instead of frozen."), (
            f"{src.label()}の召集による特殊なプレイのため、フリーズ状態のかわりにリリース状態で"
            "置かれます。")
    return False, ("5.3.2-1",), (
        f" {src.label()}, whose 召集 it was played through, no longer meets the square "
        "condition: it is put frozen as usual."), (
        f"召集を使用した{src.label()}がスクエア条件を満たさなくなったため、通常通りフリーズ状態"
        "で置かれます。")


# ---- costs: 補給, 呼声, 急襲 ----------------------------------------------------------------------

def _minus_colorless(cost: dict, n: int) -> tuple[dict, bool]:
    cost = dict(cost or {})
    raw = int(cost.get("colorless", 0) or 0) - n
    cost["colorless"] = max(0, raw)
    return cost, raw < 0


@_rule("5.15.2")
def supply(g, c, player: str, cost: dict) -> tuple[dict, tuple, str, str]:
    """5.15.2: 補給 reduces the colourless energy of the play cost by the bases on the player's
    base squares."""
    if not has_keyword(c, "supply"):
        return cost, (), "", ""
    n = sum(1 for ln in "LCR" for x in g.b.cards_in(f"{player}-{ln}")
            if x.type == "base" and not g.b.is_attached(x))
    new, _ = _minus_colorless(cost, n)
    return new, ("5.15.2",), (f" 補給: {n} base(s) on {player}'s base squares take "
                              f"{n} off the colourless energy."), (
        f"補給：ベーススペースのベース{n}枚につき無色エネルギーを-{n}します。")


@_rule("5.10.2", "5.10.3")
def call(g, c, player: str, cost: dict, given) -> tuple[dict, list, tuple, str, str]:
    """5.10.2: the 呼声 cards frozen as an additional cost of playing or moving unit `c`, each
    taking 1 off the colourless energy paid (a cost made negative reads as 0, 5.10.3)."""
    if not given:
        return cost, [], (), "", ""
    b = g.b
    mine = set(colors(g, c))
    cards = []
    for cid in given:
        x = b.cards.get(cid)
        col = has_keyword(x, "call") if x is not None else None
        if (x is None or not col or col not in mine or x.controller != player
                or x.state != "released" or not (is_battle_square(x.zone)
                                                  or is_base_square(x.zone)
                                                  or x.zone == f"{player}.energy")):
            raise _illegal(f"{cid} cannot be frozen for 呼声: a released card of {player}'s with "
                           f"呼声 of {c.label()}'s colour ({', '.join(sorted(mine))})",
                           f"{cid}は呼声としてフリーズできません（{c.label()}と同じ色の呼声を持つ"
                           "リリース状態のカード）", ("5.10.2",))
        cards.append(x)
    new, neg = _minus_colorless(cost, len(cards))
    return new, cards, ("5.10.2",) + (("5.10.3",) if neg else ()), (
        f" 呼声: {', '.join(x.label() for x in cards)} frozen as an additional cost, "
        f"colourless -{len(cards)}" + (" (a negative cost reads as 0)" if neg else "") + "."), (
        f"呼声：{'、'.join(x.label() for x in cards)}を追加コストとしてフリーズし、無色エネルギーを"
        f"-{len(cards)}します" + ("（マイナスは0として扱います）" if neg else "") + "。")


@_rule("5.16.2")
def raid(g, c, player: str, given) -> list | None:
    """5.16.2: 急襲[数値] — instead of the move cost, [数値] released bases on the player's base
    squares are frozen. None when the move is paid as usual."""
    if given is None:
        return None
    n = has_keyword(c, "raid")
    if not n:
        raise _illegal(f"{c.label()} has no 急襲", f"{c.label()}は急襲を持っていません",
                       ("5.16.2",))
    b = g.b
    cards = [b.cards.get(i) for i in given]
    if len(set(given)) != n or any(
            x is None or x.type != "base" or x.zone not in (f"{player}-L", f"{player}-C",
                                                             f"{player}-R")
            or x.controller != player or x.state != "released" for x in cards):
        raise _illegal(f"急襲{n}: {n} released base(s) on {player}'s base squares are frozen "
                       f"instead of the move cost ({', '.join(given) or 'none'} given)",
                       f"急襲{n}：移動コストのかわりに{player}のベーススペースのリリース状態の"
                       f"ベースを{n}枚フリーズします", ("5.16.2",))
    return cards


# ---- 閃光 (5.14) --------------------------------------------------------------------------------

@_rule("5.14.2")
def flash_move(g):
    """5.14.2: the card with 閃光 whose move is on the stack, if any (no card can be played)."""
    b = g.b
    for it in b.stack:
        if it.kind == "move":
            c = b.cards.get(it.card)
            if c is not None and c.incarnation == it.obj and has_keyword(c, "flash"):
                return c
    return None


def no_play_while_flash(g, c) -> None:
    f = flash_move(g)
    if f is not None:
        raise _illegal(f"{c.label()} cannot be played: the move of {f.label()}, which has 閃光, is "
                       "on the stack", f"閃光を持つ{f.label()}の移動がスタックに乗っているため、"
                       f"{c.label()}はプレイできません", ("5.14.2",))


# ---- 進撃 (5.11) --------------------------------------------------------------------------------

@_rule("5.11.1", "5.11.3", "5.16.3")
def advance_cost(g, c, cost: dict, advance, raided: bool) -> tuple[dict, tuple, str, str]:
    """5.11.1: 進撃's additional cost, added to what the move pays (once per move, 5.11.3; with
    急襲 it is still paid as usual, 5.16.3)."""
    if not advance:
        return cost, (), "", ""
    extra = has_keyword(c, "advance")
    if not isinstance(extra, dict):
        raise _illegal(f"{c.label()} has no 進撃", f"{c.label()}は進撃を持っていません",
                       ("5.11.1",))
    out = dict(cost or {})
    for k, v in extra.items():
        out[k] = int(out.get(k, 0) or 0) + v
    return out, ("5.11.1", "5.11.3") + (("5.16.3",) if raided else ()), (
        " 進撃's additional cost is paid with it (once)." + (
            " 急襲 does not pay it: it is paid with energy." if raided else "")), (
        "進撃の追加コストも（1度だけ）支払います。" + (
            "急襲で追加コストを支払うことはできないため、エネルギーで支払います。" if raided else ""))


@_rule("5.11.2")
def advance_triggers(g, c, it) -> None:
    """5.11.2: a move that paid 進撃's additional cost and resolved triggers the card's own 進撃
    ability (a countered move does not: this is called only when the move resolved)."""
    if not getattr(it, "advance", False):
        return
    from .triggers import fire

    g.note("keyword", ("5.11.2",), f"{c.label()}'s move, for which 進撃's additional cost was "
           "paid, has resolved: its 進撃 ability triggers.",
           f"進撃の追加コストを支払った{c.label()}の移動が解決されたため、進撃の能力が誘発します。",
           cards=(c.id,))
    fire(g, "advance", card=c.id, sources=[c])


@_rule("5.11.2", "5.13.2-1")
def move_not_resolved(g, it) -> None:
    """A countered move: it did not resolve, so 進撃 paid with it triggers nothing (5.11.2) and
    it enables no 共鳴 text (5.13.2-1)."""
    from .exchange import resonance_waiting

    label = g.label(it.card)
    if getattr(it, "advance", False):
        g.note("keyword", ("5.11.2",), f"{label}'s move, for which 進撃's additional cost was "
               "paid, did not resolve: its 進撃 ability does not trigger.",
               f"進撃の追加コストを支払った{label}の移動は解決されなかったため、進撃は誘発しません。",
               cards=(it.card,))
    if it.controller and resonance_waiting(g, it.controller):
        g.note("keyword", ("5.13.2-1",), f"{label}'s move did not resolve: it does not enable "
               f"{it.controller}'s 共鳴 text.",
               f"{label}の移動は適正に解決されなかったため、共鳴によりテキストが有効になることは"
               "ありません。", cards=(it.card,), player=it.controller)


# ---- 共鳴 (5.13) and 連動 (5.12): text enabled by a condition ---------------------------------------

def gate_cites(ab: dict) -> tuple:
    return (("5.12.2",) if ab.get("linked") else ()) + (
        ("5.13.2", "5.13.3") if ab.get("resonance") else ())


@_rule("5.12.3", "5.12.4")
def linked_at_play(g, c, ab: dict, player: str) -> bool | None:
    """5.12.3, 5.12.4: whether a 連動 card's 連動 text is enabled is fixed when it is played and
    put on the stack; cards reaching or leaving the graveyard meanwhile change nothing."""
    if not ab.get("linked"):
        return None
    return text_enabled(g, c, {"linked": ab["linked"]}, player)


@_rule("5.13.2")
def mark_resonance(g, c) -> None:
    """5.13.2: a unit's move has resolved — 共鳴 is on for its controller for the rest of the
    turn (even if the unit leaves, 5.13.3; a unit put from square to square otherwise, or a move
    that did not resolve, does not count, 5.13.2-1: this is called only here)."""
    p = c.controller
    if g.b.players[p].flags.get("resonance"):
        return
    g.set_flag(p, "resonance", True)
    if any(ab.get("resonance") for x in g.b.cards.values() if x.controller == p
           for ab in x.abilities):
        g.note("keyword", ("5.13.2",), f"A unit of {p}'s was put onto a square by resolving its "
               f"move: {p}'s 共鳴 texts are enabled for the rest of this turn.",
               f"{p}のユニットが移動の解決によってスクエアに置かれたため、このターンの間、{p}の共鳴の"
               "テキストが有効になります。", cards=(c.id,), player=p)


def note_linked(g, c, it, player: str) -> None:
    """5.12.3 / 5.12.4: record, as the card is put on the stack, whether each 連動 text of its
    is enabled; it stays so while the card is on the stack."""
    for idx, ab in enumerate(c.abilities, 1):
        on = linked_at_play(g, c, ab, player)
        if on is None:
            continue
        it.linked[idx] = on
        names = "」「".join(ab["linked"])
        cl = "5.12.4" if on else "5.12.3"
        g.note("keyword", ("5.12.2", cl),
               f"{c.label()} is played {'with' if on else 'without'} 「{names}」 in {player}'s "
               f"graveyard: its 連動 text is {'enabled' if on else 'not enabled'}, and stays so "
               "while it is on the stack.",
               f"{c.label()}は{player}の墓地に「{names}」が{'ある' if on else 'ない'}状態でプレイされた"
               f"ため、連動のテキストは{'有効' if on else '無効'}で、スタック上にある間そのままです。",
               cards=(c.id,), player=player)


def spell_text_enabled(g, c, it, idx: int, ab: dict) -> bool:
    """A strategy's text as it resolves: its 連動 text as it was when played (5.12.3, 5.12.4),
    its 共鳴 text as things stand (5.13.2)."""
    if not (ab.get("linked") or ab.get("resonance")):
        return True
    on = True
    cites: tuple = ()
    if ab.get("linked"):
        on = it.linked.get(idx, linked_at_play(g, c, ab, it.controller))
        cites += ("5.12.2", "5.12.4" if on else "5.12.3")
    if on and ab.get("resonance"):
        on = text_enabled(g, c, {"resonance": True}, it.controller)
        cites += ("5.13.2",)
    g.note("keyword", cites,
           f"{c.label()}'s {'連動' if ab.get('linked') else '共鳴'} text is "
           f"{'enabled' if on else 'not enabled'} as it resolves"
           + (" (連動: as it was when played)" if ab.get("linked") else "") + ".",
           f"{c.label()}の{'連動' if ab.get('linked') else '共鳴'}のテキストは解決時に"
           f"{'有効' if on else '無効'}です" + ("（連動：プレイされた時の状態）" if ab.get("linked")
                                         else "") + "。", cards=(c.id,))
    return on


# ---- ゾーン効果: 暴走 (5.7.2) and 覚醒 (5.7.3) -------------------------------------------------------

@_rule("5.7.2-1", "5.7.2-2")
def rampage(g, c, p: str) -> None:
    """5.7.2-1: 暴走[数値]—[効果] — the card was turned face up as the plan zone (creating or
    updating it, 5.7.2-2: not merely put face up by an effect): its 暴走 abilities trigger if
    its player's energy zone holds [数値] cards or more (any number when none is written)."""
    from .triggers import fire

    abs_ = [ab for ab in c.abilities if ab.get("trigger") == "rampage"]
    if not abs_:
        return
    have = len(g.b.pzone(p, "energy"))
    need = max(ab.get("energy", 0) or 0 for ab in abs_)
    ok = have >= need
    g.note("keyword", ("5.7.2-1", "5.7.2-2"), f"{c.label()} was turned face up as {p}'s plan zone: "
           f"its 暴走{need or ''} " + (f"triggers ({p} has {have} energy card(s))." if ok else
                                      f"does not trigger ({p} has {have} energy card(s), fewer "
                                      f"than {need})."),
           f"{c.label()}がプランゾーンとして表向きになりました。{p}のエネルギーゾーンのカードは{have}枚の"
           f"ため、暴走{need or ''}は" + ("誘発します。" if ok else "誘発しません。"), cards=(c.id,),
           player=p)
    if ok:
        fire(g, "rampage", card=c.id, sources=[c])


@_rule("5.7.3-1")
def awakening_cost(g, c, from_plan: bool, awaken) -> tuple[dict | None, tuple, str, str]:
    """5.7.3-1: 覚醒—[コスト](か[コスト]) — a card played from the plan zone may be played for its
    覚醒 cost instead (an alternative cost; its own cost stays possible, 5.7.3-2)."""
    if awaken is None or awaken is False:
        return None, (), "", ""
    costs = has_keyword(c, "awaken")
    if not costs or not from_plan:
        raise _illegal(f"{c.label()} cannot be played for a 覚醒 cost: "
                       + ("it has no 覚醒" if not costs else "only from the plan zone"),
                       f"{c.label()}は覚醒のコストでプレイできません", ("5.7.3-1",))
    costs = costs if isinstance(costs, list) else [costs]
    k = 1 if awaken is True else int(awaken)
    if not 1 <= k <= len(costs):
        raise _illegal(f"{c.label()} has {len(costs)} 覚醒 cost(s), not a #{k}",
                       f"{c.label()}の覚醒のコストは{len(costs)}つです", ("5.7.3-1",))
    return dict(costs[k - 1]), ("5.7.3-1",), " for its 覚醒 cost (an alternative cost)", (
        "（覚醒のコストで）")
