"""How a Dimension Zero ruling shows the board: the battle space (2.24) seen from above with P2's
base squares at the top and P1's at the bottom, each player's zones beside it, and — beside the
picture — where the game stands: the phase, the battles (running and waiting) and the stack,
bottom first (2.23.9)."""

from __future__ import annotations

from ...reports.view import View
from .model import BASE_SQUARES, BATTLE_SQUARES, PHASE_JA, base_owner, is_base_square

_STEP_WORDS = {"ja": {"first": "第1バトルステップ", "second": "第2バトルステップ",
                      "end": "バトル終了ステップ"},
               "en": {"first": "1st battle step", "second": "2nd battle step",
                      "end": "battle end step"}}


class D0View(View):
    zone_words = {
        "ja": {"deck": "山札", "plan": "プラン", "hand": "手札", "graveyard": "墓地",
               "energy": "エネルギー", "smash": "スマッシュ", "remove": "リムーブ",
               "stack": "スタック", "gone": "消滅"},
        "en": {"deck": "deck", "plan": "plan zone", "hand": "hand", "graveyard": "graveyard",
               "energy": "energy zone", "smash": "smash zone", "remove": "remove zone",
               "stack": "stack", "gone": "gone"},
    }
    extra_labels = {
        "ja": {"picture_note": "上が P2 側（P2 のベーススクエアと 3 列目＝P2 の自軍エリア）、下が P1 側"
               "（1 列目＝P1 の自軍エリアと P1 のベーススクエア）。横向きのカードはフリーズ状態です。",
               "released": "リリース", "frozen": "フリーズ", "smash_value": "スマッシュ",
               "stack_line": "スタック（下から）", "battle_line": "バトル", "waiting": "待機中",
               "phase_word": "フェイズ", "empty_stack": "スタックは空",
               "deck_ordered": "山札の順番の意図的な決定（6.2）"},
        "en": {"picture_note": "P2's side at the top (P2's base squares, row 3 = P2's own area), "
               "P1's side at the bottom (row 1 = P1's own area, P1's base squares). A card drawn "
               "sideways is frozen.",
               "released": "released", "frozen": "frozen", "smash_value": "smash",
               "stack_line": "Stack (bottom first)", "battle_line": "Battle",
               "waiting": "waiting", "phase_word": "Phase", "empty_stack": "the stack is empty",
               "deck_ordered": "deck order intentionally determined (6.2)"},
    }
    field_words = {"ja": {"deck_ordered": "deck_ordered"}, "en": {"deck_ordered": "deck_ordered"}}
    rows = ("P2", "3", "2", "1", "P1")
    cols = ("L", "C", "R")
    grid = (("P2-L", "P2-C", "P2-R"),
            tuple(f"{c}3" for c in "LCR"),
            tuple(f"{c}2" for c in "LCR"),
            tuple(f"{c}1" for c in "LCR"),
            ("P1-L", "P1-C", "P1-R"))
    panel_zones = ("deck", "plan", "hand", "energy", "smash", "graveyard", "remove")
    listed_shared = ("stack",)
    stat = "power"
    rotated_states = ("frozen",)
    rewind_clause = "4.19.1"

    def zone_label(self, zone: str, lang: str) -> str:
        if zone in BATTLE_SQUARES:
            return zone
        if is_base_square(zone):
            p, ln = zone.split("-")
            return f"{p}のベーススクエア{ln}" if lang == "ja" else f"{p}'s base square {ln}"
        return super().zone_label(zone, lang)

    def cell_kind(self, zone: str) -> tuple[str, str | None]:
        if zone in BASE_SQUARES:
            return "player", base_owner(zone)
        return ("centre" if zone.endswith("2") else "normal"), None

    def chip_tags(self, board, card, L: dict, extras: dict) -> list[str]:
        # first what belongs to it: its 闘気 cards (6.1.2) and the strategy 結合 with it (6.6.4),
        # shown on it rather than as cards of the square
        tags = [f"+闘気{len(card.aura)}"] if card.aura else []
        tags += ["+結合"] if card.bound else []
        if card.type == "unit" and card.smash is not None:
            tags.append(f"S{card.smash}")
        for k in card.keywords:
            for name, v in ({k: True} if isinstance(k, str) else k).items():
                word = {"haste": "速攻", "acceleration": "加速", "instant_kill": "即死",
                        "support": "支援", "resistance": "耐性"}.get(name, name)
                tags.append(word if v is True else f"{word}{v if not isinstance(v, dict) else ''}")
        return tags

    def zone_detail(self, board, p: str, kind: str, cards: list, L: dict,
                    derived: dict | None) -> tuple[str, str]:
        n = len(cards)
        if kind in ("energy", "smash"):
            f = sum(1 for c in cards if c.state == "frozen")
            return str(n), f"{L['frozen']}{f}" if f else ""
        if kind == "deck":
            plan = len(board.zones.get(f"{p}.plan", []))
            return str(n + plan), ""
        return str(n), ""

    def context_extra(self, board, L: dict) -> list[str]:
        lang = "ja" if L.get("phase_word") == "フェイズ" else "en"
        lines = [f"{L['phase_word']}: " + (PHASE_JA[board.phase] if lang == "ja"
                                           else board.phase)]
        for i, fr in enumerate(board.battles):
            waiting = i < len(board.battles) - 1
            sqs = ", ".join(bt.square for bt in fr.battles)
            lines.append(f"{L['battle_line']} {sqs}: {_STEP_WORDS[lang][fr.step]}"
                         + (f" ({L['waiting']})" if waiting else ""))
        if board.stack:
            lines.append(f"{L['stack_line']}:")
            for j, it in enumerate(board.stack, 1):
                lines.append(f" {j}. {_item(board, it, lang)}")
        else:
            lines.append(L["empty_stack"])
        return lines

    def effect_words(self, e: dict, lang: str, L: dict) -> list[str]:
        """A D0 effect in force changes values (`modify`: power, smash) or a colour."""
        what = [f"{L.get(k, k) if k != 'smash' else L['smash_value']} {v:+d}"
                for k, v in (e.get("modify") or {}).items()]
        if e.get("color"):
            what.append(("色→" if lang == "ja" else "colour → ") + str(e["color"]))
        return what

    def describe_change(self, ch: dict, lang: str, name, L: dict) -> str | None:
        op = ch.get("op")
        ja = lang == "ja"
        if op in ("stack+", "stack-"):
            item = ch.get("item_ja") if ja else ch.get("item")
            stack = ch.get("stack_ja") if ja else ch.get("stack")
            head = ("スタックに追加：" if ja else "onto the stack: ") if op == "stack+" else (
                "スタックから離れる：" if ja else "off the stack: ")
            rest = " ▸ ".join(stack or []) or ("（空）" if ja else "(empty)")
            return f"{head}{item} — " + ("スタック（下から）：" if ja else "stack (bottom first): ") \
                + rest
        if op == "designated":  # 「～にあたり、…を指定する」 (4.15.2-1)
            what = ", ".join(f"{k} {v}" for k, v in (ch.get("to") or {}).items())
            return (f"{name(ch.get('card'))}：指定 {what}" if ja
                    else f"{name(ch.get('card'))} designates {what}")
        if op == "trigger+":
            return ("誘発：" + str(ch.get("trigger_ja") or ch.get("trigger")) if ja
                    else "triggered: " + str(ch.get("trigger")))
        if op == "battle":
            return ("バトル発生：" if ja else "battle occurs: ") + ", ".join(ch.get("squares", []))
        if op == "battle_end":
            return ("バトル終了：" if ja else "battle ends: ") + ", ".join(ch.get("squares", []))
        if op == "result":
            w = ch.get("winner")
            res = (f"{name(w)}の勝利" if ja else f"{name(w)} wins") if w else (
                "引き分け" if ja else "a draw")
            return f"{ch.get('square')}: {res}"
        if op in ("delayed+", "delayed-"):
            head = ("作成された誘発型能力：" if ja else "created ability: ") if op == "delayed+" \
                else ("作成された誘発型能力の消滅：" if ja else "created ability gone: ")
            return head + str(ch.get("text") or "") + (f" ({name(ch['about'])})"
                                                       if ch.get("about") else "")
        if op == "targets":
            ts = ", ".join(name(t) for v in (ch.get("targets") or {}).values() for t in v)
            return ("対象：" if ja else "targets: ") + ts
        if op in ("aura", "bound"):  # the 闘気 cards under a card / its 結合 strategy (第6部)
            word = {"aura": ("闘気カード", "闘気 cards"), "bound": ("結合", "結合 with it")}[op]
            cards = ", ".join(name(c) for c in ch.get("to") or []) or ("なし" if ja else "none")
            return f"{name(ch['card'])}: {word[0] if ja else word[1]} → {cards}"
        if op == "turn":
            return (f"ターン{ch['turn']}、アクティブプレイヤー {ch['turn_player']}" if ja else
                    f"turn {ch['turn']}, active player {ch['turn_player']}")
        return None


def _item(board, it, lang: str) -> str:
    from .stack import item_label

    class _G:
        b = board

        @staticmethod
        def label(c):
            cc = board.cards.get(c)
            return cc.label() if cc is not None else str(c)

    return item_label(_G, it, lang)


VIEW = D0View()
