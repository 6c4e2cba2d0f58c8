"""What the workbench does with a board, as pure functions of its YAML text (run in a worker).

Each operation takes the board as text, exactly as the page holds it, and returns plain data
(JSON-ready): the server never keeps a board between requests, so a request can be repeated,
and a worker process that had to be stopped (judgekit.serve.runs) loses nothing.

* `check`   — `judgekit board check` on the text: syntax problems at line:column, the flags of
              an impossible board with their clauses, the parsed data (for the form), and the
              board picture of the ruling;
* `sync`    — the form's data written as YAML (the board writer's style), then checked;
* `run`     — the engine's run with the file's `choices:` (strict, as `judgekit step --auto`),
              its steps as the terminal stepper prints them, and the decision the engine needs
              next when the file does not answer it (`need`): its key, who makes it, the options;
* `picture` — the board picture after one step of that run (the run is replayed to that step);
* `ruling`  — the self-contained HTML ruling of `judgekit ruling`, with the page's event,
              table, judge and date in the board's `meta:`.

Every run has the server's step budget (`max_steps`); the time budget is the worker's
(judgekit.serve.runs stops a worker that overruns it).
"""

from __future__ import annotations

import copy
import datetime

# one run never takes more steps than this in the workbench (`judgekit step`'s default is
# 200,000): a looping board that the engine's loop detection does not catch stops here and
# says so ("budget"), well inside the time budget
MAX_STEPS = 20000
MAX_ROUNDS = 2000
FILENAME = "board.yaml"
SHOW_STEPS, SHOW_TAIL = 3000, 500  # steps a run sends to the page: the first and the last
RULING_META = ("event", "table", "judge", "date")


class _Need(Exception):
    pass


# the most values the form is given: YAML aliases can make a short text a huge tree
# ("billion laughs"); such a text is left to the YAML side
MAX_NODES = 100_000


class _TooBig(Exception):
    pass


def _jsonable(v, budget: list | None = None):
    """YAML data as JSON: dates as their text, keys as strings."""
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooBig()
    if isinstance(v, dict):
        return {str(k): _jsonable(x, budget) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x, budget) for x in v]
    if isinstance(v, (datetime.date, datetime.datetime)):
        return v.isoformat()
    if v is None or isinstance(v, (str, int, float, bool)):
        return v
    return str(v)


def _parse_data(text: str):
    """The text as plain data for the form, or None where it is not a mapping (or too big,
    or nested deeper than the YAML parser goes)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        d = yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
        return _jsonable(d, [MAX_NODES]) if isinstance(d, dict) else None
    except (yaml.YAMLError, RecursionError, _TooBig, ValueError):
        return None


def clause_info(game: str, ids) -> dict:
    """id -> {href, text, citation} for each id of the ruleset (hover text and links)."""
    from ..rules import load
    from ..rules.citation import citation
    from ..site import permalink

    rs = load(game)
    out = {}
    for cid in ids:
        c = rs.get(cid)
        if c is None or cid in out:
            continue
        body = c.text or c.title or ""
        out[cid] = {"href": "/rules/" + permalink(game, cid), "citation": citation(game, cid),
                    "text": f"{cid} {c.heading}\n{body}"[:600] if c.title else
                    f"{cid} {body}"[:600]}
    return out


def _svg(board, lang: str, caption: str, uid: str, derived: dict | None = None) -> str:
    from ..engine import engine_for
    from ..reports.model import picture
    from ..reports.render import env

    view = engine_for(board.ruleset).view
    L = view.labels(lang)
    pic = picture(board, L, lang, view, caption=caption, derived=derived)
    return env().get_template("board.svg").render(pic=pic["picture"], L=L, uid=uid)


def _load(text: str):
    """(board, None) or (None, problems as data)."""
    import hashlib

    from ..board import BoardSyntaxError, load_text

    try:
        board = load_text(text, FILENAME)
    except BoardSyntaxError as e:
        return None, [p.to_json() for p in e.problems]
    if not getattr(board, "sha256", None):  # the fingerprint a ruling prints of its board
        board.sha256 = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return board, None


def check(text: str, lang: str = "en") -> dict:
    from ..board import status
    from ..engine import engine_for

    board, problems = _load(text)
    out = {"data": _parse_data(text), "syntax": problems or [], "flags": [], "svg": "",
           "game": None, "clauses": {}}
    if board is None:
        return out
    out["game"] = board.ruleset
    flags = status(board)
    out["flags"] = [f.to_json() for f in flags]
    out["clauses"] = clause_info(board.ruleset, [c for f in flags for c in f.clauses])
    try:
        derived = engine_for(board.ruleset).derived(copy.deepcopy(board))
    except Exception:  # an impossible board may not derive; the picture still shows it
        derived = None
    out["svg"] = _svg(board, lang, "board", "wb", derived)
    return out


def sync(data: dict, lang: str = "en") -> dict:
    """The form's data as YAML, and its check."""
    from ..board.dump import dump_data

    text = dump_data(data)
    out = check(text, lang)
    out["yaml"] = text
    return out


