"""Effective values of cards (第4部第14章 継続効果) and the card filters of the ability vocabulary.

* power / smash: printed value + static abilities of cards on the squares (4.5, 4.14.4: they
  also affect cards that arrive later, and a card arrives already affected, 4.14.2, 4.5.2) +
  支援 (5.5) + continuous effects of spells and abilities in force (4.14.3: those that change
  data were fixed to the cards present when they began, 4.14.3-2). Power and smash are layered
  last (4.14.5-2); additions do not depend on their order. A negative result reads as 0 except
  while it is being modified (1.2.2): `raw_*` gives the signed value.
* colours: the play cost's colours (2.4.2) unless an effect in force changes them (the latest
  one wins, 4.14.5-4).

A `Look` is what a rule or a filter sees of a card: its live values, or its last-known
information when it has left its zone (4.17, 4.2.6, 4.9.2-6).
"""

from __future__ import annotations

from ..effects import zones as _zones
from ..effects.prohibit import Binding, forbidden
from .geometry import is_public, zone_kind
from .clauses import REGISTRY
from .spec import CANNOT_VERBS
from .model import (BATTLE_SQUARES, LINES, adjacent, area_of, cost_total, is_base_square,
                    is_battle_square, is_square, line_of, opponent, row_of)


def text_works(c) -> bool:
    """2.20.1-7 / 2.20.2-5: a unit's text works on a battle square, a base's on a base
    square."""
    if c.type == "unit":
        return is_battle_square(c.zone)
    if c.type == "base":
        return is_base_square(c.zone)
    return False


def static_sources(g):
    """Cards whose static abilities (and 支援) are in force now (4.14.4-1), and cards in the zone
    their zone effect names (ゾーン効果, 5.7.1)."""
    for c in g.b.on_squares():
        if not g.b.is_attached(c) and text_works(c):
            if any("static" in ab for ab in c.abilities) or has_keyword(c, "support"):
                yield c
    b = g.b
    for p in ("P1", "P2"):
        for z in ZONE_EFFECT_ZONES:
            for i in b.pzone(p, z):
                c = b.cards[i]
                if any("static" in ab and ab.get("zone") for ab in c.abilities):
                    yield c


ZONE_EFFECT_ZONES = ("graveyard", "energy", "plan", "hand")


def _home(c, ab=None) -> tuple:
    """2.20.1-7 / 2.20.2-5: a unit's text works on a battle square, a base's on a base square
    (a strategy's when it resolves, 2.10.3-1: in no zone)."""
    return {"unit": ("battle_square",), "base": ("base_square",)}.get(c.type, ())


# D0's binding of the core zone-limited abilities (judgekit.engine.effects.zones): 5.7.1, 2.10.3
ZONES = _zones.Zones(kind=zone_kind, home=_home, public=is_public,
                     looks_back=lambda frm, to: not is_square(to), key="zone", clause="5.7.1")


@REGISTRY.rule("5.7.1", "5.7.1-2", "5.7.1-3", "2.10.3")
def in_its_zone(c, ab: dict, zone: str | None = None) -> bool:
    """ゾーン効果 (5.7.1): an ability written for a zone (`zone:`, one or several, 5.7.1-3)
    works only while its card is in one of them (2.10.3: the text says so); elsewhere the card
    keeps it, but it does not work (5.7.1-2). Any other ability works on the squares (2.20.1-7,
    2.20.2-5). `zone`: where the card was (a trigger reading one side of a move)."""
    return _zones.in_force(ZONES, c, ab, zone)


def _cannot_statics(g):
    for s in static_sources(g):
        for i, ab in enumerate(s.abilities, 1):
            if ab.get("static") == "cannot" and in_its_zone(s, ab) and static_condition(
                    g, s, ab):
                yield s, f"{s.id}#{i}", ab


