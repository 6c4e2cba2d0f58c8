"""A user's mistake is never a traceback: any text either loads or raises BoardSyntaxError with
positions, and a board that loads can always be checked and stepped."""

from __future__ import annotations

import glob
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgekit.board import BoardSyntaxError, load_text, status
from judgekit.engine.choices import Policy
from judgekit.engine.run import run_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = []
for p in sorted(glob.glob(os.path.join(ROOT, "examples", "zx", "*.yaml")))[::7]:
    with open(p, encoding="utf-8") as f:
        SOURCES.append(f.read())

EDIT_CHARS = st.sampled_from(list(" \t\n:-[]{},#'\"&*!|>%@`abcP12ゼ") + ["  ", "- ", ": "])


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        if op == "insert":
            text = text[:i] + draw(EDIT_CHARS) + text[i:]
        elif op == "delete":
            j = min(len(text), i + draw(st.integers(1, 12)))
            text = text[:i] + text[j:]
        else:
            j = min(len(text), i + 1)
            text = text[:i] + draw(EDIT_CHARS) + text[j:]
    return text


def check(text: str) -> None:
    try:
        b = load_text(text, "m.yaml")
    except BoardSyntaxError as e:
        assert e.problems
        for p in e.problems:
            assert p.file == "m.yaml" and p.message and p.expected and p.found is not None
        return
    flags = status(b)
    if any(f.severity == "error" for f in flags):
        return  # judgekit step refuses such a board
    run = run_board(b, chooser=Policy())
    assert run.stop


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_examples_never_crash(text):
    check(text)


yaml_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 9000), st.text(max_size=5),
                         st.sampled_from(["P1", "P2", "M-C", "zekusu", "self", "506.2", "pass"]))
keys = st.sampled_from(["ruleset", "game", "players", "squares", "P1", "P2", "M-C", "S-C", "id",
                        "power", "owner", "abilities", "auto", "effect", "draw", "life", "hand",
                        "actions", "choices", "expect", "step", "turn", "events", "damage"])
trees = st.recursive(yaml_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)), max_leaves=25)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees)
def test_random_documents_never_crash(tree):
    import yaml

    doc = {"ruleset": "zx", **tree} if isinstance(tree, dict) else tree
    check(yaml.safe_dump(doc, allow_unicode=True))