def _request_data(req) -> dict:
    opts = [{"value": _jsonable(v), "label": str(lab)} for v, lab in req.options]
    return {"key": req.key, "chooser": req.chooser, "prompt": req.prompt,
            "prompt_ja": req.prompt_ja, "kind": req.kind, "min": req.min, "max": req.max,
            "amount": req.amount, "options": opts, "cites": list(req.cites)}


def _start(text: str):
    """(board, error dict) for a run: a board that does not load or is impossible cannot run."""
    from ..board import status

    board, problems = _load(text)
    if board is None:
        return None, {"message": "the board has syntax errors; fix them first",
                      "syntax": problems}
    errors = [f.to_json() for f in status(board) if f.severity == "error"]
    if errors:
        return None, {"message": "the board is impossible; fix the flags first",
                      "flags": errors}
    return board, None


def _chooser(board):
    from ..engine.choices import ChoiceMissing, Scripted

    class Recording(Scripted):
        """The file's answers; the first decision they do not give is kept as `need`."""

        need = None

        def choose(self, req):
            try:
                return super().choose(req)
            except ChoiceMissing:
                if self.need is None:
                    self.need = req
                raise

    return Recording(board.choices, board.positions, board.filename)


def _action_text(eng, a: dict) -> str:
    """An action as `judgekit step -i` lists it."""
    own = eng.action_text(a)
    if own:
        return own
    if "pass" in a:
        return "pass"
    return " ".join(f"{k} {v}" if k == next(iter(a)) else str(v) for k, v in a.items())


def run(text: str, lang: str = "en", max_steps: int = MAX_STEPS) -> dict:
    from ..engine.describe import describer
    from ..engine.run import run_board
    from ..rules.citation import beside

    board, err = _start(text)
    if board is None:
        return {"ok": False, "error": err, "steps": []}
    describe = describer(board, lang)
    chooser = _chooser(board)
    asked: list = []

    def ask_action(flow, point, player):
        """The file's actions are used up: keep what the player may do here (as `judgekit
        step -i` lists it) and stop, as a run without the question stops."""
        from ..board.dump import _action
        from ..engine import engine_for

        eng = engine_for(game)
        opts = [{"action": _jsonable(_action(a)), "text": _action_text(eng, a)}
                for a in eng.legal_actions(flow.g, point, player)]
        asked.append({"point": point, "player": player, "options": opts})
        return None

    game = board.ruleset
    r = run_board(board, chooser=chooser, max_steps=max_steps, max_rounds=MAX_ROUNDS,
                  ask_action=None if board.until else ask_action)
    steps = []
    cited = []
    shown = r.steps
    omitted = 0
    if len(shown) > SHOW_STEPS:  # a page of 20,000 steps helps nobody: the start and the end
        omitted = len(shown) - SHOW_STEPS
        shown = shown[:SHOW_STEPS - SHOW_TAIL] + shown[-SHOW_TAIL:]
    for s in shown:
        cited.extend(s.cites)
        steps.append({
            "index": s.index, "depth": s.depth, "context": s.context,
            "cites": [{"id": c, "label": beside(game, c)} for c in s.cites],
            "message": s.message_ja if lang == "ja" else s.message,
            "choices": [_jsonable(c) for c in s.choices],
            "readings": list(s.readings),
            "changes": [t for t in (describe(ch) for ch in s.changes
                                    if ch.get("op") != "step") if t],
        })
    o = r.outcome
    cited.extend(o.get("cites", []))
    action = asked[-1] if asked and r.stop == "actions_exhausted" else None
    need = _request_data(chooser.need) if r.stop == "choice_missing" and chooser.need else None
    if need:
        cited.extend(need["cites"])
    return {
        "ok": True, "game": game, "steps": steps, "stop": r.stop,
        "total_steps": len(r.steps), "omitted": omitted,
        "budget": r.stop == "budget",
        "outcome": {"result": o.get("result"), "winner": o.get("winner"),
                    "reason": o.get("reason_ja") if lang == "ja" else o.get("reason"),
                    "stopped_at": o.get("stopped_at"),
                    "cites": [{"id": c, "label": beside(game, c)} for c in o.get("cites", [])]},
        "error": _jsonable(r.error) if r.error else None,
        "need": need,
        "action": action,
        "readings": [_jsonable(x) for x in r.trace.readings.values()],
        "check": None if r.check is None else {"ok": not r.check,
                                                "differences": _jsonable(r.check)},
        "clauses": clause_info(game, cited),
    }


