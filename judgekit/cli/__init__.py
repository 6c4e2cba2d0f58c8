"""The `judgekit` command.

`main()` answers `judgekit rule ID [--game G] [--json]` and a plain `judgekit search QUERY
[--game G] [--limit N] [--under ID] [--json]` itself when the arguments are exactly that
simple: a judge at a table runs one lookup, and importing click alone costs several times a
bare interpreter start. Every other command line (help, other commands, anything unusual)
goes to the click application in `judgekit.cli.app`, whose `rule` and `search` commands run
the very same functions (`judgekit.rules.lookup.run_rule`, `judgekit.search.run.run_search`),
so both paths answer identically.
"""

from __future__ import annotations

import os
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


def _fast_search_args(argv: list[str]) -> dict | None:
    """run_search keyword arguments when argv is a plain `search` call, else None (click)."""
    if len(argv) < 2 or argv[0] != "search":
        return None
    from ..rules import GAMES

    opts = {"game": "all", "limit": 10, "under": None, "as_json": False}
    words: list[str] = []
    names = {"--game": "game", "-g": "game", "--limit": "limit", "-n": "limit",
             "--under": "under", "-u": "under"}
    i = 1
    while i < len(argv):
        a = argv[i]
        name, eq, val = a.partition("=")
        if a == "--":
            words.extend(argv[i + 1:])
            break
        if a == "--json":
            opts["as_json"] = True
        elif name in names and (eq or a in names):
            if not eq:
                if i + 1 >= len(argv):
                    return None
                val = argv[i + 1]
                i += 1
            opts[names[name]] = val
        elif a.startswith("-") and len(a) > 1 and a[1].isascii():
            return None  # --help and anything unknown: click explains
        else:
            words.append(a)  # a term, or an exclusion such as -致死
        i += 1
    if not words or opts["game"] not in ("all",) + GAMES:
        return None
    if not str(opts["limit"]).isdecimal() or int(opts["limit"]) < 1:  # int("²") fails
        return None
    opts["limit"] = int(opts["limit"])
    opts["query"] = " ".join(words)
    return opts


def _fit_output() -> None:
    """stdout and stderr in a legacy encoding (cp932, latin-1, ASCII) fall back per character
    instead of ending in UnicodeEncodeError (judgekit.cli.terminal); UTF-8 costs nothing."""
    for stream in (sys.stdout, sys.stderr):
        enc = getattr(stream, "encoding", None)
        if enc and not enc.lower().replace("-", "").replace("_", "").startswith("utf"):
            from .terminal import fit

            fit(stream)


def main(argv: list[str] | None = None) -> int:
    _fit_output()
    args = list(sys.argv[1:] if argv is None else argv)
    home = os.environ.get("JUDGEKIT_HOME")
    if home and not os.path.isdir(os.path.join(home, "rules_data")):
        sys.stderr.write(f"Error: JUDGEKIT_HOME={home}: there is no rules_data/ directory there; "
                         "expected the judgekit project directory (unset JUDGEKIT_HOME to use "
                         "the data beside the installed package).\n")
        return 2
    fast_search = _fast_search_args(args)
    if fast_search is not None:
        from ..search.run import run_search

        try:
            return run_search(**fast_search)
        except BrokenPipeError:
            return 0
        except KeyboardInterrupt:  # Ctrl-C during a first index build: as click says it
            sys.stderr.write("\nAborted!\n")
            return 1
    fast = _fast_rule_args(args)
    if fast is not None:
        from ..rules.lookup import run_rule

        try:
            return run_rule(*fast)
        except BrokenPipeError:
            return 0
        except KeyboardInterrupt:
            sys.stderr.write("\nAborted!\n")
            return 1
    from .app import cli

    try:
        rv = cli.main(args=args, prog_name="judgekit", standalone_mode=True)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return rv if isinstance(rv, int) else 0