def _cannot_applies(g, s, ab: dict, c) -> bool:
    if isinstance(c, str):  # a player: 「あなたはカードを引くことができない」
        who = ab.get("player", "you")
        return who == "each" or (c == s.controller) == (who == "you")
    if ab.get("player") is not None:
        return False  # a player's prohibition (「あなたは…起動できない」) names no card
    to = ab.get("to")
    if not to:
        return c.id == s.id  # 「このユニットは…できない」
    return matches(g, look(g, c), to, Ref.of_card(g, s))


@REGISTRY.rule("1.1.2")
def forbid(g, c, verb: str):
    """What forbids `verb` for card c (1.1.2: 「できない」 wins over 「できる」), as a Forbid, or
    None: a static ability of a card on the squares (4.14.4) or an effect in force (4.14.3)."""
    return forbidden(g, PROHIBITIONS, verb, c)


def _cannot_effect_applies(g, e: dict, c) -> bool:
    """A prohibition made with `{all: filter}` reaches the matching cards on the squares,
    also those put there after it was made (4.14.3-2: it changes neither data nor
    controller); the filter is relative to its source where it was, and its controller."""
    flt = e.get("all")
    if flt is None or isinstance(c, str) or not is_square(c.zone):
        return False
    return matches(g, look(g, c), flt, Ref(e.get("source"), e.get("where", ""),
                                           e.get("controller")))


# D0's binding of the core prohibition query (judgekit.engine.effects.prohibit): 1.1.2
PROHIBITIONS = Binding(clause="1.1.2", verbs=CANNOT_VERBS, statics=_cannot_statics,
                       applies=_cannot_applies, effect_applies=_cannot_effect_applies)


def _effects_on(g, c, key: str):
    for e in g.b.effects:
        if c.id in e.get("to", ()) and key in (e.get("modify") or {}):
            yield e["modify"][key]


@REGISTRY.rule("2.24.4", "2.24.7-2")
def static_effects_on(g, c) -> list[tuple]:
    """[(source card, key, amount)]: the static abilities and 支援 changing this unit now."""
    out = []
    if not is_battle_square(c.zone) or c.type != "unit":
        return out
    lk = look(g, c, printed=True)
    for s in static_sources(g):
        ref = Ref.of_card(g, s)
        for ab in s.abilities:
            if ab.get("static") == "modify" and in_its_zone(s, ab) and _enabled(
                    g, s, ab) and static_condition(g, s, ab) and matches(
                        g, lk, ab.get("to") or {}, ref):
                for key in ("power", "smash"):
                    if ab.get(key):
                        out.append((s, key, ab[key]))
        for k in keywords(s):
            sup = k.get("support") if isinstance(k, dict) else None
            if sup and c.controller == s.controller and _in_range(c, s, sup.get("range")):
                out.append((s, "power", sup.get("value", 0)))
    return out


@REGISTRY.rule("4.14.4-1")
def static_condition(g, s, ab: dict) -> bool:
    """「このカードが中央エリアのスクエアにある場合、…」: a static ability's condition on its own
    card (`condition: {self: filter}`) or on the board (`exists`), read now — its effect lasts
    exactly while its card is where the ability works and the condition holds (4.14.4-1)."""
    cond = ab.get("condition")
    if not cond:
        return True
    ref = Ref.of_card(g, s)
    if "self" in cond and not matches(g, look(g, s, printed=True), cond["self"], ref):
        return False
    if "exists" in cond and not any(matches(g, look(g, x, printed=True), cond["exists"], ref)
                                    for x in square_cards(g)):
        return False
    return True


