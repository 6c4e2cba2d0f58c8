"""`judgekit concept`: the judge's concept index (rules_data/concepts.toml) side by side."""

from __future__ import annotations

import json
import sys

import click

from ..rules import GAMES

GAME = click.Choice(GAMES)
DETAIL_AT_MOST = 3  # more matches than this: list them, do not print each in full


@click.command()
@click.argument("query", required=False, default="")
@click.option("--game", "-g", type=GAME, help="Only this ruleset's side.")
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def concept(query: str, game: str | None, as_json: bool) -> None:
    """Show the concept QUERY names (its id, or any of its words: 優先権, チェーン, デッキ切れ,
    block): each ruleset's word for it and the clauses that define and govern it, side by side.
    Without QUERY, list every concept."""
    from .. import concepts as cx

    try:
        everything = cx.load()
    except cx.ConceptError as e:
        click.echo(f"judgekit: {e}", err=True)
        sys.exit(2)
    games = (game,) if game else GAMES
    if not query:
        _list(everything, games, as_json)
        return
    found = cx.find(query)
    if not found:
        if as_json:
            click.echo(json.dumps({"query": query, "concepts": []}, ensure_ascii=False,
                                  indent=2))
        else:
            click.echo(f"No concept is named {query!r}. `judgekit concept` lists them all; "
                       f"`judgekit search {query}` searches the rules' text.", err=True)
        sys.exit(1)
    if as_json:
        rows = [_detail_data(c, games) for c in found]
        click.echo(json.dumps({"query": query, "concepts": rows}, ensure_ascii=False,
                              indent=2))
        return
    if len(found) > DETAIL_AT_MOST:
        click.echo(f"{len(found)} concepts are named by {query!r}:")
        _list(found, games, False)
        return
    click.echo("\n\n".join(_detail_text(c, games) for c in found))


def _first_line(game: str, cid: str) -> str:
    from ..rules import load

    c = load(game).get(cid)
    if c is None:
        return ""
    if c.title:
        return c.title
    return c.first_line(40) if hasattr(c, "first_line") else c.text[:40]


def _detail_data(c, games) -> dict:
    d = c.as_dict(games)
    for g, e in d["games"].items():
        for role in ("define", "govern"):
            if role in e:
                e[role] = [{"id": cid, "line": _first_line(g, cid)} for cid in e[role]]
    return d


def _detail_text(c, games) -> str:
    out = [f"{c.id} — {' · '.join(c.en)}"]
    if c.ja:
        out.append(f"  ja: {' · '.join(c.ja)}")
    if c.words:
        out.append(f"  words: {' · '.join(c.words)}")
    if c.receiver:
        out.append(f"  the side it is done to: {c.receiver}, named by "
                   f"{' · '.join(c.receiving_words())}")
    for g in games:
        e = c.games.get(g)
        if e is None:
            out.append(f"{g:<6} (not judged)")
            continue
        if e.none:
            out.append(f"{g:<6} — no such idea: {e.none}")
            continue
        out.append(f"{g:<6} {e.word}")
        for role, ids in (("defines", e.define), ("governs", e.govern)):
            for k, cid in enumerate(ids):
                label = role if k == 0 else ""
                out.append(f"       {label:<8} {cid:<10} {_first_line(g, cid)}")
    return "\n".join(out)


def _list(items, games, as_json: bool) -> None:
    from ..concepts import AREAS

    if as_json:
        click.echo(json.dumps([{"id": c.id, "area": c.area, "name": c.name,
                                "ja": list(c.ja),
                                "games": {g: (None if c.games[g].none else c.games[g].word)
                                          for g in games if g in c.games}}
                               for c in items], ensure_ascii=False, indent=2))
        return
    titles = dict(AREAS)
    area = None
    for c in items:
        if c.area != area:
            area = c.area
            click.echo(f"\n{titles.get(area, area)}")
        cells = []
        for g in games:
            e = c.games.get(g)
            cells.append(f"{g} {'—' if e is None or e.none else e.word}")
        click.echo(f"  {c.id:<28} {c.name}")
        click.echo(f"  {'':<28} {' | '.join(cells)}")
