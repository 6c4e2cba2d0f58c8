"""`judgekit board check|schema|fmt`, `judgekit step`, `judgekit coverage`.

Heavy imports (yaml, the engine) happen inside the commands.
"""

from __future__ import annotations

import json
import os
import sys

import click

EXIT_OK, EXIT_FLAGS, EXIT_SYNTAX, EXIT_MISMATCH = 0, 1, 2, 1


def _syntax_error(e) -> None:
    for p in e.problems:
        click.echo(str(p), err=True)
    sys.exit(EXIT_SYNTAX)


def _load(path: str):
    from ..board import BoardSyntaxError, load_file

    try:
        return load_file(path)
    except BoardSyntaxError as e:
        _syntax_error(e)


def _need_engine(game: str) -> None:
    """A ruleset without an engine is one sentence and exit 2, never a traceback."""
    from ..engine import NoEngine, engine_for

    try:
        engine_for(game)
    except NoEngine as e:
        click.echo(f"Error: {e}.", err=True)
        sys.exit(EXIT_SYNTAX)


# ---- board -------------------------------------------------------------------------------------------

@click.group()
def board() -> None:
    """Check, convert and describe board-state files (docs/board-format.md)."""


@board.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the flags as JSON.")
@click.option("--strict", is_flag=True, help="Warnings count as failures too.")
def board_check(files, as_json: bool, strict: bool) -> None:
    """Check board files: syntax errors (file:line:column) and semantic flags.

    Exit status: 0 no errors, 1 semantic errors (or warnings with --strict), 2 syntax errors.
    """
    from ..board import BoardSyntaxError, load_file, status

    worst = EXIT_OK
    report = []
    for path in files:
        try:
            b = load_file(path)
        except BoardSyntaxError as e:
            worst = EXIT_SYNTAX
            report.append({"file": path, "syntax": [p.to_json() for p in e.problems],
                           "flags": []})
            if not as_json:
                for p in e.problems:
                    click.echo(str(p))
            continue
        flags = status(b)
        report.append({"file": path, "syntax": [], "flags": [f.to_json() for f in flags]})
        bad = [f for f in flags if f.severity == "error" or strict]
        if bad and worst < EXIT_FLAGS:
            worst = EXIT_FLAGS
        if not as_json:
            for f in flags:
                click.echo(str(f))
            if not flags:
                click.echo(f"{path}: ok")
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    sys.exit(worst)


@board.command("schema")
@click.option("--game", "-g", default="zx", show_default=True,
              help="The ruleset whose board format to describe.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file.")
def board_schema(game: str, output: str | None) -> None:
    """Print the JSON Schema of a ruleset's board file (generated from the format
    declaration the loader enforces)."""
    from ..board.schema import schema_text

    _need_engine(game)
    text = schema_text(game)
    if output:
        from .output import write_output

        write_output(output, text)
        click.echo(f"wrote {output}")
    else:
        click.echo(text, nl=False)


@board.command("fmt")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-w", "--write", is_flag=True, help="Rewrite the file in place.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here instead.")
def board_fmt(file: str, write: bool, output: str | None) -> None:
    """Write the board back in canonical form (what the engine writes). Comments are lost."""
    from ..board import dump_yaml
    from .output import refuse_input

    if write and output:
        raise click.UsageError("-w rewrites FILE in place and -o writes elsewhere: give one")
    if output:
        refuse_input(output, file, "rewrite it in place with -w (its comments are lost)")
    b = _load(file)
    text = dump_yaml(b)
    target = file if write else output
    if target:
        from .output import write_output

        write_output(target, text)
        click.echo(f"wrote {target}", err=True)
    else:
        click.echo(text, nl=False)


# ---- step ------------------------------------------------------------------------------------------------

def print_step(s, lang: str, changes: bool, out=None, describe=None, game: str = "") -> None:
    from ..rules.citation import beside

    echo = out or click.echo
    ind = "  " * s.depth
    msg = s.message_ja if lang == "ja" else s.message
    # each id with the ruleset's own citation form beside it where it has one (D0: 第4部第6章3)
    cites = " ".join(beside(game, c) for c in s.cites)
    head = f"{ind}{s.index:>3} [{s.context}]"
    echo(f"{head} {cites + ' — ' if cites else ''}{msg}")
    for c in s.choices:
        who = {"file": "from the file", "asked": "asked", "only-option": "only option",
               "policy": "policy"}.get(c["source"], c["source"])
        ans = c["answer"]
        if isinstance(ans, bool):
            ans = "yes" if ans else "no"
        echo(f"{ind}      choice {c['key']}: {c['chooser']} → {ans} ({who})")
    if s.readings:
        alts = s.alternatives
        echo(f"{ind}      reading: "
             + ", ".join(f"{r}={alts[r]}" if r in alts else r for r in s.readings))
    if changes:
        print_changes(s, 0, echo, describe)


