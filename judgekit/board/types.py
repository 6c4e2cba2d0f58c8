"""A small declarative type language for the board file.

One declaration serves two purposes:
  * `check(node, path, ctx)` validates a located YAML node (see `yamlpos`) and returns plain
    Python data, recording the position of every value in `ctx.positions[path]` and every
    problem (with file:line:column, what was expected, what was found) in `ctx.problems`;
  * `schema()` returns the JSON Schema fragment, so `docs/board.schema.json` is generated from
    the very declaration the loader enforces and cannot drift from it.
"""

from __future__ import annotations

import re

from .errors import Problem
from .yamlpos import LMap, LScalar, LSeq, Node, short



def _a(name: str) -> str:
    """`name` with its indefinite article: "an effect instruction", "a mapping"."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"

class Ctx:
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.positions: dict[tuple, tuple[int, int]] = {}
        self.problems: list[Problem] = []

    def bad(self, node: Node, expected: str, found: str | None = None, message: str = "",
            path: tuple = ()) -> None:
        if found is None:
            found = node.describe()
        where = _path_str(path)
        msg = message or (f"bad value for {where}" if where else "bad value")
        self.problems.append(Problem(self.filename, node.line, node.col, expected, found, msg))


def _path_str(path: tuple) -> str:
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out


INVALID = object()  # returned by check() when the value could not be used

# characters that print as nothing or reorder what follows, besides the categories below: the
# combining grapheme joiner, Hangul and Khmer fillers, Mongolian and other variation selectors
_INVISIBLE_EXTRA = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180E,
                    0x180F, 0x3164, 0xFFA0, 0x2800}


def invisible(text: str) -> tuple[int, str] | None:
    """(index, "U+200B ZERO WIDTH SPACE") of the first character of `text` that prints as
    nothing, changes the direction of what follows or is a control, format, private-use,
    unassigned or separator character; None when every character is visible. An identifier
    holding one prints exactly like another that does not (D and D + U+200B)."""
    import unicodedata

    for i, ch in enumerate(text):
        cp = ord(ch)
        cat = unicodedata.category(ch)
        if (cat in ("Cc", "Cf", "Co", "Cs", "Cn", "Zs", "Zl", "Zp") or cp in _INVISIBLE_EXTRA
                or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF):
            return i, f"U+{cp:04X} {unicodedata.name(ch, 'unnamed character')}"
    return None


def _bad_invisible(ctx, node, expected: str, text: str, hit: tuple[int, str], path: tuple,
                   what: str) -> None:
    i, name = hit
    ctx.bad(node, f"{expected} in visible characters only",
            f"{what} {short(text)} with {name} at character {i + 1}",
            f"invisible or direction-changing character in {_path_str(path) or 'the file'}", path)


class T:
    description = ""

    def check(self, node: Node, path: tuple, ctx: Ctx):  # pragma: no cover - abstract
        raise NotImplementedError

    defname: str | None = None  # set for types emitted once under $defs (recursive ones)

    def schema(self, defs: dict | None = None) -> dict:
        """The JSON Schema of this type; named types become a $ref into `defs`."""
        if defs is None:
            defs = {}
        if self.defname:
            if self.defname not in defs:
                defs[self.defname] = {}  # placeholder: stops the recursion
                defs[self.defname] = self._schema(defs)
            return {"$ref": f"#/$defs/{self.defname}"}
        return self._schema(defs)

    def _schema(self, defs: dict) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def expected(self) -> str:
        return "a value"

    def _desc(self, d: dict) -> dict:
        if self.description:
            d["description"] = self.description
        return d


class Str(T):
    """Text. `numbers_ok` accepts a YAML number as its typed text (clause ids such as 605.1);
    such an id is never blank (`until: ""` names no step)."""

    def __init__(self, description: str = "", pattern: str | None = None,
                 numbers_ok: bool = False, pattern_help: str = "") -> None:
        self.description = description
        self.pattern = pattern
        self._re = re.compile(pattern) if pattern else None
        self.numbers_ok = numbers_ok
        self.pattern_help = pattern_help

    def expected(self) -> str:
        return self.pattern_help or "text"

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if not isinstance(node, LScalar) or node.value is None:
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        v = node.value
        if isinstance(v, bool):
            v = node.raw
        elif isinstance(v, (int, float)):
            if not self.numbers_ok and self._re is None:
                v = node.raw
            else:
                v = node.raw
        if self.numbers_ok and isinstance(v, str) and not v.strip():
            ctx.bad(node, f"{self.pattern_help or 'a clause or step id'}, not blank",
                    f"the blank text {node.raw!r}" if node.raw else "the empty text ''",
                    path=path)
            return INVALID
        if self._re is not None:
            hit = invisible(v)
            if hit is not None:  # before the pattern: say which character, not just "bad"
                _bad_invisible(ctx, node, self.expected(), v, hit, path, "the text")
                return INVALID
            if not self._re.fullmatch(v):
                ctx.bad(node, self.expected(), path=path)
                return INVALID
        return v

    def _schema(self, defs):
        d: dict = {"type": ["string", "number"] if self.numbers_ok else "string"}
        if self.pattern and not self.numbers_ok:
            d["pattern"] = "^(?:" + self.pattern + ")$"
        elif self.numbers_ok:
            d["pattern"] = "\\S"  # (applies to the text form only)
        return self._desc(d)


class Text(Str):
    """Free text: any scalar is accepted and kept as typed (numbers and booleans too)."""

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if not isinstance(node, LScalar):
            ctx.bad(node, "text", path=path)
            return INVALID
        if node.value is None:
            return ""
        return node.value if isinstance(node.value, str) else node.raw

    def _schema(self, defs):
        return self._desc({"type": ["string", "number", "boolean", "null"]})


def _bounded(expected: str, bound: str) -> str:
    return f"{expected} ({bound})" if bound else expected


class Int(T):
    """A whole number; `bound` says which clause sets its range, for the error message."""

    def __init__(self, description: str = "", minimum: int | None = None,
                 maximum: int | None = None, bound: str = "") -> None:
        self.description = description
        self.minimum = minimum
        self.maximum = maximum
        self.bound = bound

    def expected(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            text = f"a whole number from {self.minimum} to {self.maximum}"
        elif self.minimum is not None:
            text = f"a whole number ≥ {self.minimum}"
        else:
            text = "a whole number"
        return _bounded(text, self.bound)

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if (not isinstance(node, LScalar) or isinstance(node.value, bool)
                or not isinstance(node.value, int)):
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        if self.minimum is not None and node.value < self.minimum:
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        if self.maximum is not None and node.value > self.maximum:
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        return node.value

    def _schema(self, defs):
        d: dict = {"type": "integer"}
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        return self._desc(d)


class Bool(T):
    def __init__(self, description: str = "") -> None:
        self.description = description

    def expected(self) -> str:
        return "true or false"

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if not isinstance(node, LScalar) or not isinstance(node.value, bool):
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        return node.value

    def _schema(self, defs):
        return self._desc({"type": "boolean"})


class Enum(T):
    """One of `values`; `aliases` maps other spellings (Japanese, card notation) to a value."""

    def __init__(self, values, description: str = "", aliases: dict | None = None) -> None:
        self.values = tuple(values)
        self.aliases = dict(aliases or {})
        self.description = description

    def expected(self) -> str:
        return "one of " + ", ".join(self.values)

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if not isinstance(node, LScalar) or node.value is None:
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        raw = node.raw if not isinstance(node.value, str) else node.value
        if raw in self.values:
            return raw
        if raw in self.aliases:
            return self.aliases[raw]
        low = raw.lower() if isinstance(raw, str) else raw
        for v in self.values:
            if isinstance(v, str) and v.lower() == low:
                return v
        near = _nearest([raw], [v for v in self.values if isinstance(v, str)]) \
            if isinstance(raw, str) else ""
        where = _path_str(path)
        ctx.bad(node, self.expected(), path=path,
                message=(f"bad value for {where}" if where else "bad value") + near)
        return INVALID

    def _schema(self, defs):
        vals = list(self.values) + [a for a in self.aliases if a not in self.values]
        return self._desc({"enum": vals})


class IntOr(T):
    """A whole number, or one of a few words (e.g. `none` for no limit, `inf` for レンジ∞)."""

    def __init__(self, words, description: str = "", minimum: int | None = None,
                 bound: str = "") -> None:
        self.words = tuple(words)
        self.description = description
        self.minimum = minimum
        self.bound = bound

    def expected(self) -> str:
        m = f" ≥ {self.minimum}" if self.minimum is not None else ""
        return _bounded(f"a whole number{m} or " + " / ".join(self.words), self.bound)

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if isinstance(node, LScalar):
            v = node.value
            if isinstance(v, int) and not isinstance(v, bool):
                if self.minimum is None or v >= self.minimum:
                    return v
            elif v is None and "none" in self.words:
                return "none"
            elif isinstance(v, str) and v in self.words:
                return v
            elif isinstance(v, float) and v == float("inf") and "inf" in self.words:
                return "inf"
        ctx.bad(node, self.expected(), path=path)
        return INVALID

    def _schema(self, defs):
        i: dict = {"type": "integer"}
        if self.minimum is not None:
            i["minimum"] = self.minimum
        return self._desc({"anyOf": [i, {"enum": list(self.words)}]})


class List(T):
    def __init__(self, item: T, description: str = "", scalar_ok: bool = False) -> None:
        """`scalar_ok`: a single item may be written without the list brackets."""
        self.item = item
        self.description = description
        self.scalar_ok = scalar_ok

    def expected(self) -> str:
        return f"a list of {self.item.expected()}"

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if isinstance(node, LScalar) and node.value is None:
            return []
        if not isinstance(node, LSeq):
            if self.scalar_ok and not isinstance(node, LSeq):
                v = self.item.check(node, path + (0,), ctx)
                return [] if v is INVALID else [v]
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        out = []
        for i, it in enumerate(node.items):
            v = self.item.check(it, path + (i,), ctx)
            if v is not INVALID:
                out.append(v)
        return out

    def _schema(self, defs):
        arr = {"type": "array", "items": self.item.schema(defs)}
        if self.scalar_ok:
            return self._desc({"anyOf": [arr, self.item.schema(defs), {"type": "null"}]})
        return self._desc({"anyOf": [arr, {"type": "null"}]})


class Field:
    def __init__(self, t: T, required: bool = False, aliases: tuple = ()) -> None:
        self.t = t
        self.required = required
        self.aliases = aliases


class Map(T):
    """A mapping with known keys. `fields`: name -> Field or T."""

    def __init__(self, fields: dict, description: str = "", name: str = "",
                 extra: T | None = None, extra_help: str = "") -> None:
        self.fields = {k: (v if isinstance(v, Field) else Field(v)) for k, v in fields.items()}
        self.description = description
        self.name = name or "mapping"
        self.extra = extra
        self.extra_help = extra_help
        self._alias = {}
        for k, f in self.fields.items():
            for a in f.aliases:
                self._alias[a] = k

    def expected(self) -> str:
        return _a(self.name)

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if isinstance(node, LScalar) and node.value is None and not any(
                f.required for f in self.fields.values()):
            return {}
        if not isinstance(node, LMap):
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        out: dict = {}
        for k, v in node.items:
            name = self._alias.get(k.raw, k.raw)
            f = self.fields.get(name)
            if f is None:
                if self.extra is not None:
                    val = self.extra.check(v, path + (k.raw,), ctx)
                    if val is not INVALID:
                        out[k.raw] = val
                    ctx.positions.setdefault(path + (k.raw,), (k.line, k.col))
                    continue
                known = ", ".join(self.fields)
                ctx.bad(k, f"one of the keys of a {self.name}: {known}"
                        + (f" ({self.extra_help})" if self.extra_help else ""),
                        f"the key {short(k.raw)}",
                        f"unknown key {short(k.raw)} in {_path_str(path) or 'the file'}",
                        path)
                continue
            val = f.t.check(v, path + (name,), ctx)
            if val is not INVALID:
                out[name] = val
        for name, f in self.fields.items():
            if f.required and name not in out and node.get(name) is None and not any(
                    node.get(a) is not None for a in f.aliases):
                ctx.bad(node, f"the key {name!r} ({f.t.expected()})", f"no {name!r}",
                        f"missing {name!r} in {_path_str(path) or 'the file'}", path)
        return out

    def _schema(self, defs):
        props = {}
        for k, f in self.fields.items():
            props[k] = f.t.schema(defs)
            for a in f.aliases:
                props[a] = {"$comment": f"alias of {k}", **f.t.schema(defs)}
        d: dict = {"type": "object", "properties": props}
        req = [k for k, f in self.fields.items() if f.required]
        if req:
            d["required"] = req
        if self.extra is not None:
            d["additionalProperties"] = self.extra.schema(defs)
        else:
            d["additionalProperties"] = False
        return self._desc(d)


class MapOf(T):
    """A mapping whose keys follow a pattern and whose values share one type."""

    def __init__(self, value: T, description: str = "", key_pattern: str | None = None,
                 key_help: str = "a key") -> None:
        self.value = value
        self.description = description
        self.key_pattern = key_pattern
        self._re = re.compile(key_pattern) if key_pattern else None
        self.key_help = key_help

    def expected(self) -> str:
        return f"a mapping of {self.key_help} to {self.value.expected()}"

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if isinstance(node, LScalar) and node.value is None:
            return {}
        if not isinstance(node, LMap):
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        out = {}
        for k, v in node.items:
            hit = invisible(k.raw) if self._re is not None else None
            if hit is not None:
                _bad_invisible(ctx, k, self.key_help, k.raw, hit, path, "the key")
                continue
            if self._re is not None and not self._re.fullmatch(k.raw):
                ctx.bad(k, self.key_help, f"the key {short(k.raw)}", f"bad key in {_path_str(path)}",
                        path)
                continue
            val = self.value.check(v, path + (k.raw,), ctx)
            ctx.positions.setdefault(path + (k.raw,), (k.line, k.col))
            if val is not INVALID:
                out[k.raw] = val
        return out

    def _schema(self, defs):
        d: dict = {"type": "object", "additionalProperties": self.value.schema(defs)}
        if self.key_pattern:
            d = {"type": "object", "patternProperties": {
                "^(?:" + self.key_pattern + ")$": self.value.schema(defs)},
                "additionalProperties": False}
        return self._desc(d)


class ByKind(T):
    """Different types by the YAML node kind: scalar / list / mapping."""

    def __init__(self, scalar: T | None = None, seq: T | None = None, mapping: T | None = None,
                 description: str = "") -> None:
        self.scalar = scalar
        self.seq = seq
        self.mapping = mapping
        self.description = description

    def expected(self) -> str:
        parts = [t.expected() for t in (self.scalar, self.seq, self.mapping) if t is not None]
        return " or ".join(parts)

    def check(self, node, path, ctx):
        t = {"scalar": self.scalar, "list": self.seq, "mapping": self.mapping}[node.kind]
        if t is None:
            ctx.positions[path] = (node.line, node.col)
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        return t.check(node, path, ctx)

    def _schema(self, defs):
        return self._desc({"anyOf": [t.schema(defs) for t in (self.scalar, self.seq, self.mapping)
                                     if t is not None]})


def _nearest(words: list, known) -> str:
    """'; nearest forms: …' — the forms of the vocabulary closest to what the file wrote (an
    ability or instruction the vocabulary cannot express names what it can, issue 20)."""
    import difflib

    near: list = []
    for w in words:
        for m in difflib.get_close_matches(w, list(known), n=3, cutoff=0.5):
            if m not in near:
                near.append(m)
    return f"; nearest forms: {', '.join(near)}" if near else ""


class Tagged(T):
    """A mapping whose kind is named by which of several keys it has (effects, abilities).

    `variants`: key -> Map. The first key of the mapping that names a variant decides; the
    variant's Map must declare that key among its fields. `shorthand`: scalar words accepted
    as a variant with no parameters (e.g. the action `pass`).
    """

    def __init__(self, variants: dict, description: str = "", name: str = "entry",
                 shorthand: tuple = ()) -> None:
        self.variants = variants
        self.description = description
        self.name = name
        self.shorthand = shorthand

    def expected(self) -> str:
        return f"{_a(self.name)} (one of: {', '.join(self.variants)})"

    def check(self, node, path, ctx):
        ctx.positions[path] = (node.line, node.col)
        if isinstance(node, LScalar) and isinstance(node.value, str) and \
                node.value in self.shorthand:
            return {node.value: True}
        if not isinstance(node, LMap):
            ctx.bad(node, self.expected(), path=path)
            return INVALID
        for k, _ in node.items:
            if k.raw in self.variants:
                return self.variants[k.raw].check(node, path, ctx)
        ctx.bad(node, self.expected(), f"keys {', '.join(node.keys()) or '(none)'}",
                f"unknown {self.name} at {_path_str(path) or 'top level'}"
                + _nearest([k.raw for k, _ in node.items if isinstance(k.raw, str)],
                           self.variants), path)
        return INVALID

    def _schema(self, defs):
        alts = []
        for k, m in self.variants.items():
            s = m.schema(defs)
            s = dict(s)
            s["required"] = sorted(set(s.get("required", [])) | {k})
            alts.append(s)
        if self.shorthand:
            alts.append({"enum": list(self.shorthand)})
        return self._desc({"oneOf": alts})


class Ref(Str):
    """A reference by name to something defined elsewhere in the file (a card id, …)."""
