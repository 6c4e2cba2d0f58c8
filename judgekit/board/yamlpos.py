"""YAML with positions: `compose()` turns a document into a tree of located nodes.

PyYAML's composer gives every node a start mark (0-based line and column); this module keeps
them (1-based) so that every later complaint about a board file can name file:line:column.
Scalars keep both the resolved value (int, bool, None, str, float) and the raw text, so that a
field meant as a string (a clause id such as `605.1`, which YAML reads as a float) can use the
characters the judge typed.

A YAML syntax error becomes a `BoardSyntaxError` with the position, what the parser expected
and what it found.
"""

from __future__ import annotations

import yaml

from .errors import BoardSyntaxError, Problem

try:  # the C loader is several times faster; fall back silently when libyaml is absent
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader


def short(text: str, limit: int = 60) -> str:
    """repr() of `text`, cut after `limit` characters: a message quotes what was found, not a
    whole 30 MB scalar."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + f"… ({len(text):,} characters)"


class Node:
    __slots__ = ("line", "col")
    kind = "node"

    def __init__(self, line: int, col: int) -> None:
        self.line = line
        self.col = col


class LScalar(Node):
    __slots__ = ("value", "raw", "tag")
    kind = "scalar"

    def __init__(self, value, raw: str, tag: str, line: int, col: int) -> None:
        super().__init__(line, col)
        self.value = value
        self.raw = raw
        self.tag = tag

    def describe(self) -> str:
        if self.value is None:
            return "an empty value"
        if isinstance(self.value, bool):
            return f"the boolean {self.raw!r}"
        if isinstance(self.value, int):
            return f"the number {self.raw}"
        if isinstance(self.value, float):
            return f"the number {self.raw}"
        return f"the text {short(self.raw)}"


class LSeq(Node):
    __slots__ = ("items",)
    kind = "list"

    def __init__(self, items: list, line: int, col: int) -> None:
        super().__init__(line, col)
        self.items = items

    def describe(self) -> str:
        return f"a list of {len(self.items)} item(s)"


class LMap(Node):
    __slots__ = ("items",)
    kind = "mapping"

    def __init__(self, items: list, line: int, col: int) -> None:
        super().__init__(line, col)
        self.items = items  # list of (LScalar key, Node value)

    def describe(self) -> str:
        keys = ", ".join(k.raw for k, _ in self.items[:4])
        return f"a mapping with keys {keys}" if keys else "an empty mapping"

    def get(self, key: str):
        for k, v in self.items:
            if k.raw == key:
                return v
        return None

    def keys(self) -> list[str]:
        return [k.raw for k, _ in self.items]


_constructor = yaml.constructor.SafeConstructor()

# a board file nests 14 levels at most (an ability's effect inside a card inside a zone); a
# deeper document is a mistake, and converting it would exhaust Python's recursion limit
MAX_DEPTH = 64
# the largest bundled board has 235 values; YAML aliases (*name) repeat a node wherever they
# stand, so a few lines can expand to billions of values ("billion laughs"): stop early
MAX_VALUES = 100_000


class _TooLarge(Exception):
    pass


class _Walk:
    """What one conversion shares: the value budget and where the aliases stand.

    PyYAML's composer hands back the anchored node itself wherever an alias (*name) stands,
    so its marks are the anchor's. The parser's alias events, in document order, say where
    each repetition was written: the n-th time the walk meets an already converted node
    outside a repetition is the n-th alias. Every value of a repetition stands at its alias:
    the anchor's own lines were reported when they were met, and what goes wrong only in a
    repetition (a count over the limit, cards where they cannot be) is the alias's doing."""

    __slots__ = ("left", "seen", "aliases", "inside")

    def __init__(self, aliases: list) -> None:
        self.left = MAX_VALUES
        self.seen: set[int] = set()
        self.aliases = iter(aliases)
        self.inside: tuple[int, int] | None = None  # the alias being expanded

    def enter(self, node, line: int, col: int) -> tuple[int, int] | None:
        """The position of the alias if `node` (met outside a repetition) is met again."""
        if id(node) not in self.seen:
            self.seen.add(id(node))
            return None
        mark = next(self.aliases, None)
        return (mark.line + 1, mark.column + 1) if mark is not None else (line, col)


