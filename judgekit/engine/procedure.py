"""What happens before a player receives priority: rules checked, then triggers, until stable.

Every ruleset has such a procedure, under its own name and with its own clauses (Z/X 702
優先権前処理, g2022 202, Dimension Zero's check before priority of 4.6.3 / 4.8.2 / 4.16,
東方VISION's hold of 1.12.11), and they differ in what a pass of rule effects does and what
happens to triggered abilities. The loop they share is the one XMage calls
`checkStateAndTriggered`:

    repeat
        rule effects            (Procedure.rule_effects: True = start over from the top)
        triggered abilities     (Procedure.triggers: True = back to the rule effects)
    until stable
    Procedure.on_stable         (e.g. a loss checked at the moment priority is granted)

The core owns what is the same everywhere: one trace step for the procedure, loop detection
(the same state twice with no free choice in between cannot end: the ruleset's draw clause),
and the run budget (a budget stop says so and names its limit; it is never a loop, a draw or
a win). The ruleset owns the rest by subclassing `Procedure`.
"""

from __future__ import annotations

from .game import Halt

class Context:
    """Where a procedure runs and what it has done so far: the step it runs at (`at`), its
    ordinal among the procedures of the current phase (`ordinal`, from 1), the number of the
    current round of the loop (`round`), whether the last round started over (`restarted`)
    and anything the ruleset keeps for the duration of one procedure (`data`)."""

    __slots__ = ("at", "ordinal", "round", "restarted", "data")

    def __init__(self, at: str, ordinal: int = 1) -> None:
        self.at = at
        self.ordinal = ordinal
        self.round = 0
        self.restarted = False
        self.data: dict = {}


class Procedure:
    """A ruleset's procedure before priority. Subclasses set `cites` (the clauses that define
    the procedure), `loop_clause` (the clause that makes an unending loop a draw), the
    messages, and implement the hooks."""

    cites: tuple = ()
    loop_clause = ""
    name = ("the procedure before priority", "優先権前の処理")

    def begin(self, g, ctx: Context) -> None:
        """The procedure starts (inside its step, before the first round)."""

    def nothing_to_do(self, g, ctx: Context) -> bool:
        """True when a quick look finds nothing the procedure would do (it then ends at once
        with one note instead of a step per stage)."""
        return False

    def quiet(self, g, ctx: Context) -> None:
        """The note written when there is nothing to do."""
        en, ja = self.name
        g.note("pp", self.step_cites(ctx), f"{en.capitalize()} ({ctx.at}): nothing to do; it "
               "ends at once.", f"{ja}（{ctx.at}）：処理するものがないため、ただちに終了します。")

    def step_cites(self, ctx: Context) -> tuple:
        return self.cites + ((ctx.at,) if ctx.at not in self.cites else ())

    def open_message(self, ctx: Context) -> tuple[str, str]:
        en, ja = self.name
        return f"{en[0].upper() + en[1:]} ({ctx.at}).", f"{ja}（{ctx.at}）。"

    def rule_effects(self, g, ctx: Context) -> bool:
        """Check and execute rule effects. True: the procedure starts over from the top."""
        return False

    def triggers(self, g, ctx: Context) -> bool:
        """The trigger stage. True: back to the rule effects; False: the state is stable."""
        return False

    def on_stable(self, g, ctx: Context) -> None:
        """The state is stable (nothing more to check or trigger)."""

    def finish(self, g, ctx: Context) -> None:
        """The procedure ran and ends (bookkeeping of the ruleset; also when the game ended
        inside it)."""

    def loop_draw(self, g, ctx: Context) -> None:
        """The same state again and no player can choose otherwise: the game is a draw."""
        en, ja = self.name
        with g.step("game_end", (self.loop_clause,),
                    "The game state repeats exactly and no player has a choice that could "
                    f"change it: neither player can end {en}. The game is a draw.",
                    f"ゲームの状態が完全に繰り返され、どちらのプレイヤーにも{ja}を終了させる方法が"
                    "ないため、ゲームは引き分けで終了します。"):
            pass
        g.draw_game((self.loop_clause,), f"{en} cannot end (loop)", f"{ja}を終了できない（ループ）")

    def budget(self, g, ctx: Context) -> None:
        g.note("engine", (), f"The procedure has gone round {g.max_rounds:,} times with "
               "choices that could end it: the engine stops here (a budget, not a ruling; "
               "raise it with `judgekit step --max-rounds`). The players settle such a loop "
               "themselves.", f"処理が{g.max_rounds:,}回繰り返されました（終了させうる選択が"
               "あるため引き分けではありません）。エンジンはここで停止します（上限であり裁定では"
               "ありません。`--max-rounds`で引き上げられます）。")
        raise Halt("budget", f"the procedure went round {g.max_rounds:,} times "
                   "(--max-rounds)")


def run(g, proc: Procedure, ctx: Context) -> None:
    """Run `proc` at `ctx.at`: the loop above, recorded as one step of the trace."""
    if g.outcome is not None:
        return
    if proc.nothing_to_do(g, ctx):
        proc.quiet(g, ctx)
        g.dirty = False
        return
    en, ja = proc.open_message(ctx)
    try:
        with g.step("pp", proc.step_cites(ctx), en, ja):
            proc.begin(g, ctx)
            seen: dict[int, int] = {}
            while True:
                ctx.round += 1
                if ctx.round > 1:
                    prev = seen.get(g.h)
                    if prev is not None and prev == g.free_choices:
                        proc.loop_draw(g, ctx)
                    seen[g.h] = g.free_choices
                if ctx.round > g.max_rounds:
                    proc.budget(g, ctx)
                if proc.rule_effects(g, ctx):
                    ctx.restarted = True
                    continue
                if not proc.triggers(g, ctx):
                    break
                ctx.restarted = False
            proc.on_stable(g, ctx)
        g.dirty = False
    finally:
        proc.finish(g, ctx)
