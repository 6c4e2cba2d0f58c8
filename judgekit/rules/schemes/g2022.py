"""Seed 003, an unidentified アカウント/ミッション TCG (Z/X-template derivative): parser settings.

Numbering (digest g2022.md §1.1) is the Z/X one: sections `N00`, rules `NNN`, clauses `NNN.M`,
sub-clauses `NNN.Ma`. The text is a PDF extraction in which every physical line is followed
by an empty line, and the last line of every PDF paragraph ends in one ASCII space (§1.2).

Artifacts handled here (digest §1.3):

  A1  junk marker glued to `100 ゲームの基礎` on line 1             -> stripped
  A2  every sub-clause letter was lost, leaving ` text` (one space) -> lettered a, b, c… under
                                                                       the latest NNN.M; flag
                                                                       `label-lost`
  A3  a lost-label paragraph that begins with `905.3a` / `904.2`    -> a sub-clause, never an id
  A4  a cross-reference wrapped to a line start (`202.2a に戻ります`) -> text: it is a duplicate
                                                                       or out of number order,
                                                                       and it continues an open
                                                                       sentence with a particle
  A5  the garbled label `5.02.1.a.1` (l.960)                         -> the next letter (502.1b),
                                                                       flag `garbled-label`
  A6  change-log dates `2022 年 8 月 11 日`                          -> outside the body
  A7  U+F09F bullets                                                 -> list items "- …"
  A8  the ordered list `1. LvUP エフェクト` …                         -> lines of 1001.2a's text
  A9  wrapped lines that begin with a number (`2 枚`, `１番上`)      -> text (no id follows a
                                                                       finished paragraph)
  A10 ` [ テ キ ス ト ]` continuing an open 「 quote                 -> text, its spaces kept
  A11 `806.3 を自動事象とする…` (a lost icon before a particle)      -> a clause (its paragraph
                                                                       was finished)
  A12 lost icons leave gaps in the text                              -> kept as printed; flag
                                                                       `icon-lost` where a gap
                                                                       or a leading particle
                                                                       shows; `text-lost` when
                                                                       nothing but punctuation
                                                                       is left (906.1b)
  A13 inter-character spaces                                         -> kept (search folds them)
  A14 page breaks: runs of space-only lines                          -> blank (parser)
  A16 figure captions ①–⑫, `※カードの共通面`, the rarity table      -> lines of the text they
                                                                       stand in; `figure-lost`
  A18 full-width digits                                              -> ids are ASCII only
  A19 typos and missing 。                                           -> kept; noted in the clause
  A20 a paragraph end inside a clause with no label after it         -> joined (904.2c)

Joining (§1.2): a broken line continues its paragraph with no space. A line that follows a
paragraph end but opens nothing (no id, no label, no bullet) continues the paragraph too; when
that paragraph end was not a finished sentence, the trailing space stood for something the
extraction lost (an icon: 907.1a, 908.1a) and it is kept as a single space.

An id-looking line that starts a paragraph but is a duplicate or out of number order is kept as
text and its clause flagged `suspect-id` (never seen in this document; a guard for a new one).

Robustness: the paragraph-end space is one signal among several, so that a damaged line end
does not lose a clause. An explicit id is accepted by number order (a wrapped reference is a
duplicate, out of order, or a particle after an open sentence); a one-space line is a lettered
sub-clause unless it continues an open 「 quotation.

References (§2): bare ids `202.2a に戻ります`, `904.2 に従って`, and one parenthesised id
`(501.7a)`.
"""

from __future__ import annotations

import re

from ..model import Clause
from ..parser import Context, Event
from ._hundreds import HundredsScheme

_JUNK = re.compile(r"^<\|[^|>]*\|>")  # A1 (tolerates damage inside the marker)
_UNIT = re.compile(r"^([0-9]{3,4}(?:\.[0-9]{1,2}[a-z]?)?)\s+(\S.*)$")  # ids are ASCII (A18)
_GARBLED = re.compile(r"^([0-9](?:[0-9.]*[0-9])?)\.([a-z])\.[0-9]+\s+(\S.*)$")  # A5: 5.02.1.a.1
_BULLET = "\uf09f"  # A7
_ORDERED = re.compile(r"^\d{1,2}\.\s")  # A8
_BACK_MATTER = re.compile(r"^\s*変更履歴\s*$")  # A6: the change log ends the body
_PARTICLES = "をはがにでのともへ"
_OPENERS = {"「": "」", "“": "”", "（": "）", "(": ")", "[": "]"}
_CLOSERS = ("。", "」", "）", ")")
_SHORT = 24  # a caption, table row or list entry is at most this long
_TITLE_ONLY_MAX = 15
_LETTERS = "abcdefghijklmnopqrstuvwxyz"