@REGISTRY.rule("2.8.2", "4.14.5-2", "4.14.5-3")
def races(g, c, at: tuple | None = None) -> tuple:
    """The races (or attributes) the card has now (2.8; several, 2.8.2): the printed ones, then
    the continuous effects that change races — a static ability in force (its timestamp: when
    its card was put there, 4.14.5-5) or an effect in force — the card's own first (4.14.5-3),
    then in time order (4.14.5-4): judgekit.engine.effects.attributes. They are read before
    the general effects and before power and smash (4.14.5-2 (3) before (4), (5)). A
    race-changing ability's own filter reads the printed races. `at` = (square, controller):
    the races it will have as it is put there (4.14.2)."""
    from ..effects.attributes import Change, effective, from_effects

    changes = from_effects(g.b, c) if g.b.effects else []
    if getattr(g, "race_statics", True) and (at is not None or is_square(c.zone)):
        lk = None
        for s in static_sources(g):
            for ab in s.abilities:
                if ab.get("static") != "race" or not in_its_zone(s, ab) or not _enabled(
                        g, s, ab) or not static_condition(g, s, ab):
                    continue
                if lk is None:
                    lk = look(g, c, printed=True, race_layer=True)
                    if at is not None:
                        lk.update(zone=at[0], controller=at[1])
                if not matches(g, lk, ab.get("to") or {"this": True}, Ref.of_card(g, s)):
                    continue
                for op in ("set", "add", "remove"):
                    if ab.get(op):
                        changes.append(Change(op, ab[op], s.placed, own=s.id == c.id,
                                              source=s.id))
    if not changes:
        return tuple(c.races)
    return effective(c.races, changes)


def _changes(ab: dict):
    """("grant" | "lose", keyword) for each keyword a static ability gives or takes away."""
    from .board_io import normal_keywords

    kind = ab.get("static")
    for how in ("grant", "lose"):
        v = ab.get(how)
        if v and (kind == how or how == "grant" and kind == "modify"):
            for k in normal_keywords(v if isinstance(v, list) else [v]):
                yield how, k


def static_grants(g):
    """(card id, "grant" | "lose", keyword, timestamp) for each keyword a static ability in force
    gives or takes away now (「…は速攻を得る」, 「…は速攻を失う」): the card's own abilities and
    those of the cards on the squares, matched like a static change of power (4.14.4-2: also the
    cards that arrive later); the timestamp is when its card was put there (4.14.5-5), and the
    later applies last (4.14.5-4)."""
    for s in static_sources(g):
        ref = None
        for ab in s.abilities:
            if ab.get("static") not in ("modify", "grant", "lose") or not (
                    ab.get("grant") or ab.get("lose")) or not in_its_zone(s, ab) or not \
                    _enabled(g, s, ab) or not static_condition(g, s, ab):
                continue
            ref = ref or Ref.of_card(g, s)
            changes = list(_changes(ab))
            for c in square_cards(g):
                if matches(g, look(g, c, printed=True), ab.get("to") or {}, ref):
                    for how, k in changes:
                        yield (c.id, how, k, s.placed)


def grants_on_arrival(g, c, sq: str, controller: str) -> list:
    """(source card, "grant" | "lose", keyword) for each keyword a static ability in force gives
    `c` or takes away from it as it is put onto `sq` under `controller`, in timestamp order
    (4.14.5-4, 4.14.5-5): it arrives already changed (4.14.2, 4.5.2) — read before it is there."""
    out = []
    lk = dict(look(g, c, printed=True), zone=sq, controller=controller)
    lk["races"] = races(g, c, at=(sq, controller))
    for s in static_sources(g):
        ref = Ref.of_card(g, s)
        for ab in s.abilities:
            if ab.get("static") in ("modify", "grant", "lose") and (
                    ab.get("grant") or ab.get("lose")) and in_its_zone(s, ab) and _enabled(
                    g, s, ab) and static_condition(g, s, ab) and matches(
                        g, lk, ab.get("to") or {}, ref):
                out += [(s, how, k) for how, k in _changes(ab)]
    out.sort(key=lambda x: x[0].placed)
    return out


ORDERED = ("race", "grant", "lose")


