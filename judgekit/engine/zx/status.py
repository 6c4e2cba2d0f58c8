"""What makes a Z/X board impossible or doubtful, as flags (judgekit.board.status).

Two player cards on one square, negative damage, a sleeping card in a zone where states do
not exist, a Z/X EX outside the squares and dynamis… each flag has the file position where
it was written and the clauses that make it impossible.

Severity `error`: no legal game reaches this board. `warning`: possible but worth a look
(a card in another player's zone, an edition mismatch, a force waiting for 908).
Situations the rules resolve by themselves (two zekusu on one square before 905, a charge over
its limit before 906) are not flagged: they are what the engine is for.
"""

from __future__ import annotations

from ...board.errors import Flag
from ...board.status import Flags, check_edition, check_references
from ..effects.delayed import check_phases
from .model import (PLAYER_SQUARE, ZEKUSU_TYPES, Board, has_states, is_public, is_square,
                    zone_kind, zone_player)
from .spec import BATTLE_STEPS, PLAYERS, SQUARES, STEPS, UNTIL_WORDS

_WORD_TARGETS = ("self", "event_card", "chosen", "these", "deck_top")


def status(board: Board) -> list[Flag]:
    f = Flags(board)
    b = board
    cards = b.cards
    for c in cards.values():  # a keyword whose number its clause needs (1114.2: 電影[数値])
        for ab in c.abilities:
            if ab.get("static") in ("grant", "lose") and not ab.get(ab["static"]):
                f.add("STATIC_WITHOUT_CHANGE", "error", f"{c.id}'s `static: {ab['static']}` "
                      f"names no keyword ability: write `{ab['static']}: {{keyword: …}}` "
                      "(811.1b)", clauses=("811.1b",), pos=c.pos if c.pos != (0, 0) else None)
            if ab.get("keyword") == "denei" and not ab.get("value"):
                f.add("KEYWORD_VALUE_MISSING", "error", f"{c.id}'s 電影 has no number: write "
                      "`{keyword: 電影, value: N}` (電影[数値], 1114.2)", clauses=("1114.2",),
                      pos=c.pos if c.pos != (0, 0) else None)

    # スタートカード (1101) and ゲートカード (1113) are read when preparing the game (1101.1,
    # 1113.1): a board starts after that, so the engine applies nothing of them; say so
    for c in cards.values():
        for ab in c.abilities:
            k = ab.get("keyword")
            if k in ("start_card", "gate_card"):
                name, cid, where = (("スタートカード", "1101", "on the player square")
                                    if k == "start_card" else ("ゲートカード", "1113",
                                                               "face up in the dynamis"))
                f.add("GAME_PREPARATION_KEYWORD", "warning",
                      f"{c.label()}'s {name} is read only when preparing the game ({cid}.1: "
                      f"the game may start with this card {where}, {cid}.2); a board starts "
                      "after that, so nothing of it is applied: write where the card is now",
                      clauses=(f"{cid}.1", f"{cid}.2"),
                      pos=c.pos if c.pos != (0, 0) else None)

    # ---- players ------------------------------------------------------------------------
    for p in PLAYERS:
        pl = b.players[p]
        if pl.damage < 0:
            f.add("NEGATIVE_PLAYER_DAMAGE", "error",
                  f"{p}'s damage counter is {pl.damage}; it counts damage taken and starts at 0",
                  ("players", p, "damage"), ("907.1",))
        for icon, n in pl.counters.items():
            if n < 0:
                f.add("NEGATIVE_COUNTER", "error", f"{p} has {n} {icon} counters",
                      ("players", p, "counters", icon), ("1207.4",))

    # ---- cards --------------------------------------------------------------------------
    ob_count = {p: 0 for p in PLAYERS}
    for c in cards.values():
        pos = c.pos if c.pos != (0, 0) else None
        z = c.zone
        kind = zone_kind(z)
        if c.damage < 0:
            f.add("NEGATIVE_DAMAGE", "error", f"{c.label()} has {c.damage} damage",
                  clauses=("1001.1",), pos=pos)
        elif c.damage > 0 and not (is_square(z) and c.type in ZEKUSU_TYPES):
            where = "a card that is not a zekusu" if is_square(z) else f"a card in {z}"
            f.add("DAMAGE_OFF_SQUARE", "error",
                  f"{c.label()} has damage but is {where}; damage is marked only on zekusu on "
                  "squares and is lost on any other zone change",
                  clauses=("1001.1", "301.4"), pos=pos)
        if c.state and not has_states(z):
            f.add("STATE_WITHOUT_STATES", "error",
                  f"{c.label()} is written as {c.state} in {z}, where cards have no reboot or "
                  "sleep state", clauses=("302.2", "1002.3"), pos=pos)
        if c.type == "player":
            # a player card starts on its player square (402.1b) and an effect cannot move it
            # to another square (303.6a), but one that destroys or moves it sends it where the
            # rules say (a destroyed one to its owner's trash, 1007.1), and its player gets a
            # virtual player card (909.1, 1205.2): possible, worth a look, not impossible
            if not is_square(z):
                f.add("PLAYER_CARD_OFF_SQUARE", "warning",
                      f"player card {c.label()} is in {z}; a player card leaves its player "
                      "square only when an effect destroys or moves it (a destroyed one goes to "
                      "its owner's trash), and its player then has a virtual player card",
                      clauses=("402.1b", "1007.1", "1205.2", "909.1"), pos=pos)
            elif z != PLAYER_SQUARE[c.controller] and not c.virtual:
                f.add("PLAYER_CARD_OFF_PLAYER_SQUARE", "warning",
                      f"player card {c.label()} of {c.controller} is on {z}, not on "
                      f"{PLAYER_SQUARE[c.controller]}; an effect cannot move it there from its "
                      "square (303.6a), only put it there from another zone",
                      clauses=("402.1b", "303.6a"), pos=pos)
        elif is_square(z):
            if c.type == "event":
                f.add("EVENT_ON_SQUARE", "error",
                      f"event card {c.label()} is on square {z}; squares hold player cards, "
                      "zekusu, EX, OB and shifts", clauses=("303.1",), pos=pos)
            elif c.type is None and c.known and not c.bare:
                f.add("TYPE_MISSING", "warning",
                      f"{c.label()} on {z} has no type and no power; give type: zekusu and its "
                      "power", clauses=("202.2",), pos=pos)
        if c.type == "zekusu_ex" and kind not in ("square", "dynamis", "temporary"):
            f.add("EX_OUTSIDE", "error",
                  f"Z/X EX {c.label()} is in {z}; the extra effect returns it to the dynamis "
                  "at once", clauses=("910.1", "901.2a"), pos=pos)
        if c.type == "zekusu_ob":
            if kind not in ("square", "dynamis", "temporary"):
                f.add("OB_OUTSIDE", "error",
                      f"Z/X OB {c.label()} is in {z}; the overboost effect returns it at once",
                      clauses=("911.1", "901.2a"), pos=pos)
            if kind == "square":
                ob_count[c.controller] += 1
        if c.token and kind not in ("square", "temporary"):
            f.add("TOKEN_OFF_SQUARE", "error",
                  f"token {c.label()} is in {z}; a token that leaves the squares ceases to "
                  "exist", clauses=("912.1", "1206.4"), pos=pos)
        zp = zone_player(z)
        if zp and zp != c.owner:
            f.add("NOT_OWNERS_ZONE", "warning",
                  f"{c.label()} (owner {c.owner}) is in {z}; cards go to their owner's zones "
                  "(only 905 and 908 name the controller's trash)",
                  clauses=("302.4",), pos=pos)
        if c.face == "down" and is_public(z) and not (c.type == "player" and is_square(z)):
            f.add("FACE_DOWN_IN_PUBLIC", "warning",
                  f"{c.label()} is face down in the public zone {z}", clauses=("302.3c",),
                  pos=pos)
        if kind == "force":
            if not c.under:
                f.add("FORCE_WITHOUT_HOST", "warning",
                      f"force {c.label()} names no card it is under; the illegal force effect "
                      "will put it into the trash", clauses=("312.3", "908.1"), pos=pos)
            elif c.under not in cards:
                f.add("UNKNOWN_CARD", "error",
                      f"force {c.label()} is under {c.under!r}, which no card in the file has "
                      "as id", pos=pos)
        if c.type == "shift" and is_square(z):
            hosts = [h for h in b.cards_in(z) if c.id in h.shifts]
            if not hosts:
                f.add("SHIFT_ALONE", "error",
                      f"shift {c.label()} is on {z} without a card under it",
                      clauses=("202.8d",), pos=pos)
        f.unknown_in_abilities(c, _target_refs(c.abilities), "813.2")
    for p, n in ob_count.items():
        if n > 1:
            f.add("TWO_OB", "error", f"{p} controls {n} Z/X OB on squares",
                  clauses=("202.7g",))

    # ---- squares ------------------------------------------------------------------------
    for sq in SQUARES:
        pcs = [c for c in b.cards_in(sq) if c.type == "player"]
        if len(pcs) > 1:
            f.add("PLAYER_CARDS_ON_SQUARE", "error",
                  f"{len(pcs)} player cards on {sq}: {', '.join(c.id for c in pcs)}",
                  ("squares", sq), ("402.1b", "1205.1"))

    # ---- game context ---------------------------------------------------------------------
    step = b.step
    if step not in STEPS:
        f.add("UNKNOWN_STEP", "error",
              f"game.step {step!r} is not a step the engine can start from "
              f"(e.g. 506.2, 605.1; see docs/board-format.md)", ("game", "step"))
    if b.until and b.until not in STEPS and b.until not in UNTIL_WORDS:
        f.add("UNKNOWN_STEP", "error", f"until {b.until!r} is not a step id, turn_end or "
              "next_turn", ("until",))
    odd = b.turn % 2 == 1
    expected_tp = b.first_player if odd else ("P2" if b.first_player == "P1" else "P1")
    if b.turn_player != expected_tp:
        f.add("TURN_PLAYER_MISMATCH", "error",
              f"turn {b.turn} belongs to {expected_tp} when {b.first_player} played first",
              ("game", "turn_player"), ("402.1o", "501.1"))
    if step in BATTLE_STEPS and not b.battle:
        f.add("BATTLE_MISSING", "error", f"step {step} is in a battle but game.battle is not "
              "given", ("game", "step"), ("601.1",))
    if b.battle:
        if step not in BATTLE_STEPS:
            f.add("BATTLE_OUTSIDE", "error", f"game.battle is given but step {step} is not in "
                  "a battle", ("game", "battle"), ("601.1",))
        for k in ("attacker", "target"):
            v = b.battle.get(k)
            if v and v not in cards and not (k == "target" and v in PLAYERS):
                f.add("UNKNOWN_CARD", "error", f"battle {k} {v!r} is not a card of this file",
                      ("game", "battle", k))
    for i, t in enumerate(b.triggers):
        c = cards.get(t["card"])
        if c is None:
            continue  # check_references flags it
        k = t.get("ability", 1)
        if k > len(c.abilities) or "auto" not in c.abilities[k - 1]:
            f.add("NOT_AN_AUTO_ABILITY", "error",
                  f"pending trigger names ability {k} of {c.label()}, which is not an auto "
                  "ability", ("triggers", i, "ability"), ("808.1",))
    for i, t in enumerate(b.timed):  # 「そのゼクス」: the cards the creating effect chose
        for j, r in enumerate(t.get("chosen", [])):
            if r not in cards:
                f.add("UNKNOWN_CARD", "error", f"timed ability refers to {r!r}, which is not "
                      "a card of this file", ("timed", i, "chosen", j))
    for i, t in enumerate(b.timed):
        for j, r in enumerate(t.get("these", [])):
            if r not in cards:
                f.add("UNKNOWN_CARD", "error", f"timed ability refers to {r!r}, which is not "
                      "a card of this file", ("timed", i, "these", j))
    check_phases(f, b, "timed", ("phase_start",), "timed", "808.4")  # 「…フェイズ開始時」 only
    _check_event_refs(f, b)
    check_references(f, b, action_keys=("play", "activate", "battle", "resource", "ignite",
                                        "target"))
    for sq, ids in (b.expect or {}).get("squares", {}).items():
        for j, cid in enumerate(ids):
            if cid not in cards:
                f.unknown(f"expect {sq} names", cid, ("expect", "squares", sq, j))
    check_edition(f, b)
    return f.out


_TARGET_KEYS = ("destroy", "move", "appear", "sleep", "reboot", "remove", "reveal", "play",
                "put_force")
# instructions whose `to:` is a zone word, not a target
_TO_IS_ZONE = ("move", "put_force")


def _target_refs(x):
    """Card ids named as literal targets inside an ability, instruction or event."""
    if isinstance(x, dict):
        for k, v in x.items():
            if (k in _TARGET_KEYS or (k == "to" and not any(z in x for z in _TO_IS_ZONE))) \
                    and isinstance(v, str):
                if v not in _WORD_TARGETS:
                    yield v
            elif isinstance(v, (dict, list)):
                yield from _target_refs(v)
    elif isinstance(x, list):
        for v in x:
            yield from _target_refs(v)


def _check_event_refs(f: Flags, b: Board) -> None:
    cards = b.cards
    for i, ev in enumerate(b.events):
        for ref in _target_refs(ev):
            if ref not in cards:
                f.unknown(f"event {i + 1} names", ref, ("events", i))
        src = ev.get("source")
        if src and src not in cards:
            f.unknown(f"event {i + 1} has source", src, ("events", i, "source"))
