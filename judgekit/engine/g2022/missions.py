"""Missions: their check and clear content (304.6, reading mission-conditions), the condition
effect that counts the turn player's actions (1005), and what 1006 / 704.3 read.

A mission's content is a list of items that must all be met (304.6d): an action with the
number of times it must be done this main phase (counted on the mission, 1005.1) or a state of
the board. A mission with no content written is one whose content the file does not give: it
is never met.
"""

from __future__ import annotations

from .clauses import REGISTRY
from .model import AREAS
from .params import in_main_phase

ACTION_WORDS = {
    "play": ("plays a card", "カードをプレイ"), "play_chara": ("plays a chara", "キャラをプレイ"),
    "play_event": ("plays an event", "イベントをプレイ"),
    "play_engage": ("plays an engage", "エンゲージをプレイ"),
    "activate": ("plays an activated ability", "起動能力をプレイ"),
    "attack": ("declares an attack", "アタックを宣言"),
    "attack_success": ("achieves ≪アタック成功≫", "≪アタック成功≫"),
    "lvup": ("levels up a chara", "LvUP"), "scout": ("scouts", "スカウト"),
    "retire": ("retires an opponent's chara", "相手のキャラを退場"),
}


def missions_of(g, p: str) -> list:
    return g.b.cards_in(f"{p}.missions")


def _state_item_met(g, p: str, item: dict) -> bool:
    b = g.b
    charas = [c for a in AREAS for c in b.area_cards(p, a)]
    tests = {
        "charas_at_least": lambda n: len(charas) >= n,
        "energy_at_least": lambda n: len(b.pzone(p, "energy")) >= n,
        "hand_at_most": lambda n: len(b.pzone(p, "hand")) <= n,
        "exp_at_least": lambda n: sum(len(b.attached(c.id, "exp")) for c in charas) >= n,
        "trash_at_least": lambda n: len(b.pzone(p, "trash")) >= n,
    }
    return all(test(item[k]) for k, test in tests.items() if k in item)


def content_met(g, m, items) -> bool:
    """All items of a check or clear content are met (304.6d); no content: never."""
    if not items:
        return False
    counts = m.counts or {}
    for item in items:
        if "action" in item and counts.get(item["action"], 0) < item.get("count", 1):
            return False
        if not _state_item_met(g, m.owner, item):
            return False
    return True


def counted_actions(m) -> set:
    return {it["action"] for it in (m.check or []) + (m.clear or []) if "action" in it}


@REGISTRY.rule("1005.1")
def record(g, player: str, action: str, what: str = "") -> None:
    """1005.1: in the turn player's main phase, each action named by one of their face-up
    missions is counted on that mission."""
    b = g.b
    if not in_main_phase(b):
        return
    names = {action, "play"} if action.startswith("play_") else {action}
    tp = b.turn_player
    reads = ()
    if player != tp:
        # the non-turn player did an action the turn player's missions name: 1005.1's
        # 「実行される度に」 does not say whose (reading mission-record)
        if not any((m.face or "up") == "up" and names & counted_actions(m)
                   for m in missions_of(g, tp)):
            return
        if g.reading("mission-record", here=False) != "any-player":
            return
        reads = ("mission-record",)
    for m in missions_of(g, tp):
        if (m.face or "up") == "down":
            continue
        for act in sorted(names & counted_actions(m)):
            counts = dict(m.counts or {})
            counts[act] = counts.get(act, 0) + 1
            m.counts = counts
            g.change({"op": "count", "mission": m.id, "action": act, "to": counts[act]})
            en, ja = ACTION_WORDS.get(act, (act, act))
            g.note("rule", ("1005.1",),
                   f"Condition effect: {player} {en}{' (' + what + ')' if what else ''} — "
                   f"counted on mission {m.id} ({counts[act]}).",
                   f"条件エフェクト：{player}が{ja}{'（' + what + '）' if what else ''}"
                   f"したため、ミッション{m.id}に記録します（{counts[act]}回）。",
                   cards=(m.id,), player=player, readings=reads,
                   mention=() if reads else ("mission-record",))  # the turn player's own


@REGISTRY.rule("1006.1")
def check_due(g) -> list:
    """Face-up, rebooted missions whose check content is all met (1006.1; an already checked
    mission is not checked again, 102.6)."""
    b = g.b
    out = []
    for p in (b.turn_player, "P2" if b.turn_player == "P1" else "P1"):
        for m in missions_of(g, p):
            if (m.face or "up") == "up" and m.state != "sleep" and content_met(g, m, m.check):
                out.append(m)
    return out