def order_matters(cards: list) -> bool:
    """Do the timestamps of `cards` (units put onto squares at the same time) change what their
    static abilities do (4.14.5-5: each effect arises when its card is put there; 4.14.5-4: the
    later applies last)? Only when two or more of them have a static ability that changes races
    or keyword abilities and one of those sets or takes away (adding alone commutes)."""
    holders = [c for c in cards if any(ab.get("static") in ORDERED or ab.get("static") == "modify"
                                       and ab.get("grant") for ab in c.abilities)]
    return len(holders) > 1 and any(
        ab.get("static") == "lose" or ab.get("static") == "race" and (
            ab.get("set") or ab.get("remove")) for c in holders for ab in c.abilities)


def _enabled(g, s, ab: dict) -> bool:
    if not (ab.get("linked") or ab.get("resonance")):
        return True
    return text_enabled(g, s, ab)


@REGISTRY.rule("5.12.2", "5.13.2")
def text_enabled(g, c, ab: dict, controller: str | None = None) -> bool:
    """Is the text of this ability enabled now? 連動「A」(「B」): cards named A (and B) in its
    controller's graveyard (5.12.2); 共鳴: a unit of its controller's was put onto a square by
    resolving its move this turn (5.13.2), even if it has left since (5.13.3)."""
    p = controller or c.controller
    names = ab.get("linked")
    if names:
        grave = {g.b.cards[i].name for i in g.b.pzone(p, "graveyard")}
        if not all(n in grave for n in names):
            return False
    if ab.get("resonance") and not g.b.players[p].flags.get("resonance"):
        return False
    return True



def _static_mods(g, c, key: str) -> int:
    return sum(n for _s, k, n in static_effects_on(g, c) if k == key)


def _in_range(c, s, rng) -> bool:
    """5.5.2, 5.5.2-1: 支援's range from its card; 'same line/area' include the card itself."""
    if not (is_battle_square(c.zone) and is_battle_square(s.zone)):
        return False
    if rng == "same_line":
        return line_of(c.zone) == line_of(s.zone)
    if rng == "same_area":
        return row_of(c.zone) == row_of(s.zone)
    if rng == "adjacent":
        return adjacent(c.zone, s.zone)
    return False


def raw_power(g, c) -> int:
    return (c.power or 0) + _static_mods(g, c, "power") + sum(_effects_on(g, c, "power"))


def raw_smash(g, c) -> int:
    return (c.smash or 0) + _static_mods(g, c, "smash") + sum(_effects_on(g, c, "smash"))


def power(g, c) -> int:
    """The power a rule reads: a negative value is 0 (1.2.2)."""
    return max(0, raw_power(g, c))


def smash(g, c) -> int:
    return max(0, raw_smash(g, c))


def colors(g, c) -> tuple:
    col = None
    best = -1
    for e in g.b.effects:
        if c.id in e.get("to", ()) and e.get("color") and e.get("ts", 0) >= best:
            col, best = e["color"], e.get("ts", 0)
    return (col,) if col else c.printed_colors


def keyword_name(k) -> str:
    return next(iter(k)) if isinstance(k, dict) else k


def keywords(c) -> list:
    """The printed keyword abilities, plus those granted by effects in force, less those taken
    away (the later effect wins, 4.14.5-4: judgekit.engine.effects.grants)."""
    if not c.grants:
        return list(c.keywords)
    from ..effects.grants import effective

    return effective(list(c.keywords), c, name_of=keyword_name)


@REGISTRY.rule("5.9.1", "5.9.3")
def sandwiched(g, c) -> list:
    """挟撃 (5.9.1): the opponent's units between this card and a unit of its controller's on a
    straight line of three squares — diagonals included (5.9.3)."""
    from .geometry import pincers

    b = g.b
    if not is_battle_square(c.zone):
        return []
    out = []
    for mid, far in pincers(c.zone):
        if any(u.controller == c.controller for u in b.units_on(far)):
            out += [u for u in b.units_on(mid) if u.controller != c.controller and u not in out]
    return out


def has_keyword(c, name: str):
    """The value of a keyword (True or its parameter), or None."""
    for k in (keywords(c) if c.grants else c.keywords):
        if k == name:
            return True
        if isinstance(k, dict) and name in k:
            return k[name]
    return None


