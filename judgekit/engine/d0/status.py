"""What makes a Dimension Zero board impossible or doubtful, as flags (judgekit.board.status).

Each flag has the file position where it was written and the clauses that make it so. Situations
the rules resolve by themselves — two units of one controller in a square (4.16.4-6), a unit with
damage at least its power (4.16.4-5), a base on a battle square (4.16.4-13), 7 smash cards
(4.16.4-1) — are not flagged: they are what the engine is for.
"""

from __future__ import annotations

from ...board.errors import Flag
from ..effects.delayed import check_cards, check_phases
from ...board.status import Flags, check_edition, check_references
from .model import (BATTLE_SQUARES, LINES, PLAYERS, Board, has_states, is_battle_square, is_public,
                    is_square, zone_kind, zone_player)
from .spec import STEPS, UNTIL_WORDS

_SELECTOR_WORDS = ("self", "target", "it", "sandwiched")
_BATTLE_STEPS = ("3.12.1", "3.13.1", "3.14.1", "3.14.4")


def _check_battle(f: Flags, b: Board, bt, where: tuple) -> None:
    """A battle's cast: two units of different controllers caused it (3.11.1) — one unit
    cannot battle itself; its winner is one of its battling units (3.14.1-1, 3.11.1-2); the
    attacked units were in its square when it occurred (3.11.5), so one elsewhere has moved
    square to square since (possible, worth a look)."""
    cards = b.cards
    causers = list(dict.fromkeys(u for u, _ in bt.attacking + bt.attacked))
    if (bt.attacking or bt.attacked) and len(causers) < 2:
        who = cards[causers[0]].label() if causers and causers[0] in cards else "one unit"
        f.add("UNIT_BATTLES_ITSELF", "error", f"the battle in {bt.square} has {who} as its only "
              "unit; a battle occurs when two units of different controllers are put onto the "
              "same square", where, ("3.11.1",))
    r = bt.result or {}
    units = {u for u, _ in bt.units + bt.attacking + bt.attacked}
    if r.get("winner") and r["winner"] not in units:
        w = cards[r["winner"]].label() if r["winner"] in cards else r["winner"]
        f.add("WINNER_NOT_IN_BATTLE", "error", f"the battle in {bt.square} is won by {w}, "
              "which is not one of its battling units; the winner is the only battling unit "
              "left in its square", where + ("result", "winner"), ("3.14.1-1", "3.11.1-2"))
    for u, _ in bt.attacked:
        c = cards.get(u)
        if c is not None and is_battle_square(c.zone) and c.zone != bt.square:
            f.add("ATTACKED_ELSEWHERE", "warning", f"{c.label()}, attacked in the battle in "
                  f"{bt.square}, is in {c.zone}: the attacked unit was in the battle's square "
                  "when it occurred, so it must have moved square to square since",
                  where + ("attacked",), ("3.11.5",))


