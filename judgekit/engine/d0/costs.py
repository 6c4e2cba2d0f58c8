"""Costs of spells, abilities and moves (4.7.2-3, 4.7.2-4, 4.7.2-7, 4.7.3-2, 4.7.3-3; 1.2.3-3):
D0's binding of the core cost pipeline (judgekit.engine.effects.costs).

* The cost is the value of the card's data (4.7.2-3): its printed play cost, or the value an
  effect in force or a static ability sets it to (「使用コストが<無色1>になる」) — a set cost is
  data, so a variable the printed cost held is gone with it.
* Then an alternative cost (覚醒, 5.7.3-1) may replace it, and the player chooses the number
  of each variable the cost holds (4.7.2-3, 1.2.3-3); a variable the cost does not hold cannot
  be defined and is 0 (1.2.2) — the X a card's text reads is then 0.
* Then increases and reductions of effects in force and static abilities (「…の使用コストを
  <無色1>増やす／減らす」), never below 0; after this the cost is locked (4.7.2-7, 4.7.3-3).

A static ability that changes its own card's cost works while the card is in a zone it can be
played from (2.10.3-4); one that changes other cards' costs works from the squares (4.5.1).
"""

from __future__ import annotations

from ..choices import Request
from ..effects.costs import bind, compute, is_variable, variables
from ..game import IllegalAction
from .clauses import REGISTRY

_rule = REGISTRY.rule
_WORD = {"play": ("play cost", "使用コスト"), "move": ("move cost", "移動コスト")}


def cost_text(cost: dict) -> str:
    ja = {"red": "赤", "black": "黒", "blue": "青", "white": "白", "green": "緑",
          "colorless": "無色"}
    return "".join(f"<{ja.get(k, k)}{v}>" for k, v in (cost or {}).items()
                   if v or v == 0 and len(cost) == 1) or "<無色0>"


def _printed(c, which: str) -> dict:
    return dict((c.cost if which == "play" else c.move_cost) or {})


def _forward(c, to: str | None) -> bool:
    """前方: `to` is the adjacent square of c's line toward its controller's opponent."""
    from .geometry import is_battle_square, line_of, row_of

    if not to or not is_battle_square(c.zone) or line_of(to) != line_of(c.zone):
        return False
    return row_of(to) - row_of(c.zone) == (1 if c.controller == "P1" else -1)


def _effects(g, c, which: str, to: str | None = None):
    """The effects in force changing this card's cost: `{cost: {set|increase|reduce: …}}`
    (`forward`: a move to the square in front only)."""
    for e in g.b.effects:
        ch = e.get("cost")
        if ch and c.id in e.get("to", ()) and ch.get("of", "play") == which and (
                not ch.get("forward") or _forward(c, to)):
            incs = e.get("incs") or {}
            if c.id in incs and incs[c.id] != c.incarnation:
                continue  # made for the object the card was before it moved (2.23.1-3)
            label = e.get("source") or "effect"
            yield label, ch, e.get("ts", 0)


def _statics(g, c, which: str):
    """The static abilities changing this card's cost: its own while it is where it can be
    played (2.10.3-4), other cards' from the squares (4.5.1)."""
    from .values import Ref, in_its_zone, look, matches, static_sources

    zone = c.zone.split(".", 1)[1] if "." in c.zone else ""
    for i, ab in enumerate(c.abilities, 1):
        if ab.get("static") == "cost" and not ab.get("to") and ab.get("of", "play") == which \
                and zone in ("hand", "plan"):
            yield f"{c.id}#{i}", ab, ("2.10.3-4",)
    for s in static_sources(g):
        if s.id == c.id:
            continue
        for i, ab in enumerate(s.abilities, 1):
            if ab.get("static") == "cost" and ab.get("to") and ab.get("of", "play") == which \
                    and in_its_zone(s, ab) and matches(g, look(g, c), ab["to"],
                                                       Ref.of_card(g, s)):
                yield f"{s.id}#{i}", ab, ("4.5.1",)


