"""The board as a picture: layout of the inline SVG drawn by templates/ruling/board.svg.

The picture is a playmat seen from above, P2's side at the top and P1's at the bottom; what
is on it comes from the ruleset's `View` (judgekit.reports.view):

* the grid of shared zones (Z/X's nine squares N/M/S × L/C/R), each cell labelled with its
  name and tinted by its kind (player squares, centre). In a cell, each card is a chip: a
  small card glyph standing upright or lying sideways (sleeping, frozen), the card id and
  name, its main number and damage (damage in red when it reaches the number), token, tags
  (Z/X shifts and forces), owner when it is not the controller. Cards the view puts at the
  foot of a cell (Z/X player cards) are strips there. Chips are coloured by controller (P1
  blue, P2 red).
* beside the grid, each player's zones as boxes with their card counts and a detail (a
  limit, how many are sleeping), the player's header (damage, life points, counters);
  between them, where the game stands (turn, turn player, step, and the view's own lines).
* in the "after" picture, cards and zones that changed are outlined (`changed`).

This module computes positions and fitted text only (pure Python, no markup); every string
goes through the template, where Jinja2 escapes it. Text widths are estimated (East Asian wide
characters one em, others about 0.6 em); anything cut to fit is complete in the chip's
<title> tooltip and in the listing printed under the picture.
"""

from __future__ import annotations

import unicodedata

from .text import visible

# geometry (px in the SVG's user space)
GUT = 22  # gutter for the row/column letters
SQ_W, SQ_H = 156, 140
GRID_X, GRID_Y = GUT, GUT
GRID_W = 3 * SQ_W  # a grid of other than 3 columns shares this width
PANEL_X = GRID_X + GRID_W + 16
PANEL_W = 300
WIDTH = PANEL_X + PANEL_W + 6
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


def card_title(card, L: dict, power, view) -> str:
    """The full description of a card (tooltip and listing); `power` its effective main
    number (Z/X power) when continuous effects change it (811), shown with the printed one."""
    bits = [card.id]
    if card.name:
        bits.append(f"《{card.name}》")
    stat = view.stat
    printed = getattr(card, stat, None) if stat else None
    if power is not None and printed is not None and power != printed:
        bits.append(f"{L[stat]} {power} ({L['printed']} {printed})")
    elif printed is not None:
        bits.append(f"{L[stat]} {printed}")
    if card.damage:
        bits.append(f"{L['damage']} {card.damage}")
    if card.state:
        bits.append(L.get(card.state, card.state))
    if card.token:
        bits.append(L["token"])
    if card.face == "down":
        bits.append(L["face_down"])
    if card.controller != card.owner:
        bits.append(f"{L['owner']} {card.owner} / {L['controller']} {card.controller}")
    else:
        bits.append(f"{L['owner']} {card.owner}")
    return visible(" ".join(bits))


def _chip(board, card, x, y, w, L, changed, view, extras, derived) -> dict:
    sleeping = card.state in view.rotated_states
    eff, printed = view.stat_of(card, derived)
    modified = eff is not None and printed is not None and eff != printed
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
        parts.append(("st", L.get(card.state, card.state)))
    if card.token:
        parts.append(("tag", L["token"]))
    parts += [("tag", t) for t in view.chip_tags(board, card, L, extras)]
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
        "title": card_title(card, L, eff, view),
    }


def _moved(chip: dict, y: float) -> dict:
    """The chip's y-dependent fields for a chip laid out at y = 0, moved to y."""
    out = {"y": chip["y"] + y, "line1_y": chip["line1_y"] + y, "line2_y": chip["line2_y"] + y,
           "seg_y": chip["seg_y"] + y, "glyph": dict(chip["glyph"], y=chip["glyph"]["y"] + y)}
    return out


def _square(board, sq: str, r: int, c: int, cell_w: float, L: dict, changed: set, view,
            extras: dict, ghosts: list | None = None, derived: dict | None = None) -> dict:
    x, y = GRID_X + c * cell_w, GRID_Y + r * SQ_H
    cards = [board.cards[i] for i in board.zones.get(sq, [])]
    attached = {s for cd in cards for key in cd.ATTACHED for s in getattr(cd, key)}
    cards = [cd for cd in cards if cd.id not in attached]
    players = [cd for cd in cards if view.is_foot(cd)]
    others = [cd for cd in cards if not view.is_foot(cd)]
    chips = []
    cw = cell_w - 10
    cy = y + SQ_HEAD + 2
    bottom = y + SQ_H - 4 - (PCHIP_H + CHIP_GAP) * len(players)
    built = [_chip(board, cd, x + 5, 0, cw, L, changed, view, extras, derived) for cd in others]
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
                         card_title(cd, L, view.stat_of(cd, derived)[0], view)
                         for cd in others[len(shown):]))}
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
            "label": fit(label, cw - 10, SMALL), "title": card_title(cd, L, None, view),
            "changed": cd.id in changed, "text_y": py + 14,
        })
        py -= PCHIP_H + CHIP_GAP
    kind, owner = view.cell_kind(sq)
    return {"name": view.cell_label(sq), "x": x, "y": y, "w": cell_w, "h": SQ_H, "kind": kind,
            "owner": owner, "chips": chips, "more": more_chip, "ghosts": ghost_chips}


