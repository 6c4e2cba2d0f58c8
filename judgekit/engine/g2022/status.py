"""What makes a g2022 board impossible or doubtful, as flags (judgekit.board.status).

Each flag has the file position where it was written and the clauses that make it impossible.
Severity `error`: no legal game reaches this board. `warning`: possible but worth a look.
Situations the rules resolve by themselves (two charas of one controller in an area before
LvUP / 不正キャラ, damage at or over a chara's power before 退場ダメージ) are not flagged at the
steps where a pre-processing runs next: they are what the engine is for.
"""

from __future__ import annotations

from ...board.errors import Flag
from ...board.status import Flags, check_edition, check_references
from ..effects.delayed import check_cards, check_phases
from .model import AREAS, MISSION_SLOTS, PLAYERS, Board, is_area, zone_kind
from .spec import ATTACK_STEPS, STEPS, UNTIL_WORDS

# steps that directly follow a finished pre-processing with nothing in between: LvUP or
# 不正キャラ (1002.1, 1003.1) would already have left one chara per area and controller
SETTLED_STEPS = ("702.3", "703.1", "704.3", "704.5", "704.7", "705.1", "705.2", "706.1",
                 "706.3", "802.1e", "803.1", "803.3", "804.2", "804.3", "805.2", "805.3",
                 "806.2", "806.5")
TYPE_ZONES = {"account": ("account",), "missions": ("mission",), "area": ("chara",),
              "connect": ("engage",)}


def _check_attacker(f: Flags, b: Board, a) -> None:
    """802.1a: the attacking chara is a chara the turn player controls, in one of the areas,
    when the attack is declared. It may leave the areas during the attack (805.2 and 806.2
    then find it gone), so outside the areas only what cannot have been so is an error: a card
    that is not a chara, or one the non-turn player owns and holds."""
    where = ("game", "attack", "attacker")
    tp = b.turn_player
    side = a.zone.split(".", 1)[0] if "." in a.zone else None
    if a.type is not None and a.type != "chara":
        f.add("ATTACKER_NOT_A_CHARA", "error", f"the attacker {a.label()} is a {a.type}, not a "
              "chara; an attack is declared with a chara", where, ("802.1a",))
    elif is_area(a.zone):
        if side != tp or a.controller != tp:
            f.add("ATTACKER_NOT_TURN_PLAYERS", "error", f"the attacker {a.label()} is in "
                  f"{a.zone}, the non-turn player's; the attacking chara is one the turn "
                  f"player {tp} controls", where, ("802.1a",))
    elif side is not None and side != tp and a.owner != tp:
        f.add("ATTACKER_NOT_TURN_PLAYERS", "error", f"the attacker {a.label()} is in {a.zone} "
              f"and owned by {a.owner}; the attacking chara is one the turn player {tp} "
              "controls", where, ("802.1a",))
    else:
        f.add("ATTACKER_NOT_IN_AREA", "warning", f"the attacker {a.label()} is in {a.zone}, "
              "not in an area: possible only if it left after the attack was declared (the "
              "attack then goes on without it, 805.2, 806.2)", where, ("802.1a",))


