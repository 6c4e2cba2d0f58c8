"""How a Z/X ruling shows the board: the 3×3 squares (303) seen from above, P2's side at the
top (row N) and P1's at the bottom (row S), each player's zones beside them (zx.md §4.2)."""

from __future__ import annotations

from ...reports.view import View
from .model import SQUARE_OWNER
from .spec import SQUARES


class ZXView(View):
    zone_words = {
        "ja": {"deck": "デッキ", "life": "ライフ", "hand": "手札", "trash": "トラッシュ",
               "charge": "チャージ", "resource": "リソース", "remove": "リムーブゾーン",
               "dynamis": "デュナミス", "temporary": "テンポラリー", "force": "フォースゾーン",
               "gone": "消滅"},
        "en": {"deck": "deck", "life": "life", "hand": "hand", "trash": "trash",
               "charge": "charge", "resource": "resource", "remove": "remove zone",
               "dynamis": "dynamis", "temporary": "temporary zone", "force": "force zone",
               "gone": "gone"},
    }
    rows = ("N", "M", "S")
    cols = ("L", "C", "R")
    grid = tuple(tuple(f"{r}-{c}" for c in ("L", "C", "R")) for r in ("N", "M", "S"))
    panel_zones = ("life", "deck", "hand", "charge", "trash", "resource", "remove", "dynamis")
    listed_shared = ("temporary", "force")
    stat = "power"
    rotated_states = ("sleep",)
    rewind_clause = "804.2f"
    field_words = {"ja": {"damage": "player_damage"}, "en": {"damage": "player_damage"}}
    extra_labels = {
        "ja": {"picture_note": "上が P2 側(N 列)、下が P1 側(S 列)。横向きのカードはスリープ状態です。"},
        "en": {"picture_note": "P2's side (row N) at the top, P1's side (row S) at the bottom. A "
                               "card drawn sideways is sleeping."},
    }

    def zone_label(self, zone: str, lang: str) -> str:
        if zone in SQUARES:
            return zone
        return super().zone_label(zone, lang)

    def cell_kind(self, zone: str) -> tuple[str, str | None]:
        if zone in SQUARE_OWNER:
            return "player", SQUARE_OWNER[zone]
        return ("centre" if zone == "M-C" else "normal"), None

    def is_foot(self, card) -> bool:
        return card.type == "player"

    def chip_extras(self, board) -> dict:
        forces: dict = {}
        for fid in board.zones.get("force", []):
            u = board.cards[fid].under
            if u:
                forces[u] = forces.get(u, 0) + 1
        return forces

    def chip_tags(self, board, card, L: dict, extras: dict) -> list[str]:
        tags = []
        if card.shifts:
            tags.append(f"+{L['shifts']}{len(card.shifts)}")
        if extras.get(card.id):
            tags.append(f"+{L['forces']}{extras[card.id]}")
        return tags

    def zone_detail(self, board, p: str, kind: str, cards: list, L: dict,
                    derived: dict | None) -> tuple[str, str]:
        pl = board.players[p]
        limits = derived or {}
        n = len(cards)
        if kind == "charge":
            lim = limits.get("charge_limit", {}).get(p, pl.charge_limit)
            return (f"{n}/{lim}", "") if lim is not None else (str(n), L["no_limit"])
        if kind == "resource":
            s = sum(1 for cd in cards if cd.state == "sleep")
            return str(n), f"{L['sleep']}{s}" if s else ""
        if kind == "hand":
            lim = limits.get("hand_limit", {}).get(p, pl.hand_limit)
            if lim is None:
                return str(n), L["no_limit"]
            return str(n), f"{L['limit']}{lim}" if lim != 6 else ""
        if kind == "dynamis":
            up = sum(1 for cd in cards if cd.face == "up")
            return str(n), f"▲{up}" if up else ""
        return str(n), ""

    def player_head(self, board, p: str, L: dict) -> list[str]:
        pc = [c for c in board.cards.values() if c.type == "player" and c.owner == p and c.name]
        head = [f"《{pc[0].name}》"] if pc else []
        head.append(f"{L['player_damage']} {board.players[p].damage}")
        return head

    def player_fields(self, board, p: str) -> list[tuple[str, object]]:
        return [("player_damage", board.players[p].damage)]

    def context_extra(self, board, L: dict) -> list[str]:
        lines = []
        if board.battle:
            a, t = board.battle.get("attacker"), board.battle.get("target")
            lines.append(f"{L['battle']}: {a or '?'} → {t or '?'}")
        extra = []
        if board.zones.get("temporary"):
            extra.append(f"{L['zone_temporary']} {len(board.zones['temporary'])}")
        if board.zones.get("force"):
            extra.append(f"{L['zone_force']} {len(board.zones['force'])}")
        if extra:
            lines.append(" · ".join(extra))
        return lines

    # the points a timed auto ability names (808.4)
    TIMED_POINTS = {"turn_end": ("at the end of the turn", "ターン終了時"),
                    "battle_end": ("at the end of the battle", "バトル終了時"),
                    "destroyed_by_this": ("when this ability's damage destroys a zekusu",
                                          "この能力によるダメージでゼクスを破壊した時")}

    def describe_change(self, ch: dict, lang: str, name, L: dict) -> str | None:
        op = ch.get("op")
        if op in ("timed+", "timed-"):
            en, ja = self.TIMED_POINTS.get(ch.get("timed"), (ch.get("timed"),) * 2)
            src = name(ch["source"]) if ch.get("source") else ""
            if lang == "ja":
                return (f"時限型自動能力（{ja}）" + ("の作成" if op == "timed+" else "の誘発")
                        + (f"：{src}" if src else ""))
            return (f"timed auto ability ({en}) " + ("created" if op == "timed+" else "triggered")
                    + (f" by {src}" if src and op == "timed+" else f" ({src})" if src else ""))
        if op == "used":
            return (f"{ch['ability']}: このターンの解決回数 {ch['to']}" if lang == "ja" else
                    f"{ch['ability']}: resolved {ch['to']} time(s) this turn")
        if op == "under":  # 312.3: a force card is associated with the card it is under
            host = name(ch["to"]) if ch.get("to") else ("なし" if lang == "ja" else "no card")
            return (f"{name(ch['card'])}: フォースとして{host}の下に" if lang == "ja" else
                    f"{name(ch['card'])}: force under {host}")
        return None


VIEW = ZXView()
