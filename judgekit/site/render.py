"""Clause text to HTML: paragraphs, "- " list items, examples, and cross-references as links.

Every piece of source text is HTML-escaped here and returned as `markupsafe.Markup`, so the
templates (autoescape on) can insert it as is. The source's characters are kept; nothing is
normalised for display.

Cross-references: each `Ref` of a clause names the words of the source that make it (`raw`).
They are placed in document order over the clause's title, text and examples: the n-th ref with
a given raw text takes the n-th occurrence. Inside the raw text only the target id is linked when
it is written there (`(702)` -> "(" + link "702" + ")"), so a range such as `(206.3~206.4)`
carries one link per target. A ref whose words cannot be found (never the case in the current
sources, but possible) is listed after the text instead of being lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape


@dataclass
class Span:
    seg: int  # 0 title, 1 text, 2+ examples
    start: int
    end: int
    ref: object  # judgekit.rules.model.Ref


def place_refs(segments: list[str], refs) -> tuple[list[Span], list]:
    """Where each ref's words occur. Returns (spans sorted by position, refs not placed)."""
    spans: list[Span] = []
    unplaced: list = []
    cur_seg, cur_pos = 0, 0
    last_raw_at: dict[str, tuple[int, int]] = {}  # raw -> (seg, start) of its last occurrence
    for r in refs:
        raw = r.raw or r.target
        off = raw.find(r.target) if r.target else -1
        sub_start, sub_len = (off, len(r.target)) if off >= 0 else (0, len(raw))
        found = None
        # 1. the same words as the previous ref (a range like "(206.3~206.4)" yields two refs)
        prev = last_raw_at.get(raw)
        if prev is not None:
            s, p = prev
            a = p + sub_start
            if (s, a) >= (cur_seg, cur_pos) and not _overlaps(spans, s, a, a + sub_len):
                found = (s, p)
        # 2. the next occurrence from the cursor on
        if found is None:
            seg, pos = cur_seg, cur_pos
            while seg < len(segments):
                p = segments[seg].find(raw, pos)
                if p >= 0 and not _overlaps(spans, seg, p + sub_start, p + sub_start + sub_len):
                    found = (seg, p)
                    break
                if p >= 0:
                    pos = p + 1
                    continue
                seg, pos = seg + 1, 0
        if found is None:
            unplaced.append(r)
            continue
        s, p = found
        a, b = p + sub_start, p + sub_start + sub_len
        if "\n" in segments[s][a:b]:
            unplaced.append(r)
            continue
        spans.append(Span(s, a, b, r))
        last_raw_at[raw] = (s, p)
        cur_seg, cur_pos = s, b
    spans.sort(key=lambda sp: (sp.seg, sp.start))
    return spans, unplaced


def _overlaps(spans: list[Span], seg: int, a: int, b: int) -> bool:
    return any(sp.seg == seg and sp.start < b and a < sp.end for sp in spans)


class Linker:
    """Turns a Ref into a link from a given page (knows every unit's page)."""

    def __init__(self, rs, page_of: dict[str, str], current_page: str) -> None:
        self.rs = rs
        self.page_of = page_of
        self.current_page = current_page

    def href(self, target: str) -> str | None:
        from . import fragment, page_file

        page = self.page_of.get(target)
        if page is None:
            return None
        frag = "#" + fragment(target)
        return frag if page == self.current_page else page_file(page) + frag

    def link(self, text: str, target: str, ref=None) -> Markup:
        href = self.href(target)
        status = getattr(ref, "status", "ok") if ref is not None else "ok"
        note = getattr(ref, "note", "") if ref is not None else ""
        unit = self.rs.get(target)
        tip = f"{target} {unit.first_line(60)}" if unit is not None else f"{target}: no such clause"
        if status != "ok" and note:
            tip = f"{status}: {note} — {tip}"
        cls = "ref" if status == "ok" else f"ref ref-{status}"
        # the ⚠ of a wrong reference is drawn by CSS (::after), so copying the text copies only
        # the source's characters
        if href is None:
            return Markup('<span class="ref ref-dangling" title="{}">{}</span>').format(tip, text)
        return Markup('<a class="{}" href="{}" title="{}">{}</a>').format(cls, href, tip, text)


def _inline(text: str, base: int, spans: list[Span], linker: Linker) -> Markup:
    """Escape `text` (which starts at offset `base` of its segment), linking the spans in it."""
    out: list = []
    pos = 0
    for sp in spans:
        a, b = sp.start - base, sp.end - base
        if a < pos or b > len(text):
            continue
        out.append(escape(text[pos:a]))
        out.append(linker.link(text[a:b], sp.ref.target, sp.ref))
        pos = b
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def _seg_spans(spans: list[Span], seg: int) -> list[Span]:
    return [sp for sp in spans if sp.seg == seg]


def blocks(text: str, spans: list[Span], linker: Linker, lead: Markup | None = None) -> Markup:
    """Paragraphs (one per line) and runs of "- " lines as lists.

    `lead` (the clause id of an untitled clause) starts the first paragraph, as in the printed
    rules; when the text opens with a list, it stands in a paragraph of its own before it.
    """
    out: list = []
    base = 0
    in_list = False
    lines = text.split("\n") if text else []
    if lead is not None and (not lines or lines[0].startswith("- ")):
        out.append(Markup('<p class="lead">{}</p>').format(lead))
        lead = None
    for line in lines:
        if not line:
            base += 1
            continue
        line_spans = [sp for sp in spans if base <= sp.start and sp.end <= base + len(line)]
        if line.startswith("- "):
            if not in_list:
                out.append(Markup("<ul>"))
                in_list = True
            body = _inline(line[2:], base + 2, line_spans, linker)
            out.append(Markup("<li>{}</li>").format(body))
        else:
            if in_list:
                out.append(Markup("</ul>"))
                in_list = False
            body = _inline(line, base, line_spans, linker)
            if lead is not None:
                body = lead + Markup(" ") + body
                lead = None
            out.append(Markup("<p>{}</p>").format(body))
        base += len(line) + 1
    if in_list:
        out.append(Markup("</ul>"))
    return Markup("").join(out)


@dataclass
class RenderedClause:
    title: Markup
    body: Markup
    examples: list  # of Markup
    unplaced: list  # refs whose words were not found in the text


def render_clause(c, linker: Linker, lead: Markup | None = None) -> RenderedClause:
    segments = [c.title or "", c.text or ""] + list(c.examples)
    spans, unplaced = place_refs(segments, c.refs)
    title = _inline(c.title or "", 0, _seg_spans(spans, 0), linker)
    body = blocks(c.text, _seg_spans(spans, 1), linker, lead) if (c.text or lead is not None) else Markup("")
    examples = [blocks(e, _seg_spans(spans, 2 + i), linker) for i, e in enumerate(c.examples)]
    return RenderedClause(title, body, examples, unplaced)
