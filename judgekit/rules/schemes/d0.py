"""Dimension Zero 総合ルール Version 19.00 (seed 002): settings for the shared parser.

Numbering (digest d0.md §1.1, §2): the 序文 (`intro`, items `intro.1`-`intro.4`), parts
`第N部` (`4`), chapters `第N章` restarting in every part (`4.6`), items `N.` (`4.6.3`),
sub-items `N-M.` (`3.12.4-1`), sub-sub-items `N-M-K.` (`4.16.4-3-1`). Dots stand for the levels
the document labels with kanji (部/章), hyphens keep the item number exactly as printed.
Enumerations `(1)`, `A：`, 【例】 paragraphs, the ※ note and unnumbered paragraphs are not units.

Artifacts handled here (digest §1.3):

  A1-A3  the table of contents (lines 17-114) repeats every heading with a page number
                                                                   -> outside the body; only used
                                                                      to cross-check titles
  A4     the body starts right after the TOC, lines 115-117 laid out with TABs -> TABs stripped
  A5     TOC and body titles differ (2.11, 2.14)                    -> body wins, noted
  A6/A7  Cyrillic inside katakana, OCR プ/ブ in zone names          -> kept, noted
  A8     typos that change the meaning (3.10.2, 4.10.2, 3.11.1-1)   -> kept, erratum note
  A11    paragraphs hard-wrapped across a blank line                 -> joined with no space
  A12    items not separated by blank lines                          -> line-based markers
  A13    ` 2.`, `- 3-1.`, `3-2 ` (no dot)                            -> accepted markers
  A14    sub-items whose parent was never printed                    -> virtual parents
  A15    4.8.11-1 lost; the tail of its example survives (line 1027) -> example of 4.8.11,
                                                                      flagged text-lost
  A16    formation icons lost after 「アイコンでは以下の様に表されます。」 -> flagged figure-lost
  A17    chapters with only unnumbered paragraphs (2.27, 4.17)       -> chapter text
  A20    numbers restart in every chapter                            -> ids qualified by part
                                                                      and chapter
  A21    colophon and revision history after the body               -> body ends before 制作
  A22    references in the document's own 部/章/節/項 nomenclature    -> resolved (find_refs)
"""

from __future__ import annotations

import re

from ..model import Clause
from ..parser import SKIP, Context, Event, Scheme

# ---- lines -------------------------------------------------------------------------------------
_TOC = re.compile(r"^(?:序文|第\d+[部章]|\d+\.)[ \t].*\t\d+[ \t]*$")
_TOC_ENTRY = re.compile(r"^(?:(?P<pre>序文)|第(?P<part>\d+)部|第(?P<chap>\d+)章|(?P<item>\d+)\.)"
                        r"[ \t]+(?P<title>.*?)\t(?P<page>\d+)[ \t]*$")
_PREFACE = re.compile(r"^序文[ \t]+(?P<title>\S.*)$")
_PART = re.compile(r"^第(?P<n>\d+)部[ \t]+(?P<title>\S.*)$")
_CHAPTER = re.compile(r"^第(?P<n>\d+)章[ \t]+(?P<title>\S.*)$")
# `1. `, ` 2. `, `- 3-1. `, `1.⇥` and, hyphenated only, `3-2 ` without its dot (A13). A number
# followed by anything else (`2>のカード…`, line 247) is never a marker.
_MARKER = re.compile(r"^[ \t]*(?:-[ \t]*)?(?P<num>\d+(?:-\d+)*)\.(?:[ \t]+(?P<rest>.*))?$")
_MARKER_NODOT = re.compile(r"^[ \t]*(?:-[ \t]*)?(?P<num>\d+(?:-\d+)+)[ \t]+(?P<rest>\S.*)$")
_EXAMPLE = re.compile(r"^【例】(?P<text>.*)$")
_ENUM = re.compile(r"^(?:\(\d+\)|（\d+）|[A-Z]：)")
_END = ("制作", "更新履歴")
_HEADING_MAX = 40
# a titled item (`5. 優先権`, `8. バトルスペースのスクエア／ベーススペースのスクエア`) is a noun
# phrase: no sentence end, no quotation, no particle that a sentence needs, and it does not end in
# hiragana. The first line of an item the extraction wrapped (`2. また、常在型能力はスクエアに…
# 即座に適`, `1. 挟撃とは「…置かれた時、この`) always breaks one of these.
_TITLE_MAX = 30
_NOT_IN_TITLE = ("。", "「", "」", "は", "を", "が", "(", "（")
_OPENERS = "(（"
_LOST_PREFIX = "text lost in the source: line "
_CLOSERS = ")）"

