"""`judgekit search`: the whole command as one function, so the click command and the click-free
fast path in `judgekit.cli` answer identically (as `judgekit rule` does)."""

from __future__ import annotations

import sys


class BuildProgress:
    """Progress of an index build: a click progress bar on stderr, on a terminal only.

    The bar appears when the documents are counted (the trees are loaded) and the slow part,
    writing the index (seconds), starts. Off a terminal nothing is printed.
    """

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.bar = None
        self.done = 0
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False

    def __call__(self, stage: str, n: int) -> None:
        if not self.tty:
            return
        if stage == "total" and self.bar is None:
            import click

            self.bar = click.progressbar(length=n, label="Building the search index",
                                         file=self.stream, show_eta=False)
            self.bar.__enter__()
        elif stage == "index" and self.bar is not None:
            self.bar.update(n - self.done)
            self.done = n
        elif stage == "done" and self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def run_search(query: str, game: str = "all", limit: int = 10, under: str | None = None,
               as_json: bool = False, out=None, err=None, color: bool | None = None) -> int:
    """Print the hits for `query`. Exit code: 0 hits found, 1 none, 2 usage error."""
    from .engine import Searcher

    out = out or sys.stdout
    err = err or sys.stderr
    if limit is not None and limit < 1:
        err.write(f"Error: --limit must be at least 1 (got {limit}).\n")
        return 2
    from .asks import AsksError

    try:
        s = Searcher(progress=BuildProgress(err))
    except AsksError as e:  # a judges' phrasings file to fix: it names the file, line and key
        if as_json:
            import json

            out.write(json.dumps({"query": query, "error": str(e), "hits": []},
                                 ensure_ascii=False) + "\n")
        err.write(f"Error: {e}\n")
        return 2
    try:
        return _answer(s, query, game, limit, under, as_json, out, err, color)
    finally:
        s.close()


def _answer(s, query, game, limit, under, as_json, out, err, color) -> int:
    from .engine import UsageError
    from .render import render_json, render_miss, render_text, use_color

    try:
        res = s.search(query, games=game, under=under, limit=limit)
    except UsageError as e:
        if as_json:
            import json

            out.write(json.dumps({"query": query, "error": str(e), "hits": []},
                                 ensure_ascii=False) + "\n")
        err.write(f"Error: {e}\n")
        return 2
    if not res.hits and res.query.empty:
        # nothing to search for (-, OR alone, only exclusions): a usage error, not a miss
        from .suggest import explain_miss

        msg = f"{query!r}: " + " ".join(explain_miss(s, res))
        if as_json:
            import json

            out.write(json.dumps({"query": query, "error": msg, "hits": []},
                                 ensure_ascii=False) + "\n")
        err.write(f"Error: {msg}\n")
        return 2
    if as_json:
        extra = {}
        if not res.hits:
            extra["message"] = render_miss(s, res)
        out.write(render_json(s, res, extra) + "\n")
        return 0 if res.hits else 1
    if not res.hits:
        err.write(render_miss(s, res) + "\n")
        return 1
    if color is None:
        color = use_color(out)
    out.write(render_text(s, res, color) + "\n")
    return 0
