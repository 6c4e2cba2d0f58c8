"""Effective parameters (811), enabled abilities (803), filters and conditions.

Power is the printed value with every numeric continuous effect applied in timestamp order
(811.1c, 811.3: static abilities from when their card entered the square, 811.3a; effects
from when they were created, 811.3b). Limits and costs come from static abilities of enabled
cards. Everything is computed on demand from the board: nothing is cached that could go stale.
"""

from __future__ import annotations

from ..effects.attributes import Change, effective, from_effects, ordered
from ..effects import zones as _zones
from ..effects.prohibit import Binding, forbidden
from .clauses import REGISTRY
from .keyword_defs import where
from .spec import CANNOT_VERBS
from .model import SQUARE_OWNER, ZEKUSU_TYPES, Card, is_square, opponent, zone_kind

AUTO, STATIC, REPLACE, KEYWORD, EVENT, ACTIVATED = ("auto", "static", "replace", "keyword",
                                                    "event", "activated")


def kind_of(ab: dict) -> str:
    for k in (AUTO, STATIC, REPLACE, KEYWORD, EVENT, ACTIVATED):
        if k in ab:
            return k
    return "?"  # pragma: no cover - the spec admits only these


def ability_key(c: Card | str, idx: int) -> str:
    cid = c if isinstance(c, str) else c.id
    return f"{cid}#{idx + 1}"


def _home(c: Card, ab: dict) -> tuple:
    """803.1a / 205.1a: an event's text works in the temporary zone, any other on a square."""
    return ("temporary",) if EVENT in ab else ("square",)


# Z/X's binding of the core zone-limited abilities (judgekit.engine.effects.zones): 803.1c
ZONES = _zones.Zones(kind=zone_kind, home=_home, key="where", clause="803.1c")


def in_enabled_zone(c: Card, ab: dict) -> bool:
    """803.1a / 803.1b / 803.1c / 205.1a: where the ability works."""
    return _zones.in_force(ZONES, c, ab)


@REGISTRY.rule("803.1a", "803.1c", "803.1d", "803.2a")
def enabled(g, c: Card, idx: int, ab: dict) -> bool:
    if not in_enabled_zone(c, ab):
        return False
    turn = ab.get("turn")
    if turn == "your" and g.b.turn_player != c.controller:
        return False
    if turn == "opponent" and g.b.turn_player == c.controller:
        return False
    lim = ab.get("limit")
    if lim is not None and g.b.used.get(ability_key(c, idx), 0) >= lim:
        return False  # 803.1d
    cond = ab.get("condition")
    if cond is not None and not condition(g, cond, c.controller, c):
        return False  # 803.2a
    if gate(g, c, ab) is not None:
        return False  # 1108.2, 1110.2–1110.4, 1112.2
    return True


@REGISTRY.rule("1108.2", "1108.3", "1110.2", "1110.3", "1110.4", "1110.5", "1112.2")
def gate(g, c: Card, ab: dict) -> tuple[str, str, str] | None:
    """The keyword that keeps this ability from being enabled now, or None: ゼロオプティマ N — N
    cards with the ignition icon in the controller's resource (1108.2); レベル — N face-up cards
    of that race (1110.2, 1110.3: a race containing it) or card type (1110.4) in the
    controller's dynamis; ゼクステンド・ドライブ！ — the controller has not played one this game
    (1112.2). The keywords themselves work in any zone (1108.3, 1110.5); the ability they
    enable keeps its own (803.1)."""
    b = g.b
    p = c.controller
    zo = ab.get("zero_optima")
    if zo is not None:
        n = sum(1 for i in b.pzone(p, "resource") if "ignition" in (b.cards[i].icons or ()))
        if n < zo:
            return ("1108.2", f"ゼロオプティマ {zo}: {p}'s resource has {n} card(s) with the "
                    f"ignition icon, fewer than {zo}", f"ゼロオプティマ{zo}：{p}のリソースにある"
                    f"イグニッションアイコンを持つカードは{n}枚で、{zo}枚未満です")
    lv = ab.get("level")
    if lv is not None:
        race, ctype, need = lv.get("race"), lv.get("type"), lv.get("count", 1)
        cards = [b.cards[i] for i in b.pzone(p, "dynamis")]
        cards = [x for x in cards if x.face != "down"]
        if race:
            n = sum(1 for x in cards if any((race in r) if race == "ドラゴン" else (race == r)
                                            for r in races(g, x)))
            cl = "1110.3" if race == "ドラゴン" else "1110.2"
            what, what_ja = f"race [{race}]", f"種族に[{race}]"
        else:
            n = sum(1 for x in cards if x.type == ctype)
            cl, what, what_ja = "1110.4", f"type {ctype}", f"カードの種類が{ctype}"
        if n < need:
            return (cl, f"レベル Lv{need}: {p}'s dynamis has {n} face-up card(s) of {what}, "
                    f"fewer than {need}", f"Lv{need}：{p}のデュナミスにある表向きの{what_ja}の"
                    f"カードは{n}枚で、{need}枚未満です")
    if ab.get("zextend") and b.players[p].flags.get("zd_used"):
        return ("1112.2", f"{p} has already played a ゼクステンド・ドライブ！ ability this game",
                f"{p}はこのゲーム中にすでにゼクステンド・ドライブ！能力をプレイしています")
    return None


