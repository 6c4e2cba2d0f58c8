"""`judgekit search` and `judgekit shell`. Whoosh and the index load inside the commands."""

from __future__ import annotations

import sys

import click

from ..rules import GAMES

GAME = click.Choice(("all",) + GAMES)


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("query", nargs=-1, required=True)
@click.option("--game", "-g", type=GAME, default="all", show_default=True,
              help="Ruleset to search, or all.")
@click.option("--limit", "-n", type=click.IntRange(min=1), default=10, show_default=True,
              help="Hits to show.")
@click.option("--under", "-u", metavar="ID",
              help="Only the clause ID and everything below it (e.g. 900, 第4部, guide.turn).")
@click.option("--json", "as_json", is_flag=True, help="Print the hits as JSON.")
def search(query: tuple[str, ...], game: str, limit: int, under: str | None,
           as_json: bool) -> None:
    """Full-text search of the rules (Japanese), ranked, with the matches highlighted.

    \b
    QUERY forms:
      致死ダメージ        a term (width, dash and space variants match alike)
      ライフ 0 敗北       several terms: all must match
      "ゲーム 開始"       a quoted phrase (「ゲーム開始」 too)
      攻撃されたキャラが破壊された
                          a sentence: read as its words, ranked by how many a clause holds
      登場 OR 退場        either term
      ダメージ -致死      exclude clauses containing a term
      702.2a              a clause number: that clause first, then its mentions

    In a sentence, a part in 「…」 or 『…』 quotes words (「できない」って効果が優先？): read as
    words, the clauses that say it as written ranked higher; a "…" phrase stays required, and
    is read as words when no clause holds it with the rest or when it is an alternative of OR.
    The output says how.

    Heading matches rank first, then clauses under a matching heading, then mentions in the
    rule text, then mentions in examples; ties in clause order. Exit status 1 when nothing
    matches. The index is built on first use and rebuilt when the rules change.
    """
    from ..search.run import run_search
    from ..search.render import use_color

    code = run_search(" ".join(query), game, limit, under, as_json,
                      color=use_color(sys.stdout) if not as_json else False)
    if code:
        sys.exit(code)


@click.command()
@click.option("--game", "-g", type=GAME, default="all", show_default=True,
              help="Ruleset to start with (:game changes it).")
@click.option("--limit", "-n", type=click.IntRange(min=1), default=10, show_default=True,
              help="Hits shown per search (:limit changes it).")
def shell(game: str, limit: int) -> None:
    """Interactive prompt: each line is a clause id or a search; :help lists the commands.

    The index and the rules are opened once, so answers after start-up are immediate.
    History is kept across sessions (in the cache directory) when reading from a terminal.
    """
    import os

    from .. import paths
    from ..search.asks import AsksError
    from ..search.engine import Searcher
    from ..search.render import use_color
    from ..search.run import BuildProgress
    from ..search.shell import Shell

    interactive = sys.stdin.isatty()
    try:
        s = Searcher(progress=BuildProgress(sys.stderr))
    except AsksError as e:  # a judges' phrasings file to fix (as `judgekit search`: exit 2)
        click.echo(f"Error: {e}", err=True)
        sys.exit(2)
    sh = Shell(s, game=game, limit=limit, color=use_color(sys.stdout))
    hist = os.path.join(paths.cache_dir(), "shell_history")
    readline = None
    if interactive:
        try:
            import readline  # noqa: F811  (line editing and history, where available)

            readline.set_history_length(2000)
            try:
                readline.read_history_file(hist)
            except OSError:
                pass
        except ImportError:
            readline = None
        click.echo(sh.banner())
    try:
        while True:
            if interactive:
                try:
                    line = input(sh.prompt())
                except EOFError:
                    click.echo()
                    break
                except KeyboardInterrupt:
                    click.echo()
                    continue
            else:
                line = sys.stdin.readline()
                if not line:
                    break
            out, keep = sh.handle(line)
            if out:
                click.echo(out, color=sh.color)
            if not keep:
                break
    finally:
        if readline is not None:
            try:
                os.makedirs(os.path.dirname(hist), exist_ok=True)
                readline.write_history_file(hist)
            except OSError:
                pass
        s.close()