# ---- looks and filters --------------------------------------------------------------------------

def look(g, c, *, printed: bool = False, race_layer: bool = False) -> dict:
    """What a filter sees of a card now. `printed`: power and smash as printed (a static
    ability's own filter must not depend on the values it changes); races are those after the
    race layer (4.14.5-2), except for the race layer's own filters (`race_layer`)."""
    lk = {"id": c.id, "name": c.name, "type": c.type, "zone": c.zone, "owner": c.owner,
          "controller": c.controller, "state": c.state, "cost": c.cost or {},
          "colors": c.printed_colors if printed else colors(g, c),
          "power": c.power if printed else (power(g, c) if c.type == "unit" else c.power),
          "races": tuple(c.races) if race_layer else None,  # None: read when a filter asks
          "incarnation": c.incarnation, "aura": bool(c.aura)}
    return seen_as(g, c, lk) if is_square(c.zone) else lk


@REGISTRY.rule("6.1.8", "6.1.10")
def seen_as(g, c, d: dict) -> dict:
    """What a filter, a trigger or last-known information sees of a 闘気 card (a look or a snap
    `d`): a card of no card type (6.1.8) whose face is not looked at, also when it goes into a
    public zone (6.1.9, 6.1.10); the card it is under (`host`)."""
    h = g.b.attached_to(c) if is_square(c.zone) else None
    if h is None:
        return d
    d["host"] = h[0].id
    if h[1] == "aura":
        d.update(type=None, name="", colors=(), cost={}, power=None, races=())
    return d


class Ref:
    """The card a filter is relative to (the card with the ability) and its controller: the
    card's zone is its last-known zone when it has left (4.9.2-6, 4.8.4-2)."""

    __slots__ = ("card", "zone", "controller", "targets", "area")

    def __init__(self, card: str | None, zone: str, controller: str, targets: dict | None = None,
                 area: str | None = None) -> None:
        self.card = card
        self.zone = zone
        self.controller = controller
        self.targets = targets or {}
        self.area = area

    @classmethod
    def of_card(cls, g, c, controller: str | None = None) -> "Ref":
        return cls(c.id, c.zone, controller or c.controller)


def _races_seen(g, lk: dict):
    """The races of the card seen as `lk`, after the effects that change them (read once)."""
    rs = lk.get("races")
    if rs is None:
        rs = lk["races"] = races(g, g.b.cards[lk["id"]]) if lk["id"] in g.b.cards else ()
    return rs


