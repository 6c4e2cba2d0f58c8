"""Problems with a board file: syntax errors stop loading; semantic flags are only reported.

A `Problem` is a syntax-level error (YAML, or the file's structure: a wrong type, an unknown
key, a missing field). Loading stops with `BoardSyntaxError` holding every problem found.

A `Flag` is a semantic finding about a board that parsed (two player cards on one square,
negative damage, an unknown card id, ...), like python-chess's `Board.status()`; see
`judgekit.board.status`.
"""

from __future__ import annotations


class Problem:
    __slots__ = ("file", "line", "col", "expected", "found", "message")

    def __init__(self, file: str, line: int, col: int, expected: str, found: str,
                 message: str = "") -> None:
        self.file = file
        self.line = line
        self.col = col
        self.expected = expected
        self.found = found
        self.message = message

    def where(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file

    def __str__(self) -> str:
        head = f"{self.where()}: {self.message}" if self.message else f"{self.where()}:"
        return f"{head}\n    expected {self.expected}; found {self.found}"

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.col,
                "expected": self.expected, "found": self.found, "message": self.message}


class BoardSyntaxError(ValueError):
    """The file is not a board file: YAML syntax or structure. Holds every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Flag:
    """A semantic finding. severity: error (an impossible board) or warning (unusual)."""

    __slots__ = ("code", "severity", "message", "file", "line", "col", "path", "clauses")

    def __init__(self, code: str, severity: str, message: str, path: tuple = (),
                 file: str = "", line: int = 0, col: int = 0,
                 clauses: tuple = ()) -> None:
        self.code = code
        self.severity = severity
        self.message = message
        self.path = path
        self.file = file
        self.line = line
        self.col = col
        self.clauses = clauses

    def where(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file or "<board>"

    def __str__(self) -> str:
        cl = f" ({', '.join(self.clauses)})" if self.clauses else ""
        return f"{self.where()}: {self.severity}: {self.code}: {self.message}{cl}"

    def __repr__(self) -> str:
        return f"Flag({self.code}, {self.message!r})"

    def to_json(self) -> dict:
        return {"code": self.code, "severity": self.severity, "message": self.message,
                "file": self.file, "line": self.line, "column": self.col,
                "path": list(self.path), "clauses": list(self.clauses)}
