"""Crawl a built site and report every internal link that does not resolve.

Checks, for every HTML file under the site directory:
  * each href / src that is not external (no scheme, or file:) names an existing file;
  * each fragment names an element id in the target page (percent-decoded, as browsers do);
  * no page holds the same id twice;
and, for every search index (search/<game>.js), that each document's page and anchor exist.
Returns a list of problems as strings ("file: what"); an empty list means every link resolves.
"""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[tuple[str, str]] = []  # (attribute, value)

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if v is None:
                continue
            if k == "id":
                self.ids.append(v)
            elif k in ("href", "src") and not (tag == "link" and v.startswith("data:")):
                self.links.append((k, v))


def _parse(path: str) -> _Collector:
    c = _Collector()
    with open(path, encoding="utf-8") as f:
        c.feed(f.read())
    c.close()
    return c


def check_site(root: str) -> list[str]:
    root = os.path.abspath(root)
    pages: dict[str, _Collector] = {}
    for d, _, files in os.walk(root):
        for fn in files:
            if fn.endswith(".html"):
                p = os.path.join(d, fn)
                pages[os.path.relpath(p, root).replace(os.sep, "/")] = _parse(p)
    problems: list[str] = []
    ids = {}
    for rel, c in pages.items():
        s = set()
        for i in c.ids:
            if i in s:
                problems.append(f"{rel}: id {i!r} occurs twice")
            s.add(i)
        ids[rel] = s
    for rel, c in sorted(pages.items()):
        base = os.path.dirname(rel)
        for attr, url in c.links:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https", "mailto", "data", "javascript"):
                problems.append(f"{rel}: external {attr} {url!r} (the site must work offline)")
                continue
            if parts.scheme or parts.netloc:
                problems.append(f"{rel}: {attr} {url!r} is not a relative link")
                continue
            target = rel if not parts.path else os.path.normpath(
                os.path.join(base, unquote(parts.path))).replace(os.sep, "/")
            if target.startswith("../") or target == "..":
                problems.append(f"{rel}: {attr} {url!r} leaves the site")
                continue
            full = os.path.join(root, target)
            if os.path.isdir(full):
                problems.append(f"{rel}: {attr} {url!r} names a directory (file:// shows no index.html)")
                continue
            if not os.path.isfile(full):
                problems.append(f"{rel}: {attr} {url!r}: no file {target}")
                continue
            if parts.fragment:
                frag = unquote(parts.fragment)
                if target not in ids:
                    problems.append(f"{rel}: {url!r}: fragment on a non-HTML file")
                elif frag not in ids[target]:
                    problems.append(f"{rel}: {url!r}: no element id {frag!r} in {target}")
    problems.extend(_check_indexes(root, ids))
    return problems


def _check_indexes(root: str, ids: dict[str, set]) -> list[str]:
    out: list[str] = []
    d = os.path.join(root, "search")
    if not os.path.isdir(d):
        return out
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(".js"):
            continue
        with open(os.path.join(d, fn), encoding="utf-8") as f:
            src = f.read()
        start, end = src.find("JK.addIndex("), src.rfind(");")
        if start < 0 or end < 0:
            out.append(f"search/{fn}: not an index script")
            continue
        data = json.loads(src[start + len("JK.addIndex("):end].replace("<\\/", "</"))
        for doc in data["docs"]:
            page = data["pages"][doc[1]]
            if page not in ids:
                out.append(f"search/{fn}: {doc[0]} points at missing page {page}")
            elif doc[0] not in ids[page]:
                out.append(f"search/{fn}: {doc[0]} has no anchor in {page}")
    return out