def zone_summary(board, p: str, L: dict, view, derived: dict | None = None) -> list[dict]:
    """Per panel zone of player p: count and a short detail (limit, sleeping, face up)."""
    out = []
    for z in view.panel_zones:
        cards = [board.cards[i] for i in board.zones.get(f"{p}.{z}", [])]
        count, detail = view.zone_detail(board, p, z, cards, L, derived)
        out.append({"zone": z, "label": L["zone_" + z], "n": len(cards), "count": count,
                    "detail": detail})
    return out


def _panel(board, p: str, y: float, L: dict, changed_zones: set, before_counts, view,
           derived: dict | None = None) -> dict:
    pl = board.players[p]
    boxes = []
    per_row = 4
    n_rows = max(1, -(-len(view.panel_zones) // per_row))
    bw, bh = (PANEL_W - 3 * 4) / per_row, (SQ_H - 26 - 4 * (n_rows - 1)) / n_rows
    for i, z in enumerate(zone_summary(board, p, L, view, derived)):
        col, row = i % per_row, i // per_row
        bx = PANEL_X + col * (bw + 4)
        by = y + 24 + row * (bh + 4)
        delta = ""
        if before_counts is not None:
            d = z["n"] - before_counts[p][z["zone"]]
            if d:
                delta = f"{d:+d}"
        boxes.append({**z, "x": bx, "y": by, "w": bw, "h": bh,
                      "changed": f"{p}.{z['zone']}" in changed_zones, "delta": delta})
    head = [L["turn_player"]] if board.turn_player == p else []
    head += [visible(h) for h in view.player_head(board, p, L)]
    if pl.counters:
        head.append(", ".join(f"{visible(k)} {v}" for k, v in pl.counters.items()))
    side = "P2" if p == "P2" else "P1"
    return {"player": p, "x": PANEL_X, "y": y, "w": PANEL_W, "side": side,
            "head": fit(" · ".join(head), PANEL_W - 30, FONT), "boxes": boxes,
            "turn_player": board.turn_player == p}


def _context(board, L: dict, view) -> list[str]:
    lines = [f"{L['turn']} {board.turn} · {L['turn_player']} {board.turn_player} · "
             f"{L['first_player']} {board.first_player}",
             f"{L['game_step']} {board.step}"]
    lines += [visible(s) for s in view.context_extra(board, L)]
    return [fit(s, PANEL_W - 8, FONT) for s in lines]


def zone_counts(board, view) -> dict:
    return {p: {z: len(board.zones.get(f"{p}.{z}", [])) for z in view.panel_zones}
            for p in ("P1", "P2")}


def layout(board, L: dict, view, *, changed: set | None = None,
           changed_zones: set | None = None, before=None, ghosts: dict | None = None,
           derived: dict | None = None, caption: str = "") -> dict:
    """Everything templates/ruling/board.svg needs to draw `board`.

    changed: card ids to outline; changed_zones: "P1.charge"-style zones to outline;
    before: the earlier board, to show count deltas in the zone boxes;
    ghosts: cell -> [(card id, "B → P2's charge")] for cards that left the cell;
    derived: the engine's effective values ({"power": {id: n}, "charge_limit": {...}})."""
    derived = derived or {}
    changed = changed or set()
    changed_zones = changed_zones or set()
    extras = view.chip_extras(board)
    before_counts = zone_counts(before, view) if before is not None else None
    ghosts = ghosts or {}
    n_rows = len(view.grid)
    n_cols = max(len(row) for row in view.grid)
    cell_w = GRID_W // n_cols if GRID_W % n_cols == 0 else GRID_W / n_cols
    squares = [_square(board, z, r, c, cell_w, L, changed, view, extras, ghosts.get(z), derived)
               for r, row in enumerate(view.grid) for c, z in enumerate(row) if z]
    tall = max(n_rows, 3) * SQ_H  # the panels and the context need three rows' height
    return {
        "width": WIDTH, "height": GRID_Y + tall + 8,
        "grid": {"x": GRID_X, "y": GRID_Y, "w": GRID_W, "h": n_rows * SQ_H},
        "rows": [{"label": r, "y": GRID_Y + i * SQ_H + SQ_H / 2}
                 for i, r in enumerate(view.rows)],
        "cols": [{"label": c, "x": GRID_X + i * cell_w + cell_w / 2}
                 for i, c in enumerate(view.cols)],
        "gut": GUT,
        "squares": squares,
        "panels": [_panel(board, "P2", GRID_Y, L, changed_zones, before_counts, view, derived),
                   _panel(board, "P1", GRID_Y + tall - SQ_H, L, changed_zones, before_counts,
                          view, derived)],
        "context": {"x": PANEL_X, "y": GRID_Y + SQ_H + 6, "lines": _context(board, L, view)},
        "caption": caption,
        "desc": ascii_board(board, view),
    }


def ascii_board(board, view) -> str:
    """A text version of the grid for the SVG's <desc> (accessibility, diffing)."""
    rows = []
    for row in view.grid:
        cells = []
        for z in row:
            if not z:
                continue
            ids = board.zones.get(z, [])
            cells.append(f"{view.cell_label(z)}: " + (" ".join(
                board.cards[i].id + ("(S)" if board.cards[i].state in view.rotated_states
                                     else "") for i in ids) or "-"))
        rows.append(" | ".join(cells))
    return visible("\n".join(rows))
