"""Run a Z/X board file: events, then the turn from `game.step`, recorded as a trace."""

from __future__ import annotations

from ...board.dump import to_data
from ...board.model import Board
from ..choices import ChoiceError, Chooser, Scripted
from ..trace import TRACE_FORMAT
from .effects import EffCtx, deal_damage, deal_player_damage, execute
from .flow import Flow
from .game import Game, Halt, IllegalAction
from .triggers import pending_from_board, pending_to_board

STOP_TEXT = {
    "actions_exhausted": ("the file's actions are used up and a player must decide next",
                          "ファイルのアクションを使い切り、次はプレイヤーの決定が必要です"),
    "until": ("the stop point given by `until` was reached", "`until`で指定した停止点に到達しました"),
    "quit": ("you stopped the run (q)", "実行を中断しました（q）"),
    "game_over": ("the game is over", "ゲームが終了しました"),
    "illegal_action": ("an action in the file is not legal", "ファイルのアクションが不適正です"),
    "loop_guard": ("pre-processing kept repeating; the engine stopped",
                   "優先権前処理が繰り返されたため、エンジンが停止しました"),
    "choice_missing": ("a choice the rules ask is not answered in the file",
                       "ルールが求める選択がファイルにありません"),
    "choice_invalid": ("an answer in `choices` is not one of the options",
                       "`choices`の回答が選択肢にありません"),
    "bad_step": ("the file's step is not one the engine can run", "開始ステップを実行できません"),
    "unsupported": ("the board needs a rule the engine does not model; no ruling can be drawn "
                    "from this run", "このボードにはエンジンが未対応のルールが必要です。"
                    "この実行から裁定は導けません"),
}


class Run:
    """One run of the engine: what a ruling is built on (see docs/trace-format.md)."""

    def __init__(self, board: Board, game: Game, initial: dict, source: dict) -> None:
        self.board = board
        self.game = game
        self.trace = game.trace
        self.initial = initial
        self.source = source
        self.stop = ""
        self.outcome: dict = {}
        self.error: dict | None = None
        self.final: dict = {}
        self.check: list[dict] | None = None

    @property
    def steps(self):
        return self.trace.steps

    def cited(self) -> list[str]:
        return self.trace.cited()

    def to_json(self) -> dict:
        from ...rules import load

        rs = load("zx")
        return {
            "format": TRACE_FORMAT,
            "game": "zx",
            "ruleset": {"id": "zx", "title": rs.title, "edition": rs.edition,
                        "date": rs.meta.get("date", ""), "source_sha256": rs.source_hash},
            "source": self.source,
            "meta": dict(self.board.meta),
            "initial": self.initial,
            "steps": [s.to_json() for s in self.trace.steps],
            "final": self.final,
            "outcome": dict(self.outcome),
            "readings": list(self.trace.readings.values()),
            "assumptions": list(self.trace.assumptions.values()),
            "cited": self.cited(),
            "error": self.error,
            "check": None if self.check is None else {"ok": not self.check,
                                                      "differences": self.check},
        }


def apply_events(g: Game) -> None:
    """The file's `events`: things that just happened, applied in order before stepping."""
    b = g.b
    for i, ev in enumerate(b.events):
        src = ev.get("source")
        sc = b.cards.get(src) if src else None
        ctrl = ev.get("controller") or (sc.controller if sc else b.turn_player)
        ctx = EffCtx(g, ctrl, src, g.snap(sc) if sc else None)
        kind = next(k for k in ev if k not in ("source", "controller", "battle"))
        with g.step("event", (), f"Given in the file (event {i + 1}): {kind}"
                    + (f" by {src}" if src else "") + ".",
                    f"ファイルに記載された事象（{i + 1}）：{kind}" + (f"（{src}）" if src else "") + "。",
                    player=ctrl):
            if ev.get("battle") and kind == "damage" and sc is not None:
                tgts = [b.cards[t] for t in ([ev["to"]] if isinstance(ev["to"], str) else [])
                        if t in b.cards]
                with g.step("phase", ("604.3a", "1001.1", "814.3"),
                            f"{src} dealt battle damage {ev['damage']} to "
                            f"{', '.join(t.id for t in tgts)}.",
                            f"{src}は{', '.join(t.id for t in tgts)}にバトルで{ev['damage']}点の"
                            "ダメージを与えました。", readings=("battle-damage-208.3",)):
                    deal_damage(g, tgts, ev["damage"], ctx, battle_attacker=sc)
            elif ev.get("battle") and kind == "damage_player":
                p = ev.get("player", "opponent")
                p = ctrl if p == "you" else ("P2" if ctrl == "P1" else "P1")
                deal_player_damage(g, p, ev["damage_player"], ctx, battle=True)
            else:
                execute(g, {k: v for k, v in ev.items() if k not in ("source", "controller",
                                                                     "battle")}, ctx)
    b.events = []


def run_board(board: Board, *, chooser: Chooser | None = None, until: str | None = None,
              ask_action=None, on_step=None, on_game=None, source: dict | None = None) -> Run:
    """Run the board in place (it becomes the final state). `chooser` answers choices
    (default: the file's `choices`, strict); `on_step(step)` sees each step as it closes;
    `on_game(game)` is called once the game object exists (interactive front ends)."""
    initial = to_data(board, scenario=False)
    expect = board.expect
    if chooser is None:
        chooser = Scripted(board.choices, board.positions, board.filename)
    g = Game(board, chooser, on_step=on_step)
    run = Run(board, g, initial, source or {"file": board.filename})
    if on_game is not None:
        on_game(g)
    pending_from_board(g)
    flow = Flow(g, until=until or board.until, ask_action=ask_action)
    try:
        apply_events(g)
        flow.run()
        run.stop = "game_over"
    except Halt as h:
        run.stop = h.reason
        while g.trace.current is not None:
            g.trace.close(g.trace.current)
        if h.reason in ("bad_step", "unsupported"):
            run.error = {"message": str(h), "file": board.filename}
    except IllegalAction as e:
        run.stop = "illegal_action"
        while g.trace.current is not None:
            g.trace.close(g.trace.current)
        g.note("illegal", e.cites, f"Not legal: {e}.", f"適正ではありません：{e.message_ja}。")
        run.error = {"message": str(e), "message_ja": e.message_ja, "cites": list(e.cites),
                     "file": board.filename}
    except ChoiceError as e:
        run.stop = "choice_missing" if type(e).__name__ == "ChoiceMissing" else "choice_invalid"
        while g.trace.current is not None:
            g.trace.close(g.trace.current)
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
    board.triggers = pending_to_board(g)
    board.choices = chooser.remaining()
    board.expect = None
    until_given = board.until
    board.until = None  # the stop point belonged to this run
    if board.battle:
        board.battle = {k: v for k, v in board.battle.items() if not k.startswith("_")}
    run.final = to_data(board, scenario=True)
    board.expect = expect
    board.until = until_given
    if expect:
        from .expect import compare

        run.check = compare(run)
    return run