@REGISTRY.rule("2.4.3")
def matches(g, lk: dict, flt: dict, ref: Ref) -> bool:
    """Does the card seen as `lk` meet every property of the filter, relative to `ref`?"""
    me = ref.controller
    for k, v in flt.items():
        if k == "type":
            if lk["type"] != v:
                return False
        elif k in ("controller", "owner"):
            who = lk[k]
            if v == "you" and who != me or v == "opponent" and who != opponent(me):
                return False
        elif k == "name":
            if v not in (lk["name"] or ""):
                return False
        elif k == "color":
            if v not in lk["colors"]:
                return False
        elif k in ("cost_max", "cost_min"):
            n = cost_total(lk["cost"])
            if (k == "cost_max" and n > v) or (k == "cost_min" and n < v):
                return False
        elif k == "cost_max_of":  # 「使用コストが…のユニットの使用コスト以下」
            others = [g.b.cards[o] for o in ref.targets.get(v) or () if o in g.b.cards] \
                if v != "target" else [g.b.cards[o] for t in ref.targets.values() for o in t
                                       if o in g.b.cards]
            if not others or cost_total(lk["cost"]) > cost_total(others[0].cost or {}):
                return False
        elif k == "in_line":  # 「そのラインにある」: in the line chosen as the target
            lines = [t for vs in ref.targets.values() for t in vs if t in LINES]
            if not lines or not is_square(lk["zone"]) or line_of(lk["zone"]) != lines[0]:
                return False
        elif k in ("power_max", "power_min"):
            n = lk["power"] or 0
            if (k == "power_max" and n > v) or (k == "power_min" and n < v):
                return False
        elif k == "state":
            if lk["state"] != v:
                return False
        elif k == "other":
            if v and lk["id"] == ref.card:
                return False
        elif k == "this":
            if v and lk["id"] != ref.card:
                return False
        elif k in ("race", "not_race"):
            from ..effects.attributes import has

            if has(_races_seen(g, lk), v) != (k == "race"):
                return False
        elif k == "same_line":
            if v and not (is_square(lk["zone"]) and is_square(ref.zone)
                          and line_of(lk["zone"]) == line_of(ref.zone)):
                return False
        elif k == "same_area":
            if v and not (is_battle_square(lk["zone"]) and is_battle_square(ref.zone)
                          and row_of(lk["zone"]) == row_of(ref.zone)):
                return False
        elif k == "adjacent":
            if v and not adjacent(lk["zone"], ref.zone):
                return False
        elif k == "area":
            if not is_battle_square(lk["zone"]) or area_of(lk["zone"], me) != v:
                return False
        elif k == "in_area":
            if not is_battle_square(lk["zone"]) or area_of(lk["zone"], me) != ref.area:
                return False
        elif k == "square":
            if lk["zone"] not in (v if isinstance(v, list) else [v]):
                return False
        elif k == "designated":  # 「指定された種族の」 (4.15.2-1)
            from .designate import designation

            d = designation(g, v, ref.card)
            if d is None or v == "color" and d not in lk["colors"] or \
                    v == "name" and d != (lk["name"] or ""):
                return False
            if v == "race":
                from ..effects.attributes import has

                if not has(_races_seen(g, lk), d):
                    return False
        elif k == "aura":  # 「下に闘気カードがある／ない」 (6.1.2)
            if bool(lk.get("aura")) != v:
                return False
        elif k == "under":  # a 闘気 card under a card that matches (6.1.2)
            h = g.b.cards.get(lk.get("host") or "")
            if h is None or lk["id"] not in h.aura or not matches(g, look(g, h), v, ref):
                return False
        elif k in ("same_area_as", "same_line_as"):
            others = ref.targets.get(v)
            if not others:
                return False  # 4.9.2-2: the condition refers to an illegal (or no) target
            for o in others:
                oc = g.b.cards.get(o)
                if oc is None or not is_battle_square(oc.zone) or not is_battle_square(
                        lk["zone"]):
                    return False
                same = row_of if k == "same_area_as" else line_of
                if same(oc.zone) != same(lk["zone"]):
                    return False
    return True


def square_cards(g):
    """The cards a filter looks at by default: units on the battle squares and bases on the
    base squares (2.23.8-3: spells and abilities affect the squares and the cards there)."""
    b = g.b
    for s in BATTLE_SQUARES:
        yield from b.units_on(s)
    for s in ("P1-L", "P1-C", "P1-R", "P2-L", "P2-C", "P2-R"):
        yield from (c for c in b.cards_in(s) if not b.is_attached(c))


def geo_cites(*filters) -> tuple:
    """The clauses a filter relies on: a line (2.24.4), an area seen from the card's
    controller (2.24.7-2), a cost number without a colour (the total of the symbols, 2.4.3)."""
    out = []
    for f in filters:
        if not isinstance(f, dict):
            continue
        if "cost_max" in f or "cost_min" in f:
            out.append("2.4.3")
        if f.get("same_line") or f.get("same_line_as"):
            out.append("2.24.4")
        if f.get("area") or f.get("in_area"):
            out.append("2.24.7-2")
    return tuple(dict.fromkeys(out))


def matching(g, flt: dict, ref: Ref) -> list:
    return [c for c in square_cards(g) if matches(g, look(g, c), flt, ref)]
