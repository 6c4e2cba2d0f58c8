"""The step machine every ruleset's turn runs on.

`board.step` names the step the engine executes next (a clause id of the turn structure:
Z/X 506.2, D0 3.8, …). A ruleset gives a table of handlers, one per step: each executes its
step, records a trace step citing it, runs the procedure before priority where the rules say
so, and sets the next step with `goto`. At a decision point a handler asks `action(point,
player)` for what the player does: the file's `actions` in order, then the terminal in
interactive mode; when `until` is set and the actions are used up, the player passes;
otherwise the run stops there, waiting for a decision.
"""

from __future__ import annotations

from ..board.model import PLAYERS
from .game import Halt, IllegalAction


class Flow:
    handlers: dict = {}  # step id -> handler(flow)
    priority_points: tuple = ()  # decision points at which the deciding player has priority
    action_clause = ""  # the clause that says who decides (cited when an action is not theirs)

    def __init__(self, g, *, until: str | None = None, ask_action=None) -> None:
        self.g = g
        self.until = until
        self.ask_action = ask_action
        self.executed = 0
        self.action_index = 0

    def run(self) -> None:
        g = self.g
        while g.outcome is None:
            step = g.b.step
            if self.executed and self.until and step == self.until:
                raise Halt("until")
            handler = self.handlers.get(step)
            if handler is None:
                raise Halt("bad_step", f"the engine cannot start from step {step}")
            self.executed += 1
            handler(self)

    def goto(self, step: str) -> None:
        g = self.g
        old = g.b.step
        g.b.step = step
        g.trace.change({"op": "step", "from": old, "to": step})

    def action(self, point: str, player: str) -> tuple[dict, int]:
        """What `player` does at `point`: (the action, its index in the file or -1)."""
        g = self.g
        b = g.b
        b.priority = player if point in self.priority_points else None
        if b.actions:
            a = b.actions.pop(0)
            idx = self.action_index
            self.action_index += 1
            want = a.get("player")
            if want and want not in ("true",) and want != player and "pass" not in a:
                raise IllegalAction(f"action {idx + 1} is for {want}, but {player} decides at "
                                    f"{point}", f"アクション{idx + 1}は{want}のものですが、{point}で"
                                    f"決定するのは{player}です", (self.action_clause,))
            pv = a.get("pass")
            if isinstance(pv, str) and pv in PLAYERS and pv != player:
                raise IllegalAction(f"action {idx + 1} is a pass by {pv}, but {player} decides "
                                    f"at {point}", f"アクション{idx + 1}は{pv}のパスですが、{point}で"
                                    f"決定するのは{player}です", (self.action_clause,))
            return a, idx
        if self.ask_action is not None:
            a = self.ask_action(self, point, player)
            if a is not None:
                return a, -1
            raise Halt("actions_exhausted")
        if self.until:
            return {"pass": True}, -1
        raise Halt("actions_exhausted")

    def wrong(self, a: dict, idx: int, point: str, p: str, allowed: str) -> None:
        """The file's action is not one that can be taken here."""
        kind = next(iter(a))
        raise IllegalAction(f"action {idx + 1} ({kind}) cannot be taken at {point}; {p} may "
                            f"{allowed} there", f"アクション{idx + 1}（{kind}）は{point}では実行"
                            "できません", (point,))
