"""Output in a legacy terminal encoding (cp932 Windows consoles and SSH sessions, latin-1 or
ASCII locales) never ends in UnicodeEncodeError: a character the terminal cannot show falls
back on its own, to an equivalent where there is one (› → >, ≥ → ≧ or >=) and otherwise to
a \\uXXXX escape, so no clause text is lost."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest

from judgekit.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "zx", "T10-player-damage-no-ignition.yaml")
ENCODINGS = ("cp932", "latin-1", "ascii")


def unescape(text: str) -> str:
    """The text with the fallback's \\uXXXX escapes (surrogate pairs for astral characters)
    read back, as a JSON reader would."""
    return re.sub(r"(?:\\u[0-9a-f]{4})+",
                  lambda m: json.loads('"' + m.group(0) + '"'), text)


def run_in(encoding: str, argv: list[str], monkeypatch, stdin: str = "") -> tuple[int, str, str]:
    """main(argv) with stdout and stderr encoding strictly as a terminal in `encoding` would."""
    out_b, err_b = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_b, encoding=encoding, errors="strict", line_buffering=True)
    err = io.TextIOWrapper(err_b, encoding=encoding, errors="backslashreplace",
                           line_buffering=True)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    sys.stdout.flush()
    sys.stderr.flush()
    return code, out_b.getvalue().decode(encoding), err_b.getvalue().decode(encoding)


COMMANDS = {
    "rule (fast path)": (["rule", "702.2a"], ""),
    "rule --json": (["rule", "702.2a", "--json"], ""),
    "rule d0": (["rule", "第4部第6章3", "--game", "d0"], ""),
    "rule unknown id": (["rule", "702.2z"], ""),
    "rule (click path)": (["rule", "--game", "zx", "--", "702.2a"], ""),
    "search (fast path)": (["search", "致死ダメージ", "--game", "zx", "-n", "3"], ""),
    "search (click path)": (["search", "-g", "zx", "-n", "2", "--", "チャージ", "超過"], ""),
    "search --json": (["search", "致死ダメージ", "--game", "zx", "-n", "2", "--json"], ""),
    "shell": (["shell", "--game", "zx"], "702.2a\n致死ダメージ\n#1\n:under 900\n超過\n"),
    "step": (["step", EXAMPLE, "--auto"], ""),
    "step ja": (["step", EXAMPLE, "--auto", "--lang", "ja"], ""),
    "board check": (["board", "check", EXAMPLE], ""),
    "games": (["games"], ""),
    "coverage": (["coverage"], ""),
    "help": (["search", "--help"], ""),
}


@pytest.fixture(scope="module")
def utf8_answers():
    return {}


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_writes_in_a_legacy_encoding(name, encoding, monkeypatch, utf8_answers):
    from judgekit.cli.terminal import HANDLER

    argv, stdin = COMMANDS[name]
    if name not in utf8_answers:
        utf8_answers[name] = run_in("utf-8", argv, monkeypatch, stdin)
    code, out, err = run_in(encoding, argv, monkeypatch, stdin)
    ref_code, ref_out, ref_err = utf8_answers[name]
    assert "Traceback" not in err and "UnicodeEncodeError" not in err
    assert code == ref_code
    # the answer a UTF-8 terminal gets, each character the terminal lacks replaced on its
    # own (the replacements themselves are checked below): no '?', nothing dropped, no
    # stream re-wrapped in another encoding
    assert out == ref_out.encode(encoding, HANDLER).decode(encoding)
    assert err == ref_err.encode(encoding, HANDLER).decode(encoding)
    if encoding == "cp932" and "›" in ref_out:
        assert "›" not in out and ">" in out


def test_clause_text_survives_every_encoding(monkeypatch):
    from judgekit.rules import load

    text = load("zx").get("702.2a").text
    for enc in ENCODINGS:
        _, out, _ = run_in(enc, ["rule", "702.2a"], monkeypatch)
        assert text in unescape(out), enc
        _, out, _ = run_in(enc, ["rule", "702.2a", "--json"], monkeypatch)
        assert json.loads(out)["text"] == text, enc  # JSON escapes read back exactly


def test_the_fallback_character_by_character():
    from judgekit.cli.terminal import HANDLER, fit  # noqa: F401  (registers the handler)

    def enc(s, e):
        return s.encode(e, HANDLER).decode(e)

    assert enc("ゲーム › 700", "cp932") == "ゲーム > 700"
    assert enc("damage ≥ power", "cp932") == "damage ≧ power"
    assert enc("damage ≥ power", "latin-1") == "damage >= power"
    assert enc("a — b", "cp932") == "a ― b" and enc("a — b", "ascii") == "a -- b"
    assert enc("〜", "cp932") == "～" and enc("•", "cp932") == "・"
    assert enc("７０２－２ａ", "ascii") == "702-2a"  # full-width forms: their ASCII
    assert enc("①", "ascii") == "(1)"
    assert enc("致死", "latin-1") == "\\u81f4\\u6b7b" and enc("é", "ascii") == "\\u00e9"
    assert unescape(enc("𠮷", "ascii")) == "𠮷"  # astral: a JSON surrogate pair
    assert enc("\uf09f", "cp932") == "\\uf09f"  # an extraction artifact stays visible


@pytest.mark.parametrize("encoding", ["cp932", "ascii"])
def test_real_standard_streams(encoding):
    # the fast path and a click command, through the interpreter's own std streams
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    for args in (["rule", "702.2a"], ["games"]):
        r = subprocess.run([sys.executable, "-m", "judgekit", *args], capture_output=True,
                           env=env, timeout=120)
        assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr.decode(encoding)
        r.stdout.decode(encoding)  # what the terminal receives is in its encoding