def disabled_by(g, c: Card, idx: int, ab: dict) -> tuple[str, str, str] | None:
    """Why an ability is not enabled now: (clause, English, Japanese), or None when it is."""
    if not in_enabled_zone(c, ab):
        if ab.get("where"):
            return ("803.1c", f"it works only in the {ab['where']} and {c.id} is in {c.zone}",
                    f"{ab['where']}にある場合にのみ有効で、{c.id}は{c.zone}にあります")
        return ("803.1a", f"{c.id} is not on a square", f"{c.id}はスクエアにありません")
    turn = ab.get("turn")
    if (turn == "your" and g.b.turn_player != c.controller) or \
            (turn == "opponent" and g.b.turn_player == c.controller):
        which, which_ja = ("your turn", "自分ターン") if turn == "your" else \
            ("the opponent's turn", "相手ターン")
        return ("803.1d", f"it is enabled only in {which} (「{which_ja}」)",
                f"「{which_ja}」の間にのみ有効です")
    lim = ab.get("limit")
    if lim is not None and g.b.used.get(ability_key(c, idx), 0) >= lim:
        return ("803.1d", f"it has already been resolved {lim} time(s) this turn (「ターン {lim}」)",
                f"このターンすでに{lim}回解決されています（「ターン {lim}」）")
    cond = ab.get("condition")
    if cond is not None and not condition(g, cond, c.controller, c):
        return ("803.2a", "the condition under which it is enabled does not hold",
                "有効である条件を満たしていません")
    why = gate(g, c, ab)
    if why is not None:
        return why
    return None


def ability_cards(g):
    """Cards whose abilities may be enabled now: on squares, plus cards with abilities that
    say where else they work (indexed once; cards never gain abilities in this vocabulary)."""
    b = g.b
    idx = getattr(g, "_offsquare", None)
    if idx is None:
        # a dict, not a set: the board's order, whatever PYTHONHASHSEED is, so that the first
        # of two equal prohibitions named in a note is the same on every run
        idx = g._offsquare = dict.fromkeys(
            c.id for c in b.cards.values()
            if any(where(a) not in (None, "square") for a in c.abilities))
    out = list(b.on_squares())
    for cid in idx:
        c = b.cards.get(cid)
        if c is not None and not is_square(c.zone):
            out.append(c)
    tmp = b.zones["temporary"]
    for cid in tmp:
        c = b.cards[cid]
        if cid not in idx:
            out.append(c)
    return out


def statics(g, what: str):
    """(card, index, ability) of every enabled static ability of that kind."""
    for c in ability_cards(g):
        for i, ab in enumerate(c.abilities):
            if ab.get(STATIC) == what and enabled(g, c, i, ab):
                yield c, i, ab


# ---- filters -------------------------------------------------------------------------------------

_NOW = object()


