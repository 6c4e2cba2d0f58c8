"""Render a ruling model (judgekit.reports.model) as one self-contained HTML file, or as JSON.

The HTML has everything inline: the stylesheet (templates/ruling/style.css, with its print
rules), the two board pictures as SVG, a few lines of script (none needed to read it). It
loads nothing: no fonts, images, scripts or styles from anywhere, so it opens the same from a
USB stick at a venue as from a web server. Jinja2 autoescaping is on for every template; the
judge's free text additionally goes through `untrusted` (see judgekit.reports.text).
"""

from __future__ import annotations

import json
import os

from ..paths import templates_dir
from .appendix import clause_hover
from .text import untrusted, visible

_ENV = None


def env():
    global _ENV
    if _ENV is None:
        import jinja2

        e = jinja2.Environment(
            loader=jinja2.FileSystemLoader(os.path.join(templates_dir(), "ruling")),
            autoescape=True,  # every template, whatever its file name (.html, .svg, .css)
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
        )
        e.filters["untrusted"] = untrusted
        e.filters["visible"] = visible
        e.filters["block"] = lambda s: untrusted(s, block=True)
        e.filters["hover"] = lambda entry: visible(clause_hover(entry))
        e.filters["fp"] = _group_hex
        _ENV = e
    return _ENV


def _group_hex(h: str) -> str:
    """A sha256 in groups of eight, easier to read aloud and compare."""
    return " ".join(h[i:i + 8] for i in range(0, len(h), 8))


def render_html(model: dict) -> str:
    from markupsafe import Markup

    e = env()
    css = Markup(e.get_template("style.css").render())
    pictures = {}
    for key in ("before", "after"):
        pic = model["boards"].get(key)
        if pic is not None:
            pictures[key] = Markup(e.get_template("board.svg").render(
                pic=pic["picture"], L=model["L"], uid=f"b-{key}"))
    return e.get_template("report.html").render(m=model, L=model["L"], css=css,
                                                pictures=pictures)


def render_json(model: dict) -> str:
    """The same content as the HTML, as data (no pictures' geometry, no labels)."""
    data = {k: v for k, v in model.items() if k not in ("L", "boards", "appendix_by_id")}
    data["boards"] = {k: {kk: vv for kk, vv in v.items() if kk != "picture"}
                      for k, v in model["boards"].items()}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
