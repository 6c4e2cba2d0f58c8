"""Write a board back in the file format, for any ruleset (FEN-like: what `load` reads, `dump` writes).

`to_data(board)` gives plain data in the canonical key order; `dump_yaml(board)` the text.
Unknown cards fold back into `{unknown: N}` runs (or a bare count for a zone of only unknown
cards); defaults are left out (face in its zone's default, reboot on squares, owner as
controller, ...), so a dumped file stays as short as a hand-written one.
"""

from __future__ import annotations

from .common import FORMAT
from .model import PLAYERS, BaseBoard, BaseCard


def card_data(board: BaseBoard, c: BaseCard, *, in_zone_of: str | None = None,
              attached: bool = False) -> dict | str:
    """One card as the file writes it: a bare id when only its identity was given, else a
    mapping of what differs from the defaults (in the order of the card's FIELDS)."""
    plain_state = (None, board.DEFAULT_STATE)
    if c.bare and not c.damage and c.controller == c.owner and c.state in plain_state \
            and (c.face is None or c.face == board.default_face(c.zone)) and in_zone_of == c.owner \
            and plain_fields(c):
        return c.id
    d: dict = {"id": c.id}
    if c.name:
        d["name"] = c.name
    if c.type:
        d["type"] = c.type
    _fields(c, c.FIELDS, d)
    if in_zone_of != c.owner or c.controller != c.owner:
        d["owner"] = c.owner
    if c.controller != c.owner:
        d["controller"] = c.controller
    if board.has_states(c.zone):
        if c.state and c.state != board.DEFAULT_STATE:
            d["state"] = c.state
    elif c.state:
        d["state"] = c.state  # kept so that status() can flag it again
    if c.face and c.face != board.default_face(c.zone):
        d["face"] = c.face
    if c.damage:
        d["damage"] = c.damage
    if board.keeps_placed(c.zone) and not attached:
        d["placed"] = c.placed
    if c.token:
        d["token"] = True
    _fields(c, c.TAIL_FIELDS, d)
    if c.text:
        d["text"] = c.text
    if c.abilities:
        d["abilities"] = c.abilities
    if c.note:
        d["note"] = c.note
    for key in c.ATTACHED:
        ids = getattr(c, key)
        if ids:
            d[key] = _entries(board, [board.cards[s] for s in ids if s in board.cards],
                              c.owner, attached=True)
    return d


def plain_fields(c: BaseCard) -> bool:
    """The ruleset's own fields (FIELDS, TAIL_FIELDS) are all still their defaults: a card
    given by id or as unknown can be written back that way without losing anything."""
    return all(getattr(c, f) == default for f, default in c.FIELDS + c.TAIL_FIELDS)


def _fields(c: BaseCard, fields: tuple, d: dict) -> None:
    for fname, default in fields:
        v = getattr(c, fname)
        if v != default and v is not None and v != ():
            d[fname] = list(v) if isinstance(v, tuple) else v


def zone_data(board: BaseBoard, zone: str, owner: str | None):
    """A zone's cards: a bare count when all are unknown (in the zone's default state), else a
    list in which runs of unknown cards fold into {unknown: N} — {unknown: N, state: S} for
    unknown cards in another state (smash or energy cards frozen to pay a cost). Attached cards
    are written under their host."""
    ids = board.zones[zone]
    cards = [board.cards[i] for i in ids]
    attached = {s for c in cards for key in c.ATTACHED for s in getattr(c, key)}
    cards = [c for c in cards if c.id not in attached]
    if cards and owner is not None and all(_fold_key(board, c, owner) == (None, None)
                                           for c in cards):
        return len(cards)
    return _entries(board, cards, owner)


def _fold_key(board: BaseBoard, c: BaseCard, owner: str | None, attached: bool = False):
    """(state, face) an unknown card is folded with — None where it has its zone's usual one
    — or False when it cannot be folded (a known card, another owner, damage, ruleset fields
    a run gave it; an attached card's fields are its host's to say, thv's 人気 cards)."""
    if c.known or owner is None or c.owner != owner or c.controller != c.owner or c.damage \
            or not (attached or plain_fields(c)):
        return False
    state = None if c.state in (None, board.DEFAULT_STATE) else c.state
    face = None if c.face in (None, board.default_face(c.zone)) else c.face
    return state, face


def _entries(board: BaseBoard, cards: list, owner: str | None, attached: bool = False) -> list:
    """Zone (or attached-card) entries: runs of unknown cards with the same state and face fold
    into {unknown: N} (with `state:` / `face:` when not the zone's usual ones)."""
    out: list = []
    run, run_key = 0, None
    for c in cards:
        key = _fold_key(board, c, owner, attached)
        if key is not False and (not run or key == run_key):
            run, run_key = run + 1, key
            continue
        if run:
            out.append(_unknown_run(run, run_key))
            run = 0
        if key is not False:
            run, run_key = 1, key
            continue
        out.append(card_data(board, c, in_zone_of=owner, attached=attached))
    if run:
        out.append(_unknown_run(run, run_key))
    return out


def _unknown_run(n: int, key) -> dict:
    state, face = key
    d: dict = {"unknown": n}
    if state is not None:
        d["state"] = state
    if face is not None:
        d["face"] = face
    return d


