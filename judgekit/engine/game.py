"""The game of any ruleset: a board plus the machinery to change it one recorded step at a time.

`BaseGame` is what every engine's `Game` extends. Every change of the board goes through a
method here (or the ruleset's own methods built on them), which
  * records a structured change in the innermost open trace step (docs/trace-format.md),
  * keeps an incremental state hash up to date (O(1) per change) for loop detection,
  * and, for zone moves, gives the ruleset its hooks: which moves make a new object, what a
    card arriving in a zone looks like, which events the moves are (triggers), which rules
    apply at once.

The ruleset supplies its registry (every cited clause must be registered), its readings and
the clauses that end a game (`WIN_CLAUSE`, `DRAW_CLAUSE`).
"""

from __future__ import annotations

import copy
from contextlib import contextmanager

from ..board.model import BaseCard, opponent
from .choices import Chooser, Request
from .trace import Trace

_MASK = (1 << 64) - 1
# a run that has not ended after this many steps is stopped and says so (`judgekit step
# --max-steps` raises it); no bundled scenario needs a tenth of it
DEFAULT_MAX_STEPS = 200_000
# a procedure before priority that has gone round this many times with choices that could end
# it is stopped as a budget (`judgekit step --max-rounds` raises it); none bundled needs 50
DEFAULT_MAX_ROUNDS = 5000


class Halt(Exception):
    """The run stops: game over, a stop point, a budget, or an illegal action."""

    def __init__(self, reason: str, message: str = "") -> None:
        super().__init__(message or reason)
        self.reason = reason


class IllegalAction(Exception):
    def __init__(self, message: str, message_ja: str, cites=()) -> None:
        super().__init__(message)
        self.message_ja = message_ja
        self.cites = tuple(cites)


class MoveInfo:
    """One card's part in a (simultaneous) zone move: where from and to, and what it was
    before it moved (its last-known information)."""

    __slots__ = ("card", "frm", "to", "snap", "inc_before", "inc_after")

    def __init__(self, card: BaseCard, frm: str, to: str, snap: dict, inc_before: int,
                 inc_after: int) -> None:
        self.card = card
        self.frm = frm
        self.to = to
        self.snap = snap
        self.inc_before = inc_before
        self.inc_after = inc_after


