"""The Z/X game: a `Board` plus the machinery to change it one recorded step at a time.

Every change of the board goes through a method here, which
  * records a structured change in the innermost open trace step (docs/trace-format.md),
  * keeps an incremental state hash up to date (for 1201 loop detection, O(1) per change),
  * and, for zone moves, emits the events auto abilities wait for (808) and runs the rule
    effects that apply at any moment (901.2a: 910–913, then 902).
"""

from __future__ import annotations

import copy
from contextlib import contextmanager

from ...board.model import (PLAYER_SQUARE, ZEKUSU_TYPES, Board, Card, default_face, has_states,
                            is_square, opponent, zone_kind)
from ..choices import Chooser, Request
from ..trace import Trace
from .clauses import REGISTRY
from .readings import READINGS

_MASK = (1 << 64) - 1
_rule = REGISTRY.rule


class Halt(Exception):
    """The run stops: game over, a stop point, or an illegal action."""

    def __init__(self, reason: str, message: str = "") -> None:
        super().__init__(message or reason)
        self.reason = reason


class IllegalAction(Exception):
    def __init__(self, message: str, message_ja: str, cites=()) -> None:
        super().__init__(message)
        self.message_ja = message_ja
        self.cites = tuple(cites)


class MoveInfo:
    __slots__ = ("card", "frm", "to", "snap", "inc_before", "inc_after")

    def __init__(self, card: Card, frm: str, to: str, snap: dict, inc_before: int,
                 inc_after: int) -> None:
        self.card = card
        self.frm = frm
        self.to = to
        self.snap = snap
        self.inc_before = inc_before
        self.inc_after = inc_after


