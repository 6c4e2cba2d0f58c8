"""What runs whenever a player would gain priority: the 東方VISION form of the core's
procedure before priority.

The rules name no such procedure (reading settle-before-priority): 1.12.11 holds priority while
any effect or process is still to be dealt with, and 1.5.3.a / 1.9.2 make the loss by LP the
one rule bound to the moment of the grant. So, before every grant:
  rule_effects — 決死 of characters whose durability is 0 or less or whose accumulated damage
                 reached it (9.2.2, 6.1.12), and the uniqueness clean-ups (10.13.5, 10.15.4,
                 10.34.4): the player whose field it is keeps one;
  triggers     — 自動γ met outside a rule step while an effect resolved (7.4.7.c), in the
                 order of 7.1.6.a;
  on_stable    — the game-result check: every player with LP 0 or less loses, all at the same
                 time (1.5.3.a, 1.5.1); both → a draw (1.5.4.a).
An unending loop no player can stop is a draw (1.5.4.b) — or a loss for the one player whose
cards alone make it (1.5.3.e, 12.10.1).
"""

from __future__ import annotations

from ..choices import Request
from ..procedure import Context, Procedure, run
from . import triggers
from .clauses import REGISTRY
from .effects import state_check, to_netherworld
from .loops import unavoidable_loop
from .model import PLAYERS, opponent

_rule = REGISTRY.rule


def _lp_changed(g) -> bool:
    return any(g.lp(p) != g.lp_checked[p] for p in PLAYERS)


class HoldBeforePriority(Procedure):
    cites = ("1.12.11",)
    loop_clause = "1.5.4.b"
    name = ("the processing before priority is granted", "優先権を得る前の処理")

    def nothing_to_do(self, g, ctx: Context) -> bool:
        if g.pending_gamma or _lp_changed(g) or any(g.lp(p) <= 0 for p in PLAYERS):
            return False
        return not _needs_state_check(g) and not _duplicates(g)

    def quiet(self, g, ctx: Context) -> None:
        pass  # the grant itself is noted; an empty hold is not worth a step

    def begin(self, g, ctx: Context) -> None:
        g.reading("settle-before-priority")

    def rule_effects(self, g, ctx: Context) -> bool:
        did = state_check(g)
        return uniqueness(g) or did

    def triggers(self, g, ctx: Context) -> bool:
        return triggers.resolve_pending(g)

    def on_stable(self, g, ctx: Context) -> None:
        lp_check(g, ctx.data.get("player"), ctx.data.get("reason"))

    def loop_draw(self, g, ctx: Context) -> None:
        unavoidable_loop(g, ctx.data.get("sources", ()))


PROCEDURE = HoldBeforePriority()


def _needs_state_check(g) -> bool:
    from .stats import raw_stats

    for c in g.b.characters():
        atk, dur = raw_stats(g, c)
        if dur <= 0 or c.damage >= dur:
            return True
    return False


def _duplicates(g) -> list:
    """(player, kind, clause, cards) for each 'at most one' that is exceeded."""
    b = g.b
    out = []
    for p in PLAYERS:
        field = b.field(p)
        leaders = [c for c in field if b.is_character(c) and c.has("リーダー")]
        if len(leaders) > 1:
            out.append((p, "リーダー", "10.34.4", leaders))
        feq = [c for c in field if c.has("装備/場") and b.host_of(c) is None]
        if len(feq) > 1:
            out.append((p, "装備/場", "10.15.4", feq))
        for h in field:
            eq = [b.cards[i] for i in h.set if i in b.cards and b.cards[i].set_as == "equipment"]
            if len(eq) > 1:
                out.append((p, "装備", "10.13.5", eq))
    return out