def _convert(node, errors: list, filename: str, depth: int, walk: _Walk):
    if walk.inside is not None:
        return _convert_node(node, errors, filename, depth, walk, *walk.inside)
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    at = walk.enter(node, line, col)
    if at is None:
        return _convert_node(node, errors, filename, depth, walk, line, col)
    walk.inside = at
    try:
        return _convert_node(node, errors, filename, depth, walk, *at)
    finally:
        walk.inside = None


def _convert_node(node, errors: list, filename: str, depth: int, walk: _Walk, line: int,
                  col: int):
    walk.left -= 1
    if walk.left < 0:
        raise _TooLarge(Problem(filename, line, col, f"at most {MAX_VALUES:,} values",
                                "more by here", "the file holds too many values (a YAML "
                                "alias *name counts the values it repeats each time)"))
    if depth >= MAX_DEPTH and not isinstance(node, yaml.ScalarNode):
        errors.append(Problem(filename, line, col, f"at most {MAX_DEPTH} levels of nesting",
                              f"a {'list' if isinstance(node, yaml.SequenceNode) else 'mapping'}"
                              f" nested deeper", "lists and mappings nest too deeply"))
        return LScalar(None, "", node.tag, line, col)
    if isinstance(node, yaml.ScalarNode):
        try:
            value = _constructor.construct_object(node, deep=True)
        except yaml.YAMLError as e:  # e.g. a malformed timestamp
            errors.append(Problem(filename, line, col, "a valid scalar", repr(node.value),
                                  str(e).split("\n")[0]))
            value = node.value
        if isinstance(value, (bytes, bytearray)):
            value = node.value
        if not isinstance(value, (str, int, float, bool, type(None))):
            value = node.value  # dates and other YAML types are read as the text typed
        return LScalar(value, node.value, node.tag, line, col)
    if isinstance(node, yaml.SequenceNode):
        return LSeq([_convert(n, errors, filename, depth + 1, walk) for n in node.value],
                    line, col)
    if isinstance(node, yaml.MappingNode):
        items = []
        seen: dict[str, LScalar] = {}
        for kn, vn in node.value:
            k = _convert(kn, errors, filename, depth + 1, walk)
            if not isinstance(k, LScalar):
                errors.append(Problem(filename, k.line, k.col, "a plain key",
                                      k.describe(), "mapping keys must be plain words"))
                continue
            if k.raw in seen:
                first = seen[k.raw]
                errors.append(Problem(filename, k.line, k.col, "each key once",
                                      f"a second {k.raw!r}",
                                      f"duplicate key {k.raw!r} (first at line {first.line})"))
                continue
            seen[k.raw] = k
            items.append((k, _convert(vn, errors, filename, depth + 1, walk)))
        return LMap(items, line, col)
    raise TypeError(node)  # pragma: no cover - composer yields only these three


def _too_deep(text: str, filename: str, aliases: list, loader=None) -> Problem | None:
    """The first list or mapping nested deeper than MAX_DEPTH, found on the event stream;
    the start mark of every alias goes to `aliases`, in document order.

    The event stream is flat (no recursion) and lazy, so this stops at the first offending
    node; it runs before composing because libyaml 0.2.5+ refuses documents deeper than its
    own limit with a message of its own, and the pure-Python composer recurses per level."""
    depth = 0
    try:
        for ev in yaml.parse(text, Loader=loader or _Loader):
            if isinstance(ev, yaml.AliasEvent):
                aliases.append(ev.start_mark)
            elif isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    kind = "list" if isinstance(ev, yaml.SequenceStartEvent) else "mapping"
                    m = ev.start_mark
                    return Problem(filename, m.line + 1, m.column + 1,
                                   f"at most {MAX_DEPTH} levels of nesting",
                                   f"a {kind} nested deeper",
                                   "lists and mappings nest too deeply")
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        if loader is None and _Loader is not yaml.SafeLoader:
            # libyaml scans ahead of its events and stops at its own depth limit first;
            # the pure-Python scanner has none, so ask it where the nesting goes too deep
            aliases.clear()
            return _too_deep(text, filename, aliases, yaml.SafeLoader)
        return None  # a syntax error of another kind: compose() reports it with its position
    return None