def matches(g, c: Card, flt: dict | None, ctrl: str, src: Card | None, *,
            known_power=_NOW) -> bool:
    """Does card c match the filter, read from the point of view of controller `ctrl`?
    `known_power`: the power to judge by when it is not the card's power now (a card as it was
    on the square it left, 808.3a)."""
    flt = flt or {}
    zone = flt.get("zone", "square")
    kind = zone_kind(c.zone)
    if zone == "square":
        if kind != "square":
            return False
    elif kind != zone:
        return False
    who = flt.get("controller", "any")
    if who != "any":
        want = ctrl if who == "you" else opponent(ctrl)
        if c.controller != want:
            return False
    who = flt.get("owner", "any")
    if who != "any":
        want = ctrl if who == "you" else opponent(ctrl)
        if c.owner != want:
            return False
    t = flt.get("type")
    if t in ("zekusu", "zekusu_like"):
        if c.type not in ZEKUSU_TYPES:  # 202.6a, 202.7a
            return False
    elif t is not None and c.type != t:
        return False
    if "race" in flt:
        if flt["race"] not in races(g, c):
            _cite_changed(g, c, "race")
            return False
        _cite_changed(g, c, "race")
    if "name" in flt:
        if flt["name"] not in card_name(g, c):
            _cite_changed(g, c, "name")
            return False
        _cite_changed(g, c, "name")
    if "color" in flt and flt["color"] not in c.colors:
        return False
    if "icon" in flt and flt["icon"] not in c.icons:
        return False
    if flt.get("other") and src is not None and c.id == src.id:
        return False
    if "square" in flt and c.zone not in flt["square"]:
        return False
    if "normal_square" in flt and (kind == "square" and c.zone not in SQUARE_OWNER) != \
            flt["normal_square"]:
        return False
    if "player_square" in flt and (c.zone in SQUARE_OWNER) != flt["player_square"]:
        return False
    if "state" in flt and c.state != flt["state"]:
        return False
    if "token" in flt and c.token != flt["token"]:
        return False
    cost = c.cost if c.cost is not None else 0
    if "cost_max" in flt and cost > flt["cost_max"]:
        return False
    if "cost_min" in flt and cost < flt["cost_min"]:
        return False
    if "power_max" in flt or "power_min" in flt:
        pw = power(g, c) if known_power is _NOW else known_power
        if pw is None:
            return False
        if "power_max" in flt and pw > flt["power_max"]:
            return False
        if "power_min" in flt and pw < flt["power_min"]:
            return False
    if "in_battle" in flt:
        bt = g.b.battle or {}
        inb = c.id in (bt.get("attacker"), bt.get("target"))
        if inb != flt["in_battle"]:
            return False
    return True


def _cite_changed(g, c: Card, key: str) -> None:
    """A filter read a race or name a continuous effect changes (811.6) — or would change, on a
    card without races (207.1): a note under the open step says what the card has now (once
    per card and step)."""
    st = g.trace.current
    if st is None:
        return
    seen = getattr(g, "_attr_seen", None)
    if seen is None or seen[0] is not st:
        seen = g._attr_seen = (st, set())
    if (c.id, key) in seen[1]:
        return
    seen[1].add((c.id, key))
    if not touched(g, c, key):
        return
    if key == "race" and not has_races(c):
        g.note("effect", ("811.6", "207.1"), f"{c.id} is a {c.type} card, which has no races "
               "(207.1): the effect that changes races does not apply to it (811.6).",
               f"{c.id}は種族を持たないカードのため（207.1）、種族を変更する継続効果は適用されません"
               "（811.6）。", cards=(c.id,))
    elif key == "race":
        now = "][".join(races(g, c)) or "—"
        g.note("effect", ("811.6",), f"{c.id}'s races are [{now}]: a continuous effect made "
               "them so, and it lost the races it had (811.6).", f"{c.id}の種族は[{now}]です。"
               "継続効果によりそれまでの種族を失っています（811.6）。", cards=(c.id,))
    else:
        now = card_name(g, c)
        g.note("effect", ("811.6",), f"{c.id}'s card name is 「{now}」: a continuous effect "
               "made it so (811.6).", f"{c.id}のカード名は継続効果により「{now}」です（811.6）。",
               cards=(c.id,))


