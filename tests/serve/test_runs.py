"""Engine workers: an error is an answer, a dead or overrunning worker is replaced."""

from __future__ import annotations

import os
import signal
import time

import pytest
from serve_helpers import example

from judgekit.serve.runs import Pool, WorkerError

BOARD = example("zx", "T11b-ignition-declined.yaml")


@pytest.fixture(scope="module")
def pool():
    p = Pool(size=1, timeout=20)
    p.warm()
    yield p
    p.close()


def test_an_exception_in_a_worker_is_that_requests_answer(pool):
    res = pool.call("check", {"no_such_argument": 1})
    assert res["ok"] is False and res["crash"] is True
    assert "internal error: TypeError" in res["error"]["message"]
    res = pool.call("no_such_op", {})
    assert res["crash"] is True
    assert pool.call("check", {"text": BOARD})["flags"] == []


def test_a_worker_that_dies_is_replaced(pool):
    w = pool.workers[0]
    os.kill(w.proc.pid, signal.SIGKILL)
    w.proc.wait()
    with pytest.raises(WorkerError):
        pool.call("check", {"text": BOARD})
    assert pool.workers and pool.workers[0] is not w
    assert pool.call("run", {"text": BOARD})["ok"] is True


def test_an_overrunning_worker_is_killed(pool):
    board = example("zx", "R1202-long-ignition.yaml").replace(
        "    life: 4\n    hand: [{id: E", "    life: 1000\n    hand: [{id: E")
    w = pool.workers[0]
    t = time.monotonic()
    with pytest.raises(WorkerError) as e:
        pool.call("run", {"text": board, "max_steps": 10**9}, timeout=0.3)
    assert e.value.status == 504 and time.monotonic() - t < 5
    assert w.proc.poll() is not None  # the process that overran is gone
    assert pool.call("check", {"text": BOARD})["flags"] == []


def test_closing_the_pool_ends_its_workers():
    p = Pool(size=2, timeout=5)
    procs = [w.proc for w in p.workers]
    p.close()
    assert all(pr.poll() is not None for pr in procs)
    with pytest.raises(WorkerError):
        p.call("check", {"text": BOARD})