def print_changes(s, start: int, echo=None, describe=None) -> None:
    from ..engine.describe import plain

    echo = echo or click.echo
    describe = describe or plain
    ind = "  " * s.depth
    for ch in s.changes[start:]:
        if ch.get("op") in ("step",):
            continue
        echo(f"{ind}      · {describe(ch)}")


def _prompt(text: str, **kw):
    """click.prompt, except that the end of the input (Ctrl-D, a piped file run out) stops the
    run as q does: the steps so far and the outcome are printed. Ctrl-C still aborts."""
    try:
        return click.prompt(text, **kw)
    except click.Abort as e:
        if isinstance(e.__context__, KeyboardInterrupt):
            raise
        from ..engine.game import Halt

        click.echo()
        raise Halt("quit") from None


def _ask_terminal(req) -> str:
    click.echo(f"\n  ? {req.key}: {req.chooser} — {req.prompt} ({req.prompt_ja})")
    if req.kind == "yesno":
        return _prompt("    yes/no", default="yes")
    for i, (v, lab) in enumerate(req.options, 1):
        click.echo(f"    {i}. {lab}")
    raw = _prompt("    answer (number(s) or id(s), comma-separated"
                  + (f"; {{id: amount}} for {req.amount}" if req.kind == "distribute" else "")
                  + ")", default="" if req.kind == "many" and req.min == 0 else None)
    vals = req.values()
    parts = [x.strip() for x in str(raw).split(",") if x.strip()]
    res = []
    for x in parts:
        if x.isdecimal() and 1 <= int(x) <= len(vals):  # not isdigit: int("²") fails
            res.append(vals[int(x) - 1])
        else:
            res.append(x)
    if req.kind == "distribute":
        d = {}
        for x in parts:
            k, _, n = x.partition(":")
            d[k.strip()] = int(n) if n.strip().isdecimal() else 0
        return d
    if req.kind in ("many", "order"):
        return res
    return res[0] if res else ""


def _action_text(a: dict, eng=None) -> str:
    own = eng.action_text(a) if eng is not None else None
    if own:
        return own
    if "pass" in a:
        return "pass"
    if "battle" in a:
        return f"battle {a['battle']} {a['target']}"
    if "play" in a:
        return f"play {a['play']}" + (f" {a['square']}" if a.get("square") else "")
    if "activate" in a:
        return f"activate {a['activate']}" + (f" {a['ability']}" if a.get("ability") else "")
    verb = next(iter(a))
    return f"{verb} {a[verb]}"


def _ask_action(flow, point: str, player: str):
    from ..engine import engine_for

    eng = engine_for(flow.g.b.ruleset)
    opts = eng.legal_actions(flow.g, point, player)
    click.echo(f"\n  ? {point}: {player} decides (q: stop here).")
    for i, a in enumerate(opts, 1):
        click.echo(f"    {i}. {_action_text(a, eng)}")
    hint = eng.action_hint or "'play ID SQUARE', 'battle A P2'"
    while True:
        raw = _prompt(f"    action (number, or e.g. {hint})", default="1").strip()
        if raw.isdecimal() and 1 <= int(raw) <= len(opts):
            return opts[int(raw) - 1]
        parts = raw.split()
        if not parts or parts[0] in ("q", "quit"):
            return None
        own = eng.parse_action(parts)
        if own is not None:
            return own
        verb, args = parts[0], parts[1:]
        if verb == "pass":
            return {"pass": True}
        if eng.action_hint:  # the engine reads its typed actions itself (parse_action above)
            click.echo(f"    not understood: a number from 1 to {len(opts)}, pass, "
                       f"{eng.action_hint}, or q")
            continue
        if verb == "play" and args:
            a = {"play": args[0]}
            if len(args) > 1:
                a["square"] = args[1]
            return a
        if verb == "battle" and len(args) == 2:
            return {"battle": args[0], "target": args[1]}
        if verb in ("activate", "resource", "ignite") and args:
            return {verb: args[0]}
        # a typo must not decide for the player: ask again
        click.echo(f"    not understood: a number from 1 to {len(opts)}, pass, play ID [SQUARE], "
                   "battle ATTACKER TARGET, activate|resource|ignite ID, or q")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--auto", "auto", is_flag=True,
              help="Run to the end with the file's choices (strict: a missing choice is an "
                   "error). Default when not on a terminal.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole run (trace and final "
              "board) as JSON.")