def static_targets(g, src: Card, ab: dict):
    """The cards a static ability applies to (`to`: self, or {all: filter})."""
    to = ab.get("to", "self")
    if to == "self":
        return [src]
    if isinstance(to, dict) and "all" in to:
        flt = to["all"]
        zone = flt.get("zone", "square")
        pool = g.b.on_squares() if zone == "square" else zone_pool(g, zone, src.controller, flt)
        return [c for c in pool if matches(g, c, flt, src.controller, src)]
    if isinstance(to, str) and to in g.b.cards:
        return [g.b.cards[to]]
    return []


def zone_pool(g, zone: str, ctrl: str, flt: dict):
    b = g.b
    who = flt.get("owner", flt.get("controller", "any"))
    players = [ctrl] if who == "you" else [opponent(ctrl)] if who == "opponent" else ["P1", "P2"]
    if zone in ("temporary", "force"):
        return b.cards_in(zone)
    out = []
    for p in players:
        out.extend(b.cards_in(f"{p}.{zone}"))
    return out


def count(g, flt: dict, ctrl: str, src: Card | None) -> int:
    zone = flt.get("zone", "square")
    pool = g.b.on_squares() if zone == "square" else zone_pool(g, zone, ctrl, flt)
    return sum(1 for c in pool if matches(g, c, flt, ctrl, src))


# ---- conditions -----------------------------------------------------------------------------------

def condition(g, cd: dict, ctrl: str, src: Card | None) -> bool:
    b = g.b
    if "all" in cd and not all(condition(g, part, ctrl, src) for part in cd["all"]):
        return False
    if "self" in cd:  # 「このカードが[○○]である限り」: this card, where it is, matches
        if src is None:
            return False
        flt = cd["self"]
        if not matches(g, src, {**flt, "zone": flt.get("zone", zone_kind(src.zone))}, ctrl,
                       None):
            return False
    if cd.get("life_at_most_opponent"):
        if len(b.pzone(ctrl, "life")) > len(b.pzone(opponent(ctrl), "life")):
            return False
    n = None
    if "zone" in cd:
        p = ctrl if cd.get("player", "you") == "you" else opponent(ctrl)
        n = len(b.pzone(p, cd["zone"]))
    elif "cards" in cd:
        n = count(g, cd["cards"], ctrl, src)
    if n is not None:
        if "at_least" in cd and n < cd["at_least"]:
            return False
        if "at_most" in cd and n > cd["at_most"]:
            return False
        if "equals" in cd and n != cd["equals"]:
            return False
    return True


@REGISTRY.rule("802.4")
def shared_parameters(g, cd: dict, ctrl: str, src: Card | None) -> list[Card]:
    """802.4: the cards one condition of several parameters (`all:` — 「赤と青と…のカードが
    それぞれ6枚以上」) counted under more than one of them: a card that has several of the
    parameters counts for each."""
    seen: dict = {}
    for part in cd.get("all") or ():
        flt = part.get("cards")
        if flt is None:
            continue
        zone = flt.get("zone", "square")
        pool = g.b.on_squares() if zone == "square" else zone_pool(g, zone, ctrl, flt)
        for c in pool:
            if matches(g, c, flt, ctrl, src):
                seen.setdefault(c.id, [c, 0])[1] += 1
    return [c for c, n in seen.values() if n > 1]


# ---- parameters -------------------------------------------------------------------------------------

def power_mods(g, c: Card) -> list[tuple[int, int, str]]:
    """(timestamp, amount, description) of every numeric power effect on c (811.1c)."""
    mods = []
    for src, i, ab in statics(g, "power"):
        if c in static_targets(g, src, ab):
            amt = ab.get("amount", 0)
            if "per" in ab:
                amt *= count(g, ab["per"], src.controller, src)
            if amt:
                mods.append((src.placed, amt, f"{src.id}#{i + 1}"))
    for e in g.b.effects:
        if "power" in e and c.id in e["to"]:
            mods.append((e.get("ts", 0), e["power"], e.get("source") or "effect"))
    mods.sort(key=lambda m: m[0])  # 811.3 timestamps
    return mods


@REGISTRY.rule("811.1c")
def power(g, c: Card) -> int | None:
    if c.power is None or not c.is_zekusu:
        return None
    p = c.power
    if not is_square(c.zone):
        return p
    for _, amt, _ in power_mods(g, c):
        p += amt
    return p