class BaseGame:
    registry = None  # the ruleset's Registry
    readings: dict = {}  # the ruleset's readings
    WIN_CLAUSE = ""  # the clause by which the other player wins when one player has lost
    DRAW_CLAUSE = ""  # the clause that makes simultaneous losses a draw

    def __init__(self, board, chooser: Chooser, *, on_step=None,
                 max_steps: int = DEFAULT_MAX_STEPS,
                 max_rounds: int = DEFAULT_MAX_ROUNDS) -> None:
        self.b = board
        self.chooser = chooser
        self.trace = Trace(self.registry, on_step)
        self.h = 0
        self.outcome: dict | None = None
        self.pending: list = []  # triggered abilities waiting, in trigger order
        self.pending_groups: dict = {}  # group key -> count (choices without a scan)
        self.pending_abilities: dict = {}  # (card, ability) -> count
        self.pending_sum = 0  # the pending list's part of the state hash
        self.seq = 0
        self.free_choices = 0  # choices with more than one option (loop detection)
        self.effect_seq = 0
        self.max_steps = max_steps
        self.max_rounds = max_rounds
        self.dirty = True  # changes since the last completed pre-priority procedure
        # the alternatives this run follows where a reading has several (the board file's
        # `readings:`, then the command line's); every other reading follows its default
        self.chosen: dict = dict(getattr(board, "readings", None) or {})
        self.seen_states: dict = {}  # state key -> free choices made when last seen (repeats)
        # replacement effects whose 「かわりに」 is running, outermost first (effects.replace)
        self.replacing: list = []
        # the ruleset sets it when the board has a static ability that grants (effects.grants)
        self.grant_statics = False
        if any("grant" in e or "lose" in e for e in board.effects):
            self._regrant()
        self.rehash()

    # ---- trace -----------------------------------------------------------------------------
    @contextmanager
    def step(self, kind: str, cites, en: str, ja: str, cards=(), player=None, readings=(),
             mention=()):
        """Open a trace step. `readings`: readings it relies on; `mention`: readings whose
        question it meets where every alternative acts the same (see `reading`)."""
        st = self.trace.open(kind, cites, en, ja, self.b.step, cards, player)
        for r in readings:
            self.reading(r)
        for r in mention:
            self.reading(r, depend=False)
        if len(self.trace.steps) > self.max_steps:
            raise Halt("budget", f"the run reached its budget of {self.max_steps:,} steps "
                       "without ending")
        try:
            yield st
        finally:
            self.trace.close(st)

    def note(self, kind: str, cites, en: str, ja: str, cards=(), player=None, readings=(),
             mention=()):
        with self.step(kind, cites, en, ja, cards, player, readings, mention) as st:
            return st

    def reading(self, rid: str, here: bool = True, depend: bool = True) -> str | None:
        """Ask which alternative of reading `rid` this run follows, at the point where it
        decides; records that the run (and, with `here`, the open step) depended on it. None
        for a reading with one behaviour (a gap, a defect, ...). `here=False` when the step
        open now is not the one that relies on it (the step that does names it itself).
        `depend=False` names the reading where the run meets its question but every
        alternative acts the same here: it is listed as applied, and is no reason to run the
        other alternatives (judgekit.engine.compare)."""
        r = self.readings[rid]
        alts = r.get("alternatives") or ()
        alt = None
        if len(alts) >= 2:
            alt = self.chosen.get(rid) or r["default"]
        self.trace.use_reading(r, alt, here, depend)
        return alt

    def assume(self, aid: str, en: str, ja: str) -> None:
        self.trace.assume(aid, en, ja)

    def change(self, ch: dict) -> None:
        self.trace.change(ch)
        self.dirty = True
        if self.grant_statics:  # whom a static grant reaches depends on the whole state
            self._regrant()

    # ---- pending triggered abilities ---------------------------------------------------------
    # pending instances enter the state hash as the SUM of their keys (mod 2**64), folded in
    # by XOR: XOR-ing one key per instance would make three identical instances hash like one,
    # and a cascade resolving them one by one would look like a repeated state (a false loop)
    def _count_pending(self, hkey: int, delta: int) -> None:
        old = self.pending_sum
        self.pending_sum = (old + delta * hkey) & _MASK
        self.h ^= old ^ self.pending_sum

    def add_pending(self, inst) -> None:
        self.pending.append(inst)
        self._count_pending(inst.hkey, 1)
        self.pending_groups[inst.group] = self.pending_groups.get(inst.group, 0) + 1
        k = (inst.card, inst.idx)
        self.pending_abilities[k] = self.pending_abilities.get(k, 0) + 1

    def remove_pending(self, inst) -> None:
        self.pending.remove(inst)
        self._count_pending(inst.hkey, -1)
        _dec(self.pending_groups, inst.group)
        _dec(self.pending_abilities, (inst.card, inst.idx))

    def pending_to_board(self) -> list[dict]:
        """The pending list as a board file writes it (`triggers:`): each instance's to_json(),
        identical entries folded into one with a count; delayed abilities (`timed`) are the
        ruleset's to write."""
        out: list[dict] = []
        for inst in self.pending:
            if getattr(inst, "timed", None) is not None:
                continue
            d = inst.to_json()
            d.pop("count", None)
            for o in out:
                if {k: v for k, v in o.items() if k != "count"} == d:
                    o["count"] = o.get("count", 1) + 1
                    break
            else:
                out.append(d)
        return out

    def _index_pending(self) -> None:
        self.pending_groups = {}
        self.pending_abilities = {}
        for inst in self.pending:
            self.pending_groups[inst.group] = self.pending_groups.get(inst.group, 0) + 1
            k = (inst.card, inst.idx)
            self.pending_abilities[k] = self.pending_abilities.get(k, 0) + 1

    # ---- hashing (loop detection) --------------------------------------------------------------
    @staticmethod
    def card_hash(c: BaseCard) -> int:
        return hash((c.id, c.zone, c.state, c.face, c.damage, c.controller)) & _MASK

    @staticmethod
    def effect_hash(e: dict) -> int:
        return hash(("eff",) + tuple(sorted((k, _frozen(v)) for k, v in e.items()
                                            if not k.startswith("_")))) & _MASK

    @staticmethod
    def _field_hash(p: str, name: str, value) -> int:
        return hash(("pf", p, name, _frozen(value))) & _MASK

    def rehash(self) -> None:
        h = 0
        for c in self.b.cards.values():
            h ^= self.card_hash(c)
        for p, pl in self.b.players.items():
            for name, _ in pl.FIELDS:
                h ^= self._field_hash(p, name, getattr(pl, name))
            for k, v in pl.counters.items():
                h ^= hash(("ctr", p, k, v)) & _MASK
        for e in self.b.effects:
            h ^= self.effect_hash(e)
        self.pending_sum = sum(t.hkey for t in self.pending) & _MASK
        self.h = h ^ self.pending_sum

    def repeats(self, key) -> bool:
        """Loop detection for rulesets whose loops run through priority rather than inside
        one procedure (D0 resolves triggered abilities on double passes, so an unending loop
        never repeats within a single `procedure.run`). Record `key` — a hash of everything
        that decides what happens next — at a point the game comes round to (a grant of
        priority). True when the same key was recorded before and no free choice has been made
        since: no player can change what follows, so the loop cannot end."""
        prev = self.seen_states.get(key)
        self.seen_states[key] = self.free_choices
        return prev is not None and prev == self.free_choices

    # ---- cards --------------------------------------------------------------------------------
    def card(self, cid: str) -> BaseCard:
        return self.b.cards[cid]

    def label(self, c: BaseCard | str) -> str:
        if isinstance(c, str):
            c = self.b.cards.get(c) or c
            if isinstance(c, str):
                return c
        return c.label()

    def snap(self, c: BaseCard) -> dict:
        """Last-known information of a card in its current zone; a ruleset adds the
        parameters its rules read (power, durability, …)."""
        return {"id": c.id, "name": c.name, "type": c.type, "owner": c.owner,
                "controller": c.controller, "zone": c.zone, "state": c.state,
                "damage": c.damage, "incarnation": c.incarnation, "token": c.token}

    # ---- elementary changes --------------------------------------------------------------------
    def set_card(self, c: BaseCard, field: str, value) -> bool:
        """Set one hashed field of a card (state, face, damage, controller) and record it as
        the change {"op": field, "card", "from", "to"}. False when nothing changed."""
        old = getattr(c, field)
        if old == value:
            return False
        self.h ^= self.card_hash(c)
        setattr(c, field, value)
        self.h ^= self.card_hash(c)
        self.change({"op": field, "card": c.id, "from": old, "to": value})
        return True

    def set_state(self, c: BaseCard, state: str) -> bool:
        """True when the card really changed state (a card already in that state does not
        'become' it, and zones without states have none)."""
        if not self.b.has_states(c.zone):
            return False
        return self.set_card(c, "state", state)

    def set_damage(self, c: BaseCard, n: int) -> None:
        self.set_card(c, "damage", n)

    def set_face(self, c: BaseCard, face: str) -> None:
        self.set_card(c, "face", face)

    def set_player(self, p: str, field: str, value) -> bool:
        """Set one of a player's FIELDS (damage, life points, …): {"op": "player", …}."""
        pl = self.b.players[p]
        old = getattr(pl, field)
        if old == value:
            return False
        self.h ^= self._field_hash(p, field, old)
        setattr(pl, field, value)
        self.h ^= self._field_hash(p, field, value)
        self.change({"op": "player", "player": p, "field": field, "from": old, "to": value})
        return True

    def set_counter(self, p: str, icon: str, n: int) -> None:
        pl = self.b.players[p]
        old = pl.counters.get(icon, 0)
        if old == n:
            return
        if icon in pl.counters:
            self.h ^= hash(("ctr", p, icon, old)) & _MASK
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
        if "control" in eff:
            from .effects import control

            control.prepare(self.b, eff)
        self.b.effects.append(eff)
        self.h ^= self.effect_hash(eff)
        self.change({"op": "effect+", "effect": _public(eff)})
        if "grant" in eff or "lose" in eff:
            self._regrant()
        if "control" in eff:
            control.reconcile(self, eff.get("to"))

    def remove_effect(self, eff: dict) -> None:
        self.b.effects.remove(eff)
        self.h ^= self.effect_hash(eff)
        self.change({"op": "effect-", "effect": _public(eff)})
        if "grant" in eff or "lose" in eff:
            self._regrant()
        if "control" in eff:
            from .effects import control

            control.reconcile(self, eff.get("to"), ended=eff)

    def _regrant(self) -> None:
        """Keywords and abilities granted or taken away by effects in force are derived state
        (judgekit.engine.effects.grants)."""
        from .effects.grants import regrant

        regrant(self.b, self.static_grants() if self.grant_statics else ())

    def watch_static_grants(self, is_grant) -> None:
        """Keep what static abilities grant or take away current (`grant_statics`) when a card
        of the board has one (`is_grant(ability)`: the ruleset's form of such an ability)."""
        self.grant_statics = any(is_grant(ab) for c in self.b.cards.values()
                                 for ab in c.abilities)
        if self.grant_statics:
            self._regrant()

    def static_grants(self):
        """(card id, "grant" | "lose", value, timestamp): what the ruleset's static abilities
        in force give or take away now (judgekit.engine.effects.grants); none by default."""
        return ()

    def create_card(self, c: BaseCard, zone: str) -> None:
        """A card that did not exist (a token) is put into `zone`."""
        b = self.b
        c.zone = zone
        if b.keeps_placed(zone):
            c.placed = b.tick()
        if b.has_states(zone):
            c.state = b.DEFAULT_STATE
        c.face = c.face or b.default_face(zone)
        b.cards[c.id] = c
        b.zones[zone].append(c.id)
        self.h ^= self.card_hash(c)
        self.change({"op": "create", "card": c.id, "to": zone})

    def vanish(self, c: BaseCard) -> None:
        """A card ceases to exist (a token outside the zones it can be in)."""
        self.h ^= self.card_hash(c)
        self.b.zones[c.zone].remove(c.id)
        del self.b.cards[c.id]
        self.change({"op": "vanish", "card": c.id, "from": c.zone})
        c.zone = ""

    def reveal(self, c: BaseCard) -> None:
        self.change({"op": "reveal", "card": c.id, "zone": c.zone})

    # ---- zone moves ----------------------------------------------------------------------------
    def move(self, cards: list, dest: str, *, bottom: bool = False, state: str | None = None,
             face: str | None = None, reason: str = "move", info: dict | None = None) -> list:
        """Move cards simultaneously to `dest`. Returns what moved (MoveInfo)."""
        return self.move_batch([(c, dest) for c in cards], bottom=bottom, state=state,
                               face=face, reason=reason, info=info)

    def move_batch(self, pairs: list, *, bottom: bool = False, state: str | None = None,
                   face: str | None = None, reason: str = "move",
                   info: dict | None = None) -> list[MoveInfo]:
        """Move several cards at the same time, each to its own zone.

        reason: move / destroy / draw / discard / play / resolve / rule, and the ruleset's
        own words; info: extra event data (source, cause, effect key, …) for its triggers.
        A pair may carry a third item, a dict overriding `bottom`, `state` and `face` for that
        card alone (a card that leaves with another goes elsewhere, in its own way)."""
        infos: list[MoveInfo] = []
        b = self.b
        look_back = self.before_moves([p[:2] for p in pairs])
        for pair in pairs:
            c, dest = pair[0], pair[1]
            if c.id not in b.cards:
                continue
            frm = c.zone
            if frm == dest:
                continue
            if len(pair) > 2:  # this card's own way of going (rare: read only then)
                own = pair[2]
                bottom_, state_, face_ = (own.get("bottom", bottom), own.get("state", state),
                                          own.get("face", face))
            else:
                bottom_, state_, face_ = bottom, state, face
            snap = self.snap(c)
            self.h ^= self.card_hash(c)
            b.zones[frm].remove(c.id)
            same = self.same_object(c, frm, dest)
            inc_before = c.incarnation
            if not same:
                c.incarnation += 1
                self.new_object(c)
            if bottom_ or not b.top_first(dest):
                b.zones[dest].append(c.id)
            else:
                b.zones[dest].insert(0, c.id)
            c.zone = dest
            self.arrive(c, same, state_, face_)
            self.h ^= self.card_hash(c)
            ch = {"op": "move", "card": c.id, "from": frm, "to": dest}
            if reason != "move":
                ch["reason"] = reason
            self.change(ch)
            infos.append(MoveInfo(c, frm, dest, snap, inc_before, c.incarnation))
            self.moved(c, frm, dest, same)
        if infos:
            self.after_moves(infos, reason, info or {}, look_back)
        return infos

    # the ruleset's rules of zone moves (defaults: every move makes a new object that keeps
    # nothing of the old one, as all four rulebooks say for moves other than square to square)
    def before_moves(self, pairs: list):
        """What must be looked at before the cards move (abilities that look back in time);
        passed to after_moves."""
        return None

    def same_object(self, c: BaseCard, frm: str, dest: str) -> bool:
        """Does the card stay the same object (e.g. a move from square to square)?"""
        return False

    def new_object(self, c: BaseCard) -> None:
        """The card is a new object: damage and control effects were on the old one, and the
        effects applied to it end."""
        c.damage = 0
        c.controller = c.owner
        for e in list(self.b.effects):
            if c.id in e.get("to", ()):
                self.remove_effect(e)

    def arrive(self, c: BaseCard, same: bool, state: str | None, face: str | None) -> None:
        """The card's state, face and placement order in its new zone."""
        b = self.b
        dest = c.zone
        if b.has_states(dest):
            if state is not None:
                c.state = state
            elif not same:
                c.state = b.DEFAULT_STATE
        else:
            c.state = None
        if face is not None:
            c.face = face
        elif not same:
            c.face = b.default_face(dest)
        if b.keeps_placed(dest) and not same:
            c.placed = b.tick()

    def moved(self, c: BaseCard, frm: str, dest: str, same: bool) -> None:
        """After one card moved (cards attached to it follow, …)."""

    # ---- cards attached to another (BaseCard.ATTACHED) ----------------------------------------
    def carry_attached(self, c: BaseCard, frm: str, dest: str, keys: tuple) -> list:
        """The cards listed under `keys` of `c` that are still in `frm` go with it to `dest`
        as the same cards, together with it: one recorded change each, no event of their own
        (Z/X shifts square to square, 202.8a; D0 闘気 and 結合 cards, 6.1.4, 6.6.5). Returns
        them."""
        b = self.b
        out = []
        for key in keys:
            for sid in getattr(c, key):
                s = b.cards.get(sid)
                if s is None or s.zone != frm:
                    continue
                self.h ^= self.card_hash(s)
                b.zones[frm].remove(sid)
                b.zones[dest].append(sid)
                s.zone = dest
                self.h ^= self.card_hash(s)
                self.change({"op": "move", "card": sid, "from": frm, "to": dest})
                out.append(s)
        return out

    @staticmethod
    def with_attached(pairs: list, follow, first: bool = False) -> list:
        """`pairs` of a simultaneous move and the cards that leave with a host at the same
        time: `follow(card, dest)` yields (card, dest) or (card, dest, options) for each card
        that goes along when `card` goes to `dest`; a card is moved once (g2022's EXP and
        engages, 501.6; D0's 闘気 and 結合 cards, 6.1.5, 6.6.6). They come after `pairs`, or
        before them with `first` (moved while their host is still where they belong to it,
        so that their last-known information is what they were there)."""
        extra = []
        seen = {p[0].id for p in pairs}
        for p in pairs:
            for q in follow(p[0], p[1]):
                if q[0].id not in seen:
                    seen.add(q[0].id)
                    extra.append(q)
        return extra + list(pairs) if first else list(pairs) + extra

    def after_moves(self, infos: list, reason: str, info: dict, look_back) -> None:
        """After a simultaneous move: the events it is (triggers), the rules that apply at
        once."""

    # ---- choices --------------------------------------------------------------------------------
    def ask(self, req: Request):
        """Ask `req`; returns the normalised answer and records it in the current step. A
        choice with only one possible answer is not asked."""
        vals = req.values()
        forced = None
        if req.kind == "one" and len(vals) == 1:
            forced = vals[0]
        elif req.kind == "many" and req.min == req.max == len(vals) or \
                req.kind == "order" and len(vals) == 1:
            forced = list(vals)
        elif req.kind == "many" and req.max == 0:
            forced = []
        elif req.kind == "distribute" and len(vals) == 1:
            forced = {vals[0]: req.amount}
        if forced is not None:
            ans, source = forced, "only-option"
            self.chooser.consume_forced(req, forced)
        else:
            ans, source = self.chooser.choose(req)
            self.free_choices += 1
        self._record(req.key, req.chooser, req.prompt, req.prompt_ja, req.kind,
                     [str(v) for v in vals], ans, source)
        return ans

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
        self._record(key, chooser, prompt, prompt_ja,
                     "many" if isinstance(answer, list) else "one",
                     [str(o) for o in options], answer, source)

    def _record(self, key, chooser, prompt, prompt_ja, kind, options, answer, source) -> None:
        st = self.trace.current
        if st is not None:
            st.choices.append({"key": key, "chooser": chooser, "prompt": prompt,
                               "prompt_ja": prompt_ja, "kind": kind, "options": options,
                               "answer": answer, "source": source})

    # ---- game end --------------------------------------------------------------------------------
    def lose(self, losers: list[str], cites, why: str, why_ja: str) -> None:
        """Players lose; the game ends at once: a win, or a draw when both lost together."""
        win, draw = self.WIN_CLAUSE, self.DRAW_CLAUSE
        if len(set(losers)) == 2:
            self.outcome = {"result": "draw", "winner": None, "losers": sorted(set(losers)),
                            "reason": why, "reason_ja": why_ja, "cites": list(cites) + [draw]}
            self.note("game_end", (draw,), f"Both players have lost: the game is a draw. "
                      f"({why})", f"両方のプレイヤーが敗北したため、引き分けです。（{why_ja}）")
        else:
            loser = losers[0]
            winner = opponent(loser)
            self.outcome = {"result": "win", "winner": winner, "losers": [loser],
                            "reason": why, "reason_ja": why_ja, "cites": list(cites) + [win]}
            self.note("game_end", (win,), f"{loser} has lost; {winner} wins and the game "
                      f"ends at once. ({why})", f"{loser}が敗北し、{winner}が勝利してゲームは"
                      f"ただちに終了します。（{why_ja}）", player=winner)
        raise Halt("game_over")

    def draw_game(self, cites, why: str, why_ja: str) -> None:
        self.outcome = {"result": "draw", "winner": None, "losers": [], "reason": why,
                        "reason_ja": why_ja, "cites": list(cites)}
        raise Halt("game_over")

    # ---- save / restore (an illegal play is rewound) ---------------------------------------------
    SCENARIO_KEYS = ("events", "actions", "choices", "expect", "positions")

    def save(self):
        return (copy.deepcopy(self.b.__dict__), copy.deepcopy(self.pending), self.save_extra())

    def restore(self, saved) -> None:
        bd, pending, extra = saved
        keep = {k: self.b.__dict__[k] for k in self.SCENARIO_KEYS}
        self.b.__dict__.update(bd)
        self.b.__dict__.update(keep)
        self.pending = list(pending)
        self._index_pending()
        self.restore_extra(extra)
        self._regrant()
        self.rehash()
        self.change({"op": "rewind"})

    def save_extra(self):
        """The ruleset's own bookkeeping outside the board, for save()."""
        return None

    def restore_extra(self, extra) -> None:
        pass


def _dec(d: dict, k) -> None:
    n = d[k] - 1
    if n:
        d[k] = n
    else:
        del d[k]


def _frozen(v):
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _frozen(x)) for k, x in v.items()))
    return v


def _public(d: dict) -> dict:
    return {k: v for k, v in d.items() if not k.startswith("_")}


__all__ = ["BaseGame", "Halt", "IllegalAction", "MoveInfo", "DEFAULT_MAX_STEPS",
           "DEFAULT_MAX_ROUNDS"]
