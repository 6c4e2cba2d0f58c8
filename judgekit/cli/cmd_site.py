"""`judgekit site build [-o DIR]`: the static, hyperlinked rules site."""

from __future__ import annotations

import click


@click.group("site")
def site() -> None:
    """Build the static rules site (works from file:// and any static host)."""


@site.command("build")
@click.option("-o", "--out", "out", type=click.Path(file_okay=False), default=None,
              help="Output directory (default: site/_build in the project).")
@click.option("-g", "--game", "games", multiple=True, metavar="GAME",
              help="Only this ruleset (repeatable). Default: every ruleset that loads.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
def build(out: str | None, games: tuple[str, ...], quiet: bool) -> None:
    """Write the site: a home page, one page per top-level section of each ruleset, the
    Z/X how-to-play guide, offline search, and engine example scenarios when the engine
    reports coverage. Open DIR/index.html in a browser, or copy DIR to any web server."""
    import os

    from ..paths import site_dir
    from ..search.asks import AsksError
    from ..site.build import SiteError, build as do_build

    target = out or os.path.join(site_dir(), "_build")
    log = None if quiet else (lambda msg: click.echo(msg, err=True))
    try:
        report = do_build(target, list(games) or None, log=log)
    except (SiteError, AsksError) as e:  # (AsksError: a judges' phrasings file to fix)
        raise click.ClickException(str(e)) from None
    except OSError as e:
        raise click.ClickException(f"cannot write the site to {target}: {e.strerror or e}") from None
    for g, why in report.skipped.items():
        click.echo(f"warning: ruleset {g} skipped: {why}", err=True)
    for w in report.warnings:
        click.echo(f"warning: {w}", err=True)
    if not quiet:
        index = os.path.join(report.out_dir, "index.html")
        click.echo(f"Built {report.pages} pages for {', '.join(report.games)} in {report.seconds:.2f} s "
                   f"({report.files} files, {report.bytes / 1e6:.1f} MB) into {report.out_dir}")
        click.echo(f"Open file://{index}")