@click.option("--check", is_flag=True, help="Compare with the file's expect: section; exit 1 "
              "on a difference.")
@click.option("--until", "until", help="Stop before this step (e.g. 507.1) or at turn_end.")
@click.option("--final", "final", type=click.Path(dir_okay=False),
              help="Write the final board (a valid starting file) here.")
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True)
@click.option("--changes/--no-changes", default=True, show_default=True,
              help="Show what each step changed.")
@click.option("-i", "--interactive", is_flag=True,
              help="Pause at each step and ask what the file does not answer (default on a "
                   "terminal without --auto/--json/--check).")
@click.option("--max-steps", type=click.IntRange(1), metavar="N",
              help="Stop a run that has not ended after N steps (default 200,000).")
@click.option("--max-rounds", type=click.IntRange(1), metavar="N",
              help="Stop a procedure before priority that has gone round N times with choices "
                   "that could end it (default 5,000).")
@click.option("--reading", "reading_opts", multiple=True, metavar="ID=ALT",
              help="Follow alternative ALT of reading ID where the rules are ambiguous or "
                   "contradict themselves (over the file's readings:; repeatable; "
                   "`judgekit coverage --readings` lists them).")
@click.option("--compare-readings", "compare", is_flag=True,
              help="Also run the board under every alternative of each ambiguous reading the "
                   "run depended on, and say whether the outcome depends on the reading.")
