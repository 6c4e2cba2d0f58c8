"""Card parameters and abilities as the rules compute them: which abilities are valid (903),
power and play costs with their continuous effects (911.1c, 905.2c, 905.2d), filters and
conditions of the ability vocabulary.
"""

from __future__ import annotations

from ..effects import zones as _zones
from ..effects.prohibit import Binding, forbidden
from .clauses import REGISTRY
from .spec import CANNOT_VERBS
from .keywords import expand
from .model import AREAS, HIDDEN_KINDS, PHASE_OF, area_of, facing_area, is_area, opponent, \
    zone_kind, zone_player

AUTO = "auto"


# ---- where the game stands ------------------------------------------------------------------
def phase_of(step: str) -> str:
    """start_draw / main / mission / charge / end_draw / setup for a step id (701.3)."""
    return PHASE_OF.get(step.split(".")[0], "")


def in_main_phase(b) -> bool:
    """The main phase, including the attacks declared in it (801.1)."""
    return phase_of(b.step) == "main"


# ---- abilities and their validity (903) -------------------------------------------------------
def abilities(c) -> list[dict]:
    """The card's abilities, keywords expanded into the abilities they mean (1200s): printed,
    or granted by an effect in force less those taken away (911.1b, the later last: 911.3;
    judgekit.engine.effects.grants)."""
    if c.grants:
        from ..effects.grants import effective

        return [expand(ab) for ab in effective(c.abilities, c, name_of=_ability_name)]
    return [expand(ab) for ab in c.abilities]


def _ability_name(ab: dict) -> str:
    return ab.get("keyword") or repr(sorted(ab))


def ability_key(c, idx: int) -> str:
    cid = c if isinstance(c, str) else c.id
    return f"{cid}#{idx + 1}"


def _home(c, ab=None) -> tuple:
    """903.1a, 304.1a–d: where a card's abilities are valid when they name no zone."""
    k = {"chara": "area", "account": "account", "mission": "missions",
         "engage": "connect"}.get(c.type or "chara")
    return (k,) if k else ()


# g2022's binding of the core zone-limited abilities (judgekit.engine.effects.zones): 903.1c;
# a zone-change trigger reads the public zone's side, else the area's when leaving it (908.3a)
ZONES = _zones.Zones(kind=zone_kind, home=_home,
                     public=lambda z: zone_kind(z) not in HIDDEN_KINDS,
                     looks_back=lambda frm, to: is_area(frm) and not is_area(to),
                     key="where", clause="903.1c")


@REGISTRY.rule("903.1a", "903.1b", "903.1c", "903.2")
def is_valid(g, c, ab: dict, *, zone: str | None = None, face: str | None = None) -> bool:
    """Is the ability valid where the card is (or was: `zone`, `face` for last-known
    information)? An invalid ability does not trigger, cannot be played and does not apply
    (903.2). A mission's abilities work only face up (903.1b)."""
    z = zone if zone is not None else c.zone
    if not _zones.in_force(ZONES, c, ab, z):
        return False
    f = face if face is not None else (c.face or g.b.default_face(z))
    if c.type == "mission" and f == "down":
        return False
    cond = ab.get("condition")
    return cond is None or condition(g, cond, controller_of(c), c)


def controller_of(c) -> str:
    return c.controller


def ability_cards(g):
    """Cards that may hold a valid ability: everything in a public zone (areas, account,
    missions, energy, trash, remove, exp, connect)."""
    b = g.b
    for z, ids in b.zones.items():
        if b.is_public(z) and zone_kind(z) not in ("temporary", "scout"):
            for i in ids:
                yield b.cards[i]


# ---- filters and conditions ----------------------------------------------------------------
def who(word: str, ctrl: str) -> str | None:
    """'you' / 'opponent' / 'any' relative to a controller (502.1e)."""
    if word == "you":
        return ctrl
    if word == "opponent":
        return opponent(ctrl)
    return None


