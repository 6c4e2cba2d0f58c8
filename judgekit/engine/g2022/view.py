"""How a g2022 ruling shows the board: each player's three areas (503.2) as the picture's grid,
P2's row at the top and P1's at the bottom, the columns being the lanes (reading lanes: a side
faces the other player's opposite side), each player's other zones beside them (g2022.md §4.1).
EXP cards and connected engages are shown as tags on their chara's chip (513.3, 514.3)."""

from __future__ import annotations

from ...reports.view import View

WORDS = {
    "ja": {"account": "アカウントゾーン", "missions": "ミッションゾーン", "deck": "デッキ",
           "hand": "手札", "keep": "キープゾーン", "energy": "エネルギーゾーン",
           "trash": "トラッシュ", "remove": "リムーブゾーン", "exp": "EXPゾーン",
           "connect": "コネクトゾーン", "temporary": "テンポラリー", "scout": "スカウトゾーン",
           "L": "左サイド", "C": "センター", "R": "右サイド", "gone": "消滅"},
    "en": {"account": "account zone", "missions": "mission zone", "deck": "deck",
           "hand": "hand", "keep": "keep zone", "energy": "energy zone", "trash": "trash",
           "remove": "remove zone", "exp": "EXP zone", "connect": "connect zone",
           "temporary": "temporary", "scout": "scout zone", "L": "left side", "C": "centre",
           "R": "right side", "gone": "gone"},
}
CHANGE_WORDS = {
    "count": ("{mission}: {action} counted ({to})", "{mission}：{action}を記録（{to}回）"),
    "counts_cleared": ("{mission}: recorded counts cleared", "{mission}：記録した回数を消去"),
    "attack_success": ("{card}'s attack is ≪アタック成功≫", "{card}のアタックは≪アタック成功≫"),
    "attack_success_cleared": ("≪アタック成功≫ ends", "≪アタック成功≫が無くなる"),
    "attack": ("attack by {attacker}", "{attacker}のアタック"),
    "attack_end": ("the attack by {attacker} ends", "{attacker}のアタックが終了"),
    "timed+": ("delayed ability of {source} created", "{source}の時限型自動能力を作成"),
    "phase": ("phase: {phase}", "フェイズ：{phase}"),
    "turn": ("turn ends: {to} becomes the turn player", "ターン終了：{to}がターンプレイヤー"),
}


class G2022View(View):
    zone_words = WORDS
    extra_labels = {
        "ja": {"exp_tag": "EXP", "connect_tag": "コネクト",
               "picture_note": "上が P2 のエリア、下が P1 のエリア。縦の列がレーンです（向かい合う"
                               "サイド同士が同じレーン）。横向きのカードはスリープ状態です。"},
        "en": {"exp_tag": "EXP", "connect_tag": "engage",
               "picture_note": "P2's areas at the top, P1's at the bottom; each column is a lane "
                               "(a side faces the opposite side). A card drawn sideways is slept."},
    }
    rows = ("P2", "P1")
    cols = ("1", "2", "3")
    grid = (("P2.R", "P2.C", "P2.L"), ("P1.L", "P1.C", "P1.R"))
    panel_zones = ("account", "missions", "deck", "hand", "keep", "energy", "trash", "remove")
    listed_shared = ("temporary", "scout")
    stat = "power"
    rotated_states = ("sleep",)
    rewind_clause = "904.2f"

    def zone_label(self, zone: str, lang: str) -> str:
        if "." in zone and zone.split(".", 1)[1] in ("L", "C", "R"):
            p, a = zone.split(".", 1)
            w = WORDS[lang][a]
            return f"{p}の{w}" if lang == "ja" else f"{p}'s {w}"
        return super().zone_label(zone, lang)

    def cell_label(self, zone: str) -> str:
        return zone

    def cell_kind(self, zone: str) -> tuple[str, str | None]:
        p, a = zone.split(".", 1)
        return ("centre" if a == "C" else "normal"), p

    def chip_extras(self, board) -> dict:
        out: dict = {}
        for p in ("P1", "P2"):
            for kind in ("exp", "connect"):
                for c in board.cards_in(f"{p}.{kind}"):
                    if c.under:
                        out.setdefault(c.under, {}).setdefault(kind, []).append(c.id)
        return out

    def chip_tags(self, board, card, L: dict, extras: dict) -> list[str]:
        tags = []
        mine = extras.get(card.id, {})
        if mine.get("exp"):
            tags.append(f"{L['exp_tag']}{len(mine['exp'])}")
        if mine.get("connect"):
            tags.append(f"+{L['connect_tag']}{len(mine['connect'])}")
        if card.id in getattr(board, "attack_success", ()):
            tags.append("≪成功≫")
        return tags

    def zone_detail(self, board, p: str, kind: str, cards: list, L: dict,
                    derived: dict | None) -> tuple[str, str]:
        n = len(cards)
        if kind == "missions":
            down = sum(1 for c in cards if c.face == "down")
            checked = sum(1 for c in cards if c.state == "sleep" and c.face != "down")
            bits = [f"✓{checked}" if checked else "", f"▼{down}" if down else ""]
            return str(n), " ".join(b for b in bits if b)
        if kind == "account":
            return str(n), L["sleep"] if any(c.state == "sleep" for c in cards) else ""
        return str(n), ""

    def player_head(self, board, p: str, L: dict) -> list[str]:
        acc = [c for c in board.cards_in(f"{p}.account") if c.name]
        head = [f"《{acc[0].name}》"] if acc else []
        cnt = board.players[p].counters
        if cnt:
            head.append(" ".join(f"{k}{v}" for k, v in cnt.items()))
        return head

    def context_extra(self, board, L: dict) -> list[str]:
        lines = []
        if board.attack:
            lines.append(f"{L.get('attack', 'attack')}: {board.attack.get('attacker', '?')}")
        for z in ("temporary", "scout"):
            if board.zones.get(z):
                lines.append(f"{L['zone_' + z]} {len(board.zones[z])}")
        return lines

    def describe_change(self, ch: dict, lang: str, name, L: dict) -> str | None:
        op = ch.get("op")
        if op == "under":
            if ch.get("to") is None:
                return (f"{name(ch['card'])}: {ch.get('from')}との関連づけを解除" if lang == "ja"
                        else f"{name(ch['card'])}: no longer associated with {ch.get('from')}")
            return (f"{name(ch['card'])}: {ch['to']}に関連づけ" if lang == "ja"
                    else f"{name(ch['card'])}: associated with {ch['to']}")
        w = CHANGE_WORDS.get(op)
        if w is None:
            return None
        try:
            return w[1 if lang == "ja" else 0].format(**ch)
        except (KeyError, IndexError):
            return None


VIEW = G2022View()
