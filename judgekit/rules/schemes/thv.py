"""東方VISION 総合ルール(旧) (seed 004): settings for the shared parser.

Numbering (digest thv.md §1.2): chapter `1`, section `1.1`, clause `1.1.1`, lettered sub-item
`1.2.7.a`; nothing deeper. Headings (chapters, sections) are printed without a bullet and carry
a title; clauses are bulleted `- ` and carry text. Artifacts handled here (digest §1.3):

  A1  `- ` bullet before clause ids                               -> stripped
  A2  split bullet: a line that is only `-`, then the id line     -> the id line is a clause
      without its bullet (87 times; 4.9 heading, `-`, 4.9.1)         (never a heading)
  A3  stray `-` before an ordinary `- ` bullet (6 times)          -> dropped
  A4  the title printed on lines 1-3                              -> outside the body
  A5  clauses that read only 省略 / 省略。 (27)                     -> kept, flag `omitted`
  A6  `(アイコン省略)` (icon omitted) before a race / icon name    -> ordinary text
  A7  the last line has no newline                                -> `splitlines()` (parser)
  A8  text beginning with digits or letters right after the id    -> the id ends at a space
  A10 headings with punctuation                                   -> title kept verbatim
  A11 `-` as a value (`「-(ハイフン) 」`)                           -> only `^- ` is a bullet
  A12 1.10 vs 1.1                                                 -> ids are strings, natural sort
  A13 typos of the source                                         -> kept, noted, flag
                                                                     `source-defect`
  A14 (near-)duplicate clauses                                    -> kept, each notes the other
  A15/A16 ability tags `(自動β)`, brackets 〔〕【】「」              -> ordinary text

An unbulleted line that looks like a chapter or section heading is taken as one only when its
first child comes next, or when it is next in number order after a finished sentence: a broken
line that happens to begin with a number never becomes a heading.

References (digest §2):
  * `別項「 2 カードの定義」`, `別項「 3.5 ノードエリア」`   -> the chapter / section named
  * a dotted id in the text, `1.5.3.eに`, `1.5.3.eおよび1.5.4.b` -> that id
  * `6.2.4.bから6.2.4.fまで`                               -> 6.2.4.b … 6.2.4.f
  * `a項`, `d項まで`: a letter of the clause's own procedure  -> a sub-item of a three-level
    clause is a sibling (1.8.7.c: a項 -> 1.8.7.a); of a three-level clause, its child
    (5.3.2: d項 -> 5.3.2.d)
  * `手順 a~e`                                              -> the same letters, as a range
  * `前項` (the previous item)                               -> the previous sibling
  * `本項` (this item) is a reference to the clause itself: it is not emitted, since a link
    to the page the reader is on adds nothing (the same rule as Z/X's own-id mentions).
  References by name only (`装備、呪符の各項`, `戦闘の解決で指定されているタイミング`) are not
  linked: they carry no number.
"""

from __future__ import annotations

import difflib
import re

from ..model import Clause
from ..parser import Context, Event, Scheme, SKIP

ID = r"\d+\.\d+\.\d+\.[a-z]|\d+(?:\.\d+){0,2}"
_UNIT = re.compile(rf"^(?P<bullet>\s*-[ \t]+)?(?P<id>{ID})(?:[ \t]+(?P<rest>.*))?$")
_LONE_DASH = re.compile(r"^\s*-\s*$")
_BULLET = re.compile(r"^\s*-[ \t]+(?P<text>\S.*)$")
_OMITTED = re.compile(r"^省略。?$")

# references
_REF_ID = r"\d+(?:\.\d+)+(?:\.[a-z])?"
_SEE = re.compile(r"別項「\s*(?P<id>\d+(?:\.\d+)*(?:\.[a-z])?)\s*(?P<title>[^」]*)」")
_DOTTED = re.compile(rf"(?<![\d.])(?P<id>{_REF_ID})(?![0-9A-Za-z])")
_RANGE = re.compile(rf"(?<![\d.])(?P<a>{_REF_ID})\s*から\s*(?P<b>{_REF_ID})\s*まで")
_STEPS = re.compile(r"手順\s*(?P<a>[a-z])\s*[~〜～]\s*(?P<b>[a-z])(?![A-Za-z])")
_LETTER = re.compile(r"(?<![0-9A-Za-z.])(?P<l>[a-z])\s*項")
_PREVIOUS = re.compile(r"前項")


