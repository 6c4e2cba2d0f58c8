"""The board as a picture: layout of the inline SVG drawn by templates/ruling/board.svg.

The picture is a playmat seen from above, P2's side at the top (row N) and P1's at the bottom
(row S), as the digest's coordinates suggest (zx.md §4.2):

* the nine squares N/M/S × L/C/R, each labelled with its name; the two player squares and the
  centre are tinted. On a square, each card is a chip: a small card glyph standing upright
  (rebooted) or lying sideways (sleeping), the card id and name, power and damage (damage in
  red when it reaches the power: 904.1), token, shifts and forces, owner when it is not the
  controller. The player card sits at the foot of its square. Chips are coloured by
  controller (P1 blue, P2 red).
* beside the grid, each player's zones as boxes with their card counts (charge with its
  limit, the resource with how many are sleeping, face-up dynamis cards), the player's damage
  counter and counters; between them, where the game stands (turn, turn player, step, battle).
* in the "after" picture, cards and zones that changed are outlined (`changed`).

This module computes positions and fitted text only (pure Python, no markup); every string
goes through the template, where Jinja2 escapes it. Text widths are estimated (East Asian wide
characters one em, others about 0.6 em); anything cut to fit is complete in the chip's
<title> tooltip and in the listing printed under the picture.
"""

from __future__ import annotations

import unicodedata

from .text import visible

SQUARES = ("N-L", "N-C", "N-R", "M-L", "M-C", "M-R", "S-L", "S-C", "S-R")
ROWS = ("N", "M", "S")
COLS = ("L", "C", "R")
PLAYER_SQUARES = {"S-C": "P1", "N-C": "P2"}
ZONE_ORDER = ("life", "deck", "hand", "charge", "trash", "resource", "remove", "dynamis")

# geometry (px in the SVG's user space)
GUT = 22  # gutter for the row/column letters
SQ_W, SQ_H = 156, 140
GRID_X, GRID_Y = GUT, GUT
GRID_W, GRID_H = 3 * SQ_W, 3 * SQ_H
PANEL_X = GRID_X + GRID_W + 16
PANEL_W = 300
WIDTH = PANEL_X + PANEL_W + 6
HEIGHT = GRID_Y + GRID_H + 8
CHIP_H, CHIP_GAP, PCHIP_H = 38, 4, 20
LINE = 13
GHOST_H = 20
SQ_HEAD = 15
FONT = 11
SMALL = 9.5


def char_em(ch: str) -> float:
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1.0
    if unicodedata.combining(ch):
        return 0.0
    if ch in "il.,:;|!'`":
        return 0.3
    if ch in "MWmw@%":
        return 0.85
    return 0.6


def text_width(s: str, size: float) -> float:
    return sum(char_em(ch) for ch in s) * size


def fit(s: str, width: float, size: float) -> str:
    """`s` cut with an ellipsis so that it fits `width` at font `size`."""
    if text_width(s, size) <= width:
        return s
    ell = text_width("…", size)
    out, w = [], 0.0
    for ch in s:
        cw = char_em(ch) * size
        if w + cw + ell > width:
            break
        out.append(ch)
        w += cw
    return "".join(out).rstrip() + "…"


def wrap(s: str, width: float, size: float, lines: int = 2) -> list[str]:
    """`s` broken into at most `lines` lines of `width` (the last one cut with an ellipsis)."""
    out: list[str] = []
    rest = s
    while rest and len(out) < lines - 1:
        if text_width(rest, size) <= width:
            break
        cur, w = [], 0.0
        for ch in rest:
            cw = char_em(ch) * size
            if w + cw > width:
                break
            cur.append(ch)
            w += cw
        if not cur:
            break
        line = "".join(cur)
        # prefer breaking after a space or 》 when one is near the end
        cut = max(line.rfind(" "), line.rfind("》") + 1 if "》" in line else -1)
        if cut > len(line) * 0.6:
            line = line[:cut]
        out.append(line.rstrip())
        rest = rest[len(line):].lstrip()
    if rest:
        out.append(fit(rest, width, size))
    return out