def status(board: Board) -> list[Flag]:
    f = Flags(board)
    b = board
    cards = b.cards

    # ---- cards ----------------------------------------------------------------------------
    for c in cards.values():
        pos = c.pos if c.pos != (0, 0) else None
        z = c.zone
        kind = zone_kind(z)
        if c.damage and not (is_battle_square(z) and c.type == "unit"):
            f.add("DAMAGE_OFF_SQUARE", "error",
                  f"{c.label()} has damage but is not a unit on a battle square; damage stays "
                  "only on units there and is lost when a card becomes a new card",
                  clauses=("2.23.1-3",), pos=pos)
        if c.state and not has_states(z):
            f.add("STATE_WITHOUT_STATES", "error",
                  f"{c.label()} is written as {c.state} in {z}, where cards are neither released "
                  "nor frozen", clauses=("2.26.1-1",), pos=pos)
        if c.aura or c.bound:
            from .attached import check

            check(b, f, c, pos)
        att = is_square(z) and b.is_attached(c)  # a 闘気 card or a 結合 strategy (第6部)
        if c.type == "strategy" and is_square(z) and not att:
            f.add("STRATEGY_ON_SQUARE", "error",
                  f"strategy {c.label()} is on {z}; a resolved strategy goes to its owner's "
                  "graveyard (only a link strategy stays, bound to a unit)",
                  clauses=("2.20.3-3",), pos=pos)
        if kind == "smash" and c.face == "up":
            f.add("SMASH_FACE_UP", "error", f"{c.label()} is face up in the smash zone, whose "
                  "cards are always face down", clauses=("2.23.7-2",), pos=pos)
        if c.face == "down" and is_public(z) and kind != "smash" and not att:
            f.add("FACE_DOWN_IN_PUBLIC", "warning",
                  f"{c.label()} is face down in the public zone {z}", pos=pos)
        zp = zone_player(z)
        if zp and zp != c.owner and not is_square(z):
            f.add("NOT_OWNERS_ZONE", "warning",
                  f"{c.label()} (owner {c.owner}) is in {z}; a card put into another player's "
                  "zone goes to its owner's instead", clauses=("2.23.1-1",), pos=pos)
        if is_square(z) and c.type is None and c.known and not c.bare and not att:
            f.add("TYPE_MISSING", "warning", f"{c.label()} on {z} has no type and no power; "
                  "give type: unit and its power", clauses=("2.6.2",), pos=pos)
        if c.type == "unit" and c.power is None and is_battle_square(z) and not c.bare \
                and not att:
            f.add("POWER_MISSING", "warning", f"unit {c.label()} on {z} has no power; it is "
                  "read as 0 and the unit goes to the graveyard (4.16.4-4)",
                  clauses=("1.2.2", "4.16.4-4"), pos=pos)
        f.unknown_in_abilities(c, _refs(c.abilities), "1.1.3")
        for i, ab in enumerate(c.abilities, 1):
            need = {"race": ("add", "set", "remove"), "grant": ("grant",),
                    "lose": ("lose",)}.get(ab.get("static"))
            if need and not any(ab.get(k) for k in need):
                f.add("STATIC_WITHOUT_CHANGE", "error", f"{c.label()}'s ability {i} is "
                      f"`static: {ab['static']}` with none of {', '.join(need)}: it would change "
                      "nothing; write what it adds, sets, grants or takes away", pos=pos)
            if ab.get("replace") == "put_on_square" and not ab.get("designate"):
                f.add("REPLACEMENT_WITHOUT_CHANGE", "error", f"{c.label()}'s ability {i} is "
                      "`replace: put_on_square` with no designate: (race, color or name): it "
                      "would replace nothing with nothing (「～にあたり、…を指定する」)",
                      clauses=("4.15.2-1",), pos=pos)
    _copies(f, b)
    for p in PLAYERS:
        if len(b.pzone(p, "plan")) > 1:
            f.add("PLAN_ZONE_CARDS", "error", f"{p}'s plan zone holds "
                  f"{len(b.pzone(p, 'plan'))} cards; it is the deck's one top card",
                  ("players", p, "plan"), ("2.23.3-1",))

    # ---- the stack and battles ------------------------------------------------------------------
    stacks = [("stack", b.stack)] + [(f"battles[{i}].stack", fr.suspended_stack)
                                     for i, fr in enumerate(b.battles)]
    for where, items in stacks:
        for it in items:
            _check_item(f, b, it, where)
    if any(it.kind == "exchange" for it in b.stack) and not b.battles:
        f.add("EXCHANGE_WITHOUT_BATTLE", "error", "a damage exchange is on the stack but no "
              "battle is going on", ("stack",), ("3.12.2",))
    for i, fr in enumerate(b.battles):
        for bt in fr.battles:
            for u, _ in bt.units + bt.attacking + bt.attacked:
                if u not in cards:
                    f.unknown(f"the battle in {bt.square} names", u,
                              ("battles", i, "squares", bt.square))
                elif cards[u].type != "unit":
                    f.add("BATTLE_NOT_UNIT", "error", f"the battle in {bt.square} names "
                          f"{cards[u].label()}, which is not a unit",
                          ("battles", i, "squares", bt.square), ("3.11.1",))
            _check_battle(f, b, bt, ("battles", i, "squares", bt.square))
        if fr.exchange == "stacked" and fr.step in ("first", "second") and i == len(
                b.battles) - 1 and not any(it.kind == "exchange" for it in b.stack) and \
                not b.stack:
            pass  # an exchange stacked and resolved: the step waits for the double pass
    check_cards(f, b, "delayed", ("about", "source"), "4.4.4")
    check_phases(f, b, "trigger", ("phase_start",), "delayed", "4.4.4")  # a phase's start only

    # ---- game context -----------------------------------------------------------------------
    step = b.step
    if step not in STEPS:
        f.add("UNKNOWN_STEP", "error", f"game.step {step!r} is not a step the engine can start "
              f"from ({', '.join(STEPS)}; see docs/board-format-d0.md)", ("game", "step"))
    if b.until and b.until not in STEPS and b.until not in UNTIL_WORDS:
        f.add("UNKNOWN_STEP", "error", f"until {b.until!r} is not a step id or turn_end",
              ("until",))
    odd = b.turn % 2 == 1
    expected_ap = b.first_player if odd else ("P2" if b.first_player == "P1" else "P1")
    if b.turn_player != expected_ap:
        f.add("TURN_PLAYER_MISMATCH", "error",
              f"turn {b.turn} belongs to {expected_ap} when {b.first_player} played first",
              ("game", "turn_player"), ("3.4.1",))
    if step in _BATTLE_STEPS and not b.battles:
        f.add("BATTLE_MISSING", "error", f"step {step} is in a battle but no battle is given",
              ("game", "step"), ("3.11.4",))
    if b.battles and b.phase != "main":
        f.add("BATTLE_OUTSIDE_MAIN", "error", f"a battle is going on in the {b.phase} phase; "
              "battles occur only in the main phase", ("battles",), ("3.4.2",))
    for i, t in enumerate(b.triggers):
        c = cards.get(t["card"])
        if c is None:
            continue  # check_references flags it
        k = t.get("ability", 1)
        if k > len(c.abilities) or "trigger" not in c.abilities[k - 1]:
            f.add("NOT_A_TRIGGERED_ABILITY", "error",
                  f"pending trigger names ability {k} of {c.label()}, which is not a triggered "
                  "ability", ("triggers", i, "ability"), ("4.4.1",))
    check_references(f, b, action_keys=("play", "activate", "move", "energy", "smash"))
    for i, a in enumerate(b.actions):
        t = a.get("targets")
        names = t if isinstance(t, list) else [x for v in (t or {}).values() for x in v]
        for j, ref in enumerate(names):
            if ref not in cards and ref not in BATTLE_SQUARES and ref not in _NON_CARD_TARGETS:
                f.unknown(f"action {i + 1} targets", ref, ("actions", i, "targets"))
    check_edition(f, b)
    return f.out