def charge_limit(g, p: str) -> int | None:
    """306.2a: 4 unless a static ability changes or removes it (None = no limit)."""
    return _limit(g, p, "charge_limit", g.b.players[p].charge_limit)


def hand_limit(g, p: str) -> int | None:
    """309.2b: 6 unless a static ability changes or removes it (309.2c; None = no limit)."""
    return _limit(g, p, "hand_limit", g.b.players[p].hand_limit)


def _limit(g, p: str, what: str, printed: int | None) -> int | None:
    lim = printed
    for src, _, ab in statics(g, what):
        if _applies_to_player(ab, src, p):
            v = ab.get("value", "none")
            if v == "none":
                return None
            lim = v
    return lim


def _applies_to_player(ab: dict, src: Card, p: str) -> bool:
    to = ab.get("to", "self")
    if to in ("self", "you"):
        return src.controller == p
    if to == "opponent":
        return src.controller != p
    return src.controller == p


@REGISTRY.rule("805.2c")
def cost_of(g, c: Card, alternative: tuple | None = None) -> tuple[int, list[str]]:
    """805.2c: the resource cost's points — or the alternative the player chose (804.2c:
    (label, points); the colours stay the card's) — after increases, then decreases, never
    below 0."""
    from ..effects.costs import compute

    inc, dec, notes = [], [], []
    if alternative is not None:
        notes.append(f"{alternative[1]} instead, offered by {alternative[0]} (804.2c)")
    for src, i, ab in statics(g, "cost"):
        if "alternative" in ab:
            continue
        if c in _cost_targets(g, src, ab):
            a = ab.get("amount", 0)
            (inc if a > 0 else dec).append((f"{src.id}#{i + 1}", abs(a)))
            notes.append(f"{src.id}#{i + 1} {a:+d}")
    return compute(c.cost, alternative=alternative, increases=inc, reductions=dec).total, notes


@REGISTRY.rule("804.2c")
def alternative_costs(g, c: Card) -> list:
    """(label, points) for each other cost an enabled static ability lets the player pay for
    `c` instead of its resource cost's points (「…はコストのかわりにNでプレイしてもよい」): the
    choice of 804.2c."""
    return [(f"{src.id}#{i + 1}", ab["alternative"]) for src, i, ab in statics(g, "cost")
            if "alternative" in ab and c in _cost_targets(g, src, ab)]


def _cost_targets(g, src: Card, ab: dict):
    to = ab.get("to", "self")
    if to == "self":
        return [src]
    if isinstance(to, dict) and "all" in to:
        flt = dict(to["all"])
        flt.setdefault("zone", "hand")
        return [c for c in zone_pool(g, flt["zone"], src.controller, flt)
                if matches(g, c, flt, src.controller, src)]
    return []


def _cannot_statics(g):
    for src, i, ab in statics(g, "cannot"):
        yield src, f"{src.id}#{i + 1}", ab


def _cannot_applies(g, src: Card, ab: dict, c) -> bool:
    if isinstance(c, str):  # a player: 「あなた/相手はカードを引くことができない」
        who = ab.get("player")
        return who is not None and (c == src.controller) == (who == "you")
    if ab.get("player") is not None:
        return False
    to = ab.get("to")
    flt = to.get("all") if isinstance(to, dict) else None
    if ab.get("action") in ("play", "appear") and flt is not None and "zone" not in flt:
        # 「…はプレイできない」 names cards wherever they would be played from (the hand, the
        # life by 907.2e, the deck by イグニッション, the dynamis)
        return matches(g, c, {**flt, "zone": zone_kind(c.zone)}, src.controller, src)
    return c in static_targets(g, src, ab)


# Z/X's binding of the core prohibition query (judgekit.engine.effects.prohibit): 102.6
PROHIBITIONS = Binding(clause="102.6", verbs=CANNOT_VERBS, statics=_cannot_statics,
                       applies=_cannot_applies)