# ---- references (digest §2.4) --------------------------------------------------------------------
# 「4部第9章スペル、…の解決」, (3部11章1-1を参照), 「第11章バトルの1-1」, 「第2部 第10章 第3節 第1項～第3項」
_CHAPTER_REF = re.compile(r"(?:第?(?P<part>\d+)部[ \t]*)?第?(?P<chap>\d+)章")
_SECTION_TAIL = re.compile(r"[ \t]*第(?P<sec>\d+)節(?:[ \t]*第(?P<a>\d+)項"
                           r"(?:[ \t]*[～~][ \t]*第?(?P<b>\d+)項)?)?")
_TITLE_TAIL = re.compile(r"(?P<title>[^\d「」()（）。]*)(?P<item>\d+(?:-\d+)*)?")
# 後述する1項～6項: sub-items of the citing item
_KOU_REF = re.compile(r"(?<![\d第])(?P<a>\d+)項(?:[～~](?P<b>\d+)項)?")
# 1～3の間に / 再び1から: sibling items of the citing item (3.10.3)
_SIBLING_RANGE = re.compile(r"(?<![\d.\-)])(?P<a>\d+)[～~](?P<b>\d+)の間")
_SIBLING_AGAIN = re.compile(r"再び(?P<a>\d+)から")


class D0Scheme(Scheme):
    game = "d0"
    closers = ("。", "」", "）", ")")

    # ---- the document --------------------------------------------------------------------------
    def body(self, lines: list[str]) -> tuple[int, int]:
        # A1/A4: the body starts at the 序文 heading that carries no page number (line 115);
        # the TOC repeats every heading with one. Fallback: after the TOC block, or at the
        # first preface/part heading.
        start = 0
        for i, s in enumerate(lines, 1):
            if _PREFACE.match(s.strip()) and not _TOC.match(s):
                start = i
                break
        if not start:
            start = 1
            for i, s in enumerate(lines, 1):
                if _TOC.match(s):
                    j = i + 1
                    while j <= len(lines) and (not lines[j - 1].strip() or _TOC.match(lines[j - 1])):
                        j += 1
                    start = j
                    break
            else:
                for i, s in enumerate(lines, 1):
                    if _PREFACE.match(s.strip()) or _PART.match(s.strip()):
                        start = i
                        break
        end = len(lines)
        for i in range(start, len(lines) + 1):
            if lines[i - 1].strip() in _END:
                end = i - 1
                break
        return start, end

    def classify(self, line: str, ctx: Context) -> Event:
        st = ctx.state
        if "toc" not in st:
            st["toc"] = _read_toc(ctx.lines)
            st["part"] = st["chapter"] = None
        s = line.strip()
        if _TOC.match(line):
            return SKIP  # a table-of-contents line (heading + TAB + page number) in the body

        m = _PREFACE.match(s)
        if m and st["part"] is None and "intro" not in ctx.seen:
            title = m.group("title").strip()
            return Event("unit", id="intro", unit_kind="preface", title=title,
                         notes=_toc_check(st["toc"], ("intro",), title))
        m = _PART.match(s)
        if m and _heading_like(m.group("title")):
            st["part"], st["chapter"] = m.group("n"), None
            title = m.group("title").strip()
            return Event("unit", id=st["part"], unit_kind="part", title=title,
                         notes=_toc_check(st["toc"], (st["part"],), title))
        m = _CHAPTER.match(s)
        if m and st["part"] is not None and _heading_like(m.group("title")):
            st["chapter"] = m.group("n")
            cid = f"{st['part']}.{st['chapter']}"
            title = m.group("title").strip()
            return Event("unit", id=cid, unit_kind="chapter", title=title,
                         notes=_toc_check(st["toc"], (st["part"], st["chapter"]), title))

        m = _MARKER.match(line) or _MARKER_NODOT.match(line)
        if m:
            prefix = self._prefix(st)
            if prefix is not None:
                cid = f"{prefix}.{m.group('num')}"
                rest = (m.group("rest") or "").strip()
                kind = self.kind_of(cid)
                if _title_only(rest):
                    notes = _toc_check(st["toc"], ("intro", m.group("num")), rest) \
                        if prefix == "intro" else ()
                    return Event("unit", id=cid, unit_kind=kind, title=rest, notes=notes)
                return Event("unit", id=cid, unit_kind=kind, text=rest)

        m = _EXAMPLE.match(s)
        if m:
            return Event("example", text=m.group("text").strip())
        if _ENUM.match(s):
            return Event("item", text="- " + s)
        if self._lost_head(s, ctx):
            # A15: the line after 4.8.11's example begins mid-sentence, inside the card text of
            # an example whose start was lost with clause 11-1; keep it as an example fragment
            cur = ctx.current
            if "text-lost" not in cur.flags:
                cur.flags.append("text-lost")
            cur.notes.append(
                f"{_LOST_PREFIX}{ctx.no} begins in the middle of a sentence "
                "(it closes a parenthesis it never opened); what preceded it is missing. The "
                "fragment is kept as the last example of this clause.")
            return Event("example", text=s)
        return Event("text", text=s)

    @staticmethod
    def _prefix(st: dict) -> str | None:
        if st["part"] is None:
            return "intro"
        if st["chapter"] is None:
            return None  # a number directly under a part heading: not a clause of this document
        return f"{st['part']}.{st['chapter']}"

    @staticmethod
    def _lost_head(s: str, ctx: Context) -> bool:
        """Does this unmarked line start after lost text? It closes a bracket it never opened
        while the paragraph before it is complete (so it is not the second half of a wrap)."""
        if ctx.current is None or not ctx.prev_nonblank:
            return False
        if not ctx.prev_nonblank.strip().endswith(D0Scheme.closers):
            return False
        depth = 0
        for ch in s:
            if ch in _OPENERS:
                depth += 1
            elif ch in _CLOSERS:
                depth -= 1
                if depth < 0:
                    return True
        return False

    def joins(self, paragraph: str, line: str, ctx: Context) -> bool:
        if line.lstrip().startswith("※"):
            return False  # the ※ note is a paragraph of its own
        if super().joins(paragraph, line, ctx):
            return True
        # A11, line 1562 -> 1564: 「…を使用する。」 / とは、… — a topic particle never opens a
        # paragraph, so the line continues the quotation's sentence
        return bool(paragraph) and line.lstrip().startswith("とは") and \
            ctx.prev_event is not None and ctx.prev_event.kind != "item"

    # ---- ids -----------------------------------------------------------------------------------
    def kind_of(self, cid: str) -> str:
        if cid == "intro":
            return "preface"
        parts = cid.split(".")
        if parts[0] == "intro" or len(parts) >= 3:
            return ("item", "subitem", "subsubitem")[min(parts[-1].count("-"), 2)]
        return "part" if len(parts) == 1 else "chapter"

    def parent_of(self, cid: str) -> str | None:
        if cid == "intro":
            return None
        head, dot, last = cid.rpartition(".")
        if "-" in last:
            return f"{head}.{last.rsplit('-', 1)[0]}"
        return head if dot else None

    # ---- references ----------------------------------------------------------------------------
    def find_refs(self, unit: Clause, known) -> list[tuple[str, list[str]]]:
        out: list[tuple[str, list[str]]] = []
        own_part = unit.id.split(".")[0] if unit.id[:1].isdigit() else None
        for s in [unit.title, unit.text, *unit.examples]:
            if not s:
                continue
            taken: list[tuple[int, int]] = []
            for m in _CHAPTER_REF.finditer(s):
                part = m.group("part") or own_part
                if part is None:
                    continue
                base = f"{part}.{m.group('chap')}"
                end = m.end()
                t = _SECTION_TAIL.match(s, end)
                if t and t.group("sec"):
                    item = f"{base}.{t.group('sec')}"
                    if t.group("a"):
                        a, b = int(t.group("a")), int(t.group("b") or t.group("a"))
                        targets = [f"{item}-{k}" for k in range(a, b + 1)]
                    else:
                        targets = [item]
                    end = t.end()
                else:
                    t = _TITLE_TAIL.match(s, end)
                    if t.group("item"):
                        targets = [f"{base}.{t.group('item')}"]
                        end = t.end()
                    else:
                        targets = [base]
                        end = t.end("title")
                out.append((s[m.start():end].strip(), targets))
                taken.append((m.start(), end))

            def free(mm: re.Match) -> bool:
                return not any(a <= mm.start() < b for a, b in taken)

            for m in _KOU_REF.finditer(s):
                if not free(m) or self.kind_of(unit.id) == "chapter":
                    continue
                a, b = int(m.group("a")), int(m.group("b") or m.group("a"))
                out.append((m.group(0), [f"{unit.id}-{k}" for k in range(a, b + 1)]))
            parent = self.parent_of(unit.id)
            if self.kind_of(unit.id) == "item" and parent:
                for m in _SIBLING_RANGE.finditer(s):
                    if free(m):
                        a, b = int(m.group("a")), int(m.group("b"))
                        out.append((m.group(0), [f"{parent}.{k}" for k in range(a, b + 1)]))
                for m in _SIBLING_AGAIN.finditer(s):
                    if free(m):
                        out.append((m.group(0), [f"{parent}.{m.group('a')}"]))
        return out

    # ---- after parsing -------------------------------------------------------------------------
    def finish(self, units: dict[str, Clause], problems: list[str]) -> None:
        for cid, (needle, note) in _ERRATA.items():
            c = units.get(cid)
            if c is None or needle not in c.text:
                problems.append(f"erratum for {cid} no longer matches the text ({needle!r})")
                continue
            c.notes.append(note)
            _flag(c, "source-defect")
        for c in units.values():
            body = "\n".join([c.title, c.text, *c.examples])
            if "アイコンでは以下の様に表されます" in body:
                _flag(c, "figure-lost")
                c.notes.append("the formation icon that follows 「アイコンでは以下の様に表されます。」 "
                               "was lost in extraction; the formation is fully stated in words")
            if any("\u0400" <= ch <= "\u04ff" for ch in body):
                c.notes.append("extraction error: Cyrillic letters inside katakana "
                               "(エクспанション = エクスパンション)")
            for wrong, right in _MISREADINGS:
                if wrong in body:
                    c.notes.append(f"extraction error: {wrong} = {right}")
            if "text-lost" in c.flags and f"{c.id}-1" not in units and f"{c.id}-2" in units:
                # name what was lost: the clause the numbering skips and its example's start
                at = [n for n in c.notes if n.startswith(_LOST_PREFIX)]
                line = at[0][len(_LOST_PREFIX):].split(" ", 1)[0] if at else "?"
                c.notes[:] = [n for n in c.notes if not n.startswith(_LOST_PREFIX)]
                c.notes.append(f"text lost in the source: {c.id}-1 (the next printed clause is "
                               f"{c.id}-2) and the start of its 【例】 are missing; line {line}, "
                               "which begins in the middle of a sentence, is the surviving end "
                               "of that 【例】, kept as this clause's last example")
            if c.id in _LOST_CHARACTER and _LOST_CHARACTER[c.id][0] in c.text:
                c.notes.append(_LOST_CHARACTER[c.id][1])
                _flag(c, "source-defect")