def matches(g, c, flt: dict, holder=None, ctrl: str = "P1") -> bool:
    """Does card `c` have every property of the filter? `holder` is the card with the
    ability (for `other`), `ctrl` its controller (for you / opponent)."""
    b = g.b
    zk = zone_kind(c.zone)
    if zk != flt.get("zone", "area"):
        return False
    for key in ("controller", "owner"):
        if key in flt:
            p = who(flt[key], ctrl)
            if p is not None and getattr(c, key) != p:
                return False
    if "type" in flt and c.type != flt["type"]:  # a card the file does not describe: no type
        return False
    if "name" in flt and flt["name"] not in (c.name or ""):
        return False
    if "trait" in flt and flt["trait"] not in c.traits:
        return False
    if "account_info" in flt and flt["account_info"] not in c.account_info:
        return False
    if "icon" in flt and flt["icon"] not in c.icons:
        return False
    if flt.get("other") and holder is not None and c.id == holder.id:
        return False
    if flt.get("same_name") and (holder is None or not holder.name or c.name != holder.name):
        return False  # 1119.1
    if "area" in flt and area_of(c.zone) not in flt["area"]:
        return False
    if "state" in flt and (c.state if b.has_states(c.zone) else None) != flt["state"]:
        return False
    if "face" in flt and (c.face or b.default_face(c.zone)) != flt["face"]:
        return False
    if "cost_min" in flt and (c.cost or 0) < flt["cost_min"]:
        return False
    if "cost_max" in flt and (c.cost or 0) > flt["cost_max"]:
        return False
    if "power_min" in flt or "power_max" in flt:
        pw = power(g, c)
        if pw is None or pw < flt.get("power_min", pw) or pw > flt.get("power_max", pw):
            return False
    atk = (b.attack or {}).get("attacker")
    if flt.get("attacker") is not None and (c.id == atk) != flt["attacker"]:
        return False
    if flt.get("in_lane") == "attacker":
        a = b.cards.get(atk or "")
        if a is None or not is_area(a.zone) or not is_area(c.zone):
            return False
        if zone_player(c.zone) == zone_player(a.zone) or \
                area_of(c.zone) != facing_area(area_of(a.zone), b.lanes):
            return False
    return True


def zone_cards(g, p: str, zone: str):
    b = g.b
    if zone == "area":
        return [c for a in AREAS for c in b.area_cards(p, a)]
    return b.cards_in(f"{p}.{zone}")


def filter_cards(g, flt: dict, holder=None, ctrl: str = "P1") -> list:
    """Every card matching the filter, the turn player's first (502.1e: you/opponent)."""
    b = g.b
    z = flt.get("zone", "area")
    out = []
    if z in ("temporary", "scout"):
        cands = b.cards_in(z)
    else:
        cands = [c for p in (b.turn_player, opponent(b.turn_player)) for c in zone_cards(g, p, z)]
    for c in cands:
        if matches(g, c, flt, holder, ctrl):
            out.append(c)
    return out


def condition(g, cond: dict, ctrl: str, holder=None) -> bool:
    """A count of cards compared with at_least / at_most / equals."""
    if "cards" in cond:
        n = len(filter_cards(g, cond["cards"], holder, ctrl))
    else:
        p = who(cond.get("player", "you"), ctrl) or ctrl
        n = len(zone_cards(g, p, cond.get("zone", "area")))
    if "at_least" in cond and n < cond["at_least"]:
        return False
    if "at_most" in cond and n > cond["at_most"]:
        return False
    return "equals" not in cond or n == cond["equals"]


def statics(g, kind: str):
    """(card, ability) for every valid static ability of a kind (903.2: invalid ones do not
    apply)."""
    for c in ability_cards(g):
        for ab in abilities(c):
            if ab.get("static") == kind and is_valid(g, c, ab):
                yield c, ab


@REGISTRY.rule("911.1b")
def static_grants(g):
    """(card id, "grant" | "lose", keyword ability, timestamp) for each keyword ability a valid
    static ability gives or takes away now (「…は【X】を得る / 失う」): a non-numeric parameter
    changed by a continuous effect (911.1b) whose time is when its card was put in its zone
    (911.3a); it reaches the cards that match it now, also those that arrive later."""
    for how in ("grant", "lose"):
        for holder, ab in list(statics(g, how)):
            if not ab.get(how):
                continue
            for c in ability_cards(g):
                if _applies_to(g, holder, ab, c):
                    yield (c.id, how, dict(ab[how]), holder.placed)


@REGISTRY.rule("911.1b", "911.3", "911.3a")
def granted_from(g, c, name: str) -> tuple:
    """The clauses to cite when continuous effects give or take away keyword ability `name` of
    c (911.1b): both at once, the one with the later time applies last (911.3); a static
    ability's time is when its card was put in its zone (911.3a)."""
    from ..effects.grants import sides

    hows, static = sides(g, c, name, name_of=lambda v: v.get("keyword"))
    if not hows:
        return ()
    both = len(hows) > 1
    return ("911.1b",) + (("911.3",) if both else ()) + (("911.3a",) if static and both else ())


def _applies_to(g, holder, ab: dict, c) -> bool:
    if isinstance(c, str):  # a player: 「相手はカードを引くことができない」
        who = ab.get("player")
        return who is not None and (who == "each" or (c == holder.controller) == (who == "you"))
    if ab.get("player") is not None:
        return False  # a player's prohibition names no card
    to = ab.get("to", "self")
    if to == "self":
        return c.id == holder.id
    if isinstance(to, dict) and "all" in to:
        return matches(g, c, to["all"], holder, holder.controller)
    return to == c.id


# ---- power (306, 911) and cost (303, 905) ---------------------------------------------------
_DEPTH = [0]


