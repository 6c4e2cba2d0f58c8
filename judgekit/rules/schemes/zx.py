"""Z/X 総合ルール Ver.1.59 (seed 000): settings for the shared parser.

Numbering (digest zx.md §1.1): sections `N00`, rules `NNN`, clauses `NNN.N`, sub-clauses
`NNN.Na`. Artifacts handled here (digest §1.3, by letter):

  A  the table of contents (lines 9-20) looks like section headings  -> outside the body
  B  102.2-102.7 stand before `100`                                   -> placed by number
  C  stray `- ` before 102 clause ids                                  -> stripped
  D  `**` glued to ids, E `**bold**` icons and emphasis                -> `**` dropped
  F  lost icons leave double spaces / truncated clauses                -> kept as printed
  G  clauses broken across lines after a blank line                    -> joined (no 。 yet)
  H  1012.1 / 1013.1 never printed                                     -> virtual parents
  K  clause text that begins with another clause number                -> only the first id
  L  lines that start with digits but are not clauses                  -> items / outside body
  N  Appendix A and the change log                                     -> outside the body
"""

from __future__ import annotations

import re

from ..model import Clause
from ..parser import Context, Event, SKIP
from ._hundreds import ID, HundredsScheme
_UNIT = re.compile(rf"^\s*(?:-\s+)?({ID}) (.*)$")
_TOC = re.compile(r"^\d{3,4} .*\t\d+\s*$")
_EXAMPLE = re.compile(r"^例[：:](?P<text>.*)$")
_BULLET = re.compile(r"^\s*-\s+(?P<text>\S.*)$")
_LONE_DASH = re.compile(r"^\s*-\s*$")
_EMPTY_TABLE_ROW = re.compile(r"^\s*-?\s*\|[\s|:\-]*\|?\s*$")
_NUMBERED_ITEM = re.compile(r"^\d[.,]\S")  # 901.2b item 9 "9.プレイヤーダメージエフェクト"
_BACK_MATTER = re.compile(r"^(?:[A-Z]{1,2}\d{2}-\d{3}\t|付録 A|変更履歴)")
# figure captions left over from pictures the extraction dropped
_FIGURE_RESIDUE = {"ゼクス イベント プレイヤー", "カードの共通面"}
_TITLE_ONLY_MAX = 15


class ZXScheme(HundredsScheme):
    game = "zx"
    closers = ("。",)

    def body(self, lines: list[str]) -> tuple[int, int]:
        start = 1
        for i, s in enumerate(lines, 1):
            if s.strip() == "目次":
                j = i + 1
                while j <= len(lines) and (not lines[j - 1].strip() or _TOC.match(lines[j - 1])):
                    j += 1
                start = j
                break
        end = len(lines)
        for i in range(start, len(lines) + 1):
            if _BACK_MATTER.match(lines[i - 1]):
                end = i - 1
                break
        return start, end

    def classify(self, line: str, ctx: Context) -> Event:
        s = line.replace("**", "")
        if _LONE_DASH.match(s) or _EMPTY_TABLE_ROW.match(s):
            return SKIP
        if s.strip() in _FIGURE_RESIDUE:
            return Event("skip", flags=("figure-lost",),
                         notes=(f"a figure was lost in extraction (caption “{s.strip()}”, "
                                f"line {ctx.no})",))
        m = _UNIT.match(s)
        if m and self.plausible(m.group(1)):
            cid, rest = m.group(1), m.group(2).strip()
            kind = self.kind_of(cid)
            if kind in ("section", "rule"):
                return Event("unit", id=cid, unit_kind=kind, title=rest)
            if self._title_only(rest):
                # 206.3 イグニッションアイコン: a numbered title whose content is its sub-clauses
                return Event("unit", id=cid, unit_kind=kind, title=rest)
            return Event("unit", id=cid, unit_kind=kind, text=rest)
        m = _EXAMPLE.match(s.strip())
        if m:
            return Event("example", text=m.group("text"))
        if s.lstrip().startswith("|") or "\t" in s:
            return Event("item", text=s.strip())
        m = _BULLET.match(s)
        if m:
            return Event("item", text="- " + m.group("text").strip())
        if _NUMBERED_ITEM.match(s.strip()):
            return Event("item", text=s.strip())
        return Event("text", text=s.strip())

    @staticmethod
    def _title_only(rest: str) -> bool:
        return len(rest) <= _TITLE_ONLY_MAX and not any(ch in rest for ch in "。、")

    def finish(self, units: dict[str, Clause], problems: list[str]) -> None:
        for c in units.values():
            if "(右図)" in c.text or "右図のような図" in c.text:
                if "figure-lost" not in c.flags:
                    c.flags.append("figure-lost")
                    c.notes.append("refers to a figure (右図) that the extraction lost")
        for cid, note in _KNOWN_DEFECTS.items():
            c = units.get(cid)
            if c is not None:
                c.notes.append(note)
                if "source-defect" not in c.flags:
                    c.flags.append("source-defect")


# Defects of the source text a judge must know about (digest zx.md §1.3-F, §3.10). The clause
# text is kept as printed; the note travels with the clause.
_KNOWN_DEFECTS = {
    "801.2c": "text truncated in the source: it ends at a lost 常 icon (「…テキストの「」)",
    "801.2d": "text truncated in the source: it ends at a lost icon (「…テキストの「」)",
    "208.3": "contradicts 604.3a: 208.3 says damage equal to power is NOT dealt (与えません), "
             "604.3a says it is (与えます); judgekit follows 604.3a",
    "313.2a": "reads 公開されません (not public); 402.1f and 1110 require face-up dynamis cards to "
              "be public — judgekit reads it as 公開されます",
    "906.1": "the example's count (1 card) holds only if Lucifer goes to another player's charge; "
             "if its owner is the charge's player, 2 cards must go (1007.1)",
    "909.1": "the change log (2017-11-29) lists 909 among the immediately executed rule effects, "
             "but 901.2/901.2a do not; judgekit checks it in priority pre-processing (909.2)",
    "1207.2": "the 2024 how-to-play guide says the opposite (counters ARE treated as created by "
              "that player); the comprehensive rules' text is kept",
    "206.8": "numbered 206.8 where the pattern of 206.3a-206.5a predicts 206.7a (as printed)",
    "1110.2": "the Lv icons before each format were lost in extraction (leading spaces)",
}


SCHEME = ZXScheme()
