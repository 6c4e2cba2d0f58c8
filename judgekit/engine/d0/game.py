"""The Dimension Zero game: the board plus the machinery to change it one recorded step at a time.

What is Dimension Zero's own here:
* zone moves (2.23): only a move from square to square keeps the card (2.23.8-4); any other makes
  a new card (2.23.1-3): its damage, the effects fixed to it, the triggers created about it
  (4.4.4-1) and its battle roles (3.11.1-2) are gone. Every card put on a square is the latest
  put there (4.16.4-6, 3.11.5); it is remembered as an arrival until the next rule-effect check
  (battle occurrence, 4.16.4-3).
* the stack (2.23.9): items pushed on top, resolved from the top; every change of it is recorded
  with the whole stack, so a run shows the stack at each step.
* putting cards into the graveyard goes through replacement effects (4.15) first.
"""

from __future__ import annotations

from ..game import BaseGame
from .clauses import REGISTRY
from .items import Pending  # noqa: F401  (re-exported)
from .model import (PHASE_JA, StackItem, is_base_square, is_battle_square, is_square, opponent)
from .readings import READINGS

_MASK = (1 << 64) - 1
_rule = REGISTRY.rule


def _GRAVE_CAUSE(reason: str, info: dict) -> dict:
    """Why a card went from a square to the graveyard: 破壊する by an effect or 廃棄する as a
    cost (2.23.1-4), or a rule effect (4.16.4); an effect's source and its controller (2.27)."""
    cause = {"destroy": "effect", "sacrifice": "cost", "compose": "cost",
             "rule": "rule"}.get(reason)
    if cause is None:
        return {}
    info = info or {}
    out = {"cause": cause}
    if info.get("source"):
        out["source"], out["by"] = info["source"], info.get("by")
    return out


