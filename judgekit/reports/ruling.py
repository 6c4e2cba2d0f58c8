"""From a board file to a written ruling: load → check → run the engine → render → write.

Every user mistake becomes a `RulingError` whose lines name file:line:column, what was
expected and what was found (the board loader's own problems, the board check's error
flags, a scripted choice that is missing or not among the options). Nothing is written
unless everything succeeded: both outputs are rendered in memory first, then each is written
to a temporary file beside its destination and renamed over it
(judgekit.rules.cache.write_atomic), so an existing report is replaced only by a complete one;
a symbolic link keeps being a link (its target is replaced), a FIFO or a device (/dev/stdout)
is written through.
"""

from __future__ import annotations

import os

from . import RulingError


# exit statuses, as `judgekit step` / `judgekit board check` use them
EXIT_FLAGS, EXIT_SYNTAX = 1, 2


def load_board(path: str):
    from ..board import BoardSyntaxError, load_file

    try:
        board = load_file(path)
    except BoardSyntaxError as e:
        raise RulingError([str(p) for p in e.problems], EXIT_SYNTAX) from None
    return board, check_board(board, path)


def check_board(board, path: str) -> list:
    """The board check's flags; an impossible board is a RulingError."""
    from ..board import status

    flags = status(board)
    errors = [f for f in flags if f.severity == "error"]
    if errors:
        raise RulingError(
            [str(f) for f in errors]
            + [f"{path}: the board is impossible ({len(errors)} error(s) above); a ruling "
               "needs a board that can occur (see `judgekit board check`)"], EXIT_FLAGS)
    return flags


def run_engine(board, path: str, max_steps: int | None = None):
    """The engine's strict scripted run of the board (choices from the file). A choice the
    file does not answer, or answers with something that is not an option, is the file's
    mistake: no ruling is written. An illegal action is not: the ruling says why."""
    from ..engine import source_info
    from ..engine.run import run_board

    run = run_board(board, source=source_info(board), max_steps=max_steps)
    if run.stop in ("choice_missing", "choice_invalid", "bad_step", "unsupported"):
        e = run.error or {}
        where = f"{e.get('file') or path}:{e['line']}:{e['column']}: " if e.get("line") \
            else f"{e.get('file') or path}: "
        raise RulingError([f"{where}{e.get('message', run.stop)}"], EXIT_SYNTAX)
    return run


def expectation(run) -> dict | None:
    """The board file's `expect` compared with the run (as `judgekit step --check`)."""
    if run.check is None:
        return None
    diffs = []
    for d in run.check:
        where = f"line {d['line']}: " if d.get("line") else ""
        diffs.append(f"{where}{d['path']}: expected {d['expected']!r}, found {d['found']!r} "
                     f"— {d['message']}")
    return {"ok": not diffs, "differences": diffs}


def make_ruling(path: str, *, lang: str = "ja", site_url: str | None = None) -> dict:
    board, flags = load_board(path)
    return _model(board, flags, path, lang, site_url, None)


def make_ruling_board(board, path: str, *, lang: str = "ja", site_url: str | None = None,
                      max_steps: int | None = None) -> dict:
    """The ruling model of a board already loaded (the workbench loads it from its text);
    `path` is the name the report gives the board file; `max_steps` the run's step budget."""
    return _model(board, check_board(board, path), path, lang, site_url, max_steps)


def _model(board, flags, path: str, lang: str, site_url: str | None,
           max_steps: int | None) -> dict:
    import copy

    from ..engine import engine_for
    from ..rules import load
    from .appendix import UnknownClause
    from .model import build_model

    before = copy.deepcopy(board)  # the engine runs the board in place
    derived = engine_for(board.ruleset).derived
    before_derived = derived(copy.deepcopy(before))
    run = run_engine(board, path, max_steps)
    comparison = None
    if run.trace.depended():
        # the run rests on an ambiguous or contradictory reading: run every alternative
        from ..engine.compare import compare_readings

        comparison = compare_readings(before, run,
                                      run_kw={"max_steps": max_steps} if max_steps else None)
    rs = load(board.ruleset)
    try:
        return build_model(before, run.to_json(), run.board, rs, lang=lang, board_path=path,
                           site_url=site_url, findings=flags, expectation=expectation(run),
                           derived_before=before_derived,
                           derived_after=derived(run.board, run.game),
                           comparison=comparison)
    except UnknownClause as e:  # an engine defect, not the user's: say so plainly
        raise RulingError([f"{path}: the engine cited clause(s) not in {rs.title} "
                           f"{rs.edition}: {e.args[0]} (please report this)"]) from None


def _check_output(path: str, source: str) -> str:
    out = os.path.abspath(path)
    if os.path.isdir(out):
        raise RulingError([f"{path}: is a directory; expected a file name for the report"])
    if os.path.exists(source) and os.path.exists(out) and os.path.samefile(out, source):
        raise RulingError([f"{path}: is the board file itself; choose another output name"])
    # a place that cannot be written fails now, before anything is written: otherwise the
    # HTML would be replaced and only then the JSON fail
    if os.path.exists(out) and not os.path.isfile(out):
        # a FIFO, a terminal, /dev/null: written through (write_atomic), so it is the target
        # itself that must be writable, not its directory
        if not os.access(out, os.W_OK):
            raise RulingError([f"{path}: cannot write the report: permission denied"])
        return out
    d = os.path.dirname(os.path.realpath(out))  # a link's target is what gets replaced
    while not os.path.exists(d):
        d = os.path.dirname(d)
    if not os.path.isdir(d):
        raise RulingError([f"{path}: cannot write the report: {d} is a file, not a directory"])
    if not os.access(d, os.W_OK | os.X_OK):
        raise RulingError([f"{path}: cannot write the report: {d} is not writable"])
    return out


def _write(path: str, payload: bytes) -> None:
    from ..rules.cache import write_atomic

    try:
        write_atomic(path, payload)
    except OSError as e:
        raise RulingError([f"{path}: cannot write the report: {e.strerror or e}"]) from None
    # permissions: write_atomic gives what an ordinary write would (shareable, not 0600)


def write_ruling(path: str, out_html: str, *, json_out: str | None = None, lang: str = "ja",
                 site_url: str | None = None) -> dict:
    from .render import render_html, render_json

    html_path = _check_output(out_html, path)
    json_path = _check_output(json_out, path) if json_out else None
    if json_path is not None and json_path == html_path:
        raise RulingError([f"{json_out}: the JSON and the HTML would be the same file"])
    model = make_ruling(path, lang=lang, site_url=site_url)
    # a file name that is not UTF-8 reaches the model as lone surrogates (os.fsdecode): written
    # as the JSON escape \udcff rather than failing with UnicodeEncodeError
    html = render_html(model).encode("utf-8", "backslashreplace")
    js = render_json(model).encode("utf-8", "backslashreplace") if json_path else None
    _write(html_path, html)
    if json_path is not None:
        _write(json_path, js)
    return model
