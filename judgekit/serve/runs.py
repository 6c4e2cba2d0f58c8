"""Engine runs in worker processes, each answer within a time budget.

The engines are plain Python: a board that loops in a way the loop detection does not catch,
or an engine defect that never returns, would hold a thread forever, and a thread cannot be
stopped. So every board operation (judgekit.serve.work: check, sync, run, picture, ruling)
runs in a worker process (`python -m judgekit.serve.work`), one JSON line in, one JSON line
out. The server waits for the answer with a deadline; a worker that overruns it is killed and
a fresh one started in its place, and the request is answered "time budget exceeded". A
crash in a worker (an exception) is an answer like any other; a worker that dies is
replaced. The server itself never runs an engine.

Workers start warm (rulesets, engines and templates loaded: `work.warm`), so a live check
costs one round trip over a pipe.
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import sys
import threading
import time

DEFAULT_TIMEOUT = 10.0  # seconds for one operation
READY_TIMEOUT = 120.0  # a worker's start (loading the rulesets, first time: parsing them)


class WorkerError(Exception):
    """The operation did not produce an answer (time budget, worker died)."""

    def __init__(self, message: str, status: int = 503) -> None:
        super().__init__(message)
        self.status = status


class Worker:
    def __init__(self) -> None:
        env = dict(os.environ)
        env["PYTHONUNBUFFERED"] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "judgekit.serve.work"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=None, env=env, close_fds=True)
        self.buf = b""
        self.ready = False

    def _line(self, deadline: float) -> bytes | None:
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise WorkerError("the engine worker stopped")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line

    def wait_ready(self, timeout: float = READY_TIMEOUT) -> None:
        if not self.ready:
            line = self._line(time.monotonic() + timeout)
            if line is None:
                raise WorkerError("the engine worker did not start in time")
            self.ready = True

    def call(self, op: str, args: dict, timeout: float) -> dict:
        self.wait_ready()
        data = json.dumps({"op": op, "args": args}, ensure_ascii=False).encode() + b"\n"
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise WorkerError("the engine worker stopped") from None
        line = self._line(time.monotonic() + timeout)
        if line is None:
            raise WorkerError(f"the engine did not finish within the time budget "
                              f"({timeout:g} s); the run was stopped. This is not a ruling: "
                              "the board may loop in a way the engine does not detect", 504)
        return json.loads(line)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:  # pragma: no cover
                pass


class Pool:
    """`size` workers; `call` takes an idle one (waiting up to `wait` seconds for one)."""

    def __init__(self, size: int = 2, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.size = size
        self.timeout = timeout
        self.idle: queue.Queue = queue.Queue()
        self.lock = threading.Lock()
        self.workers: list[Worker] = []
        self.closed = False
        for _ in range(size):
            self._add()

    def _add(self) -> None:
        w = Worker()
        with self.lock:
            self.workers.append(w)
        self.idle.put(w)

    def _replace(self, w: Worker) -> None:
        w.kill()
        with self.lock:
            if w in self.workers:
                self.workers.remove(w)
        if not self.closed:
            self._add()

    def warm(self) -> None:
        """Wait until every worker has loaded what it needs."""
        with self.lock:
            ws = list(self.workers)
        for w in ws:
            w.wait_ready()

    def call(self, op: str, args: dict, timeout: float | None = None, wait: float = 30.0) -> dict:
        if self.closed:
            raise WorkerError("the server is stopping")
        try:
            w = self.idle.get(timeout=wait)
        except queue.Empty:
            raise WorkerError("every engine worker is busy; try again") from None
        try:
            res = w.call(op, args, self.timeout if timeout is None else timeout)
        except WorkerError:
            self._replace(w)
            raise
        except Exception:
            self._replace(w)
            raise WorkerError("the engine worker failed") from None
        if w.alive():
            self.idle.put(w)
        else:  # pragma: no cover - it answered, then died
            self._replace(w)
        return res

    def close(self) -> None:
        self.closed = True
        with self.lock:
            ws = list(self.workers)
            self.workers.clear()
        for w in ws:
            w.kill()