@REGISTRY.rule("306.1", "911.1c")
def power(g, c) -> int | None:
    """A chara's power: printed, then the numeric continuous effects (911.1c): effects in
    force and valid static abilities (× the number of cards of `per`). Only charas have power
    (306.1)."""
    if c.type not in (None, "chara") or c.power is None:
        return None
    p = c.power
    for e in g.b.effects:
        if "power" in e and c.id in e.get("to", ()):
            p += e["power"]
    if _DEPTH[0] > 3:  # a power filter inside a power static: do not recurse without end
        return p
    _DEPTH[0] += 1
    try:
        for holder, ab in statics(g, "power"):
            if _applies_to(g, holder, ab, c):
                n = 1
                if "per" in ab:
                    n = len(filter_cards(g, ab["per"], holder, holder.controller))
                p += ab.get("amount", 0) * n
    finally:
        _DEPTH[0] -= 1
    return p


@REGISTRY.rule("905.2a", "905.2c", "905.2d", "303.2")
def play_cost(g, c, area_zone: str | None = None, alternative: tuple | None = None
              ) -> tuple[int, list[str]]:
    """The energy cost to play card `c` (into `area_zone`, for 905.2d), and how it was
    reached: its cost (905.2a; none counts as 0) or the alternative the player chose
    (904.2c: (label, points)), increases, then decreases (905.2c), the LvUP-icon reduction
    (905.2d, reading lvup-icon), never below 0."""
    from ..effects.costs import compute

    base = c.cost or 0
    inc, dec = [], []
    why = [f"cost {base}"]
    if alternative is not None:
        why.append(f"{alternative[1]} instead, offered by {alternative[0]} (904.2c)")
    for holder, ab in statics(g, "cost"):
        if "alternative" in ab:
            continue
        if _applies_to(g, holder, ab, c):
            amt = ab.get("amount", 0)
            if amt > 0:
                inc.append((holder.id, amt))
                why.append(f"+{amt} ({holder.id})")
            elif amt < 0:
                dec.append((holder.id, -amt))
                why.append(f"{amt} ({holder.id})")
    red = 0
    if area_zone and c.has_icon("lvup"):
        there = g.b.cards_in(area_zone)
        if there and all((x.cost or 0) < base for x in there):
            red = sum(1 + len(g.b.attached(x.id, "exp")) + len(g.b.attached(x.id, "connect"))
                      for x in there)
            why.append(f"-{red} (LvUP icon, 905.2d)")
            dec.append(("LvUP icon", red))
        elif there:  # the trace says why the icon's discount does not apply
            why.append(f"no LvUP-icon reduction: {', '.join(x.id for x in there)} in that area "
                       f"costs {max(x.cost or 0 for x in there)}, not less than {base} (905.2d)")
        else:
            why.append("no LvUP-icon reduction: no chara is in that area (905.2d)")
    return compute(base, alternative=alternative, increases=inc, reductions=dec).total, why


@REGISTRY.rule("904.2c")
def alternative_costs(g, c) -> list:
    """(label, points) for each other cost a valid static ability lets the player pay for `c`
    instead of its cost (「…はコストのかわりにNを支払ってプレイしてもよい」): the choice of
    904.2c."""
    return [(holder.id, ab["alternative"]) for holder, ab in statics(g, "cost")
            if "alternative" in ab and _applies_to(g, holder, ab, c)]


def _cannot_statics(g):
    for holder, ab in statics(g, "cannot"):
        yield holder, holder.id, ab


# g2022's binding of the core prohibition query (judgekit.engine.effects.prohibit): 102.7
PROHIBITIONS = Binding(clause="102.7", verbs=CANNOT_VERBS, statics=_cannot_statics,
                       applies=_applies_to, statics_first=False)


@REGISTRY.rule("102.7")
def cannot(g, c, action: str) -> bool:
    """A 「できない」 effect on the card (102.7: it always wins)."""
    return forbidden(g, PROHIBITIONS, action, c) is not None


# ---- what is shown --------------------------------------------------------------------------
def card_value(game, card, key: str):
    if key == "power":
        return power(game, card) if game is not None else card.power
    if key == "counts":
        return dict(card.counts or {})
    if key == "state":
        return card.state
    if key == "face":
        return card.face or card_zone_face(game, card)
    return getattr(card, key, None)


def card_zone_face(game, card) -> str:
    b = game.b if game is not None else None
    if b is None:
        return "up"
    return b.default_face(card.zone) if card.zone else "up"


def derived(board, game=None) -> dict:
    """Effective power of the charas in areas, where it differs from the printed value."""
    if game is None:
        return {}
    out = {}
    for c in board.charas():
        p = power(game, c)
        if p is not None and p != c.power:
            out[c.id] = p
    return {"power": out}