def step(file: str, auto: bool, as_json: bool, check: bool, until: str | None,
         final: str | None, lang: str, changes: bool, interactive: bool,
         max_steps: int | None, max_rounds: int | None, reading_opts: tuple,
         compare: bool) -> None:
    """Step through what the rules make happen from the board in FILE.

    Every step cites the clauses it applies. Interactive on a terminal (Enter: next step,
    c: continue to the end, q: quit; choices the file does not answer are asked); --auto runs
    to the end with the file's choices.
    """
    from ..board import status
    from ..engine import source_info
    from ..engine.choices import Interactive, Scripted
    from ..engine.run import FILE_ERRORS, run_board

    if final:
        from .output import refuse_input

        refuse_input(final, file, "the final board would replace it; choose another name")
    b = _load(file)
    if until:
        from ..engine import engine_for

        eng = engine_for(b.ruleset)
        if until not in eng.steps() and until not in eng.until_words():
            # as `until:` in a file (UNKNOWN_STEP); unchecked, the run went on to the first
            # choice the file does not answer and blamed the file for it
            words = " / ".join(eng.until_words())
            raise click.BadParameter(f"expected a step id of {eng.title} (e.g. "
                                     f"{eng.steps()[-1]}){' or ' + words if words else ''}; "
                                     f"found {until!r}", param_hint="'--until'")
    chosen = _reading_options(b, reading_opts)
    flags = [f for f in status(b) if f.severity == "error"]
    if flags:
        for f in flags:
            click.echo(str(f), err=True)
        click.echo(f"{file}: the board is impossible; fix the errors above (judgekit board check).",
                   err=True)
        sys.exit(EXIT_FLAGS)
    from ..engine.describe import describer

    if compare:
        import copy

        pristine = copy.deepcopy(b)  # the engine runs the board in place

    describe = describer(b, lang)
    interactive = interactive or (not (auto or as_json or check or compare)
                                  and sys.stdin.isatty())
    scripted = Scripted(b.choices, b.positions, b.filename)
    printed = [0]
    shown: dict[int, int] = {}  # step index -> changes already printed
    mode = {"continue": False, "quit": False}
    run_holder: list = []

    def flush(trace, closing=None) -> bool:
        """Print what is new; True if anything was."""
        before = (printed[0], sum(shown.values()))
        # a step still open (or the one closing now) may have gained changes since it was
        # printed, after its children: show those first, marked as its continuation
        for s in [*trace.open_steps, *([closing] if closing is not None else [])]:
            if s.index < printed[0] and changes and len(s.changes) > shown.get(s.index, 0):
                click.echo(f"{'  ' * s.depth}{s.index:>3} (continued)")
                print_changes(s, shown.get(s.index, 0), describe=describe)
                shown[s.index] = len(s.changes)
        for s in trace.steps[printed[0]:]:
            print_step(s, lang, changes, describe=describe, game=b.ruleset)
            shown[s.index] = len(s.changes)
        printed[0] = len(trace.steps)
        return (printed[0], sum(shown.values())) != before

    def on_step(s) -> None:
        # pause after every step, at every depth: a judge follows pre-processing one rule
        # effect, one trigger at a time
        if not interactive or not run_holder:
            return
        if not flush(run_holder[0], s) or mode["continue"]:
            return
        key = _prompt("  [Enter] next  c continue  q quit", default="", show_default=False)
        if key.strip().lower() == "c":
            mode["continue"] = True
        elif key.strip().lower() == "q":
            from ..engine.game import Halt

            raise Halt("quit")

    if interactive:
        def ask(req):
            flush(run_holder[0])
            ans = _ask_terminal(req)
            click.echo(f"      choice {req.key}: {req.chooser} → {ans} (asked)")
            return ans

        chooser = Interactive(scripted, ask)

        def ask_action(flow, point, player):
            flush(run_holder[0])
            return _ask_action(flow, point, player)
    else:
        chooser = scripted
        ask_action = None

    run = run_board(b, chooser=chooser, until=until, ask_action=ask_action,
                    on_step=on_step, on_game=lambda g: run_holder.append(g.trace),
                    source=lambda: source_info(b), max_steps=max_steps, max_rounds=max_rounds,
                    readings=chosen)
    cmp = None
    if compare and run.stop not in FILE_ERRORS:
        from ..engine.compare import compare_readings

        cmp = compare_readings(pristine, run, run_kw={"max_steps": max_steps,
                                                      "max_rounds": max_rounds,
                                                      "until": until})
    if as_json:
        data = run.to_json()
        if cmp is not None:
            from ..engine.compare import to_json as cmp_json

            data["reading_comparison"] = cmp_json(cmp)
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        if interactive:
            flush(run.trace)
        else:
            for s in run.steps:
                print_step(s, lang, changes, describe=describe, game=b.ruleset)
        _print_outcome(run, lang)
        if cmp is not None:
            print_comparison(cmp, lang)
    code = 0
    if run.error and run.stop == "budget":
        click.echo(f"{file}: {run.error['message']}; this is not a ruling (raise the limit with "
                   "--max-steps / --max-rounds)", err=True)
        code = EXIT_MISMATCH
    if run.error and run.stop in FILE_ERRORS:
        e = run.error
        where = f"{e.get('file')}:{e['line']}:{e['column']}: " if e.get("line") else \
            f"{e.get('file', file)}: "
        click.echo(f"{where}{e['message']}", err=True)
        code = EXIT_SYNTAX
    if final and code:
        # the run stopped on a mistake in the file: an existing FINAL is left as it was
        click.echo(f"{final}: not written (the run stopped on the error above)", err=True)
    elif final:
        from .output import write_output

        write_output(final, _final_text(run))
        click.echo(f"wrote the final board to {final}", err=True)
    if check:
        if run.check is None:
            click.echo(f"{file}: no expect: section to check", err=True)
            code = code or EXIT_MISMATCH
        elif run.check:
            for d in run.check:
                where = f"{file}:{d['line']}:{d['column']}" if d["line"] else file
                click.echo(f"{where}: {d['path']}: expected {d['expected']!r}, found "
                           f"{d['found']!r} — {d['message']}", err=True)
            click.echo(f"{file}: {len(run.check)} difference(s) from expect:", err=True)
            code = code or EXIT_MISMATCH
        else:
            click.echo(f"{file}: matches expect: ({len(b.expect or {})} section(s) checked)",
                       err=True)
    sys.exit(code)


def _final_text(run) -> str:
    from ..board.dump import dump_data

    head = "# Final board written by judgekit step; a valid starting file.\n"
    return head + dump_data(run.final)


def _print_outcome(run, lang: str) -> None:
    o = run.outcome
    reason = o.get("reason_ja") if lang == "ja" else o.get("reason")
    if o.get("result") == "win":
        click.echo(f"\nOutcome: {o['winner']} wins — {reason}")
    elif o.get("result") == "draw":
        click.echo(f"\nOutcome: draw — {reason}")
    else:
        click.echo(f"\nStopped before {o.get('stopped_at')}: {reason}")
    if run.trace.readings:
        click.echo("Readings applied (where the rules are contradictory or silent):")
        for r in run.trace.readings.values():
            alt = f" = {r['followed']}" if r.get("followed") else ""
            click.echo(f"  {r['id']}{alt} (clauses {', '.join(r.get('rests_on') or r['clauses'])}): "
                       f"{r['reading_ja'] if lang == 'ja' else r['reading']}")
    if run.trace.assumptions:
        click.echo("Assumptions:")
        for a in run.trace.assumptions.values():
            click.echo(f"  {a['text_ja'] if lang == 'ja' else a['text']}")


