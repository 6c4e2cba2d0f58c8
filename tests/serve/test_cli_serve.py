"""`judgekit serve`: the command, its help, its start and its warnings, and that it costs the
cold lookup nothing."""

from __future__ import annotations

import subprocess
import sys
import urllib.request

from serve_helpers import ROOT, start_live, stop_live

from judgekit.cli import main


def test_help_lists_serve_and_its_options(capsys):
    assert main(["--help"]) == 0
    assert "serve" in capsys.readouterr().out
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for opt in ("--dir", "--port", "--open", "--host", "--time-limit"):
        assert opt in out


def test_without_the_extra_it_says_how_to_install_it(monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("starlette", "uvicorn") else real(name, *a))
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'judgekit[serve]'" in err and "Traceback" not in err


def test_the_cold_lookup_imports_nothing_of_the_workbench():
    code = ("import sys; from judgekit.cli import main; main(['rule', '702.2a']); "
            "bad = [m for m in sys.modules if m.startswith(('starlette', 'uvicorn', "
            "'judgekit.serve', 'judgekit.cli.cmd_serve', 'click'))]; "
            "sys.stderr.write(repr(bad))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stderr.strip() == "[]", r.stderr


def test_it_prints_its_url_and_serves_the_page(tmp_path):
    srv = start_live(tmp_path / "boards")
    try:
        assert srv.url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(srv.url, timeout=30) as r:
            page = r.read().decode()
        assert "judgekit" in page and "/static/workbench.js" in page
        assert (tmp_path / "boards").is_dir()  # the folder is created
    finally:
        stop_live(srv)
    assert srv.proc.returncode in (0, -15)


def test_another_host_is_warned_about(tmp_path):
    srv = start_live(tmp_path, "--host", "127.0.0.2")
    try:
        assert srv.url.startswith("http://127.0.0.2:")
    finally:
        err = stop_live(srv)
    assert "Warning: listening on 127.0.0.2" in err


def test_a_port_in_use_is_one_sentence(tmp_path):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    port = s.getsockname()[1]
    try:
        r = subprocess.run([sys.executable, "-m", "judgekit", "serve", "--port", str(port),
                            "--dir", str(tmp_path)], capture_output=True, text=True, timeout=60)
    finally:
        s.close()
    assert r.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in r.stderr and "Traceback" not in r.stderr


def test_open_opens_the_browser_once_the_server_answers(tmp_path, monkeypatch):
    import shlex
    import time

    out = tmp_path / "opened.txt"
    # webbrowser runs $BROWSER with the address for %s
    script = (f"import sys, urllib.request; u = sys.argv[1]; "
              f"s = urllib.request.urlopen(u, timeout=30).status; "
              f"open({str(out)!r}, 'w').write(f'{{u}} {{s}}')")
    monkeypatch.setenv("BROWSER", f"{shlex.quote(sys.executable)} -c {shlex.quote(script)} %s")
    srv = start_live(tmp_path / "boards", "--open")
    try:
        for _ in range(300):
            if out.exists() and out.read_text():
                break
            time.sleep(0.1)
        assert out.read_text() == f"{srv.url} 200"
    finally:
        stop_live(srv)
