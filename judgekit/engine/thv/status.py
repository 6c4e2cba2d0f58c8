"""What makes a 東方VISION board impossible or doubtful, as flags (judgekit.board.status).

Severity `error`: no legal game reaches this board. `warning`: possible but worth a look.
Situations the rules settle by themselves (two リーダー before 10.34.4, a character at
durability 0 before it becomes 決死, a player at LP 0 before the next grant) are not errors:
they are what the engine is for; the last is a warning, because it decides the game.
"""

from __future__ import annotations

from ...board.errors import Flag
from ...board.status import Flags, check_edition, check_references
from ..effects.delayed import check_phases
from .model import PRIORITY_STEPS, Board, opponent, zone_kind, zone_player
from .spec import STEPS, UNTIL_WORDS

OWNER_ZONES = ("deck", "hand", "nodes", "netherworld", "removed", "sideboard")  # 3.1.6


def _check_attack(f: Flags, b: Board, att: dict, i: int) -> None:
    """An attack frame's cast: the attacked player (`player`) is the opponent of the attacking
    character's controller (6.3.4.g, 6.3.5.e); a declared attack's attacker is the turn
    player's (6.3.3.a); the defender is a character of the attacked player (6.4.3.a) that is
    not itself attacking (6.4.3.c). Cards no longer on the field (they left during the
    attack) are not judged: the attack goes on without them."""
    cards = b.cards
    a = cards.get(att.get("attacker"))
    d = cards.get(att.get("defender")) if att.get("defender") else None
    attacked = att.get("player")
    where = ("interference", i, "attack")
    if a is not None and d is not None and a.id == d.id:
        f.add("ATTACKER_DEFENDS", "error", f"{a.label()} is both the attacking and the defending "
              "character; a character that is attacking cannot defend", where + ("defender",),
              ("6.4.3.c",))
        return
    if a is not None and zone_kind(a.zone) == "field":
        side = zone_player(a.zone)
        if side == attacked:
            f.add("ATTACKER_OF_ATTACKED_PLAYER", "error", f"{a.label()} is on {side}'s field, "
                  f"but {attacked} is the attacked player; the attack moves priority to the "
                  "attacking character's opponent", where + ("attacker",), ("6.3.4.g", "6.3.5.e"))
        elif not att.get("by_effect") and side != b.turn_player:
            f.add("ATTACKER_NOT_TURN_PLAYERS", "error", f"{a.label()} attacks from {side}'s "
                  f"field, but {b.turn_player} is the turn player; a declared attack is made "
                  "with a character on the turn player's field", where + ("attacker",),
                  ("6.3.3.a",))
    if d is not None and zone_kind(d.zone) == "field" and zone_player(d.zone) != attacked:
        f.add("DEFENDER_NOT_ATTACKED_PLAYERS", "error", f"{d.label()} defends from "
              f"{zone_player(d.zone)}'s field, but {attacked} is the attacked player; a "
              "defending character is on the field of the player the attack moved priority to",
              where + ("defender",), ("6.4.3.a",))


def _one_per_deck(f: Flags, b: Board) -> None:
    """デッキ1枚制限 (10.24.2.a, 10.24.3): one card of a name with デッキ1枚制限 in a deck (the file
    has no card No.: the name stands for it), and with it at most 2 of that name without it. A
    player's cards are counted wherever they are, the sideboard aside (not the deck, 3.2)."""
    seen: dict = {}
    for c in b.cards.values():
        if c.name and c.owner and zone_kind(c.zone) != "sideboard":
            seen.setdefault((c.owner, c.name), []).append(c)
    for (p, name), cs in seen.items():
        lim = [c for c in cs if c.has("デッキ1枚制限")]
        rest = len(cs) - len(lim)
        if lim and (len(lim) > 1 or rest > 2):
            pos = lim[-1].pos if lim[-1].pos != (0, 0) else None
            f.add("ONE_PER_DECK", "warning", f"{p} has {len(lim)} card(s) 「{name}」 with デッキ1枚制限 "
                  f"and {rest} without: a deck holds one card with デッキ1枚制限 of a card No. and at "
                  "most 2 of the same name without it", clauses=("10.24.2.a", "10.24.3"), pos=pos)