def _flag(c: Clause, flag: str) -> None:
    if flag not in c.flags:
        c.flags.append(flag)


def _heading_like(title: str) -> bool:
    return len(title.strip()) <= _HEADING_MAX and "。" not in title


def _title_only(rest: str) -> bool:
    return (bool(rest) and len(rest) <= _TITLE_MAX and not any(x in rest for x in _NOT_IN_TITLE)
            and not "\u3041" <= rest[-1] <= "\u309f")  # a title ends in a noun, not in kana


def _read_toc(lines: list[str]) -> dict[tuple, tuple[int, str]]:
    """The table of contents: heading key -> (line, title)."""
    toc: dict[tuple, tuple[int, str]] = {}
    part = None
    for no, s in enumerate(lines, 1):
        m = _TOC_ENTRY.match(s)
        if not m:
            continue
        title = m.group("title").strip()
        if m.group("pre"):
            toc[("intro",)] = (no, title)
        elif m.group("part"):
            part = m.group("part")
            toc[(part,)] = (no, title)
        elif m.group("chap") and part is not None:
            toc[(part, m.group("chap"))] = (no, title)
        elif m.group("item") and part is None:
            toc[("intro", m.group("item"))] = (no, title)
    return toc


def _toc_check(toc: dict, key: tuple, title: str) -> tuple[str, ...]:
    """A5: the body's title wins; a different TOC title is worth a note."""
    entry = toc.get(key)
    if entry is None or entry[1] == title:
        return ()
    return (f"the table of contents (line {entry[0]}) gives the title 「{entry[1]}」; "
            "the body's title is used",)