def _reading_options(b, opts: tuple) -> dict:
    """`--reading ID=ALT` options, checked against the board's ruleset, over the file's."""
    from ..engine import engine_for
    from ..engine.readings import check_choices, parse_choice

    chosen = {}
    for o in opts:
        try:
            rid, alt = parse_choice(o)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="'--reading'") from None
        chosen[rid] = alt
    problems = check_choices(engine_for(b.ruleset).readings, chosen)
    if problems:
        raise click.BadParameter("; ".join(m for _, m in problems), param_hint="'--reading'")
    return chosen


def print_comparison(cmp: dict, lang: str, echo=None) -> None:
    """The terminal's account of `judgekit.engine.compare.compare_readings`."""
    from ..engine.compare import describe_alternative

    echo = echo or click.echo
    if not cmp["readings"]:
        echo("\nReadings: the run depended on no ambiguous or contradictory reading.")
        return
    table = cmp["variants"][0]["run"].engine.readings
    names = ", ".join(cmp["readings"])
    echo("")
    if cmp["depends"]:
        echo(f"The outcome DEPENDS on the reading ({names}):")
    else:
        echo(f"The outcome is the same under every reading of {names}.")
    for i, v in enumerate(cmp["variants"]):
        r = v["run"]
        head = "this run" if i == 0 else f"variant {i}"
        echo(f"  [{head}]")
        for rid, alt in v["assignment"].items():
            d = describe_alternative(table, rid, alt)
            text = d["text_ja"] if lang == "ja" else d["text"]
            echo(f"    {rid} = {alt}{' (default)' if d['default'] else ''} "
                 f"(rests on {', '.join(d['clauses'])}): {text}")
        echo(f"    outcome: {_outcome_line(r, lang)}")
        for cid, za, zb in v["cards"]:
            echo(f"      {cid}: {zb} (this run: {za})")
        if v["diverges_at"] is not None:
            n = v["diverges_at"]
            st = r.steps[n] if n < len(r.steps) else None
            where = f" — {' '.join(st.cites)}: {st.message_ja if lang == 'ja' else st.message}" \
                if st is not None else " (one run has fewer steps)"
            echo(f"    first differs from this run at step {n}{where}")
    tail = f"{cmp['runs']} run(s) of {cmp['combinations']} combination(s)"
    if not cmp["complete"]:
        tail += (f"; the budget of {cmp['budget']} runs was reached with "
                 f"{cmp['pending']} combination(s) not run")
    echo(f"  ({tail})")


def _outcome_line(run, lang: str) -> str:
    o = run.outcome
    reason = o.get("reason_ja") if lang == "ja" else o.get("reason")
    if o.get("result") == "win":
        return f"{o['winner']} wins — {reason}"
    if o.get("result") == "draw":
        return f"draw — {reason}"
    return f"stopped before {o.get('stopped_at')}: {reason}"


# ---- coverage ---------------------------------------------------------------------------------------------

@click.command()
@click.option("--game", "-g", default=None, help="Ruleset with an engine (default: zx; with "
              "--examples, every ruleset whose rules print worked examples).")
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
@click.option("--readings", "readings_only", is_flag=True,
              help="Only the readings (where the rules are silent, ambiguous or contradict "
                   "themselves), each with its alternatives and the examples that follow each.")
@click.option("--examples", "worked", is_flag=True,
              help="List the rulebook's own worked examples (例): the scenario that reproduces "
                   "each and whether it passes, or why none can.")
def coverage(game: str | None, as_json: bool, readings_only: bool, worked: bool) -> None:
    """List the clauses the engine executes, what it does for each, and the bundled examples
    that exercise it; then every reading with its alternatives. With --examples, the
    rulebook's worked examples and their scenarios."""
    from ..engine import coverage as cov
    from ..engine import reading_coverage

    if worked:
        _coverage_examples(game, as_json)
        return
    game = game or "zx"
    _need_engine(game)
    if readings_only:
        rows = reading_coverage(game)
        if as_json:
            click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        else:
            print_readings(rows)
        return
    rows = cov(game)
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        ex = ", ".join(os.path.basename(e) for e in r["examples"][:3])
        more = f" (+{len(r['examples']) - 3})" if len(r["examples"]) > 3 else ""
        click.echo(f"{r['id']:<8} {r['summary']}")
        click.echo(f"{'':<8} examples: {ex + more if ex else '—'}")
    n_ex = sum(1 for r in rows if r["examples"])
    click.echo(f"\n{len(rows)} clauses registered; {n_ex} exercised by the bundled examples.\n")
    print_readings(reading_coverage(game))