def card_title(card, L: dict, power=None) -> str:
    """The full description of a card (tooltip and listing); `power` the effective power
    when continuous effects change it (811), shown with the printed value."""
    bits = [card.id]
    if card.name:
        bits.append(f"《{card.name}》")
    if power is not None and card.power is not None and power != card.power:
        bits.append(f"{L['power']} {power} ({L['printed']} {card.power})")
    elif card.power is not None:
        bits.append(f"{L['power']} {card.power}")
    if card.damage:
        bits.append(f"{L['damage']} {card.damage}")
    if card.state:
        bits.append(L[card.state])
    if card.token:
        bits.append(L["token"])
    if card.face == "down":
        bits.append(L["face_down"])
    if card.controller != card.owner:
        bits.append(f"{L['owner']} {card.owner} / {L['controller']} {card.controller}")
    else:
        bits.append(f"{L['owner']} {card.owner}")
    return visible(" ".join(bits))


def _chip(board, card, x, y, w, L, changed, forces, power=None) -> dict:
    """power: the effective power (811) when known, else the printed one."""
    sleeping = card.state == "sleep"
    eff = card.power if power is None else power
    modified = eff is not None and card.power is not None and eff != card.power
    pad = 5
    tx = x + pad + 24
    avail = w - (tx - x) - 4
    ident = visible(card.id)
    idw = text_width(ident, FONT) + 5
    name = visible(f"《{card.name}》") if card.name else ""
    # the name: first line after the id, a second line below when it does not fit
    first = fit(name, max(avail - idw, 10), FONT) if name else ""
    names = [{"text": first, "x": tx + idw}] if name else []
    if name and first != name:
        lines = wrap(name, avail - idw, FONT, 2)
        names = [{"text": lines[0], "x": tx + idw}]
        if len(lines) > 1:
            names.append({"text": lines[1], "x": tx})
    h = CHIP_H + (LINE if len(names) > 1 else 0)
    parts = []
    lethal = False
    if eff is not None:
        parts.append(("pow", f"{eff}*" if modified else str(eff)))
    if card.damage:
        lethal = eff is not None and card.damage >= eff
        parts.append(("dmg", f"{L['damage']} {card.damage}"))
    if sleeping:
        parts.append(("st", L["sleep"]))
    if card.token:
        parts.append(("tag", L["token"]))
    if card.shifts:
        parts.append(("tag", f"+{L['shifts']}{len(card.shifts)}"))
    if forces:
        parts.append(("tag", f"+{L['forces']}{forces}"))
    if card.controller != card.owner:
        parts.append(("tag", f"{L['owner']}{card.owner}"))
    if card.face == "down":
        parts.append(("tag", L["face_down"]))
    # the last line: keep what fits, most important first
    sy = y + h - 9
    segs, used = [], 0.0
    for kind, s in parts:
        sw = text_width(s, SMALL) + 7
        if used + sw - 7 > avail:
            break
        segs.append({"kind": kind, "text": s, "x": tx + used})
        used += sw
    gy = y + (h - 20) / 2
    glyph = {"x": x + pad + 3, "y": gy, "w": 14, "h": 20} if not sleeping else \
        {"x": x + pad, "y": gy + 3, "w": 20, "h": 14}
    return {
        "id": card.id, "x": x, "y": y, "w": w, "h": h, "owner": card.owner,
        "controller": card.controller, "sleeping": sleeping, "glyph": glyph,
        "ident": ident, "ident_x": tx, "names": names, "line1_y": y + 15,
        "line2_y": y + 15 + LINE, "seg_y": sy, "segs": segs, "lethal": lethal,
        "changed": card.id in changed, "player": False, "modified": modified,
        "title": card_title(card, L, eff),
    }


def _moved(chip: dict, y: float) -> dict:
    """The chip's y-dependent fields for a chip laid out at y = 0, moved to y."""
    out = {"y": chip["y"] + y, "line1_y": chip["line1_y"] + y, "line2_y": chip["line2_y"] + y,
           "seg_y": chip["seg_y"] + y, "glyph": dict(chip["glyph"], y=chip["glyph"]["y"] + y)}
    return out