def _closed(raw: str | None) -> bool:
    """Does this physical line end its PDF paragraph (a trailing space, §1.2)?"""
    return raw is None or (raw != raw.rstrip())


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (0x3000 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF
            or 0xFF00 <= o <= 0xFFEF or ch in "“”")


def _open_bracket(text: str) -> bool:
    """An opening quote or bracket without its closer (the paragraph is mid-quotation)."""
    return any(text.count(o) > text.count(c) for o, c in _OPENERS.items())


class G2022Scheme(HundredsScheme):
    game = "g2022"
    last_section = 1300  # 1300 その他のルール
    closers = _CLOSERS

    # ---- the document ------------------------------------------------------------------------
    def body(self, lines: list[str]) -> tuple[int, int]:
        for i, s in enumerate(lines, 1):
            if _BACK_MATTER.match(s):
                return 1, i - 1
        return 1, len(lines)

    def classify(self, line: str, ctx: Context) -> Event:
        st = ctx.state
        if not st:
            st.update(last=None, section=None, clause=None, letter="", join=False)
        s = _JUNK.sub("", line) if ctx.no == 1 or line.startswith("<|") else line
        prev = ctx.prev_nonblank
        prev_closed = _closed(prev)
        st["join"] = False

        if s.startswith(_BULLET):  # A7
            return Event("item", text="- " + s[len(_BULLET):].strip())

        m = _UNIT.match(s)
        if m:
            ev = self._explicit(m.group(1), m.group(2), s, prev_closed, ctx)
            if ev is not None:
                return ev
            if prev_closed and ctx.current is not None:
                # not a wrapped reference (that would continue an open sentence): worth a look
                _flag(ctx.current, "suspect-id", f"line {ctx.no}: “{s.strip()[:20]}” looks like a "
                      "clause id but is a duplicate or out of number order; kept as text")

        m = _GARBLED.match(s)
        if m and st["clause"] and m.group(1).replace(".", "") == st["clause"].replace(".", ""):
            return self._lettered(m.group(3), ctx, flags=("garbled-label",), notes=(
                f"the label is printed garbled as “{s.split()[0]}” (line {ctx.no}); read as the "
                "next letter of its clause (digest §9.3)",))

        if s.startswith(" ") and not s.startswith("  ") and s.strip():
            para = _paragraph(ctx.current)
            if not (not prev_closed and _open_bracket(para)):  # A10 stays text
                if st["clause"]:
                    return self._lettered(s.strip(), ctx)

        text = s.rstrip()
        if prev_closed and _closed(s) and len(text.strip()) <= _SHORT and "。" not in text:
            # A8, A16: a short line standing alone between paragraph ends — a figure caption,
            # a table row or an entry of an ordered list
            return Event("item", text=text.strip())
        if not prev_closed:
            st["join"] = True  # a line the extraction broke; its own leading spaces stay (A10)
            return Event("text", text=text)
        if ctx.prev_event is not None and ctx.prev_event.kind == "item":
            return Event("text", text=text.strip())
        st["join"] = True
        if prev is not None and prev.rstrip().endswith(self.closers):
            return Event("text", text=text.strip())  # A20: 904.2c
        return Event("text", text=" " + text.strip())  # the gap a lost icon left (907.1a)

    def _explicit(self, cid: str, rest: str, s: str, prev_closed: bool, ctx: Context) -> Event | None:
        """An id printed at the line start, or None when it is not a clause (A4, A6, A9)."""
        st = ctx.state
        rest = rest.rstrip()
        if rest.startswith("年"):
            return None  # a change-log date
        if not prev_closed and rest[0] in _PARTICLES:
            return None  # A4: `704.5 に戻ります` continues an open sentence
        if cid in ctx.seen:
            return None
        if st["last"] is not None and self.sort_key(cid) <= self.sort_key(st["last"]):
            return None  # A4: out of number order
        kind = self.kind_of(cid)
        if kind == "section" and st["section"] is not None and int(cid) != int(st["section"]) + 100:
            return None
        st["last"] = cid
        if kind == "section":
            st["section"], st["clause"], st["letter"] = cid, None, ""
            return Event("unit", id=cid, unit_kind=kind, title=rest.strip())
        if kind == "rule":
            st["clause"], st["letter"] = None, ""
            return Event("unit", id=cid, unit_kind=kind, title=rest.strip())
        if kind == "subclause":
            st["clause"], st["letter"] = cid[:-1], cid[-1]
            return Event("unit", id=cid, unit_kind=kind, text=rest.strip())
        st["clause"], st["letter"] = cid, ""
        if _closed(s) and len(rest) <= _TITLE_ONLY_MAX and not any(ch in rest for ch in "。、"):
            # 305.3 スカウトアイコン: a numbered title whose content is its sub-clauses
            return Event("unit", id=cid, unit_kind=kind, title=rest.strip())
        return Event("unit", id=cid, unit_kind=kind, text=rest.strip())

    def _lettered(self, text: str, ctx: Context, flags: tuple = (), notes: tuple = ()) -> Event:
        """A2: a paragraph whose auto-numbered letter the extraction lost."""
        st = ctx.state
        i = _LETTERS.index(st["letter"]) + 1 if st["letter"] else 0
        if i >= len(_LETTERS):
            return Event("text", text=text)
        st["letter"] = _LETTERS[i]
        cid = st["clause"] + st["letter"]
        st["last"] = cid
        note = (f"the letter “{st['letter']}” is not printed in the source (lost in extraction, "
                f"line {ctx.no}); lettered by its place among its siblings")
        return Event("unit", id=cid, unit_kind="subclause", text=text.strip(),
                     flags=("label-lost", *flags), notes=(note, *notes))

    def joins(self, paragraph: str, line: str, ctx: Context) -> bool:
        return bool(paragraph) and ctx.state.get("join", False)

    def join(self, paragraph: str, line: str) -> str:
        # `line` keeps what classify decided: its own leading spaces (A10) or the gap of a lost
        # icon; the paragraph's trailing space is the paragraph-end mark, never text
        return paragraph.rstrip() + line

    # ---- after parsing -----------------------------------------------------------------------
    def finish(self, units: dict[str, Clause], problems: list[str]) -> None:
        for c in units.values():
            paras = c.text.split("\n") if c.text else []
            body = [p for p in paras if not _item_like(p)]
            if paras and not any(ch.isalnum() for ch in c.text):
                _flag(c, "text-lost", "the text was lost in extraction: only "
                      f"“{c.text.strip()}” is printed")
            else:
                gaps = [g for p in body for g in _gaps(p)]
                if body and body[0][:1] in _PARTICLES:
                    gaps.insert(0, body[0][:8] + "…")
                if gaps:
                    shown = " ".join(f"«{g}»" for g in gaps[:3]) + (" …" if len(gaps) > 3 else "")
                    _flag(c, "icon-lost", "icons or words were lost in extraction where the "
                          f"text shows a gap or starts with a particle: {shown}")
            if any(p[:1] in "①②③④⑤⑥⑦⑧⑨⑩⑪⑫※" for p in paras) or "右図" in c.text:
                _flag(c, "figure-lost", "a figure was lost in extraction; its captions or the "
                      "reference to it (右図) are kept as printed")
            if body and not body[-1].rstrip().endswith(_CLOSERS + ("]",)) and not c.title:
                _flag(c, "source-defect", "source typo: the last sentence lacks its 。 "
                      "(kept as printed)")
        for cid, needle, flag, note in _KNOWN_DEFECTS:
            c = units.get(cid)
            if c is None:
                continue
            if needle not in c.text:
                problems.append(f"{cid}: expected source text {needle!r} for the known defect "
                                "note; not found")
                continue
            _flag(c, flag, note)


