"""What happens whenever a player would receive priority (4.6.3, 4.8.2, 4.16.2).

    repeat
        rule effects: every satisfied rule effect of 4.16.4 happens at the same time, repeated
            while new ones arise (4.6.3); battle occurrence waits for all of them (4.16.4-3-1)
            and does not happen if a unit causing it has left (4.16.4-3-2)
        triggered abilities: all that triggered go on the stack at once, the active player's
            first (4.8.2, 4.8.3); nothing resolves here
    until nothing new happens; then the player receives priority

It runs before every grant of priority, to either player (reading procedure-every-grant). Losses
by smash cards and by an empty deck are rule effects of this check (3.3.1, 3.3.2).
"""

from __future__ import annotations

from ..procedure import Procedure
from .clauses import REGISTRY
from .model import BATTLE_SQUARES, BASE_SQUARES, area_of, is_base_square, is_battle_square
from .values import raw_power, power

_rule = REGISTRY.rule


def find_rule_effects(g) -> list[tuple]:
    """Every satisfied rule effect other than battle occurrence (4.16.4): [(clause, subject,
    why_en, why_ja)], subject a player id or a card."""
    b = g.b
    out = []
    for p in ("P1", "P2"):
        n = len(b.pzone(p, "smash"))
        if n >= 7:
            out.append(("4.16.4-1", p, f"{p} has {n} cards in the smash zone",
                        f"{p}のスマッシュゾーンのカードが{n}枚"))
        d = b.deck_count(p)
        if d <= 0:
            out.append(("4.16.4-2", p, f"{p} has {d} cards in the deck",
                        f"{p}の山札のカードが{d}枚"))
    batch = g.arrival_batch
    for sq in BATTLE_SQUARES:
        units = b.units_on(sq)
        for u in units:
            rp = raw_power(g, u)
            if rp <= 0:
                out.append(("4.16.4-4", u, f"{u.label()} in {sq} has power {rp}",
                            f"{sq}の{u.label()}のパワーが{rp}"))
            elif u.damage and u.damage >= power(g, u):
                out.append(("4.16.4-5", u, f"{u.label()} in {sq} has {u.damage} damage, power "
                            f"{power(g, u)}", f"{sq}の{u.label()}はパワー{power(g, u)}に対して"
                            f"{u.damage}のダメージ"))
        out += _later(g, sq, [u for u in units], "4.16.4-6", batch)
        for c in b.cards_in(sq):
            if c.type == "base":
                out.append(("4.16.4-13", c, f"base {c.label()} is on the battle square {sq}",
                            f"ベース{c.label()}がバトルスペースの{sq}にある"))
    for sq in BASE_SQUARES:
        cards = [c for c in b.cards_in(sq) if not b.is_attached(c)]
        out += _later(g, sq, [c for c in cards if c.type == "base"], "4.16.4-7", batch)
        for c in cards:
            if c.type == "unit":
                out.append(("4.16.4-14", c, f"unit {c.label()} is on the base square {sq}",
                            f"ユニット{c.label()}がベーススペースの{sq}にある"))
    return out


def _later(g, sq: str, cards: list, clause: str, batch: dict) -> list:
    """4.16.4-6 / -7: of one controller's cards in one square, those put there later — all of
    them when they were put there at the same time."""
    out = []
    by: dict = {}
    for c in cards:
        by.setdefault(c.controller, []).append(c)
    for p, cs in by.items():
        if len(cs) < 2:
            continue
        cs.sort(key=lambda c: c.placed)
        first = cs[0]
        bf = g.arrival_batch.get((first.id, first.incarnation))
        together = bf is not None and any(
            g.arrival_batch.get((c.id, c.incarnation)) == bf for c in cs[1:])
        for c in (cs if together else cs[1:]):
            other = cs[1] if c is first else first
            out.append((clause, c, f"{c.label()} was put into {sq}, where {p} also controls "
                        f"{other.label()}" + (" (put there at the same time)" if together else ""),
                        f"{c.label()}は{p}が支配する{other.label()}のある{sq}に"
                        + ("同時に" if together else "後から") + "置かれた"))
    return out


