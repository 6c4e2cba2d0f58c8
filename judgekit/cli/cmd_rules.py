"""`judgekit rule`, `judgekit games`, `judgekit export`."""

from __future__ import annotations

import json
import sys

import click

from ..rules import GAMES

GAME = click.Choice(GAMES)


@click.command()
@click.argument("clause_id")
@click.option("--game", "-g", type=GAME, default="zx", show_default=True, help="Ruleset.")
@click.option("--json", "as_json", is_flag=True, help="Print the clause as JSON.")
def rule(clause_id: str, game: str, as_json: bool) -> None:
    """Show clause CLAUSE_ID with its breadcrumb, text, examples, children and references.

    Forgiving input: full-width digits, 702-2a, CR702.2a, D0's 第4部第6章3 / 4部6章3,
    companion sections such as guide.deck.
    """
    from ..rules.lookup import run_rule

    code = run_rule(clause_id, game, as_json)
    if code:
        sys.exit(code)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def games(as_json: bool) -> None:
    """List the rulesets with title, edition, clause counts, unresolved references, and
    whether an engine runs their boards (and how many clauses it executes)."""
    from .. import engine
    from ..rules import load

    rows = []
    for g in GAMES:
        rs = load(g)
        counts = rs.counts()
        # only a ruleset with an engine loads it (about 0.1 s for Z/X)
        eng = ({"clauses": len(engine.registry_for(g))} if g in engine.GAMES_WITH_ENGINE
               else None)
        rows.append({"game": g, "title": rs.title, "edition": rs.edition,
                     "date": rs.meta.get("date", ""), "source_sha256": rs.source_hash,
                     **counts, "engine": eng})
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        date = r["date"] or "date not stated in the source"
        click.echo(f"{r['game']:<6} {r['title']}  {r['edition']}  ({date})")
        extra = f", {r['companion_sections']} guide sections" if r["companion_sections"] else ""
        click.echo(f"       {r['clauses']} clauses (+{r['virtual']} virtual parents{extra}); "
                   f"{r['refs']} references, {r['unresolved_refs']} unresolved, "
                   f"{r['flagged_refs']} flagged as stale or dangling")
        if r["engine"]:
            click.echo(f"       engine: executes {r['engine']['clauses']} clauses "
                       "(step, ruling, coverage)")
        else:
            click.echo("       no engine: lookup and search only")


@click.command()
@click.option("--game", "-g", type=GAME, default="zx", show_default=True, help="Ruleset.")
@click.option("--format", "fmt", type=click.Choice(["jsonl"]), default="jsonl",
              show_default=True, help="Output format.")
@click.option("--include-companions", is_flag=True,
              help="Also export companion-document sections (the Z/X guide).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write to a file (atomically) instead of standard output.")
def export(game: str, fmt: str, include_companions: bool, output: str | None) -> None:
    """Export every clause of a ruleset, one JSON object per line, in tree order."""
    from ..rules import load

    rs = load(game)
    units = rs.all_units() if include_companions else iter(rs)
    text = "".join(json.dumps(c.to_json(), ensure_ascii=False) + "\n" for c in units)
    if output:
        from .output import write_output

        write_output(output, text)
    else:
        sys.stdout.write(text)