def _paragraph(c: Clause | None) -> str:
    if c is None:
        return ""
    return c.text.rsplit("\n", 1)[-1] if c.text else c.title


def _item_like(p: str) -> bool:
    """A list entry, caption or table row inside a clause's text (kept as printed)."""
    return p.startswith("- ") or (len(p) <= _SHORT and "。" not in p and bool(_ORDERED.match(p)
                                  or p[:1] in "①②③④⑤⑥⑦⑧⑨⑩⑪⑫※" or " " in p))


def _gaps(p: str) -> list[str]:
    """Gaps a lost icon or word left in paragraph `p` (A12), told from justified text (A13).

    A gap is white space that stands where something is missing: next to a particle
    (「その を置く」, 「すべてを します」), inside an empty bracket (「 」, “ ”, （ ）), or a run of
    two or more spaces. Justified text is a chain of three or more single spaces whose words
    are one or two characters long (「自 動 事 象」); a shorter chain right beside one is part of
    the same justified line (「は そ の 能力が有 効 である」) unless it touches a bracket.
    """
    runs = [(m.start(), m.end()) for m in re.finditer(r" +", p) if 0 < m.start() and m.end() < len(p)]
    chains: list[list[int]] = []  # chains of single spaces between words of 1-2 characters
    cur: list[int] = []
    for k, (a, b) in enumerate(runs):
        single = b - a == 1
        if single and cur and a - runs[cur[-1]][1] <= 2:
            cur.append(k)
        else:
            if cur:
                chains.append(cur)
            cur = [k] if single else []
    if cur:
        chains.append(cur)
    spans = [(runs[c[0]][0], runs[c[-1]][1]) for c in chains if len(c) >= 3]
    chained = set()
    for c in chains:
        ca, cb = runs[c[0]][0], runs[c[-1]][1]
        bracketed = any(p[runs[k][0] - 1] in _OPENERS or p[runs[k][1]] in _OPENERS.values()
                        for k in c)
        if len(c) >= 3 or (not bracketed and any(max(x - cb, ca - y) <= 5 for x, y in spans)):
            chained.update(c)
    out = []
    for k, (a, b) in enumerate(runs):
        left, right = p[a - 1], p[b]
        if b - a >= 2:
            out.append(p[max(0, a - 4):b + 4].strip())
        elif (k not in chained and _is_cjk(left) and _is_cjk(right)
              and (left in _PARTICLES or right in _PARTICLES or left in _OPENERS
                   or right in _OPENERS.values())):
            out.append(p[max(0, a - 4):b + 4].strip())
    return out