def picture(text: str, index: int, lang: str = "en", max_steps: int = MAX_STEPS) -> dict:
    """The board picture after step `index` of the run (replayed up to it)."""
    from ..engine import engine_for
    from ..engine.run import run_board

    board, err = _start(text)
    if board is None:
        return {"ok": False, "error": err}
    shot = {}
    holder = []

    def on_step(s) -> None:
        if s.index == index:
            g = holder[0] if holder else None
            try:
                derived = engine_for(board.ruleset).derived(board, g)
            except Exception:
                derived = None
            shot["svg"] = _svg(board, lang, f"after step {index + 1}", f"st{index}", derived)
            raise _Need()

    try:
        run_board(board, chooser=_chooser(board), on_step=on_step, on_game=holder.append,
                  max_steps=max_steps, max_rounds=MAX_ROUNDS)
    except _Need:
        pass
    if "svg" not in shot:
        return {"ok": False, "error": {"message": f"the run has no step {index + 1}"}}
    return {"ok": True, "svg": shot["svg"]}


def ruling(text: str, meta: dict | None = None, lang: str = "ja",
           max_steps: int = MAX_STEPS) -> dict:
    """The HTML ruling of `judgekit ruling` for the text, with the page's meta fields."""
    from ..reports import RulingError
    from ..reports.render import render_html
    from ..reports.ruling import make_ruling_board

    board, problems = _load(text)
    if board is None:
        return {"ok": False, "error": {"message": "the board has syntax errors; fix them first",
                                       "syntax": problems}}
    for k in RULING_META:
        v = (meta or {}).get(k)
        if isinstance(v, str) and v.strip():
            board.meta[k] = v.strip()
    try:
        model = make_ruling_board(board, FILENAME, lang=lang, max_steps=max_steps)
    except RulingError as e:
        return {"ok": False, "error": {"message": "\n".join(e.lines)}}
    return {"ok": True, "html": render_html(model), "outcome": model["outcome"]["text"],
            "steps": len(model["steps"])}


OPS = {"check": check, "sync": sync, "run": run, "picture": picture, "ruling": ruling}


def warm() -> None:
    """Load what every operation needs (the rulesets, the engines, the templates) once, so
    that the first check a judge makes is as fast as the next."""
    from ..engine import engine_for
    from ..engine.engines import ENGINES
    from ..reports.render import env
    from ..rules import load

    for game in ENGINES:
        load(game)
        eng = engine_for(game)
        eng.view  # noqa: B018
        eng.spec  # noqa: B018
    env().get_template("board.svg")


def main() -> None:
    """The worker: one JSON request per line on stdin, one JSON answer per line on stdout."""
    import json
    import sys
    import traceback

    out = sys.stdout
    sys.stdout = sys.stderr  # nothing an engine prints may corrupt the answers
    warm()
    out.write('{"ready": true}\n')
    out.flush()
    for line in sys.stdin:
        try:
            req = json.loads(line)
            op = OPS[req["op"]]
            res = op(**req.get("args", {}))
        except Exception as e:  # an engine defect: this request fails, the worker lives on
            traceback.print_exc()
            res = {"ok": False, "crash": True,
                   "error": {"message": f"internal error: {type(e).__name__}: {e}"}}
        out.write(json.dumps(res, ensure_ascii=False) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