class THVScheme(Scheme):
    game = "thv"
    closers = ("。",)

    # ---- the document ------------------------------------------------------------------------
    def body(self, lines: list[str]) -> tuple[int, int]:
        """From the first numbered line: lines 1-3 hold the title, printed twice, and the
        English title (A4)."""
        for i, s in enumerate(lines, 1):
            m = _UNIT.match(s)
            if m and m.group("rest"):
                return i, len(lines)
        raise ValueError("no numbered line")

    def classify(self, line: str, ctx: Context) -> Event:
        if _LONE_DASH.match(line):
            return SKIP  # A2 the bullet of the next line, or A3 a stray dash: the id says which
        m = _UNIT.match(line)
        if m:
            cid, rest = m.group("id"), (m.group("rest") or "").strip()
            kind = self.kind_of(cid)
            bulleted = m.group("bullet") is not None
            split = ctx.prev_nonblank is not None and bool(_LONE_DASH.match(ctx.prev_nonblank))
            if kind in ("chapter", "section"):
                if bulleted or split or self._heading_fits(cid, ctx):
                    ctx.state["heading"] = cid
                    return Event("unit", id=cid, unit_kind=kind, title=rest)
            else:
                # three components or a letter: always a clause, bulleted (A1), split (A2) or not
                if _OMITTED.match(rest):
                    return Event("unit", id=cid, unit_kind=kind, text=rest, flags=("omitted",),
                                 notes=("the source prints only 省略 (omitted): this edition "
                                        "leaves the rule out",))
                return Event("unit", id=cid, unit_kind=kind, text=rest)
        b = _BULLET.match(line)
        if b:
            return Event("item", text="- " + b.group("text").strip())
        return Event("text", text=line.strip())

    def _heading_fits(self, cid: str, ctx: Context) -> bool:
        """Is an unbulleted `N` / `N.M` line a heading? Every heading of the source is followed
        by its first child (`3` then `3.1`, `4.9` then `-` / `4.9.1`); failing that, a line
        that is next in number order after a finished sentence is one too. A line that
        continues a broken sentence (`別項「` / `2 カードの定義」を参照。`) is not."""
        i = ctx.no
        while True:
            i, nxt = ctx.next_nonblank(i)
            if not i or not _LONE_DASH.match(nxt):
                break
        m = _UNIT.match(nxt)
        if m and m.group("id") == cid + ".1":
            return True
        cur = ctx.current
        finished = cur is None or bool(cur.title and not cur.text) or (
            (cur.text or cur.title).rstrip().endswith(self.closers))
        prev = ctx.state.get("heading")
        if prev is None:
            expected = {"1"}
        else:
            parts = prev.split(".")
            expected = {str(int(parts[0]) + 1)}
            if len(parts) == 1:
                expected.add(prev + ".1")
            else:
                expected.add(f"{parts[0]}.{int(parts[1]) + 1}")
        return finished and cid in expected

    # ---- ids -----------------------------------------------------------------------------------
    def kind_of(self, cid: str) -> str:
        parts = cid.split(".")
        if parts[-1].isalpha():
            return "subitem"
        return ("chapter", "section", "clause")[min(len(parts), 3) - 1]

    def parent_of(self, cid: str) -> str | None:
        head, dot, _ = cid.rpartition(".")
        return head if dot else None

    # ---- references ------------------------------------------------------------------------
    def find_refs(self, unit: Clause, known) -> list[tuple[str, list[str]]]:
        found: list[tuple[str, list[str]]] = []
        for part in (unit.title, unit.text, *unit.examples):
            if not part:
                continue
            out: list[tuple[int, str, list[str]]] = []
            taken: list[tuple[int, int]] = []

            def free(span: tuple[int, int]) -> bool:
                return not any(a < span[1] and span[0] < b for a, b in taken)

            def add(m: re.Match, raw: str, targets: list[str]) -> None:
                taken.append(m.span())
                targets = [t for t in targets if t != unit.id]  # 本項-like mentions of itself
                if targets:
                    out.append((m.start(), raw, targets))

            for m in _SEE.finditer(part):
                add(m, m.group(0), [m.group("id")])
            for m in _RANGE.finditer(part):
                if free(m.span()):
                    add(m, m.group(0), _range(m.group("a"), m.group("b")))
            for m in _DOTTED.finditer(part):
                if free(m.span()):
                    add(m, m.group("id"), [m.group("id")])
            for m in _STEPS.finditer(part):
                if free(m.span()):
                    base = self._procedure_of(unit.id)
                    add(m, m.group(0), [f"{base}.{chr(c)}" for c in
                                        range(ord(m.group("a")), ord(m.group("b")) + 1)])
            for m in _LETTER.finditer(part):
                if free(m.span()):
                    add(m, m.group(0), [f"{self._procedure_of(unit.id)}.{m.group('l')}"])
            for m in _PREVIOUS.finditer(part):
                if free(m.span()):
                    add(m, m.group(0), [_previous_sibling(unit.id)])
            out.sort(key=lambda t: t[0])
            found.extend((raw, targets) for _, raw, targets in out)
        return found

    def _procedure_of(self, cid: str) -> str:
        """The clause whose lettered steps `a項` / `手順 a~e` name: a sub-item's parent, or the
        three-level clause itself."""
        if self.kind_of(cid) == "subitem":
            return self.parent_of(cid) or cid
        return cid

    # ---- after parsing -----------------------------------------------------------------------
    def finish(self, units: dict[str, Clause], problems: list[str]) -> None:
        _check_sequence(self, units, problems)
        for cid, (printed, note) in _TYPOS.items():
            c = units.get(cid)
            if c is None:
                continue  # not this document (a test's excerpt): nothing to note
            if printed not in c.text:
                problems.append(f"{cid}: known typo {printed!r} not found; note not added")
                continue
            c.notes.append(note)
            if "source-defect" not in c.flags:
                c.flags.append("source-defect")
        for a, b, how in _DUPLICATES:
            ca, cb = units.get(a), units.get(b)
            if ca is None or cb is None:
                continue
            ratio = difflib.SequenceMatcher(None, ca.text, cb.text).ratio()
            if ratio < 0.75:
                problems.append(f"{a} / {b}: listed as duplicates but only {ratio:.2f} alike")
                continue
            same = "the same text as" if ca.text == cb.text else "nearly the same text as"
            ca.notes.append(f"{same} {b} ({how})")
            cb.notes.append(f"{same} {a} ({how})")