def status(board: Board) -> list[Flag]:
    f = Flags(board)
    b = board
    for c in b.cards.values():  # 詠唱：[テキスト] names the chara (1203.2)
        for ab in c.abilities:
            if ab.get("static") in ("grant", "lose") and not ab.get(ab["static"]):
                f.add("STATIC_WITHOUT_CHANGE", "error", f"{c.id}'s `static: {ab['static']}` "
                      f"names no keyword ability: write `{ab['static']}: {{keyword: …}}` "
                      "(911.1b)", clauses=("911.1b",), pos=c.pos if c.pos != (0, 0) else None)
            if ab.get("keyword") == "chant" and not (ab.get("of") and ab.get("when")):
                f.add("KEYWORD_VALUE_MISSING", "error", f"{c.id}'s 詠唱 must name its chara "
                      "(`of: <filter>`) and what the chara does as the card's icon shows it "
                      "(`when:`, e.g. attack_success; the rulebook's icon was lost in "
                      "extraction, 1203.2)", clauses=("1203.2",),
                      pos=c.pos if c.pos != (0, 0) else None)
    # ---- players ----------------------------------------------------------------------------
    for p in PLAYERS:
        pl = b.players[p]
        for icon, n in pl.counters.items():
            if n < 0:
                f.add("NEGATIVE_COUNT", "error", f"{p} has {n} 「{icon}」 counters; counters "
                      "never go below 0", ("players", p, "counters", icon), ("1301.4",))
        ms = b.pzone(p, "missions")
        if len(ms) > MISSION_SLOTS:
            f.add("TOO_MANY_MISSIONS", "error", f"{p} has {len(ms)} missions; a deck has three "
                  "and the mission zone three positions", ("players", p, "missions"),
                  ("401.4", "507.3"))
        if len(b.pzone(p, "account")) > 1:
            f.add("TWO_ACCOUNTS", "error", f"{p} has {len(b.pzone(p, 'account'))} account cards; "
                  "a deck has one", ("players", p, "account"), ("401.3", "601.1a"))
        if len(b.pzone(p, "keep")) > 1:
            f.add("KEEP_OVERFLOW", "error", f"{p}'s keep zone holds {len(b.pzone(p, 'keep'))} "
                  "cards; a new keep card sends the old one to the trash",
                  ("players", p, "keep"), ("705.2",))
        for a in AREAS:
            cs = b.area_cards(p, a)
            ctrls = {c.controller for c in cs}
            if len(ctrls) > 1:
                f.add("AREA_MIXED_CONTROLLERS", "error",
                      f"{p}.{a} holds charas of both players; charas are played into their "
                      "controller's own areas and LvUP / 不正キャラ only sort out one controller's",
                      ("players", p, a), ("503.1", "906.1a", "1002.1"))
            for ctrl in ctrls:
                mine = [c for c in cs if c.controller == ctrl]
                if len(mine) > 1 and b.step in SETTLED_STEPS and not b.events:
                    f.add("TWO_CHARAS_SETTLED", "error",
                          f"{p}.{a} holds {len(mine)} charas of {ctrl} "
                          f"({', '.join(c.id for c in mine)}) at {b.step}, right after a "
                          "priority pre-processing: LvUP or 不正キャラ would already have left "
                          "one", ("players", p, a), ("1002.1", "1003.1", "202.2a"))

    # ---- cards ------------------------------------------------------------------------------
    for c in b.cards.values():
        pos = c.pos if c.pos != (0, 0) else None
        z = c.zone
        kind = zone_kind(z)
        if c.damage < 0:
            f.add("NEGATIVE_COUNT", "error", f"{c.label()} has {c.damage} damage",
                  clauses=("1101.1",), pos=pos)
        elif c.damage > 0 and not (is_area(z) and (c.type or "chara") == "chara"):
            f.add("DAMAGE_OFF_AREA", "error", f"{c.label()} has damage but is in {z}; damage is "
                  "on charas in areas and ends with any zone change", clauses=("1101.1", "501.4"),
                  pos=pos)
        if c.state and not b.has_states(z):
            f.add("STATE_WITHOUT_STATES", "error", f"{c.label()} is written as {c.state} in {z}, "
                  "where cards have no reboot or sleep state", clauses=("502.3",), pos=pos)
        want = TYPE_ZONES.get(kind)
        if want and c.type and c.type not in want:
            f.add("WRONG_TYPE_IN_ZONE", "error", f"{c.label()} is a {c.type} in {z}, which holds "
                  f"{want[0]} cards", clauses={"account": ("601.1a",), "missions": ("507.1",),
                                              "area": ("503.1",), "connect": ("514.1",)}[kind],
                  pos=pos)
        if kind in ("exp", "connect"):
            host = b.cards.get(c.under or "")
            if host is None or not is_area(host.zone):
                f.add("EXP_OFF_CHARA", "error", f"{c.label()} in {z} names "
                      + (f"{c.under!r}, which is not a chara in an area" if c.under else
                         "no chara (`under:`)") + "; EXP cards and connected engages belong to "
                      "a chara in an area", clauses=("513.3", "514.3"), pos=pos)
        elif c.under:
            f.add("EXP_OFF_CHARA", "error", f"{c.label()} names a chara in `under:` but is in "
                  f"{z}, not in an EXP or connect zone", clauses=("513.3b", "514.3b"), pos=pos)
        if c.power is not None and c.type not in (None, "chara"):
            f.add("POWER_ON_NON_CHARA", "warning", f"{c.label()} is a {c.type} with a power; "
                  "only charas have power", clauses=("306.1",), pos=pos)
        for k, n in (c.counts or {}).items():
            if n < 0:
                f.add("NEGATIVE_COUNT", "error", f"mission {c.id} records {k} {n} times",
                      clauses=("1005.1",), pos=pos)
        if c.counts and c.type not in (None, "mission"):
            f.add("NEGATIVE_COUNT", "error", f"{c.label()} records counts but is not a mission",
                  clauses=("1005.1",), pos=pos)
        for ab in c.abilities:
            if ab.get("keyword") == "accel" and not ab.get("account_info"):
                f.add("KEYWORD_INCOMPLETE", "warning", f"{c.label()}'s アクセル lists no "
                      "アカウント情報: no revealed card can be played", clauses=("1201.2",),
                      pos=pos)

    # ---- game context ------------------------------------------------------------------------
    if b.step not in STEPS:
        f.add("UNKNOWN_STEP", "error", f"step {b.step} is not a step the engine can start from",
              ("game", "step"))
    expected_tp = b.first_player if b.turn % 2 == 1 else ("P2" if b.first_player == "P1"
                                                          else "P1")
    if b.turn_player != expected_tp and b.step != "601.1d":
        f.add("TURN_PLAYER_MISMATCH", "error", f"turn {b.turn} belongs to {expected_tp} (the "
              f"first player is {b.first_player}), not {b.turn_player}",
              ("game", "turn_player"), ("701.1",))
    if b.step in ATTACK_STEPS:
        atk = (b.attack or {}).get("attacker")
        if not atk:
            f.add("ATTACK_MISSING", "error", f"step {b.step} is inside an attack; give "
                  "game.attack.attacker", ("game", "step"), ("801.1",))
        elif atk not in b.cards:
            f.unknown("the attacker", atk, ("game", "attack", "attacker"))
    atk = (b.attack or {}).get("attacker")
    if atk in b.cards:
        _check_attacker(f, b, b.cards[atk])
    if b.until and b.until not in STEPS and b.until not in UNTIL_WORDS:
        f.add("UNKNOWN_STEP", "error", f"until: {b.until} is neither a step nor one of "
              f"{', '.join(UNTIL_WORDS)}", ("until",))
    for i, cid in enumerate(b.attack_success):
        if cid not in b.cards:
            f.unknown("≪アタック成功≫ names", cid, ("game", "attack_success", i))
    check_phases(f, b, "timed", ("phase_start",), "timed", "908.4")  # 「…フェイズ開始時」 only
    check_cards(f, b, "timed", ("source",), "914.2a")  # fired as an ability of its source
    check_references(f, b, action_keys=("play", "activate", "attack", "check", "slide", "keep"))
    for i, t in enumerate(b.timed):
        for j, r in enumerate(t.get("chosen", [])):
            if r not in b.cards:
                f.unknown("delayed ability names as chosen", r, ("timed", i, "chosen", j))
    for i, a in enumerate(b.actions):
        for k in ("discard", "energy"):
            for j, cid in enumerate(a.get(k, []) if isinstance(a.get(k), list) else []):
                if cid not in b.cards:
                    f.unknown(f"action {i + 1} ({k}) names", cid, ("actions", i, k, j))
    for area in (b.expect or {}).get("areas", {}).values():
        for cid in area:
            if cid not in b.cards:
                f.unknown("expect names card", cid, ("expect", "areas"))
    for cid in (b.expect or {}).get("attack_success", []):
        if cid not in b.cards:
            f.unknown("expect names card", cid, ("expect", "attack_success"))
    for i, e in enumerate(b.events):
        for key in ("to", "source") + tuple(k for k in e if k in ("retire", "exclude", "move",
                                                                  "appear", "sleep", "reboot")):
            v = e.get(key)
            if isinstance(v, str) and v not in b.cards and v not in (
                    "self", "event_card", "chosen", "deck_top"):
                f.unknown(f"event {i + 1} ({key}) names", v, ("events", i, key))
    check_edition(f, b)
    return f.out


__all__ = ["status", "SETTLED_STEPS"]
