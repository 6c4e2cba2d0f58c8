"""Reading and writing what a Dimension Zero file holds beyond zones of cards: the game context
(phase, passes, once-per-turn abilities), the stack (spells with their squares and targets,
abilities, moves, damage exchanges), the battles with the stacks they suspended, and the
triggers created by effects. The inverse pairs (read_* / write_*) keep the final board of a run
a valid starting file."""

from __future__ import annotations

from ...board.dump import card_data
from .geometry import COLOR_ALIASES, RANGE_ALIASES, SHAPE_ALIASES, is_base_square
from .items import Battle, BattleFrame, StackItem

_KEYWORD_WORDS = {"速攻": "haste", "加速": "acceleration", "即死": "instant_kill",
                  "支援": "support", "耐性": "resistance", "召集": "summon", "団結": "unity",
                  "隊列召喚": "formation", "呼声": "call", "閃光": "flash", "補給": "supply",
                  "急襲": "raid", "進撃": "advance", "挟撃": "pincer", "覚醒": "awaken"}


def _cost(d):
    if d is None:
        return None
    return {COLOR_ALIASES.get(k, k): v for k, v in d.items()}


def normal_keywords(kws) -> tuple:
    """Keywords in their canonical file form: 加速 → acceleration, {即死: 3} → {instant_kill: 3},
    {耐性: 青} → {resistance: blue}; a keyword without a parameter is a plain word."""
    out = []
    for k in kws or ():
        if isinstance(k, str):
            out.append(_KEYWORD_WORDS.get(k, k))
        else:
            for name, v in k.items():
                name = _KEYWORD_WORDS.get(name, name)
                if name in ("resistance", "call"):
                    v = COLOR_ALIASES.get(v, v)
                elif name == "advance":
                    v = _cost(v)
                elif name == "awaken":
                    v = [_cost(x) for x in v] if isinstance(v, list) else _cost(v)
                elif name == "summon":
                    v = RANGE_ALIASES.get(v, v)
                elif name == "formation":
                    v = dict(v, shape=SHAPE_ALIASES.get(v["shape"], v["shape"]),
                             cost=_cost(v.get("cost")))
                out.append(name if v is True else {name: v})
    return tuple(out)


def complete_card(b, card, data: dict) -> None:
    if card.type is None and "power" in data:
        card.type = "unit"  # a card written with a power is a unit (2.12.1)
    card.cost = _cost(card.cost)
    card.move_cost = _cost(card.move_cost)
    card.keywords = normal_keywords(card.keywords)
    card.colors = tuple(COLOR_ALIASES.get(c, c) for c in card.colors)
    if card.races:  # 「ドラゴン/サラマンダー」: two races (2.8.2)
        from ..effects.attributes import split

        card.races = split(card.races)


# ---- game context -----------------------------------------------------------------------------

def read_context(b, game: dict, data: dict) -> None:
    b.phase = game.get("phase", "main")
    b.passed = list(game.get("passed", []))
    b.once_fired = list(game.get("once_fired", []))
    if game.get("empty_exchange") is False:  # the older key for readings: {empty-exchange: …}
        b.readings["empty-exchange"] = "not-stacked"
    b.recovery_event = game.get("recovery_event", False)
    b.turn_end_checked = game.get("turn_end_checked", False)
    b.delayed = [dict(d, _path=("delayed", i)) for i, d in enumerate(data.get("delayed", []))]


def write_context(b, game: dict, tail: dict) -> None:
    game["phase"] = b.phase
    if b.passed:
        game["passed"] = list(b.passed)
    if b.once_fired:
        game["once_fired"] = list(b.once_fired)
    if b.recovery_event:
        game["recovery_event"] = True
    if b.turn_end_checked:
        game["turn_end_checked"] = True
    if b.stack:
        tail["stack"] = [item_data(b, it) for it in b.stack]
    if b.battles:
        tail["battles"] = [frame_data(b, fr) for fr in b.battles]
    if b.delayed:
        tail["delayed"] = [{k: v for k, v in d.items() if not k.startswith("_")}
                           for d in b.delayed]