def to_data(board: BaseBoard, *, scenario: bool = True) -> dict:
    """Plain data of the whole file in the canonical key order. `scenario=False` leaves out
    events/actions/choices/expect (the state alone)."""
    d: dict = {"format": FORMAT, "ruleset": board.ruleset}
    if board.edition:
        d["edition"] = board.edition
    if board.meta:
        d["meta"] = dict(board.meta)
    g: dict = {"turn": board.turn, "turn_player": board.turn_player,
               "first_player": board.first_player, "step": board.step}
    if board.priority:
        g["priority"] = board.priority
    tail: dict = {}
    board.write_context(g, tail)
    d["game"] = g
    players: dict = {}
    for p in PLAYERS:
        pl = board.players[p]
        pd: dict = {}
        for z in board.PLAYER_ZONES:
            pd[z] = zone_data(board, f"{p}.{z}", p)
        board.write_player(pl, pd)
        if pl.counters:
            pd["counters"] = dict(pl.counters)
        if any(pl.flags.values()):
            pd["flags"] = {k: True for k, v in pl.flags.items() if v}
        players[p] = pd
    d["players"] = players
    for key, zones in board.ZONE_SECTIONS.items():
        if isinstance(zones, tuple):
            d[key] = {z: zone_data(board, z, None) for z in zones if board.zones[z]}
        elif board.zones[zones]:
            d[key] = zone_data(board, zones, None)
    if board.effects:
        d["effects"] = [_clean(e) for e in board.effects]
    if board.triggers:
        d["triggers"] = [_clean(t) for t in board.triggers]
    d.update(tail)
    if scenario:
        if board.events:
            d["events"] = board.events
        if board.actions:
            d["actions"] = [_action(a) for a in board.actions]
        if board.choices:
            d["choices"] = {k: v for k, v in board.choices.items() if v}
        if board.readings:
            d["readings"] = dict(board.readings)
        if board.until:
            d["until"] = board.until
        if board.expect:
            d["expect"] = board.expect
    return d


def _action(a: dict):
    """The shorthand `pass` for a pass by whoever decides (written `{pass: true}` too)."""
    if set(a) == {"pass"} and a["pass"] in (True, "true"):
        return "pass"
    return a


def _clean(d: dict) -> dict:
    """An effect or trigger as a file writes it: no private keys, and no key whose value is
    unknown (an effect given as an event without `source:` has none; `source: null` would not
    load back)."""
    return {k: v for k, v in d.items() if not k.startswith("_") and v is not None}


class _Dumper:
    _cls = None

    @classmethod
    def get(cls):
        if cls._cls is None:
            import yaml

            base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

            class D(base):  # type: ignore[misc, valid-type]
                # a list the run shares between two places (a created trigger's effect and
                # the ability that created it) is written out at both: a board file holds no
                # YAML anchors, which a judge does not read and the loader does not keep
                def ignore_aliases(self, data):
                    return True

            def repr_list(dumper, data):
                flow = (len(data) <= 12 and all(isinstance(x, (str, int, bool)) for x in data)
                        and sum(len(str(x)) + 2 for x in data) < 70)
                return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)

            def repr_dict(dumper, data):
                flow = (len(data) <= 4 and all(isinstance(v, (str, int, bool)) for v in
                                                data.values())
                        and sum(len(str(k)) + len(str(v)) + 4 for k, v in data.items()) < 60
                        and not any(isinstance(v, str) and "\n" in v for v in data.values()))
                return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)

            D.add_representer(list, repr_list)
            D.add_representer(dict, repr_dict)
            cls._cls = D
        return cls._cls


def dump_data(data) -> str:
    import yaml

    return yaml.dump(data, Dumper=_Dumper.get(), allow_unicode=True, sort_keys=False,
                     width=100, default_flow_style=False)


def dump_yaml(board: BaseBoard, *, scenario: bool = True, header: str = "") -> str:
    text = dump_data(to_data(board, scenario=scenario))
    return header + text


def name_unwritable(board: BaseBoard) -> dict[str, str]:
    """Cards the file gave only as a count ("P2.deck#1") that the writer can no longer fold back
    into one (a run gave them a field, damage, another player's zone) would be written under an
    id no board file may hold: each gets one made from it ("P2-deck-1"). The board's own
    references follow (zones, attached cards, effects in force, the ruleset's
    `rename_references`). Returns {old id: new id}."""
    import re

    from .common import ID_PATTERN

    written = set(_written_ids(to_data(board, scenario=False)))
    renames: dict[str, str] = {}
    for old in [c.id for c in board.cards.values() if not c.known and c.id in written
                and not re.fullmatch(ID_PATTERN, c.id)]:
        new = base = re.sub(r"[.#]", "-", old)
        n = 1
        while new in board.cards or new in renames.values():
            n += 1
            new = f"{base}-{n}"
        renames[old] = new
    if not renames:
        return renames
    for old, new in renames.items():
        c = board.cards.pop(old)
        c.id = new
        board.cards[new] = c
        z = board.zones[c.zone]
        z[z.index(old)] = new
    for c in board.cards.values():
        for key in c.ATTACHED:
            setattr(c, key, [renames.get(i, i) for i in getattr(c, key)])
    for e in board.effects:
        if "to" in e:
            e["to"] = [renames.get(t, t) for t in e["to"]]
    board.rename_references(renames)
    return renames


def _written_ids(data):
    if isinstance(data, dict):
        if isinstance(data.get("id"), str):
            yield data["id"]
        for v in data.values():
            yield from _written_ids(v)
    elif isinstance(data, list):
        for v in data:
            yield from _written_ids(v)