# A8: typos that change the meaning. The text is kept as printed; the note tells a judge how
# judgekit reads it (digest d0.md §1.3 A8, §10.3). Each note applies only while its wording is
# still in the text, so a corrected edition does not inherit a stale erratum.
_ERRATA = {
    "3.10.2": ("スタックに乗せません",
               "erratum: reads 「スタックに乗せません」 (are not put on the stack); 3.10.3 repeats "
               "the procedure when something triggered and 4.6.2 fires the end triggers on the "
               "double pass, so it must be 乗せます (are put on the stack) — judgekit reads it so"),
    "4.10.2": ("持ち主の墓地に置かれず。",
               "erratum: reads 「置かれず。」 (is not put); 4.1.4, 4.1.5 and 2.23.5-1 put a "
               "countered spell into its owner's graveyard, so it must be 置かれます — judgekit "
               "reads it so"),
    "3.11.1-1": ("バトルの発生以外のルールエフェクトは、バトル発生以外のルールエフェクトに優先して",
                 "erratum: the first sentence says rule effects other than a battle's occurrence "
                 "take precedence over rule effects other than a battle's occurrence (a "
                 "tautology); 4.16.4-3-1 states the meaning: the battle-occurrence rule effect is "
                 "processed after every other rule effect"),
}

# A7 (and 863): OCR misreadings a judge should not take for other names
_MISREADINGS = (("ブランゾーン", "プランゾーン"), ("ブロンゾーン", "プランゾーン"),
                ("ブラズマキッド", "プラズマキッド"))

# A11, line 1520 -> 1522: a character was lost at the line break
_LOST_CHARACTER = {
    "6.2.2": ("以下のいれか", "a character was lost at a line break (line 1520): 「以下のいれか」 "
                           "reads 以下のいずれか (one of the following)"),
}


SCHEME = D0Scheme()
