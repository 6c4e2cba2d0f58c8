"""How a 東方VISION ruling shows the board: each player's part of the field (自分の場, 3.4.5)
as a cell — P2's at the top, P1's at the bottom — and each player's other zones beside it:
deck, hand, node area (how many asleep), netherworld, removed area, play area, sideboard."""

from __future__ import annotations

from ...reports.view import View
from .model import PLAYERS, ZONE_EN, ZONE_JA, number, zone_kind
from .stats import parse_modifier


class THVView(View):
    zone_words = {"ja": {**ZONE_JA, "gone": "消滅"}, "en": {**ZONE_EN, "gone": "gone"}}
    extra_labels = {"ja": {"active": "アクティブ", "lp": "ライフポイント", "attack": "攻撃力",
                           "interference": "干渉", "set_cards": "セット", "modify": "戦闘修正",
                           "picture_note": "上が P2 の場、下が P1 の場(数字は攻撃力/耐久力)。"
                                           "横向きのカードはスリープ状態です。"},
                    "en": {"active": "active", "lp": "LP", "attack": "attack",
                           "interference": "interference", "set_cards": "set",
                           "modify": "battle modifier",
                           "picture_note": "P2's field at the top, P1's at the bottom (numbers: "
                                           "attack/durability). A card drawn sideways is "
                                           "asleep."}}
    field_words = {"ja": {"lp": "lp"}, "en": {"lp": "lp"}}
    rows = ("P2", "P1")
    cols = ("",)
    grid = (("P2.field",), ("P1.field",))
    panel_zones = ("deck", "hand", "nodes", "netherworld", "removed", "play", "sideboard")
    stat = "attack"
    rotated_states = ("sleep",)
    rewind_clause = "12.8.1"

    def cell_label(self, zone: str) -> str:
        return "場"

    def cell_kind(self, zone: str) -> tuple[str, str | None]:
        return "player", zone.split(".")[0]

    def stat_of(self, card, derived):
        if card.attack is None and card.durability is None:
            return None, None
        eff = (derived or {}).get("attack", {}).get(card.id, number(card.attack))
        return eff, number(card.attack)

    def chip_extras(self, board) -> dict:
        """Durability after modifiers (6.1.10) and the number of set cards, per card."""
        out: dict = {}
        for c in board.cards.values():
            if zone_kind(c.zone) != "field" or c.durability is None:
                continue
            dur = number(c.durability)
            for e in board.effects:
                if "modify" in e and c.id in e.get("to", ()):
                    dur += parse_modifier(e["modify"])[1] or 0
            out[c.id] = dur
        return out

    def chip_tags(self, board, card, L: dict, extras: dict) -> list[str]:
        tags = []
        if card.id in extras:
            tags.append(f"/{extras[card.id]}")
        if card.set:
            tags.append(f"+{L['set_cards']}{len(card.set)}")
        kws = [k if isinstance(k, str) else next(iter(k)) for k in card.keywords]
        tags += kws[:3]
        return tags

    def zone_detail(self, board, p: str, kind: str, cards: list, L: dict,
                    derived: dict | None) -> tuple[str, str]:
        n = len(cards)
        if kind == "nodes":
            s = sum(1 for c in cards if c.state == "sleep")
            return str(n), f"{L['sleep']}{s}" if s else ""
        if kind == "hand":
            lim = board.players[p].hand_limit
            return str(n), f"{L['limit']}{lim}" if lim != 7 else ""
        return str(n), ""

    def player_head(self, board, p: str, L: dict) -> list[str]:
        return [f"{L['lp']} {board.players[p].lp}"]

    def player_fields(self, board, p: str) -> list[tuple[str, object]]:
        return [("lp", board.players[p].lp)]

    def context_extra(self, board, L: dict) -> list[str]:
        lines = []
        for fr in board.interference:
            parts = [e.get("play") or f"{e.get('use')}#{e.get('ability', 1)}"
                     for e in fr["entries"]]
            att = fr.get("attack")
            if att:
                parts.insert(0, f"{att['attacker']} → {att.get('defender') or att['player']}")
            lines.append(f"{L['interference']}: " + (" · ".join(parts) or "—"))
        if board.priority in PLAYERS:
            lines.append(f"→ {board.priority}")
        return lines

    def describe_change(self, ch: dict, lang: str, name, L: dict) -> str | None:
        op = ch.get("op")
        ja = lang == "ja"
        if op == "combat_damage":
            return f"{name(ch['card'])}: " + ("戦闘ダメージ" if ja else "combat damage") + \
                f" {ch.get('from')} → {ch.get('to')}"
        if op == "interference+":
            return "干渉の開始" if ja else "an interference starts"
        if op == "interference-":
            return "干渉の終了" if ja else "the interference ends"
        if op == "entry+":
            e = ch.get("entry", {})
            what = name(e.get("play") or e.get("use"))
            return (f"干渉に追加: {what}" if ja else f"joins the interference: {what}")
        if op == "entry-":
            e = ch.get("entry", {})
            what = name(e.get("play") or e.get("use"))
            return (f"解決: {what}" if ja else f"resolves: {what}")
        if op == "pass":
            return f"{ch['player']}: " + ("優先権の放棄" if ja else "passes")
        if op == "defender":
            return f"{name(ch['card'])}: " + ("防御キャラクター" if ja else "defending")
        if op == "retarget":  # 8.2.8
            old = ", ".join(name(x) for x in ch.get("from", ()))
            new = ", ".join(name(x) for x in ch.get("to", ()))
            return (f"{ch.get('entry')}: 目標の変更 {old} → {new}" if ja
                    else f"{ch.get('entry')}: target {old} → {new}")
        if op in ("waiting+", "waiting-"):
            w = ch.get("effect", {})
            who = w.get("prevent_next_damage")
            if op == "waiting+" and "at" in w:  # an effect for a timing (7.7)
                from .effects import at_words

                en, ja_w = at_words(w)
                return (f"待機中の効果: {ja_w}に解決" if ja else f"waiting effect: resolved {en}")
            if op == "waiting+":
                return (f"待機中の効果: {who}が次に受けるダメージを無効" if ja
                        else f"waiting effect: the next damage to {who} is nullified")
            return ("待機中の効果を処理" if ja else "the waiting effect is used")
        if op == "set":
            return f"{name(ch['card'])} → {name(ch['on'])}" + (f" ({ch.get('as')})")
        if op == "unset":
            return None if not ch.get("set") else (
                f"{name(ch['card'])}: " + ("セットの解除 " if ja else "no longer holds ")
                + ", ".join(name(s) for s in ch["set"]))
        if op == "turn_flag":
            return f"{ch.get('flag')} = {'yes' if ch.get('to') else 'no'}"
        if op == "suspend":
            return ("効果の解決を中断" if ja else "the effect is suspended")
        if op == "turn":
            t, p = ch.get("to", [None, None])
            return (f"ターン{t}（{p}）" if ja else f"turn {t} ({p})")
        return None


VIEW = THVView()
