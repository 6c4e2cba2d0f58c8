"""The 東方VISION game: a `Board` plus the recorded, hashed changes of the engine core, and the
rules of chapter 3 for zone moves.

  3.1.6  a card moving to a deck, netherworld, node area, hand, removed area or sideboard goes
         to its original owner's zone (`owner_zone`);
  3.1.7  a card that changes zones loses what was given to it — damage, modifiers, roles —
         except field to field (3.1.7.b: the same object, its state kept);
  1.8.5  a card set into the node area is face down.
A card's `controller` is the player whose zone holds it (whose field it is on).
"""

from __future__ import annotations

from ..game import BaseGame, Halt
from . import combat, triggers
from .clauses import REGISTRY
from .model import PLAYERS, opponent, zone_kind, zone_player
from .readings import READINGS
from .stats import battle_stats

_MASK = (1 << 64) - 1
_rule = REGISTRY.rule

# deeper nesting of effects inside effects than any real board has: a chain of 自動γ that
# triggers itself without end (an unending loop no player can stop inside a resolution)
MAX_DEPTH = 60


class Game(BaseGame):
    registry = REGISTRY
    readings = READINGS
    WIN_CLAUSE = "1.5.2.b"
    DRAW_CLAUSE = "1.5.4.a"

    def static_grants(self):
        from .stats import static_grants

        return list(static_grants(self))

    def __init__(self, board, chooser, *, on_step=None, **budgets) -> None:
        super().__init__(board, chooser, on_step=on_step, **budgets)
        # a printed 「…は〈戦術〉を得る / 失う」 (自動α, 7.4.5.a)
        self.watch_static_grants(lambda ab: ("grant" in ab or "lose" in ab)
                                 and "effect" not in ab)
        self.lp_checked = {p: board.players[p].lp for p in PLAYERS}
        self.depth = 0  # effects being resolved inside each other (7.1.10)
        self.resolving = 0  # > 0 while an effect resolves (7.4.7.c)
        self.combat: dict | None = None  # the combat being resolved (6.2.4)
        self.grant_reason = ""  # the clause that gave the current holder priority
        self.pending_gamma: list[dict] = []  # 自動γ met outside a rule window (7.4.7.c)
        self.removals: dict | None = None  # the removals being resolved (9.1.4)
        self.removal_joined = False  # a removal joined the one resolving (9.1.4)
        self.gamma_stack: list = []  # the 自動γ resolving inside each other (loops, 12.10.1)

    def save_extra(self):
        return (dict(self.lp_checked), self.grant_reason, list(self.pending_gamma))

    def restore_extra(self, extra) -> None:
        self.lp_checked, self.grant_reason, self.pending_gamma = extra
        self.removals = None
        self.combat = None
        self.depth = self.resolving = 0

    def h_without_lp(self) -> int:
        """The state hash without the life points (nothing reads them inside a resolution)."""
        h = self.h
        for p, pl in self.b.players.items():
            h ^= self._field_hash(p, "lp", pl.lp)
        return h

    # ---- hashing ------------------------------------------------------------------------------
    @staticmethod
    def card_hash(c) -> int:
        return hash((c.id, c.zone, c.state, c.face, c.damage, c.combat_damage,
                     tuple(c.set))) & _MASK

    # ---- information ---------------------------------------------------------------------------
    def snap(self, c) -> dict:
        """Last-known information (3.1.7.c): what the card was in its zone before it moved."""
        s = super().snap(c)
        atk, dur = battle_stats(self, c) if self.b.is_character(c) else (c.attack, c.durability)
        s.update({"attack": atk, "durability": dur, "graze": c.graze, "races": list(c.races),
                  "keywords": list(c.keywords), "character": self.b.is_character(c)})
        return s

    @_rule("11.3.11.c")
    def set_state(self, c, state: str) -> bool:
        """A change of a card's active/sleep state; the cards set on it (and the card it is set
        on) share it (11.3.11.c)."""
        changed = super().set_state(c, state)
        if changed:
            host = self.b.host_of(c)
            for other in [self.b.cards[i] for i in c.set if i in self.b.cards] + (
                    [host] if host is not None else []):
                self.set_state(other, state)
        return changed

    def ctl(self, c) -> str:
        return zone_player(c.zone) or c.owner

    def lp(self, p: str) -> int:
        return self.b.players[p].lp

    def set_lp(self, p: str, value: int) -> None:
        self.set_player(p, "lp", value)

    def add_damage(self, c, n: int, kind: str) -> None:
        """1.10.11.b: damage accumulates on a character, kept apart by kind (1.10.13)."""
        if kind == "combat":
            self.set_card(c, "combat_damage", c.combat_damage + n)
        self.set_card(c, "damage", c.damage + n)

    def reset_damage(self, c, kind: str | None = None) -> None:
        """1.10.13: all accumulated damage, or only its combat part."""
        if kind == "combat":
            if c.combat_damage:
                self.set_card(c, "damage", c.damage - c.combat_damage)
                self.set_card(c, "combat_damage", 0)
        else:
            self.set_card(c, "combat_damage", 0)
            self.set_card(c, "damage", 0)

    def nodes(self, p: str, state: str | None = None) -> list:
        cs = self.b.cards_in(f"{p}.nodes")
        return cs if state is None else [c for c in cs if c.state == state]

    @staticmethod
    def owner_zone(c, kind: str) -> str:
        """3.1.6: to a deck, netherworld, node area, hand, removed area or sideboard, always
        the original owner's."""
        return f"{c.owner}.{kind}"

    # ---- zone moves (chapter 3) ------------------------------------------------------------------
    def same_object(self, c, frm: str, dest: str) -> bool:
        return zone_kind(frm) == "field" and zone_kind(dest) == "field"  # 3.1.7.b

    @_rule("3.1.7")
    def new_object(self, c) -> None:
        """3.1.7: the card forgets what was given to it; damage goes with its character
        information (1.10.13.c)."""
        c.damage = 0
        c.combat_damage = 0
        for e in list(self.b.effects):
            if c.id in e.get("to", ()):
                self.remove_effect(e)
        for fr in self.b.interference:
            att = fr.get("attack")
            if att and c.id in (att.get("attacker"), att.get("defender")):
                if att.get("attacker") == c.id:
                    att["cancelled"] = True  # 6.3.6.b: the attacker left the field
                else:
                    att["defender_left"] = True  # no defending character any more

    def arrive(self, c, same: bool, state, face) -> None:
        super().arrive(c, same, state, face)
        if zone_kind(c.zone) == "nodes":
            c.face = "down"  # 1.8.5
        c.controller = zone_player(c.zone) or c.owner

    # ---- what effects set off (bound here so that effects.py imports neither) ------------------
    def fire(self, when: str, window: str | None, *, subject=None, data=None) -> None:
        """自動γ whose condition `when` is met now (7.4.7.c); `window` the rule step."""
        triggers.fire(self, when, window, subject=subject, data=data)
        if when == "became_kesshi":  # 9.2.3.d: 壱符's 自動γ (10.18.2.a)
            c = self.b.cards.get(subject or "")
            if c is not None and c.has("壱符"):
                from .keywords import spell_break

                spell_break(self, c)

    def pay_nodes(self, p: str, n: int, label: str) -> None:
        """A cost an effect asks as it resolves, paid from p's nodes (1.8.7, 1.8.9.g)."""
        from .play import pay_nodes

        pay_nodes(self, p, n, label)

    def transform_card(self, c, active: bool) -> bool:
        """変身's (常時)0 resolves (10.28.2.b): transformed if it is active now."""
        from .keywords import transform

        if not active:
            self.note("keyword", ("10.28.2.b",), f"{self.label(c)} is not active as 変身's effect "
                      "resolves: it is not transformed.", f"{self.label(c)}は解決時にアクティブ状態では"
                      "ないため、変身状態になりません。", cards=[c.id])
            return False
        return transform(self, c, ("10.28.2.b",), f"変身 (常時)0 resolves: {self.label(c)} is "
                         "active and is transformed until its player's next turn start.",
                         f"変身（常時）0の解決：{self.label(c)}はアクティブ状態のため、次のターン開始時まで"
                         "変身状態になります。")

    def damage_windows(self, dmgs) -> None:
        """1.10.12.d and e: effects of 'dealt' and 'received' damage."""
        triggers.damage_dealt(self, dmgs)
        triggers.damage_received(self, dmgs)

    def effect_attack(self, card, ctx):
        """6.3.5: an effect makes `card` attack."""
        return combat.effect_attack(self, card, ctx)

    # ---- drawing (1.11) ----------------------------------------------------------------------
    @_rule("1.11.2", "1.11.4", "1.11.7", "1.5.3.b")
    def draw(self, players: list[str], n: int, why: tuple = ()) -> None:
        """Each player in `players` draws n (1.11.2) at once (1.11.4), the turn player first
        (1.11.5). A player who must draw more than the deck holds loses at that moment; all
        such players lose together, whatever the order of drawing (1.11.7, 1.5.3.b)."""
        b = self.b
        if n <= 0:
            return
        players = self._may_draw(players, why)
        short = [p for p in players if len(b.pzone(p, "deck")) < n]
        if short:
            both = ("1.5.1",) if len(short) > 1 else ()
            with self.step("draw", why + ("1.11.7", "1.5.3.b") + both,
                           f"{' and '.join(short)} must draw {n} with "
                           + ", ".join(f"{len(b.pzone(p, 'deck'))} card(s) in {p}'s deck"
                                       for p in short) + ": a deck-out loses at that moment.",
                           f"{'と'.join(short)}は{n}枚ドローしなければなりませんが、デッキの枚数が"
                           "足りないため、その時点で敗北します。", player=short[0]):
                pass
            self.lose(short, ("1.11.7", "1.5.3.b"), "deck-out at the draw (1.11.7)",
                      "ドロー時のデッキ切れ（1.11.7）")
        for p in sorted(players, key=lambda q: q != b.turn_player):
            cards = b.cards_in(f"{p}.deck")[:n]
            with self.step("draw", why + ("1.11.2", "1.11.4"),
                           f"{p} draws {n}: " + ", ".join(self.label(c) for c in cards) + ".",
                           f"{p}は{n}枚ドローします。", cards=[c.id for c in cards], player=p):
                self.move(cards, f"{p}.hand", reason="draw")

    def _may_draw(self, players: list[str], why: tuple) -> list[str]:
        """The players no 「ドロー出来ない」 stops (1.3.2: it wins over the draw an effect or
        the draw phase, 4.6.1.a, says to do; a player who does not draw cannot deck out)."""
        from .stats import allowed

        return allowed(self, players, "draw", lambda p, no: self.note(
            "draw", why + ("1.3.2",), f"{p} cannot draw ({no.words()[0]}): 「出来ない」 wins "
            f"(1.3.2); {p} draws nothing.", f"{p}はドロー出来ません（{no.words()[1]}）。出来ないと"
            "いう効果が優先されます。", player=p))

    # ---- game end ------------------------------------------------------------------------------
    @_rule("1.5.2.b", "1.5.4.a")
    def lose(self, losers, cites, why: str, why_ja: str) -> None:
        """1.5.3: players who meet a loss condition lose at that moment; every player left
        losing at once is a draw (1.5.4.a); else the opponent wins (1.5.2.b)."""
        self.reading("game-end-omitted")
        super().lose(list(dict.fromkeys(losers)), cites, why, why_ja)

    def check_depth(self) -> None:
        if self.depth > MAX_DEPTH:
            raise Halt("budget", f"effects nested {MAX_DEPTH} deep inside one resolution "
                       "without ending (a chain of 自動γ that keeps triggering itself)")


__all__ = ["Game", "opponent"]