@REGISTRY.rule("102.6")
def cannot(g, c, action: str):
    """What stops `action` for card c — or player c, for draw — (102.6: a 「できない」 wins), as
    a Forbid whose str() is the source ("B#1", or an effect's source), or None."""
    if not _cannot_sources(g) and not any("cannot" in e for e in g.b.effects):
        return None  # the common board: nothing forbids anything (no scan per draw)
    return forbidden(g, PROHIBITIONS, action, c)


def _cannot_sources(g) -> frozenset:
    """The cards with a printed 「できない」 at all (effects grant keywords, never statics),
    looked at again when the game has a card more or less (a token)."""
    n = len(g.b.cards)
    cached = getattr(g, "_cannot_cards", None)
    if cached is None or cached[0] != n:
        cached = g._cannot_cards = (n, frozenset(
            c.id for c in g.b.cards.values()
            if any(a.get(STATIC) == "cannot" for a in c.abilities)))
    return cached[1]


def _ability_name(ab: dict) -> str:
    return ab.get(KEYWORD) or repr(sorted(ab))


@REGISTRY.rule("811.1b", "811.3a")
def static_grants(g):
    """(card id, "grant" | "lose", keyword ability, timestamp) for each keyword ability an enabled
    static ability gives or takes away now (「常 …は【X】を得る / 失う」): a non-numeric parameter
    changed by a continuous effect (811.1b), whose time is when its card was last put where it
    is (811.3a); it reaches the cards that match it now, also those that arrive later (811.5)."""
    for how in ("grant", "lose"):
        for src, _i, ab in list(statics(g, how)):
            if ab.get(how):
                for c in static_targets(g, src, ab):
                    yield (c.id, how, dict(ab[how]), src.placed)


@REGISTRY.rule("811.1b", "811.3", "811.3a")
def granted_from(g, c: Card, name: str) -> list:
    """The clauses to cite when continuous effects grant or take away keyword ability `name` of
    c (811.1b): both at once, the later applies last (811.3); a static ability's dates from
    its card (811.3a)."""
    from ..effects.grants import sides

    hows, static = sides(g, c, name, name_of=lambda v: v.get(KEYWORD))
    if not hows:
        return []
    return ["811.1b"] + (["811.3"] if len(hows) > 1 else []) + (["811.3a"] if static else [])


def keyword_values(g, c: Card, name: str) -> list:
    """Every value of keyword ability `name` c has, printed and granted (811.1b): a keyword had
    twice is two abilities, each the ability its clause says it means (the rulebook has no rule
    merging them)."""
    abs_ = c.abilities
    if c.grants:
        from ..effects.grants import effective

        abs_ = effective(c.abilities, c, name_of=_ability_name)
    return [ab.get("value", True) for ab in abs_ if ab.get(KEYWORD) == name]


def keyword(g, c: Card, name: str):
    """The value of keyword ability `name` on c (True when it has no value), or None: printed,
    or granted by an effect in force less those taken away (811.1b, the later last: 811.3;
    judgekit.engine.effects.grants)."""
    abs_ = c.abilities
    if c.grants:
        from ..effects.grants import effective

        abs_ = effective(c.abilities, c, name_of=_ability_name)
    for i, ab in enumerate(abs_):
        if ab.get(KEYWORD) == name:
            return ab.get("value", True)
    return None


# ---- names and races (811.1b, 811.6), on the core attribute layer -------------------------------
#
# Z/X's binding of the core race/attribute layer (judgekit.engine.effects.attributes): a card's
# name and races as continuous effects make them, computed on demand like power. A static ability 「…の種族を[○○]にする」 / 「…のカード名を「○○」にする」 is
# `{static: becomes, races: [○○], name: ○○, to: self | {all: <filter>}, zones: [...]}`: the cards
# it applies to lose the races (the name) they had and have exactly the new ones (811.6). Races are
# a parameter of zekusu, Z/X EX, Z/X OB and shifts only (207.1): on a player card or an event the
# race change is not applied (811.6 例2). `zones` names where the cards it changes are (default:
# the filter's zone). Changes apply in timestamp order (811.3; a static from when its card was
# placed, 811.3a); Z/X has no own-card-first rule (D0 4.14.5-3), so `own_first` is off. The cards a
# static applies to are found with their printed races and names (the layer is held busy while it
# looks: no Z/X card of the vocabulary has a change that decides what another applies to, 811.2).
# A card built from a snapshot (as it was where it left, 808.3a) keeps what the snapshot recorded.

