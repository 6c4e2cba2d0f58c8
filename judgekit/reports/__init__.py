"""Cited ruling reports: `judgekit ruling FILE` (see judgekit.reports.ruling).

    >>> from judgekit.reports import make_ruling, write_ruling
    >>> model = make_ruling("examples/zx/T01-battle-lethal-damage.yaml", lang="en")
    >>> write_ruling("examples/zx/T01-battle-lethal-damage.yaml", "T01.html", json_out="T01.json")

Modules: `model` (the report as data, from a board and an engine trace), `picture` (board
layout for the inline SVG), `appendix` (cited clauses from the clause tree), `text` (the
judge's untrusted text), `labels` (ja/en), `render` (Jinja2 → one self-contained HTML file,
and JSON), `ruling` (load → check → run → render → write atomically).
"""

from __future__ import annotations

__all__ = ["RulingError", "make_ruling", "write_ruling"]


class RulingError(Exception):
    """A problem the user can fix (the board file, the choices, the output path).

    `lines` are ready to print, each naming file:line:column where there is one."""

    def __init__(self, lines: list[str], exit_code: int = 1) -> None:
        self.lines = list(lines)
        self.exit_code = exit_code
        super().__init__("\n".join(self.lines))


def make_ruling(path: str, **kw) -> dict:
    from .ruling import make_ruling as _make

    return _make(path, **kw)


def write_ruling(path: str, out_html: str, **kw) -> dict:
    from .ruling import write_ruling as _write

    return _write(path, out_html, **kw)