def compose(text: str, filename: str = "<board>") -> Node | None:
    """The located tree of one YAML document; None for an empty document."""
    aliases: list = []
    deep = _too_deep(text, filename, aliases)
    if deep is not None:
        raise BoardSyntaxError([deep])
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 0
        col = mark.column + 1 if mark else 0
        problem = e.problem or "invalid YAML"
        context = e.context or ""
        found = _found_at(text, mark) if mark else _found_from_problem(problem)
        expected = _expected_from_problem(problem, context)
        raise BoardSyntaxError([Problem(filename, line, col, expected, found,
                                        f"YAML syntax error: {problem}"
                                        + (f" ({context})" if context else ""))]) from None
    except yaml.reader.ReaderError as e:
        # a character YAML does not allow (NUL, other control characters); its position is
        # counted in bytes by libyaml, so find the character itself: the first one is it
        ch = chr(e.character) if isinstance(e.character, int) else str(e.character)
        i = text.find(ch)
        line = text.count("\n", 0, i) + 1 if i >= 0 else 0
        col = i - text.rfind("\n", 0, i) if i >= 0 else 0
        raise BoardSyntaxError([Problem(filename, line, col, "printable text",
                                        f"the control character U+{ord(ch):04X}",
                                        f"YAML does not allow this character ({e.reason})")]
                               ) from None
    except yaml.YAMLError as e:
        raise BoardSyntaxError([Problem(filename, 0, 0, "valid YAML", "unreadable input",
                                        f"YAML error: {e}")]) from None
    except UnicodeDecodeError as e:  # pragma: no cover - text is decoded by the caller
        raise BoardSyntaxError([Problem(filename, 0, 0, "UTF-8 text", "undecodable bytes",
                                        str(e))]) from None
    if root is None:
        return None
    errors: list[Problem] = []
    try:
        tree = _convert(root, errors, filename, 0, _Walk(aliases))
    except _TooLarge as e:
        raise BoardSyntaxError([e.args[0]]) from None
    if errors:
        raise BoardSyntaxError(errors)
    return tree


def _found_at(text: str, mark) -> str:
    """What stands at the error position, in words."""
    lines = text.split("\n")
    if mark.line >= len(lines):
        return "the end of the file"
    rest = lines[mark.line][mark.column:]
    if not rest.strip():
        if mark.line + 1 >= len(lines) or not "".join(lines[mark.line + 1:]).strip():
            return "the end of the file"
        return "the end of the line"
    if rest[0] == "\t":
        return "a TAB character (YAML indents with spaces only)"
    return repr(rest[:20]) + ("…" if len(rest) > 20 else "")


def _found_from_problem(problem: str) -> str:
    # PyYAML phrases problems as "expected X, but found Y" or "found character ..."
    if "but found" in problem:
        return problem.split("but found", 1)[1].strip()
    if problem.startswith("found "):
        return problem[len("found "):]
    return problem


def _expected_from_problem(problem: str, context: str) -> str:
    if problem.startswith("expected "):
        return problem[len("expected "):].split(", but found", 1)[0]
    if problem.startswith("did not find expected "):
        return problem[len("did not find expected "):]
    if "mapping values are not allowed" in problem:
        return "a new line or a quoted value after 'key:'"
    if "could not find expected ':'" in problem:
        return "':' after a key"
    if context:
        return f"a well-formed document ({context})"
    return "well-formed YAML"