# ---- the stack ------------------------------------------------------------------------------

def _targets(t) -> dict:
    if t is None:
        return {}
    if isinstance(t, list):
        return {"target": list(t)}
    return {k: list(v) for k, v in t.items()}


def read_item(b, bl, e: dict, path: tuple) -> StackItem | None:
    """One stack entry of the file as a StackItem (a spell's card is placed in `stack`)."""
    if "spell" in e:
        cards = bl.card_from(e["spell"], "stack", path + ("spell",), None)
        if not cards:
            return None
        c = cards[0]
        bl.add(c, "stack", path + ("spell",))
        if c.type is None:
            c.type = "strategy" if not e.get("square") else (
                "base" if is_base_square(e["square"]) else "unit")
        ctrl = e.get("controller") or c.controller
        c.controller = ctrl
        it = StackItem("spell", card=c.id, controller=ctrl, targets=_targets(e.get("targets")),
                       square=e.get("square"))
        it.via = e.get("via")
        it.linked = {int(k): v for k, v in (e.get("linked") or {}).items()}
        it.x = e.get("x")
        it.mode = e.get("mode")
        it.additional = bool(e.get("additional"))
    elif "trigger" in e or "activated" in e:
        kind = "triggered" if "trigger" in e else "activated"
        src = e["trigger"] if kind == "triggered" else e["activated"]
        it = StackItem(kind, source=src, ability=None if e.get("created") else e.get(
                       "ability", 1), controller=e.get("controller"),
                       targets=_targets(e.get("targets")),
                       event=dict(e["event"]) if e.get("event") else None)
        it.x = e.get("x")
        if e.get("created"):
            it.data = dict(e["created"])
    elif "move" in e:
        it = StackItem("move", card=e["move"], controller=e.get("controller"),
                       square=e["to"], from_square=e.get("from"))
        it.advance = bool(e.get("advance"))
    elif "plan" in e:
        it = StackItem("plan", controller=e["controller"], step=e["plan"])
    else:
        it = StackItem("exchange", square=e["exchange"], step=e.get("step", "first"),
                       damage=[dict(d) for d in e.get("damage", [])])
        it.controller = None
    if e.get("divided") and it.kind in ("spell", "triggered", "activated"):
        it.divided = dict(e["divided"])
    it.n = b.next_n()
    return it


def item_data(b, it: StackItem) -> dict:
    if it.kind == "spell":
        c = b.cards[it.card]
        d: dict = {"spell": card_data(b, c)}
        if it.controller != c.owner:
            d["controller"] = it.controller
        if it.square:
            d["square"] = it.square
        if it.via:
            d["via"] = it.via
        if it.linked:
            d["linked"] = {str(k): v for k, v in it.linked.items()}
        if it.x is not None:
            d["x"] = it.x
        if it.mode is not None:
            d["mode"] = it.mode
        if it.additional:
            d["additional"] = True
    elif it.kind in ("triggered", "activated"):
        d = {"trigger" if it.kind == "triggered" else "activated": it.source}
        if it.data is not None:
            d["created"] = {k: it.data[k] for k in ("trigger", "effect", "text", "about")
                            if it.data.get(k) is not None}
        elif it.ability and it.ability != 1:
            d["ability"] = it.ability
        d["controller"] = it.controller
        if it.x is not None:
            d["x"] = it.x
    elif it.kind == "move":
        d = {"move": it.card, "from": it.from_square, "to": it.square,
             "controller": it.controller}
        if it.advance:
            d["advance"] = True
    elif it.kind == "plan":
        d = {"plan": it.step, "controller": it.controller}
    else:
        d = {"exchange": it.square, "step": it.step, "damage": [dict(x) for x in it.damage]}
    if it.targets and it.kind != "exchange":
        t = {k: list(v) for k, v in it.targets.items()}
        d["targets"] = t["target"] if set(t) == {"target"} else t
    if it.divided:
        d["divided"] = dict(it.divided)
    if it.event and it.kind == "triggered":
        ev = {k: v for k, v in it.event.items() if isinstance(v, str)}
        if ev:
            d["event"] = ev
    return d