class Game:
    def __init__(self, board: Board, chooser: Chooser, *, on_step=None) -> None:
        self.b = board
        self.chooser = chooser
        self.trace = Trace(REGISTRY, on_step)
        self.h = 0
        self.outcome: dict | None = None
        self.pending = []  # triggers.Pending, in trigger order
        self.pending_groups: dict = {}  # group key -> count (808.2a choices without a scan)
        self.pending_abilities: dict = {}  # (card, ability) -> count (808.1b)
        self.attrib: dict[str, dict] = {}  # card id -> 1204.3 attribution window
        self.attrib_closed: dict[str, str] = {}  # window closed (1204.3b), until the PP ends
        self.limit_source_left = False  # a charge-limit static left the squares (906 reading)
        self.battle_marks: dict[str, str] = {}  # card id -> attacker id (1203)
        self.in_reload = False
        self.in_play: set[str] = set()  # cards being played (temporary; 910 not applied)
        self.dirty = True  # changes since the last completed pre-processing
        self.pp_active = False
        self.seq = 0
        self.free_choices = 0  # choices with more than one option (1201 loop detection)
        self.effect_seq = 0
        self.steps_budget = 200_000
        self.rehash()

    # ---- trace -----------------------------------------------------------------------------
    @contextmanager
    def step(self, kind: str, cites, en: str, ja: str, cards=(), player=None, readings=()):
        st = self.trace.open(kind, cites, en, ja, self.b.step, cards, player)
        for r in readings:
            self.reading(r)
        if len(self.trace.steps) > self.steps_budget:
            raise Halt("loop_guard", "step budget exhausted")
        try:
            yield st
        finally:
            self.trace.close(st)

    def note(self, kind: str, cites, en: str, ja: str, cards=(), player=None, readings=()):
        with self.step(kind, cites, en, ja, cards, player, readings) as st:
            return st

    def add_pending(self, inst) -> None:
        self.pending.append(inst)
        self.h ^= inst.hkey
        self.pending_groups[inst.group] = self.pending_groups.get(inst.group, 0) + 1
        k = (inst.card, inst.idx)
        self.pending_abilities[k] = self.pending_abilities.get(k, 0) + 1

    def remove_pending(self, inst) -> None:
        self.pending.remove(inst)
        self.h ^= inst.hkey
        n = self.pending_groups[inst.group] - 1
        if n:
            self.pending_groups[inst.group] = n
        else:
            del self.pending_groups[inst.group]
        k = (inst.card, inst.idx)
        n = self.pending_abilities[k] - 1
        if n:
            self.pending_abilities[k] = n
        else:
            del self.pending_abilities[k]

    def reading(self, rid: str) -> None:
        self.trace.use_reading(READINGS[rid])

    def assume(self, aid: str, en: str, ja: str) -> None:
        self.trace.assume(aid, en, ja)

    def change(self, ch: dict) -> None:
        self.trace.change(ch)
        self.dirty = True

    # ---- hashing (1201) ----------------------------------------------------------------------
    @staticmethod
    def _ch(c: Card) -> int:
        return hash((c.id, c.zone, c.state, c.face, c.damage, c.controller)) & _MASK

    def rehash(self) -> None:
        h = 0
        for c in self.b.cards.values():
            h ^= self._ch(c)
        for p, pl in self.b.players.items():
            h ^= hash(("dmg", p, pl.damage)) & _MASK
            for k, v in pl.counters.items():
                h ^= hash(("ctr", p, k, v)) & _MASK
        for e in self.b.effects:
            h ^= self._eh(e)
        for t in self.pending:
            h ^= t.hkey
        self.h = h

    @staticmethod
    def _eh(e: dict) -> int:
        return hash(("eff", e.get("power"), e.get("cannot"), tuple(e["to"]), e.get("source"),
                     e.get("until"))) & _MASK

    # ---- card parameters ------------------------------------------------------------------------
    def card(self, cid: str) -> Card:
        return self.b.cards[cid]

    def label(self, c: Card | str) -> str:
        if isinstance(c, str):
            c = self.b.cards.get(c) or c
            if isinstance(c, str):
                return c
        return c.label()

    def snap(self, c: Card) -> dict:
        """Last-known information of a card in its current zone (813.1)."""
        from .params import power

        return {"id": c.id, "name": c.name, "type": c.type, "owner": c.owner,
                "controller": c.controller, "zone": c.zone, "state": c.state,
                "damage": c.damage, "power": power(self, c) if c.is_zekusu else None,
                "races": c.races, "colors": c.colors, "icons": c.icons,
                "incarnation": c.incarnation, "token": c.token}

    # ---- elementary changes ------------------------------------------------------------------------
    def set_state(self, c: Card, state: str) -> bool:
        """1002: True when the card really changed state (102.5: same state is no change)."""
        if not has_states(c.zone) or c.state == state:
            return False
        self.h ^= self._ch(c)
        old = c.state
        c.state = state
        self.h ^= self._ch(c)
        self.change({"op": "state", "card": c.id, "from": old, "to": state})
        return True

    def set_damage(self, c: Card, n: int) -> None:
        if c.damage == n:
            return
        self.h ^= self._ch(c)
        old = c.damage
        c.damage = n
        self.h ^= self._ch(c)
        self.change({"op": "damage", "card": c.id, "from": old, "to": n})

    def set_face(self, c: Card, face: str) -> None:
        if c.face == face:
            return
        self.h ^= self._ch(c)
        old = c.face
        c.face = face
        self.h ^= self._ch(c)
        self.change({"op": "face", "card": c.id, "from": old, "to": face})

    def set_player_damage(self, p: str, n: int) -> None:
        pl = self.b.players[p]
        if pl.damage == n:
            return
        self.h ^= hash(("dmg", p, pl.damage)) & _MASK
        old = pl.damage
        pl.damage = n
        self.h ^= hash(("dmg", p, n)) & _MASK
        self.change({"op": "player", "player": p, "field": "damage", "from": old, "to": n})

    def set_counter(self, p: str, icon: str, n: int) -> None:
        pl = self.b.players[p]
        old = pl.counters.get(icon, 0)
        if old == n:
            return
        self.h ^= hash(("ctr", p, icon, old)) & _MASK if icon in pl.counters else 0
        pl.counters[icon] = n
        self.h ^= hash(("ctr", p, icon, n)) & _MASK
        self.change({"op": "counter", "player": p, "icon": icon, "from": old, "to": n})

    def set_flag(self, p: str, flag: str, value: bool = True) -> None:
        pl = self.b.players[p]
        if bool(pl.flags.get(flag)) == value:
            return
        if value:
            pl.flags[flag] = True
        else:
            pl.flags.pop(flag, None)
        self.change({"op": "flag", "player": p, "flag": flag, "to": value})

    def add_effect(self, eff: dict) -> None:
        self.b.effects.append(eff)
        self.h ^= self._eh(eff)
        self.change({"op": "effect+", "effect": {k: v for k, v in eff.items()
                                                 if not k.startswith("_")}})

    def remove_effect(self, eff: dict) -> None:
        self.b.effects.remove(eff)
        self.h ^= self._eh(eff)
        self.change({"op": "effect-", "effect": {k: v for k, v in eff.items()
                                                 if not k.startswith("_")}})

    def create_card(self, c: Card, zone: str) -> None:
        c.zone = zone
        if is_square(zone):
            c.placed = self.b.tick()
            c.state = "reboot"
        c.face = c.face or default_face(zone)
        self.b.cards[c.id] = c
        self.b.zones[zone].append(c.id)
        self.h ^= self._ch(c)
        self.change({"op": "create", "card": c.id, "to": zone})

    def vanish(self, c: Card) -> None:
        """912.1: a token stops existing (it is no longer a card in any zone)."""
        self.h ^= self._ch(c)
        self.b.zones[c.zone].remove(c.id)
        del self.b.cards[c.id]
        self.change({"op": "vanish", "card": c.id, "from": c.zone})
        c.zone = ""

    def reveal(self, c: Card) -> None:
        self.change({"op": "reveal", "card": c.id, "zone": c.zone})

    def shuffle(self, p: str) -> None:
        """1003.1. The engine cannot know the new order; it keeps the listed one and says so."""
        self.change({"op": "shuffle", "player": p})
        self.assume("shuffle-order",
                    "After a shuffle the deck order is random; the engine keeps the listed "
                    "order. If a later draw depends on which card is on top, state the order "
                    "in the file.",
                    "シャッフル後のデッキの順番は無作為です。エンジンは記載の順番のまま扱います。"
                    "どのカードが一番上かで結論が変わる場合は、順番をファイルに明記してください。")

    # ---- zone moves ------------------------------------------------------------------------------
    def move(self, cards: list[Card], dest: str, *, bottom: bool = False,
             state: str | None = None, face: str | None = None, reason: str = "move",
             info: dict | None = None) -> list[MoveInfo]:
        """Move cards simultaneously (301.5) to `dest`. Returns what moved.

        reason: move / destroy / draw / discard / play / resolve / rule.
        info: extra event data (source, cause, effect key, attacker, from_zone …).
        """
        return self.move_batch([(c, dest) for c in cards], bottom=bottom, state=state,
                               face=face, reason=reason, info=info)

    @_rule("301.4", "301.5", "303.5a", "308.2a", "307.2", "202.8a")
    def move_batch(self, pairs: list[tuple[Card, str]], *, bottom: bool = False,
                   state: str | None = None, face: str | None = None, reason: str = "move",
                   info: dict | None = None) -> list[MoveInfo]:
        """Move several cards at the same time, each to its own zone (e.g. several cards
        appearing on different squares together, 1006.3, 808.3b)."""
        from . import rule_effects, triggers

        infos: list[MoveInfo] = []
        b = self.b
        pre = None
        if any(is_square(c.zone) or zone_kind(c.zone) in ("life", "hand") for c, _ in pairs):
            pre = triggers.listeners(self)  # look-back for leave-type events (808.3d)
        for c, dest in pairs:
            if c.id not in b.cards:
                continue
            frm = c.zone
            if frm == dest:
                continue
            snap = self.snap(c)
            self.h ^= self._ch(c)
            b.zones[frm].remove(c.id)
            sq2sq = is_square(frm) and is_square(dest)
            inc_before = c.incarnation
            if not sq2sq:
                c.incarnation += 1  # 301.4: a new card
                c.damage = 0
                c.controller = c.owner  # 302.1b: control effects were on the old card
                self._forget_effects(c)
            lst = b.zones[dest]
            if bottom or zone_kind(dest) not in ("deck", "life"):
                lst.append(c.id)
            else:
                lst.insert(0, c.id)  # deck / life: on top (307.2)
            c.zone = dest
            if has_states(dest):
                if state is not None:
                    c.state = state
                elif not sq2sq:
                    c.state = "reboot"  # 303.5a, 308.2a
            else:
                c.state = None
            if face is not None:
                c.face = face
            elif not sq2sq:
                c.face = default_face(dest)
            if is_square(dest) and not sq2sq:
                c.placed = b.tick()
            self.h ^= self._ch(c)
            ch = {"op": "move", "card": c.id, "from": frm, "to": dest}
            if reason != "move":
                ch["reason"] = reason
            self.change(ch)
            infos.append(MoveInfo(c, frm, dest, snap, inc_before, c.incarnation))
            # shifts travel with their card square to square (202.8a)
            if sq2sq and c.shifts:
                self.note("rule", ("202.8a",), f"The shift(s) on {c.id} move with it to {dest} "
                          "as one card.", f"{c.id}の上のシフトは、1枚のカードとして一緒に{dest}に"
                          "移動します。", cards=(c.id,))
                for sid in c.shifts:
                    s = b.cards.get(sid)
                    if s is not None and s.zone == frm:
                        self.h ^= self._ch(s)
                        b.zones[frm].remove(sid)
                        b.zones[dest].append(sid)
                        s.zone = dest
                        self.h ^= self._ch(s)
                        self.change({"op": "move", "card": sid, "from": frm, "to": dest})
        if infos:
            triggers.on_moves(self, infos, reason, info or {}, pre)
            rule_effects.anytime(self, infos)
        return infos

    def _forget_effects(self, c: Card) -> None:
        """301.4: effects on the card in its old zone no longer apply to it."""
        if not self.b.effects:
            return
        for e in list(self.b.effects):
            if c.id in e["to"]:
                self.remove_effect(e)
        self.attrib.pop(c.id, None)
        self.battle_marks.pop(c.id, None)

    # ---- choices ---------------------------------------------------------------------------------
    def ask(self, req: Request):
        """Ask `req`; returns the normalised answer and records it in the current step."""
        vals = req.values()
        forced = None
        if req.kind == "one" and len(vals) == 1:
            forced = vals[0]
        elif req.kind == "many" and req.min == req.max == len(vals):
            forced = list(vals)
        elif req.kind == "many" and req.max == 0:
            forced = []
        elif req.kind == "distribute" and len(vals) == 1:
            forced = {vals[0]: req.amount}
        if forced is not None:
            ans, source = forced, "only-option"
            self._consume_matching(req, forced)
        else:
            ans, source = self.chooser.choose(req)
            self.free_choices += 1
        rec = {"key": req.key, "chooser": req.chooser, "prompt": req.prompt,
               "prompt_ja": req.prompt_ja, "kind": req.kind, "options": [str(v) for v in vals],
               "answer": ans, "source": source}
        st = self.trace.current
        if st is not None:
            st.choices.append(rec)
        return ans

    def _consume_matching(self, req: Request, forced) -> None:
        """A file may list answers to choices that turn out to have one option; such an
        answer is consumed when it names that option, so later answers stay in step."""
        from ..choices import normalise

        sc = getattr(self.chooser, "scripted", self.chooser)
        queues = getattr(sc, "queues", None)
        if not queues:
            return
        for k in req.keys:
            q = queues.get(k)
            if q:
                try:
                    if normalise(req, q[0]) == forced:
                        q.pop(0)
                        sc.used[k] += 1
                except ValueError:
                    pass
                return

    def ask_cards(self, req: Request, default):
        """Ask `req` about cards, unless the file tells none of the options apart (all unknown
        cards): then any answer gives the same game, and `default` is recorded, not asked."""
        vals = req.values()
        if all(not self.b.cards[i].known for i in vals):
            self.record_choice(req.key, req.chooser, req.prompt, req.prompt_ja, vals, default)
            return default
        return self.ask(req)

    def record_choice(self, key: str, chooser: str, prompt: str, prompt_ja: str, options,
                      answer, source: str = "indistinguishable") -> None:
        """Record a choice the engine made without asking: the options are cards the file
        does not tell apart (unknown cards), so any answer gives the same game."""
        st = self.trace.current
        if st is not None:
            st.choices.append({"key": key, "chooser": chooser, "prompt": prompt,
                               "prompt_ja": prompt_ja, "kind": "one" if not isinstance(
                                   answer, list) else "many",
                               "options": [str(o) for o in options], "answer": answer,
                               "source": source})

    # ---- game end --------------------------------------------------------------------------------
    @_rule("101.2", "101.3")
    def lose(self, losers: list[str], cites, why: str, why_ja: str) -> None:
        both = len(set(losers)) == 2
        if both:
            self.outcome = {"result": "draw", "winner": None, "losers": sorted(set(losers)),
                            "reason": why, "reason_ja": why_ja, "cites": list(cites) + ["101.3"]}
            self.note("game_end", ("101.3",), f"Both players have lost: the game is a draw. "
                      f"({why})", f"両方のプレイヤーが敗北したため、引き分けです。（{why_ja}）")
        else:
            loser = losers[0]
            winner = opponent(loser)
            self.outcome = {"result": "win", "winner": winner, "losers": [loser],
                            "reason": why, "reason_ja": why_ja, "cites": list(cites) + ["101.2"]}
            self.note("game_end", ("101.2",), f"{loser} has lost; {winner} wins and the game "
                      f"ends at once. ({why})", f"{loser}が敗北し、{winner}が勝利してゲームは"
                      f"ただちに終了します。（{why_ja}）", player=winner)
        raise Halt("game_over")

    def draw_game(self, cites, why: str, why_ja: str) -> None:
        self.outcome = {"result": "draw", "winner": None, "losers": [], "reason": why,
                        "reason_ja": why_ja, "cites": list(cites)}
        raise Halt("game_over")

    # ---- save / restore (804.2f rewinds) ------------------------------------------------------
    def save(self):
        return (copy.deepcopy(self.b.__dict__), copy.deepcopy(self.pending),
                copy.deepcopy(self.attrib), dict(self.battle_marks))

    def restore(self, saved) -> None:
        bd, pending, attrib, marks = saved
        keep = {k: self.b.__dict__[k] for k in ("events", "actions", "choices", "expect",
                                                "positions")}
        self.b.__dict__.update(bd)
        self.b.__dict__.update(keep)
        self.pending = []
        self.pending_groups = {}
        self.pending_abilities = {}
        for inst in pending:
            self.pending.append(inst)
            self.pending_groups[inst.group] = self.pending_groups.get(inst.group, 0) + 1
            k = (inst.card, inst.idx)
            self.pending_abilities[k] = self.pending_abilities.get(k, 0) + 1
        self.attrib = attrib
        self.battle_marks = marks
        self.rehash()
        self.change({"op": "rewind"})

    # ---- helpers -----------------------------------------------------------------------------------
    def player_card_on_squares(self, p: str) -> bool:
        for c in self.b.on_squares():
            if c.type == "player" and c.controller == p and c.face != "down":
                return True
        return False

    def ob_on_squares(self, p: str) -> bool:
        return any(c.type == "zekusu_ob" and c.controller == p for c in self.b.on_squares())

    def zekusu_on_squares(self):
        return [c for c in self.b.on_squares() if c.type in ZEKUSU_TYPES]

    def player_square(self, p: str) -> str:
        return PLAYER_SQUARE[p]