@_rule("4.7.2-3", "4.7.3-3", "2.10.3-4")
def data_cost(g, c, which: str = "play", *, to: str | None = None
              ) -> tuple[dict, tuple, str, str]:
    """4.7.2-3: the cost is the value of the card's data — the printed cost, or the one an
    effect sets it to (the latest effect in force; a static ability before any effect)."""
    printed = _printed(c, which)
    sets = [(label, dict(ab["set"]), 0, cites) for label, ab, cites in _statics(g, c, which)
            if ab.get("set") is not None]
    sets += [(label, dict(ch["set"]), ts, ()) for label, ch, ts in _effects(g, c, which, to)
             if ch.get("set") is not None]
    if not sets:
        return printed, (), "", ""
    label, value, _ts, cites = sorted(sets, key=lambda s: s[2])[-1]
    new = compute(printed, set_to=(label, value)).total
    en, ja = _WORD[which]
    if which == "move":  # the move's cost, as effects change it before it is locked (4.7.3-3)
        return new, ("4.7.3-3",) + cites, (
            f" Its move cost is {cost_text(new)}: {label} sets it, before the cost is locked "
            "(4.7.3-3)."), f"（{label}により移動コストは{cost_text(new)}です）"
    return new, ("4.7.2-3",) + cites, (
        f" for its {en} {cost_text(new)} ({label} sets it; the cost is the value of the card's "
        f"data, 4.7.2-3)"), f"（{label}により{ja}は{cost_text(new)}です）"


@_rule("4.7.2-3", "4.7.3-2", "1.2.3-3", "1.2.2")
def choose_x(g, c, player: str, cost: dict, given, which: str = "play", *,
             pool: int = 0) -> tuple[dict, int | None, tuple, str, str]:
    """The player decides the number of each variable the cost holds (4.7.2-3, 4.7.3-2;
    1.2.3-3: its controller, unless a card decides it). A cost without a variable leaves none
    to choose: a variable the card's text reads cannot be defined and is 0 (1.2.2). Returns
    the bound cost, X (None: the card has no X at all), cites and words. `pool`: how many
    cards could pay (the largest X offered when the player is asked)."""
    clause = "4.7.2-3" if which == "play" else "4.7.3-2"
    names = variables(cost)
    if not names:
        if given not in (None, 0) and not _reads_x(c):
            raise IllegalAction(f"{c.label()}'s cost has no variable to choose",
                                f"{c.label()}のコストには変数がありません", (clause, "1.2.3-3"))
        if _reads_x(c) or given is not None:
            return cost, 0, ("1.2.3-3", "1.2.2"), (
                f" with X = 0 (its cost {cost_text(cost)} holds no X: X cannot be defined, "
                "1.2.2)"), f"（コスト{cost_text(cost)}にXがないため、X＝0です）"
        return cost, None, (), "", ""
    if given is not None:
        x = int(given)
    else:
        fixed = sum(int(v) for v in cost.values() if not is_variable(v))
        most = max(0, pool - fixed) // max(1, sum(
            1 for v in cost.values() if is_variable(v)))
        x = g.ask(Request(clause, player, f"choose X for {c.label()}'s {_WORD[which][0]} "
                          f"{cost_text(cost)}", f"{c.label()}の{_WORD[which][1]}{cost_text(cost)}の"
                          "Xの値を決めてください", options=list(range(most + 1)),
                          cites=(clause, "1.2.3-3")))
        x = int(x)
    bound = bind(cost, {n: x for n in names})
    if which == "move":
        return bound, x, (clause, "1.2.3-3"), (
            f" X = {x}, decided as the move is declared (4.7.3-2): the move cost is "
            f"{cost_text(bound)}."), f"（この時点でX＝{x}を決定し、移動コストは{cost_text(bound)}です）"
    return bound, x, (clause, "1.2.3-3"), (
        f" with X = {x} (decided as it is {'played' if which == 'play' else 'declared'}, "
        f"{clause}; the cost is {cost_text(bound)})"), (
        f"（この時点でX＝{x}を決定し、コストは{cost_text(bound)}です）")


def _reads_x(c) -> bool:
    """Does the card's text read X (an amount or a count written X)?"""
    def walk(v) -> bool:
        if isinstance(v, dict):
            return any(k == "x" or walk(w) for k, w in v.items())
        if isinstance(v, list):
            return any(walk(w) for w in v)
        return is_variable(v)
    return any(walk(ab) for ab in c.abilities)


