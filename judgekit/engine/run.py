"""Run a board of any ruleset: its events, then its turn from `board.step`, recorded as a trace.

`run_board(board)` asks the board's engine (judgekit.engine.engine_for) for a game and a
flow, applies the file's events, steps until the game ends or a decision is needed, and
returns a `Run`: the trace, the outcome, why it stopped, and the final state written back as
a valid starting board (docs/trace-format.md).
"""

from __future__ import annotations

from ..board.dump import name_unwritable, to_data
from .choices import ChoiceError, ChoiceMissing, Chooser, Scripted
from .game import Halt, IllegalAction
from .trace import TRACE_FORMAT

STOP_TEXT = {
    "actions_exhausted": ("the file's actions are used up and a player must decide next",
                          "ファイルのアクションを使い切り、次はプレイヤーの決定が必要です"),
    "until": ("the stop point given by `until` was reached", "`until`で指定した停止点に到達しました"),
    "quit": ("you stopped the run (q)", "実行を中断しました（q）"),
    "game_over": ("the game is over", "ゲームが終了しました"),
    "illegal_action": ("an action in the file is not legal", "ファイルのアクションが不適正です"),
    "budget": ("the engine stopped at its budget before the game reached a decision; this is "
               "not a ruling (nobody won, and no loop the rules end as a draw was found; a step "
               "before it says what repeated, if anything did); raise the limit with "
               "`judgekit step --max-steps N` / `--max-rounds N`",
               "エンジンが上限に達したため停止しました。裁定ではありません（勝者はおらず、"
               "ルールが引き分けとするループも検出されていません。何かが繰り返された場合は直前のステップに"
               "記載されます）。上限は`judgekit step --max-steps N` / `--max-rounds N`で引き上げられます"),
    "choice_missing": ("a choice the rules ask is not answered in the file",
                       "ルールが求める選択がファイルにありません"),
    "choice_invalid": ("an answer in `choices` is not one of the options",
                       "`choices`の回答が選択肢にありません"),
    "bad_step": ("the file's step is not one the engine can run", "開始ステップを実行できません"),
    "unsupported": ("the board needs a rule the engine does not model; no ruling can be drawn "
                    "from this run", "このボードにはエンジンが未対応のルールが必要です。"
                    "この実行から裁定は導けません"),
}
# stops that are the file's mistake (exit 2 in `step`, no ruling written)
FILE_ERRORS = ("choice_missing", "choice_invalid", "bad_step", "unsupported")


class Run:
    """One run of an engine: what a ruling is built on (see docs/trace-format.md)."""

    def __init__(self, engine, board, game, initial: dict, source: dict) -> None:
        self.engine = engine
        self.board = board
        self.game = game
        self.trace = game.trace
        self.initial = initial
        self._source = source
        self.stop = ""
        self.outcome: dict = {}
        self.error: dict | None = None
        self.final: dict = {}
        self.check: list[dict] | None = None

    @property
    def source(self) -> dict:
        """What the trace records about its board file (`judgekit.engine.source_info`); given
        as a function, it is worked out when first asked for, so that a run printed as text
        never hashes its file."""
        if callable(self._source):
            self._source = self._source()
        return self._source

    @property
    def steps(self):
        return self.trace.steps

    def cited(self) -> list[str]:
        return self.trace.cited()

    def to_json(self) -> dict:
        from ..rules import load

        game = self.engine.game
        rs = load(game)
        return {
            "format": TRACE_FORMAT,
            "game": game,
            "ruleset": {"id": game, "title": rs.title, "edition": rs.edition,
                        "date": rs.meta.get("date", ""), "source_sha256": rs.source_hash},
            "source": self.source,
            "meta": dict(self.board.meta),
            "initial": self.initial,
            "steps": [s.to_json() for s in self.trace.steps],
            "final": self.final,
            "outcome": dict(self.outcome),
            "readings": list(self.trace.readings.values()),
            "reading_choices": dict(self.game.chosen),
            "assumptions": list(self.trace.assumptions.values()),
            "cited": self.cited(),
            "error": self.error,
            "check": None if self.check is None else {"ok": not self.check,
                                                      "differences": self.check},
        }


def run_board(board, *, chooser: Chooser | None = None, until: str | None = None,
              ask_action=None, on_step=None, on_game=None, source=None,
              max_steps: int | None = None, max_rounds: int | None = None,
              readings: dict | None = None) -> Run:
    """Run the board in place (it becomes the final state). `chooser` answers choices
    (default: the file's `choices`, strict); `on_step(step)` sees each step as it closes;
    `on_game(game)` is called once the game object exists (interactive front ends);
    `max_steps` / `max_rounds` raise the run's budgets; `readings` ({id: alternative}) choose
    alternatives over the file's `readings:` (judgekit.engine.readings); `source` is what the
    trace records about the file, or a function giving it when first asked for."""
    from .engines import engine_for

    engine = engine_for(board.ruleset)
    initial = to_data(board, scenario=False)
    expect = board.expect
    if chooser is None:
        chooser = Scripted(board.choices, board.positions, board.filename)
    kw = {k: v for k, v in (("max_steps", max_steps), ("max_rounds", max_rounds)) if v}
    g = engine.new_game(board, chooser, on_step=on_step, **kw)
    if readings:
        g.chosen.update(readings)
    run = Run(engine, board, g, initial, source or {"file": board.filename})
    if on_game is not None:
        on_game(g)
    engine.setup(g)
    flow = engine.new_flow(g, until=until or board.until, ask_action=ask_action)
    try:
        engine.apply_events(g)
        flow.run()
        run.stop = "game_over"
    except Halt as h:
        run.stop = h.reason
        _close_all(g)
        if h.reason in ("bad_step", "unsupported", "budget"):
            run.error = {"message": str(h), "file": board.filename}
    except IllegalAction as e:
        run.stop = "illegal_action"
        _close_all(g)
        g.note("illegal", e.cites, f"Not legal: {e}.", f"適正ではありません：{e.message_ja}。")
        run.error = {"message": str(e), "message_ja": e.message_ja, "cites": list(e.cites),
                     "file": board.filename}
    except ChoiceError as e:
        run.stop = "choice_missing" if isinstance(e, ChoiceMissing) else "choice_invalid"
        _close_all(g)
        run.error = {"message": str(e), "file": e.file or board.filename, "line": e.line,
                     "column": e.col, "choice": e.request.key, "chooser": e.request.chooser}
    if g.outcome is not None:
        run.stop = "game_over"
        run.outcome = dict(g.outcome)
    else:
        en, ja = STOP_TEXT.get(run.stop, (run.stop, run.stop))
        run.outcome = {"result": "none", "winner": None, "losers": [], "reason": en,
                       "reason_ja": ja, "cites": []}
    run.outcome["stop"] = run.stop
    run.outcome["stopped_at"] = board.step
    # write the state back: the final board is a valid starting file
    engine.write_back(g)
    name_unwritable(board)  # a card given as a count that can no longer be written as one
    board.choices = chooser.remaining()
    board.expect = None
    until_given = board.until
    board.until = None  # the stop point belonged to this run
    run.final = to_data(board, scenario=True)
    board.expect = expect
    board.until = until_given
    if expect:
        from .expect import compare

        run.check = compare(run)
    return run


def _close_all(g) -> None:
    while g.trace.current is not None:
        g.trace.close(g.trace.current)