def _square(board, sq: str, L: dict, changed: set, forces_of: dict,
            ghosts: list | None = None, powers: dict | None = None) -> dict:
    powers = powers or {}
    r, c = ROWS.index(sq[0]), COLS.index(sq[2])
    x, y = GRID_X + c * SQ_W, GRID_Y + r * SQ_H
    cards = [board.cards[i] for i in board.zones.get(sq, [])]
    shifted = {s for cd in cards for s in cd.shifts}
    cards = [cd for cd in cards if cd.id not in shifted]
    players = [cd for cd in cards if cd.type == "player"]
    others = [cd for cd in cards if cd.type != "player"]
    chips = []
    cw = SQ_W - 10
    cy = y + SQ_HEAD + 2
    bottom = y + SQ_H - 4 - (PCHIP_H + CHIP_GAP) * len(players)
    built = [_chip(board, cd, x + 5, 0, cw, L, changed, forces_of.get(cd.id, 0),
                   powers.get(cd.id)) for cd in others]
    # as many as fit; when some do not, the last place says how many more there are
    shown = []
    for i, ch in enumerate(built):
        need = ch["h"] + (0 if i == len(built) - 1 else CHIP_GAP + CHIP_H)
        if cy + need > bottom and not (i == len(built) - 1 and cy + ch["h"] <= bottom):
            break
        chips.append(built[i] | _moved(built[i], cy))
        shown.append(others[i])
        cy += ch["h"] + CHIP_GAP
    more = len(others) - len(shown)
    more_chip = None
    if more:
        more_chip = {"x": x + 5, "y": cy, "w": cw, "h": CHIP_H,
                     "text": f"+{more}", "title": visible(", ".join(
                         card_title(cd, L, powers.get(cd.id)) for cd in others[len(shown):]))}
    # cards that left this square during the run: a dashed outline saying where they went
    ghost_chips = []
    for gid, gtext in ghosts or []:
        if cy + GHOST_H > bottom:
            break
        ghost_chips.append({"id": gid, "x": x + 5, "y": cy, "w": cw, "h": GHOST_H,
                            "text": fit(visible(gtext), cw - 10, SMALL), "title": visible(gtext),
                            "text_y": cy + 14})
        cy += GHOST_H + CHIP_GAP
    py = y + SQ_H - 4 - PCHIP_H
    for cd in players:
        label = visible(f"{cd.controller} {L['player']}" +
                        (f" 《{cd.name}》" if cd.name else ""))
        chips.append({
            "id": cd.id, "x": x + 5, "y": py, "w": cw, "h": PCHIP_H, "player": True,
            "owner": cd.owner, "controller": cd.controller,
            "label": fit(label, cw - 10, SMALL), "title": card_title(cd, L),
            "changed": cd.id in changed, "text_y": py + 14,
        })
        py -= PCHIP_H + CHIP_GAP
    kind = "player" if sq in PLAYER_SQUARES else ("centre" if sq == "M-C" else "normal")
    return {"name": sq, "x": x, "y": y, "w": SQ_W, "h": SQ_H, "kind": kind,
            "owner": PLAYER_SQUARES.get(sq), "chips": chips, "more": more_chip,
            "ghosts": ghost_chips}


def zone_summary(board, p: str, L: dict, limits: dict | None = None) -> list[dict]:
    """Per zone of player p: count and a short detail (limit, sleeping, face up).
    limits: {"charge_limit": {P1: n|None}, "hand_limit": {...}} effective limits, when known."""
    pl = board.players[p]
    charge_limit = (limits or {}).get("charge_limit", {}).get(p, pl.charge_limit)
    hand_limit = (limits or {}).get("hand_limit", {}).get(p, pl.hand_limit)
    out = []
    for z in ZONE_ORDER:
        ids = board.zones.get(f"{p}.{z}", [])
        cards = [board.cards[i] for i in ids]
        n = len(cards)
        detail = ""
        count = str(n)
        if z == "charge":
            count = f"{n}/{charge_limit}" if charge_limit is not None else str(n)
            if charge_limit is None:
                detail = L["no_limit"]
        elif z == "resource":
            s = sum(1 for cd in cards if cd.state == "sleep")
            if s:
                detail = f"{L['sleep']}{s}"
        elif z == "hand":
            if hand_limit is None:
                detail = L["no_limit"]
            elif hand_limit != 6:
                detail = f"{L['limit']}{hand_limit}"
        elif z == "dynamis":
            up = sum(1 for cd in cards if cd.face == "up")
            if up:
                detail = f"▲{up}"
        out.append({"zone": z, "label": L["zone_" + z], "n": n, "count": count,
                    "detail": detail})
    return out


