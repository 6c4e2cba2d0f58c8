"""A small DOM over the standard library's html.parser, enough to check a ruling report.

The report is our own, well-formed output, so a strict tree builder is the better test: an
end tag that does not close the open element is an error here (a browser would repair it
silently and hide a template bug).
"""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class El:
    __slots__ = ("tag", "attrs", "children", "parent")

    def __init__(self, tag: str, attrs: dict, parent: "El | None") -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list = []  # El or str
        self.parent = parent

    # ---- queries -----------------------------------------------------------------------
    def iter(self):
        yield self
        for c in self.children:
            if isinstance(c, El):
                yield from c.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list["El"]:
        out = []
        for e in self.iter():
            if tag is not None and e.tag != tag:
                continue
            if cls is not None and cls not in e.classes:
                continue
            if any(e.attrs.get(k.replace("_", "-")) != v for k, v in attrs.items()):
                continue
            out.append(e)
        return out

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> "El | None":
        r = self.find_all(tag, cls, **attrs)
        return r[0] if r else None

    def by_id(self, ident: str) -> "El | None":
        for e in self.iter():
            if e.attrs.get("id") == ident:
                return e
        return None

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    @property
    def text(self) -> str:
        parts = []
        for c in self.children:
            parts.append(c if isinstance(c, str) else c.text)
        return "".join(parts)

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>"


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = El("#document", {}, None)
        self.cur = self.root
        self.doctype = None
        self.errors: list[str] = []
        self.comments: list[str] = []

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag, attrs) -> None:
        el = El(tag, {k: (v if v is not None else "") for k, v in attrs}, self.cur)
        if len(dict(attrs)) != len(attrs):
            self.errors.append(f"duplicate attribute in <{tag}> at {self.getpos()}")
        self.cur.children.append(el)
        if tag not in VOID:
            self.cur = el

    def handle_startendtag(self, tag, attrs) -> None:
        el = El(tag, {k: (v if v is not None else "") for k, v in attrs}, self.cur)
        self.cur.children.append(el)

    def handle_endtag(self, tag) -> None:
        if tag in VOID:
            return
        if self.cur.tag != tag:
            self.errors.append(f"</{tag}> closes <{self.cur.tag}> at {self.getpos()}")
            # recover: close up to the matching element if there is one
            e = self.cur
            while e is not None and e.tag != tag:
                e = e.parent
            if e is None:
                return
            self.cur = e
        self.cur = self.cur.parent or self.root

    def handle_data(self, data) -> None:
        self.cur.children.append(data)

    def handle_comment(self, data) -> None:
        self.comments.append(data)


def parse(html: str) -> TreeBuilder:
    tb = TreeBuilder()
    tb.feed(html)
    tb.close()
    if tb.cur is not tb.root:
        tb.errors.append(f"unclosed <{tb.cur.tag}> at end of document")
    return tb