@_rule("4.7.2-7", "4.7.3-3", "4.5.1")
def changed(g, c, cost: dict, which: str = "play", *, to: str | None = None
            ) -> tuple[dict, tuple, str, str]:
    """Increases and reductions of effects in force and static abilities, through the core
    pipeline (never below 0); the cost is then locked: a later change cannot touch it (4.7.2-7,
    4.7.3-3)."""
    inc, red, cites = [], [], []
    for label, ab, cs in _statics(g, c, which):
        if ab.get("increase"):
            inc.append((label, dict(ab["increase"])))
        if ab.get("reduce"):
            red.append((label, dict(ab["reduce"])))
        cites += cs
    for label, ch, _ts in _effects(g, c, which, to):
        if ch.get("increase"):
            inc.append((label, dict(ch["increase"])))
        if ch.get("reduce"):
            red.append((label, dict(ch["reduce"])))
    if not inc and not red:
        return cost, (), "", ""
    r = compute(cost, increases=inc, reductions=red)
    lock = "4.7.2-7" if which == "play" else "4.7.3-3"
    how = ", ".join(f"{lab} {'-' if any(int(v) < 0 for v in d.values()) else '+'}"
                    f"{cost_text({k: abs(int(v)) for k, v in d.items()})}" for lab, d in r.steps)
    if which == "move":
        return r.total, (lock,) + tuple(dict.fromkeys(cites)), (
            f" Move cost changes: {how} → {cost_text(r.total)}, locked before it is paid "
            f"({lock})."), (f"（移動コストの変更：{how} → {cost_text(r.total)}。支払いの前に確定します）")
    return r.total, (lock,) + tuple(dict.fromkeys(cites)), (
        f" (cost changes: {how} → {cost_text(r.total)}, locked before it is paid, {lock})"), (
        f"（コストの変更：{how} → {cost_text(r.total)}。支払いの前に確定します）")


def x_of(ctx) -> int:
    """The X of the spell or ability an effect belongs to; 0 when none was chosen (1.2.2)."""
    it = getattr(ctx, "item", None)
    return int(getattr(it, "x", None) or 0)


@_rule("1.2.2")
def amount(v, ctx) -> int:
    """An amount of an instruction: a number, X, or {x: N} (X × N: 「X000のダメージ」)."""
    if isinstance(v, dict):
        return x_of(ctx) * int(v.get("x", 1))
    if is_variable(v):
        return x_of(ctx)
    return int(v or 0)


def least(cost: dict) -> dict:
    """A cost with its variables at 0: what can at least be paid (legal-action listing)."""
    return bind(cost, {})


def x_words(v, ctx) -> tuple[tuple, str, str]:
    """How an amount written with X was read: the X chosen when played (4.7.2-3), or 0 when
    none could be defined (1.2.2)."""
    if not ((isinstance(v, dict) and "x" in v) or is_variable(v)):
        return (), "", ""
    x = getattr(getattr(ctx, "item", None), "x", None)
    if x is None:
        return ("1.2.2",), " (X cannot be defined: 0, 1.2.2)", "（Xは定義できないため0です）"
    return ("4.7.2-3",), f" (X = {x}, as fixed when it was played)", f"（プレイ時に決定したX＝{x}）"


def change_words(ch: dict) -> tuple[str, str]:
    en_w, ja_w = _WORD[ch.get("of", "play")]
    en, ja = [], []
    if ch.get("set") is not None:
        en.append(f"{en_w} becomes {cost_text(ch['set'])}")
        ja.append(f"{ja_w}が{cost_text(ch['set'])}になる")
    if ch.get("increase"):
        en.append(f"{en_w} +{cost_text(ch['increase'])}")
        ja.append(f"{ja_w}を{cost_text(ch['increase'])}増やす")
    if ch.get("reduce"):
        en.append(f"{en_w} −{cost_text(ch['reduce'])}")
        ja.append(f"{ja_w}を{cost_text(ch['reduce'])}減らす")
    return "; ".join(en), "、".join(ja)


@_rule("1.1.1")
def play_permission(g, c, player: str) -> str | None:
    """The source of an effect in force that lets `player` play card `c` from the zone it is
    in (`play_from:`, e.g. a card an ability removed from the game, 2.23.10-1): the card text
    wins over the rule that cards are played from the hand (1.1.1). None: no such effect."""
    zone = c.zone.split(".", 1)[1] if c.zone.startswith(player + ".") else None
    for e in g.b.effects:
        if zone and e.get("play_from") == zone and c.id in e.get("to", ()):
            incs = e.get("incs") or {}
            if c.id in incs and incs[c.id] != c.incarnation:
                continue
            return e.get("source") or "an effect"
    return None