# ---- battles --------------------------------------------------------------------------------

def read_frame(b, bl, fd: dict, path: tuple) -> BattleFrame:
    fr = BattleFrame()
    fr.step = fd.get("step", "first")
    fr.exchange = fd.get("exchange", "pending")
    fr.end_done = fd.get("end_done", False)
    for sq, bd in fd.get("squares", {}).items():
        bt = Battle(sq)
        att = list(bd.get("attacking", []))
        atd = list(bd.get("attacked", []))
        units = list(bd.get("units", [])) or list(dict.fromkeys(att + atd))
        bt.attacking = [(u, 0) for u in att]
        bt.attacked = [(u, 0) for u in atd]
        bt.units = [(u, 0) for u in units]
        bt.causers = [(u, 0) for u in dict.fromkeys(att + atd)]
        bt.first_stacked = list(bd.get("first_stacked", []))
        bt.center_played = [(u, 0) for u in bd.get("center_played", [])]
        r = bd.get("result")
        bt.result = dict(r) if r else None
        fr.battles.append(bt)
    for i, e in enumerate(fd.get("stack", [])):
        it = read_item(b, bl, e, path + ("stack", i))
        if it is not None:
            fr.suspended_stack.append(it)
    fr.suspended_pending = [dict(t, _path=path + ("triggers", i))
                            for i, t in enumerate(fd.get("triggers", []))]
    return fr


def frame_data(b, fr: BattleFrame) -> dict:
    d: dict = {"step": fr.step, "exchange": fr.exchange}
    if fr.end_done:
        d["end_done"] = True
    sq: dict = {}
    for bt in fr.battles:
        bd: dict = {"attacking": [u for u, _ in bt.attacking],
                    "attacked": [u for u, _ in bt.attacked]}
        units = [u for u, _ in bt.units]
        if units != list(dict.fromkeys(bd["attacking"] + bd["attacked"])):
            bd["units"] = units
        if bt.first_stacked:
            bd["first_stacked"] = list(bt.first_stacked)
        if bt.center_played:
            bd["center_played"] = [u for u, _ in bt.center_played]
        if bt.result:
            bd["result"] = dict(bt.result)
        sq[bt.square] = bd
    d["squares"] = sq
    if fr.suspended_stack:
        d["stack"] = [item_data(b, it) for it in fr.suspended_stack]
    if fr.suspended_pending:
        d["triggers"] = [{k: v for k, v in t.items() if not k.startswith("_")}
                         for t in fr.suspended_pending]
    return d


def read_cards(b, bl, data: dict) -> None:
    for i, e in enumerate(data.get("stack", [])):
        it = read_item(b, bl, e, ("stack", i))
        if it is not None:
            b.stack.append(it)
    for i, fd in enumerate(data.get("battles", [])):
        b.battles.append(read_frame(b, bl, fd, ("battles", i)))
    # a card on a base square written without a type is a base (2.20.2)
    for z in ("P1-L", "P1-C", "P1-R", "P2-L", "P2-C", "P2-R"):
        for c in b.cards_in(z):
            if c.type is None and not b.is_attached(c):
                c.type = "base"
    # 闘気 cards are face down under their card (6.1.1)
    for c in list(b.cards.values()):
        for i in c.aura:
            if i in b.cards:
                b.cards[i].face = "down"
    # the battling units are remembered with the object they are now
    for fr in b.battles:
        for bt in fr.battles:
            for attr in ("attacking", "attacked", "units", "causers", "center_played"):
                setattr(bt, attr, [(u, b.cards[u].incarnation if u in b.cards else 0)
                                   for u, _ in getattr(bt, attr)])