def status(board: Board) -> list[Flag]:
    f = Flags(board)
    b = board
    cards = b.cards
    hosts = {s: h.id for h in cards.values() for s in h.set}
    _one_per_deck(f, b)

    for c in cards.values():
        pos = c.pos if c.pos != (0, 0) else None
        z = c.zone
        kind = zone_kind(z)
        if c.combat_damage > c.damage:
            f.add("COMBAT_DAMAGE_OVER_DAMAGE", "error", f"{c.label()} has {c.combat_damage} "
                  f"combat damage out of {c.damage} accumulated damage", clauses=("1.10.11.b",),
                  pos=pos)
        if c.damage and not (kind == "field" and c.id not in hosts
                             and (c.type == "character" or c.has("幻想生物"))):
            f.add("DAMAGE_OFF_CHARACTER", "error", f"{c.label()} has damage but is not a "
                  f"character on the field ({z}); damage accumulates only on characters and "
                  "is lost when the card stops being one", clauses=("1.10.11.b", "1.10.13.c"),
                  pos=pos)
        if c.state and kind not in ("field", "nodes"):
            f.add("STATE_WITHOUT_STATES", "error", f"{c.label()} is written as {c.state} in "
                  f"{z}; only field and node-area cards are active or asleep",
                  clauses=("3.4.2", "3.5.2"), pos=pos)
        if kind == "nodes" and c.face == "up":
            f.add("NODE_FACE_UP", "error", f"node {c.label()} is face up; a card set into the "
                  "node area is always face down", clauses=("1.8.5",), pos=pos)
        elif c.face == "down" and kind in ("netherworld", "removed", "play"):
            f.add("FACE_DOWN_IN_PUBLIC", "warning", f"{c.label()} is face down in the public "
                  f"zone {z}", clauses=("3.1.5.a",), pos=pos)
        if kind in OWNER_ZONES and zone_player(z) != c.owner:
            f.add("NOT_OWNERS_ZONE", "error", f"{c.label()} (owner {c.owner}) is in {z}; a card "
                  "going to that zone always goes to its original owner's", clauses=("3.1.6",),
                  pos=pos)
        if c.id in hosts and kind != "field":
            f.add("SET_CARD_OFF_FIELD", "error", f"{c.label()} is set on {hosts[c.id]}, which is "
                  f"in {z}; cards are set only on field cards", clauses=("3.4.6", "11.3.7"),
                  pos=pos)
        if c.set_as and c.id not in hosts:
            f.add("SET_AS_UNSET", "warning", f"{c.label()} has set_as: {c.set_as} but is not set "
                  "on any card", clauses=("11.3.7",), pos=pos)
        if kind == "field" and c.type == "character" and c.id not in hosts and c.known \
                and not c.bare and c.attack is None and c.durability is None:
            f.add("STATS_MISSING", "warning", f"character {c.label()} has no attack and no "
                  "durability; give `attack:` and `durability:` ('-' for none)",
                  clauses=("2.10.1", "2.11.1"), pos=pos)
        if kind == "play" and not any(e.get("play") == c.id for fr in b.interference
                                      for e in fr["entries"]) \
                and not any((fr.get("resume") or {}).get("entry", {}).get("play") == c.id
                            for fr in b.interference):
            f.add("PLAY_AREA_ORPHAN", "warning", f"{c.label()} is in the play area but no "
                  "interference entry plays it; it will not resolve", clauses=("3.8.5",),
                  pos=pos)

    # ---- players ---------------------------------------------------------------------------
    for p in ("P1", "P2"):
        if b.players[p].lp <= 0 and b.step in PRIORITY_STEPS:
            f.add("LP_AT_ZERO", "warning", f"{p} has {b.players[p].lp} LP: {p} loses when the "
                  "next player gains priority", ("players", p, "lp"), ("1.5.3.a", "1.9.2"))
        total = sum(1 for c in cards.values() if c.owner == p and zone_kind(c.zone)
                    != "sideboard")
        side = len(b.pzone(p, "sideboard"))
        if total > 50:
            f.add("TOO_MANY_CARDS", "warning", f"{p} owns {total} cards outside the sideboard; "
                  "a deck has exactly 50", ("players", p), ("1.2.2.a",))
        if side > 10:
            f.add("TOO_MANY_CARDS", "warning", f"{p}'s sideboard holds {side} cards; it has "
                  "exactly 10", ("players", p, "sideboard"), ("1.2.5.a",))

    # ---- game context ----------------------------------------------------------------------
    step = b.step
    if step not in STEPS:
        f.add("UNKNOWN_STEP", "error", f"game.step {step!r} is not a step the engine can start "
              "from (e.g. 4.7.1.b, 4.3.1, 1.12.8; see docs/board-format-thv.md)",
              ("game", "step"))
    if b.until and b.until not in STEPS and b.until not in UNTIL_WORDS:
        f.add("UNKNOWN_STEP", "error", f"until {b.until!r} is not a step id or turn_end",
              ("until",))
    odd = b.turn % 2 == 1
    expected_tp = b.first_player if odd else opponent(b.first_player)
    if b.turn_player != expected_tp:
        f.add("TURN_PLAYER_MISMATCH", "error", f"turn {b.turn} belongs to {expected_tp} when "
              f"{b.first_player} started the game", ("game", "turn_player"),
              ("1.2.7.e", "4.9.1.e"))
    kinds = ("modify", "cannot", "grant", "lose")
    for i, e in enumerate(b.effects):
        have = [k for k in kinds if k in e]
        if len(have) != 1:
            f.add("EFFECT_KIND", "error", f"an effect in force names what it does with exactly one "
                  f"of {', '.join(kinds)} (it names {', '.join(have) or 'none'})",
                  ("effects", i), ("7.6.1",))
    check_phases(f, b, "at", ("phase_start", "phase_end"), "waiting", "7.7.1")
    for i, w in enumerate(b.waiting):
        if ("prevent_next_damage" in w) == ("at" in w) or ("at" in w) != ("effect" in w):
            f.add("WAITING_KIND", "error", "a waiting effect is either the next damage nullified "
                  "(prevent_next_damage) or an effect for a timing (at: and effect:), not both "
                  "and not neither", ("waiting", i), ("7.8.1", "7.7.1"))
    if step == "1.12.8" and not b.interference:
        f.add("NOTHING_TO_RESOLVE", "error", "step 1.12.8 resolves an interference, but none "
              "is given", ("game", "step"), ("1.12.9",))
    if b.attack_priority and not any(fr.get("attack") for fr in b.interference):
        f.add("ATTACK_PRIORITY_WITHOUT_ATTACK", "error", "attack_priority is given but no "
              "interference has an attack", ("game", "attack_priority"), ("6.4.2",))
    if b.interference and step not in PRIORITY_STEPS and step != "1.12.8":
        f.add("INTERFERENCE_OUTSIDE_PRIORITY", "error", f"an interference is running but step "
              f"{step} is not a priority timing or 1.12.8", ("game", "step"), ("1.12.11",))
    for i, fr in enumerate(b.interference):
        for j, e in enumerate(fr["entries"]):
            cid = e.get("play") or e.get("use")
            if ("play" in e) == ("use" in e):
                f.add("BAD_ENTRY", "error", "an interference entry either plays a card "
                      "(play:) or uses an activated effect (use:)",
                      ("interference", i, "entries", j), ("1.12.6.a", "1.12.6.b"))
                continue
            if cid not in cards:
                f.unknown("interference entry names", cid, ("interference", i, "entries", j))
            elif "play" in e and cards[cid].zone != f"{e['player']}.play":
                f.add("PLAYED_CARD_NOT_IN_PLAY_AREA", "warning", f"entry {cid} is played by "
                      f"{e['player']} but the card is in {cards[cid].zone}; it will not "
                      "resolve", ("interference", i, "entries", j), ("5.2.4.b",))
            for k, t in enumerate(e.get("targets", [])):
                if t not in cards:
                    f.unknown("interference entry targets", t,
                              ("interference", i, "entries", j, "targets", k))
        att = fr.get("attack")
        if att:
            for k in ("attacker", "defender"):
                if att.get(k) and att[k] not in cards:
                    f.unknown(f"attack {k}", att[k], ("interference", i, "attack", k))
            _check_attack(f, b, att, i)
    for i, a in enumerate(b.actions):
        for j, t in enumerate(a.get("targets", [])):
            if t not in cards:
                f.unknown(f"action {i + 1} targets", t, ("actions", i, "targets", j))
    check_references(f, b, action_keys=("node", "play", "use", "attack", "defend"))
    check_edition(f, b)
    return f.out
