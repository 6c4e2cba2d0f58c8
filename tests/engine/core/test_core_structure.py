"""The module graph of the engine and the board packages: no import circle anywhere (the board
package, which reads files, and the engine, which runs them, reach a ruleset's package through
the table `judgekit.engines` and never each other in a circle), and a core that imports no
ruleset.

Every import counts, function-local ones included: a circle held together by imports inside
functions is still a circle (it only moves the ImportError to run time).
"""

from __future__ import annotations

import ast
import os

import pytest

from judgekit import paths

ENGINE = os.path.join(paths.project_root(), "judgekit", "engine")
BOARD = os.path.join(paths.project_root(), "judgekit", "board")
TABLE = os.path.join(paths.project_root(), "judgekit", "engines.py")
TRACKED = ("judgekit.engine", "judgekit.board", "judgekit.engines")


def _module_name(path: str) -> str:
    rel = os.path.relpath(path, os.path.dirname(os.path.dirname(ENGINE)))
    rel = rel[:-3].replace(os.sep, ".")
    return rel[: -len(".__init__")] if rel.endswith(".__init__") else rel


def _imports(path: str, modules: set[str]) -> set[str]:
    """Every judgekit.engine / judgekit.board module this file imports, at any depth of its code. `from . import
    triggers` imports the module triggers (not the package it names)."""
    mod = _module_name(path)
    pkg = mod if path.endswith("__init__.py") else mod.rsplit(".", 1)[0]
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = [target + "." + a.name for a in node.names]
            names = [n for n in subs if n in modules] or [target]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for n in names:
            if n.startswith(TRACKED):
                out.add(n)
    return out


def _graph() -> dict[str, set[str]]:
    files = {_module_name(TABLE): TABLE}
    for top in (ENGINE, BOARD):
        for d, _, fs in os.walk(top):
            for f in fs:
                if f.endswith(".py"):
                    p = os.path.join(d, f)
                    files[_module_name(p)] = p
    return {mod: {t for t in _imports(p, set(files)) if t in files and t != mod}
            for mod, p in files.items()}


def _cycle(g: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str):
        state[n] = 1
        stack.append(n)
        for m in sorted(g[n]):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(g):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_no_import_circle_in_the_engine():
    cyc = _cycle(_graph())
    assert cyc is None, "import circle: " + " -> ".join(cyc)


def test_the_board_package_never_imports_the_engine():
    # issue 20: board/load.py and board/status.py imported judgekit.engine, which imports the
    # board package: a circle through function-local imports. They now read the table.
    g = _graph()
    assert "judgekit.board.load" in g and "judgekit.engines" in g["judgekit.board.load"]
    for m, ts in g.items():
        if m == "judgekit.board" or m.startswith("judgekit.board."):
            bad = {t for t in ts if t == "judgekit.engine" or t.startswith("judgekit.engine.")}
            assert not bad, f"{m} imports {sorted(bad)}"
    assert not any(t.startswith(("judgekit.engine", "judgekit.board"))
                   for t in g["judgekit.engines"] if t != "judgekit.engines")


def test_the_core_imports_no_ruleset():
    from judgekit.engine import ENGINES

    rulesets = set(ENGINES.values())
    g = _graph()
    core = [m for m in g if m.startswith("judgekit.engine.") or m == "judgekit.engine"]
    core = [m for m in core if not any(m == r or m.startswith(r + ".") for r in rulesets)]
    assert "judgekit.engine.game" in core and "judgekit.engine.procedure" in core
    for m in core:
        bad = {t for t in g[m] if any(t == r or t.startswith(r + ".") for r in rulesets)}
        assert not bad, f"{m} imports {sorted(bad)}"


@pytest.mark.parametrize("game", ["zx"])
def test_a_ruleset_package_never_imports_another(game):
    from judgekit.engine import ENGINES

    own = ENGINES[game]
    others = [p for g, p in ENGINES.items() if g != game]
    for m, ts in _graph().items():
        if m == own or m.startswith(own + "."):
            bad = {t for t in ts if any(t == o or t.startswith(o + ".") for o in others)}
            assert not bad, f"{m} imports {sorted(bad)}"


def test_the_graph_sees_function_local_and_relative_imports():
    # the checks above are only as good as the graph: it must see `from . import x` inside a
    # function, and a circle made of such edges must be found
    g = _graph()
    assert "judgekit.engine.zx.triggers" in g["judgekit.engine.zx.game"]
    assert "judgekit.engine.zx.game" in g["judgekit.engine.zx"]  # lazy, inside a method
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