def _panel(board, p: str, y: float, L: dict, changed_zones: set, before_counts,
           limits: dict | None = None) -> dict:
    pl = board.players[p]
    boxes = []
    bw, bh = (PANEL_W - 3 * 4) / 4, (SQ_H - 26 - 4) / 2
    for i, z in enumerate(zone_summary(board, p, L, limits)):
        col, row = i % 4, i // 4
        bx = PANEL_X + col * (bw + 4)
        by = y + 24 + row * (bh + 4)
        delta = ""
        if before_counts is not None:
            d = z["n"] - before_counts[p][z["zone"]]
            if d:
                delta = f"{d:+d}"
        boxes.append({**z, "x": bx, "y": by, "w": bw, "h": bh,
                      "changed": f"{p}.{z['zone']}" in changed_zones, "delta": delta})
    head = []
    if board.turn_player == p:
        head.append(L["turn_player"])
    pc = [c for c in board.cards.values() if c.type == "player" and c.owner == p and c.name]
    if pc:
        head.append(visible(f"《{pc[0].name}》"))
    head.append(f"{L['player_damage']} {pl.damage}")
    if pl.counters:
        head.append(", ".join(f"{visible(k)} {v}" for k, v in pl.counters.items()))
    side = "P2" if p == "P2" else "P1"
    return {"player": p, "x": PANEL_X, "y": y, "w": PANEL_W, "side": side,
            "head": fit(" · ".join(head), PANEL_W - 30, FONT), "boxes": boxes,
            "turn_player": board.turn_player == p}


def _context(board, L: dict) -> list[str]:
    lines = [f"{L['turn']} {board.turn} · {L['turn_player']} {board.turn_player} · "
             f"{L['first_player']} {board.first_player}",
             f"{L['game_step']} {board.step}"]
    if board.battle:
        a, t = board.battle.get("attacker"), board.battle.get("target")
        lines.append(f"{L['battle']}: {visible(a or '?')} → {visible(t or '?')}")
    extra = []
    if board.zones.get("temporary"):
        extra.append(f"{L['zone_temporary']} {len(board.zones['temporary'])}")
    if board.zones.get("force"):
        extra.append(f"{L['zone_force']} {len(board.zones['force'])}")
    if extra:
        lines.append(" · ".join(extra))
    return [fit(s, PANEL_W - 8, FONT) for s in lines]


def zone_counts(board) -> dict:
    return {p: {z: len(board.zones.get(f"{p}.{z}", [])) for z in ZONE_ORDER}
            for p in ("P1", "P2")}


def layout(board, L: dict, *, changed: set | None = None, changed_zones: set | None = None,
           before=None, ghosts: dict | None = None, derived: dict | None = None,
           caption: str = "") -> dict:
    """Everything templates/ruling/board.svg needs to draw `board`.

    changed: card ids to outline; changed_zones: "P1.charge"-style zones to outline;
    before: the earlier board, to show count deltas in the zone boxes;
    ghosts: square -> [(card id, "B → P2's charge")] for cards that left the square;
    derived: {"power": {id: n}, "charge_limit": {...}, "hand_limit": {...}} effective values."""
    derived = derived or {}
    changed = changed or set()
    changed_zones = changed_zones or set()
    forces_of: dict = {}
    for fid in board.zones.get("force", []):
        u = board.cards[fid].under
        if u:
            forces_of[u] = forces_of.get(u, 0) + 1
    before_counts = zone_counts(before) if before is not None else None
    ghosts = ghosts or {}
    squares = [_square(board, sq, L, changed, forces_of, ghosts.get(sq), derived.get("power"))
               for sq in SQUARES]
    return {
        "width": WIDTH, "height": HEIGHT, "grid": {"x": GRID_X, "y": GRID_Y, "w": GRID_W,
                                                    "h": GRID_H},
        "rows": [{"label": r, "y": GRID_Y + i * SQ_H + SQ_H / 2} for i, r in enumerate(ROWS)],
        "cols": [{"label": c, "x": GRID_X + i * SQ_W + SQ_W / 2} for i, c in enumerate(COLS)],
        "gut": GUT,
        "squares": squares,
        "panels": [_panel(board, "P2", GRID_Y, L, changed_zones, before_counts, derived),
                   _panel(board, "P1", GRID_Y + 2 * SQ_H, L, changed_zones, before_counts,
                          derived)],
        "context": {"x": PANEL_X, "y": GRID_Y + SQ_H + 6, "lines": _context(board, L)},
        "caption": caption,
        "desc": ascii_board(board),
    }


def ascii_board(board) -> str:
    """A text version of the squares for the SVG's <desc> (accessibility, diffing)."""
    rows = []
    for r in ROWS:
        cells = []
        for c in COLS:
            ids = board.zones.get(f"{r}-{c}", [])
            cells.append(f"{r}-{c}: " + (" ".join(
                board.cards[i].id + ("(S)" if board.cards[i].state == "sleep" else "")
                for i in ids) or "-"))
        rows.append(" | ".join(cells))
    return visible("\n".join(rows))
