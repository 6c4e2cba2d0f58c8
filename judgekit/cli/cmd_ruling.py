"""`judgekit ruling FILE [-o OUT.html] [--json OUT.json] [--lang ja|en] [--site-url URL]`."""

from __future__ import annotations

import os
import sys

import click


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", metavar="OUT.html",
              help="The HTML report to write. Default: the board file's name with .html, in "
                   "the current directory.")
@click.option("--json", "json_out", metavar="OUT.json",
              help="Also write the same content as JSON.")
@click.option("--lang", type=click.Choice(["ja", "en"]), default="ja", show_default=True,
              help="Language of the report's headings, labels and step messages (the rules "
                   "text is always the Japanese source).")
@click.option("--site-url", envvar="JUDGEKIT_SITE_URL", metavar="URL",
              help="Where a judgekit rules site is published (e.g. https://example.org/rules/); "
                   "each quoted clause then links to URL/zx/700.html#702.2a. Without it the "
                   "clause's site address is shown as text, so the report holds no link that "
                   "cannot work offline. Also read from $JUDGEKIT_SITE_URL.")
def ruling(file: str, output: str | None, json_out: str | None, lang: str,
           site_url: str | None) -> None:
    """Write a cited HTML ruling for the board-state file FILE.

    Runs the Z/X engine on FILE with its scripted `choices` (strict: a missing choice is an
    error) and writes one self-contained HTML file: event and judge, the rules edition and
    its fingerprint, the question, agreed facts and assumptions, the board before and after
    as pictures, every step with the clauses it applies, the conclusion (with, where the
    run rests on an ambiguous or contradictory reading, the outcome under each reading side by
    side), the readings the engine followed, and the full text of every cited clause. It needs no
    network and no other file: copy it to a USB stick, print it on A4.
    """
    from ..reports import RulingError
    from ..reports.ruling import write_ruling

    if site_url:
        _check_site_url(site_url)
    if output is None:
        stem = os.path.splitext(os.path.basename(file))[0]
        output = stem + ".html"
    try:
        model = write_ruling(file, output, json_out=json_out, lang=lang,
                             site_url=site_url or None)
    except RulingError as e:
        for line in e.lines:
            click.echo(line, err=True)
        sys.exit(e.exit_code)
    steps = len(model["steps"])
    cited = len(model["appendix"])
    out = model["outcome"]
    rc = model.get("reading_comparison")
    depends = ""
    if rc:
        depends = ("; the outcome depends on the reading: " if rc["depends"] else
                   "; the same under every reading of ") + ", ".join(rc["readings"])
    click.echo(f"wrote {output} ({steps} steps, {cited} clauses quoted; "
               f"outcome: {out['text']}{depends})")
    if json_out:
        click.echo(f"wrote {json_out}")


def _check_site_url(url: str) -> None:
    """The report is shared with players: its links may only lead to a web or file address
    (never javascript: or data:), and a URL holds no spaces, quotes or angle brackets."""
    from urllib.parse import urlsplit

    scheme = urlsplit(url).scheme.lower()
    bad = [ch for ch in url if ch.isspace() or ch in '"<>`' or ord(ch) < 32]
    if (scheme and scheme not in ("http", "https", "file")) or bad:
        found = f"the scheme {scheme}:" if scheme not in ("", "http", "https", "file") \
            else f"the character {bad[0]!r}"
        raise click.BadParameter(f"expected the http(s):// or file:// address of a published "
                                 f"rules site (e.g. https://example.org/rules/); found {found} "
                                 f"in {url!r}", param_hint="'--site-url' / $JUDGEKIT_SITE_URL")