def _flag(c: Clause, flag: str, note: str) -> None:
    if flag not in c.flags:
        c.flags.append(flag)
    if note not in c.notes:
        c.notes.append(note)


# Defects of the source a judge must know about (digest g2022.md §1.3 A12, A19, §2, §9.3). The
# clause text is kept as printed; each note is attached only while the quoted words are still in
# the text (a changed source reports a problem instead of a stale note).
_LOST_AT_WRAP = ("an icon was lost in extraction where the line wrapped, so no gap shows: "
                 "「{}」")
_KNOWN_DEFECTS = (
    ("704.7", "「ターン終了時」", "source-defect",
     "「ターン終了時」 is almost certainly a leftover of the Z/X template: 704.5 and 704.10 say "
     "「ミッションフェイズ終了時」, and that is how judgekit reads it; flag it in rulings"),
    ("903.1b", "ミッションであるードの能力", "source-defect",
     "source typo: 「ミッションであるードの能力」 should read 「ミッションであるカードの能力」"),
    ("401.5c", "できません。]", "source-defect",
     "source typo: a stray “]” after the last sentence"),
    ("502.5c", "能力やルールによりカードが", "reconstructed",
     "the least certain reconstruction of the document (digest §9.3): Z/X numbers this sentence "
     "as a clause of its own (302.4); here it has the lost-letter layout, so it is 502.5c"),
    # icons lost exactly at a line break leave no space behind: the gap detector cannot see them
    ("304.1a", "そのカードがで示された", "icon-lost",
     _LOST_AT_WRAP.format("そのカードがで示されたゾーン")),
    ("304.4", "テキストの一部にのアイコン", "icon-lost",
     _LOST_AT_WRAP.format("テキストの一部にのアイコン")),
    ("304.6", "テキストの一部にのアイコン", "icon-lost",
     _LOST_AT_WRAP.format("テキストの一部にのアイコン")),
    ("1005.2", "し たの行動", "icon-lost", _LOST_AT_WRAP.format("記 録 し たの行動の回数")),
    ("1110.1", "関連付けられているもエネルギー", "icon-lost",
     _LOST_AT_WRAP.format("キャラに関連付けられているもエネルギーゾーンに移動します")),
)


SCHEME = G2022Scheme()