def print_readings(rows: list) -> None:
    """Every reading: kind, clauses, and per alternative the examples that follow it."""
    def names(paths: list) -> str:
        shown = ", ".join(os.path.basename(p)[:-5] for p in paths[:3])
        return (shown + (f" (+{len(paths) - 3})" if len(paths) > 3 else "")) or "—"

    click.echo("Readings (where the rules are silent, ambiguous or contradict themselves):")
    n_choice = n_done = 0
    for r in rows:
        click.echo(f"  {r['id']} [{r['kind']}] {', '.join(r['clauses'])}")
        click.echo(f"      {r['title']}")
        if r["choice"]:
            n_choice += 1
            alts = r["alternatives"]
            if len(alts) >= 2 and all(a["examples"] for a in alts):
                n_done += 1
            for a in alts:
                mark = " (default)" if a["id"] == r["default"] else ""
                click.echo(f"      = {a['id']}{mark} (rests on {', '.join(a['clauses'])}): "
                           f"examples: {names(a['examples'])}")
            if len(alts) < 2:
                click.echo("      only one alternative is implemented")
        else:
            if r.get("why_one"):
                click.echo(f"      one behaviour: {r['why_one']}")
            click.echo(f"      one behaviour; examples: {names(r['examples'])}")
    click.echo(f"\n{len(rows)} readings; {n_choice} ambiguities or contradictions, {n_done} with "
               "every alternative implemented and exercised by a bundled example.")



_STATE_LABEL = {"reproduced": "reproduced", "failing": "FAILING", "reason": "reason",
                "needs_vocabulary": "needs vocabulary", "reading": "reading", "open": "open"}


def _coverage_examples(game: str | None, as_json: bool) -> None:
    """`coverage --examples`: every worked example, its scenario and whether it passes, or
    the reason none can; exit 1 when a declared scenario fails."""
    from ..engine import worked

    if game is not None:
        _need_engine(game)
        games = [game]
    else:
        games = worked.games_with_examples()
    out = {}
    for g in games:
        rows = worked.listing(g)
        out[g] = {"summary": worked.summary(rows), "examples": rows,
                  "review_problems": worked.review_problems(g)}
    failing = any(v["summary"]["failing"] or v["review_problems"] for v in out.values())
    if as_json:
        click.echo(json.dumps(out if game is None else out[game], ensure_ascii=False, indent=1))
        sys.exit(1 if failing else 0)
    for g, v in out.items():
        click.echo(f"== {g}: {v['summary']['total']} worked examples")
        for r in v["examples"]:
            click.echo(f"{r['id']:<14} {_STATE_LABEL[r['state']]:<17} {r['first_words']}")
            for s in r["scenarios"]:
                ok = {True: "passes", False: "FAILS", None: "not run"}[s["passes"]]
                click.echo(f"{'':<14} {os.path.basename(s['file'])} ({ok})")
                for p in s["problems"][:3]:
                    click.echo(f"{'':<16} {p}")
            if r["decided_by"] and r["scenarios"]:
                click.echo(f"{'':<14} decided by {r['decided_by']}")
            if r["state"] == "reason":
                click.echo(f"{'':<14} reason: {r['reason']}")
            elif r["state"] == "needs_vocabulary":
                click.echo(f"{'':<14} needs: {r['needs']}")
            if r["reading"]:
                click.echo(f"{'':<14} contradicts another clause: reading {r['reading']}"
                           + (" (the scenario follows the reading's alternative in which the "
                              "example holds)" if r["scenarios"] else ""))
        for p in v["review_problems"]:
            click.echo(f"problem: {p}")
        s = v["summary"]
        click.echo(f"{g}: {s['total']} examples; {s['reproduced']} reproduced by a passing "
                   f"scenario, {s['failing']} failing, {s['reason']} with a reason, "
                   f"{s['needs_vocabulary']} needing vocabulary, {s['reading']} recorded as a "
                   f"reading, {s['open']} open\n")
    sys.exit(1 if failing else 0)
