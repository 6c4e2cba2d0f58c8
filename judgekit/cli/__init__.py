"""The `judgekit` command.

`main()` answers `judgekit rule ID [--game G] [--json]` itself when the arguments are exactly
that simple: a judge at a table runs one lookup, and importing click alone costs several times
a bare interpreter start. Every other command line (help, other commands, anything unusual)
goes to the click application in `judgekit.cli.app`, whose `rule` command runs the very same
function (`judgekit.rules.lookup.run_rule`), so both paths answer identically.
"""

from __future__ import annotations

import sys


def _fast_rule_args(argv: list[str]) -> tuple[str, str, bool] | None:
    """(id, game, json) when argv is a plain `rule` call, else None (let click handle it)."""
    if len(argv) < 2 or argv[0] != "rule":
        return None
    ident = None
    game = "zx"
    as_json = False
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--json":
            as_json = True
        elif a in ("--game", "-g"):
            if i + 1 >= len(argv):
                return None
            game = argv[i + 1]
            i += 1
        elif a.startswith("--game="):
            game = a[len("--game="):]
        elif a.startswith("-") and not a[1:2].isdigit() and a != "-":
            return None  # --help and anything unknown: click explains
        elif ident is None:
            ident = a
        else:
            return None
        i += 1
    if ident is None:
        return None
    return ident, game, as_json


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    fast = _fast_rule_args(args)
    if fast is not None:
        from ..rules.lookup import run_rule

        try:
            return run_rule(*fast)
        except BrokenPipeError:
            return 0
    from .app import cli

    try:
        rv = cli.main(args=args, prog_name="judgekit", standalone_mode=True)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return rv if isinstance(rv, int) else 0
