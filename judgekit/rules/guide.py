"""The Z/X how-to-play guide (seed 001): a companion document without clause numbers.

Its sections get judgekit's own stable ids (`guide.deck`, `guide.turn.main`, …) from
`rules_data/zx/guide.toml`, so they can be searched and linked like clauses while staying apart
from the comprehensive rules' ids. Headings are matched in the order the table lists them: each
one at the first line after the previous heading whose text equals it (a web page repeats its
headings as image captions).
"""

from __future__ import annotations

import re

from .model import Clause

_BULLET = re.compile(r"^(?P<indent>\s*)•\s*(?P<text>.*)$")
_EXAMPLE = re.compile(r"^例[：:](?P<text>.*)$")
_FRONT_SKIP = {"RULE", "遊び方", "▼"}


def parse_guide(source: str, sections: list[dict], doc: str = "guide",
                game: str = "zx") -> tuple[dict[str, Clause], list[str]]:
    lines = source.splitlines()
    problems: list[str] = []
    # locate each heading in order
    at: dict[int, dict] = {}
    pos = 0
    for sec in sections:
        want = sec["heading"].strip()
        found = 0
        for i in range(pos, len(lines)):
            s = lines[i].strip()
            if s.startswith("▶"):
                s = s[1:].strip()
            if s == want:
                found = i + 1
                break
        if not found:
            problems.append(f"guide heading not found after line {pos}: {want!r} ({sec['id']})")
            continue
        at[found] = sec
        pos = found

    title = lines[0].strip() if lines else ""
    root = Clause(game, doc, None, "guide-page", title=title, line=1, line_end=1, doc=doc)
    units: dict[str, Clause] = {doc: root}
    cur = root
    for no, raw in enumerate(lines, 1):
        if no == 1:
            continue
        s = raw.strip()
        if no in at:
            sec = at[no]
            cid = sec["id"]
            parent = cid.rpartition(".")[0] or None
            cur = Clause(game, cid, parent, "guide-section", title=sec["heading"], line=no,
                         line_end=no, doc=doc)
            units[cid] = cur
            continue
        if not s or (cur is root and (s in _FRONT_SKIP or re.fullmatch(r"[\d.]+ update", s))):
            continue
        if s == "▼":
            continue
        m = _EXAMPLE.match(s)
        if m:
            cur.examples.append(m.group("text").strip())
        else:
            b = _BULLET.match(raw)
            if b:
                depth = max(0, (len(b.group("indent")) - 2) // 2)
                s = "  " * depth + "- " + b.group("text").strip()
            cur.text = f"{cur.text}\n{s}" if cur.text else s
        cur.line_end = no

    for c in units.values():
        c.children = [k for k, v in units.items() if v.parent == c.id]
        if c.parent is not None and c.parent not in units:
            problems.append(f"guide section {c.id}: parent {c.parent} is not defined")
    return units, problems