def _range(a: str, b: str) -> list[str]:
    """6.2.4.b, 6.2.4.f -> 6.2.4.b … 6.2.4.f (siblings; otherwise just both ends)."""
    pa, _, la = a.rpartition(".")
    pb, _, lb = b.rpartition(".")
    if pa and pa == pb:
        if la.isdigit() and lb.isdigit() and int(la) <= int(lb):
            return [f"{pa}.{i}" for i in range(int(la), int(lb) + 1)]
        if la.isalpha() and lb.isalpha() and len(la) == len(lb) == 1 and la <= lb:
            return [f"{pa}.{chr(c)}" for c in range(ord(la), ord(lb) + 1)]
    return [a, b]


def _previous_sibling(cid: str) -> str:
    """前項: the item before this one. For a first item there is none: the target is left
    as `<parent>.前項`, which does not resolve and is reported."""
    head, _, last = cid.rpartition(".")
    prefix = f"{head}." if head else ""
    if last.isdigit() and int(last) > 1:
        return f"{prefix}{int(last) - 1}"
    if last.isalpha() and last > "a":
        return f"{prefix}{chr(ord(last) - 1)}"
    return f"{prefix}前項"


def _check_sequence(scheme: Scheme, units: dict[str, Clause], problems: list[str]) -> None:
    """Every id is the first child of the id before it, or the next sibling of it or of one of
    its ancestors (digest §1.2): report any gap or jump."""
    prev: str | None = None
    for cid, c in units.items():
        if prev is not None and cid not in _successors(prev):
            problems.append(f"line {c.line}: {cid} does not follow {prev} in number order")
        elif prev is None and cid != "1":
            problems.append(f"line {c.line}: the first id is {cid}, not 1")
        prev = cid


def _successors(cid: str) -> set[str]:
    parts = cid.split(".")
    out = set()
    if len(parts) < 3:
        out.add(cid + ".1")
    elif len(parts) == 3:
        out.add(cid + ".a")
    while parts:
        last = parts[-1]
        nxt = chr(ord(last) + 1) if last.isalpha() else str(int(last) + 1)
        out.add(".".join(parts[:-1] + [nxt]))
        parts = parts[:-1]
    return out


# A13: typos of the source, kept as printed (search folds the ones a query may hit, see
# judgekit.search.normalize.VARIANTS); each note says what is meant.
_TYPOS = {
    "10.12.1": ("マナジャージ", "typo in the source: マナジャージ for マナチャージ (the heading "
                              "10.12 reads マナチャージ( X))"),
    "3.1.5.b": ("非公情報", "typo in the source: 非公情報 for 非公開情報"),
    "5.5.5": ("指定さていない", "typo in the source: 指定さていない for 指定されていない"),
    "12.10.2.b": ("何からの処理", "typo in the source: 何からの処理 for 何らかの処理"),
    "9.4.4.g": ("破棄する場合が条件", "the second sentence reads 破棄する場合が条件の「自動γ」 where "
                                  "破棄される場合 is meant (the step resolves 破棄される場合; compare "
                                  "9.3.4.b and 11.3.3.c)"),
}

# A14: clauses printed twice, in two places (kept both; each one names the other)
_DUPLICATES = (
    ("1.2.8", "4.6.3", "game start and the draw phase both state the first-turn draw skip"),
    ("1.5.3.a", "1.9.2", "the loss by life points, under 勝敗 and under ライフポイント"),
    ("2.3.4", "12.1.3", "declaring a name, under 名称 and under 宣言"),
    ("2.6.5", "12.1.4", "declaring a race, under 種族 and under 宣言"),
)


SCHEME = THVScheme()