@_rule("10.13.5", "10.15.4", "10.34.4")
def uniqueness(g) -> bool:
    """The moment a player has two or more of a card that may be there once, that player
    chooses one to keep and puts the others into the netherworld."""
    found = _duplicates(g)
    for p, word, clause, cards in found:
        req = Request(clause, p, f"{p} has {len(cards)} {word} cards where one is allowed: "
                      "which one stays?", f"{word}が{len(cards)}枚あります。残す1枚を選んでください。",
                      [(c.id, g.label(c)) for c in cards], cites=(clause,))
        keep = g.ask_cards(req, cards[0].id)
        rest = [c for c in cards if c.id != keep]
        with g.step("rule", (clause,), f"{p} keeps {g.label(keep)}; "
                    f"{', '.join(g.label(c) for c in rest)} go(es) to the netherworld.",
                    f"{p}は{g.label(keep)}を残し、{'、'.join(g.label(c) for c in rest)}を冥界に"
                    "置きます。", cards=[c.id for c in cards], player=p):
            to_netherworld(g, rest, (clause,), reason="rule")
    return bool(found)


@_rule("1.5.3.a", "1.9.2", "1.5.1", "1.5.4.a")
def lp_check(g, player: str | None = None, reason: str | None = None) -> None:
    """1.5.3.a / 1.9.2: at the moment a player gains priority, every player whose LP is 0 or
    less loses — the player with LP ≤ 0, whoever gains priority (reading lp-loss-player);
    simultaneous losses have no precedence (1.5.1)."""
    b = g.b
    tp = b.turn_player
    losers = [p for p in (tp, opponent(tp)) if g.lp(p) <= 0]
    # reading lp-loss-player: under "own-priority" only the player gaining priority can lose
    # now (1.9.2's そのプレイヤー); asked where that differs
    differs = bool(player) and any(p != player for p in losers)
    if differs and g.reading("lp-loss-player", here=False) == "own-priority":
        waiting = [p for p in losers if p != player]
        losers = [p for p in losers if p == player]
        g.note("priority", ("1.9.2",), f"{' and '.join(waiting)} "
               f"{'has' if len(waiting) == 1 else 'have'} LP 0 or less, but {player} is the one "
               "gaining priority: under this reading of 1.9.2 only that player loses now.",
               f"{'と'.join(waiting)}のライフポイントは0点以下ですが、優先権を得るのは{player}です。"
               "1.9.2のこの読み方では、今敗北するのは優先権を得るプレイヤーだけです。",
               readings=("lp-loss-player",))
    lps = ", ".join(f"{p} {g.lp(p)}" for p in PLAYERS)
    who = f"{player} is to gain priority" + (f" ({reason})" if reason else "") if player \
        else "A player is to gain priority"
    if losers:
        cites = ("1.5.3.a", "1.9.2") + (("1.5.1",) if len(losers) > 1 else ())
        with g.step("game_end", cites, f"{who}: at that moment {' and '.join(losers)} "
                    f"{'has' if len(losers) == 1 else 'have'} LP 0 or less (LP: {lps}) and "
                    f"{'loses' if len(losers) == 1 else 'lose at the same time'}.",
                    f"{player or 'プレイヤー'}が優先権を得る時点で{'と'.join(losers)}のライフポイントが"
                    f"0点以下（{lps}）のため、{'同時に' if len(losers) > 1 else ''}敗北します。",
                    player=losers[0], readings=("lp-loss-player",) if differs else (),
                    mention=() if differs else ("lp-loss-player",)):
            pass
        g.lose(losers, cites, "LP 0 or less when a player gained priority (1.5.3.a)",
               "ライフポイントが0点以下の状態で優先権が発生した（1.5.3.a）")
    if _lp_changed(g):
        g.note("priority", ("1.5.3.a",), f"{who}: no player's LP is 0 or less at that moment "
               f"(LP: {lps}); nobody loses.", f"優先権を得る時点で、ライフポイントが0点以下の"
               f"プレイヤーはいません（{lps}）。")
    g.lp_checked = {p: g.lp(p) for p in PLAYERS}


def settle(g, at: str, player: str, reason: str) -> None:
    """The hold of 1.12.11 before `player` gains priority at step `at`."""
    if not g.dirty:
        return
    ctx = Context(at)
    ctx.data["player"] = player
    ctx.data["reason"] = reason
    run(g, PROCEDURE, ctx)