@_rule("4.7.2-4", "4.7.2-3")
def additional_and_alternative(g, c, player: str, cost: dict, a: dict, *, awakened: bool,
                               holds) -> tuple[dict, bool, tuple, str, str]:
    """4.7.2-4: a card's additional cost (「[追加コスト]」, paid on top of its cost) and
    alternative cost (「支払うにあたり、そのコストを[代替コスト]にしてよい」, paid instead of it);
    which of them the player pays is chosen as the card is played, after the cost is the card's
    data and before X is decided (4.7.2-3): the action's `alternative:` / `additional:`, else
    the engine asks (choice `4.7.2-4`). One alternative at a time: 覚醒 (5.7.3-1) is one too.
    `holds(condition)`: does an alternative cost's condition hold now (the caller's reading of
    conditions). Returns the cost (through the core pipeline), whether the additional cost is
    paid, cites and words."""
    from ..effects.costs import choose_alternative

    adds = [(i, ab) for i, ab in enumerate(c.abilities, 1) if "additional_cost" in ab]
    alts = [(i, ab) for i, ab in enumerate(c.abilities, 1) if "alternative_cost" in ab]
    if not adds and not alts:
        if a.get("additional") or a.get("alternative"):
            raise IllegalAction(f"{c.label()} has no additional or alternative cost",
                                f"{c.label()}には追加コストも代替コストもありません",
                                ("4.7.2-4", "4.7.2-3"))
        return cost, False, (), "", ""
    usable = [(f"{c.id}#{i}", dict(ab["alternative_cost"])) for i, ab in alts
              if holds(ab.get("condition"))]
    want = a.get("alternative")
    if want and awakened:
        raise IllegalAction(f"{c.label()} is played for its 覚醒 cost, itself an alternative "
                            "cost: another alternative cost cannot replace its cost too",
                            f"{c.label()}は覚醒のコストでプレイされるため、別の代替コストは選べません",
                            ("4.7.2-4", "5.7.3-1"))
    alternative = None if awakened else choose_alternative(
        g, player, usable, want, key="4.7.2-4", cites=("4.7.2-4", "4.7.2-3"), what=c.label(),
        what_ja=c.label(), base=cost, show=cost_text)
    additional = []
    for i, ab in adds:
        pay_it = True
        if ab.get("optional"):
            pay_it = a.get("additional")
            if pay_it is None:
                pay_it = _yes(g, player, f"pay {c.label()}'s additional cost "
                              f"{cost_text(ab['additional_cost'])}?", f"{c.label()}の追加コスト"
                              f"{cost_text(ab['additional_cost'])}を支払いますか？")
        if pay_it:
            additional.append((f"{c.id}#{i}", dict(ab["additional_cost"])))
    if a.get("additional") and not additional:
        raise IllegalAction(f"{c.label()} has no additional cost to pay",
                            f"{c.label()}には追加コストがありません", ("4.7.2-4",))
    if alternative is None and not additional:
        return cost, False, (), "", ""
    r = compute(cost, alternative=alternative, additional=additional)
    en, ja = [], []
    if alternative is not None:
        en.append(f"its alternative cost {cost_text(alternative[1])} instead of "
                  f"{cost_text(cost)}")
        ja.append(f"代替コスト{cost_text(alternative[1])}（{cost_text(cost)}のかわり）")
    for _lab, add in additional:
        en.append(f"the additional cost {cost_text(add)}")
        ja.append(f"追加コスト{cost_text(add)}")
    return r.total, bool(additional), ("4.7.2-4", "4.7.2-3"), (
        f" paying {' and '.join(en)}: {cost_text(r.total)} in all (chosen as it is played, "
        "4.7.2-4, 4.7.2-3)"), f"（{'と'.join(ja)}を支払い、合計{cost_text(r.total)}）"


def _yes(g, player: str, en: str, ja: str) -> bool:
    return bool(g.ask(Request("4.7.2-4", player, en, ja, kind="yesno",
                              cites=("4.7.2-4", "4.7.2-3"))))