BECOMES = "becomes"
# 207.1: races are a parameter of zekusu, Z/X EX, Z/X OB and shifts; the other card types have
# none (a card whose file gives no type is read as it is written)
NO_RACE_TYPES = ("player", "event")


def has_races(c) -> bool:
    return c.type not in NO_RACE_TYPES


def attributes_change(g) -> bool:
    """Could any card's name or races differ from what it prints now? (A 「…にする」 static on
    some card, or an effect in force that changes races or names.)"""
    return bool(_becomes_sources(g)) or any(
        isinstance(e.get("race"), dict) or isinstance(e.get("name"), dict) for e in g.b.effects)


def _becomes_sources(g) -> frozenset:
    """The cards with a printed 「…にする」 at all (looked at again when the game has a card
    more or less), so that the common board without one costs nothing per read."""
    n = len(g.b.cards)
    cached = getattr(g, "_becomes_cards", None)
    if cached is None or cached[0] != n:
        cached = g._becomes_cards = (n, frozenset(
            c.id for c in g.b.cards.values()
            if any(a.get("static") == BECOMES for a in c.abilities)))
    return cached[1]


def _attr_changes(g, c, key: str) -> list:
    """The changes of `key` ("race" or "name") made to c by the enabled static abilities and
    the effects in force, unordered."""
    if getattr(g, "_attr_busy", False):
        return []
    out = []
    if _becomes_sources(g):
        g._attr_busy = True
        try:
            for src, _i, ab in statics(g, BECOMES):
                want = ab.get("races") if key == "race" else ab.get("name")
                if want is None or c not in becomes_targets(g, src, ab):
                    continue
                ch = Change("set", () if key == "name" else list(want), src.placed,
                            own=src.id == c.id, source=src.id)
                if key == "name":
                    ch.values = (want,)  # a name is one word, whatever it holds (no split)
                out.append(ch)
        finally:
            g._attr_busy = False
    if g.b.effects:
        out += from_effects(g.b, c, key)
    return out


def becomes_targets(g, src, ab: dict) -> list:
    """The cards a 「…にする」 static ability applies to, read with their printed races and
    names (the caller holds the layer busy)."""
    to = ab.get("to", "self")
    if to == "self":
        return [src]
    if not (isinstance(to, dict) and "all" in to):
        return []
    flt = to["all"]
    out = []
    for z in ab.get("zones") or (flt.get("zone", "square"),):
        pool = g.b.on_squares() if z == "square" else zone_pool(g, z, src.controller, flt)
        out += [x for x in pool if matches(g, x, {**flt, "zone": z}, src.controller, src)]
    return out


def _detached(g, c) -> bool:
    """A card built from a snapshot (808.3a) rather than the board's own card."""
    return g.b.cards.get(c.id) is not c


@REGISTRY.rule("811.6", "207.1")
def races(g, c) -> tuple:
    """The races c has now: printed, then each 「種族を[○○]にする」 in timestamp order (811.6:
    the old races are lost); none for a card type without races (207.1, 811.6 例2)."""
    printed = tuple(c.races or ()) if has_races(c) else None
    if _detached(g, c):
        return tuple(c.races or ())
    ch = _attr_changes(g, c, "race")
    if not ch:
        return printed or ()
    return effective(printed, ch, own_first=False) or ()


def touched(g, c, key: str = "race") -> bool:
    """Does a change of `key` name this card now (applied, or refused because the card has
    no such parameter, 811.6 例2)?"""
    return not _detached(g, c) and bool(_attr_changes(g, c, key))


@REGISTRY.rule("811.6")
def card_name(g, c) -> str:
    """The card name c has now: printed, then each 「カード名を「○○」にする」 in timestamp order,
    the latest applied last (811.6)."""
    if _detached(g, c):
        return c.name or ""
    ch = _attr_changes(g, c, "name")
    out = c.name or ""
    for x in ordered(ch, own_first=False):
        if x.op == "set" and x.values:
            out = x.values[0]
    return out
