"""The numbering Z/X and its derivative g2022 share: sections N00, rules NNN, clauses NNN.N,
sub-clauses NNN.Na; references written `(702)`, `(801.2a)`, `(206.3~206.4)` or as a bare
dotted id in running text (`702.2aに戻ります`)."""

from __future__ import annotations

import re

from ..model import Clause
from ..parser import Scheme

ID = r"\d{3,4}(?:\.\d{1,2}[a-z]?)?"
PAREN_REF = re.compile(rf"\(({ID})(?:[~～]({ID}))?\)")
BARE_REF = re.compile(r"(?<![\d.])(\d{3,4}\.\d{1,2}[a-z]?)(?![\d])")


class HundredsScheme(Scheme):
    #: section numbers run from 100 to last_section
    last_section = 1200

    def plausible(self, cid: str) -> bool:
        head = int(cid.split(".")[0])
        return 100 <= head < self.last_section + 100

    def kind_of(self, cid: str) -> str:
        if "." not in cid:
            return "section" if cid.endswith("00") else "rule"
        return "subclause" if cid[-1].isalpha() else "clause"

    def parent_of(self, cid: str) -> str | None:
        if "." not in cid:
            return None if cid.endswith("00") else str(int(cid) // 100 * 100)
        return cid[:-1] if cid[-1].isalpha() else cid.split(".")[0]

    def find_refs(self, unit: Clause, known) -> list[tuple[str, list[str]]]:
        out: list[tuple[str, list[str]]] = []
        for part in (unit.title, unit.text, *unit.examples):
            if not part:
                continue
            spans: list[tuple[int, int]] = []
            for m in PAREN_REF.finditer(part):
                a, b = m.group(1), m.group(2)
                spans.append(m.span())
                out.append((m.group(0), siblings_between(a, b) if b else [a]))
            for m in BARE_REF.finditer(part):
                if any(x <= m.start() < y for x, y in spans):
                    continue
                cid = m.group(1)
                if not self.plausible(cid) or (unit.doc == "rules" and cid == unit.id):
                    continue
                out.append((cid, [cid]))
        return out


def siblings_between(a: str, b: str) -> list[str]:
    """206.3~206.4 -> 206.3, 206.4 (siblings between two ids of the same parent)."""
    pa, _, na = a.rpartition(".")
    pb, _, nb = b.rpartition(".")
    if pa and pa == pb and na.isdigit() and nb.isdigit() and int(na) <= int(nb):
        return [f"{pa}.{i}" for i in range(int(na), int(nb) + 1)]
    return [a, b]