def _copies(f: Flags, b: Board) -> None:
    """3.1.1, 5.6.2: at most 3 cards of one name in a deck and sideboard, unless they have
    団結. A player's named cards are counted wherever they are; more than 3 of one name without
    団結 is a warning, since a card may have lost 団結 during the duel (5.6.2-1)."""
    from .values import has_keyword

    seen: dict = {}
    for c in b.cards.values():
        if c.name and c.owner:
            seen.setdefault((c.owner, c.name), []).append(c)
    for (p, name), cs in seen.items():
        if len(cs) > 3 and not all(has_keyword(c, "unity") for c in cs):
            pos = next((c.pos for c in cs if not has_keyword(c, "unity")), None)
            f.add("COPIES_WITHOUT_UNITY", "warning",
                  f"{p} has {len(cs)} cards named 「{name}」 and not all of them have 団結: a deck "
                  "and sideboard hold at most 3 cards of one name unless they have 団結 (a card "
                  "that lost 団結 after the duel began leaves the deck legal, 5.6.2-1)",
                  clauses=("3.1.1", "5.6.2", "5.6.2-1"), pos=pos if pos != (0, 0) else None)


def _check_item(f: Flags, b: Board, it, where: str) -> None:
    cards = b.cards
    for k in ("source", "card"):
        ref = getattr(it, k)
        if ref and ref not in cards:
            f.unknown(f"{where}: a {it.kind} names", ref, (where.split("[")[0],))
    if it.kind in ("triggered", "activated") and it.source in cards and it.data is None:
        c = cards[it.source]
        k = it.ability or 1
        want = "trigger" if it.kind == "triggered" else "activated"
        if k > len(c.abilities) or want not in c.abilities[k - 1]:
            f.add("NOT_THAT_ABILITY", "error", f"{where}: ability {k} of {c.label()} is not "
                  f"a{'' if want == 'trigger' else 'n'} {want}{'ed' if want == 'trigger' else ''}"
                  " ability", (where.split("[")[0],), ("4.2.2",))
    for d in it.damage:
        for k in ("from", "to"):
            if d.get(k) not in cards:
                f.unknown(f"{where}: the exchange's damage {k}", d.get(k), ("stack",))
    for ids in it.targets.values():
        for ref in ids:
            if ref not in cards and ref not in BATTLE_SQUARES and ref not in _NON_CARD_TARGETS:
                f.unknown(f"{where}: a target", ref, ("stack",))


# targets that are no card: an area (2.24.6) or a line (2.24.4)
_NON_CARD_TARGETS = ("own", "center", "enemy") + LINES
_SELECT_KEYS = ("destroy", "to_hand", "to_energy", "put", "freeze", "release", "to")


def _refs(x):
    if isinstance(x, dict):
        for k, v in x.items():
            if k in _SELECT_KEYS and isinstance(v, str) and v not in _SELECTOR_WORDS:
                if not _named_target(x, v):
                    yield v
            elif isinstance(v, (dict, list)):
                yield from _refs(v)
    elif isinstance(x, list):
        for v in x:
            yield from _refs(v)


def _named_target(_d, v: str) -> bool:
    # a target's own name (「対象A」) is not a card id; names are short and capitalised
    return v.isupper() and len(v) <= 2