class Game(BaseGame):
    registry = REGISTRY
    readings = READINGS
    WIN_CLAUSE = "3.3.3"  # a win or a loss ends the duel at once
    DRAW_CLAUSE = "3.3.4"  # both lose at the same time: a draw

    def __init__(self, board, chooser, **kw) -> None:
        super().__init__(board, chooser, **kw)
        self.arrivals: list[tuple] = []  # (card, square, incarnation) since the last check
        self.resolving = 0  # > 0 during a resolution (4.9.4)
        self.now_resolving = None  # the stack item resolving now (4.15.8-1's self-replacement)
        self._put_into = None  # the zones a printed 「…に置かれる時、かわりに」 names (effects.py)
        self.pend_seq = 0
        self.stack_changed = False  # the procedure put something on the stack (stack-change)
        self.center_plays: list[tuple] = []  # units played into the center area (4.16.4-8/-9)
        self.arrival_batch: dict = {}  # (card, incarnation) -> the move that put it on a square
        self.vanished: list = []  # created triggers gone with a card that moved (4.4.4-1)
        self.move_seq = 0
        # a static ability that grants a keyword (「…は速攻を得る」): kept current (effects.grants)
        self.watch_static_grants(lambda ab: ab.get("static") in ("modify", "grant", "lose") and (
            ab.get("grant") or ab.get("lose")))
        # a static ability that changes races (「種族に「X」を加える」, effects.attributes)
        self.race_statics = any(ab.get("static") == "race" for c in board.cards.values()
                                for ab in c.abilities)
        # a printed 「カードを引くことができない」 (values.forbid is asked only then, or when an
        # effect in force forbids drawing)
        # static abilities whose timestamps matter (2.20.1-8: the active player orders units
        # put onto squares at the same time)
        self.order_statics = any(ab.get("static") in ("race", "lose") for c in board.cards.values()
                                 for ab in c.abilities)
        self.draw_bans = any(ab.get("static") == "cannot" and ab.get("action") == "draw"
                             for c in board.cards.values() for ab in c.abilities)

    def static_grants(self):
        from .values import static_grants

        return list(static_grants(self))

    # ---- labels ---------------------------------------------------------------------------
    def phase_words(self) -> tuple[str, str]:
        p = self.b.phase
        return f"the {p} phase", PHASE_JA[p]

    # ---- last-known information (4.17: data and status) -------------------------------------
    def snap(self, c) -> dict:
        from .values import colors, power, races, smash

        d = super().snap(c)
        d.update({"races": list(races(self, c)),
                  "power": power(self, c) if c.type == "unit" else c.power,
                  "smash": smash(self, c) if c.type == "unit" else c.smash,
                  "colors": list(colors(self, c)), "cost": dict(c.cost or {})})
        from .values import seen_as  # a 闘気 card: no card type, no face (6.1.8, 6.1.10)

        return seen_as(self, c, d)

    # ---- zone moves ---------------------------------------------------------------------------
    @staticmethod
    def card_hash(c) -> int:
        return hash((c.id, c.zone, c.state, c.face, c.damage, c.controller, tuple(c.aura),
                     tuple(c.bound))) & _MASK

    def move_batch(self, pairs: list, **kw) -> list:
        """A card leaving the squares takes its 闘気 cards and 結合 strategy to their owners'
        graveyards at the same time (6.1.5, 6.6.6: judgekit/engine/d0/attached.py); they move
        first, while they are still under it."""
        if any(c.aura or c.bound for c, *_ in pairs):
            from . import attached
            from .effects import replaced_to_graveyard

            pairs = self.with_attached(pairs, lambda c, dest: attached.follow(
                self, c, dest, replaced_to_graveyard), first=True)
        if self._put_into is None or self._put_into or self.b.effects:
            from .effects import replace_moves  # 4.15.2: 「…に置かれる時、かわりに…」

            pairs = replace_moves(self, pairs)
        if self.order_statics and len(pairs) > 1:
            pairs = self._order_units(pairs)
        return super().move_batch(pairs, **kw)

    @_rule("2.20.1-8", "4.14.5-5", "4.14.5-4")
    def _order_units(self, pairs: list) -> list:
        """2.20.1-8: units put onto squares at the same time are put in the order the active
        player decides. Asked only where the order changes something: the static abilities of
        two or more of them change races or keyword abilities, and each effect arises when its
        card is put there (4.14.5-5), the later applying last (4.14.5-4)."""
        from ..choices import Request
        from .values import order_matters

        at = [i for i, (c, dest, *_r) in enumerate(pairs) if c.type == "unit"
              and is_square(dest) and not self.b.is_attached(c)]
        units = [pairs[i][0] for i in at]
        if len(units) < 2 or not order_matters(units):
            return pairs
        ap = self.b.turn_player
        with self.step("rule", ("2.20.1-8", "4.14.5-5", "4.14.5-4"),
                       f"{', '.join(c.label() for c in units)} are put onto squares at the same "
                       f"time: {ap}, the active player, decides the order they are put there in; "
                       "the effects of their static abilities arise in that order (4.14.5-5), "
                       "the later applying last (4.14.5-4).",
                       f"{'、'.join(c.label() for c in units)}は同時にスクエアに置かれます。置かれた"
                       f"順番はアクティブプレイヤー{ap}が決定し、それらの常在型能力の効果はその順番に"
                       "発生し（4.14.5-5）、後に発生したものが後に適用されます（4.14.5-4）。", cards=tuple(c.id for c in units)):
            ids = self.ask(Request("2.20.1-8", ap, "the order the units are put onto the squares"
                                   ", first put first", "ユニットがスクエアに置かれる順番（先に置か"
                                   "れるものから）", options=[(c.id, c.label()) for c in units],
                                   kind="order", min=len(units), max=len(units),
                                   cites=("2.20.1-8",)))
        ordered = [self.b.cards[i] for i in ids]
        out = list(pairs)
        by_card = {pairs[i][0].id: pairs[i] for i in at}
        for i, c in zip(at, ordered):
            out[i] = by_card[c.id]
        return out

    def moved(self, c, frm: str, dest: str, same: bool) -> None:
        if c.aura or c.bound or is_square(frm):
            from . import attached

            attached.moved(self, c, frm, dest, same)

    def same_object(self, c, frm: str, dest: str) -> bool:
        """2.23.8-4: a card moved from square to square stays the same card."""
        return is_square(frm) and is_square(dest)

    @_rule("2.23.1-3", "4.4.4-1")
    def new_object(self, c) -> None:
        """2.23.1-3: a new card. Its damage and the effects fixed to it are gone (the core);
        the triggers created about it vanish (4.4.4-1) — said once the move is complete."""
        from .triggers import DELAYED

        super().new_object(c)
        if c.designated is not None:
            c.designated = None  # 4.15.2-1's designation was the old card's
        for d in DELAYED.about(self, c.id):
            self.vanished.append((c, d))

    def _say_vanished(self) -> None:
        while self.vanished:
            c, d = self.vanished.pop(0)
            self.note("rule", ("4.4.4-1", "2.23.1-3"),
                      f"{c.label()} moved other than from square to square: the triggered "
                      f"ability created about it (「{d.get('text') or d['trigger']}」) vanishes.",
                      f"{c.label()}が「スクエアからスクエア」以外のゾーン移動をしたため、それについて"
                      f"作成された誘発型能力（「{d.get('text') or d['trigger']}」）は消滅します。",
                      cards=(c.id,))

    def arrive(self, c, same: bool, state, face) -> None:
        super().arrive(c, same, state, face)
        if is_square(c.zone):
            c.placed = self.b.tick()  # the card put there last (4.16.4-6, 3.11.5)

    def after_moves(self, infos, reason: str, info: dict, look_back) -> None:
        from . import triggers

        self._say_vanished()
        events = []
        self.move_seq += 1
        for mi in infos:
            if is_square(mi.to) and not self.b.is_attached(mi.card):  # 6.1.8: no unit
                if mi.inc_before != mi.inc_after and mi.card.abilities and \
                        any("designate" in ab for ab in mi.card.abilities):
                    from .designate import on_square  # 4.15.2-1: as it is put there

                    on_square(self, mi.card)
                self.arrivals.append((mi.card.id, mi.to, mi.card.incarnation))
                self.arrival_batch[(mi.card.id, mi.card.incarnation)] = self.move_seq
                ev = {"kind": "put_on_square", "card": mi.card.id, "from": mi.frm,
                      "to": mi.to, "obj": mi.card.incarnation}
                if info.get("played"):
                    ev["played"] = True
                    ev["played_from"] = info.get("played_from", "")
                events.append(ev)
            if is_square(mi.frm) and mi.to.endswith(".graveyard"):
                events.append({"kind": "to_graveyard", "card": mi.card.id, "from": mi.frm,
                               "snap": mi.snap, **_GRAVE_CAUSE(reason, info)})
            if "." in mi.to:  # into a player's zone: 「～ゾーンに置かれた時」
                events.append({"kind": "put_into", "card": mi.card.id, "from": mi.frm,
                               "to": mi.to, "zone": mi.to.split(".", 1)[1], "snap": mi.snap})
        if events:
            triggers.on_events(self, events, infos)

    # ---- graveyards and replacement (2.23.5, 4.15) ------------------------------------------
    def to_graveyard(self, cards: list, reason: str = "destroy", *, cost: bool = False,
                     info: dict | None = None) -> list:
        """Put cards into their owners' graveyards at the same time (2.23.1-1, 2.23.5-1),
        each replaced first by a replacement effect that applies to it (4.15.2)."""
        from .effects import replaced_to_graveyard

        plain = [c for c in cards if c.id in self.b.cards
                 and not (is_square(c.zone) and replaced_to_graveyard(self, c, cost=cost))]
        if not plain:
            return []
        return self.move_batch([(c, f"{c.owner}.graveyard") for c in plain], reason=reason,
                               info=info)

    # ---- the stack (2.23.9) ---------------------------------------------------------------------
    def stack_view(self, items=None, lang: str = "en") -> list[str]:
        from .stack import item_label

        return [item_label(self, it, lang) for it in (self.b.stack if items is None else items)]

    def _stack_changed(self, op: str, it: StackItem) -> None:
        from .stack import item_label

        self.change({"op": op, "item": item_label(self, it), "item_ja": item_label(self, it,
                                                                                   "ja"),
                     "stack": self.stack_view(), "stack_ja": [
                         item_label(self, x, "ja") for x in self.b.stack]})

    # the stack and the battles are part of the hashed state: a procedure whose rounds change
    # only them (a battle occurs, nothing triggers) must not look like a repeated state
    @staticmethod
    def _item_hash(it: StackItem, pos: int) -> int:
        return hash(("stack", pos, it.kind, it.card, it.source, it.ability, it.square,
                     tuple(sorted((k, tuple(v)) for k, v in it.targets.items())))) & _MASK

    @staticmethod
    def frame_hash(fr, depth: int) -> int:
        return hash(("battle", depth, tuple(bt.square for bt in fr.battles))) & _MASK

    def rehash(self) -> None:
        super().rehash()
        for i, it in enumerate(self.b.stack):
            self.h ^= self._item_hash(it, i)
        for d, fr in enumerate(self.b.battles):
            self.h ^= self.frame_hash(fr, d)

    @_rule("2.23.9-2")
    def push(self, it: StackItem) -> None:
        """2.23.9-2: a new spell, ability or damage exchange goes on top of the stack."""
        if not it.n:
            it.n = self.b.next_n()
        self.h ^= self._item_hash(it, len(self.b.stack))
        self.b.stack.append(it)
        self._stack_changed("stack+", it)

    def set_targets(self, it: StackItem, chosen: dict) -> None:
        """The targets of an item already on the stack (a triggered ability chooses them as it
        goes on, 4.8.4-2)."""
        pos = self.b.stack.index(it)
        self.h ^= self._item_hash(it, pos)
        it.targets = chosen
        it.labels = {}  # now shown with its targets
        it.objs = {t: self.b.cards[t].incarnation for v in chosen.values() for t in v
                   if t in self.b.cards}
        self.h ^= self._item_hash(it, pos)

    def pop(self, it: StackItem) -> None:
        st = self.b.stack
        pos = st.index(it)
        for i in range(pos, len(st)):
            self.h ^= self._item_hash(st[i], i)
        st.pop(pos)
        for i in range(pos, len(st)):
            self.h ^= self._item_hash(st[i], i)
        self._stack_changed("stack-", it)

    # ---- created triggers (4.4.4) -----------------------------------------------------------
    def add_delayed(self, d: dict) -> None:
        from .triggers import DELAYED

        DELAYED.add(self, d)

    # ---- pending triggered abilities ------------------------------------------------------------
    def trigger(self, card: str, idx: int, controller: str, event: dict | None, snap: dict,
                data: dict | None = None) -> Pending:
        self.pend_seq += 1
        p = Pending(card, idx, controller, event, snap, self.pend_seq, data)
        self.add_pending(p)
        if self.b.phase == "recovery":
            self.b.recovery_event = True  # 3.10.3
        self.change({"op": "trigger+", "trigger": self.pending_label(p),
                     "trigger_ja": self.pending_label(p, "ja")})
        return p

    def pending_label(self, p: Pending, lang: str = "en") -> str:
        from .stack import ability_label

        return ability_label(self, p.card, p.ability(self), lang)

    def fire(self, kind: str, **kw) -> int:
        """An event that is not a zone move (drawing, …): the abilities it triggers."""
        from . import triggers

        return triggers.fire(self, kind, **kw)

    def rampage(self, c, p: str) -> None:
        """`c` was turned face up as `p`'s plan zone: its 暴走 (5.7.2-1) may trigger."""
        from .keywords import rampage

        rampage(self, c, p)

    # ---- values ---------------------------------------------------------------------------------
    @_rule("5.17.2", "5.17.3")
    def deal_damage(self, pairs: list, *, source_snap=None, battle: bool = False) -> list:
        """Damage dealt at the same time: [(dealer id or None, receiver card, amount)]. 耐性
        (5.17.2) is read when the damage is dealt, with the dealer's information then
        (5.17.3). Returns [(receiver, amount)] actually dealt."""
        from .values import colors, has_keyword

        dealt = []
        for dealer, rc, n in pairs:
            if n <= 0 or rc.id not in self.b.cards or not is_battle_square(rc.zone):
                continue
            res = has_keyword(rc, "resistance")
            if res:
                from .effects import COLOR_JA

                rj = COLOR_JA.get(res, res)
                dc = self.b.cards.get(dealer) if dealer else None
                snap_cols = tuple((source_snap or {}).get("colors", ()))
                cols = colors(self, dc) if dc is not None else snap_cols
                # reading resistance-late-information: 5.17.3 (when the damage is dealt) or
                # 2.27 【例】1 (when the ability was put on the stack), asked where they differ
                differ = source_snap is not None and (res in cols) != (res in snap_cols)
                stack_time = differ and \
                    self.reading("resistance-late-information", here=False) == "stack-time"
                rd = ("resistance-late-information",) if differ else ()
                if stack_time:
                    if res in snap_cols:
                        self.note("keyword", ("5.17.2", "2.27"),
                                  f"{rc.label()} has 耐性-{rj} ({res}): the source was {res} when "
                                  "its ability was put on the stack, so the damage is not dealt.",
                                  f"{rc.label()}は耐性-{rj}を持ち、能力がスタックに乗った時点でその"
                                  f"発生源は{rj}であったため、ダメージを受けません。", cards=(rc.id,),
                                  readings=rd)
                        continue
                    self.note("keyword", ("5.17.2", "2.27"),
                              f"{rc.label()} has 耐性-{rj} ({res}), but the source was not {res} "
                              "when its ability was put on the stack: the damage is dealt.",
                              f"{rc.label()}は耐性-{rj}を持ちますが、能力がスタックに乗った時点で"
                              f"その発生源は{rj}ではなかったため、ダメージを受けます。",
                              cards=(rc.id,), readings=rd)
                elif res in cols:
                    self.note("keyword", ("5.17.2", "5.17.3"),
                              f"{rc.label()} has 耐性-{rj} ({res}): the damage comes from a {res} "
                              "card at the moment it is dealt, so it is not dealt.",
                              f"{rc.label()}は耐性-{rj}を持ち、ダメージが与えられる時点でその発生源"
                              f"は{rj}であるため、ダメージを受けません。", cards=(rc.id,),
                              readings=rd,
                              mention=() if rd else ("resistance-late-information",))
                    continue
            if self._damage_replaced(rc):
                from .effects import damage_after_replacements

                n = damage_after_replacements(self, rc, n, dealer, battle)
                if not n:
                    continue
            self.set_damage(rc, rc.damage + n)
            dealt.append((dealer, rc, n))
            if self._damage_listeners():
                dc = self.b.cards.get(dealer) if dealer else None
                self.fire("damaged", card=rc.id, cause="battle" if battle else "effect",
                          by=dc.controller if dc is not None else
                          (source_snap or {}).get("controller"), source=dealer)
        return dealt

    def _damage_listeners(self) -> bool:
        return any(ab.get("trigger") == "damaged" for s in self.b.on_squares()
                   for ab in s.abilities)

    def _damage_replaced(self, c) -> bool:
        """Whether any card on the squares has a damage replacement at all, or one a spell
        created is in force (the common board costs nothing)."""
        return any(ab.get("replace") == "damaged" for s in self.b.on_squares()
                   for ab in s.abilities) or \
            bool(self.b.effects) and any(e.get("replace") == "damaged" for e in self.b.effects)

    # ---- the state of the game (loop detection, 4.18) -----------------------------------------
    def state_key(self) -> int:
        """Everything that decides what happens next: cards, effects and pending abilities
        (the core's hash), the stack, the battles, created triggers, the step and priority."""
        b = self.b
        parts = [self.h, b.step, b.phase, b.priority, tuple(b.passed), b.turn,
                 b.recovery_event, b.turn_end_checked, tuple(b.once_fired)]
        for it in b.stack:  # hundreds of items on a long stack, most with no target
            t = it.targets
            parts.append((it.kind, it.card, it.source, it.ability, it.square,
                          tuple(sorted((k, tuple(v)) for k, v in t.items())) if t else ()))
        for fr in b.battles:
            parts.append((fr.step, fr.exchange, fr.end_done, len(fr.suspended_stack),
                          tuple((bt.square, tuple(bt.units)) for bt in fr.battles)))
        for d in b.delayed:
            parts.append((d.get("trigger"), d.get("about")))
        return hash(tuple(parts))

    # ---- bookkeeping kept outside the board, for save/restore ---------------------------------
    def save_extra(self):
        return (list(self.arrivals), self.pend_seq, list(self.center_plays),
                dict(self.arrival_batch))

    def restore_extra(self, extra) -> None:
        self.arrivals, self.pend_seq = list(extra[0]), extra[1]
        self.center_plays, self.arrival_batch = list(extra[2]), dict(extra[3])


def controller_of(g, it: StackItem) -> str:
    return it.controller or g.b.turn_player


__all__ = ["Game", "Pending", "controller_of", "opponent", "is_base_square"]