class D0Procedure(Procedure):
    cites = ("4.6.3", "4.16.2")
    loop_clause = "4.18.1"
    name = ("the check before priority", "優先権を獲得する前の処理")

    def open_message(self, ctx) -> tuple[str, str]:
        p = ctx.data.get("recipient", "")
        return (f"{p} would receive priority: first all rule effects happen at the same time, "
                "then the triggered abilities go on the stack, until nothing new happens (4.6.3).",
                f"{p}が優先権を獲得する前に、すべてのルールエフェクトが同時に発生し解決され、次に"
                "誘発していた誘発型能力がスタックに乗せられます。新しく何も発生しなくなるまで繰り返し"
                "ます（4.6.3）。")

    def nothing_to_do(self, g, ctx) -> bool:
        from .triggers import state_candidates

        return not (find_rule_effects(g) or g.arrivals or g.center_plays or g.pending
                    or state_candidates(g))

    def quiet(self, g, ctx) -> None:
        g.dirty = False  # nothing to record: the grant of priority says what the stack holds

    def begin(self, g, ctx) -> None:
        if ctx.data.get("recipient") != g.b.turn_player:
            # the procedure runs before this grant under both readings; who then receives
            # priority is asked in the flow, where the procedure put something on the stack
            g.reading("procedure-every-grant", depend=False)

    @_rule("4.6.3", "4.16.2", "4.16.1", "4.16.4-1", "4.16.4-2", "4.16.4-4", "4.16.4-5",
           "4.16.4-6", "4.16.4-7", "4.16.4-13", "4.16.4-14", "4.16.4-3-1", "4.16.4-8",
           "3.3.1", "3.3.2", "3.3.4", "2.20.1-6", "2.23.5-1")
    def rule_effects(self, g, ctx) -> bool:
        from . import battle

        b = g.b
        found = find_rule_effects(g)
        cands = battle.candidates(g)
        if found:
            deferred = [sq for sq in cands]
            loss = {"4.16.4-1": "3.3.1", "4.16.4-2": "3.3.2"}
            cites = tuple(dict.fromkeys(c for f in found for c in (
                (f[0], loss[f[0]]) if f[0] in loss else (f[0],)))) + ("4.6.3", "4.16.1") + (
                ("2.23.5-1",) if any(not isinstance(f[1], str) for f in found) else ())
            with g.step("rule", cites,
                        "Rule effects happen at the same time: " + "; ".join(f[2] for f in found)
                        + (" — to the graveyard" if any(not isinstance(f[1], str) for f in found)
                           else "") + ".",
                        "ルールエフェクトが同時に発生し解決されます：" + "、".join(
                            f[3] for f in found) + ("（持ち主の墓地に置かれます）" if any(
                                not isinstance(f[1], str) for f in found) else "") + "。",
                        cards=tuple(
                            f[1].id for f in found if not isinstance(f[1], str))):
                if deferred:
                    ctx.data["deferred"] = {sq: list(v) for sq, v in cands.items()}
                    g.note("rule", ("4.16.4-3-1", "3.11.1-1"),
                           f"Units of different controllers are also in {', '.join(deferred)}: "
                           "battle occurrence is processed only after every other rule effect, "
                           "including those these cause.",
                           f"{'、'.join(deferred)}にも支配者の異なるユニットがありますが、バトル発生の"
                           "ルールエフェクトは、他のすべてのルールエフェクト（それにより新たに発生する"
                           "ものを含む）の解決が終わるまで行いません。", readings=("battle-last",))
                losers = [f[1] for f in found if isinstance(f[1], str)]
                cards = list({id(f[1]): f[1] for f in found if not isinstance(f[1], str)}.values())
                if cards:
                    g.to_graveyard(cards, "rule")
                if b.phase == "recovery":
                    b.recovery_event = True  # 3.10.3
                if losers:
                    why = "; ".join(f[2] for f in found if isinstance(f[1], str))
                    why_ja = "、".join(f[3] for f in found if isinstance(f[1], str))
                    cl = tuple(dict.fromkeys(c for f in found if isinstance(f[1], str)
                                             for c in (loss[f[0]], f[0])))
                    g.lose(sorted(set(losers)), cl, why, why_ja)
            return True
        # battle occurrence, after every other rule effect (4.16.4-3-1)
        g.arrivals = []
        g.arrival_batch = {}
        cancelled = [sq for sq in ctx.data.pop("deferred", {}) if sq not in cands]
        for sq in cancelled:
            g.note("rule", ("4.16.4-3-2", "3.11.1-1"),
                   f"A unit that would have caused the battle in {sq} has left the square through "
                   "a rule effect at the same time: no battle occurs.",
                   f"同時に発生したルールエフェクトにより、{sq}でバトルを発生させるユニットがスクエア"
                   "から別のゾーンに移動したため、バトルは発生しません。", readings=("battle-last",))
        occurred = battle.occur(g, cands) if cands else False
        # 4.16.4-8: a unit played into the center area and put there with no battle occurring
        lone = []
        fought = {bt.square for fr in b.battles for bt in fr.battles}
        for cid, obj, sq in g.center_plays:
            c = b.cards.get(cid)
            if c is not None and c.incarnation == obj and c.zone == sq and sq not in fought:
                lone.append(c)
        g.center_plays = []
        if lone:
            with g.step("rule", ("4.16.4-8", "2.20.1-6", "4.16.1"),
                        f"{', '.join(c.label() for c in lone)} was played into the center area "
                        "and no battle occurred there: it goes to its owner's graveyard.",
                        f"{'、'.join(c.label() for c in lone)}は中央エリアにプレイされ、バトルが発生"
                        "しなかったため、持ち主の墓地に置かれます。", cards=tuple(c.id for c in lone)):
                g.to_graveyard(lone, "rule")
        return occurred or bool(lone)

    def triggers(self, g, ctx) -> bool:
        from .triggers import stack_pending, state_triggers

        state_triggers(g)
        if stack_pending(g, ctx.data.get("recipient", g.b.turn_player)):
            g.stack_changed = True
            return True
        return False


PROCEDURE = D0Procedure()

__all__ = ["PROCEDURE", "find_rule_effects", "is_base_square", "is_battle_square", "area_of"]
