"""Output paths (`ruling -o`, `ruling --json`, `step --final`, every `-o`): a regular file is
replaced atomically; a symbolic link keeps being a link and its target gets the content; a FIFO
or a device is written through, never replaced by a regular file; what cannot be written is a
clear error, never a traceback."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading

import pytest

from judgekit.rules.cache import write_atomic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARD = os.path.join(ROOT, "examples", "g2022", "S03-lvup.yaml")


def judgekit(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "judgekit", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=180)


def _read_fifo(path, into: list):
    with open(path, "rb") as f:
        into.append(f.read())


def test_regular_file_is_replaced_whole(tmp_path):
    p = tmp_path / "out.txt"
    p.write_bytes(b"old content that is longer")
    os.chmod(p, 0o640)
    write_atomic(str(p), b"new")
    assert p.read_bytes() == b"new" and stat.S_IMODE(p.stat().st_mode) == 0o640
    assert [q.name for q in tmp_path.iterdir()] == ["out.txt"]


def test_symlink_stays_a_link_and_its_target_gets_the_content(tmp_path):
    (tmp_path / "d").mkdir()
    target = tmp_path / "d" / "real.txt"
    target.write_bytes(b"old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomic(str(link), b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    # a dangling link: the file it names is created
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "d" / "made.txt")
    write_atomic(str(dangling), b"made")
    assert dangling.is_symlink() and (tmp_path / "d" / "made.txt").read_bytes() == b"made"


def test_fifo_reader_gets_the_content_and_the_fifo_stays(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list = []
    t = threading.Thread(target=_read_fifo, args=(fifo, got))
    t.start()
    write_atomic(str(fifo), b"through the pipe")
    t.join(10)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_directory_and_socket_are_errors(tmp_path):
    with pytest.raises(IsADirectoryError):
        write_atomic(str(tmp_path), b"x")
    import socket

    sock_path = tmp_path / "s"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(sock_path))
        with pytest.raises(OSError, match="socket"):
            write_atomic(str(sock_path), b"x")
    finally:
        s.close()


def _device(tmp_path, name, minor):
    """A character device like /dev/null (1,3) or /dev/full (1,7) in tmp_path, where allowed."""
    p = tmp_path / name
    try:
        os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, minor))
        with open(p, "wb"):
            pass
    except (PermissionError, OSError) as e:
        pytest.skip(f"cannot make a device node here: {e}")
    return p


def test_device_is_written_through_not_replaced(tmp_path):
    null = _device(tmp_path, "null", 3)
    write_atomic(str(null), b"discarded")
    assert stat.S_ISCHR(os.lstat(null).st_mode)
    full = _device(tmp_path, "full", 7)
    with pytest.raises(OSError) as e:
        write_atomic(str(full), b"x" * 10)
    assert stat.S_ISCHR(os.lstat(full).st_mode)
    assert e.value.errno is not None


def test_step_final_through_a_fifo_and_a_link(tmp_path):
    fifo = tmp_path / "final.fifo"
    os.mkfifo(fifo)
    got: list = []
    t = threading.Thread(target=_read_fifo, args=(fifo, got))
    t.start()
    r = judgekit("step", BOARD, "--auto", "--final", str(fifo))
    t.join(30)
    assert r.returncode == 0, r.stderr
    assert got and b"ruleset: g2022" in got[0]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)

    real = tmp_path / "boards" / "end.yaml"
    real.parent.mkdir()
    link = tmp_path / "end-link.yaml"
    link.symlink_to(real)
    r = judgekit("step", BOARD, "--auto", "--final", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and "ruleset: g2022" in real.read_text(encoding="utf-8")


def test_ruling_outputs_through_links_and_devices(tmp_path):
    null = _device(tmp_path, "null", 3)
    real = tmp_path / "out" / "r.json"
    real.parent.mkdir()
    link = tmp_path / "r-link.json"
    link.symlink_to(real)
    r = judgekit("ruling", BOARD, "-o", str(null), "--json", str(link))
    assert r.returncode == 0, r.stderr
    assert stat.S_ISCHR(os.lstat(null).st_mode)
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("{")
    full = _device(tmp_path, "full", 7)
    r = judgekit("ruling", BOARD, "-o", str(full))
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "No space left on device" in r.stderr + r.stdout
    assert stat.S_ISCHR(os.lstat(full).st_mode)


def test_final_to_dev_stdout_redirected_to_a_file_follows_the_trace(tmp_path):
    """/dev/stdout is the process's own descriptor: written after the trace already printed
    there, not a rename over the file the shell opened (which would lose the trace)."""
    out = tmp_path / "out.txt"
    with open(out, "wb") as f:
        r = subprocess.run([sys.executable, "-m", "judgekit", "step", BOARD, "--auto", "--final",
                            "/dev/stdout"], stdout=f, stderr=subprocess.PIPE, timeout=180)
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    trace_end = text.index("Stopped before")
    assert text.index("ruleset: g2022") > trace_end
    assert stat.S_ISREG(os.lstat(out).st_mode)


def test_descriptor_names_are_written_to_the_descriptor(tmp_path):
    r, w = os.pipe()
    try:
        write_atomic(f"/dev/fd/{w}", b"via the descriptor")
    finally:
        os.close(w)
    with os.fdopen(r, "rb") as f:
        assert f.read() == b"via the descriptor"
